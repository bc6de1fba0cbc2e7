"""Aggregate an experiment's rows: mean, standard deviation, count and a t confidence interval."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .schema import is_id_column

__all__ = ["summarize", "DEFAULT_BY"]

DEFAULT_BY = ("variant", "tessellation", "tessellation_options", "size")
_WITHOUT_VARIANT = ("algorithm", "options", "focus", "tessellation", "tessellation_options", "size")


def summarize(
    df,
    by: Sequence[str] | str | None = None,
    metrics: Sequence[str] | None = None,
    confidence: float = 0.95,
    tidy: bool = False,
):
    """Aggregate each metric per group: mean, standard deviation, count, confidence interval.

    Rows with an ``error`` are left out; so are a metric's NaN values (its
    count says how many values each mean rests on). The interval is
    ``mean -/+ t * std / sqrt(count)`` with ``t`` the two-sided Student t
    quantile for ``count - 1`` degrees of freedom (NaN when ``count < 2``).

    Parameters
    ----------
    df : pandas.DataFrame
        Rows as :func:`mazegraph.experiment` returns them (one per maze).
    by : str or list of str, optional
        Grouping columns; default: variant, tessellation,
        tessellation_options and size (those present; algorithm, options and
        focus in place of variant for a frame without it).
    metrics : list of str, optional
        Columns to aggregate; default: every numeric column that is not a
        grouping or bookkeeping column (the metrics and ``time_ns``; not the
        options, sizes, seeds or replicate numbers).
    confidence : float
        Level of the interval (0.95: 95%).
    tidy : bool
        Shape of the result, see Returns.

    Returns
    -------
    pandas.DataFrame
        By default one row per group, indexed by the grouping columns, with
        four columns per metric: ``<metric>_mean``, ``<metric>_std`` (ddof 1),
        ``<metric>_count`` and ``<metric>_ci95``, the interval's half width
        (``_ci90`` for ``confidence=0.9``, and so on). With ``tidy=True``, one
        row per group and metric: the grouping columns, ``metric``, ``mean``,
        ``std``, ``count``, ``ci_low`` and ``ci_high``. Groups come in order of
        first appearance, metrics in column order.

    Raises
    ------
    KeyError
        If a grouping or metric column is not in the frame.
    ValueError
        If ``confidence`` is not between 0 and 1.

    Examples
    --------
    >>> import pandas as pd, mazegraph as mg
    >>> df = pd.DataFrame({"algorithm": ["a", "a", "a", "b"], "x": [1.0, 2.0, 3.0, 5.0]})
    >>> s = mg.summarize(df, by="algorithm")
    >>> s[["x_mean", "x_std", "x_count"]]  # doctest: +NORMALIZE_WHITESPACE
               x_mean  x_std  x_count
    algorithm
    a             2.0    1.0        3
    b             5.0    NaN        1
    >>> round(float(s.loc["a", "x_ci95"]), 3)  # t(0.975, 2) * 1 / sqrt(3)
    2.484
    >>> mg.summarize(df, by="algorithm", tidy=True).columns.tolist()
    ['algorithm', 'metric', 'mean', 'std', 'count', 'ci_low', 'ci_high']
    """
    import pandas as pd
    from scipy.stats import t as student_t

    if by is None:
        by = [c for c in (DEFAULT_BY if "variant" in df.columns else _WITHOUT_VARIANT) if c in df.columns]
    else:
        by = [by] if isinstance(by, str) else list(by)
    if not by:
        raise KeyError("no grouping columns: pass by=[...]")
    missing = [c for c in by if c not in df.columns]
    if missing:
        raise KeyError(f"grouping column(s) not in the frame: {', '.join(missing)}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    if "error" in df.columns:
        df = df[df["error"].isna()]
    if metrics is None:
        metrics = [
            c for c in df.columns
            if c not in by and not is_id_column(c) and pd.api.types.is_numeric_dtype(df[c])
            and not pd.api.types.is_bool_dtype(df[c])
        ]
    else:
        metrics = list(metrics)
        absent = [c for c in metrics if c not in df.columns]
        if absent:
            raise KeyError(f"metric column(s) not in the frame: {', '.join(absent)}")

    grouped = df[metrics].astype(float).groupby([df[c] for c in by], sort=False, dropna=False, observed=True)
    mean, std, count = grouped.mean(), grouped.std(ddof=1), grouped.count()
    half = {}
    for m in metrics:
        n = count[m].to_numpy()
        with np.errstate(invalid="ignore", divide="ignore"):
            t = student_t.ppf((1 + confidence) / 2, np.where(n > 1, n - 1, np.nan))
            half[m] = t * std[m].to_numpy() / np.sqrt(n)

    if not tidy:
        level = f"{100 * confidence:g}".replace(".", "_")
        columns = {}
        for m in metrics:
            columns[f"{m}_mean"] = mean[m].to_numpy()
            columns[f"{m}_std"] = std[m].to_numpy()
            columns[f"{m}_count"] = count[m].to_numpy().astype(np.int64)
            columns[f"{m}_ci{level}"] = half[m]
        return pd.DataFrame(columns, index=mean.index)

    keys = mean.index.to_frame(index=False)
    pieces = []
    for k, m in enumerate(metrics):
        piece = keys.copy()
        piece["metric"] = m
        piece["mean"] = mean[m].to_numpy()
        piece["std"] = std[m].to_numpy()
        piece["count"] = count[m].to_numpy().astype(np.int64)
        piece["ci_low"] = piece["mean"] - half[m]
        piece["ci_high"] = piece["mean"] + half[m]
        piece["_order"] = np.arange(len(keys)) * max(1, len(metrics)) + k
        pieces.append(piece)
    if not pieces:
        return pd.DataFrame(columns=[*by, "metric", "mean", "std", "count", "ci_low", "ci_high"])
    out = pd.concat(pieces, ignore_index=True)
    return out.sort_values("_order", kind="stable").drop(columns="_order").reset_index(drop=True)
