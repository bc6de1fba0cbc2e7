"""Binary Tree: every cell opens one passage towards a cell that comes earlier in an ordering."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state, uniform
from ..cellgraph import CellGraph
from ..params import Choice, Number, Param
from ..structure.cell_order import ORDERS, cell_order
from ..structure.passages import crosses_open
from .registry import algorithm

__all__ = ["binary_tree"]


@kernel
def _binary_tree(indptr, neighbors, edge_ids, order, rank, level, crosses, p_up, state):
    n = len(indptr) - 1
    is_open = np.zeros(len(neighbors) // 2, dtype=np.bool_)
    for k in range(1, n):
        c = order[k]
        n_up = 0
        n_side = 0
        for s in range(indptr[c], indptr[c + 1]):
            v = neighbors[s]
            if rank[v] < k and not crosses_open(edge_ids[s], crosses, is_open):
                if level[v] < level[c]:
                    n_up += 1
                else:
                    n_side += 1
        if p_up < 0.0:  # uniform over all earlier neighbours
            which = 2
            j = bounded(state, n_up + n_side)
        else:
            if n_up > 0 and (n_side == 0 or uniform(state) < p_up):
                which = 1
                j = bounded(state, n_up)
            else:
                which = 0
                j = bounded(state, n_side)
        for s in range(indptr[c], indptr[c + 1]):
            v = neighbors[s]
            if rank[v] < k and not crosses_open(edge_ids[s], crosses, is_open):
                kind = 1 if level[v] < level[c] else 0
                if which == 2 or kind == which:
                    if j == 0:
                        is_open[edge_ids[s]] = True
                        break
                    j -= 1
    return is_open


P_UP = Param("p_up", Number(0, 1), None, "chance of an up neighbour when a cell has both kinds (None: uniform)")
ORDER = Param("order", Choice(ORDERS), "auto", "the cell ordering: rows when they work, breadth-first otherwise")


@algorithm(
    "binary_tree",
    "Binary Tree: each cell opens towards an earlier neighbour (north or west on a square grid)",
    options=(P_UP, ORDER),
    crossings=True,
    check_options=lambda cells, options: cell_order(cells, options["order"]),
    reachable="mazegraph.uniformity.models:binary_tree",
)
def binary_tree(cells: CellGraph, rng: np.random.Generator, *, p_up=None, order="auto"):
    """Binary Tree.

    Puts the cells in an order and lets every cell except the first open one
    passage to a neighbour that comes earlier, chosen at random; each cell
    then has exactly one passage towards the first, so the result is always a
    spanning tree. On a square grid taken row by row the earlier neighbours are
    north and west: the textbook maze, with an unbroken corridor along the top
    row and the left column and every path running diagonally towards the
    upper-left corner. Pullen rates it at about 25% dead ends with very short
    solutions (2% of the cells of a 100 x 100 maze).

    The order is the tessellation's rows (cells by ``row``, then by index) when
    every cell but the first then has an earlier neighbour: square, hexagonal,
    upsilon, zeta, weave, theta (centre first, rings outward), 3D grids,
    glued surfaces and most masks. Otherwise (delta, whose row-first cells may
    point up; any graph without rows) it is breadth-first from the
    tessellation's start cell. An earlier neighbour is *up* when it lies on an
    earlier level (an earlier row, or nearer the start cell in breadth-first
    order) and *side* when it lies on the same level.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    p_up : float or None, default None
        None picks uniformly among all earlier neighbours (north or west with
        equal odds on a square grid; one of three directions in 3D). A number
        from 0 to 1 is the probability of choosing an up neighbour when a cell
        has both kinds; the neighbour is then uniform within its kind. 1 gives
        long vertical corridors, 0 long horizontal ones.
    order : {"auto", "rows", "bfs"}, default "auto"
        The ordering: rows when they work, breadth-first otherwise; or forced.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Raises
    ------
    InvalidOptionError
        If ``p_up`` is not None or a number from 0 to 1, or ``order`` is unknown.
    UnsupportedError
        If ``order="rows"`` and the rows do not give every cell an earlier neighbour.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(6, 6), "binary_tree", seed=1)
    >>> M.is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Binary Tree", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, "Maze Generation: Binary Tree algorithm", The Buckblog, 2011;
       J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf, 2015, ch. 2.
    """
    p = -1.0 if p_up is None else p_up
    _, cell_rank_order, rank, level = cell_order(cells, order)
    crosses = cells.crossings
    return _binary_tree(cells.indptr, cells.neighbors, cells.edge_ids, cell_rank_order, rank, level, crosses, p,
                        kernel_state(rng))
