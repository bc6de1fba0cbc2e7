"""Prim's algorithm in Pullen's three flavours: true, simplified and modified.

All three grow one tree from a random cell, one cell at a time, and differ in how
they choose the next cell to join:

- ``prim_true``: the cheapest frontier edge, with random edge weights (a minimum
  spanning tree, the same distribution as randomized Kruskal);
- ``prim_simplified``: a uniformly random frontier edge;
- ``prim_modified``: a uniformly random frontier cell, joined to a tree
  neighbour: by default (``pick="cyclic"``, as Pullen's Daedalus does) the
  first one in cyclic order from a random direction; ``pick="uniform"``, a
  uniformly random one.

Run as wall adders (``focus="wall"``) all three grow from the boundary (every
boundary post is in the tree at the start, as in Daedalus), not from one
random post.

On zeta tessellations an edge whose crossing diagonal is already open is never
carved: a frontier edge that becomes blocked that way is dropped when drawn, and
a frontier cell whose every edge into the tree is blocked leaves the frontier
until a neighbour joins through an open edge. The orthogonal edges are never
blocked and join every cell, so the result is still a spanning tree.
"""

from __future__ import annotations

import itertools

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state, next_u64
from ..cellgraph import CellGraph
from ..params import Choice, Param
from ..structure.box import box_of
from ..structure.dual import grow_root, slot_ends
from ..structure.passages import crosses_open
from .registry import algorithm

__all__ = ["prim_true", "prim_simplified", "prim_modified"]

_NONE = np.empty(0, dtype=np.int64)
_LOW32 = np.uint64(0xFFFFFFFF)
_HIGH32 = np.uint64(0xFFFFFFFF00000000)


@kernel
def _prim_true(indptr, neighbors, edge_ids, crosses, state, root):
    n = len(indptr) - 1
    m = len(neighbors) // 2
    is_open = np.zeros(m, dtype=np.bool_)
    in_tree = np.zeros(n, dtype=np.bool_)
    # Binary min-heap of uint64 keys: a random 32-bit weight in the high word, the CSR
    # slot (tree cell -> outside cell) in the low word. An edge is pushed only when its
    # first end joins the tree, so at most once: its weight is drawn then, independently
    # of everything before, which is the same as weighting every edge up front.
    heap = np.empty(max(m, 1), dtype=np.uint64)
    size = 0
    u = bounded(state, n) if root < 0 else root
    in_tree[u] = True
    added = 1
    while added < n:
        for t in range(indptr[u], indptr[u + 1]):
            if not in_tree[neighbors[t]]:
                key = (next_u64(state) & _HIGH32) | np.uint64(t)
                i = size  # sift up
                size += 1
                while i > 0:
                    parent = (i - 1) >> 1
                    if heap[parent] <= key:
                        break
                    heap[i] = heap[parent]
                    i = parent
                heap[i] = key
        while True:  # pop until an edge reaches a cell outside the tree
            if size == 0:
                return is_open  # unreachable on a connected graph
            top = heap[0]
            size -= 1
            last = heap[size]
            # Floyd's bottom-up deletion: move the hole at the root down to a leaf along
            # the smaller children (one comparison a level), then sift the last key up
            # from there; it is large, so it rarely climbs.
            i = 0
            child = 1
            while child + 1 < size:
                child += heap[child + 1] < heap[child]
                heap[i] = heap[child]
                i = child
                child = 2 * i + 1
            if child < size:
                heap[i] = heap[child]
                i = child
            while i > 0:
                parent = (i - 1) >> 1
                if heap[parent] <= last:
                    break
                heap[i] = heap[parent]
                i = parent
            heap[i] = last
            s = np.int64(top & _LOW32)
            v = neighbors[s]
            if in_tree[v]:
                continue  # stale: its far end joined through another edge
            e = edge_ids[s]
            if crosses_open(e, crosses, is_open):
                continue  # would cross an open diagonal passage
            is_open[e] = True
            in_tree[v] = True
            added += 1
            u = v
            break
    return is_open


@kernel
def _prim_simplified(indptr, neighbors, edge_ids, crosses, state, root):
    n = len(indptr) - 1
    m = len(neighbors) // 2
    is_open = np.zeros(m, dtype=np.bool_)
    in_tree = np.zeros(n, dtype=np.bool_)
    frontier = np.empty(max(m, 1), dtype=np.int32)  # CSR slots tree -> outside; each edge enters once
    size = 0
    u = bounded(state, n) if root < 0 else root
    in_tree[u] = True
    added = 1
    while added < n:
        for t in range(indptr[u], indptr[u + 1]):
            if not in_tree[neighbors[t]]:
                frontier[size] = t
                size += 1
        while True:  # draw frontier edges until one is still usable
            if size == 0:
                return is_open  # unreachable on a connected graph
            i = bounded(state, size)
            s = frontier[i]
            size -= 1
            frontier[i] = frontier[size]  # swap-removal
            v = neighbors[s]
            if in_tree[v]:
                continue  # stale entry, dropped lazily
            e = edge_ids[s]
            if crosses_open(e, crosses, is_open):
                continue  # blocked for good: edges never close again
            is_open[e] = True
            in_tree[v] = True
            added += 1
            u = v
            break
    return is_open


@kernel
def _prim_modified(indptr, neighbors, edge_ids, crosses, state, root, cyc_ptr, cyc_slot):
    n = len(indptr) - 1
    m = len(neighbors) // 2
    is_open = np.zeros(m, dtype=np.bool_)
    status = np.zeros(n, dtype=np.int8)  # 0 outside, 1 frontier, 2 in the tree
    frontier = np.empty(n, dtype=np.int32)
    size = 0
    u = bounded(state, n) if root < 0 else root
    status[u] = 2
    cyclic = len(cyc_ptr) > 0
    # crosses_open only where there are crossings: called with arrays inside a branch, numba counts
    # references to them at every call (atomic increments), a third of the time on a square grid
    zeta = len(crosses) > 0
    added = 1
    while added < n:
        for t in range(indptr[u], indptr[u + 1]):
            v = neighbors[t]
            if status[v] == 0:
                if zeta and crosses_open(edge_ids[t], crosses, is_open):
                    continue
                status[v] = 1
                frontier[size] = v
                size += 1
        while True:  # a random frontier cell with at least one usable edge into the tree
            if size == 0:
                return is_open  # unreachable on a connected graph
            i = bounded(state, size)
            c = frontier[i]
            size -= 1
            frontier[i] = frontier[size]
            chosen = -1
            if cyclic:  # the first tree neighbour in cyclic order from a random direction
                lo = cyc_ptr[c]
                d = cyc_ptr[c + 1] - lo
                j = bounded(state, d)
                for _ in range(d):
                    t = cyc_slot[lo + j]
                    j = j + 1 if j + 1 < d else 0
                    if t >= 0 and status[neighbors[t]] == 2:
                        if not (zeta and crosses_open(edge_ids[t], crosses, is_open)):
                            chosen = edge_ids[t]
                            break
            else:  # a uniformly random tree neighbour
                count = 0
                for t in range(indptr[c], indptr[c + 1]):
                    if status[neighbors[t]] == 2 and not (zeta and crosses_open(edge_ids[t], crosses, is_open)):
                        count += 1
                if count > 0:
                    k = bounded(state, count)
                    for t in range(indptr[c], indptr[c + 1]):
                        if status[neighbors[t]] == 2 and not (zeta and crosses_open(edge_ids[t], crosses, is_open)):
                            if k == 0:
                                chosen = edge_ids[t]
                                break
                            k -= 1
            if chosen < 0:
                status[c] = 0  # every edge into the tree is crossed; back when a neighbour joins
                continue
            is_open[chosen] = True
            status[c] = 2
            added += 1
            u = c
            break
    return is_open


@kernel
def _prim_modified_grid(rows, cols, scan, turn, state):
    """``_prim_modified`` with the cyclic pick on a ``rows`` x ``cols`` square grid, by index arithmetic.

    Same draws, same maze, for a grid numbered as :func:`_grid_directions`
    checks. The cells sit in a frame one cell wide whose status (3) is neither
    outside nor in the tree, so a step off the grid needs no test, and a
    neighbour is a fixed offset away: the whole state is a few bytes a cell
    (status, the two passages right and down) instead of the CSR arrays and
    :func:`cyclic_slots`, which at 100 x 100 no longer fit the cache. Joining
    the frontier and opening a passage take no branch (a status test is a coin
    flip to the processor: a mispredicted branch costs more). Direction
    ``g`` is a step up (0), left (1), right (2) or down (3); ``scan`` lists them
    in the order the CSR lists a cell's neighbours, ``turn`` in the cyclic order.
    """
    width = cols + 2
    n = rows * cols
    status = np.full((rows + 2) * width, 3, dtype=np.uint8)  # 0 outside, 1 frontier, 2 in the tree, 3 frame
    for r in range(rows):
        for c in range(cols):
            status[(r + 1) * width + c + 1] = 0
    step = np.array([-width, -1, 1, width], dtype=np.int64)
    opened = np.zeros(2 * (rows + 2) * width, dtype=np.bool_)  # 2p: passage p to p + 1; 2p + 1: to p + width
    shift = np.array([-width, -1, 0, 0], dtype=np.int64)
    kind = np.array([1, 0, 0, 1], dtype=np.int64)
    frontier = np.empty(n, dtype=np.int32)
    size = 0
    first = bounded(state, n)
    u = (first // cols + 1) * width + first % cols + 1
    status[u] = 2
    for _ in range(n - 1):
        for k in range(4):
            v = u + step[scan[k]]
            s = status[v]
            new = s == 0  # outside: joins the frontier (written always, kept only then)
            frontier[size] = v
            size += new
            status[v] = s | new
        i = bounded(state, size)
        c = frontier[i]
        size -= 1
        frontier[i] = frontier[size]
        j = bounded(state, 4)  # the first tree neighbour in cyclic order from a random direction
        for _ in range(4):
            g = turn[j]
            j = j + 1 if j < 3 else 0
            v = c + step[g]
            if status[v] == 2:
                opened[2 * (c + shift[g]) + kind[g]] = True  # the passage from c's upper or left neighbour, or c
                break
        status[c] = 2
        u = c
    across = rows * (cols - 1)  # orthogonal's edge order: along the rows first, then between them
    is_open = np.empty(across + (rows - 1) * cols, dtype=np.bool_)
    for r in range(rows):
        for c in range(cols - 1):
            is_open[r * (cols - 1) + c] = opened[2 * ((r + 1) * width + c + 1)]
    for r in range(rows - 1):
        for c in range(cols):
            is_open[across + r * cols + c] = opened[2 * ((r + 1) * width + c + 1) + 1]
    return is_open


@algorithm(
    "prim_true",
    "Prim's minimum spanning tree with random edge weights (binary heap)",
    crossings=True,
    reachable="mazegraph.uniformity.models:prim_true",
)
def prim_true(cells: CellGraph, rng: np.random.Generator):
    """Prim's algorithm (true): a minimum spanning tree for random edge weights.

    The tree starts at a random cell. Every edge from the tree to a cell outside
    it waits in a binary min-heap keyed by a random weight; the lightest is
    popped and carved, and the new cell's edges to cells outside the tree are
    pushed. Entries whose far end joined meanwhile are dropped when popped. An
    edge is pushed at most once, when its first end joins, so drawing its
    weight then is the same as weighting all edges up front: the result is the
    minimum spanning tree for independent uniform weights, the same
    distribution as randomized Kruskal (Pullen: about 30% dead ends, solution
    through about 4.1% of a 100 x 100 maze). Prim's method is a spreading
    invasion, so at any time the maze is one tree.

    On zeta tessellations an edge whose crossing diagonal is open is dropped,
    not carved; the result is then the greedy tree grown under that rule, still
    a spanning tree.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(8, 8), "prim_true", seed=1)
    >>> M.is_perfect()
    True

    References
    ----------
    .. [1] R. C. Prim, "Shortest connection networks and some generalizations",
       Bell System Technical Journal 36(6), 1957.
    .. [2] W. D. Pullen, "Maze Algorithms: Prim's algorithm (true)", Think
       Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [3] J. Buck, "Mazes for Programmers", Pragmatic Bookshelf, 2015, ch. 11
       "Growing With Prim's".
    """
    return _prim_true(
        cells.indptr, cells.neighbors, cells.edge_ids, cells.crossings, kernel_state(rng), grow_root(cells)
    )


@algorithm(
    "prim_simplified",
    "Prim simplified: carve a uniformly random frontier edge",
    crossings=True,
    reachable="mazegraph.uniformity.models:prim_simplified",
)
def prim_simplified(cells: CellGraph, rng: np.random.Generator):
    """Prim's algorithm (simplified): carve a random edge out of the tree.

    The tree starts at a random cell. The frontier is the list of edges from a
    tree cell to a cell outside the tree; each step draws one uniformly at
    random, carves it and adds the new cell's edges to cells outside. The list
    is an array with swap-removal, and entries whose far end joined meanwhile
    are dropped as they are drawn (rejecting them leaves the choice uniform over
    the live edges). Cells with many edges into the tree are thus more likely to
    join next than under ``prim_modified``. Pullen: about 32% dead ends, a
    short solution (about 2.3% of a 100 x 100 maze), many short branches.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.sigma(8, 8), "prim_simplified", seed=1)
    >>> M.is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Prim's algorithm (simplified)", Think
       Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, "Mazes for Programmers", Pragmatic Bookshelf, 2015, ch. 11
       "Growing With Prim's" ("simplified Prim's").
    """
    return _prim_simplified(
        cells.indptr, cells.neighbors, cells.edge_ids, cells.crossings, kernel_state(rng), grow_root(cells)
    )


PICK = Param(
    "pick", Choice(("cyclic", "uniform")), "cyclic",
    "which tree neighbour a joining cell opens to: the first in cyclic order from a random direction "
    "(Daedalus), or a uniformly random one",
)


@algorithm(
    "prim_modified",
    "Prim modified: join a uniformly random frontier cell to a tree neighbour",
    options=(PICK,),
    crossings=True,
    reachable="mazegraph.uniformity.models:prim_modified",
)
def prim_modified(cells: CellGraph, rng: np.random.Generator, *, pick="cyclic"):
    """Prim's algorithm (modified): join a random frontier cell.

    The tree starts at a random cell. The frontier is the set of cells outside
    the tree with a neighbour in it (an array with swap-removal, each cell
    listed once); each step draws a frontier cell uniformly at random, carves
    into it from one of its tree neighbours and adds its outside neighbours to
    the frontier. This is the version usually called "Prim's algorithm" in maze
    writing (Buck's blog, 2011). Pullen: about 36% dead ends, the most of the
    three flavours, and a short solution (about 2.3%).

    Which tree neighbour: Pullen's Daedalus picks a random direction and takes
    the first tree neighbour from there in cyclic order (``pick="cyclic"``, the
    default; :func:`cyclic_slots` gives each cell its directions, a square
    grid's edge cells keeping all four), so a cell whose tree neighbours are
    adjacent directions favours the one after the gap. ``pick="uniform"`` takes
    a uniformly random tree neighbour. Over 200 mazes of 100 x 100 (dead ends /
    solution, % of cells, 95% CI about 0.04 / 0.02): cyclic 35.41 / 2.28,
    uniform 35.61 / 2.29; Daedalus 3.5 measured 35.40 / 2.27. As a wall adder
    (grown from every boundary post, see :mod:`mazegraph.structure.dual`):
    31.19 / 2.49, Daedalus 31.15 / 2.49.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    pick : {"cyclic", "uniform"}, default "cyclic"
        How a joining cell picks its tree neighbour (see above).

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.theta(6), "prim_modified", seed=1)
    >>> M.is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Prim's algorithm (modified)", Think
       Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, "Maze Generation: Prim's Algorithm", 2011,
       https://weblog.jamisbuck.org/2011/1/10/maze-generation-prim-s-algorithm
    """
    if pick == "cyclic":
        grid = _grid_directions(cells)
        if grid is not None:
            return _prim_modified_grid(*grid, kernel_state(rng))
    cyc_ptr, cyc_slot = cyclic_slots(cells) if pick == "cyclic" else (_NONE, _NONE)
    return _prim_modified(
        cells.indptr, cells.neighbors, cells.edge_ids, cells.crossings, kernel_state(rng), grow_root(cells),
        cyc_ptr, cyc_slot,
    )


def cyclic_slots(cells: CellGraph) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's CSR slots in cyclic (counter-clockwise) order, one entry per direction.

    Cell ``c``'s directions are ``cyc_slot[cyc_ptr[c]:cyc_ptr[c + 1]]``: the slot
    leading that way, or -1 where the cell has no neighbour (a cell on the
    edge of a square grid keeps four directions, one of them empty, as
    Daedalus' four compass directions do). The number of directions ``D`` is
    the largest degree (the contracted boundary of a wall dual left out), or
    the number the smallest angle between two neighbours implies when that is
    larger (up to 8: a 2 x 2 square grid still has four directions); a
    cell of lower degree gets its slots at the nearest of ``D`` equal sectors
    when they fall in distinct sectors, else (and without geometry) just its
    own slots in angular (or CSR) order. Computed once per tessellation.

    Returns
    -------
    cyc_ptr : numpy.ndarray of int64, shape (n + 1,)
    cyc_slot : numpy.ndarray of int64
    """
    return cells.memo("cyclic_slots", lambda: _cyclic_slots(cells))


def _cyclic_slots(cells: CellGraph) -> tuple[np.ndarray, np.ndarray]:
    n = cells.n_cells
    degree = np.diff(cells.indptr)
    owner = np.repeat(np.arange(n), degree)
    ends = slot_ends(cells)
    if ends is None or len(owner) == 0:
        return cells.indptr.astype(np.int64), np.arange(len(cells.neighbors), dtype=np.int64)
    near, far = ends
    angle = np.arctan2(far[:, 1] - near[:, 1], far[:, 0] - near[:, 0]) % (2 * np.pi)
    ordinary = np.ones(n, dtype=bool)
    root = grow_root(cells)
    if root >= 0:
        ordinary[root] = False
    D = int(degree[ordinary].max(initial=1))
    # directions the smallest angle between two neighbours implies (4 on a 2 x 2 grid whose cells have only 2)
    mine = ordinary[owner]
    by_angle = np.lexsort((angle, owner))
    same = owner[by_angle][1:] == owner[by_angle][:-1]
    gaps = np.diff(angle[by_angle])[same & mine[by_angle][1:]]
    if len(gaps) and gaps.min() > 1e-9:
        implied = int(np.rint(2 * np.pi / gaps.min()))
        if D < implied <= 8:
            D = implied
    width = 2 * np.pi / D
    full = np.flatnonzero(ordinary & (degree == D))
    offset = float(angle[cells.indptr[full[0]]] % width) if len(full) else 0.0
    sector = np.rint((angle - offset) / width).astype(np.int64) % D
    key = owner * D + sector
    clash = np.zeros(n, dtype=bool)
    ordered = np.sort(key)
    clash[ordered[1:][ordered[1:] == ordered[:-1]] // D] = True
    spaced = ordinary & (degree <= D) & ~clash
    width_of = np.where(spaced, D, degree)
    cyc_ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(width_of, out=cyc_ptr[1:])
    cyc_slot = np.full(cyc_ptr[-1], -1, dtype=np.int64)
    slots = np.arange(len(owner))  # by_angle: slots grouped by cell, in angular order
    position = np.empty(len(owner), dtype=np.int64)
    position[by_angle] = slots - cells.indptr[owner[by_angle]]
    position = np.where(spaced[owner], sector, position)
    cyc_slot[cyc_ptr[owner] + position] = slots
    return cyc_ptr, cyc_slot


def _grid_directions(cells: CellGraph) -> tuple[int, int, np.ndarray, np.ndarray] | None:
    """``(rows, cols, scan, turn)`` for :func:`_prim_modified_grid` if ``cells`` is a square grid it can run on.

    That is a ``rows`` x ``cols`` box (:func:`~mazegraph.structure.box.box_of`)
    whose cells and edges are numbered as ``orthogonal`` numbers them (row by
    row; the edges along the rows first), whose every cell lists its neighbours
    in the same order of directions (``scan``) and has four directions in
    :func:`cyclic_slots`, the same at every cell (``turn``). Anything else
    (other numberings, wall duals, a single row) is None and runs on the CSR
    arrays. Checked once per tessellation.
    """
    return cells.memo("prim_grid_directions", lambda: _find_grid_directions(cells))


def _find_grid_directions(cells: CellGraph):
    box = box_of(cells)
    n = cells.n_cells
    if box is None or len(box.shape) != 2 or grow_root(cells) >= 0 or not np.array_equal(box.cell_at, np.arange(n)):
        return None
    rows, cols = (int(x) for x in box.shape)
    row, col = np.divmod(np.arange(n), cols)
    along, between = col < cols - 1, row < rows - 1
    if not (np.array_equal(box.step_edge[along, 1], row[along] * (cols - 1) + col[along])
            and np.array_equal(box.step_edge[between, 0], rows * (cols - 1) + np.flatnonzero(between))):
        return None
    owner = np.repeat(np.arange(n), np.diff(cells.indptr))
    code = 3 * (row[cells.neighbors] - row[owner] + 1) + col[cells.neighbors] - col[owner] + 1
    direction = np.full(9, -1)
    direction[[1, 3, 5, 7]] = [0, 1, 2, 3]  # up, left, right, down, as _prim_modified_grid numbers them
    direction = direction[code]
    same = owner[1:] == owner[:-1]
    scan = None
    for order in itertools.permutations(range(4)):
        rank = np.argsort(order)
        if (rank[direction[1:]] > rank[direction[:-1]])[same].all():
            scan = np.array(order, dtype=np.int64)
            break
    cyc_ptr, cyc_slot = cyclic_slots(cells)
    if scan is None or not np.array_equal(cyc_ptr, 4 * np.arange(n + 1)):
        return None
    slots = cyc_slot.reshape(n, 4)
    turn = []
    for k in range(4):
        seen = np.unique(direction[slots[:, k][slots[:, k] >= 0]])
        if len(seen) > 1:
            return None
        turn.append(int(seen[0]) if len(seen) else -1)
    unused = iter(sorted(set(range(4)) - set(turn)))
    turn = np.array([g if g >= 0 else next(unused) for g in turn], dtype=np.int64)
    slot_of = np.full((n, 4), -1, dtype=np.int64)  # each cell's slot in each direction
    slot_of[owner, direction] = np.arange(len(owner))
    if not np.array_equal(slots, slot_of[:, turn]):
        return None
    return rows, cols, scan, turn
