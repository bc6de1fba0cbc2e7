"""Runs: the straight stretches of passage, Pullen's run, from cell geometry on every tessellation."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .._numba import kernel
from ..cellgraph import CellGraph
from ..errors import MissingAttributeError
from ..params import MAZE, Number, Param, checked
from ._common import coordinates, facts, largest, maze_cells, mean

__all__ = ["run", "Runs", "DEFAULT_MAX_TURN"]

DEFAULT_MAX_TURN = 25.0
"""Default largest turn (degrees) still counted as going straight (see :func:`run`)."""

#: The declared ``max_turn`` option of :func:`run` and :func:`~mazegraph.metrics.summary`.
MAX_TURN = Param("max_turn", Number(0, 180, high_open=True), DEFAULT_MAX_TURN,
                 "the largest turn, in degrees, that still counts as going straight")


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


def _direction_overrides(cells: CellGraph) -> tuple[np.ndarray, np.ndarray]:
    """Exit directions for edges whose wall is drawn in several pieces (see :func:`run`)."""
    known = facts(cells)
    if "overrides" not in known:
        xyz = coordinates(cells)
        walls = cells.walls
        if xyz is not None and xyz.shape[1] == 2 and walls is not None and len(walls) == cells.n_edges:
            index, vectors = _wall_piece_directions(walls.points, walls.ptr, xyz, cells.edges)
            if len(vectors) == 0:
                index = np.empty(0, dtype=np.int32)
        else:
            index, vectors = np.empty(0, dtype=np.int32), np.zeros((0, 2, 2))
        known["overrides"] = (index, vectors)
    return known["overrides"]


def cos_limit(max_turn) -> float:
    """The cosine at or below which two exit directions count as straight; InvalidOptionError for a bad ``max_turn``."""
    turn = MAX_TURN.check(max_turn)
    # straight when the exit directions make an angle of at least 180 - max_turn degrees
    return -math.cos(math.radians(turn)) + 1e-9


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
        return mean(self.lengths)

    @property
    def max(self) -> float | int:
        """Longest run in passages; NaN when nothing is open."""
        return largest(self.lengths)


def _run_lengths(maze, max_turn) -> np.ndarray:
    cells = maze_cells(maze)
    limit = cos_limit(max_turn)
    xyz = coordinates(cells)
    if xyz is None:
        raise MissingAttributeError("run needs cell positions: give the graph's nodes a 'pos' (or 'layout') attribute")
    override, vectors = _direction_overrides(cells)
    return _runs(
        cells.indptr, cells.neighbors, cells.edge_ids, cells.edges, maze.open, xyz, override, vectors, limit
    )


@checked(MAZE, MAX_TURN)
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
