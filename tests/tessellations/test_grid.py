"""mazegraph.tessellations.grid, the d-dimensional grid: counts, degrees, geometry, mazes, drawing.

The registry, rendering and spanning-tree tests shared with the weave tessellation are here too.
"""

from __future__ import annotations

import math
import re

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.tessellations.grid import grid, grid_cells
from mazegraph.tessellations.weave import weave, weave_cells

from ._grid_weave import T, seeds

shapes = st.lists(st.integers(1, 4), min_size=1, max_size=4).map(tuple)
small_shapes = st.lists(st.integers(1, 3), min_size=1, max_size=4).map(tuple)


def grid_edge_count(shape) -> int:
    n = math.prod(shape)
    return sum(n // s * (s - 1) for s in shape)


# -- grid: counts, degrees, connectivity ----------------------------------------------


@pytest.mark.parametrize(
    "shape, n, m",
    [((7,), 7, 6), ((3, 4), 12, 17), ((3, 4, 2), 24, 46), ((2, 3, 2, 2), 24, 52), ((1, 1, 1, 1), 1, 0)],
)
def test_grid_counts_by_hand(shape, n, m):
    G = grid(shape)
    assert (G.number_of_nodes(), G.number_of_edges()) == (n, m)


@settings(max_examples=40, deadline=None)
@given(shapes)
def test_grid_counts_degrees_and_connectivity(shape):
    G = grid(shape)
    d = len(shape)
    assert G.number_of_nodes() == math.prod(shape)
    assert G.number_of_edges() == grid_edge_count(shape)
    assert nx.is_connected(G)
    for label, degree in G.degree:
        assert len(label) == d
        assert degree == sum((i > 0) + (i < s - 1) for i, s in zip(label, shape, strict=True))
    interior = tuple(1 for _ in shape)
    if all(s >= 3 for s in shape):
        assert G.degree[interior] == 2 * d
    # every edge joins cells one step apart along exactly one axis, named by its direction
    names = ["horizontal"] if d == 1 else ["vertical", "horizontal", "up-down"] + [f"axis{k}" for k in range(3, d)]
    for u, v, data in G.edges(data=True):
        diff = np.abs(np.subtract(u, v))
        assert diff.sum() == 1
        assert data["direction"] == names[int(np.argmax(diff))]
    assert G.graph["start"] == (0,) * d and G.graph["goal"] == tuple(s - 1 for s in shape)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 8), st.integers(1, 8))
def test_grid_2d_is_orthogonal(rows, cols):
    a, b = grid_cells((rows, cols)), T.orthogonal_cells(rows, cols)
    assert np.array_equal(a.edges, b.edges) and a.labels == b.labels
    assert np.array_equal(a.pos, b.pos) and np.array_equal(a.row, b.row)
    assert np.array_equal(a.walls.points, b.walls.points) and np.array_equal(a.walls.ptr, b.walls.ptr)
    assert np.array_equal(a.boundary.points, b.boundary.points)
    G, H = grid((rows, cols)), T.orthogonal(rows, cols)
    assert list(G.nodes(data=True)) == list(H.nodes(data=True))
    assert list(G.edges(data=True)) == list(H.edges(data=True))
    # same edge order, so the same seed makes the same maze
    assert np.array_equal(mg.generate(G, "kruskal", seed=5).open, mg.generate(H, "kruskal", seed=5).open)


def test_grid_positions_rows_and_layout():
    cells = grid_cells((2, 3, 2, 2))
    labels = cells.labels.tolist()
    pos = dict(zip(labels, cells.pos.tolist(), strict=True))
    assert pos[(0, 0, 0, 0)] == [0.5, 1.5, 0.5, 0.5]
    assert pos[(1, 2, 1, 0)] == [2.5, 0.5, 1.5, 0.5]
    assert cells.row.tolist() == [label[0] for label in labels]
    # 2D slices drawn side by side along axis 2, stacked downwards along axis 3, one cell apart
    layout = dict(zip(labels, cells.layout.tolist(), strict=True))
    assert layout[(0, 0, 0, 0)] == [0.5, 1.5]
    assert layout[(0, 0, 1, 0)] == [0.5 + 4, 1.5]
    assert layout[(0, 0, 0, 1)] == [0.5, 1.5 - 3]
    assert len(cells.boundary) == 4
    # slices do not overlap: every drawn centre is distinct, and each slice is a translate of slice 0
    assert len({tuple(p) for p in cells.layout.tolist()}) == cells.n_cells
    one = cells.layout.reshape(2, 3, 2, 2, 2)
    for k in range(2):
        for w in range(2):
            shift = one[:, :, k, w] - one[:, :, 0, 0]
            assert np.allclose(shift, shift[0, 0])
    # 1D: one row
    line = grid_cells((5,))
    assert line.pos.shape == (5, 1) and line.layout[:, 1].tolist() == [0.5] * 5
    assert line.row.tolist() == [0] * 5


def test_grid_walls_and_marks():
    cells = grid_cells((3, 3, 3, 2))
    names = cells.direction_names
    lengths_w, lengths_m = np.diff(cells.walls.ptr), np.diff(cells.marks.ptr)
    layout = cells.layout
    for e, (u, v) in enumerate(cells.edges.tolist()):
        name = names[cells.direction[e]]
        if name in ("horizontal", "vertical"):
            assert lengths_w[e] == 2 and lengths_m[e] == 0
            wall = cells.walls[e]
            # the wall is the unit side between the two drawn cells, crossing their join at its middle
            assert np.isclose(np.linalg.norm(wall[1] - wall[0]), 1.0)
            assert np.allclose(wall.mean(axis=0), (layout[u] + layout[v]) / 2)
        else:
            assert lengths_w[e] == 0 and lengths_m[e] > 0
            mark = cells.marks[e]
            pieces = np.split(mark, np.flatnonzero(np.isnan(mark[:, 0])))
            here, there = pieces[0], pieces[-1][1:]
            # one marker inside each cell, clear of its walls
            assert np.all(np.abs(here - layout[u]) < 0.5) and np.all(np.abs(there - layout[v]) < 0.5)
    tri = cells.marks[int(np.flatnonzero(cells.direction == names.index("up-down"))[0])]
    up, down = tri[:4], tri[5:]
    assert up[2, 1] > up[0, 1] and down[2, 1] < down[0, 1]  # apex up in the lower cell, down in the upper
    sign = cells.marks[int(np.flatnonzero(cells.direction == names.index("axis3"))[0])]
    assert len(sign) != len(tri)  # a different shape for the fourth dimension


@pytest.mark.parametrize("bad", [(), [], (0, 3), (3, -1), (2.0, 3), (2, "3"), (True, 2), "45", None, 2.5, 0])
def test_grid_bad_shapes(bad):
    with pytest.raises(mg.InvalidSizeError):
        grid(bad)


def test_grid_bad_shape_messages():
    with pytest.raises(mg.InvalidSizeError, match="at least one size"):
        grid(())
    with pytest.raises(mg.InvalidSizeError, match=r"shape\[1\] must be at least 1, got 0"):
        grid((3, 0))
    with pytest.raises(mg.InvalidSizeError, match=r"shape\[0\] must be a whole number, got 2.0"):
        grid((2.0, 3))


def test_grid_accepts_numpy_ints_and_a_bare_int():
    assert grid_cells(np.array([2, 3])).spec == {"tessellation": "grid", "shape": [2, 3]}
    assert grid_cells(4).spec["shape"] == [4]


# -- mazes on both ----------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(small_shapes, seeds, st.sampled_from(["kruskal", "wilson"]))
def test_grid_spanning_trees(shape, seed, algorithm):
    G = grid(shape)
    M = mg.generate(G, algorithm, seed=seed)
    assert M.is_perfect() and M.n_open == G.number_of_nodes() - 1
    assert nx.is_tree(M.to_networkx())
    assert mg.Maze.from_json(M.to_json()) == M


def test_registry_and_specs():
    assert T.build("grid", (4, 5, 3)).n_cells == 60
    assert T.build("weave", 3, 4).n_edges == weave_cells(3, 4).n_edges
    assert T.from_spec({"tessellation": "grid", "shape": [4, 5, 3]}).same_as(grid_cells((4, 5, 3)))
    assert T.from_spec({"tessellation": "weave", "rows": 3, "cols": 4}).same_as(weave_cells(3, 4))
    entry = T.TESSELLATIONS["grid"]  # one size parameter; its example lists the dimensions, as --size 5x6x3 does
    assert entry.params == ("shape",) and entry.variadic
    assert entry.cells(*entry.arguments(entry.example)).n_cells == math.prod(entry.example)


# -- drawing ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "tessellation",
    [grid((4,)), grid((3, 4)), grid((3, 4, 2)), grid((2, 3, 2, 2)), grid((2, 2, 2, 2, 2)), weave(4, 5)],
    ids=["1d", "2d", "3d", "4d", "5d", "weave"],
)
def test_render_svg_and_png(tessellation):
    M = mg.generate(tessellation, "kruskal", seed=3)
    svg = mg.render(M, solution=True)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    png = mg.render(M, format="png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def _strokes(svg: str, colour: str = "#1f1f1f") -> int:
    """Number of segments drawn in ``colour``: walls, boundary and marks (or, in white, erased covers)."""
    return sum(d.count("M") for d in re.findall(rf'<path d="([^"]*)" stroke="{colour}"', svg))


def test_markers_appear_only_for_open_passages_out_of_the_slice():
    cells = grid_cells((2, 2, 2))
    assert _strokes(mg.render(mg.Maze(cells))) == 8 + 8  # in-slice walls, two slice frames; no markers
    levels = cells.direction == cells.direction_names.index("up-down")
    # open the four level passages: each adds two triangles of three sides, and no wall disappears
    assert _strokes(mg.render(mg.Maze(cells, levels))) == 8 + 8 + 4 * 2 * 3
    weaving = weave_cells(1, 3)  # edges: (0,0)-(0,1), (0,1)-(0,2), and the tunnel (0,0)-(0,2)
    assert _strokes(mg.render(mg.Maze(weaving))) == 3 * 4  # every side of the three cells' squares
    tunnel = np.array([False, False, True])
    assert _strokes(mg.render(mg.Maze(weaving, tunnel))) == 3 * 4 + 4  # plus two tunnel sides in each gap
    assert _strokes(mg.render(mg.Maze(weaving, tunnel)), "white") == 2  # and the tunnel's two mouths erased
    assert _strokes(mg.render(mg.Maze(weaving)), "white") == 0
    corridor = np.array([True, True, False])
    assert _strokes(mg.render(mg.Maze(weaving, corridor))) == 8 + 4  # facing sides gone, corridor sides drawn
