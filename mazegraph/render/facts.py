"""Facts about a tessellation's drawing that the picture's layers share, memoised on the CellGraph.

Nothing here knows a tessellation by name: a *jump* is an edge the drawing
cannot show as a side between its two cells (a passage out of a level slice,
which has no wall of its own, or a side glued across a net, whose wall is drawn
in pieces far apart); a *tunnel* is an edge that passes beneath a cell
(``cell_refs["under"]``).
"""

from __future__ import annotations

import numpy as np

from ..cellgraph import CellGraph, Polylines

__all__ = ["typical_step", "jumps", "tunnels", "tunnel_reach", "step_edges", "pieces", "anchor"]

JUMP_FACTOR = 2.5  # a side whose cells are drawn this many typical steps apart is glued, not shared


def typical_step(cells: CellGraph) -> float:
    """The median distance between neighbours' drawn centres (1 when there is none)."""

    def make():
        layout = cells.layout
        if layout is None or cells.n_edges == 0:
            return 1.0
        steps = np.linalg.norm(layout[cells.edges[:, 0]] - layout[cells.edges[:, 1]], axis=1)
        typical = float(np.median(steps))
        return typical if typical > 0 else 1.0

    return cells.memo("render.typical_step", make)


def _piece_counts(lines: Polylines | None, n: int) -> np.ndarray:
    """How many drawable pieces each item has (0 for an item of fewer than two points)."""
    if lines is None:
        return np.zeros(n, dtype=np.int64)
    lengths = np.diff(lines.ptr)
    owner = np.repeat(np.arange(len(lines)), lengths)
    gaps = np.bincount(owner[np.isnan(lines.points[:, 0])], minlength=len(lines))
    return np.where(lengths >= 2, gaps + 1, 0)


def tunnels(cells: CellGraph) -> np.ndarray:
    """The cell each edge passes beneath, -1 for edges on the surface."""
    under = cells.cell_refs.get("under")
    return np.full(cells.n_edges, -1, dtype=np.int64) if under is None else under


def tunnel_reach(cells: CellGraph, edge: int) -> float:
    """How far the bridge over tunnel ``edge`` extends either side of the crossed cell's centre.

    The distance, along the tunnel, from the crossed cell's drawn centre to the
    nearest point of the tunnel's mark (whose sides stop at the bridge); a
    quarter of the tunnel's length when it has no mark.
    """
    layout = cells.layout
    u, v = cells.edges[edge]
    along = layout[v] - layout[u]
    length = float(np.hypot(*along))
    shapes = pieces(cells.marks, edge)
    if not shapes or length == 0:
        return 0.25 * length
    offsets = np.concatenate(shapes) - layout[tunnels(cells)[edge]]
    return float(np.min(np.abs(offsets @ (along / length))))


def jumps(cells: CellGraph) -> np.ndarray:
    """Boolean mask of the edges the drawing shows as a jump rather than a shared side.

    An edge with no wall of its own that does not tunnel (a passage out of a
    level slice), or one whose wall is drawn in several pieces and whose cells
    are drawn more than 2.5 typical steps apart (a side glued across a net).
    """

    def make():
        walls = _piece_counts(cells.walls, cells.n_edges)
        layout = cells.layout
        if layout is None:
            return np.zeros(cells.n_edges, dtype=bool)
        steps = np.linalg.norm(layout[cells.edges[:, 0]] - layout[cells.edges[:, 1]], axis=1)
        glued = (walls >= 2) & (steps > JUMP_FACTOR * typical_step(cells))
        return ((walls == 0) & (tunnels(cells) < 0)) | glued

    return cells.memo("render.jumps", make)


def step_edges(cells: CellGraph, path: np.ndarray) -> np.ndarray:
    """The edge joining each pair of consecutive cells of ``path`` (cell indices)."""

    def make():
        n = cells.n_cells
        lo, hi = cells.edges.min(axis=1).astype(np.int64), cells.edges.max(axis=1).astype(np.int64)
        key = lo * n + hi
        order = np.argsort(key, kind="stable")
        return key[order], order

    keys, order = cells.memo("render.edge_keys", make)
    a, b = path[:-1].astype(np.int64), path[1:].astype(np.int64)
    wanted = np.minimum(a, b) * cells.n_cells + np.maximum(a, b)
    return order[np.searchsorted(keys, wanted)]


def pieces(lines: Polylines | None, item: int) -> list[np.ndarray]:
    """The drawable pieces of one item, split at its NaN rows."""
    if lines is None:
        return []
    points = lines[item]
    parts = np.split(points, np.flatnonzero(np.isnan(points[:, 0])))
    parts = [part[~np.isnan(part[:, 0])] for part in parts]
    return [part for part in parts if len(part) >= 2]


def anchor(cells: CellGraph, edge: int, cell: int) -> np.ndarray:
    """Where a jump along ``edge`` leaves ``cell`` in the drawing.

    The centre of the piece of the edge's wall (or, without a wall, of its mark)
    nearest the cell's drawn centre: the cell's own side of a glued pair, or the
    up/down mark in the cell. The cell's centre when the edge has no geometry.
    """
    centre = cells.layout[cell]
    shapes = pieces(cells.walls, edge) or pieces(cells.marks, edge)
    if not shapes:
        return centre.copy()
    middles = [_middle(p) for p in shapes]
    return min(middles, key=lambda m: float(np.hypot(*(m - centre))))


def _middle(points: np.ndarray) -> np.ndarray:
    """The mean of a polyline's corners (a closed outline's repeated first corner counted once)."""
    if len(points) > 2 and np.allclose(points[0], points[-1]):
        points = points[:-1]
    return points.mean(axis=0)
