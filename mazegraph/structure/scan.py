"""Scan orders: the cells row by row and column by column, from a tessellation's drawing or labels.

Hunt-and-kill hunts for its next cell along these orders; the uniformity
models of :mod:`mazegraph.uniformity` follow the same orders.
"""

from __future__ import annotations

import numpy as np

from ..cellgraph import CellGraph

__all__ = ["scan_orders"]


def scan_orders(cells: CellGraph) -> np.ndarray:
    """The scan orders of a tessellation: row-major and column-major, or none.

    With a 2D drawing (``cells.layout``), row-major goes along rows from the top
    (largest ``y``) down, left to right within a row, and column-major along
    columns from the left, top to bottom; coordinates equal to 6 decimals count
    as one row or column, and ties go by cell index. Without a drawing, cell
    labels of two or more numbers serve as ``(row, col, ...)``. Other graphs get
    no fixed order (an empty array; hunt-and-kill then draws a random one per
    maze). Computed once per tessellation and remembered (memo key
    ``"scan_orders"``).

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.

    Returns
    -------
    numpy.ndarray of int32, shape (2, n_cells) or (0, n_cells)
        ``orders[k, i]`` is the ``i``-th cell of scan order ``k``.

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.structure import scan_orders
    >>> cells = mg.compile_graph(mg.tessellations.orthogonal(2, 3))
    >>> [[cells.labels[i] for i in order] for order in scan_orders(cells)]
    [[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)], [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)]]
    """
    return cells.memo("scan_orders", lambda: _scan_orders(cells))


def _scan_orders(cells: CellGraph) -> np.ndarray:
    n = cells.n_cells
    keys = None
    layout = cells.layout
    if layout is not None and layout.shape[1] == 2 and np.isfinite(layout).all():
        x, y = np.round(layout[:, 0], 6), np.round(-layout[:, 1], 6)
        keys = (y, x), (x, y)  # (primary, secondary)
    else:
        coords = cells.labels.coords
        if coords is None:
            try:
                coords = np.asarray(cells.labels.tolist(), dtype=np.float64)
            except (TypeError, ValueError):
                coords = None
        if coords is not None and coords.ndim == 2 and coords.shape[0] == n and coords.shape[1] >= 2:
            keys = (coords[:, 0], coords[:, 1]), (coords[:, 1], coords[:, 0])
    if keys is None:
        orders = np.empty((0, n), dtype=np.int32)
    else:
        orders = np.stack([np.lexsort((secondary, primary)) for primary, secondary in keys]).astype(np.int32)
    return orders
