"""mazegraph.tessellations.theta: ring sizes, counts, degrees, walls between their cells."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest

import mazegraph as mg
from mazegraph.tessellations.theta import ring_sizes

T = mg.tessellations


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
