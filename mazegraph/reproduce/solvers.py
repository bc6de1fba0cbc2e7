"""Reproduce Walter Pullen's table of maze solving algorithms, measured.

Every solver runs over many seeds on four kinds of maze: perfect (Kruskal),
braid (:func:`mazegraph.braid`, every dead end removed), island (a perfect maze
with every wall around the goal's neighbourhood opened, so the goal's walls
touch no other wall) and unsolvable (a perfect maze with one passage of its
solution walled off); on orthogonal, sigma and theta tessellations at two
sizes. For each solver the table gives what it left (one solution, all, all
plus extra, shortest), how often it solved the solvable mazes (guarantee),
the extra memory it used, its steps per cell, and how steps grow with maze
size; Pullen's word stands beside each, and a verdict says where they differ.
"""

from __future__ import annotations

import time
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd

from ..runner.provenance import write_config

__all__ = ["CASES", "SIZES", "reference", "measure", "compare", "reproduce", "to_text"]

#: The kinds of maze every solver runs on.
CASES = ("perfect", "braid", "island", "unsolvable")
ROOT = 20261130  # the root seed of every maze and solver run
#: Tessellations and the two sizes of each that the table measures (growth between them).
SIZES = {"orthogonal": [(12, 12), (24, 24)], "sigma": [(12, 12), (24, 24)], "theta": [(6,), (12,)]}

NOTES = """\
Measured on Kruskal mazes (perfect), the same braided by mazegraph.braid (braid), perfect mazes with every wall
around the goal's neighbourhood opened so the goal sits on an island (island), and perfect mazes with one solution
passage walled off (unsolvable); orthogonal, sigma and theta tessellations at two sizes. solutions: what the
solver left, judged on braid mazes against the exact set of passages on solutions (blind alley filler, checked by
brute force in the tests) and on shortest solutions. guarantee: share of solvable mazes solved. memory: peak cells or
passages marked or stored outside the maze, per cell (0 = memory free). steps/cell: moves or cells examined per
cell, perfect mazes, largest size. growth: exponent b in steps ~ cells^b between the two sizes (fast = b <= 1.2).
Every unsolvable maze must be reported unsolved, without a hang; the column counts those that were.
Source: W. D. Pullen, "Maze Algorithms", Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
"""


def reference() -> pd.DataFrame:
    """Pullen's table as shipped in ``mazegraph/reference/pullen_solving.csv``."""
    with resources.files("mazegraph.reference").joinpath("pullen_solving.csv").open() as f:
        return pd.read_csv(f)


def _island(maze, rng):
    """Open every wall among the cells within two steps of an interior goal (the goal's own walls stay)."""
    import mazegraph as mg

    M = maze.copy()
    c = M.cells
    layout = c.layout
    centre = layout.mean(axis=0)
    goal = int(np.argmin(np.hypot(*(layout - centre).T)))
    dist = np.full(c.n_cells, -1)
    dist[goal], frontier = 0, [goal]
    for d in (1, 2):
        nxt = []
        for u in frontier:
            for v in c.neighbors[c.indptr[u] : c.indptr[u + 1]]:
                if dist[v] < 0:
                    dist[v] = d
                    nxt.append(int(v))
        frontier = nxt
    near = (dist >= 1)
    a, b = c.edges[:, 0], c.edges[:, 1]
    M.open |= near[a] & near[b]
    M.goal_index = goal
    assert mg.solve(M, "shortest_path").solved
    return M


def _unsolvable(maze, rng):
    M = maze.copy()
    path = M.solution_indices()
    k = int(rng.integers(len(path) - 1))
    M.open[M.cells.edge_index(int(path[k]), int(path[k + 1]))] = False
    return M


def _braid(maze, rng):
    import mazegraph as mg

    return mg.braid(maze, fraction=1.0, seed=rng)


def measure(seeds: int = 12, root: int = ROOT, sizes: dict | None = None, progress: bool = False) -> pd.DataFrame:
    """Run every solver on every case, tessellation, size and seed; one row per run.

    Columns: ``method``, ``case``, ``tessellation``, ``size``, ``cells``, ``seed``, ``solved``,
    ``shortest`` (path as short as a shortest solution), ``kept_kind`` (for solvers that keep passages:
    ``all shortest``, ``all``, ``all+`` or ``other``), ``steps``, ``memory``, ``time_ns``.
    """
    import mazegraph as mg

    rows = []
    for tess, size_list in (sizes or SIZES).items():
        for size in size_list:
            G = mg.tessellations.build(tess, *size)
            for seed in range(seeds):
                rng = np.random.default_rng(np.random.SeedSequence(root, spawn_key=(seed, len(rows))))
                base = mg.generate(G, "kruskal", seed=np.random.SeedSequence(root, spawn_key=(seed,)))
                mazes = {"perfect": base, "braid": _braid(base, rng), "island": _island(base, rng),
                         "unsolvable": _unsolvable(base, rng)}
                for case, M in mazes.items():
                    truth = mg.solve(M, "blind_alley_filler").kept
                    short = mg.solve(M, "shortest_paths")
                    best = len(short.path_indices) if short.solved else -1
                    for method in mg.solvers():
                        t0 = time.perf_counter_ns()
                        r = mg.solve(M, method, seed=rng)
                        dt = time.perf_counter_ns() - t0
                        kind = ""
                        if r.kept is not None and short.solved:
                            if np.array_equal(r.kept, short.kept):
                                kind = "all shortest"
                            elif np.array_equal(r.kept, truth):
                                kind = "all"
                            elif not np.any(truth & ~r.kept):
                                kind = "all+"
                            else:
                                kind = "other"
                        rows.append({
                            "method": method, "case": case, "tessellation": tess, "size": "x".join(map(str, size)),
                            "cells": M.cells.n_cells, "seed": seed, "solved": r.solved,
                            "shortest": bool(r.solved and len(r.path_indices) == best), "kept_kind": kind,
                            "steps": r.steps, "memory": r.memory, "time_ns": dt,
                        })
    return pd.DataFrame(rows)


def _solutions(g: pd.DataFrame) -> str:
    braid = g[(g.case == "braid") & g.solved]
    kinds = set(braid.kept_kind) - {""}
    if kinds:
        for label in ("other", "all+", "all", "all shortest"):
            if label in kinds:
                return {"all shortest": "All Shortest", "all": "All", "all+": "All +", "other": "other"}[label]
    if len(braid) and braid.shortest.all():
        return "1 Shortest"
    return "1"


def _growth(g: pd.DataFrame) -> float:
    p = g[g.case == "perfect"]
    exps = []
    for _, t in p.groupby("tessellation"):
        by = t.groupby("cells")["steps"].mean()
        if len(by) >= 2 and by.iloc[0] > 0:
            exps.append(np.log(by.iloc[-1] / by.iloc[0]) / np.log(by.index[-1] / by.index[0]))
    return float(np.mean(exps)) if exps else float("nan")


def compare(runs: pd.DataFrame) -> pd.DataFrame:
    """One row per solver: measured columns beside Pullen's, and where they disagree."""
    import mazegraph as mg

    ref = reference().set_index("algorithm")
    out = []
    for method in mg.solvers():
        g = runs[runs.method == method]
        info = mg.solver_info(method)
        theirs = ref.loc[info.pullen]
        solvable = g[g.case != "unsolvable"]
        rate = {case: g[g.case == case].solved.mean() for case in CASES}
        guarantee = solvable.solved.mean()
        perfect = g[g.case == "perfect"]
        biggest = perfect[perfect.cells == perfect.groupby("tessellation").cells.transform("max")]
        memory = (g.memory / g.cells).mean()
        growth = _growth(g)
        record = {
            "solver": info.pullen, "method": method,
            "solutions": _solutions(g), "solutions_pullen": theirs["solutions"],
            "guarantee": "Yes" if guarantee == 1 else f"no ({100 * guarantee:.0f}%)",
            "guarantee_pullen": theirs["guarantee"],
            **{f"solved_{case}_pct": 100 * rate[case] for case in CASES},
            "memory_per_cell": memory, "memory_free": "Yes" if g.memory.max() == 0 else "no",
            "memory_free_pullen": theirs["memory_free"],
            "steps_per_cell": (biggest.steps / biggest.cells).mean(),
            "growth": growth, "fast": "Yes" if growth <= 1.2 else "no", "fast_pullen": theirs["fast"],
            "time_us": g.time_ns.median() / 1000,
        }
        diffs = []
        for col in ("solutions", "memory_free", "fast"):
            if str(record[col]).lower() != str(record[f"{col}_pullen"]).lower():
                diffs.append(f"{col}: {record[col]} vs {record[f'{col}_pullen']}")
        ours_g = record["guarantee"] == "Yes"
        if ours_g != (str(theirs["guarantee"]).lower() == "yes"):
            diffs.append(f"guarantee: {record['guarantee']} vs {theirs['guarantee']}")
        if rate["unsolvable"] != 0:
            diffs.append("claims to solve unsolvable mazes")
        record["verdict"] = "agrees" if not diffs else "differs: " + "; ".join(diffs)
        out.append(record)
    return pd.DataFrame(out)


def _markdown(table: pd.DataFrame) -> str:
    lines = [
        "| solver | solutions (ours) | Pullen | guarantee (ours) | Pullen | solved perfect / braid / island % "
        "| memory per cell | memory free | Pullen | steps per cell | growth b | fast | Pullen | verdict |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in table.itertuples():
        lines.append(
            f"| {r.solver} | {r.solutions} | {r.solutions_pullen} | {r.guarantee} | {r.guarantee_pullen} "
            f"| {r.solved_perfect_pct:.0f} / {r.solved_braid_pct:.0f} / {r.solved_island_pct:.0f} "
            f"| {r.memory_per_cell:.2f} | {r.memory_free} | {r.memory_free_pullen} | {r.steps_per_cell:.1f} "
            f"| {r.growth:.2f} | {r.fast} | {r.fast_pullen} | {r.verdict} |"
        )
    return "\n".join(lines) + "\n"


def to_text(table: pd.DataFrame) -> str:
    """The comparison as a plain-text table for a terminal."""
    lines = [f"{'solver':24s} {'solutions':>13s} {'Pullen':>13s} {'guarantee':>10s} {'Pullen':>6s} "
             f"{'mem/cell':>8s} {'Pullen free':>11s} {'steps/cell':>10s} {'growth':>6s} {'Pullen fast':>11s}  verdict"]
    for r in table.itertuples():
        lines.append(
            f"{r.solver:24s} {r.solutions:>13s} {r.solutions_pullen:>13s} {r.guarantee:>10s} "
            f"{r.guarantee_pullen:>6s} {r.memory_per_cell:8.2f} {r.memory_free_pullen:>11s} "
            f"{r.steps_per_cell:10.1f} {r.growth:6.2f} {r.fast_pullen:>11s}  {r.verdict}"
        )
    return "\n".join(lines)


def reproduce(seeds: int = 12, out: str | Path = "solvers-results", progress: bool = True) -> pd.DataFrame:
    """Measure the solving table; write ``runs.parquet``, ``solvers.csv``, ``solvers.md`` and ``config.json``.

    ``config.json`` records the settings and their provenance (versions, root
    seed, date). The committed copy in ``data/results/solvers`` is refreshed
    only on purpose (``--out data/results/solvers``).

    Parameters
    ----------
    seeds : int
        Mazes per case, tessellation and size (12 by default: well under a minute).
    out : str or pathlib.Path
        Output folder (default ``solvers-results`` in the current directory).
    progress : bool
        Print what is being run.

    Returns
    -------
    pandas.DataFrame
        The comparison table, one row per solver.

    Examples
    --------
    >>> from mazegraph.reproduce import solvers
    >>> runs = solvers.measure(seeds=1, sizes={"orthogonal": [(6, 6), (12, 12)]})
    >>> table = solvers.compare(runs)
    >>> table.set_index("method").loc["shortest_paths", "solutions"]
    'All Shortest'
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    if progress:
        print(f"solving {seeds} mazes per case, tessellation and size ...", flush=True)
    runs = measure(seeds)
    runs.to_parquet(out / "runs.parquet")
    table = compare(runs)
    table.to_csv(out / "solvers.csv", index=False)
    (out / "solvers.md").write_text(_markdown(table) + "\n" + NOTES, encoding="utf-8")
    write_config(out, {"table": "solvers", "seeds": seeds, "sizes": {k: [list(s) for s in v] for k, v in SIZES.items()},
                       "cases": list(CASES)}, root_seed=ROOT)
    return table


def main(args) -> int:
    """``mazegraph reproduce solvers``: run the table and print it.

    Without ``--seeds`` this table's own default holds (12 seeds); without
    ``--out``, ``solvers-results`` in the current directory.
    """
    from ..errors import InvalidSizeError

    seeds = 12 if args.seeds is None else args.seeds
    out = "solvers-results" if args.out is None else args.out
    if seeds < 1:
        raise InvalidSizeError(f"--seeds must be at least 1, got {args.seeds}")
    table = reproduce(seeds=seeds, out=out, progress=not args.no_progress)
    print(to_text(table))
    print("\n" + NOTES, end="")
    print(f"\nwrote {out}/solvers.csv, solvers.md, runs.parquet, config.json ({seeds} mazes per case, tessellation "
          "and size)")
    return 0
