"""Row-by-row generators: Sidewinder and Eller's algorithm, on every tessellation that has rows.

Both algorithms sweep the cells row by row (node attribute ``row``, smallest
first) and decide each row once, knowing only the row before. On a square grid
they are the textbook algorithms. On any other tessellation with rows they read
the edges by how the rows of their two cells differ:

- a *row edge* joins two cells of the same row;
- an *up edge* joins a cell to a cell of the previous row (``row - 1``), a
  *down edge* to the next row (``row + 1``);
- edges between rows further apart (the seam of a torus, gluings of a cube)
  are never opened by these algorithms.

Within a row, cells are taken in cell order (the order of the tessellation's
nodes: columns on a grid, positions around a theta ring); consecutive cells
joined by a row edge form a *chain*, and a chain whose last cell also touches
its first is a cycle (a theta ring, a row of a cylinder or torus). Runs are
stretches of consecutive cells along a chain.

Row-by-row algorithms on general shapes need one more rule: a mask shaped like
a U has two separate top rows that only the bottom row can join, a mask shaped
like an arch has two legs that no later row joins, and some delta cells have
no up or no down edge. Both kernels therefore keep, for the current row only,
which of its cells are already joined (their sets), and know, from a table
computed once per tessellation, which parts the rows still to come fall into.
When a row's random choices would leave a set cut off for good (no passage on
to the rows below, or no way to meet the other sets there), the row opens as
few extra edges of its own as that takes, in random order: row edges, and up
edges (Sidewinder) or down edges (Eller). This never changes the textbook
algorithms on square, hexagonal, upsilon, theta, cylinder and torus rows, and
makes the result a spanning tree on every tessellation whose rows are joined
by same-row and adjacent-row edges; the others are refused with the reason.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterator

import numpy as np

from .._numba import kernel
from .._random import as_generator, bounded, kernel_state, uniform
from ..cellgraph import CellGraph
from ..errors import InvalidSizeError
from ..params import Number, Param
from ..structure.passages import crosses_open, has_crossing
from ..structure.rows import row_structure, rows_refusal
from .registry import algorithm

__all__ = ["sidewinder", "eller", "eller_stream", "EllerStream"]



# -- helpers shared by the kernels ---------------------------------------------


@kernel(python=False)
def _find(parent, x):
    """Root of ``x`` in a plain parent-pointer forest (path halving)."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


P_CLOSE = Param("p_close", Number(0, 1), 0.5, "chance that a run ends at each cell (then one passage up)")
P_JOIN = Param("p_join", Number(0, 1), 0.5, "chance of joining two neighbouring sets in a row")
P_DOWN = Param("p_down", Number(0, 1), 0.5, "chance of each extra passage down from a set")


# -- Sidewinder ---------------------------------------------------------------------


@kernel(python=False)
def _close_run(indptr, neighbors, edge_ids, rown, posr, crosses, is_open, fpar, prev_lab, r, run, chosen, state):
    """Carve one random up edge of cell ``chosen`` and join ``run`` to the set above it."""
    count = 0
    for s in range(indptr[chosen], indptr[chosen + 1]):
        if rown[neighbors[s]] == r - 1 and not crosses_open(edge_ids[s], crosses, is_open):
            count += 1
    k = bounded(state, count)
    for s in range(indptr[chosen], indptr[chosen + 1]):
        if rown[neighbors[s]] == r - 1 and not crosses_open(edge_ids[s], crosses, is_open):
            if k == 0:
                is_open[edge_ids[s]] = True
                a = _find(fpar, run)
                b = _find(fpar, prev_lab[posr[neighbors[s]]])
                fpar[a] = b
                return
            k -= 1


@kernel(python=False)
def _has_up(indptr, neighbors, edge_ids, rown, crosses, c, r):
    for s in range(indptr[c], indptr[c + 1]):
        if rown[neighbors[s]] == r - 1 and not has_crossing(edge_ids[s], crosses):
            return True
    return False


@kernel
def _sidewinder(indptr, neighbors, edge_ids, rown, order, rowptr, posr, nxt, cyc, futloc, ncomp, crosses, p_close,
                state):
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
    nprev = 0
    simple = True  # every row so far one chain, hanging from the row above: a single set, nothing to check
    for r in range(nrows):
        base = rowptr[r]
        length = rowptr[r + 1] - base
        for x in range(nprev):
            fpar[x] = x
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
            fpar[run] = run
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
                for t in range(k):
                    q = i + (shift + t) % k
                    c = order[base + q]
                    if t > 0:
                        link = wrap if q == i else nxt[order[base + q - 1]]
                        if count > 0 and uniform(state) < p_close:
                            _close_run(indptr, neighbors, edge_ids, rown, posr, crosses, is_open, fpar, prev_lab,
                                       r, run, chosen, state)
                            hanging = True
                            prev_run = run
                            prev_link = link
                            run = nprev + nruns
                            nruns += 1
                            fpar[run] = run
                            count = 0
                            chosen = -1
                        else:
                            is_open[link] = True
                    run_of[q] = run
                    if _has_up(indptr, neighbors, edge_ids, rown, crosses, c, r):
                        count += 1
                        if bounded(state, count) == 0:
                            chosen = c
                if count > 0:
                    _close_run(indptr, neighbors, edge_ids, rown, posr, crosses, is_open, fpar, prev_lab,
                               r, run, chosen, state)
                    hanging = True
                elif prev_run >= 0:  # the chain ends in cells without up edges: they join the run before
                    is_open[prev_link] = True
                    fpar[run] = _find(fpar, prev_run)
            i = j + 1
        nodes = nprev + nruns
        simple = simple and chains == 1 and hanging
        if simple:
            for q in range(length):
                prev_lab[q] = 0
            nprev = 1
            continue
        if r == 0:  # the rest of the first row's edges, as long as they close no cycle
            for q in range(length):
                c = order[base + q]
                for s in range(indptr[c], indptr[c + 1]):
                    v = neighbors[s]
                    if rown[v] == 0 and posr[v] > q and not has_crossing(edge_ids[s], crosses):
                        a = _find(fpar, run_of[q])
                        b = _find(fpar, run_of[posr[v]])
                        if a != b:
                            is_open[edge_ids[s]] = True
                            fpar[a] = b

        # no set may be cut off from the rows below: join sets that nothing else could join
        nk = ncomp[r + 1]
        total = nodes + nk
        for x in range(nodes):
            qpar[x] = fpar[x]
        for x in range(nodes, total):
            qpar[x] = x
        for q in range(length):
            c = order[base + q]
            for s in range(indptr[c], indptr[c + 1]):
                v = neighbors[s]
                if rown[v] == r + 1 and not has_crossing(edge_ids[s], crosses):
                    a = _find(qpar, run_of[q])
                    b = _find(qpar, nodes + futloc[v])
                    if a != b:
                        qpar[a] = b
        parts = 0
        for x in range(total):
            if qpar[x] == x:
                parts += 1
        if parts > 1:
            start = bounded(state, length)
            for t in range(length):
                if parts == 1:
                    break
                q = (start + t) % length
                c = order[base + q]
                for s in range(indptr[c], indptr[c + 1]):
                    v = neighbors[s]
                    dv = rown[v] - r
                    if dv == -1:
                        other = prev_lab[posr[v]]
                    elif dv == 0:
                        other = run_of[posr[v]]
                    else:
                        continue
                    e = edge_ids[s]
                    if is_open[e] or crosses_open(e, crosses, is_open):
                        continue
                    a = _find(qpar, run_of[q])
                    b = _find(qpar, other)
                    if a != b:
                        is_open[e] = True
                        qpar[a] = b
                        parts -= 1
                        fa = _find(fpar, run_of[q])
                        fpar[fa] = _find(fpar, other)

        for x in range(nodes):
            relabel[x] = -1
        sets = 0
        for q in range(length):
            root = _find(fpar, run_of[q])
            if relabel[root] < 0:
                relabel[root] = sets
                sets += 1
            cur_lab[q] = relabel[root]
        prev_lab, cur_lab = cur_lab, prev_lab
        nprev = sets
    return is_open


@algorithm(
    "sidewinder",
    "Sidewinder: row by row, runs along each row, one passage up from each run",
    options=(P_CLOSE,),
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
    :mod:`mazegraph.generators.rows`). On zeta tessellations a diagonal up
    edge whose crossing diagonal is open is never chosen.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation; it must have rows (node attribute ``row``).
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
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
    rs = row_structure(cells)
    return _sidewinder(
        cells.indptr, cells.neighbors, cells.edge_ids, rs.rown, rs.order, rs.rowptr, rs.posr, rs.nxt, rs.cyc,
        rs.futloc, rs.ncomp, rs.crosses, p_close, kernel_state(rng),
    )


# -- Eller ------------------------------------------------------------------------------


@kernel(python=False)
def _carve_down(fpar, assigned, is_open, a, pd, e):
    """Open down edge ``e`` from set root ``a`` into the cell at position ``pd`` of the next row.

    The cell may already hang from another set (hexagonal and theta rows): then the
    two sets join, unless they are one already and the edge would close a cycle.
    """
    if assigned[pd] < 0:
        assigned[pd] = a
        is_open[e] = True
        return True
    b = _find(fpar, assigned[pd])
    if b == a:
        return False
    fpar[a] = b
    is_open[e] = True
    return True


@kernel(python=False)
def _join_all(indptr, neighbors, edge_ids, rown, posr, crosses, is_open, fpar, lab, order, base, length, r):
    for q in range(length):
        c = order[base + q]
        for s in range(indptr[c], indptr[c + 1]):
            v = neighbors[s]
            if rown[v] == r and posr[v] > q and not crosses_open(edge_ids[s], crosses, is_open):
                a = _find(fpar, lab[q])
                b = _find(fpar, lab[posr[v]])
                if a != b:
                    is_open[edge_ids[s]] = True
                    fpar[a] = b


@kernel(python=False)
def _eller_repair(indptr, neighbors, edge_ids, rown, order, posr, futloc, crosses, is_open, fpar, qpar, assigned, lab,
                  sets, nk, base, length, nbase, nlength, r, state):
    """Open the fewest extra edges of row ``r`` (row or down, in random order) that leave every set
    with a passage down and every part of the rows below reached by one."""
    total = sets + nk
    for x in range(sets):
        qpar[x] = fpar[x]
    for x in range(sets, total):
        qpar[x] = x
    for x in range(nlength):
        if assigned[x] >= 0:
            a = _find(qpar, assigned[x])
            b = _find(qpar, sets + futloc[order[nbase + x]])
            if a != b:
                qpar[a] = b
    parts = 0
    for x in range(total):
        if qpar[x] == x:
            parts += 1
    if parts > 1:
        start = bounded(state, length)
        for t in range(length):
            if parts == 1:
                break
            q = (start + t) % length
            c = order[base + q]
            for s in range(indptr[c], indptr[c + 1]):
                v = neighbors[s]
                dv = rown[v] - r
                if dv == 0:
                    other = lab[posr[v]]
                elif dv == 1:
                    other = sets + futloc[v]
                else:
                    continue
                e = edge_ids[s]
                if is_open[e] or crosses_open(e, crosses, is_open):
                    continue
                a = _find(qpar, lab[q])
                b = _find(qpar, other)
                if a == b:
                    continue
                qpar[a] = b
                parts -= 1
                fa = _find(fpar, lab[q])
                if dv == 0:
                    is_open[e] = True
                    fpar[fa] = _find(fpar, other)
                else:
                    _carve_down(fpar, assigned, is_open, fa, posr[v], e)


@kernel
def _eller(indptr, neighbors, edge_ids, rown, order, rowptr, posr, futloc, ncomp, crosses, p_join, p_down, state):
    m = len(neighbors) // 2
    is_open = np.zeros(m, dtype=np.bool_)
    nrows = len(rowptr) - 1
    width = 1
    for r in range(nrows):
        width = max(width, rowptr[r + 1] - rowptr[r])
    lab = np.zeros(width, dtype=np.int32)  # set of each cell of this row: the one row of memory
    nlab = np.zeros(width, dtype=np.int32)
    assigned = np.zeros(width, dtype=np.int32)  # set each cell of the next row hangs from, or -1
    fpar = np.zeros(width, dtype=np.int32)
    qpar = np.zeros(2 * width, dtype=np.int32)
    flag = np.zeros(width, dtype=np.bool_)
    count = np.zeros(width, dtype=np.int32)
    pick = np.zeros(width, dtype=np.int64)
    relabel = np.zeros(width, dtype=np.int32)
    sets = rowptr[1] - rowptr[0]
    for q in range(sets):
        lab[q] = q
    for r in range(nrows):
        base = rowptr[r]
        length = rowptr[r + 1] - base
        for x in range(sets):
            fpar[x] = x
        if r == nrows - 1:
            _join_all(indptr, neighbors, edge_ids, rown, posr, crosses, is_open, fpar, lab, order, base, length, r)
            break
        # join adjacent cells of different sets at random
        for q in range(length):
            c = order[base + q]
            for s in range(indptr[c], indptr[c + 1]):
                v = neighbors[s]
                if rown[v] != r or posr[v] <= q or crosses_open(edge_ids[s], crosses, is_open):
                    continue
                if uniform(state) < p_join:
                    a = _find(fpar, lab[q])
                    b = _find(fpar, lab[posr[v]])
                    if a != b:
                        is_open[edge_ids[s]] = True
                        fpar[a] = b
        # passages down: each at random, then one more for every set that got none
        nbase = rowptr[r + 1]
        nlength = rowptr[r + 2] - nbase
        for x in range(nlength):
            assigned[x] = -1
        for q in range(length):
            c = order[base + q]
            for s in range(indptr[c], indptr[c + 1]):
                v = neighbors[s]
                if rown[v] != r + 1 or crosses_open(edge_ids[s], crosses, is_open):
                    continue
                if uniform(state) < p_down:
                    _carve_down(fpar, assigned, is_open, _find(fpar, lab[q]), posr[v], edge_ids[s])
        for x in range(sets):
            flag[x] = False
            count[x] = 0
        for x in range(nlength):
            if assigned[x] >= 0:
                flag[_find(fpar, assigned[x])] = True
        for q in range(length):
            a = _find(fpar, lab[q])
            if flag[a]:
                continue
            c = order[base + q]
            for s in range(indptr[c], indptr[c + 1]):
                if rown[neighbors[s]] == r + 1 and not crosses_open(edge_ids[s], crosses, is_open):
                    count[a] += 1
                    if bounded(state, count[a]) == 0:
                        pick[a] = s
        unsure = False  # a set may still lack a passage down
        for x in range(sets):
            if count[x] > 0:
                s = pick[x]
                if crosses_open(edge_ids[s], crosses, is_open):
                    unsure = True
                else:
                    _carve_down(fpar, assigned, is_open, _find(fpar, x), posr[neighbors[s]], edge_ids[s])
            elif fpar[x] == x and not flag[x]:
                unsure = True

        # no set may be cut off from the rows below, and every part below must be reached
        nk = ncomp[r + 1]
        if nk > 1 or unsure:
            _eller_repair(indptr, neighbors, edge_ids, rown, order, posr, futloc, crosses, is_open, fpar, qpar,
                          assigned, lab, sets, nk, base, length, nbase, nlength, r, state)

        # the next row's sets: those carried down, then a new set for every other cell
        for x in range(sets):
            relabel[x] = -1
        nsets = 0
        for x in range(nlength):
            if assigned[x] >= 0:
                root = _find(fpar, assigned[x])
                if relabel[root] < 0:
                    relabel[root] = nsets
                    nsets += 1
                nlab[x] = relabel[root]
        for x in range(nlength):
            if assigned[x] < 0:
                nlab[x] = nsets
                nsets += 1
        lab, nlab = nlab, lab
        sets = nsets
    return is_open


@algorithm(
    "eller",
    "Eller: row by row with one row of sets; random joins, at least one passage down per set",
    options=(P_JOIN, P_DOWN),
    needs_rows=True,
    crossings=True,
    check=rows_refusal,
    reachable="mazegraph.uniformity.models:eller",
)
def eller(cells: CellGraph, rng: np.random.Generator, *, p_join=0.5, p_down=0.5):
    """Eller's algorithm.

    Works row by row and remembers only which cells of the current row are
    already joined (their *sets*). In each row it first joins adjacent cells of
    different sets at random (each row edge with probability ``p_join``), then
    carves passages down to the next row: each down edge with probability
    ``p_down``, and one more, from a random cell, for every set that got none,
    so that no set is left behind. Cells of the next row that no passage
    reached start sets of their own. The last row joins every pair of adjacent
    cells still in different sets. The result is a spanning tree, made in
    memory proportional to one row; :func:`eller_stream` makes square-grid
    rows this way without end. Pullen rates it at about 28% dead ends, with
    solutions through 4.2% of the cells of a 100 x 100 maze.

    On other tessellations "adjacent" means any row edge (around theta rings,
    under-passages of a weave, both axes of a 3D grid's level), "down" any edge
    to the next row (several per cell on sigma and upsilon: a cell reached from
    two sets joins them). A set whose cells have no down edge (a delta row, the
    bottom of a mask's bay) joins a neighbouring set instead, and when the rows
    below part into pieces (a U-shaped mask, read upside down) every piece gets
    a passage and the sets stay joined (see :mod:`mazegraph.generators.rows`).
    On zeta tessellations a diagonal whose crossing diagonal is open is never
    opened.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation; it must have rows (node attribute ``row``).
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    p_join : float, default 0.5
        Probability of joining two adjacent cells of different sets (not in the
        last row, which joins them all). High values give long horizontal corridors.
    p_down : float, default 0.5
        Probability of each passage down beyond the one every set needs. 0
        gives exactly one per set.

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
        If ``p_join`` or ``p_down`` is not a number from 0 to 1.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.sigma(10, 10), "eller", seed=3, p_join=0.7)
    >>> M.is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Eller's algorithm", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (after Marlin Eller, 1982).
    .. [2] J. Buck, "Maze Generation: Eller's Algorithm", The Buckblog, 2010;
       J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf, 2015, ch. 12.
    """
    rs = row_structure(cells)
    return _eller(
        cells.indptr, cells.neighbors, cells.edge_ids, rs.rown, rs.order, rs.rowptr, rs.posr, rs.futloc, rs.ncomp,
        rs.crosses, p_join, p_down, kernel_state(rng),
    )


# -- Eller without end, on a square grid ----------------------------------------------------


@kernel
def _stream_row(lab, sets, state, p_join, p_down, east, south, nlab, fpar, flag, count, pick, relabel):
    """One row of Eller on a square grid; returns how many sets the next row starts with."""
    cols = len(south)
    for x in range(sets):
        fpar[x] = x
    for q in range(cols - 1):
        east[q] = False
        if uniform(state) < p_join:
            a = _find(fpar, lab[q])
            b = _find(fpar, lab[q + 1])
            if a != b:
                east[q] = True
                fpar[a] = b
    for q in range(cols):
        south[q] = uniform(state) < p_down
    for x in range(sets):
        flag[x] = False
        count[x] = 0
    for q in range(cols):
        if south[q]:
            flag[_find(fpar, lab[q])] = True
    for q in range(cols):
        a = _find(fpar, lab[q])
        if not flag[a]:
            count[a] += 1
            if bounded(state, count[a]) == 0:
                pick[a] = q
    for x in range(sets):
        if count[x] > 0:
            south[pick[x]] = True
    for x in range(sets):
        relabel[x] = -1
    nsets = 0
    for q in range(cols):
        if south[q]:
            root = _find(fpar, lab[q])
            if relabel[root] < 0:
                relabel[root] = nsets
                nsets += 1
            nlab[q] = relabel[root]
    for q in range(cols):
        if not south[q]:
            nlab[q] = nsets
            nsets += 1
    return nsets


@kernel
def _stream_last(lab, sets, east, fpar):
    for x in range(sets):
        fpar[x] = x
    for q in range(len(east)):
        a = _find(fpar, lab[q])
        b = _find(fpar, lab[q + 1])
        east[q] = a != b
        if a != b:
            fpar[a] = b


class EllerStream(Iterator):
    """Rows of an Eller maze on a square grid ``cols`` cells wide, without end.

    Made by :func:`eller_stream`. Each ``next()`` returns the next row as two
    boolean arrays: ``east`` (``cols - 1``: open passage between columns ``c``
    and ``c + 1``) and ``south`` (``cols``: open passage down to the next row).
    :meth:`close` returns the final row, which joins all remaining sets and has
    no passage south; the rows returned so far, followed by it, form a perfect
    maze. Only one row of sets is ever held in memory.

    Attributes
    ----------
    cols : int
    rows : int
        How many rows were returned so far (including the final one).
    closed : bool
    """

    def __init__(self, cols, seed=None, *, p_join=0.5, p_down=0.5):
        if isinstance(cols, bool) or not isinstance(cols, numbers.Integral) or cols < 1:
            raise InvalidSizeError(f"cols must be a whole number of at least 1, got {cols!r}")
        self.cols = int(cols)
        self.p_join = P_JOIN.check(p_join, owner="eller_stream")
        self.p_down = P_DOWN.check(p_down, owner="eller_stream")
        self._state = kernel_state(as_generator(seed))
        self._lab = np.arange(self.cols, dtype=np.int32)
        self._nlab = np.zeros(self.cols, dtype=np.int32)
        self._sets = self.cols
        self._fpar = np.zeros(self.cols, dtype=np.int32)
        self._flag = np.zeros(self.cols, dtype=np.bool_)
        self._count = np.zeros(self.cols, dtype=np.int32)
        self._pick = np.zeros(self.cols, dtype=np.int64)
        self._relabel = np.zeros(self.cols, dtype=np.int32)
        self.rows = 0
        self.closed = False

    def __next__(self) -> tuple[np.ndarray, np.ndarray]:
        if self.closed:
            raise StopIteration
        east = np.zeros(self.cols - 1, dtype=np.bool_)
        south = np.zeros(self.cols, dtype=np.bool_)
        self._sets = _stream_row(
            self._lab, self._sets, self._state, self.p_join, self.p_down, east, south, self._nlab, self._fpar,
            self._flag, self._count, self._pick, self._relabel,
        )
        self._lab, self._nlab = self._nlab, self._lab
        self.rows += 1
        return east, south

    def close(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Finish the maze: return the final row ``(east, south)`` (south all closed).

        Afterwards iteration stops; a second call returns None.
        """
        if self.closed:
            return None
        east = np.zeros(self.cols - 1, dtype=np.bool_)
        _stream_last(self._lab, self._sets, east, self._fpar)
        self.closed = True
        self.rows += 1
        return east, np.zeros(self.cols, dtype=np.bool_)


def eller_stream(cols: int, seed=None, *, p_join=0.5, p_down=0.5) -> EllerStream:
    """Stream an Eller maze on a square grid, one row at a time, for as many rows as wanted.

    Parameters
    ----------
    cols : int
        Width of the maze.
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None
        The same seed gives the same rows; the first ``R - 1`` rows followed by
        ``close()`` are the maze ``mg.generate(mg.tessellations.orthogonal(R, cols),
        "eller", seed=seed)``.
    p_join, p_down : float
        As for :func:`eller`.

    Returns
    -------
    EllerStream
        An iterator of ``(east, south)`` boolean arrays; ``close()`` gives the final row.

    Examples
    --------
    >>> from mazegraph.generators.rows import eller_stream
    >>> stream = eller_stream(8, seed=1)
    >>> rows = [next(stream) for _ in range(4)] + [stream.close()]
    >>> sum(int(e.sum() + s.sum()) for e, s in rows)  # a spanning tree of 5 x 8 cells
    39
    """
    return EllerStream(cols, seed, p_join=p_join, p_down=p_down)
