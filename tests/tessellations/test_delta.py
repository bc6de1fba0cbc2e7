"""mazegraph.tessellations.delta: counts, degree profiles, connectivity."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg

T = mg.tessellations


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
