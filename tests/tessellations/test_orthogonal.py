"""mazegraph.tessellations.orthogonal, and the wall-geometry tests shared by the core tessellations.

Counts and degree profiles of the orthogonal grid; for orthogonal, delta, sigma and theta
together: walls form a closed drawing, each wall separates exactly its two cells, bad sizes.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg

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


@pytest.mark.parametrize("builder,args", [
    (T.orthogonal, (0, 3)), (T.orthogonal, (3, -1)), (T.delta, (2.5, 3)), (T.sigma, ("3", 3)),
    (T.sigma_hexagon, (0,)), (T.theta, (True,)),
])
def test_bad_sizes_raise(builder, args):
    with pytest.raises(mg.InvalidSizeError):
        builder(*args)
