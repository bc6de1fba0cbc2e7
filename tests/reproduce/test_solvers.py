"""mazegraph.reproduce.solvers: the table is written where the user says, with provenance."""

from __future__ import annotations

import json

import pandas as pd

import mazegraph as mg
from mazegraph.cli import main


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
