"""
Is Wilson's algorithm uniform?
==============================

Wilson's algorithm (loop-erased random walks) is proven to make every spanning
tree of a graph equally likely [Wilson 1996]. On a graph small enough to list
all its spanning trees we can check that by sampling: make thousands of mazes,
count how often each tree appears, and test the counts against the uniform
distribution. The same test tells randomized Kruskal (not uniform, though close)
and the recursive backtracker (most trees impossible) apart from it.
"""

# %%
# Count the trees
# ---------------
# A 3 x 3 square grid has 192 spanning trees: 192 different perfect mazes. The
# count is exact (the matrix-tree theorem, in integer arithmetic); networkx
# agrees.

import matplotlib.pyplot as plt
import networkx as nx
import numpy as np

import mazegraph as mg

G = mg.tessellations.orthogonal(3, 3)
trees = mg.uniformity.count_spanning_trees(G)
print(trees, "spanning trees; networkx says", round(nx.number_of_spanning_trees(G)))

# %%
# Sample and test
# ---------------
# Fix the sample size and the significance level before sampling: 10 mazes per
# tree and alpha = 0.001. Sample ``i`` gets the seed
# ``SeedSequence(seed, spawn_key=(i,))``, so the run is reproducible.

result = mg.uniformity.test("wilson", G, samples=10 * trees, seed=1, alpha=1e-3)
print(result.verdict, "-", result.evidence)

# %%
# The verdict uses Pullen's words: ``Yes`` (consistent with uniform), ``no``
# (rejected) or ``never`` (some trees can provably never be made). Beside the
# chi-square and G-tests, the total-variation distance from uniform is compared
# with what sampling noise alone gives a truly uniform sampler.

print(f"chi-square {result.chi2:.1f} on {trees - 1} degrees of freedom, p = {result.chi2_p:.2f}")
print(f"G-test p = {result.g_p:.2f}; TV distance {result.tv:.3f}, noise alone {result.tv_expected:.3f}")

# %%
# Every tree, how often
# ---------------------
# The counts of the 192 trees, sorted, against the band a uniform sampler stays in
# 95% of the time (binomial quantiles of ``samples`` draws at ``1/192``).

from scipy import stats


def plot_counts(ax, result, title):
    counts = np.sort(result.counts)[::-1]
    p = 1 / result.trees
    low, high = stats.binom.ppf([0.025, 0.975], result.samples, p)
    ax.bar(np.arange(len(counts)), counts, width=1.0, color="#7aa6d6")
    ax.axhline(result.samples * p, color="black", lw=1, label="uniform")
    ax.axhspan(low, high, color="grey", alpha=0.25, label="95% band per tree")
    ax.set_title(f"{title}: {result.verdict}", fontsize=10)
    ax.set_xlabel("spanning trees, most frequent first")
    ax.set_ylabel("mazes")


fig, ax = plt.subplots(figsize=(7, 3))
plot_counts(ax, result, "Wilson, 3 x 3, 1,920 mazes")
ax.legend(loc="upper right")
fig.tight_layout()

# %%
# Algorithms that are not uniform
# -------------------------------
# Randomized Kruskal joins random walls; its trees are close to uniform but not
# quite, and 25 mazes per tree are enough to show it at alpha = 0.001. The
# recursive backtracker makes only depth-first-search trees: a proof (its
# reachability model) says which, so the verdict ``never`` does not rest on the
# sample at all.

kruskal = mg.uniformity.test("kruskal", G, samples=25 * trees, seed=1, alpha=1e-3)
backtracker = mg.uniformity.test("backtracker", G, samples=10 * trees, seed=1, alpha=1e-3)
for r in (kruskal, backtracker):
    print(f"{r.algorithm:12s} {r.verdict:6s} {r.evidence}")

fig, axes = plt.subplots(1, 2, figsize=(10, 3), sharey=False)
plot_counts(axes[0], kruskal, "Kruskal, 4,800 mazes")
plot_counts(axes[1], backtracker, "backtracker, 1,920 mazes")
fig.tight_layout()

# %%
# ``mazegraph reproduce uniformity`` runs this for every algorithm on five small
# graphs, with sample sizes from a power calculation
# (:func:`mazegraph.uniformity.power_samples`), and sets the verdicts beside
# Pullen's table.
#
# Reference: D. B. Wilson, "Generating random spanning trees more quickly than
# the cover time", STOC 1996.
