"""Upsilon mazes: octagons and squares, the 4.8.8 (truncated square) tiling."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines
from ._common import size
from .limits import check_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["upsilon", "upsilon_cells"]

_APOTHEM = np.sqrt(2.0) / 2.0  # octagon centre to side; diagonal octagon neighbours sit sqrt(2) apart
_SIDE = 2.0 - np.sqrt(2.0)  # side of the regular octagon, and of the square
_HALF = _SIDE / 2.0  # half a side; also the square's centre-to-side distance

# (dr, dc) of the eight neighbour directions; the drawing direction is (dc, -dr) since y points up
_STEPS = np.array([(0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0), (1, 1)], dtype=np.int64)
_NAMES = ("horizontal", "vertical", "northeast-southwest", "northwest-southeast")
# each edge is taken once, from the cell that sees its neighbour east, south, south-east or south-west
_FORWARD = ((0, 0), (6, 1), (7, 3), (5, 2))  # (index into _STEPS, direction code)


def _unit(k: int) -> np.ndarray:
    dr, dc = _STEPS[k]
    step = np.array([dc, -dr], dtype=np.float64)
    return step / np.hypot(*step)


def _side(centres: np.ndarray, apothem: np.ndarray, k: int) -> np.ndarray:
    """The side facing direction ``k`` of polygons at ``centres``, as ``(n, 2, 2)`` segments.

    Every side of the tiling (octagon or square) is ``_SIDE`` long; only the
    distance from the centre (the apothem) differs.
    """
    u = _unit(k)
    across = np.array([-u[1], u[0]]) * _HALF
    middle = centres + apothem[:, None] * u
    return np.stack([middle - across, middle + across], axis=1)


@tessellation("upsilon", ("rows", "cols"), "octagons and squares (4.8.8), up to 8 neighbours", (11, 15),
              bytes_per_cell=800)
def upsilon_cells(rows: int, cols: int) -> CellGraph:
    """Compile a ``rows x cols`` upsilon board (octagons and squares) straight to arrays.

    Cell ``(r, c)`` is a regular octagon when ``r + c`` is even and a square
    otherwise, centred at ``(c + s, rows - 1 - r + s)`` with ``s = sqrt(2) / 2``
    (row 0 at the top, ``y`` pointing up). Octagons have apothem ``sqrt(2) / 2``
    and side ``2 - sqrt(2)``; squares have the same side. Edges come east-west
    first (row-major), then north-south, then the octagon-to-octagon diagonals
    (north-west to south-east, then north-east to south-west).

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.
    """
    rows, cols = size("rows", rows), size("cols", cols)
    check_cells("upsilon", rows * cols)
    n = rows * cols
    r, c = np.divmod(np.arange(n, dtype=np.int64), cols)
    octagon = (r + c) % 2 == 0
    pos = np.stack([c + _APOTHEM, rows - 1 - r + _APOTHEM], axis=1)
    apothem = np.where(octagon, _APOTHEM, _HALF)

    neighbor = []
    for k, (dr, dc) in enumerate(_STEPS):
        nr, nc = r + dr, c + dc
        inside = (nr >= 0) & (nr < rows) & (nc >= 0) & (nc < cols)
        if k % 2:  # diagonal steps join octagons only (squares never touch squares)
            inside &= octagon
        neighbor.append(np.where(inside, nr * cols + nc, -1))

    edges, walls, direction = [], [], []
    for k, code in _FORWARD:
        cells = np.flatnonzero(neighbor[k] >= 0)
        edges.append(np.stack([cells, neighbor[k][cells]], axis=1))
        walls.append(_side(pos[cells], apothem[cells], k))
        direction.append(np.full(len(cells), code))
    # a side with nothing behind it is outer wall; squares have no diagonal sides
    boundary = []
    for k in range(8):
        missing = neighbor[k] < 0
        if k % 2:
            missing &= octagon
        cells = np.flatnonzero(missing)
        boundary.append(_side(pos[cells], apothem[cells], k))
    return CellGraph(
        name="upsilon",
        labels=Labels(coords=np.stack([r, c], axis=1)),
        edges=np.concatenate(edges),
        pos=pos,
        walls=Polylines.from_segments(np.concatenate(walls)),
        boundary=Polylines.from_segments(np.concatenate(boundary)),
        direction=np.concatenate(direction),
        direction_names=_NAMES,
        row=r,
        start=0,
        goal=n - 1,
        spec={"tessellation": "upsilon", "rows": rows, "cols": cols},
    )


def upsilon(rows: int, cols: int) -> nx.Graph:
    """Return the upsilon tessellation: octagons and squares (the 4.8.8 tiling).

    The board is a ``rows x cols`` checkerboard: cell ``(r, c)`` is a regular
    octagon when ``r + c`` is even and a square otherwise. The octagons sit on
    a lattice turned 45 degrees to the rows, touching their four diagonal
    octagon neighbours ``(r +- 1, c +- 1)`` along slanted sides; each square
    fills the gap between four octagons and touches them along its sides, which
    face ``(r +- 1, c)`` and ``(r, c +- 1)``. So an interior octagon opens to 8
    neighbours (4 octagons, 4 squares) and a square to 4 (all octagons); the
    board is ``rows`` cells high and ``cols`` wide, with a notched outline where
    squares sit between the outer octagons.

    Parameters
    ----------
    rows, cols : int
        Number of rows and columns of the checkerboard, each at least 1.

    Returns
    -------
    networkx.Graph
        Nodes ``(row, col)`` with ``pos`` (cell centre, ``y`` up; centres are 1
        apart along rows and columns) and ``row``; edges with ``wall`` (the
        shared side, ``2 - sqrt(2)`` long) and ``direction`` (``"horizontal"``,
        ``"vertical"``, ``"northeast-southwest"`` or ``"northwest-southeast"``:
        the direction of the passage when opened; only octagon-octagon passages
        are diagonal); graph attributes ``name``, ``boundary`` (the sides with
        no neighbour), ``start`` (``(0, 0)``, upper left) and ``goal``
        (``(rows - 1, cols - 1)``, lower right).
        This is a view of the arrays that ``upsilon_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.upsilon(5, 5)
    >>> G.number_of_nodes(), G.number_of_edges()
    (25, 56)
    >>> G.degree[(2, 2)], G.degree[(2, 1)]  # an octagon, a square
    (8, 4)
    >>> sorted(G[(2, 1)])
    [(1, 1), (2, 0), (2, 2), (3, 1)]
    >>> M = mg.generate(G, "wilson", seed=3)
    >>> M.is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Tessellation" (upsilon mazes),
       Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] B. Gruenbaum and G. C. Shephard, *Tilings and Patterns*, W. H. Freeman,
       1987, section 2.1 (the Archimedean tiling 4.8.8).
    """
    return upsilon_cells(rows, cols).to_networkx()
