"""The solution: its length in cells, its share of the maze (Pullen's "Solution", elitism) and its tortuosity."""

from __future__ import annotations

import math

import numpy as np

from .._search import breadth_first
from ..cellgraph import CellGraph
from ..errors import MissingAttributeError, NoSolutionError
from ..params import GOAL, MAZE, START, checked
from ._common import coordinates, facts, maze_cells, pct

__all__ = ["solution_length", "solution_pct", "tortuosity"]


def ends(maze, start, goal) -> tuple[int, int]:
    """Cell indices of ``start`` and ``goal`` (the maze's own where None)."""
    labels = maze.cells.labels
    s = maze.start_index if start is None else labels.index(start)
    g = maze.goal_index if goal is None else labels.index(goal)
    return s, g


def solution_cells(maze, s: int, g: int) -> int:
    """Cells on a shortest open path from cell ``s`` to cell ``g``, both counted; -1 if none (one search)."""
    cells = maze.cells
    distance = breadth_first(cells.indptr, cells.neighbors, cells.edge_ids, maze.open, s, g)[0][g]
    return int(distance) + 1 if distance >= 0 else -1


def _typical_distance(cells: CellGraph) -> float:
    """Median centre-to-centre distance over all edges of the tessellation."""
    known = facts(cells)
    if "typical" not in known:
        xyz = coordinates(cells)
        if xyz is None or cells.n_edges == 0:
            known["typical"] = math.nan
        else:
            delta = xyz[cells.edges[:, 0]] - xyz[cells.edges[:, 1]]
            known["typical"] = float(np.median(np.sqrt(np.einsum("ij,ij->i", delta, delta))))
    return known["typical"]


def straightness(cells: CellGraph, xyz: np.ndarray, s: int, g: int, length: int) -> float:
    """Tortuosity of a solution of ``length`` cells from ``s`` to ``g`` (see :func:`tortuosity`)."""
    distance = float(np.linalg.norm(xyz[g] - xyz[s])) / _typical_distance(cells)
    if not distance > 0.0:
        return math.nan
    return (length - 1) / distance


@checked(MAZE, START, GOAL, cells="maze")
def solution_length(maze, start=None, goal=None) -> int:
    """Number of cells on the solution path, start and goal both counted.

    The solution is a shortest path of open passages from start to goal (in a
    perfect maze, the only path). Its length in passages is one less.

    Parameters
    ----------
    maze : Maze
    start, goal : cell label, optional
        Defaults: the maze's own start and goal.

    Returns
    -------
    int
        Cells on the path; 1 when start equals goal.

    Raises
    ------
    NoSolutionError
        If no path of open passages joins start and goal.
    NotACellError
        If ``start`` or ``goal`` is not a cell.
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    See Also
    --------
    solution_pct, tortuosity

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (the "Solution" column).

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> spine = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> teeth = [((r, c), (r + 1, c)) for c in range(3) for r in range(2)]
    >>> M = mg.Maze(G, spine + teeth)   # start (0, 0), goal (2, 2)
    >>> mg.metrics.solution_length(M)
    5
    >>> mg.metrics.solution_length(M, start=(2, 0), goal=(2, 1))
    6
    """
    maze_cells(maze)
    s, g = ends(maze, start, goal)
    length = solution_cells(maze, s, g)
    if length < 0:
        labels = maze.cells.labels
        raise NoSolutionError(f"no open path joins {labels[s]!r} and {labels[g]!r}")
    return length


@checked(MAZE, START, GOAL, cells="maze")
def solution_pct(maze, start=None, goal=None) -> float:
    """Percentage of all cells that lie on the solution path (Pullen's "Solution").

    A low value means an *elitist* maze: a short, direct solution in a large
    maze; a high value means the solution wanders through much of the maze
    (100 for a unicursal maze from one end to the other).

    Parameters
    ----------
    maze : Maze
    start, goal : cell label, optional
        Defaults: the maze's own start and goal. Pullen's table uses the upper
        left and lower right corners of a 100 x 100 maze, which are the
        defaults of an orthogonal tessellation.

    Returns
    -------
    float
        ``100 * solution_length(maze) / maze.cells.n_cells``.

    Raises
    ------
    NoSolutionError
        If no path of open passages joins start and goal.
    NotACellError
        If ``start`` or ``goal`` is not a cell.
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (the "Solution" column
       and the texture property "elitism").

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> spine = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> teeth = [((r, c), (r + 1, c)) for c in range(3) for r in range(2)]
    >>> round(mg.metrics.solution_pct(mg.Maze(G, spine + teeth)), 2)
    55.56
    """
    return pct(solution_length(maze, start, goal), maze.cells.n_cells)


@checked(MAZE, START, GOAL, cells="maze")
def tortuosity(maze, start=None, goal=None) -> float:
    """Solution length in passages over the straight-line distance from start to goal.

    The straight-line distance is measured between the start and goal centres
    (``pos``, in its own dimension; the drawing ``layout`` if there is no
    ``pos``) and expressed in *typical neighbour distances*: the median
    centre-to-centre distance over all edges of the tessellation (1 on square
    and hexagonal grids, ``1/sqrt(3)`` on the triangles of delta). A straight
    corridor gives 1; the value grows as the solution winds.

    Parameters
    ----------
    maze : Maze
    start, goal : cell label, optional
        Defaults: the maze's own start and goal.

    Returns
    -------
    float
        ``(solution_length - 1) / (|pos[goal] - pos[start]| / typical)``, or
        NaN when start equals goal (zero over zero).

    Raises
    ------
    MissingAttributeError
        If the tessellation has no cell positions (neither ``pos`` nor
        ``layout``), as for a plain user graph.
    NoSolutionError
        If no path of open passages joins start and goal.
    NotACellError
        If ``start`` or ``goal`` is not a cell.
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    Notes
    -----
    Where a step between neighbours cannot follow the straight line (the
    zigzag of delta cells, the rows of sigma hexagons going up and down) even
    the most direct path has a tortuosity above 1. On glued surfaces (torus,
    cube, ...) ``pos`` is the flat net, so the straight line is drawn in the
    net, not on the surface: compare such values only with each other. A
    weave passage under a cell spans two cell widths in one step, so a weave
    maze can score below 1.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (texture: elitism).

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> spine = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> teeth = [((r, c), (r + 1, c)) for c in range(3) for r in range(2)]
    >>> round(mg.metrics.tortuosity(mg.Maze(G, spine + teeth)), 4)   # 4 steps over 2 * sqrt(2)
    1.4142
    """
    cells = maze_cells(maze)
    xyz = coordinates(cells)
    if xyz is None:
        raise MissingAttributeError(
            "tortuosity needs cell positions: give the graph's nodes a 'pos' (or 'layout') attribute"
        )
    length = solution_length(maze, start, goal)
    s, g = ends(maze, start, goal)
    return straightness(cells, xyz, s, g, length)
