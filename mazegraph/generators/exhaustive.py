"""Exhaustive search for a Hamiltonian path: backtracking from every start cell, next cells by Warnsdorff's rule.

Settles small graphs for which the randomized search of :mod:`.backbite` found
no path: it either finds one or proves there is none.

References
----------
.. [1] H. C. von Warnsdorff, *Des Rösselsprungs einfachste und allgemeinste
   Lösung*, 1823 (fewest onward moves first).
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel

__all__ = ["exhaustive_search"]


@kernel
def exhaustive_search(indptr, neighbors, budget):
    """Depth-first search with backtracking over every start cell, next cells by Warnsdorff's rule.

    Returns (status, order): 1 found, 0 none exists (the search was complete),
    -1 gave up after ``budget`` steps. Meant for small graphs.
    """
    n = len(indptr) - 1
    order = np.empty(n, dtype=np.int32)
    most = 0
    for c in range(n):
        most = max(most, indptr[c + 1] - indptr[c])
    options = np.empty((n, most), dtype=np.int32)  # the cells still to try after order[d]
    left_to_try = np.zeros(n, dtype=np.int32)
    free = np.empty(n, dtype=np.int32)
    visited = np.zeros(n, dtype=np.bool_)
    starts = np.argsort(indptr[1:] - indptr[:-1], kind="mergesort")
    steps = 0
    for start in starts:
        for c in range(n):
            free[c] = indptr[c + 1] - indptr[c]
            visited[c] = False
        depth = 0
        v = start
        while True:
            visited[v] = True  # enter v at position depth
            order[depth] = v
            for s in range(indptr[v], indptr[v + 1]):
                free[neighbors[s]] -= 1
            if depth == n - 1:
                return 1, order
            k = 0
            for s in range(indptr[v], indptr[v + 1]):
                w = neighbors[s]
                if not visited[w]:
                    j = k  # insertion sort, most free neighbours first: tried last
                    while j > 0 and free[options[depth, j - 1]] < free[w]:
                        options[depth, j] = options[depth, j - 1]
                        j -= 1
                    options[depth, j] = w
                    k += 1
            left_to_try[depth] = k
            while depth >= 0 and left_to_try[depth] == 0:  # leave exhausted cells
                u = order[depth]
                visited[u] = False
                for s in range(indptr[u], indptr[u + 1]):
                    free[neighbors[s]] += 1
                depth -= 1
            if depth < 0:
                break
            steps += 1
            if steps > budget:
                return -1, order
            left_to_try[depth] -= 1
            v = options[depth, left_to_try[depth]]
            depth += 1
    return 0, order
