"""mazegraph.generators.binary_tree: spanning trees, one edge to an earlier cell, the order option, texture."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph._random import as_generator, kernel_state
from mazegraph.generators import binary_tree as bt
from mazegraph.structure.cell_order import cell_order
from mazegraph.tessellations import compile_graph

from ._kernels import CASES, general_binary_tree, is_spanning_tree
from ._rows import T, _open_pairs, assert_spanning_tree, row_tessellations, seeds


@st.composite
def any_tessellations(draw):
    """Any tessellation or graph: those with rows, and some without."""
    kind = draw(st.sampled_from(["rows", "voronoi", "petersen", "regular"]))
    if kind == "voronoi":
        return T.voronoi(draw(st.integers(3, 40)), seed=draw(st.integers(0, 1000)))
    if kind == "petersen":
        return nx.petersen_graph()
    if kind == "regular":
        return nx.random_regular_graph(3, 2 * draw(st.integers(2, 10)), seed=draw(st.sampled_from([1, 2, 5])))
    return draw(row_tessellations())


@settings(max_examples=80, deadline=None)
@given(G=any_tessellations(), seed=seeds)
def test_binary_tree_makes_spanning_trees(G, seed):
    assert_spanning_tree(G, mg.generate(G, "binary_tree", seed=seed))


@settings(max_examples=60, deadline=None)
@given(G=any_tessellations(), seed=seeds)
def test_binary_tree_opens_one_edge_to_an_earlier_cell(G, seed):
    cells = compile_graph(G)
    _, order, rank, _ = cell_order(cells)
    M = mg.generate(G, "binary_tree", seed=seed)
    u, v = cells.edges[M.open].T
    later = np.where(rank[u] > rank[v], u, v)
    assert sorted(later.tolist()) == sorted(order[1:].tolist())  # each cell but the first, exactly once


def test_binary_tree_order_choice():
    assert cell_order(compile_graph(T.orthogonal(4, 5)))[0] == "rows"
    assert cell_order(compile_graph(T.theta(4)))[0] == "rows"
    assert cell_order(compile_graph(T.grid((3, 3, 3))))[0] == "rows"
    assert cell_order(compile_graph(T.delta(4, 5)))[0] == "bfs"  # row-first cells pointing up have no earlier one
    assert cell_order(compile_graph(T.voronoi(30, seed=1)))[0] == "bfs"
    assert cell_order(compile_graph(T.orthogonal(4, 5)), "bfs")[0] == "bfs"
    G = T.sigma(6, 6)
    assert mg.generate(G, "binary_tree", seed=3, order="bfs") != mg.generate(G, "binary_tree", seed=3)


def test_binary_tree_order_rows_refused_where_rows_fail():
    with pytest.raises(mg.UnsupportedError, match="order='bfs'"):
        mg.generate(T.delta(4, 5), "binary_tree", seed=1, order="rows")
    with pytest.raises(mg.UnsupportedError, match="no rows"):
        mg.generate(T.voronoi(20, seed=1), "binary_tree", seed=1, order="rows")


def test_binary_tree_texture_on_a_square_grid():
    R, C = 9, 11
    G = T.orthogonal(R, C)
    for seed in range(5):
        pairs = _open_pairs(mg.generate(G, "binary_tree", seed=seed))
        assert all(frozenset({(0, c), (0, c + 1)}) in pairs for c in range(C - 1))  # top row: one corridor
        assert all(frozenset({(r, 0), (r + 1, 0)}) in pairs for r in range(R - 1))  # left column too
    up = _open_pairs(mg.generate(G, "binary_tree", seed=1, p_up=1.0))
    assert all(frozenset({(r, c), (r + 1, c)}) in up for r in range(R - 1) for c in range(C))
    side = _open_pairs(mg.generate(G, "binary_tree", seed=1, p_up=0.0))
    assert all(frozenset({(r, c), (r, c + 1)}) in side for r in range(R) for c in range(C - 1))


def test_binary_tree_p_up_sets_the_odds():
    cells = T.build("orthogonal", 40, 40)
    coords = cells.labels.coords
    vertical = coords[cells.edges[:, 0], 0] != coords[cells.edges[:, 1], 0]
    inner = (coords[cells.edges.max(axis=1)] > 0).all(axis=1)  # chosen by cells with a north and a west
    M = mg.generate(cells, "binary_tree", seed=2, p_up=0.8)
    share = M.open[inner & vertical].sum() / M.open[inner].sum()
    assert 0.76 < share < 0.84
    M = mg.generate(cells, "binary_tree", seed=2)
    assert 0.46 < M.open[inner & vertical].sum() / M.open[inner].sum() < 0.54


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("p_up", [None, 0.0, 0.3, 1.0])
def test_binary_tree_lists_draw_as_the_general_kernel(name, p_up):
    cells = compile_graph(CASES[name])
    for order in ("auto", "bfs"):
        for seed in range(4):
            ours_state = kernel_state(as_generator(seed))
            theirs_state = ours_state.copy()
            if len(cells.crossings):  # zeta: the general kernel is the one that runs
                ours = mg.generate(cells, "binary_tree", seed=seed, p_up=p_up, order=order).open
                theirs = general_binary_tree(cells, theirs_state, p_up, order)
            else:
                ptr, edges, grouped, n_up = bt.earlier_edges(cells, order)
                ours = bt._binary_tree_lists(ptr, edges, grouped, n_up, cells.n_edges, -1.0 if p_up is None else p_up,
                                             ours_state)
                theirs = general_binary_tree(cells, theirs_state, p_up, order)
                assert np.array_equal(ours_state, theirs_state), "a different number of draws"
                assert np.array_equal(mg.generate(cells, "binary_tree", seed=seed, p_up=p_up, order=order).open,
                                      general_binary_tree(cells, kernel_state(as_generator(seed)), p_up, order))
            assert np.array_equal(ours, theirs), (name, order, seed)
            assert is_spanning_tree(cells, ours)
