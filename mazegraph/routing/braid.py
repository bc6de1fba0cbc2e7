"""Braid mazes: remove a maze's dead ends (the generator ``"braid"`` makes one from scratch)."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import as_generator, bounded, kernel_state
from ..maze import Maze
from ..params import MAZE, SEED, checked
from ..structure.passages import (
    can_open,
    constraints,
    locked_cells,
    open_degree,
    open_edge,
    shuffle,
)
from ._common import FRACTION

__all__ = ["braid"]


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


@checked(MAZE, FRACTION, SEED)
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
