"""Reproduce tables write where the user says (default: the current directory), with provenance."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

import mazegraph as mg
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


def test_solvers_write_to_the_current_directory_with_provenance(tmp_path, monkeypatch, capsys):
    from mazegraph.reproduce import solvers

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(solvers, "SIZES", {"orthogonal": [(4, 4), (6, 6)]})
    assert main(["reproduce", "solvers", "--seeds", "1", "--no-progress"]) == 0
    out = tmp_path / "solvers-results"
    assert {p.name for p in out.iterdir()} == {"solvers.csv", "solvers.md", "runs.parquet", "config.json"}
    record = json.loads((out / "config.json").read_text())
    assert record["sizes"] == {"orthogonal": [[4, 4], [6, 6]]} and record["seeds"] == 1
    assert record["provenance"]["root_seed"] == solvers.ROOT
    assert record["provenance"]["versions"]["mazegraph"] == mg.__version__
    assert len(pd.read_parquet(out / "runs.parquet")) == 2 * len(solvers.CASES) * len(mg.solvers())
