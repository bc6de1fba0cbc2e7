"""Randomized Kruskal: join cells through walls taken in random order."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import kernel_state, shuffled_rows
from .._unionfind import root
from ..cellgraph import CellGraph
from ..params import Cells, Number, Param
from ..structure.passages import crosses_open
from .registry import Result, Weave, algorithm
from .weave import weave_kruskal

__all__ = ["kruskal"]


@kernel
def _kruskal(n, edges, crosses, state, entrance, exit_):
    m = edges.shape[0]
    table = np.empty((m, 3), dtype=np.int32)  # u, v, edge id: shuffled together
    for e in range(m):  # element by element: a slice assignment compiles numba's shape-mismatch error formatting
        table[e, 0] = edges[e, 0]
        table[e, 1] = edges[e, 1]
        table[e, 2] = e
    table = shuffled_rows(table, state)
    forest = np.full(n, -1, dtype=np.int32)  # union-find: a root holds minus its set's size
    is_open = np.zeros(m, dtype=np.bool_)
    crossing = len(crosses) > 0
    joined = 0
    for k in range(m):
        if joined == n - 1:
            break
        e = table[k, 2]
        if crossing and crosses_open(e, crosses, is_open):
            continue  # would cross an open diagonal passage
        a = root(forest, table[k, 0])
        b = root(forest, table[k, 1])
        if a == b:
            continue
        if forest[a] > forest[b]:  # union by size, written out: the loop's hot path stays in one function
            a, b = b, a
        forest[a] += forest[b]
        forest[b] = a
        is_open[e] = True
        joined += 1
        if entrance >= 0 and root(forest, entrance) == root(forest, exit_):
            break
    return is_open




UNTIL_CONNECTED = Param(
    "until_connected", Cells(2), None, "stop once these two cells are joined (not a spanning tree)"
)
DENSITY = Param("density", Number(0, 1), 0.3, "weave only: the chance that an under edge becomes a crossing")


@algorithm(
    "kruskal",
    "randomized Kruskal: random wall order, union-find joins sets",
    options=(UNTIL_CONNECTED,),
    crossings=True,
    weave=Weave(weave_kruskal, (DENSITY,)),
    reachable="mazegraph.uniformity.models:kruskal",
)
def kruskal(cells: CellGraph, rng: np.random.Generator, *, until_connected=None):
    """Randomized Kruskal's algorithm.

    Every wall is visited once in random order and opened when the cells on its
    two sides are not yet joined by passages, which a union-find structure (union
    by size, path halving) tells in near-constant time. The walls are shuffled
    cache-friendly (see :func:`mazegraph._random.shuffled_rows`). The result is a
    spanning tree whose texture Pullen rates as having about 30% dead ends; it is
    close to, but not exactly, uniform. On zeta tessellations a diagonal whose
    crossing diagonal is already open is skipped; the orthogonal walls still join
    every cell, so the result is a spanning tree without crossings. On weave
    tessellations it is Buck's weave Kruskal
    (:func:`mazegraph.generators.weave.weave_kruskal`): crossings (a corridor above,
    a tunnel beneath, straight across) are placed first, then the ordinary walls
    are visited as above, so every tunnel passes beneath a straight corridor.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    until_connected : (entrance, exit), optional
        Two cell labels. Stop as soon as they are joined, as in the union-find
        maze of the textbook exercise (Sedgewick and Wayne, *Algorithms*, 4th ed.,
        section 1.5): the result is then *not* a spanning tree (some cells stay
        unreachable), and ``Maze.is_perfect()`` says so. The maze's start and goal
        default to the pair. Not on weave tessellations.
    density : float in [0, 1], optional
        Weave tessellations only: the chance that an under edge becomes a
        crossing when its turn comes and it still fits (default 0.3).

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask (and start/goal hints with ``until_connected``).

    Raises
    ------
    InvalidOptionError
        If ``until_connected`` is not a pair of cells or is given on a weave,
        or ``density`` is given on a tessellation without under edges.

    Examples
    --------
    >>> import mazegraph as mg
    >>> W = mg.generate(mg.tessellations.weave(10, 10), "kruskal", seed=2, density=0.5)
    >>> W.is_perfect(), len(mg.weave_violations(W))
    (True, 0)

    References
    ----------
    .. [1] J. B. Kruskal, "On the shortest spanning subtree of a graph and the
       traveling salesman problem", Proc. AMS 7(1), 1956.
    .. [2] W. D. Pullen, "Maze Algorithms: Kruskal's algorithm", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    entrance = exit_ = -1
    if until_connected is not None:
        entrance, exit_ = (cells.labels.index(label) for label in until_connected)
    crosses = cells.crossings
    mask = _kruskal(cells.n_cells, cells.edges, crosses, kernel_state(rng), entrance, exit_)
    if until_connected is None:
        return mask
    return Result(mask, entrance, exit_)
