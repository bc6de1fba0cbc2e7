"""mazegraph.generators.exhaustive: the backtracking Hamiltonian-path search against brute force."""

from __future__ import annotations

import networkx as nx
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.generators.exhaustive import exhaustive_search

from ._division_unicursal import has_hamiltonian_path


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 11), p=st.sampled_from([0.2, 0.3, 0.5]), graph_seed=st.integers(0, 10**6))
def test_backtracking_search_is_exact(n, p, graph_seed):
    G = nx.convert_node_labels_to_integers(nx.gnp_random_graph(n, p, seed=graph_seed))
    assume(nx.is_connected(G))
    cells = mg.compile_graph(G)
    status, order = exhaustive_search(cells.indptr, cells.neighbors, 10**7)
    assert status == (1 if has_hamiltonian_path(G) else 0)
    if status == 1:
        assert sorted(order.tolist()) == list(range(n))
        assert all(cells.edge_index(a, b) >= 0 for a, b in zip(order[:-1], order[1:]))
