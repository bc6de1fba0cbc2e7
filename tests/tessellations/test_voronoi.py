"""Voronoi ("crack") cells in a box, and orthogonal cells inside a mask."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import mazegraph as mg
from mazegraph.errors import InvalidMaskError
from mazegraph.tessellations.voronoi import _cells_geometry, _clipped_ridges

T = mg.tessellations
seeds = st.integers(0, 2**32 - 1)


def wall_segments(G):
    return {frozenset((u, v)): np.asarray(w, dtype=float) for u, v, w in G.edges(data="wall")}


def assert_perfect(G, algorithm, seed):
    M = mg.generate(G, algorithm, seed=seed)
    assert M.is_perfect()
    assert M.n_open == G.number_of_nodes() - 1
    assert nx.is_tree(M.to_networkx())
    return M


def assert_json_round_trip(M):
    back = mg.Maze.from_json(M.to_json())
    assert back == M
    assert back.cells.labels == M.cells.labels
    assert np.array_equal(back.cells.edges, M.cells.edges)
    assert np.array_equal(back.cells.pos, M.cells.pos)
    assert back.solution() == M.solution()


def assert_renders(M):
    svg = mg.render(M, solution=True)
    assert svg.startswith("<svg") and "<polyline" in svg
    assert mg.render(M, format="png").startswith(b"\x89PNG")


# -- Voronoi --------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 60), seeds, st.integers(0, 3))
def test_voronoi_cells_connected_planar(n, seed, relax):
    G = T.voronoi(n, seed=seed, relax=relax)
    assert G.number_of_nodes() == n
    assert sorted(G) == [(i,) for i in range(n)]
    assert nx.is_connected(G)
    assert nx.check_planarity(G)[0]
    assert "row" not in G.nodes[(0,)]
    spec = G.graph["spec"]
    assert spec["width"] * spec["height"] == pytest.approx(n)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 60), seeds, st.integers(0, 2))
def test_voronoi_walls_separate_exactly_their_two_cells(n, seed, relax):
    G = T.voronoi(n, seed=seed, relax=relax, width=3.0)
    points = np.array([G.nodes[(i,)]["pos"] for i in range(n)])
    width, height = G.graph["spec"]["width"], G.graph["spec"]["height"]
    tol = 1e-7 * max(width, height)
    for (u,), (v,), wall in G.edges(data="wall"):
        wall = np.asarray(wall)
        assert wall.shape == (2, 2)
        assert np.linalg.norm(wall[1] - wall[0]) > 0
        assert (wall >= -tol).all() and (wall <= [width + tol, height + tol]).all()
        for q in (wall.mean(axis=0), *wall):  # midpoint and both ends: equidistant, none nearer
            d = np.linalg.norm(points - q, axis=1)
            assert d[u] == pytest.approx(d[v], abs=tol)
            assert d.min() >= d[u] - tol
        # the wall is perpendicular to the line between the two points
        assert abs(np.dot(wall[1] - wall[0], points[v] - points[u])) <= tol * np.linalg.norm(points[v] - points[u])


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 80), seeds, st.floats(0.5, 20.0))
def test_voronoi_cells_tile_the_box_and_few_mirrors_suffice(n, seed, width):
    rng = np.random.default_rng(seed)
    height = n / width
    points = rng.random((n, 2)) * [width, height]  # unrelaxed: the least even cells
    pairs, segments = _clipped_ridges(points, width, height)
    _, area = _cells_geometry(points, pairs, segments)
    assert (area > 0).all()
    assert area.sum() == pytest.approx(width * height, rel=1e-9)
    # mirroring every point gives the same ridges of the original cells
    all_pairs, all_segments = _clipped_ridges(points, width, height, reach=math.inf)

    def ridges(pairs, segments):
        inner = (pairs < n).all(axis=1)
        return sorted(
            (tuple(sorted(p)), tuple(np.round(np.sort(s, axis=0).ravel(), 9)))
            for p, s in zip(pairs[inner].tolist(), segments[inner])
        )

    assert ridges(pairs, segments) == ridges(all_pairs, all_segments)
    boundary = ~(pairs < n).all(axis=1)
    assert np.hypot(*(segments[boundary, 1] - segments[boundary, 0]).T).sum() == pytest.approx(
        2 * (width + height), rel=1e-9
    )


def test_voronoi_relaxation_evens_the_cells():
    spreads = []
    for relax in (0, 3):
        cells = T.voronoi_cells(400, seed=11, relax=relax)
        pairs, segments = _clipped_ridges(cells.pos, cells.spec["width"], cells.spec["height"])
        _, area = _cells_geometry(cells.pos, pairs, segments)
        spreads.append(area.std())
    assert spreads[1] < 0.6 * spreads[0]


def test_voronoi_direction_classes():
    G = T.voronoi(300, seed=4)
    names = ["east-west", "northeast-southwest", "north-south", "northwest-southeast"]
    seen = set()
    for u, v, direction in G.edges(data="direction"):
        (x0, y0), (x1, y1) = G.nodes[u]["pos"], G.nodes[v]["pos"]
        angle = math.degrees(math.atan2(y1 - y0, x1 - x0)) % 180
        gaps = [min(abs(angle - 45 * k), 180 - abs(angle - 45 * k)) for k in range(4)]
        assert direction == names[int(np.argmin(gaps))]
        seen.add(direction)
    assert seen == set(names)


def test_voronoi_same_seed_same_cells():
    a, b, c = (T.voronoi_cells(40, seed=s) for s in (5, 5, 6))
    assert np.array_equal(a.pos, b.pos) and np.array_equal(a.edges, b.edges)
    assert a.spec == b.spec and a.spec["seed"] == 5
    assert not np.array_equal(a.pos, c.pos)


@pytest.mark.parametrize(
    "seed",
    [np.random.default_rng(3), np.random.SeedSequence(9), None, np.int64(12)],
    ids=["generator", "seedsequence", "none", "numpy-int"],
)
def test_voronoi_spec_stores_an_int_seed_that_rebuilds_the_cells(seed):
    cells = T.voronoi_cells(30, seed=seed)
    assert type(cells.spec["seed"]) is int
    again = T.from_spec(cells.spec)
    assert np.array_equal(again.pos, cells.pos)
    assert np.array_equal(again.edges, cells.edges)
    assert np.array_equal(again.walls.points, cells.walls.points)


def test_voronoi_box_sizes():
    assert T.voronoi_cells(12, seed=1).spec["width"] == pytest.approx(math.sqrt(12))
    spec = T.voronoi_cells(12, seed=1, width=6).spec
    assert (spec["width"], spec["height"]) == (6.0, 2.0)
    spec = T.voronoi_cells(12, seed=1, height=4).spec
    assert (spec["width"], spec["height"]) == (3.0, 4.0)
    cells = T.voronoi_cells(12, seed=1, width=2, height=9)
    assert (cells.pos >= 0).all() and (cells.pos <= [2, 9]).all()
    assert cells.boundary.bounds() == (0.0, 0.0, 2.0, 9.0)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"n_cells": 0}, mg.InvalidSizeError),
        ({"n_cells": 2.5}, mg.InvalidSizeError),
        ({"n_cells": 5, "relax": -1}, mg.InvalidSizeError),
        ({"n_cells": 5, "width": 0}, mg.InvalidSizeError),
        ({"n_cells": 5, "height": float("nan")}, mg.InvalidSizeError),
        ({"n_cells": 5, "width": "3"}, mg.InvalidSizeError),
        ({"n_cells": 5, "width": True}, mg.InvalidSizeError),
        ({"n_cells": 5, "seed": -1}, mg.InvalidSeedError),
        ({"n_cells": 5, "seed": 1.5}, mg.InvalidSeedError),
    ],
)
def test_voronoi_bad_arguments(kwargs, error):
    with pytest.raises(error):
        T.voronoi(**kwargs)


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 80), seeds, seeds, st.sampled_from(["kruskal", "wilson"]))
def test_voronoi_spanning_trees(n, tessellation_seed, seed, algorithm):
    assert_perfect(T.voronoi(n, seed=tessellation_seed), algorithm, seed)


def test_voronoi_json_round_trip_and_render():
    G = T.voronoi(60, seed=np.random.default_rng(2))
    M = assert_perfect(G, "wilson", 3)
    assert_json_round_trip(M)
    assert_renders(M)
    assert T.build("voronoi", 25).n_cells == 25


# -- masks ----------------------------------------------------------------------

RING = """
#####
#...#
#.#.#
#...#
#####
"""


def grid_oracle(open_):
    """The open cells and their orthogonal adjacency, by networkx."""
    rows, cols = open_.shape
    H = nx.grid_2d_graph(rows, cols)
    return H.subgraph([(r, c) for r, c in H if open_[r, c]])


@settings(max_examples=40, deadline=None)
@given(arrays(bool, st.tuples(st.integers(1, 7), st.integers(1, 7))))
def test_mask_cells_are_the_open_cells(open_):
    oracle = grid_oracle(open_)
    if oracle.number_of_nodes() == 0:
        with pytest.raises(InvalidMaskError):
            T.from_mask(open_)
        return
    # largest first; ties: the region whose first cell comes first row by row
    components = sorted(nx.connected_components(oracle), key=lambda part: (-len(part), min(part)))
    if len(components) > 1:
        with pytest.raises(mg.DisconnectedGraphError) as caught:
            T.from_mask(open_)
        assert sorted(n for n, _ in caught.value.components) == sorted(map(len, components))
        assert f"{len(components)} separate regions" in str(caught.value)
        G = T.from_mask(open_, largest=True)
        oracle = oracle.subgraph(components[0])
    else:
        G = T.from_mask(open_)
    assert G.number_of_nodes() == len(oracle)
    assert set(G) == set(oracle)
    assert {frozenset(e) for e in G.edges} == {frozenset(e) for e in oracle.edges}
    rows = open_.shape[0]
    for (r, c), pos in G.nodes(data="pos"):
        assert pos == (c + 0.5, rows - r - 0.5)
        assert G.nodes[(r, c)]["row"] == r
    for u, v, wall in G.edges(data="wall"):  # the unit side between the two centres
        wall = np.asarray(wall)
        assert np.allclose(wall.mean(axis=0), (np.add(G.nodes[u]["pos"], G.nodes[v]["pos"])) / 2)
        assert np.linalg.norm(wall[1] - wall[0]) == pytest.approx(1.0)
    # boundary: one unit side for every side of a kept cell without a kept neighbour
    boundary = np.asarray(G.graph["boundary"]).reshape(-1, 2, 2)
    assert len(boundary) == 4 * len(oracle) - 2 * oracle.number_of_edges()
    for a, b in boundary:
        assert np.linalg.norm(b - a) == pytest.approx(1.0)
        mid = (a + b) / 2
        step = np.array([0.5, 0.0]) if a[0] == b[0] else np.array([0.0, 0.5])
        sides = [(rows - 1 - math.floor(y), math.floor(x)) for x, y in (mid - step, mid + step)]
        assert sum(cell in oracle for cell in sides) == 1  # a kept cell on one side only


def test_full_mask_is_the_orthogonal_grid():
    G, H = T.from_mask(np.ones((3, 4), dtype=bool)), T.orthogonal(3, 4)
    assert list(G) == list(H)
    assert wall_segments(G).keys() == wall_segments(H).keys()
    for key, wall in wall_segments(G).items():
        assert np.array_equal(wall, wall_segments(H)[key])
    assert {(u, v): d for u, v, d in G.edges(data="direction")} == {(u, v): d for u, v, d in H.edges(data="direction")}
    assert (G.graph["start"], G.graph["goal"]) == ((0, 0), (2, 3))


def test_ascii_ring():
    G = T.from_mask(RING)
    assert set(G) == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)}
    assert all(d == 2 for _, d in G.degree)
    assert nx.is_connected(G) and len(nx.cycle_basis(G)) == 1
    assert len(G.graph["boundary"]) == 12 + 4  # outside of the ring and around its hole
    assert G.graph["spec"] == {"tessellation": "mask", "mask": RING.strip().splitlines(), "largest": False}
    # a list of lines, or a string with blank lines at either end, reads the same
    assert set(T.from_mask(RING.strip().splitlines())) == set(G)
    assert set(T.from_mask("\n   \n" + RING.strip() + "\n  \n")) == set(G)
    # every perfect maze on a ring opens all walls but one
    assert mg.generate(G, "kruskal", seed=1).n_open == 7


def test_ascii_letter_with_ragged_lines():
    E = ["xxx", "x", "xxx", "x", "xxx"]  # any character but '#' is open; short lines padded blocked
    G = T.from_mask(E)
    assert set(G) == {(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2), (3, 0), (4, 0), (4, 1), (4, 2)}
    assert nx.is_tree(G)
    assert G.graph["spec"]["mask"] == ["...", ".##", "...", ".##", "..."]
    M = mg.generate(G, "wilson", seed=0)
    assert M.n_open == G.number_of_edges() == 10


def test_disconnected_mask_lists_components():
    art = [
        "..#.",
        "..#.",
        "###.",
        ".##.",
    ]
    with pytest.raises(mg.DisconnectedGraphError) as caught:
        T.from_mask(art)
    assert caught.value.components == [(4, (0, 0)), (4, (0, 3)), (1, (3, 0))]
    message = str(caught.value)
    assert "3 separate regions" in message and "4 cells with (0, 0)" in message
    assert "1 cells with (3, 0)" in message and "largest=True" in message
    G = T.from_mask(art, largest=True)  # a tie: the region reached first row by row
    assert set(G) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert G.graph["spec"]["largest"] is True
    assert set(T.from_spec(G.graph["spec"]).labels.tolist()) == set(G)


def test_many_components_message_is_bounded():
    checker = (np.indices((9, 9)).sum(axis=0) % 2 == 0)
    with pytest.raises(mg.DisconnectedGraphError, match="41 separate regions.*and 31 more"):
        T.from_mask(checker)
    assert T.from_mask(checker, largest=True).number_of_nodes() == 1


@pytest.mark.parametrize("empty", [np.zeros((3, 4), dtype=bool), "####\n####\n", [], np.zeros((0, 0), bool)])
def test_empty_mask(empty):
    with pytest.raises(InvalidMaskError, match="no open cell") as caught:
        T.from_mask(empty)
    assert isinstance(caught.value, mg.InvalidSizeError)


@pytest.mark.parametrize(
    "bad, words",
    [
        (np.ones((2, 2, 3), dtype=bool), "2-dimensional"),
        (np.ones(5, dtype=bool), "2-dimensional"),
        (np.ones((2, 2), dtype=int), "boolean"),
        (42, "cannot read a mask from int"),
        ([[True], [True, False]], "cannot read a mask from list"),
        ("no_such_mask.png", "no mask file"),
    ],
)
def test_bad_masks(bad, words):
    with pytest.raises(InvalidMaskError, match=words):
        T.from_mask(bad)


def test_image_masks(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    picture = Image.new("L", (4, 3), 0)  # 4 pixels wide, 3 high, all black
    for x, y in [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (3, 2)]:
        picture.putpixel((x, y), 200)
    picture.putpixel((0, 2), 100)  # dark grey stays blocked
    expected = {(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 3)}
    assert set(T.from_mask(picture)) == expected
    assert set(T.from_mask(picture.convert("1"))) == expected
    rgba = Image.new("RGBA", (4, 3), (0, 0, 0, 0))  # transparent counts as white
    rgba.putpixel((1, 1), (0, 0, 0, 255))
    assert set(T.from_mask(rgba)) == {(r, c) for r in range(3) for c in range(4)} - {(1, 1)}
    path = tmp_path / "shape.png"
    picture.save(path)
    assert set(T.from_mask(path)) == expected
    G = T.from_mask(str(path))
    assert set(G) == expected
    assert G.graph["spec"]["mask"] == ["...#", "##.#", "##.."]
    text = tmp_path / "shape.txt"
    text.write_text("\n" + "\n".join(G.graph["spec"]["mask"]) + "\n", encoding="utf-8")
    assert set(T.from_mask(text)) == expected
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not an image")
    with pytest.raises(InvalidMaskError, match="cannot read"):
        T.from_mask(broken)


@settings(max_examples=25, deadline=None)
@given(arrays(bool, st.tuples(st.integers(1, 8), st.integers(1, 8))), seeds, st.sampled_from(["kruskal", "wilson"]))
def test_mask_spanning_trees(open_, seed, algorithm):
    if not open_.any():
        return
    G = T.from_mask(open_, largest=True)
    assert_perfect(G, algorithm, seed)


def test_mask_json_round_trip_and_render():
    G = T.from_mask(RING)
    M = assert_perfect(G, "wilson", 5)
    assert_json_round_trip(M)
    assert_renders(M)
    art = ["....#..", "....#.."]
    M = assert_perfect(T.from_mask(art, largest=True), "kruskal", 1)
    assert_json_round_trip(M)
    demo = T.build("mask")  # the registry builds a demonstration shape without a mask
    assert demo.n_cells == 91 and T.from_spec(demo.spec).same_as(demo)
    assert T.TESSELLATIONS["mask"].params == ()
