"""Shortest-path solvers: collision (amoeba) solver, shortest paths finder, shortest path finder."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._search import breadth_first, flood_layer, path_from_parents
from ._registry import register

__all__ = ["collision", "shortest_paths", "shortest_path"]


@kernel
def _dag(indptr, neighbors, edge_ids, is_open, dist, g):
    """Passages on shortest paths: walk back from ``g`` along decreasing distances."""
    n = len(indptr) - 1
    kept = np.zeros(len(is_open), dtype=np.bool_)
    on = np.zeros(n, dtype=np.bool_)
    queue = np.empty(n, dtype=np.int64)
    queue[0] = g
    on[g] = True
    head, tail = 0, 1
    while head < tail:
        u = queue[head]
        head += 1
        for k in range(indptr[u], indptr[u + 1]):
            v = neighbors[k]
            if is_open[edge_ids[k]] and dist[v] >= 0 and dist[v] == dist[u] - 1:
                kept[edge_ids[k]] = True
                if not on[v]:
                    on[v] = True
                    queue[tail] = v
                    tail += 1
    return kept, head


@register("shortest_path", "Shortest Path Finder", "1 shortest", "you+", "breadth-first search; one shortest path")
def shortest_path(cells, is_open, start, goal, rng):
    """Shortest path finder: breadth-first search from the start.

    Flood outward from the start one layer at a time, each cell remembering
    the cell it was reached from, until the goal is reached; follow those links
    back. Finds one shortest solution, or none if the flood runs out.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).

    Returns
    -------
    dict
        ``solved``, ``path``, ``steps`` (cells examined) and ``memory`` (cells marked).

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.torus(5, 5), "kruskal", seed=10)
    >>> mg.solve(M, "shortest_path").path == M.solution()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Shortest path finder", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] E. F. Moore, "The shortest path through a maze", Proc. Int. Symp. Switching Theory, 1959.
    """
    _, parent, order, expanded = breadth_first(cells.indptr, cells.neighbors, cells.edge_ids, is_open, start, goal)
    path = path_from_parents(parent, start, goal)
    return {"solved": path is not None, "path": path, "steps": int(expanded), "memory": len(order),
            "reason": "" if path is not None else "the flood from the start never reached the goal"}


@register("shortest_paths", "Shortest Paths Finder", "all shortest", "you+",
          "label distances breadth-first, then keep every passage going back downhill from the goal")
def shortest_paths(cells, is_open, start, goal, rng):
    """Shortest paths finder: all shortest solutions.

    Label each cell with its distance from the start, breadth-first, until
    the goal's layer is done; then from the goal keep every passage that leads
    to a cell one step nearer the start. The passages kept are exactly those on
    a shortest solution.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).

    Returns
    -------
    dict
        ``kept`` (the passages on shortest solutions), ``steps`` (cells examined)
        and ``memory`` (cells labelled).

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> M = mg.Maze(G, G.edges, start=(0, 0), goal=(2, 2))
    >>> len(mg.solve(M, "shortest_paths").paths())
    6

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Shortest paths finder", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    dist, _, order, expanded = breadth_first(cells.indptr, cells.neighbors, cells.edge_ids, is_open, start, goal)
    if dist[goal] < 0:
        return {"kept": np.zeros(cells.n_edges, dtype=bool), "steps": int(expanded), "memory": len(order)}
    kept, back = _dag(cells.indptr, cells.neighbors, cells.edge_ids, is_open, dist, goal)
    return {"kept": kept, "steps": int(expanded + back), "memory": len(order)}


@kernel
def _collide(indptr, neighbors, edge_ids, is_open, s, g):
    """Flood from start and goal at once, a layer at a time, until the floods meet."""
    n = len(indptr) - 1
    ds = np.full(n, -1, dtype=np.int64)
    dg = np.full(n, -1, dtype=np.int64)
    qs = np.empty(n, dtype=np.int64)
    qg = np.empty(n, dtype=np.int64)
    ds[s] = 0
    dg[g] = 0
    qs[0] = s
    qg[0] = g
    none = np.empty(0, dtype=np.int64)
    hs, ts, hg, tg = 0, 1, 0, 1
    steps = 0
    best = -1 if s != g else 0
    side = 0
    while best < 0 and hs < ts and hg < tg:
        if side == 0:
            end = ts
            ts = flood_layer(indptr, neighbors, edge_ids, is_open, ds, none, qs, hs, ts)
            steps += end - hs
            hs = end
            fresh, mine, other = qs[end:ts], ds, dg
        else:
            end = tg
            tg = flood_layer(indptr, neighbors, edge_ids, is_open, dg, none, qg, hg, tg)
            steps += end - hg
            hg = end
            fresh, mine, other = qg[end:tg], dg, ds
        for v in fresh:  # the new layer meets the other flood
            if other[v] >= 0 and (best < 0 or mine[v] + other[v] < best):
                best = mine[v] + other[v]
        side = 1 - side
    kept = np.zeros(len(is_open), dtype=np.bool_)
    if best < 0:
        return kept, best, steps, ts + tg
    # where the floods collided: cells labelled from both sides on a shortest route
    pos = np.full(n, -1, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    head, tail = 0, 0
    for i in range(ts):
        v = qs[i]
        if dg[v] >= 0 and ds[v] + dg[v] == best:
            pos[v] = ds[v]
            queue[tail] = v
            tail += 1
    while head < tail:  # spread back along both floods
        u = queue[head]
        head += 1
        steps += 1
        for k in range(indptr[u], indptr[u + 1]):
            v = neighbors[k]
            if not is_open[edge_ids[k]] or pos[v] >= 0:
                continue
            if ds[u] >= 0 and ds[v] >= 0 and ds[v] == ds[u] - 1:
                pos[v] = ds[v]
            elif dg[u] >= 0 and dg[v] >= 0 and dg[v] == dg[u] - 1:
                pos[v] = best - dg[v]
            else:
                continue
            queue[tail] = v
            tail += 1
    for u in range(n):
        if pos[u] < 0:
            continue
        for k in range(indptr[u], indptr[u + 1]):
            v = neighbors[k]
            if is_open[edge_ids[k]] and pos[v] == pos[u] + 1:
                kept[edge_ids[k]] = True
    return kept, best, steps, ts + tg


@register("collision", "Collision Solver", "all shortest", "you+",
          "flood from start and goal at once; where the floods collide lie all shortest solutions")
def collision(cells, is_open, start, goal, rng):
    """Collision solver ("amoeba"): flood from both ends until the floods collide.

    Two amoebas spread through the maze one layer at a time, one from the
    start and one from the goal, taking turns. Where they first collide they
    cover the middle of every shortest solution; spreading back from the
    collision along both floods recovers all shortest solutions, and only
    them. Floods that run out without meeting mean there is no solution.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).

    Returns
    -------
    dict
        ``kept`` (the passages on shortest solutions), ``steps`` (cells examined)
        and ``memory`` (cells labelled by both floods).

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 4)
    >>> M = mg.Maze(G, G.edges, start=(0, 0), goal=(2, 3))
    >>> len(mg.solve(M, "collision").paths())
    10

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Collision solver", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    kept, best, steps, memory = _collide(cells.indptr, cells.neighbors, cells.edge_ids, is_open, start, goal)
    return {"kept": kept, "steps": int(steps), "memory": int(memory)}
