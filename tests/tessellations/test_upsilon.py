"""mazegraph.tessellations.upsilon (octagons and squares): counts, degrees, walls on the shared sides."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings

from mazegraph.tessellations import upsilon

from ._upsilon_zeta import EIGHT, pieces, sizes

SIDE = 2.0 - math.sqrt(2.0)  # side of every octagon and square of the 4.8.8 tiling
OCTAGON_APOTHEM = math.sqrt(2.0) / 2.0


# -- counts and degree profiles ------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(sizes)
def test_upsilon_counts_and_degrees(size):
    rows, cols = size
    G = upsilon(rows, cols)
    assert G.number_of_nodes() == rows * cols
    assert G.number_of_edges() == rows * (cols - 1) + (rows - 1) * cols + (rows - 1) * (cols - 1)
    assert nx.is_connected(G)
    octagons = {v for v in G if (v[0] + v[1]) % 2 == 0}
    assert len(octagons) == (rows * cols + 1) // 2
    for v in G:
        r, c = v
        inside = [(r + dr, c + dc) for dr, dc in EIGHT if 0 <= r + dr < rows and 0 <= c + dc < cols]
        if v in octagons:
            assert set(G[v]) == set(inside)
        else:
            assert set(G[v]) == {u for u in inside if u[0] == r or u[1] == c}
            assert set(G[v]) <= octagons  # squares touch octagons only
        if 0 < r < rows - 1 and 0 < c < cols - 1:
            kinds = sorted(u in octagons for u in G[v])
            assert kinds == ([False] * 4 + [True] * 4 if v in octagons else [True] * 4)
    if rows >= 3 and cols >= 4:  # (1, 1) an interior octagon, (1, 2) an interior square
        assert G.degree[(1, 1)] == 8 and G.degree[(1, 2)] == 4


# -- wall geometry -------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1, 1), (1, 4), (4, 1), (2, 2), (4, 5), (5, 4), (6, 7)])
def test_upsilon_walls_are_the_shared_sides(size):
    G = upsilon(*size)
    nodes = list(G)
    centre = np.array([G.nodes[v]["pos"] for v in nodes])
    index = {v: i for i, v in enumerate(nodes)}
    # a cell's apothem: the distance from its centre to each of its sides
    apothem = np.full(len(nodes), np.nan)
    for u, v, wall in G.edges(data="wall"):
        (segment,) = pieces(wall)
        assert len(segment) == 2
        assert math.dist(*segment) == pytest.approx(SIDE)
        middle = segment.mean(axis=0)
        for w in (u, v):
            d = math.dist(middle, centre[index[w]])
            if np.isnan(apothem[index[w]]):
                apothem[index[w]] = d
            assert d == pytest.approx(apothem[index[w]])
        # perpendicular to the passage
        assert np.dot(segment[1] - segment[0], centre[index[v]] - centre[index[u]]) == pytest.approx(0.0, abs=1e-12)
    if len(nodes) > 1:
        assert set(np.round(apothem, 9)) <= {round(OCTAGON_APOTHEM, 9), round(SIDE / 2, 9)}
    else:
        apothem[:] = OCTAGON_APOTHEM

    # power distance d^2 - apothem^2: zero on a cell's sides, so a wall's midpoint has
    # power 0 for exactly its two cells and more for every other cell (a 4.8.8 tiling
    # is the power diagram of its centres)
    def power(point):
        return ((centre - point) ** 2).sum(axis=1) - apothem**2

    sides = {i: [] for i in range(len(nodes))}
    for u, v, wall in G.edges(data="wall"):
        segment = pieces(wall)[0]
        p = power(segment.mean(axis=0))
        zero = set(np.flatnonzero(np.abs(p) < 1e-9))
        assert zero == {index[u], index[v]}
        assert (np.delete(p, list(zero)) > 0.05).all()
        sides[index[u]].append(segment)
        sides[index[v]].append(segment)
    for segment in np.asarray([s for item in G.graph["boundary"] for s in pieces(item)]):
        assert math.dist(*segment) == pytest.approx(SIDE)
        p = power(segment.mean(axis=0))
        (owner,) = np.flatnonzero(np.abs(p) < 1e-9)
        assert (np.delete(p, owner) > 0.05).all()
        sides[owner].append(segment)
    # each cell is closed by its walls and boundary sides: an octagon or a square
    for i, segs in sides.items():
        expected = 8 if apothem[i] > 0.5 else 4
        assert len(segs) == expected
        corners = np.round(np.concatenate(segs), 9)
        _, counts = np.unique(corners, axis=0, return_counts=True)
        assert len(counts) == expected and (counts == 2).all()
