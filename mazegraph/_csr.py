"""Compressed sparse row (CSR) adjacency from an edge list, by counting sort."""

from __future__ import annotations

import numpy as np

from ._numba import kernel

__all__ = ["csr_from_edges"]


@kernel
def _counting_sort(n, edges, indptr, neighbors, edge_ids):
    m = edges.shape[0]
    for e in range(m):
        indptr[edges[e, 0] + 1] += 1
        indptr[edges[e, 1] + 1] += 1
    for i in range(n):
        indptr[i + 1] += indptr[i]
    fill = indptr[:-1].copy()
    for e in range(m):
        u = edges[e, 0]
        v = edges[e, 1]
        neighbors[fill[u]] = v
        edge_ids[fill[u]] = e
        fill[u] += 1
        neighbors[fill[v]] = u
        edge_ids[fill[v]] = e
        fill[v] += 1


def csr_from_edges(n: int, edges: np.ndarray):
    """Return ``(indptr, neighbors, edge_ids)`` for an undirected edge list.

    Cell ``i``'s neighbours are ``neighbors[indptr[i]:indptr[i + 1]]`` and the
    edges leading to them ``edge_ids[indptr[i]:indptr[i + 1]]``, in edge order.
    """
    indptr = np.zeros(n + 1, dtype=np.int64)
    neighbors = np.empty(2 * len(edges), dtype=np.int32)
    edge_ids = np.empty(2 * len(edges), dtype=np.int32)
    _counting_sort(n, edges, indptr, neighbors, edge_ids)
    return indptr, neighbors, edge_ids
