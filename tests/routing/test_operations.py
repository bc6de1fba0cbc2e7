"""mazegraph.routing.operations: flood and is_solvable against networkx, the removers."""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from maze_checks import SMALL, kinds, no_open_crossings, passage_graph, seeds, sizes

import mazegraph as mg

# -- flood, removers --------------------------------------------------------------------------


@settings(deadline=None, max_examples=20)
@given(kinds, sizes, sizes, seeds, st.floats(0.0, 1.0))
def test_flood_and_solvable_match_networkx(kind, a, b, seed, keep):
    G = SMALL[kind](a, b)
    rng = np.random.default_rng(seed)
    M = mg.generate(G, "braid", seed=seed)
    M = mg.Maze(G, M.open & (rng.random(M.cells.n_edges) < keep))
    P = passage_graph(M)
    reach = nx.node_connected_component(P, M.start_index)
    assert {M.cells.labels.index(x) for x in mg.flood(M)} == reach
    assert mg.is_solvable(M) == (M.goal_index in reach)


@settings(deadline=None, max_examples=20)
@given(kinds, sizes, sizes, seeds, st.floats(0.0, 1.0))
def test_remove_isolations_then_loops(kind, a, b, seed, keep):
    G = SMALL[kind](a, b)
    rng = np.random.default_rng(seed)
    base = mg.generate(G, "braid", seed=seed)
    M = mg.Maze(G, base.open & (rng.random(base.cells.n_edges) < keep))
    parts = nx.number_connected_components(passage_graph(M))
    J = mg.remove_isolations(M, seed=seed)
    assert J.is_connected() and (J.open | ~M.open).all() and no_open_crossings(J)
    assert J.n_open - M.n_open == parts - 1 == J.meta["remove_isolations"]["opened"]
    L = mg.remove_loops(J, seed=seed)
    assert L.is_perfect() and (J.open | ~L.open).all()
    assert J.n_open - L.n_open == J.n_open - (J.cells.n_cells - 1) == L.meta["remove_loops"]["closed"]
    F = mg.remove_loops(M, seed=seed)  # a disconnected maze becomes a spanning forest of its parts
    assert nx.is_forest(passage_graph(F)) and nx.number_connected_components(passage_graph(F)) == parts
