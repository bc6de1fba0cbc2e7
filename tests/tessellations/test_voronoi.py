"""mazegraph.tessellations.voronoi: Voronoi ("crack") cells in a box."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.tessellations.voronoi import _cells_geometry, _clipped_ridges

from ._voronoi_mask import T, assert_json_round_trip, assert_perfect, assert_renders, seeds

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
