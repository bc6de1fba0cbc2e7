"""Memory per cell of each tessellation builder, beside the estimate its size check uses (issue 16).

Every builder declares ``bytes_per_cell`` at registration (the peak of building its arrays,
with a margin) and :func:`mazegraph.tessellations.limits.check_cells` refuses sizes whose
estimate exceeds the memory budget. This script measures, per builder, in fresh
interpreters so that one build does not hide another's peak:

- tracemalloc: bytes held after building the arrays, and the peak while building;
- RSS: growth of the process's peak resident set (``ru_maxrss``) over the build, without
  tracemalloc (which slows allocation but not the memory used);
- for the ``networkx`` view built from the arrays (``to_networkx``): tracemalloc's held and
  peak bytes, and the growth of the current resident set (Linux ``/proc/self/statm``; the
  peak would hide under the arrays' build peak), beside
  :data:`~mazegraph.tessellations.limits.NX_BYTES_PER_CELL`.

A declared estimate should be above the measured peaks (it is the budget's unit), but not far.

Run: ``python benchmarks/bytes_per_cell.py [--cells N] [NAME ...]`` (default: every builder
at about 250,000 cells, voronoi at 50,000; about a minute per builder on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys

_SCRIPT = r"""
import json, resource, sys, tracemalloc, warnings
warnings.simplefilter("ignore")
import mazegraph as mg
from mazegraph.tessellations import TESSELLATIONS
name, args, how = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
entry = TESSELLATIONS[name]
small = entry.cells(*entry.arguments(entry.example))  # imports, kernels and caches before measuring
small.to_networkx()
def rss():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # the peak so far; kB on Linux
def current():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize()
out = {}
if how == "tracemalloc":
    tracemalloc.start()
    cells = entry.cells(*entry.arguments(args))
    held, peak = tracemalloc.get_traced_memory()
    out.update(n=cells.n_cells, held=held, peak=peak)
    tracemalloc.reset_peak()
    G = cells.to_networkx()
    now, peak = tracemalloc.get_traced_memory()
    out.update(view_held=now - held, view_peak=peak - held)
else:
    before = rss()
    cells = entry.cells(*entry.arguments(args))
    after, held = rss(), current()
    G = cells.to_networkx()
    out.update(n=cells.n_cells, rss=after - before, view_rss=current() - held)
print(json.dumps(out))
"""


_BY_RADIUS = ("cube", "sigma_hexagon", "theta")  # one size, cells in proportion to its square


def _size(name: str, example: tuple, cells: int) -> tuple:
    """A size of about ``cells`` cells with the example's proportions."""
    from mazegraph.tessellations import TESSELLATIONS

    entry = TESSELLATIONS[name]
    n = entry.cells(*entry.arguments(example)).n_cells
    if name == "fractal":  # (rows, cols, depth): deepen 2 x 2 blocks
        return (2, 2, max(1, round(math.log(cells, 4))))
    if name in ("mask", "planair"):
        return ()
    area = 2 if name in _BY_RADIUS else len(example)  # cells grow as the square of a radius or a side
    scale = (cells / n) ** (1 / area)
    return tuple(max(1, round(x * scale)) for x in example)


def _run(name: str, size: tuple, how: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, name, json.dumps(list(size)), how],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--cells", type=int, default=250_000)
    args = parser.parse_args(argv)

    from mazegraph.tessellations import TESSELLATIONS, limits

    names = args.names or sorted(n for n in TESSELLATIONS if n not in ("mask", "planair"))
    print(f"load average {os.getloadavg()[0]:.1f}; bytes per cell; declared = the estimate check_cells uses; "
          f"the view's is {limits.NX_BYTES_PER_CELL}")
    print(f"{'builder':14s} {'cells':>8s} {'declared':>8s} {'held':>6s} {'peak':>6s} {'RSS':>6s} | "
          f"{'view held':>9s} {'peak':>6s} {'RSS':>6s}")
    for name in names:
        entry = TESSELLATIONS[name]
        cells = args.cells if name != "voronoi" else min(args.cells, 50_000)
        size = _size(name, entry.example, cells)
        traced, resident = _run(name, size, "tracemalloc"), _run(name, size, "rss")
        n = traced["n"]
        print(f"{name:14s} {n:8d} {entry.bytes_per_cell:8d} {traced['held'] / n:6.0f} {traced['peak'] / n:6.0f} "
              f"{resident['rss'] / n:6.0f} | {traced['view_held'] / n:9.0f} {traced['view_peak'] / n:6.0f} "
              f"{resident['view_rss'] / n:6.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
