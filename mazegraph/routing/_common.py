"""Declared parameters and a cell lookup shared by the routing operations.

Every operation works on the open-edge mask of a copy of its maze and keeps the
passage rules of :mod:`mazegraph.structure.passages` (zeta crossings, weave tunnels).
Its arguments are declared once here (or in :mod:`mazegraph.params` for the
maze, seed, start and goal) and checked at the door by
:func:`mazegraph.params.checked`.
"""

from __future__ import annotations

from ..errors import InvalidSizeError
from ..maze import Maze
from ..params import MAZE, Cell, Flag, Number, Param

__all__ = ["cell_index", "FRACTION", "PASSES", "RADIUS", "SOURCE", "AS_MASK", "ROWS", "COLS", "PATTERN", "MAX_CELLS"]

#: The most cells a template (:func:`~mazegraph.routing.concentric_rings`) may have.
MAX_CELLS = 10**8

FRACTION = Param("fraction", Number(0, 1), 1.0, "the share of the dead ends to remove")
PASSES = Param("passes", Number(0, 10**9, integer=True), None, "dead-end removal passes")
RADIUS = Param("radius", Number(1, 10**6, integer=True), None, "clearance between passages when regrowing")
SOURCE = Param("source", Cell(), None, "the cell the flood starts from (default: the maze's start)")
AS_MASK = Param("as_mask", Flag(), False, "return a mask over cell indices instead of labels")
ROWS = Param("rows", Number(1, MAX_CELLS, integer=True), help="rows of the grid", error=InvalidSizeError)
COLS = Param("cols", Number(1, MAX_CELLS, integer=True), help="columns of the grid", error=InvalidSizeError)
PATTERN = Param("pattern", MAZE.kind, help="the template: any set of open passages")


def cell_index(maze: Maze, label, default: int) -> int:
    """The index of cell ``label`` (``default`` when None); NotACellError if it is not a cell."""
    return default if label is None else maze.cells.labels.index(label)
