"""Sidewinder: row by row, runs along each row, one passage up from each run, on every tessellation with rows.

The rows, their chains and the parts of the rows to come are
:func:`mazegraph.structure.row_structure`; the sets of one row and the repair
that keeps every set joined to the rest are :mod:`.row_sets`.
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state, uniform
from .._unionfind import attach
from ..cellgraph import CellGraph
from ..params import Number, Param
from ..structure.passages import crosses_open, has_crossing
from ..structure.rows import row_structure, rows_refusal
from .registry import WallAdder, algorithm
from .row_sets import join_row, number_sets, repair_row
from .row_walls import post_grid_refusal, sidewinder_walls

__all__ = ["sidewinder"]

P_CLOSE = Param("p_close", Number(0, 1), 0.5, "chance that a run ends at each cell (then one passage up)")


@kernel
def _sidewinder(indptr, neighbors, edge_ids, rown, order, rowptr, posr, nxt, cyc, up, upslot, futloc, ncomp, crosses,
                p_close, state):
    zeta = len(crosses) > 0  # crossing diagonals: look them up only then
    m = len(neighbors) // 2
    is_open = np.zeros(m, dtype=np.bool_)
    nrows = len(rowptr) - 1
    width = 1
    for r in range(nrows):
        width = max(width, rowptr[r + 1] - rowptr[r])
    prev_lab = np.zeros(width, dtype=np.int32)  # set of each cell of the previous row
    cur_lab = np.zeros(width, dtype=np.int32)
    run_of = np.zeros(width, dtype=np.int32)  # node (run) of each cell of this row
    fpar = np.zeros(2 * width, dtype=np.int32)  # sets joined by open edges: previous row's sets, then runs
    qpar = np.zeros(3 * width, dtype=np.int32)  # the same plus what the rows below may still join
    relabel = np.zeros(2 * width, dtype=np.int32)
    no_down = np.empty(0, dtype=np.int32)  # the repair opens row and up edges only
    nprev = 0
    simple = True  # every row so far one chain, hanging from the row above: a single set, nothing to check
    for r in range(nrows):
        base = rowptr[r]
        length = rowptr[r + 1] - base
        for x in range(nprev):
            fpar[x] = -1
        nruns = 0
        chains = 0
        hanging = r == 0
        i = 0
        while i < length:
            chains += 1
            j = i
            while nxt[order[base + j]] >= 0:
                j += 1
            k = j - i + 1
            wrap = cyc[order[base + i]]
            run = nprev + nruns
            nruns += 1
            fpar[run] = -1
            if r == 0:  # first row: the whole chain, less one edge of a cycle
                seam = bounded(state, k) if wrap >= 0 else k - 1
                for t in range(k - 1):
                    if t != seam:
                        is_open[nxt[order[base + i + t]]] = True
                if wrap >= 0 and seam != k - 1:
                    is_open[wrap] = True
                for t in range(k):
                    run_of[i + t] = run
            else:
                shift = bounded(state, k) if wrap >= 0 else 0  # a cycle starts anywhere
                count = 0  # cells of the run with an up edge; `chosen` is a uniform one of them
                chosen = -1
                prev_run = -1
                prev_link = -1
                for t in range(k + 1):  # the cells of the chain, then its end
                    closing = False
                    if t == k:
                        closing = count > 0
                    elif t > 0:
                        closing = count > 0 and uniform(state) < p_close
                    if closing:  # close the run: one random up edge of `chosen`, joining the run to the set above
                        slot = upslot[chosen]
                        if slot >= 0:  # its only up edge (the draw keeps the stream as below)
                            bounded(state, 1)
                        else:
                            ups = 0
                            for s in range(indptr[chosen], indptr[chosen + 1]):
                                if rown[neighbors[s]] == r - 1 and not (
                                    zeta and crosses_open(edge_ids[s], crosses, is_open)
                                ):
                                    ups += 1
                            pick = bounded(state, ups)
                            for s in range(indptr[chosen], indptr[chosen + 1]):
                                if rown[neighbors[s]] == r - 1 and not (
                                    zeta and crosses_open(edge_ids[s], crosses, is_open)
                                ):
                                    if pick == 0:
                                        slot = s
                                        break
                                    pick -= 1
                        is_open[edge_ids[slot]] = True
                        attach(fpar, run, prev_lab[posr[neighbors[slot]]])
                        hanging = True
                    if t == k:
                        break
                    q = i + shift + t
                    if q >= i + k:
                        q -= k
                    c = order[base + q]
                    if t > 0:
                        row_edge = wrap if q == i else nxt[order[base + q - 1]]
                        if closing:
                            prev_run = run
                            prev_link = row_edge
                            run = nprev + nruns
                            nruns += 1
                            fpar[run] = -1
                            count = 0
                            chosen = -1
                        else:
                            is_open[row_edge] = True
                    run_of[q] = run
                    if up[c]:
                        count += 1
                        if bounded(state, count) == 0:
                            chosen = c
                if count == 0 and prev_run >= 0:  # the chain ends in cells without up edges: they join the run before
                    is_open[prev_link] = True
                    attach(fpar, run, prev_run)
            i = j + 1
        nodes = nprev + nruns
        simple = simple and chains == 1 and hanging
        if simple:
            for q in range(length):
                prev_lab[q] = 0
            nprev = 1
            continue
        if r == 0:  # the rest of the first row's edges, as long as they close no cycle
            join_row(indptr, neighbors, edge_ids, rown, posr, crosses, is_open, fpar, run_of, order, base, length, 0)

        # no set may be cut off from the rows below: join sets that nothing else could join
        total = nodes + ncomp[r + 1]
        for x in range(nodes):
            qpar[x] = fpar[x]
        for x in range(nodes, total):
            qpar[x] = -1
        for q in range(length):
            c = order[base + q]
            for s in range(indptr[c], indptr[c + 1]):
                v = neighbors[s]
                if rown[v] == r + 1 and not has_crossing(edge_ids[s], crosses):
                    attach(qpar, run_of[q], nodes + futloc[v])
        repair_row(indptr, neighbors, edge_ids, rown, order, posr, futloc, crosses, is_open, fpar, qpar, run_of,
                   prev_lab, no_down, nodes, total, base, length, r, state)

        nprev = number_sets(fpar, run_of, length, nodes, relabel, cur_lab)
        prev_lab, cur_lab = cur_lab, prev_lab
    return is_open


def single_chains(cells: CellGraph) -> tuple[np.ndarray, ...] | None:
    """The arrays :func:`_sidewinder_chains` takes when every row is one path; None otherwise (once per tessellation).

    ``(order, rowptr, nxt, up, up_ptr, up_edges)``: the first four from
    :func:`~mazegraph.structure.row_structure`, then each cell's up edges as CSR
    lists (``up_edges[up_ptr[c]:up_ptr[c + 1]]``, in slot order). Given when
    nothing crosses (no zeta diagonals), no row closes into a cycle, every row
    is a single chain and every row after the first has a cell with an edge
    up: then each row of :func:`_sidewinder` hangs from the one set above it and
    there is nothing to join or repair, which :func:`_sidewinder_chains` skips.
    """
    return cells.memo("sidewinder_single_chains", lambda: _single_chains(cells, row_structure(cells)))


def _single_chains(cells: CellGraph, rs) -> tuple[np.ndarray, ...] | None:
    nrows = len(rs.rowptr) - 1
    if len(rs.crosses) or nrows == 0 or (rs.cyc >= 0).any() or (np.diff(rs.rowptr) == 0).any():
        return None
    ends = np.bincount(rs.rown[rs.nxt < 0], minlength=nrows)  # the last cell of each chain has no next edge
    hanging = np.bincount(rs.rown[rs.up], minlength=nrows)
    if (ends != 1).any() or (hanging[1:] == 0).any():
        return None
    owner = np.repeat(np.arange(cells.n_cells), np.diff(cells.indptr))
    is_up = rs.rown[cells.neighbors] == rs.rown[owner] - 1
    up_ptr = np.zeros(cells.n_cells + 1, dtype=np.int64)
    np.cumsum(np.bincount(owner[is_up], minlength=cells.n_cells), out=up_ptr[1:])
    return rs.order, rs.rowptr, rs.nxt, rs.up, up_ptr, cells.edge_ids[is_up].astype(np.int32)


@kernel
def _sidewinder_chains(order, rowptr, nxt, up, up_ptr, up_edges, n_edges, p_close, state):
    """:func:`_sidewinder` when every row is one chain hanging from the row above (see :func:`single_chains`).

    The same draws in the same order, so the same maze: the first row is one
    passage; along each later row a run closes after a cell with probability
    ``p_close`` (drawn once the run has a cell with an up edge), the cell it
    goes up from is a uniform one of the run's cells with up edges (one draw per
    such cell, which takes the place of the one chosen so far with probability 1/count), and its up edge a
    uniform one of that cell's.
    """
    is_open = np.zeros(n_edges, dtype=np.bool_)
    for t in range(rowptr[0], rowptr[1] - 1):
        is_open[nxt[order[t]]] = True
    for r in range(1, len(rowptr) - 1):
        base = rowptr[r]
        count = 0  # cells of the run with an up edge; `chosen` is a uniform one of them
        chosen = -1
        prev_link = -1  # the row edge before the current run, once a run has closed
        for q in range(base, rowptr[r + 1]):
            if q > base:
                row_edge = nxt[order[q - 1]]
                if count > 0 and uniform(state) < p_close:  # close the run: up from `chosen`
                    lo = up_ptr[chosen]
                    is_open[up_edges[lo + bounded(state, up_ptr[chosen + 1] - lo)]] = True
                    prev_link = row_edge
                    count = 0
                    chosen = -1
                else:
                    is_open[row_edge] = True
            c = order[q]
            if up[c]:
                count += 1
                if bounded(state, count) == 0:
                    chosen = c
        if count > 0:  # the row's last run
            lo = up_ptr[chosen]
            is_open[up_edges[lo + bounded(state, up_ptr[chosen + 1] - lo)]] = True
        elif prev_link >= 0:  # the row ends in cells without up edges: they join the run before
            is_open[prev_link] = True
    return is_open


def _sidewinder_walls(cells: CellGraph, rng: np.random.Generator, *, p_close=0.5):
    return sidewinder_walls(cells, kernel_state(rng), p_close)


@algorithm(
    "sidewinder",
    "Sidewinder: row by row, runs along each row, one passage up from each run",
    options=(P_CLOSE,),
    wall=WallAdder(_sidewinder_walls, post_grid_refusal("sidewinder")),
    needs_rows=True,
    crossings=True,
    check=rows_refusal,
    reachable="mazegraph.uniformity.models:sidewinder",
)
def sidewinder(cells: CellGraph, rng: np.random.Generator, *, p_close=0.5):
    """Sidewinder.

    Works row by row from the first. The first row is one long passage (a cycle
    of cells, such as a theta ring, loses one random edge; a row in several
    pieces opens every row edge that closes no cycle). In every later row
    the algorithm walks along the row and grows a *run* of cells joined by row
    edges; after each cell it closes the run with probability ``p_close`` and
    carves one passage up, to the previous row, from a random cell of the run
    that has an up edge. A run without such a cell (cells pointing up in a delta
    row) keeps growing; if it reaches the end of the row that way, it joins the
    run before it. Rows that are cycles start the walk at a random cell. So
    every run hangs from the rows above, which makes a spanning tree; the
    texture has one unbroken corridor along the first row and a bias towards
    it. Pullen rates it at about 27% dead ends, with short solutions (2.6% of
    the cells of a 100 x 100 maze).

    On tessellations whose rows are not single paths (several chains in a row,
    as in a 3D grid's level or a mask with gaps; rows that part and meet again,
    as in a U-shaped mask) a row also opens the few extra edges, up or along
    the row, without which some set of cells could never join the rest (see
    :mod:`mazegraph.generators.row_sets`). On zeta tessellations a diagonal up
    edge whose crossing diagonal is open is never chosen.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation; it must have rows (node attribute ``row``).
    rng : numpy.random.Generator or mazegraph._random.KernelSeed
        Seeds the kernel's own fast stream (:func:`~mazegraph._random.kernel_state`).
    p_close : float, default 0.5
        Probability of closing the run after each cell (when it has a cell with
        an up edge). 0 makes each row one run with a single passage up; 1 makes
        every cell with an up edge go up.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Raises
    ------
    UnsupportedError
        If the tessellation has no rows, or rows that leave cells unreachable
        through edges within a row or between adjacent rows.
    InvalidOptionError
        If ``p_close`` is not a number from 0 to 1.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.theta(8), "sidewinder", seed=3)
    >>> M.is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Sidewinder", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, "Maze Generation: Sidewinder algorithm", The Buckblog, 2011;
       J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf, 2015, ch. 2.
    """
    chains = single_chains(cells)
    if chains is not None:  # every row one path with a cell that has an edge up: no sets to track
        return _sidewinder_chains(*chains, cells.n_edges, p_close, kernel_state(rng))
    rs = row_structure(cells)
    return _sidewinder(
        cells.indptr, cells.neighbors, cells.edge_ids, rs.rown, rs.order, rs.rowptr, rs.posr, rs.nxt, rs.cyc, rs.up,
        rs.upslot, rs.futloc, rs.ncomp, rs.crosses, p_close, kernel_state(rng),
    )
