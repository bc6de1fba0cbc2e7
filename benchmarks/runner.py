"""Throughput of the experiment runner on the full Pullen table.

Runs ``mazegraph reproduce pullen``'s config (21 algorithm and focus rows on
100 x 100 orthogonal mazes, dead ends and solution measured) with ``--seeds``
mazes per row (default 1000, the full table: 21,000 mazes) through
``mg.experiment`` on the default backend (local processes), then times the same
work without the runner: the same generate and metric calls in a plain loop
over a sample of the tasks in this process. Prints mazes per second, the wall
time, and the runner's overhead: wall time x workers over the kernel time
(generation + metrics) the tasks need, minus one.

Targets (issue 7): the full table in under 60 s on 2 cores, overhead under 15%.

Run: ``python benchmarks/runner.py [--seeds N]``. Shared machines are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time

import numpy as np

import mazegraph as mg
from mazegraph.reproduce.pullen import config
from mazegraph.runner.worker import task_seed

TARGET_SECONDS = 60.0
TARGET_OVERHEAD = 0.15


def kernel_seconds_per_maze(cfg: dict, sample: int) -> float:
    """Mean seconds of generate + metrics per maze, measured in a plain loop (no runner)."""
    cells = mg.tessellations.build("orthogonal", 100, 100)
    measures = [getattr(mg.metrics, name) for name in cfg["metrics"]]
    total, count = 0.0, 0
    for k, entry in enumerate(cfg["algorithms"]):
        mg.generate(cells, entry["name"], seed=0, focus=entry["focus"], **entry["options"])  # warm
        for replicate in range(sample):
            rng = np.random.default_rng(task_seed(cfg["root_seed"], 1_000_003 * k + replicate))
            t = time.perf_counter()
            maze = mg.generate(cells, entry["name"], seed=rng, focus=entry["focus"], **entry["options"])
            for measure in measures:
                measure(maze)
            total += time.perf_counter() - t
            count += 1
    return total / count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--sample", type=int, default=30, help="tasks per row timed without the runner")
    args = parser.parse_args()
    cfg = config(args.seeds)
    workers = os.cpu_count() or 1
    mazes = len(cfg["algorithms"]) * args.seeds

    with tempfile.TemporaryDirectory() as out:
        mg.experiment(config(2), out=os.path.join(out, "warm"), progress=False)  # compile/load kernels everywhere
        started = time.perf_counter()
        df = mg.experiment(cfg, out=os.path.join(out, "run"), progress=False)
        wall = time.perf_counter() - started
    assert len(df) == mazes and df["error"].isna().all()
    per_maze = kernel_seconds_per_maze(cfg, args.sample)
    kernels = per_maze * mazes
    generation = df["time_ns"].sum() / 1e9
    overhead = wall * workers / kernels - 1.0
    report = {
        "mazes": mazes,
        "workers": workers,
        "wall_s": round(wall, 2),
        "mazes_per_s": round(mazes / wall, 1),
        "generation_s_from_rows": round(generation, 2),
        "kernel_s_estimated": round(kernels, 2),
        "overhead": round(overhead, 3),
    }
    print(json.dumps(report, indent=1))
    print(
        f"\nfull Pullen table, {args.seeds} seeds ({mazes} mazes) on {workers} workers: {wall:.1f} s "
        f"(target < {TARGET_SECONDS:.0f} s: {'ok' if wall < TARGET_SECONDS else 'MISSED'}), "
        f"{mazes / wall:.0f} mazes/s; runner overhead {overhead:+.0%} of kernel time "
        f"(target < {TARGET_OVERHEAD:.0%}: {'ok' if overhead < TARGET_OVERHEAD else 'MISSED'})"
    )


if __name__ == "__main__":
    main()
