"""mazegraph.generators.eller (and EllerStream), and the tests shared by Binary Tree, Sidewinder and Eller.

Spanning trees on every tessellation they accept, options, texture, streaming.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.generators import EllerStream, eller_stream
from mazegraph.tessellations.compile import compile_graph

from ._rows import ODD_MASKS, T, assert_spanning_tree, row_tessellations, seeds

ROW_ALGORITHMS = ["sidewinder", "eller"]
ALGORITHMS = ["binary_tree", *ROW_ALGORITHMS]


# -- spanning trees everywhere --------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(G=row_tessellations(), algorithm=st.sampled_from(ROW_ALGORITHMS), seed=seeds)
def test_row_algorithms_make_spanning_trees(G, algorithm, seed):
    assert_spanning_tree(G, mg.generate(G, algorithm, seed=seed))


@settings(max_examples=80, deadline=None)
@given(
    G=row_tessellations(),
    seed=seeds,
    p=st.sampled_from([0.0, 1.0, 0.2, 0.9]),
    q=st.sampled_from([0.0, 1.0, 0.3]),
)
def test_spanning_trees_at_extreme_options(G, seed, p, q):
    assert_spanning_tree(G, mg.generate(G, "binary_tree", seed=seed, p_up=p))
    assert_spanning_tree(G, mg.generate(G, "sidewinder", seed=seed, p_close=p))
    assert_spanning_tree(G, mg.generate(G, "eller", seed=seed, p_join=p, p_down=q))


@pytest.mark.parametrize("shape", sorted(ODD_MASKS))
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_odd_masks_over_many_seeds(shape, algorithm):
    G = T.from_mask(ODD_MASKS[shape])
    for seed in range(40):
        assert_spanning_tree(G, mg.generate(G, algorithm, seed=seed))


# -- determinism ----------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(G=row_tessellations(), algorithm=st.sampled_from(ALGORITHMS), seed=seeds)
def test_same_seed_same_maze(G, algorithm, seed):
    assert mg.generate(G, algorithm, seed=seed) == mg.generate(G, algorithm, seed=seed)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_different_seeds_differ(algorithm):
    G = T.orthogonal(12, 12)
    masks = {mg.generate(G, algorithm, seed=s).open.tobytes() for s in range(20)}
    assert len(masks) == 20


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_seed_types(algorithm):
    G = T.sigma(6, 7)
    by_int = mg.generate(G, algorithm, seed=5)
    assert mg.generate(G, algorithm, seed=np.random.SeedSequence(5)) == by_int
    assert mg.generate(G, algorithm, seed=np.random.default_rng(5)) == by_int
    assert mg.generate(G, algorithm).is_perfect()


# -- refusals and options --------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ROW_ALGORITHMS)
@pytest.mark.parametrize(
    "G", [T.voronoi(30, seed=1), nx.petersen_graph(), nx.random_regular_graph(3, 12, seed=4)], ids=str
)
def test_row_algorithms_refuse_graphs_without_rows(algorithm, G):
    with pytest.raises(mg.UnsupportedError, match="row"):
        mg.generate(G, algorithm, seed=1)


@pytest.mark.parametrize("algorithm", ROW_ALGORITHMS)
def test_row_algorithms_refuse_rows_that_do_not_join(algorithm):
    G = nx.cycle_graph(6)  # rows 0, 1, 2, 3, 2, 5: the cell in row 5 touches rows 0 and 2 only
    nx.set_node_attributes(G, dict(enumerate([0, 1, 2, 3, 2, 5])), "row")
    with pytest.raises(mg.UnsupportedError, match="adjacent rows"):
        mg.generate(G, algorithm, seed=1)
    H = nx.path_graph(3)
    nx.set_node_attributes(H, {0: 0, 1: 10, 2: 20}, "row")
    with pytest.raises(mg.UnsupportedError, match="skip"):
        mg.generate(H, algorithm, seed=1)
    H = H.copy()  # a compiled graph is remembered; a copy is compiled afresh
    nx.set_node_attributes(H, {0: 7, 1: 8, 2: 8}, "row")  # rows may start anywhere
    assert mg.generate(H, algorithm, seed=1).is_perfect()


@pytest.mark.parametrize(
    ("algorithm", "options"),
    [
        ("binary_tree", {"p_up": 1.5}),
        ("binary_tree", {"p_up": "north"}),
        ("binary_tree", {"p_up": True}),
        ("binary_tree", {"order": "zigzag"}),
        ("sidewinder", {"p_close": -0.1}),
        ("sidewinder", {"p_close": None}),
        ("eller", {"p_join": 2}),
        ("eller", {"p_down": float("nan")}),
        ("eller", {"bias": 0.5}),
    ],
)
def test_bad_options(algorithm, options):
    with pytest.raises(mg.InvalidOptionError):
        mg.generate(T.orthogonal(4, 4), algorithm, seed=1, **options)


def test_wall_focus():
    G = T.orthogonal(6, 7)
    assert_spanning_tree(G, mg.generate(G, "binary_tree", seed=2, focus="wall"))
    for algorithm in ROW_ALGORITHMS:  # their own wall adders, on the posts of a rectangle only
        assert_spanning_tree(G, mg.generate(G, algorithm, seed=2, focus="wall"))
        with pytest.raises(mg.UnsupportedError, match="posts of a full rectangle"):
            mg.generate(T.sigma(4, 4), algorithm, seed=2, focus="wall")


def test_registry_properties():
    for name in ALGORITHMS:
        info = mg.algorithm_info(name)
        assert info.crossings
        assert info.needs_rows == (name != "binary_tree")
    assert mg.algorithm_info("binary_tree").option_names == ["p_up", "order"]
    assert mg.algorithm_info("sidewinder").option_names == ["p_close"]
    assert mg.algorithm_info("eller").option_names == ["p_join", "p_down", "order"]


# -- texture ---------------------------------------------------------------------------------


def _dead_end_percent(cells, mask):
    degree = np.bincount(cells.edges[mask].ravel(), minlength=cells.n_cells)
    return 100.0 * np.mean(degree == 1)


# Pullen: Binary Tree 25%, Sidewinder 27%, Eller 28%; measured means (20 mazes of 50 x 50) are 25.0, 27.7, 29.6,
# each with a standard error near 0.1; Kruskal and Wilson give about 30.5, the recursive backtracker 10.
@pytest.mark.parametrize(("algorithm", "low", "high"), [("binary_tree", 24, 26), ("sidewinder", 26.5, 29)])
def test_dead_ends_near_pullen(algorithm, low, high):
    cells = T.build("orthogonal", 50, 50)
    values = [_dead_end_percent(cells, mg.generate(cells, algorithm, seed=s).open) for s in range(20)]
    assert low < np.mean(values) < high


def test_eller_dead_ends_near_pullen():
    cells = T.build("orthogonal", 50, 50)
    values = [_dead_end_percent(cells, mg.generate(cells, "eller", seed=s).open) for s in range(20)]
    assert 27.5 < np.mean(values) < 30.3
    sparse = [_dead_end_percent(cells, mg.generate(cells, "eller", seed=s, p_down=0.9).open) for s in range(5)]
    assert np.mean(sparse) < np.mean(values) - 3  # many passages down: long vertical corridors


def test_eller_every_set_goes_down_once_with_p_down_0():
    R, C = 10, 12
    G = T.orthogonal(R, C)
    tree = mg.generate(G, "eller", seed=4, p_down=0.0).to_networkx()
    for r in range(R - 1):
        above = tree.subgraph([(i, c) for i in range(r + 1) for c in range(C)])
        sets = list(nx.connected_components(above))
        assert all(any(cell[0] == r for cell in s) for s in sets)  # no set left behind
        downs = sum(tree.has_edge((r, c), (r + 1, c)) for c in range(C))
        assert downs == len(sets)


@pytest.mark.parametrize("shape", [(1, 1), (1, 6), (6, 1), (2, 3), (9, 14), (40, 23)])
@pytest.mark.parametrize(
    ("p_join", "p_down", "order"),
    [
        (0.61, 0.41, "scrambled"),
        (0.5, 0.5, "sequential"),
        (1.0, 0.0, "scrambled"),
        (0.0, 1.0, "scrambled"),
        (0.3, 0.0, "sequential"),
    ],
)
def test_eller_square_kernel_makes_the_general_kernels_maze(shape, p_join, p_down, order):
    # Full rectangles of the square grid take a kernel of their own (per-row set labels, no general row
    # bookkeeping); it must make, draw for draw, the maze the general row kernel makes on the same grid.
    from mazegraph._random import kernel_state
    from mazegraph.generators import eller as E

    cells = T.build("orthogonal", *shape)
    square = E._square_rows(cells)
    assert square is not None
    for seed in range(10):
        general = E._eller_rows(cells, p_join, p_down, order, np.random.default_rng(seed))
        fast = E._eller_square(
            *shape,
            square.cell_at,
            square.step_edge,
            cells.n_edges,
            p_join,
            p_down,
            order == "scrambled",
            kernel_state(np.random.default_rng(seed)),
        )
        assert np.array_equal(general, fast), seed


def test_eller_square_kernel_draws_the_stream_of_the_random_module():
    # the square kernel holds xoshiro256**'s state in four local words and settles coins on the 53 bits;
    # step for step it must give next_u64's words, uniform(state) < p's outcomes and scramble's orders
    import numba

    from mazegraph._random import kernel_state, next_u64, next_word, uniform
    from mazegraph.generators import eller as E

    @numba.njit
    def both(state, p, steps):
        words = (state[0], state[1], state[2], state[3])
        threshold = E._threshold(p)
        mine = np.zeros((steps, 3), dtype=np.uint64)
        theirs = np.zeros((steps, 3), dtype=np.uint64)
        visit, visit_theirs = np.arange(7, dtype=np.int32), np.arange(7, dtype=np.int32)
        for k in range(steps):
            mine[k, 0], words = next_word(words)
            coin, words = E._coin_word(words, threshold)
            mine[k, 1] = coin
            words = E._scramble_words(visit, 7, words)
            mine[k, 2] = visit[k % 7]
        for k in range(steps):
            theirs[k, 0] = next_u64(state)
            theirs[k, 1] = uniform(state) < p
            E.scramble(visit_theirs, 7, state)
            theirs[k, 2] = visit_theirs[k % 7]
        return mine, theirs

    for seed, p in enumerate([0.61, 0.41, 0.5, 0.0, 1.0, 2.0**-53, 1 - 2.0**-53, np.nextafter(0.61, 0)]):
        mine, theirs = both(kernel_state(np.random.default_rng(seed)), p, 2000)
        assert np.array_equal(mine, theirs), p
        if 0.01 < p < 0.99:
            assert 0 < mine[:, 1].sum() < len(mine)  # coins of both outcomes were compared


@pytest.mark.parametrize(
    "p",
    [
        0.0,
        1.0,
        0.61,
        0.41,
        0.5,
        1 / 3,
        2.0**-53,
        3 * 2.0**-53,
        1 - 2.0**-53,
        float(np.nextafter(0.61, 1)),
        float(np.nextafter(0.41, 0)),
        0.123456789,
    ],
)
def test_coin_threshold_is_exact(p):
    # k / 2**53 < p (what uniform's float decides, computed exactly with Python's floats) iff k < _threshold(p)
    from mazegraph.generators import eller as E

    t = int(E._threshold(p))
    around = int(p * 2**53)
    for k in {0, 1, around - 2, around - 1, around, around + 1, around + 2, 2**53 - 1}:
        if 0 <= k < 2**53:
            assert (k < t) == (k / 2**53 < p), (k, t)


@pytest.mark.parametrize(
    "G",
    [T.torus(5, 6), T.cylinder(5, 6), T.sigma(4, 5), T.grid((3, 4, 3))],
    ids=["torus", "cylinder", "sigma", "grid3d"],
)
def test_eller_square_kernel_only_on_full_rectangles(G):
    from mazegraph.generators import eller as E

    assert E._square_rows(compile_graph(G)) is None  # a 3D box too: its rows are levels, not lines


# -- Eller as a stream -----------------------------------------------------------------------


def _stream_maze(rows, cols, seed, **options):
    stream = eller_stream(cols, seed=seed, **options)
    lines = [next(stream) for _ in range(rows - 1)] + [stream.close()]
    tree = nx.Graph()
    tree.add_nodes_from((r, c) for r in range(rows) for c in range(cols))
    for r, (east, south) in enumerate(lines):
        assert east.shape == (cols - 1,) and south.shape == (cols,)
        tree.add_edges_from(((r, c), (r, c + 1)) for c in np.flatnonzero(east))
        tree.add_edges_from(((r, c), (r + 1, c)) for c in np.flatnonzero(south))
    assert not lines[-1][1].any()
    return tree


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 12), cols=st.integers(1, 12), seed=seeds, order=st.sampled_from([None, "sequential"]))
def test_stream_closed_is_the_generated_spanning_tree(rows, cols, seed, order):
    options = {} if order is None else {"order": order}
    tree = _stream_maze(rows, cols, seed, **options)
    assert nx.is_tree(tree)
    M = mg.generate(T.orthogonal(rows, cols), "eller", seed=seed, **options)
    assert {frozenset(e) for e in tree.edges} == {frozenset(e) for e in M.to_networkx().edges}


def test_stream_runs_long_in_one_row_of_memory():
    tree = _stream_maze(3000, 6, seed=9, p_join=0.3, p_down=0.2)
    assert nx.is_tree(tree)
    stream = eller_stream(50, seed=1)
    for _ in range(1000):
        next(stream)
    assert stream.rows == 1000 and stream._label.shape == (50,)


def test_stream_close_and_errors():
    stream = eller_stream(4, seed=1)
    assert isinstance(stream, EllerStream)
    next(stream)
    east, south = stream.close()
    assert east.dtype == bool and east.shape == (3,) and not south.any()
    assert stream.closed and stream.rows == 2
    with pytest.raises(StopIteration):
        next(stream)
    assert stream.close() is None
    assert list(stream) == []
    with pytest.raises(mg.InvalidSizeError):
        eller_stream(0)
    with pytest.raises(mg.InvalidOptionError):
        eller_stream(4, p_join=1.5)
    a, b = next(eller_stream(9, seed=3)), next(eller_stream(9, seed=3))
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])


def test_none_chances_are_the_defaults_of_each_focus():
    # the Eller options default to None, meaning Daedalus' chances for the focus; None given explicitly is the same
    G = mg.tessellations.build("orthogonal", 6, 7)
    for focus, p_join, p_down in (("passage", 0.61, 0.41), ("wall", 0.47, 0.255)):
        default = mg.generate(G, "eller", seed=5, focus=focus)
        assert mg.generate(G, "eller", seed=5, focus=focus, p_join=None, p_down=None) == default
        assert mg.generate(G, "eller", seed=5, focus=focus, p_join=p_join, p_down=p_down) == default
    assert mg.generate(G, "eller", seed=5, focus="wall") != mg.generate(
        G, "eller", seed=5, focus="wall", p_join=0.61, p_down=0.41
    )
    a, b = next(eller_stream(9, seed=3, p_join=None)), next(eller_stream(9, seed=3, p_join=0.61))
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    small = mg.tessellations.orthogonal(2, 3)
    assert mg.uniformity.reachable_trees("eller", small, p_join=None) == mg.uniformity.reachable_trees("eller", small)
