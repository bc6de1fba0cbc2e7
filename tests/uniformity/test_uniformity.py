"""Tests of mazegraph.uniformity: counts, enumeration, the verifier, UST limits (figures: test_plot.py)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import networkx as nx
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.generators import lookup
from mazegraph.uniformity import (
    count_spanning_trees,
    enumerate_spanning_trees,
    log_count_spanning_trees,
    reachability,
    reachable_trees,
    ust,
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


# -- the verifier ---------------------------------------------------------------------------------------------

G23 = mg.tessellations.orthogonal(2, 3)
TREES23 = enumerate_spanning_trees(G23)
ALPHA = 1e-3  # fixed in advance; the samples and seeds are fixed too, so these tests are deterministic


def uniform_sampler(cells, rng):
    mask = np.zeros(cells.n_edges, dtype=bool)
    mask[list(TREES23[int(rng.integers(len(TREES23)))])] = True
    return mask


def biased_sampler(cells, rng):
    """Tree 0 with probability 1/5, otherwise uniform: chi-square noncentrality ~ 0.54 per sample."""
    i = 0 if rng.random() < 0.2 else int(rng.integers(len(TREES23)))
    mask = np.zeros(cells.n_edges, dtype=bool)
    mask[list(TREES23[i])] = True
    return mask


def test_verifier_accepts_uniform_sampler():
    # Under uniformity the rejection chance is alpha = 0.1% per seed; the seeds are fixed.
    for seed in range(3):
        r = mg.uniformity.test(uniform_sampler, G23, 600, seed=seed, alpha=ALPHA)
        assert r.verdict == "Yes", r.evidence
        assert r.distinct == r.trees == 15
        assert r.tv < 3 * r.tv_expected


def test_verifier_rejects_biased_sampler():
    # 600 samples give noncentrality ~320 against a critical value ~37: power is 1 - 1e-40 or so.
    r = mg.uniformity.test(biased_sampler, G23, 600, seed=1, alpha=ALPHA)
    assert r.verdict == "no" and r.chi2_p < ALPHA and r.g_p < ALPHA


def test_verifier_on_real_algorithms():
    assert mg.uniformity.test("wilson", G23, 600, seed=3).verdict == "Yes"
    assert mg.uniformity.test("aldous_broder", G23, 600, seed=3).verdict == "Yes"
    r = mg.uniformity.test("binary_tree", G23, 600, seed=3)
    assert r.verdict == "never" and r.distinct < r.trees


def test_verifier_is_reproducible_and_checks_input():
    a = mg.uniformity.test("kruskal", G23, 200, seed=np.random.SeedSequence(5))
    b = mg.uniformity.test("kruskal", G23, 200, seed=np.random.SeedSequence(5))
    assert np.array_equal(a.counts, b.counts) and a.counts.sum() == 200
    with pytest.raises(mg.InvalidSizeError):
        mg.uniformity.test("wilson", G23, 0)
    with pytest.raises(mg.InvalidOptionError):
        mg.uniformity.test("wilson", G23, 10, alpha=2.0)
    with pytest.raises(mg.UnknownAlgorithmError):
        mg.uniformity.test("nope", G23, 10)
    with pytest.raises(mg.InvalidSeedError):
        mg.uniformity.test("wilson", G23, 10, seed=1.5)
    with pytest.raises(mg.NotATreeError):
        mg.uniformity.test(lambda cells, rng: np.ones(cells.n_edges, dtype=bool), G23, 5)


def test_expected_tv_matches_direct_sum():
    from scipy.stats import binom

    n, N = 50, 7
    k = np.arange(n + 1)
    direct = 0.5 * N * (binom.pmf(k, n, 1 / N) * np.abs(k / n - 1 / N)).sum()
    assert math.isclose(mg.uniformity.expected_tv(n, N), direct, rel_tol=1e-9)


def test_power_samples_monotone():
    small = mg.uniformity.power_samples(0.1, 50)
    assert mg.uniformity.power_samples(0.05, 50) > small > mg.uniformity.power_samples(0.2, 50)


# -- UST limits -----------------------------------------------------------------------------------------------


def test_degree_fractions_agree_with_z2():
    table = ust.compare_z2(ust.degree_fractions("wilson", "torus", (64, 64), mazes=20, seed=2))
    # 20 x 4096 cells: standard errors ~0.001; allow 4 standard errors so the fixed seed has wide slack
    assert (table["z"].abs() < 4).all(), table


def test_interior_and_scaling_fit():
    inside = ust.interior_cells(mg.tessellations.build("orthogonal", 10, 10), 3)
    assert len(inside) == 16
    df = ust.scaling(["wilson", "backtracker"], [8, 16, 32], mazes=4, seed=3)
    fits = ust.fit_exponent(df).set_index("algorithm")
    assert fits.loc["backtracker", "exponent"] > fits.loc["wilson", "exponent"] > 1.0


def test_unseen_trees_within_noise_are_not_never():
    G = mg.tessellations.orthogonal(3, 3)
    trees = enumerate_spanning_trees(G)

    def sampler(cells, rng):
        mask = np.zeros(cells.n_edges, dtype=bool)
        mask[list(trees[int(rng.integers(len(trees)))])] = True
        return mask

    r = mg.uniformity.test(sampler, G, 300, seed=4, alpha=ALPHA)  # ~40 of 192 trees unseen by chance alone
    assert r.distinct < r.trees and r.verdict == "Yes", r.evidence


# -- reachability: the proofs behind "never" -----------------------------------------------------------------

# every model, with options that change what it can make
MODELLED = [
    ("backtracker", {}),
    ("backtracker", {"bias": 0.6, "run": 0.5}),
    ("binary_tree", {}),
    ("binary_tree", {"p_up": 1.0}),
    ("binary_tree", {"p_up": 0.0}),
    ("sidewinder", {}),
    ("sidewinder", {"p_close": 0.0}),
    ("sidewinder", {"p_close": 1.0}),
    ("eller", {}),
    ("eller", {"p_join": 1.0}),
    ("eller", {"p_join": 1.0, "order": "sequential"}),
    ("eller", {"p_join": 0.5, "p_down": 0.5, "order": "sequential"}),
    ("eller", {"p_down": 0.0}),
    ("eller", {"p_down": 1.0}),
    ("division", {}),
    ("division", {"orientation": "longest"}),
    ("division", {"method": "blobby"}),
    ("unicursal", {}),
    ("growing_tree", {}),
    ("growing_tree", {"policy": "oldest"}),
    ("growing_tree", {"policy": "newest"}),
    ("growing_tree", {"policy": "random"}),
    ("growing_forest", {}),
    ("hunt_and_kill", {}),
    ("hunt_and_kill", {"hunt": "restart"}),
    ("hunt_and_kill", {"hunt": "resume_rows"}),
    ("hunt_and_kill", {"hunt": "resume_alternate"}),
    ("kruskal", {}),
    ("prim_true", {}),
    ("prim_simplified", {}),
    ("prim_modified", {}),
    ("wilson", {}),
    ("aldous_broder", {}),
]
MODELLED = [pytest.param(a, o, id="-".join([a] + [f"{k}={v}" for k, v in o.items()])) for a, o in MODELLED]
SMALL = [("orthogonal", (2, 3)), ("orthogonal", (3, 3)), ("sigma", (3, 3)), ("torus", (3, 3))]


def sampled_trees(algorithm, G, samples, seed, focus="passage", **options):
    """The trees the real kernel makes in ``samples`` runs, as frozensets of edge indices."""
    cells = mg.compile_graph(G)
    rng = np.random.default_rng(seed)
    entry = lookup(algorithm)
    checked = entry.validate(cells, focus, options)
    out = set()
    for _ in range(samples):
        mask = entry.run(cells, rng, focus, **checked).mask
        out.add(frozenset(np.flatnonzero(mask).tolist()))
    return out


@pytest.mark.parametrize("graph", SMALL, ids=lambda g: f"{g[0]}{g[1]}")
@pytest.mark.parametrize("algorithm, options", MODELLED)
def test_models_contain_every_sampled_tree(algorithm, options, graph):
    # soundness: a model that left out a tree the kernel makes would prove a false "never"
    G = mg.tessellations.build(graph[0], *graph[1])
    found = reachability(algorithm, G, **options)
    assert found is not None, "every model above applies to these graphs"
    seen = sampled_trees(algorithm, G, 2000, seed=11, **options)
    assert seen <= found.trees, f"{len(seen - found.trees)} sampled trees outside the model"
    assert len(found.trees) <= count_spanning_trees(G)


@pytest.mark.parametrize("algorithm", ["binary_tree", "hunt_and_kill", "growing_tree", "prim_modified", "kruskal"])
def test_wall_models_contain_every_sampled_tree(algorithm):
    G = mg.tessellations.orthogonal(3, 3)
    found = reachability(algorithm, G, focus="wall")
    seen = sampled_trees(algorithm, G, 1000, seed=5, focus="wall")
    assert seen <= found.trees


@pytest.mark.parametrize("algorithm, options", [m for m in MODELLED if m.values[0] != "unicursal"])
def test_exact_models_are_reached_on_2x3(algorithm, options):
    # exactness: on 2 x 3 every tree an exact model lists turns up in 3000 mazes (the rarest has odds ~1/100)
    found = reachability(algorithm, G23, **options)
    assert found.exact
    assert sampled_trees(algorithm, G23, 3000, seed=2, **options) == found.trees


def dfs_trees_by_search(G) -> set[frozenset]:
    """Every tree some run of depth-first search makes, over every root and every neighbour choice (brute force)."""
    cells = mg.compile_graph(G)
    index = {frozenset(map(int, e)): i for i, e in enumerate(cells.edges.tolist())}
    nodes = {label: i for i, label in enumerate(cells.labels.tolist())}
    H = nx.relabel_nodes(nx.Graph(G), nodes)
    trees = set()
    for root in H:
        frontier = [((root,), frozenset({root}), frozenset())]
        seen = set()
        while frontier:
            state = frontier.pop()
            if state in seen:
                continue
            seen.add(state)
            stack, visited, tree = state
            if not stack:
                trees.add(tree)
                continue
            fresh = [v for v in H[stack[-1]] if v not in visited]
            if not fresh:
                frontier.append((stack[:-1], visited, tree))
            for v in fresh:
                frontier.append((stack + (v,), visited | {v}, tree | {index[frozenset((stack[-1], v))]}))
    return trees


@pytest.mark.parametrize("G", [G23, mg.tessellations.orthogonal(3, 3), nx.wheel_graph(6), mg.tessellations.sigma(2, 3)],
                         ids=["orthogonal2x3", "orthogonal3x3", "wheel6", "sigma2x3"])
def test_backtracker_model_is_the_dfs_trees(G):
    assert reachable_trees("backtracker", G) == dfs_trees_by_search(G)


def test_dfs_trees_against_networkx_orders():
    # on 2 x 3, every neighbour order of every cell, fed to networkx's depth-first search
    G = mg.tessellations.orthogonal(2, 3)
    cells = mg.compile_graph(G)
    labels = cells.labels.tolist()
    index = {frozenset(e): i for i, e in enumerate(cells.edges.tolist())}
    pos = {label: i for i, label in enumerate(labels)}
    orders = [list(itertools.permutations(G[u])) for u in labels]
    trees = set()
    for choice in itertools.product(*orders):
        H = nx.Graph()
        H.add_nodes_from(labels)
        for u, order in zip(labels, choice):  # networkx visits neighbours in insertion order
            H._adj[u] = {v: {} for v in order}
        for root in labels:
            trees.add(frozenset(index[frozenset((pos[u], pos[v]))] for u, v in nx.dfs_edges(H, root)))
    assert reachable_trees("backtracker", G) == trees
    assert len(trees) == 14  # the one tree missing: both long walls closed around a "T"


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4))
def test_binary_tree_reaches_two_to_the_inner_cells(rows, cols):
    trees = reachable_trees("binary_tree", mg.tessellations.orthogonal(rows, cols))
    assert len(trees) == 2 ** ((rows - 1) * (cols - 1))
    assert all(len(t) == rows * cols - 1 for t in trees)


def compositions(n: int):
    if n == 0:
        yield ()
        return
    for first in range(1, n + 1):
        for rest in compositions(n - first):
            yield (first, *rest)


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 3), (2, 5), (3, 4)])
def test_sidewinder_counts(rows, cols):
    # each row below the first splits into runs, and a run of k cells has k ways up
    per_row = sum(math.prod(parts) for parts in compositions(cols))
    assert len(reachable_trees("sidewinder", mg.tessellations.orthogonal(rows, cols))) == per_row ** (rows - 1)


def test_known_small_facts():
    G = mg.tessellations.orthogonal(3, 3)
    # a unicursal maze is a Hamiltonian path: the 3 x 3 grid has 20 of them (undirected)
    assert len(reachable_trees("unicursal", G)) == 20
    assert not reachability("unicursal", G).exact
    # recursive division on 2 x 2: any wall, any door, every tree
    assert len(reachable_trees("division", mg.tessellations.orthogonal(2, 2))) == 4
    # random selection makes every tree; Kruskal and friends too
    for name in ("kruskal", "prim_true", "prim_simplified", "prim_modified", "wilson", "aldous_broder"):
        assert len(reachable_trees(name, G)) == 192
    assert len(reachable_trees("growing_tree", G, policy="mix", p=0.3)) == 192
    # growing_tree "newest" is the backtracker
    assert reachable_trees("growing_tree", G, policy="newest") == reachable_trees("backtracker", G)
    # no model: forests, a stop-early Kruskal, zeta crossings
    assert reachable_trees("growing_forest", G, trees=3) is None
    assert reachable_trees("kruskal", G, until_connected=((0, 0), (2, 2))) is None
    assert reachable_trees("kruskal", mg.tessellations.zeta(2, 2)) is None


def test_reachability_refuses_big_graphs_and_bad_options():
    with pytest.raises(mg.InvalidSizeError):
        reachability("backtracker", mg.tessellations.orthogonal(5, 5))
    with pytest.raises(mg.InvalidOptionError):
        reachability("backtracker", G23, nope=1)
    with pytest.raises(mg.UnknownAlgorithmError):
        reachability("nope", G23)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["hunt_and_kill", "eller", "division", "sidewinder", "growing_tree"]),
       st.integers(2, 3), st.integers(2, 4), st.integers(0, 2**32))
def test_models_sound_on_random_sizes_and_seeds(algorithm, rows, cols, seed):
    G = mg.tessellations.orthogonal(rows, cols)
    assert sampled_trees(algorithm, G, 200, seed=seed) <= reachable_trees(algorithm, G)


# -- verdicts with proofs ------------------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ["prim_simplified", "prim_modified"])
def test_biased_but_complete_is_not_never(algorithm):
    # Prim simplified / modified reach every tree of 3 x 4 (proof), however rare some are: never "never"
    r = mg.uniformity.test(algorithm, mg.tessellations.orthogonal(3, 4), 3000, seed=7)
    assert r.reachable == r.trees == 2415 and r.distinct < r.trees
    assert r.verdict != "never" and "rare, not impossible" in r.evidence


@pytest.mark.parametrize("algorithm, reach", [("backtracker", 88), ("binary_tree", 16)])
def test_never_is_proven_whatever_the_samples(algorithm, reach):
    G = mg.tessellations.orthogonal(3, 3)
    for samples in (1, 500):
        r = mg.uniformity.test(algorithm, G, samples, seed=3)
        assert r.verdict == "never" and r.reachable == reach and r.trees == 192
        assert f"{reach} of 192 trees reachable" in r.evidence and f"{192 - reach} can never appear" in r.evidence


def without_tree_zero(cells, rng):
    """Uniform over the trees of 2 x 3 except tree 0, which it never makes."""
    mask = np.zeros(cells.n_edges, dtype=bool)
    mask[list(TREES23[1 + int(rng.integers(len(TREES23) - 1))])] = True
    return mask


def test_unseen_without_proof_is_no_and_with_proof_never():
    r = mg.uniformity.test(without_tree_zero, G23, 600, seed=1, alpha=ALPHA)
    assert r.distinct == 14 and r.reachable is None and r.verdict == "no", r.evidence
    assert "no reachability proof" in r.evidence
    r = mg.uniformity.test(without_tree_zero, G23, 600, seed=1, alpha=ALPHA, reachable=TREES23[1:])
    assert r.verdict == "never" and r.reachable == 14 and "supplied by the caller" in r.evidence
    r = mg.uniformity.test(uniform_sampler, G23, 600, seed=1, alpha=ALPHA, reachable=TREES23)
    assert r.verdict == "Yes" and r.reachable == 15


def test_a_sampled_tree_outside_the_proof_is_an_error():
    with pytest.raises(mg.uniformity.ReachabilityError, match="can never make"):
        mg.uniformity.test(uniform_sampler, G23, 100, seed=1, reachable=TREES23[1:])
    with pytest.raises(mg.InvalidOptionError):
        mg.uniformity.test(uniform_sampler, G23, 10, seed=1, reachable=[frozenset({0, 1})])
    with pytest.raises(mg.InvalidOptionError):
        mg.uniformity.test(uniform_sampler, G23, 10, seed=1, reachable=[frozenset({99})])


def test_reproduce_uniformity_table(tmp_path):
    from mazegraph.uniformity.reproduce import reproduce_uniformity

    lines = []
    table = reproduce_uniformity(tmp_path, graphs=[("orthogonal", (2, 3))], max_samples=300, echo=lines.append)
    assert "power" in lines[0] and "never" not in lines[0]
    assert table.loc["Binary Tree", "overall"] == "never"
    assert table.loc["Binary Tree", "reachable"] == "4/15 on orthogonal 2x3"
    assert table.loc["Prim's Algorithm (modified)", "reachable"] == "all (proof)"
    assert table.loc["Prim's Algorithm (modified)", "overall"] != "never"
    detail = pd.read_csv(tmp_path / "uniformity.csv")
    assert {"reachable", "proof", "verdict", "evidence"} <= set(detail.columns)
    assert (tmp_path / "uniformity.md").exists() and (tmp_path / "plan.csv").exists()


def test_graphs_too_big_for_the_models_still_test():
    r = mg.uniformity.test("backtracker", mg.tessellations.orthogonal(1, 18), 20, seed=1)  # 18 cells, one tree
    assert r.reachable is None and r.proof == "" and r.verdict == "Yes"
