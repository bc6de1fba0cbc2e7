"""Union-find over an int array in which roots hold minus their set's size (compiled)."""

from __future__ import annotations

from ._numba import kernel

__all__ = ["root", "join"]


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
def join(forest, a, b):
    """Merge the sets of ``a`` and ``b`` (union by size); False if they were one set already."""
    a = root(forest, a)
    b = root(forest, b)
    if a == b:
        return False
    if forest[a] > forest[b]:  # a holds the larger set
        a, b = b, a
    forest[a] += forest[b]
    forest[b] = a
    return True
