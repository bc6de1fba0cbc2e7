"""mazegraph.reproduce.ust_lattices: the exact UST laws beside the atlas, against enumeration and large tori."""

from __future__ import annotations

import itertools
from math import pi, sqrt

import networkx as nx
import numpy as np
import pytest

import mazegraph as mg
from mazegraph.reproduce.ust_lattices import (
    LATTICES,
    cubic_resistance,
    degree_law,
    exact_pct,
    transfer_currents,
    ust_degrees,
)
from mazegraph.uniformity.ust import reference_z2

# -- the exact laws -------------------------------------------------------------------------------------------


def test_square_law_is_manna_dhar_majumdar():
    law = ust_degrees("square")
    assert law[1] == pytest.approx(8 / pi**2 * (1 - 2 / pi), abs=1e-12)  # the dead-end density's closed form
    ref = reference_z2()
    assert law[1:] == pytest.approx(ref["fraction"].to_numpy(), abs=1e-7)  # the shipped table, all four degrees


@pytest.mark.parametrize("name", sorted(LATTICES))
def test_every_law_is_a_law_of_a_tree(name):
    law = ust_degrees(name)
    assert law.sum() == pytest.approx(1.0, abs=1e-12)
    assert law[0] == pytest.approx(0.0, abs=1e-12)  # a spanning tree has no isolated vertex
    assert np.arange(len(law)) @ law == pytest.approx(2.0, abs=1e-9)  # mean degree of a huge tree: 2


def test_honeycomb_law_is_a_quarter_a_half_a_quarter():
    assert ust_degrees("honeycomb") == pytest.approx([0, 0.25, 0.5, 0.25], abs=1e-12)
    assert exact_pct("honeycomb", "crossroad_pct") == pytest.approx(0.0, abs=1e-10)


def _spanning_trees(G):
    """Every spanning tree of a small graph, by brute force."""
    n, edges = G.number_of_nodes(), list(G.edges())
    for chosen in itertools.combinations(edges, n - 1):
        T = nx.Graph(chosen)
        if T.number_of_nodes() == n and nx.is_tree(T):
            yield T


@pytest.mark.parametrize("graph", ["grid", "wheel"])
def test_transfer_current_law_matches_enumerating_every_tree(graph):
    """On a small graph: each vertex's degree law from resistances (the formula the lattices use) equals
    the law over all its spanning trees, counted one by one."""
    G = nx.grid_2d_graph(3, 4) if graph == "grid" else nx.wheel_graph(7)
    G = nx.convert_node_labels_to_integers(G)
    trees = list(_spanning_trees(G))
    assert len(trees) == round(np.prod(sorted(np.linalg.eigvalsh(nx.laplacian_matrix(G).toarray()))[1:])
                               / G.number_of_nodes())  # matrix-tree theorem: none missed
    Lplus = np.linalg.pinv(nx.laplacian_matrix(G).toarray().astype(float))

    def R(a, b):
        return Lplus[a, a] + Lplus[b, b] - 2 * Lplus[a, b]

    for v in G:
        nbrs = list(G[v])
        Y = np.array([[(R(v, x) + R(v, y) - R(x, y)) / 2 for y in nbrs] for x in nbrs])
        counted = np.bincount([T.degree(v) for T in trees], minlength=len(nbrs) + 1) / len(trees)
        assert degree_law(Y) == pytest.approx(counted, abs=1e-9), v


def _torus_resistance(N, neighbours, target):
    """Resistance to ``target`` in an N x N periodic lattice with the given neighbour steps, by Fourier sum."""
    k = 2 * pi * np.arange(N) / N
    k1, k2 = np.meshgrid(k, k, indexing="ij")
    D = sum(1 - np.cos(a * k1 + b * k2) for a, b in neighbours)
    D[0, 0] = np.inf
    a, b = target
    return 2 * float(np.sum((1 - np.cos(a * k1 + b * k2)) / D)) / N**2


def test_triangular_and_square_resistances_match_a_large_torus():
    tri = [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)]  # basis e1 = (1, 0), e2 at 60 degrees
    table = {1: (1, 0), 3: (1, 1), 4: (2, 0)}  # squared length -> a point at it, in that basis
    for point in table.values():
        vector = point[0] * np.array([1.0, 0.0]) + point[1] * np.array([0.5, sqrt(3) / 2])
        assert LATTICES["triangular"].resistance(vector) == pytest.approx(
            _torus_resistance(1024, tri, point), abs=2e-6)
    square = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    for point in [(1, 0), (1, 1), (2, 0)]:
        assert LATTICES["square"].resistance(point) == pytest.approx(_torus_resistance(1024, square, point), abs=2e-6)


def test_honeycomb_second_neighbour_resistance_by_fourier():
    """Honeycomb: two sublattices; the A-A block of the inverse Laplacian is 3 / (9 - |s(k)|^2)."""
    N = 512
    k = 2 * pi * np.arange(N) / N
    k1, k2 = np.meshgrid(k, k, indexing="ij")
    s2 = np.abs(1 + np.exp(1j * k1) + np.exp(1j * k2)) ** 2
    with np.errstate(divide="ignore"):
        G = 3.0 / (9.0 - s2)
    G[0, 0] = 0.0
    second = 2 * float(np.sum((1 - np.cos(k1)) * G)) / N**2  # A at 0 to A one lattice vector away
    assert second == pytest.approx(1.0, abs=1e-4)
    steps = np.asarray(LATTICES["honeycomb"].steps)
    assert LATTICES["honeycomb"].resistance(steps[0] - steps[1]) == 1.0


def test_cubic_resistances():
    assert cubic_resistance((1, 1)) == pytest.approx(2 / pi, abs=1e-9)  # the same integral in 2D: closed forms
    assert cubic_resistance((2, 0)) == pytest.approx(2 - 4 / pi, abs=1e-9)
    assert cubic_resistance((1, 0, 0)) == pytest.approx(1 / 3, abs=1e-10)  # d / (number of edges per vertex)
    r110 = cubic_resistance((1, 1, 0))
    assert r110 == pytest.approx(0.3951, abs=5e-5)  # Cserti (2000), Table: 0.3951
    assert cubic_resistance((2, 0, 0)) == pytest.approx(2 - 4 * r110, abs=1e-9)  # Kirchhoff's law at the origin
    Y = transfer_currents("cubic")
    assert Y.sum(axis=1) == pytest.approx(np.ones(6), abs=1e-9)  # a unit current leaves the vertex


def test_wilson_on_a_torus_agrees_with_the_square_law():
    """A statistical check of the whole chain (generator, metric, exact value): fixed seeds, 4 standard errors."""
    G = mg.tessellations.build("torus", 40, 40)
    values = [mg.metrics.dead_end_pct(mg.generate(G, "wilson", seed=s)) for s in range(40)]
    se = np.std(values, ddof=1) / np.sqrt(len(values))
    assert abs(np.mean(values) - exact_pct("square", "dead_end_pct")) < 4 * se
