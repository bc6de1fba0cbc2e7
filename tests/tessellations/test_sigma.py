"""mazegraph.tessellations.sigma: hexagons in a box and in a hexagon, counts and degrees."""

from __future__ import annotations

import math

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg

T = mg.tessellations


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
