"""mazegraph.reproduce.atlas: the texture atlas end to end, resuming, the command."""

from __future__ import annotations

import argparse
import json

import numpy as np
import pandas as pd
import pytest

import mazegraph as mg
from mazegraph.errors import InvalidSizeError
from mazegraph.reproduce import atlas as atlas_module
from mazegraph.reproduce.atlas_config import load_atlas

from ._atlas import TINY


def test_tiny_atlas_end_to_end(tmp_path):
    atlas = atlas_module.reproduce(TINY, out=tmp_path, backend="serial", progress=False)
    for name in ("atlas.md", "atlas.csv", "theory.csv", "samplers.csv", "rows.parquet", "runner-config.json",
                 "run.json", "heatmap-dead_end_pct.png", "heatmap-solution_pct.png", "gallery-passage.png",
                 "gallery-wall.png"):
        assert (tmp_path / name).exists(), name
    assert (tmp_path / "heatmap-dead_end_pct.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    cells = atlas.cells
    wilson = cells[(cells.row == "wilson") & (cells.column == "torus") & (cells.metric == "dead_end_pct")].iloc[0]
    assert wilson.mazes_small == wilson.mazes_large == 4
    assert wilson.n_small == 25 and wilson.n_large == 100
    assert wilson.large_ci95 > 0 and np.isfinite(wilson.change_ci95) and np.isfinite(wilson.infinite)
    # the mask column: the picture blown up x1 and x2
    heart = cells[(cells.row == "wilson") & (cells.column == "heart")].iloc[0]
    assert (heart.n_small, heart.n_large) == (4, 16)
    # what cannot run says why (from mg.applicability)
    refused = cells[(cells.row == "backtracker (wall)") & (cells.column == "torus")].iloc[0]
    assert "wall" in refused.status and np.isnan(refused.large)
    torus_wall = cells[(cells.row == "wilson (wall)") & (cells.column == "torus")].iloc[0].status
    assert torus_wall == mg.applicability(mg.tessellations.build("torus", 5, 5), "wall")["wilson"]
    # theory: uniform samplers on the lattice columns, exact values beside them
    theory = atlas.theory
    assert set(theory.column) == {"torus", "delta"}
    assert set(theory.row) == {"wilson", "aldous_broder", "wilson (wall)", "aldous_broder (wall)"}
    on_delta = theory[(theory.column == "delta") & (theory.metric == "dead_end_pct")]
    assert on_delta["exact"].tolist() == pytest.approx([25.0] * len(on_delta))
    assert set(on_delta["compared"]) == {"infinite (extrapolated)"}
    assert set(theory[theory.column == "delta"].metric) == {"dead_end_pct", "junction_pct"}  # no crossroads there
    torus = theory[theory.column == "torus"]
    assert set(torus["compared"]) == {"large (no boundary)"}
    assert (torus["diff"] == torus["large"] - torus["exact"]).all()
    assert set(theory.verdict) <= {"agrees", "marginal", "differs"}
    assert len(atlas.samplers) and set(atlas.samplers["reference"]) == {"wilson"}  # uniform's order, not the rows'
    assert set(atlas.samplers.column) == {"torus", "delta", "heart"}
    page = (tmp_path / "atlas.md").read_text()
    assert "| torus |" in page and "What cannot run where" in page and "backtracker is not a wall adder" in page
    # rows: one per maze that runs
    rows = pd.read_parquet(tmp_path / "rows.parquet")
    running = cells[(cells.status == "ok") & (cells.metric == "dead_end_pct")]
    assert len(rows) == 4 * 2 * len(running)


def test_rerunning_resumes_instead_of_remaking(tmp_path):
    first = atlas_module.reproduce(TINY, out=tmp_path, backend="serial", progress=False, pictures=False)
    parts = sorted(p.name for p in tmp_path.rglob("*.parquet"))
    made = json.loads((tmp_path / "run.json").read_text())
    second = atlas_module.reproduce(TINY, out=tmp_path, backend="serial", progress=False, pictures=False)
    assert sorted(p.name for p in tmp_path.rglob("*.parquet")) == parts
    pd.testing.assert_frame_equal(first.cells, second.cells)
    redrawn = json.loads((tmp_path / "run.json").read_text())  # the timing is that of the run that made the mazes
    assert redrawn["wall_seconds"] == made["wall_seconds"] and "redrawn_in_seconds" in redrawn
    assert redrawn["load_average_start"] == made["load_average_start"]
    third = atlas_module.reproduce(TINY, seeds=5, out=tmp_path, backend="serial", progress=False, pictures=False)
    assert third.cells.mazes_large.max() == 5  # more seeds: new mazes, a new timing
    assert "redrawn_in_seconds" not in json.loads((tmp_path / "run.json").read_text())


def test_main_takes_the_reproduce_namespace(tmp_path, capsys, monkeypatch):
    asked = []

    def tiny(config, mode, seeds):  # the namespace's config reaches the loader; the tiny one stands in for it
        asked.append(config)
        return load_atlas(TINY, mode, seeds)

    monkeypatch.setattr(atlas_module, "load_atlas", tiny)
    args = argparse.Namespace(full=True, seeds=None, out=str(tmp_path / "out"), backend="serial", no_progress=True,
                              config="my-atlas.toml")
    assert atlas_module.main(args) == 0
    printed = capsys.readouterr().out
    assert "dead_end_pct at the large size" in printed and "wrote" in printed
    cells = pd.read_csv(tmp_path / "out" / "atlas.csv")
    assert cells[cells.status == "ok"].mazes_large.max() == 6  # --full: the [full] seeds and sizes
    assert cells.n_large.max() == 144
    assert asked == ["my-atlas.toml"]


def test_bad_seed_count():
    with pytest.raises(InvalidSizeError, match="at least 2"):
        atlas_module.reproduce(TINY, seeds=1, progress=False)
