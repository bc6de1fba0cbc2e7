"""The experiment runner: configs, seeding, backends, resuming, failures, regenerate, summarize."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest

import mazegraph as mg
from mazegraph.runner import config as config_module
from mazegraph.runner import storage
from mazegraph.runner.backends import MAX_POOL_RESTARTS

BASE = {
    "root_seed": 11,
    "seeds": 3,
    "algorithms": [{"name": "kruskal"}, {"name": "wilson"}, {"name": "kruskal", "focus": "wall"}],
    "tessellations": [{"name": "orthogonal", "sizes": [[5, 6], [4, 4]]}, {"name": "sigma", "sizes": [[3, 4]]}],
}
N_BASE = 3 * 3 * 3


def _same_rows(a: pd.DataFrame, b: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(
        a.drop(columns="time_ns").reset_index(drop=True), b.drop(columns="time_ns").reset_index(drop=True)
    )


def _written_keys(out) -> list[int]:
    parts = sorted(out.glob("part-*.parquet"))
    return [k for p in parts for k in pq.read_table(p, columns=["spawn_key"]).column(0).to_pylist()]


@pytest.fixture(scope="module")
def clean():
    """The reference rows: BASE run serially, in memory."""
    return mg.experiment(BASE, backend="serial", progress=False)


PLUGIN = '''
import fcntl
import multiprocessing
import os
import signal

import mazegraph as mg
from mazegraph.generators.kruskal import kruskal
from mazegraph.params import Number, Param, Text


def _in_worker():
    return multiprocessing.parent_process() is not None


def test_flaky(cells, rng, *, p=0.5):
    if rng.random() < p:
        raise RuntimeError("boom")
    return kruskal(cells, rng)


def test_die(cells, rng, *, marker="", times=1):
    if _in_worker():
        # read, count and die under an exclusive lock on the marker: two workers reaching this at once
        # must not both see "not died yet" (the lock is released by the death itself)
        with open(marker, "a") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            if os.path.getsize(marker) < times:
                f.write("x")
                f.flush()
                os.kill(os.getpid(), signal.SIGKILL)
    return kruskal(cells, rng)


mg.register_algorithm("test_flaky", test_flaky, summary="kruskal that raises on about half of the seeds",
                      options=[Param("p", Number(0, 1), 0.5)], wall_focus=False)
mg.register_algorithm("test_die", test_die, summary="kruskal whose worker dies the first `times` calls",
                      options=[Param("marker", Text(), ""), Param("times", Number(0, integer=True), 1)],
                      wall_focus=False)
'''


@pytest.fixture
def plugin(tmp_path):
    """A plugin file registering test algorithms; unregistered afterwards."""
    path = tmp_path / "test_plugin.py"
    path.write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    yield str(path)
    for name in ("test_flaky", "test_die"):
        if name in mg.algorithms():
            mg.unregister_algorithm(name)
    config_module._LOADED.discard(str(path))


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


def test_processes_backend_gives_the_same_rows(clean, tmp_path):
    out = tmp_path / "run"
    df = mg.experiment(BASE, out=out, backend="processes", workers=2, chunk_size=2, progress=False)
    _same_rows(clean, df)
    parts = sorted(out.glob("part-*.parquet"))
    assert len(parts) == math.ceil(9 / 2) * 3  # three tessellation sizes, nine mazes each, two per chunk
    assert not list(out.glob(".*.tmp"))


def test_keys_do_not_depend_on_the_rest_of_the_config(clean):
    other = dict(BASE, seeds=4, algorithms=[{"name": "aldous_broder"}, *reversed(BASE["algorithms"])])
    df = mg.experiment(other, backend="serial", progress=False)
    assert len(df) == 4 * 4 * 3
    merged = clean.merge(df, on="spawn_key", suffixes=("", "_other"))
    assert len(merged) == N_BASE
    for column in ("algorithm", "focus", "size", "replicate", "dead_end_pct", "solution_length"):
        assert (merged[column].astype(str) == merged[column + "_other"].astype(str)).all()  # categories differ


def test_regenerate_reproduces_the_maze(clean):
    for k in (0, 10, N_BASE - 1):
        row = clean.iloc[k]
        maze = mg.regenerate(row)
        assert maze.is_perfect()
        assert maze == mg.regenerate(row.to_dict())
        assert mg.metrics.summary(maze)["dead_end_pct"] == row["dead_end_pct"]
        seed = np.random.SeedSequence(int(row["root_seed"]), spawn_key=(int(row["spawn_key"]),))
        cells = mg.tessellations.build(row["tessellation"], *map(int, row["size"].split("x")))
        assert maze == mg.generate(cells, row["algorithm"], seed=seed, focus=row["focus"])
        assert maze.meta["spawn_key"] == row["spawn_key"]


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


def test_worker_that_dies_once_is_recovered(plugin, tmp_path):
    marker = tmp_path / "deaths"
    cfg = dict(BASE, plugins=[plugin], algorithms=[{"name": "kruskal"}, {"name": "test_die", "options": {
        "marker": str(marker), "times": 1}}])
    df = mg.experiment(cfg, out=tmp_path / "run", backend="processes", workers=2, chunk_size=2, progress=False)
    assert marker.read_text() == "x"  # one worker died
    _same_rows(mg.experiment(cfg, backend="serial", progress=False), df)


def test_worker_that_keeps_dying_fails_clearly_then_resumes(plugin, tmp_path):
    marker = tmp_path / "deaths"
    out = tmp_path / "run"
    times = MAX_POOL_RESTARTS + 2
    cfg = dict(BASE, plugins=[plugin], algorithms=[{"name": "kruskal"}, {"name": "test_die", "options": {
        "marker": str(marker), "times": times}}])
    with pytest.raises(mg.ExperimentError, match="died"):
        mg.experiment(cfg, out=out, backend="processes", workers=1, chunk_size=3, progress=False)
    assert len(marker.read_text()) == MAX_POOL_RESTARTS + 1
    df = mg.experiment(cfg, out=out, backend="processes", workers=1, chunk_size=3, progress=False)
    assert len(marker.read_text()) == times
    assert len(df) == 2 * 9 and df["spawn_key"].is_unique and df["error"].isna().all()
    assert len(list(out.glob("part-*.parquet"))) == 6 and len(_written_keys(out)) == 18
    _same_rows(mg.experiment(cfg, backend="serial", progress=False), df)


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


# -- config errors --------------------------------------------------------------------------------


def _with(**changes):
    cfg = json.loads(json.dumps(BASE))
    for key, value in changes.items():
        if value is None:
            cfg.pop(key)
        else:
            cfg[key] = value
    return cfg


@pytest.mark.parametrize(
    ("cfg", "message"),
    [
        (_with(root_seed=None), "config: root_seed: missing"),
        (_with(seed=3), "config: seed: unknown field (did you mean 'seeds'?)"),
        (_with(seeds="ten"), "config: seeds: expected a whole number, got str 'ten'"),
        (_with(seeds=0), "config: seeds: must be between 1 and"),
        (_with(root_seed=-1), "config: root_seed: must be between 0 and"),
        (_with(algorithms=[]), "config: algorithms: expected a non-empty list of tables"),
        (_with(algorithms=[{"name": "kruskal"}, {"name": "wilson"}, {"name": "prim"}]),
         "config: algorithms[2].name: unknown algorithm 'prim'"),
        (_with(algorithms=[{"nmae": "wilson"}]), "config: algorithms[0].nmae: unknown field (did you mean 'name'?)"),
        (_with(algorithms=[{"name": "wilson", "option": {}}]),
         "config: algorithms[0].option: unknown field (did you mean 'options'?)"),
        (_with(algorithms=[{"options": {}}]), "config: algorithms[0].name: missing"),
        (_with(algorithms=[{"name": 3}]), "config: algorithms[0].name: expected a string, got int 3"),
        (_with(algorithms=[{"name": "wilson", "focus": "walls"}]), "config: algorithms[0].focus:"),
        (_with(algorithms=[{"name": "kruskal", "options": {"bogus": 1}}]),
         "config: algorithms[0].options.bogus: kruskal does not take option 'bogus'"),
        (_with(algorithms=[{"name": "growing_tree", "options": {"policy": "bogus"}}]),
         "config: algorithms[0].options.policy: growing_tree: policy must be one of"),
        (_with(algorithms=[{"name": "wilson"}, {"name": "wilson"}]),
         "config: algorithms[1]: the same as algorithms[0]"),
        (_with(tessellations=[{"name": "hex", "sizes": [[3, 3]]}]),
         "config: tessellations[0].name: unknown tessellation 'hex'"),
        (_with(tessellations=[{"name": "orthogonal"}]), "config: tessellations[0].sizes: missing"),
        (_with(tessellations=[{"name": "orthogonal", "sizes": [[4, 4], [0, 5]]}]),
         "config: tessellations[0].sizes[1]: sizes must be at least 1, got [0, 5]"),
        (_with(tessellations=[{"name": "orthogonal", "sizes": [[4]]}]),
         "config: tessellations[0].sizes[0]: orthogonal takes 2 size(s) (rows x cols), got 1"),
        (_with(tessellations=[{"name": "orthogonal", "sizes": [["4", 4]]}]),
         "config: tessellations[0].sizes[0]: expected a list of whole numbers"),
        (_with(tessellations=[{"name": "orthogonal", "sizes": [[4, 4]], "options": {"wrap": True}}]),
         "config: tessellations[0].options.wrap: orthogonal does not take option 'wrap'"),
        (_with(tessellations=[{"name": "zeta", "sizes": [[4, 4]]}]),
         "config: algorithms[1] (wilson) cannot run on tessellations[0].sizes[0] (zeta 4x4)"),
        (_with(metrics=["dead_ends"]), "config: metrics[0]: unknown metric 'dead_ends'; known: "),
        (_with(metrics="dead_end_pct"), "config: metrics: expected a list of strings"),
        (_with(plugins=["/nonexistent/plugin.py"]), "config: plugins[0]: cannot import"),
    ],
)
def test_malformed_configs_name_the_field(cfg, message):
    with pytest.raises(mg.ConfigError) as info:
        mg.experiment(cfg, backend="serial", progress=False)
    assert str(info.value).startswith(message), str(info.value)
    assert isinstance(info.value, mg.MazeError) and isinstance(info.value, ValueError)


def test_skip_unsupported_drops_pairs_that_cannot_run():
    cfg = _with(skip_unsupported=True, tessellations=[{"name": "zeta", "sizes": [[4, 4]]}], seeds=2)
    df = mg.experiment(cfg, backend="serial", progress=False)
    assert set(df["algorithm"]) == {"kruskal"} and len(df) == 2


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


def _toml(cfg: dict) -> str:
    """Write the small configs used here as TOML (tomllib reads only)."""

    def value(v):
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + "}"
        return str(v)

    lines = [f"{k} = {value(v)}" for k, v in cfg.items() if not isinstance(v, list) or not v or
             not isinstance(v[0], dict)]
    for key in ("algorithms", "tessellations"):
        for entry in cfg[key]:
            lines.append(f"[[{key}]]")
            lines += [f"{k} = {value(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"


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


# -- dask (last: its client leaves threads behind, after which pools start by forkserver) ----------


def test_dask_backend_gives_the_same_rows(clean):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        by_address = mg.experiment(BASE, backend="dask", scheduler=cluster.scheduler_address, chunk_size=2,
                                   progress=False)
        with distributed.Client(cluster) as client:
            by_client = mg.experiment(BASE, backend="dask", scheduler=client, progress=False)
    _same_rows(clean, by_address)
    _same_rows(clean, by_client)


def test_example_config_is_valid():
    from mazegraph.runner.config import load_config

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    cfg = load_config(os.path.join(root, "experiments", "example.toml"))
    assert cfg.seeds >= 1 and cfg.algorithms and cfg.tessellations


def test_symmetric_mazes_in_an_experiment_and_their_regeneration(tmp_path):
    config = {"root_seed": 5, "seeds": 3, "metrics": ["dead_end_pct"],
              "algorithms": [{"name": "backtracker", "options": {"symmetry": "rotate90"}}, {"name": "backtracker"}],
              "tessellations": [{"name": "orthogonal", "sizes": [[8, 8]]}]}
    rows = mg.experiment(config, out=tmp_path / "run")
    assert len(rows) == 6 and rows["options"].nunique() == 2
    for _, row in rows.iterrows():
        M = mg.regenerate(row)
        broken = len(mg.asymmetric_cells(M, "rotate90"))
        if "symmetry" in row["options"]:
            assert M.meta["symmetry"] == "rotate90" and broken == 4  # an even board: the centre's 4 cells
        else:
            assert broken > 32
    with pytest.raises(mg.ConfigError, match=r"options.symmetry: unknown symmetry .*known: rotate180"):
        mg.experiment({**config, "algorithms": [{"name": "kruskal", "options": {"symmetry": "spin"}}]},
                      out=tmp_path / "bad")
