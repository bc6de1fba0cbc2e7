"""mazegraph.tessellations.weave: counts, degrees, the passages under cells, geometry, mazes."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.tessellations.weave import weave, weave_cells, weave_under

from ._grid_weave import T, seeds

# -- weave ----------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9))
def test_weave_counts_degrees_and_connectivity(rows, cols):
    G = weave(rows, cols)
    assert G.number_of_nodes() == rows * cols
    ordinary = rows * (cols - 1) + (rows - 1) * cols
    under = rows * max(cols - 2, 0) + max(rows - 2, 0) * cols
    assert G.number_of_edges() == ordinary + under
    assert nx.is_connected(G)
    for (r, c), d in G.degree:
        near = (r > 0) + (r < rows - 1) + (c > 0) + (c < cols - 1)
        far = (r > 1) + (r < rows - 2) + (c > 1) + (c < cols - 2)
        assert d == near + far
    if rows >= 5 and cols >= 5:
        assert G.degree[(2, 2)] == 8


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 8), st.integers(1, 8))
def test_every_under_edge_passes_beneath_the_cell_between_its_ends(rows, cols):
    G = weave(rows, cols)
    cells = mg.compile_graph(G)
    under = weave_under(cells)
    assert under.shape == (cells.n_edges,)
    labels = cells.labels
    for e, (u, v) in enumerate(cells.edges.tolist()):
        (r1, c1), (r2, c2) = labels[u], labels[v]
        attr = G.edges[labels[u], labels[v]].get("under")
        if abs(r1 - r2) + abs(c1 - c2) == 1:
            assert under[e] == -1 and attr is None
        else:
            assert (r1 == r2 and abs(c1 - c2) == 2) or (c1 == c2 and abs(r1 - r2) == 2)  # a straight jump of two
            middle = ((r1 + r2) // 2, (c1 + c2) // 2)
            assert labels[int(under[e])] == middle == attr
            assert G.has_edge(labels[u], middle) and G.has_edge(middle, labels[v])
            # under edges run in the direction of their jump
            assert G.edges[labels[u], labels[v]]["direction"] == ("horizontal" if r1 == r2 else "vertical")
    # the same answers from the graph, from a maze, and from a user's copy of the graph
    assert np.array_equal(weave_under(G), under)
    assert np.array_equal(weave_under(mg.Maze(G)), under)
    H = nx.Graph(G)  # a plain copy: compiled from its attributes, not from the spec
    H.graph.pop("spec")
    copy = mg.compile_graph(H)
    expected = [
        -1 if (m := H.edges[copy.labels[u], copy.labels[v]].get("under")) is None else copy.labels.index(m)
        for u, v in copy.edges.tolist()
    ]
    assert weave_under(H).tolist() == expected


def test_weave_under_on_other_tessellations_and_bad_input():
    assert weave_under(T.orthogonal_cells(3, 3)).tolist() == [-1] * 12
    with pytest.raises(mg.UnsupportedError):
        weave_under([(0, 1)])


def test_weave_ordinary_part_is_orthogonal():
    w, o = weave_cells(4, 6), T.orthogonal_cells(4, 6)
    k = o.n_edges
    assert np.array_equal(w.edges[:k], o.edges) and w.labels == o.labels and np.array_equal(w.pos, o.pos)
    assert (weave_under(w)[:k] == -1).all() and (weave_under(w)[k:] >= 0).all()


def test_weave_drawing_geometry():
    cells = weave_cells(3, 3)
    under = weave_under(cells)
    half = 0.3  # the drawn square of a cell is 0.6 wide, centred in its grid square
    for e, (u, v) in enumerate(cells.edges.tolist()):
        p, q = cells.pos[u], cells.pos[v]
        wall, mark = cells.walls[e], cells.marks[e]
        if under[e] < 0:
            # closed: the two facing sides of the cells' squares; open: the corridor's two sides
            pieces = [wall[:2], wall[3:]]
            for piece, centre in zip(pieces, (p, q), strict=True):
                assert np.isclose(np.abs(piece - centre).max(), half)
            corridor_ends = mark[~np.isnan(mark[:, 0])]
            gap = np.abs(corridor_ends - (p + q) / 2)
            assert np.allclose(np.sort(gap.max(axis=1)), 0.3)
        else:
            m = cells.pos[under[e]]
            assert len(wall) == 0
            # while open: the tunnel's sides in the two gaps beside the crossed cell, none across it
            points = mark[~np.isnan(mark[:, 0])]
            along = np.abs((points - m) @ ((q - p) / np.linalg.norm(q - p)))
            assert np.all(along >= half - 1e-9) and np.all(along <= 1 - half + 1e-9)


def test_weave_bad_sizes():
    with pytest.raises(mg.InvalidSizeError, match="cols must be at least 1"):
        weave(3, 0)
    with pytest.raises(mg.InvalidSizeError, match="whole number"):
        weave(2.5, 3)


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), seeds, st.sampled_from(["kruskal", "backtracker"]))
def test_weave_spanning_trees(rows, cols, seed, algorithm):
    G = weave(rows, cols)
    M = mg.generate(G, algorithm, seed=seed)
    assert M.is_perfect() and M.n_open == rows * cols - 1
    again = mg.Maze.from_json(M.to_json())
    assert again == M
    assert np.array_equal(weave_under(again), weave_under(M))
