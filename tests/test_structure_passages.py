"""mazegraph.structure.passages: the zeta rule, through a test kernel, against the edges' ``crosses`` attribute."""

from __future__ import annotations

import numba
import numpy as np
import pytest

import mazegraph as mg
from mazegraph.structure import crosses_open, has_crossing


@numba.njit
def _rules(crosses, is_open):
    out = np.empty((len(is_open), 2), dtype=np.bool_)
    for e in range(len(is_open)):
        out[e, 0] = crosses_open(e, crosses, is_open)
        out[e, 1] = has_crossing(e, crosses)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_zeta_rule_matches_the_crosses_attribute(seed):
    G = mg.tessellations.zeta(4, 5)
    cells = mg.compile_graph(G)
    labels = cells.labels.tolist()
    partner = np.full(cells.n_edges, -1)
    for u, v, d in G.edges(data=True):
        if "crosses" in d:
            a, b = d["crosses"]
            partner[cells.edge_index(labels.index(u), labels.index(v))] = cells.edge_index(
                labels.index(a), labels.index(b)
            )
    is_open = np.random.default_rng(seed).random(cells.n_edges) < 0.5
    rules = _rules(cells.crossings, is_open)
    assert rules[:, 1].tolist() == (partner >= 0).tolist()
    assert rules[:, 0].tolist() == [bool(f >= 0 and is_open[f]) for f in partner]


def test_no_crossings_no_rule():
    cells = mg.compile_graph(mg.tessellations.orthogonal(3, 4))
    assert len(cells.crossings) == 0
    assert not _rules(cells.crossings, np.ones(cells.n_edges, dtype=bool)).any()


def test_the_rule_is_for_kernels_only():
    cells = mg.compile_graph(mg.tessellations.zeta(2, 2))
    with pytest.raises(TypeError, match="helper of other kernels"):
        crosses_open(0, cells.crossings, np.zeros(cells.n_edges, dtype=bool))
