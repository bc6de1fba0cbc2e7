"""mazegraph.uniformity.count: spanning-tree counts and enumeration, against brute force and known values."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.uniformity import (
    count_spanning_trees,
    enumerate_spanning_trees,
    log_count_spanning_trees,
)


def brute_force_count(G: nx.Graph) -> int:
    """Count spanning trees by trying every (n - 1)-edge subset (independent of the library)."""
    nodes = list(G)
    edges = list(G.edges())
    n = len(nodes)
    total = 0
    for subset in itertools.combinations(edges, n - 1):
        H = nx.Graph(subset)
        H.add_nodes_from(nodes)
        total += nx.is_connected(H)
    return total


def fraction_det(G: nx.Graph) -> int:
    """Matrix-tree determinant by Gaussian elimination over Fractions (a second, independent route)."""
    nodes = list(G)[:-1]
    index = {v: i for i, v in enumerate(nodes)}
    m = [[Fraction(0)] * len(nodes) for _ in nodes]
    for v in nodes:
        m[index[v]][index[v]] = Fraction(G.degree(v))
        for w in G[v]:
            if w in index:
                m[index[v]][index[w]] -= 1
    det = Fraction(1)
    for k in range(len(nodes)):
        pivot = next(r for r in range(k, len(nodes)) if m[r][k] != 0)
        if pivot != k:
            m[k], m[pivot] = m[pivot], m[k]
            det = -det
        det *= m[k][k]
        for r in range(k + 1, len(nodes)):
            f = m[r][k] / m[k][k]
            m[r] = [a - f * b for a, b in zip(m[r], m[k])]
    return int(det)


@pytest.mark.parametrize(
    "G, expected",
    [
        (nx.cycle_graph(9), 9),
        (nx.path_graph(6), 1),
        (nx.complete_graph(7), 7**5),
        (nx.complete_bipartite_graph(3, 4), 3**3 * 4**2),  # m^(n-1) n^(m-1)
        (mg.tessellations.orthogonal(2, 2), 4),
        (mg.tessellations.orthogonal(3, 3), 192),
        (mg.tessellations.orthogonal(4, 4), 100352),
    ],
)
def test_count_known_values(G, expected):
    assert count_spanning_trees(G) == expected


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 12])
def test_cayley(n):
    assert count_spanning_trees(nx.complete_graph(n)) == n ** (n - 2) if n > 1 else 1


@pytest.mark.parametrize("G", [nx.grid_2d_graph(3, 3), nx.wheel_graph(7), nx.petersen_graph()])
def test_count_against_brute_force(G):
    assert count_spanning_trees(G) == brute_force_count(G)


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 9), st.floats(0.3, 0.9), st.integers(0, 10_000))
def test_count_random_graphs(n, p, seed):
    G = nx.gnp_random_graph(n, p, seed=seed)
    expected = fraction_det(G) if nx.is_connected(G) else 0
    assert count_spanning_trees(G) == expected
    if expected:
        assert math.isclose(log_count_spanning_trees(G), math.log(expected), rel_tol=1e-9, abs_tol=1e-9)
    else:
        assert log_count_spanning_trees(G) == -math.inf


def test_count_larger_grid_matches_log():
    G = mg.tessellations.orthogonal(12, 15)
    exact = count_spanning_trees(G)
    assert math.isclose(math.log(exact), log_count_spanning_trees(G), rel_tol=1e-11)


def test_log_count_tends_to_catalan_limit():
    catalan = 0.915965594177219015
    cells = mg.tessellations.build("torus", 120, 120)
    assert abs(log_count_spanning_trees(cells) / cells.n_cells - 4 * catalan / math.pi) < 2e-3


@pytest.mark.parametrize(
    "G",
    [nx.cycle_graph(5), nx.complete_graph(5), mg.tessellations.orthogonal(3, 3), mg.tessellations.sigma(2, 3),
     mg.tessellations.torus(3, 3)],
)
def test_enumeration_matches_count(G):
    trees = enumerate_spanning_trees(G)
    assert len(trees) == len(set(trees)) == count_spanning_trees(G)
    cells = mg.compile_graph(G)
    tree = trees[len(trees) // 2]
    assert len(tree) == cells.n_cells - 1
    mask = np.zeros(cells.n_edges, dtype=bool)
    mask[list(tree)] = True
    assert mg.Maze(G, mask).is_perfect()


def test_enumeration_labels_and_errors():
    trees = enumerate_spanning_trees(nx.cycle_graph(3), labels=True)
    assert frozenset({frozenset({0, 1}), frozenset({1, 2})}) in trees
    assert enumerate_spanning_trees(nx.Graph([(0, 1), (2, 3)])) == []
    with pytest.raises(mg.TooManyTreesError):
        enumerate_spanning_trees(nx.complete_graph(8), limit=1000)
    with pytest.raises(mg.InvalidSizeError):
        count_spanning_trees(nx.Graph())
    with pytest.raises(mg.UnsupportedError):
        count_spanning_trees(nx.DiGraph([(0, 1)]))
