"""Draw Numberlink puzzles on any 2D tessellation (SVG or PNG).

The board is the tessellation's own geometry: every wall (the edge
``walls`` polylines) in a light grey, the outer ``boundary`` in black, solid
cells as dark discs, endpoints as coloured discs carrying their number's
symbol at the cells' drawn centres (``layout``), and, when asked, each
solution path as a thick line of its number's colour through the centres of
its cells. A step much longer than a typical one (across a glued side of a
torus drawn flat) breaks the line instead of crossing the picture.

References
----------
.. [1] Big Duck Games, "Flow Free" (2012), https://www.bigduckgames.com/flowfree
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np

from ..errors import DrawingOptionError, MissingAttributeError, OutputPathError, PuzzleError
from .puzzle import SYMBOLS, Puzzle

__all__ = ["draw", "render_puzzle", "PALETTE"]

#: Colours of numbers 1, 2, ... (cycled past the end).
PALETTE = (
    "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45",
    "#9a6324", "#469990", "#ffe119", "#800000", "#aaffc3", "#808000", "#000075", "#fabed4",
)
_GRID = "#c8c8c8"
_EDGE = "#1f1f1f"
_SOLID = "#404040"


def draw(puzzle: Puzzle, solution=False, path=None, format: str | None = None, scale: float | None = None):
    """Draw a puzzle, and optionally a solution, as SVG text or PNG bytes.

    Parameters
    ----------
    puzzle : Puzzle
    solution : bool or list of list of int
        ``True`` draws the puzzle's known solution (or one found by the SAT
        solver), a list of paths draws those paths.
    path : str or pathlib.Path, optional
        Write the drawing there; the suffix (``.svg`` or ``.png``) picks the format.
    format : {"svg", "png"}, optional
        Overrides the suffix; without ``path`` the default is SVG.
    scale : float, optional
        Pixels per unit of the geometry (a square cell is one unit); default
        30, reduced so the longest side stays within 2400 pixels.

    Returns
    -------
    str, bytes or None
        SVG text or PNG bytes when ``path`` is None, else None.

    Raises
    ------
    MissingAttributeError
        If the board lacks cell positions (``layout``) or wall geometry.
    PuzzleError
        If ``solution=True`` and the puzzle has no solution.
    OutputPathError
        If the format is unknown or the file cannot be written.

    Examples
    --------
    >>> import mazegraph as mg
    >>> P = mg.numberlink.generate(mg.tessellations.sigma(4, 4), seed=2)
    >>> mg.render(P, solution=True).lstrip().startswith(("<?xml", "<svg"))
    True
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.collections import LineCollection
    from matplotlib.figure import Figure

    cells = puzzle.cells
    fmt = _format(path, format)
    if cells.layout is None or cells.walls is None:
        raise MissingAttributeError("cannot draw this board: it needs node 'pos' (or 'layout') and edge 'wall' walls")
    paths = None
    if solution is True:
        from .solve import solve

        paths = puzzle.solution if puzzle.solution is not None else solve(puzzle)
        if paths is None:
            raise PuzzleError("cannot draw a solution: the puzzle has none")
    elif solution is not False and solution is not None:
        problem = puzzle.violation(solution)
        if problem:
            raise PuzzleError(f"cannot draw this solution: {problem}")
        paths = solution
    layout = cells.layout
    grid = cells.walls.segments()
    outline = cells.boundary.segments() if cells.boundary is not None else np.empty((0, 2, 2))
    points = np.concatenate([grid.reshape(-1, 2), outline.reshape(-1, 2), layout])
    lo, hi = points.min(axis=0) - 0.5, points.max(axis=0) + 0.5
    steps = np.linalg.norm(layout[cells.edges[:, 0]] - layout[cells.edges[:, 1]], axis=1)
    unit = float(np.median(steps)) if len(steps) else 1.0
    span = float(max(hi - lo))
    scale = scale or min(30.0, 2400.0 / span)
    dpi = 100
    fig = Figure(figsize=((hi[0] - lo[0]) * scale / dpi, (hi[1] - lo[1]) * scale / dpi), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(lo[1], hi[1])
    ax.set_aspect("equal")
    pt = 72.0 / dpi  # points per pixel
    ax.add_collection(LineCollection(grid, colors=_GRID, linewidths=max(0.5, 0.03 * scale) * pt))
    if len(outline):
        ax.add_collection(LineCollection(outline, colors=_EDGE, linewidths=max(1.0, 0.08 * scale) * pt))
    disc = (0.7 * unit * scale * pt) ** 2
    solid = np.flatnonzero(puzzle.solid)
    if len(solid):
        ax.scatter(layout[solid, 0], layout[solid, 1], s=disc * 1.2, c=_SOLID, marker="s", zorder=2)
    if paths is not None:
        for k, p in enumerate(paths):
            for piece in _pieces(layout[np.asarray(p)], 2.5 * unit):
                ax.plot(piece[:, 0], piece[:, 1], color=PALETTE[k % len(PALETTE)], linewidth=0.35 * unit * scale * pt,
                        solid_capstyle="round", solid_joinstyle="round", zorder=3)
    for k, (a, b) in enumerate(puzzle.pairs.tolist()):
        colour = PALETTE[k % len(PALETTE)]
        ax.scatter(layout[[a, b], 0], layout[[a, b], 1], s=disc, c=colour, zorder=4, edgecolors=_EDGE, linewidths=0.5)
        symbol = SYMBOLS[k] if k < len(SYMBOLS) else str(k + 1)
        for c in (a, b):
            ax.text(layout[c, 0], layout[c, 1], symbol, ha="center", va="center", color="white",
                    fontsize=0.4 * unit * scale * pt, fontweight="bold", zorder=5)
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt, dpi=dpi, facecolor="white")
    data = buffer.getvalue().decode("utf-8") if fmt == "svg" else buffer.getvalue()
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


def _pieces(points: np.ndarray, jump: float) -> list[np.ndarray]:
    steps = np.linalg.norm(np.diff(points, axis=0), axis=1)
    return [piece for piece in np.split(points, np.flatnonzero(steps > jump) + 1) if len(piece)]


def _format(path, format) -> str:
    if format is not None:
        fmt = str(format).lower()
    elif path is not None:
        fmt = Path(path).suffix.lower().lstrip(".")
    else:
        fmt = "svg"
    if fmt not in ("svg", "png"):
        where = f"format {format!r}" if format is not None else f"suffix of {str(path)!r}"
        raise OutputPathError(f"unknown {where}; use .svg or .png")
    return fmt


def render_puzzle(puzzle: Puzzle, solution=False, path=None, format: str | None = None, *, scale=None, **others):
    """``mg.render(puzzle, ...)``: :func:`draw`, refusing the maze-only options of :func:`mazegraph.render`.

    Raises
    ------
    DrawingOptionError
        If a maze-only option (``ax``, ``size``, ``dpi``, ``openings``, ...) is given.
    """
    from ..drawing.options import check_options

    unused = sorted(name for name, value in others.items() if value is not None)
    if unused:
        raise DrawingOptionError(f"render: a Numberlink puzzle is drawn without {', '.join(unused)}")
    scale = check_options(scale=scale)["scale"]
    return draw(puzzle, solution=solution, path=path, format=format, scale=scale)


def register() -> None:
    """Register :func:`render_puzzle` with :func:`mazegraph.render` (a singledispatch function).

    Called when :mod:`mazegraph.numberlink` is imported; the drawing package
    knows nothing of puzzles.
    """
    from ..drawing import render

    render.register(Puzzle)(render_puzzle)
