"""Binary Tree: every cell opens one passage towards a cell that comes earlier in an ordering."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state, uniform
from ..cellgraph import CellGraph
from ..params import Choice, Number, Param
from ..structure.cell_order import ORDERS, cell_order
from ..structure.dual import grow_root, slot_ends
from ..structure.passages import crosses_open
from .registry import algorithm

__all__ = ["binary_tree"]


@kernel
def _binary_tree(indptr, neighbors, edge_ids, order, kind, crosses, p_up, state):
    """``kind[s]``: -1 when slot ``s`` leads to a later cell, 1 to an earlier one up, 0 to the side."""
    n = len(indptr) - 1
    is_open = np.zeros(len(neighbors) // 2, dtype=np.bool_)
    for k in range(1, n):
        c = order[k]
        n_up = 0
        n_side = 0
        for s in range(indptr[c], indptr[c + 1]):
            if kind[s] >= 0 and not crosses_open(edge_ids[s], crosses, is_open):
                if kind[s] == 1:
                    n_up += 1
                else:
                    n_side += 1
        if p_up < 0.0:  # uniform over all earlier neighbours
            which = 2
            j = bounded(state, n_up + n_side)
        else:
            if n_up > 0 and (n_side == 0 or uniform(state) < p_up):
                which = 1
                j = bounded(state, n_up)
            else:
                which = 0
                j = bounded(state, n_side)
        for s in range(indptr[c], indptr[c + 1]):
            if kind[s] >= 0 and (which == 2 or kind[s] == which) and not crosses_open(edge_ids[s], crosses, is_open):
                if j == 0:
                    is_open[edge_ids[s]] = True
                    break
                j -= 1
    return is_open


def slot_kinds(cells: CellGraph, order: str = "auto") -> tuple[np.ndarray, np.ndarray]:
    """The order Binary Tree visits the cells in, and what each CSR slot leads to.

    On a tessellation: :func:`~mazegraph.structure.cell_order.cell_order`'s
    order, and for each slot ``u -> v`` -1 when ``v`` comes later, 1 when it is
    earlier and up (an earlier level), 0 when it is earlier to the side. On a
    wall dual (``focus="wall"``) with ``order="auto"``: the boundary first,
    then the posts row by row from the top, each left to right; a wall leads up
    when its other post is higher, to the side when level and to the left, so
    every post adds a wall up or left as in Pullen's Daedalus, walls to the
    boundary included (a wall to the right or down to the boundary is not
    earlier). Falls back to breadth-first from the boundary when some post would
    have no wall up or left. Computed once per tessellation and order.

    Returns
    -------
    order : numpy.ndarray of int32
    kind : numpy.ndarray of int8, indexed like ``cells.neighbors``
    """
    return cells.memo(("binary_tree_slots", order), lambda: _slot_kinds(cells, order))


def _slot_kinds(cells: CellGraph, order: str) -> tuple[np.ndarray, np.ndarray]:
    owner = np.repeat(np.arange(cells.n_cells), np.diff(cells.indptr))
    root = grow_root(cells)
    ends = slot_ends(cells)
    if root >= 0 and order == "auto" and ends is not None and cells.n_cells > 1:
        near, far = (np.round(x, 6) for x in ends)
        up = far[:, 1] > near[:, 1]
        side = (far[:, 1] == near[:, 1]) & (far[:, 0] < near[:, 0])
        kind = np.where(up, 1, np.where(side, 0, -1)).astype(np.int8)
        kind[owner == root] = -1
        posts = np.flatnonzero(np.arange(cells.n_cells) != root)
        earlier = np.bincount(owner[kind >= 0], minlength=cells.n_cells)
        if (earlier[posts] > 0).all():
            xy = near[cells.indptr[posts]]
            by_rows = posts[np.lexsort((xy[:, 0], -xy[:, 1]))]
            return np.concatenate([[root], by_rows]).astype(np.int32), kind
    _, ordered, rank, level = cell_order(cells, order)
    v = cells.neighbors
    kind = np.where(rank[v] < rank[owner], (level[v] < level[owner]).astype(np.int8), -1).astype(np.int8)
    return ordered, kind


def earlier_edges(cells: CellGraph, order: str = "auto") -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each cell's edges to earlier cells, listed once per tessellation and order (for :func:`_binary_tree_lists`).

    For the ``k``-th cell of :func:`slot_kinds`'s order (``k >= 1``), its edges
    to earlier neighbours are ``edges[ptr[k - 1]:ptr[k]]`` in CSR slot order, and
    ``grouped[ptr[k - 1]:ptr[k]]`` holds the same edges, the ``n_up[k - 1]`` up
    ones first, then the side ones, each kind in slot order: the lists the
    general kernel :func:`_binary_tree` walks for every cell of every maze, as
    it must when zeta crossings can close an edge while carving.

    Returns
    -------
    ptr : numpy.ndarray of int64, shape (n_cells,)
    edges, grouped : numpy.ndarray of int32
    n_up : numpy.ndarray of int32, shape (n_cells - 1,)
    """
    return cells.memo(("binary_tree_edges", order), lambda: _earlier_edges(cells, *slot_kinds(cells, order)))


def _earlier_edges(cells: CellGraph, ordered: np.ndarray, kind: np.ndarray):
    later = ordered[1:cells.n_cells]
    starts, counts = cells.indptr[later], np.diff(cells.indptr)[later]
    first = np.cumsum(counts) - counts
    slot = np.repeat(starts - first, counts) + np.arange(counts.sum())  # every slot of every cell, cell by cell
    k = np.repeat(np.arange(len(later)), counts)
    keep = kind[slot] >= 0
    slot, k = slot[keep], k[keep]
    up = kind[slot] == 1
    ptr = np.zeros(len(later) + 1, dtype=np.int64)
    np.cumsum(np.bincount(k, minlength=len(later)), out=ptr[1:])
    edges = cells.edge_ids[slot].astype(np.int32)
    grouped = edges[np.lexsort((~up, k))]  # stable: up before side within a cell, slot order within a kind
    n_up = np.bincount(k[up], minlength=len(later)).astype(np.int32)
    return ptr, edges, grouped, n_up


@kernel
def _binary_tree_lists(ptr, edges, grouped, n_up, n_edges, p_up, state):
    """:func:`_binary_tree` over :func:`earlier_edges`' lists: the same draws, and the same maze, without crossings."""
    is_open = np.zeros(n_edges, dtype=np.bool_)
    for k in range(len(ptr) - 1):
        lo = ptr[k]
        total = ptr[k + 1] - lo
        if p_up < 0.0:
            j = bounded(state, total)
            if j < total:
                is_open[edges[lo + j]] = True
        else:
            ups = n_up[k]
            sides = total - ups
            if ups > 0 and (sides == 0 or uniform(state) < p_up):
                is_open[grouped[lo + bounded(state, ups)]] = True
            else:
                j = bounded(state, sides)
                if j < sides:
                    is_open[grouped[lo + ups + j]] = True
    return is_open


P_UP = Param("p_up", Number(0, 1), None, "chance of an up neighbour when a cell has both kinds (None: uniform)")
ORDER = Param("order", Choice(ORDERS), "auto", "the cell ordering: rows when they work, breadth-first otherwise")


@algorithm(
    "binary_tree",
    "Binary Tree: each cell opens towards an earlier neighbour (north or west on a square grid)",
    options=(P_UP, ORDER),
    crossings=True,
    check_options=lambda cells, options: cell_order(cells, options["order"]),
    reachable="mazegraph.uniformity.models:binary_tree",
)
def binary_tree(cells: CellGraph, rng: np.random.Generator, *, p_up=None, order="auto"):
    """Binary Tree.

    Puts the cells in an order and lets every cell except the first open one
    passage to a neighbour that comes earlier, chosen at random; each cell
    then has exactly one passage towards the first, so the result is always a
    spanning tree. On a square grid taken row by row the earlier neighbours are
    north and west: the textbook maze, with an unbroken corridor along the top
    row and the left column and every path running diagonally towards the
    upper-left corner. Pullen rates it at about 25% dead ends with very short
    solutions (2% of the cells of a 100 x 100 maze).

    The order is the tessellation's rows (cells by ``row``, then by index) when
    every cell but the first then has an earlier neighbour: square, hexagonal,
    upsilon, zeta, weave, theta (centre first, rings outward), 3D grids,
    glued surfaces and most masks. Otherwise (delta, whose row-first cells may
    point up; any graph without rows) it is breadth-first from the
    tessellation's start cell. An earlier neighbour is *up* when it lies on an
    earlier level (an earlier row, or nearer the start cell in breadth-first
    order) and *side* when it lies on the same level.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator or mazegraph._random.KernelSeed
        Seeds the kernel's own fast stream (:func:`~mazegraph._random.kernel_state`).
    p_up : float or None, default None
        None picks uniformly among all earlier neighbours (north or west with
        equal odds on a square grid; one of three directions in 3D). A number
        from 0 to 1 is the probability of choosing an up neighbour when a cell
        has both kinds; the neighbour is then uniform within its kind. 1 gives
        long vertical corridors, 0 long horizontal ones.
    order : {"auto", "rows", "bfs"}, default "auto"
        The ordering: rows when they work, breadth-first otherwise; or forced.

    As a wall adder (``focus="wall"``) it runs on the wall dual as Pullen's
    Daedalus does: with the boundary in the maze, every interior post, row by
    row from the top, adds one wall up or to the left (a wall to the boundary
    counts only when it goes up or left; see :func:`slot_kinds`). Over 300
    mazes of 100 x 100: 25.01 / 1.99 (dead ends / solution, %), Daedalus 3.5
    25.01 / 1.99 (the boundary counted as earlier on every side gave 25.43 /
    2.05).

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Raises
    ------
    InvalidOptionError
        If ``p_up`` is not None or a number from 0 to 1, or ``order`` is unknown.
    UnsupportedError
        If ``order="rows"`` and the rows do not give every cell an earlier neighbour.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(6, 6), "binary_tree", seed=1)
    >>> M.is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Binary Tree", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, "Maze Generation: Binary Tree algorithm", The Buckblog, 2011;
       J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf, 2015, ch. 2.
    """
    p = -1.0 if p_up is None else p_up
    if len(cells.crossings) == 0:  # nothing to check while carving: each cell's choices listed once
        ptr, edges, grouped, n_up = earlier_edges(cells, order)
        return _binary_tree_lists(ptr, edges, grouped, n_up, cells.n_edges, p, kernel_state(rng))
    ordered, kind = slot_kinds(cells, order)
    return _binary_tree(cells.indptr, cells.neighbors, cells.edge_ids, ordered, kind, cells.crossings, p,
                        kernel_state(rng))
