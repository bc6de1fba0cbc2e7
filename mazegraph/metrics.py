"""Texture metrics: dead ends, junctions, solution, elitism, river, run and bias.

Walter D. Pullen describes the texture of a maze in words (Think Labyrinth,
"Maze Algorithms", https://www.astrolog.org/labyrnth/algrithm.htm): *bias*
(passages that prefer one direction), *run* (how far passages go straight
before turning), *elitism* (how short the solution is next to the maze), and
*river* (few but long dead ends versus many short ones). His generation table
reports two of them as numbers, the percentage of dead ends and the percentage
of cells on the solution path. This module gives each notion an exact,
measurable definition that works on every tessellation: ``pos`` (cell centres),
``direction`` (edge classes) and the wall geometry are used where a metric
needs them, and a metric that needs an attribute the tessellation lacks says so
(:class:`~mazegraph.errors.MissingAttributeError`).

Every metric reads the maze's arrays (:class:`~mazegraph.CellGraph` CSR
adjacency and the open-edge mask) in compiled kernels, one linear pass each, so
:func:`summary` of a million-cell maze takes a fraction of a second.

Vocabulary used throughout:

passage
    An open edge; lengths are counted in passages (steps between adjacent cells).
degree
    A cell's number of open passages: 1 is a *dead end*, 2 a *corridor cell*,
    3 a *junction* and 4 or more a *crossroads*.
branch
    A maximal chain of passages whose inner cells all have degree 2. Its ends
    are cells of degree 1 or at least 3, or it closes on itself (a *ring*).

See ``docs/metrics.md`` for the definitions with their texture meaning.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from ._numba import kernel
from ._search import bfs_parents
from .cellgraph import CellGraph
from .errors import InvalidOptionError, MissingAttributeError, NoSolutionError
from .maze import Maze

__all__ = [
    "open_degree",
    "degree_distribution",
    "dead_end_pct",
    "junction_pct",
    "crossroad_pct",
    "solution_length",
    "solution_pct",
    "tortuosity",
    "river",
    "River",
    "run",
    "Runs",
    "bias",
    "summary",
    "SUMMARY_KEYS",
    "DEFAULT_MAX_TURN",
]

DEFAULT_MAX_TURN = 25.0
"""Default largest turn (degrees) still counted as going straight (see :func:`run`)."""

SUMMARY_KEYS = (
    "n_cells",
    "n_passages",
    "dead_end_pct",
    "corridor_pct",
    "junction_pct",
    "crossroad_pct",
    "solution_length",
    "solution_pct",
    "tortuosity",
    "dead_end_length_mean",
    "dead_end_length_max",
    "corridor_length_mean",
    "branch_length_mean",
    "run_length_mean",
    "run_length_max",
    "bias_tv",
)
"""The keys :func:`summary` always returns, in order (``bias_<class>`` keys follow)."""

# branch kinds returned by the _branches kernel
_DEAD_END, _CORRIDOR, _PATH, _RING = 0, 1, 2, 3

_PULLEN = 'Walter D. Pullen, "Maze Algorithms", Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm'


# -- kernels ------------------------------------------------------------------------------------


@kernel
def _open_degree(edges, is_open, n):
    """Number of open edges at each of the ``n`` cells."""
    degree = np.zeros(n, dtype=np.int64)
    for e in range(len(edges)):
        if is_open[e]:
            degree[edges[e, 0]] += 1
            degree[edges[e, 1]] += 1
    return degree


@kernel
def _path_cells(parent, source, target):
    """Cells on the parent chain from ``target`` back to ``source`` (both counted); -1 if unreached."""
    if parent[target] < 0:
        return -1
    count = 1
    v = target
    while v != source:
        v = parent[v]
        count += 1
    return count


@kernel
def _branches(indptr, neighbors, edge_ids, edges, is_open, degree):
    """Split the open passages into branches.

    Returns ``(lengths, kinds)``: the passages in each branch and its kind
    (0 dead end to junction, 1 junction to junction, 2 dead end to dead end,
    3 ring of degree-2 cells). Every open edge lies in exactly one branch.
    """
    n = len(indptr) - 1
    m = len(edges)
    seen = np.zeros(m, dtype=np.bool_)
    lengths = np.empty(m, dtype=np.int64)
    kinds = np.empty(m, dtype=np.int8)
    k = 0
    for c in range(n):
        dc = degree[c]
        if dc == 2 or dc == 0:
            continue
        for s in range(indptr[c], indptr[c + 1]):
            e = edge_ids[s]
            if not is_open[e] or seen[e]:
                continue
            seen[e] = True
            length = 1
            via = e
            cur = neighbors[s]
            while degree[cur] == 2:
                nxt_edge = -1
                nxt_cell = -1
                for t in range(indptr[cur], indptr[cur + 1]):
                    f = edge_ids[t]
                    if is_open[f] and f != via:
                        nxt_edge = f
                        nxt_cell = neighbors[t]
                        break
                seen[nxt_edge] = True
                via = nxt_edge
                cur = nxt_cell
                length += 1
            de = degree[cur]
            lengths[k] = length
            if dc == 1 and de == 1:
                kinds[k] = 2
            elif dc == 1 or de == 1:
                kinds[k] = 0
            else:
                kinds[k] = 1
            k += 1
    # what is left: rings made only of degree-2 cells
    for e in range(m):
        if not is_open[e] or seen[e]:
            continue
        seen[e] = True
        first = edges[e, 0]
        cur = edges[e, 1]
        via = e
        length = 1
        while cur != first:
            for t in range(indptr[cur], indptr[cur + 1]):
                f = edge_ids[t]
                if is_open[f] and f != via:
                    seen[f] = True
                    via = f
                    cur = neighbors[t]
                    break
            length += 1
        lengths[k] = length
        kinds[k] = 3
        k += 1
    return lengths[:k], kinds[:k]


@kernel
def _wall_piece_directions(points, ptr, pos, edges):
    """Exit directions through walls drawn in several pieces (glued or split walls).

    For each edge whose wall has at least two pieces (NaN rows separate them),
    each end cell's exit direction is from its centre to the mean point of the
    piece nearest to it. Returns ``(index, vectors)``: ``index[e]`` is a row of
    ``vectors`` (shape ``(k, 2, 2)``: end 0 then end 1) or -1.
    """
    m = len(edges)
    index = np.full(m, -1, dtype=np.int32)
    count = 0
    for e in range(m):
        pieces = 0
        inside = False
        for p in range(ptr[e], ptr[e + 1]):
            if np.isnan(points[p, 0]) or np.isnan(points[p, 1]):
                inside = False
            elif not inside:
                inside = True
                pieces += 1
        if pieces >= 2:
            index[e] = count
            count += 1
    vectors = np.zeros((count, 2, 2))
    for e in range(m):
        j = index[e]
        if j < 0:
            continue
        for side in range(2):
            c = edges[e, side]
            best = np.inf
            sx = 0.0
            sy = 0.0
            k = 0
            p = ptr[e]
            end = ptr[e + 1]
            while p <= end:
                if p == end or np.isnan(points[p, 0]) or np.isnan(points[p, 1]):
                    if k > 0:
                        mx = sx / k - pos[c, 0]
                        my = sy / k - pos[c, 1]
                        d = mx * mx + my * my
                        if d < best:
                            best = d
                            vectors[j, side, 0] = mx
                            vectors[j, side, 1] = my
                    sx = 0.0
                    sy = 0.0
                    k = 0
                else:
                    sx += points[p, 0]
                    sy += points[p, 1]
                    k += 1
                p += 1
    return index, vectors


@kernel
def _runs(indptr, neighbors, edge_ids, edges, is_open, pos, override, vectors, cos_limit):
    """Lengths (in passages) of the straight runs of the open passages.

    At each cell the open passages are paired greedily, most nearly opposite
    first, when the cosine between their exit directions is at most
    ``cos_limit``; a run follows paired passages from cell to cell. Every open
    edge lies in exactly one run.
    """
    n = len(indptr) - 1
    m = len(edges)
    dim = pos.shape[1]
    use_override = len(override) > 0
    max_degree = 0
    for c in range(n):
        max_degree = max(max_degree, indptr[c + 1] - indptr[c])
    ends = np.empty(max_degree, dtype=np.int64)  # open edge * 2 + side, at the current cell
    unit = np.empty((max_degree, dim))
    usable = np.empty(max_degree, dtype=np.bool_)
    # straight[e, side]: the open edge that continues edge e straight on at its end `side`, or -1
    straight = np.full((m, 2), -1, dtype=np.int32)
    for c in range(n):
        k = 0
        for s in range(indptr[c], indptr[c + 1]):
            e = edge_ids[s]
            if not is_open[e]:
                continue
            side = 0 if edges[e, 0] == c else 1
            ends[k] = 2 * e + side
            j = override[e] if use_override else -1
            norm = 0.0
            for t in range(dim):
                if j >= 0:
                    x = vectors[j, side, t]
                else:
                    x = pos[neighbors[s], t] - pos[c, t]
                unit[k, t] = x
                norm += x * x
            norm = math.sqrt(norm)
            usable[k] = norm > 0.0 and math.isfinite(norm)
            if usable[k]:
                for t in range(dim):
                    unit[k, t] /= norm
            k += 1
        while k >= 2:
            best = cos_limit
            bi = -1
            bj = -1
            for i in range(k):
                if not usable[i]:
                    continue
                for j2 in range(i + 1, k):
                    if not usable[j2]:
                        continue
                    dot = 0.0
                    for t in range(dim):
                        dot += unit[i, t] * unit[j2, t]
                    if dot <= best:
                        best = dot
                        bi = i
                        bj = j2
            if bi < 0:
                break
            usable[bi] = False
            usable[bj] = False
            a = ends[bi]
            b = ends[bj]
            straight[a >> 1, a & 1] = b >> 1
            straight[b >> 1, b & 1] = a >> 1
            if k == 2:
                break
    seen = np.zeros(m, dtype=np.bool_)
    lengths = np.empty(m, dtype=np.int64)
    r = 0
    for e in range(m):
        if not is_open[e] or seen[e]:
            continue
        if straight[e, 0] >= 0 and straight[e, 1] >= 0:
            continue  # inside a run (found from its end) or on a closed straight loop
        enter = 0 if straight[e, 0] < 0 else 1
        cur = e
        length = 0
        while True:
            seen[cur] = True
            length += 1
            far = 1 - enter
            nxt = straight[cur, far]
            if nxt < 0:
                break
            cell = edges[cur, far]
            cur = nxt
            enter = 0 if edges[cur, 0] == cell else 1
        lengths[r] = length
        r += 1
    for e in range(m):  # closed straight loops (a row around a torus, a ring of a theta maze)
        if not is_open[e] or seen[e]:
            continue
        cur = e
        enter = 0
        length = 0
        while not seen[cur]:
            seen[cur] = True
            length += 1
            far = 1 - enter
            cell = edges[cur, far]
            cur = straight[cur, far]
            enter = 0 if edges[cur, 0] == cell else 1
        lengths[r] = length
        r += 1
    return lengths[:r]


# -- per-tessellation facts, computed once --------------------------------------------------------

def _facts(cells: CellGraph) -> dict:
    return cells.memo("metrics", dict)


def _coordinates(cells: CellGraph) -> np.ndarray | None:
    """Cell centres used for geometry: ``pos`` in its own dimension, else the drawing layout."""
    if cells.pos is not None:
        return cells.pos
    return cells.layout


def _typical_distance(cells: CellGraph) -> float:
    """Median centre-to-centre distance over all edges of the tessellation."""
    facts = _facts(cells)
    if "typical" not in facts:
        xyz = _coordinates(cells)
        if xyz is None or cells.n_edges == 0:
            facts["typical"] = math.nan
        else:
            delta = xyz[cells.edges[:, 0]] - xyz[cells.edges[:, 1]]
            facts["typical"] = float(np.median(np.sqrt(np.einsum("ij,ij->i", delta, delta))))
    return facts["typical"]


def _direction_overrides(cells: CellGraph) -> tuple[np.ndarray, np.ndarray]:
    """Exit directions for edges whose wall is drawn in several pieces (see :func:`run`)."""
    facts = _facts(cells)
    if "overrides" not in facts:
        xyz = _coordinates(cells)
        walls = cells.walls
        if xyz is not None and xyz.shape[1] == 2 and walls is not None and len(walls) == cells.n_edges:
            index, vectors = _wall_piece_directions(walls.points, walls.ptr, xyz, cells.edges)
            if len(vectors) == 0:
                index = np.empty(0, dtype=np.int32)
        else:
            index, vectors = np.empty(0, dtype=np.int32), np.zeros((0, 2, 2))
        facts["overrides"] = (index, vectors)
    return facts["overrides"]


def _max_degree(cells: CellGraph) -> int:
    facts = _facts(cells)
    if "max_degree" not in facts:
        facts["max_degree"] = int(np.diff(cells.indptr).max()) if cells.n_cells else 0
    return facts["max_degree"]


def _offered(cells: CellGraph) -> np.ndarray:
    facts = _facts(cells)
    if "offered" not in facts:
        facts["offered"] = np.bincount(cells.direction, minlength=len(cells.direction_names)).astype(np.int64)
    return facts["offered"]


# -- helpers ----------------------------------------------------------------------------------------


def _check(maze) -> CellGraph:
    if not isinstance(maze, Maze):
        raise TypeError(f"expected a mazegraph.Maze, got {type(maze).__name__}")
    return maze.cells


def _degree(maze) -> np.ndarray:
    cells = _check(maze)
    return _open_degree(cells.edges, maze.open, cells.n_cells)


def _pct(count, total) -> float:
    return 100.0 * float(count) / total if total else math.nan


def _ends(maze, start, goal) -> tuple[int, int]:
    labels = maze.cells.labels
    s = maze.start_index if start is None else labels.index(start)
    g = maze.goal_index if goal is None else labels.index(goal)
    return s, g


def _solution_cells(maze, s: int, g: int) -> int:
    cells = maze.cells
    parent = bfs_parents(cells.indptr, cells.neighbors, cells.edge_ids, maze.open, s, g)
    return int(_path_cells(parent, s, g))


def _mean(values: np.ndarray) -> float:
    return float(values.mean()) if len(values) else math.nan


def _max(values: np.ndarray) -> float | int:
    return int(values.max()) if len(values) else math.nan


def _cos_limit(max_turn) -> float:
    try:
        turn = float(max_turn)
    except (TypeError, ValueError):
        raise InvalidOptionError(f"max_turn must be a number of degrees in [0, 180), got {max_turn!r}") from None
    if not 0.0 <= turn < 180.0:
        raise InvalidOptionError(f"max_turn must be a number of degrees in [0, 180), got {max_turn!r}")
    # straight when the exit directions make an angle of at least 180 - max_turn degrees
    return -math.cos(math.radians(turn)) + 1e-9


# -- degree -----------------------------------------------------------------------------------------


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
    return _degree(maze)


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
    dead_end_pct, junction_pct, crossroad_pct

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
    degree = _degree(maze)
    return np.bincount(degree, minlength=_max_degree(maze.cells) + 1).astype(np.int64)


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
    degree = _degree(maze)
    return _pct(np.count_nonzero(degree == 1), len(degree))


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
    degree = _degree(maze)
    return _pct(np.count_nonzero(degree == 3), len(degree))


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
    degree = _degree(maze)
    return _pct(np.count_nonzero(degree >= 4), len(degree))


# -- solution -----------------------------------------------------------------------------------------


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
    _check(maze)
    s, g = _ends(maze, start, goal)
    length = _solution_cells(maze, s, g)
    if length < 0:
        labels = maze.cells.labels
        raise NoSolutionError(f"no open path joins {labels[s]!r} and {labels[g]!r}")
    return length


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
    return _pct(solution_length(maze, start, goal), maze.cells.n_cells)


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
    cells = _check(maze)
    xyz = _coordinates(cells)
    if xyz is None:
        raise MissingAttributeError(
            "tortuosity needs cell positions: give the graph's nodes a 'pos' (or 'layout') attribute"
        )
    length = solution_length(maze, start, goal)
    s, g = _ends(maze, start, goal)
    return _tortuosity(cells, xyz, s, g, length)


def _tortuosity(cells, xyz, s, g, length) -> float:
    distance = float(np.linalg.norm(xyz[g] - xyz[s])) / _typical_distance(cells)
    if not distance > 0.0:
        return math.nan
    return (length - 1) / distance


# -- river -------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class River:
    """Branch lengths of a maze, the measurable side of Pullen's "river".

    All lengths are in passages. Build with :func:`river`.

    Attributes
    ----------
    dead_end_lengths : numpy.ndarray of int64
        One entry per *dead-end branch* (a dead end joined through corridor
        cells to a junction), sorted: the passages from the dead end to its
        junction, which is also the number of cells in the dead end counting
        the dead-end cell and not the junction.
    corridor_lengths : numpy.ndarray of int64
        One entry per branch between two junctions (or from a junction back to
        itself), sorted: its passages, i.e. one more than its corridor cells.
    branch_lengths : numpy.ndarray of int64
        Every branch, sorted: the two kinds above plus a component that is a
        single path (dead end to dead end) and a ring of corridor cells with no
        junction. They add up to the number of open passages.
    """

    dead_end_lengths: np.ndarray
    corridor_lengths: np.ndarray
    branch_lengths: np.ndarray

    @property
    def dead_end_histogram(self) -> np.ndarray:
        """``h[k]`` = number of dead-end branches of ``k`` passages (``h[0]`` is always 0)."""
        return np.bincount(self.dead_end_lengths, minlength=1).astype(np.int64)

    @property
    def mean_dead_end_length(self) -> float:
        """Mean of :attr:`dead_end_lengths`; NaN when there is no dead-end branch."""
        return _mean(self.dead_end_lengths)

    @property
    def max_dead_end_length(self) -> float | int:
        """Longest dead-end branch; NaN when there is none."""
        return _max(self.dead_end_lengths)

    @property
    def mean_corridor_length(self) -> float:
        """Mean of :attr:`corridor_lengths`; NaN when no branch joins two junctions."""
        return _mean(self.corridor_lengths)

    @property
    def mean_branch_length(self) -> float:
        """Open passages per branch; NaN when nothing is open."""
        return _mean(self.branch_lengths)


def _branch_arrays(maze, degree):
    cells = maze.cells
    return _branches(cells.indptr, cells.neighbors, cells.edge_ids, cells.edges, maze.open, degree)


def river(maze) -> River:
    """Measure river: the lengths of dead ends and of passages between junctions.

    Pullen describes river only in words: an algorithm with a high river
    factor flows into the empty parts of the maze like water, giving fewer but
    longer dead ends and longer passages between junctions; a low river factor
    gives many short dead ends. This function makes that measurable by
    splitting the passages into *branches*, maximal chains whose inner cells
    have exactly two open passages, and reporting their lengths:

    - the **dead-end length** of each dead end, the passages from the dead end
      back to the first junction (degree 3 or more), i.e. the cells that
      dead-end filling would fill from it in one sweep, as in the dead-end
      length histogram of Pullen's Daedalus;
    - the **corridor length** of each branch between two junctions;
    - all branch lengths, whose mean is the number of passages per branch.

    High river shows as few dead ends, longer dead-end branches and, most
    clearly, long corridors between junctions: on 50 x 50 square grids the
    recursive backtracker gives about 10% dead ends and corridors of about 8
    passages on average, Kruskal about 30% and under 2.

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    River
        ``dead_end_lengths``, ``corridor_lengths`` and ``branch_lengths``
        (sorted int arrays, in passages), with the derived
        ``dead_end_histogram``, ``mean_dead_end_length``,
        ``max_dead_end_length``, ``mean_corridor_length`` and
        ``mean_branch_length``.

    Raises
    ------
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    Notes
    -----
    A component that is one unbranched path (two dead ends, no junction, e.g.
    a unicursal maze) has no dead-end branch: its dead ends lead to no junction.
    It is counted only among the branches. The definition uses only the
    passage graph, so it applies to every tessellation and to braid mazes.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (texture: river).
    .. [2] Walter D. Pullen, Daedalus documentation,
       https://www.astrolog.org/labyrnth/daedalus.htm (dead-end statistics).

    Examples
    --------
    The comb: the outer teeth run along the spine to the middle junction.

    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> spine = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> teeth = [((r, c), (r + 1, c)) for c in range(3) for r in range(2)]
    >>> R = mg.metrics.river(mg.Maze(G, spine + teeth))
    >>> R.dead_end_lengths.tolist(), R.dead_end_histogram.tolist()
    ([2, 3, 3], [0, 0, 1, 2])
    >>> round(R.mean_dead_end_length, 3), R.corridor_lengths.tolist()
    (2.667, [])
    """
    degree = _degree(maze)
    lengths, kinds = _branch_arrays(maze, degree)
    return River(
        dead_end_lengths=np.sort(lengths[kinds == _DEAD_END]),
        corridor_lengths=np.sort(lengths[kinds == _CORRIDOR]),
        branch_lengths=np.sort(lengths),
    )


# -- run ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Runs:
    """Straight runs of a maze, Pullen's "run". Build with :func:`run`.

    Attributes
    ----------
    lengths : numpy.ndarray of int64
        One entry per run, sorted: its passages (a run of ``k`` passages
        passes ``k + 1`` cells in a straight line). They add up to the number
        of open passages.
    max_turn : float
        The largest turn, in degrees, that still counted as going straight.
    """

    lengths: np.ndarray
    max_turn: float

    @property
    def histogram(self) -> np.ndarray:
        """``h[k]`` = number of runs of ``k`` passages."""
        return np.bincount(self.lengths, minlength=1).astype(np.int64)

    @property
    def mean(self) -> float:
        """Mean run length in passages; NaN when nothing is open."""
        return _mean(self.lengths)

    @property
    def max(self) -> float | int:
        """Longest run in passages; NaN when nothing is open."""
        return _max(self.lengths)


def _run_lengths(maze, max_turn) -> np.ndarray:
    cells = _check(maze)
    cos_limit = _cos_limit(max_turn)
    xyz = _coordinates(cells)
    if xyz is None:
        raise MissingAttributeError("run needs cell positions: give the graph's nodes a 'pos' (or 'layout') attribute")
    override, vectors = _direction_overrides(cells)
    return _runs(
        cells.indptr, cells.neighbors, cells.edge_ids, cells.edges, maze.open, xyz, override, vectors, cos_limit
    )


def run(maze, *, max_turn: float = DEFAULT_MAX_TURN) -> Runs:
    """Measure run: the lengths of the straight stretches of passage.

    Pullen's run is how far passages go straight before they turn. Here two
    open passages through a cell are **straight** when the directions from
    the cell's centre to the two neighbours are nearly opposite: the path
    through the cell turns by at most ``max_turn`` degrees (the angle between
    the two directions is at least ``180 - max_turn``). At a junction the
    passages are paired most-opposite first, so each passage continues
    straight into at most one other. A **run** is a maximal chain of passages
    joined straight at every inner cell; every passage belongs to exactly one
    run, and a run's length is its number of passages.

    Directions come from geometry, so the definition works on every
    tessellation:

    - the centres are ``pos`` in its own dimension (in a 3D grid going up and
      up again is straight, and turning from east to up is a turn); without
      ``pos`` the drawing ``layout`` is used;
    - a wall drawn in several pieces belongs to an edge glued across the net
      of a surface (torus, cylinder, Moebius strip, Klein bottle, cube) or
      split in two (zeta diagonals): there the centres jump across the net, so
      each cell's exit direction is taken from its centre to the piece of the
      wall on its own side; a run then continues across the seam as it does
      on the surface;
    - weave passages under a cell, and edges without walls, use the centres.

    On the regular tessellations the default of 25 degrees counts exactly the
    passages that go straight on: turns are 90 degrees (orthogonal), 60 and
    120 (sigma), 45 and more (upsilon, zeta), 360/k around a theta ring of k
    cells (straight on rings of 24 cells or more). In a delta maze every
    passage through a triangle turns by 60 degrees, so every run is one
    passage unless ``max_turn`` is at least 60, when every pass counts as
    straight.

    Parameters
    ----------
    maze : Maze
    max_turn : float, optional
        Largest turn in degrees, ``0 <= max_turn < 180``, still counted as
        straight. Default 25.

    Returns
    -------
    Runs
        ``lengths`` (sorted int array, in passages) and ``max_turn``, with
        the derived ``histogram``, ``mean`` and ``max``.

    Raises
    ------
    MissingAttributeError
        If the tessellation has no cell positions (neither ``pos`` nor
        ``layout``).
    InvalidOptionError
        If ``max_turn`` is not a number in ``[0, 180)``.
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (texture: run).

    Examples
    --------
    The comb: the spine is one run through the middle junction; each tooth is
    another.

    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> spine = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> teeth = [((r, c), (r + 1, c)) for c in range(3) for r in range(2)]
    >>> R = mg.metrics.run(mg.Maze(G, spine + teeth))
    >>> R.lengths.tolist(), R.mean
    ([2, 2, 2, 2], 2.0)
    """
    lengths = _run_lengths(maze, max_turn)
    return Runs(lengths=np.sort(lengths), max_turn=float(max_turn))


# -- bias -----------------------------------------------------------------------------------------------


def bias(maze) -> dict[str, tuple[float, float, float]]:
    """Share of open passages in each direction class against the share offered.

    Each edge of a tessellation has a direction class (``cells.direction``,
    named by ``cells.direction_names``): horizontal and vertical on square
    grids, the three hexagon axes on sigma, radial and circumferential on
    theta, one per axis on n-dimensional grids. A maze is unbiased in a class
    when it opens the same share of its passages in that class as the
    tessellation offers among its edges.

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    dict of str to (float, float, float)
        For each class, in ``direction_names`` order: ``(passage_share,
        offered_share, ratio)`` where ``passage_share`` is the fraction of
        open passages in the class, ``offered_share`` the fraction of all
        edges of the tessellation in it, and ``ratio = passage_share /
        offered_share`` (1 = no bias; above 1 = the maze prefers the class).
        Shares are NaN when no passage is open; a ratio is NaN when the class
        has no edge.

    Raises
    ------
    MissingAttributeError
        If the tessellation's edges have no ``direction`` (a plain user
        graph); bias then means nothing, so no empty result is returned.
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    Notes
    -----
    Pullen calls a maze biased when its passages tend to go one way more than
    others. Class shares see a preference for one direction over another, not
    for one side: the pull of Binary Tree towards one corner keeps its
    horizontal and vertical shares near even. On a square grid of
    R rows and C columns the offered shares are ``R(C-1)`` horizontal and
    ``(R-1)C`` vertical edges out of their sum; a perfect maze on it can only
    be judged against those, not against one half each.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (texture: bias).

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> spine = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> teeth = [((r, c), (r + 1, c)) for c in range(3) for r in range(2)]
    >>> mg.metrics.bias(mg.Maze(G, spine + teeth))
    {'horizontal': (0.25, 0.5, 0.5), 'vertical': (0.75, 0.5, 1.5)}
    """
    cells = _check(maze)
    if cells.direction is None:
        raise MissingAttributeError(
            "bias needs a direction class on every edge: give the graph's edges a 'direction' attribute"
        )
    return _bias(cells, maze.open)


def _bias(cells, is_open) -> dict[str, tuple[float, float, float]]:
    names = cells.direction_names
    offered = _offered(cells)
    passages = np.bincount(cells.direction[is_open], minlength=len(names))
    n_open = int(passages.sum())
    out = {}
    for k, name in enumerate(names):
        p = passages[k] / n_open if n_open else math.nan
        q = offered[k] / cells.n_edges if cells.n_edges else math.nan
        ratio = p / q if q > 0 else math.nan
        out[name] = (float(p), float(q), float(ratio))
    return out


# -- summary -------------------------------------------------------------------------------------------


def _key(name: str) -> str:
    return "bias_" + re.sub(r"[^0-9A-Za-z]+", "_", name).strip("_").lower()


def summary(maze, *, max_turn: float = DEFAULT_MAX_TURN) -> dict:
    """All scalar texture metrics of a maze, as one flat dict (one DataFrame row).

    Parameters
    ----------
    maze : Maze
    max_turn : float, optional
        Passed to :func:`run`.

    Returns
    -------
    dict of str to int or float
        The keys of :data:`SUMMARY_KEYS`, always, in that order, then one
        ``bias_<class>`` key per direction class of the tessellation (the
        class name lower-cased, other characters than letters and digits
        replaced by ``_``, e.g. ``bias_horizontal``, ``bias_east_west``)
        holding the ratio of :func:`bias`. A metric that does not apply is NaN
        rather than missing: the solution metrics when no path joins start and
        goal, ``tortuosity`` and the run metrics without positions, and
        ``bias_tv`` without directions.

        ``n_cells``, ``n_passages``
            cells of the tessellation and open passages;
        ``dead_end_pct``, ``corridor_pct``, ``junction_pct``, ``crossroad_pct``
            percentage of cells of degree 1, 2, 3 and 4 or more;
        ``solution_length``, ``solution_pct``, ``tortuosity``
            see :func:`solution_length`, :func:`solution_pct`, :func:`tortuosity`;
        ``dead_end_length_mean``, ``dead_end_length_max``, ``corridor_length_mean``, ``branch_length_mean``
            see :func:`river` (passages);
        ``run_length_mean``, ``run_length_max``
            see :func:`run` (passages);
        ``bias_tv``
            total variation distance between the passage shares and the
            offered shares of :func:`bias`, ``0.5 * sum(|p - q|)``: 0 for no
            bias, at most 1.

    Raises
    ------
    InvalidOptionError
        If ``max_turn`` is not a number in ``[0, 180)``.
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(1, 5)
    >>> M = mg.Maze(G, [((0, c), (0, c + 1)) for c in range(4)])   # a straight corridor
    >>> row = mg.metrics.summary(M)
    >>> row["dead_end_pct"], row["solution_length"], row["tortuosity"], row["run_length_max"]
    (40.0, 5, 1.0, 4)
    >>> list(row)[:4], list(row)[-2:]
    (['n_cells', 'n_passages', 'dead_end_pct', 'corridor_pct'], ['bias_horizontal', 'bias_vertical'])

    Many mazes make a table:

    >>> rows = [mg.metrics.summary(mg.generate(mg.tessellations.sigma(8, 8), "kruskal", seed=s)) for s in range(3)]
    >>> all(r["n_passages"] == r["n_cells"] - 1 for r in rows)
    True
    """
    cells = _check(maze)
    n = cells.n_cells
    is_open = maze.open
    degree = _open_degree(cells.edges, is_open, n)
    counts = np.bincount(degree, minlength=5)
    out: dict = {
        "n_cells": int(n),
        "n_passages": int(np.count_nonzero(is_open)),
        "dead_end_pct": _pct(counts[1], n),
        "corridor_pct": _pct(counts[2], n),
        "junction_pct": _pct(counts[3], n),
        "crossroad_pct": _pct(counts[4:].sum(), n),
    }

    s, g = maze.start_index, maze.goal_index
    length = _solution_cells(maze, s, g)
    xyz = _coordinates(cells)
    if length < 0:
        out.update(solution_length=math.nan, solution_pct=math.nan, tortuosity=math.nan)
    else:
        out["solution_length"] = int(length)
        out["solution_pct"] = _pct(length, n)
        out["tortuosity"] = math.nan if xyz is None else _tortuosity(cells, xyz, s, g, length)

    lengths, kinds = _branch_arrays(maze, degree)
    dead = lengths[kinds == _DEAD_END]
    out["dead_end_length_mean"] = _mean(dead)
    out["dead_end_length_max"] = _max(dead)
    out["corridor_length_mean"] = _mean(lengths[kinds == _CORRIDOR])
    out["branch_length_mean"] = _mean(lengths)

    if xyz is None:
        _cos_limit(max_turn)  # still reject a bad option
        out["run_length_mean"] = out["run_length_max"] = math.nan
    else:
        runs = _run_lengths(maze, max_turn)
        out["run_length_mean"] = _mean(runs)
        out["run_length_max"] = _max(runs)

    if cells.direction is None:
        out["bias_tv"] = math.nan
    else:
        shares = _bias(cells, is_open)
        out["bias_tv"] = 0.5 * sum(abs(p - q) for p, q, _ in shares.values())
        for name, (_, _, ratio) in shares.items():
            out[_key(name)] = ratio
    return out
