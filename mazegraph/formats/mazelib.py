"""Orthogonal mazes as mazelib's grid: a 0/1 array, 1 for a wall, with start and end positions.

mazelib (John Stilley's Python maze library) keeps a ``rows x cols`` maze in
``Maze.grid``, an ``(2 rows + 1, 2 cols + 1)`` integer array holding 1 for a
wall and 0 for a passage, cell ``(r, c)`` at ``grid[2r + 1, 2c + 1]``; its
``Maze.start`` and ``Maze.end`` are grid positions, either on a cell or on the
outer wall beside one (an entrance). The same layout as the other wall-grid
formats (:mod:`mazegraph.formats.wallgrid`).

References
----------
.. [1] J. Stilley, "mazelib: A Python API for creating and solving mazes",
   https://github.com/john-science/mazelib (``mazelib/mazelib.py``: ``grid``,
   ``start``, ``end``, ``generate_entrances``).
"""

from __future__ import annotations

import numpy as np

from ..errors import MazeFormatError
from ..maze import Maze
from ..params import MAZE, checked
from .wallgrid import WallGrid, read_grid, wall_grid

__all__ = ["to_mazelib", "from_mazelib"]


@checked(MAZE)
def to_mazelib(maze: Maze) -> tuple[np.ndarray, tuple[int, int], tuple[int, int]]:
    """The maze as mazelib's ``(grid, start, end)``.

    Returns
    -------
    grid : numpy.ndarray of int8, shape (2 rows + 1, 2 cols + 1)
        1 for a wall, 0 for a passage (set ``mazelib.Maze().grid`` to it).
    start, end : tuple of int
        The grid positions of the start and goal cells, ``(2r + 1, 2c + 1)``.

    Raises
    ------
    UnsupportedError
        If the maze is not on an orthogonal tessellation.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(3, 4), "kruskal", seed=5)
    >>> grid, start, end = to_mazelib(M)
    >>> grid.shape, start, end
    ((7, 9), (1, 1), (5, 7))
    >>> from_mazelib(grid, start, end) == M
    True
    """
    grid = wall_grid(maze).astype(np.int8)
    (r0, c0), (r1, c1) = maze.start, maze.goal
    return grid, (2 * r0 + 1, 2 * c0 + 1), (2 * r1 + 1, 2 * c1 + 1)


def from_mazelib(grid, start=None, end=None) -> Maze:
    """Read mazelib's grid (or a mazelib ``Maze`` object) into a Maze.

    Parameters
    ----------
    grid : array_like of int, or an object with ``grid``, ``start`` and ``end``
        1 (or True) for a wall, 0 (or False) for a passage. A mazelib ``Maze``
        gives its own ``start`` and ``end`` unless they are passed here.
    start, end : (int, int), optional
        Grid positions of the start and goal: a cell, or the outer wall beside
        one. Without them: openings in the outer wall, else the defaults.

    Raises
    ------
    MazeFormatError
        If the grid is not 2D, holds a value other than 0 and 1, has sides that
        are not odd, a wall on a cell or an opening at a corner, or a start or
        end outside the grid or away from any cell; the message names the
        position as ``grid[row, col]``.
    """
    if hasattr(grid, "grid") and not isinstance(grid, np.ndarray):
        start = getattr(grid, "start", None) if start is None else start
        end = getattr(grid, "end", None) if end is None else end
        grid = grid.grid
    try:
        values = np.asarray(grid)
    except (TypeError, ValueError) as error:
        raise MazeFormatError(f"mazelib grid is not an array: {error}") from None
    if values.ndim != 2:
        raise MazeFormatError(f"mazelib grid must be 2D (rows of 0 and 1), got shape {values.shape}")
    if values.dtype.kind not in "biuf":
        raise MazeFormatError(f"mazelib grid must hold 0 and 1, got values of type {values.dtype}")
    bad = np.argwhere((values != 0) & (values != 1))
    if len(bad):
        r, c = (int(x) for x in bad[0])
        raise MazeFormatError(
            f"grid[{r}, {c}] holds {values[r, c].item()!r}; mazelib's grid holds 1 for a wall, 0 for a passage"
        )
    marks = []
    for name, position in (("start", start), ("end", end)):
        if position is None:
            marks.append([])
            continue
        try:
            r, c = (int(x) for x in position)
        except (TypeError, ValueError):
            raise MazeFormatError(f"{name} must be a (row, col) grid position, got {position!r}") from None
        if not (0 <= r < values.shape[0] and 0 <= c < values.shape[1]):
            raise MazeFormatError(f"{name} {position!r} is outside the grid of shape {values.shape}")
        marks.append([(r, c)])

    def where(r: int, c: int) -> str:
        return f"grid[{r}, {c}]"

    walls = values == 1
    for r, c in marks[0] + marks[1]:  # an entrance in the outer wall is a passage
        on_border = r in (0, values.shape[0] - 1) or c in (0, values.shape[1] - 1)
        if on_border and (r % 2 == 1 or c % 2 == 1):
            walls[r, c] = False
    return read_grid(WallGrid(walls, where, marks[0], marks[1], "grid"))
