"""Reproduce Walter Pullen's table of perfect-maze creation algorithms.

Pullen's "Maze Algorithms" page rates fifteen generators on 2D orthogonal
mazes: the share of dead ends, the share of cells on the solution of a 100 x 100
maze (upper-left to lower-right corner), and a relative creation time (fastest =
10), with separate figures where an algorithm runs as a wall adder. This module
runs mazegraph's versions of the same algorithms through the experiment runner
and prints its measurements beside his, with 95% confidence intervals, and says
where they differ and why that is likely.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd

__all__ = ["ROWS", "reference", "config", "compare", "reproduce"]


@dataclass(frozen=True)
class Row:
    """One row of Pullen's table and the mazegraph algorithm that plays it."""

    pullen: str
    algorithm: str
    options: dict
    wall: bool = False  # Pullen gives separate wall-adding figures
    note: str = ""  # the likely reason when a figure differs


ROWS = [
    Row("Unicursal", "unicursal", {}, note="a Hamiltonian path: dead ends only at its two ends"),
    Row("Recursive Backtracker", "backtracker", {}),
    Row("Hunt and Kill", "hunt_and_kill", {}, wall=True,
        note="row-only, alternating and first-found hunts all measure about this; only a random hunt order "
        "comes near Pullen's figures, so his hunt likely resumes elsewhere"),
    Row("Recursive Division", "division", {}),
    Row("Binary Tree", "binary_tree", {}),
    Row("Sidewinder", "sidewinder", {}),
    Row("Eller's Algorithm", "eller", {},
        note="the chance of joining cells across a row and of extra vertical passages is a free choice"),
    Row("Wilson's Algorithm", "wilson", {}, wall=True),
    Row("Aldous-Broder Algorithm", "aldous_broder", {}, wall=True),
    Row("Kruskal's Algorithm", "kruskal", {}),
    Row("Prim's Algorithm (true)", "prim_true", {}),
    Row("Prim's Algorithm (simplified)", "prim_simplified", {}),
    Row("Prim's Algorithm (modified)", "prim_modified", {}, wall=True),
    Row("Growing Tree", "growing_tree", {"policy": "oldest_swap"}, wall=True,
        note="Pullen's 49% is the 'oldest' mode; which cell 'oldest' removes is a free choice"),
    Row("Growing Forest", "growing_forest", {}, wall=True,
        note="how many trees start and how often new ones sprout are free choices"),
]


NOTES = """\
Dead ends and solution: means over the mazes with 95% confidence intervals (t distribution), 100 x 100
orthogonal mazes, solution from the upper-left to the lower-right cell. Pullen's wall-adding figures are
compared where he gives them. Time: median generation time per maze relative to the fastest row (= 10), as
Pullen normalises; his times come from his own programs on the hardware of his day, so only the order of the
rows is comparable, not the ratios. Verdicts: "agrees" when his figure lies within our interval widened by
half his last digit, "close" within one more point, else "differs", with the likely reason.
Source: W. D. Pullen, "Maze Algorithms", Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
"""


def reference() -> pd.DataFrame:
    """Pullen's table as shipped in ``mazegraph/reference/pullen_generation.csv``."""
    with resources.files("mazegraph.reference").joinpath("pullen_generation.csv").open() as f:
        return pd.read_csv(f)


def config(seeds: int, size: int = 100, root: int = 20261129) -> dict:
    """The experiment config: every row on ``size x size`` orthogonal grids, passage and wall focus."""
    algorithms = []
    for row in ROWS:
        algorithms.append({"name": row.algorithm, "options": row.options, "focus": "passage"})
        if row.wall:
            algorithms.append({"name": row.algorithm, "options": row.options, "focus": "wall"})
    return {
        "root_seed": root,
        "seeds": seeds,
        "algorithms": algorithms,
        "tessellations": [{"name": "orthogonal", "sizes": [[size, size]]}],
        "metrics": ["dead_end_pct", "solution_pct"],
        "name": "pullen",  # what the progress bar calls the job
    }


def compare(results: pd.DataFrame) -> pd.DataFrame:
    """Measured means with 95% confidence intervals beside Pullen's figures, one row per (row, focus)."""
    from ..runner import summarize

    ref = reference().set_index("algorithm")
    stats = summarize(results, by=["algorithm", "focus"])
    time_ns = results.groupby(["algorithm", "focus"])["time_ns"].median()
    fastest = time_ns.min()
    out = []
    for row in ROWS:
        for focus in ("passage", "wall") if row.wall else ("passage",):
            key = (row.algorithm, focus)
            if key not in stats.index:
                continue
            s = stats.loc[key]
            suffix = "_wall_adding" if focus == "wall" else ""
            record = {
                "pullen": row.pullen,
                "algorithm": row.algorithm,
                "focus": focus,
                "mazes": int(s["dead_end_pct_count"]),
            }
            for metric in ("dead_end_pct", "solution_pct"):
                theirs = ref.loc[row.pullen].get(metric + suffix)
                if pd.isna(theirs) and focus == "wall":
                    theirs = np.nan
                mean, half = s[f"{metric}_mean"], s[f"{metric}_ci95"]
                record[f"{metric}"] = mean
                record[f"{metric}_ci95"] = half
                record[f"{metric}_pullen"] = theirs
                record[f"{metric}_diff"] = mean - theirs
            record["time"] = 10.0 * time_ns[key] / fastest
            record["time_pullen"] = ref.loc[row.pullen].get("time" + suffix)
            record["verdict"] = _verdict(record, row)
            out.append(record)
    return pd.DataFrame(out)


ROUNDING = {"dead_end_pct": 0.5, "solution_pct": 0.05}  # half of the last digit Pullen gives


def _verdict(record: dict, row: Row) -> str:
    """How our figures compare with Pullen's.

    ``agrees`` when his figure lies within our 95% confidence interval widened
    by his rounding (half his last digit); ``close`` when it misses that by less
    than one more point of dead ends (his figures are approximate); otherwise
    ``differs``, with the likely reason where one is known.
    """
    worst, parts = "agrees", []
    for metric, rounding in ROUNDING.items():
        theirs = record[f"{metric}_pullen"]
        if pd.isna(theirs):
            continue
        gap = abs(record[f"{metric}_diff"]) - record[f"{metric}_ci95"] - rounding
        if gap <= 0:
            continue
        level = "close" if gap < 1.0 else "differs"
        worst = "differs" if "differs" in (worst, level) else level
        parts.append(f"{metric} {record[f'{metric}_diff']:+.1f}")
    if worst == "agrees":
        return "agrees"
    reason = row.note if worst == "differs" and row.note else "Pullen's figures are approximate"
    return f"{worst}: {', '.join(parts)} ({reason})"


def _markdown(table: pd.DataFrame) -> str:
    lines = [
        "| algorithm | focus | dead ends % (ours ± CI) | Pullen | solution % (ours ± CI) | Pullen "
        "| time (ours) | Pullen | verdict |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in table.itertuples():
        def fmt(v, digits=1):
            return "" if pd.isna(v) else f"{v:.{digits}f}"

        lines.append(
            f"| {r.pullen} | {r.focus} | {r.dead_end_pct:.1f} ± {r.dead_end_pct_ci95:.1f} "
            f"| {fmt(r.dead_end_pct_pullen, 0)} "
            f"| {r.solution_pct:.1f} ± {r.solution_pct_ci95:.1f} | {fmt(r.solution_pct_pullen)} "
            f"| {r.time:.0f} | {fmt(r.time_pullen, 0)} | {r.verdict} |"
        )
    return "\n".join(lines) + "\n"


def _figure(table: pd.DataFrame, path: Path) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    labels = [f"{p} ({f})" if f == "wall" else p for p, f in zip(table.pullen, table.focus)]
    y = np.arange(len(table))
    fig = Figure(figsize=(12, 0.45 * len(table) + 1.5))
    FigureCanvasAgg(fig)
    for k, metric in enumerate(("dead_end_pct", "solution_pct")):
        ax = fig.add_subplot(1, 2, k + 1)
        ax.barh(
            y - 0.2, table[metric], 0.4, xerr=table[f"{metric}_ci95"], label="mazegraph (95% CI)", color="#1f77b4"
        )
        ax.barh(y + 0.2, table[f"{metric}_pullen"], 0.4, label="Pullen", color="#ff7f0e")
        ax.set_yticks(y, labels if k == 0 else [""] * len(y))
        ax.invert_yaxis()
        ax.set_xlabel({"dead_end_pct": "dead ends, % of cells", "solution_pct": "solution, % of cells (log)"}[metric])
        if metric == "solution_pct":
            ax.set_xscale("log")
        ax.legend(loc="lower right", fontsize=8)
    fig.suptitle("Pullen's generation table, reproduced on 100 x 100 orthogonal mazes")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def reproduce(
    seeds: int = 200, out: str | Path = "pullen-results", backend: str = "processes", progress: bool = True
) -> pd.DataFrame:
    """Run the table and write its rows, CSV, Markdown, a PNG and ``config.json`` under ``out``.

    ``out/runs-<seeds>/`` is the experiment's results folder (a Parquet
    dataset, see :func:`mazegraph.load_results`); ``config.json`` records the
    config with its provenance (versions, root seed, date). The committed
    reference copy in ``data/results/pullen`` is refreshed only on purpose
    (``--out data/results/pullen``), so a run from a checkout leaves tracked
    files alone.

    Parameters
    ----------
    seeds : int
        Mazes per algorithm and focus (200 by default: about half a minute on
        two cores; 1000 for the full table).
    out : str or pathlib.Path
        Output folder (default ``pullen-results`` in the current directory);
        rerunning with the same seeds resumes instead of repeating.
    backend : {"processes", "serial", "dask"}
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        The comparison table.
    """
    from ..runner import experiment
    from ..runner.provenance import write_config

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    results = experiment(config(seeds), out=out / f"runs-{seeds}", backend=backend, progress=progress)
    table = compare(results)
    table.to_csv(out / "pullen.csv", index=False)
    (out / "pullen.md").write_text(_markdown(table) + "\n" + NOTES, encoding="utf-8")
    write_config(out, {"table": "pullen", **config(seeds)}, root_seed=config(seeds)["root_seed"])
    _figure(table, out / "pullen.png")
    return table


def to_text(table: pd.DataFrame) -> str:
    """The comparison as a plain-text table for a terminal."""
    lines = [
        f"{'algorithm':30s} {'focus':7s} {'dead ends %':>16s} {'Pullen':>6s} {'solution %':>15s} {'Pullen':>6s} "
        f"{'time':>5s} {'Pullen':>6s}  verdict"
    ]
    for r in table.itertuples():
        def fmt(v, digits):
            return "" if pd.isna(v) else f"{v:.{digits}f}"

        lines.append(
            f"{r.pullen:30s} {r.focus:7s} {r.dead_end_pct:9.1f} ± {r.dead_end_pct_ci95:4.1f} "
            f"{fmt(r.dead_end_pct_pullen, 0):>6s} {r.solution_pct:8.1f} ± {r.solution_pct_ci95:4.1f} "
            f"{fmt(r.solution_pct_pullen, 1):>6s} {r.time:5.0f} {fmt(r.time_pullen, 0):>6s}  {r.verdict}"
        )
    return "\n".join(lines)
