"""Wilson's algorithm: a uniform spanning tree from loop-erased random walks."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state
from ..cellgraph import CellGraph
from .registry import algorithm

__all__ = ["wilson"]


@kernel
def _wilson(indptr, neighbors, edge_ids, state):
    n = len(indptr) - 1
    is_open = np.zeros(len(neighbors) // 2, dtype=np.bool_)
    way = np.zeros(n, dtype=np.int32)  # -1: in the tree; else the last exit (CSR slot) taken
    way[bounded(state, n)] = -1
    for first in range(n):
        u = first
        while way[u] >= 0:  # walk; overwriting the last exit erases loops
            s = indptr[u] + bounded(state, indptr[u + 1] - indptr[u])
            way[u] = s
            u = neighbors[s]
        u = first
        while way[u] >= 0:  # carve the loop-erased path into the tree
            s = way[u]
            way[u] = -1
            is_open[edge_ids[s]] = True
            u = neighbors[s]
    return is_open


@algorithm(
    "wilson",
    "Wilson: loop-erased random walks, every spanning tree equally likely",
    reachable="mazegraph.uniformity.models:wilson",
)
def wilson(cells: CellGraph, rng: np.random.Generator):
    """Wilson's algorithm.

    Starts with one random cell in the maze. From each cell not yet in the maze
    (in index order) it walks at random until it hits the maze, remembering only
    the last exit taken from each cell, which erases every loop the walk made;
    the loop-erased path is then carved in. Every spanning tree of the graph is
    produced with equal probability, whatever the start order.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    References
    ----------
    .. [1] D. B. Wilson, "Generating random spanning trees more quickly than
       the cover time", Proc. STOC 1996, 296-303.
    .. [2] W. D. Pullen, "Maze Algorithms: Wilson's algorithm", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    return _wilson(cells.indptr, cells.neighbors, cells.edge_ids, kernel_state(rng))
