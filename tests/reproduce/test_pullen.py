"""mazegraph.reproduce.pullen: tables written where the user says, with provenance; verdicts and times."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from mazegraph.cli import main


def test_pullen_writes_to_the_current_directory_with_provenance(tmp_path, monkeypatch, capsys):
    from mazegraph.reproduce import pullen

    full = pullen.config
    monkeypatch.setattr(pullen, "config", lambda seeds: full(seeds, size=12))  # small mazes, the same files
    monkeypatch.chdir(tmp_path)
    assert main(["reproduce", "pullen", "--seeds", "2", "--backend", "serial", "--no-progress"]) == 0
    out = tmp_path / "pullen-results"
    assert f"wrote {out.name}/pullen.csv" in capsys.readouterr().out
    assert {p.name for p in out.iterdir()} == {"pullen.csv", "pullen.md", "pullen.png", "config.json", "runs-2"}
    record = json.loads((out / "config.json").read_text())
    assert record["seeds"] == 2 and record["root_seed"] == record["provenance"]["root_seed"]
    assert record["tessellations"] == [{"name": "orthogonal", "sizes": [[12, 12]]}]
    assert record["provenance"]["versions"]["numpy"] == np.__version__
    assert record["provenance"]["config"]["algorithms"] == record["algorithms"]
    rows = pd.read_parquet(out / "runs-2")  # the runs are a Parquet dataset
    assert len(rows) == 2 * rows["variant"].nunique() and "hunt_and_kill/wall" in set(rows["variant"])


def _fake_runs(algorithm: str, focus: str, dead: np.ndarray, solution: np.ndarray) -> pd.DataFrame:
    n = len(dead)
    return pd.DataFrame({
        "variant": f"{algorithm}/{focus}", "algorithm": algorithm, "options": "{}", "focus": focus,
        "replicate": np.arange(n), "dead_end_pct": dead, "solution_pct": solution,
        "time_ns": np.full(n, 1000.0), "error": np.nan,
    })


def test_pullen_verdicts_use_both_intervals():
    """Ours is compared with Daedalus' measured mean within sqrt(ci_ours^2 + ci_Daedalus^2) (+ 0.005 rounding);
    catches a verdict from our interval alone, and a documented reason left off a differing row."""
    from mazegraph.reproduce import pullen

    ref = pullen.daedalus().loc[("prim_simplified", "passage")]  # 32.34 ± 0.03, 2.29 ± 0.02
    spread = np.tile([-1.0, 1.0], 50)  # mean 0, sd ~1.005: ci95 = 1.984 * 1.005 / 10 = 0.199
    solution = ref["solution_pct"] + spread / 100
    close = _fake_runs("prim_simplified", "passage", ref["dead_end_pct"] + 0.205 + spread, solution)
    table = pullen.compare(close)
    row = table.iloc[0]
    assert abs(row["dead_end_pct_ci95"] - 0.1995) < 1e-3
    # 0.205 from Daedalus: outside our 0.1995 + 0.005 alone, inside hypot(0.1995, 0.03) + 0.005 = 0.2067
    assert row["verdict"] == "agrees"
    far = _fake_runs("prim_simplified", "passage", ref["dead_end_pct"] + 0.22 + spread, solution)
    assert pullen.compare(far).iloc[0]["verdict"].startswith("differs: dead_end_pct +0.22")
    kruskal = pullen.daedalus().loc[("kruskal", "passage")]
    off = _fake_runs("kruskal", "passage", kruskal["dead_end_pct"] + 1 + spread, kruskal["solution_pct"] + spread / 100)
    assert "wall shuffle is not uniform" in pullen.compare(off).iloc[0]["verdict"]
    # Pullen's printed figure and the range it implies (rounded or truncated)
    printed = [row[f"dead_end_pct_pullen{end}"] for end in ("", "_low", "_high")]
    assert printed == [32, 31.5, 33]


def test_pullen_relative_time_has_an_interval():
    """Median over five blocks of mazes, with the lowest and highest block: the fastest row is 10 in each block."""
    from mazegraph.reproduce import pullen

    a = _fake_runs("binary_tree", "passage", np.full(10, 25.0), np.full(10, 2.0))
    b = _fake_runs("kruskal", "passage", np.full(10, 30.0), np.full(10, 4.0))
    b["time_ns"] = [2000.0, 3000.0, 2000.0, 4000.0, 2000.0] * 2  # blocks 0..4 twice: ratios 2, 3, 2, 4, 2
    table = pullen.compare(pd.concat([a, b], ignore_index=True)).set_index("algorithm")
    assert table.loc["binary_tree", ["time", "time_low", "time_high"]].tolist() == [10, 10, 10]
    assert table.loc["kruskal", ["time", "time_low", "time_high"]].tolist() == [20, 20, 40]


def test_pullen_times_rows_in_turns_with_cpu_time():
    """Every (algorithm, focus) of the config gets a time; each round's fastest row is 10, so the lowest
    per-row 'time_low' is 10 and every median lies within its row's [low, high]."""
    from mazegraph.reproduce import pullen

    cfg = {"algorithms": [{"name": "binary_tree", "options": {}, "focus": "passage"},
                          {"name": "kruskal", "options": {}, "focus": "wall"}],
           "tessellations": [{"name": "orthogonal", "sizes": [[8, 8]]}]}
    times = pullen.time_rows(cfg, rounds=3, mazes=2)
    assert list(times.index) == [("binary_tree", "passage"), ("kruskal", "wall")]
    assert times["time_low"].min() == 10.0
    assert ((times["time_low"] <= times["time"]) & (times["time"] <= times["time_high"])).all()
