"""Degrees: how many open passages meet at each cell; dead ends, corridor cells, junctions and crossroads."""

from __future__ import annotations

import numpy as np

from ..cellgraph import CellGraph
from ..params import MAZE, checked
from ..structure import passages
from ._common import facts, maze_cells, pct

__all__ = [
    "open_degree",
    "degree_distribution",
    "dead_end_pct",
    "corridor_pct",
    "junction_pct",
    "crossroad_pct",
]


@checked(MAZE)
def degrees(maze) -> np.ndarray:
    """Each cell's open passages: one pass over the adjacency (:func:`mazegraph.structure.passages.open_degree`)."""
    cells = maze_cells(maze)
    return passages.open_degree(cells.indptr, cells.edge_ids, maze.open)


def shares(degree: np.ndarray) -> dict[str, float]:
    """Percentages of cells that are dead ends, corridor cells, junctions and crossroads, from :func:`degrees`.

    The one place the degree classes are defined: degree 1, 2, 3 and 4 or
    more, out of all cells. Keys ``dead_end_pct``, ``corridor_pct``,
    ``junction_pct``, ``crossroad_pct``; NaN for a tessellation without cells.
    """
    n = len(degree)
    counts = np.bincount(degree, minlength=5)
    return {
        "dead_end_pct": pct(counts[1], n),
        "corridor_pct": pct(counts[2], n),
        "junction_pct": pct(counts[3], n),
        "crossroad_pct": pct(counts[4:].sum(), n),
    }


def _max_degree(cells: CellGraph) -> int:
    known = facts(cells)
    if "max_degree" not in known:
        known["max_degree"] = int(np.diff(cells.indptr).max()) if cells.n_cells else 0
    return known["max_degree"]


@checked(MAZE)
def open_degree(maze) -> np.ndarray:
    """Number of open passages at each cell.

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    numpy.ndarray of int64, shape (n_cells,)
        ``open_degree(maze)[i]`` is the number of open edges at cell ``i``
        (cells in the tessellation's order, ``maze.cells.labels``).

    Raises
    ------
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(1, 4)
    >>> M = mg.Maze(G, [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3))])
    >>> mg.metrics.open_degree(M).tolist()
    [1, 2, 2, 1]
    """
    return degrees(maze)


@checked(MAZE)
def degree_distribution(maze) -> np.ndarray:
    """Count the cells of each open-passage degree.

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    numpy.ndarray of int64, shape (max_degree + 1,)
        Entry ``k`` is the number of cells with exactly ``k`` open passages;
        ``max_degree`` is the largest number of neighbours any cell of the
        *tessellation* has, so mazes on the same tessellation give arrays of the
        same length. Entry 0 counts cells no passage reaches (none in a perfect
        maze of two or more cells), 1 dead ends, 2 corridor cells, 3 junctions
        and 4 or more crossroads. The entries sum to ``maze.cells.n_cells``.

    Raises
    ------
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    See Also
    --------
    dead_end_pct, corridor_pct, junction_pct, crossroad_pct

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (the "Dead End" column).

    Examples
    --------
    A comb: a spine along the top row and a tooth down every column.

    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> spine = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> teeth = [((r, c), (r + 1, c)) for c in range(3) for r in range(2)]
    >>> M = mg.Maze(G, spine + teeth)
    >>> mg.metrics.degree_distribution(M).tolist()
    [0, 3, 5, 1, 0]
    """
    return np.bincount(degrees(maze), minlength=_max_degree(maze.cells) + 1).astype(np.int64)


@checked(MAZE)
def dead_end_pct(maze) -> float:
    """Percentage of cells that are dead ends (exactly one open passage).

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    float
        ``100 * (cells of degree 1) / (all cells of the tessellation)``; NaN
        for a tessellation without cells. This is the "Dead End" column of
        Pullen's generation table (about 30 for Kruskal on a square grid).

    Raises
    ------
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> spine = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> teeth = [((r, c), (r + 1, c)) for c in range(3) for r in range(2)]
    >>> round(mg.metrics.dead_end_pct(mg.Maze(G, spine + teeth)), 2)
    33.33
    """
    return shares(degrees(maze))["dead_end_pct"]


@checked(MAZE)
def corridor_pct(maze) -> float:
    """Percentage of cells that are corridor cells (exactly two open passages).

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    float
        ``100 * (cells of degree 2) / (all cells)``; NaN without cells. 100
        (less the two ends) for a unicursal maze.

    Raises
    ------
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> spine = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> teeth = [((r, c), (r + 1, c)) for c in range(3) for r in range(2)]
    >>> round(mg.metrics.corridor_pct(mg.Maze(G, spine + teeth)), 2)
    55.56
    """
    return shares(degrees(maze))["corridor_pct"]


@checked(MAZE)
def junction_pct(maze) -> float:
    """Percentage of cells that are junctions (exactly three open passages).

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    float
        ``100 * (cells of degree 3) / (all cells)``; NaN without cells.

    Raises
    ------
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> spine = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> teeth = [((r, c), (r + 1, c)) for c in range(3) for r in range(2)]
    >>> round(mg.metrics.junction_pct(mg.Maze(G, spine + teeth)), 2)
    11.11
    """
    return shares(degrees(maze))["junction_pct"]


@checked(MAZE)
def crossroad_pct(maze) -> float:
    """Percentage of cells that are crossroads (four or more open passages).

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    float
        ``100 * (cells of degree >= 4) / (all cells)``; NaN without cells.
        Always 0 on tessellations whose cells have at most three neighbours
        (delta).

    Raises
    ------
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> plus = [((1, 1), (0, 1)), ((1, 1), (2, 1)), ((1, 1), (1, 0)), ((1, 1), (1, 2))]
    >>> round(mg.metrics.crossroad_pct(mg.Maze(G, plus)), 2)
    11.11
    """
    return shares(degrees(maze))["crossroad_pct"]
