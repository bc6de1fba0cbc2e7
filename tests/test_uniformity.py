"""Tests of mazegraph.uniformity: counts, enumeration, the verifier, UST limits and plots."""

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
from mazegraph.uniformity import count_spanning_trees, enumerate_spanning_trees, log_count_spanning_trees, plots, ust


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


# -- plots ----------------------------------------------------------------------------------------------------


def test_plots_write_files(tmp_path):
    fig = plots.gallery(mg.tessellations.sigma(4, 4), tmp_path / "gallery.png", ["wilson", "kruskal", "prim_true"])
    assert len(fig.axes) == 3 and (tmp_path / "gallery.png").stat().st_size > 0
    results = pd.DataFrame(
        {"algorithm": ["a"] * 5 + ["b"] * 5, "dead_end_pct": np.arange(10.0), "solution_pct": np.arange(10.0) ** 2}
    )
    fig = plots.metric_distributions(results, tmp_path / "m.png", kind="box")
    assert len(fig.axes) == 2
    deg = ust.compare_z2(ust.degree_fractions("wilson", "torus", (16, 16), mazes=3, seed=1))
    deg.to_csv(tmp_path / "ust.csv", index=False)
    df = ust.scaling("kruskal", [4, 8, 16], mazes=2, seed=1)
    df.to_csv(tmp_path / "lengths.csv", index=False)
    ust.fit_exponent(df).to_csv(tmp_path / "scaling.csv", index=False)
    written = plots.plot_results(tmp_path)
    assert {p.name for p in written} == {"degrees.png", "scaling.png"}
    assert all(p.stat().st_size > 0 for p in written)


def test_plot_command_on_experiment(tmp_path):
    config = {
        "root_seed": 1, "seeds": 3, "algorithms": [{"name": "wilson"}, {"name": "backtracker"}],
        "tessellations": [{"name": "orthogonal", "sizes": [[6, 6]]}], "metrics": ["dead_end_pct", "solution_pct"],
    }
    mg.experiment(config, out=tmp_path / "run", backend="serial", progress=False)
    from mazegraph.cli import main

    assert main(["plot", str(tmp_path / "run"), "--out", str(tmp_path / "figs")]) == 0
    assert list((tmp_path / "figs").glob("metrics-*.png"))
    assert main(["plot", str(tmp_path / "empty-missing")]) == 1


def test_unseen_trees_within_noise_are_not_never():
    G = mg.tessellations.orthogonal(3, 3)
    trees = enumerate_spanning_trees(G)

    def sampler(cells, rng):
        mask = np.zeros(cells.n_edges, dtype=bool)
        mask[list(trees[int(rng.integers(len(trees)))])] = True
        return mask

    r = mg.uniformity.test(sampler, G, 300, seed=4, alpha=ALPHA)  # ~40 of 192 trees unseen by chance alone
    assert r.distinct < r.trees and r.verdict == "Yes", r.evidence
