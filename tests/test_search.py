"""mazegraph._search: the one breadth-first flood and the one low-point search, against networkx."""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph._search import bfs_parents, breadth_first, low_points, path_from_parents, reachable_count

T = mg.tessellations
seeds = st.integers(0, 2**32 - 1)

GRAPHS = st.one_of(
    st.builds(T.orthogonal, st.integers(1, 7), st.integers(1, 7)),
    st.builds(T.sigma, st.integers(1, 6), st.integers(1, 6)),
    st.builds(T.theta, st.integers(1, 4)),
    st.builds(T.delta, st.integers(1, 5), st.integers(2, 8)),
    st.builds(lambda n, s: nx.connected_watts_strogatz_graph(n, 4, 0.5, seed=s), st.integers(5, 30), seeds),
)


@st.composite
def passages(draw):
    """A tessellation, a random set of open edges on it, and the same passages as an index-labelled nx.Graph."""
    cells = mg.compile_graph(draw(GRAPHS))
    is_open = np.random.default_rng(draw(seeds)).random(cells.n_edges) < draw(st.floats(0.2, 1.0))
    P = nx.Graph()
    P.add_nodes_from(range(cells.n_cells))
    P.add_edges_from(cells.edges[is_open].tolist())
    return cells, is_open, P


def csr(cells):
    return cells.indptr, cells.neighbors, cells.edge_ids


@settings(max_examples=60, deadline=None)
@given(passages(), st.data())
def test_breadth_first_distances_parents_and_order(found, data):
    cells, is_open, P = found
    source = data.draw(st.integers(0, cells.n_cells - 1))
    dist, parent, order, expanded = breadth_first(*csr(cells), is_open, source, -1)
    expected = nx.single_source_shortest_path_length(P, source)
    assert {v: int(dist[v]) for v in np.flatnonzero(dist >= 0)} == expected
    assert sorted(order.tolist()) == sorted(expected) and order[0] == source
    assert (np.diff(dist[order]) >= 0).all()  # found layer by layer
    assert expanded == len(order)
    for v in order[1:].tolist():  # each parent is a neighbour through an open passage, one step nearer
        assert P.has_edge(v, int(parent[v])) and dist[parent[v]] == dist[v] - 1
    assert reachable_count(parent) == len(expected)
    assert np.array_equal(bfs_parents(*csr(cells), is_open, source, -1), parent)


@settings(max_examples=60, deadline=None)
@given(passages(), st.data())
def test_breadth_first_stops_when_the_target_layer_is_found(found, data):
    cells, is_open, P = found
    source, target = data.draw(st.tuples(st.integers(0, cells.n_cells - 1), st.integers(0, cells.n_cells - 1)))
    dist, parent, order, expanded = breadth_first(*csr(cells), is_open, source, target)
    lengths = nx.single_source_shortest_path_length(P, source)
    if target not in lengths:
        assert dist[target] == -1 and path_from_parents(parent, source, target) is None
        return
    d = lengths[target]
    # every cell nearer than the target was expanded, no cell at its distance was, and all of them were found
    assert expanded == sum(1 for k in lengths.values() if k < d)
    assert sorted(order.tolist()) == sorted(v for v, k in lengths.items() if k <= d)
    path = path_from_parents(parent, source, target)
    assert len(path) == d + 1 and path[0] == source and path[-1] == target
    assert all(P.has_edge(int(a), int(b)) for a, b in zip(path[:-1], path[1:]))


@settings(max_examples=60, deadline=None)
@given(passages(), st.data())
def test_low_points_find_bridges_cut_cells_and_blocks(found, data):
    cells, is_open, P = found
    root = data.draw(st.integers(0, cells.n_cells - 1))
    target = data.draw(st.integers(0, cells.n_cells - 1))
    disc, low, parent, via, has_target, block, steps = low_points(*csr(cells), is_open, root, target)
    C = P.subgraph(nx.node_connected_component(P, root))
    reached = np.flatnonzero(disc >= 0)
    assert set(reached.tolist()) == set(C) and steps == len(C) - 1
    children = reached[reached != root]
    joined = np.sort(cells.edges[via[children]], axis=1)  # the tree edge into each cell joins it to its parent
    assert (joined == np.sort(np.stack([children, parent[children]], 1), axis=1)).all()
    assert (disc[parent[children]] < disc[children]).all()  # a tree: each cell found after its parent
    bridges = {tuple(sorted(cells.edges[via[v]].tolist())) for v in children if low[v] > disc[parent[v]]}
    assert bridges == {tuple(sorted(e)) for e in nx.bridges(C)}
    # a cell other than the root separates a child's subtree when low[child] >= disc[cell]
    cut = {int(parent[v]) for v in children if parent[v] != root and low[v] >= disc[parent[v]]}
    if sum(parent[children] == root) > 1:
        cut.add(root)
    assert cut == set(nx.articulation_points(C))
    blocks = {}
    for e in np.flatnonzero(block >= 0).tolist():
        blocks.setdefault(int(block[e]), set()).add(tuple(sorted(cells.edges[e].tolist())))
    expected = [{tuple(sorted(e)) for e in b} for b in nx.biconnected_component_edges(C)]
    assert sorted(map(sorted, blocks.values())) == sorted(map(sorted, expected))
    chain = set()  # the cells whose subtree holds the target: the target and its ancestors
    v = target
    while target in C and v >= 0:
        chain.add(v)
        v = int(parent[v])
    assert set(np.flatnonzero(has_target).tolist()) == chain
