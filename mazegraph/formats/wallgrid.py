"""The wall grid behind the orthogonal maze formats: a ``(2 rows + 1) x (2 cols + 1)`` array of walls.

ASCII bitmaps (``#`` and spaces), pixel images and mazelib's arrays all store
an orthogonal maze the same way: cell ``(r, c)`` at grid position
``(2r + 1, 2c + 1)``, the wall between two neighbouring cells at the position
between them, corners ("pillars") at the even-even positions, and the outer
wall around the border. This module turns a :class:`~mazegraph.Maze` into such
a grid and reads one back, checking it with errors that name the position in
the reader's own terms (a line and column, a pixel, an array index).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..cellgraph import CellGraph
from ..errors import MazeFormatError, UnsupportedError
from ..maze import Maze
from ..params import MAZE, checked
from ..tessellations.orthogonal import orthogonal_cells

__all__ = ["WallGrid", "grid_shape", "wall_grid", "border_side", "read_grid"]


def grid_shape(cells: CellGraph) -> tuple[int, int]:
    """``(rows, cols)`` of an orthogonal tessellation (every cell of a full rectangle, 4-neighbour edges).

    Raises
    ------
    UnsupportedError
        If the tessellation is not one: the orthogonal formats hold square
        cells in rows and columns only.
    """
    coords = cells.labels.coords
    if coords is not None and coords.ndim == 2 and coords.shape[1] == 2 and cells.n_cells:
        rows, cols = (int(x) for x in coords.max(axis=0) + 1)
        ends = coords[cells.edges]
        step = np.abs(ends[:, 0] - ends[:, 1]).sum(axis=1)
        if (
            rows * cols == cells.n_cells
            and coords.min() >= 0
            and cells.n_edges == rows * (cols - 1) + (rows - 1) * cols
            and (step == 1).all()
        ):
            return rows, cols
    raise UnsupportedError(
        f"this format holds orthogonal mazes (square cells in rows and columns); this maze is on {cells.name!r}: "
        "use Maze.to_json()"
    )


@checked(MAZE)
def wall_grid(maze: Maze) -> np.ndarray:
    """The maze's walls as a boolean ``(2 rows + 1, 2 cols + 1)`` array, True for a wall.

    Raises
    ------
    UnsupportedError
        If the maze is not on an orthogonal tessellation.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.Maze(mg.tessellations.orthogonal(1, 2), [((0, 0), (0, 1))])
    >>> wall_grid(M).astype(int)
    array([[1, 1, 1, 1, 1],
           [1, 0, 0, 0, 1],
           [1, 1, 1, 1, 1]])
    """
    cells = maze.cells
    rows, cols = grid_shape(cells)
    grid = np.ones((2 * rows + 1, 2 * cols + 1), dtype=bool)
    grid[1::2, 1::2] = False
    ends = cells.labels.coords[cells.edges]  # (m, 2 cells, (r, c))
    between = ends.sum(axis=1) + 1  # the wall sits between its cells: (r_u + r_v + 1, c_u + c_v + 1)
    grid[between[:, 0], between[:, 1]] = ~maze.open
    return grid


def border_side(rows: int, cols: int, cell: tuple[int, int]) -> tuple[int, int] | None:
    """The grid position of the outer wall beside ``cell``, facing away from the middle; None inside.

    A corner cell has two outer sides; the one facing farther from the middle
    is taken, west or east on a tie (as printed mazes open their sides).
    """
    r, c = cell
    sides = []
    if c == 0:
        sides.append(((cols - 1) / 2 - c, (2 * r + 1, 0)))
    if c == cols - 1:
        sides.append((c - (cols - 1) / 2, (2 * r + 1, 2 * cols)))
    if r == 0:
        sides.append(((rows - 1) / 2 - r, (0, 2 * c + 1)))
    if r == rows - 1:
        sides.append((r - (rows - 1) / 2, (2 * rows, 2 * c + 1)))
    if not sides:
        return None
    best = max(score for score, _ in sides)
    return next(position for score, position in sides if score == best)


@dataclass
class WallGrid:
    """A wall grid as read, before checking: walls, marked ends, and how to name a position.

    ``starts`` and ``goals`` are grid positions marked as start or goal (a cell,
    or an opening in the border beside one); ``where(row, col)`` names a grid
    position in the reader's terms, e.g. ``"line 3, column 5"``.
    """

    walls: np.ndarray
    where: Callable[[int, int], str]
    starts: list = field(default_factory=list)
    goals: list = field(default_factory=list)
    what: str = "maze"


def read_grid(grid: WallGrid, meta: dict | None = None) -> Maze:
    """Check a wall grid and make its Maze on the orthogonal tessellation.

    Start and goal: the marked ones; else the openings in the outer wall, the
    first in reading order the start and the second the goal; else the
    tessellation's defaults (upper left, lower right).

    Raises
    ------
    MazeFormatError
        If the grid's sides are not odd and at least 3 (a wall grid is
        ``2 n + 1`` wide), a cell position holds a wall, a corner does not, a
        corner of the border is open, there are more than two openings, or
        start or goal is marked twice; the message names the position.
    """
    walls = np.asarray(grid.walls, dtype=bool)
    height, width = walls.shape
    for size, name, axis in ((height, "rows", "tall"), (width, "columns", "wide")):
        if size < 3 or size % 2 == 0:
            raise MazeFormatError(
                f"the {grid.what} is {size} {name} {axis}; a wall grid is 2 n + 1 {name} {axis} (odd, at least 3): "
                "a wall, then a cell and a wall for each cell"
            )
    rows, cols = (height - 1) // 2, (width - 1) // 2
    bad = np.argwhere(walls[1::2, 1::2])
    if len(bad):
        r, c = (int(x) for x in bad[0])
        raise MazeFormatError(
            f"{grid.where(2 * r + 1, 2 * c + 1)}: a wall where cell ({r}, {c}) should be (cells sit at odd rows and "
            "odd columns of the wall grid)"
        )
    bad = np.argwhere(~walls[::2, ::2])
    if len(bad):
        r, c = (int(2 * x) for x in bad[0])
        raise MazeFormatError(
            f"{grid.where(r, c)}: an opening at a corner (even row and even column of the wall grid), where walls "
            "meet; only the wall between two cells, or beside a cell on the border, may open"
        )
    border = np.zeros_like(walls)
    border[[0, -1], :] = border[:, [0, -1]] = True
    openings = [tuple(int(x) for x in p) for p in np.argwhere(border & ~walls)]
    if len(openings) > 2:
        places = "; ".join(grid.where(*p) for p in openings[:4])
        raise MazeFormatError(
            f"{len(openings)} openings in the outer wall ({places}); a maze has at most two, its start and goal"
        )
    cells = orthogonal_cells(rows, cols)
    inner = walls[1:-1, 1:-1]
    coords = cells.labels.coords[cells.edges]
    between = coords.sum(axis=1)  # in the inner grid, the wall between cells u and v
    open_mask = ~inner[between[:, 0], between[:, 1]]
    start = _end(grid, grid.starts, "start", rows, cols)
    goal = _end(grid, grid.goals, "goal", rows, cols)
    free = [p for p in openings if p not in grid.starts + grid.goals]  # unmarked openings, in reading order
    if start is None and free:
        start = _cell_beside(free.pop(0), rows, cols)
    if goal is None and free:
        goal = _cell_beside(free.pop(0), rows, cols)
    return Maze(cells, open_mask, start=start, goal=goal, meta=meta)


def _end(grid: WallGrid, marks: list, what: str, rows: int, cols: int):
    if len(marks) > 1:
        raise MazeFormatError(f"the {what} is marked twice: {grid.where(*marks[0])} and {grid.where(*marks[1])}")
    if not marks:
        return None
    r, c = marks[0]
    if r % 2 == 1 and c % 2 == 1:
        return ((r - 1) // 2, (c - 1) // 2)
    beside = _cell_beside((r, c), rows, cols)
    if beside is None:
        raise MazeFormatError(f"{grid.where(r, c)}: the {what} mark is neither on a cell nor in the outer wall")
    return beside


def _cell_beside(position: tuple[int, int], rows: int, cols: int):
    """The cell next to a border position, or None for a position inside."""
    r, c = position
    if r == 0 and c % 2:
        return (0, (c - 1) // 2)
    if r == 2 * rows and c % 2:
        return (rows - 1, (c - 1) // 2)
    if c == 0 and r % 2:
        return ((r - 1) // 2, 0)
    if c == 2 * cols and r % 2:
        return ((r - 1) // 2, cols - 1)
    return None

