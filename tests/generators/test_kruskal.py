"""mazegraph.generators.kruskal: the until_connected option (a start and goal joined, not a spanning tree)."""

from __future__ import annotations

import networkx as nx
import pytest
from conftest import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(2, 12), cols=st.integers(2, 12), seed=seeds, data=st.data())
def test_kruskal_until_connected(rows, cols, seed, data):
    G = mg.tessellations.orthogonal(rows, cols)
    cells = list(G.nodes)
    a = data.draw(st.sampled_from(cells))
    b = data.draw(st.sampled_from([c for c in cells if c != a]))
    M = mg.generate(G, "kruskal", seed=seed, until_connected=(a, b))
    assert (M.start, M.goal) == (a, b)
    T = M.to_networkx()
    assert nx.is_forest(T) and nx.has_path(T, a, b)
    # the same walls in the same order as a full run, stopped early: a subset of its tree
    full = mg.generate(G, "kruskal", seed=seed)
    assert not (M.open & ~full.open).any()
    assert M.n_open <= full.n_open


def test_kruskal_until_connected_is_not_a_spanning_tree():
    G = mg.tessellations.orthogonal(20, 20)
    M = mg.generate(G, "kruskal", seed=1, until_connected=((0, 0), (19, 19)))
    assert not M.is_perfect() and "not a spanning tree" in repr(M)
    assert M.meta["options"] == {"until_connected": [[0, 0], [19, 19]]}


def test_kruskal_until_connected_bad_value():
    with pytest.raises(mg.InvalidOptionError, match="until_connected must be a pair of cells"):
        mg.generate(mg.tessellations.orthogonal(3, 3), "kruskal", until_connected=(0, 0, 1))
