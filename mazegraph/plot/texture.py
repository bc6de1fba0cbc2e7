"""Each metric's distribution per variant: violins, boxes or points, one panel per metric that varies."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..errors import ExperimentError, InvalidOptionError
from ..metric_info import axis_label, metric_info
from ..params import checked
from ..runner.schema import is_id_column
from ._params import AX, BY, COL_WRAP, METRICS, frame

__all__ = ["distributions", "informative_metrics", "group_labels", "frame_title"]

KINDS = ("violin", "box", "strip")
_FILL = "#8fb3d9"
_EDGE = "#2b5d8a"
_KDE_POINTS = 64  # density evaluated at this many points between a group's smallest and largest value
_KDE_EXACT = 2000  # above this many values, the density is estimated from a 512-bin histogram


@checked(frame("df"), METRICS)
def informative_metrics(df, metrics: Sequence[str] | None = None) -> list[str]:
    """The metric columns worth a panel: numeric, with at least two distinct finite values.

    A metric that is NaN on every row (it does not apply to the tessellation)
    or the same on every row (``n_passages`` of perfect mazes) tells nothing.

    Parameters
    ----------
    df : pandas.DataFrame
    metrics : list of str, optional
        Candidates; default: every numeric column that is not a task column
        (:func:`mazegraph.runner.schema.is_id_column`) nor ``time_ns``.

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> from mazegraph.plot import informative_metrics
    >>> df = pd.DataFrame({"variant": ["a", "b"], "x": [1.0, 2.0], "same": [3.0, 3.0], "gone": [np.nan, np.nan]})
    >>> informative_metrics(df)
    ['x']
    """
    import pandas as pd

    if metrics is None:
        metrics = [
            c for c in df.columns
            if c != "time_ns" and not is_id_column(c) and pd.api.types.is_numeric_dtype(df[c])
            and not pd.api.types.is_bool_dtype(df[c])
        ]
    if isinstance(metrics, str):
        metrics = [metrics]
    absent = [m for m in metrics if m not in df]
    if absent:
        raise InvalidOptionError(f"metrics: {', '.join(map(repr, absent))} not columns of the frame; "
                                 f"columns: {', '.join(map(str, df.columns))}")
    keep = []
    for m in metrics:
        values = df[m].to_numpy(dtype=float, na_value=np.nan)
        values = values[np.isfinite(values)]
        if values.size and values.min() != values.max():
            keep.append(m)
    return keep


def _settings(df) -> list[tuple[str, str]]:
    """The (tessellation, size) pairs of the frame, in order of first appearance."""
    if "tessellation" not in df or "size" not in df:
        return []
    pairs = zip(df["tessellation"].astype(str), df["size"].astype(str))
    return list(dict.fromkeys(pairs))


def group_labels(df, by: str = "variant") -> tuple[list[str], np.ndarray]:
    """Labels of the groups a figure shows, and each row's group number.

    Groups follow the ``by`` column: its category order when it is a
    categorical (config order for an experiment's ``variant``), else first
    appearance. When the frame holds several tessellations or sizes, each label
    also names them (``kruskal · orthogonal 50x50``), so rows of different
    settings are never drawn as one group.

    Raises
    ------
    InvalidOptionError
        If ``by`` is not a column of the frame.

    Examples
    --------
    >>> import pandas as pd
    >>> from mazegraph.plot.texture import group_labels
    >>> labels, codes = group_labels(pd.DataFrame({"variant": ["b", "a", "b"]}))
    >>> labels, codes.tolist()
    (['b', 'a'], [0, 1, 0])
    """
    import pandas as pd

    if by not in df:
        raise InvalidOptionError(f"by: {by!r} is not a column of the frame; columns: {', '.join(map(str, df.columns))}")
    keys = df[by].astype(str)
    if len(_settings(df)) > 1:
        keys = keys + " · " + df["tessellation"].astype(str) + " " + df["size"].astype(str)
    if isinstance(df[by].dtype, pd.CategoricalDtype):  # category order first, then first appearance
        rank = df[by].cat.codes.to_numpy()
        table = pd.DataFrame({"key": keys.to_numpy(), "rank": rank, "at": np.arange(len(df))})
        order = table.drop_duplicates("key").sort_values(["rank", "at"], kind="stable")["key"].tolist()
    else:
        order = list(dict.fromkeys(keys))
    index = {key: k for k, key in enumerate(order)}
    return order, keys.map(index).to_numpy(dtype=np.int64)


def frame_title(df, by: str = "variant") -> str:
    """``"orthogonal 100x100 · n = 20 mazes per variant"``: what a figure of these rows shows.

    Examples
    --------
    >>> import pandas as pd
    >>> from mazegraph.plot.texture import frame_title
    >>> frame_title(pd.DataFrame({"variant": ["a", "a", "b"], "tessellation": "theta", "size": "8"}))
    'theta 8 · n = 1-2 mazes per variant'
    """
    settings = _settings(df)
    where = ", ".join(f"{t} {s}".strip() for t, s in settings[:4]) + (", ..." if len(settings) > 4 else "")
    if by in df and len(df):
        _, codes = group_labels(df, by)
        counts = np.bincount(codes)
        low, high = int(counts.min()), int(counts.max())
        n = f"n = {low}" if low == high else f"n = {low}-{high}"
        text = f"{n} mazes per {by}"
        return f"{where} · {text}" if where else text
    return where


def _finite(values: np.ndarray) -> np.ndarray:
    return values[np.isfinite(values)]


def _density(values: np.ndarray, grid: np.ndarray) -> np.ndarray:
    """Gaussian kernel density at ``grid`` with Scott's bandwidth (binned above a few thousand values)."""
    weights = None
    if values.size > _KDE_EXACT:
        counts, edges = np.histogram(values, bins=512)
        values, weights = 0.5 * (edges[1:] + edges[:-1]), counts.astype(float)
        n = counts.sum()
        mean = np.average(values, weights=weights)
        std = np.sqrt(np.average((values - mean) ** 2, weights=weights))
    else:
        n, std = values.size, values.std(ddof=1)
    bandwidth = max(std * n ** (-0.2), (grid[-1] - grid[0]) / 200)
    z = (grid[:, None] - values[None, :]) / bandwidth
    kernel = np.exp(-0.5 * z * z)
    return kernel @ weights if weights is not None else kernel.sum(axis=1)


def _violins(ax, groups: list[np.ndarray]) -> None:
    from matplotlib.collections import PolyCollection

    polygons, marks, quartiles = [], [], []
    for y, values in enumerate(groups):
        if values.size == 0:
            continue
        low, high = float(values.min()), float(values.max())
        q1, median, q3 = np.percentile(values, [25, 50, 75])
        quartiles.append((y, q1, median, q3))
        if values.size < 2 or low == high:
            marks.append((y, low))
            continue
        grid = np.linspace(low, high, _KDE_POINTS)
        density = _density(values, grid)
        half = 0.42 * density / density.max()
        polygons.append(np.column_stack([np.r_[grid, grid[::-1]], np.r_[y - half, (y + half)[::-1]]]))
    if polygons:
        ax.add_collection(PolyCollection(polygons, facecolors=_FILL, edgecolors=_EDGE, linewidths=0.6))
    if marks:
        ys, xs = np.array(marks).T
        ax.vlines(xs, ys - 0.35, ys + 0.35, colors=_EDGE, linewidths=1.2)
    if quartiles:
        ys, q1, median, q3 = np.array(quartiles).T
        ax.hlines(ys, q1, q3, colors="#333333", linewidths=2.5)
        ax.scatter(median, ys, s=10, color="white", edgecolors="#333333", linewidths=0.6, zorder=3)


def _boxes(ax, groups: list[np.ndarray]) -> None:
    from matplotlib.collections import PolyCollection

    boxes, whiskers, medians, fliers = [], [], [], []
    for y, values in enumerate(groups):
        if values.size == 0:
            continue
        q1, median, q3 = np.percentile(values, [25, 50, 75])
        reach = 1.5 * (q3 - q1)
        inside = values[(values >= q1 - reach) & (values <= q3 + reach)]
        low, high = float(inside.min()), float(inside.max())
        boxes.append([(q1, y - 0.3), (q3, y - 0.3), (q3, y + 0.3), (q1, y + 0.3)])
        whiskers += [[(low, y), (q1, y)], [(q3, y), (high, y)], [(low, y - 0.15), (low, y + 0.15)],
                     [(high, y - 0.15), (high, y + 0.15)]]
        medians.append([(median, y - 0.3), (median, y + 0.3)])
        outside = values[(values < low) | (values > high)]
        fliers += [(x, y) for x in outside]
    from matplotlib.collections import LineCollection

    if boxes:
        ax.add_collection(PolyCollection(boxes, facecolors=_FILL, edgecolors=_EDGE, linewidths=0.8))
        ax.add_collection(LineCollection(whiskers, colors=_EDGE, linewidths=0.8))
        ax.add_collection(LineCollection(medians, colors="#222222", linewidths=1.6))
    if fliers:
        xs, ys = np.array(fliers).T
        ax.scatter(xs, ys, s=6, facecolors="none", edgecolors=_EDGE, linewidths=0.6)


def _strips(ax, groups: list[np.ndarray]) -> None:
    rng = np.random.default_rng(0)  # the same jitter every time
    for y, values in enumerate(groups):
        if values.size:
            ax.scatter(values, y + rng.uniform(-0.25, 0.25, values.size), s=5, color=_EDGE, alpha=0.5, linewidths=0)


def _panel(ax, df, metric: str, labels: list[str], codes: np.ndarray, kind: str, tick_labels: bool = True,
           grid: bool = True) -> None:
    from matplotlib.ticker import MaxNLocator

    values = df[metric].to_numpy(dtype=float, na_value=np.nan)
    groups = [_finite(values[codes == k]) for k in range(len(labels))]
    {"violin": _violins, "box": _boxes, "strip": _strips}[kind](ax, groups)
    if tick_labels:
        ax.set_yticks(np.arange(len(labels)), labels)
    else:
        ax.set_yticks([])
    ax.xaxis.set_major_locator(MaxNLocator(nbins=4))
    ax.set_ylim(len(labels) - 0.5, -0.5)
    finite = _finite(values)
    if finite.size:
        low, high = float(finite.min()), float(finite.max())
        pad = 0.04 * (high - low) if high > low else max(abs(low) * 0.05, 0.5)
        ax.set_xlim(low - pad, high + pad)
    else:
        ax.text(0.5, 0.5, "no values", transform=ax.transAxes, ha="center", va="center", color="#777777")
    ax.set_xlabel(axis_label(metric))
    if grid:
        ax.grid(axis="x", color="#e6e6e6", linewidth=0.6)
        ax.set_axisbelow(True)


def _check(df, metrics, by: str, kind: str) -> list[str]:
    if not isinstance(kind, str) or kind not in KINDS:
        raise InvalidOptionError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if by not in df:
        raise InvalidOptionError(f"by: {by!r} is not a column of the frame; columns: {', '.join(map(str, df.columns))}")
    if isinstance(metrics, str):
        metrics = [metrics]
    if metrics is not None:
        absent = [m for m in metrics if m not in df]
        if absent:
            raise InvalidOptionError(f"metrics: not columns of the frame: {', '.join(absent)}")
    return metrics


@checked(frame("df"), METRICS, BY, AX, COL_WRAP)
def distributions(df, metrics: Sequence[str] | str | None = None, by: str = "variant", kind: str = "violin",
                  ax=None, col_wrap: int = 3):
    """Each metric's distribution per variant, one panel per metric that varies.

    Groups come from the ``by`` column (default ``variant``: the algorithm
    with its options and focus), so ``growing_tree[policy=newest]`` and
    ``growing_tree[policy=random]`` are two violins, never one; rows of
    several tessellations or sizes are told apart in the labels (see
    :func:`group_labels`). Rows with an ``error`` are left out. A metric that
    is all NaN or constant gets no panel; a group without values is an empty
    row. Axis labels carry units (:func:`mazegraph.metric_info.axis_label`);
    the title says the tessellation, size and mazes per group.

    Parameters
    ----------
    df : pandas.DataFrame
        Rows of :func:`mazegraph.experiment` or :func:`mazegraph.load_results`
        (or any frame with the ``by`` column and numeric metric columns).
    metrics : str or list of str, optional
        Default: :func:`informative_metrics`. Listed metrics are drawn in that
        order, still without panels for those that do not vary.
    by : str
        The grouping column.
    kind : {"violin", "box", "strip"}
        Violins (Gaussian kernel density between the smallest and largest
        value, quartiles and median marked), box plots (whiskers at 1.5 IQR)
        or the points themselves.
    ax : matplotlib.axes.Axes, optional
        Draw one metric into this Axes (``metrics`` must name exactly one)
        and return it; drawn whatever its values, "no values" if all NaN.
    col_wrap : int
        Panels per row of the grid.

    Returns
    -------
    matplotlib.axes.Axes or matplotlib.figure.Figure
        The Axes when ``ax`` is given, else a new (pyplot) figure whose
        ``axes`` are the panels, one per metric in order, with the variants
        in the same rows of every panel and named in the first column
        (``fig.savefig(path)`` writes it).

    Raises
    ------
    InvalidOptionError
        For an unknown kind, a ``by`` or metric that is not a column, or
        ``ax`` with other than one metric.
    ExperimentError
        If no metric varies (nothing to draw) without ``ax``.

    Examples
    --------
    >>> import pandas as pd, matplotlib.pyplot as plt, mazegraph as mg
    >>> df = pd.DataFrame({"variant": ["a", "a", "b", "b"], "dead_end_pct": [10.0, 11, 29, 30],
    ...                    "n_passages": [99.0] * 4})
    >>> fig, ax = plt.subplots()
    >>> ax = mg.plot.distributions(df, metrics="dead_end_pct", ax=ax)
    >>> [t.get_text() for t in ax.get_yticklabels()], ax.get_xlabel()
    (['a', 'b'], 'dead ends (% of cells)')
    >>> fig = mg.plot.distributions(df, kind="box")   # n_passages is constant: no panel
    >>> [a.get_xlabel() for a in fig.axes], fig.get_suptitle()
    (['dead ends (% of cells)'], 'n = 2 mazes per variant')
    >>> plt.close("all")
    """
    metrics = _check(df, metrics, by, kind)
    if "error" in df:
        df = df[df["error"].isna()]
    if ax is not None:
        if metrics is None or len(metrics) != 1:
            raise InvalidOptionError(
                f"ax= draws one metric: pass metrics='name', or leave ax out for one panel per metric (got {metrics})"
            )
        labels, codes = group_labels(df, by)
        _panel(ax, df, metrics[0], labels, codes, kind)
        ax.set_title(f"{metric_info(metrics[0]).label}, {frame_title(df, by)}", fontsize=10)
        return ax
    chosen = informative_metrics(df, metrics)
    if not chosen:
        what = "the listed metrics" if metrics is not None else "no metric column"
        raise ExperimentError(f"nothing to draw: {what} varies (every value NaN or the same)")
    return _grid(df, chosen, by, kind, col_wrap)


def _grid(df, metrics: list[str], by: str, kind: str, col_wrap: int):
    """One panel per metric on a grid whose margins are computed, not measured (layout engines are slow).

    Only the first column names the variants and panels have no grid lines:
    tick and line objects are most of matplotlib's time here.
    """
    import matplotlib.pyplot as plt

    labels, codes = group_labels(df, by)
    columns = min(col_wrap, len(metrics))
    rows = -(-len(metrics) // columns)
    label_width = 0.3 + 0.068 * max(len(label) for label in labels)  # inches for the tick labels, at 8 pt
    panel_width, panel_height = 3.4, 0.24 * len(labels) + 0.35
    gap_width, gap_height, top, bottom = 0.35, 0.6, 0.45, 0.5  # inches: between panels, title, last x label
    width = label_width + columns * panel_width + (columns - 1) * gap_width + 0.2
    height = top + rows * panel_height + (rows - 1) * gap_height + bottom
    fig, axes = plt.subplots(rows, columns, figsize=(width, height), squeeze=False)
    fig.subplots_adjust(
        left=label_width / width, right=1 - 0.2 / width, top=1 - top / height, bottom=bottom / height,
        wspace=gap_width / panel_width, hspace=gap_height / panel_height,
    )
    for k, (metric, ax) in enumerate(zip(metrics, axes.flat)):  # variants named in the first column only
        _panel(ax, df, metric, labels, codes, kind, tick_labels=k % columns == 0, grid=False)
        ax.tick_params(labelsize=8)
    for ax in axes.flat[len(metrics):]:
        ax.set_visible(False)
    fig.suptitle(frame_title(df, by), fontsize=11, y=1 - 0.12 / height, va="top")
    return fig
