"""Openings in the outer wall at the start and goal, as printed mazes have them.

A cell's stretch of the outer boundary is found from geometry alone: the
points of the boundary closer to the cell's drawn centre than to any other
cell's. Of the cell's outer sides (a corner cell has two) the one facing most
directly away from the middle of the maze is opened, with any boundary piece
in line with it (an arc drawn as several segments). The opening's ends snap to
the cell's own corners (the ends of its walls), so the gap is exactly the side.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cellgraph import CellGraph
from .facts import typical_step

__all__ = ["Opening", "cut_openings"]

_SAMPLES = 65  # points tried along each nearby boundary segment
_IN_LINE = np.cos(np.radians(25.0))  # boundary segments this close in direction belong to one side


@dataclass(frozen=True)
class Opening:
    """Where the outer wall opens for a cell: the gap's middle and the direction out of the maze."""

    cell: int
    mouth: np.ndarray
    outward: np.ndarray


def cut_openings(cells: CellGraph, boundary: np.ndarray, wanted: list[int]) -> tuple[np.ndarray, list[Opening]]:
    """Cut an opening in the boundary for each wanted cell that lies on it.

    Parameters
    ----------
    cells : CellGraph
        With ``layout`` (cell centres) and ``walls``.
    boundary : numpy.ndarray, shape (S, 2, 2)
        The outer wall's segments.
    wanted : list of int
        Cells to open (start and goal); a cell away from the boundary gets none.

    Returns
    -------
    segments : numpy.ndarray, shape (S', 2, 2)
        The boundary with the gaps cut out.
    openings : list of Opening
        One per cell that got an opening.
    """
    if cells.layout is None or not len(boundary):
        return boundary, []
    from scipy.spatial import cKDTree

    tree = cKDTree(cells.layout)
    middle = cells.layout.mean(axis=0)
    segments = np.asarray(boundary, dtype=float).reshape(-1, 2, 2)
    openings, cuts = [], {}
    for cell in dict.fromkeys(wanted):
        found = _side_of(cells, segments, cell, tree, middle)
        if found is None:
            continue
        spans, mouth = found
        for s, (t0, t1) in spans.items():  # start and goal may share a segment: both gaps go
            lo, hi = cuts.get(s, (t0, t1))
            cuts[s] = (min(lo, t0), max(hi, t1))
        centre = cells.layout[cell]
        openings.append(Opening(cell, mouth, _unit(mouth - centre)))
    if not cuts:
        return segments, openings
    kept = [seg for s, seg in enumerate(segments) if s not in cuts]
    for s, (t0, t1) in cuts.items():
        a, b = segments[s]
        if t0 > 1e-9:
            kept.append(np.array([a, a + t0 * (b - a)]))
        if t1 < 1 - 1e-9:
            kept.append(np.array([a + t1 * (b - a), b]))
    return np.asarray(kept).reshape(-1, 2, 2), openings


def _side_of(cells, segments, cell, tree, middle):
    """The boundary spans (segment -> (t0, t1)) forming the cell's most outward side, and its middle."""
    centre = cells.layout[cell]
    reach = typical_step(cells)
    a, b = segments[:, 0], segments[:, 1]
    ab = b - a
    length = np.hypot(ab[:, 0], ab[:, 1])
    ok = length > 0
    t = np.zeros(len(segments))
    t[ok] = np.clip(np.einsum("ij,ij->i", centre - a[ok], ab[ok]) / length[ok] ** 2, 0, 1)
    distance = np.hypot(*(a + t[:, None] * ab - centre).T)
    spans = {}
    for s in np.flatnonzero(ok & (distance <= reach)).tolist():
        window = 1.5 * reach / length[s]
        ts = np.linspace(max(0.0, t[s] - window), min(1.0, t[s] + window), _SAMPLES)
        mine = tree.query(a[s] + ts[:, None] * ab[s])[1] == cell
        if mine.any():
            half = (ts[1] - ts[0]) / 2
            spans[s] = (max(0.0, ts[mine][0] - half), min(1.0, ts[mine][-1] + half))
    if not spans:
        return None
    away = _unit(centre - middle)
    mids = {s: a[s] + (sum(span) / 2) * ab[s] for s, span in spans.items()}
    # the most outward-facing side; west or east on a tie (as printed mazes open their sides)
    best = max(spans, key=lambda s: float(_unit(mids[s] - centre) @ away) + 1e-6 * abs(_unit(mids[s] - centre)[0]))
    direction = ab[best] / length[best]
    chosen = {best: spans[best]}
    grown = True
    while grown:  # add the pieces in line with it that join it end to end (an arc drawn as several segments)
        grown = False
        ends = np.concatenate([segments[s] for s in chosen])
        for s in spans:
            touching = np.min(np.hypot(*(ends[:, None, :] - segments[s][None, :, :]).reshape(-1, 2).T)) < 1e-9 * reach
            if s not in chosen and touching and abs(float(ab[s] @ direction) / length[s]) >= _IN_LINE:
                chosen[s] = spans[s]
                grown = True
    chosen = {s: _snap(cells, cell, a[s], ab[s], span) for s, span in chosen.items()}
    chosen = {s: span for s, span in chosen.items() if span[1] - span[0] > 1e-9}
    if not chosen:
        return None
    # the gap's middle: the mean of its ends, moved onto the nearest of its segments
    ends = np.array([a[s] + t * ab[s] for s, span in chosen.items() for t in span])
    target = ends.mean(axis=0)
    candidates = []
    for s, (t0, t1) in chosen.items():
        t_near = np.clip((target - a[s]) @ ab[s] / length[s] ** 2, t0, t1)
        candidates.append(a[s] + t_near * ab[s])
    mouth = min(candidates, key=lambda q: float(np.hypot(*(q - target))))
    return chosen, mouth


def _snap(cells: CellGraph, cell: int, a: np.ndarray, ab: np.ndarray, span: tuple[float, float]):
    """Move the span's ends onto the cell's nearest corners lying on the segment, when close."""
    corners = _corners(cells, cell)
    if not len(corners):
        return span
    length2 = float(ab @ ab)
    t = (corners - a) @ ab / length2
    off = np.hypot(*(a + t[:, None] * ab - corners).T)
    on_segment = corners[(off < 1e-6 * np.sqrt(length2) + 1e-9) & (t > -1e-9) & (t < 1 + 1e-9)]
    if not len(on_segment):
        return span
    ts = (on_segment - a) @ ab / length2
    tolerance = 0.1 * typical_step(cells) / np.sqrt(length2)
    snapped = []
    for end in span:
        near = np.abs(ts - end)
        snapped.append(float(ts[np.argmin(near)]) if near.min() <= tolerance else end)
    return (min(snapped), max(snapped))


def _corners(cells: CellGraph, cell: int) -> np.ndarray:
    """The end points of every wall piece of the cell's edges."""
    lo, hi = cells.indptr[cell], cells.indptr[cell + 1]
    points = []
    for e in cells.edge_ids[lo:hi].tolist():
        item = cells.walls[e]
        item = item[~np.isnan(item[:, 0])]
        points.append(item)
    return np.concatenate(points) if points else np.empty((0, 2))


def _unit(v: np.ndarray) -> np.ndarray:
    length = float(np.hypot(*v))
    return v / length if length > 0 else np.array([0.0, 1.0])
