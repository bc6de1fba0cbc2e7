"""Compiling kernels: said on stderr when it happens, done once ahead of a job, then loaded from the cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from mazegraph import warmup
from mazegraph._numba import NOTICE

ROOT = Path(__file__).resolve().parents[1]
MAZE = (
    "import mazegraph as mg, mazegraph._numba as n\n"
    "M = mg.generate(mg.tessellations.orthogonal(6, 6), 'kruskal', seed=1)\n"
    "print(n.compile_count()[0])\n"
)


def _python(code: str, cache: Path) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        NUMBA_CACHE_DIR=str(cache),
        PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    )
    env.pop("MAZEGRAPH_COMPILE_NOTICE", None)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)


def test_a_cold_process_says_once_that_it_compiles(tmp_path):
    done = _python(MAZE, tmp_path / "cache")
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0 and done.stderr.count(NOTICE) == 1


def test_after_warmup_a_new_process_compiles_nothing_and_stays_quiet(tmp_path):
    cache = tmp_path / "cache"
    # the script seeds with an int: its path is the ("int seed",) probe (a job's workers seed with Generators)
    probes = "warmup.job_probes([('kruskal', 'passage', {})], ['orthogonal'], metrics=False) + [('int seed',)]"
    first = _python(f"from mazegraph import warmup\nprint(warmup.ensure({probes}, workers=2, progress=False))", cache)
    assert first.returncode == 0, first.stderr
    assert NOTICE not in first.stderr  # the probes run quietly (the job's bar says it)
    again = _python(f"from mazegraph import warmup\nprint(warmup.is_warm({probes}))", cache)
    assert again.stdout.strip() == "True"
    job = _python(MAZE, cache)
    assert job.returncode == 0, job.stderr
    assert job.stdout.strip() == "0" and NOTICE not in job.stderr


def test_probes_cover_every_algorithm_and_metric_path():
    probes = warmup.all_probes()
    import mazegraph as mg

    generated = {p[2] for p in probes if p[0] == "generate"}
    assert generated == set(mg.algorithms())
    assert {p[1] for p in probes if p[0] == "solve"} == set(mg.solvers())


def test_every_probed_tessellation_builds():
    """A probe whose tessellation fails to build compiles nothing, silently (grid's shape was once splatted)."""
    import mazegraph as mg

    for name in sorted({p[1] for p in warmup.all_probes() if p[0] in ("generate", "metrics")}):
        cells = warmup._example(mg.tessellations, name)
        assert cells.n_cells > 1, name


def test_an_algorithms_probes_compile_in_one_process_and_a_job_compiles_only_its_metrics():
    probes = warmup.job_probes(
        [("hunt_and_kill", "passage", {}), ("kruskal", "passage", {}), ("hunt_and_kill", "wall", {})],
        ["orthogonal", "sigma"],
        metrics=["dead_end_pct"],
    )
    groups = warmup.tasks(probes)
    assert sorted(p for g in groups for p in g) == sorted(probes)  # every probe once
    for group in groups:  # never one algorithm in two tasks (two processes would compile its kernels twice)
        kinds = {(p[0], p[2]) if p[0] == "generate" else p for p in group}
        assert len(kinds) == 1
    assert len(groups) == 4  # hunt_and_kill (4 probes), kruskal (2), metrics on each tessellation
    assert ("metrics", "sigma", '["dead_end_pct"]') in probes and ("metrics", "sigma") not in probes


def test_a_metrics_probe_compiles_the_metrics_it_names_and_no_other(tmp_path):
    code = (
        "from mazegraph import warmup\n"
        "import mazegraph.metrics.runs as runs, mazegraph.metrics.branches as branches\n"
        "warmup.run_probe(('metrics', 'orthogonal', '[\"dead_end_pct\", \"solution_pct\"]'))\n"
        "print(len(runs._runs.signatures), len(branches._branches.signatures))\n"
        "warmup.run_probe(('metrics', 'orthogonal'))\n"
        "print(len(runs._runs.signatures), len(branches._branches.signatures))\n"
    )
    done = _python(code, tmp_path / "cache")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "0", "1", "1"]  # the whole summary needs them; the two metrics do not


def test_algorithms_of_one_module_share_a_task():
    """growing_tree and growing_forest run the same kernel (_grow): one process compiles it, not both."""
    probes = warmup.job_probes(
        [("growing_tree", "passage", {}), ("kruskal", "passage", {}), ("growing_forest", "wall", {})],
        ["orthogonal"],
        metrics=False,
    )
    groups = warmup.tasks(probes)
    assert len(groups) == 2
    together = next(g for g in groups if len(g) == 2)
    assert {p[2] for p in together} == {"growing_tree", "growing_forest"}


def test_job_probes_seed_as_the_workers_do_and_only_warmup_compiles_the_int_seed_path(tmp_path):
    code = (
        "from mazegraph import warmup, _random\n"
        "warmup.run_probe(('generate', 'orthogonal', 'kruskal', 'passage', '{}'))\n"
        "print(len(_random._int_kernel_words.signatures), len(_random._seed_words.signatures))\n"
        "warmup.run_probe(('int seed',))\n"
        "print(len(_random._int_kernel_words.signatures))\n"
    )
    done = _python(code, tmp_path / "cache")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "0", "1"]
    assert ("int seed",) in warmup.all_probes()
