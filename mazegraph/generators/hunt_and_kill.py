"""Hunt-and-kill: a random walk that carves until stuck, then hunts for a cell next to the maze."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state
from ..cellgraph import CellGraph
from ..errors import UnsupportedError
from ..structure.passages import crosses_open
from ..structure.scan import scan_orders
from .registry import algorithm

__all__ = ["hunt_and_kill"]

# Lowest set bit of a 64-bit word by de Bruijn multiplication (Leiserson, Prokop and Randall, "Using de Bruijn
# sequences to index a 1 in a computer word", 1998): the isolated bit times the sequence puts a distinct 6-bit
# pattern in the top bits.
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_BIT_INDEX = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _BIT_INDEX[((1 << _i) * int(_DEBRUIJN) % 2**64) >> 58] = _i
del _i


@kernel(python=False)
def _lowest_bit(x):
    return _BIT_INDEX[((x & (~x + np.uint64(1))) * _DEBRUIJN) >> np.uint64(58)]


@kernel(python=False)
def _highest_bit(x):
    x |= x >> np.uint64(1)
    x |= x >> np.uint64(2)
    x |= x >> np.uint64(4)
    x |= x >> np.uint64(8)
    x |= x >> np.uint64(16)
    x |= x >> np.uint64(32)
    return _lowest_bit(x ^ (x >> np.uint64(1)))


# A set of positions 0..n-1 as a hierarchical bitset: level 0 has one bit per position, each higher level one bit
# per word of the level below (set while that word is nonzero), up to a single word. Adding, removing and finding
# the first or last member each touch one word per level (four levels cover 16 million cells).


def _levels(n: int) -> np.ndarray:
    """Word offsets of each level in one flat array (the last entry is the total length).

    Plain Python, computed once per maze and passed to the kernels: a kernel would only add compile time.
    """
    sizes = [(n + 63) >> 6]
    while sizes[-1] > 1:
        sizes.append((sizes[-1] + 63) >> 6)
    return np.cumsum([0, *sizes], dtype=np.int64)


@kernel
def _add(bits, offsets, p):
    for level in range(len(offsets) - 1):
        w = offsets[level] + (p >> 6)
        old = bits[w]
        bits[w] = old | (np.uint64(1) << np.uint64(p & 63))
        if old != 0:
            return
        p >>= 6


@kernel
def _remove(bits, offsets, p):
    for level in range(len(offsets) - 1):
        w = offsets[level] + (p >> 6)
        word = bits[w] & ~(np.uint64(1) << np.uint64(p & 63))
        bits[w] = word
        if word != 0:
            return
        p >>= 6


@kernel
def _first(bits, offsets, last):
    """The smallest member (the largest if ``last``), or -1 if the set is empty."""
    top = len(offsets) - 2
    word = bits[offsets[top]]
    if word == 0:
        return -1
    p = _highest_bit(word) if last else _lowest_bit(word)
    for level in range(top - 1, -1, -1):
        word = bits[offsets[level] + p]
        p = (p << 6) + (_highest_bit(word) if last else _lowest_bit(word))
    return p


@kernel(python=False)
def _join(v, visited, indptr, neighbors, ranks, bits, offsets):
    """Put ``v`` in the maze: it stops being huntable and its outside neighbours become huntable."""
    visited[v] = True
    for k in range(ranks.shape[0]):
        _remove(bits[k], offsets, ranks[k, v])
    for s in range(indptr[v], indptr[v + 1]):
        w = neighbors[s]
        if not visited[w]:
            for k in range(ranks.shape[0]):
                _add(bits[k], offsets, ranks[k, w])


@kernel
def _hunt_and_kill(indptr, neighbors, edge_ids, crosses, orders, offsets, state):
    n = len(indptr) - 1
    is_open = np.zeros(len(neighbors) // 2, dtype=np.bool_)
    if n == 0:
        return is_open, 0
    if orders.shape[0] == 0:  # no geometry: one random scan order
        orders = np.empty((1, n), dtype=np.int32)
        for i in range(n):
            j = bounded(state, i + 1)
            orders[0, i] = orders[0, j]
            orders[0, j] = i
    n_orders = orders.shape[0]
    ranks = np.empty((n_orders, n), dtype=np.int32)
    for k in range(n_orders):
        for i in range(n):
            ranks[k, orders[k, i]] = i
    bits = np.zeros((n_orders, offsets[-1]), dtype=np.uint64)  # huntable cells (outside, next to the maze)
    visited = np.zeros(n, dtype=np.bool_)
    max_degree = 0
    for u in range(n):
        max_degree = max(max_degree, indptr[u + 1] - indptr[u])
    slots = np.empty(max(max_degree, 1), dtype=np.int64)
    u = bounded(state, n)
    _join(u, visited, indptr, neighbors, ranks, bits, offsets)
    joined = 1
    hunts = 0
    while True:
        while True:  # kill: walk into random unvisited neighbours until stuck
            k = 0
            for s in range(indptr[u], indptr[u + 1]):
                if visited[neighbors[s]] or crosses_open(edge_ids[s], crosses, is_open):
                    continue
                slots[k] = s
                k += 1
            if k == 0:
                break
            s = slots[bounded(state, k)]
            is_open[edge_ids[s]] = True
            u = neighbors[s]
            _join(u, visited, indptr, neighbors, ranks, bits, offsets)
            joined += 1
        # hunt: the first huntable cell in this hunt's scan order (orders in turn, forwards, then backwards)
        order = hunts % n_orders
        backwards = (hunts // n_orders) % 2 == 1
        found = False
        while True:
            p = _first(bits[order], offsets, backwards)
            if p < 0:
                break
            v = orders[order, p]
            k = 0
            for s in range(indptr[v], indptr[v + 1]):
                if not visited[neighbors[s]] or crosses_open(edge_ids[s], crosses, is_open):
                    continue
                slots[k] = s
                k += 1
            if k == 0:  # every way in is crossed (zeta): not huntable until another neighbour joins
                for j in range(n_orders):
                    _remove(bits[j], offsets, ranks[j, v])
                continue
            s = slots[bounded(state, k)]
            is_open[edge_ids[s]] = True
            u = v
            _join(u, visited, indptr, neighbors, ranks, bits, offsets)
            joined += 1
            found = True
            break
        if not found:
            break
        hunts += 1
    return is_open, joined


@algorithm(
    "hunt_and_kill",
    "hunt-and-kill: random walk into new cells; when stuck, scan for a cell next to the maze",
    crossings=True,
    reachable="mazegraph.uniformity.models:hunt_and_kill",
)
def hunt_and_kill(cells: CellGraph, rng: np.random.Generator):
    """Hunt-and-kill.

    Starts at a random cell and walks ("kill" mode), each step carving into a
    random neighbour not yet in the maze. When the current cell has none, it
    "hunts": it scans the cells in a fixed order for the first one outside the
    maze with a neighbour inside it, carves between the two (a random such
    neighbour) and walks on from there. It is done when no cell outside the
    maze is left. Pullen rates the texture as about 11% dead ends with a long
    winding solution (about 9.5% of the cells of a 100 x 100 maze), close to
    the recursive backtracker's. Mazes from this implementation have about 10%
    dead ends and a shorter solution, about 5.5% of a 100 x 100 maze (the same
    with a plain row-major hunt). As a wall adder (``focus="wall"``) it runs on
    the wall graph, which has no drawing, so it hunts in a random order; that
    gives about 22% dead ends, against Pullen's 21%.

    A plain row-major scan always finds cells near the top first, so here the
    hunts take four scans in turn: row-major from the top left, column-major
    from the top left, then the same two backwards (from the bottom right),
    which treats opposite sides alike. Tessellations without a 2D drawing or
    coordinate labels get one random scan order per maze (see
    :func:`mazegraph.structure.scan_orders`). Instead of rescanning from the first cell, the cells
    that can be hunted (outside the maze, next to it) are kept in a bitset per
    scan order, indexed by scan position, with a summary bit per 64-bit word
    on each level above: a cell is added when a neighbour joins the maze and
    removed when it joins, and the first (or last) one is found in a few word
    operations, so the whole hunt costs time linear in the number of cells.

    On zeta tessellations a diagonal whose crossing diagonal is open is never
    carved, in the walk or in the hunt; a hunted cell whose every way in is
    crossed is dropped until another neighbour joins the maze. Every cell
    still joins through an orthogonal neighbour, so the result is a spanning
    tree without crossings.

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

    Raises
    ------
    UnsupportedError
        If some cell could not be reached (never on a connected graph).

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.theta(8), "hunt_and_kill", seed=5)
    >>> M.is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Hunt and kill", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf, 2015, ch. 5;
       J. Buck, "Maze Generation: Hunt-and-Kill algorithm", The Buckblog,
       24 Jan 2011.
    """
    crosses = cells.crossings
    mask, joined = _hunt_and_kill(
        cells.indptr, cells.neighbors, cells.edge_ids, crosses, scan_orders(cells), _levels(cells.n_cells),
        kernel_state(rng),
    )
    if joined != cells.n_cells:
        raise UnsupportedError(
            f"hunt_and_kill reached {joined} of {cells.n_cells} cells of this {cells.name} graph; "
            "it needs a connected graph"
        )
    return mask
