"""Fractal (nested-cell) mazes: the tessellation, the "fractal" generator and their drawing."""

from __future__ import annotations

import json

import networkx as nx
import numpy as np
import pytest
from conftest import seeds
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

sizes = st.tuples(st.integers(2, 4), st.integers(2, 4), st.integers(1, 3))


def _components(n: int, pairs: np.ndarray) -> np.ndarray:
    """Component label of each of ``n`` cells joined by ``pairs`` (scipy, independent of the kernels)."""
    graph = coo_array((np.ones(len(pairs)), (pairs[:, 0], pairs[:, 1])), shape=(n, n))
    return connected_components(graph, directed=False)[1]


def _block_ids(F, rows: int, cols: int, depth: int, level: int) -> np.ndarray:
    """Each cell's block at ``level``, as one number, computed from the labels."""
    coords = F.labels.coords
    br, bc = coords[:, 0] // rows ** (depth - level), coords[:, 1] // cols ** (depth - level)
    return br * cols**level + bc


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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((1, 1, 2), "1 x 1 nests nothing"),
        ((0, 3, 2), "rows must be at least 1"),
        ((3, 3, 0), "depth must be at least 1"),
        ((2.0, 2, 2), "whole number"),
        (("3", 3, 2), "whole number"),
        ((2, True, 2), "whole number"),
        ((10, 10, 5), "lower the depth"),
    ],
)
def test_bad_sizes_raise(args, message):
    with pytest.raises(mg.InvalidSizeError, match=message):
        T.fractal(*args)
    with pytest.raises(mg.InvalidSizeError, match=message):
        T.build("fractal", *args)


def test_helpers_refuse_other_tessellations_and_levels():
    with pytest.raises(mg.UnsupportedError, match="mg.tessellations.fractal"):
        T.fractal_levels(T.orthogonal(3, 3))
    F = T.build("fractal", 2, 2, 2)
    with pytest.raises(mg.InvalidSizeError, match="from 0 to the depth 2"):
        T.fractal_blocks(F, 3)
    with pytest.raises(mg.InvalidSizeError):
        T.fractal_blocks(F, -1)


# -- the tessellation -------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(rows=st.integers(1, 4), cols=st.integers(1, 4), depth=st.integers(1, 3))
def test_tessellation_is_the_fine_orthogonal_grid(rows, cols, depth):
    if rows * cols < 2:
        return
    F = T.build("fractal", rows, cols, depth)
    plain_grid = T.build("orthogonal", rows**depth, cols**depth)
    assert F.labels == plain_grid.labels
    assert np.array_equal(F.edges, plain_grid.edges) and np.array_equal(F.pos, plain_grid.pos)
    assert np.array_equal(F.row, plain_grid.row) and np.array_equal(F.direction, plain_grid.direction)
    assert (F.start, F.goal) == (plain_grid.start, plain_grid.goal)
    assert T.fractal_shape(F) == (rows, cols, depth)


@settings(max_examples=25, deadline=None)
@given(shape=sizes)
def test_levels_and_blocks_match_their_definition(shape):
    rows, cols, depth = shape
    F = T.build("fractal", rows, cols, depth)
    levels = T.fractal_levels(F)
    expected = np.zeros(F.n_edges, dtype=int)
    for k in range(depth, 0, -1):  # the coarsest level whose blocks differ
        block = _block_ids(F, rows, cols, depth, k)
        expected[block[F.edges[:, 0]] != block[F.edges[:, 1]]] = k
    assert np.array_equal(levels, expected)
    assert np.bincount(levels, minlength=depth + 1)[0] == 0
    for k in range(depth + 1):
        blocks = T.fractal_blocks(F, k)
        assert np.array_equal(blocks[:, 0] * cols**k + blocks[:, 1], _block_ids(F, rows, cols, depth, k))
    assert len(np.unique(T.fractal_blocks(F, depth), axis=0)) == F.n_cells
    assert (T.fractal_blocks(F, 0) == 0).all()


def test_graph_attributes():
    G = T.fractal(2, 3, 2)
    cells = mg.compile_graph(G)
    levels = T.fractal_levels(G)
    for (r, c), address in G.nodes(data="address"):
        assert len(address) == 2
        assert r == address[0][0] * 2 + address[1][0] and c == address[0][1] * 3 + address[1][1]
    for e, (u, v) in enumerate(cells.edges.tolist()):
        assert G.edges[cells.labels[u], cells.labels[v]]["level"] == levels[e]
    assert G.graph["spec"] == {"tessellation": "fractal", "rows": 2, "cols": 3, "depth": 2}


@pytest.mark.parametrize("shape", [(2, 2, 1), (3, 2, 2), (2, 2, 4)])
def test_thick_walls_read_as_plain_walls(shape):
    """Each wall starts and ends at its posts and passes its midpoint halfway, inside a band of its level."""
    rows, cols, depth = shape
    F = T.build("fractal", *shape)
    plain_grid = T.build("orthogonal", rows**depth, cols**depth)
    extra = depth - T.fractal_levels(F)
    for e in range(F.n_edges):
        wall, plain = F.walls[e], plain_grid.walls[e]
        assert not np.isnan(wall).any()
        assert np.allclose(wall[[0, -1]], plain)
        assert len(wall) == 2 or np.allclose(wall[len(wall) // 2], plain.mean(axis=0))
        half = 0.0 if depth == 1 else min(0.05 * extra[e], 0.15)
        assert (len(wall) == 2) == (half == 0)
        axis = int(plain[0, 0] == plain[1, 0])  # the coordinate along the wall
        lo = plain[:, axis].min()
        assert np.all(np.abs(wall[:, 1 - axis] - plain[0, 1 - axis]) <= half + 1e-9)
        assert np.all((wall[:, axis] >= lo - half - 1e-9) & (wall[:, axis] <= lo + 1 + half + 1e-9))
    widths = {len(F.walls[e]) for e in range(F.n_edges)}
    assert len(widths) == min(depth, 4)  # one drawing per level, the widest capped


def test_spec_round_trip():
    F = T.build("fractal", 3, 2, 3)
    G = T.from_spec(json.loads(json.dumps(F.spec)))
    assert G.same_as(F) and G.labels == F.labels and np.array_equal(G.edges, F.edges)
    assert np.array_equal(G.walls.points, F.walls.points) and np.array_equal(G.walls.ptr, F.walls.ptr)
    M = mg.generate(F, "fractal", seed=9, base="wilson")
    back = mg.Maze.from_json(M.to_json())
    assert back == M and back.cells.spec == F.spec and back.meta["options"] == {"base": "wilson"}


def test_registry_entry():
    entry = T.TESSELLATIONS["fractal"]
    assert entry.params == ("rows", "cols", "depth") and "fractal" in T.names()
    cells = T.build("fractal", *entry.example)
    assert cells.name == "fractal" and cells.spec["tessellation"] == "fractal"
    with pytest.raises(mg.InvalidSizeError, match="rows x cols x depth"):
        T.build("fractal", 4, 4)


def test_other_algorithms_run_on_it():
    F = T.build("fractal", 2, 3, 2)
    reasons = mg.applicability(F)
    assert reasons == {**mg.applicability(T.build("orthogonal", 4, 9)), "fractal": None}
    for name in mg.algorithms(F):
        M = mg.generate(F, name, seed=1)
        assert M.is_perfect() or name == "braid"
    walls = mg.generate(F, "kruskal", seed=1, focus="wall")  # thick walls still form the planar wall dual
    assert walls.is_perfect()


# -- drawing ----------------------------------------------------------------------------------------


def test_render_png_and_heavier_block_walls(tmp_path):
    F = T.fractal(3, 3, 2)
    M = mg.generate(F, "fractal", seed=4)
    target = tmp_path / "fractal.png"
    mg.render(M, solution=True, path=target)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    cells = M.cells
    levels = T.fractal_levels(cells)
    closed_block_wall = np.flatnonzero(~M.open & (levels == 1))[0]
    closed_cell_wall = np.flatnonzero(~M.open & (levels == 2))[0]
    assert len(cells.walls.segments(np.arange(cells.n_edges) == closed_block_wall)) > 2
    assert len(cells.walls.segments(np.arange(cells.n_edges) == closed_cell_wall)) == 1
    svg = mg.render(M)
    assert svg.startswith("<svg") and svg.count("M") > cells.n_edges - M.n_open


def test_cli_generates_a_fractal_tessellation(tmp_path):
    from mazegraph.cli import main

    target = tmp_path / "f.json"
    command = ["generate", "-t", "fractal", "-s", "2x2x3", "-a", "kruskal", "--seed", "1", "--json", str(target)]
    assert main(command) == 0
    maze = mg.Maze.from_json(target.read_text())
    assert maze.cells.spec == {"tessellation": "fractal", "rows": 2, "cols": 2, "depth": 3} and maze.is_perfect()
