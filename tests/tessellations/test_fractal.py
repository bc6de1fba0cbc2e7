"""mazegraph.tessellations.fractal: the nested-cell tessellation, its levels and blocks, specs, drawing, the CLI."""

from __future__ import annotations

import json

import numpy as np
import pytest
from fractal_checks import _block_ids, sizes
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph import tessellations as T


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
