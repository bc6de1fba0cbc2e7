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


def test_the_rule_called_from_python_agrees_with_the_compiled_rule():
    # kernel-only helpers are register_jitable functions: a Python call runs the same code as Python
    cells = mg.compile_graph(mg.tessellations.zeta(3, 3))
    is_open = np.random.default_rng(1).random(cells.n_edges) < 0.5
    compiled = _rules(cells.crossings, is_open)
    assert [crosses_open(e, cells.crossings, is_open) for e in range(cells.n_edges)] == compiled[:, 0].tolist()
    assert [has_crossing(e, cells.crossings) for e in range(cells.n_edges)] == compiled[:, 1].tolist()
