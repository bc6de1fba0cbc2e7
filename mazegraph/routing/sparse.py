"""Sparse mazes: cells left out of the maze, the rest still connected."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import as_generator, bounded, kernel_state
from .._search import breadth_first, flood_layer
from ..errors import InvalidOptionError
from ..maze import Maze
from ..params import MAZE, SEED, checked
from ..structure.passages import can_close, close_edge, constraints, locked_cells, open_degree
from ._common import PASSES, RADIUS

__all__ = ["sparsify"]


@kernel
def _cull(edges, indptr, edge_ids, under, is_open, passes, keep_a, keep_b):
    """Remove every dead end, ``passes`` times over; returns the number of cells removed."""
    n = len(indptr) - 1
    deg = open_degree(indptr, edge_ids, is_open)
    locked = locked_cells(n, under, is_open)
    ends = np.empty(n, dtype=np.int64)
    removed = 0
    for _ in range(passes):
        k = 0
        for u in range(n):
            if deg[u] == 1 and u != keep_a and u != keep_b:
                ends[k] = u
                k += 1
        if k == 0:
            break
        for i in range(k):
            u = ends[i]
            if deg[u] != 1:
                continue  # its partner went first
            for s in range(indptr[u], indptr[u + 1]):
                e = edge_ids[s]
                if is_open[e]:
                    if can_close(e, edges, under, locked):
                        close_edge(e, edges, under, is_open, deg, locked)
                        removed += 1
                    break
    return removed


@kernel
def _clear_ahead(indptr, neighbors, edge_ids, everything, in_maze, u, v, radius, dist_v, dist_u, queue_v, queue_u):
    """True if no maze cell lies within ``radius`` steps of ``v`` except cells nearer to ``u`` (behind)."""
    # distances from v and from u, up to radius, over the tessellation (every edge counts as open)
    none = np.empty(0, dtype=np.int64)
    reach = 0
    for which in range(2):
        root = v if which == 0 else u
        dist = dist_v if which == 0 else dist_u
        queue = queue_v if which == 0 else queue_u
        dist[root] = 0
        queue[0] = root
        head, tail = 0, 1
        for _ in range(radius):
            if head == tail:
                break
            end = tail
            tail = flood_layer(indptr, neighbors, edge_ids, everything, dist, none, queue, head, tail)
            head = end
        if which == 0:
            reach = tail
    ok = True
    for i in range(reach):
        w = queue_v[i]
        if in_maze[w] and w != u and (dist_u[w] < 0 or dist_u[w] >= dist_v[w]):
            ok = False
    for i in range(reach):  # reset the distances for the next call
        dist_v[queue_v[i]] = -1
    for i in range(tail):
        dist_u[queue_u[i]] = -1
    return ok


@kernel
def _grow_sparse(indptr, neighbors, edge_ids, crosses, n_edges, root, radius, state):
    """Recursive backtracker over the tessellation that never grows towards maze cells within ``radius``."""
    n = len(indptr) - 1
    is_open = np.zeros(n_edges, dtype=np.bool_)
    in_maze = np.zeros(n, dtype=np.bool_)
    dist_v = np.full(n, -1, dtype=np.int64)
    dist_u = np.full(n, -1, dtype=np.int64)
    max_degree = 1
    for x in range(n):
        max_degree = max(max_degree, indptr[x + 1] - indptr[x])
    ball = 1
    for _ in range(radius):
        ball = min(n, ball * max_degree + 1)
    queue_v = np.empty(ball + 1, dtype=np.int64)
    queue_u = np.empty(ball + 1, dtype=np.int64)
    everything = np.ones(n_edges, dtype=np.bool_)
    stack = np.empty(n, dtype=np.int64)
    slots = np.empty(max_degree, dtype=np.int64)
    in_maze[root] = True
    stack[0] = root
    top = 1
    while top > 0:
        u = stack[top - 1]
        k = 0
        for s in range(indptr[u], indptr[u + 1]):
            v = neighbors[s]
            e = edge_ids[s]
            if in_maze[v]:
                continue
            if len(crosses) and crosses[e] >= 0 and is_open[crosses[e]]:
                continue
            if _clear_ahead(indptr, neighbors, edge_ids, everything, in_maze, u, v, radius, dist_v, dist_u, queue_v,
                            queue_u):
                slots[k] = s
                k += 1
        if k == 0:
            top -= 1
            continue
        s = slots[bounded(state, k)]
        is_open[edge_ids[s]] = True
        in_maze[neighbors[s]] = True
        stack[top] = neighbors[s]
        top += 1
    return is_open


@checked(MAZE, PASSES, RADIUS, SEED)
def sparsify(maze: Maze, passes: int | None = None, *, radius: int | None = None, seed=None) -> Maze:
    """Leave cells out of a maze (sparse routing); the cells kept stay connected.

    Two of Pullen's ways, chosen by giving exactly one of ``passes`` and ``radius``:

    - ``passes=k``: remove every dead end (close its one passage), ``k`` times
      over; each pass shortens every blind alley by one cell. The start and
      goal are never removed, so the solution survives. Passages are only ever
      closed: the result is a part of the input maze.
    - ``radius=r``: regrow the maze over the same tessellation with the
      recursive backtracker from the maze's start, never carving from ``u`` into
      a cell ``v`` that has a maze cell within ``r`` steps of it other than
      cells behind (nearer to ``u`` than to ``v``); passages then keep ``r - 1``
      cells of rock between them. The input's passages are not used, only its
      tessellation and start; the goal is kept if it was reached, else it
      becomes the maze cell farthest from the start.

    A removed cell has no open passage; :func:`mazegraph.removed_cells` lists
    them and ``meta["sparsify"]["removed"]`` counts them. The ``Maze`` class is
    unchanged: ``is_connected()`` is False for a sparse maze, while
    :func:`mazegraph.flood` from the start reaches every kept cell.

    Parameters
    ----------
    maze : Maze
        The maze to thin out; it is not modified.
    passes : int, optional
        Number of dead-end removal passes (at least 0).
    radius : int, optional
        Clearance for regrowing (at least 1).
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None
        Used by ``radius``.

    Returns
    -------
    Maze
        A new maze; ``meta["sparsify"]`` holds ``method``, the parameter and
        ``removed``.

    Raises
    ------
    InvalidOptionError
        If not exactly one of ``passes`` and ``radius`` is given, or either is
        not a whole number in range, or ``maze`` is not a Maze.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(10, 10), "backtracker", seed=2)
    >>> S = mg.sparsify(M, 3)
    >>> kept = len(mg.flood(S))
    >>> kept + len(mg.removed_cells(S)) == 100, kept == S.n_open + 1, mg.is_solvable(S)
    (True, True, True)
    >>> R = mg.sparsify(M, radius=2, seed=1)
    >>> len(mg.flood(R)) == R.n_open + 1 == 100 - R.meta["sparsify"]["removed"]
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Routing (sparse)" and "Maze
       Algorithms: Dead end filler", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    if (passes is None) == (radius is None):
        raise InvalidOptionError("sparsify takes exactly one of passes= (dead-end culling) and radius= (regrowing)")
    out = maze.copy()
    c = out.cells
    crosses, under, _ = constraints(c)
    if passes is not None:
        _cull(c.edges, c.indptr, c.edge_ids, under, out.open, passes, out.start_index, out.goal_index)
        info = {"method": "passes", "passes": passes}
    else:
        if len(under):
            raise InvalidOptionError("radius= regrows a plain maze and would drop a weave's tunnels; use passes=")
        rng = as_generator(seed)
        out.open = _grow_sparse(
            c.indptr, c.neighbors, c.edge_ids, crosses, c.n_edges, out.start_index, radius, kernel_state(rng)
        )
        order = breadth_first(c.indptr, c.neighbors, c.edge_ids, out.open, out.start_index, -1)[2]
        if out.goal_index not in set(order.tolist()):
            out.goal_index = int(order[-1])  # breadth-first order ends at a farthest cell
        info = {"method": "radius", "radius": radius, "seed": seed if isinstance(seed, int) else None}
    deg = open_degree(c.indptr, c.edge_ids, out.open)
    deg[out.start_index] += 1  # the start is kept even when it is all that is left
    info["removed"] = int(np.count_nonzero(deg == 0))
    out.meta["sparsify"] = info
    return out
