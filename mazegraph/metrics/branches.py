"""Branches: the passages split into maximal unbranched chains; Pullen's river as their lengths."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._numba import kernel
from ..params import MAZE, checked
from ._common import largest, mean
from .degrees import degrees

__all__ = ["river", "River"]

# branch kinds returned by the _branches kernel
_DEAD_END, _CORRIDOR, _PATH, _RING = 0, 1, 2, 3


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
        """Mean of ``dead_end_lengths``; NaN when there is no dead-end branch."""
        return mean(self.dead_end_lengths)

    @property
    def max_dead_end_length(self) -> float | int:
        """Longest dead-end branch; NaN when there is none."""
        return largest(self.dead_end_lengths)

    @property
    def mean_corridor_length(self) -> float:
        """Mean of ``corridor_lengths``; NaN when no branch joins two junctions."""
        return mean(self.corridor_lengths)

    @property
    def mean_branch_length(self) -> float:
        """Open passages per branch; NaN when nothing is open."""
        return mean(self.branch_lengths)


def river_of(maze, degree: np.ndarray) -> River:
    """The :class:`River` of ``maze`` given its :func:`~.degrees.degrees` (one pass over the passages)."""
    cells = maze.cells
    lengths, kinds = _branches(cells.indptr, cells.neighbors, cells.edge_ids, cells.edges, maze.open, degree)
    return River(
        dead_end_lengths=np.sort(lengths[kinds == _DEAD_END]),
        corridor_lengths=np.sort(lengths[kinds == _CORRIDOR]),
        branch_lengths=np.sort(lengths),
    )


@checked(MAZE)
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
    return river_of(maze, degrees(maze))
