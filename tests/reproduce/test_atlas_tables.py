"""mazegraph.reproduce.atlas_tables: extrapolation, verdicts, the cell table."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mazegraph.reproduce.atlas_config import load_atlas
from mazegraph.reproduce.atlas_tables import _extrapolate, cell_table, label_rows, verdict

from ._atlas import TINY

# -- tables -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dimension", [2, 3])
def test_extrapolation_recovers_the_infinite_size_value(dimension):
    def figure(n):
        return 31.0 + 7.5 * n ** (-1 / dimension)

    value, ci = _extrapolate(1000, 8000, figure(1000), figure(8000), 0.1, 0.1, dimension)
    assert value == pytest.approx(31.0, abs=1e-9)
    assert ci > 0.1  # extrapolating widens the interval


def test_verdicts():
    assert [verdict(d, 1.0) for d in (0.9, -1.5, 2.0)] == ["agrees", "marginal", "differs"]
    assert verdict(np.nan, 1.0) == "no data"


def test_extra_runner_columns_are_ignored():
    config = load_atlas(TINY)
    n_cells = {("torus", 0): 25, ("torus", 1): 100}
    rows = pd.DataFrame({
        "algorithm": "wilson", "options": "{}", "focus": "passage", "tessellation": "torus",
        "n_cells": [25, 25, 100, 100], "dead_end_pct": [30.0, 32.0, 29.0, 30.0], "junction_pct": 20.0,
        "crossroad_pct": 4.0, "solution_pct": 10.0, "time_ns": 1000, "error": None,
    })
    plain = cell_table(label_rows(rows, config, n_cells), config, {}, n_cells)
    extra = cell_table(label_rows(rows.assign(worker="w1", chunk=3), config, n_cells), config, {}, n_cells)
    pd.testing.assert_frame_equal(plain, extra)
    got = plain[(plain.row == "wilson") & (plain.column == "torus") & (plain.metric == "dead_end_pct")].iloc[0]
    assert (got.small, got.large, got.change) == (31.0, 29.5, -1.5)
    t = 12.7062  # Student t, 0.975, one degree of freedom
    assert got.large_ci95 == pytest.approx(t * np.std([29.0, 30.0], ddof=1) / np.sqrt(2), rel=1e-4)
