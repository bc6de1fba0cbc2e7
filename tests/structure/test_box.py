"""mazegraph.structure.box: the box shape, checked against the grid built from the cell labels."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.structure import box_of

T = mg.tessellations

BOXES = {
    "orthogonal-4x6": lambda: T.orthogonal(4, 6),
    "orthogonal-1x5": lambda: T.orthogonal(1, 5),
    "orthogonal-5x1": lambda: T.orthogonal(5, 1),
    "grid-3x2x4": lambda: T.grid((3, 2, 4)),
    "grid-5": lambda: T.grid((5,)),
    "fractal-3x3x2": lambda: T.fractal(3, 3, 2),
    "mask-full": lambda: T.from_mask(["....", "...."]),
    "nx-grid-shifted": lambda: nx.relabel_nodes(nx.grid_2d_graph(3, 4), lambda rc: (rc[0] + 5, rc[1] - 2)),
    "nx-grid-3d": lambda: nx.grid_graph((2, 3, 2)),
}
NOT_BOXES = {
    "sigma": lambda: T.sigma(3, 4),
    "delta": lambda: T.delta(3, 4),
    "theta": lambda: T.theta(3),
    "upsilon": lambda: T.upsilon(3, 4),
    "zeta": lambda: T.zeta(3, 4),
    "weave": lambda: T.weave(3, 4),
    "torus": lambda: T.torus(3, 4),
    "cylinder": lambda: T.cylinder(3, 4),
    "mask-hole": lambda: T.from_mask(["...", ".#.", "..."]),
    "petersen": lambda: nx.petersen_graph(),
    "grid-minus-edge": lambda: nx.restricted_view(nx.grid_2d_graph(3, 3), [], [((0, 0), (0, 1))]),
    "grid-minus-node": lambda: nx.restricted_view(nx.grid_2d_graph(3, 3), [(2, 2)], []),
}


def grid_from_labels(G: nx.Graph):
    """(lowest corner, shape) if G is exactly the unit-step grid on a full box of its integer labels, else None."""
    labels = list(G.nodes)
    if not labels or not all(isinstance(x, tuple) and x and all(type(v) is int for v in x) for x in labels):
        return None
    d = len(labels[0])
    if any(len(x) != d for x in labels):
        return None
    lo = tuple(min(x[k] for x in labels) for k in range(d))
    hi = tuple(max(x[k] for x in labels) for k in range(d))
    box = set(itertools.product(*(range(a, b + 1) for a, b in zip(lo, hi))))
    if set(labels) != box:
        return None
    steps = {
        frozenset((p, p[:k] + (p[k] + 1,) + p[k + 1 :])) for p in box for k in range(d) if p[k] < hi[k]
    }
    if {frozenset(e) for e in G.edges} != steps:
        return None
    return lo, tuple(b - a + 1 for a, b in zip(lo, hi))


def check_box(G: nx.Graph) -> None:
    cells = mg.compile_graph(G)
    expected = grid_from_labels(G)
    box = box_of(cells)
    assert (box is None) == (expected is None)
    if box is None:
        return
    lo, shape = expected
    assert box.shape.tolist() == list(shape)
    d = len(shape)
    for flat, position in enumerate(itertools.product(*(range(s) for s in shape))):  # row-major
        label = tuple(a + p for a, p in zip(lo, position))
        c = int(box.cell_at[flat])
        assert cells.labels[c] == label
        for k in range(d):
            e = int(box.step_edge[c, k])
            if position[k] == shape[k] - 1:
                assert e == -1  # the far face
            else:
                up = label[:k] + (label[k] + 1,) + label[k + 1 :]
                assert {cells.labels[int(x)] for x in cells.edges[e]} == {label, up}


@pytest.mark.parametrize("name", sorted(BOXES) + sorted(NOT_BOXES))
def test_box_matches_the_grid_of_the_labels(name):
    G = (BOXES.get(name) or NOT_BOXES[name])()
    check_box(G)
    assert (box_of(mg.compile_graph(G)) is not None) == (name in BOXES)


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(1, 4),
    cols=st.integers(1, 4),
    change=st.sampled_from(["none", "drop-edge", "add-edge", "drop-node", "shift"]),
    pick=st.integers(0, 10**6),
)
def test_box_on_perturbed_grids(rows, cols, change, pick):
    G = nx.Graph(nx.grid_2d_graph(rows, cols))
    rng = np.random.default_rng(pick)
    nodes, edges = list(G.nodes), list(G.edges)
    if change == "drop-edge" and edges:
        G.remove_edge(*edges[rng.integers(len(edges))])
    elif change == "add-edge":
        a, b = rng.choice(len(nodes), 2) if len(nodes) > 1 else (0, 0)
        if a != b:
            G.add_edge(nodes[a], nodes[b])
    elif change == "drop-node" and len(nodes) > 1:
        G.remove_node(nodes[rng.integers(len(nodes))])
    elif change == "shift":
        G = nx.relabel_nodes(G, lambda rc: (rc[0] - 3, rc[1] + 7))
    assume(nx.is_connected(G))  # compile_graph takes connected graphs only
    check_box(G)


def test_box_is_remembered():
    cells = mg.compile_graph(T.orthogonal(3, 3))
    assert box_of(cells) is box_of(cells)
    assert "box" in cells._memo
