"""mazegraph.structure.breadth_first: levels against networkx shortest paths, over several roots and zeta diagonals."""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.cellgraph import CellGraph, Labels
from mazegraph.structure import breadth_first


def cellgraph_of(G: nx.Graph) -> CellGraph:
    """The arrays of a graph on nodes 0..n-1, connected or not (compile_graph takes connected graphs only)."""
    edges = np.array(list(G.edges), dtype=np.int64).reshape(-1, 2)
    return CellGraph(name="test", labels=Labels(coords=np.arange(G.number_of_nodes())[:, None]), edges=edges)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(1, 30),
    p=st.sampled_from([0.05, 0.1, 0.3]),
    graph_seed=st.integers(0, 10**6),
    roots=st.lists(st.integers(0, 29), min_size=1, max_size=4),
)
def test_breadth_first_levels_are_distances_from_the_first_root_reaching_them(n, p, graph_seed, roots):
    G = nx.gnp_random_graph(n, p, seed=graph_seed)
    cells = cellgraph_of(G)
    roots = [r % n for r in roots]
    order, level, reached = breadth_first(cells.indptr, cells.neighbors, cells.edge_ids, cells.crossings,
                                          np.array(roots))
    expected = {}
    for r in roots:
        if r not in expected:
            expected.update(nx.single_source_shortest_path_length(G, r))
    assert reached == len(expected)
    assert set(order[:reached].tolist()) == set(expected)
    assert {c: int(level[c]) for c in range(n) if level[c] >= 0} == expected


def test_breadth_first_leaves_out_zeta_diagonals():
    G = mg.tessellations.zeta(4, 5)
    cells = mg.compile_graph(G)
    H = nx.Graph((u, v) for u, v, d in G.edges(data=True) if "crosses" not in d)
    start = cells.labels[0]
    _, level, reached = breadth_first(cells.indptr, cells.neighbors, cells.edge_ids, cells.crossings, np.array([0]))
    distance = nx.single_source_shortest_path_length(H, start)
    assert reached == cells.n_cells
    assert [int(level[cells.labels.index(v)]) for v in distance] == list(distance.values())
    _, level, _ = breadth_first(cells.indptr, cells.neighbors, cells.edge_ids, np.empty(0, np.int64), np.array([0]))
    assert level.max() < max(distance.values())  # with the diagonals, the far corner is nearer
