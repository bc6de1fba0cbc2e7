"""Zeta mazes: square cells with passages at 45 degrees as well as orthogonal ones."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines
from ..errors import UnsupportedError
from ._common import size
from .compile import compile_graph
from .limits import check_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["zeta", "zeta_cells", "zeta_crossings"]

_CUT = 0.25  # how far each interior corner of a cell is cut back, along both sides
_NAMES = ("horizontal", "vertical", "northeast-southwest", "northwest-southeast")


@tessellation("zeta", ("rows", "cols"), "square cells with diagonal passages, up to 8 neighbours", (12, 16),
              bytes_per_cell=1100)
def zeta_cells(rows: int, cols: int) -> CellGraph:
    """Compile a ``rows x cols`` zeta board straight to arrays.

    Cell ``(r, c)`` is a unit square centred at ``(c + 0.5, rows - r - 0.5)`` (row 0
    at the top, ``y`` pointing up) whose corners inside the board are cut back by
    ``1/4`` along both sides, so the four cells around an interior grid point leave
    a small diamond between them: the crossing where the two diagonal passages
    through that point would meet. Edges come east-west first (row-major), then
    north-south, then one north-west to south-east diagonal per interior grid
    point (row-major), then one north-east to south-west diagonal per grid point
    in the same order; so diagonal edge ``e`` crosses ``e +- (rows - 1)(cols - 1)``.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.
    """
    rows, cols = size("rows", rows), size("cols", cols)
    check_cells("zeta", rows * cols)
    n, k = rows * cols, _CUT
    index = np.arange(n, dtype=np.int64).reshape(rows, cols)
    r, c = np.divmod(np.arange(n, dtype=np.int64), cols)

    # (r, c)-(r, c+1): the side x = c + 1, shortened at each end that is an interior corner
    hr, hc = np.divmod(index[:, :-1].ravel(), cols)
    h_walls = np.stack(
        [hc + 1.0, rows - hr - 1.0 + k * (hr < rows - 1), hc + 1.0, rows - hr - k * (hr > 0)], axis=1
    )
    # (r, c)-(r+1, c): the side y = rows - r - 1
    vr, vc = np.divmod(index[:-1, :].ravel(), cols)
    v_walls = np.stack(
        [vc + k * (vc > 0), rows - vr - 1.0, vc + 1.0 - k * (vc < cols - 1), rows - vr - 1.0], axis=1
    )
    # diagonals through the grid point (x0, y0) below and right of cell (r, c): the two
    # cut corners facing each other across it, each corner a piece, with a NaN row between
    cr, cc = (a.ravel() for a in np.meshgrid(np.arange(rows - 1), np.arange(cols - 1), indexing="ij"))
    x0, y0 = cc + 1.0, rows - cr - 1.0
    gap = np.full_like(x0, np.nan)
    falling = np.stack(  # (r, c)-(r+1, c+1): north-west corner piece, then south-east
        [x0 - k, y0, x0, y0 + k, gap, gap, x0, y0 - k, x0 + k, y0], axis=1
    )
    rising = np.stack(  # (r, c+1)-(r+1, c): north-east corner piece, then south-west
        [x0, y0 + k, x0 + k, y0, gap, gap, x0 - k, y0, x0, y0 - k], axis=1
    )
    n_orthogonal, n_diagonal = len(h_walls) + len(v_walls), 2 * len(x0)
    walls = Polylines(
        np.concatenate([h_walls.reshape(-1, 2), v_walls.reshape(-1, 2), falling.reshape(-1, 2), rising.reshape(-1, 2)]),
        np.concatenate([np.arange(0, 2 * n_orthogonal, 2), 2 * n_orthogonal + np.arange(0, 5 * n_diagonal + 1, 5)]),
    )
    edges = np.concatenate(
        [
            np.stack([index[:, :-1].ravel(), index[:, 1:].ravel()], axis=1),
            np.stack([index[:-1, :].ravel(), index[1:, :].ravel()], axis=1),
            np.stack([index[:-1, :-1].ravel(), index[1:, 1:].ravel()], axis=1),
            np.stack([index[:-1, 1:].ravel(), index[1:, :-1].ravel()], axis=1),
        ]
    )
    direction = np.repeat([0, 1, 3, 2], [len(h_walls), len(v_walls), len(x0), len(x0)])
    # the two diagonals through one grid point cross: edge first + i and first + D + i
    first, d = len(h_walls) + len(v_walls), len(x0)
    crosses = np.full(first + 2 * d, -1, dtype=np.int64)
    crosses[first : first + d] = np.arange(first + d, first + 2 * d)
    crosses[first + d :] = np.arange(first, first + d)
    boundary = [(0, 0), (cols, 0), (cols, rows), (0, rows), (0, 0)]
    return CellGraph(
        name="zeta",
        labels=Labels(coords=np.stack([r, c], axis=1)),
        edges=edges,
        pos=np.stack([c + 0.5, rows - r - 0.5], axis=1),
        walls=walls,
        boundary=Polylines.from_items([boundary]),
        direction=direction,
        direction_names=_NAMES,
        row=r,
        start=0,
        goal=n - 1,
        edge_refs={"crosses": crosses},
        spec={"tessellation": "zeta", "rows": rows, "cols": cols},
    )


def zeta_crossings(cells) -> np.ndarray:
    """Return, for each edge, the index of the diagonal edge it crosses.

    Two diagonal passages through the same grid point, ``(r, c)-(r+1, c+1)`` and
    ``(r, c+1)-(r+1, c)``, would cross; a zeta maze may open at most one of them.
    This gives each diagonal edge its partner, for kernels and checks that work on
    arrays (the networkx view stores the same as the edge attribute ``crosses``).

    Parameters
    ----------
    cells : CellGraph or networkx.Graph
        A zeta tessellation (which carries the answer), or any graph whose cells
        are labelled by integer ``(row, col)`` pairs.

    Returns
    -------
    numpy.ndarray of int64, shape (n_edges,)
        The partner edge's index for each diagonal edge whose crossing diagonal
        is also an edge, else -1 (always -1 for orthogonal edges). The relation
        is symmetric: ``p[p[e]] == e`` wherever ``p[e] >= 0``.

    Raises
    ------
    UnsupportedError
        If the cells are not labelled by integer ``(row, col)`` pairs.
    DisconnectedGraphError
        If ``cells`` is a networkx graph that is not connected.

    Examples
    --------
    >>> import mazegraph as mg
    >>> cells = mg.tessellations.zeta_cells(2, 2)
    >>> cells.edges.tolist()
    [[0, 1], [2, 3], [0, 2], [1, 3], [0, 3], [1, 2]]
    >>> mg.tessellations.zeta_crossings(cells).tolist()
    [-1, -1, -1, -1, 5, 4]

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Tessellation" (zeta mazes), Think
       Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    cells = compile_graph(cells)
    if "crosses" in cells.edge_refs:
        return cells.edge_refs["crosses"].copy()
    coords = cells.labels.coords
    if coords is None:
        try:
            coords = np.asarray(cells.labels.tolist(), dtype=np.int64)
        except (TypeError, ValueError):
            coords = None
    if coords is None or coords.ndim != 2 or coords.shape[1] != 2:
        raise UnsupportedError("zeta_crossings needs cells labelled by integer (row, col) pairs, as zeta() makes")
    partner = np.full(cells.n_edges, -1, dtype=np.int64)
    if cells.n_edges == 0:
        return partner
    # every cell's index in a dense (row, col) table, to find cells by coordinates
    low = coords.min(axis=0)
    shape = coords.max(axis=0) - low + 1
    table = np.full(tuple(shape), -1, dtype=np.int64)
    table[tuple((coords - low).T)] = np.arange(cells.n_cells)
    a, b = coords[cells.edges[:, 0]] - low, coords[cells.edges[:, 1]] - low
    diagonal = np.flatnonzero((a[:, 0] != b[:, 0]) & (a[:, 1] != b[:, 1]))
    # the crossing diagonal joins (row of a, col of b) and (row of b, col of a)
    p = table[a[diagonal, 0], b[diagonal, 1]]
    q = table[b[diagonal, 0], a[diagonal, 1]]
    # look the pair up among all edges by an order-free key
    n = np.int64(cells.n_cells)
    lo, hi = np.minimum(cells.edges[:, 0], cells.edges[:, 1]), np.maximum(cells.edges[:, 0], cells.edges[:, 1])
    keys = lo.astype(np.int64) * n + hi
    order = np.argsort(keys)
    want = np.minimum(p, q) * n + np.maximum(p, q)
    at = np.clip(np.searchsorted(keys[order], want), 0, len(keys) - 1)
    found = (p >= 0) & (q >= 0) & (keys[order][at] == want)
    partner[diagonal[found]] = order[at[found]]
    return partner


def zeta(rows: int, cols: int) -> nx.Graph:
    """Return the zeta tessellation: square cells that also open diagonally.

    A ``rows x cols`` grid of square cells, each joined to its orthogonal
    neighbours and to its diagonal neighbours ``(r +- 1, c +- 1)``; an interior
    cell opens to 8 neighbours. The two diagonals through one grid point cross,
    so a zeta maze opens at most one of them: each diagonal edge records the
    other as its ``crosses`` attribute (see also :func:`zeta_crossings`).

    Each cell is drawn as a square with its interior corners cut back, leaving a
    small diamond at every interior grid point. A closed orthogonal wall is the
    straight side between two cells; a closed diagonal wall is the two cut corners
    of its cells, which face each other across the diamond. Opening a diagonal
    removes those two and leaves the other two sides of the diamond as a narrow
    channel running the way the passage goes.

    Parameters
    ----------
    rows, cols : int
        Number of rows and columns, each at least 1.

    Returns
    -------
    networkx.Graph
        Nodes ``(row, col)`` with ``pos`` (cell centre, ``y`` up) and ``row``;
        edges with ``wall`` (a segment, or for a diagonal two segments separated
        by a ``(nan, nan)`` point) and ``direction`` (``"horizontal"``,
        ``"vertical"``, ``"northeast-southwest"`` or ``"northwest-southeast"``);
        diagonal edges also have ``crosses``, the label pair of the diagonal edge
        they cross (orthogonal edges have no ``crosses``). Graph attributes
        ``name``, ``boundary``, ``start`` (upper left) and ``goal`` (lower right).
        This is a view of the arrays that ``zeta_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.zeta(3, 4)
    >>> G.number_of_nodes(), G.number_of_edges()
    (12, 29)
    >>> G.degree[(1, 1)]
    8
    >>> G.edges[(0, 0), (1, 1)]["crosses"]
    ((0, 1), (1, 0))
    >>> G.edges[(0, 0), (0, 1)].get("crosses") is None
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Tessellation" (zeta mazes), Think
       Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    return zeta_cells(rows, cols).to_networkx()
