"""Figures of the research checks: solution-length scaling and degree fractions (mazegraph.uniformity.ust)."""

from __future__ import annotations

import numpy as np

from ..params import checked
from ._params import AX, REFERENCE, frame

__all__ = ["scaling", "degrees", "COLOURS", "MARKERS"]

# fifteen colours and fifteen markers: every line of a fifteen-algorithm figure differs from every other in both
COLOURS = (
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
    "#7b4173", "#8c6d31", "#393b79", "#637939", "#ad494a",
)
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "h", "<", ">", "p", "d", "8", "H")


def _axes(ax, width: float, height: float):
    """The caller's Axes, or a new figure's (laid out by matplotlib's constrained engine)."""
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.figure(figsize=(width, height), layout="constrained").add_subplot(1, 1, 1)


@checked(frame("lengths"), frame("fits", None), AX, REFERENCE)
def scaling(lengths, fits=None, ax=None, reference: float | None = 1.25):
    """Solution length against grid side, log-log: each algorithm's means and fitted power law.

    Parameters
    ----------
    lengths : pandas.DataFrame
        Rows of :func:`mazegraph.uniformity.ust.scaling` (``algorithm``, ``n``, ``length``).
    fits : pandas.DataFrame, optional
        Rows of :func:`mazegraph.uniformity.ust.fit_exponent` (``algorithm``,
        ``exponent``, ``prefactor``, ``ci95``); drawn as dashed lines and named
        with their exponent in the legend, which lists the steepest first.
    ax : matplotlib.axes.Axes, optional
        Default: a new figure's Axes.
    reference : float or None
        Slope of a black reference line through Wilson's (or the first) mean
        at the smallest side; default 5/4, the loop-erased random walk.

    Returns
    -------
    matplotlib.axes.Axes
        Each algorithm in its own colour and marker (fifteen of each), x ticks
        at the grid sides measured, the legend outside on the right.

    Examples
    --------
    >>> import pandas as pd, matplotlib.pyplot as plt, mazegraph as mg
    >>> lengths = pd.DataFrame({"algorithm": ["a"] * 4 + ["b"] * 4, "n": [8, 16] * 4,
    ...                         "length": [20.0, 50, 22, 48, 9, 17, 8, 16]})
    >>> ax = mg.plot.scaling(lengths)
    >>> [t.get_text() for t in ax.get_legend().get_texts()][:2], ax.get_xticks().tolist()
    (['a', 'b'], [8.0, 16.0])
    >>> plt.close("all")
    """
    from matplotlib.ticker import NullFormatter, NullLocator, ScalarFormatter

    ax = _axes(ax, 9.0, 5.5)
    means = lengths.groupby(["algorithm", "n"], sort=False)["length"].mean().reset_index()
    algorithms = list(dict.fromkeys(lengths["algorithm"]))
    fitted = {}
    if fits is not None and len(fits):
        fitted = {row.algorithm: row for row in fits.itertuples()}
        algorithms.sort(key=lambda a: -fitted[a].exponent if a in fitted else np.inf)
    sides = np.sort(means["n"].unique()).astype(float)
    for k, algorithm in enumerate(algorithms):
        part = means[means["algorithm"] == algorithm]
        colour, marker = COLOURS[k % len(COLOURS)], MARKERS[k % len(MARKERS)]
        fit = fitted.get(algorithm)
        label = algorithm if fit is None else f"{algorithm}: {fit.exponent:.3f} ± {fit.ci95:.3f}"
        ax.plot(part["n"], part["length"], marker=marker, color=colour, markersize=5, linewidth=0.8,
                label=label)
        if fit is not None:
            x = np.array([part["n"].min(), part["n"].max()], dtype=float)
            ax.plot(x, fit.prefactor * x**fit.exponent, "--", color=colour, linewidth=0.8)
    if reference is not None and len(means):
        anchor = means[means["algorithm"].isin(["wilson", "aldous_broder"])]
        anchor = anchor if len(anchor) else means
        start = anchor[anchor["n"] == anchor["n"].min()]["length"].iloc[0]
        x = sides[[0, -1]]
        ax.plot(x, start * (x / x[0]) ** reference, ":", color="black", linewidth=1.8,
                label=f"slope {reference:g} (loop-erased random walk)" if reference == 1.25 else f"slope {reference:g}")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.xaxis.set_major_locator(_fixed(sides))
    ax.xaxis.set_major_formatter(ScalarFormatter())
    ax.xaxis.set_minor_locator(NullLocator())
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel("grid side n (an n x n grid)")
    ax.set_ylabel("solution length (cells, mean)")
    count = lengths.groupby(["algorithm", "n"]).size()
    n = f"{count.min()}" if count.min() == count.max() else f"{count.min()}-{count.max()}"
    ax.set_title(f"solution length against grid side, orthogonal n x n, {n} mazes per point", fontsize=10)
    ax.grid(which="major", color="#e6e6e6", linewidth=0.6)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False,
              title="exponent (95% CI)" if fitted else None, title_fontsize=8)
    return ax


def _fixed(values):
    from matplotlib.ticker import FixedLocator

    return FixedLocator(values)


@checked(frame("table"), AX)
def degrees(table, ax=None):
    """Share of interior cells with each number of passages, with 95% intervals, beside exact values.

    Parameters
    ----------
    table : pandas.DataFrame
        Rows of :func:`mazegraph.uniformity.ust.degree_fractions` (``tessellation``,
        ``size``, ``degree``, ``fraction``, ``ci95``) and, where known, an
        ``exact`` column (:func:`mazegraph.uniformity.ust.compare_z2`).
    ax : matplotlib.axes.Axes, optional
        Default: a new figure's Axes.

    Returns
    -------
    matplotlib.axes.Axes
        One bar colour per tessellation and size, grouped by degree; exact
        values as black marks.

    Examples
    --------
    >>> import pandas as pd, matplotlib.pyplot as plt, mazegraph as mg
    >>> t = pd.DataFrame({"tessellation": "torus", "size": "8x8", "degree": [1, 2, 3, 4],
    ...                   "fraction": [0.3, 0.44, 0.22, 0.04], "ci95": 0.01})
    >>> ax = mg.plot.degrees(t)
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['torus 8x8 (95% CI)']
    >>> plt.close("all")
    """
    ax = _axes(ax, 8.0, 4.5)
    groups = list(table.groupby(["tessellation", "size"], sort=False))
    width = 0.8 / max(1, len(groups))
    exact_drawn = False
    for k, ((name, size), part) in enumerate(groups):
        x = part["degree"].to_numpy(dtype=float) - 0.4 + width * (k + 0.5)
        ax.bar(x, part["fraction"], width, yerr=part["ci95"], color=COLOURS[k % len(COLOURS)],
               label=f"{name} {size} (95% CI)", error_kw={"linewidth": 0.8})
        if "exact" in part and part["exact"].notna().any():
            ax.hlines(part["exact"], x - width / 2, x + width / 2, colors="black", linewidths=1.6,
                      label=None if exact_drawn else "exact, uniform spanning tree of the square lattice")
            exact_drawn = True
    ax.set_xticks(sorted(table["degree"].unique()))
    ax.set_xlabel("passages at a cell (degree)")
    ax.set_ylabel("share of interior cells")
    names = list(dict.fromkeys(table["algorithm"])) if "algorithm" in table else []
    mazes = f", {table['mazes'].min()} mazes each" if "mazes" in table else ""
    ax.set_title(f"passages per cell{' of ' + ', '.join(names) + ' mazes' if names else ''}{mazes}", fontsize=10)
    ax.legend(fontsize=7)
    return ax
