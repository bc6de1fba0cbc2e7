"""Convert a perfect orthogonal maze into a unicursal one by bisecting its passages."""

from __future__ import annotations

import numpy as np

from ..errors import UnsupportedError
from ..generators.bisection import bisect_passages
from ..maze import Maze
from ..params import MAZE, checked
from ..structure.box import box_of
from ..tessellations.orthogonal import orthogonal_cells

__all__ = ["to_unicursal"]


@checked(MAZE)
def to_unicursal(maze: Maze) -> Maze:
    """Turn a perfect maze on a rectangle of square cells into a labyrinth twice its size.

    Each cell becomes a 2 x 2 block of cells and every passage is bisected: the
    new single passage runs along both sides of each old passage and turns round
    at each old dead end, a circuit through every cell, cut between the two top
    cells of the upper-left block (the new start and goal). The same
    construction makes the generator ``"unicursal"`` on even grids; this applies
    it to a given maze, whose shape shows through.

    Parameters
    ----------
    maze : Maze
        A perfect maze on ``orthogonal(rows, cols)`` (or any tessellation that is
        exactly a 2D rectangle of square cells: a full-rectangle mask, a 2D
        ``grid``, ``networkx.grid_2d_graph``).

    Returns
    -------
    Maze
        On ``orthogonal(2 rows, 2 cols)``: every cell has two passages except
        the two ends, and one path runs through all cells.
        ``meta["to_unicursal"]`` records the source size.

    Raises
    ------
    UnsupportedError
        If the tessellation is not a rectangle of square cells, or the maze is
        not perfect.
    InvalidOptionError
        If ``maze`` is not a Maze.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(3, 4), "kruskal", seed=1)
    >>> U = mg.to_unicursal(M)
    >>> U.cells.n_cells, len(U.solution()), U.is_perfect()
    (48, 48, True)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Unicursal" (bisect every passage of a
       perfect maze), Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    half = maze.cells
    box = box_of(half)
    if box is None or len(box.shape) != 2:
        raise UnsupportedError(
            f"to_unicursal needs a maze on a rectangle of square cells (orthogonal); this one is {half.name}"
        )
    if not maze.is_perfect():
        raise UnsupportedError("to_unicursal needs a perfect maze (a spanning tree); remove loops and isolations first")
    rows2, cols2 = int(box.shape[0]), int(box.shape[1])
    full = orthogonal_cells(2 * rows2, 2 * cols2)
    full_box = box_of(full)
    half_step = np.ascontiguousarray(box.step_edge[box.cell_at])  # the bisect kernel walks half cells row-major
    mask, first, last = bisect_passages(
        maze.open, half_step, 2 * rows2, 2 * cols2, full_box.cell_at, full_box.step_edge, full.n_edges
    )
    meta = dict(maze.meta)
    meta["to_unicursal"] = {"rows": rows2, "cols": cols2}
    out = Maze(full, mask, meta=meta)
    out.start_index, out.goal_index = int(first), int(last)
    return out
