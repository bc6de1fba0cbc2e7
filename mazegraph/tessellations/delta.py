"""Delta mazes: interlocking up- and down-pointing triangles."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines
from ..errors import InvalidSizeError
from ._common import size
from .limits import check_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["delta", "delta_cells"]

_H = np.sqrt(3.0) / 2.0  # height of a triangle of side 1


@tessellation("delta", ("rows", "cols"), "triangles pointing up and down, up to 3 neighbours", (12, 24),
              bytes_per_cell=400)
def delta_cells(rows: int, cols: int) -> CellGraph:
    """Compile a ``rows x cols`` delta grid straight to arrays.

    Cell ``(r, c)`` points up when ``r + c`` is even. Its corners sit at
    ``x = c/2, (c+1)/2, (c+2)/2`` between ``y = (rows-r-1) h`` and ``(rows-r) h``.
    """
    rows, cols = size("rows", rows), size("cols", cols)
    check_cells("delta", rows * cols)
    if cols == 1 and rows > 2:
        raise InvalidSizeError(
            f"a delta board one triangle wide falls apart below row 2 (its triangles meet only at "
            f"corners); use cols >= 2 or rows <= 2, got {rows}x{cols}"
        )
    n = rows * cols
    r, c = np.divmod(np.arange(n, dtype=np.int64), cols)
    up = (r + c) % 2 == 0
    top, bottom = (rows - r) * _H, (rows - r - 1) * _H
    pos = np.stack([(c + 1) / 2.0, np.where(up, bottom + _H / 3, top - _H / 3)], axis=1)

    # side neighbours (r, c)-(r, c+1): the slanted side between them
    left = np.flatnonzero(c < cols - 1)
    lc, lt, lb = c[left], top[left], bottom[left]
    falling = up[left]  # up-left cell: shared side runs from its apex down to the right
    side_walls = np.where(
        falling[:, None],
        np.stack([(lc + 1) / 2, lt, (lc + 2) / 2, lb], axis=1),
        np.stack([(lc + 2) / 2, lt, (lc + 1) / 2, lb], axis=1),
    )
    # vertical neighbours: an up cell and the down cell below it share its base
    upper = np.flatnonzero(up & (r < rows - 1))
    uc, ub = c[upper], bottom[upper]
    base_walls = np.stack([uc / 2, ub, (uc + 2) / 2, ub], axis=1)

    edges = np.concatenate(
        [np.stack([left, left + 1], axis=1), np.stack([upper, upper + cols], axis=1)]
    )
    direction = np.concatenate([np.where(falling, 0, 1), np.full(len(upper), 2)])

    first, last = np.flatnonzero(c == 0), np.flatnonzero(c == cols - 1)
    boundary = np.concatenate(
        [
            _outer_side(c[first], top[first], bottom[first], up[first], "left"),
            _outer_side(c[last], top[last], bottom[last], up[last], "right"),
            _flat_sides(c, top, ~up & (r == 0)),
            _flat_sides(c, bottom, up & (r == rows - 1)),
        ]
    )
    return CellGraph(
        name="delta",
        labels=Labels(coords=np.stack([r, c], axis=1)),
        edges=edges,
        pos=pos,
        walls=Polylines.from_segments(np.concatenate([side_walls, base_walls])),
        boundary=Polylines.from_segments(boundary),
        direction=direction,
        direction_names=("rising", "falling", "vertical"),
        row=r,
        spec={"tessellation": "delta", "rows": rows, "cols": cols},
    )


def _outer_side(c, top, bottom, up, side):
    """The left (or right) slanted side of the cells at the ends of the rows."""
    if side == "left":
        a = np.stack([c / 2, bottom, (c + 1) / 2, top], axis=1)
        b = np.stack([c / 2, top, (c + 1) / 2, bottom], axis=1)
    else:
        a = np.stack([(c + 1) / 2, top, (c + 2) / 2, bottom], axis=1)
        b = np.stack([(c + 2) / 2, top, (c + 1) / 2, bottom], axis=1)
    return np.where(up[:, None], a, b)


def _flat_sides(c, y, select):
    """The horizontal side at height ``y`` of the selected cells."""
    cs, ys = c[select], y[select]
    return np.stack([cs / 2, ys, (cs + 2) / 2, ys], axis=1)


def delta(rows: int, cols: int) -> nx.Graph:
    """Return the delta (triangle-cell) tessellation as a graph.

    Rows of equilateral triangles pointing alternately up and down; each cell
    opens to up to three neighbours: left, right, and below (pointing up) or above
    (pointing down).

    Parameters
    ----------
    rows, cols : int
        Number of rows and of triangles per row, each at least 1.

    Returns
    -------
    networkx.Graph
        Nodes ``(row, col)``, cell ``(r, c)`` pointing up when ``r + c`` is even;
        ``pos``, ``row``, edge ``wall`` and ``direction`` (``"vertical"``, or
        ``"rising"`` / ``"falling"`` for passages through the slanted sides),
        graph ``name``, ``boundary``, ``start`` and ``goal``.
        This is a view of the arrays that ``delta_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1, or the board
        is one triangle wide and more than two rows high (it would fall apart).

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.delta(4, 7)
    >>> max(d for _, d in G.degree)
    3

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Tessellation", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    return delta_cells(rows, cols).to_networkx()
