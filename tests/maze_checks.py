"""Small tessellations and passage checks shared by the routing and braid/weave generator tests."""

from __future__ import annotations

import networkx as nx
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.structure.passages import open_degree

T = mg.tessellations

SMALL = {
    "orthogonal": lambda a, b: T.orthogonal(a, b),
    "sigma": lambda a, b: T.sigma(a, b),
    "delta": lambda a, b: T.delta(a, b + 1),
    "theta": lambda a, b: T.theta(a),
    "zeta": lambda a, b: T.zeta(a, b),
    "upsilon": lambda a, b: T.upsilon(a, b),
    "torus": lambda a, b: T.torus(a + 2, b + 2),
}

sizes = st.integers(2, 7)
seeds = st.integers(0, 2**20)
kinds = st.sampled_from(sorted(SMALL))


def degrees(M):
    return open_degree(M.cells.indptr, M.cells.edge_ids, M.open)


def passage_graph(M):
    G = nx.Graph()
    G.add_nodes_from(range(M.cells.n_cells))
    G.add_edges_from(M.cells.edges[M.open].tolist())
    return G


def no_open_crossings(M):
    crosses = M.cells.edge_refs.get("crosses")
    if crosses is None:
        return True
    both = M.open & (crosses >= 0)
    both[both] &= M.open[crosses[both]]
    return not both.any()


def check_spanning_tree(G, M):
    """M is a spanning tree of G: n - 1 open edges, all of them G's, one tree by networkx (not the kernels)."""
    assert M.n_open == G.number_of_nodes() - 1
    assert M.is_perfect()
    P = M.to_networkx()
    assert set(P.nodes) == set(G.nodes)
    assert nx.is_tree(P)
    assert all(G.has_edge(u, v) for u, v in P.edges)
