"""Breadth-first order and levels over a tessellation's edges (compiled).

The one breadth-first search over the tessellation itself (all edges, or all
but zeta diagonals), used by the cell order of :mod:`.cell_order` and by the
two-colouring of :mod:`.hamiltonian`. Searches through a maze's open passages
are :func:`mazegraph._search.bfs_parents`.
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .passages import has_crossing

__all__ = ["breadth_first"]


@kernel
def breadth_first(indptr, neighbors, edge_ids, crosses, roots):
    """Breadth-first search from each of ``roots`` in turn that no earlier search reached.

    Edges with a crossing partner (``crosses``, zeta diagonals) are left out;
    pass an empty ``crosses`` to use every edge. Neighbours are taken in CSR
    order.

    Parameters
    ----------
    indptr, neighbors, edge_ids : numpy.ndarray
        The tessellation's CSR arrays.
    crosses : numpy.ndarray of int64
        Each edge's crossing partner, or an empty array.
    roots : numpy.ndarray of int
        Where searches start, in order.

    Returns
    -------
    order : numpy.ndarray of int32, shape (n,)
        The cells in the order they were reached; only ``order[:reached]`` is set.
    level : numpy.ndarray of int32, shape (n,)
        Each cell's distance from the root of its search, -1 if unreached.
    reached : int
        How many cells were reached.

    Examples
    --------
    >>> import numpy as np, mazegraph as mg
    >>> from mazegraph.structure import breadth_first
    >>> c = mg.compile_graph(mg.tessellations.orthogonal(2, 3))
    >>> order, level, reached = breadth_first(c.indptr, c.neighbors, c.edge_ids, c.crossings, np.array([0]))
    >>> order.tolist(), level.tolist(), reached
    ([0, 1, 3, 2, 4, 5], [0, 1, 2, 1, 2, 3], 6)
    """
    n = len(indptr) - 1
    order = np.empty(n, dtype=np.int32)
    level = np.full(n, -1, dtype=np.int32)
    head = 0
    tail = 0
    for r in roots:
        if level[r] >= 0:
            continue
        order[tail] = r
        level[r] = 0
        tail += 1
        while head < tail:
            c = order[head]
            head += 1
            for s in range(indptr[c], indptr[c + 1]):
                v = neighbors[s]
                if level[v] < 0 and not has_crossing(edge_ids[s], crosses):
                    level[v] = level[c] + 1
                    order[tail] = v
                    tail += 1
    return order, level, tail
