"""Pullen's braid maze from scratch: a wall adder that never makes a dead end or an isolation."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import kernel_state
from ..cellgraph import CellGraph
from ..structure.passages import can_close, close_edge, constraints, open_degree, shuffle
from .registry import algorithm

__all__ = ["braid_from_scratch"]


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


@algorithm(
    "braid",
    "braid maze from scratch: add walls in random order, never one making a dead end or an isolation",
    perfect=False,
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
