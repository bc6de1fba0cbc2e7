"""Generation speed on the path users call, beside the kernels and a C reference (issue 14).

For every perfect-maze algorithm, CPU time per maze (``time.process_time``,
median over repeats with the min-max spread) on square orthogonal grids:

(a) the kernel on arrays: ``mg.generate(mg.tessellations.build("orthogonal", r, c), name, seed=s)``;
(b) the user's path: ``mg.generate(G, name, seed=s)`` with ``G = mg.tessellations.orthogonal(r, c)``;
(c) a C program of the same algorithm over the same CSR arrays (``benchmarks/c``), compiled on demand
    with the system compiler (``$CC``, else ``cc``, ``gcc`` or ``clang``; skipped with a message when
    there is none). Every C maze is checked to be a spanning tree (n - 1 open edges, one component,
    counted with scipy, not with mazegraph), so the anchor is honest.

(a) and (b) are called alternately with the same seeds, after one untimed call of each on the same
graph (compilation, per-graph memos), and must give the same maze. The table prints ns per cell, the
ratios b/a and a/C, and ms per maze beside the Daedalus figures quoted in issue 14 (measured there, not
here). Then:

- the fixed per-call overhead of ``generate`` on a 10 x 10 grid: median (b) minus median (a), in us;
- the runner's overhead: the full Pullen table (``mazegraph reproduce pullen``'s config, 1000 seeds)
  through ``mg.experiment`` on the process pool, against the bare calls (``generate`` and the metrics
  the runner computes, for the same mazes: the rows' own seeds) in a plain serial loop in this process.
  Overhead by wall: wall x workers / bare CPU - 1 (what issue 14 quotes; other load on the machine
  counts against it); by CPU: (driver + workers CPU) / bare CPU - 1, also split into the driver's and
  the workers' shares. With several workers the same plain loop is also run split over that many
  forked processes at once: its CPU over the serial loop's is what sharing the cores costs (caches,
  memory bandwidth, clock), runner or not, and the runner's CPU is also given against it.
  The runner's figure includes no numba compilation or cache loading: every kernel is loaded in
  this process first and the pool's workers are forked from it (a warm-up run comes first too).

Targets (issue 14): b/a <= 1.10 at every size, per-call overhead < 20 us, a <= Daedalus at 100 x 100,
a/C <= 2 for Wilson and Kruskal at 1000 x 1000, runner overhead < 10%.

Run: ``python benchmarks/speed.py`` (sizes 100 and 1000, about 15 minutes on 2 cores: building the
1000 x 1000 nx.Graph alone takes 20-30 s and about 3 GB), ``--quick`` (100 x 100, few repeats, 20
seeds for the runner: a smoke run, not the issue's figures), ``--sizes 100 300``, ``--wilson-2000``
(adds Wilson at 2000 x 2000: the nx.Graph then takes minutes and about 12 GB), ``--no-runner``,
``--runner-only`` (the runner's overhead alone, about a minute and a half at 1000 seeds);
``--check-c`` only checks the C programs (spanning trees on odd grid shapes, dead ends beside mazegraph's).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

import mazegraph as mg

# issue 14's table, in its order, then the other registered perfect-maze algorithms
TABLE = ["binary_tree", "division", "sidewinder", "eller", "backtracker", "prim_modified", "kruskal", "wilson",
         "hunt_and_kill", "aldous_broder", "unicursal"]
OTHERS = ["prim_true", "prim_simplified", "growing_tree", "growing_forest"]
NOT_MEASURED = {"braid": "makes loops (a routing generator)", "fractal": "composes other algorithms"}

# Daedalus 3.5 (Pullen's C++ program), CPU ms per 100 x 100 maze, as quoted in issue 14 (not measured here)
DAEDALUS_MS = {"binary_tree": 0.16, "division": 0.17, "sidewinder": 0.32, "eller": 0.37, "backtracker": 0.50,
               "prim_modified": 0.67, "kruskal": 1.07, "wilson": 1.43, "hunt_and_kill": 1.93,
               "aldous_broder": 5.50, "unicursal": 6.44}

C_DIR = Path(__file__).resolve().parent / "c"
C_ALGORITHMS = ("aldous_broder", "backtracker", "binary_tree", "division", "eller", "hunt_and_kill", "kruskal",
                "prim_modified", "sidewinder", "wilson")

TARGET_RATIO = 1.10
TARGET_OVERHEAD_US = 20.0
TARGET_C_RATIO = 2.0
TARGET_RUNNER = 0.10


@dataclass
class Spread:
    """Median and range of per-maze CPU seconds."""

    median: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, seconds: list[float]) -> Spread:
        return cls(statistics.median(seconds), min(seconds), max(seconds), len(seconds))

    def per_cell(self, cells: int) -> str:
        """``median [min-max]`` in ns per cell."""
        f = 1e9 / cells
        return f"{self.median * f:7.1f} [{self.low * f:.0f}-{self.high * f:.0f}]"


# ----------------------------------------------------------------------------------------------- C reference


class CReference:
    """The C programs of ``benchmarks/c``, built once into a temporary folder.

    ``missing`` holds the reason when there is no compiler or the build fails;
    :meth:`run` then returns None.
    """

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.exe = workdir / "mazes"
        self.missing: str | None = None
        compiler = os.environ.get("CC") or next(
            (c for c in ("cc", "gcc", "clang") if shutil.which(c)), None)
        if compiler is None or shutil.which(compiler.split()[0]) is None:
            self.missing = "no C compiler found (looked for $CC, cc, gcc, clang): C column skipped"
            return
        command = [*compiler.split(), "-O2", "-std=c99", "-o", str(self.exe), *map(str, sorted(C_DIR.glob("*.c")))]
        built = subprocess.run(command, capture_output=True, text=True)
        if built.returncode != 0:
            self.missing = f"C build failed ({' '.join(command)}): {built.stderr.strip()[:500]}"
            return
        version = subprocess.run([*compiler.split(), "--version"], capture_output=True, text=True).stdout
        self.compiler = f"{compiler} -O2 ({version.splitlines()[0] if version else 'version unknown'})"

    @staticmethod
    def write_graph(cells, rows: int, cols: int, path: Path) -> None:
        """The CellGraph's own CSR arrays, as ``benchmarks/c/main.c`` reads them (int32)."""
        def int32(a):
            a = np.asarray(a)
            if a.size and (a.max() > np.iinfo(np.int32).max or a.min() < 0):
                raise ValueError("the graph is too large for the C reference's int32 arrays")
            return a.astype("<i4").tobytes()

        with open(path, "wb") as f:
            f.write(b"MGCSR1\0\0")
            f.write(int32([cells.n_cells, cells.n_edges, rows, cols]))
            for array in (cells.indptr, cells.neighbors, cells.edge_ids, np.asarray(cells.edges).reshape(-1)):
                f.write(int32(array))

    def run(self, algorithm: str, graph: Path, cells, repeats: int, seed: int, masks_out: list | None = None):
        """CPU seconds per maze of the C ``algorithm``; raises if a maze is not a spanning tree.

        The open-edge masks are appended to ``masks_out`` when it is given.
        """
        if self.missing or algorithm not in C_ALGORITHMS:
            return None
        masks = self.workdir / "masks.bin"
        done = subprocess.run([str(self.exe), algorithm, str(graph), str(repeats), str(seed), str(masks)],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"C {algorithm} failed: {done.stderr.strip()}")
        seconds = [int(line) / 1e9 for line in done.stdout.split()]
        opened = np.fromfile(masks, dtype=np.uint8).reshape(repeats, cells.n_edges)
        edges = np.asarray(cells.edges).reshape(-1, 2)
        for k, mask in enumerate(opened):
            problem = spanning_tree_problem(mask.astype(bool), edges, cells.n_cells)
            if problem:
                raise RuntimeError(f"C {algorithm}, maze {k}: not a spanning tree: {problem}")
        if masks_out is not None:
            masks_out.extend(opened.astype(bool))
        masks.unlink()
        return Spread.of(seconds)


def spanning_tree_problem(open_mask: np.ndarray, edges: np.ndarray, n: int) -> str | None:
    """Why the open edges are not a spanning tree of the ``n`` cells, or None if they are."""
    chosen = edges[open_mask]
    if len(chosen) != n - 1:
        return f"{len(chosen)} open edges, a spanning tree of {n} cells has {n - 1}"
    graph = coo_matrix((np.ones(len(chosen)), (chosen[:, 0], chosen[:, 1])), shape=(n, n))
    parts, _ = connected_components(graph, directed=False)
    return None if parts == 1 else f"{parts} components"


def dead_end_pct(open_mask: np.ndarray, edges: np.ndarray, n: int) -> float:
    """Share of cells with exactly one open edge, in percent (numpy only)."""
    degree = np.bincount(edges[open_mask].reshape(-1), minlength=n)
    return 100.0 * np.count_nonzero(degree == 1) / n


def check_c(c_ref: CReference, workdir: Path) -> None:
    """Every C generator on odd grid shapes (spanning tree each time), and its texture beside mazegraph's."""
    if c_ref.missing:
        print(c_ref.missing)
        return
    shapes = [(1, 1), (1, 7), (7, 1), (2, 2), (5, 8), (8, 5), (33, 17), (100, 100)]
    for rows, cols in shapes:
        cells = mg.tessellations.build("orthogonal", rows, cols)
        path = workdir / "check.bin"
        CReference.write_graph(cells, rows, cols, path)
        for algorithm in C_ALGORITHMS:
            c_ref.run(algorithm, path, cells, 25, seed=rows * 1000 + cols)
    print(f"C reference: every generator made spanning trees on {', '.join(f'{r}x{c}' for r, c in shapes)} "
          "(25 mazes each)")
    cells = mg.tessellations.build("orthogonal", 100, 100)
    CReference.write_graph(cells, 100, 100, path)
    edges = np.asarray(cells.edges).reshape(-1, 2)
    print("dead ends % on 100 x 100, mean of 200 mazes (the C programs are not the kernels: options such as "
          "Eller's joining odds may differ)")
    print(f"{'algorithm':16s} {'mazegraph':>10s} {'C':>10s}")
    for algorithm in C_ALGORITHMS:
        masks: list = []
        c_ref.run(algorithm, path, cells, 200, seed=7, masks_out=masks)
        ours = np.mean([mg.metrics.dead_end_pct(mg.generate(cells, algorithm, seed=s)) for s in range(200)])
        theirs = np.mean([dead_end_pct(m, edges, cells.n_cells) for m in masks])
        print(f"{algorithm:16s} {ours:10.2f} {theirs:10.2f}")


# ----------------------------------------------------------------------------------------- Python timings


def cpu(fn, *args, **kwargs):
    """``(CPU seconds, result)`` of one call."""
    t = time.process_time()
    result = fn(*args, **kwargs)
    return time.process_time() - t, result


def time_pair(algorithm: str, cells, graph, seeds: list[int]) -> tuple[Spread, Spread, bool]:
    """CPU per maze of (a) generate on the arrays and (b) generate on the nx.Graph, called alternately.

    Returns the two spreads and whether both made the same maze for every seed.
    """
    mg.generate(cells, algorithm, seed=seeds[0] + 10**6)  # untimed: compilation, per-graph memos
    mg.generate(graph, algorithm, seed=seeds[0] + 10**6)
    a, b, same = [], [], True
    for seed in seeds:
        ta, maze_a = cpu(mg.generate, cells, algorithm, seed=seed)
        tb, maze_b = cpu(mg.generate, graph, algorithm, seed=seed)
        a.append(ta)
        b.append(tb)
        same = same and np.array_equal(maze_a.open, maze_b.open)
    return Spread.of(a), Spread.of(b), same


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min), {five:.2f} (5 min)"


def size_table(rows: int, cols: int, algorithms: list[str], repeats: int, c_ref: CReference | None,
               workdir: Path) -> list[dict]:
    """Measure (a), (b), (c) for every algorithm on a rows x cols grid and print one block."""
    n = rows * cols
    t = time.perf_counter()
    graph = mg.tessellations.orthogonal(rows, cols)
    built = time.perf_counter() - t
    cells = mg.tessellations.build("orthogonal", rows, cols)
    path = workdir / f"grid-{rows}x{cols}.bin"
    if c_ref is not None and not c_ref.missing:
        CReference.write_graph(cells, rows, cols, path)
    seeds = list(range(1, repeats + 1))
    print(f"\n{rows} x {cols} orthogonal ({n:,} cells; nx.Graph built in {built:.1f} s), CPU per maze, "
          f"median [min-max] over {repeats} mazes ({load()})")
    head = (f"{'algorithm':16s} {'(a) kernel ns/cell':>24s} {'(b) generate(G)':>24s} {'(c) C ns/cell':>24s} "
            f"{'b/a':>6s} {'a/C':>6s} {'a ms':>9s} {'b ms':>9s}")
    if (rows, cols) == (100, 100):
        head += f" {'Daedalus ms*':>13s}"
    print(head)
    print("-" * len(head))
    out = []
    for algorithm in algorithms:
        a, b, same = time_pair(algorithm, cells, graph, seeds)
        c = c_ref.run(algorithm, path, cells, max(repeats, 21), seed=12345) if c_ref else None
        line = (f"{algorithm:16s} {a.per_cell(n):>24s} {b.per_cell(n):>24s} "
                f"{c.per_cell(n) if c else '':>24s} {b.median / a.median:6.2f} "
                f"{a.median / c.median if c else float('nan'):6.2f} {a.median * 1e3:9.2f} {b.median * 1e3:9.2f}")
        if (rows, cols) == (100, 100):
            line += f" {DAEDALUS_MS[algorithm]:13.2f}" if algorithm in DAEDALUS_MS else f" {'':>13s}"
        if not same:
            line += "  (a) and (b) made different mazes!"
        print(line, flush=True)
        out.append({"algorithm": algorithm, "rows": rows, "cols": cols, "a": a, "b": b, "c": c})
    del graph
    return out


def overhead_table(algorithms: list[str], repeats: int) -> list[dict]:
    """Fixed per-call cost of generate on the nx.Graph over the arrays, on a 10 x 10 grid."""
    cells = mg.tessellations.build("orthogonal", 10, 10)
    graph = mg.tessellations.orthogonal(10, 10)
    print(f"\nper-call overhead on 10 x 10 (CPU, median over {repeats} calls; target (b) - (a) < "
          f"{TARGET_OVERHEAD_US:.0f} us; {load()})")
    print(f"{'algorithm':16s} {'(a) arrays us':>14s} {'(b) nx.Graph us':>16s} {'b - a us':>9s}")
    out = []
    for algorithm in algorithms:
        a, b, _ = time_pair(algorithm, cells, graph, list(range(1, repeats + 1)))
        extra = (b.median - a.median) * 1e6
        print(f"{algorithm:16s} {a.median * 1e6:14.1f} {b.median * 1e6:16.1f} {extra:9.1f}")
        out.append({"algorithm": algorithm, "a_us": a.median * 1e6, "b_us": b.median * 1e6, "extra_us": extra})
    return out


# ------------------------------------------------------------------------------------------------ the runner


def _bare_loop(cells, measures, tasks) -> tuple[float, np.ndarray]:
    """CPU seconds of the plain generate + metric calls for ``tasks``, and the values they gave."""
    values = np.empty((len(tasks), len(measures)))
    t = time.process_time()
    for k, (algorithm, focus, options, seed) in enumerate(tasks):
        maze = mg.generate(cells, algorithm, seed=np.random.default_rng(seed), focus=focus, **options)
        for m, measure in enumerate(measures):
            values[k, m] = measure(maze)
    return time.process_time() - t, values


def _bare_share(cells, measures, tasks) -> None:  # in a forked process
    _bare_loop(cells, measures, tasks)


def _bare_parallel(cells, measures, tasks, workers: int) -> float:
    """CPU seconds of the same plain loop split over ``workers`` forked processes running at once.

    Every maze is made once, as in the serial loop; only the cores are shared the way the runner's workers
    share them (cache, memory bandwidth, clock), so this is the reference that tells what running in
    parallel costs on this machine apart from what the runner's own code costs.
    """
    import multiprocessing

    context = multiprocessing.get_context("fork")
    processes = [context.Process(target=_bare_share, args=(cells, measures, tasks[w::workers])) for w in range(workers)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for process in processes:
        process.start()
    for process in processes:
        process.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if any(process.exitcode != 0 for process in processes):
        raise RuntimeError("a process of the parallel plain loop failed")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def runner_overhead(seeds: int, workers: int) -> dict:
    """The Pullen table through mg.experiment against the same generate + metric calls in a plain loop."""
    from mazegraph.reproduce.pullen import config
    from mazegraph.runner import task_seed

    cfg = config(seeds)
    (size,) = cfg["tessellations"][0]["sizes"]
    cells = mg.tessellations.build(cfg["tessellations"][0]["name"], *size)
    measures = [getattr(mg.metrics, name) for name in cfg["metrics"]]
    for entry in cfg["algorithms"]:  # load every kernel here first: forked workers inherit them
        maze = mg.generate(cells, entry["name"], seed=0, focus=entry["focus"], **entry["options"])
        for measure in measures:
            measure(maze)
    mazes = len(cfg["algorithms"]) * seeds
    print(
        f"\nrunner: mazegraph reproduce pullen's config, {len(cfg['algorithms'])} rows x {seeds} seeds = "
        f"{mazes} mazes of {size[0]} x {size[1]}, metrics {', '.join(cfg['metrics'])}; {workers} workers "
        f"({load()})",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as out:
        mg.experiment(config(2), out=os.path.join(out, "warm"), workers=workers, progress=False)  # every code path
        self0, children0 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        df = mg.experiment(cfg, out=os.path.join(out, "run"), workers=workers, progress=False)
        wall = time.perf_counter() - t
        self1, children1 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    driver_cpu, workers_cpu = (
        sum(getattr(r1, f) - getattr(r0, f) for f in ("ru_utime", "ru_stime"))
        for r0, r1 in ((self0, self1), (children0, children1))
    )
    runner_cpu = driver_cpu + workers_cpu
    if len(df) != mazes or not df["error"].isna().all():
        raise RuntimeError(f"the runner returned {len(df)} rows, errors: {df['error'].dropna().unique()[:3]}")

    tasks = [
        (r.algorithm, r.focus, json.loads(r.options), task_seed(r.root_seed, r.spawn_key)) for r in df.itertuples()
    ]
    bare, values = _bare_loop(cells, measures, tasks)
    same = np.allclose(values, df[cfg["metrics"]].to_numpy(dtype=float), equal_nan=True)
    parallel = _bare_parallel(cells, measures, tasks, workers) if workers > 1 else bare
    result = {
        "mazes": mazes,
        "workers": workers,
        "wall_s": wall,
        "runner_cpu_s": runner_cpu,
        "bare_cpu_s": bare,
        "driver_cpu_s": driver_cpu,
        "workers_cpu_s": workers_cpu,
        "bare_parallel_cpu_s": parallel,
        "generate_s_in_rows": df["time_ns"].sum() / 1e9,
        "overhead_wall": wall * workers / bare - 1.0,
        "overhead_cpu": runner_cpu / bare - 1.0,
        "same_mazes": same,
        "overhead_cpu_parallel": runner_cpu / parallel - 1.0,
    }
    print(
        f"  runner: {wall:.1f} s wall ({mazes / wall:.0f} mazes/s), {runner_cpu:.1f} s CPU (driver {driver_cpu:.1f} "
        f"+ workers {workers_cpu:.1f}; {runner_cpu / mazes * 1e3:.2f} ms/maze); generate time recorded in the rows "
        f"{result['generate_s_in_rows']:.1f} s"
    )
    print(
        f"  bare generate + metrics, serial loop, same seeds: {bare:.1f} s CPU ({bare / mazes * 1e3:.2f} ms/maze); "
        f"same metric values as the rows: {'yes' if same else 'NO'}"
    )
    if workers > 1:
        print(
            f"  the same plain loop split over {workers} processes running at once: {parallel:.1f} s CPU "
            f"({parallel / bare - 1:+.1%} over the serial loop: what sharing the cores costs, runner or not)"
        )
    print(
        f"  overhead by wall (wall x {workers} / bare - 1): {result['overhead_wall']:+.1%}; "
        f"by CPU (runner CPU / bare - 1): {result['overhead_cpu']:+.1%}  (target < {TARGET_RUNNER:.0%})"
    )
    print(
        f"  by CPU, split: driver {driver_cpu / bare:+.1%}, workers {workers_cpu / bare - 1:+.1%}"
        + (f"; against the parallel plain loop: {result['overhead_cpu_parallel']:+.1%}" if workers > 1 else "")
    )
    busy = os.getloadavg()[0]
    if busy > len(os.sched_getaffinity(0)):
        print(
            f"  the machine is busy (load {busy:.1f} on {len(os.sched_getaffinity(0))} cores): the wall figure "
            "counts the time other processes held the cores; read the CPU one"
        )
    return result


# -------------------------------------------------------------------------------------------------- summary


def verdicts(blocks: list[dict], overheads: list[dict], runner: dict | None) -> None:
    print("\ntargets of issue 14:")
    for size in dict.fromkeys((r["rows"], r["cols"]) for r in blocks):
        ratios = sorted((r["b"].median / r["a"].median, r["algorithm"])
                        for r in blocks if (r["rows"], r["cols"]) == size)
        over = sum(ratio > TARGET_RATIO for ratio, _ in ratios)
        print(f"  generate(G) <= {TARGET_RATIO:.2f} x kernel on arrays, {size[0]}x{size[1]}: b/a from "
              f"{ratios[0][0]:.2f} ({ratios[0][1]}) to {ratios[-1][0]:.2f} ({ratios[-1][1]}): "
              + ("ok" if not over else f"MISSED by {over} of {len(ratios)}"))
    if overheads:
        worst = max(overheads, key=lambda r: r["extra_us"])
        print(f"  per-call overhead < {TARGET_OVERHEAD_US:.0f} us: worst {worst['algorithm']} "
              f"{worst['extra_us']:.1f} us: {'ok' if worst['extra_us'] < TARGET_OVERHEAD_US else 'MISSED'}")
        low, high = min(overheads, key=lambda r: r["a_us"]), max(overheads, key=lambda r: r["a_us"])
        print(f"  (fixed cost of a whole generate call on 10 x 10 arrays, kernel included: {low['a_us']:.1f} us "
              f"({low['algorithm']}) to {high['a_us']:.1f} us ({high['algorithm']}))")
    slow = [r for r in blocks if (r["rows"], r["cols"]) == (100, 100) and r["algorithm"] in DAEDALUS_MS
            and r["a"].median * 1e3 > DAEDALUS_MS[r["algorithm"]]]
    if any((r["rows"], r["cols"]) == (100, 100) for r in blocks):
        print("  kernel <= Daedalus at 100 x 100 (issue's quoted ms): " + (
            "ok everywhere" if not slow else "MISSED for " + ", ".join(
                f"{r['algorithm']} ({r['a'].median * 1e3:.2f} ms vs {DAEDALUS_MS[r['algorithm']]})" for r in slow)))
    for r in blocks:
        if r["algorithm"] in ("wilson", "kruskal") and r["rows"] * r["cols"] >= 10**6 and r["c"]:
            ratio = r["a"].median / r["c"].median
            print(f"  {r['algorithm']} {r['rows']}x{r['cols']} kernel / C <= {TARGET_C_RATIO:.0f}: {ratio:.2f} "
                  f"{'ok' if ratio <= TARGET_C_RATIO else 'MISSED'}")
    if runner:
        print(f"  runner overhead < {TARGET_RUNNER:.0%}: {runner['overhead_wall']:+.1%} by wall, "
              f"{runner['overhead_cpu']:+.1%} by CPU: "
              f"{'ok' if max(runner['overhead_wall'], runner['overhead_cpu']) < TARGET_RUNNER else 'MISSED'}")


def parse_size(text: str) -> tuple[int, int]:
    rows, _, cols = text.lower().partition("x")
    return int(rows), int(cols or rows)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="+", type=parse_size, help="grids: 100 1000 (default), 100x200")
    parser.add_argument("--quick", action="store_true", help="100 x 100 only, few repeats, 20 runner seeds")
    parser.add_argument("--repeats", type=int, help="mazes per algorithm and size (default 41, 5 above 10^5 cells)")
    parser.add_argument("--algorithms", nargs="+", help="only these (default: all perfect-maze algorithms)")
    parser.add_argument("--wilson-2000", action="store_true", help="also Wilson at 2000 x 2000 (minutes, ~12 GB)")
    parser.add_argument("--no-runner", action="store_true", help="skip the runner's overhead")
    parser.add_argument(
        "--runner-only", action="store_true", help="only the runner's overhead (no size tables, no C reference)"
    )
    parser.add_argument("--check-c", action="store_true", help="only check the C programs (shapes, texture)")
    parser.add_argument("--runner-seeds", type=int, help="seeds per Pullen row (default 1000, quick 20)")
    parser.add_argument("--workers", type=int, default=len(os.sched_getaffinity(0)), help="runner workers")
    args = parser.parse_args(argv)
    if args.runner_only and (args.no_runner or args.check_c):
        parser.error("--runner-only goes with neither --no-runner nor --check-c")
    sizes = args.sizes or ([(100, 100)] if args.quick else [(100, 100), (1000, 1000)])
    algorithms = args.algorithms or TABLE + OTHERS
    unknown = set(algorithms) - set(mg.algorithms())
    if unknown:
        parser.error(f"unknown algorithms: {', '.join(sorted(unknown))}")
    unlisted = sorted(set(mg.algorithms()) - set(TABLE + OTHERS) - set(NOT_MEASURED))

    def repeats(rows, cols):
        return args.repeats or ((11 if args.quick else 41) if rows * cols <= 10**5 else (3 if args.quick else 5))

    print(f"mazegraph {mg.__version__} from {Path(mg.__file__).parent}; Python {sys.version.split()[0]}; "
          f"{os.cpu_count()} cores; {load()}")
    print("not measured: " + "; ".join(f"{k} ({v})" for k, v in NOT_MEASURED.items())
          + (f"; registered but not in this script's lists: {', '.join(unlisted)}" if unlisted else ""))
    blocks: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="mazegraph-speed-") as tmp:
        workdir = Path(tmp)
        if args.runner_only:
            sizes, args.wilson_2000 = [], False
        else:
            c_ref = CReference(workdir)
            print(f"C reference: {c_ref.missing or c_ref.compiler}; every C maze checked to be a spanning tree")
        if args.check_c:
            check_c(c_ref, workdir)
            return
        for rows, cols in sizes:
            blocks += size_table(rows, cols, algorithms, repeats(rows, cols), c_ref, workdir)
        if args.wilson_2000:
            blocks += size_table(2000, 2000, ["wilson"], args.repeats or 3, c_ref, workdir)
    overheads: list[dict] = []
    if not args.runner_only:
        print("\n(a) mg.generate(mg.tessellations.build('orthogonal', r, c), name, seed=s)   "
              "(b) mg.generate(G, name, seed=s), G = mg.tessellations.orthogonal(r, c)\n"
              "(c) benchmarks/c over the same CSR arrays; ns/cell = CPU per maze / cells, median [min-max]\n"
              "* Daedalus 3.5: CPU ms per 100 x 100 maze as quoted in issue 14, measured there, not in this run")
        overheads = overhead_table(algorithms, args.repeats or (51 if args.quick else 201))
    runner = None
    if not args.no_runner:
        runner = runner_overhead(args.runner_seeds or (20 if args.quick else 1000), args.workers)
    verdicts(blocks, overheads, runner)
    print(f"\nend: {load()}")


if __name__ == "__main__":
    main()
