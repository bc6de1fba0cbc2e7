"""mazegraph.generators.fractal: fractal (nested-cell) mazes: perfect and nested, bases per level, seeds, refusals."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from conftest import seeds
from fractal_checks import _block_ids, sizes
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.sparse import coo_array
from scipy.sparse.csgraph import connected_components

import mazegraph as mg
from mazegraph import tessellations as T

# algorithms that make perfect mazes on a small orthogonal grid, used inside the blocks
PERFECT = [
    "aldous_broder", "backtracker", "binary_tree", "division", "eller", "growing_forest", "growing_tree",
    "hunt_and_kill", "kruskal", "prim_modified", "prim_simplified", "prim_true", "sidewinder", "wilson",
]


def _components(n: int, pairs: np.ndarray) -> np.ndarray:
    """Component label of each of ``n`` cells joined by ``pairs`` (scipy, independent of the kernels)."""
    graph = coo_array((np.ones(len(pairs)), (pairs[:, 0], pairs[:, 1])), shape=(n, n))
    return connected_components(graph, directed=False)[1]


def _assert_nested(F, M, rows: int, cols: int, depth: int) -> None:
    """Every block at every level is a tree of its cells, its sub-blocks joined by single entrances."""
    opened = F.edges[M.open]
    for level in range(1, depth + 1):
        block = _block_ids(F, rows, cols, depth, level)
        parent = _block_ids(F, rows, cols, depth, level - 1)
        a, b = block[opened[:, 0]], block[opened[:, 1]]
        inside = opened[a == b]
        # a tree on each block: one component per block, (cells - 1) edges per block
        component = _components(F.n_cells, inside)
        n_blocks = (rows * cols) ** level
        assert len(np.unique(component)) == n_blocks
        assert len(np.unique(np.stack([block, component]), axis=1)[0]) == n_blocks  # no block split in two
        per_block = np.bincount(block[inside[:, 0]], minlength=n_blocks)
        assert (per_block == F.n_cells // n_blocks - 1).all()
        # between siblings: rows * cols - 1 entrances per parent, at most one per pair of blocks
        crossing = (a != b) & (parent[opened[:, 0]] == parent[opened[:, 1]])
        per_parent = np.bincount(parent[opened[crossing, 0]], minlength=(rows * cols) ** (level - 1))
        assert (per_parent == rows * cols - 1).all()
        pairs = np.sort(np.stack([a[crossing], b[crossing]], axis=1), axis=1)
        assert len(np.unique(pairs, axis=0)) == len(pairs)


# -- the maze ---------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(shape=sizes, seed=seeds, base=st.sampled_from(PERFECT))
def test_fractal_maze_is_perfect_and_nested(shape, seed, base):
    rows, cols, depth = shape
    F = T.build("fractal", rows, cols, depth)
    M = mg.generate(F, "fractal", seed=seed, base=base)
    assert M.n_open == F.n_cells - 1
    assert len(np.unique(_components(F.n_cells, F.edges[M.open]))) == 1
    assert M.is_perfect()
    _assert_nested(F, M, rows, cols, depth)


@settings(max_examples=15, deadline=None)
@given(shape=sizes, seed=seeds)
def test_default_base_on_the_graph_checked_by_networkx(shape, seed):
    rows, cols, depth = shape
    if (rows * cols) ** depth > 1000:
        depth -= 1
    G = T.fractal(rows, cols, depth)
    M = mg.generate(G, "fractal", seed=seed)
    tree = M.to_networkx()
    assert nx.is_tree(tree) and set(tree.nodes) == set(G.nodes)
    assert all(G.has_edge(u, v) for u, v in tree.edges)
    for k in range(1, depth + 1):  # each block's cells, by the address attribute, induce a tree
        blocks: dict = {}
        for cell, address in G.nodes(data="address"):
            blocks.setdefault(address[:k], []).append(cell)
        assert all(nx.is_tree(tree.subgraph(cells)) for cells in blocks.values())


def test_per_level_bases():
    F = T.build("fractal", 3, 3, 2)
    M = mg.generate(F, "fractal", seed=5, base=["kruskal", "backtracker"])
    assert M.is_perfect()
    _assert_nested(F, M, 3, 3, 2)
    assert M != mg.generate(F, "fractal", seed=5, base="backtracker")
    assert M.meta["options"] == {"base": ["kruskal", "backtracker"]}


def test_base_options_reach_the_inner_algorithm():
    F = T.build("fractal", 4, 4, 2)
    plain = mg.generate(F, "fractal", seed=2)
    biased = mg.generate(F, "fractal", seed=2, base_options={"bias": 1.0})
    assert biased.is_perfect() and biased != plain
    horizontal = F.direction == 0
    assert (biased.open & horizontal).sum() > (plain.open & horizontal).sum()


def test_braid_base_keeps_loops_and_single_entrances():
    F = T.build("fractal", 3, 3, 2)
    M = mg.generate(F, "fractal", seed=3, base="braid")
    assert not M.is_perfect() and M.n_open > F.n_cells - 1
    opened = F.edges[M.open]
    block = _block_ids(F, 3, 3, 2, 1)
    a, b = block[opened[:, 0]], block[opened[:, 1]]
    pairs = np.sort(np.stack([a[a != b], b[a != b]], axis=1), axis=1)
    assert len(np.unique(pairs, axis=0)) == len(pairs)  # one entrance per open passage between blocks


@settings(max_examples=20, deadline=None)
@given(shape=sizes, seed=seeds)
def test_same_seed_same_maze(shape, seed):
    F = T.build("fractal", *shape)
    assert mg.generate(F, "fractal", seed=seed) == mg.generate(F, "fractal", seed=seed)


def test_different_seeds_differ():
    F = T.build("fractal", 2, 2, 3)
    assert len({mg.generate(F, "fractal", seed=s).open.tobytes() for s in range(20)}) == 20


@pytest.mark.parametrize("base", ["backtracker", "kruskal", "wilson", "sidewinder", "division"])
@pytest.mark.parametrize(("rows", "cols"), [(2, 3), (4, 4), (5, 2)])
def test_depth_one_is_the_ordinary_maze(base, rows, cols):
    F = T.fractal(rows, cols, 1)
    M = mg.generate(F, "fractal", seed=11, base=base)
    plain_grid = mg.generate(T.orthogonal(rows, cols), base, seed=11)
    assert list(F.nodes) == list(T.orthogonal(rows, cols).nodes)
    assert np.array_equal(M.open, plain_grid.open)  # the same cells, edges and random stream: the same maze


def test_entrances_are_spread_along_the_shared_side():
    F = T.build("fractal", 2, 2, 3)  # blocks of 4 x 4 cells at level 1
    levels = T.fractal_levels(F)
    seen = set()
    for seed in range(60):
        M = mg.generate(F, "fractal", seed=seed)
        seen.update(np.flatnonzero(M.open & (levels == 1)).tolist())
    # 4 sides between the four level-1 blocks, 4 fine edges each: all 16 are used sometimes
    assert len(seen) == 16 == int((levels == 1).sum())


def test_start_and_goal_are_corners():
    M = mg.generate(T.fractal(3, 2, 2), "fractal", seed=1)
    assert M.start == (0, 0) and M.goal == (8, 3)
    path = M.solution()
    assert path[0] == (0, 0) and path[-1] == (8, 3)


# -- refusals and bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "G", [T.orthogonal(4, 4), T.sigma(3, 3), T.build("grid", (2, 2, 2))], ids=["orthogonal", "sigma", "grid"]
)
def test_fractal_refuses_other_tessellations(G):
    with pytest.raises(mg.UnsupportedError, match=r"fractal cannot run on this .*mg\.tessellations\.fractal"):
        mg.generate(G, "fractal", seed=1)
    assert "mg.tessellations.fractal" in mg.applicability(G)["fractal"]
    assert "fractal" not in mg.algorithms(G)


def test_fractal_is_not_a_wall_adder():
    with pytest.raises(mg.UnsupportedError, match="not a wall adder"):
        mg.generate(T.fractal(2, 2, 2), "fractal", focus="wall")


@pytest.fixture
def refuser():
    """A registered algorithm that refuses every tessellation, removed again after the test."""
    mg.register_algorithm("refuser", lambda cells, rng: None, summary="refuses everything",
                          check=lambda cells: "it never runs")
    yield
    mg.unregister_algorithm("refuser")


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"base": "fractal"}, mg.InvalidOptionError, "base must be an algorithm other than fractal"),
        ({"base": "refuser"}, mg.UnsupportedError, "cannot use refuser inside its 2 x 3 blocks: it never runs; pick"),
        ({"base": "prim"}, mg.InvalidOptionError, "prim_true"),
        ({"base": ["kruskal"]}, mg.InvalidOptionError, "list of 2 names"),
        ({"base": 3}, mg.InvalidOptionError, "base must be an algorithm other than fractal"),
        ({"base_options": {"p_up": 0.5}}, mg.InvalidOptionError, "backtracker does not take option.s. p_up"),
        ({"base_options": [("bias", 1)]}, mg.InvalidOptionError, "must be a dict"),
        ({"base_options": {"bias": 7}}, mg.InvalidOptionError, "bias must be a number"),
    ],
)
def test_bad_options(options, error, message, refuser):
    with pytest.raises(error, match=message):
        mg.generate(T.fractal(2, 3, 2), "fractal", seed=1, **options)
