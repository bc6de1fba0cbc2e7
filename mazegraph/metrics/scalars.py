"""All scalar texture metrics of a maze as one flat row, from the same helpers as the single metrics."""

from __future__ import annotations

import math
import re

import numpy as np

from ..params import MAZE, checked
from ._common import coordinates, maze_cells, pct
from .branches import river_of
from .degrees import degrees, shares
from .directions import shares_by_direction, total_variation
from .runs import DEFAULT_MAX_TURN, MAX_TURN, run
from .solution import solution_cells, straightness

__all__ = ["summary", "summary_keys", "SUMMARY_KEYS"]

#: The keys :func:`summary` always returns, in order (``bias_<class>`` keys follow).
SUMMARY_KEYS = (
    "n_cells",
    "n_passages",
    "dead_end_pct",
    "corridor_pct",
    "junction_pct",
    "crossroad_pct",
    "solution_length",
    "solution_pct",
    "tortuosity",
    "dead_end_length_mean",
    "dead_end_length_max",
    "corridor_length_mean",
    "branch_length_mean",
    "run_length_mean",
    "run_length_max",
    "bias_tv",
)
"""The keys :func:`summary` always returns, in order (``bias_<class>`` keys follow)."""


def _key(name: str) -> str:
    return "bias_" + re.sub(r"[^0-9A-Za-z]+", "_", name).strip("_").lower()


@checked(MAZE, MAX_TURN)
def summary(maze, *, max_turn: float = DEFAULT_MAX_TURN) -> dict:
    """All scalar texture metrics of a maze, as one flat dict (one DataFrame row).

    Parameters
    ----------
    maze : Maze
    max_turn : float, optional
        Passed to :func:`run`.

    Returns
    -------
    dict of str to int or float
        The keys of :data:`SUMMARY_KEYS`, always, in that order, then one
        ``bias_<class>`` key per direction class of the tessellation (the
        class name lower-cased, other characters than letters and digits
        replaced by ``_``, e.g. ``bias_horizontal``, ``bias_east_west``)
        holding the ratio of :func:`bias`. A metric that does not apply is NaN
        rather than missing: the solution metrics when no path joins start and
        goal, ``tortuosity`` and the run metrics without positions, and
        ``bias_tv`` without directions.

        ``n_cells``, ``n_passages``
            cells of the tessellation and open passages;
        ``dead_end_pct``, ``corridor_pct``, ``junction_pct``, ``crossroad_pct``
            percentage of cells of degree 1, 2, 3 and 4 or more;
        ``solution_length``, ``solution_pct``, ``tortuosity``
            see :func:`solution_length`, :func:`solution_pct`, :func:`tortuosity`;
        ``dead_end_length_mean``, ``dead_end_length_max``, ``corridor_length_mean``, ``branch_length_mean``
            see :func:`river` (passages);
        ``run_length_mean``, ``run_length_max``
            see :func:`run` (passages);
        ``bias_tv``
            total variation distance between the passage shares and the
            offered shares of :func:`bias`, ``0.5 * sum(|p - q|)``: 0 for no
            bias, at most 1.

    Raises
    ------
    InvalidOptionError
        If ``max_turn`` is not a number in ``[0, 180)``.
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(1, 5)
    >>> M = mg.Maze(G, [((0, c), (0, c + 1)) for c in range(4)])   # a straight corridor
    >>> row = mg.metrics.summary(M)
    >>> row["dead_end_pct"], row["solution_length"], row["tortuosity"], row["run_length_max"]
    (40.0, 5, 1.0, 4)
    >>> list(row)[:4], list(row)[-2:]
    (['n_cells', 'n_passages', 'dead_end_pct', 'corridor_pct'], ['bias_horizontal', 'bias_vertical'])

    Many mazes make a table:

    >>> rows = [mg.metrics.summary(mg.generate(mg.tessellations.sigma(8, 8), "kruskal", seed=s)) for s in range(3)]
    >>> all(r["n_passages"] == r["n_cells"] - 1 for r in rows)
    True
    """
    cells = maze_cells(maze)
    n = cells.n_cells
    degree = degrees(maze)
    out: dict = {"n_cells": int(n), "n_passages": int(np.count_nonzero(maze.open))}
    out.update(shares(degree))

    s, g = maze.start_index, maze.goal_index
    length = solution_cells(maze, s, g)
    xyz = coordinates(cells)
    if length < 0:
        out.update(solution_length=math.nan, solution_pct=math.nan, tortuosity=math.nan)
    else:
        out["solution_length"] = length
        out["solution_pct"] = pct(length, n)
        out["tortuosity"] = math.nan if xyz is None else straightness(cells, xyz, s, g, length)

    branches = river_of(maze, degree)
    out["dead_end_length_mean"] = branches.mean_dead_end_length
    out["dead_end_length_max"] = branches.max_dead_end_length
    out["corridor_length_mean"] = branches.mean_corridor_length
    out["branch_length_mean"] = branches.mean_branch_length

    if xyz is None:
        out["run_length_mean"] = out["run_length_max"] = math.nan
    else:
        runs = run(maze, max_turn=max_turn)
        out["run_length_mean"] = runs.mean
        out["run_length_max"] = runs.max

    if cells.direction is None:
        out["bias_tv"] = math.nan
    else:
        by_class = shares_by_direction(cells, maze.open)
        out["bias_tv"] = total_variation(by_class)
        for name, (_, _, ratio) in by_class.items():
            out[_key(name)] = ratio
    return out


def summary_keys(tessellation) -> tuple[str, ...]:
    """The keys :func:`summary` returns for every maze on ``tessellation``, in order, without measuring a maze.

    Cheaper than ``list(summary(maze))`` on a cold cache: it compiles no
    kernel (an experiment learns its metric columns this way).

    Parameters
    ----------
    tessellation : networkx.Graph, CellGraph or Maze
        A tessellation (or a maze: its tessellation's keys).

    Returns
    -------
    tuple of str
        :data:`SUMMARY_KEYS`, then one ``bias_<class>`` key per direction class
        of a tessellation with edge directions.

    Raises
    ------
    UnsupportedError
        If ``tessellation`` is not a graph or a maze.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 4)
    >>> mg.metrics.summary_keys(G)[-3:]
    ('bias_tv', 'bias_horizontal', 'bias_vertical')
    >>> mg.metrics.summary_keys(G) == tuple(mg.metrics.summary(mg.generate(G, "kruskal", seed=1)))
    True
    """
    from ..maze import Maze
    from ..tessellations.compile import compile_graph

    cells = tessellation.cells if isinstance(tessellation, Maze) else compile_graph(tessellation)
    bias = () if cells.direction is None else tuple(_key(name) for name in cells.direction_names)
    return SUMMARY_KEYS + bias
