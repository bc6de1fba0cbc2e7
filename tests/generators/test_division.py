"""mazegraph.generators.division: recursive division (straight and blobby walls).

Spanning trees on every tessellation but zeta, straight walls on boxes (a wall with one door
across the whole board), Pullen's texture figures.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from maze_checks import check_spanning_tree

import mazegraph as mg
from mazegraph._random import bounded, kernel_state
from mazegraph.generators.division import _MODES, _canonical_edges, _rectangle, _rectangular
from mazegraph.structure.box import box_of

from ._division_unicursal import T, dead_end_percent, seeds, small, tessellations
from ._kernels import shuffled_grid

# == division ===========================================================================


@settings(max_examples=150, deadline=None)
@given(kind_G=tessellations(), seed=seeds)
def test_division_spanning_tree_on_every_tessellation(kind_G, seed):
    _, G = kind_G
    check_spanning_tree(G, mg.generate(G, "division", seed=seed))
    check_spanning_tree(G, mg.generate(G, "division", seed=seed, method="blobby"))


@settings(max_examples=40, deadline=None)
@given(rows=small, cols=small, layers=st.integers(1, 4), seed=seeds)
def test_division_rectangular_on_boxes(rows, cols, layers, seed):
    for G in (T.orthogonal(rows, cols), T.grid((rows, cols, layers)), nx.grid_2d_graph(rows, cols)):
        for orientation in ("daedalus", "proportional", "longest"):
            M = mg.generate(G, "division", seed=seed, method="rectangular", orientation=orientation)
            check_spanning_tree(G, M)
            assert M == mg.generate(G, "division", seed=seed, orientation=orientation)  # auto: straight walls


def _first_wall_found(M) -> bool:
    """Some plane across the whole box has exactly one open edge through it (the first wall and its door)."""
    box = box_of(M.cells)
    coords = np.asarray(M.cells.labels.coords if M.cells.labels.coords is not None else M.cells.labels.tolist())
    edges = M.cells.edges[M.open]
    for axis, extent in enumerate(box.shape):
        low = np.minimum(coords[edges[:, 0], axis], coords[edges[:, 1], axis])
        crossing = coords[edges[:, 0], axis] != coords[edges[:, 1], axis]
        for k in range(int(extent) - 1):
            if np.count_nonzero(crossing & (low == k)) == 1:
                return True
    return False


@settings(max_examples=40, deadline=None)
@given(
    shape=st.sampled_from([(2, 2), (5, 9), (12, 3), (8, 8), (3, 4, 5), (6, 6, 2)]),
    orientation=st.sampled_from(["daedalus", "proportional", "longest"]),
    seed=seeds,
)
def test_division_rectangular_has_a_wall_across_the_box(shape, orientation, seed):
    M = mg.generate(T.grid(shape), "division", seed=seed, orientation=orientation)
    assert _first_wall_found(M)


def test_division_longest_splits_across_the_long_side():
    # on a 2 x 40 board the "longest" rule cuts across the columns until every room is at most
    # 2 wide, and each such room has a passage between the two rows: at least 20 of them
    G = T.orthogonal(2, 40)
    vertical = mg.compile_graph(G).direction == 1
    for seed in range(20):
        M = mg.generate(G, "division", seed=seed, orientation="longest")
        assert M.open[vertical].sum() >= 20


@settings(max_examples=40, deadline=None)
@given(kind_G=tessellations(), seed=seeds)
def test_division_same_seed_same_maze(kind_G, seed):
    _, G = kind_G
    assert mg.generate(G, "division", seed=seed) == mg.generate(G, "division", seed=seed)


@pytest.mark.parametrize(
    "G,options",
    [
        (T.orthogonal(12, 12), {}),
        (T.orthogonal(12, 12), {"orientation": "longest"}),
        (T.sigma(10, 10), {}),
        (T.grid((4, 4, 4)), {}),
    ],
)
def test_division_different_seeds_differ(G, options):
    masks = {mg.generate(G, "division", seed=s, **options).open.tobytes() for s in range(20)}
    assert len(masks) == 20


def test_division_where_straight_walls_run():
    rectangular = [
        T.orthogonal(5, 7),
        T.grid((3, 4, 2)),
        T.grid((6,)),
        T.from_mask(np.ones((4, 5), dtype=bool)),
        nx.grid_2d_graph(3, 6),
        nx.relabel_nodes(nx.grid_2d_graph(3, 3), lambda p: (p[0] + 10, p[1] - 4)),
    ]
    for G in rectangular:
        assert box_of(mg.compile_graph(G)) is not None
        mg.generate(G, "division", seed=1, method="rectangular")
    blobby = [
        T.sigma(4, 4),
        T.delta(4, 4),
        T.upsilon(3, 3),
        T.torus(4, 4),
        T.cube(2),
        T.theta(3),
        T.from_mask(["..#", "..."]),
        nx.petersen_graph(),
        nx.relabel_nodes(nx.grid_2d_graph(3, 3), lambda p: f"{p}"),
    ]
    for G in blobby:
        assert box_of(mg.compile_graph(G)) is None
        with pytest.raises(mg.UnsupportedError, match="method='blobby'"):
            mg.generate(G, "division", seed=1, method="rectangular")


def test_division_refuses_zeta():
    with pytest.raises(mg.UnsupportedError, match="crossing"):
        mg.generate(T.zeta(4, 4), "division", seed=1)
    assert "crossing" in mg.applicability(T.zeta(3, 3))["division"]


@pytest.mark.parametrize("options", [{"method": "straight"}, {"orientation": "random"}, {"method": None}])
def test_division_bad_options(options):
    with pytest.raises(mg.InvalidOptionError):
        mg.generate(T.orthogonal(4, 4), "division", seed=1, **options)


def test_division_single_cells_and_strips():
    for G in (T.orthogonal(1, 1), T.theta(1), T.grid((1, 1, 1)), T.orthogonal(1, 9), nx.path_graph(5)):
        M = mg.generate(G, "division", seed=0)
        check_spanning_tree(G, M)


def test_division_texture_near_pullen():
    # Pullen: 23% dead ends, solution through 7.2% of a 100 x 100 maze. Kruskal and Wilson give
    # about 30%, the backtracker 10%; splitting always across the longest side gives about 27%.
    G = T.build("orthogonal", 50, 50)
    proportional = np.mean([dead_end_percent(mg.generate(G, "division", seed=s)) for s in range(20)])
    longest = np.mean([dead_end_percent(mg.generate(G, "division", seed=s, orientation="longest")) for s in range(20)])
    assert 21.0 < proportional < 25.5
    assert 25.5 < longest < 29.0
    H = T.build("orthogonal", 100, 100)
    solution = np.mean([len(mg.generate(H, "division", seed=s).solution_indices()) for s in range(20)]) / 100
    assert 5.0 < solution < 9.5


def test_division_blobby_texture_is_a_plain_tree_texture():
    G = T.build("orthogonal", 50, 50)
    blobby = np.mean([dead_end_percent(mg.generate(G, "division", seed=s, method="blobby")) for s in range(10)])
    assert 24.0 < blobby < 33.0


# Division's rectangle kernel closes walls, skips the stack for the far half and only advances the random
# stream through corridors; the box kernel opens corridors at once. Both are checked against recursive
# division written here the plain way (every room split, corridors wall by wall, one door per wall, edges
# found from the cell labels), draw for draw, on canonical and differently numbered rectangles and on 3D boxes.

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
