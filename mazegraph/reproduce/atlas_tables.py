"""The atlas's tables: from the experiment's rows to figures with confidence intervals.

- :func:`cell_table`: one row per (algorithm row, column, metric): the mean and
  95% interval at the small and the large size, the move between them (the
  finite-size trend), the value extrapolated to infinite size, or why the
  algorithm cannot run there;
- :func:`theory_table`: the uniform samplers beside the exact values of the
  uniform spanning tree where the column's cells form a lattice whose law is
  known (:mod:`.ust_lattices`), with a verdict;
- :func:`sampler_table`: the uniform samplers against each other on every column
  (they sample the same law on the same board, so they must agree anywhere);
- :func:`markdown`: all of it as a Markdown page.

The rows come from :func:`mazegraph.experiment`; only its documented columns are
used (algorithm, options, focus, tessellation, n_cells, error and the metrics),
and any others are ignored.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from .atlas_config import AtlasConfig, Column, Row
from .ust_lattices import LATTICES, METRIC_DEGREES, exact_pct

__all__ = ["label_rows", "cell_table", "theory_table", "sampler_table", "markdown", "METRIC_NAMES", "verdict"]

METRIC_NAMES = {
    "dead_end_pct": "dead ends, % of cells",
    "corridor_pct": "corridors, % of cells",
    "junction_pct": "junctions (3 passages), % of cells",
    "crossroad_pct": "crossroads (4 or more passages), % of cells",
    "solution_pct": "solution, % of cells (elitism)",
    "dead_end_length_mean": "mean dead-end length, cells (river)",
    "run_length_mean": "mean straight run, passages",
}
SIZES = ("small", "large")
THEORY_COLUMNS = ["column", "lattice", "metric", "row", "exact", "large", "large_ci95", "infinite", "infinite_ci95",
                  "compared", "diff", "ci95", "verdict"]
SAMPLER_COLUMNS = ["column", "metric", "size", "reference", "row", "reference_mean", "mean", "diff", "ci95", "verdict"]


def label_rows(rows: pd.DataFrame, config: AtlasConfig, n_cells: dict) -> pd.DataFrame:
    """The experiment's rows with ``row``, ``column`` and ``size_rank`` (0 small, 1 large) labels.

    Parameters
    ----------
    rows : pandas.DataFrame
        As :func:`mazegraph.experiment` returns them.
    config : AtlasConfig
    n_cells : dict
        ``(column label, size rank) -> cells`` of each built board.
    """
    where = {}
    for (label, rank), n in n_cells.items():
        tessellation = next(c.tessellation for c in config.columns if c.label == label)
        where[(tessellation, int(n))] = (label, rank)
    row_of = {r.key(): r.label for r in config.rows}
    options = rows["options"].map(lambda text: json.dumps(json.loads(text), sort_keys=True))
    keys = list(zip(rows["algorithm"], options, rows["focus"]))
    found = [where.get((t, int(n))) for t, n in zip(rows["tessellation"], rows["n_cells"])]
    out = rows.assign(
        row=[row_of.get(k) for k in keys],
        column=[f[0] if f else None for f in found],
        size_rank=[f[1] if f else -1 for f in found],
    )
    return out[out["row"].notna() & out["column"].notna()]


def _extrapolate(n_small, n_large, small, large, ci_small, ci_large, dimension):
    """The value at infinite size, if the figure moves as ``a + b n^(-1/d)`` (a boundary's share of the cells)."""
    xs, xl = n_small ** (-1.0 / dimension), n_large ** (-1.0 / dimension)
    w_large, w_small = xs / (xs - xl), -xl / (xs - xl)
    value = w_large * large + w_small * small
    ci = np.sqrt((w_large * ci_large) ** 2 + (w_small * ci_small) ** 2)
    return value, ci


def cell_table(labelled: pd.DataFrame, config: AtlasConfig, refusals: dict, n_cells: dict) -> pd.DataFrame:
    """One row per (algorithm row, column, metric), in config order.

    Columns: ``row``, ``algorithm``, ``options`` (JSON), ``focus``, ``column``,
    ``metric``, ``status`` ("ok" or the reason it cannot run), ``n_small``,
    ``n_large`` (cells), ``mazes_small``, ``mazes_large``, ``small``,
    ``small_ci95``, ``large``, ``large_ci95`` (mean and 95% half width),
    ``change`` (large - small) and ``change_ci95``, ``trend`` ("steady" when the
    change is within its interval, else "moves"), ``infinite`` and
    ``infinite_ci95`` (extrapolated to infinite size, see :func:`_extrapolate`),
    ``errors`` (mazes that raised) and ``time_ms`` (median generation time at
    the large size).
    """
    from ..runner import summarize

    ok = labelled
    if "error" in ok.columns:
        errors = ok[ok["error"].notna()].groupby(["row", "column"]).size()
    else:
        errors = pd.Series(dtype=int)
    stats = summarize(ok, by=["row", "column", "size_rank"], metrics=list(config.metrics))
    times = ok[ok["size_rank"] == 1].groupby(["row", "column"])["time_ns"].median() if "time_ns" in ok else None
    records = []
    for row in config.rows:
        for column in config.columns:
            reason = refusals.get((row.key(), column.label))
            for metric in config.metrics:
                rec = {
                    "row": row.label, "algorithm": row.algorithm, "options": json.dumps(row.options, sort_keys=True),
                    "focus": row.focus, "column": column.label, "metric": metric,
                    "status": "ok" if reason is None else reason,
                    "n_small": n_cells.get((column.label, 0)), "n_large": n_cells.get((column.label, 1)),
                }
                for rank, size in enumerate(SIZES):
                    key = (row.label, column.label, rank)
                    present = reason is None and key in stats.index
                    rec[f"mazes_{size}"] = int(stats.loc[key, f"{metric}_count"]) if present else 0
                    rec[size] = float(stats.loc[key, f"{metric}_mean"]) if present else np.nan
                    rec[f"{size}_ci95"] = float(stats.loc[key, f"{metric}_ci95"]) if present else np.nan
                rec["change"] = rec["large"] - rec["small"]
                rec["change_ci95"] = float(np.hypot(rec["small_ci95"], rec["large_ci95"]))
                if np.isnan(rec["change"]):
                    rec["trend"] = ""
                else:
                    rec["trend"] = "steady" if abs(rec["change"]) <= rec["change_ci95"] else "moves"
                if rec["n_small"] and rec["n_large"] and not np.isnan(rec["change"]):
                    rec["infinite"], rec["infinite_ci95"] = _extrapolate(
                        rec["n_small"], rec["n_large"], rec["small"], rec["large"], rec["small_ci95"],
                        rec["large_ci95"], column.dimension())
                else:
                    rec["infinite"] = rec["infinite_ci95"] = np.nan
                rec["errors"] = int(errors.get((row.label, column.label), 0))
                t = times.get((row.label, column.label)) if times is not None else None
                rec["time_ms"] = np.nan if t is None or pd.isna(t) else float(t) / 1e6
                records.append(rec)
    measured: dict[tuple[str, str], int] = {}
    for r in records:
        pair = (r["row"], r["column"])
        measured[pair] = measured.get(pair, 0) + r["mazes_small"] + r["mazes_large"]
    for r in records:  # a cell that runs but has no measured maze at all (a metric alone may be undefined: NaN)
        if r["status"] == "ok" and measured[(r["row"], r["column"])] == 0:
            r["status"] = "every maze raised an error (see errors)" if r["errors"] else "no rows from the runner"
    return pd.DataFrame(records)


def verdict(diff: float, ci: float) -> str:
    """``agrees`` when ``|diff|`` is within the 95% interval, ``marginal`` within 1.68 of it (99.9%), else ``differs``.

    Examples
    --------
    >>> from mazegraph.reproduce.atlas_tables import verdict
    >>> verdict(0.1, 0.2), verdict(0.3, 0.2), verdict(0.5, 0.2)
    ('agrees', 'marginal', 'differs')
    """
    if np.isnan(diff) or np.isnan(ci):
        return "no data"
    if abs(diff) <= ci:
        return "agrees"
    return "marginal" if abs(diff) <= 1.68 * ci else "differs"


def _uniform_rows(config: AtlasConfig) -> list[Row]:
    """The rows that sample the uniform spanning tree, in the order ``uniform`` names them (passage first)."""
    rows = [r for r in config.rows if r.algorithm in config.uniform and not r.options]
    return sorted(rows, key=lambda r: (config.uniform.index(r.algorithm), r.focus != "passage"))


def theory_table(cells: pd.DataFrame, config: AtlasConfig) -> pd.DataFrame:
    """The uniform samplers beside the exact values of the infinite lattice's uniform spanning tree.

    A column without a boundary (torus, Klein bottle, cube) is compared at its
    large size; a column with one is compared after extrapolation to infinite
    size, since a boundary cell has fewer neighbours and so a different chance
    of being a dead end. The large-size figure is shown in both cases.
    """
    records = []
    by = cells.set_index(["row", "column", "metric"])
    for column in config.columns:
        if column.lattice is None:
            continue
        for metric in config.metrics:
            exact = exact_pct(column.lattice, metric)
            if exact is None or exact < 1e-9:  # unknown, or impossible on the lattice (crossroads on the honeycomb)
                continue
            for row in _uniform_rows(config):
                key = (row.label, column.label, metric)
                if key not in by.index or by.loc[key, "status"] != "ok":
                    continue
                c = by.loc[key]
                measured, ci = (c["infinite"], c["infinite_ci95"]) if column.boundary else (c["large"], c["large_ci95"])
                records.append({
                    "column": column.label, "lattice": column.lattice, "metric": metric, "row": row.label,
                    "exact": exact, "large": c["large"], "large_ci95": c["large_ci95"],
                    "infinite": c["infinite"], "infinite_ci95": c["infinite_ci95"],
                    "compared": "infinite (extrapolated)" if column.boundary else "large (no boundary)",
                    "diff": measured - exact, "ci95": ci, "verdict": verdict(measured - exact, ci),
                })
    return pd.DataFrame(records, columns=THEORY_COLUMNS)


def sampler_table(cells: pd.DataFrame, config: AtlasConfig) -> pd.DataFrame:
    """Each uniform sampler against the first one (e.g. Aldous-Broder against Wilson) on every column.

    Both sample the uniform spanning tree of the same board, so every metric
    must agree at each size, whatever the tessellation.
    """
    uniform = _uniform_rows(config)
    records = []
    by = cells.set_index(["row", "column", "metric"])
    for column in config.columns:
        present = [r for r in uniform if (r.label, column.label, config.metrics[0]) in by.index
                   and by.loc[(r.label, column.label, config.metrics[0]), "status"] == "ok"]
        if len(present) < 2:
            continue
        reference = present[0]
        for other in present[1:]:
            for metric in config.metrics:
                a, b = by.loc[(reference.label, column.label, metric)], by.loc[(other.label, column.label, metric)]
                for size in SIZES:
                    diff = b[size] - a[size]
                    ci = float(np.hypot(a[f"{size}_ci95"], b[f"{size}_ci95"]))
                    records.append({
                        "column": column.label, "metric": metric, "size": size, "reference": reference.label,
                        "row": other.label, "reference_mean": a[size], "mean": b[size], "diff": diff, "ci95": ci,
                        "verdict": verdict(diff, ci),
                    })
    return pd.DataFrame(records, columns=SAMPLER_COLUMNS)


# -- Markdown -------------------------------------------------------------------------------------------------


def _fmt(value: float, ci: float | None = None, digits: int = 1) -> str:
    if value is None or pd.isna(value):
        return ""
    text = f"{value:.{digits}f}"
    if ci is not None and not pd.isna(ci):
        text += f" ± {ci:.{digits}f}"
    return text


def _digits(metric: str) -> int:
    return 2 if metric in ("dead_end_length_mean", "run_length_mean") else 1


def _size_text(column: Column, rank: int, n: int | None) -> str:
    size = column.sizes[rank]
    if column.tessellation == "mask":
        text = f"x{size[0]}"
    elif column.tessellation == "grid":
        text = "x".join(str(s) for s in size[0])
    else:
        text = "x".join(str(s) for s in size)
    return f"{text} ({n:,} cells)" if n else text


def markdown(cells: pd.DataFrame, theory: pd.DataFrame, samplers: pd.DataFrame, config: AtlasConfig,
             n_cells: dict, header: str = "") -> str:
    """The atlas as a Markdown page: sizes, theory, samplers, one table per metric, and what cannot run."""
    out = [f"# {config.name[:1].upper() + config.name[1:]}: texture of every algorithm on every tessellation\n"]
    if header:
        out.append(header.rstrip() + "\n")
    out.append("## Columns and sizes\n")
    out.append("| column | tessellation | small size | large size | UST lattice | boundary |")
    out.append("|---|---|---|---|---|---|")
    for c in config.columns:
        out.append(
            f"| {c.label} | {c.tessellation} | {_size_text(c, 0, n_cells.get((c.label, 0)))} "
            f"| {_size_text(c, 1, n_cells.get((c.label, 1)))} | {c.lattice or ''} | {'yes' if c.boundary else 'no'} |"
        )
    out.append("")

    if len(theory):
        counts = theory["verdict"].value_counts()
        out.append("## The uniform samplers beside the exact uniform spanning tree\n")
        out.append(
            f"{len(theory)} comparisons: {counts.get('agrees', 0)} agree (exact value within the 95% interval), "
            f"{counts.get('marginal', 0)} marginal (within the 99.9% interval), {counts.get('differs', 0)} differ. "
            f"At 95%, about {0.05 * len(theory):.1f} of {len(theory)} true comparisons miss by chance.\n"
        )
        out.append("| column | lattice | metric | sampler | exact | large size | extrapolated to infinite size "
                   "| compared | difference | verdict |")
        out.append("|---|---|---|---|---|---|---|---|---|---|")
        for r in theory.itertuples():
            out.append(
                f"| {r.column} | {r.lattice} | {r.metric} | {r.row} | {r.exact:.3f} "
                f"| {_fmt(r.large, r.large_ci95, 2)} | {_fmt(r.infinite, r.infinite_ci95, 2)} | {r.compared} "
                f"| {r.diff:+.2f} ± {r.ci95:.2f} | {r.verdict} |"
            )
        out.append("")
        out.append("Exact values (percent of cells, infinite lattice):\n")
        out.append("| lattice | cells | dead ends | corridors | junctions | crossroads | source |")
        out.append("|---|---|---|---|---|---|---|")
        for name in sorted({c.lattice for c in config.columns if c.lattice}):
            lattice = LATTICES[name]
            values = [exact_pct(name, m) for m in METRIC_DEGREES]
            out.append(f"| {name} | {lattice.cells} | " + " | ".join(f"{v:.4f}" for v in values)
                       + f" | {lattice.source} |")
        out.append("")

    if len(samplers):
        counts = samplers["verdict"].value_counts()
        reference = samplers["reference"].iloc[0]
        out.append(f"## The uniform samplers against each other (difference from {reference})\n")
        out.append(
            f"{len(samplers)} comparisons (every column, metric and size): {counts.get('agrees', 0)} agree, "
            f"{counts.get('marginal', 0)} marginal, {counts.get('differs', 0)} differ.\n"
        )
        out.append("| column | sampler | " + " | ".join(f"{m} ({s})" for m in config.metrics for s in SIZES[1:]) + " |")
        out.append("|---|---|" + "---|" * len(config.metrics))
        large = samplers[samplers["size"] == "large"]
        for (column, row), part in large.groupby(["column", "row"], sort=False):
            part = part.set_index("metric")
            cells_text = []
            for m in config.metrics:
                if m not in part.index:
                    cells_text.append("")
                    continue
                p = part.loc[m]
                mark = "" if p["verdict"] == "agrees" else f" **{p['verdict']}**"
                cells_text.append(f"{p['diff']:+.{_digits(m)}f} ± {p['ci95']:.{_digits(m)}f}{mark}")
            out.append(f"| {column} | {row} | " + " | ".join(cells_text) + " |")
        out.append("")

    shown = [r for r in config.rows if (cells[(cells["row"] == r.label)]["status"] == "ok").any()]
    for metric in config.metrics:
        part = cells[cells["metric"] == metric].set_index(["row", "column"])
        digits = _digits(metric)
        out.append(f"## {METRIC_NAMES.get(metric, metric)}\n")
        out.append(f"`{metric}`: mean ± 95% interval at the large size; in brackets the move from the small size "
                   "where it exceeds its interval. – : cannot run (see the last section).\n")
        out.append("| algorithm | " + " | ".join(c.label for c in config.columns) + " |")
        out.append("|---|" + "---|" * len(config.columns))
        for row in shown:
            texts = []
            for column in config.columns:
                c = part.loc[(row.label, column.label)]
                if c["status"] != "ok":
                    texts.append("–")
                    continue
                text = _fmt(c["large"], c["large_ci95"], digits) or "n/a"
                if c["trend"] == "moves":
                    text += f" ({c['change']:+.{digits}f})"
                texts.append(text)
            out.append(f"| {row.label} | " + " | ".join(texts) + " |")
        if metric in METRIC_DEGREES:
            exact = [exact_pct(c.lattice, metric) if c.lattice else None for c in config.columns]
            out.append("| *UST, exact (infinite lattice)* | "
                       + " | ".join("" if v is None else f"*{v:.{digits}f}*" for v in exact) + " |")
        out.append("")

    out.append("## What cannot run where\n")
    reasons: dict[str, int] = {}
    lines = []
    for row in config.rows:
        statuses = [cells[(cells["row"] == row.label) & (cells["column"] == c.label)]["status"].iloc[0]
                    for c in config.columns]
        everywhere = all(s != "ok" for s in statuses)
        refused = []
        for column, status in zip(config.columns, statuses):
            if status != "ok":
                k = reasons.setdefault(status, len(reasons) + 1)
                refused.append(f"{column.label} [{k}]")
            if everywhere:
                break
        if everywhere:
            lines.append(f"- {row.label}: every column (e.g. {refused[0]})")
        elif refused:
            lines.append(f"- {row.label}: " + ", ".join(refused))
    out.extend(lines)
    out.append("")
    for text, k in reasons.items():
        out.append(f"{k}. {text}")
    return "\n".join(out) + "\n"
