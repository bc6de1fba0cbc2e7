"""Speed of every generator, beside mazelib and networkx, in one run.

Prints, for every registered algorithm on orthogonal grids:
- median time per maze and ns per cell at 100 x 100 and 1000 x 1000 (after a
  warm-up call; kernel compile time is measured separately, on a cold cache);
- peak memory of generation from the compiled arrays at 2000 x 2000, in bytes
  per cell (a fresh process each; the peak-RSS mark is reset after the
  tessellation is built, so only generation counts);
- mazelib's version of the algorithm, where it has one, at 100 x 100 (installed
  in its own virtual environment under ``benchmarks/.venv-mazelib`` on first use:
  ``pip install mazelib``), and the speed-up;
- ``networkx.minimum_spanning_tree`` over random weights and
  ``networkx.random_spanning_tree`` at 10 x 10 and 20 x 20.

Targets (issue 4): every algorithm under 250 ns per cell at 100 x 100 except
Aldous-Broder and true Prim (under 1 us); faster than mazelib everywhere, at
least 100x where mazelib takes over 10 us per cell; Wilson under 250 ns per cell
at 1000 x 1000; a 2000 x 2000 Wilson maze under 3 s; generation under 200 bytes
per cell; all kernels compiled in under 30 s on a cold cache.

Run: ``python benchmarks/generators.py [--quick]`` (``--quick`` skips 1000 x 1000,
2000 x 2000 and mazelib). Machines are shared and noisy: read medians.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import networkx as nx
import numpy as np

import mazegraph as mg

HERE = Path(__file__).resolve().parent
MAZELIB_VENV = HERE / ".venv-mazelib"
MAZELIB = {  # our name -> mazelib generator class
    "backtracker": "BacktrackingGenerator",
    "hunt_and_kill": "HuntAndKill",
    "division": "Division",
    "binary_tree": "BinaryTree",
    "sidewinder": "Sidewinder",
    "eller": "Ellers",
    "wilson": "Wilsons",
    "aldous_broder": "AldousBroder",
    "kruskal": "Kruskal",
    "prim_simplified": "Prims",
    "prim_modified": "Prims",
    "growing_tree": "GrowingTree",
}
SLOW_OK = {"aldous_broder": 1000.0, "prim_true": 1000.0}  # ns per cell allowed
TARGET = 250.0


def median_seconds(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


# routing generators (issue 5), not perfect-maze ones: measured at 100 x 100 only ("braid" is quadratic)
SMALL_ONLY = {"braid"}


def ours(size: int, repeats: int) -> dict[str, float]:
    cells = mg.tessellations.build("orthogonal", size, size)
    out = {}
    for name in mg.algorithms(cells):
        if size > 100 and name in SMALL_ONLY:
            continue
        mg.generate(cells, name, seed=0)
        seeds = iter(range(1, 10**6))
        t = median_seconds(lambda n=name, s=seeds: mg.generate(cells, n, seed=next(s)), repeats)
        out[name] = t / cells.n_cells * 1e9
    return out


COMPILE = """
import json, time
t = time.perf_counter()
import mazegraph as mg
cells = mg.tessellations.build("orthogonal", 4, 4)
for name in mg.algorithms(cells):
    mg.generate(cells, name, seed=1)
print(json.dumps({"seconds": time.perf_counter() - t}))
"""

PEAK = """
import ctypes, gc, json, sys, time
import mazegraph as mg
name, size = sys.argv[1], int(sys.argv[2])
mg.generate(mg.tessellations.build("orthogonal", 4, 4), name, seed=0)  # compile or load kernels
cells = mg.tessellations.build("orthogonal", size, size)
gc.collect()
ctypes.CDLL("libc.so.6").malloc_trim(0)  # hand freed build memory back, so generation's growth shows
def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key):
            return int(line.split()[1]) * 1024
with open("/proc/self/clear_refs", "w") as f:  # reset the peak-RSS mark
    f.write("5")
base = status("VmRSS:")
t = time.perf_counter()
maze = mg.generate(cells, name, seed=1)
seconds = time.perf_counter() - t
print(json.dumps({"seconds": seconds, "bytes_per_cell": (status("VmHWM:") - base) / cells.n_cells}))
"""

MAZELIB_RUN = """
import json, statistics, sys, time, importlib
from mazelib import Maze
name, repeats = sys.argv[1], int(sys.argv[3])
cls = getattr(importlib.import_module("mazelib.generate." + name), name)
for size in (int(sys.argv[2]), 30):  # fall back to a smaller maze where mazelib fails at the larger one
    try:
        times = []
        for _ in range(repeats):
            m = Maze()
            m.generator = cls(size, size)
            t = time.perf_counter()
            m.generate()
            times.append(time.perf_counter() - t)
        print(json.dumps({"ns_per_cell": statistics.median(times) / size**2 * 1e9, "size": size}))
        break
    except Exception as error:
        failure = f"{type(error).__name__} at {size}x{size}"
else:
    print(json.dumps({"error": failure}))
"""


def fresh(code: str, *args: str, env: dict | None = None, python: str = sys.executable) -> dict:
    out = subprocess.run(
        [python, "-c", code, *args], capture_output=True, text=True, check=True, env={**os.environ, **(env or {})}
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def mazelib_python() -> str | None:
    python = MAZELIB_VENV / "bin" / "python"
    if not python.exists():
        try:
            subprocess.run([sys.executable, "-m", "venv", str(MAZELIB_VENV)], check=True)
            subprocess.run([str(python), "-m", "pip", "install", "--quiet", "mazelib"], check=True)
        except subprocess.CalledProcessError as error:
            print(f"mazelib could not be installed ({error}); its columns stay empty")
            return None
    return str(python)


def networkx_rows() -> list[str]:
    rows = []
    rng = np.random.default_rng(0)
    for size in (10, 20):
        G = nx.grid_2d_graph(size, size)
        for u, v in G.edges:
            G.edges[u, v]["weight"] = rng.random()
        mst = median_seconds(lambda g=G: nx.minimum_spanning_tree(g), 5)
        rst = median_seconds(lambda g=G: nx.random_spanning_tree(g, seed=1), 1 if size == 20 else 3)
        ours_w = median_seconds(lambda g=G: mg.generate(g, "wilson", seed=1), 20)
        cells = size * size
        rows.append(
            f"{size:>2d}x{size:<2d}  nx.minimum_spanning_tree {mst / cells * 1e9:12.0f} ns/cell   "
            f"nx.random_spanning_tree {rst / cells * 1e9:14.0f} ns/cell   "
            f"mg wilson on the same nx.Graph {ours_w / cells * 1e9:8.0f} ns/cell"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="100 x 100 only; no mazelib")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as cache:
        compiled = fresh(COMPILE, env={"NUMBA_CACHE_DIR": cache})["seconds"]
    print(f"compile of every kernel (import + one tiny maze each), cold cache: {compiled:.1f} s (target < 30 s)\n")

    small = ours(100, 21)
    print("ns/cell at 100x100:", json.dumps({k: round(v) for k, v in small.items()}), flush=True)
    large = {} if args.quick else ours(1000, 3)
    print("ns/cell at 1000x1000:", json.dumps({k: round(v) for k, v in large.items()}), flush=True)
    peak = {} if args.quick else {name: fresh(PEAK, name, "2000") for name in small if name not in SMALL_ONLY}
    print("2000x2000:", json.dumps(peak), flush=True)
    python = None if args.quick else mazelib_python()
    theirs = {}
    for name, cls in MAZELIB.items():
        if python and name in small:
            repeats = 1 if cls in ("AldousBroder", "Wilsons") else 3
            theirs[name] = fresh(MAZELIB_RUN, cls, "100", str(repeats), python=python)

    header = (f"{'algorithm':16s} {'100x100':>9s} {'target':>12s} {'1000x1000':>10s} {'2000x2000 s':>11s} "
              f"{'B/cell':>7s} {'mazelib 100x100':>16s} {'speed-up':>9s}")
    print(header + "\n" + "-" * len(header))
    for name in sorted(small):
        limit = SLOW_OK.get(name, TARGET)
        mark = "ok" if small[name] < limit else "MISSED"
        big = f"{large[name]:10.0f}" if name in large else f"{'':>10s}"
        p = peak.get(name)
        p_s = f"{p['seconds']:11.2f} {p['bytes_per_cell']:7.0f}" if p else f"{'':>11s} {'':>7s}"
        t = theirs.get(name)
        if t is None:
            t_s = f"{'':>16s} {'':>9s}"
        elif "error" in t:
            t_s = f"{MAZELIB[name]} fails: {t['error']}"
        else:
            at = "" if t["size"] == 100 else f" ({t['size']}x{t['size']})"
            label = f"{MAZELIB[name]} {t['ns_per_cell']:.0f}"
            t_s = f"{label:>16s} {t['ns_per_cell'] / small[name]:8.0f}x{at}"
        print(f"{name:16s} {small[name]:9.0f} {limit:5.0f} {mark:6s} {big} {p_s} {t_s}")
    print("\nns per cell, medians; B/cell = peak RSS growth during generation / cells\n")
    for row in networkx_rows():
        print(row)


if __name__ == "__main__":
    main()
