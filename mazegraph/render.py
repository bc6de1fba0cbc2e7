"""Draw mazes from their geometry: SVG text or PNG images.

Nothing here knows any tessellation by name. A maze is drawn from its compiled
geometry, in this order: the wall polyline of every closed edge and the outer
boundary; the cover of every open edge, erased in the background colour (a
tunnel's mouths); the mark of every open edge (a corridor, an up/down sign);
when asked, the solution as a line through the drawn centres of its cells; and
any text annotations (letters on glued sides of a net). All walls go into one SVG path or one matplotlib
``LineCollection``, so a 300 x 300 maze draws in about a second.
"""

from __future__ import annotations

import io
from pathlib import Path
from xml.sax.saxutils import escape

import networkx as nx
import numpy as np

from .cellgraph import CellGraph
from .errors import MissingAttributeError, OutputPathError
from .maze import Maze
from .tessellations.compile import compile_graph

__all__ = ["render"]

_FORMATS = ("svg", "png")
_WALL = "#1f1f1f"
_SOLUTION = "#d62728"
_START = "#2ca02c"
_GOAL = "#d62728"
_MARGIN = 0.5  # in cell units
_MAX_PIXELS = 2400  # longest side of a PNG


def render(maze, solution: bool = False, path=None, format: str | None = None, *, scale: float | None = None):
    """Draw a maze (or a bare tessellation, every wall closed).

    Parameters
    ----------
    maze : Maze, networkx.Graph or CellGraph
        What to draw. A graph is drawn with all its walls; it needs node ``pos``
        (for the solution) and edge ``wall`` attributes.
    solution : bool
        Draw the path from the maze's start to its goal.
    path : str or pathlib.Path, optional
        Write the drawing there; the suffix (``.svg`` or ``.png``) picks the format.
    format : {"svg", "png"}, optional
        Overrides the suffix; without ``path``, ``"png"`` returns bytes.
    scale : float, optional
        Pixels per unit of the geometry (a square cell is one unit); by default
        20, reduced so a PNG's longest side stays within 2400 pixels.

    Returns
    -------
    str, bytes or None
        The SVG text or PNG bytes when ``path`` is None; otherwise None.

    Raises
    ------
    MissingAttributeError
        If the tessellation lacks the geometry needed (edge ``wall``, node ``pos``).
    OutputPathError
        If the suffix or format is unknown or the file cannot be written.
    NoSolutionError
        If ``solution=True`` and no path joins start and goal.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.theta(6), "wilson", seed=1)
    >>> svg = mg.render(M, solution=True)
    >>> svg.startswith("<svg")
    True
    """
    if hasattr(maze, "_render"):  # e.g. a numberlink Puzzle draws itself (solution may be a list of paths)
        return maze._render(solution=solution, path=path, format=format, scale=scale)
    if not isinstance(maze, Maze):
        maze = Maze(maze if isinstance(maze, (nx.Graph, CellGraph)) else compile_graph(maze))
    fmt = _format(path, format)
    cells = maze.cells
    layers = _layers(maze)
    route = _route(maze) if solution else []
    ends = _points(cells, [maze.start_index, maze.goal_index]) if cells.layout is not None else None
    notes = cells.annotations
    box = _bounds(layers, route, notes)
    if fmt == "svg":
        data = _svg(layers, route, ends, notes, box, scale or 20.0)
    else:
        data = _png(layers, route, ends, notes, box, scale)
    if path is None:
        return data
    try:
        if isinstance(data, str):
            Path(path).write_text(data, encoding="utf-8")
        else:
            Path(path).write_bytes(data)
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None
    return None


def _format(path, format) -> str:
    if format is not None:
        fmt = str(format).lower()
    elif path is not None:
        fmt = Path(path).suffix.lower().lstrip(".")
    else:
        fmt = "svg"
    if fmt not in _FORMATS:
        where = f"format {format!r}" if format is not None else f"suffix of {str(path)!r}"
        raise OutputPathError(f"unknown {where}; use .svg or .png")
    return fmt


def _layers(maze: Maze) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Segments to draw in order: walls (closed edges and boundary), erased covers, marks."""
    cells = maze.cells
    if cells.walls is None:
        raise MissingAttributeError(
            "cannot draw this graph: its edges lack the 'wall' attribute (the segment "
            "or polyline drawn while the wall is closed)"
        )
    walls = [cells.walls.segments(~maze.open)]
    if cells.boundary is not None:
        walls.append(cells.boundary.segments())
    empty = np.empty((0, 2, 2))
    covers = empty if cells.covers is None else cells.covers.segments(maze.open)
    marks = empty if cells.marks is None else cells.marks.segments(maze.open)
    return np.concatenate(walls), covers, marks


def _points(cells: CellGraph, indices) -> np.ndarray:
    if cells.layout is None:
        raise MissingAttributeError("cannot draw a solution: the nodes lack the 'pos' attribute")
    return cells.layout[np.asarray(indices)]


def _route(maze: Maze) -> list[np.ndarray]:
    """The solution as polylines through the drawn cell centres.

    A step much longer than a typical passage (more than 2.5 times the median
    distance between neighbours' drawn centres) is a jump in the drawing, across
    a glued side of a net or between the level slices of a 3D maze: the line
    breaks there instead of crossing the picture.
    """
    cells = maze.cells
    points = _points(cells, maze.solution_indices())
    if len(points) < 2:
        return [points]
    layout = cells.layout
    typical = np.median(np.linalg.norm(layout[cells.edges[:, 0]] - layout[cells.edges[:, 1]], axis=1))
    steps = np.linalg.norm(np.diff(points, axis=0), axis=1)
    breaks = np.flatnonzero(steps > 2.5 * typical) + 1
    return [piece for piece in np.split(points, breaks) if len(piece)]


def _bounds(layers, route, notes) -> tuple[float, float, float, float]:
    parts = [layer.reshape(-1, 2) for layer in layers] + list(route)
    if notes:
        parts.append(np.array([(x, y) for x, y, _ in notes]))
    points = np.concatenate(parts) if parts else np.empty((0, 2))
    if len(points) == 0:
        return (-1.0, -1.0, 1.0, 1.0)
    lo, hi = points.min(axis=0) - _MARGIN, points.max(axis=0) + _MARGIN
    return (lo[0], lo[1], hi[0], hi[1])


def _svg(layers, route, ends, notes, box, scale) -> str:
    x0, y0, x1, y1 = box
    width, height = (x1 - x0) * scale, (y1 - y0) * scale

    def screen(points):  # y points up in the geometry, down in SVG
        p = np.asarray(points, dtype=float).reshape(-1, 2)
        return np.round(np.stack([(p[:, 0] - x0) * scale, (y1 - p[:, 1]) * scale], axis=1), 2)

    def path(segments, colour, stroke):
        flat = screen(segments).reshape(-1, 4).tolist()
        d = "".join(f"M{a:g} {b:g}L{c:g} {d:g}" for a, b, c, d in flat)
        return f'<path d="{d}" stroke="{colour}" stroke-width="{stroke:.2f}" stroke-linecap="round" fill="none"/>'

    stroke = max(1.0, 0.1 * scale)
    walls, covers, marks = layers
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.2f} {height:.2f}">',
        '<rect width="100%" height="100%" fill="white"/>',
        path(walls, _WALL, stroke),
    ]
    if len(covers):
        parts.append(path(covers, "white", 1.5 * stroke))
    if len(marks):
        parts.append(path(marks, _WALL, stroke))
    for piece in route:
        if len(piece) > 1:
            pts = " ".join(f"{x:g},{y:g}" for x, y in screen(piece).tolist())
            parts.append(
                f'<polyline points="{pts}" stroke="{_SOLUTION}" stroke-width="{2 * stroke:.2f}" '
                'stroke-linejoin="round" stroke-linecap="round" fill="none"/>'
            )
    if ends is not None:
        for (x, y), colour in zip(screen(ends).tolist(), (_START, _GOAL)):
            parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{0.25 * scale:.2f}" fill="{colour}"/>')
    for x, y, text in notes:
        ((sx, sy),) = screen([(x, y)]).tolist()
        parts.append(
            f'<text x="{sx:g}" y="{sy:g}" font-size="{0.6 * scale:.1f}" font-family="sans-serif" '
            f'text-anchor="middle" dominant-baseline="central" fill="#1f77b4">{escape(text)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _png(layers, route, ends, notes, box, scale) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.collections import LineCollection
    from matplotlib.figure import Figure

    x0, y0, x1, y1 = box
    span = max(x1 - x0, y1 - y0)
    scale = scale or min(20.0, _MAX_PIXELS / span)
    dpi = 100
    fig = Figure(figsize=((x1 - x0) * scale / dpi, (y1 - y0) * scale / dpi), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    points_per_pixel = 72.0 / dpi
    stroke = max(1.0, 0.1 * scale) * points_per_pixel
    walls, covers, marks = layers
    for segments, colour, width in ((walls, _WALL, stroke), (covers, "white", 1.5 * stroke), (marks, _WALL, stroke)):
        if len(segments):
            ax.add_collection(LineCollection(segments, colors=colour, linewidths=width, capstyle="round"))
    for piece in route:
        ax.plot(piece[:, 0], piece[:, 1], color=_SOLUTION, linewidth=2 * stroke, solid_capstyle="round")
    if ends is not None:
        ax.scatter(ends[:, 0], ends[:, 1], s=(0.5 * scale * points_per_pixel) ** 2, c=[_START, _GOAL], zorder=3)
    for x, y, text in notes:
        ax.text(x, y, text, ha="center", va="center", color="#1f77b4", fontsize=0.6 * scale * points_per_pixel)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, facecolor="white")
    return buffer.getvalue()
