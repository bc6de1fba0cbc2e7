"""Limits of the uniform spanning tree: degree distribution and solution-length scaling.

A uniform perfect maze on a large grid is a sample of the uniform spanning tree
(UST). Two of its laws are known exactly and make sharp checks of a generator:

- the fraction of cells with 1, 2, 3 and 4 passages (dead ends, corridors,
  T-junctions, crossroads) on the square lattice, computed by Manna, Dhar and
  Majumdar (``mazegraph/reference/ust_z2.csv``); :func:`degree_fractions`
  measures them on interior cells (or on a torus, which has no boundary);
- the path between two points of the UST is a loop-erased random walk, whose
  length grows like ``n**(5/4)`` across an ``n x n`` grid (Kenyon; Lawler,
  Schramm and Werner); :func:`scaling` measures solution lengths over sizes and
  :func:`fit_exponent` fits the exponent with a confidence interval.
"""

from __future__ import annotations

import zlib
from importlib import resources

import numpy as np
import pandas as pd

from ..errors import InvalidSizeError
from ..generators import lookup
from ..maze import Maze
from ..metrics import solution_length
from ..params import checked
from ..structure.passages import open_degree
from ..tessellations import build
from ..tessellations.compile import compile_graph
from ._params import MAZES, SEED

__all__ = [
    "LERW_EXPONENT",
    "reference_z2",
    "interior_cells",
    "degree_fractions",
    "compare_z2",
    "scaling",
    "fit_exponent",
]

#: Growth exponent of the planar loop-erased random walk (5/4): solution length ~ side ** 5/4.
LERW_EXPONENT = 5 / 4


def reference_z2() -> pd.DataFrame:
    """The exact degree fractions of the uniform spanning tree of Z^2 (``ust_z2.csv``).

    Examples
    --------
    >>> from mazegraph.uniformity.ust import reference_z2
    >>> round(float(reference_z2().fraction.sum()), 6)
    1.0
    """
    with resources.files("mazegraph.reference").joinpath("ust_z2.csv").open() as f:
        return pd.read_csv(f)


def interior_cells(cells, margin: int) -> np.ndarray:
    """Indices of the cells at least ``margin`` steps from any boundary cell.

    A boundary cell is one with fewer neighbours than the most any cell has; a
    torus has none, so all its cells are interior.

    Parameters
    ----------
    cells : CellGraph or networkx.Graph
    margin : int
        0 keeps every cell; 1 drops the boundary cells; and so on.

    Returns
    -------
    numpy.ndarray of int64

    Raises
    ------
    InvalidSizeError
        If ``margin`` is negative or leaves no cell.

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.uniformity.ust import interior_cells
    >>> interior_cells(mg.tessellations.build("orthogonal", 5, 5), 2).tolist()
    [12]
    """
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import shortest_path

    cells = compile_graph(cells)
    if margin < 0:
        raise InvalidSizeError(f"margin must be at least 0, got {margin}")
    n = cells.n_cells
    if margin == 0:
        return np.arange(n, dtype=np.int64)
    degree = np.diff(cells.indptr)
    boundary = np.flatnonzero(degree < degree.max())
    if len(boundary) == 0:
        return np.arange(n, dtype=np.int64)
    # hop distance from the boundary: one shortest-path run from a virtual source joined to every boundary cell
    e = cells.edges.astype(np.int64)
    rows = np.concatenate([e[:, 0], np.full(len(boundary), n)])
    cols = np.concatenate([e[:, 1], boundary])
    A = coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(n + 1, n + 1)).tocsr()
    distance = shortest_path(A, directed=False, unweighted=True, indices=n)[:n] - 1
    inside = np.flatnonzero(distance >= margin)
    if len(inside) == 0:
        raise InvalidSizeError(f"no cell lies {margin} steps from the boundary of this {cells.name} tessellation")
    return inside


def _key(name: str) -> int:
    return zlib.crc32(name.encode())


def _sampler(cells, algorithm: str, options: dict):
    """``rng -> open-edge mask`` for ``algorithm`` on ``cells``; raises on a bad name, option or tessellation."""
    entry = lookup(algorithm)
    checked = entry.validate(cells, options=options)
    return lambda rng: entry.run(cells, rng, **checked).mask


@checked(MAZES, SEED)
def degree_fractions(
    algorithm: str, tessellation: str, size: tuple, mazes: int, seed: int = 0, margin: int = 0, **options
) -> pd.DataFrame:
    """Measure the fraction of interior cells with each number of passages.

    Parameters
    ----------
    algorithm : str
        A registered algorithm (``"wilson"`` samples the UST).
    tessellation : str
        A :mod:`mazegraph.tessellations` name, e.g. ``"torus"``.
    size : tuple of int
        Its size arguments (``((4, 4, 4),)`` for ``grid``).
    mazes : int
        Independent mazes; at least 2, for the confidence interval.
    seed : int
        Maze ``i`` uses ``SeedSequence(seed, spawn_key=(key, i))``, ``key`` a
        stable hash of the algorithm, tessellation and size.
    margin : int
        Measure only cells this many steps from the boundary (see :func:`interior_cells`).
    **options
        Algorithm options.

    Returns
    -------
    pandas.DataFrame
        One row per degree 1..max: ``degree``, ``fraction`` (mean over mazes),
        ``ci95`` (half-width, t distribution), ``mazes``, ``cells`` (measured
        per maze) and the ``algorithm``, ``tessellation`` and ``size``.

    Raises
    ------
    InvalidSizeError
        If ``mazes`` is below 2 or ``margin`` leaves no cell.
    UnknownAlgorithmError, UnsupportedError, InvalidOptionError
        As :func:`mazegraph.generate`.

    References
    ----------
    .. [1] S. S. Manna, D. Dhar and S. N. Majumdar, "Spanning trees in two
       dimensions", Physical Review A 46(8), R4471-R4474, 1992.
    .. [2] D. B. Wilson, "Generating random spanning trees more quickly than the
       cover time", Proc. 28th ACM STOC, 296-303, 1996.

    Examples
    --------
    >>> from mazegraph.uniformity.ust import degree_fractions
    >>> t = degree_fractions("wilson", "torus", (24, 24), mazes=4, seed=1)
    >>> t.degree.tolist(), round(float(t.fraction.sum()), 9)
    ([1, 2, 3, 4], 1.0)
    """
    from scipy.stats import t as student

    if mazes < 2:
        raise InvalidSizeError(f"mazes must be at least 2 for a confidence interval, got {mazes}")
    cells = build(tessellation, *size)
    sample = _sampler(cells, algorithm, options)
    inside = interior_cells(cells, margin)
    top = int(np.diff(cells.indptr).max())
    key = _key(f"{algorithm}/{tessellation}/{size}")
    rows = np.empty((mazes, top + 1))
    for i in range(mazes):
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(key, i)))
        mask = sample(rng)
        degree = open_degree(cells.indptr, cells.edge_ids, mask)[inside]
        rows[i] = np.bincount(degree, minlength=top + 1)[: top + 1] / len(inside)
    mean = rows.mean(axis=0)
    half = student.ppf(0.975, mazes - 1) * rows.std(axis=0, ddof=1) / np.sqrt(mazes)
    label = "x".join(str(s) for s in np.ravel(size))
    return pd.DataFrame(
        {
            "algorithm": algorithm,
            "tessellation": tessellation,
            "size": label,
            "degree": np.arange(1, top + 1),
            "fraction": mean[1:],
            "ci95": half[1:],
            "mazes": mazes,
            "cells": len(inside),
        }
    )


def compare_z2(measured: pd.DataFrame) -> pd.DataFrame:
    """Measured square-lattice fractions beside the exact UST values.

    ``verdict`` is ``agrees`` when the exact value lies within the 95%
    interval, else ``differs`` with the gap in standard errors.

    Examples
    --------
    >>> import pandas as pd
    >>> from mazegraph.uniformity.ust import compare_z2
    >>> m = pd.DataFrame({"degree": [1], "fraction": [0.2946], "ci95": [0.001]})
    >>> compare_z2(m).verdict.tolist()
    ['agrees']
    """
    ref = reference_z2().rename(columns={"fraction": "exact"})
    out = measured.merge(ref, on="degree", how="left")
    out["diff"] = out["fraction"] - out["exact"]
    se = out["ci95"] / 1.96
    out["z"] = out["diff"] / se.where(se > 0)
    out["verdict"] = np.where(out["diff"].abs() <= out["ci95"], "agrees", "differs")
    return out


@checked(MAZES, SEED)
def scaling(
    algorithms, sizes, mazes: int, seed: int = 0, tessellation: str = "orthogonal", progress=None
) -> pd.DataFrame:
    """Solution lengths of ``n x n`` mazes over a range of sizes.

    The solution runs between the tessellation's default start and goal (the
    opposite corners of an orthogonal grid).

    Parameters
    ----------
    algorithms : str or list of str
    sizes : list of int
        Grid sides ``n``.
    mazes : int
        Mazes per algorithm and size.
    seed : int
        Maze ``i`` of size ``n`` uses ``SeedSequence(seed, spawn_key=(key, n, i))``.
    tessellation : str
        A two-parameter tessellation (``orthogonal``, ``sigma``, ``delta``, ``torus``).
    progress : callable, optional
        Called with a message after each algorithm and size.

    Returns
    -------
    pandas.DataFrame
        One row per maze: ``algorithm``, ``n``, ``replicate``, ``length``
        (cells on the solution path).

    Raises
    ------
    InvalidSizeError
        If a size is below 2 or ``mazes`` below 1.

    References
    ----------
    .. [1] R. Kenyon, "The asymptotic determinant of the discrete Laplacian",
       Acta Mathematica 185(2), 239-286, 2000 (the exponent 5/4).
    .. [2] G. F. Lawler, O. Schramm and W. Werner, "Conformal invariance of
       planar loop-erased random walks and uniform spanning trees", Annals of
       Probability 32(1B), 939-995, 2004.

    Examples
    --------
    >>> from mazegraph.uniformity.ust import scaling
    >>> df = scaling("wilson", [4, 8], mazes=2, seed=1)
    >>> df.shape, bool((df.length >= 2 * df.n - 1).all())
    ((4, 4), True)
    """

    if isinstance(algorithms, str):
        algorithms = [algorithms]
    if mazes < 1 or any(int(n) < 2 for n in sizes):
        raise InvalidSizeError(f"need mazes >= 1 and sizes >= 2, got mazes={mazes}, sizes={list(sizes)}")
    records = []
    for algorithm in algorithms:
        key = _key(f"{algorithm}/{tessellation}")
        for n in sizes:
            cells = build(tessellation, int(n), int(n))
            sample = _sampler(cells, algorithm, {})
            for i in range(mazes):
                rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(key, int(n), i)))
                maze = Maze(cells, sample(rng))
                records.append((algorithm, int(n), i, solution_length(maze)))
            if progress is not None:
                progress(f"{algorithm} {n}x{n}: {mazes} mazes")
    return pd.DataFrame(records, columns=["algorithm", "n", "replicate", "length"])


def fit_exponent(lengths: pd.DataFrame, min_n: int = 0) -> pd.DataFrame:
    """Fit ``length ~ C n**d`` per algorithm by least squares on ``log length`` against ``log n``.

    Every maze is one point; the mazes are independent, so the ordinary
    standard error of the slope gives a 95% interval (t distribution).
    Finite-size corrections bend the curve at small ``n``: raise ``min_n`` to
    fit only the larger sizes.

    Parameters
    ----------
    lengths : pandas.DataFrame
        As returned by :func:`scaling`.
    min_n : int
        Ignore sizes below this.

    Returns
    -------
    pandas.DataFrame
        One row per algorithm: ``exponent``, ``ci95``, ``prefactor``,
        ``sizes`` (from-to), ``mazes``.

    Raises
    ------
    InvalidSizeError
        If an algorithm has fewer than two sizes to fit.

    Examples
    --------
    >>> import pandas as pd
    >>> from mazegraph.uniformity.ust import fit_exponent
    >>> df = pd.DataFrame({"algorithm": "x", "n": [2, 2, 4, 4, 8, 8], "length": [4, 4, 16, 16, 64, 64]})
    >>> round(float(fit_exponent(df).exponent.iloc[0]), 6)
    2.0
    """
    from scipy.stats import linregress
    from scipy.stats import t as student

    out = []
    for algorithm, part in lengths[lengths.n >= min_n].groupby("algorithm", sort=False):
        if part.n.nunique() < 2:
            raise InvalidSizeError(f"{algorithm}: need at least two sizes to fit an exponent")
        x, y = np.log(part.n.to_numpy(float)), np.log(part.length.to_numpy(float))
        fit = linregress(x, y)
        half = float(student.ppf(0.975, len(x) - 2) * fit.stderr) if len(x) > 2 else float("nan")
        out.append(
            {
                "algorithm": algorithm,
                "exponent": float(fit.slope),
                "ci95": half,
                "prefactor": float(np.exp(fit.intercept)),
                "sizes": f"{part.n.min()}-{part.n.max()}",
                "mazes": len(part),
            }
        )
    return pd.DataFrame(out)
