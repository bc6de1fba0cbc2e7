"""The walls of a maze picture: closed walls, glued seams, tunnels, marks and labels, as scene shapes.

Drawn in this order: the wall of every closed edge and the outer boundary; the
wall of every open glued side as a thin dashed *seam* (the side continues
elsewhere in the net, so it is neither a wall nor a gap); the cover of every
open edge erased in the background colour (a tunnel's mouths); beneath each
bridge, the sides of the tunnel passing under it as hidden (dashed grey) lines;
the mark of every open edge (corridor sides, up/down signs; closed outlines are
filled so they read at small sizes); the tessellation's text annotations; and,
for cells with more coordinates than the drawing has (a 3D maze drawn as level
slices), a label above each slice.
"""

from __future__ import annotations

import numpy as np

from ..cellgraph import CellGraph, Polylines
from ..maze import Maze
from .facts import jumps, mark_points, piece_bounds, tunnel_frames, tunnel_reach, tunnels, typical_step
from .scene import Fill, Lines, Stroke, Text

__all__ = ["walls", "seams", "covers", "hidden_tunnels", "marks", "notes", "slice_labels", "INK", "NOTE"]

INK = "#1f1f1f"
NOTE = "#1f77b4"  # annotations and seams: the colour of "glued"
WALL = Stroke(INK, 0.1)
SEAM = Stroke(NOTE, 0.06, dash=(0.16, 0.1))
COVER = Stroke("white", 0.13, least=1.3, cap="butt")
HIDDEN = Stroke("#8c8c8c", 0.05, dash=(0.1, 0.07), cap="butt")
_AXES = ("level", "w", "v", "u")  # names of the coordinates past the drawing's two


def walls(maze: Maze, boundary: np.ndarray) -> Lines:
    """Every closed edge's wall and the boundary segments given (the outer wall, openings cut)."""
    closed = maze.cells.walls.segments(~maze.open)
    return Lines(np.concatenate([closed, boundary.reshape(-1, 2, 2)]), WALL)


def seams(maze: Maze) -> Lines | None:
    """The walls of open glued sides, drawn as seams."""
    cells = maze.cells
    glued = maze.open & jumps(cells)
    if not glued.any():
        return None
    return Lines(cells.walls.segments(glued), SEAM)


def covers(maze: Maze) -> Lines | None:
    """What open edges erase (a tunnel's mouths)."""
    cells = maze.cells
    if cells.covers is None:
        return None
    segments = cells.covers.segments(maze.open)
    if not len(segments):
        return None
    # stop half a wall short of each end, so the walls meeting there keep their corners
    along = segments[:, 1] - segments[:, 0]
    length = np.hypot(along[:, 0], along[:, 1])[:, None]
    inset = np.minimum(WALL.width / 2, length / 4) * along / np.where(length > 0, length, 1)
    return Lines(np.stack([segments[:, 0] + inset, segments[:, 1] - inset], axis=1), COVER)


def hidden_tunnels(maze: Maze) -> Lines | None:
    """The sides of each open tunnel where it passes beneath its crossed cell, as hidden lines.

    A tunnel's mark draws its sides in the gaps either side of the crossed
    cell; here each side (each distinct offset of the mark's points across the
    tunnel) is continued across the cell, between the bridge's edges.
    """
    cells = maze.cells
    opened = np.flatnonzero(maze.open & (tunnels(cells) >= 0))
    if not len(opened) or cells.layout is None or cells.marks is None:
        return None
    middle, along, across, _ = tunnel_frames(cells, opened)
    owner, points = mark_points(cells, opened)
    offset = np.round(np.einsum("ij,ij->i", points - middle[owner], across[owner]), 9)
    order = np.lexsort((offset, owner))
    owner, offset = owner[order], offset[order]
    first = np.concatenate([[True], (owner[1:] != owner[:-1]) | (offset[1:] != offset[:-1])])
    k, side = owner[first], offset[first][:, None]  # each distinct side of each tunnel once
    if not len(k):
        return None
    reach = tunnel_reach(cells, opened)[k][:, None]
    base = middle[k] + side * across[k]
    return Lines(np.stack([base - reach * along[k], base + reach * along[k]], axis=1), HIDDEN)


def marks(maze: Maze) -> list:
    """Open edges' marks as strokes, their closed outlines also filled."""
    cells = maze.cells
    if cells.marks is None:
        return []
    segments = cells.marks.segments(maze.open)
    if not len(segments):
        return []
    shapes = [Lines(segments, WALL)]
    outlines = closed_pieces(cells.marks, maze.open)
    if outlines:
        shapes.insert(0, Fill(outlines, INK))
    return shapes


def closed_pieces(lines: Polylines, select: np.ndarray) -> list[np.ndarray]:
    """The pieces of the selected items that are closed outlines (first corner repeated last)."""
    starts, stops, item = piece_bounds(lines)
    keep = (stops - starts >= 4) & select[item]  # a closed outline has three corners and the first again
    starts, stops = starts[keep], stops[keep]
    closed = np.all(np.isclose(lines.points[starts], lines.points[stops - 1]), axis=1)
    starts, stops = starts[closed], stops[closed]
    return [lines.points[a:b] for a, b in zip(starts.tolist(), stops.tolist())]


def notes(cells: CellGraph) -> list:
    """The tessellation's text annotations (letters on glued sides)."""
    return [Text(x, y, text, 0.6, NOTE) for x, y, text in cells.annotations]


def slice_labels(cells: CellGraph) -> list:
    """A label above each drawn slice of a maze with more coordinates than its drawing.

    Cells whose ``pos`` has more than two coordinates and that are drawn apart
    (``layout``) are grouped by those further coordinates; each group is a
    slice, labelled ``level 1``, ``level 2``, ... (``level 1, w 2`` in 4D) by the
    rank of its coordinates, lowest first. Nothing when the slices overlap in
    the drawing (there is then no place for a label).
    """
    if cells.pos is None or cells.pos.shape[1] <= 2 or cells.layout is None:
        return []
    further = cells.pos[:, 2:]
    keys, group = np.unique(further, axis=0, return_inverse=True)
    group = group.ravel()
    ranks = np.column_stack([np.unique(keys[:, k], return_inverse=True)[1].ravel() for k in range(keys.shape[1])])
    layout = cells.layout
    boxes = np.array([[*layout[group == g].min(axis=0), *layout[group == g].max(axis=0)] for g in range(len(keys))])
    if _overlap(boxes):
        return []
    unit = typical_step(cells)
    out = []
    for g, box in enumerate(boxes):
        words = [f"{_AXES[k] if k < len(_AXES) else f'axis {k + 2}'} {ranks[g, k] + 1}" for k in range(ranks.shape[1])]
        x, y = (box[0] + box[2]) / 2, box[3] + 0.95 * unit
        out.append(Text(float(x), float(y), ", ".join(words), 0.55 * unit, "#444444", bold=True))
    return out


def _overlap(boxes: np.ndarray) -> bool:
    x0, y0, x1, y1 = boxes.T
    apart = (x1[:, None] < x0[None, :]) | (x1[None, :] < x0[:, None]) | (y1[:, None] < y0[None, :]) | (
        y1[None, :] < y0[:, None]
    )
    np.fill_diagonal(apart, True)
    return not apart.all()
