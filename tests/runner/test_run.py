"""mazegraph.runner.run, the experiment driver: tidy rows, keys, resuming, failures, unsupported pairs.

And what a run says while it works: the job's name on the bar, and kernels compiled once before the workers.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap

import pytest
from tqdm import tqdm

import mazegraph as mg
from mazegraph import warmup
from mazegraph.runner import run, storage
from mazegraph.runner.config import load_config

from ._runner import BASE, N_BASE, _same_rows, _toml, _with, _written_keys

CONFIG = {"root_seed": 1, "seeds": 2, "metrics": ["dead_end_pct"],
          "algorithms": [{"name": "kruskal"}, {"name": "growing_tree", "options": {"policy": "newest"}}],
          "tessellations": [{"name": "orthogonal", "sizes": [[4, 4]]}]}


def test_the_bar_names_the_job_and_counts_mazes(tmp_path):
    from mazegraph.reproduce.pullen import config

    assert run.job_name(load_config(config(2))) == "pullen"
    toml = tmp_path / "texture-sweep.toml"
    toml.write_text('root_seed = 1\nseeds = 1\n[[algorithms]]\nname = "kruskal"\n'
                    '[[tessellations]]\nname = "orthogonal"\nsizes = [[3, 3]]\n', encoding="utf-8")
    assert run.job_name(load_config(toml)) == "texture-sweep"  # no name: the file's stem
    assert run.job_name(load_config(CONFIG)) == "experiment"
    line = tqdm.format_meter(1200, 4200, 12.0, ncols=80, prefix="pullen", unit="maze", bar_format=run._BAR)
    assert line.startswith("pullen: 1200/4200 mazes |") and "29%" in line


def test_the_bar_of_a_run_is_given_the_job_name(monkeypatch):
    seen = {}

    class Bar(tqdm):
        def __init__(self, *args, **kwargs):
            seen.update(kwargs)
            super().__init__(*args, **{**kwargs, "disable": True})

    monkeypatch.setattr(run, "_progress_bar", lambda: Bar)
    mg.experiment({**CONFIG, "name": "texture study"}, backend="serial", progress=False)
    assert seen["desc"] == "texture study" and seen["bar_format"] == run._BAR and seen["total"] == 4


def test_kernels_are_compiled_and_loaded_before_the_workers_start(monkeypatch, tmp_path):
    events = []
    monkeypatch.setattr(warmup, "ensure", lambda probes, workers=None, progress=True: events.append(
        ("ensure", sorted(probes), workers)) or 0.0)
    monkeypatch.setattr(warmup, "load_here", lambda probes: events.append(("load", sorted(probes))) or 0)
    chunks_of = run.run_chunks

    def run_chunks(backend, chunks, workers, *rest):
        events.append(("pool", backend))
        return chunks_of(backend, chunks, workers, *rest)

    monkeypatch.setattr(run, "run_chunks", run_chunks)
    mg.experiment(CONFIG, out=tmp_path / "run", backend="processes", workers=2, progress=False)
    assert [e[0] for e in events] == ["ensure", "load", "pool"]
    probes = events[0][1]
    assert events[0][2] == 2 and events[1][1] == probes  # split over the two workers, then loaded here
    assert set(probes) == {("generate", "orthogonal", "kruskal", "passage", "{}"),
                           ("generate", "orthogonal", "growing_tree", "passage", '{"policy": "newest"}'),
                           ("metrics", "orthogonal", '["dead_end_pct"]')}  # only the job's metric
    events.clear()
    mg.experiment(CONFIG, out=tmp_path / "run", backend="processes", workers=2, progress=False)
    assert events == []  # all done: nothing to compile, no pool


def test_plugin_algorithms_are_never_probed(monkeypatch):
    ran = []
    monkeypatch.setattr(warmup, "run_probe", lambda probe: ran.append(probe) or 0)
    warmup.load_here([("generate", "orthogonal", "not_registered_here", "passage", "{}"), ("metrics", "sigma")])
    assert ran == [("metrics", "sigma")]


def test_compiling_off_a_terminal_is_one_log_line(capsys):
    solver = mg.solvers()[0]
    warmup.compile_probes([("solve", solver)], workers=1, progress=True)
    err = capsys.readouterr().err
    assert err == f"mazegraph: {warmup._LABEL}: 1 parts on 1 processes\n"


def test_a_probe_that_fails_does_not_stop_the_job(monkeypatch):
    from mazegraph import generators

    def broken(*args, **kwargs):
        raise RuntimeError("a kernel that cannot compile here")

    monkeypatch.setattr(generators, "generate", broken)
    monkeypatch.setattr(mg, "generate", broken)
    assert warmup.run_probe(("generate", "orthogonal", "kruskal", "passage", "{}")) == 0


# -- determinism and seeding -----------------------------------------------------------------------


def test_rows_are_tidy_and_in_config_order(clean):
    assert len(clean) == N_BASE
    assert clean["spawn_key"].is_unique
    assert list(clean.columns[:15]) == [
        "variant", "algorithm", "options", "focus", "tessellation", "tessellation_options", "size", "shape",
        "rows", "cols", "n_cells", "replicate", "root_seed", "spawn_key", "n_passages",
    ]
    assert list(clean.columns[-2:]) == ["time_ns", "error"]
    assert {"dead_end_pct", "solution_pct"} <= set(clean.columns)
    assert clean["error"].isna().all() and (clean["time_ns"] > 0).all()
    assert clean["size"].tolist()[:9] == ["5x6"] * 3 + ["4x4"] * 3 + ["3x4"] * 3
    assert clean["replicate"].tolist()[:3] == [0, 1, 2]
    assert clean["focus"].tolist()[-1] == "wall"
    assert json.loads(clean["options"][0]) == {}
    assert (clean["root_seed"] == 11).all()


def test_keys_do_not_depend_on_the_rest_of_the_config(clean):
    other = dict(BASE, seeds=4, algorithms=[{"name": "aldous_broder"}, *reversed(BASE["algorithms"])])
    df = mg.experiment(other, backend="serial", progress=False)
    assert len(df) == 4 * 4 * 3
    merged = clean.merge(df, on="spawn_key", suffixes=("", "_other"))
    assert len(merged) == N_BASE
    for column in ("algorithm", "focus", "size", "replicate", "dead_end_pct", "solution_length"):
        assert (merged[column].astype(str) == merged[column + "_other"].astype(str)).all()  # categories differ


# -- resuming ----------------------------------------------------------------------------------------


def test_resume_after_interrupt(clean, tmp_path, monkeypatch):
    out = tmp_path / "run"
    original = storage.Store.write
    written = []

    def write_then_interrupt(self, table):
        path = original(self, table)
        written.append(path)
        if len(written) == 2:
            raise KeyboardInterrupt
        return path

    monkeypatch.setattr(storage.Store, "write", write_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        mg.experiment(BASE, out=out, backend="processes", workers=2, chunk_size=2, progress=False)
    monkeypatch.setattr(storage.Store, "write", original)
    assert len(list(out.glob("part-*.parquet"))) == 2
    df = mg.experiment(BASE, out=out, backend="processes", workers=2, chunk_size=2, progress=False)
    _same_rows(clean, df)
    assert sorted(_written_keys(out)) == sorted(clean["spawn_key"])  # every maze written exactly once


def test_resume_after_killed_driver(clean, tmp_path):
    config = tmp_path / "sweep.toml"
    config.write_text(_toml(BASE), encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / ".part-stale.parquet.tmp").write_bytes(b"half a file")  # as if killed while writing
    killer = textwrap.dedent(
        """
        import os, signal, sys
        from mazegraph.runner import storage
        original = storage.Store.write
        count = []
        def write(self, table):
            path = original(self, table)
            count.append(path)
            if len(count) == 2:
                os.kill(os.getpid(), signal.SIGKILL)
            return path
        storage.Store.write = write
        from mazegraph.cli import main
        sys.exit(main(sys.argv[1:]))
        """
    )
    args = ["experiment", str(config), "--out", str(out), "--workers", "2", "--chunk-size", "2", "--no-progress"]
    first = subprocess.run([sys.executable, "-c", killer, *args], capture_output=True, text=True, timeout=300)
    assert first.returncode == -signal.SIGKILL, first.stderr
    assert len(list(out.glob("part-*.parquet"))) == 2
    second = subprocess.run([sys.executable, "-m", "mazegraph", *args], capture_output=True, text=True, timeout=300)
    assert second.returncode == 0, second.stderr
    assert f"{N_BASE} mazes in {out}" in second.stdout
    assert not list(out.glob(".*.tmp"))
    keys = _written_keys(out)
    assert len(keys) == len(set(keys)) == N_BASE
    _same_rows(clean, mg.experiment(config, out=out, backend="serial", progress=False))  # all done: reads only


def test_failing_tasks_are_recorded_and_the_sweep_goes_on(plugin):
    cfg = dict(BASE, seeds=6, plugins=[plugin], algorithms=[{"name": "test_flaky"}, {"name": "kruskal"}])
    df = mg.experiment(cfg, backend="processes", workers=2, chunk_size=4, progress=False)
    assert len(df) == 2 * 6 * 3
    flaky = df[df["algorithm"] == "test_flaky"]
    failed = flaky[flaky["error"].notna()]
    assert 0 < len(failed) < len(flaky)
    assert (failed["error"] == "RuntimeError: boom").all()
    assert failed["dead_end_pct"].isna().all() and flaky.loc[flaky["error"].isna(), "dead_end_pct"].notna().all()
    assert df.loc[df["algorithm"] == "kruskal", "error"].isna().all()
    counts = mg.summarize(df, by="algorithm")["dead_end_pct_count"]
    assert counts["test_flaky"] == len(flaky) - len(failed) and counts["kruskal"] == len(flaky)
    _same_rows(mg.experiment(cfg, backend="serial", progress=False), df)


def test_skip_unsupported_drops_pairs_that_cannot_run():
    cfg = _with(skip_unsupported=True, tessellations=[{"name": "zeta", "sizes": [[4, 4]]}], seeds=2)
    df = mg.experiment(cfg, backend="serial", progress=False)
    assert set(df["algorithm"]) == {"kruskal"} and len(df) == 2
