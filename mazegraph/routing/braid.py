"""Braid mazes: mazes without dead ends, made from a maze or from scratch."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import as_generator, bounded, kernel_state
from ..cellgraph import CellGraph
from ..generators._registry import register
from ..maze import Maze
from ._common import (
    can_close,
    can_open,
    check_maze,
    close_edge,
    constraints,
    fraction_option,
    locked_cells,
    open_degree,
    open_edge,
    shuffle,
)

__all__ = ["braid", "braid_from_scratch"]


@kernel
def _braid(edges, indptr, neighbors, edge_ids, crosses, under, direction, is_open, target, state):
    """Cure up to ``target`` dead ends; returns the number cured."""
    n = len(indptr) - 1
    deg = open_degree(indptr, edge_ids, is_open)
    locked = locked_cells(n, under, is_open)
    count = 0
    for u in range(n):
        if deg[u] == 1:
            count += 1
    ends = np.empty(count, dtype=np.int64)
    k = 0
    for u in range(n):
        if deg[u] == 1:
            ends[k] = u
            k += 1
    shuffle(ends, state)
    max_degree = 1
    for u in range(n):
        max_degree = max(max_degree, indptr[u + 1] - indptr[u])
    best = np.empty(max_degree, dtype=np.int64)
    other = np.empty(max_degree, dtype=np.int64)
    cured = 0
    for i in range(count):
        if cured >= target:
            break
        u = ends[i]
        if deg[u] != 1:
            continue  # cured already by a neighbour's wall
        nb = 0
        no = 0
        for s in range(indptr[u], indptr[u + 1]):
            e = edge_ids[s]
            v = neighbors[s]
            if is_open[e] or deg[v] == 0:
                continue  # never pull a cell that is out of the maze back in
            if not can_open(e, edges, indptr, edge_ids, crosses, under, direction, is_open, deg, locked):
                continue
            if deg[v] == 1:
                best[nb] = e
                nb += 1
            else:
                other[no] = e
                no += 1
        if nb > 0:
            e = best[bounded(state, nb)]
            cured += 2
        elif no > 0:
            e = other[bounded(state, no)]
            cured += 1
        else:
            continue  # no wall may open here: an unavoidable dead end
        open_edge(e, edges, under, is_open, deg, locked)
    return cured


def braid(maze: Maze, fraction: float = 1.0, seed=None) -> Maze:
    """Remove dead ends by opening one wall at each: a braid (or partial braid) maze.

    The dead ends (cells with one passage) are visited in random order. At each
    one still a dead end, one closed wall is opened, chosen at random among the
    walls that lead to another dead end when there are any (one wall then cures
    two), else among all its walls. Walls into cells with no passage at all
    (cells a sparse maze left out) never open. With ``fraction=1`` every dead
    end is cured that can be; with less, the cures stop once that fraction of
    the dead ends is gone (a partial braid). Crossing zeta diagonals stay
    apart, and on a weave a wall opens only where no tunnel passes beneath.

    Parameters
    ----------
    maze : Maze
        Any maze; it is not modified.
    fraction : float in [0, 1], default 1
        The share of the dead ends to remove.
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None
        Chooses the order and the walls.

    Returns
    -------
    Maze
        A new maze. ``meta["braid"]`` records ``fraction``, ``seed`` and the
        dead ends before and after.

    Raises
    ------
    InvalidOptionError
        If ``maze`` is not a Maze or ``fraction`` is not a number in [0, 1].
    InvalidSeedError
        If ``seed`` is of an unsupported type.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(8, 8), "kruskal", seed=1)
    >>> B = mg.braid(M, seed=1)
    >>> B.meta["braid"]["dead_ends_after"], B.is_connected(), B.n_open > M.n_open
    (0, True, True)
    >>> half = mg.braid(M, 0.5, seed=1).meta["braid"]
    >>> half["dead_ends_after"] <= half["dead_ends_before"] // 2 + 1
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Routing (braid)" and "Maze
       Algorithms: Dead end removal", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    maze = check_maze(maze, "braid")
    fraction = fraction_option("fraction", fraction)
    rng = as_generator(seed)
    out = maze.copy()
    c = out.cells
    crosses, under, direction = constraints(c)
    before = int(np.count_nonzero(open_degree(c.indptr, c.edge_ids, out.open) == 1))
    target = int(round(fraction * before))
    _braid(c.edges, c.indptr, c.neighbors, c.edge_ids, crosses, under, direction, out.open, target, kernel_state(rng))
    after = int(np.count_nonzero(open_degree(c.indptr, c.edge_ids, out.open) == 1))
    out.meta["braid"] = {
        "fraction": fraction,
        "seed": seed if isinstance(seed, int) else None,
        "dead_ends_before": before,
        "dead_ends_after": after,
    }
    return out


# -- Pullen's braid maze from scratch: add walls in random order ----------------------


@kernel(python=False)
def _still_joined(indptr, neighbors, edge_ids, is_open, skip, u, v, seen, stamp, queue):
    """True if ``u`` reaches ``v`` through open edges other than ``skip``.

    A bidirectional breadth-first search: the two searches grow one cell at a
    time, the smaller frontier first, and stop when they meet (joined) or when
    either runs out (``skip`` is a bridge). So a wall that would cut off a small
    piece costs about that piece's size, not the maze's. ``seen`` marks a cell
    ``2 stamp`` from ``u``'s side and ``2 stamp + 1`` from ``v``'s; ``queue``
    holds ``u``'s side from the front and ``v``'s from the back.
    """
    n = len(queue)
    seen[u] = 2 * stamp
    seen[v] = 2 * stamp + 1
    queue[0] = u
    queue[n - 1] = v
    head_a, tail_a = 0, 1  # u's side: queue[head_a:tail_a]
    head_b, tail_b = n - 1, n - 2  # v's side: queue[tail_b + 1 : head_b + 1], growing downward
    while head_a < tail_a and head_b > tail_b:
        if tail_a - head_a <= head_b - tail_b:
            x = queue[head_a]
            head_a += 1
            mine, theirs = 2 * stamp, 2 * stamp + 1
        else:
            x = queue[head_b]
            head_b -= 1
            mine, theirs = 2 * stamp + 1, 2 * stamp
        for s in range(indptr[x], indptr[x + 1]):
            e = edge_ids[s]
            if e == skip or not is_open[e]:
                continue
            y = neighbors[s]
            if seen[y] == theirs:
                return True
            if seen[y] != mine:
                seen[y] = mine
                if mine == 2 * stamp:
                    queue[tail_a] = y
                    tail_a += 1
                else:
                    queue[tail_b] = y
                    tail_b -= 1
    return False


@kernel
def _braid_from_scratch(edges, indptr, neighbors, edge_ids, crosses, under, state):
    n = len(indptr) - 1
    m = len(edges)
    is_open = np.ones(m, dtype=np.bool_)
    order = np.arange(m, dtype=np.int64)
    shuffle(order, state)
    if len(crosses):  # of each pair of crossing diagonals, the one later in the order starts closed
        rank = np.empty(m, dtype=np.int64)
        for k in range(m):
            rank[order[k]] = k
        for e in range(m):
            f = crosses[e]
            if f >= 0 and rank[f] < rank[e]:
                is_open[e] = False
    deg = open_degree(indptr, edge_ids, is_open)
    locked = np.zeros(n, dtype=np.int64)
    seen = np.full(n, -1, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    stamp = 0
    for k in range(m):
        e = order[k]
        if not is_open[e]:
            continue
        u = edges[e, 0]
        v = edges[e, 1]
        if deg[u] <= 2 or deg[v] <= 2:
            continue  # the wall would make a dead end
        stamp += 1
        if not _still_joined(indptr, neighbors, edge_ids, is_open, e, u, v, seen, stamp, queue):
            continue  # the wall would cut the maze in two (an isolation)
        if can_close(e, edges, under, locked):
            close_edge(e, edges, under, is_open, deg, locked)
    return is_open


@register(
    "braid",
    "braid maze from scratch: add walls in random order, never one making a dead end or an isolation",
    crossings=True,
    wall_focus=False,
)
def braid_from_scratch(cells: CellGraph, rng: np.random.Generator):
    """Pullen's braid maze from scratch: a wall adder that never makes a dead end.

    Starts with every passage open (of two crossing zeta diagonals, one) and
    visits the walls once in random order, adding each unless it would leave a
    cell with a single passage (a dead end) or cut the maze in two (an
    isolation: checked by a breadth-first search from one side of the wall for
    the other). The result is a braid maze: connected, with loops and no dead
    ends except at cells with a single neighbour in the tessellation. Each
    check stops at the other side, so walls in small loops are cheap; the worst
    case is quadratic in the number of cells.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation (run it through :func:`mazegraph.generate`).
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.sigma(6, 6), "braid", seed=2)
    >>> T = M.to_networkx()
    >>> min(d for _, d in T.degree) >= 2, M.is_connected(), M.is_perfect()
    (True, True, False)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Braid" (add walls, never creating a
       dead end or an isolation), Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    crosses, under, _ = constraints(cells)
    return _braid_from_scratch(
        cells.edges, cells.indptr, cells.neighbors, cells.edge_ids, crosses, under, kernel_state(rng)
    )
