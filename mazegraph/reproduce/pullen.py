"""Reproduce Walter Pullen's table of perfect-maze creation algorithms, the way his own program makes it.

Pullen's "Maze Algorithms" page rates fifteen generators on 2D orthogonal
mazes: the share of dead ends, the share of cells on the solution of a 100 x 100
maze (upper-left to lower-right corner), and a relative creation time (fastest =
10), with separate figures where an algorithm runs as a wall adder. His figures
come from his program Daedalus; mazegraph ships the same table measured from
Daedalus 3.5 (``mazegraph/reference/daedalus_generation.csv``, 500 mazes a row,
with confidence intervals). This module runs mazegraph's Daedalus-faithful
variants (the algorithms' defaults) through the experiment runner and prints,
per figure, three columns: ours with a 95% confidence interval, Daedalus
measured with its interval and n, and Pullen's printed figure with the range
its rounding implies. Verdicts compare ours with Daedalus using both
intervals; rows where mazegraph differs on purpose say why.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd

__all__ = ["ROWS", "reference", "daedalus", "config", "compare", "reproduce", "to_text"]


@dataclass(frozen=True)
class Row:
    """One row of Pullen's table and the mazegraph algorithm that plays it."""

    pullen: str
    algorithm: str
    options: dict
    wall: bool = False  # Pullen gives separate wall-adding figures
    note: str = ""  # why mazegraph differs from Daedalus, on purpose or not yet explained


_SHUFFLE = (
    "Daedalus' wall shuffle is not uniform (52.4% of its passages are horizontal, not 50%); mazegraph keeps "
    "the uniform shuffle, the correct algorithm"
)

ROWS = [
    Row("Unicursal", "unicursal", {}),
    Row("Recursive Backtracker", "backtracker", {}),
    Row(
        "Hunt and Kill",
        "hunt_and_kill",
        {},
        wall=True,
        note="carving passages the hunt spirals out from the stuck cell; adding walls it sweeps the posts row by "
        "row or column by column without starting over and jumps to an edge after each walk (hunt='serpentine'), "
        "as Daedalus does",
    ),
    Row("Recursive Division", "division", {}),
    Row("Binary Tree", "binary_tree", {}, wall=True),
    Row("Sidewinder", "sidewinder", {}, wall=True),
    Row(
        "Eller's Algorithm",
        "eller",
        {},
        wall=True,
        note="the last cell of a set with no passage down must go down, the last row joins in the scrambled "
        "order; chances p_join=0.61, p_down=0.41 carving passages and p_join=0.47, p_down=0.255 adding walls "
        "(Daedalus' textures; the passage chances as a wall adder give about 30.0 / 3.7)",
    ),
    Row("Wilson's Algorithm", "wilson", {}, wall=True),
    Row("Aldous-Broder Algorithm", "aldous_broder", {}, wall=True),
    Row("Kruskal's Algorithm", "kruskal", {}, wall=True, note=_SHUFFLE),
    Row("Prim's Algorithm (true)", "prim_true", {}, wall=True, note=_SHUFFLE),
    Row("Prim's Algorithm (simplified)", "prim_simplified", {}, wall=True),
    Row("Prim's Algorithm (modified)", "prim_modified", {}, wall=True),
    Row(
        "Growing Tree",
        "growing_tree",
        {"policy": "oldest_swap"},
        wall=True,
        note="as a wall adder the list starts with every boundary post in Daedalus' order, so the second wall "
        "hangs next to the top-left corner and the solution is sometimes longer than the shortest path",
    ),
    Row(
        "Growing Forest",
        "growing_forest",
        {},
        wall=True,
        note="Daedalus' Growing Forest with its own settings makes about 15% dead ends; Pullen's 49 comes from "
        "other settings, which mazegraph's defaults match",
    ),
]


NOTES = """\
Dead ends and solution: means over the mazes with 95% confidence intervals (t distribution), 100 x 100
orthogonal mazes, solution from the upper-left to the lower-right cell, mazegraph's Daedalus-faithful
variants (each algorithm's defaults). Daedalus: the same figures measured from Daedalus 3.5 by the mazegraph
authors (mazegraph/reference/daedalus_generation.csv: mean, 95% CI half-width and n mazes). Pullen: his printed
figure and, in brackets, the range it implies (he rounded some figures and truncated others: a printed 30 is a
value in [29.5, 31), a printed 4.1 one in [4.05, 4.2)). Verdict (against Daedalus): "agrees" when the two means
are within the combined interval (sqrt(ci_ours^2 + ci_Daedalus^2), plus 0.005 for the two decimals of the
reference) for dead ends and solution, else "differs", with the documented reason where mazegraph differs on
purpose. Time: CPU time per maze relative to the fastest row (= 10), as Pullen normalises, measured apart
from the experiment with the rows taking turns: seven rounds of five mazes a row, each round normalised by its
fastest row; the table gives the median over rounds and [the lowest, the highest]. Pullen's times come from
his own programs on the hardware of his day, so only the order of the rows is comparable, not the ratios.
Sources: W. D. Pullen, "Maze Algorithms", Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm;
Daedalus 3.5 (W. D. Pullen, 2024), measured by the mazegraph authors.
"""

METRICS = ("dead_end_pct", "solution_pct")
REFERENCE_ROUNDING = 0.005  # the Daedalus reference gives two decimals
TIME_BLOCKS = 5
TIME_ROUNDS = 7


def reference() -> pd.DataFrame:
    """Pullen's table as shipped in ``mazegraph/reference/pullen_generation.csv``."""
    with resources.files("mazegraph.reference").joinpath("pullen_generation.csv").open() as f:
        return pd.read_csv(f)


def daedalus() -> pd.DataFrame:
    """The table measured from Daedalus 3.5, ``mazegraph/reference/daedalus_generation.csv``, by (algorithm, focus).

    Columns ``n``, ``dead_end_pct``, ``dead_end_ci``, ``solution_pct``, ``solution_ci``
    (means and 95% CI half-widths over ``n`` mazes of 100 x 100).
    """
    with resources.files("mazegraph.reference").joinpath("daedalus_generation.csv").open() as f:
        return pd.read_csv(f, comment="#").set_index(["algorithm", "focus"])


def _runs_as_wall_adder(algorithm: str, size: int) -> bool:
    return _wall_refusals(min(size, 4)).get(algorithm) is None


@functools.cache
def _wall_refusals(side: int) -> dict:
    """``applicability`` of every algorithm as a wall adder on a ``side x side`` grid, asked once."""
    from .. import applicability
    from ..tessellations import orthogonal

    return applicability(orthogonal(side, side), "wall")


def focuses(row: Row, size: int = 100, measured=None) -> tuple[str, ...]:
    """The focuses a row is run with: passage, and wall where Daedalus or Pullen has wall figures and it can run so.

    ``measured`` is :func:`daedalus` (read here when not given).
    """
    measured = daedalus() if measured is None else measured
    walls = row.wall or (row.algorithm, "wall") in measured.index
    return ("passage", "wall") if walls and _runs_as_wall_adder(row.algorithm, size) else ("passage",)


def config(seeds: int, size: int = 100, root: int = 20261129) -> dict:
    """The experiment config: every row on ``size x size`` orthogonal grids, passage and (where it has one) wall."""
    algorithms = []
    measured = daedalus()
    for row in ROWS:
        for focus in focuses(row, size, measured):
            algorithms.append({"name": row.algorithm, "options": row.options, "focus": focus})
    return {
        "root_seed": root,
        "seeds": seeds,
        "algorithms": algorithms,
        "tessellations": [{"name": "orthogonal", "sizes": [[size, size]]}],
        "metrics": ["dead_end_pct", "solution_pct"],
        "name": "pullen",  # what the progress bar calls the job
    }


def _relative_times(results: pd.DataFrame) -> pd.DataFrame:
    """Relative time (fastest row = 10) per (algorithm, focus) from the runner's wall times.

    The mazes are split into blocks by replicate; each block's median time is
    normalised by the fastest row's; the result is the median over blocks, and
    the lowest and highest block.
    """
    ok = results[results["error"].isna()] if "error" in results else results
    block = ok["replicate"] % TIME_BLOCKS
    medians = ok.groupby([block.rename("block"), "algorithm", "focus"], observed=True)["time_ns"].median()
    relative = 10.0 * medians / medians.groupby(level="block").transform("min")
    per_row = relative.groupby(level=["algorithm", "focus"], observed=True)
    return pd.DataFrame({"time": per_row.median(), "time_low": per_row.min(), "time_high": per_row.max()})


def time_rows(cfg: dict, rounds: int = TIME_ROUNDS, mazes: int = 5, seed: int = 1) -> pd.DataFrame:
    """Relative CPU time per maze of every (algorithm, focus) of ``cfg``, fastest = 10, with its spread.

    Timing belongs apart from the experiment: the runner runs each row's mazes
    one after another, so a busy machine inflates whole rows (five runs of the
    main job once saw hunt and kill (wall) swing from 36 to 278). Here the rows
    take turns: each of ``rounds`` rounds times ``mazes`` mazes of every row in
    CPU time (``time.process_time_ns``, which other programs do not inflate)
    on one prebuilt tessellation, and normalises each row's median by the
    round's fastest. The table gives the median over rounds and the lowest and
    highest round. Each maze is seeded with a ``numpy.random.Generator`` made
    outside the clock, as the runner's workers seed theirs: an int seed would
    take another path with kernels of its own, compiled for this step alone
    on a cold cache.

    Returns
    -------
    pandas.DataFrame
        Indexed by (algorithm, focus): ``time``, ``time_low``, ``time_high``.
    """
    import time

    from .. import generate
    from ..tessellations import build

    ((rows, cols),) = (tuple(size) for size in cfg["tessellations"][0]["sizes"])
    cells = build("orthogonal", rows, cols)
    entries = [(a["name"], a["focus"], a["options"]) for a in cfg["algorithms"]]
    for name, focus, options in entries:  # compile kernels and build the wall dual first
        generate(cells, name, seed=np.random.default_rng(seed), focus=focus, **options)
    samples = np.empty((rounds, len(entries)))
    for r in range(rounds):
        for k, (name, focus, options) in enumerate(entries):
            spent = []
            for m in range(mazes):
                rng = np.random.default_rng(seed + r * mazes + m)  # made outside the clock, as the runner does
                start = time.process_time_ns()
                generate(cells, name, seed=rng, focus=focus, **options)
                spent.append(time.process_time_ns() - start)
            samples[r, k] = np.median(spent)
    relative = 10.0 * samples / samples.min(axis=1, keepdims=True)
    index = pd.MultiIndex.from_tuples([(name, focus) for name, focus, _ in entries], names=["algorithm", "focus"])
    return pd.DataFrame(
        {"time": np.median(relative, axis=0), "time_low": relative.min(axis=0), "time_high": relative.max(axis=0)},
        index=index,
    )


def implied_range(printed: float, metric: str) -> tuple[float, float]:
    """The values a figure Pullen printed can stand for, whether he rounded or truncated it.

    >>> implied_range(30, "dead_end_pct"), implied_range(4.1, "solution_pct"), implied_range(0, "dead_end_pct")
    ((29.5, 31.0), (4.05, 4.2), (0.0, 1.0))
    """
    step = 1.0 if metric == "dead_end_pct" else 0.1
    return max(0.0, round(printed - step / 2, 6)), round(printed + step, 6)


def compare(results: pd.DataFrame, times: pd.DataFrame | None = None) -> pd.DataFrame:
    """Ours beside Daedalus measured and Pullen's printed figures, one row per (row, focus), with verdicts.

    ``times`` (from ``time_rows``) gives the relative time column; without
    it the column comes from the runner's wall times (``_relative_times``).
    """
    from ..runner import summarize

    ref = reference().set_index("algorithm")
    measured = daedalus()
    stats = summarize(results, by=["algorithm", "focus"])
    times = _relative_times(results) if times is None else times
    out = []
    for row in ROWS:
        for focus in ("passage", "wall"):
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
            d = measured.loc[key] if key in measured.index else None
            record["daedalus_n"] = np.nan if d is None else int(d["n"])
            for metric in METRICS:
                name = metric.removesuffix("_pct")
                record[metric] = s[f"{metric}_mean"]
                record[f"{metric}_ci95"] = s[f"{metric}_ci95"]
                record[f"{metric}_daedalus"] = np.nan if d is None else d[metric]
                record[f"{metric}_daedalus_ci95"] = np.nan if d is None else d[f"{name}_ci"]
                record[f"{metric}_diff"] = record[metric] - record[f"{metric}_daedalus"]
                theirs = ref.loc[row.pullen].get(metric + suffix, np.nan)
                record[f"{metric}_pullen"] = theirs
                low, high = implied_range(theirs, metric) if not pd.isna(theirs) else (np.nan, np.nan)
                record[f"{metric}_pullen_low"], record[f"{metric}_pullen_high"] = low, high
            for column in ("time", "time_low", "time_high"):
                record[column] = times.loc[key, column] if key in times.index else np.nan
            record["time_pullen"] = ref.loc[row.pullen].get("time" + suffix, np.nan)
            record["verdict"] = _verdict(record, row)
            out.append(record)
    return pd.DataFrame(out)


def _verdict(record: dict, row: Row) -> str:
    """How our figures compare with Daedalus' measured ones.

    ``agrees`` when, for dead ends and solution, the means differ by at most
    the combined 95% interval ``sqrt(ci_ours^2 + ci_Daedalus^2)`` plus the
    reference's rounding; otherwise ``differs``, with the row's documented
    reason where mazegraph differs on purpose.
    """
    if pd.isna(record["dead_end_pct_daedalus"]):
        return "no Daedalus figure"
    parts = []
    for metric in METRICS:
        half = record[f"{metric}_ci95"]
        allowed = math.hypot(0.0 if pd.isna(half) else half, record[f"{metric}_daedalus_ci95"]) + REFERENCE_ROUNDING
        if abs(record[f"{metric}_diff"]) > allowed:
            parts.append(f"{metric} {record[f'{metric}_diff']:+.2f}")
    if not parts:
        return "agrees"
    return f"differs: {', '.join(parts)}" + (f" ({row.note})" if row.note else "")


def _fmt(value, digits: int) -> str:
    return "" if pd.isna(value) else f"{value:.{digits}f}"


def _pullen_cell(r, metric: str, digits: int) -> str:
    printed = getattr(r, f"{metric}_pullen")
    if pd.isna(printed):
        return ""
    low, high = getattr(r, f"{metric}_pullen_low"), getattr(r, f"{metric}_pullen_high")
    return f"{printed:.{digits}f} [{low:g}, {high:g})"


def _daedalus_cell(r, metric: str) -> str:
    if pd.isna(getattr(r, f"{metric}_daedalus")):
        return ""
    return f"{getattr(r, f'{metric}_daedalus'):.2f} ± {getattr(r, f'{metric}_daedalus_ci95'):.2f}"


def _time_cell(r) -> str:
    return "" if pd.isna(r.time) else f"{r.time:.0f} [{r.time_low:.0f}-{r.time_high:.0f}]"


def _markdown(table: pd.DataFrame) -> str:
    lines = [
        "| algorithm | focus | dead ends % (ours ± CI) | Daedalus ± CI | Pullen | solution % (ours ± CI) "
        "| Daedalus ± CI | Pullen | time (ours) | Pullen | verdict (vs Daedalus) |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in table.itertuples():
        lines.append(
            f"| {r.pullen} | {r.focus} | {r.dead_end_pct:.2f} ± {r.dead_end_pct_ci95:.2f} "
            f"| {_daedalus_cell(r, 'dead_end_pct')} | {_pullen_cell(r, 'dead_end_pct', 0)} "
            f"| {r.solution_pct:.2f} ± {r.solution_pct_ci95:.2f} | {_daedalus_cell(r, 'solution_pct')} "
            f"| {_pullen_cell(r, 'solution_pct', 1)} | {_time_cell(r)} | {_fmt(r.time_pullen, 0)} | {r.verdict} |"
        )
    n = table["daedalus_n"].dropna()
    if len(n):
        lines.append("")
        span = f"{int(n.min())}" if n.min() == n.max() else f"{int(n.min())}-{int(n.max())}"
        lines.append(f"Mazes a row: Daedalus {span}, ours {int(table['mazes'].min())}.")
    return "\n".join(lines) + "\n"


def _figure(table: pd.DataFrame, path: Path) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    labels = [f"{p} ({f})" if f == "wall" else p for p, f in zip(table.pullen, table.focus)]
    y = np.arange(len(table))
    fig = Figure(figsize=(12, 0.5 * len(table) + 1.5))
    FigureCanvasAgg(fig)
    for k, metric in enumerate(METRICS):
        ax = fig.add_subplot(1, 2, k + 1)
        ax.barh(
            y - 0.27, table[metric], 0.27, xerr=table[f"{metric}_ci95"], label="mazegraph (95% CI)", color="#1f77b4"
        )
        ax.barh(
            y,
            table[f"{metric}_daedalus"],
            0.27,
            xerr=table[f"{metric}_daedalus_ci95"],
            label="Daedalus 3.5 measured (95% CI)",
            color="#2ca02c",
        )
        ax.barh(y + 0.27, table[f"{metric}_pullen"], 0.27, label="Pullen (printed)", color="#ff7f0e")
        ax.set_yticks(y, labels if k == 0 else [""] * len(y))
        ax.invert_yaxis()
        ax.set_xlabel({"dead_end_pct": "dead ends, % of cells", "solution_pct": "solution, % of cells (log)"}[metric])
        if metric == "solution_pct":
            ax.set_xscale("log")
        ax.legend(loc="lower right", fontsize=8)
    fig.suptitle("Pullen's generation table on 100 x 100 orthogonal mazes: mazegraph, Daedalus 3.5, Pullen")
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
    cfg = config(seeds)
    results = experiment(cfg, out=out / f"runs-{seeds}", backend=backend, progress=progress)
    table = compare(results, time_rows(cfg))
    table.to_csv(out / "pullen.csv", index=False)
    (out / "pullen.md").write_text(_markdown(table) + "\n" + NOTES, encoding="utf-8")
    write_config(out, {"table": "pullen", **config(seeds)}, root_seed=config(seeds)["root_seed"])
    _figure(table, out / "pullen.png")
    return table


def to_text(table: pd.DataFrame) -> str:
    """The comparison as a plain-text table for a terminal."""
    lines = [
        f"{'algorithm':30s} {'focus':7s} {'dead ends %':>13s} {'Daedalus':>12s} {'Pullen':>6s} "
        f"{'solution %':>13s} {'Daedalus':>12s} {'Pullen':>6s} {'time':>11s} {'Pullen':>6s}  verdict"
    ]
    for r in table.itertuples():
        lines.append(
            f"{r.pullen:30s} {r.focus:7s} {r.dead_end_pct:6.2f} ± {r.dead_end_pct_ci95:4.2f} "
            f"{_daedalus_cell(r, 'dead_end_pct'):>12s} {_fmt(r.dead_end_pct_pullen, 0):>6s} "
            f"{r.solution_pct:6.2f} ± {r.solution_pct_ci95:4.2f} {_daedalus_cell(r, 'solution_pct'):>12s} "
            f"{_fmt(r.solution_pct_pullen, 1):>6s} {_time_cell(r):>11s} {_fmt(r.time_pullen, 0):>6s}  {r.verdict}"
        )
    return "\n".join(lines)
