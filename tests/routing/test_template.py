"""mazegraph.routing.template: template rings change as few walls as needed."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st
from maze_checks import passage_graph, seeds

import mazegraph as mg

# -- templates --------------------------------------------------------------------------------


@settings(deadline=None, max_examples=15)
@given(st.integers(1, 9), st.integers(1, 9), seeds)
def test_template_rings_change_as_few_walls_as_needed(rows, cols, seed):
    P = mg.routing.concentric_rings(rows, cols)
    G = passage_graph(P)
    parts = nx.number_connected_components(G)
    loops = P.n_open - (P.cells.n_cells - parts)
    M = mg.routing.from_template(P, seed=seed)
    assert M.is_perfect()
    assert M.meta["template"] == {"source": "concentric_rings", "opened": parts - 1, "closed": loops}
    assert int((M.open != P.open).sum()) == parts - 1 + loops
