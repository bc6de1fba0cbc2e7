"""mazegraph.generators.braid: braid mazes from scratch, every open wall needed; weaves refused."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from maze_checks import SMALL, T, degrees, kinds, no_open_crossings, passage_graph, seeds, sizes

import mazegraph as mg


@settings(deadline=None, max_examples=20)
@given(kinds, sizes, sizes, seeds)
def test_braid_from_scratch(kind, a, b, seed):
    G = SMALL[kind](a, b)
    M = mg.generate(G, "braid", seed=seed)
    assert M.is_connected() and no_open_crossings(M)
    assert not ((degrees(M) == 1) & (M.cells.degree > 1)).any()
    # every open wall is needed: closing it makes a dead end or cuts the maze
    P = passage_graph(M)
    bridges = {frozenset(e) for e in nx.bridges(P)}
    for u, v in M.cells.edges[M.open].tolist():
        assert P.degree[u] <= 2 or P.degree[v] <= 2 or frozenset((u, v)) in bridges


def test_braid_from_scratch_refuses_weave():
    with pytest.raises(mg.UnsupportedError, match="weave"):
        mg.generate(T.weave(4, 4), "braid", seed=1)
