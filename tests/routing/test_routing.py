"""Routing and maze operations: braid, sparse, unicursal, weave, flood, removers, bottlenecks."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
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


# -- braid ---------------------------------------------------------------------------


@settings(deadline=None, max_examples=25)
@given(kinds, sizes, sizes, seeds)
def test_braid_leaves_no_avoidable_dead_end(kind, a, b, seed):
    M = mg.generate(SMALL[kind](a, b), "kruskal", seed=seed)
    before = M.open.copy()
    B = mg.braid(M, seed=seed)
    assert np.array_equal(M.open, before)  # input untouched
    assert (B.open | ~M.open).all()  # only opens walls
    assert B.is_connected() and no_open_crossings(B)
    dead = degrees(B) == 1
    assert not (dead & (B.cells.degree > 1)).any()


@settings(deadline=None, max_examples=20)
@given(kinds, st.integers(4, 8), st.integers(4, 8), seeds, st.sampled_from([0.0, 0.25, 0.5, 0.75]))
def test_partial_braid_removes_about_the_fraction(kind, a, b, seed, fraction):
    M = mg.generate(SMALL[kind](a, b), "backtracker" if kind != "zeta" else "kruskal", seed=seed)
    info = mg.braid(M, fraction, seed=seed).meta["braid"]
    target = round(fraction * info["dead_ends_before"])
    removed = info["dead_ends_before"] - info["dead_ends_after"]
    unavoidable = int(((degrees(M) == 1) & (M.cells.degree == 1)).sum())  # cells with one neighbour
    assert min(target, info["dead_ends_before"] - unavoidable) <= removed <= target + 1


def test_braid_is_reproducible_and_checks_options():
    M = mg.generate(T.orthogonal(6, 6), "wilson", seed=1)
    assert mg.braid(M, seed=3) == mg.braid(M, seed=3)
    with pytest.raises(mg.InvalidOptionError):
        mg.braid(M, 1.5)
    with pytest.raises(mg.InvalidOptionError):
        mg.braid(M.cells, 1.0)
    with pytest.raises(mg.InvalidSeedError):
        mg.braid(M, seed="x")


@settings(deadline=None, max_examples=20)
@given(kinds, sizes, sizes, seeds)
def test_braid_from_scratch(kind, a, b, seed):
    G = SMALL[kind](a, b)
    M = mg.generate(G, "braid", seed=seed)
    assert M.is_connected() and no_open_crossings(M)
    assert not ((degrees(M) == 1) & (M.cells.degree > 1)).any()
    # every open wall is needed: closing it makes a dead end or cuts the maze
    P = passage_graph(M)
    bridges = {frozenset(e) for e in nx.bridges(P)}
    for u, v in M.cells.edges[M.open].tolist():
        assert P.degree[u] <= 2 or P.degree[v] <= 2 or frozenset((u, v)) in bridges


def test_braid_from_scratch_refuses_weave():
    with pytest.raises(mg.UnsupportedError, match="weave"):
        mg.generate(T.weave(4, 4), "braid", seed=1)


# -- sparse ------------------------------------------------------------------------------


@settings(deadline=None, max_examples=20)
@given(kinds, st.integers(3, 8), st.integers(3, 8), seeds, st.integers(0, 4))
def test_sparsify_passes(kind, a, b, seed, passes):
    M = mg.generate(SMALL[kind](a, b), "kruskal", seed=seed)
    S = mg.sparsify(M, passes)
    assert (M.open | ~S.open).all()  # only closes walls
    kept = mg.flood(S, as_mask=True)
    removed = np.zeros(S.cells.n_cells, dtype=bool)
    removed[[S.cells.labels.index(x) for x in mg.removed_cells(S)]] = True
    assert np.array_equal(kept, ~removed)  # kept cells connected, removed cells unreachable
    assert S.n_open == kept.sum() - 1 and mg.is_solvable(S)
    assert S.meta["sparsify"]["removed"] == removed.sum()
    if passes == 0:
        assert S == M


@settings(deadline=None, max_examples=15)
@given(st.integers(3, 9), st.integers(3, 9), seeds, st.integers(1, 3))
def test_sparsify_radius(a, b, seed, radius):
    M = mg.generate(T.orthogonal(a, b), "kruskal", seed=seed)
    S = mg.sparsify(M, radius=radius, seed=seed)
    kept = mg.flood(S, as_mask=True)
    assert S.n_open == kept.sum() - 1 and mg.is_solvable(S)
    if radius == 1:  # no two maze cells touch without a passage between them
        u, v = S.cells.edges.T
        assert not (kept[u] & kept[v] & ~S.open).any()


def test_sparsify_options():
    M = mg.generate(T.orthogonal(4, 4), "kruskal", seed=1)
    for bad in ({}, {"passes": 1, "radius": 1}, {"passes": -1}, {"radius": 0}, {"passes": 1.5}):
        with pytest.raises(mg.InvalidOptionError):
            mg.sparsify(M, **bad)


# -- unicursal conversion -------------------------------------------------------------------


@settings(deadline=None, max_examples=20)
@given(st.integers(1, 7), st.integers(1, 7), seeds, st.sampled_from(["kruskal", "wilson", "backtracker"]))
def test_to_unicursal(rows, cols, seed, algorithm):
    M = mg.generate(T.orthogonal(rows, cols), algorithm, seed=seed)
    U = mg.to_unicursal(M)
    assert U.cells.n_cells == 4 * rows * cols and U.is_perfect()
    deg = degrees(U)
    ends = {U.start_index, U.goal_index}
    assert (deg[list(ends)] == 1).all() and (np.delete(deg, list(ends)) == 2).all()
    assert len(U.solution()) == U.cells.n_cells


def test_to_unicursal_refuses():
    with pytest.raises(mg.UnsupportedError, match="rectangle"):
        mg.to_unicursal(mg.generate(T.sigma(3, 3), "kruskal", seed=1))
    with pytest.raises(mg.UnsupportedError, match="perfect"):
        mg.to_unicursal(mg.braid(mg.generate(T.orthogonal(4, 4), "kruskal", seed=1), seed=1))


# -- weave ------------------------------------------------------------------------------------


@settings(deadline=None, max_examples=30)
@given(st.integers(1, 9), st.integers(1, 9), seeds, st.sampled_from(["kruskal", "backtracker"]))
def test_weave_generators_are_perfect_and_valid(rows, cols, seed, algorithm):
    options = {"density": 1.0} if algorithm == "kruskal" and seed % 2 and max(rows, cols) >= 3 else {}
    M = mg.generate(T.weave(rows, cols), algorithm, seed=seed, **options)
    assert M.is_perfect()
    assert len(mg.weave_violations(M)) == 0
    # every tunnel passes beneath a straight corridor of exactly two perpendicular passages
    under = M.cells.cell_refs["under"]
    deg = degrees(M)
    for e in np.flatnonzero(M.open & (under >= 0)).tolist():
        c = under[e]
        assert deg[c] == 2
        a, b = M.cells.edges[e]
        across = [f for f in range(M.cells.n_edges) if M.open[f] and c in M.cells.edges[f]]
        assert all(under[f] < 0 and M.cells.direction[f] != M.cells.direction[e] for f in across)
        assert not M.open[M.cells.edge_index(a, c)] and not M.open[M.cells.edge_index(c, b)]


def test_weave_tunnels_appear_and_options():
    tunnels = {a: (mg.generate(T.weave(12, 12), a, seed=1).open & (T.weave_cells(12, 12).tunnels >= 0)).sum()
               for a in ("kruskal", "backtracker")}
    assert min(tunnels.values()) > 3
    dense = mg.generate(T.weave(12, 12), "kruskal", seed=1, density=1.0)
    assert (dense.open & (dense.cells.tunnels >= 0)).sum() > tunnels["kruskal"]
    with pytest.raises(mg.InvalidOptionError, match="density"):
        mg.generate(T.weave(5, 5), "kruskal", seed=1, density=2)
    with pytest.raises(mg.InvalidOptionError, match="no under edges"):
        mg.generate(T.orthogonal(5, 5), "kruskal", seed=1, density=0.5)
    with pytest.raises(mg.InvalidOptionError, match="weave"):
        mg.generate(T.weave(5, 5), "kruskal", seed=1, until_connected=((0, 0), (4, 4)))
    with pytest.raises(mg.InvalidOptionError, match="weave"):
        mg.generate(T.weave(5, 5), "backtracker", seed=1, run=0.5)


@pytest.mark.parametrize("algorithm", sorted(set(mg.algorithms()) - {"kruskal", "backtracker"}))
def test_other_algorithms_refuse_weave_with_the_ones_that_work(algorithm):
    with pytest.raises(mg.UnsupportedError, match="weave.*backtracker, kruskal"):
        mg.generate(T.weave(4, 4), algorithm, seed=1)


def test_weave_without_tunnels_is_a_plain_grid():
    # a 2 x 2 weave has no under edges, so every algorithm runs as on an orthogonal grid
    assert len(T.weave_cells(2, 2).tunnels) == 0
    assert mg.generate(T.weave(2, 2), "wilson", seed=1).is_perfect()


def test_operations_keep_weaves_valid():
    M = mg.generate(T.weave(9, 9), "backtracker", seed=4)
    for out in (mg.braid(M, seed=1), mg.sparsify(M, 2), mg.remove_loops(mg.braid(M, seed=2), seed=3)):
        assert len(mg.weave_violations(out)) == 0
    assert mg.remove_loops(mg.braid(M, seed=2), seed=3).is_perfect()


# -- flood, removers --------------------------------------------------------------------------


@settings(deadline=None, max_examples=20)
@given(kinds, sizes, sizes, seeds, st.floats(0.0, 1.0))
def test_flood_and_solvable_match_networkx(kind, a, b, seed, keep):
    G = SMALL[kind](a, b)
    rng = np.random.default_rng(seed)
    M = mg.generate(G, "braid", seed=seed)
    M = mg.Maze(G, M.open & (rng.random(M.cells.n_edges) < keep))
    P = passage_graph(M)
    reach = nx.node_connected_component(P, M.start_index)
    assert {M.cells.labels.index(x) for x in mg.flood(M)} == reach
    assert mg.is_solvable(M) == (M.goal_index in reach)


@settings(deadline=None, max_examples=20)
@given(kinds, sizes, sizes, seeds, st.floats(0.0, 1.0))
def test_remove_isolations_then_loops(kind, a, b, seed, keep):
    G = SMALL[kind](a, b)
    rng = np.random.default_rng(seed)
    base = mg.generate(G, "braid", seed=seed)
    M = mg.Maze(G, base.open & (rng.random(base.cells.n_edges) < keep))
    parts = nx.number_connected_components(passage_graph(M))
    J = mg.remove_isolations(M, seed=seed)
    assert J.is_connected() and (J.open | ~M.open).all() and no_open_crossings(J)
    assert J.n_open - M.n_open == parts - 1 == J.meta["remove_isolations"]["opened"]
    L = mg.remove_loops(J, seed=seed)
    assert L.is_perfect() and (J.open | ~L.open).all()
    assert J.n_open - L.n_open == J.n_open - (J.cells.n_cells - 1) == L.meta["remove_loops"]["closed"]
    F = mg.remove_loops(M, seed=seed)  # a disconnected maze becomes a spanning forest of its parts
    assert nx.is_forest(passage_graph(F)) and nx.number_connected_components(passage_graph(F)) == parts


# -- bottlenecks ------------------------------------------------------------------------------


def brute_bottlenecks(M, s, g):
    P = passage_graph(M)
    cells = [c for c in P if c in (s, g) or not nx.has_path(nx.restricted_view(P, [c], []), s, g)]
    edges = []
    for u, v in P.edges:
        if not nx.has_path(nx.restricted_view(P, [], [(u, v)]), s, g):
            edges.append(M.cells.edge_index(u, v))
    return set(cells), set(edges)


@settings(deadline=None, max_examples=25)
@given(kinds, st.integers(2, 5), st.integers(2, 5), seeds, st.floats(0.0, 1.0))
def test_bottlenecks_match_brute_force(kind, a, b, seed, fraction):
    G = SMALL[kind](a, b)
    M = mg.braid(mg.generate(G, "kruskal", seed=seed), fraction, seed=seed)
    rng = np.random.default_rng(seed)
    s, g = (int(x) for x in rng.integers(0, M.cells.n_cells, 2))
    labels = M.cells.labels
    found = mg.bottlenecks(M, labels[s], labels[g])
    cells, edges = brute_bottlenecks(M, s, g)
    assert set(found.cell_indices.tolist()) == cells
    assert set(found.edge_indices.tolist()) == edges
    if fraction == 0.0:
        assert found.cells == M.solution(labels[s], labels[g])


def test_bottlenecks_without_solution():
    with pytest.raises(mg.NoSolutionError):
        mg.bottlenecks(mg.Maze(T.orthogonal(2, 2)))


# -- templates --------------------------------------------------------------------------------


@settings(deadline=None, max_examples=15)
@given(st.integers(1, 9), st.integers(1, 9), seeds)
def test_template_rings_change_as_few_walls_as_needed(rows, cols, seed):
    P = mg.routing.concentric_rings(rows, cols)
    G = passage_graph(P)
    parts = nx.number_connected_components(G)
    loops = P.n_open - (P.cells.n_cells - parts)
    M = mg.routing.from_template(P, seed=seed)
    assert M.is_perfect()
    assert M.meta["template"] == {"source": "concentric_rings", "opened": parts - 1, "closed": loops}
    assert int((M.open != P.open).sum()) == parts - 1 + loops
