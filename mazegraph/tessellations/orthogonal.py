"""Orthogonal ("gamma") mazes: square cells in rows and columns."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines
from ._common import size
from .limits import check_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["orthogonal", "orthogonal_cells"]


@tessellation("orthogonal", ("rows", "cols"), "square cells, up to 4 neighbours (gamma)", (12, 16),
              bytes_per_cell=500)
def orthogonal_cells(rows: int, cols: int) -> CellGraph:
    """Compile a ``rows x cols`` orthogonal grid straight to arrays.

    Cell ``(r, c)`` is a unit square centred at ``(c + 0.5, rows - r - 0.5)``
    (row 0 at the top, ``y`` pointing up). Edges come horizontal first (row-major),
    then vertical.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.
    """
    rows, cols = size("rows", rows), size("cols", cols)
    check_cells("orthogonal", rows * cols)
    index = np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    r, c = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
    horizontal = np.stack([index[:, :-1].ravel(), index[:, 1:].ravel()], axis=1)
    vertical = np.stack([index[:-1, :].ravel(), index[1:, :].ravel()], axis=1)
    # wall of (r, c)-(r, c+1): x = c + 1, y from rows-r-1 to rows-r
    hr, hc = np.divmod(horizontal[:, 0], cols)
    h_walls = np.stack(
        [hc + 1.0, rows - hr - 1.0, hc + 1.0, rows - hr + 0.0], axis=1
    )
    # wall of (r, c)-(r+1, c): y = rows - r - 1, x from c to c+1
    vr, vc = np.divmod(vertical[:, 0], cols)
    v_walls = np.stack([vc + 0.0, rows - vr - 1.0, vc + 1.0, rows - vr - 1.0], axis=1)
    boundary = [(0, 0), (cols, 0), (cols, rows), (0, rows), (0, 0)]
    return CellGraph(
        name="orthogonal",
        labels=Labels(coords=np.stack([r, c], axis=1)),
        edges=np.concatenate([horizontal, vertical]),
        pos=np.stack([c + 0.5, rows - r - 0.5], axis=1),
        walls=Polylines.from_segments(np.concatenate([h_walls, v_walls])),
        boundary=Polylines.from_items([boundary]),
        direction=np.repeat([0, 1], [len(horizontal), len(vertical)]),
        direction_names=("horizontal", "vertical"),
        row=r,
        start=0,
        goal=rows * cols - 1,
        spec={"tessellation": "orthogonal", "rows": rows, "cols": cols},
    )


def orthogonal(rows: int, cols: int) -> nx.Graph:
    """Return the orthogonal (square-cell) tessellation as a graph.

    Pullen calls this the gamma tessellation: the usual maze of square cells,
    each opening to up to four neighbours.

    Parameters
    ----------
    rows, cols : int
        Number of rows and columns, each at least 1.

    Returns
    -------
    networkx.Graph
        Nodes ``(row, col)`` with ``pos`` (cell centre, ``y`` up) and ``row``;
        edges with ``wall`` and ``direction`` (``"horizontal"`` or
        ``"vertical"``: the direction of the passage when opened); graph
        attributes ``name``, ``boundary``, ``start`` (upper left) and ``goal``
        (lower right).
        This is a view of the arrays that ``orthogonal_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 4)
    >>> G.number_of_nodes(), G.number_of_edges()
    (12, 17)
    >>> sorted(G[(1, 1)])
    [(0, 1), (1, 0), (1, 2), (2, 1)]

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    return orthogonal_cells(rows, cols).to_networkx()
