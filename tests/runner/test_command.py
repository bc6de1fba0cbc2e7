"""mazegraph.runner.command: ``mazegraph experiment`` with TOML files."""

from __future__ import annotations

from ._runner import BASE, N_BASE, _toml


def test_toml_files_and_the_command_line(tmp_path, capsys):
    good = tmp_path / "sweep.toml"
    good.write_text(_toml(BASE), encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(_toml(BASE).replace('name = "wilson"', 'name = "prim"'), encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text("seeds = [", encoding="utf-8")
    out = tmp_path / "out"
    from mazegraph.cli import main

    assert main(["experiment", str(bad), "--out", str(out), "--backend", "serial", "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"mazegraph: error: config {bad}: algorithms[1].name: unknown algorithm 'prim'")
    assert err.count("\n") == 1
    assert main(["experiment", str(broken), "--backend", "serial"]) == 1
    assert f"mazegraph: error: config {broken}: not valid TOML" in capsys.readouterr().err
    assert main(["experiment", str(good), "--out", str(out), "--backend", "serial", "--no-progress"]) == 0
    assert f"{N_BASE} mazes in {out}" in capsys.readouterr().out
    good.write_text(_toml(dict(BASE, root_seed=12)), encoding="utf-8")  # a different config, the same folder
    assert main(["experiment", str(good), "--out", str(out), "--backend", "serial"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(
        f"mazegraph: error: config: differs from the one whose rows are in {out} (field(s): root_seed)"
    )
    good.write_text(_toml(dict(BASE, seeds=2)), encoding="utf-8")  # fewer replicates than the folder holds
    assert main(["experiment", str(good), "--out", str(out), "--backend", "serial"]) == 1
    assert "seeds: " in capsys.readouterr().err
    assert main(["experiment", str(good), "--backend", "serial", "--scheduler", "tcp://x:1"]) == 1
    assert "scheduler" in capsys.readouterr().err
