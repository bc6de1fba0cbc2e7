"""Solvers that explore from the start and mark what they have seen: recursive backtracker, Tremaux."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state
from ._common import record
from ._registry import register

__all__ = ["backtracker", "tremaux"]


@kernel
def _backtrack(indptr, neighbors, edge_ids, is_open, s, g, state):
    n = len(indptr) - 1
    seen = np.zeros(n, dtype=np.bool_)
    stack = np.empty(n, dtype=np.int64)
    stack[0] = s
    seen[s] = True
    top, steps, marked = 1, 0, 1
    while top > 0 and stack[top - 1] != g:
        u = stack[top - 1]
        count = 0
        for k in range(indptr[u], indptr[u + 1]):
            if is_open[edge_ids[k]] and not seen[neighbors[k]]:
                count += 1
        steps += 1
        if count == 0:
            top -= 1  # dead end or all explored: back up
            continue
        pick = bounded(state, count)
        for k in range(indptr[u], indptr[u + 1]):
            if is_open[edge_ids[k]] and not seen[neighbors[k]]:
                if pick == 0:
                    v = neighbors[k]
                    seen[v] = True
                    marked += 1
                    stack[top] = v
                    top += 1
                    break
                pick -= 1
    return top > 0, steps, stack[:top].copy(), marked


@register("backtracker", "Recursive Backtracker", "1", "you", "depth-first search, marking visited cells")
def backtracker(cells, is_open, start, goal, rng):
    """Recursive backtracker: depth-first search from the start.

    Go down an unvisited passage (chosen at random) while there is one; at a
    dead end or an explored junction back up to the last cell with an
    unvisited way on. The stack of cells is the solution when the goal turns
    up; if the stack empties, there is none. Cells are marked visited.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).

    Returns
    -------
    dict
        ``solved``, ``path`` (the stack), ``steps`` (moves forward and back) and
        ``memory`` (cells marked visited).

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.delta(6, 8), "kruskal", seed=6)
    >>> r = mg.solve(M, "backtracker", seed=1)
    >>> r.solved, r.path == M.solution()
    (True, True)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Recursive backtracker", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    solved, steps, path, marked = _backtrack(
        cells.indptr, cells.neighbors, cells.edge_ids, is_open, start, goal, kernel_state(rng)
    )
    return {"solved": bool(solved), "path": path if solved else None, "steps": int(steps), "memory": int(marked),
            "reason": "" if solved else "every reachable cell explored: the goal cannot be reached"}


@kernel
def _tremaux(indptr, neighbors, edge_ids, is_open, s, g, state):
    n = len(indptr) - 1
    mark = np.zeros(len(is_open), dtype=np.int8)
    where = np.full(n, -1, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    top = record(stack, where, 0, s)
    cur, came, steps, marked = s, -1, 0, 0
    while cur != g:
        lo, hi = indptr[cur], indptr[cur + 1]
        visited_before = False
        unmarked = 0
        for k in range(lo, hi):
            e = edge_ids[k]
            if not is_open[e]:
                continue
            if e != came and mark[e] > 0:
                visited_before = True
            if mark[e] == 0:
                unmarked += 1
        nxt_slot = -1
        if came >= 0 and visited_before and mark[came] == 1:
            for k in range(lo, hi):  # a new passage led to an old junction: go back
                if edge_ids[k] == came:
                    nxt_slot = k
                    break
        elif unmarked > 0:
            pick = bounded(state, unmarked)
            for k in range(lo, hi):
                if is_open[edge_ids[k]] and mark[edge_ids[k]] == 0:
                    if pick == 0:
                        nxt_slot = k
                        break
                    pick -= 1
        else:
            for k in range(lo, hi):  # retreat along a passage marked once
                if is_open[edge_ids[k]] and mark[edge_ids[k]] == 1:
                    nxt_slot = k
                    break
        if nxt_slot < 0:
            break  # every passage marked twice: back at the start, no solution
        e = edge_ids[nxt_slot]
        if mark[e] == 0:
            marked += 1
        mark[e] += 1
        came = e
        cur = neighbors[nxt_slot]
        steps += 1
        top = record(stack, where, top, cur)
    return cur == g, steps, stack[:top].copy(), marked


@register("tremaux", "Tremaux's Algorithm", "1", "you", "mark passages once or twice; never enter one marked twice")
def tremaux(cells, is_open, start, goal, rng):
    """Tremaux's algorithm: mark each passage as you walk it.

    Every passage walked gets a mark; none is walked more than twice. At a
    junction take an unmarked passage (at random); if a fresh passage led to a
    junction already visited, turn back; when there is no unmarked way on,
    retreat along a passage marked once. The passages marked once at the end
    form the solution; if the walker is back at the start with every passage
    marked twice, there is none. Works on any maze, loops included.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).

    Returns
    -------
    dict
        ``solved``, ``path``, ``steps`` (moves) and ``memory`` (passages marked).

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(6, 6), "aldous_broder", seed=7)
    >>> r = mg.solve(M, "tremaux", seed=3)
    >>> r.solved, r.path == M.solution()
    (True, True)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Tremaux's algorithm", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] E. Lucas, *Recreations mathematiques*, vol. 1, 1882.
    """
    solved, steps, path, marked = _tremaux(
        cells.indptr, cells.neighbors, cells.edge_ids, is_open, start, goal, kernel_state(rng)
    )
    return {"solved": bool(solved), "path": path if solved else None, "steps": int(steps), "memory": int(marked),
            "reason": "" if solved else "back at the start with every passage marked twice: no solution"}
