"""The cyclic order of each cell's neighbours, from the tessellation's geometry.

Wall following needs to know which passage lies to the left of which. For every
cell the neighbours are sorted counterclockwise by the direction in which the
wall between them lies, seen from the cell's centre in the drawing (``layout``):
the midpoint of the wall piece nearest the centre, so glued surfaces (torus,
Moebius strip, cube net), whose walls are drawn in two pieces on opposite sides
of the net, get each side's direction in the cell's own frame. Edges without a
drawn wall (weave under-passages) use the direction to the neighbour's centre.
In 3D and higher mazes Pullen's projection rule applies: a passage along the
third axis counts as leading northwest (up) or southeast (down), a fourth axis
northeast/southwest, and so on between. Without geometry the CSR order is used:
any fixed cyclic order is a valid rotation system, so wall following still
terminates, only the notion of "left" is arbitrary.
"""

from __future__ import annotations

import numpy as np

from ..cellgraph import CellGraph

__all__ = ["rotation"]



def _slot_angles(cells: CellGraph) -> np.ndarray:
    n = cells.n_cells
    deg = np.diff(cells.indptr)
    owner = np.repeat(np.arange(n), deg)
    layout = cells.layout
    if layout is None:
        local = np.arange(len(owner)) - cells.indptr[owner]
        return 2 * np.pi * local / np.maximum(deg[owner], 1)
    angle = np.empty(len(owner))
    nbr = cells.neighbors
    extra = None
    if cells.pos is not None and cells.pos.shape[1] > 2:
        extra = cells.pos[nbr, 2:] - cells.pos[owner, 2:]
    walls = cells.walls
    for k in range(len(owner)):
        u, v, e = owner[k], nbr[k], cells.edge_ids[k]
        if extra is not None and np.any(np.abs(extra[k]) > 1e-9):
            axis = int(np.flatnonzero(np.abs(extra[k]) > 1e-9)[0])
            base = 3 * np.pi / 4 - axis * np.pi / 2 / max(1, cells.pos.shape[1] - 2)
            angle[k] = base if extra[k, axis] > 0 else base - np.pi
            continue
        d = None
        if walls is not None and walls.ptr[e + 1] - walls.ptr[e] >= 2:
            pts = walls[e]
            best = np.inf
            for piece in np.split(pts, np.flatnonzero(np.isnan(pts[:, 0]))):
                piece = piece[~np.isnan(piece[:, 0])]
                if len(piece) < 2:
                    continue
                mid = (piece[0] + piece[-1]) / 2 if len(piece) == 2 else piece[len(piece) // 2]
                dist = float(np.hypot(*(mid - layout[u])))
                if dist < best:
                    best, d = dist, mid - layout[u]
        if d is None or not np.any(d):
            d = layout[v] - layout[u]
        angle[k] = np.arctan2(d[1], d[0])
    return angle


def rotation(cells: CellGraph):
    """CSR arrays with each cell's neighbours in counterclockwise order (cached).

    Returns
    -------
    neighbors, edge_ids : numpy.ndarray of int64
        The CSR arrays reordered within each cell (``indptr`` is unchanged).
    angle : numpy.ndarray of float64
        The direction of each slot, radians.
    back : numpy.ndarray of int64
        For slot ``k`` of cell ``u`` leading to ``v``, the slot of ``v`` leading back to ``u``.
    """
    return cells.memo("solver_rotation", lambda: _rotation(cells))


def _rotation(cells: CellGraph):
    n = cells.n_cells
    deg = np.diff(cells.indptr)
    owner = np.repeat(np.arange(n), deg)
    angle = _slot_angles(cells)
    order = np.lexsort((angle, owner))
    nbr = cells.neighbors[order].astype(np.int64)
    eid = cells.edge_ids[order].astype(np.int64)
    ang = angle[order].astype(np.float64)
    # slot of the reverse direction: pair the two slots of each edge
    slots = np.argsort(eid, kind="stable")
    back = np.empty(len(eid), dtype=np.int64)
    a, b = slots[0::2], slots[1::2]
    back[a], back[b] = b, a
    return nbr, eid, ang, back
