"""Overhead of the experiment runner over the bare kernels, on the full Pullen table.

Runs ``mazegraph reproduce pullen``'s config (27 algorithm and focus rows on
100 x 100 orthogonal mazes, dead ends and solution measured) with ``--seeds``
mazes per row (default 1000, the full table: 27,000 mazes) through
``mg.experiment`` on the default backend (local processes, an output folder),
then makes the same mazes (same seeds, checked: same metric values) with the
same ``generate`` and metric calls in a plain loop in this process.

Overhead is measured in **CPU time**, which other processes on a shared machine
do not inflate the way they inflate wall time: the runner's CPU (driver and
workers, from ``getrusage``) over the plain loop's, minus one; the driver's and
the workers' shares are printed apart, so one can tell where it goes. The
wall-clock figure (wall x workers / plain loop - 1) is printed too; it means
something on an idle machine only.

Targets: the full table in under 60 s on 2 idle cores (issue 7); runner
overhead under 10% (issue 14).

``--split`` adds a second, instrumented run that splits the runner's CPU in a way
load on a shared machine does not blur: inside each worker, the CPU spent in the
``generate`` and metric calls against the CPU of the whole chunk around them
(same process, same moment), the workers' CPU outside chunks (start-up, queues),
and the driver's. Its "around" share includes the cost of the instrumentation
itself (four ``process_time`` calls a maze) and of freeing each maze, so it is an
upper bound of what the worker's own code costs.

Run: ``python benchmarks/runner.py [--seeds N] [--workers N] [--split]``. CPU heavy (about
two minutes of CPU for the full table): run it rarely, and quote the load.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import tempfile
import time

import numpy as np

import mazegraph as mg
from mazegraph.reproduce.pullen import config
from mazegraph.runner.worker import task_seed

TARGET_SECONDS = 60.0
TARGET_OVERHEAD = 0.10


def _cpu(who) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min), {five:.2f} (5 min)"


def bare_loop(cfg: dict, df) -> tuple[float, bool]:
    """CPU seconds of the same generate + metric calls in a plain loop, and whether the values match the rows."""
    (size,) = cfg["tessellations"][0]["sizes"]
    cells = mg.tessellations.build(cfg["tessellations"][0]["name"], *size)
    measures = [getattr(mg.metrics, name) for name in cfg["metrics"]]
    tasks = [(r.algorithm, r.focus, json.loads(r.options), int(r.root_seed), int(r.spawn_key)) for r in df.itertuples()]
    values = np.empty((len(tasks), len(measures)))
    started = time.process_time()
    for k, (algorithm, focus, options, root, key) in enumerate(tasks):
        rng = np.random.default_rng(task_seed(root, key))
        maze = mg.generate(cells, algorithm, seed=rng, focus=focus, **options)
        for m, measure in enumerate(measures):
            values[k, m] = measure(maze)
    bare = time.process_time() - started
    same = np.allclose(values, df[list(cfg["metrics"])].to_numpy(dtype=float), equal_nan=True)
    return bare, bool(same)


_SPLIT: dict = {}  # the instrumented run's shared counters and the functions it wraps (set by split_run)


def _spend(function):
    """``function``, adding the CPU it takes to this process's ``spent`` counter."""

    def call(*args, **kwargs):
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            _SPLIT["spent"] += time.process_time() - started

    return call


def _direct_metrics(names):
    measure = _SPLIT["direct_metrics"](names)
    return None if measure is None else _spend(measure)


def _run_chunk(chunk):  # module level: the pool pickles it by name
    _SPLIT["spent"] = 0.0
    started = time.process_time()
    table = _SPLIT["run_chunk"](chunk)
    total = time.process_time() - started
    with _SPLIT["inside"].get_lock():
        _SPLIT["inside"].value += _SPLIT["spent"]
        _SPLIT["around"].value += total - _SPLIT["spent"]
    return table


def split_run(cfg: dict, workers: int) -> dict:
    """An instrumented run: per worker, CPU in generate + metric calls vs CPU of each chunk (see the docstring)."""
    import multiprocessing

    import mazegraph.generators as generators
    import mazegraph.runner.backends as backends
    import mazegraph.runner.worker as worker

    fork = multiprocessing.get_context("fork")
    saved = generators.generate, worker._direct_metrics, backends.run_chunk
    _SPLIT.update(
        inside=fork.Value("d", 0.0), around=fork.Value("d", 0.0), spent=0.0, direct_metrics=saved[1], run_chunk=saved[2]
    )
    generators.generate, worker._direct_metrics, backends.run_chunk = _spend(saved[0]), _direct_metrics, _run_chunk
    try:
        with tempfile.TemporaryDirectory() as out:
            mg.experiment(config(2), out=os.path.join(out, "warm"), workers=workers, progress=False)
            _SPLIT["inside"].value = _SPLIT["around"].value = 0.0
            driver0, workers0 = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)
            mg.experiment(cfg, out=os.path.join(out, "run"), workers=workers, progress=False)
            driver, pool = _cpu(resource.RUSAGE_SELF) - driver0, _cpu(resource.RUSAGE_CHILDREN) - workers0
    finally:
        generators.generate, worker._direct_metrics, backends.run_chunk = saved
    kernels, around = _SPLIT["inside"].value, _SPLIT["around"].value
    return {
        "kernels_cpu_s": round(kernels, 2),
        "around_in_chunks_cpu_s": round(around, 2),
        "workers_outside_chunks_cpu_s": round(pool - kernels - around, 2),
        "driver_cpu_s": round(driver, 2),
        "overhead_around": round(around / kernels, 4),
        "overhead_outside": round((pool - kernels - around) / kernels, 4),
        "overhead_driver": round(driver / kernels, 4),
        "overhead_total": round((driver + pool) / kernels - 1.0, 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--split", action="store_true", help="also an instrumented run splitting the CPU")
    args = parser.parse_args()
    cfg = config(args.seeds)
    mazes = len(cfg["algorithms"]) * args.seeds
    print(
        f"runner on the Pullen table: {len(cfg['algorithms'])} rows x {args.seeds} seeds = {mazes} mazes of "
        f"100 x 100, {args.workers} workers ({_load()})",
        flush=True,
    )

    with tempfile.TemporaryDirectory() as out:
        mg.experiment(config(2), out=os.path.join(out, "warm"), workers=args.workers, progress=False)  # compile
        driver0, workers0 = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        df = mg.experiment(cfg, out=os.path.join(out, "run"), workers=args.workers, progress=False)
        wall = time.perf_counter() - started
        driver, workers = _cpu(resource.RUSAGE_SELF) - driver0, _cpu(resource.RUSAGE_CHILDREN) - workers0
    if len(df) != mazes or not df["error"].isna().all():
        raise RuntimeError(f"the runner returned {len(df)} rows, errors: {df['error'].dropna().unique()[:3]}")
    bare, same = bare_loop(cfg, df)
    runner = driver + workers
    report = {
        "mazes": mazes,
        "workers": args.workers,
        "wall_s": round(wall, 2),
        "mazes_per_s": round(mazes / wall, 1),
        "driver_cpu_s": round(driver, 2),
        "workers_cpu_s": round(workers, 2),
        "bare_cpu_s": round(bare, 2),
        "generate_s_in_rows": round(df["time_ns"].sum() / 1e9, 2),
        "overhead_cpu": round(runner / bare - 1.0, 4),
        "overhead_cpu_driver": round(driver / bare, 4),
        "overhead_cpu_workers": round(workers / bare - 1.0, 4),
        "overhead_wall": round(wall * args.workers / bare - 1.0, 4),
        "same_mazes": same,
    }
    print(json.dumps(report, indent=1))
    overhead = report["overhead_cpu"]
    print(
        f"\n{mazes} mazes: {wall:.1f} s wall (target < {TARGET_SECONDS:.0f} s on idle cores: "
        f"{'ok' if wall < TARGET_SECONDS else 'MISSED'}), {runner:.1f} s CPU (driver {driver:.1f}, workers "
        f"{workers:.1f}) against {bare:.1f} s CPU in a plain loop ({bare / mazes * 1e3:.2f} ms/maze; same values: "
        f"{'yes' if same else 'NO'}): runner overhead {overhead:+.1%} by CPU (driver {driver / bare:+.1%}, workers "
        f"{workers / bare - 1:+.1%}), {report['overhead_wall']:+.1%} by wall (target < {TARGET_OVERHEAD:.0%}: "
        f"{'ok' if overhead < TARGET_OVERHEAD else 'MISSED'}); end {_load()}"
    )
    if args.split:
        split = split_run(cfg, args.workers)
        print(json.dumps(split, indent=1))
        print(
            f"instrumented run, CPU against the generate + metric calls in the workers ({split['kernels_cpu_s']} s): "
            f"around them in the chunks {split['overhead_around']:+.1%}, workers outside chunks "
            f"{split['overhead_outside']:+.1%}, driver {split['overhead_driver']:+.1%}: runner overhead "
            f"{split['overhead_total']:+.1%} (load-robust; no cost of sharing the cores in it); end {_load()}"
        )


if __name__ == "__main__":
    main()
