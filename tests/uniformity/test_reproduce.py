"""mazegraph.uniformity.reproduce: the uniformity table."""

from __future__ import annotations

import pandas as pd


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
