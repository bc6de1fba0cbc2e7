"""mazegraph.runner.stats: summarize against a hand computation, and its default groups."""

from __future__ import annotations

import math

import pandas as pd
import pytest

import mazegraph as mg

# -- summarize ---------------------------------------------------------------------------------------


def test_summarize_against_a_hand_computation():
    df = pd.DataFrame(
        {
            "algorithm": ["a", "a", "a", "b", "b", "b", "b", "b"],
            "size": ["4x4"] * 8,
            "dead_end_pct": [10.0, 20.0, 30.0, 1.0, 2.0, 4.0, 5.0, 99.0],
            "time_ns": [1, 2, 3, 4, 4, 4, 4, 4],
            "replicate": [0, 1, 2, 0, 1, 2, 3, 4],
            "spawn_key": [1, 2, 3, 4, 5, 6, 7, 8],
            "error": [None, None, None, None, None, None, None, "RuntimeError: boom"],
        }
    )
    t2, t3 = 4.302652729911275, 3.182446305284263  # Student t quantiles at 0.975 for 2 and 3 degrees of freedom
    s = mg.summarize(df, by=["algorithm", "size"])
    assert list(s.index) == [("a", "4x4"), ("b", "4x4")]
    assert list(s.columns) == [
        "dead_end_pct_mean", "dead_end_pct_std", "dead_end_pct_count", "dead_end_pct_ci95",
        "time_ns_mean", "time_ns_std", "time_ns_count", "time_ns_ci95",
    ]
    a, b = s.loc[("a", "4x4")], s.loc[("b", "4x4")]
    # a: 10, 20, 30: mean 20, sample sd 10
    assert (a["dead_end_pct_mean"], a["dead_end_pct_std"], a["dead_end_pct_count"]) == (20.0, 10.0, 3)
    assert a["dead_end_pct_ci95"] == pytest.approx(t2 * 10 / math.sqrt(3))
    # b without the failed row: 1, 2, 4, 5: mean 3, sample sd sqrt(10 / 3)
    assert (b["dead_end_pct_mean"], b["dead_end_pct_count"]) == (3.0, 4)
    assert b["dead_end_pct_std"] == pytest.approx(math.sqrt(10 / 3))
    assert b["dead_end_pct_ci95"] == pytest.approx(t3 * math.sqrt(10 / 3) / 2)
    assert b["time_ns_std"] == 0.0 and b["time_ns_ci95"] == 0.0

    long = mg.summarize(df, by=["algorithm", "size"], tidy=True)
    assert list(long.columns) == ["algorithm", "size", "metric", "mean", "std", "count", "ci_low", "ci_high"]
    assert long[["algorithm", "metric"]].values.tolist() == [
        ["a", "dead_end_pct"], ["a", "time_ns"], ["b", "dead_end_pct"], ["b", "time_ns"]
    ]
    assert long["ci_low"][0] == pytest.approx(20 - t2 * 10 / math.sqrt(3))
    assert long["ci_high"][2] == pytest.approx(3 + t3 * math.sqrt(10 / 3) / 2)

    one = mg.summarize(df.iloc[:1], by="algorithm", metrics=["dead_end_pct"], confidence=0.9)
    assert list(one.columns)[-1] == "dead_end_pct_ci90"
    assert one["dead_end_pct_count"].tolist() == [1] and one.isna().sum().sum() == 2  # no sd, no interval


def test_summarize_default_groups_of_a_run(clean):
    s = mg.summarize(clean)
    assert s.index.names == ["variant", "tessellation", "tessellation_options", "size"]
    assert len(s) == 9 and (s["dead_end_pct_count"] == 3).all()
    assert "time_ns_mean" in s.columns
    assert not any(c.startswith(("spawn_key", "rows", "cols", "replicate")) for c in s.columns)
    row = s.loc[("wilson", "orthogonal", "{}", "5x6")]
    values = clean[(clean["algorithm"] == "wilson") & (clean["size"] == "5x6")]["dead_end_pct"]
    assert row["dead_end_pct_mean"] == pytest.approx(values.mean())
