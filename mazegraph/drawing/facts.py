"""Facts about a tessellation's drawing that the picture's layers share, memoised on the CellGraph.

Nothing here knows a tessellation by name: a *jump* is an edge the drawing
cannot show as a side between its two cells (a passage out of a level slice,
which has no wall of its own, or a side glued across a net, whose wall is drawn
as a piece beside each cell that the line between the cells does not cross);
a *tunnel* is an edge that passes beneath a cell (``cell_refs["under"]``).
"""

from __future__ import annotations

import numpy as np

from ..cellgraph import CellGraph, Polylines

__all__ = [
    "typical_step", "piece_bounds", "jumps", "tunnels", "mark_points", "tunnel_frames", "tunnel_reach",
    "step_edges", "pieces", "anchor",
]

_MIDDLE = (0.2, 0.8)  # a wall piece is crossed when the line between the cells meets it in this stretch


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


def piece_bounds(lines: Polylines) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every drawable piece of every item (two points or more between NaN rows).

    Returns each piece's first and one-past-last index into ``lines.points``,
    and the item it belongs to, in order.
    """
    points = lines.points
    nan = np.flatnonzero(np.isnan(points[:, 0]))
    cuts = np.sort(np.concatenate([lines.ptr, nan, nan + 1]))  # pieces never span an item or a NaN row
    cuts = cuts[np.concatenate([[True], cuts[1:] != cuts[:-1]])]
    starts, stops = cuts[:-1], cuts[1:]
    keep = stops - starts >= 2
    keep[keep] = ~np.isnan(points[starts[keep], 0])
    starts, stops = starts[keep], stops[keep]
    return starts, stops, np.searchsorted(lines.ptr, starts, side="right") - 1


def _piece_counts(lines: Polylines | None, n: int) -> np.ndarray:
    """How many drawable pieces each item has."""
    if lines is None:
        return np.zeros(n, dtype=np.int64)
    return np.bincount(piece_bounds(lines)[2], minlength=n)


def tunnels(cells: CellGraph) -> np.ndarray:
    """The cell each edge passes beneath, -1 for edges on the surface."""
    under = cells.cell_refs.get("under")
    return np.full(cells.n_edges, -1, dtype=np.int64) if under is None else under


def mark_points(cells: CellGraph, edges: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The points of the given edges' marks (NaN separators left out), and for each its position in ``edges``."""
    marks = cells.marks
    if marks is None or not len(edges):
        return np.empty(0, dtype=np.int64), np.empty((0, 2))
    starts, counts = marks.ptr[edges], marks.ptr[edges + 1] - marks.ptr[edges]
    owner = np.repeat(np.arange(len(edges)), counts)
    index = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts - starts, counts)
    points = marks.points[index]
    keep = ~np.isnan(points[:, 0])
    return owner[keep], points[keep]


def tunnel_frames(cells: CellGraph, edges: np.ndarray):
    """For tunnel edges: the crossed cell's drawn centre, the unit vector along the tunnel and across it."""
    layout = cells.layout
    along = layout[cells.edges[edges, 1]] - layout[cells.edges[edges, 0]]
    length = np.hypot(along[:, 0], along[:, 1])[:, None]
    along = along / np.where(length > 0, length, 1)
    return layout[tunnels(cells)[edges]], along, np.stack([-along[:, 1], along[:, 0]], axis=1), length[:, 0]


def tunnel_reach(cells: CellGraph, edges: np.ndarray) -> np.ndarray:
    """How far the bridge over each tunnel extends either side of the crossed cell's centre.

    The distance, along the tunnel, from the crossed cell's drawn centre to the
    nearest point of the tunnel's mark (whose sides stop at the bridge); a
    quarter of the tunnel's length when it has no mark.
    """
    edges = np.asarray(edges, dtype=np.int64)
    middle, along, _, length = tunnel_frames(cells, edges)
    owner, points = mark_points(cells, edges)
    reach = 0.25 * length
    nearest = np.full(len(edges), np.inf)
    np.minimum.at(nearest, owner, np.abs(np.einsum("ij,ij->i", points - middle[owner], along[owner])))
    marked = np.isfinite(nearest)
    reach[marked] = nearest[marked]
    return reach


def jumps(cells: CellGraph) -> np.ndarray:
    """Boolean mask of the edges the drawing shows as a jump rather than a shared side.

    An edge with no wall of its own that does not tunnel (a passage out of a
    level slice), or one whose wall is drawn in several pieces none of which
    the line between its cells' drawn centres crosses near the piece's middle
    (a side glued across a net: each cell's own side, wherever the two lie). A
    wall in pieces that the line does cross (the two facing sides of a weave
    cell, the cut corners of a zeta diagonal, or glued sides that touch in the
    net) is a shared side.
    """

    def make():
        walls = _piece_counts(cells.walls, cells.n_edges)
        if cells.layout is None:
            return np.zeros(cells.n_edges, dtype=bool)
        glued = np.zeros(cells.n_edges, dtype=bool)
        several = np.flatnonzero(walls >= 2)
        if len(several):
            glued[several] = ~_crossed(cells, several)
        return ((walls == 0) & (tunnels(cells) < 0)) | glued

    return cells.memo("render.jumps", make)


def _crossed(cells: CellGraph, edges: np.ndarray) -> np.ndarray:
    """For each edge, whether the line between its cells crosses one of its wall's pieces near the middle."""
    points = cells.walls.points
    starts, stops, item = piece_bounds(cells.walls)
    asked = np.zeros(cells.n_edges, dtype=bool)
    asked[edges] = True
    wanted = asked[item]
    starts, stops, item = starts[wanted], stops[wanted], item[wanted]
    chord_a, chord_b = points[starts], points[stops - 1]  # each piece by its two ends
    layout = cells.layout
    p, q = layout[cells.edges[item, 0]], layout[cells.edges[item, 1]]
    r, s = q - p, chord_b - chord_a
    denominator = r[:, 0] * s[:, 1] - r[:, 1] * s[:, 0]
    parallel = np.abs(denominator) < 1e-12
    denominator = np.where(parallel, 1.0, denominator)
    diff = chord_a - p
    t = (diff[:, 0] * s[:, 1] - diff[:, 1] * s[:, 0]) / denominator  # along the line between the cells
    u = (diff[:, 0] * r[:, 1] - diff[:, 1] * r[:, 0]) / denominator  # along the piece
    hit = ~parallel & (t >= 0) & (t <= 1) & (u >= _MIDDLE[0]) & (u <= _MIDDLE[1])
    crossed = np.zeros(cells.n_edges, dtype=bool)
    crossed[item[hit]] = True
    return crossed[edges]


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
