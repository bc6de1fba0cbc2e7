"""Binary Tree: every cell opens one passage towards a cell that comes earlier in an ordering."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state, uniform
from ..cellgraph import CellGraph
from ..errors import UnsupportedError
from ..params import Choice, Number, Param
from .registry import algorithm
from .rows import _blocked, _crossing, _row_span

__all__ = ["binary_tree", "cell_order"]

_ORDERS = ("auto", "rows", "bfs")


@kernel
def _row_order(indptr, neighbors, edge_ids, row, rmin, nrows, crosses):
    """Cells by row, then index; each cell's level is its row. ``ok``: every cell but the first has an earlier one.

    ``rmin`` is the smallest row and ``nrows`` the number of rows from it to the largest.
    """
    n = len(indptr) - 1
    start = np.zeros(nrows + 1, dtype=np.int64)
    for c in range(n):
        start[row[c] - rmin + 1] += 1
    for r in range(nrows):
        start[r + 1] += start[r]
    order = np.empty(n, dtype=np.int32)
    level = np.empty(n, dtype=np.int32)
    for c in range(n):
        r = row[c] - rmin
        order[start[r]] = c
        level[c] = r
        start[r] += 1
    rank = np.empty(n, dtype=np.int32)
    for k in range(n):
        rank[order[k]] = k
    ok = True
    for k in range(1, n):
        c = order[k]
        found = False
        for s in range(indptr[c], indptr[c + 1]):
            if rank[neighbors[s]] < k and not _crossing(crosses, edge_ids[s]):
                found = True
                break
        if not found:
            ok = False
            break
    return order, rank, level, ok


@kernel
def _bfs_order(indptr, neighbors, edge_ids, root, crosses):
    """Breadth-first order from ``root`` (over edges without a crossing); level = depth."""
    n = len(indptr) - 1
    order = np.empty(n, dtype=np.int32)
    level = np.full(n, -1, dtype=np.int32)
    order[0] = root
    level[root] = 0
    head = 0
    tail = 1
    while head < tail:
        c = order[head]
        head += 1
        for s in range(indptr[c], indptr[c + 1]):
            v = neighbors[s]
            if level[v] < 0 and not _crossing(crosses, edge_ids[s]):
                level[v] = level[c] + 1
                order[tail] = v
                tail += 1
    rank = np.empty(n, dtype=np.int32)
    for k in range(tail):
        rank[order[k]] = k
    return order, rank, level, tail == n


@kernel
def _binary_tree(indptr, neighbors, edge_ids, order, rank, level, crosses, p_up, state):
    n = len(indptr) - 1
    is_open = np.zeros(len(neighbors) // 2, dtype=np.bool_)
    for k in range(1, n):
        c = order[k]
        n_up = 0
        n_side = 0
        for s in range(indptr[c], indptr[c + 1]):
            v = neighbors[s]
            if rank[v] < k and not _blocked(crosses, is_open, edge_ids[s]):
                if level[v] < level[c]:
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
            v = neighbors[s]
            if rank[v] < k and not _blocked(crosses, is_open, edge_ids[s]):
                kind = 1 if level[v] < level[c] else 0
                if which == 2 or kind == which:
                    if j == 0:
                        is_open[edge_ids[s]] = True
                        break
                    j -= 1
    return is_open


def cell_order(cells: CellGraph, order: str = "auto"):
    """The ordering Binary Tree follows on ``cells``: ``(kind, order, rank, level)``.

    ``kind`` is ``"rows"`` (cells by row, then index; level = row) when the
    tessellation has rows and every cell but the first then has an earlier
    neighbour, else ``"bfs"`` (breadth-first from the tessellation's start cell;
    level = distance from it). ``order`` forces one of the two.

    Raises
    ------
    UnsupportedError
        If ``order="rows"`` and the rows do not give every cell an earlier neighbour.
    """
    crosses = cells.crossings
    csr = (cells.indptr, cells.neighbors, cells.edge_ids)
    if order in ("auto", "rows") and cells.row is not None:
        found = cells.memo("binary_tree_row_order", lambda: _row_order(*csr, cells.row, *_row_span(cells.row), crosses))
        if found[3]:
            return ("rows", *found[:3])
    if order == "rows":
        why = "it has no rows (node attribute 'row')" if cells.row is None else (
            "some cell has no neighbour in an earlier row or earlier in its own row "
            "(e.g. the first cell of a delta row pointing up)")
        raise UnsupportedError(f"binary_tree cannot use order='rows' here: {why}; use order='bfs' or 'auto'")
    found = cells.memo(("binary_tree_bfs", cells.start), lambda: _bfs_order(*csr, cells.start, crosses))
    if not found[3]:  # only when the edges without crossings leave cells apart
        raise UnsupportedError("binary_tree cannot order this tessellation: its edges without crossings split it")
    return ("bfs", *found[:3])


P_UP = Param("p_up", Number(0, 1), None, "chance of an up neighbour when a cell has both kinds (None: uniform)")
ORDER = Param("order", Choice(_ORDERS), "auto", "the cell ordering: rows when they work, breadth-first otherwise")


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
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    p_up : float or None, default None
        None picks uniformly among all earlier neighbours (north or west with
        equal odds on a square grid; one of three directions in 3D). A number
        from 0 to 1 is the probability of choosing an up neighbour when a cell
        has both kinds; the neighbour is then uniform within its kind. 1 gives
        long vertical corridors, 0 long horizontal ones.
    order : {"auto", "rows", "bfs"}, default "auto"
        The ordering: rows when they work, breadth-first otherwise; or forced.

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
    _, cell_rank_order, rank, level = cell_order(cells, order)
    crosses = cells.crossings
    return _binary_tree(cells.indptr, cells.neighbors, cells.edge_ids, cell_rank_order, rank, level, crosses, p,
                        kernel_state(rng))
