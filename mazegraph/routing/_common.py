"""Argument checks shared by the routing operations.

Every operation works on the open-edge mask of a copy of its maze and keeps the
passage rules of :mod:`mazegraph.structure.passages` (zeta crossings, weave tunnels).
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ..errors import InvalidOptionError
from ..maze import Maze

__all__ = [
    "check_maze",
    "cell_index",
    "fraction_option",
    "count_option",
]


def check_maze(maze, what: str) -> Maze:
    """``maze`` if it is a :class:`~mazegraph.Maze`, else InvalidOptionError naming ``what``."""
    if not isinstance(maze, Maze):
        raise InvalidOptionError(f"{what} takes a mazegraph.Maze, got {type(maze).__name__}")
    return maze


def cell_index(maze: Maze, label, default: int) -> int:
    """The index of cell ``label`` (``default`` when None); NotACellError if it is not a cell."""
    return default if label is None else maze.cells.labels.index(label)


def fraction_option(name: str, value) -> float:
    """``value`` as a float in [0, 1], else InvalidOptionError."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real) or math.isnan(float(value)):
        raise InvalidOptionError(f"{name} must be a number in [0, 1], got {value!r}")
    value = float(value)
    if not 0.0 <= value <= 1.0:
        raise InvalidOptionError(f"{name} must be a number in [0, 1], got {value!r}")
    return value


def count_option(name: str, value, low: int) -> int:
    """``value`` as an int of at least ``low``, else InvalidOptionError."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral) or value < low:
        raise InvalidOptionError(f"{name} must be a whole number of at least {low}, got {value!r}")
    return int(value)
