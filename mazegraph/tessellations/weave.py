"""Weave mazes: square cells whose passages may cross under a neighbouring cell."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines, is_networkx_graph
from ..errors import UnsupportedError
from ._common import size
from .compile import compile_graph
from .limits import check_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["weave", "weave_cells", "weave_under"]

_INSET = 0.2  # gap between a cell's drawn square and its grid square, each side
_HALF = 0.5 - _INSET  # half the side of a cell's drawn square, and half a corridor's width
_NAN = np.full((1, 2), np.nan)


def _normal(p: np.ndarray, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Direction from ``p`` to ``q`` and its left normal, for rows of centres one unit apart."""
    d = q - p
    return d, np.stack([-d[:, 1], d[:, 0]], axis=1)


def _sides(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """The two facing sides of neighbours ``p`` and ``q``: items ``(k, 5, 2)`` (side, NaN, side)."""
    d, n = _normal(p, q)
    a, b = p + _HALF * d, q - _HALF * d
    nan = np.broadcast_to(_NAN, (len(p), 1, 2))
    return np.concatenate(
        [np.stack([a - _HALF * n, a + _HALF * n], 1), nan, np.stack([b - _HALF * n, b + _HALF * n], 1)], axis=1
    )


def _corridor(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """The side lines of the short corridor joining neighbours ``p`` and ``q``: items ``(k, 5, 2)``."""
    d, n = _normal(p, q)
    a, b = p + _HALF * d, q - _HALF * d
    nan = np.broadcast_to(_NAN, (len(p), 1, 2))
    return np.concatenate(
        [np.stack([a + _HALF * n, b + _HALF * n], 1), nan, np.stack([a - _HALF * n, b - _HALF * n], 1)], axis=1
    )


def _items(array: np.ndarray) -> Polylines:
    k, length = array.shape[:2]
    return Polylines(array.reshape(-1, 2), np.arange(k + 1, dtype=np.int64) * length)


def _counts(rows: int, cols: int) -> tuple[int, int]:
    """Numbers of ordinary and of under edges."""
    ordinary = rows * (cols - 1) + (rows - 1) * cols
    under = rows * max(cols - 2, 0) + max(rows - 2, 0) * cols
    return ordinary, under


@tessellation("weave", ("rows", "cols"), "square cells whose passages may cross under a neighbour", (10, 12),
              bytes_per_cell=3000)
def weave_cells(rows: int, cols: int) -> CellGraph:
    """Compile a ``rows x cols`` weave grid straight to arrays.

    Cells and the first ``rows (cols - 1) + (rows - 1) cols`` edges are those
    of :func:`~mazegraph.tessellations.orthogonal.orthogonal_cells`, in the same
    order; the under edges follow, horizontal ones (``(r, c)-(r, c + 2)``) then
    vertical ones (``(r, c)-(r + 2, c)``), each group in row-major order of its
    first cell. See :func:`weave` for the drawing.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.
    """
    rows, cols = size("rows", rows), size("cols", cols)
    check_cells("weave", rows * cols)
    n = rows * cols
    index = np.arange(n, dtype=np.int64).reshape(rows, cols)
    r, c = np.divmod(np.arange(n, dtype=np.int64), cols)
    pos = np.stack([c + 0.5, rows - r - 0.5], axis=1)

    step_h, step_v = 1, cols  # index steps to the right and downwards
    groups = [  # (first cells, index step, cells jumped, direction code)
        (index[:, :-1].ravel(), step_h, 1, 0),
        (index[:-1, :].ravel(), step_v, 1, 1),
        (index[:, :-2].ravel(), step_h, 2, 0),
        (index[:-2, :].ravel(), step_v, 2, 1),
    ]
    edges, walls, marks, covers, direction, under = [], [], [], [], [], []
    for first, step, length, code in groups:
        k = len(first)
        last = first + length * step
        edges.append(np.stack([first, last], axis=1))
        direction.append(np.full(k, code))
        if length == 1:  # ordinary: the facing sides while closed, a short corridor while open
            walls.append(_items(_sides(pos[first], pos[last])))
            marks.append(_items(_corridor(pos[first], pos[last])))
            covers.append(Polylines(np.empty((0, 2)), np.zeros(k + 1, dtype=np.int64)))
            under.append(np.full(k, -1))
        else:  # under: nothing while closed; while open, the tunnel's sides either side of the crossed cell
            middle = first + step
            nan = np.broadcast_to(_NAN, (k, 1, 2))
            tunnel = np.concatenate(
                [_corridor(pos[first], pos[middle]), nan, _corridor(pos[middle], pos[last])], axis=1
            )
            walls.append(Polylines(np.empty((0, 2)), np.zeros(k + 1, dtype=np.int64)))
            marks.append(_items(tunnel))
            # while open, the ends' sides facing the crossed cell are erased: the tunnel's mouths
            mouths = np.concatenate(
                [_sides(pos[first], pos[middle])[:, :2], nan, _sides(pos[last], pos[middle])[:, :2]], axis=1
            )
            covers.append(_items(mouths))
            under.append(middle)

    # the sides of the border cells' squares that face out of the board
    outward = []
    for cells, (dx, dy) in (
        (index[0, :], (0.0, 1.0)),
        (index[-1, :], (0.0, -1.0)),
        (index[:, 0], (-1.0, 0.0)),
        (index[:, -1], (1.0, 0.0)),
    ):
        p = pos[cells]
        outward.append(_sides(p, p + np.array([dx, dy]))[:, :2])

    return CellGraph(
        name="weave",
        labels=Labels(coords=np.stack([r, c], axis=1)),
        edges=np.concatenate(edges),
        pos=pos,
        walls=Polylines.concatenate(walls),
        boundary=_items(np.concatenate(outward)),
        marks=Polylines.concatenate(marks),
        covers=Polylines.concatenate(covers),
        cell_refs={"under": np.concatenate(under)},
        direction=np.concatenate(direction),
        direction_names=("horizontal", "vertical"),
        row=r,
        start=0,
        goal=n - 1,
        spec={"tessellation": "weave", "rows": rows, "cols": cols},
    )


def weave_under(tessellation) -> np.ndarray:
    """The cell each edge passes beneath: its index for under edges, -1 for the others.

    Parameters
    ----------
    tessellation : CellGraph, networkx.Graph or Maze
        A weave tessellation (from :func:`weave` or ``weave_cells``), a
        maze on one, or any graph whose under edges carry the attribute
        ``under`` (the label of the crossed cell). Any other tessellation has no
        under edges and gives all -1.

    Returns
    -------
    numpy.ndarray of int64, shape (n_edges,)
        In the compiled edge order (``compile_graph(G).edges``).

    Raises
    ------
    UnsupportedError
        If ``tessellation`` is none of the types above.
    NotACellError
        If a graph's ``under`` attribute names a node that does not exist.

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.tessellations.weave import weave_cells, weave_under
    >>> cells = weave_cells(1, 3)
    >>> cells.edges.tolist(), weave_under(cells).tolist()
    ([[0, 1], [1, 2], [0, 2]], [-1, -1, 1])
    """
    graph = None
    if isinstance(tessellation, CellGraph):
        cells = tessellation
    elif is_networkx_graph(tessellation):
        cells, graph = compile_graph(tessellation), tessellation
    elif isinstance(getattr(tessellation, "cells", None), CellGraph):  # a Maze
        cells = tessellation.cells
    else:
        raise UnsupportedError(f"expected a CellGraph, networkx.Graph or Maze, got {type(tessellation).__name__}")
    if "under" in cells.cell_refs:
        return cells.cell_refs["under"].copy()
    out = np.full(cells.n_edges, -1, dtype=np.int64)
    if graph is not None:
        labels = cells.labels
        for e, (u, v) in enumerate(cells.edges.tolist()):
            crossed = graph.edges[labels[u], labels[v]].get("under")
            if crossed is not None:
                out[e] = labels.index(crossed)
    return out


def weave(rows: int, cols: int) -> nx.Graph:
    """Return the weave tessellation: square cells plus passages that cross under a cell.

    Every cell ``(r, c)`` is joined to its four orthogonal neighbours, as in
    :func:`~mazegraph.tessellations.orthogonal`, and by an *under edge* to the
    cells two steps away in a straight line, ``(r, c + 2)`` and ``(r + 2, c)``,
    a tunnel passing beneath the cell between them. An interior cell has eight
    neighbours. This graph admits every weave maze; which spanning trees are
    valid weave mazes (the crossed cell a straight corridor across the tunnel,
    no cell crossed twice) is for the generator to enforce.

    Parameters
    ----------
    rows, cols : int
        Number of rows and columns, each at least 1.

    Returns
    -------
    networkx.Graph
        Nodes ``(row, col)`` with ``pos`` (centre, ``y`` up, row 0 on top) and
        ``row``. Edges with ``direction`` (``"horizontal"`` or ``"vertical"``,
        under edges too); under edges also carry ``under``, the label of the
        cell they pass beneath (:func:`weave_under` gives the same as an array).
        Cells are drawn as squares inset in their grid squares, as in Buck's
        weave mazes: an ordinary edge's ``wall`` (while closed) is the two
        facing sides of its cells' squares and its ``mark`` (while open) the
        two sides of the short corridor joining them; an under edge has no wall
        and its ``mark`` draws the tunnel's sides only in the two gaps beside
        the crossed cell, so the crossed cell's own corridor stays drawn
        unbroken on top; its ``cover`` (erased while open) is the two sides of
        its end cells that face the crossed cell, the tunnel's mouths. Graph
        ``boundary`` (the outward sides of the border cells), ``start`` (upper
        left) and ``goal`` (lower right).
        This is a view of the arrays that ``weave_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.weave(5, 5)
    >>> G.number_of_nodes(), G.number_of_edges(), G.degree[(2, 2)]
    (25, 70, 8)
    >>> G.edges[(1, 1), (1, 3)]["under"]
    (1, 2)
    >>> "under" in G.edges[(1, 1), (1, 2)]
    False

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Dimension" (weave mazes), Think
       Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, "Maze Generation: Weave mazes", 2011,
       https://weblog.jamisbuck.org/2011/3/4/maze-generation-weave-mazes ;
       "Mazes for Programmers", Pragmatic Bookshelf, 2015, ch. 9 "Weaving Mazes".
    """
    return weave_cells(rows, cols).to_networkx()
