"""Helpers shared by the row generators' tests (Binary Tree, Sidewinder, Eller)."""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.tessellations import compile_graph

T = mg.tessellations
seeds = st.integers(0, 2**32 - 1)

# tessellations with rows: (builder, sizes strategy)
WITH_ROWS = {
    "orthogonal": (T.orthogonal, st.tuples(st.integers(1, 8), st.integers(1, 8))),
    "delta": (T.delta, st.tuples(st.integers(1, 6), st.integers(2, 8))),
    "sigma": (T.sigma, st.tuples(st.integers(1, 6), st.integers(1, 6))),
    "sigma_hexagon": (T.sigma_hexagon, st.tuples(st.integers(1, 4))),
    "theta": (T.theta, st.tuples(st.integers(1, 5))),
    "upsilon": (T.upsilon, st.tuples(st.integers(1, 6), st.integers(1, 6))),
    "zeta": (T.zeta, st.tuples(st.integers(1, 6), st.integers(1, 6))),
    "grid": (lambda *shape: T.grid(shape), st.tuples(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4))),
    "torus": (T.torus, st.tuples(st.integers(3, 5), st.integers(3, 5))),
    "cylinder": (T.cylinder, st.tuples(st.integers(1, 5), st.integers(3, 6))),
    "moebius": (T.moebius, st.tuples(st.integers(2, 5), st.integers(3, 6))),
    "klein": (T.klein, st.tuples(st.integers(3, 5), st.integers(3, 5))),
    "cube": (T.cube, st.tuples(st.integers(2, 4))),
}

# shapes whose rows part and meet again, leave gaps, or have bays that a row-by-row pass must not cut off
ODD_MASKS = {
    "U": [".#....#.", ".#.##.#.", ".#.##.#.", "........"],
    "arch": ["........", ".##..##.", ".##..##.", ".##..##."],
    "W": [".#.#.#.", ".#.#.#.", ".......", "###.###", "##...##"],
    "S": ["......", "#####.", "......", ".#####", "......"],
    "spiral": [".......", ".#####.", ".#...#.", ".#.#.#.", ".#.#..", ".#.####", "......."],
    "comb": [".........", ".#.#.#.#.", ".#.#.#.#.", ".........", "#.#.#.#.#", "........."],
    "bays": ["##..##", "#....#", "......", ".#..#.", ".#..#."],
}


@st.composite
def row_tessellations(draw):
    """A tessellation with rows: a package one, a random mask, or a user graph whose rows are BFS levels."""
    kind = draw(st.sampled_from([*sorted(WITH_ROWS), "mask", "odd_mask", "user"]))
    if kind == "mask":
        rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 7))
        cells = draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))
        mask = np.array(cells, dtype=bool).reshape(rows, cols)
        mask[draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))] = True
        return T.from_mask(mask, largest=True)
    if kind == "odd_mask":
        return T.from_mask(ODD_MASKS[draw(st.sampled_from(sorted(ODD_MASKS)))])
    if kind == "user":
        n = draw(st.integers(2, 30))
        G = nx.gnp_random_graph(n, draw(st.floats(0.08, 0.5)), seed=draw(st.integers(0, 10**6)))
        G = G.subgraph(max(nx.connected_components(G), key=len)).copy()
        root = draw(st.sampled_from(sorted(G.nodes)))
        nx.set_node_attributes(G, nx.single_source_shortest_path_length(G, root), "row")
        return G
    builder, sizes = WITH_ROWS[kind]
    return builder(*draw(sizes))


def assert_spanning_tree(G, M):
    assert M.n_open == G.number_of_nodes() - 1
    tree = M.to_networkx()
    assert set(tree.nodes) == set(G.nodes)
    assert nx.is_tree(tree)  # checked by networkx, independently of the kernels
    assert M.is_perfect()
    crosses = compile_graph(G).edge_refs.get("crosses")
    if crosses is not None:  # zeta: never two open crossing diagonals
        diagonal = np.flatnonzero(crosses >= 0)
        assert not np.any(M.open[diagonal] & M.open[crosses[diagonal]])


def _open_pairs(M):
    return {frozenset(e) for e in M.to_networkx().edges}
