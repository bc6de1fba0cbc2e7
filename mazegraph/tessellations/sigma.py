"""Sigma mazes: hexagonal cells, on a rectangular board or a hexagon-shaped one."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines
from ._common import size
from .limits import check_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["sigma", "sigma_cells", "sigma_hexagon", "sigma_hexagon_cells"]

_R = 1.0 / np.sqrt(3.0)  # circumradius of a hexagon whose neighbours sit 1 apart
_ANGLES = np.deg2rad(60.0 * np.arange(6))  # neighbour directions, y up
_NAMES = ("east-west", "northeast-southwest", "northwest-southeast")


def _hex_cells(name, coords, pos, neighbor, row, spec) -> CellGraph:
    """Assemble hexagon cells from their centres and neighbour table.

    ``neighbor[k]`` holds each cell's neighbour in direction ``60 k`` degrees, or
    -1 where there is none. Each edge is taken once, from the cell that sees its
    neighbour at 0, 240 or 300 degrees; its wall is the hexagon side facing that
    way (corners at plus and minus 30 degrees), and a side with no neighbour
    behind it is boundary.
    """
    edges, walls, direction = [], [], []
    for k, axis in ((0, 0), (4, 1), (5, 2)):
        cells = np.flatnonzero(neighbor[k] >= 0)
        edges.append(np.stack([cells, neighbor[k][cells]], axis=1))
        walls.append(_side(pos[cells], k))
        direction.append(np.full(len(cells), axis))
    boundary = [_side(pos[neighbor[k] < 0], k) for k in range(6)]
    return CellGraph(
        name=name,
        labels=Labels(coords=coords),
        edges=np.concatenate(edges),
        pos=pos,
        walls=Polylines.from_segments(np.concatenate(walls)),
        boundary=Polylines.from_segments(np.concatenate(boundary)),
        direction=np.concatenate(direction),
        direction_names=_NAMES,
        row=row,
        spec=spec,
    )


def _side(centres, k):
    """The hexagon side facing direction ``60 k`` degrees, as ``(n, 4)`` segments."""
    a, b = _ANGLES[k] - np.pi / 6, _ANGLES[k] + np.pi / 6
    return np.concatenate(
        [centres + _R * np.array([np.cos(a), np.sin(a)]), centres + _R * np.array([np.cos(b), np.sin(b)])],
        axis=1,
    )


@tessellation("sigma", ("rows", "cols"), "hexagons on a rectangular board, up to 6 neighbours", (12, 14),
              bytes_per_cell=800)
def sigma_cells(rows: int, cols: int) -> CellGraph:
    """Compile a ``rows x cols`` board of pointy-top hexagons, odd rows shifted right."""
    rows, cols = size("rows", rows), size("cols", cols)
    check_cells("sigma", rows * cols)
    r, c = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
    odd = r % 2
    pos = np.stack([c + 0.5 + odd / 2.0, (rows - 1 - r) * 1.5 * _R + _R], axis=1)
    offsets = [(0, 1), (-1, odd), (-1, odd - 1), (0, -1), (1, odd - 1), (1, odd)]
    neighbor = []
    for dr, dc in offsets:
        nr, nc = r + dr, c + dc
        inside = (nr >= 0) & (nr < rows) & (nc >= 0) & (nc < cols)
        neighbor.append(np.where(inside, nr * cols + nc, -1))
    spec = {"tessellation": "sigma", "rows": rows, "cols": cols}
    return _hex_cells("sigma", np.stack([r, c], axis=1), pos, neighbor, r, spec)


@tessellation("sigma_hexagon", ("radius",), "hexagons on a hexagon-shaped board", (8,), bytes_per_cell=800)
def sigma_hexagon_cells(radius: int) -> CellGraph:
    """Compile a hexagon-shaped board of hexagons in axial coordinates ``(q, r)``."""
    radius = size("radius", radius)
    check_cells("sigma_hexagon", 3 * radius * (radius - 1) + 1)
    span = np.arange(-(radius - 1), radius)
    q, r = (a.ravel() for a in np.meshgrid(span, span, indexing="ij"))
    keep = np.abs(q + r) <= radius - 1
    q, r = q[keep], r[keep]
    order = np.lexsort((q, r))  # row by row, then left to right
    q, r = q[order], r[order]
    width = 2 * radius - 1
    lookup = np.full((width, width), -1, dtype=np.int64)
    lookup[q + radius - 1, r + radius - 1] = np.arange(len(q))
    pos = np.stack([q + r / 2.0, -r * 1.5 * _R], axis=1)
    neighbor = []
    for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
        nq, nr = q + dq + radius - 1, r + dr + radius - 1
        inside = (nq >= 0) & (nq < width) & (nr >= 0) & (nr < width)
        neighbor.append(np.where(inside, lookup[np.clip(nq, 0, width - 1), np.clip(nr, 0, width - 1)], -1))
    spec = {"tessellation": "sigma_hexagon", "radius": radius}
    return _hex_cells("sigma_hexagon", np.stack([q, r], axis=1), pos, neighbor, r + radius - 1, spec)


def sigma(rows: int, cols: int) -> nx.Graph:
    """Return the sigma (hexagonal-cell) tessellation on a rectangular board.

    Pointy-top hexagons in rows, every odd row shifted half a cell to the right;
    interior cells open to six neighbours.

    Parameters
    ----------
    rows, cols : int
        Number of rows and of hexagons per row, each at least 1.

    Returns
    -------
    networkx.Graph
        Nodes ``(row, col)`` with ``pos`` and ``row``; edges with ``wall`` and
        ``direction`` (``"east-west"``, ``"northeast-southwest"`` or
        ``"northwest-southeast"``); graph ``name``, ``boundary``, ``start``, ``goal``.
        This is a view of the arrays that ``sigma_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.sigma(5, 5)
    >>> G.degree[(2, 2)]
    6

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Tessellation", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    return sigma_cells(rows, cols).to_networkx()


def sigma_hexagon(radius: int) -> nx.Graph:
    """Return a hexagon-shaped board of hexagonal cells.

    Parameters
    ----------
    radius : int
        Cells from the centre to a corner, the centre included (at least 1); the
        board has ``3 radius (radius - 1) + 1`` cells.

    Returns
    -------
    networkx.Graph
        Nodes are axial coordinates ``(q, r)`` with ``|q|, |r|, |q + r| < radius``;
        ``row`` is ``r + radius - 1`` (rows run top to bottom). Other attributes
        as in :func:`sigma`.
        This is a view of the arrays that ``sigma_hexagon_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``radius`` is not a whole number of at least 1.

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.tessellations.sigma_hexagon(3).number_of_nodes()
    19

    References
    ----------
    .. [1] A. Patel, "Hexagonal Grids", Red Blob Games (axial coordinates),
       https://www.redblobgames.com/grids/hexagons/
    """
    return sigma_hexagon_cells(radius).to_networkx()
