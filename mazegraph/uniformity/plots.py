"""Texture-comparison figures (matplotlib and seaborn), and ``mazegraph plot RESULTS_DIR``.

Every function draws on its own ``matplotlib.figure.Figure`` (no pyplot state),
saves it to ``path`` and returns the figure, whose axes are the panels.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..errors import ExperimentError, OutputPathError

__all__ = ["gallery", "metric_distributions", "degree_plot", "scaling_plot", "plot_results", "run_plot"]


def _figure(width: float, height: float):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height))
    FigureCanvasAgg(fig)
    return fig


def _save(fig, path) -> None:
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=110)
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None


def gallery(tessellation, path, algorithms=None, seed: int = 1, columns: int = 5):
    """Every algorithm on the same tessellation and seed, side by side.

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph
        Drawn with its walls (edge ``wall`` geometry).
    path : str or pathlib.Path
        Where the PNG goes.
    algorithms : list of str, optional
        Default: every algorithm that runs on the tessellation.
    seed : int
    columns : int

    Returns
    -------
    matplotlib.figure.Figure
        One panel per algorithm.

    Examples
    --------
    >>> import tempfile, pathlib, mazegraph as mg
    >>> from mazegraph.uniformity.plots import gallery
    >>> with tempfile.TemporaryDirectory() as d:
    ...     fig = gallery(mg.tessellations.orthogonal(5, 5), pathlib.Path(d) / "g.png", ["wilson", "kruskal"])
    >>> len(fig.axes)
    2
    """
    from matplotlib.collections import LineCollection

    from ..generators import algorithms as names
    from ..generators import generate

    algorithms = list(algorithms or names(tessellation))
    rows = -(-len(algorithms) // columns)
    fig = _figure(3.0 * min(columns, len(algorithms)), 3.2 * rows)
    for k, algorithm in enumerate(algorithms):
        maze = generate(tessellation, algorithm, seed=seed)
        cells = maze.cells
        ax = fig.add_subplot(rows, min(columns, len(algorithms)), k + 1)
        segments = [cells.walls.segments(~maze.open)] if cells.walls is not None else []
        if cells.boundary is not None:
            segments.append(cells.boundary.segments())
        if segments:
            ax.add_collection(LineCollection(np.concatenate(segments), colors="black", linewidths=0.8))
        ax.autoscale()
        ax.set_aspect("equal")
        ax.set_axis_off()
        ax.set_title(algorithm, fontsize=9)
    fig.suptitle(f"{cells.name}, seed {seed}")
    fig.tight_layout()
    _save(fig, path)
    return fig


def metric_distributions(results: pd.DataFrame, path, metrics=None, kind: str = "violin"):
    """The distribution of each metric per algorithm, from an experiment's rows.

    Parameters
    ----------
    results : pandas.DataFrame
        Rows of :func:`mazegraph.experiment` (``algorithm`` plus metric columns).
    path : str or pathlib.Path
    metrics : list of str, optional
        Default: every numeric metric column.
    kind : {"violin", "box"}

    Returns
    -------
    matplotlib.figure.Figure
        One panel per metric.

    Raises
    ------
    ExperimentError
        If the table has no ``algorithm`` column or no metric column.

    Examples
    --------
    >>> import tempfile, pathlib, pandas as pd
    >>> from mazegraph.uniformity.plots import metric_distributions
    >>> df = pd.DataFrame({"algorithm": ["a", "a", "b", "b"], "dead_end_pct": [10.0, 11, 29, 30]})
    >>> with tempfile.TemporaryDirectory() as d:
    ...     fig = metric_distributions(df, pathlib.Path(d) / "m.png")
    >>> len(fig.axes)
    1
    """
    import seaborn as sns

    from ..runner.plan import ID_COLUMNS, TAIL_COLUMNS

    if "algorithm" not in results:
        raise ExperimentError("the results have no 'algorithm' column; are they an experiment's rows?")
    if metrics is None:
        skip = set(ID_COLUMNS) | set(TAIL_COLUMNS)
        metrics = [c for c in results.columns if c not in skip and pd.api.types.is_numeric_dtype(results[c])]
    if not metrics:
        raise ExperimentError("the results have no numeric metric column to plot")
    label = results["algorithm"].astype(str)
    if "focus" in results and (results["focus"] == "wall").any():
        label = label + np.where(results["focus"] == "wall", " (wall)", "")
    data = results.assign(label=label)
    order = data.groupby("label")[metrics[0]].median().sort_values().index.tolist()
    columns = min(3, len(metrics))
    rows = -(-len(metrics) // columns)
    fig = _figure(6.0 * columns, 0.3 * len(order) * rows + 1.5 * rows + 1)
    draw = sns.violinplot if kind == "violin" else sns.boxplot
    for k, metric in enumerate(metrics):
        ax = fig.add_subplot(rows, columns, k + 1)
        extra = {"cut": 0, "density_norm": "width", "linewidth": 0.6} if kind == "violin" else {"linewidth": 0.6}
        draw(data=data, x=metric, y="label", order=order, ax=ax, color="#8fb3d9", **extra)
        ax.set_ylabel("")
        ax.set_title(metric, fontsize=10)
    fig.tight_layout()
    _save(fig, path)
    return fig


def degree_plot(table: pd.DataFrame, path):
    """Measured degree fractions (95% intervals) per tessellation, beside the exact Z^2 values.

    Parameters
    ----------
    table : pandas.DataFrame
        Rows of :func:`~mazegraph.uniformity.ust.degree_fractions` (an
        ``exact`` column where known, as :func:`~mazegraph.uniformity.ust.compare_z2` adds).
    path : str or pathlib.Path

    Returns
    -------
    matplotlib.figure.Figure
        One panel per tessellation and size.

    Examples
    --------
    >>> import tempfile, pathlib, pandas as pd
    >>> from mazegraph.uniformity.plots import degree_plot
    >>> t = pd.DataFrame({"tessellation": "torus", "size": "8x8", "degree": [1, 2, 3, 4],
    ...                   "fraction": [0.3, 0.44, 0.22, 0.04], "ci95": 0.01})
    >>> with tempfile.TemporaryDirectory() as d:
    ...     fig = degree_plot(t, pathlib.Path(d) / "d.png")
    >>> len(fig.axes)
    1
    """
    groups = list(table.groupby(["tessellation", "size"], sort=False))
    fig = _figure(4.0 * len(groups), 3.6)
    for k, ((name, size), part) in enumerate(groups):
        ax = fig.add_subplot(1, len(groups), k + 1)
        ax.bar(part.degree - 0.2, part.fraction, 0.4, yerr=part.ci95, color="#1f77b4", label="Wilson (95% CI)")
        if "exact" in part and part["exact"].notna().any():
            ax.bar(part.degree + 0.2, part["exact"], 0.4, color="#ff7f0e", label="exact UST of Z^2")
        ax.set_xticks(part.degree)
        ax.set_xlabel("passages per cell")
        ax.set_title(f"{name} {size}", fontsize=10)
        if k == 0:
            ax.set_ylabel("fraction of interior cells")
        ax.legend(fontsize=7)
    fig.tight_layout()
    _save(fig, path)
    return fig


def scaling_plot(lengths: pd.DataFrame, fits: pd.DataFrame, path):
    """Solution length against grid side, log-log, with fitted and reference slopes.

    Parameters
    ----------
    lengths : pandas.DataFrame
        Rows of :func:`~mazegraph.uniformity.ust.scaling`.
    fits : pandas.DataFrame
        Rows of :func:`~mazegraph.uniformity.ust.fit_exponent`.
    path : str or pathlib.Path

    Returns
    -------
    matplotlib.figure.Figure
        One panel.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from mazegraph.uniformity.ust import scaling, fit_exponent
    >>> from mazegraph.uniformity.plots import scaling_plot
    >>> df = scaling("wilson", [4, 8, 16], mazes=2, seed=1)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     fig = scaling_plot(df, fit_exponent(df), pathlib.Path(d) / "s.png")
    >>> len(fig.axes)
    1
    """
    from .ust import LERW_EXPONENT

    fig = _figure(7.5, 5.5)
    ax = fig.add_subplot(1, 1, 1)
    from matplotlib import colormaps

    palette = colormaps["tab20"].colors  # 20 distinct colours; line styles tell apart any beyond
    styles = {a: (palette[i % 20], ("-", "--", ":")[i // 20 % 3]) for i, a in enumerate(fits.algorithm)}
    means = lengths.groupby(["algorithm", "n"], sort=False)["length"].mean().reset_index()
    for fit in fits.itertuples():
        part = means[means.algorithm == fit.algorithm]
        colour, style = styles[fit.algorithm]
        ax.scatter(part.n, part.length, color=colour, s=14)
        x = np.array([part.n.min(), part.n.max()], dtype=float)
        ax.plot(x, fit.prefactor * x**fit.exponent, style, color=colour, lw=1,
                label=f"{fit.algorithm}: {fit.exponent:.3f} ± {fit.ci95:.3f}")
    x = np.array([means.n.min(), means.n.max()], dtype=float)
    anchor = means[means.algorithm.isin(["wilson", "aldous_broder"])]
    y0 = anchor.length.iloc[0] if len(anchor) else means.length.median()
    ax.plot(x, y0 * (x / x[0]) ** LERW_EXPONENT, "k--", lw=1, label="slope 5/4 (loop-erased random walk)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("grid side n")
    ax.set_ylabel("cells on the solution")
    ax.legend(fontsize=7, loc="upper left")
    ax.set_title("solution length scaling, n x n orthogonal mazes")
    fig.tight_layout()
    _save(fig, path)
    return fig


def _read_results(folder: Path) -> pd.DataFrame | None:
    parts = sorted(folder.rglob("part-*.parquet"))
    if not parts:
        return None
    try:
        return pd.concat([pd.read_parquet(p) for p in parts], ignore_index=True)
    except Exception as error:  # noqa: BLE001
        raise ExperimentError(f"cannot read the Parquet parts under {folder}: {error}") from None


def plot_results(folder, out=None) -> list[Path]:
    """Make every figure the files in an experiment's results folder allow.

    Experiment rows (``part-*.parquet``, any depth) give metric distributions,
    one figure per tessellation; ``ust.csv`` a degree plot; ``lengths.csv``
    and ``scaling.csv`` a scaling plot.

    Parameters
    ----------
    folder : str or pathlib.Path
    out : str or pathlib.Path, optional
        Where figures go; default ``folder/plots``.

    Returns
    -------
    list of pathlib.Path
        The figures written.

    Raises
    ------
    ExperimentError
        If the folder does not exist or holds nothing to plot.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise ExperimentError(f"{folder} is not a folder")
    out = Path(out) if out else folder / "plots"
    written = []
    results = _read_results(folder)
    if results is not None:
        if "error" in results:
            results = results[results["error"].isna() | (results["error"] == "")]
        keys = ["tessellation", "size"] if {"tessellation", "size"} <= set(results.columns) else []
        for key, part in results.groupby(keys) if keys else [(("all",), results)]:
            name = "-".join(str(k) for k in (key if isinstance(key, tuple) else (key,)))
            path = out / f"metrics-{name}.png"
            metric_distributions(part, path)
            written.append(path)
    if (folder / "ust.csv").exists():
        path = out / "degrees.png"
        degree_plot(pd.read_csv(folder / "ust.csv"), path)
        written.append(path)
    if (folder / "lengths.csv").exists() and (folder / "scaling.csv").exists():
        path = out / "scaling.png"
        scaling_plot(pd.read_csv(folder / "lengths.csv"), pd.read_csv(folder / "scaling.csv"), path)
        written.append(path)
    if not written:
        raise ExperimentError(f"nothing to plot in {folder}: no part-*.parquet rows, ust.csv or scaling.csv")
    return written


def run_plot(args) -> int:
    """The ``mazegraph plot RESULTS_DIR [--out DIR] [--gallery]`` command."""
    written = plot_results(args.results, args.out)
    if getattr(args, "gallery", False):
        from ..tessellations import build

        for name, size in (("orthogonal", (12, 12)), ("sigma", (10, 10)), ("theta", (6,))):
            path = Path(args.out or Path(args.results) / "plots") / f"gallery-{name}.png"
            gallery(build(name, *size), path, seed=1)
            written.append(path)
    for path in written:
        print(f"wrote {path}")
    return 0
