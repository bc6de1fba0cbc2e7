"""What every metric shares: the argument check, per-tessellation facts, and NaN-aware percent, mean and maximum."""

from __future__ import annotations

import math

import numpy as np

from ..cellgraph import CellGraph
from ..params import MAZE

__all__ = ["maze_cells", "facts", "coordinates", "pct", "mean", "largest"]


def maze_cells(maze) -> CellGraph:
    """The tessellation of ``maze``; InvalidOptionError if it is not a :class:`~mazegraph.Maze`."""
    return MAZE.check(maze).cells


def facts(cells: CellGraph) -> dict:
    """The metrics' per-tessellation facts, computed once and kept on the CellGraph."""
    return cells.memo("metrics", dict)


def coordinates(cells: CellGraph) -> np.ndarray | None:
    """Cell centres used for geometry: ``pos`` in its own dimension, else the drawing layout."""
    if cells.pos is not None:
        return cells.pos
    return cells.layout


def pct(count, total) -> float:
    """``100 * count / total``; NaN when ``total`` is 0."""
    return 100.0 * float(count) / total if total else math.nan


def mean(values: np.ndarray) -> float:
    """The mean of ``values``; NaN when empty."""
    return float(values.mean()) if len(values) else math.nan


def largest(values: np.ndarray) -> float | int:
    """The largest of ``values`` as an int; NaN when empty."""
    return int(values.max()) if len(values) else math.nan
