"""Orthogonal grids in any number of dimensions: strips, boards, 3D and 4D mazes.

A ``grid(shape)`` has one cell per index tuple of ``shape`` and joins the cells
whose indices differ by one along a single axis. Axis 0 is the row (counted
down from the top, as in :func:`~mazegraph.tessellations.orthogonal`), axis 1
the column, axis 2 the level and axes 3, 4, ... the further dimensions. A maze
of three or more dimensions is drawn as its 2D level slices laid out side by
side; passages that leave a slice have no wall of their own and instead draw a
small marker in both of their cells while open.
"""

from __future__ import annotations

import math
import numbers
from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines
from ..errors import InvalidSizeError
from ._common import size
from .limits import BYTES_PER_CELL, check_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["grid", "grid_cells", "grid_shape"]

#: Most axes a grid may have (numpy 1 arrays have at most 32, and the builder needs one more).
MAX_AXES = 31
_GAP = 1.0  # space between slices, in cells; one cell wider for each further pair of axes (5D and up)
_NAN = np.full((1, 2), np.nan)

# markers, relative to a cell's drawn centre (cells are unit squares). They stay
# clear of the solution line (along the cell's middle lines) and of the walls.
# Axis 2: a triangle pointing up in the lower cell, pointing down in the upper
# cell, in the right half of the cell (up one above the middle, down one below).
_TRI_X, _TRI_Y, _TRI_HALF, _TRI_HEIGHT = 0.26, 0.25, 0.13, 0.22
# Axes 3, 4, ...: a plus in the lower cell (the passage leads to index + 1) and
# a minus in the upper cell, in the left half; one column per axis from the left.
_SIGN_LEFT, _SIGN_RIGHT, _SIGN_Y, _SIGN_ARM = -0.44, -0.12, 0.25, 0.1


def grid_shape(shape) -> tuple[int, ...]:
    """Check a grid shape and return it as a tuple of ints.

    Parameters
    ----------
    shape : int or sequence of int
        The number of cells along each axis, each at least 1; a bare int ``n``
        means the 1D shape ``(n,)``.

    Returns
    -------
    tuple of int

    Raises
    ------
    InvalidSizeError
        If ``shape`` is empty, is not a sequence, has more than ``MAX_AXES``
        axes, or holds a size that is not a whole number of at least 1.

    Examples
    --------
    >>> grid_shape([4, 5, 3])
    (4, 5, 3)
    >>> grid_shape(7)
    (7,)
    """
    if isinstance(shape, numbers.Integral) and not isinstance(shape, bool):
        shape = (shape,)
    if isinstance(shape, (str, bytes, dict)) or isinstance(shape, bool):
        raise InvalidSizeError(f"shape must be a sequence of sizes such as (4, 5, 3), got {shape!r}")
    try:
        items = list(shape)
    except TypeError:
        raise InvalidSizeError(f"shape must be a sequence of sizes such as (4, 5, 3), got {shape!r}") from None
    if not items:
        raise InvalidSizeError("shape must hold at least one size, e.g. (10,) for a strip or (4, 5, 3) for 3D")
    if len(items) > MAX_AXES:
        raise InvalidSizeError(f"shape may have at most {MAX_AXES} axes, got {len(items)}")
    return tuple(size(f"shape[{axis}]", value) for axis, value in enumerate(items))


def _direction_names(dims: int) -> tuple[str, ...]:
    """Direction classes, in edge-group order: the axes drawn across, down, then out of the page."""
    if dims == 1:
        return ("horizontal",)
    return ("horizontal", "vertical", "up-down")[: min(dims, 3)] + tuple(f"axis{k}" for k in range(3, dims))


def _axis_order(dims: int) -> list[int]:
    """Axes in the order their edges are listed (axis 1 first, as orthogonal lists horizontal edges first)."""
    return [0] if dims == 1 else [1, 0, *range(2, dims)]


def _slice_steps(shape: tuple[int, ...]) -> np.ndarray:
    """How far one step along each axis >= 2 moves a slice in the drawing.

    Axes 2, 4, ... lay the slices out left to right, axes 3, 5, ... top to
    bottom; each further axis along a direction repeats the whole block drawn
    so far, with a gap one cell wider than the one before.
    """
    width, height = float(shape[1]), float(shape[0])
    steps = np.zeros(len(shape))
    for k in range(2, len(shape)):
        gap = _GAP * (k // 2)
        if k % 2 == 0:
            steps[k] = width + gap
            width = shape[k] * steps[k] - gap
        else:
            steps[k] = height + gap
            height = shape[k] * steps[k] - gap
    return steps


def _offsets(extra: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """Drawing offsets ``(n, 2)`` of slices given their indices ``(n, d - 2)`` along axes 2, 3, ..."""
    out = np.zeros((len(extra), 2))
    for j in range(extra.shape[1]):
        k = j + 2
        out[:, 0 if k % 2 == 0 else 1] += (1.0 if k % 2 == 0 else -1.0) * steps[k] * extra[:, j]
    return out


def _triangle(centre_y: float, pointing_up: bool) -> np.ndarray:
    """Closed triangle outline ``(4, 2)`` in cell coordinates."""
    tip = 0.5 if pointing_up else -0.5
    return np.array(
        [
            [_TRI_X - _TRI_HALF, centre_y - tip * _TRI_HEIGHT],
            [_TRI_X + _TRI_HALF, centre_y - tip * _TRI_HEIGHT],
            [_TRI_X, centre_y + tip * _TRI_HEIGHT],
            [_TRI_X - _TRI_HALF, centre_y - tip * _TRI_HEIGHT],
        ]
    )


def _signs(column: int, columns: int) -> tuple[np.ndarray, np.ndarray]:
    """A plus (upper left) and a minus (lower left) in cell coordinates, in one of ``columns`` columns."""
    width = (_SIGN_RIGHT - _SIGN_LEFT) / columns
    x = _SIGN_LEFT + width * (column + 0.5)
    arm = min(_SIGN_ARM, 0.4 * width)
    plus = np.array([[x - arm, _SIGN_Y], [x + arm, _SIGN_Y], [np.nan, np.nan], [x, _SIGN_Y - arm], [x, _SIGN_Y + arm]])
    minus = np.array([[x - arm, -_SIGN_Y], [x + arm, -_SIGN_Y]])
    return plus, minus


def _marker_template(axis: int, dims: int) -> tuple[np.ndarray, np.ndarray]:
    """Marker drawn in the lower cell and in the upper cell of an edge along ``axis`` (>= 2)."""
    if axis == 2:
        return _triangle(_TRI_Y, True), _triangle(-_TRI_Y, False)
    return _signs(axis - 3, dims - 3)


def _uniform(items: np.ndarray) -> Polylines:
    """Polylines from a ``(k, L, 2)`` array: ``k`` items of ``L`` points each."""
    k, length = items.shape[:2]
    return Polylines(items.reshape(-1, 2), np.arange(k + 1, dtype=np.int64) * length)


def _empty(k: int) -> Polylines:
    return Polylines(np.empty((0, 2)), np.zeros(k + 1, dtype=np.int64))


@tessellation(
    "grid", ("shape",), "orthogonal cells in any dimension, drawn as level slices", (5, 6, 3), variadic=True,
    bytes_per_cell=550,
)
def grid_cells(shape) -> CellGraph:
    """Compile an orthogonal grid of any dimension straight to arrays.

    Cells are numbered in row-major (C) order of their index tuples. Edges come
    grouped by axis: axis 1 (horizontal) first, then axis 0 (vertical), then
    axes 2, 3, ...; within a group in row-major order of their lower cell, so a
    2D grid lists its edges exactly as :func:`orthogonal_cells` does. A 1D grid
    is drawn as one row. See :func:`grid` for the geometry.

    Raises
    ------
    InvalidSizeError
        If ``shape`` is empty or a size is not a whole number of at least 1.
    """
    shape = grid_shape(shape)
    dims = len(shape)
    # measured peaks: 397 B a cell in 2D, 850 in 3D, 1534 in 5D (coordinates and edges grow with the axes)
    check_cells("grid", math.prod(shape), BYTES_PER_CELL["grid"] + 500 * max(0, dims - 2))
    n = int(np.prod(shape, dtype=np.int64))
    coords = np.indices(shape, dtype=np.int64).reshape(dims, -1).T
    index = np.arange(n, dtype=np.int64).reshape(shape)
    strides = [int(np.prod(shape[a + 1 :], dtype=np.int64)) for a in range(dims)]

    # centres: x from axis 1 (or axis 0 in 1D), y up from axis 0, then the further axes
    if dims == 1:
        pos = coords[:, :1] + 0.5
        layout = np.stack([pos[:, 0], np.full(n, 0.5)], axis=1)
        rows_drawn, cols_drawn = 1, shape[0]
        row = np.zeros(n, dtype=np.int64)
    else:
        x, y = coords[:, 1] + 0.5, shape[0] - coords[:, 0] - 0.5
        pos = np.column_stack([x, y, coords[:, 2:] + 0.5])
        steps = _slice_steps(shape)
        layout = np.stack([x, y], axis=1) + _offsets(coords[:, 2:], steps) if dims > 2 else None
        rows_drawn, cols_drawn = shape[0], shape[1]
        row = coords[:, 0]
    drawn = pos if layout is None else layout

    edges, walls, marks, direction = [], [], [], []
    for code, axis in enumerate(_axis_order(dims)):
        lower = index[(slice(None),) * axis + (slice(None, -1),)].ravel()
        k = len(lower)
        edges.append(np.stack([lower, lower + strides[axis]], axis=1))
        direction.append(np.full(k, code))
        p = drawn[lower]
        x, y = p[:, 0], p[:, 1]
        if code == 0:  # horizontal passage: wall on the right side of the lower cell, bottom to top
            walls.append(Polylines.from_segments(np.stack([x + 0.5, y - 0.5, x + 0.5, y + 0.5], axis=1)))
            marks.append(_empty(k))
        elif code == 1:  # vertical passage: wall below the upper cell, left to right
            walls.append(Polylines.from_segments(np.stack([x - 0.5, y - 0.5, x + 0.5, y - 0.5], axis=1)))
            marks.append(_empty(k))
        else:  # leaves the slice: no wall; a marker in each cell while open
            walls.append(_empty(k))
            here, there = _marker_template(axis, dims)
            q = drawn[lower + strides[axis]]
            items = np.concatenate(
                [p[:, None, :] + here, np.broadcast_to(_NAN, (k, 1, 2)), q[:, None, :] + there], axis=1
            )
            marks.append(_uniform(items))

    # one rectangle around each slice
    if dims <= 2:
        corners = np.zeros((1, 2))
    else:
        extra = np.indices(shape[2:], dtype=np.int64).reshape(dims - 2, -1).T
        corners = _offsets(extra, steps)
    frame = np.array([[0, 0], [cols_drawn, 0], [cols_drawn, rows_drawn], [0, rows_drawn], [0, 0]], dtype=float)
    boundary = _uniform(corners[:, None, :] + frame)

    return CellGraph(
        name="grid",
        labels=Labels(coords=coords),
        edges=np.concatenate(edges) if edges else np.empty((0, 2), dtype=np.int64),
        pos=pos,
        layout=layout,
        walls=Polylines.concatenate(walls),
        boundary=boundary,
        marks=Polylines.concatenate(marks) if dims > 2 else None,
        direction=np.concatenate(direction),
        direction_names=_direction_names(dims),
        row=row,
        start=0,
        goal=n - 1,
        spec={"tessellation": "grid", "shape": list(shape)},
    )


def grid(shape) -> nx.Graph:
    """Return the orthogonal grid of any dimension: 1D strips, 2D boards, 3D and 4D mazes.

    Cell ``(i0, i1, ..., i_{d-1})`` is joined to the cells one step away along
    each axis, so an interior cell of a ``d``-dimensional grid has ``2 d``
    neighbours. ``grid((rows, cols))`` is the same graph, geometry and edge order
    as :func:`~mazegraph.tessellations.orthogonal` ``(rows, cols)``.

    Parameters
    ----------
    shape : sequence of int, or int
        Cells along each axis, each at least 1: ``(rows, cols, levels, ...)``.
        A bare int ``n`` is the 1D shape ``(n,)``.

    Returns
    -------
    networkx.Graph
        Nodes are index tuples with
        This is a view of the arrays that ``grid_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

        - ``pos``: the cell centre in ``d`` dimensions ``(x, y, z, w, ...)``:
          ``x = i1 + 0.5``, ``y = rows - i0 - 0.5`` (row 0 on top, ``y`` up, as
          in ``orthogonal``) and ``i_k + 0.5`` along each further axis. A 1D
          grid is one row: ``pos = (i0 + 0.5,)``.
        - ``layout`` (1D and 3D up): where the centre is drawn. The 2D slices
          (fixed ``i2, i3, ...``) are laid out side by side, one cell apart:
          axis 2 (the level) from left to right, axis 3 from top to bottom
          (a 4D grid is drawn as a grid of slices); axes 4, 5, ... repeat the
          whole block again across and down with wider gaps.
        - ``row``: the index along axis 0 (0 in 1D). A "row" thus spans every
          level, and every edge joins two cells of the same row or of adjacent
          rows, the layering row-by-row algorithms (Eller, Sidewinder) rely on.

        Edges carry ``direction``, one class per axis: ``"horizontal"`` (axis
        1; axis 0 in 1D), ``"vertical"`` (axis 0), ``"up-down"`` (axis 2),
        ``"axis3"``, ``"axis4"``, ...; ``wall``: the side between the two cells
        in layout coordinates, empty for passages along axes 2 and up; ``mark``
        (3D and up): drawn while the passage is open, empty for in-slice
        passages. A passage along axis 2 marks its lower cell with a triangle
        pointing up and its upper cell with one pointing down (right half of
        the cell); a passage along axis 3 or further marks its lower cell with a
        ``+`` and its upper cell with a ``-`` (left half of the cell, one column
        per axis from the left edge). Graph attributes: ``name``, ``boundary``
        (one rectangle per slice), ``start`` (all indices 0) and ``goal`` (all
        indices at their maximum).

    Raises
    ------
    InvalidSizeError
        If ``shape`` is empty, not a sequence, or a size is not a whole number
        of at least 1.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.grid((3, 4, 2))
    >>> G.number_of_nodes(), G.number_of_edges()
    (24, 46)
    >>> sorted(G[(1, 1, 0)])
    [(0, 1, 0), (1, 0, 0), (1, 1, 1), (1, 2, 0), (2, 1, 0)]
    >>> G.edges[(1, 1, 0), (1, 1, 1)]["direction"]
    'up-down'
    >>> M = mg.generate(mg.tessellations.grid((2, 3, 2, 2)), "wilson", seed=3)
    >>> M.is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Dimension" (3D, 4D and higher
       dimensional mazes), Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, "Mazes for Programmers", Pragmatic Bookshelf, 2015,
       ch. 13 "Extending Mazes into Higher Dimensions".
    """
    return grid_cells(shape).to_networkx()
