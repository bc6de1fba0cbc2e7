"""Recursive division: add walls that split rooms in two, each with one door."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state, next_u64
from ..cellgraph import CellGraph
from ..errors import UnsupportedError
from ..params import Choice, Param
from ..structure.box import box_of
from .registry import algorithm

__all__ = ["division"]


@kernel(python=False)
def _axis_weight(extent, last, mode):
    """The weight of splitting a room across an axis of this extent: the extent, or Daedalus' 2 extent (+1)."""
    if extent <= 1:
        return 0
    if mode == 1:
        return extent
    return 2 * extent + 1 if last else 2 * extent


@kernel(python=False)
def _skip_draws(state, count):
    """Advance the random stream by ``count`` draws whose values do not matter."""
    for _ in range(count):
        next_u64(state)


@kernel
def _rectangle(rows, cols, mode, state):
    """Straight walls on a ``rows`` x ``cols`` rectangle; the open mask in the canonical edge order.

    Edge ``r * (cols - 1) + c`` joins cells ``(r, c)`` and ``(r, c + 1)``; after
    those, edge ``rows * (cols - 1) + r * cols + c`` joins ``(r, c)`` and
    ``(r + 1, c)``. Draws the same numbers, in the same order, as
    :func:`_rectangular` on the same box, and gives the same maze, faster: every
    passage starts open and each split closes its wall but the door (no table
    look-ups, one write per edge); the room split off on the far side of a wall
    is split next without going through the stack; and a corridor (a room one
    cell wide) is not split wall by wall, as all its walls would be its doors:
    the stream is only advanced by the draws those splits make (the axis pick
    unless ``mode`` is 0, the wall, the door's other coordinate). Corridors and
    single cells are five in six of a square box's rooms.
    """
    across = rows * (cols - 1)  # the first edge between two rows
    is_open = np.ones(across + (rows - 1) * cols, dtype=np.bool_)
    corridor_draws = 2 if mode == 0 else 3
    stack = np.empty(4 * (rows * cols + 1), dtype=np.int32)  # rooms waiting: top, left, bottom, right
    top = 0
    r0 = 0  # the room being split: rows r0 .. r1 - 1, columns c0 .. c1 - 1
    c0 = 0
    r1 = rows
    c1 = cols
    while True:
        h = r1 - r0
        w = c1 - c0
        if h > 1 and w > 1:
            if mode == 2:  # Daedalus' weights, as _axis_weight gives them: 2 h against 2 w + 1
                between_rows = bounded(state, 2 * h + 2 * w + 1) < 2 * h
            elif mode == 1:
                between_rows = bounded(state, h + w) < h
            elif h == w:  # the longest side, a tie broken as _rectangular breaks it
                between_rows = bounded(state, 2) != 0
            else:
                between_rows = h > w
            if between_rows:  # a wall between rows wall - 1 and wall, the door in column door
                wall = r0 + 1 + bounded(state, h - 1)
                door = c0 + bounded(state, w)
                first = across + (wall - 1) * cols
                for c in range(c0, c1):
                    is_open[first + c] = False
                is_open[first + door] = True
                stack[top] = r0
                stack[top + 1] = c0
                stack[top + 2] = wall
                stack[top + 3] = c1
                r0 = wall
            else:  # a wall between columns wall - 1 and wall, the door in row door
                wall = c0 + 1 + bounded(state, w - 1)
                door = r0 + bounded(state, h)
                for r in range(r0, r1):
                    is_open[r * (cols - 1) + wall - 1] = False
                is_open[door * (cols - 1) + wall - 1] = True
                stack[top] = r0
                stack[top + 1] = c0
                stack[top + 2] = r1
                stack[top + 3] = wall
                c0 = wall
            top += 4
            continue
        _skip_draws(state, (h - 1 + w - 1) * corridor_draws)  # a corridor (or a single cell: none)
        if top == 0:
            return is_open
        top -= 4
        r0 = stack[top]
        c0 = stack[top + 1]
        r1 = stack[top + 2]
        c1 = stack[top + 3]


@kernel
def _rectangular(shape, cell_at, step_edge, n_edges, mode, state):
    """Straight walls on a box grid of any dimension; the open mask is the set of doors.

    ``mode`` picks the axis a wall crosses: 0 the longest side, 1 proportional to
    the extents, 2 Daedalus' weights (see :func:`division`). A corridor (a room
    longer than one cell along one axis only) opens every edge along it at once
    and advances the stream by the draws its splits would make, as in
    :func:`_rectangle`.
    """
    d = len(shape)
    n = len(step_edge)
    is_open = np.zeros(n_edges, dtype=np.bool_)
    stride = np.empty(d, dtype=np.int64)
    stride[d - 1] = 1
    for a in range(d - 2, -1, -1):
        stride[a] = stride[a + 1] * shape[a + 1]
    corridor_draws = d if mode == 0 else d + 1  # the axis pick, the wall, the door's other coordinates
    lo = np.empty((n + 1, d), dtype=np.int32)  # the rooms still to split: at most one per cell
    hi = np.empty((n + 1, d), dtype=np.int32)
    for a in range(d):  # element by element: a slice assignment compiles numba's shape-mismatch error formatting
        lo[0, a] = 0
        hi[0, a] = shape[a]
    top = 1
    while top > 0:
        top -= 1
        along = -1  # the one axis the room is longer than a cell along; -2 if there are more
        for a in range(d):
            if hi[top, a] - lo[top, a] > 1:
                along = a if along == -1 else -2
        if along == -1:
            continue  # a single cell
        if along >= 0:  # a corridor: all its walls would be doors
            flat = 0
            for a in range(d):
                flat += lo[top, a] * stride[a]
            for _ in range(lo[top, along], hi[top, along] - 1):
                is_open[step_edge[cell_at[flat], along]] = True
                flat += stride[along]
            _skip_draws(state, (hi[top, along] - lo[top, along] - 1) * corridor_draws)
            continue
        axis = -1
        if mode > 0:  # across axis a with probability proportional to its weight (0 where the extent is 1)
            total = 0
            for a in range(d):
                total += _axis_weight(hi[top, a] - lo[top, a], a == d - 1, mode)
            pick = bounded(state, total)
            for a in range(d):
                weight = _axis_weight(hi[top, a] - lo[top, a], a == d - 1, mode)
                if pick < weight:
                    axis = a
                    break
                pick -= weight
        else:  # across the longest side, ties at random
            longest = 1
            ties = 0
            for a in range(d):
                extent = hi[top, a] - lo[top, a]
                if extent > longest:
                    longest = extent
                    axis = a
                    ties = 1
                elif extent == longest and axis >= 0:
                    ties += 1
                    if bounded(state, ties) == 0:
                        axis = a
        longest = hi[top, axis] - lo[top, axis]
        wall = lo[top, axis] + 1 + bounded(state, longest - 1)  # between slices wall - 1 and wall
        flat = 0
        for a in range(d):  # the door: one random cell on the near side of the wall
            if a == axis:
                x = wall - 1
            else:
                x = lo[top, a] + bounded(state, hi[top, a] - lo[top, a])
            flat += x * stride[a]
        is_open[step_edge[cell_at[flat], axis]] = True
        for a in range(d):  # far half
            lo[top + 1, a] = lo[top, a]
            hi[top + 1, a] = hi[top, a]
        lo[top + 1, axis] = wall
        hi[top, axis] = wall  # near half stays in place
        top += 2
    return is_open


@kernel
def _blobby(indptr, neighbors, edge_ids, state):
    """Blobby division: regions are segments of ``order``; two seeds grow at once to split one.

    While region ``order[lo:hi]`` (cells labelled ``rid``) is split, side 0 fills
    it from the left and side 1 from the right: ``order[lo:f0]`` are side 0's
    cells already grown from, ``order[f0:p0]`` its frontier (claimed, not yet
    grown from); side 1 mirrors this with ``order[f1 + 1:hi]`` and
    ``order[p1 + 1:f1 + 1]``. A claimed cell gets its side's new region label at
    once, so no pass relabels or partitions. The door is sampled (reservoir) among
    the edges side 0 finds to side 1 while it grows.
    """
    n = len(indptr) - 1
    is_open = np.zeros(len(neighbors) // 2, dtype=np.bool_)
    order = np.arange(n, dtype=np.int32)
    region = np.zeros(n, dtype=np.int32)
    stack_lo = np.empty(n + 1, dtype=np.int32)
    stack_hi = np.empty(n + 1, dtype=np.int32)
    stack_lo[0] = 0
    stack_hi[0] = n
    top = 1 if n > 1 else 0
    next_id = 1
    while top > 0:
        top -= 1
        lo = stack_lo[top]
        hi = stack_hi[top]
        rid = region[order[lo]]
        ia = lo + bounded(state, hi - lo)  # two distinct random seeds
        ib = lo + bounded(state, hi - lo - 1)
        if ib == ia:
            ib = hi - 1
        a = order[ia]
        b = order[ib]
        order[lo] = a
        order[hi - 1] = b  # the other cells need not stay in order[lo:hi]: every cell is claimed again
        id0 = next_id
        id1 = next_id + 1
        next_id += 2
        region[a] = id0
        region[b] = id1
        f0 = lo
        p0 = lo + 1
        f1 = hi - 1
        p1 = hi - 2
        crossings = 0
        door = -1
        k = 0
        while f0 < p0 or f1 > p1:
            if k == 0 and f0 == p0:
                k = 1
            elif k == 1 and f1 == p1:
                k = 0
            if k == 0:
                j = f0 + bounded(state, p0 - f0)
                u = order[j]
                order[j] = order[f0]
                order[f0] = u
                f0 += 1
                for s in range(indptr[u], indptr[u + 1]):
                    v = neighbors[s]
                    r = region[v]
                    if r == rid:
                        region[v] = id0
                        order[p0] = v
                        p0 += 1
                    elif r == id1:  # an edge across: each is found once, from side 0
                        crossings += 1
                        if bounded(state, crossings) == 0:
                            door = edge_ids[s]
                k = 1
            else:
                j = f1 - bounded(state, f1 - p1)
                u = order[j]
                order[j] = order[f1]
                order[f1] = u
                f1 -= 1
                for s in range(indptr[u], indptr[u + 1]):
                    v = neighbors[s]
                    if region[v] == rid:
                        region[v] = id1
                        order[p1] = v
                        p1 -= 1
                k = 0
        is_open[door] = True
        mid = p0
        if mid - lo > 1:
            stack_lo[top] = lo
            stack_hi[top] = mid
            top += 1
        if hi - mid > 1:
            stack_lo[top] = mid
            stack_hi[top] = hi
            top += 1
    return is_open


_METHODS = ("auto", "rectangular", "blobby")
_ORIENTATIONS = ("daedalus", "proportional", "longest")
_MODES = {"longest": 0, "proportional": 1, "daedalus": 2}


METHOD = Param("method", Choice(_METHODS), "auto", "straight walls on boxes ('rectangular'), grown regions ('blobby')")
ORIENTATION = Param(
    "orientation", Choice(_ORIENTATIONS), "daedalus", "straight walls: split across each axis with Daedalus' "
    "weights 2 w + 1 : 2 h, by its extent, or always across the longest side"
)


def _check_box(cells: CellGraph, options: dict) -> None:
    if options["method"] == "rectangular" and box_of(cells) is None:
        raise UnsupportedError(
            f"division with method='rectangular' needs a full box of the orthogonal grid (orthogonal, grid, a "
            f"rectangular mask); {cells.name} is not one: use method='blobby' or 'auto'"
        )


@algorithm(
    "division",
    "recursive division: walls with one door split rooms in two (straight on boxes, blobby elsewhere)",
    options=(METHOD, ORIENTATION),
    wall_focus=False,
    check_options=_check_box,
    reachable="mazegraph.uniformity.models:division",
)
def division(cells: CellGraph, rng: np.random.Generator, *, method="auto", orientation="daedalus"):
    """Recursive division, a wall adder.

    The maze starts as one open room. A wall with a single door splits the room
    in two and each half is divided again, until every room is a single cell.
    Every edge is closed by the wall that first separates its two cells unless it
    is that wall's door, so the open edges are exactly the doors: ``n - 1`` of
    them, joining the rooms into a spanning tree. The kernels keep the rooms on an
    explicit stack (no Python recursion); with straight walls a corridor (a room one
    cell wide, all of whose walls would be doors) is left open at once, the
    random stream advanced by the draws its splits would make, so the maze is
    the one splitting it wall by wall gives.

    Two ways to split, chosen by ``method``:

    - ``"rectangular"`` (Pullen's recursive division) on tessellations that are a
      full box of the orthogonal grid: ``orthogonal``, ``grid`` in any dimension
      (3D mazes), a ``from_mask`` shape that is a full rectangle, or a user graph
      whose nodes are integer coordinate tuples of such a box. A straight wall
      crosses the room at a uniformly random position, with its door at a
      uniformly random cell of the wall; ``orientation`` says which way it runs.
      Total work is linear in the number of cells. Pullen rates the texture at
      about 23% dead ends, with long straight walls and a solution through about
      7% of a 100 x 100 maze; the default ``orientation`` is his program's.
    - ``"blobby"`` on any connected graph (Buck's "blobby recursive subdivision"):
      two random seed cells of the region grow at once, taking turns; each turn
      one side takes a random cell of its frontier and claims every unclaimed
      neighbour in the region. The two halves are connected, and every edge
      between them is closed but one random door. Work is proportional to the
      edges times the depth of the splitting, about ``m log n``.

    With ``"auto"`` (the default) boxes get straight walls and every other
    tessellation (delta, sigma, theta, upsilon, weave, torus and other glued
    surfaces, cube, Voronoi, shaped masks, user graphs) gets blobby walls. Zeta
    tessellations are refused: the maze starts with every wall open, which for
    crossing diagonals is not a valid maze.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    method : {"auto", "rectangular", "blobby"}
        How rooms are split (see above); ``"rectangular"`` on a tessellation that
        is not a box raises :class:`~mazegraph.errors.UnsupportedError`.
    orientation : {"daedalus", "proportional", "longest"}
        Straight walls only. ``"daedalus"`` (the default) is the weighting of
        Pullen's own program, Daedalus, which made his table: a room ``w`` cells
        wide and ``h`` high gets a vertical wall (one that splits its width) with
        probability ``(2w + 1) / (2w + 2h + 1)`` and a horizontal one otherwise
        (on a grid of more dimensions every axis longer than one cell weighs
        twice its extent, the last axis, the columns, one more); a room one cell
        wide or high takes the only wall it can. The weights are those of the
        room's extents in Daedalus' bitmap, where a room of ``w`` cells spans
        ``2w + 1`` pixels. About 23.2% dead ends and a solution through 7.2% of a
        100 x 100 maze, as Daedalus 3.5 makes (23.20% and 7.30% measured).
        ``"proportional"`` (Pullen's advice in words) splits across each axis with
        probability proportional to the room's extent along it, so a room twice
        as wide as high gets a vertical wall two times in three; about 23.4% dead
        ends. ``"longest"`` (Buck's rule) always splits across the longest side,
        at random among equal sides: more regular rooms, about 27% dead ends.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Raises
    ------
    InvalidOptionError
        If ``method`` or ``orientation`` is not one of the values above.
    UnsupportedError
        On zeta tessellations, or ``method="rectangular"`` on a tessellation that
        is not a box of the orthogonal grid.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(8, 8), "division", seed=1)
    >>> M.is_perfect()
    True
    >>> mg.generate(mg.tessellations.sigma(6, 6), "division", seed=1).is_perfect()  # blobby
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Recursive division", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, "Maze Generation: Recursive Division", The Buckblog, 12 January
       2011; J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf, 2015, ch. 12.
    .. [3] J. Buck, "Blobby Recursive Subdivision", The Buckblog, 2015 (regions split
       by two growing seeds).
    """
    box = box_of(cells) if method != "blobby" else None
    state = kernel_state(rng)
    if box is None:
        return _blobby(cells.indptr, cells.neighbors, cells.edge_ids, state)
    if len(box.shape) == 2:
        is_open = _rectangle(int(box.shape[0]), int(box.shape[1]), _MODES[orientation], state)
        canonical = _canonical_edges(cells)
        return is_open if canonical is None else is_open[canonical]
    return _rectangular(box.shape, box.cell_at, box.step_edge, cells.n_edges, _MODES[orientation], state)


def _canonical_edges(cells: CellGraph) -> np.ndarray | None:
    """For a rectangle: where each edge sits in :func:`_rectangle`'s edge order, or None if at its own index.

    ``orthogonal`` numbers its edges that way; a rectangle given another way (a
    user's graph, a mask) is mapped once and the mapping remembered.
    """
    def positions():
        box = box_of(cells)
        rows, cols = (int(x) for x in box.shape)
        at = box.cell_at.reshape(rows, cols)
        order = np.concatenate([box.step_edge[at[:, :-1], 1].ravel(), box.step_edge[at[:-1, :], 0].ravel()])
        if np.array_equal(order, np.arange(len(order))):
            return None
        position = np.empty(len(order), dtype=np.int64)
        position[order] = np.arange(len(order))
        return position

    return cells.memo("division_canonical_edges", positions)
