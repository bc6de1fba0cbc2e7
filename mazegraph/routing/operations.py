"""Maze operations: flood fill, solvability, isolation and loop removers."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import as_generator, kernel_state
from .._search import breadth_first
from .._unionfind import join, root
from ..errors import UnsupportedError
from ..maze import Maze
from ..params import GOAL, MAZE, SEED, START, checked
from ..structure.passages import (
    can_close,
    can_open,
    close_edge,
    constraints,
    locked_cells,
    open_degree,
    open_edge,
    shuffle,
)
from ._common import AS_MASK, SOURCE, cell_index

__all__ = ["flood", "is_solvable", "remove_isolations", "remove_loops", "removed_cells"]


@checked(MAZE, SOURCE, AS_MASK, cells="maze")
def flood(maze: Maze, source=None, *, as_mask: bool = False):
    """The cells reachable from a cell through open passages (flood fill).

    Parameters
    ----------
    maze : Maze
    source : cell label, optional
        Where the flood starts; the maze's start when omitted.
    as_mask : bool, default False
        Return a boolean mask over the cell indices instead of labels.

    Returns
    -------
    list or numpy.ndarray of bool
        The labels of the reached cells in breadth-first order (``source``
        first), or the mask.

    Raises
    ------
    NotACellError
        If ``source`` is not a cell.
    InvalidOptionError
        If ``maze`` is not a Maze.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.Maze(mg.tessellations.orthogonal(2, 2), [((0, 0), (0, 1))])
    >>> mg.flood(M, (0, 1))
    [(0, 1), (0, 0)]
    >>> mg.flood(M, (1, 1), as_mask=True).tolist()
    [False, False, False, True]

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Dead end filler" and "Maze
       Classification: Routing (isolations)", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    s = cell_index(maze, source, maze.start_index)
    c = maze.cells
    dist, _, order, _ = breadth_first(c.indptr, c.neighbors, c.edge_ids, maze.open, s, -1)
    if as_mask:
        return dist >= 0
    labels = c.labels
    return [labels[i] for i in order.tolist()]


@checked(MAZE, START, GOAL, cells="maze")
def is_solvable(maze: Maze, start=None, goal=None) -> bool:
    """True if open passages join ``start`` and ``goal``.

    Parameters
    ----------
    maze : Maze
    start, goal : cell label, optional
        The maze's own start and goal when omitted.

    Returns
    -------
    bool

    Raises
    ------
    NotACellError
        If ``start`` or ``goal`` is not a cell.
    InvalidOptionError
        If ``maze`` is not a Maze.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> mg.is_solvable(mg.generate(G, "wilson", seed=1)), mg.is_solvable(mg.Maze(G))
    (True, False)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Maze solving", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    s = cell_index(maze, start, maze.start_index)
    g = cell_index(maze, goal, maze.goal_index)
    c = maze.cells
    return bool(breadth_first(c.indptr, c.neighbors, c.edge_ids, maze.open, s, g)[0][g] >= 0)


@checked(MAZE)
def removed_cells(maze: Maze) -> list:
    """The cells with no open passage (left out of a sparse maze, or isolated).

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.removed_cells(mg.Maze(mg.tessellations.orthogonal(1, 3), [((0, 0), (0, 1))]))
    [(0, 2)]
    """
    c = maze.cells
    idle = np.flatnonzero(open_degree(c.indptr, c.edge_ids, maze.open) == 0)
    return [c.labels[i] for i in idle.tolist()]


# -- removers ------------------------------------------------------------------------


@kernel
def _join(edges, indptr, edge_ids, crosses, under, direction, is_open, state):
    """Open closed edges in random order wherever they join two separate parts; returns parts left."""
    n = len(indptr) - 1
    m = len(edges)
    forest = np.full(n, -1, dtype=np.int32)  # int32 like every union-find: one compiled root, join
    parts = n
    for e in range(m):
        if is_open[e] and join(forest, edges[e, 0], edges[e, 1]):
            parts -= 1
    deg = open_degree(indptr, edge_ids, is_open)
    locked = locked_cells(n, under, is_open)
    order = np.arange(m, dtype=np.int64)
    shuffle(order, state)
    # ordinary edges first, tunnels last: a tunnel needs straight corridors that the others make
    for sweep in range(2 if len(under) else 1):
        for k in range(m):
            if parts == 1:
                return parts
            e = order[k]
            if is_open[e]:
                continue
            if len(under) and (under[e] >= 0) != (sweep == 1):
                continue
            if root(forest, edges[e, 0]) == root(forest, edges[e, 1]):
                continue
            if not can_open(e, edges, indptr, edge_ids, crosses, under, direction, is_open, deg, locked):
                continue
            open_edge(e, edges, under, is_open, deg, locked)
            join(forest, edges[e, 0], edges[e, 1])
            parts -= 1
    return parts


@kernel
def _prune(edges, indptr, edge_ids, under, is_open, state):
    """Keep a random spanning forest of the open edges; returns the number closed.

    On a weave, the corridors across tunnels and then the tunnels are taken
    first, so they survive unless they close a loop among themselves.
    """
    n = len(indptr) - 1
    m = len(edges)
    locked = locked_cells(n, under, is_open)
    deg = open_degree(indptr, edge_ids, is_open)
    order = np.arange(m, dtype=np.int64)
    shuffle(order, state)
    forest = np.full(n, -1, dtype=np.int32)  # int32 like every union-find: one compiled root, join
    keep = np.zeros(m, dtype=np.bool_)
    for sweep in range(3):
        for k in range(m):
            e = order[k]
            if not is_open[e]:
                continue
            if len(under):
                group = 2
                if under[e] >= 0:
                    group = 1
                elif locked[edges[e, 0]] > 0 or locked[edges[e, 1]] > 0:
                    group = 0
                if group != sweep:
                    continue
            elif sweep > 0:
                continue
            if join(forest, edges[e, 0], edges[e, 1]):
                keep[e] = True
    closed = 0
    for e in range(m):  # tunnels first, so the corridors above them may close after
        if is_open[e] and not keep[e] and len(under) and under[e] >= 0:
            close_edge(e, edges, under, is_open, deg, locked)
            closed += 1
    for e in range(m):
        if is_open[e] and not keep[e]:
            if not can_close(e, edges, under, locked):
                return -1
            close_edge(e, edges, under, is_open, deg, locked)
            closed += 1
    return closed


@checked(MAZE, SEED)
def remove_isolations(maze: Maze, seed=None) -> Maze:
    """Open walls, in random order, until every cell can be reached.

    Pullen's isolation remover: the walls are visited in random order and each
    one between two parts not yet joined is opened, as in Kruskal's algorithm,
    so exactly ``parts - 1`` walls open. Crossing zeta diagonals stay apart; on
    a weave a tunnel opens only beneath a straight corridor across it, and only
    after every ordinary wall was tried.

    Parameters
    ----------
    maze : Maze
        Any maze; it is not modified.
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None

    Returns
    -------
    Maze
        A new, connected maze. ``meta["remove_isolations"]`` holds ``opened``.

    Raises
    ------
    UnsupportedError
        If the parts cannot all be joined without crossing passages or tunnels
        beneath turns (a weave or zeta maze hemmed in by its own crossings).
    InvalidOptionError
        If ``maze`` is not a Maze.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.delta(4, 6)
    >>> M = mg.remove_isolations(mg.Maze(G), seed=1)
    >>> M.is_perfect(), M.meta["remove_isolations"]["opened"] == G.number_of_nodes() - 1
    (True, True)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Isolation remover", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    rng = as_generator(seed)
    out = maze.copy()
    c = out.cells
    crosses, under, direction = constraints(c)
    before = out.n_open
    parts = _join(c.edges, c.indptr, c.edge_ids, crosses, under, direction, out.open, kernel_state(rng))
    if parts > 1:
        raise UnsupportedError(
            f"the maze cannot be joined into one piece: {parts} parts stay apart because every wall between them "
            "would cross an open passage or open a tunnel beneath a cell that is not a straight corridor"
        )
    out.meta["remove_isolations"] = {"opened": out.n_open - before}
    return out


@checked(MAZE, SEED)
def remove_loops(maze: Maze, seed=None) -> Maze:
    """Close walls, in random order, until the maze has no loops (or detached walls).

    Pullen's loop remover: of the open passages a random spanning forest is
    kept (Kruskal's algorithm over them in random order) and the rest close, so
    exactly ``open - (cells - parts)`` walls close and every part stays
    connected. A braid maze becomes a perfect maze that still looks like it.
    Walls drawn free of the rest (detached walls) are what loops look like in a
    planar maze, so they go too. On a weave, corridors across tunnels and the
    tunnels stay open where they can.

    Parameters
    ----------
    maze : Maze
        Any maze; it is not modified.
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None

    Returns
    -------
    Maze
        A new maze whose passages form a forest (a perfect maze if ``maze`` is
        connected). ``meta["remove_loops"]`` holds ``closed``.

    Raises
    ------
    UnsupportedError
        If a weave's corridors and tunnels alone close a loop (the loop cannot be
        cut without leaving a tunnel beneath a dead end).
    InvalidOptionError
        If ``maze`` is not a Maze.

    Examples
    --------
    >>> import mazegraph as mg
    >>> B = mg.generate(mg.tessellations.theta(5), "braid", seed=4)
    >>> P = mg.remove_loops(B, seed=4)
    >>> P.is_perfect(), P.meta["remove_loops"]["closed"] == B.n_open - P.n_open
    (True, True)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Loop remover", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    rng = as_generator(seed)
    out = maze.copy()
    c = out.cells
    _, under, _ = constraints(c)
    closed = _prune(c.edges, c.indptr, c.edge_ids, under, out.open, kernel_state(rng))
    if closed < 0:
        raise UnsupportedError("the weave's corridors and tunnels close a loop that no wall may cut")
    out.meta["remove_loops"] = {"closed": int(closed)}
    return out
