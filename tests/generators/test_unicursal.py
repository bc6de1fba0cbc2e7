"""mazegraph.generators.unicursal: unicursal labyrinths.

One passage through every cell whose ends are the start and goal, Pullen's bisected maze on
even rectangles, backbite elsewhere, and refusal exactly where a brute-force search finds no
Hamiltonian path.
"""

from __future__ import annotations

import time

import networkx as nx
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.generators.exhaustive import exhaustive_search

from ._division_unicursal import T, dead_end_percent, has_hamiltonian_path, seeds, tessellations


def check_unicursal(G, M):
    n = G.number_of_nodes()
    P = M.to_networkx()
    assert set(P.nodes) == set(G.nodes)
    assert all(G.has_edge(u, v) for u, v in P.edges)
    assert nx.is_tree(P)
    degrees = dict(P.degree)
    assert max(degrees.values(), default=0) <= 2
    if n >= 2:
        assert sorted(v for v, d in degrees.items() if d == 1) == sorted([M.start, M.goal])
        assert M.start != M.goal
    assert len(M.solution()) == n  # the solution runs through every cell
    assert M.is_perfect()


SMALL_GRAPHS = {
    "orthogonal": lambda d: T.orthogonal(d(st.integers(1, 4)), d(st.integers(1, 3))),
    "delta": lambda d: T.delta(d(st.integers(1, 3)), d(st.integers(2, 4))),
    "sigma": lambda d: T.sigma(d(st.integers(1, 3)), d(st.integers(1, 4))),
    "upsilon": lambda d: T.upsilon(d(st.integers(1, 3)), d(st.integers(1, 4))),
    "theta": lambda d: T.theta(d(st.integers(1, 2))),
    "mask": lambda d: T.from_mask(
        np.array(d(st.lists(st.booleans(), min_size=12, max_size=12))).reshape(3, 4) | np.eye(3, 4, dtype=bool),
        largest=True,
    ),
    "voronoi": lambda d: T.voronoi(d(st.integers(1, 13)), seed=d(st.integers(0, 1000))),
    "random": lambda d: nx.gnp_random_graph(d(st.integers(1, 12)), 0.3, seed=d(st.integers(0, 10**6))),
    "tree": lambda d: nx.random_labeled_tree(d(st.integers(1, 12)), seed=d(st.integers(0, 10**6))),
}


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from(sorted(SMALL_GRAPHS)), seed=seeds, data=st.data())
def test_unicursal_found_exactly_when_a_hamiltonian_path_exists(name, seed, data):
    G = SMALL_GRAPHS[name](data.draw)
    assume(G.number_of_nodes() <= 14 and nx.is_connected(G))
    if has_hamiltonian_path(G):
        check_unicursal(G, mg.generate(G, "unicursal", seed=seed))
    else:
        with pytest.raises(mg.UnsupportedError):
            mg.generate(G, "unicursal", seed=seed)


@settings(max_examples=80, deadline=None)
@given(kind_G=tessellations(exclude=("mask", "regular", "voronoi")), seed=seeds)
def test_unicursal_on_every_tessellation(kind_G, seed):
    kind, G = kind_G
    if kind == "delta":  # some delta boards have no Hamiltonian path (3 x 3, 6 x 3, ...): settle it exactly
        cells = mg.compile_graph(G)
        status, _ = exhaustive_search(cells.indptr, cells.neighbors, 10**8)
        assert status >= 0
        if status == 0:
            with pytest.raises(mg.UnsupportedError, match="exhaustive search found none"):
                mg.generate(G, "unicursal", seed=seed)
            return
    check_unicursal(G, mg.generate(G, "unicursal", seed=seed))


@pytest.mark.parametrize("rows,cols", [(3, 3), (3, 5), (5, 3), (3, 7), (6, 3)])
def test_unicursal_odd_delta_has_none(rows, cols):
    G = T.delta(rows, cols)
    assert not has_hamiltonian_path(G)
    with pytest.raises(mg.UnsupportedError, match="exhaustive search found none"):
        mg.generate(G, "unicursal", seed=1, attempts=3)


def test_unicursal_gives_up_after_its_attempts():
    with pytest.raises(mg.UnsupportedError, match="no Hamiltonian path found .* after 3 attempts"):
        mg.generate(T.delta(15, 15), "unicursal", seed=1, attempts=3)


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 4), (4, 6), (6, 4), (8, 8), (10, 2), (12, 16)])
def test_unicursal_pullen_on_even_rectangles(rows, cols):
    G = T.orthogonal(rows, cols)
    for seed in range(3):
        M = mg.generate(G, "unicursal", seed=seed)
        check_unicursal(G, M)
        assert (M.start, M.goal) == ((0, 0), (0, 1))
        assert M == mg.generate(G, "unicursal", seed=seed, method="pullen")
        # the bisected half-size maze: blocks are joined by 0 or 2 parallel passages, and the
        # blocks joined by 2 form a spanning tree of the half-size grid
        joined = nx.Graph()
        joined.add_nodes_from((r, c) for r in range(rows // 2) for c in range(cols // 2))
        between = {}
        for (r1, c1), (r2, c2) in M.open_edges():
            a, b = (r1 // 2, c1 // 2), (r2 // 2, c2 // 2)
            if a != b:
                between[frozenset((a, b))] = between.get(frozenset((a, b)), 0) + 1
        assert set(between.values()) <= {2}
        joined.add_edges_from(tuple(pair) for pair in between)
        assert nx.is_tree(joined)


@pytest.mark.parametrize("base", ["kruskal", "wilson", "division"])
def test_unicursal_base(base):
    G = T.orthogonal(10, 14)
    M = mg.generate(G, "unicursal", seed=5, base=base)
    check_unicursal(G, M)
    assert M.meta["options"] == {"base": base}


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 9), cols=st.integers(1, 9), seed=seeds, moves=st.sampled_from([0, 7, None]))
def test_unicursal_every_rectangle(rows, cols, seed, moves):
    G = T.orthogonal(rows, cols)
    check_unicursal(G, mg.generate(G, "unicursal", seed=seed, moves=moves))
    check_unicursal(G, mg.generate(G, "unicursal", seed=seed, method="backbite", moves=moves))


@pytest.mark.parametrize(
    "G",
    [T.sigma(8, 9), T.theta(6), T.delta(8, 10), T.sigma_hexagon(5), T.upsilon(7, 7), T.voronoi(150, seed=3),
     T.cube(4), T.klein(6, 8), T.grid((3, 4, 5))],
    ids=lambda G: G.graph["name"],
)
def test_unicursal_mid_sized(G):
    for seed in range(3):
        check_unicursal(G, mg.generate(G, "unicursal", seed=seed))


@pytest.mark.parametrize("G", [T.orthogonal(8, 8), T.orthogonal(9, 7), T.sigma(7, 7), T.theta(5)], ids=str)
def test_unicursal_seeds(G):
    masks = {mg.generate(G, "unicursal", seed=s).open.tobytes() for s in range(20)}
    assert len(masks) == 20
    assert mg.generate(G, "unicursal", seed=4) == mg.generate(G, "unicursal", seed=4)


def test_unicursal_moves_zero_keeps_the_first_path():
    M = mg.generate(T.grid((3, 3, 3)), "unicursal", seed=1, moves=0)  # the boustrophedon
    path = M.solution()
    assert path[0] == (0, 0, 0) and path[-1] == (2, 2, 2)
    assert [cell[0] for cell in path] == [0] * 9 + [1] * 9 + [2] * 9


@pytest.mark.parametrize(
    "G,match",
    [
        (nx.star_graph(4), "4 cells with a single neighbour"),
        (nx.complete_bipartite_graph(2, 5), "bipartite"),
        (T.from_mask(["...", ".#.", "..."]), None),  # 8 cells in a ring: found
        (T.from_mask([".#.", "...", ".#."]), "single neighbour"),
        (nx.balanced_tree(2, 5), "single neighbour"),
    ],
)
def test_unicursal_refuses_graphs_without_a_path_quickly(G, match):
    if match is None:
        check_unicursal(G, mg.generate(G, "unicursal", seed=0))
        return
    began = time.perf_counter()
    with pytest.raises(mg.UnsupportedError, match=match):
        mg.generate(G, "unicursal", seed=0)
    assert time.perf_counter() - began < 1.0
    assert match in mg.applicability(G)["unicursal"]


def test_unicursal_refuses_zeta_and_bad_options():
    with pytest.raises(mg.UnsupportedError, match="crossing"):
        mg.generate(T.zeta(4, 4), "unicursal", seed=1)
    with pytest.raises(mg.UnsupportedError, match="even number of rows"):
        mg.generate(T.orthogonal(5, 4), "unicursal", seed=1, method="pullen")
    with pytest.raises(mg.UnsupportedError, match="even number of rows"):
        mg.generate(T.sigma(4, 4), "unicursal", seed=1, method="pullen")
    for options in [
        {"method": "snake"},
        {"base": "unicursal"},
        {"base": "no_such"},
        {"moves": -1},
        {"moves": 2.5},
        {"attempts": 0},
        {"attempts": True},
    ]:
        with pytest.raises(mg.InvalidOptionError):
            mg.generate(T.orthogonal(4, 4), "unicursal", seed=1, **options)


def test_unicursal_single_cells_and_pairs():
    for G in (T.orthogonal(1, 1), T.theta(1), nx.path_graph(1)):
        M = mg.generate(G, "unicursal", seed=0)
        assert M.n_open == 0 and M.start == M.goal
    for G in (T.orthogonal(1, 2), nx.path_graph(2), T.orthogonal(2, 1)):
        check_unicursal(G, mg.generate(G, "unicursal", seed=0))


def test_unicursal_texture_is_pullen():
    # Pullen: 0% dead ends (besides the two ends) and a solution through 100% of the cells
    for G in (T.build("orthogonal", 50, 50), T.build("orthogonal", 49, 51)):
        M = mg.generate(G, "unicursal", seed=2)
        assert dead_end_percent(M) == pytest.approx(200.0 / G.n_cells)
        assert len(M.solution_indices()) == G.n_cells
