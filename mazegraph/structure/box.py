"""The box shape: is a tessellation a full box of the orthogonal grid (rectangle, 3D block, ...)?

Some algorithms (recursive division with straight walls, Pullen's unicursal
construction, :func:`mazegraph.to_unicursal`) need the coordinates of a rectangular grid. :func:`box_of` finds
them from the cell labels alone, so it works for ``orthogonal``, ``grid`` of any
dimension, a ``from_mask`` shape that happens to be a full rectangle and a
user's ``nx.grid_2d_graph``, and refuses everything whose edges are not exactly
the grid's (sigma, delta, upsilon, weave, torus, ...).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..cellgraph import CellGraph

__all__ = ["Box", "box_of"]


@dataclass(frozen=True)
class Box:
    """A tessellation that is exactly the orthogonal grid on a box.

    Attributes
    ----------
    shape : numpy.ndarray of int64, shape (d,)
        The box's extent along each axis.
    cell_at : numpy.ndarray of int32, shape (prod(shape),)
        The cell index at each box position, row-major (axis 0 slowest).
    step_edge : numpy.ndarray of int32, shape (n, d)
        The edge from each cell to its neighbour one step up along each axis,
        -1 on the box's far faces.
    """

    shape: np.ndarray
    cell_at: np.ndarray
    step_edge: np.ndarray


def box_of(cells: CellGraph) -> Box | None:
    """The box grid ``cells`` is, or None if it is not one.

    Computed once per tessellation and remembered under the memo key ``"box"``.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.

    Returns
    -------
    Box or None
        The box's shape and the cell and edge at every box position; None if
        the cells are not labelled by integer coordinates, do not fill a box,
        or have edges other than the grid's unit steps.

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.structure import box_of
    >>> box = box_of(mg.compile_graph(mg.tessellations.orthogonal(2, 3)))
    >>> box.shape.tolist(), box.cell_at.tolist()
    ([2, 3], [0, 1, 2, 3, 4, 5])
    >>> box_of(mg.compile_graph(mg.tessellations.sigma(2, 3))) is None
    True
    """
    return cells.memo("box", lambda: _find_box(cells))


def _label_coords(cells: CellGraph) -> np.ndarray | None:
    """The cell labels as an integer coordinate array (n, d), or None if they are not integer tuples."""
    if cells.labels.coords is not None:
        return cells.labels.coords
    items = cells.labels.tolist()
    if not items or not all(isinstance(x, tuple) for x in items):
        return None
    width = len(items[0])
    if width == 0 or any(len(x) != width for x in items):
        return None
    if not all(isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)) for x in items for v in x):
        return None
    return np.asarray(items, dtype=np.int64).reshape(len(items), width)


def _find_box(cells: CellGraph) -> Box | None:
    coords = _label_coords(cells)
    n = cells.n_cells
    if coords is None or coords.ndim != 2 or coords.shape[1] == 0 or n == 0:
        return None
    c = coords - coords.min(axis=0)
    shape = c.max(axis=0) + 1
    if math.prod(int(s) for s in shape) != n:
        return None
    expected_edges = sum(n // int(s) * (int(s) - 1) for s in shape)
    if cells.n_edges != expected_edges:
        return None
    flat = np.ravel_multi_index(tuple(c.T), tuple(int(s) for s in shape))
    cell_at = np.full(n, -1, dtype=np.int32)
    cell_at[flat] = np.arange(n, dtype=np.int32)
    if (cell_at < 0).any():  # two cells share a position
        return None
    edges = cells.edges
    diff = c[edges[:, 1]] - c[edges[:, 0]]
    if len(edges) and not (np.abs(diff).sum(axis=1) == 1).all():
        return None
    # a simple graph with the grid's edge count whose edges are all unit steps is the grid
    axis = np.argmax(np.abs(diff), axis=1) if len(edges) else np.empty(0, dtype=np.int64)
    lower = np.where(diff.sum(axis=1) > 0, edges[:, 0], edges[:, 1]) if len(edges) else axis
    step_edge = np.full((n, len(shape)), -1, dtype=np.int32)
    step_edge[lower, axis] = np.arange(len(edges), dtype=np.int32)
    return Box(shape=shape.astype(np.int64), cell_at=cell_at, step_edge=step_edge)
