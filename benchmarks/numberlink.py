"""Numberlink speed: median generation time (with and without ``unique=True``) and solve time.

Run: ``python benchmarks/numberlink.py``. Target: a unique 10 x 10 orthogonal puzzle
in under 2 s median. Figures are printed, never asserted.
"""

from __future__ import annotations

import statistics
import time

import mazegraph as mg
from mazegraph import numberlink as nl

BOARDS = [("orthogonal", (7, 7)), ("orthogonal", (10, 10)), ("orthogonal", (15, 15)), ("sigma", (10, 10))]
SEEDS = range(15)


def median_time(fn, seeds) -> float:
    times = []
    for seed in seeds:
        start = time.perf_counter()
        fn(seed)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    print(f"{'board':22s} {'generate':>10s} {'unique':>10s} {'solve':>10s}  target")
    for name, size in BOARDS:
        G = mg.tessellations.build(name, *size)
        nl.generate(G, seed=0, unique=True)  # warm up
        plain = median_time(lambda s, G=G: nl.generate(G, seed=s), SEEDS)
        unique = median_time(lambda s, G=G: nl.generate(G, seed=s, unique=True), SEEDS)
        puzzles = [nl.generate(G, seed=s, unique=True).without_solution() for s in SEEDS]
        solve = median_time(lambda s, puzzles=puzzles: nl.solve(puzzles[s]), SEEDS)
        target = "unique < 2 s" if (name, size) == ("orthogonal", (10, 10)) else ""
        label = f"{name} {'x'.join(map(str, size))}"
        print(f"{label:22s} {plain * 1e3:8.1f}ms {unique * 1e3:8.1f}ms {solve * 1e3:8.1f}ms  {target}")


if __name__ == "__main__":
    main()
