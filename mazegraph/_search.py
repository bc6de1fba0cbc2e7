"""Searches over a maze's open passages (compiled): breadth-first layers and depth-first low points.

Every flood in mazegraph (paths, reachability, the shortest-path solvers, the
sparse regrower's look-ahead) grows through :func:`flood_layer`, and both
users of Tarjan's low points (bottlenecks, the blind-alley solvers) call
:func:`low_points`.
"""

from __future__ import annotations

import numpy as np

from ._numba import kernel

__all__ = [
    "flood_layer",
    "breadth_first",
    "bfs_parents",
    "path_from_parents",
    "reachable_count",
    "low_points",
]


@kernel(python=False)
def flood_layer(indptr, neighbors, edge_ids, is_open, dist, parent, queue, head, tail):
    """Expand one breadth-first layer, the cells ``queue[head:tail]``; returns the new tail.

    Every neighbour ``v`` of a layer cell ``u`` through an open edge that has
    no distance yet (``dist[v] < 0``) gets ``dist[u] + 1``, parent ``u`` (when
    ``parent`` is not empty) and a place at the end of the queue, in the
    order found (Moore's layer-by-layer flood).

    References
    ----------
    .. [1] E. F. Moore, "The shortest path through a maze", Proc. Int. Symp.
       Switching Theory, 1959.
    """
    record = len(parent) > 0
    end = tail
    for i in range(head, end):
        u = queue[i]
        for s in range(indptr[u], indptr[u + 1]):
            v = neighbors[s]
            if is_open[edge_ids[s]] and dist[v] < 0:
                dist[v] = dist[u] + 1
                if record:
                    parent[v] = u
                queue[tail] = v
                tail += 1
    return tail


@kernel
def breadth_first(indptr, neighbors, edge_ids, is_open, source, target):
    """Breadth-first search from ``source`` through open edges, until ``target``'s layer is found.

    Layers are expanded whole (:func:`flood_layer`) until ``target`` has a
    distance (``target = -1``: until nothing is left).

    Returns ``(dist, parent, order, expanded)``: each cell's distance in
    passages and its parent (``source`` its own parent; -1 for both where not
    reached), the reached cells in the order found (``source`` first), and how
    many of them were expanded.
    """
    n = len(indptr) - 1
    dist = np.full(n, -1, dtype=np.int64)
    parent = np.full(n, -1, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    dist[source] = 0
    parent[source] = source
    queue[0] = source
    head, tail = 0, 1
    while head < tail and (target < 0 or dist[target] < 0):
        end = tail
        tail = flood_layer(indptr, neighbors, edge_ids, is_open, dist, parent, queue, head, tail)
        head = end
    return dist, parent, queue[:tail], head


def bfs_parents(indptr, neighbors, edge_ids, is_open, source: int, target: int) -> np.ndarray:
    """The parents of :func:`breadth_first` (``source`` its own parent, unreached cells -1)."""
    return breadth_first(indptr, neighbors, edge_ids, is_open, source, target)[1]


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


@kernel
def low_points(indptr, neighbors, edge_ids, is_open, root, target):
    """Tarjan's depth-first search from ``root`` through open edges: low points and biconnected blocks.

    Iterative, neighbours in CSR order. Returns ``(disc, low, parent, via,
    has_target, block, steps)``: discovery order (``root`` 0, -1 where not
    reached), low point (the earliest discovery a cell's subtree reaches back
    to over one non-tree passage), tree parent and the tree edge into each
    cell (-1 at the root), whether a cell's subtree holds ``target``, each
    edge's biconnected block (-1 where not reached) and the cells discovered
    after the root. A tree edge ``parent -> v`` is a bridge when
    ``low[v] > disc[parent]``; ``parent`` separates ``v``'s subtree when
    ``low[v] >= disc[parent]``.

    References
    ----------
    .. [1] R. E. Tarjan, "Depth-first search and linear graph algorithms", SIAM
       J. Comput. 1(2), 146-160, 1972.
    .. [2] J. Hopcroft and R. E. Tarjan, "Algorithm 447: efficient algorithms
       for graph manipulation", Comm. ACM 16(6), 372-378, 1973.
    """
    n = len(indptr) - 1
    m = len(is_open)
    disc = np.full(n, -1, dtype=np.int64)
    low = np.zeros(n, dtype=np.int64)
    parent = np.full(n, -1, dtype=np.int64)
    via = np.full(n, -1, dtype=np.int64)
    has_target = np.zeros(n, dtype=np.bool_)
    block = np.full(m, -1, dtype=np.int64)
    cursor = indptr[:-1].copy()
    estack = np.empty(m, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    etop, nblocks, clock, steps = 0, 0, 1, 0
    disc[root] = 0
    has_target[root] = root == target
    stack[0] = root
    top = 1
    while top > 0:
        u = stack[top - 1]
        if cursor[u] < indptr[u + 1]:
            k = cursor[u]
            cursor[u] += 1
            e = edge_ids[k]
            if not is_open[e] or e == via[u]:
                continue
            v = neighbors[k]
            if disc[v] < 0:
                steps += 1
                parent[v] = u
                via[v] = e
                disc[v] = clock
                low[v] = clock
                clock += 1
                has_target[v] = v == target
                estack[etop] = e
                etop += 1
                stack[top] = v
                top += 1
            elif disc[v] < disc[u]:
                low[u] = min(low[u], disc[v])
                estack[etop] = e
                etop += 1
        else:
            top -= 1
            if top > 0:
                p = stack[top - 1]
                low[p] = min(low[p], low[u])
                if has_target[u]:
                    has_target[p] = True
                if low[u] >= disc[p]:
                    while etop > 0:
                        etop -= 1
                        f = estack[etop]
                        block[f] = nblocks
                        if f == via[u]:
                            break
                    nblocks += 1
    return disc, low, parent, via, has_target, block, steps
