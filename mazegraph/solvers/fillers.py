"""Maze-focused solvers: they work on the whole maze and leave the passages that remain.

Dead end filler, cul-de-sac filler, blind alley sealer and blind alley filler.
Each returns ``kept``, the passages still open afterwards: every solution
(and, for the first three, possibly some passages on none).
"""

from __future__ import annotations

import numpy as np

from .._csr import csr_from_edges
from .._numba import kernel
from .._search import breadth_first, low_points
from ..structure.passages import open_degree
from ._registry import register

__all__ = ["dead_end_filler", "cul_de_sac_filler", "blind_alley_sealer", "blind_alley_filler"]


@kernel
def _fill(indptr, neighbors, edge_ids, kept, deg, s, g):
    """Scan every cell; from each dead end fill back along its passage until a junction. Returns steps."""
    n = len(indptr) - 1
    steps = 0
    for c in range(n):
        steps += 1
        x = c
        while x != s and x != g and deg[x] == 1:
            for k in range(indptr[x], indptr[x + 1]):
                if kept[edge_ids[k]]:
                    kept[edge_ids[k]] = False
                    deg[x] -= 1
                    y = neighbors[k]
                    deg[y] -= 1
                    x = y
                    steps += 1
                    break
    return steps


@kernel
def _seal_nooses(indptr, neighbors, edge_ids, kept, deg, s, g):
    """Wall off one end of every loop that leaves a junction and returns to it. Returns steps."""
    n = len(indptr) - 1
    steps = 0
    for v in range(n):
        steps += 1
        if deg[v] < 3:
            continue
        for k0 in range(indptr[v], indptr[v + 1]):
            e0 = edge_ids[k0]
            if not kept[e0]:
                continue
            came, x = e0, neighbors[k0]
            while x != v and x != s and x != g and deg[x] == 2:
                steps += 1
                for k in range(indptr[x], indptr[x + 1]):
                    if kept[edge_ids[k]] and edge_ids[k] != came:
                        came, x = edge_ids[k], neighbors[k]
                        break
            if x == v and came != e0 and v != s and v != g:
                kept[e0] = False  # the noose becomes a dead end
                deg[v] -= 1
                deg[neighbors[k0]] -= 1
    return steps


def _result(cells, kept, steps, memory, start, goal):
    return {"kept": kept, "steps": int(steps), "memory": int(memory)}


@register("dead_end_filler", "Dead End Filler", "all+", "maze", "fill every dead end back to its junction")
def dead_end_filler(cells, is_open, start, goal, rng):
    """Dead end filler: fill in every dead end until none is left.

    Scan the maze; at each dead end (a cell with one passage, other than the
    start and goal) wall it off and carry on filling back along the passage
    until a junction that still has another way on. What stays open holds
    every solution; in a perfect maze it is exactly the solution, in a maze
    with loops the loops stay too. The fill changes the maze itself, so it
    needs no extra memory.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).

    Returns
    -------
    dict
        ``kept`` (passages left open), ``steps`` (cells examined and filled), ``memory`` (0).

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.upsilon(5, 5), "kruskal", seed=8)
    >>> r = mg.solve(M, "dead_end_filler")
    >>> r.solved, r.path == M.solution(), int(r.kept.sum()) == len(r.path) - 1
    (True, True, True)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Dead end filler", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    kept = is_open.copy()
    deg = open_degree(cells.indptr, cells.edge_ids, kept)
    steps = _fill(cells.indptr, cells.neighbors, cells.edge_ids, kept, deg, start, goal)
    return _result(cells, kept, steps, 0, start, goal)


@register("cul_de_sac_filler", "Cul-de-sac Filler", "all+", "maze",
          "wall off loops that return to their own junction, then fill dead ends")
def cul_de_sac_filler(cells, is_open, start, goal, rng):
    """Cul-de-sac filler: turn every noose into a dead end, then fill dead ends.

    A cul-de-sac (noose) is a loop that leaves a junction and comes back to
    it through corridors only; no solution can use it. Wall off one end of
    each, which leaves a dead end, and run the dead end filler. Loops
    connected to the rest of the maze at two or more junctions stay.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).

    Returns
    -------
    dict
        ``kept``, ``steps`` (cells examined), ``memory`` (0).

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> ring = [((0, 1), (0, 2)), ((0, 2), (1, 2)), ((1, 2), (1, 1)), ((1, 1), (0, 1))]
    >>> M = mg.Maze(G, [((0, 0), (0, 1)), ((1, 1), (2, 1)), ((2, 1), (2, 2))] + ring, start=(0, 0), goal=(2, 2))
    >>> mg.solve(M, "cul_de_sac_filler").path
    [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Cul-de-sac filler", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    kept = is_open.copy()
    deg = open_degree(cells.indptr, cells.edge_ids, kept)
    steps = _seal_nooses(cells.indptr, cells.neighbors, cells.edge_ids, kept, deg, start, goal)
    steps += _fill(cells.indptr, cells.neighbors, cells.edge_ids, kept, deg, start, goal)
    return _result(cells, kept, steps, 0, start, goal)


@register("blind_alley_sealer", "Blind Alley Sealer", "all+", "maze",
          "wall off the entrance of every part that one passage joins to the rest")
def blind_alley_sealer(cells, is_open, start, goal, rng):
    """Blind alley sealer: wall off every blind alley at its entrance.

    A blind alley is a part of the maze joined to the rest by a single
    passage (a bridge of the passage graph) that holds neither the start nor
    the goal; it may contain loops. Pullen finds them as passages with the
    same wall section on both sides; here a depth-first search with low links
    (Tarjan) finds every bridge at once. Sealing the entrances leaves every
    solution, plus loops joined to them at two or more points.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).

    Returns
    -------
    dict
        ``kept``, ``steps`` (cells examined), ``memory`` (cells labelled by the search).

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(6, 6), "wilson", seed=9)
    >>> r = mg.solve(M, "blind_alley_sealer")
    >>> r.path == M.solution(), int(r.kept.sum()) == len(r.path) - 1
    (True, True)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Blind alley sealer", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] R. E. Tarjan, "Depth-first search and linear graph algorithms", SIAM J. Comput. 1(2), 1972.
    """
    disc, low, parent, via, has_goal, _, steps = low_points(cells.indptr, cells.neighbors, cells.edge_ids, is_open,
                                                            start, goal)
    child = np.flatnonzero(via >= 0)
    bridge = low[child] > disc[parent[child]]
    sealed = np.zeros(cells.n_edges, dtype=bool)
    sealed[via[child][bridge & ~has_goal[child]]] = True
    reach = breadth_first(cells.indptr, cells.neighbors, cells.edge_ids, is_open & ~sealed, start, -1)[0] >= 0
    kept = is_open & ~sealed & reach[cells.edges[:, 0]] & reach[cells.edges[:, 1]]
    return _result(cells, kept, steps + int(reach.sum()), int((disc >= 0).sum()), start, goal)


@register("blind_alley_filler", "Blind Alley Filler", "all", "maze",
          "keep exactly the passages on some solution (biconnected blocks)")
def blind_alley_filler(cells, is_open, start, goal, rng):
    """Blind alley filler: fill everything that is on no solution.

    A passage lies on some solution (a path from start to goal visiting no
    cell twice) exactly when it lies in the same biconnected block as an
    imagined extra passage joining start and goal. One depth-first search with
    low links (Tarjan) over the maze plus that passage labels every block, so
    this finds all solutions and only them in linear time; Pullen's version
    checks each passage separately, which needs no memory but is slow.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).

    Returns
    -------
    dict
        ``kept`` (exactly the passages on some solution), ``steps`` (cells examined),
        ``memory`` (cells labelled by the search).

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(2, 3)
    >>> M = mg.Maze(G, [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 0), (1, 0)), ((1, 0), (1, 1)),
    ...                 ((1, 1), (0, 1)), ((0, 2), (1, 2))], start=(0, 0), goal=(0, 2))
    >>> r = mg.solve(M, "blind_alley_filler")
    >>> sorted(len(p) for p in r.paths())
    [3, 5]

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Blind alley filler", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Hopcroft and R. E. Tarjan, "Algorithm 447: efficient algorithms for graph manipulation",
       Comm. ACM 16(6), 1973.
    """
    m = cells.n_edges
    if start == goal:
        return _result(cells, np.zeros(m, dtype=bool), 1, 0, start, goal)
    edges = np.vstack([cells.edges, np.array([[start, goal]], dtype=np.int32)])
    indptr, neighbors, edge_ids = csr_from_edges(cells.n_cells, edges)
    open2 = np.append(is_open, True)
    disc, _, _, _, _, block, steps = low_points(indptr, neighbors, edge_ids, open2, start, goal)
    kept = (block[:m] == block[m]) & is_open
    return _result(cells, kept, steps, int((disc >= 0).sum()), start, goal)
