"""mazegraph.generators.aldous_broder: uniform spanning trees, and zeta refused."""

from __future__ import annotations

import networkx as nx
import pytest
from scipy.stats import chisquare

import mazegraph as mg

from ._walkers import T, _tree_counts


@pytest.mark.parametrize(
    ("G", "n_trees"), [(T.orthogonal(2, 3), 15), (nx.complete_graph(4), 16), (T.sigma(2, 2), 8), (T.sigma(2, 3), 55)]
)
def test_aldous_broder_is_uniform(G, n_trees):
    assert round(nx.number_of_spanning_trees(G)) == n_trees
    counts = _tree_counts(G, "aldous_broder", 100 * n_trees)
    assert len(counts) == n_trees
    assert chisquare(list(counts.values())).pvalue > 1e-3


def test_aldous_broder_refuses_zeta():
    with pytest.raises(mg.UnsupportedError, match="aldous_broder cannot run on this zeta"):
        mg.generate(T.zeta(4, 4), "aldous_broder", seed=1)
    assert "aldous_broder" not in mg.algorithms(T.zeta(4, 4))
    assert {"backtracker", "hunt_and_kill"} <= set(mg.algorithms(T.zeta(4, 4)))
