"""Counts, degree profiles, connectivity and wall geometry of the core tessellations."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.tessellations.theta import ring_sizes

T = mg.tessellations


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12))
def test_orthogonal_counts_and_degrees(rows, cols):
    G = T.orthogonal(rows, cols)
    assert G.number_of_nodes() == rows * cols
    assert G.number_of_edges() == rows * (cols - 1) + cols * (rows - 1)
    assert nx.is_connected(G)
    for (r, c), d in G.degree:
        assert d == (r > 0) + (r < rows - 1) + (c > 0) + (c < cols - 1)
    assert G.graph["start"] == (0, 0) and G.graph["goal"] == (rows - 1, cols - 1)


def test_delta_one_triangle_wide_is_refused_when_it_would_fall_apart():
    assert nx.is_connected(T.delta(2, 1))
    with pytest.raises(mg.InvalidSizeError, match="cols >= 2"):
        T.delta(3, 1)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10), st.integers(2, 12))
def test_delta_counts_and_degrees(rows, cols):
    G = T.delta(rows, cols)
    up_cells_with_row_below = sum(
        (cols + 1) // 2 if r % 2 == 0 else cols // 2 for r in range(rows - 1)
    )
    assert G.number_of_nodes() == rows * cols
    assert G.number_of_edges() == rows * (cols - 1) + up_cells_with_row_below
    assert nx.is_connected(G)
    for (r, c), d in G.degree:
        up = (r + c) % 2 == 0
        vertical = r < rows - 1 if up else r > 0
        assert d == (c > 0) + (c < cols - 1) + vertical
    if rows >= 3 and cols >= 3:
        assert G.degree[(1, 1)] == 3


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10), st.integers(1, 10))
def test_sigma_counts_and_degrees(rows, cols):
    G = T.sigma(rows, cols)
    assert G.number_of_nodes() == rows * cols
    assert G.number_of_edges() == rows * (cols - 1) + (rows - 1) * (2 * cols - 1)
    assert nx.is_connected(G)
    for (r, c), d in G.degree:
        if 0 < r < rows - 1 and 0 < c < cols - 1:
            assert d == 6
    # neighbours sit exactly one unit apart
    pos = nx.get_node_attributes(G, "pos")
    for u, v in G.edges:
        assert math.dist(pos[u], pos[v]) == pytest.approx(1.0)


@pytest.mark.parametrize("radius", [1, 2, 3, 4, 7])
def test_sigma_hexagon_counts(radius):
    G = T.sigma_hexagon(radius)
    assert G.number_of_nodes() == 3 * radius * (radius - 1) + 1
    assert G.number_of_edges() == 9 * radius**2 - 15 * radius + 6
    assert nx.is_connected(G)
    assert all(max(abs(q), abs(r), abs(q + r)) < radius for q, r in G.nodes)
    if radius >= 2:
        assert G.degree[(0, 0)] == 6
        # corners see 3 neighbours, other rim cells 4, the inside 6
        assert {d for _, d in G.degree} == ({3, 6} if radius == 2 else {3, 4, 6})
        assert sum(d == 3 for _, d in G.degree) == 6


@pytest.mark.parametrize("rings", [1, 2, 3, 5, 9, 17])
def test_theta_counts_and_degrees(rings):
    G = T.theta(rings)
    sizes = ring_sizes(rings)
    assert sizes[0] == 1
    assert G.number_of_nodes() == sizes.sum()
    assert G.number_of_edges() == 2 * sizes[1:].sum()
    assert nx.is_connected(G)
    for k in range(1, rings):
        assert sizes[k] in (sizes[k - 1], 2 * sizes[k - 1]) or k == 1
        assert 1.0 <= 2 * math.pi * k / sizes[k] < 2.0  # cells stay about square
    if rings > 1:
        assert G.degree[(0, 0)] == 6
    for (k, _), d in G.degree:
        if 0 < k < rings - 1:
            outward = sizes[k + 1] // sizes[k]
            assert d == 3 + outward
    assert G.graph["start"] == (0, 0) and G.graph["goal"][0] == rings - 1


def _segments(G):
    cells = mg.compile_graph(G)
    return cells.walls.segments(), cells.boundary.segments()


def _on_segment(p, seg, tol=1e-7):
    a, b = seg
    ab, ap = b - a, p - a
    t = np.clip(np.dot(ap, ab) / np.dot(ab, ab), 0, 1)
    return np.linalg.norm(a + t * ab - p) < tol


@pytest.mark.parametrize(
    "G",
    [T.orthogonal(4, 5), T.delta(4, 7), T.sigma(4, 5), T.sigma_hexagon(3), T.theta(5)],
    ids=["orthogonal", "delta", "sigma", "sigma_hexagon", "theta"],
)
def test_walls_form_closed_drawing(G):
    """Every wall end touches another wall or the boundary: no dangling walls."""
    walls, boundary = _segments(G)
    everything = np.concatenate([walls, boundary])
    for k, seg in enumerate(walls):
        for p in seg:
            others = [s for j, s in enumerate(everything) if j != k]
            assert any(_on_segment(p, s) for s in others), (k, p)


@pytest.mark.parametrize(
    "G",
    [T.orthogonal(5, 6), T.delta(5, 8), T.sigma(5, 6), T.sigma_hexagon(4)],
    ids=["orthogonal", "delta", "sigma", "sigma_hexagon"],
)
def test_each_wall_separates_exactly_its_two_cells(G):
    """A wall's midpoint is equidistant from its two cells and nearer to them than to any other."""
    cells = mg.compile_graph(G)
    pos = cells.pos
    for e, (u, v) in enumerate(cells.edges):
        wall = cells.walls[e]
        assert len(wall) == 2
        mid = wall.mean(axis=0)
        d = np.linalg.norm(pos - mid, axis=1)
        assert d[u] == pytest.approx(d[v])
        others = np.delete(d, [u, v])
        assert (others > d[u] + 1e-9).all()


def test_theta_walls_lie_between_their_cells():
    cells = T.theta_cells(7)
    sizes = ring_sizes(7)
    for e, (u, v) in enumerate(cells.edges):
        (ku, iu), (kv, iv) = cells.labels[u], cells.labels[v]
        wall = cells.walls[e]
        radius = np.hypot(wall[:, 0], wall[:, 1])
        angle = np.mod(np.arctan2(wall[:, 1], wall[:, 0]), 2 * np.pi)
        if ku == kv:  # radial wall at the border of the two cells
            border = 2 * math.pi * max(iu, iv) / sizes[ku] if {iu, iv} != {0, sizes[ku] - 1} else 0.0
            assert np.allclose(np.mod(angle - border + 1, 2 * np.pi) - 1, 0, atol=1e-9)
            assert np.allclose(sorted(radius), [ku, ku + 1])
        else:  # arc at the inner radius of the outer cell, inside both cells' angles
            outer, inner = ((ku, iu), (kv, iv)) if ku > kv else ((kv, iv), (ku, iu))
            assert outer[0] == inner[0] + 1
            assert np.allclose(radius, outer[0])
            lo, hi = 2 * math.pi * outer[1] / sizes[outer[0]], 2 * math.pi * (outer[1] + 1) / sizes[outer[0]]
            assert (angle >= lo - 1e-9).all() and (angle <= hi + 1e-9).all() or hi == 2 * math.pi
            if inner[0] > 0:
                ilo = 2 * math.pi * inner[1] / sizes[inner[0]]
                ihi = 2 * math.pi * (inner[1] + 1) / sizes[inner[0]]
                assert ilo - 1e-9 <= lo and hi <= ihi + 1e-9


@pytest.mark.parametrize("builder,args", [
    (T.orthogonal, (0, 3)), (T.orthogonal, (3, -1)), (T.delta, (2.5, 3)), (T.sigma, ("3", 3)),
    (T.sigma_hexagon, (0,)), (T.theta, (True,)),
])
def test_bad_sizes_raise(builder, args):
    with pytest.raises(mg.InvalidSizeError):
        builder(*args)


def test_unknown_tessellation_lists_names():
    with pytest.raises(mg.UnknownTessellationError) as info:
        T.build("hexagonal", 3, 3)
    assert "orthogonal" in str(info.value) and "sigma" in str(info.value)


def test_build_wrong_number_of_sizes():
    with pytest.raises(mg.InvalidSizeError, match="rows x cols"):
        T.build("orthogonal", 3)


def test_graph_carries_arrays_and_attributes():
    G = T.sigma(3, 4)
    cells = mg.compile_graph(G)
    assert mg.compile_graph(G) is cells  # compiled once
    assert cells.labels.tolist() == list(G.nodes)
    for _, _, data in G.edges(data=True):
        assert data["direction"] in ("east-west", "northeast-southwest", "northwest-southeast")
        assert len(data["wall"]) == 2
    assert all("row" in d and len(d["pos"]) == 2 for _, d in G.nodes(data=True))
    assert G.graph["name"] == "sigma" and G.graph["boundary"]
