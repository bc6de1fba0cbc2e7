"""The atlas's pictures: a heat map per metric (algorithm x tessellation) and a gallery of one maze per cell.

Each function draws on its own ``matplotlib.figure.Figure`` (no pyplot state)
and saves a PNG.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..errors import MazeError, OutputPathError
from .atlas_config import AtlasConfig
from .atlas_tables import METRIC_NAMES
from .ust_lattices import METRIC_DEGREES, exact_pct

__all__ = ["heatmap", "gallery"]


def _figure(width: float, height: float):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height))
    FigureCanvasAgg(fig)
    return fig


def _save(fig, path, dpi: int) -> None:
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=dpi, facecolor="white")
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None


def heatmap(cells: pd.DataFrame, config: AtlasConfig, metric: str, path, title: str | None = None):
    """One metric as a heat map: a row per algorithm (and focus), a column per tessellation.

    Each cell shows the mean at the large size; grey cells with a dash cannot
    run. For the passage-count metrics a last row gives the exact value of the
    uniform spanning tree where the column's lattice is known.

    Parameters
    ----------
    cells : pandas.DataFrame
        :func:`~mazegraph.reproduce.atlas_tables.cell_table`.
    config : AtlasConfig
    metric : str
    path : str or pathlib.Path
    title : str, optional

    Returns
    -------
    matplotlib.figure.Figure
    """
    from matplotlib import colormaps

    part = cells[cells["metric"] == metric]
    rows = [r.label for r in config.rows if (part[part["row"] == r.label]["status"] == "ok").any()]
    columns = [c.label for c in config.columns]
    table = part.set_index(["row", "column"])
    values = np.full((len(rows), len(columns)), np.nan)
    refused = np.zeros((len(rows) + 1, len(columns)), dtype=bool)
    for i, row in enumerate(rows):
        for j, column in enumerate(columns):
            c = table.loc[(row, column)]
            if c["status"] == "ok":
                values[i, j] = c["large"]
            else:
                refused[i, j] = True
    exact_row = None
    if metric in METRIC_DEGREES and any(c.lattice for c in config.columns):
        exact_row = np.array([exact_pct(c.lattice, metric) if c.lattice else np.nan for c in config.columns])
    shown = values if exact_row is None else np.vstack([values, exact_row])
    labels = rows + ([] if exact_row is None else ["UST, exact (infinite lattice)"])

    n_rows, n_cols = shown.shape
    width, height = 3.5 + 0.78 * n_cols, 1.9 + 0.34 * n_rows  # inches: row labels left, colour bar right
    fig = _figure(width, height)
    ax = fig.add_axes((2.3 / width, 1.25 / height, 0.78 * n_cols / width, 0.34 * n_rows / height))
    cmap = colormaps["viridis"].with_extremes(bad="#d9d9d9")
    finite = shown[np.isfinite(shown)]
    low, high = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
    if finite.size and low > 0 and high > 8 * low:  # e.g. solution shares from 0.3% to 100%: a log scale
        from matplotlib.colors import LogNorm

        norm = LogNorm(vmin=low, vmax=high)
    else:
        from matplotlib.colors import Normalize

        norm = Normalize(vmin=low, vmax=high if high > low else low + 1)
    image = ax.imshow(np.ma.masked_invalid(shown), cmap=cmap, norm=norm, aspect="auto", interpolation="nearest")
    digits = 2 if metric in ("dead_end_length_mean", "run_length_mean") else 1
    for i in range(n_rows):
        for j in range(n_cols):
            v = shown[i, j]
            if not np.isfinite(v):
                text = "–" if refused[i, j] else ("n/a" if i < len(rows) else "")
                ax.text(j, i, text, ha="center", va="center", fontsize=7.5, color="#555555")
                continue
            text = f"{v:.{digits}f}" if abs(v) < 1000 else f"{v:.0f}"
            shade = np.asarray(cmap(norm(v)))[:3] @ np.array([0.299, 0.587, 0.114])
            ax.text(j, i, text, ha="center", va="center", fontsize=7.5,
                    color="black" if shade > 0.5 else "white", fontstyle="italic" if i >= len(rows) else "normal")
    ax.set_xticks(range(n_cols), columns, rotation=40, ha="right", fontsize=9)
    ax.set_yticks(range(n_rows), labels, fontsize=9)
    ax.tick_params(length=0)
    if exact_row is not None:
        ax.axhline(len(rows) - 0.5, color="white", linewidth=3)
    ax.set_xticks(np.arange(-0.5, n_cols, 1), minor=True)
    ax.set_yticks(np.arange(-0.5, n_rows, 1), minor=True)
    ax.grid(which="minor", color="white", linewidth=0.6)
    ax.tick_params(which="minor", length=0)
    bar = fig.add_axes(((2.3 + 0.78 * n_cols + 0.15) / width, 1.25 / height, 0.18 / width, 0.34 * n_rows / height))
    colorbar = fig.colorbar(image, cax=bar)
    colorbar.ax.tick_params(labelsize=8)
    name = METRIC_NAMES.get(metric, metric)
    colorbar.set_label(name, fontsize=9)
    ax.set_title(title or f"{name}: mean over {config.seeds} mazes at the large size (grey: cannot run)",
                 fontsize=11, loc="left")
    _save(fig, path, dpi=100)
    return fig


def gallery(config: AtlasConfig, runs: set, path, focus: str = "passage", seed: int | None = None):
    """One small maze per cell of the table: a row per algorithm, a column per tessellation.

    Parameters
    ----------
    config : AtlasConfig
    runs : set of (row key, column label)
        The cells that run (as in the table).
    path : str or pathlib.Path
    focus : {"passage", "wall"}
        Which rows to draw (wall rows only run on planar tessellations).
    seed : int, optional
        Default: the config's root seed.

    Returns
    -------
    matplotlib.figure.Figure or None
        None when no row of that focus runs anywhere.
    """
    from matplotlib.collections import LineCollection

    from ..generators import generate
    from ..tessellations import build

    seed = config.root_seed if seed is None else seed
    rows = [r for r in config.rows if r.focus == focus and any((r.key(), c.label) in runs for c in config.columns)]
    columns = [c for c in config.columns if any((r.key(), c.label) in runs for r in rows)]
    if not rows:
        return None
    boards = {}
    for c in columns:
        args, options = c.build_args(c.gallery)
        if c.tessellation == "voronoi":
            options.setdefault("seed", seed)
        boards[c.label] = build(c.tessellation, *args, **options)
    panel, left, top = 1.05, 1.9, 0.75  # inches: a maze's square, the row labels, the title and column labels
    width, height = left + panel * len(columns) + 0.1, top + panel * len(rows) + 0.1
    fig = _figure(width, height)
    # one axes in panel units (x: column, y: row downwards), every maze scaled into its own unit square
    ax = fig.add_axes((left / width, 0.1 / height, panel * len(columns) / width, panel * len(rows) / height))
    ax.set_xlim(0, len(columns))
    ax.set_ylim(len(rows), 0)
    ax.set_axis_off()
    layers: dict[str, list] = {"walls": [], "covers": [], "marks": []}
    for i, row in enumerate(rows):
        fig.text(0.1 / width, 1 - (top + panel * (i + 0.5)) / height, row.label, fontsize=9, va="center", ha="left")
        for j, column in enumerate(columns):
            if i == 0:
                fig.text((left + panel * (j + 0.5)) / width, 1 - (top - 0.12) / height, column.label, fontsize=9,
                         ha="center", va="bottom")
            if (row.key(), column.label) not in runs:
                ax.text(j + 0.5, i + 0.5, "–", ha="center", va="center", fontsize=12, color="#888888")
                continue
            try:
                maze = generate(boards[column.label], row.algorithm, seed=seed, focus=row.focus, **row.options)
            except MazeError:  # e.g. no Hamiltonian path on this small board: say so in the panel
                ax.text(j + 0.5, i + 0.5, "cannot run\nat this size", ha="center", va="center", fontsize=6,
                        color="#888888")
                continue
            walls, covers, marks = _segments(maze)
            points = walls.reshape(-1, 2)
            lo, hi = points.min(axis=0), points.max(axis=0)
            scale = 0.88 / max(float((hi - lo).max()), 1e-9)
            centre = (lo + hi) / 2

            def place(segments, i=i, j=j, scale=scale, centre=centre):
                xy = (np.asarray(segments, dtype=float) - centre) * scale
                xy[..., 1] *= -1  # geometry y points up, rows go down
                return xy + (j + 0.5, i + 0.5)

            for name, segments in (("walls", walls), ("covers", covers), ("marks", marks)):
                if len(segments):
                    layers[name].append(place(segments))
    for name, colour, lw in (("walls", "#1f1f1f", 0.45), ("covers", "white", 0.9), ("marks", "#1f1f1f", 0.45)):
        if layers[name]:
            ax.add_collection(LineCollection(np.concatenate(layers[name]), colors=colour, linewidths=lw))
    what = "passage carvers" if focus == "passage" else "wall adders"
    fig.text(0.1 / width, 1 - 0.3 / height,
             f"Atlas gallery, {what}: one small maze per cell of the table (seed {seed})", fontsize=11, va="center")
    _save(fig, path, dpi=100)
    return fig


def _segments(maze) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The maze's closed walls (with the boundary), erased tunnel mouths and marks, as ``(k, 2, 2)`` segments."""
    cells = maze.cells
    none = np.empty((0, 2, 2))
    walls = [cells.walls.segments(~maze.open)] if cells.walls is not None else []
    if cells.boundary is not None:
        walls.append(cells.boundary.segments())
    covers = cells.covers.segments(maze.open) if cells.covers is not None else none
    marks = cells.marks.segments(maze.open) if cells.marks is not None else none
    return (np.concatenate(walls) if walls else none), covers, marks
