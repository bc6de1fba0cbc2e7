"""Weave Kruskal: crossings placed first, then Kruskal's walls; tunnels only beneath straight corridors.

This is the :class:`~mazegraph.generators.registry.Weave` variant that
:func:`mazegraph.generate` runs for ``"kruskal"`` on a tessellation with under
edges (:func:`mazegraph.tessellations.weave`), after Jamis Buck's weave mazes;
the passage rule it keeps is in :mod:`mazegraph.structure.passages`. The weave
backtracker is the backtracker's own loop with that rule as its edge test
(:func:`mazegraph.generators.backtracker.weave_backtracker`).
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import kernel_state, uniform
from .._unionfind import join, root
from ..cellgraph import CellGraph
from ..structure.passages import can_open, close_edge, constraints, open_edge, shuffle

__all__ = ["weave_kruskal"]


@kernel
def _weave_kruskal(edges, indptr, neighbors, edge_ids, under, direction, density, state):
    n = len(indptr) - 1
    m = len(edges)
    is_open = np.zeros(m, dtype=np.bool_)
    deg = np.zeros(n, dtype=np.int64)
    locked = np.zeros(n, dtype=np.int64)
    forest = np.full(n, -1, dtype=np.int32)  # union-find (int32 like the other kernels: one compiled root, join)
    no_crossings = np.empty(0, dtype=np.int64)
    # 1. crossings first (Buck): at random cells, a corridor one way above a tunnel the other way
    tunnels = np.empty(m, dtype=np.int64)
    t = 0
    for e in range(m):
        if under[e] >= 0:
            tunnels[t] = e
            t += 1
    tunnels = tunnels[:t]
    shuffle(tunnels, state)
    corridor = np.empty(2, dtype=np.int64)
    for k in range(t):
        e = tunnels[k]
        c = under[e]
        if locked[c] > 0 or deg[c] > 0 or uniform(state) >= density:
            continue
        a = edges[e, 0]
        b = edges[e, 1]
        # the corridor: c's two ordinary edges perpendicular to the tunnel
        found = 0
        for s in range(indptr[c], indptr[c + 1]):
            f = edge_ids[s]
            if under[f] < 0 and direction[f] != direction[e] and found < 2:
                corridor[found] = f
                found += 1
        if found < 2:
            continue
        x = corridor[0]
        y = corridor[1]
        p = edges[x, 0] if edges[x, 0] != c else edges[x, 1]
        q = edges[y, 0] if edges[y, 0] != c else edges[y, 1]
        roots = np.array([root(forest, a), root(forest, b), root(forest, c), root(forest, p), root(forest, q)])
        distinct = True
        for i in range(5):
            for j in range(i):
                if roots[i] == roots[j]:
                    distinct = False
        if not distinct:
            continue
        if not can_open(x, edges, indptr, edge_ids, no_crossings, under, direction, is_open, deg, locked):
            continue
        if not can_open(y, edges, indptr, edge_ids, no_crossings, under, direction, is_open, deg, locked):
            continue
        open_edge(x, edges, under, is_open, deg, locked)
        open_edge(y, edges, under, is_open, deg, locked)
        if not can_open(e, edges, indptr, edge_ids, no_crossings, under, direction, is_open, deg, locked):
            close_edge(x, edges, under, is_open, deg, locked)  # undo (cannot happen with the checks above)
            close_edge(y, edges, under, is_open, deg, locked)
            continue
        open_edge(e, edges, under, is_open, deg, locked)
        join(forest, c, p)
        join(forest, c, q)
        join(forest, a, b)
    # 2. Kruskal over the ordinary walls, never at a cell above a tunnel
    order = np.empty(m, dtype=np.int64)
    k = 0
    for e in range(m):
        if under[e] < 0:
            order[k] = e
            k += 1
    order = order[:k]
    shuffle(order, state)
    for i in range(k):
        e = order[i]
        if is_open[e]:
            continue
        if root(forest, edges[e, 0]) == root(forest, edges[e, 1]):
            continue
        if not can_open(e, edges, indptr, edge_ids, no_crossings, under, direction, is_open, deg, locked):
            continue
        open_edge(e, edges, under, is_open, deg, locked)
        join(forest, edges[e, 0], edges[e, 1])
    return is_open


def weave_kruskal(cells: CellGraph, rng: np.random.Generator, *, density=0.3):
    """Randomized Kruskal on a weave tessellation, with valid crossings placed first.

    Following Buck's weave Kruskal: the under edges are visited in random order
    and each one, with probability ``density``, becomes a crossing when the
    crossed cell and its four neighbours are still in five separate sets and no
    tunnel or corridor already touches them: the crossed cell is joined to its
    two neighbours across the tunnel (a straight corridor) and the tunnel joins
    the other two. Then Kruskal's algorithm runs over the ordinary walls, never
    opening one at a cell above a tunnel. The result is a spanning tree of the
    weave graph in which every tunnel passes beneath a straight corridor across
    it and ends at cells on the surface.

    Parameters
    ----------
    cells : CellGraph
        A weave tessellation (``mazegraph.generate(G, "kruskal")`` runs this).
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    density : float in [0, 1], default 0.3
        The chance that an under edge, when its turn comes and it still fits,
        becomes a crossing.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Raises
    ------
    InvalidOptionError
        If ``density`` is not a number in [0, 1].

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.weave(8, 8), "kruskal", seed=1)
    >>> M.is_perfect(), len(mg.weave_violations(M))
    (True, 0)

    References
    ----------
    .. [1] J. Buck, "Maze Generation: More weave mazes" (weave Kruskal), 2011,
       https://weblog.jamisbuck.org/2011/3/17/maze-generation-more-weave-mazes
    .. [2] W. D. Pullen, "Maze Classification: Dimension (weave)" and "Maze
       Algorithms: Kruskal's algorithm", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    _, under, direction = constraints(cells)
    return _weave_kruskal(
        cells.edges, cells.indptr, cells.neighbors, cells.edge_ids, under, direction, density, kernel_state(rng)
    )
