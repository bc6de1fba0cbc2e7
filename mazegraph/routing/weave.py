"""Checking weave mazes: every tunnel beneath a straight corridor (the generators are in mazegraph.generators.weave)."""

from __future__ import annotations

import numpy as np

from ..maze import Maze
from ..params import MAZE, checked
from ..structure.passages import constraints, locked_cells, open_degree

__all__ = ["weave_violations"]


@checked(MAZE)
def weave_violations(maze: Maze) -> np.ndarray:
    """The open tunnels that do not pass beneath a straight corridor across them.

    An open under edge is valid when the cell it crosses has exactly two open
    passages, both ordinary and perpendicular to the tunnel, and no other open
    tunnel passes beneath it. On tessellations without under edges the answer
    is always empty.

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    numpy.ndarray of int64
        Edge indices of the offending tunnels.

    Raises
    ------
    InvalidOptionError
        If ``maze`` is not a Maze.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.weave(1, 3)
    >>> mg.weave_violations(mg.Maze(G, [((0, 0), (0, 2))])).tolist()
    [2]

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Dimension (weave)", Think
       Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    c = maze.cells
    _, under, direction = constraints(c)
    if not len(under):
        return np.empty(0, dtype=np.int64)
    deg = open_degree(c.indptr, c.edge_ids, maze.open)
    locked = locked_cells(c.n_cells, under, maze.open)
    bad = []
    for e in np.flatnonzero(maze.open & (under >= 0)).tolist():
        x = int(under[e])
        ok = deg[x] == 2 and locked[x] == 1
        for s in range(c.indptr[x], c.indptr[x + 1]):
            f = c.edge_ids[s]
            if maze.open[f] and (under[f] >= 0 or direction[f] == direction[e]):
                ok = False
        if not ok:
            bad.append(e)
    return np.array(bad, dtype=np.int64)
