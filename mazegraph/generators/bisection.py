"""Pullen's bisection: the labyrinth that runs along both sides of every passage of a half-size perfect maze.

Used by the generator ``"unicursal"`` (:mod:`.unicursal`) and by
:func:`mazegraph.to_unicursal`, which applies it to a given maze.

References
----------
.. [1] W. D. Pullen, "Maze Algorithms: Unicursal" (a perfect maze with every
   passage bisected), Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel

__all__ = ["bisect_passages"]


@kernel
def bisect_passages(half_open, half_step, rows, cols, cell_at, step_edge, n_edges):
    """Pullen's labyrinth around a half-size tree; returns (mask, first, last).

    Half cell (i, j) is the 2 x 2 block TL, TR, BL, BR at rows 2i, 2i + 1 and
    columns 2j, 2j + 1 of the full grid. Each block starts as a 4-cycle; for each
    half passage the two facing sides of the two blocks are replaced by the two
    edges across, which merges their cycles, so a spanning tree merges all of them
    into one cycle. An odd last row (column) is threaded in by detours: the bottom
    (right) side of each block on that edge, always in the cycle, is replaced by a
    U through the two cells beyond it. The cycle is cut between the corner block's
    top cells, or, when both sides are odd, opened next to the corner cell, which
    is then appended.

    Parameters
    ----------
    half_open : numpy.ndarray of bool
        The half-size maze's open-edge mask (a spanning tree).
    half_step : numpy.ndarray of int, shape (rows // 2 * cols // 2, 2)
        The half-size grid's :attr:`~mazegraph.structure.Box.step_edge`, rows in
        row-major order of the half cells.
    rows, cols : int
        The full grid's size (at least 2 x 2; odd sides are threaded in).
    cell_at, step_edge : numpy.ndarray
        The full grid's :class:`~mazegraph.structure.Box` arrays.
    n_edges : int
        The full grid's number of edges.

    Returns
    -------
    mask : numpy.ndarray of bool
        The labyrinth's open-edge mask: a Hamiltonian path of the full grid.
    first, last : int
        The path's two ends.

    Examples
    --------
    >>> import numpy as np, mazegraph as mg
    >>> from mazegraph.structure import box_of
    >>> half, full = (mg.compile_graph(mg.tessellations.orthogonal(*s)) for s in ((1, 2), (2, 4)))
    >>> hb, fb = box_of(half), box_of(full)
    >>> mask, first, last = bisect_passages(np.ones(1, bool), hb.step_edge[hb.cell_at], 2, 4, fb.cell_at,
    ...                                     fb.step_edge, full.n_edges)
    >>> int(mask.sum()), full.labels[first], full.labels[last]
    (7, (0, 0), (0, 1))
    """
    rows2 = rows // 2
    cols2 = cols // 2
    odd_rows = rows % 2 == 1
    odd_cols = cols % 2 == 1
    is_open = np.zeros(n_edges, dtype=np.bool_)
    for i in range(rows2):
        for j in range(cols2):
            h = i * cols2 + j
            tl = cell_at[2 * i * cols + 2 * j]
            tr = cell_at[2 * i * cols + 2 * j + 1]
            bl = cell_at[(2 * i + 1) * cols + 2 * j]
            br = cell_at[(2 * i + 1) * cols + 2 * j + 1]
            if j + 1 < cols2 and half_open[half_step[h, 1]]:
                is_open[step_edge[tr, 1]] = True
                is_open[step_edge[br, 1]] = True
            elif j + 1 == cols2 and odd_cols:
                is_open[step_edge[tr, 1]] = True
                is_open[step_edge[br, 1]] = True
                is_open[step_edge[cell_at[2 * i * cols + cols - 1], 0]] = True
            else:
                is_open[step_edge[tr, 0]] = True
            if i + 1 < rows2 and half_open[half_step[h, 0]]:
                is_open[step_edge[bl, 0]] = True
                is_open[step_edge[br, 0]] = True
            elif i + 1 == rows2 and odd_rows:
                is_open[step_edge[bl, 0]] = True
                is_open[step_edge[br, 0]] = True
                is_open[step_edge[cell_at[(rows - 1) * cols + 2 * j], 1]] = True
            else:
                is_open[step_edge[bl, 1]] = True
            if j == 0 or not half_open[half_step[h - 1, 1]]:
                is_open[step_edge[tl, 0]] = True
            if i == 0 or not half_open[half_step[h - cols2, 0]]:
                is_open[step_edge[tl, 1]] = True
    if odd_rows and odd_cols:
        corner = cell_at[rows * cols - 1]
        beside = cell_at[rows * cols - 2]  # (rows - 1, cols - 2)
        above = cell_at[(rows - 1) * cols - 2]  # (rows - 2, cols - 2): the last block's BR
        is_open[step_edge[above, 0]] = False
        is_open[step_edge[beside, 1]] = True
        return is_open, above, corner
    is_open[step_edge[cell_at[0], 1]] = False
    return is_open, cell_at[0], cell_at[1]
