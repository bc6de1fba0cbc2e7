"""An implicit treap with lazy reversal: a sequence of the items 0..n-1 that reverses any prefix in O(log n).

Node ``x`` is item ``x``; its in-order position is its place in the sequence.
A lazy ``flip`` flag reverses a whole subtree, so reversing the first ``i``
items is one split, one flag and one merge: O(log n) expected, where an array
would move up to n / 2 items. The tree lives in arrays of length ``n + 1``
(``left``, ``right``, ``parent``, ``size``, ``flip``, ``priority``); index
``nil = n`` is the empty tree (size 0) and the root's parent. The backbite
moves of :mod:`.backbite` keep a Hamiltonian path in one.

References
----------
.. [1] R. Seidel and C. R. Aragon, "Randomized search trees", Algorithmica 16,
   1996 (treaps).
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import next_u64

__all__ = [
    "treap_push",
    "treap_split",
    "treap_merge",
    "treap_position",
    "treap_build",
    "treap_first",
    "treap_inorder",
]


@kernel(python=False)
def treap_push(x, left, right, flip):
    """Resolve node ``x``'s pending flip: swap its children and pass the flag down to them."""
    if flip[x]:
        a = left[x]
        left[x] = right[x]
        right[x] = a
        flip[left[x]] ^= True
        flip[right[x]] ^= True
        flip[x] = False


@kernel(python=False)
def _resize(x, left, right, parent, size, nil):
    """Recount the subtree sizes from ``x`` up to the root."""
    while x != nil:
        size[x] = 1 + size[left[x]] + size[right[x]]
        x = parent[x]


@kernel(python=False)
def treap_split(t, k, left, right, parent, size, flip, nil):
    """Split tree ``t`` into its first ``k`` items and the rest; return both roots."""
    root_a = nil
    root_b = nil
    last_a = nil  # the tree of the first k grows down its right spine, the other down its left
    last_b = nil
    x = t
    while x != nil:
        treap_push(x, left, right, flip)
        below = size[left[x]]
        if k <= below:
            if last_b == nil:
                root_b = x
            else:
                left[last_b] = x
            parent[x] = last_b
            last_b = x
            x = left[x]
        else:
            k -= below + 1
            if last_a == nil:
                root_a = x
            else:
                right[last_a] = x
            parent[x] = last_a
            last_a = x
            x = right[x]
    if last_a != nil:
        right[last_a] = nil
        _resize(last_a, left, right, parent, size, nil)
    if last_b != nil:
        left[last_b] = nil
        _resize(last_b, left, right, parent, size, nil)
    return root_a, root_b


@kernel(python=False)
def treap_merge(a, b, left, right, parent, size, flip, priority, nil):
    """Join tree ``a`` and tree ``b`` (all of a first); return the root."""
    root = nil
    last = nil
    to_right = True
    while a != nil and b != nil:
        if priority[a] > priority[b]:
            treap_push(a, left, right, flip)
            x = a
            a = right[a]
            side = True
        else:
            treap_push(b, left, right, flip)
            x = b
            b = left[b]
            side = False
        if last == nil:
            root = x
        elif to_right:
            right[last] = x
        else:
            left[last] = x
        parent[x] = last
        last = x
        to_right = side
    rest = a if a != nil else b
    if last == nil:
        return rest
    if to_right:
        right[last] = rest
    else:
        left[last] = rest
    if rest != nil:
        parent[rest] = last
    _resize(last, left, right, parent, size, nil)
    return root


@kernel(python=False)
def treap_position(v, left, right, parent, size, flip, trail, nil):
    """The position of cell ``v`` on the path (pending flips above it resolved first)."""
    depth = 0
    x = v
    while x != nil:
        trail[depth] = x
        depth += 1
        x = parent[x]
    for d in range(depth - 1, -1, -1):
        treap_push(trail[d], left, right, flip)
    i = size[left[v]]
    for d in range(1, depth):
        p = trail[d]
        if right[p] == trail[d - 1]:
            i += 1 + size[left[p]]
    return i


@kernel(python=False)
def treap_build(order, state, left, right, parent, size, priority, stack, nil):
    """Build the treap of ``order`` with random priorities (a Cartesian tree, O(n)); return the root."""
    n = len(order)
    top = 0
    for t in range(n):
        x = order[t]
        priority[x] = next_u64(state)
        last = nil
        while top > 0 and priority[stack[top - 1]] < priority[x]:
            top -= 1
            last = stack[top]
        left[x] = last
        right[x] = nil
        if last != nil:
            parent[last] = x
        if top > 0:
            right[stack[top - 1]] = x
            parent[x] = stack[top - 1]
        else:
            parent[x] = nil
        stack[top] = x
        top += 1
    root = stack[0]
    _postorder_sizes(root, left, right, size, stack, nil)
    return root


@kernel(python=False)
def _postorder_sizes(root, left, right, size, stack, nil):
    """Count every subtree's size, children before parents (``stack`` is scratch space)."""
    n = len(stack)
    pre = np.empty(n, dtype=np.int32)
    stack[0] = root
    top = 1
    k = 0
    while top > 0:
        top -= 1
        x = stack[top]
        pre[k] = x
        k += 1
        if left[x] != nil:
            stack[top] = left[x]
            top += 1
        if right[x] != nil:
            stack[top] = right[x]
            top += 1
    for j in range(k - 1, -1, -1):  # children before parents
        x = pre[j]
        size[x] = 1 + size[left[x]] + size[right[x]]


@kernel(python=False)
def treap_first(root, left, right, flip, nil):
    """The first item of tree ``root`` (pending flips on the way resolved)."""
    x = root
    treap_push(x, left, right, flip)
    while left[x] != nil:
        x = left[x]
        treap_push(x, left, right, flip)
    return x


@kernel(python=False)
def treap_inorder(root, left, right, flip, trail, n, nil):
    """The items of tree ``root`` in order (pending flips resolved on the way); ``trail`` is scratch space."""
    path = np.empty(n, dtype=np.int32)
    top = 0
    k = 0
    x = root
    while top > 0 or x != nil:
        while x != nil:
            treap_push(x, left, right, flip)
            trail[top] = x
            top += 1
            x = left[x]
        top -= 1
        x = trail[top]
        path[k] = x
        k += 1
        x = right[x]
    return path
