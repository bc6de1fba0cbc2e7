"""mazegraph.uniformity.verify: the uniformity verifier, its power, and verdicts proven by the reachable-tree models."""

from __future__ import annotations

import math

import numpy as np
import pytest

import mazegraph as mg
from mazegraph.uniformity import (
    enumerate_spanning_trees,
)

from ._uniformity import G23

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


def test_unseen_trees_within_noise_are_not_never():
    G = mg.tessellations.orthogonal(3, 3)
    trees = enumerate_spanning_trees(G)

    def sampler(cells, rng):
        mask = np.zeros(cells.n_edges, dtype=bool)
        mask[list(trees[int(rng.integers(len(trees)))])] = True
        return mask

    r = mg.uniformity.test(sampler, G, 300, seed=4, alpha=ALPHA)  # ~40 of 192 trees unseen by chance alone
    assert r.distinct < r.trees and r.verdict == "Yes", r.evidence


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


def test_graphs_too_big_for_the_models_still_test():
    r = mg.uniformity.test("backtracker", mg.tessellations.orthogonal(1, 18), 20, seed=1)  # 18 cells, one tree
    assert r.reachable is None and r.proof == "" and r.verdict == "Yes"
