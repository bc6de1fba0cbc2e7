"""Speed of the foundation: generators, tessellation build, rendering.

Prints, beside the targets of the foundation issue:
- JIT compile time of the kernels on a cold cache, and the load time on a warm one;
- median ns per cell of "wilson" and "kruskal" at 100 x 100 and 1000 x 1000;
- time and memory to build a 1000 x 1000 orthogonal tessellation as arrays
  (tracemalloc: held and peak) and as a networkx.Graph (peak RSS growth), in a
  fresh process;
- time to render a 300 x 300 maze to PNG and to SVG.

Run: ``python benchmarks/core.py`` (about two minutes). The machines are shared
and noisy: read medians and ratios, not single runs.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import mazegraph as mg

TARGET_NS_PER_CELL = 250.0
TARGET_BUILD_S = 1.0
TARGET_RENDER_S = 5.0  # "a few seconds at most"


def _in_fresh_process(code: str, env: dict | None = None) -> dict:
    """Run ``code`` in a new interpreter; it prints one JSON object."""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={**os.environ, **(env or {})}
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


COMPILE = """
import json, time
t0 = time.perf_counter()
import mazegraph as mg
t1 = time.perf_counter()
G = mg.tessellations.build("orthogonal", 3, 3)
for a in ("wilson", "kruskal"):
    mg.generate(G, a, seed=1)
mg.Maze(G).is_perfect()
t2 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "first_calls": t2 - t1}))
"""

BUILD = """
import json, resource, time, tracemalloc
import mazegraph as mg
from mazegraph.tessellations import build
build("orthogonal", 2, 2)  # warm the CSR kernel
tracemalloc.start()
t = time.perf_counter()
cells = build("orthogonal", 1000, 1000)
arrays = time.perf_counter() - t
held, peak = tracemalloc.get_traced_memory()
tracemalloc.stop()
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t = time.perf_counter()
G = cells.to_networkx()
graph = time.perf_counter() - t
end = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"arrays_s": arrays, "arrays_mb": held / 2**20, "arrays_peak_mb": peak / 2**20,
                  "graph_s": graph, "graph_mb": (end - base) / 1024}))
"""


def median_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    print(f"mazegraph {mg.__version__}; numba cache and kernels as installed; {os.cpu_count()} cores\n")

    with tempfile.TemporaryDirectory() as cache:
        cold = _in_fresh_process(COMPILE, {"NUMBA_CACHE_DIR": cache})
        warm = _in_fresh_process(COMPILE, {"NUMBA_CACHE_DIR": cache})
    print("JIT: first generate + solve calls (compile) on a cold cache "
          f"{cold['first_calls']:.2f} s, on a warm cache {warm['first_calls']:.2f} s "
          f"(import {warm['import']:.2f} s)\n")

    print(f"{'generator':10s} {'size':>11s} {'median ms':>10s} {'ns/cell':>8s} {'target':>7s}")
    for rows, repeats in ((100, 41), (1000, 5)):
        cells = mg.tessellations.build("orthogonal", rows, rows)
        for algorithm in ("wilson", "kruskal"):
            mg.generate(cells, algorithm, seed=0)  # warm
            seeds = iter(range(1, 10**6))
            t = median_time(lambda c=cells, a=algorithm, s=seeds: mg.generate(c, a, seed=next(s)), repeats)
            ns = t / cells.n_cells * 1e9
            flag = "ok" if ns < TARGET_NS_PER_CELL else "MISSED"
            print(f"{algorithm:10s} {rows:>5d}x{rows:<5d} {t * 1e3:10.2f} {ns:8.1f} "
                  f"{TARGET_NS_PER_CELL:5.0f}  {flag}")

    build = _in_fresh_process(BUILD)
    flag = "ok" if build["arrays_s"] < TARGET_BUILD_S else "MISSED"
    print(f"\nbuild orthogonal 1000x1000 as arrays: {build['arrays_s']:.3f} s (target < {TARGET_BUILD_S:.0f} s: "
          f"{flag}), {build['arrays_mb']:.0f} MB held, {build['arrays_peak_mb']:.0f} MB peak (tracemalloc)")
    print(f"build orthogonal 1000x1000 as nx.Graph from the arrays: {build['graph_s']:.1f} s, "
          f"{build['graph_mb']:.0f} MB more peak RSS")

    maze = mg.generate(mg.tessellations.build("orthogonal", 300, 300), "wilson", seed=1)
    mg.render(mg.generate(mg.tessellations.build("orthogonal", 5, 5), "wilson", seed=1), format="png")
    png = median_time(lambda: mg.render(maze, solution=True, format="png"), 3)
    svg = median_time(lambda: mg.render(maze, solution=True), 3)
    flag = "ok" if png < TARGET_RENDER_S else "MISSED"
    print(f"render 300x300 with solution: PNG {png:.2f} s (target a few seconds: {flag}), SVG {svg:.2f} s")


if __name__ == "__main__":
    main()
