"""Breadth-first search over a maze's open passages (compiled)."""

from __future__ import annotations

import numpy as np

from ._numba import kernel

__all__ = ["bfs_parents", "path_from_parents", "reachable_count"]


@kernel
def bfs_parents(indptr, neighbors, edge_ids, is_open, source, target):
    """Breadth-first search from ``source`` through open edges.

    Returns the parent of every reached cell (``source`` is its own parent,
    unreached cells -1); stops early once ``target`` (-1 for none) is reached.
    """
    n = len(indptr) - 1
    parent = np.full(n, -1, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    parent[source] = source
    queue[0] = source
    head, tail = 0, 1
    while head < tail:
        u = queue[head]
        head += 1
        if u == target:
            break
        for s in range(indptr[u], indptr[u + 1]):
            v = neighbors[s]
            if is_open[edge_ids[s]] and parent[v] < 0:
                parent[v] = u
                queue[tail] = v
                tail += 1
    return parent


def path_from_parents(parent: np.ndarray, source: int, target: int) -> np.ndarray | None:
    """The cells from ``source`` to ``target`` along ``parent`` links, or None."""
    if parent[target] < 0:
        return None
    path = [target]
    while path[-1] != source:
        path.append(int(parent[path[-1]]))
    return np.array(path[::-1], dtype=np.int64)


def reachable_count(parent: np.ndarray) -> int:
    """Number of cells a search reached."""
    return int(np.count_nonzero(parent >= 0))
