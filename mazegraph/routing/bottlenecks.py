"""Bottlenecks: the cells and passages that every solution passes through."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .._search import low_points
from ..errors import NoSolutionError
from ..maze import Maze
from ..params import GOAL, MAZE, START, checked
from ._common import cell_index

__all__ = ["bottlenecks", "Bottlenecks"]


class Bottlenecks(NamedTuple):
    """What every path from start to goal passes through.

    Attributes
    ----------
    cells : list
        Cell labels in path order, start and goal included (cut vertices between them).
    passages : list of (u, v)
        Passages in path order (bridges between them), each from the start's side.
    cell_indices : numpy.ndarray of int64
    edge_indices : numpy.ndarray of int64
    """

    cells: list
    passages: list
    cell_indices: np.ndarray
    edge_indices: np.ndarray


@checked(MAZE, START, GOAL, cells="maze")
def bottlenecks(maze: Maze, start=None, goal=None) -> Bottlenecks:
    """The cells and passages that every solution passes through.

    A depth-first search from the start gives each cell its low point (the
    earliest cell its subtree reaches back to). Walking the search tree's path
    from goal back to start, a cell ``c`` with child ``w`` on that path lies on
    every start-goal path exactly when ``low[w] >= disc[c]`` (``c`` is an
    articulation point separating them), and the passage ``c - w`` exactly when
    ``low[w] > disc[c]`` (a bridge). Linear time. On a perfect maze everything
    on the solution is a bottleneck; on a braid maze often only the ends.

    Parameters
    ----------
    maze : Maze
    start, goal : cell label, optional
        The maze's own start and goal when omitted.

    Returns
    -------
    Bottlenecks
        ``(cells, passages, cell_indices, edge_indices)``, in path order.

    Raises
    ------
    NoSolutionError
        If no passage path joins start and goal.
    NotACellError
        If ``start`` or ``goal`` is not a cell.
    InvalidOptionError
        If ``maze`` is not a Maze.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(6, 6), "wilson", seed=5)
    >>> mg.bottlenecks(M).cells == M.solution()
    True
    >>> ring = mg.Maze(mg.tessellations.orthogonal(2, 3), [((0, 0), (0, 1)), ((0, 1), (1, 1)),
    ...     ((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (1, 2))], start=(0, 0), goal=(1, 2))
    >>> b = mg.bottlenecks(ring)
    >>> b.cells, b.passages
    ([(0, 0), (1, 1), (1, 2)], [((1, 1), (1, 2))])

    References
    ----------
    .. [1] R. E. Tarjan, "Depth-first search and linear graph algorithms", SIAM
       J. Comput. 1(2), 1972.
    .. [2] W. D. Pullen, "Maze Algorithms: Maze solving (collision solver,
       shortest paths)", Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    c = maze.cells
    s = cell_index(maze, start, maze.start_index)
    g = cell_index(maze, goal, maze.goal_index)
    disc, low, parent, via, _, _, _ = low_points(c.indptr, c.neighbors, c.edge_ids, maze.open, s, g)
    if disc[g] < 0:
        raise NoSolutionError(f"no open path joins {c.labels[s]!r} and {c.labels[g]!r}")
    cells, edges = [g], []
    w = g
    while w != s:
        p = int(parent[w])
        if low[w] > disc[p]:
            edges.append(int(via[w]))
        if p == s or low[w] >= disc[p]:
            cells.append(p)
        w = p
    cells.reverse()
    edges.reverse()
    labels = c.labels
    passages = []
    for e in edges:
        u, v = c.edges[e].tolist()
        if disc[u] > disc[v]:
            u, v = v, u
        passages.append((labels[u], labels[v]))
    cell_indices = np.array(cells, dtype=np.int64)
    return Bottlenecks([labels[i] for i in cells], passages, cell_indices, np.array(edges, dtype=np.int64))
