"""What a run says while it works: the job's name on the bar, and kernels compiled once before the workers."""

from __future__ import annotations

from tqdm import tqdm

import mazegraph as mg
from mazegraph import warmup
from mazegraph.runner import run
from mazegraph.runner.config import load_config

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
