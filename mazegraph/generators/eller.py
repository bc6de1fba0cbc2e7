"""Eller's algorithm: row by row with one row of sets, on every tessellation with rows, and without end.

:func:`eller` makes a maze on any tessellation with rows (the rows, their
chains and the parts of the rows to come are
:func:`mazegraph.structure.row_structure`; the sets of one row and the repair
that keeps every set joined to the rest are :mod:`.row_sets`).
:func:`eller_stream` makes square-grid rows one at a time for as long as wanted,
in memory proportional to one row. On a full rectangle of the square grid a kernel of its own
(:func:`_eller_square`) makes the same mazes from the same random stream, about four times as fast.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterator

import numpy as np

from .._numba import kernel
from .._random import as_generator, bounded, kernel_state, next_word, uniform
from .._unionfind import attach, root
from ..cellgraph import CellGraph
from ..errors import InvalidSizeError
from ..params import Choice, Number, Param
from ..structure.box import Box, box_of
from ..structure.passages import crosses_open
from ..structure.rows import row_structure, rows_refusal
from .registry import WallAdder, algorithm
from .row_sets import carve_down, number_sets, repair_row
from .row_walls import eller_walls, post_grid_refusal

__all__ = ["eller", "eller_stream", "EllerStream"]

# Daedalus-faithful defaults, fitted by measurement (see eller's docstring)
DAEDALUS_P_JOIN = 0.61
DAEDALUS_P_DOWN = 0.41
#: Daedalus' figures as a wall adder come from other chances (row_walls.py): 27.97% / 3.20% as Daedalus
DAEDALUS_WALL_P_JOIN = 0.47
DAEDALUS_WALL_P_DOWN = 0.255
P_JOIN = Param(
    "p_join",
    Number(0, 1),
    None,
    f"chance of joining two neighbouring sets in a row (default {DAEDALUS_P_JOIN} carving passages, "
    f"{DAEDALUS_WALL_P_JOIN} adding walls: Daedalus' textures)",
)
P_DOWN = Param(
    "p_down",
    Number(0, 1),
    None,
    f"chance of each extra passage down from a set (default {DAEDALUS_P_DOWN} carving passages, "
    f"{DAEDALUS_WALL_P_DOWN} adding walls)",
)
ORDER = Param(
    "order",
    Choice(("scrambled", "sequential")),
    "scrambled",
    "the order a row's joins visit its cells: a random order per row (as Daedalus), or along the row",
)


@kernel(python=False)
def scramble(visit, length, state):
    """Put a uniformly random permutation of ``0 .. length - 1`` in ``visit[:length]``.

    The "inside-out" form of the Fisher-Yates shuffle (R. Durstenfeld, "Algorithm 235: Random
    permutation", CACM 7(7), 1964): the order in which a row's cells are visited by the
    scrambled Eller.
    """
    for q in range(length):
        j = bounded(state, q + 1)
        visit[q] = visit[j]
        visit[j] = q


@kernel
def _eller(
    indptr,
    neighbors,
    edge_ids,
    rown,
    order,
    rowptr,
    posr,
    along,
    down,
    futloc,
    ncomp,
    crosses,
    p_join,
    p_down,
    scrambled,
    state,
):
    zeta = len(crosses) > 0  # crossing diagonals: look them up only then
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
    top = np.zeros(width, dtype=np.int32)  # the set of each cell of the row once the joins are done
    relabel = np.zeros(width, dtype=np.int32)
    visit = np.arange(width, dtype=np.int32)  # the order the joins visit a row's cells in
    no_up = np.empty(0, dtype=np.int32)  # the repair opens row and down edges only
    sets = rowptr[1] - rowptr[0]
    for q in range(sets):
        lab[q] = q
    for r in range(nrows):
        base = rowptr[r]
        length = rowptr[r + 1] - base
        for x in range(sets):
            fpar[x] = -1
        last = r == nrows - 1  # joins every pair of different sets
        # join adjacent cells of different sets at random, visiting the cells in order or in a random order
        if scrambled:
            scramble(visit, length, state)
        for i in range(length):
            q = visit[i] if scrambled else i
            c = order[base + q]
            for s in range(along[c, 0], along[c, 1]):
                v = neighbors[s]
                if rown[v] != r or posr[v] <= q or (zeta and crosses_open(edge_ids[s], crosses, is_open)):
                    continue
                if (last or uniform(state) < p_join) and attach(fpar, lab[q], lab[posr[v]]):
                    is_open[edge_ids[s]] = True
        if last:
            break
        # passages down, along the row: each at random, but the last one a set can still have is forced
        # when the set has none yet (Pullen: a cell must go down when it is the last of its set)
        nbase = rowptr[r + 1]
        nlength = rowptr[r + 2] - nbase
        for x in range(nlength):
            assigned[x] = -1
        for x in range(sets):
            flag[x] = False
            count[x] = 0
        for q in range(length):
            a = root(fpar, lab[q])
            top[q] = a
            c = order[base + q]
            for s in range(down[c, 0], down[c, 1]):
                if rown[neighbors[s]] == r + 1:
                    count[a] += 1
        for q in range(length):
            x = top[q]
            c = order[base + q]
            for s in range(down[c, 0], down[c, 1]):
                v = neighbors[s]
                if rown[v] != r + 1:
                    continue
                count[x] -= 1
                if zeta and crosses_open(edge_ids[s], crosses, is_open):
                    continue
                if (count[x] == 0 and not flag[x]) or uniform(state) < p_down:
                    flag[x] = True
                    if assigned[posr[v]] < 0:  # the usual case, without the call (it costs ~30 ns)
                        assigned[posr[v]] = root(fpar, lab[q])
                        is_open[edge_ids[s]] = True
                    else:
                        carve_down(fpar, assigned, is_open, root(fpar, lab[q]), posr[v], edge_ids[s])
        unsure = False  # a set may still lack a passage down (no edge down, or its last one crossed)
        for q in range(length):
            if not flag[top[q]]:
                unsure = True

        # no set may be cut off from the rows below, and every part below must be reached
        nk = ncomp[r + 1]
        if nk > 1 or unsure:
            total = sets + nk
            for x in range(sets):
                qpar[x] = fpar[x]
            for x in range(sets, total):
                qpar[x] = -1
            for x in range(nlength):
                if assigned[x] >= 0:
                    attach(qpar, assigned[x], sets + futloc[order[nbase + x]])
            repair_row(
                indptr,
                neighbors,
                edge_ids,
                rown,
                order,
                posr,
                futloc,
                crosses,
                is_open,
                fpar,
                qpar,
                lab,
                no_up,
                assigned,
                sets,
                total,
                base,
                length,
                r,
                state,
            )

        # the next row's sets: those carried down, then a new set for every other cell
        sets = number_sets(fpar, assigned, nlength, sets, relabel, nlab)
        lab, nlab = nlab, lab
    return is_open


def _eller_walls(cells: CellGraph, rng: np.random.Generator, *, p_join=None, p_down=None, order="scrambled"):
    p_join = DAEDALUS_WALL_P_JOIN if p_join is None else p_join
    p_down = DAEDALUS_WALL_P_DOWN if p_down is None else p_down
    return eller_walls(cells, kernel_state(rng), p_join, p_down, order == "scrambled")


@algorithm(
    "eller",
    "Eller: row by row with one row of sets; random joins, at least one passage down per set",
    options=(P_JOIN, P_DOWN, ORDER),
    wall=WallAdder(_eller_walls, post_grid_refusal("eller")),
    needs_rows=True,
    crossings=True,
    check=rows_refusal,
    reachable="mazegraph.uniformity.models:eller",
)
def eller(cells: CellGraph, rng: np.random.Generator, *, p_join=None, p_down=None, order="scrambled"):
    """Eller's algorithm.

    Works row by row and remembers only which cells of the current row are
    already joined (their *sets*). In each row it first joins adjacent cells of
    different sets at random (each row edge with probability ``p_join``,
    visiting the row's cells in a random order by default), then carves
    passages down to the next row, along the row: each down edge with
    probability ``p_down``, except that a cell must go down when it is the last
    of its set and the set has no passage down yet (Pullen: "you must connect a
    cell if it's a set of size one"), so that no set is left behind. Cells of
    the next row that no passage reached start sets of their own. The last row
    joins every pair of adjacent cells still in different sets (in the same
    random order). The result is a spanning tree, made in memory proportional
    to one row; :func:`eller_stream` makes square-grid rows this way without
    end. Pullen rates it at about 28% dead ends, with solutions through 4.2%
    of the cells of a 100 x 100 maze.

    The defaults are those of Pullen's program Daedalus, which made his table:
    it visits a row's cells in a scrambled order, and joins and carves down with
    probabilities other than one half. Daedalus 3.5 makes 29.99% dead ends, a
    solution through 4.19% of a 100 x 100 maze and 50.6% of its passages
    horizontal (measured over 500 mazes by the mazegraph authors). Which reading
    of the algorithm gives all three was measured
    (``experiments/eller_variants.py``, 600 to 2000 mazes a variant): with the
    forced passage from a random cell of the set, every pair of probabilities
    that matches the dead ends and the horizontal share leaves the solution
    about 0.15 short (4.03%); forcing the last cell of the set along the row,
    and joining the last row in the scrambled order too, ``p_join=0.61,
    p_down=0.41`` gives 29.97% dead ends, 4.18% solution (standard deviation
    0.77 over mazes, Daedalus 0.8) and 50.6% horizontal passages (1000 mazes).
    With ``p_join=p_down=0.5`` it is about 29.4% dead ends and 40.3%
    horizontal passages.

    On other tessellations "adjacent" means any row edge (around theta rings,
    under-passages of a weave, both axes of a 3D grid's level), "down" any edge
    to the next row (several per cell on sigma and upsilon: a cell reached from
    two sets joins them). A set whose cells have no down edge (a delta row, the
    bottom of a mask's bay) joins a neighbouring set instead, and when the rows
    below part into pieces (a U-shaped mask, read upside down) every piece gets
    a passage and the sets stay joined (see :mod:`mazegraph.generators.row_sets`).
    On zeta tessellations a diagonal whose crossing diagonal is open is never
    opened.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation; it must have rows (node attribute ``row``).
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    p_join : float, optional
        Probability of joining two adjacent cells of different sets (not in the
        last row, which joins them all). High values give long horizontal
        corridors. Default 0.61; as a wall adder (``focus="wall"``, see
        :mod:`mazegraph.generators.row_walls`) 0.47, which gives Daedalus'
        wall-adding texture.
    p_down : float, optional
        Probability of each passage down beyond the one every set needs. 0
        gives exactly one per set, from its last cell along the row. Default
        0.41; as a wall adder 0.255.
    order : {"scrambled", "sequential"}
        The order in which a row's joins visit its cells: a new random order
        for every row, the last included (as Daedalus does), or along the row.
        It decides which of two joins that would close a cycle is made.

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
        If ``p_join`` or ``p_down`` is not a number from 0 to 1, or ``order``
        is not one of the values above.

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
    .. [3] W. D. Pullen, Daedalus 3.5 (2024), the program behind his table;
       figures measured from it by the mazegraph authors
       (``mazegraph/reference/daedalus_generation.csv``).
    """
    p_join = DAEDALUS_P_JOIN if p_join is None else p_join
    p_down = DAEDALUS_P_DOWN if p_down is None else p_down
    square = _square_rows(cells)
    if square is not None:  # a full rectangle of the square grid: the same draws, without the general bookkeeping
        rows, cols = (int(x) for x in square.shape)
        return _eller_square(
            rows,
            cols,
            square.cell_at,
            square.step_edge,
            cells.n_edges,
            p_join,
            p_down,
            order == "scrambled",
            kernel_state(rng),
        )
    return _eller_rows(cells, p_join, p_down, order, rng)


def _eller_rows(cells: CellGraph, p_join: float, p_down: float, order: str, rng: np.random.Generator):
    """The general kernel on ``cells``' row structure: ``(passage mask, cells joined)``, as :func:`eller`."""
    rs = row_structure(cells)
    return _eller(
        cells.indptr,
        cells.neighbors,
        cells.edge_ids,
        rs.rown,
        rs.order,
        rs.rowptr,
        rs.posr,
        rs.along,
        rs.down,
        rs.futloc,
        rs.ncomp,
        rs.crosses,
        p_join,
        p_down,
        order == "scrambled",
        kernel_state(rng),
    )


# -- the random stream in local words, for the square-grid kernel ---------------------------


@kernel(python=False)
def _threshold(p):
    """The whole number ``t`` for which ``k / 2**53 < p`` exactly when ``k < t`` (``0 <= p <= 1``, ``k`` whole).

    ``k / 2**53`` is the float :func:`mazegraph._random.uniform` makes of 53 random bits ``k``; ``p * 2**53``
    is exact, and a whole ``k`` is below it exactly when it is below its ceiling.
    """
    return np.uint64(np.ceil(p * 9007199254740992.0))


@kernel(python=False)
def _coin_word(words, threshold):
    """``uniform(state) < p`` on words held as ``mazegraph._random.next_word`` holds them: ``(outcome, next words)``.

    ``threshold`` is :func:`_threshold` of ``p``: comparing the 53 bits with it gives the same outcome
    without making a float, and sooner (measured: 4 ns a cell of Eller's square kernel, where many
    joins are mispredicted and the processor finds out only when the coin is known).
    """
    x, words = next_word(words)
    return (x >> np.uint64(11)) < threshold, words


@kernel(python=False)
def _scramble_words(visit, length, words):
    """:func:`scramble` (with :func:`mazegraph._random.bounded`'s draws) on words; returns the next words."""
    for q in range(length):
        x, words = next_word(words)
        j = np.int64(((x >> np.uint64(32)) * np.uint64(q + 1)) >> np.uint64(32))
        visit[q] = visit[j]
        visit[j] = q
    return words


@kernel(python=False)
def _merge_sets(label, ring, size, a, b):
    """Merge the sets labelled ``a`` and ``b`` (``a != b``) of one row: relabel the smaller set's cells.

    A set's label is one of its cells; ``ring`` links each set's cells in a circle, so the smaller set
    is walked from its label cell, and the two circles are then spliced into one by swapping two links.
    Relabelling the smaller set (union by size) bounds a row's work by ``cols log cols``.
    """
    if size[a] > size[b]:
        a, b = b, a
    c = a
    while True:
        label[c] = b
        c = ring[c]
        if c == a:
            break
    ring[a], ring[b] = ring[b], ring[a]
    size[b] += size[a]


@kernel(python=False)
def _join_row(label, ring, size, visit, east, scrambled, last, join_threshold, words):
    """The joins of one row of the square grid: ``east[q]`` is True where cells ``q`` and ``q + 1`` are joined.

    Neighbours of different sets are joined with a coin (every such pair in the ``last`` row), visiting
    the row's cells in a new random order when ``scrambled``; each join merges the two sets
    (:func:`_merge_sets`). Returns the stream's next words.
    """
    cols = len(label)
    if scrambled:
        words = _scramble_words(visit, cols, words)
    for i in range(cols):
        q = visit[i] if scrambled else i
        if q < cols - 1:
            join = True
            if not last:
                join, words = _coin_word(words, join_threshold)
            a = label[q]
            b = label[q + 1]
            link = join & (a != b)
            east[q] = link
            if link:
                _merge_sets(label, ring, size, a, b)
    return words


@kernel(python=False)
def _go_down(
    label, size, first, east, next_label, next_ring, next_size, is_open, cells, step_edge, down_threshold, words
):
    """The passages down from one row of the square grid (``cells``, left to right), and the next row's sets.

    Along the row, each cell goes down with a coin, except that the last cell of a set none of whose cells
    went down must (and draws no coin). Below, the cells reached from one set form one set, labelled by
    its first cell, and every other cell a set of its own. The row's passages, down and ``east``
    (:func:`_join_row`), go into the mask on the way: in the joins' scrambled order, on a wide row each
    store would touch a part of ``step_edge`` and of the mask not yet in cache. ``size`` is spent (all 0
    at the end) and ``first`` is left all -1. Returns the stream's next words.
    """
    cols = len(label)
    for q in range(cols):
        x = label[q]
        size[x] -= 1
        f = first[x]  # the set's first cell that went down, or -1
        forced = size[x] == 0 and f < 0
        coin, drawn = _coin_word(words, down_threshold)
        down = forced | coin
        words = words if forced else drawn  # (a choice, not a branch: `forced` is hard to predict)
        c = cells[q]
        is_open[step_edge[c, 0]] = down
        if q < cols - 1:
            is_open[step_edge[c, 1]] = east[q]
        head = f if down and f >= 0 else q  # the label of q below: the set's first cell down, or q itself
        first[x] = head if down else f
        next_size[q] = 0
        next_ring[q] = q
        next_ring[q] = next_ring[head]  # put q into head's circle, after head (q's own circle if q is head)
        next_ring[head] = q
        next_label[q] = head
        next_size[head] += 1
    first[:] = -1
    return words


@kernel
def _eller_square(rows, cols, cell_at, step_edge, n_edges, p_join, p_down, scrambled, state):
    """Eller on a full ``rows x cols`` rectangle of the square grid, straight into the edge mask.

    Makes the same maze as :func:`_eller` (and :func:`eller_stream`) from the same random stream, with
    Eller's own bookkeeping: every cell of the row holds the label of its set (one of the set's cells),
    so "same set?" is two loads, without a union-find's chains of parents; a row is
    :func:`_join_row` then :func:`_go_down`.
    """
    is_open = np.zeros(n_edges, dtype=np.bool_)
    label = np.arange(cols, dtype=np.int32)  # this row: the set of each cell,
    ring = np.arange(cols, dtype=np.int32)  # the next cell of its set (around a circle)
    size = np.ones(cols, dtype=np.int32)  # and, per label, the set's cells
    next_label = np.zeros(cols, dtype=np.int32)  # the same for the next row
    next_ring = np.zeros(cols, dtype=np.int32)
    next_size = np.zeros(cols, dtype=np.int32)
    first = np.full(cols, -1, dtype=np.int32)
    visit = np.arange(cols, dtype=np.int32)
    east = np.zeros(cols, dtype=np.bool_)
    words = (state[0], state[1], state[2], state[3])  # the random stream, in registers
    join_threshold = _threshold(p_join)
    down_threshold = _threshold(p_down)
    for r in range(rows):
        cells = cell_at[r * cols : (r + 1) * cols]
        last = r == rows - 1
        words = _join_row(label, ring, size, visit, east, scrambled, last, join_threshold, words)
        if last:
            for q in range(cols - 1):
                is_open[step_edge[cells[q], 1]] = east[q]
            break
        words = _go_down(
            label, size, first, east, next_label, next_ring, next_size, is_open, cells, step_edge, down_threshold, words
        )
        label, next_label = next_label, label
        ring, next_ring = next_ring, ring
        size, next_size = next_size, size
    state[0], state[1], state[2], state[3] = words
    return is_open


# -- Eller without end, on a square grid ----------------------------------------------------


@kernel
def _stream_row(label, ring, size, visit, p_join, p_down, scrambled, last, state):
    """One row of :class:`EllerStream`: ``(east, south)``, and ``label``, ``ring``, ``size`` made the next row's.

    The steps of :func:`_eller_square` (:func:`_join_row`, :func:`_go_down`), on the row as a grid of its own:
    passages east numbered ``0 .. cols - 2``, passages down ``cols - 1 .. 2 cols - 2``. The ``last`` row only
    joins. The stream's words are read from and written back to ``state``.
    """
    cols = len(label)
    cells = np.arange(cols, dtype=np.int32)
    step_edge = np.empty((cols, 2), dtype=np.int32)
    for q in range(cols):
        step_edge[q, 0] = cols - 1 + q
        step_edge[q, 1] = q
    row_open = np.zeros(2 * cols - 1, dtype=np.bool_)
    east = np.zeros(cols, dtype=np.bool_)
    words = (state[0], state[1], state[2], state[3])
    words = _join_row(label, ring, size, visit, east, scrambled, last, _threshold(p_join), words)
    if last:
        row_open[: cols - 1] = east[: cols - 1]
    else:
        next_label = np.empty(cols, dtype=np.int32)
        next_ring = np.empty(cols, dtype=np.int32)
        next_size = np.empty(cols, dtype=np.int32)
        first = np.full(cols, -1, dtype=np.int32)
        words = _go_down(
            label,
            size,
            first,
            east,
            next_label,
            next_ring,
            next_size,
            row_open,
            cells,
            step_edge,
            _threshold(p_down),
            words,
        )
        label[:] = next_label
        ring[:] = next_ring
        size[:] = next_size
    state[0], state[1], state[2], state[3] = words
    return row_open[: cols - 1].copy(), row_open[cols - 1 :].copy()


def _square_rows(cells: CellGraph) -> Box | None:
    """The box of ``cells`` when they are a full rectangle of the square grid whose rows are its first axis.

    Then :func:`_eller_square` makes Eller's maze on them; otherwise None. Remembered per tessellation.
    """

    def find():
        box = box_of(cells)
        if box is None or len(box.shape) != 2:
            return None
        rows, cols = (int(x) for x in box.shape)
        rs = row_structure(cells)
        at = box.cell_at.reshape(rows, cols)
        if (
            len(rs.rowptr) != rows + 1
            or len(rs.crosses)
            or not ((rs.rown[at] == np.arange(rows)[:, None]).all() and (rs.posr[at] == np.arange(cols)[None, :]).all())
        ):
            return None
        return box

    return cells.memo("eller_square_rows", find)


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

    def __init__(self, cols, seed=None, *, p_join=DAEDALUS_P_JOIN, p_down=DAEDALUS_P_DOWN, order="scrambled"):
        if isinstance(cols, bool) or not isinstance(cols, numbers.Integral) or cols < 1:
            raise InvalidSizeError(f"cols must be a whole number of at least 1, got {cols!r}")
        self.cols = int(cols)
        # None, as for the eller generator, means the default (the passage chances: a stream carves passages)
        self.p_join = DAEDALUS_P_JOIN if p_join is None else P_JOIN.check(p_join, owner="eller_stream")
        self.p_down = DAEDALUS_P_DOWN if p_down is None else P_DOWN.check(p_down, owner="eller_stream")
        self.scrambled = ORDER.check(order, owner="eller_stream") == "scrambled"
        self._visit = np.arange(self.cols, dtype=np.int32)
        self._state = kernel_state(as_generator(seed))
        self._label = np.arange(self.cols, dtype=np.int32)  # the row's sets, as _eller_square holds them
        self._ring = np.arange(self.cols, dtype=np.int32)
        self._size = np.ones(self.cols, dtype=np.int32)
        self.rows = 0
        self.closed = False

    def __next__(self) -> tuple[np.ndarray, np.ndarray]:
        if self.closed:
            raise StopIteration
        return self._row(last=False)

    def _row(self, last: bool) -> tuple[np.ndarray, np.ndarray]:
        east, south = _stream_row(
            self._label,
            self._ring,
            self._size,
            self._visit,
            self.p_join,
            self.p_down,
            self.scrambled,
            last,
            self._state,
        )
        self.rows += 1
        return east, south

    def close(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Finish the maze: return the final row ``(east, south)`` (south all closed).

        Afterwards iteration stops; a second call returns None.
        """
        if self.closed:
            return None
        self.closed = True
        return self._row(last=True)


def eller_stream(
    cols: int, seed=None, *, p_join=DAEDALUS_P_JOIN, p_down=DAEDALUS_P_DOWN, order="scrambled"
) -> EllerStream:
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
    order : {"scrambled", "sequential"}
        As for :func:`eller`.

    Returns
    -------
    EllerStream
        An iterator of ``(east, south)`` boolean arrays; ``close()`` gives the final row.

    Examples
    --------
    >>> from mazegraph.generators.eller import eller_stream
    >>> stream = eller_stream(8, seed=1)
    >>> rows = [next(stream) for _ in range(4)] + [stream.close()]
    >>> sum(int(e.sum() + s.sum()) for e, s in rows)  # a spanning tree of 5 x 8 cells
    39
    """
    return EllerStream(cols, seed, p_join=p_join, p_down=p_down, order=order)
