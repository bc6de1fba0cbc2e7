"""Draw mazes from their geometry: SVG, PNG or PDF files, or into a matplotlib Axes.

Nothing here knows any tessellation by name. A maze is drawn from its compiled
geometry (see :mod:`mazegraph.drawing.layers` for the layers and their order,
:mod:`mazegraph.drawing.route` for the solution): closed walls and the outer
boundary, glued sides as seams, tunnels under their bridges, marks, labels, the
solution with numbered jumps, the start and goal. The picture is first a
scene of shapes in geometry units (``mazegraph.drawing.scene.Scene``); the SVG
writer (:mod:`~mazegraph.drawing.svg`) and the matplotlib painter
(:mod:`~mazegraph.drawing.mpl`) turn it into an output.

:func:`render` is a :func:`functools.singledispatch` function: other objects
register their own renderer for their type, e.g. a Numberlink puzzle::

    from mazegraph.drawing import render

    @render.register
    def _(puzzle: Puzzle, solution=False, path=None, format=None, *, scale=None, **options):
        ...  # return SVG text, PNG/PDF bytes, an Axes, or None after writing path

and ``mg.render(puzzle, ...)`` then calls it. ``render.registry`` lists the
types registered; a :class:`~mazegraph.Maze` is drawn by ``render`` itself.

The package is ``mazegraph.drawing``, not ``mazegraph.render``: ``mg.render`` is
this function, and a package of the same name would be shadowed by it.
"""

from __future__ import annotations

import abc
import functools

from ..cellgraph import CellGraph
from ..errors import DrawingOptionError, UnsupportedError
from ..maze import Maze
from . import svg
from .options import check_options, output_format, pixel_scale, write_output
from .picture import caption, maze_scene

__all__ = ["render", "caption"]


@functools.singledispatch
def _draw(
    maze,
    solution=False,
    path=None,
    format: str | None = None,
    *,
    ax=None,
    scale: float | None = None,
    size=None,
    dpi: float | None = None,
    openings: bool | None = None,
    markers: bool | None = None,
    title: bool | str | None = None,
):
    """Draw a maze (or a bare tessellation, every wall closed), or anything with a registered renderer.

    Parameters
    ----------
    maze : Maze, networkx.Graph or CellGraph
        What to draw. A graph is drawn with all its walls; it needs node ``pos``
        (for the solution and markers) and edge ``wall`` attributes. Other types
        are drawn by the renderer registered for them (``render.register``).
    solution : bool
        Draw the path from the maze's start to its goal. Jumps across a glued
        side or between level slices are numbered at both ends; a stretch under
        a weave bridge is dotted.
    path : str or pathlib.Path, optional
        Write the drawing there; the suffix (``.svg``, ``.png`` or ``.pdf``)
        picks the format.
    format : {"svg", "png", "pdf"}, optional
        Overrides the suffix; without ``path``, the text (SVG) or bytes are
        returned. SVG by default.
    ax : matplotlib.axes.Axes, optional
        Draw into this Axes instead (no file; ``path``, ``format``, ``scale``,
        ``size`` and ``dpi`` must be left out); the Axes is returned.
    scale : float, optional
        Pixels per unit of the geometry (a square cell is one unit), in
        ``(0, 1000]``. By default 40 for small mazes, down to 20 for mazes about
        50 cells across, less beyond so the longer side stays within 2400 pixels.
    size : float or (float, float), optional
        Print size in inches: fit the drawing into ``(width, height)``, or make
        its longer side this long. Excludes ``scale``.
    dpi : float, optional
        Pixels per inch, in ``[10, 1200]`` (default 100): a PNG's resolution,
        and how ``size`` turns into pixels.
    openings : bool
        Open the outer wall at the start and the goal (when they lie on it),
        as printed mazes do; their markers then stand just outside.
    markers : bool
        Mark the start (green) and goal (red); default True.
    title : bool or str, optional
        A title above the maze; ``True`` for one made from the maze
        (tessellation, size, algorithm, seed: see :func:`caption`).

    Returns
    -------
    str, bytes, matplotlib.axes.Axes or None
        The SVG text, or PNG or PDF bytes, when ``path`` is None; the Axes
        with ``ax``; None after writing ``path``.

    Raises
    ------
    MissingAttributeError
        If the tessellation lacks the geometry needed (edge ``wall``, node ``pos``).
    OutputPathError
        If the suffix or format is unknown or the file cannot be written.
    DrawingOptionError
        If an option's value is not allowed (a scale that is not a number in
        ``(0, 1000]``, a picture over 16384 pixels on a side), or options that
        exclude each other are given together.
    NoSolutionError
        If ``solution=True`` and no path joins start and goal.
    UnsupportedError
        If no renderer is registered for the object's type.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.theta(6), "wilson", seed=1)
    >>> svg = mg.render(M, solution=True)
    >>> svg.startswith("<svg")
    True
    >>> mg.render(M, format="pdf", size=(4, 4)).startswith(b"%PDF")
    True
    >>> from matplotlib.figure import Figure
    >>> ax = mg.render(M, ax=Figure().add_subplot(), openings=True, title=True)
    >>> ax.get_title()
    'theta rings=6 · wilson · seed 1'
    """
    if not isinstance(maze, Maze):
        drawn = ", ".join(["Maze"] + sorted(t.__name__ for t in render.registry if t is not object))
        raise UnsupportedError(
            f"cannot draw a {type(maze).__name__}; render draws {drawn} (register a renderer for another type "
            "with @mazegraph.render.register)"
        )
    options = check_options(
        solution=solution, markers=markers, openings=openings, title=title, scale=scale, size=size, dpi=dpi,
        path=path, format=format, ax=ax,
    )
    if ax is not None:
        given = [name for name, value in (("path", path), ("format", format), ("scale", scale), ("size", size),
                                          ("dpi", dpi)) if value is not None]
        if given:
            raise DrawingOptionError(
                f"render: ax= draws into your Axes, so {', '.join(given)} cannot be used with it; "
                "save the figure with ax.figure.savefig(...)"
            )
    fmt = output_format(path, format) if ax is None else None
    heading = caption(maze) if options["title"] is True else (options["title"] or None)
    scene = maze_scene(
        maze, solution=options["solution"], openings=options["openings"], markers=options["markers"], title=heading
    )
    if ax is not None:
        from . import mpl  # matplotlib: imported only to draw into an Axes or a PNG/PDF

        return mpl.draw_into(scene, ax)
    pixels = pixel_scale(scene.bounds(), options["scale"], options["size"], options["dpi"])
    if fmt == "svg":
        inches = 1.0 / options["dpi"] if options["size"] is not None else None
        data = svg.to_svg(scene, pixels, inches)
    else:
        from . import mpl

        data = mpl.figure_bytes(scene, pixels, options["dpi"], fmt)
    if path is None:
        return data
    write_output(data, path)
    return None


@functools.wraps(_draw)
def render(*args, **kwargs):
    # singledispatch needs the drawn object as the first positional argument; take it by name too
    if not args and "maze" in kwargs:
        args = (kwargs.pop("maze"),)
    return _draw(*args, **kwargs)


render.__name__ = render.__qualname__ = "render"
render.register = _draw.register
render.registry = _draw.registry
render.dispatch = _draw.dispatch


class NetworkxGraph(abc.ABC):  # noqa: B024 - an ABC for its subclass hook only
    """``networkx.Graph`` and its subclasses, as a type to dispatch on without importing networkx.

    ``isinstance(G, NetworkxGraph)`` is ``isinstance(G, networkx.Graph)``; a
    program that never imported networkx has no such graph, so drawing a maze
    does not import it.
    """

    @classmethod
    def __subclasshook__(cls, other):
        if any(k.__name__ == "Graph" and k.__module__ == "networkx.classes.graph" for k in other.__mro__):
            return True
        return NotImplemented


@render.register(NetworkxGraph)
@render.register(CellGraph)
def _render_tessellation(tessellation, *args, **kwargs):
    return render(Maze(tessellation), *args, **kwargs)
