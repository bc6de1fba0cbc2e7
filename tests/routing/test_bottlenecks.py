"""mazegraph.routing.bottlenecks: against brute force, and without a solution."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from maze_checks import SMALL, T, kinds, passage_graph, seeds

import mazegraph as mg

# -- bottlenecks ------------------------------------------------------------------------------


def brute_bottlenecks(M, s, g):
    P = passage_graph(M)
    cells = [c for c in P if c in (s, g) or not nx.has_path(nx.restricted_view(P, [c], []), s, g)]
    edges = []
    for u, v in P.edges:
        if not nx.has_path(nx.restricted_view(P, [], [(u, v)]), s, g):
            edges.append(M.cells.edge_index(u, v))
    return set(cells), set(edges)


@settings(deadline=None, max_examples=25)
@given(kinds, st.integers(2, 5), st.integers(2, 5), seeds, st.floats(0.0, 1.0))
def test_bottlenecks_match_brute_force(kind, a, b, seed, fraction):
    G = SMALL[kind](a, b)
    M = mg.braid(mg.generate(G, "kruskal", seed=seed), fraction, seed=seed)
    rng = np.random.default_rng(seed)
    s, g = (int(x) for x in rng.integers(0, M.cells.n_cells, 2))
    labels = M.cells.labels
    found = mg.bottlenecks(M, labels[s], labels[g])
    cells, edges = brute_bottlenecks(M, s, g)
    assert set(found.cell_indices.tolist()) == cells
    assert set(found.edge_indices.tolist()) == edges
    if fraction == 0.0:
        assert found.cells == M.solution(labels[s], labels[g])


def test_bottlenecks_without_solution():
    with pytest.raises(mg.NoSolutionError):
        mg.bottlenecks(mg.Maze(T.orthogonal(2, 2)))
