"""Speed of the texture metrics (:mod:`mazegraph.metrics`).

Prints the median time of :func:`mazegraph.metrics.summary` and of each metric on
a Kruskal maze of 1000 x 1000 orthogonal cells (target: the whole summary well
under a second after warm-up) and the per-call time of ``summary`` at 10 x 10,
where Python overhead dominates.

Run: ``python benchmarks/metrics.py`` (under a minute). The machines are shared
and noisy: read medians, not single runs.
"""

from __future__ import annotations

import statistics
import time

import mazegraph as mg
from mazegraph import metrics as mm

TARGET_SUMMARY_S = 1.0


def median_seconds(function, repeats: int) -> float:
    function()  # warm-up (compilation, per-tessellation caches)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    cells = mg.tessellations.build("orthogonal", 1000, 1000)
    maze = mg.generate(cells, "kruskal", seed=1)
    print("mazegraph.metrics on a 1000 x 1000 Kruskal maze (median of 7, after warm-up)")
    for name, function in [
        ("summary", lambda: mm.summary(maze)),
        ("degree_distribution", lambda: mm.degree_distribution(maze)),
        ("solution_length", lambda: mm.solution_length(maze)),
        ("river", lambda: mm.river(maze)),
        ("run", lambda: mm.run(maze)),
        ("bias", lambda: mm.bias(maze)),
    ]:
        seconds = median_seconds(function, 7)
        note = ""
        if name == "summary":
            note = f"  target < {TARGET_SUMMARY_S:.0f} s: {'ok' if seconds < TARGET_SUMMARY_S else 'SLOW'}"
        print(f"  {name:<20} {seconds * 1e3:8.1f} ms{note}")
    small = mg.generate(mg.tessellations.build("orthogonal", 10, 10), "kruskal", seed=1)
    per_call = median_seconds(lambda: [mm.summary(small) for _ in range(200)], 7) / 200
    print(f"summary of a 10 x 10 maze: {per_call * 1e6:.0f} us per call")


if __name__ == "__main__":
    main()
