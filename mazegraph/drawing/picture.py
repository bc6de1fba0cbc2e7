"""A maze's picture as a scene: its layers in drawing order, and its caption."""

from __future__ import annotations

import numpy as np

from ..errors import MissingAttributeError
from ..maze import Maze
from ..params import MAZE, checked
from . import layers, route
from .openings import cut_openings
from .scene import Lines, Scene

__all__ = ["maze_scene", "caption"]


def maze_scene(
    maze: Maze, *, solution: bool = False, openings: bool = False, markers: bool = True, title: str | None = None
) -> Scene:
    """Everything a maze's picture shows, as a :class:`~mazegraph.drawing.scene.Scene`.

    Raises
    ------
    MissingAttributeError
        If the edges have no ``wall`` geometry, or a solution or opening is asked
        for and the nodes have no ``pos``.
    NoSolutionError
        If ``solution`` is true and no passage path joins start and goal.
    """
    cells = maze.cells
    if cells.walls is None:
        raise MissingAttributeError(
            "cannot draw this graph: its edges lack the 'wall' attribute (the segment "
            "or polyline drawn while the wall is closed)"
        )
    boundary = cells.boundary.segments() if cells.boundary is not None else np.empty((0, 2, 2))
    found = []
    if openings:
        if cells.layout is None:
            raise MissingAttributeError("cannot open the outer wall: the nodes lack the 'pos' attribute")
        boundary, found = cut_openings(cells, boundary, [maze.start_index, maze.goal_index])
    by_cell = {o.cell: o for o in found}
    shapes = [layers.walls(maze, boundary)]
    for shape in (layers.seams(maze), layers.covers(maze), layers.hidden_tunnels(maze)):
        if shape is not None:
            shapes.append(shape)
    shapes += layers.marks(maze) + layers.notes(cells) + layers.slice_labels(cells)
    if solution:
        shapes += route.solution(maze, by_cell)
    if markers and cells.layout is not None:
        shapes.append(route.markers(maze, by_cell))
    return Scene([s for s in shapes if not isinstance(s, Lines) or len(s.segments)], title)


@checked(MAZE)
def caption(maze: Maze) -> str:
    """A one-line title: tessellation, size, and how the maze was made.

    Examples
    --------
    >>> import mazegraph as mg
    >>> caption(mg.generate(mg.tessellations.orthogonal(12, 16), "wilson", seed=1))
    'orthogonal 12 x 16 · wilson · seed 1'
    >>> caption(mg.generate(mg.tessellations.grid((5, 6, 3)), "kruskal", seed=2))
    'grid 5 x 6 x 3 · kruskal · seed 2'
    """
    cells = maze.cells
    spec = cells.spec or {}
    name = spec.get("tessellation", cells.name)
    if name == "graph":
        name = cells.name
    if "rows" in spec and "cols" in spec:
        size = f"{spec['rows']} x {spec['cols']}"
        rest = [k for k in spec if k not in ("tessellation", "rows", "cols")]
    elif "shape" in spec:
        size = " x ".join(str(s) for s in spec["shape"])
        rest = [k for k in spec if k not in ("tessellation", "shape")]
    else:
        size, rest = "", [k for k in spec if k != "tessellation"]
    extras = [
        f"{k}={spec[k]:.4g}" if isinstance(spec[k], float) else f"{k}={spec[k]}"
        for k in rest
        if isinstance(spec[k], (int, float, str)) and not isinstance(spec[k], bool) and k != "seed"
    ]
    if not size and not extras:
        extras = [f"{cells.n_cells} cells"]
    words = [" ".join(filter(None, [name, size, *extras]))]
    meta = maze.meta
    if "algorithm" in meta:
        options = dict(meta.get("options") or {})
        if meta.get("symmetry"):
            options["symmetry"] = meta["symmetry"]
        made = meta["algorithm"] + (
            "[" + ", ".join(f"{k}={v}" for k, v in options.items()) + "]" if options else ""
        )
        if meta.get("focus") == "wall":
            made += "/wall"
        words.append(made)
    if isinstance(meta.get("seed"), int):  # a recorded Generator state (a dict) is no title
        words.append(f"seed {meta['seed']}")
    return " · ".join(words)
