"""Fractal (nested-cell) mazes: an orthogonal grid cut into blocks of blocks.

A fractal tessellation of ``rows x cols`` to depth ``d`` is the orthogonal grid of
``rows**d x cols**d`` square cells, seen as a ``rows x cols`` grid of *blocks*,
each block a ``rows x cols`` grid of smaller blocks, and so on ``d`` times down to
the cells. Pullen's classification calls a maze on it whose every block holds a
smaller maze a *nested cell fractal* maze; the ``"fractal"`` generator
(:mod:`mazegraph.generators.fractal`) makes one. The cells are those of
:func:`~mazegraph.tessellations.orthogonal`, in the same order, so every
algorithm that runs on an orthogonal grid runs here too; the block structure is
kept in the ``spec`` and read back with :func:`fractal_levels` and
:func:`fractal_blocks`, and the walls between larger blocks are drawn thicker.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines
from ..errors import InvalidSizeError, UnsupportedError
from ._common import size
from .compile import compile_graph
from .limits import check_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["fractal", "fractal_cells", "fractal_levels", "fractal_blocks", "fractal_shape"]

_MAX_EDGES = 2**31 - 1  # edge and cell indices are int32
_STEP = 0.05  # thickening per level above the cells (cell units); a wall stroke is at least 0.1 wide
_MAX_HALF = 0.15  # the thickest band reaches 0.15 into each neighbouring cell


@tessellation(
    "fractal", ("rows", "cols", "depth"),
    "square cells in nested blocks, a maze in every block (generator 'fractal')",
    (4, 4, 2),
    bytes_per_cell=1300,
)
def fractal_cells(rows: int, cols: int, depth: int) -> CellGraph:
    """Compile a fractal tessellation straight to arrays.

    Cells, edges, ``pos``, ``row`` and ``direction`` are those of
    ``orthogonal_cells(rows**depth, cols**depth)``: cell ``(r, c)`` is a unit
    square centred at ``(c + 0.5, R - r - 0.5)`` with ``R = rows**depth``, and
    edges come horizontal first (row-major), then vertical. The wall of an edge
    between blocks of level ``k`` (see :func:`fractal_levels`) is drawn as a band
    ``0.1 * (depth - k)`` wide (at most 0.3) around the wall line, the outer
    boundary as the widest band; each thick wall is still one polyline from its
    first post to its last, passing through its midpoint halfway along, so the
    wall dual (``focus="wall"``) and wall-following solvers see an ordinary wall.

    Raises
    ------
    InvalidSizeError
        If a size is not a whole number, ``rows`` or ``cols`` is below 1,
        ``depth`` is below 1, the blocks are ``1 x 1`` (nothing to nest) or the
        grid would have more than ``2**31 - 1`` edges.
    """
    rows, cols, depth = _sizes(rows, cols, depth)
    R, C = rows**depth, cols**depth
    index = np.arange(R * C, dtype=np.int64).reshape(R, C)
    r, c = np.divmod(np.arange(R * C, dtype=np.int64), C)
    horizontal = np.stack([index[:, :-1].ravel(), index[:, 1:].ravel()], axis=1)
    vertical = np.stack([index[:-1, :].ravel(), index[1:, :].ravel()], axis=1)
    levels = _levels(rows, cols, depth)
    # wall of (r, c)-(r, c+1): x = c + 1 from y = R-r-1 up; wall of (r, c)-(r+1, c): y = R-r-1 from x = c right
    hr, hc = np.divmod(horizontal[:, 0], C)
    vr, vc = np.divmod(vertical[:, 0], C)
    starts = np.concatenate(
        [np.stack([hc + 1.0, R - hr - 1.0], axis=1), np.stack([vc + 0.0, R - vr - 1.0], axis=1)]
    )
    along = np.repeat([[0.0, 1.0], [1.0, 0.0]], [len(horizontal), len(vertical)], axis=0)
    return CellGraph(
        name="fractal",
        labels=Labels(coords=np.stack([r, c], axis=1)),
        edges=np.concatenate([horizontal, vertical]),
        pos=np.stack([c + 0.5, R - r - 0.5], axis=1),
        walls=_walls(starts, along, depth - levels.astype(np.int64), depth),
        boundary=_boundary(R, C, depth),
        direction=np.repeat([0, 1], [len(horizontal), len(vertical)]),
        direction_names=("horizontal", "vertical"),
        row=r,
        start=0,
        goal=R * C - 1,
        spec={"tessellation": "fractal", "rows": rows, "cols": cols, "depth": depth},
    )


def fractal(rows: int, cols: int, depth: int) -> nx.Graph:
    """Return the nested-cell fractal tessellation as a graph.

    The grid of ``rows**depth x cols**depth`` square cells, cut into a
    ``rows x cols`` grid of blocks, each of those into ``rows x cols`` smaller
    blocks, and so on ``depth`` times: the board of Pullen's nested cell fractal
    maze, a maze whose every cell holds a smaller maze. Run the ``"fractal"``
    generator on it for such a maze; any other algorithm that runs on an
    orthogonal grid runs on it too, ignoring the blocks.

    Parameters
    ----------
    rows, cols : int
        The shape of every block's grid of sub-blocks, each at least 1 and not
        both 1.
    depth : int
        The number of nesting levels, at least 1 (1 is a plain ``rows x cols``
        maze).

    Returns
    -------
    networkx.Graph
        Nodes ``(row, col)`` of the fine grid, as in
        :func:`~mazegraph.tessellations.orthogonal`, with ``pos``, ``row`` and
        ``address``: the cell's position ``(r_k, c_k)`` inside its parent at
        each level ``k = 1 .. depth``, outermost first. Edges carry ``wall``,
        ``direction`` and ``level``: the coarsest level ``k`` whose blocks the
        edge runs between (1 for passages between the largest blocks, ``depth``
        between cells of the smallest). Graph attributes ``name``, ``boundary``,
        ``start`` (upper left), ``goal`` (lower right) and ``spec``.
        This is a view of the arrays that ``fractal_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If a size is not a whole number, below 1, the blocks are ``1 x 1``, or
        the grid is too large for 32-bit indices.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.fractal(2, 3, 2)
    >>> G.number_of_nodes(), G.graph["spec"]["depth"]
    (36, 2)
    >>> G.nodes[(3, 4)]["address"]
    ((1, 1), (1, 1))
    >>> G.edges[(0, 2), (0, 3)]["level"], G.edges[(0, 0), (0, 1)]["level"]
    (1, 2)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification" (Dimension: fractal mazes, nested
       cell fractal), Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    import networkx as nx

    cells = fractal_cells(rows, cols, depth)
    G = cells.to_networkx()
    rows, cols, depth = fractal_shape(cells)
    digits = np.concatenate([_digits(cells, k) for k in range(1, depth + 1)], axis=1).tolist()
    nx.set_node_attributes(
        G,
        {
            label: tuple(zip(d[0::2], d[1::2]))
            for label, d in zip(cells.labels.tolist(), digits)
        },
        "address",
    )
    labels = cells.labels.tolist()
    nx.set_edge_attributes(
        G,
        {(labels[u], labels[v]): level for (u, v), level in zip(cells.edges.tolist(), fractal_levels(cells).tolist())},
        "level",
    )
    return G


def fractal_shape(tessellation) -> tuple[int, int, int]:
    """The ``(rows, cols, depth)`` of a fractal tessellation.

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph
        Made by :func:`fractal` or ``fractal_cells`` (or rebuilt from their spec).

    Raises
    ------
    UnsupportedError
        If it is not a fractal tessellation.

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.tessellations.fractal_shape(mg.tessellations.build("fractal", 3, 2, 2))
    (3, 2, 2)
    """
    cells = compile_graph(tessellation)
    spec = cells.spec or {}
    if spec.get("tessellation") != "fractal":
        raise UnsupportedError(
            f"this {cells.name} tessellation has no nested blocks; make one with "
            "mg.tessellations.fractal(rows, cols, depth)"
        )
    return int(spec["rows"]), int(spec["cols"]), int(spec["depth"])


def fractal_levels(tessellation) -> np.ndarray:
    """The nesting level of each edge: the coarsest level whose blocks it joins.

    An edge has level ``k`` when its two cells lie in the same block of level
    ``k - 1`` but in different blocks of level ``k`` (level 0 is the whole maze,
    level ``depth`` the single cells; see :func:`fractal_blocks`). In a fractal
    maze, the open edges of level ``k`` inside each block of level ``k - 1`` are
    the entrances joining its ``rows x cols`` sub-blocks.

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph
        A fractal tessellation.

    Returns
    -------
    numpy.ndarray of int8, shape (n_edges,)
        Values ``1 .. depth``, in edge order.

    Raises
    ------
    UnsupportedError
        If it is not a fractal tessellation.

    Examples
    --------
    >>> import mazegraph as mg
    >>> cells = mg.tessellations.build("fractal", 2, 2, 2)
    >>> mg.tessellations.fractal_levels(cells)[:3].tolist()  # the top row: (0,0)-(0,1)-(0,2)-(0,3)
    [2, 1, 2]
    """
    cells = compile_graph(tessellation)
    rows, cols, depth = fractal_shape(cells)
    return cells.memo("fractal_levels", lambda: _levels(rows, cols, depth))


def fractal_blocks(tessellation, level: int) -> np.ndarray:
    """The block of each cell at a level, as ``(block_row, block_col)``.

    Level ``k`` cuts the grid into ``rows**k x cols**k`` blocks of
    ``rows**(depth - k) x cols**(depth - k)`` cells: level 0 is the whole maze,
    level 1 the ``rows x cols`` largest blocks, level ``depth`` the cells.

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph
        A fractal tessellation.
    level : int
        From 0 to ``depth``.

    Returns
    -------
    numpy.ndarray of int64, shape (n_cells, 2)
        Row and column of each cell's block in the grid of blocks of that level.

    Raises
    ------
    UnsupportedError
        If it is not a fractal tessellation.
    InvalidSizeError
        If ``level`` is not a whole number from 0 to ``depth``.

    Examples
    --------
    >>> import mazegraph as mg
    >>> cells = mg.tessellations.build("fractal", 2, 2, 2)
    >>> mg.tessellations.fractal_blocks(cells, 1)[[0, 3, 15]].tolist()  # cells (0, 0), (0, 3), (3, 3)
    [[0, 0], [0, 1], [1, 1]]
    """
    cells = compile_graph(tessellation)
    rows, cols, depth = fractal_shape(cells)
    level = size("level", level, minimum=0)
    if level > depth:
        raise InvalidSizeError(f"level must be from 0 to the depth {depth}, got {level}")
    scale = np.array([rows ** (depth - level), cols ** (depth - level)], dtype=np.int64)
    return cells.labels.coords // scale


# -- helpers -----------------------------------------------------------------------------------


def _sizes(rows, cols, depth) -> tuple[int, int, int]:
    rows, cols, depth = size("rows", rows), size("cols", cols), size("depth", depth)
    if rows * cols < 2:
        raise InvalidSizeError(
            "a fractal maze needs blocks of at least two sub-blocks; 1 x 1 nests nothing: make rows or cols at least 2"
        )
    if depth * math.log2(rows * cols) > 256:  # astronomically many cells: do not compute the power
        check_cells("fractal", 2**256)
    R, C = rows**depth, cols**depth
    edges = R * (C - 1) + (R - 1) * C
    if edges > _MAX_EDGES:
        raise InvalidSizeError(
            f"fractal({rows}, {cols}, {depth}) would be a {R} x {C} grid with {edges} edges, more than 32-bit "
            "indices hold; lower the depth"
        )
    check_cells("fractal", R * C)
    return rows, cols, depth


def _digits(cells: CellGraph, k: int) -> np.ndarray:
    """Each cell's position ``(r_k, c_k)`` inside its parent block at level ``k``."""
    rows, cols, _ = fractal_shape(cells)
    return fractal_blocks(cells, k) % np.array([rows, cols], dtype=np.int64)


def _split_level(boundary: np.ndarray, base: int, depth: int) -> np.ndarray:
    """Level of the grid line just after cell ``boundary - 1`` along an axis of ``base**depth`` cells.

    The line after ``boundary`` cells separates blocks of level ``k`` when
    ``base**(depth - k)`` divides ``boundary``; its level is the smallest such ``k``.
    """
    level = np.full(len(boundary), depth, dtype=np.int8)
    for j in range(1, depth):
        level -= (boundary % base**j == 0).astype(np.int8)
    return level


def _levels(rows: int, cols: int, depth: int) -> np.ndarray:
    R, C = rows**depth, cols**depth
    h = _split_level(np.arange(1, C, dtype=np.int64), cols, depth)  # vertical grid lines x = 1 .. C-1
    v = _split_level(np.arange(1, R, dtype=np.int64), rows, depth)  # horizontal grid lines below rows 0 .. R-2
    return np.concatenate([np.tile(h, R), np.repeat(v, C)])


def _half_width(extra: int, depth: int) -> float:
    """Half the width of the band drawn for a wall ``extra`` levels above the cells."""
    return min(_STEP * extra, _MAX_HALF) if depth > 1 else 0.0


def _band_template(half: float) -> np.ndarray:
    """A unit wall from ``(0, 0)`` to ``(1, 0)`` drawn as a serpentine filling ``|y| <= half``.

    Returns ``(4p + 3, 2)`` points in (along, across) coordinates: the first and
    last are the wall's end posts and the middle one its midpoint, so the wall
    dual and the solvers read it as the plain segment. ``p`` odd passes run at
    across-offsets spaced at most ``_STEP`` apart, overshooting the ends by
    ``half`` so that bands meeting at a corner leave no notch.
    """
    passes = 2 * math.ceil(half / _STEP - 1e-9) + 1
    offsets = np.linspace(-half, half, passes)
    left = [(0.0, 0.0)]
    for i, off in enumerate(offsets):
        ends = [(-half, off), (0.5, off)]
        left.extend(ends if i % 2 == 0 else ends[::-1])
    left.append((0.5, 0.0))
    right = [(1.0 - u, off) for u, off in reversed(left[:-1])]
    return np.array(left + right)


def _walls(starts: np.ndarray, along: np.ndarray, extra: np.ndarray, depth: int) -> Polylines:
    """Each edge's wall: a unit segment from ``starts`` in direction ``along``, thickened by its level."""
    across = along[:, ::-1]  # (0, 1) -> (1, 0) and back: a unit normal
    templates = {}
    for x in np.unique(extra).tolist():
        half = _half_width(x, depth)
        templates[x] = _band_template(half) if half else np.array([[0.0, 0.0], [1.0, 0.0]])
    length_of = np.zeros(max(templates, default=0) + 1, dtype=np.int64)
    for x, template in templates.items():
        length_of[x] = len(template)
    lengths = length_of[extra]
    ptr = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    points = np.empty((int(ptr[-1]), 2))
    for x, template in templates.items():
        chosen = np.flatnonzero(extra == x)
        local = (
            starts[chosen, None, :]
            + template[None, :, :1] * along[chosen, None, :]
            + template[None, :, 1:] * across[chosen, None, :]
        )
        slots = ptr[chosen, None] + np.arange(len(template))
        points[slots.ravel()] = local.reshape(-1, 2)
    return Polylines(points, ptr)


def _boundary(R: int, C: int, depth: int) -> Polylines:
    """The outer rectangle, drawn as a band as wide as a wall ``depth`` levels above the cells."""
    half = _half_width(depth, depth)
    rectangle = np.array([(0, 0), (C, 0), (C, R), (0, R), (0, 0)], dtype=np.float64)
    items = [rectangle]
    if half:
        sign = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1), (-1, -1)], dtype=np.float64)
        passes = 2 * math.ceil(half / _STEP - 1e-9) + 1
        items += [rectangle + off * sign for off in np.linspace(-half, half, passes) if off != 0.0]
    return Polylines.from_items(items)
