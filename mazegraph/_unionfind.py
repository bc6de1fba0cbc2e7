"""Union-find over an int32 array in which roots hold minus their set's size (compiled).

The one representation of disjoint sets in the kernels: ``np.full(n, -1,
dtype=np.int32)`` is ``n`` sets of one item. :func:`join` merges by size;
:func:`attach` and :func:`link` merge in a given direction (the second set's
root stays the root), for kernels whose output depends on which item is a root. Every forest is int32, so each helper is
compiled once (see :mod:`mazegraph._numba`).
"""

from __future__ import annotations

from ._numba import kernel

__all__ = ["root", "join", "attach", "link"]


@kernel(python=False)
def root(forest, a):
    """The root of ``a``'s set, halving the path on the way (``forest[root] < 0``)."""
    while forest[a] >= 0:
        parent = forest[a]
        if forest[parent] >= 0:
            forest[a] = forest[parent]  # path halving
        a = parent
    return a


@kernel(python=False)
def link(forest, a, b):
    """Make root ``a``'s set part of root ``b``'s (``a != b``); ``b`` stays the root."""
    forest[b] += forest[a]
    forest[a] = b


@kernel(python=False)
def attach(forest, a, b):
    """Merge ``a``'s set into ``b``'s (``b``'s root stays the root); False if they were one set already."""
    a = root(forest, a)
    b = root(forest, b)
    if a == b:
        return False
    link(forest, a, b)
    return True


@kernel(python=False)
def join(forest, a, b):
    """Merge the sets of ``a`` and ``b`` (union by size); False if they were one set already."""
    a = root(forest, a)
    b = root(forest, b)
    if forest[a] > forest[b]:  # a holds the larger set
        a, b = b, a
    return attach(forest, b, a)
