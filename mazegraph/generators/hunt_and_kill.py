"""Hunt-and-kill: a random walk that carves until stuck, then hunts for a cell next to the maze."""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state
from ..cellgraph import CellGraph
from ..errors import InvalidOptionError, UnsupportedError
from ..params import Choice, Param
from ..structure.box import box_of
from ..structure.dual import post_lattice
from ..structure.passages import crosses_open
from ..structure.scan import scan_orders
from .registry import algorithm

__all__ = ["hunt_and_kill", "hunt_trace"]

# Lowest set bit of a 64-bit word by de Bruijn multiplication (Leiserson, Prokop and Randall, "Using de Bruijn
# sequences to index a 1 in a computer word", 1998): the isolated bit times the sequence puts a distinct 6-bit
# pattern in the top bits.
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_BIT_INDEX = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _BIT_INDEX[((1 << _i) * int(_DEBRUIJN) % 2**64) >> 58] = _i
del _i


@kernel(python=False)
def _lowest_bit(x):
    return _BIT_INDEX[((x & (~x + np.uint64(1))) * _DEBRUIJN) >> np.uint64(58)]


@kernel(python=False)
def _highest_bit(x):
    x |= x >> np.uint64(1)
    x |= x >> np.uint64(2)
    x |= x >> np.uint64(4)
    x |= x >> np.uint64(8)
    x |= x >> np.uint64(16)
    x |= x >> np.uint64(32)
    return _lowest_bit(x ^ (x >> np.uint64(1)))


# A set of positions 0..n-1 as a hierarchical bitset: level 0 has one bit per position, each higher level one bit
# per word of the level below (set while that word is nonzero), up to a single word. Adding, removing and finding
# the first or last member each touch one word per level (four levels cover 16 million cells).


def _levels(n: int) -> np.ndarray:
    """Word offsets of each level of a bitset over ``n`` positions, in one flat array (the last entry is the
    total length). Plain Python: a kernel would only add compile time."""
    sizes = [(n + 63) >> 6]
    while sizes[-1] > 1:
        sizes.append((sizes[-1] + 63) >> 6)
    return np.cumsum([0, *sizes], dtype=np.int64)


def _cell_levels(cells: CellGraph) -> np.ndarray:
    """:func:`_levels` over the cells, computed once per tessellation (memo key ``"hunt_levels"``)."""
    return cells.memo("hunt_levels", lambda: _levels(cells.n_cells))


@kernel
def _add(bits, offsets, p):
    for level in range(len(offsets) - 1):
        w = offsets[level] + (p >> 6)
        old = bits[w]
        bits[w] = old | (np.uint64(1) << np.uint64(p & 63))
        if old != 0:
            return
        p >>= 6


@kernel
def _remove(bits, offsets, p):
    for level in range(len(offsets) - 1):
        w = offsets[level] + (p >> 6)
        word = bits[w] & ~(np.uint64(1) << np.uint64(p & 63))
        bits[w] = word
        if word != 0:
            return
        p >>= 6


@kernel
def _first(bits, offsets, last):
    """The smallest member (the largest if ``last``), or -1 if the set is empty."""
    top = len(offsets) - 2
    word = bits[offsets[top]]
    if word == 0:
        return -1
    p = _highest_bit(word) if last else _lowest_bit(word)
    for level in range(top - 1, -1, -1):
        word = bits[offsets[level] + p]
        p = (p << 6) + (_highest_bit(word) if last else _lowest_bit(word))
    return p


@kernel
def _next(bits, offsets, p):
    """The smallest member at or after ``p``, or -1 if there is none."""
    levels = len(offsets) - 1
    level = 0
    q = p
    found = False
    while level < levels:
        if (q >> 6) < offsets[level + 1] - offsets[level]:
            word = bits[offsets[level] + (q >> 6)] & (np.uint64(0xFFFFFFFFFFFFFFFF) << np.uint64(q & 63))
            if word != 0:
                q = ((q >> 6) << 6) + _lowest_bit(word)
                found = True
                break
        q = (q >> 6) + 1  # nothing here at or after q: the next word, one level up
        level += 1
    if not found:
        return -1
    for lower in range(level - 1, -1, -1):
        q = (q << 6) + _lowest_bit(bits[offsets[lower] + q])
    return q


@kernel(python=False)
def _join(v, visited, outside, indptr, neighbors, ranks, bits, offsets):
    """Put ``v`` in the maze: it stops being huntable, its outside neighbours become huntable, and each of its
    neighbours has one neighbour outside the maze fewer (``outside``)."""
    visited[v] = True
    for k in range(ranks.shape[0]):
        _remove(bits[k], offsets, ranks[k, v])
    for s in range(indptr[v], indptr[v + 1]):
        w = neighbors[s]
        outside[w] -= 1
        if not visited[w]:
            for k in range(ranks.shape[0]):
                _add(bits[k], offsets, ranks[k, w])


@kernel(python=False)
def _ways_in(v, indptr, neighbors, edge_ids, crosses, is_open, visited, slots):
    """Fill ``slots`` with the CSR slots from outside cell ``v`` into the maze that may open; return how many."""
    k = 0
    for s in range(indptr[v], indptr[v + 1]):
        if visited[neighbors[s]] and not crosses_open(edge_ids[s], crosses, is_open):
            slots[k] = s
            k += 1
    return k


@kernel(python=False)
def _ways_out(w, indptr, neighbors, edge_ids, crosses, is_open, visited, slots):
    """Fill ``slots`` with the CSR slots from maze cell ``w`` to outside cells that may open; return how many."""
    k = 0
    for s in range(indptr[w], indptr[w + 1]):
        if not visited[neighbors[s]] and not crosses_open(edge_ids[s], crosses, is_open):
            slots[k] = s
            k += 1
    return k


@kernel(python=False)
def _steps_inside(x, d, size, run):
    """The steps ``i`` in ``1..run`` with ``0 <= x + i d < size``, as ``(first, last)`` (empty if first > last)."""
    if d > 0:
        return max(1, -x), min(run, size - 1 - x)
    if d < 0:
        return max(1, x - size + 1), min(run, x)
    return (1, run) if 0 <= x < size else (1, 0)


@kernel(python=False)
def _spiral(u, grid, row_of, col_of, outside, visited, state):
    """The first maze cell with a way out met on a square spiral from ``u`` on a 2D grid, or -1.

    The spiral leaves ``u`` in a random one of the four directions and turns the
    same way after runs of 1, 1, 2, 2, 3, 3, ... cells (positions off the grid
    are skipped), so it sweeps square rings around ``u`` outwards. Each run is
    clipped to the grid before it is walked, and a cell is a candidate when it
    has a neighbour outside the maze (``outside``, kept by the kernel), so a
    hunt costs one load per grid cell it sweeps. A box grid has only unit steps
    (no zeta diagonals), so every such neighbour is a way out.
    """
    rows, cols = grid.shape
    r = row_of[u]
    c = col_of[u]
    direction = bounded(state, 4)
    longest = 2 * max(rows, cols) + 1  # by then the spiral has covered the grid
    for run in range(1, longest + 1):
        for _ in range(2):
            dr = (0, 1, 0, -1)[direction]
            dc = (1, 0, -1, 0)[direction]
            first, last = _steps_inside(r, dr, rows, run)
            first_c, last_c = _steps_inside(c, dc, cols, run)
            for i in range(max(first, first_c), min(last, last_c) + 1):
                w = grid[r + i * dr, c + i * dc]
                if visited[w] and outside[w] > 0:
                    return w
            r += run * dr
            c += run * dc
            direction = (direction + 1) % 4
    return -1


@kernel(python=False)
def _nearest(u, indptr, neighbors, edge_ids, crosses, is_open, visited, slots, queue, seen, stamp, state):
    """A maze cell with a way out, nearest to ``u`` in steps through the tessellation (ties at random), or -1.

    Breadth-first search from ``u`` over every edge, open or not; the first
    layer holding such cells gives one of them, uniformly (reservoir). ``seen``
    holds the search number ``stamp`` for cells found by this search.
    """
    seen[u] = stamp
    queue[0] = u
    head = 0
    tail = 1
    layer_end = 1
    best = -1
    ties = 0
    while head < tail:
        c = queue[head]
        head += 1
        if visited[c] and _ways_out(c, indptr, neighbors, edge_ids, crosses, is_open, visited, slots) > 0:
            ties += 1
            if bounded(state, ties) == 0:
                best = c
        if best < 0:
            for s in range(indptr[c], indptr[c + 1]):
                w = neighbors[s]
                if seen[w] != stamp:
                    seen[w] = stamp
                    queue[tail] = w
                    tail += 1
        if head == layer_end:
            if best >= 0:
                return best
            layer_end = tail
    return best


# Daedalus' four directions in the order it turns through them: north, west, south, east, each the next one
# anticlockwise as drawn (W. D. Pullen, Daedalus 3.5, graphics.cpp and maze.cpp, read for behaviour).
_TURN_DR = np.array([-1, 0, 1, 0], dtype=np.int64)
_TURN_DC = np.array([0, -1, 0, 1], dtype=np.int64)


@kernel
def _serpentine(vertex, right, down, n_edges, state):
    """Walls added by Daedalus' wall-adding hunt and kill on a post lattice: a mask over the dual's edges, and
    how many interior posts were left out (0; the scan gives up only after two sweeps that add nothing).

    Random draws, in this order: the scan's step and turn signs and orientation (one bit each), its starting
    post row and post column; then one direction per wall the walk adds, and one bit per jump to an edge.
    """
    rows = vertex.shape[0] - 1
    cols = vertex.shape[1] - 1
    added = np.zeros(n_edges, dtype=np.bool_)
    inside = np.zeros((rows + 1, cols + 1), dtype=np.bool_)
    inside[0, :] = True
    inside[rows, :] = True
    inside[:, 0] = True
    inside[:, cols] = True
    left = (rows - 1) * (cols - 1)
    step = 1 if bounded(state, 2) == 1 else -1  # along a line of posts
    turn = 1 if bounded(state, 2) == 1 else -1  # from one line to the next
    by_rows = bounded(state, 2) == 1
    i = bounded(state, rows + 1)
    j = bounded(state, cols + 1)
    hunting = True
    sweeps = 0
    while left > 0:
        # hunt: move the scan on, one post at a time, to the next post in the maze
        while True:
            a, b, along, across = (j, i, cols, rows) if by_rows else (i, j, rows, cols)
            if 0 <= a + step < along:
                a += step
            else:
                step = -step
                if 0 <= b + turn < across:
                    b += turn
                else:  # past the last line: back the other way, and every second sweep the other orientation
                    turn = -turn
                    sweeps += 1
                    if sweeps > 1:
                        return added, left
                    if turn > 0:
                        by_rows = not by_rows
                        a, b, along, across = b, 0, across, along
            if by_rows:
                i, j = b, a
            else:
                i, j = a, b
            if inside[i, j]:
                break
        # kill: walk on from there, a wall at a time, while some neighbouring post is outside the maze
        while True:
            free = 0
            for d in range(4):
                r, c = i + _TURN_DR[d], j + _TURN_DC[d]
                if 0 <= r <= rows and 0 <= c <= cols and not inside[r, c]:
                    free += 1
            if free == 0:
                break
            d = bounded(state, 4)  # from a random direction, the first free one turning anticlockwise
            while True:
                r, c = i + _TURN_DR[d], j + _TURN_DC[d]
                if 0 <= r <= rows and 0 <= c <= cols and not inside[r, c]:
                    break
                d = (d + 1) % 4
            if d == 0:
                added[down[r, c]] = True
            elif d == 2:
                added[down[i, j]] = True
            elif d == 1:
                added[right[r, c]] = True
            else:
                added[right[i, j]] = True
            i, j = r, c
            inside[i, j] = True
            left -= 1
            hunting = False
            sweeps = 0
            if left == 0:
                return added, left
        if not hunting:  # a walk got stuck: the scan jumps to an end of its line, facing outwards
            hunting = True
            first = bounded(state, 2) == 1
            if by_rows:
                j = 0 if first else cols
            else:
                i = 0 if first else rows
            step = -1 if first else 1
    return added, left


RESTART, RESUME_ROWS, RESUME_ALTERNATE, SPIRAL = 0, 1, 2, 3
HUNTS = {"restart": RESTART, "resume_rows": RESUME_ROWS, "resume_alternate": RESUME_ALTERNATE, "spiral": SPIRAL}


@kernel
def _hunt_and_kill(indptr, neighbors, edge_ids, crosses, orders, offsets, mode, grid, row_of, col_of, state):
    """The maze, how many cells joined it, the cells in the order they joined, the maze cell each joined
    through (-1 for the first) and which joined by a hunt."""
    n = len(indptr) - 1
    is_open = np.zeros(len(neighbors) // 2, dtype=np.bool_)
    joined_order = np.empty(n, dtype=np.int32)
    came_from = np.full(n, -1, dtype=np.int32)
    by_hunt = np.zeros(n, dtype=np.bool_)
    if n == 0:
        return is_open, 0, joined_order, came_from, by_hunt
    if orders.shape[0] == 0 and mode != SPIRAL:  # no geometry: one random scan order
        orders = np.empty((1, n), dtype=np.int32)
        for i in range(n):
            j = bounded(state, i + 1)
            orders[0, i] = orders[0, j]
            orders[0, j] = i
    n_orders = 0 if mode == SPIRAL else orders.shape[0]
    if mode == RESUME_ROWS:
        n_orders = 1
    ranks = np.empty((n_orders, n), dtype=np.int32)
    for k in range(n_orders):
        for i in range(n):
            ranks[k, orders[k, i]] = i
    bits = np.zeros((n_orders, offsets[-1]), dtype=np.uint64)  # huntable cells (outside, next to the maze)
    cursor = np.zeros(max(n_orders, 1), dtype=np.int64)  # where each scan order's last hunt stopped
    visited = np.zeros(n, dtype=np.bool_)
    outside = np.empty(n, dtype=np.int32)  # each cell's neighbours outside the maze (CSR slots)
    max_degree = 0
    for u in range(n):  # a loop, not np.diff: numba compiles np.diff in about 2 s
        outside[u] = indptr[u + 1] - indptr[u]
        max_degree = max(max_degree, outside[u])
    zeta = len(crosses) > 0
    slots = np.empty(max(max_degree, 1), dtype=np.int64)
    if mode == SPIRAL and grid.shape[0] == 0:
        queue = np.empty(n, dtype=np.int32)
        seen = np.zeros(n, dtype=np.int32)
    else:
        queue = np.empty(0, dtype=np.int32)
        seen = np.empty(0, dtype=np.int32)
    u = bounded(state, n)
    _join(u, visited, outside, indptr, neighbors, ranks, bits, offsets)
    joined_order[0] = u
    joined = 1
    hunts = 0
    while True:
        # kill: walk into random unvisited neighbours until stuck. The hot loop of the kernel: the zeta rule
        # and joining the maze are written out here, since a helper call passing arrays costs more than its
        # body (_join is called only when there are scan orders to keep)
        while outside[u] > 0:
            k = 0
            for s in range(indptr[u], indptr[u + 1]):
                w = neighbors[s]
                if visited[w] or zeta and crosses[edge_ids[s]] >= 0 and is_open[crosses[edge_ids[s]]]:
                    continue
                slots[k] = s
                k += 1
            if k == 0:
                break
            s = slots[bounded(state, k)]
            is_open[edge_ids[s]] = True
            came_from[joined] = u
            u = neighbors[s]
            if n_orders > 0:
                _join(u, visited, outside, indptr, neighbors, ranks, bits, offsets)
            else:
                visited[u] = True
                for s in range(indptr[u], indptr[u + 1]):
                    outside[neighbors[s]] -= 1
            joined_order[joined] = u
            joined += 1
        if joined == n:  # nothing left to hunt (a last hunt would sweep the whole grid to find nothing)
            break
        # hunt: an outside cell `v` and the maze cell `w` it joins through (CSR slot `t` of that edge)
        w = -1
        if mode == SPIRAL:  # the maze cell with a way out nearest the stuck one; a random way out
            if grid.shape[0] > 0:
                w = _spiral(u, grid, row_of, col_of, outside, visited, state)
            else:
                w = _nearest(
                    u, indptr, neighbors, edge_ids, crosses, is_open, visited, slots, queue, seen, hunts + 1, state
                )
            if w >= 0:
                t = slots[bounded(state, _ways_out(w, indptr, neighbors, edge_ids, crosses, is_open, visited, slots))]
                v = neighbors[t]
        else:  # the first outside cell with a way in along a scan order; a random way in
            order = hunts % n_orders
            backwards = mode == RESTART and (hunts // n_orders) % 2 == 1
            wrapped = mode == RESTART
            while True:
                if mode == RESTART:
                    p = _first(bits[order], offsets, backwards)
                else:  # resume where this order's last hunt stopped; from the first cell once past the last
                    p = _next(bits[order], offsets, cursor[order])
                    if p < 0 and not wrapped:
                        wrapped = True
                        cursor[order] = 0
                        continue
                if p < 0:
                    break
                v = orders[order, p]
                cursor[order] = p
                k = _ways_in(v, indptr, neighbors, edge_ids, crosses, is_open, visited, slots)
                if k > 0:
                    t = slots[bounded(state, k)]
                    w = neighbors[t]
                    break
                # every way in is crossed (zeta): not huntable until another neighbour joins
                for j in range(n_orders):
                    _remove(bits[j], offsets, ranks[j, v])
        if w < 0:
            break
        is_open[edge_ids[t]] = True
        u = v
        _join(u, visited, outside, indptr, neighbors, ranks, bits, offsets)
        joined_order[joined] = u
        came_from[joined] = w
        by_hunt[joined] = True
        joined += 1
        hunts += 1
    return is_open, joined, joined_order, came_from, by_hunt


def _square_grid(cells: CellGraph):
    """A 2D box grid's cell at each (row, column) and each cell's row and column; empty otherwise.

    Computed once per tessellation (memo key ``"square_grid"``).
    """
    return cells.memo("square_grid", lambda: _make_square_grid(cells))


def _make_square_grid(cells: CellGraph):
    box = box_of(cells)
    if box is None or len(box.shape) != 2 or len(cells.crossings):  # the spiral assumes no zeta diagonals
        none = np.empty(0, dtype=np.int32)
        return np.empty((0, 0), dtype=np.int32), none, none
    rows, cols = (int(x) for x in box.shape)
    grid = box.cell_at.reshape(rows, cols).astype(np.int32)
    row_of = np.empty(cells.n_cells, dtype=np.int32)
    col_of = np.empty(cells.n_cells, dtype=np.int32)
    row_of[grid.ravel()] = np.repeat(np.arange(rows, dtype=np.int32), cols)
    col_of[grid.ravel()] = np.tile(np.arange(cols, dtype=np.int32), rows)
    return grid, row_of, col_of


def hunt_trace(cells: CellGraph, rng: np.random.Generator, hunt: str = "spiral"):
    """Run hunt-and-kill and also return the order in which the cells joined the maze.

    For tests and illustrations: ``order[i]`` joined ``i``-th, through the
    passage from maze cell ``came_from[i]`` (-1 for the first cell); if
    ``by_hunt[i]`` it was found by a hunt started where the walk got stuck, at
    ``order[i - 1]``.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    hunt : {"spiral", "resume_rows", "resume_alternate", "restart"}
        A cell hunt, as for :func:`hunt_and_kill` (``"serpentine"`` adds walls
        on posts and has no such trace).

    Returns
    -------
    tuple of numpy.ndarray
        ``(mask, order, came_from, by_hunt)``.

    Raises
    ------
    UnsupportedError
        If some cell could not be reached (never on a connected graph).
    """
    mask, joined, order, came_from, by_hunt = _hunt_and_kill(
        cells.indptr,
        cells.neighbors,
        cells.edge_ids,
        cells.crossings,
        scan_orders(cells),
        _cell_levels(cells),
        HUNTS[hunt],
        *_square_grid(cells),
        kernel_state(rng),
    )
    if joined != cells.n_cells:
        raise UnsupportedError(
            f"hunt_and_kill reached {joined} of {cells.n_cells} cells of this {cells.name} graph; "
            "it needs a connected graph"
        )
    return mask, order, came_from, by_hunt


SERPENTINE = "serpentine"

HUNT = Param(
    "hunt",
    Choice((*HUNTS, SERPENTINE)),
    None,
    "where a hunt looks: outward from the stuck cell ('spiral'), on "
    "from the last hunt ('resume_rows', 'resume_alternate'), from the corners each time ('restart'), or, adding "
    "walls on a rectangle, Daedalus' sweep over the posts ('serpentine'); default (None): as Daedalus does, "
    "'spiral' carving passages, 'serpentine' adding walls on a rectangle of squares",
)


def _check_hunt(cells: CellGraph, options: dict) -> None:
    if options["hunt"] == SERPENTINE and post_lattice(cells) is None:
        raise InvalidOptionError(
            "hunt='serpentine' is Daedalus' wall-adding hunt over the posts of a rectangle: it needs focus='wall' "
            f"on a full rectangle of the orthogonal grid (at least 2 x 2), not this {cells.name} graph"
        )


def _serpentine_walls(cells: CellGraph, rng: np.random.Generator) -> np.ndarray:
    """The walls Daedalus' wall-adding hunt and kill adds, as a mask over the wall dual ``cells``' edges."""
    lattice = post_lattice(cells)
    added, left = _serpentine(lattice.vertex, lattice.right, lattice.down, cells.n_edges, kernel_state(rng))
    if left:
        raise UnsupportedError(f"hunt_and_kill (serpentine) left {left} posts out of the walls")  # never: see above
    return added


@algorithm(
    "hunt_and_kill",
    "hunt-and-kill: random walk into new cells; when stuck, hunt for a cell next to the maze (outward, or scanning)",
    options=(HUNT,),
    crossings=True,
    check_options=_check_hunt,
    reachable="mazegraph.uniformity.models:hunt_and_kill",
)
def hunt_and_kill(cells: CellGraph, rng: np.random.Generator, *, hunt: str | None = None):
    """Hunt-and-kill.

    Starts at a random cell and walks ("kill" mode), each step carving into a
    random neighbour not yet in the maze. When the current cell has none, it
    "hunts" for a way to go on, joins one more cell to the maze and walks on
    from there. It is done when no cell outside the maze is left. Pullen rates
    the texture as about 11% dead ends with a long winding solution (about 9.5%
    of the cells of a 100 x 100 maze), close to the recursive backtracker's.
    Where the hunt looks is the option ``hunt``; by default (None) it looks
    where Pullen's program Daedalus, which made his table, does: ``"spiral"``
    carving passages, ``"serpentine"`` adding walls (``focus="wall"``) on a
    rectangle of the orthogonal grid, ``"spiral"`` adding walls elsewhere.

    - ``"spiral"`` (Daedalus' hunt for passages): search outward from the cell where the walk got stuck for a
      maze cell with a neighbour outside the maze, and carve into a random such
      neighbour. On a 2D box grid (``orthogonal``, a rectangular mask) the search
      follows a square spiral around the stuck cell, leaving it in a random one
      of the four directions and turning the same way after runs of 1, 1, 2, 2,
      3, 3, ... cells; elsewhere (other tessellations, the wall dual) it is a
      breadth-first search over every edge, and the hunt takes one of the nearest
      such cells at random. At 100 x 100: 10.04% dead ends, solution 9.6%, as
      Daedalus 3.5 makes (10.04% and 9.54% measured over 500 mazes). A spiral
      hunt costs time proportional to the area it sweeps, one load per grid
      cell (each run is clipped to the grid before it is walked, and every cell
      keeps a count of its neighbours outside the maze).
    - ``"serpentine"`` (Daedalus' wall adder; ``focus="wall"`` on a full
      rectangle of square cells only): the maze is grown on the
      ``(rows + 1) x (cols + 1)`` posts, every post of the outer boundary in it
      from the start. The hunt is a boustrophedon sweep that never starts
      over: along a line of posts (rows or columns, picked at random, as are
      both directions), at a line's end back the other way on the next line,
      after the last line back over the lines in the other order, and every
      second such sweep the other orientation, from its first line. A step
      along a line never lands on the last post (the right or bottom edge),
      only on the first. The sweep stops at the first post in the maze and
      tries to add a wall from it; the walk then adds walls into posts outside
      the maze, each time trying the four directions in turn (north, west,
      south, east, anticlockwise) from a random one and taking the first free
      one, which is not a uniform choice. When a walk gets stuck the sweep jumps
      to a random end of the line it is on, so it goes on from an edge of the
      next line. At 100 x 100: 21.47% dead ends, solution 3.72% over 500 mazes
      (Daedalus 3.5: 21.47% and 3.75% over 500). Daedalus' documentation
      says only that wall-added Perfect mazes add onto the most recently
      created wall whenever possible (Create Settings, "Create With Wall
      Adding"); the sweep was learnt by reading its source (create.cpp,
      ``CreateMazePerfect2``) [3]_; the code is mazegraph's own.
    - ``"resume_rows"``: scan the cells row by row for the first cell outside the
      maze with a neighbour inside it, starting where the previous hunt stopped
      (from the first cell again only when none is left after it), and carve
      between the two (a random such neighbour). About 9.6% dead ends, solution 6.1%.
    - ``"resume_alternate"``: the same, with hunts alternating between a row-by-row
      and a column-by-column scan, each resuming where its own last hunt stopped.
      About 9.5% dead ends, solution 5.7%.
    - ``"restart"`` (mazegraph's hunt up to 0.2): every hunt scans from a corner:
      row-major from the top left, column-major from the top left, then the same
      two backwards (from the bottom right), in turn, which treats opposite sides
      alike. About 9.5% dead ends, solution 5.4%.

    Scans follow :func:`mazegraph.structure.scan_orders`; tessellations without a
    2D drawing or coordinate labels (and the wall dual, for ``focus="wall"``) get
    one random scan order per maze. Instead of rescanning, the cells that can be
    hunted (outside the maze, next to it) are kept in a bitset per scan order,
    indexed by scan position, with a summary bit per 64-bit word on each level
    above: a cell is added when a neighbour joins the maze and removed when it
    joins, and the first (or last, or next after a position) one is found in a
    few word operations, so a scan hunt costs time linear in the number of cells
    over the whole maze. As a wall adder (``focus="wall"``) it runs on the wall
    dual, whose boundary is one vertex; with ``hunt="spiral"`` that gives about
    22.4% dead ends and a 4.8% solution at 100 x 100, against Daedalus' 21.47%
    and 3.75%, which ``"serpentine"`` (the default there) reproduces.

    On zeta tessellations a diagonal whose crossing diagonal is open is never
    carved, in the walk or in the hunt; a hunted cell whose every way in is
    crossed is dropped until another neighbour joins the maze. Every cell
    still joins through an orthogonal neighbour, so the result is a spanning
    tree without crossings.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    hunt : {"spiral", "resume_rows", "resume_alternate", "restart", "serpentine"} or None
        Where a hunt looks (see above); None: as Daedalus does for the focus.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Raises
    ------
    UnsupportedError
        If some cell could not be reached (never on a connected graph).
    InvalidOptionError
        If ``hunt`` is not one of the values above, or is ``"serpentine"``
        anywhere but on the wall dual of a rectangle of square cells.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.theta(8), "hunt_and_kill", seed=5)
    >>> M.is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Hunt and kill", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf, 2015, ch. 5;
       J. Buck, "Maze Generation: Hunt-and-Kill algorithm", The Buckblog,
       24 Jan 2011.
    .. [3] W. D. Pullen, Daedalus 3.5 (2024), the program behind his table,
       https://www.astrolog.org/labyrnth/daedalus.htm, source (GPL) at
       https://github.com/CruiserOne/Daedalus (create.cpp: ``PerfectGenerate``
       carves passages, ``CreateMazePerfect2`` adds walls); the figures were
       measured from it by the mazegraph authors
       (``mazegraph/reference/daedalus_generation.csv``).
    """
    if hunt == SERPENTINE or hunt is None and post_lattice(cells) is not None:
        return _serpentine_walls(cells, rng)
    return hunt_trace(cells, rng, hunt or "spiral")[0]
