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
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get(
        "PYTHONPATH", "")]))
    env.pop("MAZEGRAPH_COMPILE_NOTICE", None)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)


def test_a_cold_process_says_once_that_it_compiles(tmp_path):
    done = _python(MAZE, tmp_path / "cache")
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0 and done.stderr.count(NOTICE) == 1


def test_after_warmup_a_new_process_compiles_nothing_and_stays_quiet(tmp_path):
    cache = tmp_path / "cache"
    probes = "warmup.job_probes([('kruskal', 'passage', {})], ['orthogonal'], metrics=False)"
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
