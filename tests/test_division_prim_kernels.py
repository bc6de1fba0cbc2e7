"""The fast kernels of recursive division and Prim (modified) make the mazes the plain algorithms make.

Division's rectangle kernel closes walls, skips the stack for the far half and
only advances the random stream through corridors; the box kernel opens
corridors at once. Both are checked against recursive division written here
the plain way (every room split, corridors wall by wall, one door per wall,
edges found from the cell labels), draw for draw, on canonical and
differently numbered rectangles and on 3D boxes. Prim (modified)'s square-grid
kernel is checked against its CSR kernel, which ``test_fidelity_walls`` checks
against a reference written from Daedalus' description.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph._random import bounded, kernel_state
from mazegraph.generators.division import _MODES, _canonical_edges, _rectangle, _rectangular
from mazegraph.generators.prim import _grid_directions, _prim_modified, _prim_modified_grid, cyclic_slots
from mazegraph.structure.box import box_of
from mazegraph.structure.dual import wall_dual

T = mg.tessellations
ORIENTATIONS = ("daedalus", "proportional", "longest")


def reference_division(cells, orientation, state):
    """Recursive division, every room split until it is one cell, on the box the cell labels form.

    Rooms wait on a stack; the half beyond the wall is split first. The wall's
    axis: ``longest`` keeps a running maximum of the extents and replaces the
    axis by an equally long one with probability 1 / (number of ties so far);
    otherwise an axis is drawn with weight its extent (``proportional``) or
    twice it, plus one for the last axis (``daedalus``), zero for extent 1.
    Then the wall's position, then the door's coordinates across the other axes
    in axis order.
    """
    coords = np.asarray(cells.labels.coords if cells.labels.coords is not None else cells.labels.tolist())
    coords = coords - coords.min(axis=0)
    at = {tuple(int(v) for v in x): i for i, x in enumerate(coords)}
    edge = {frozenset(map(int, e)): k for k, e in enumerate(cells.edges)}
    d = coords.shape[1]
    is_open = np.zeros(cells.n_edges, dtype=bool)
    rooms = [([0] * d, [int(x) + 1 for x in coords.max(axis=0)])]
    while rooms:
        lo, hi = rooms.pop()
        extent = [h - low for low, h in zip(lo, hi)]
        if max(extent) == 1:
            continue
        if orientation == "longest":
            longest, axis, ties = 1, None, 0
            for a, e in enumerate(extent):
                if e > longest:
                    longest, axis, ties = e, a, 1
                elif e == longest and axis is not None:
                    ties += 1
                    if bounded(state, ties) == 0:
                        axis = a
        else:
            weight = [0 if e == 1 else e if orientation == "proportional" else 2 * e + (a == d - 1)
                      for a, e in enumerate(extent)]
            pick = bounded(state, sum(weight))
            axis = next(a for a in range(d) if pick < sum(weight[:a + 1]))
        wall = lo[axis] + 1 + bounded(state, extent[axis] - 1)
        door = [wall - 1 if a == axis else lo[a] + bounded(state, extent[a]) for a in range(d)]
        beyond = list(door)
        beyond[axis] += 1
        is_open[edge[frozenset((at[tuple(door)], at[tuple(beyond)]))]] = True
        near_hi, far_lo = list(hi), list(lo)
        near_hi[axis] = wall
        far_lo[axis] = wall
        rooms.append((lo, near_hi))
        rooms.append((far_lo, hi))
    return is_open


def shuffled_grid(rows, cols, seed):
    """``nx.grid_2d_graph`` with its nodes and edges inserted in random order: cells and edges numbered otherwise."""
    G = nx.grid_2d_graph(rows, cols)
    rng = np.random.default_rng(seed)
    H = nx.Graph()
    H.add_nodes_from(list(G.nodes)[i] for i in rng.permutation(G.number_of_nodes()))
    H.add_edges_from(list(G.edges)[i][::-1] if rng.random() < 0.5 else list(G.edges)[i]
                     for i in rng.permutation(G.number_of_edges()))
    return H


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 9), cols=st.integers(1, 9), seed=st.integers(0, 2**32 - 1))
def test_division_matches_plain_recursive_division_on_rectangles(rows, cols, seed):
    """Catches a corridor skipping too few or too many draws, a wrong tie rule or a wrong edge mapping."""
    graphs = [T.orthogonal(rows, cols), nx.grid_2d_graph(rows, cols), shuffled_grid(rows, cols, seed % 1000)]
    for G in graphs:
        cells = mg.compile_graph(G)
        for orientation in ORIENTATIONS:
            mask = mg.generate(G, "division", seed=seed, method="rectangular", orientation=orientation).open
            expected = reference_division(cells, orientation, kernel_state(np.random.default_rng(seed)))
            assert np.array_equal(mask, expected), (G, orientation)


@settings(max_examples=30, deadline=None)
@given(shape=st.lists(st.integers(1, 5), min_size=1, max_size=3), seed=st.integers(0, 2**32 - 1))
def test_division_matches_plain_recursive_division_on_boxes(shape, seed):
    """The box kernel (1D and 3D boxes, corridors along any axis) against the same reference."""
    G = T.grid(tuple(shape))
    cells = mg.compile_graph(G)
    for orientation in ORIENTATIONS:
        mask = mg.generate(G, "division", seed=seed, method="rectangular", orientation=orientation).open
        expected = reference_division(cells, orientation, kernel_state(np.random.default_rng(seed)))
        assert np.array_equal(mask, expected), orientation


@pytest.mark.parametrize("shape", [(1, 1), (1, 6), (6, 1), (2, 2), (7, 3), (3, 7), (40, 40), (100, 100)])
def test_division_rectangle_kernel_is_the_box_kernel(shape):
    """Same maze and the same draws left in the stream: the two kernels are one algorithm."""
    cells = mg.compile_graph(T.build("orthogonal", *shape))
    box = box_of(cells)
    assert _canonical_edges(cells) is None  # orthogonal's numbering is the rectangle kernel's own
    for orientation, mode in _MODES.items():
        for seed in range(5):
            a, b = kernel_state(np.random.default_rng(seed)), kernel_state(np.random.default_rng(seed))
            fast = _rectangle(*shape, mode, a)
            general = _rectangular(box.shape, box.cell_at, box.step_edge, cells.n_edges, mode, b)
            assert np.array_equal(fast, general), (orientation, seed)
            assert np.array_equal(a, b)


def test_prim_grid_kernel_only_on_orthogonal_numbered_grids():
    """The grid kernel needs the numbering it computes edges by; other graphs take the CSR kernel."""
    grids = [T.orthogonal(7, 9), T.build("orthogonal", 3, 3), T.grid((4, 6)), T.from_mask(np.ones((3, 5), bool)),
             T.orthogonal(2, 2)]
    assert all(_grid_directions(mg.compile_graph(G)) is not None for G in grids)
    others = [nx.grid_2d_graph(4, 5), shuffled_grid(4, 5, 0), T.orthogonal(1, 6), T.orthogonal(6, 1), T.sigma(4, 4),
              T.grid((3, 3, 2))]
    assert all(_grid_directions(mg.compile_graph(G)) is None for G in others)
    assert _grid_directions(wall_dual(mg.compile_graph(T.orthogonal(5, 5))).cells) is None


@pytest.mark.parametrize("shape", [(2, 2), (2, 5), (5, 2), (3, 3), (7, 9), (13, 4), (50, 31), (100, 100)])
def test_prim_grid_kernel_is_the_csr_kernel(shape):
    """Same maze and the same draws left in the stream as the CSR kernel with Daedalus' cyclic pick."""
    cells = mg.compile_graph(T.build("orthogonal", *shape))
    ptr, slot = cyclic_slots(cells)
    grid = _grid_directions(cells)
    for seed in range(10):
        a, b = kernel_state(np.random.default_rng(seed)), kernel_state(np.random.default_rng(seed))
        fast = _prim_modified_grid(*grid, a)
        general = _prim_modified(cells.indptr, cells.neighbors, cells.edge_ids, cells.crossings, b, -1, ptr, slot)
        assert np.array_equal(fast, general), seed
        assert np.array_equal(a, b)
        assert np.array_equal(mg.generate(cells, "prim_modified", seed=seed).open, general)
