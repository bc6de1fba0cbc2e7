"""mazegraph.structure.hamiltonian: the cheap Hamiltonian-path tests against brute force on small graphs."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.cellgraph import CellGraph, Labels
from mazegraph.structure import hamiltonian_facts, hamiltonian_refusal, two_colouring

T = mg.tessellations

SMALL = {
    "star-3": lambda: nx.star_graph(3),
    "star-4": lambda: nx.star_graph(4),
    "path-5": lambda: nx.path_graph(5),
    "cycle-6": lambda: nx.cycle_graph(6),
    "K2,3": lambda: nx.complete_bipartite_graph(2, 3),
    "K2,4": lambda: nx.complete_bipartite_graph(2, 4),
    "K3,3": lambda: nx.complete_bipartite_graph(3, 3),
    "petersen": lambda: nx.petersen_graph(),
    "wheel-6": lambda: nx.wheel_graph(6),
    "ladder-4": lambda: nx.ladder_graph(4),
    "orthogonal-3x3": lambda: T.orthogonal(3, 3),
    "orthogonal-2x4": lambda: T.orthogonal(2, 4),
    "mask-plus": lambda: T.from_mask(["#.#", "...", "#.#"]),
    "delta-3x3": lambda: T.delta(3, 3),
    "delta-2x4": lambda: T.delta(2, 4),
    "sigma-2x3": lambda: T.sigma(2, 3),
    "two-triangles": lambda: nx.disjoint_union(nx.cycle_graph(3), nx.cycle_graph(3)),
    "two-paths": lambda: nx.disjoint_union(nx.path_graph(3), nx.path_graph(4)),
}


def hamiltonian_paths(G: nx.Graph) -> list[tuple]:
    """Every Hamiltonian path of G as (first, last), by depth-first enumeration."""
    n = G.number_of_nodes()
    ends = []

    def extend(path, seen):
        if len(path) == n:
            ends.append((path[0], path[-1]))
            return
        for v in G[path[-1]]:
            if v not in seen:
                seen.add(v)
                path.append(v)
                extend(path, seen)
                path.pop()
                seen.remove(v)

    for v in G:
        extend([v], {v})
    return ends


def cells_of(G: nx.Graph) -> CellGraph:
    """compile_graph's arrays; a graph in pieces (which compile_graph refuses) on nodes 0..n-1 directly."""
    if nx.is_connected(G):
        return mg.compile_graph(G)
    edges = np.array(list(G.edges), dtype=np.int64).reshape(-1, 2)
    cells = CellGraph(name="pieces", labels=Labels(coords=np.arange(G.number_of_nodes())[:, None]), edges=edges)
    return cells


def check(G: nx.Graph) -> None:
    cells = cells_of(G)
    if not nx.is_connected(G):
        G = nx.relabel_nodes(G, lambda v: (v,))
    labels = cells.labels.tolist()
    colour, bipartite = two_colouring(cells)
    assert bipartite == nx.is_bipartite(G)
    for component in nx.connected_components(G):
        root = min(component, key=labels.index)  # each part is coloured from its first cell
        distance = nx.single_source_shortest_path_length(G, root)
        assert all(colour[labels.index(v)] == d % 2 for v, d in distance.items())
    reason, colour_again, need = hamiltonian_facts(cells)
    assert (colour_again == colour).all()
    ends = hamiltonian_paths(G)
    if reason is not None:  # the tests are sound: a reason means there is no path
        assert ends == []
        assert hamiltonian_refusal(cells) == f"it has no single passage through every cell: {reason}"
    else:
        assert hamiltonian_refusal(cells) is None
    if need >= 0:  # both ends of every path lie in the larger class
        assert all(colour[labels.index(a)] == need == colour[labels.index(b)] for a, b in ends)
        assert 2 * int((colour == need).sum()) == cells.n_cells + 1
    leaves = sum(1 for _, d in G.degree if d == 1)
    if cells.n_cells >= 3 and leaves > 2:
        assert reason is not None and f"{leaves} cells with a single neighbour" in reason


@pytest.mark.parametrize("name", sorted(SMALL))
def test_hamiltonian_facts_on_small_graphs(name):
    check(SMALL[name]())


@settings(max_examples=80, deadline=None)
@given(n=st.integers(1, 8), p=st.sampled_from([0.2, 0.35, 0.5]), graph_seed=st.integers(0, 10**6))
def test_hamiltonian_facts_on_random_graphs(n, p, graph_seed):
    check(nx.gnp_random_graph(n, p, seed=graph_seed))


def test_hamiltonian_facts_name_the_reasons():
    assert "cells with a single neighbour" in hamiltonian_refusal(mg.compile_graph(nx.star_graph(3)))
    assert "classes of 4 and 2" in hamiltonian_refusal(mg.compile_graph(nx.complete_bipartite_graph(2, 4)))
    cells = mg.compile_graph(T.orthogonal(4, 4))
    assert hamiltonian_facts(cells) is hamiltonian_facts(cells) and "hamiltonian_facts" in cells._memo
