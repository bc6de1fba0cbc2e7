"""Random Hamiltonian paths by backbite moves, on any graph that has one.

A *backbite move* joins an end of the path to one of its other neighbours
on the path and cuts the path where the new loop closes, so that end moves;
kept in an implicit treap (:mod:`.treap`), a move costs O(log n) whatever the
length of the reversed part. :func:`rotation_extension` finds a first path
(Posa's rotation-extension with Warnsdorff's rule) and :func:`hamiltonian_path`
randomizes a first path with backbite moves.

References
----------
.. [1] P. Mansfield, "Jamming in Monte Carlo simulations of dense polymer
   systems", Chem. Phys. Lett. 92(4), 1982 (the backbite move); R. Oberdorf et
   al., "Secondary structures in long compact polymers", Phys. Rev. E 74,
   051801, 2006.
.. [2] L. Posa, "Hamiltonian circuits in random graphs", Discrete Math. 14(4),
   1976 (rotation-extension); H. C. von Warnsdorff, *Des Rösselsprungs
   einfachste und allgemeinste Lösung*, 1823 (fewest onward moves first).
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, next_u64
from .treap import treap_build, treap_first, treap_inorder, treap_merge, treap_position, treap_split

__all__ = ["backbite", "rotation_extension", "hamiltonian_path"]


@kernel(python=False)
def backbite(x0, root, indptr, neighbors, left, right, parent, size, flip, priority, trail, state, nil):
    """One backbite move at the first cell ``x0``; returns the new root.

    Take a random neighbour x_i of x0 on the path; unless it is x0's successor,
    add the edge x0 x_i and remove x_{i-1} x_i: the path becomes x_{i-1} ... x0
    x_i ..., a reversal of its first i cells (split, flag, merge).
    """
    lo = indptr[x0]
    v = neighbors[lo + bounded(state, indptr[x0 + 1] - lo)]  # on the path: x0 has no free neighbour
    i = treap_position(v, left, right, parent, size, flip, trail, nil)
    if i <= 1:
        return root
    a, b = treap_split(root, i, left, right, parent, size, flip, nil)
    flip[a] ^= True
    root = treap_merge(a, b, left, right, parent, size, flip, priority, nil)
    flip[nil] = False
    return root


@kernel(python=False)
def rotation_extension(indptr, neighbors, colour, need, budget, state, left, right, parent, size, flip, priority, trail,
                       nil):
    """One randomized rotation-extension search for a Hamiltonian path; returns (root, cells covered).

    Starts at a random cell of least degree (Warnsdorff's rule; of the colour
    every path must end on, in a bipartite graph with one class larger). Each
    step turns the path around with probability 1/2 and works at its first cell:
    extend it to the free neighbour with the fewest free neighbours (ties at
    random); if it has none, give it up with probability 1/16 (in a bipartite
    graph an end keeps its colour under backbite moves, so this escapes a front
    whose free cells all have the wrong colour), else make a backbite move
    (Posa's rotation). Stops when every cell is covered or after ``budget`` steps.
    """
    n = len(indptr) - 1
    free = np.empty(n, dtype=np.int32)  # free (uncovered) neighbours of each cell
    covered = np.zeros(n, dtype=np.bool_)
    for c in range(n):
        left[c] = nil
        right[c] = nil
        parent[c] = nil
        size[c] = 1
        flip[c] = False
        priority[c] = next_u64(state)
        free[c] = indptr[c + 1] - indptr[c]
    flip[nil] = False
    low = n + 1
    for c in range(n):
        if indptr[c + 1] - indptr[c] < low and (need < 0 or colour[c] == need):
            low = indptr[c + 1] - indptr[c]
    ties = 0
    start = 0
    for c in range(n):
        if indptr[c + 1] - indptr[c] == low and (need < 0 or colour[c] == need):
            ties += 1
            if bounded(state, ties) == 0:
                start = c
    covered[start] = True
    for s in range(indptr[start], indptr[start + 1]):
        free[neighbors[s]] -= 1
    root = start
    count = 1
    steps = 0
    while count < n and steps < budget:
        steps += 1
        if bounded(state, 2) == 0:
            flip[root] ^= True
        x0 = treap_first(root, left, right, flip, nil)
        if free[x0] > 0:
            best = -1
            fewest = n + 1
            ties = 0
            for s in range(indptr[x0], indptr[x0 + 1]):
                v = neighbors[s]
                if not covered[v]:
                    if free[v] < fewest:
                        best = v
                        fewest = free[v]
                        ties = 1
                    elif free[v] == fewest:
                        ties += 1
                        if bounded(state, ties) == 0:
                            best = v
            covered[best] = True
            count += 1
            for s in range(indptr[best], indptr[best + 1]):
                free[neighbors[s]] -= 1
            root = treap_merge(best, root, left, right, parent, size, flip, priority, nil)
            flip[nil] = False
        elif count > 1 and bounded(state, 16) == 0:
            a, root = treap_split(root, 1, left, right, parent, size, flip, nil)
            covered[a] = False
            count -= 1
            for s in range(indptr[a], indptr[a + 1]):
                free[neighbors[s]] += 1
            flip[nil] = False
        else:
            root = backbite(
                x0, root, indptr, neighbors, left, right, parent, size, flip, priority, trail, state, nil
            )
    return root, count


@kernel
def hamiltonian_path(indptr, neighbors, edge_ids, order, colour, need, attempts, budget, moves, state):
    """A random Hamiltonian path: from ``order`` (if it has every cell) or by search, then backbite moves.

    Returns (found, mask, first, last).
    """
    n = len(indptr) - 1
    nil = n
    left = np.full(n + 1, nil, dtype=np.int32)
    right = np.full(n + 1, nil, dtype=np.int32)
    parent = np.full(n + 1, nil, dtype=np.int32)
    size = np.zeros(n + 1, dtype=np.int32)
    flip = np.zeros(n + 1, dtype=np.bool_)
    priority = np.zeros(n + 1, dtype=np.uint64)
    trail = np.empty(n + 1, dtype=np.int32)
    is_open = np.zeros(len(neighbors) // 2, dtype=np.bool_)
    if len(order) == n:
        root = treap_build(order, state, left, right, parent, size, priority, trail, nil)
    else:
        count = 0
        for _ in range(attempts):
            root, count = rotation_extension(
                indptr, neighbors, colour, need, budget, state, left, right, parent, size, flip, priority, trail, nil
            )
            if count == n:
                break
        if count < n:
            return False, is_open, -1, -1
    for _ in range(moves):
        if bounded(state, 2) == 0:
            flip[root] ^= True
        x0 = treap_first(root, left, right, flip, nil)
        root = backbite(x0, root, indptr, neighbors, left, right, parent, size, flip, priority, trail, state, nil)
    path = treap_inorder(root, left, right, flip, trail, n, nil)
    for t in range(n - 1):
        u = path[t]
        w = path[t + 1]
        for s in range(indptr[u], indptr[u + 1]):
            if neighbors[s] == w:
                is_open[edge_ids[s]] = True
                break
    return True, is_open, path[0], path[n - 1]
