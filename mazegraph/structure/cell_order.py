"""The cell order Binary Tree follows: rows when they give every cell an earlier neighbour, else breadth-first.

In the order, every cell but the first must have a neighbour that comes earlier
(its possible passages towards the first cell); each cell's *level* (its row,
or its distance from the start cell) tells an earlier neighbour *up* (an
earlier level) from one to the *side* (the same level). Zeta diagonals are
left out of both orders: whether one may open depends on the maze.
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from ..cellgraph import CellGraph
from ..errors import UnsupportedError
from .breadth_first import breadth_first
from .passages import has_crossing
from .rows import row_span

__all__ = ["cell_order", "ORDERS"]

ORDERS = ("auto", "rows", "bfs")


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
            if rank[neighbors[s]] < k and not has_crossing(edge_ids[s], crosses):
                found = True
                break
        if not found:
            ok = False
            break
    return order, rank, level, ok


def _bfs_order(cells: CellGraph):
    """Breadth-first from the start cell, without zeta diagonals: ``(order, rank, level, ok)``."""
    order, level, reached = breadth_first(
        cells.indptr, cells.neighbors, cells.edge_ids, cells.crossings, np.array([cells.start], dtype=np.int64)
    )
    rank = np.empty(cells.n_cells, dtype=np.int32)
    rank[order[:reached]] = np.arange(reached, dtype=np.int32)
    return order, rank, level, reached == cells.n_cells


def cell_order(cells: CellGraph, order: str = "auto") -> tuple[str, np.ndarray, np.ndarray, np.ndarray]:
    """The order Binary Tree follows on ``cells``: ``(kind, order, rank, level)``.

    ``kind`` is ``"rows"`` (cells by row, then index; level = row) when the
    tessellation has rows and every cell but the first then has an earlier
    neighbour, else ``"bfs"`` (breadth-first from the tessellation's start cell;
    level = distance from it). Both are computed once per tessellation and
    remembered (memo keys ``"cell_order_rows"`` and ``("cell_order_bfs", start)``).

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    order : {"auto", "rows", "bfs"}
        ``"auto"`` chooses as above; the others force one order.

    Returns
    -------
    kind : str
        ``"rows"`` or ``"bfs"``.
    order : numpy.ndarray of int32
        The cells in order.
    rank : numpy.ndarray of int32
        Each cell's position in ``order``.
    level : numpy.ndarray of int32
        Each cell's row (counted from 0) or distance from the start cell.

    Raises
    ------
    UnsupportedError
        If ``order="rows"`` and the rows do not give every cell an earlier
        neighbour, or the edges without zeta diagonals do not join every cell.

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.structure import cell_order
    >>> kind, order, rank, level = cell_order(mg.compile_graph(mg.tessellations.orthogonal(2, 2)))
    >>> kind, order.tolist(), level.tolist()
    ('rows', [0, 1, 2, 3], [0, 0, 1, 1])
    >>> cell_order(mg.compile_graph(mg.tessellations.delta(3, 4)))[0]
    'bfs'
    """
    crosses = cells.crossings
    csr = (cells.indptr, cells.neighbors, cells.edge_ids)
    if order in ("auto", "rows") and cells.row is not None:
        found = cells.memo("cell_order_rows", lambda: _row_order(*csr, cells.row, *row_span(cells.row), crosses))
        if found[3]:
            return ("rows", *found[:3])
    if order == "rows":
        why = "it has no rows (node attribute 'row')" if cells.row is None else (
            "some cell has no neighbour in an earlier row or earlier in its own row "
            "(e.g. the first cell of a delta row pointing up)")
        raise UnsupportedError(f"binary_tree cannot use order='rows' here: {why}; use order='bfs' or 'auto'")
    found = cells.memo(("cell_order_bfs", cells.start), lambda: _bfs_order(cells))
    if not found[3]:  # only when the edges without crossings leave cells apart
        raise UnsupportedError("binary_tree cannot order this tessellation: its edges without crossings split it")
    return ("bfs", *found[:3])
