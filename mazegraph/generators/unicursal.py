"""Unicursal mazes (labyrinths): one passage through every cell, with no junctions."""

from __future__ import annotations

import functools

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state, next_u64
from ..cellgraph import CellGraph
from ..errors import InvalidOptionError, UnsupportedError
from ..params import Choice, Names, Number, Param
from ..structure.box import Box, box_of
from ..structure.hamiltonian import hamiltonian_facts, hamiltonian_refusal
from .registry import REGISTRY, Result, algorithm

__all__ = ["unicursal"]


# -- Pullen: bisect the passages of a half-size perfect maze ---------------------


@kernel
def _bisect(half_open, half_step, rows, cols, cell_at, step_edge, n_edges):
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


@kernel
def _is_spanning_tree(n, edges, mask):
    forest = np.arange(n, dtype=np.int32)
    joined = 0
    for e in range(len(edges)):
        if not mask[e]:
            continue
        a = edges[e, 0]
        while forest[a] != a:
            forest[a] = forest[forest[a]]
            a = forest[a]
        b = edges[e, 1]
        while forest[b] != b:
            forest[b] = forest[forest[b]]
            b = forest[b]
        if a == b:
            return False
        forest[a] = b
        joined += 1
    return joined == n - 1


# -- any graph: find a Hamiltonian path, then randomize it by backbite moves -----


# An implicit treap holds the path for backbite: node c is cell c, its in-order
# position is its place on the path, and a lazy flag reverses a whole subtree, so
# reversing the first i cells is one split, one flag and one merge: O(log n)
# expected, where an array would move up to n / 2 cells. Index n is the empty
# tree (size 0); the root's parent is n.


@kernel(python=False)
def _push(x, left, right, flip):
    if flip[x]:
        a = left[x]
        left[x] = right[x]
        right[x] = a
        flip[left[x]] ^= True
        flip[right[x]] ^= True
        flip[x] = False


@kernel(python=False)
def _resize(x, left, right, parent, size, nil):
    while x != nil:
        size[x] = 1 + size[left[x]] + size[right[x]]
        x = parent[x]


@kernel(python=False)
def _split(t, k, left, right, parent, size, flip, nil):
    """Split tree ``t`` into its first ``k`` items and the rest; return both roots."""
    root_a = nil
    root_b = nil
    last_a = nil  # the tree of the first k grows down its right spine, the other down its left
    last_b = nil
    x = t
    while x != nil:
        _push(x, left, right, flip)
        below = size[left[x]]
        if k <= below:
            if last_b == nil:
                root_b = x
            else:
                left[last_b] = x
            parent[x] = last_b
            last_b = x
            x = left[x]
        else:
            k -= below + 1
            if last_a == nil:
                root_a = x
            else:
                right[last_a] = x
            parent[x] = last_a
            last_a = x
            x = right[x]
    if last_a != nil:
        right[last_a] = nil
        _resize(last_a, left, right, parent, size, nil)
    if last_b != nil:
        left[last_b] = nil
        _resize(last_b, left, right, parent, size, nil)
    return root_a, root_b


@kernel(python=False)
def _merge(a, b, left, right, parent, size, flip, priority, nil):
    """Join tree ``a`` and tree ``b`` (all of a first); return the root."""
    root = nil
    last = nil
    to_right = True
    while a != nil and b != nil:
        if priority[a] > priority[b]:
            _push(a, left, right, flip)
            x = a
            a = right[a]
            side = True
        else:
            _push(b, left, right, flip)
            x = b
            b = left[b]
            side = False
        if last == nil:
            root = x
        elif to_right:
            right[last] = x
        else:
            left[last] = x
        parent[x] = last
        last = x
        to_right = side
    rest = a if a != nil else b
    if last == nil:
        return rest
    if to_right:
        right[last] = rest
    else:
        left[last] = rest
    if rest != nil:
        parent[rest] = last
    _resize(last, left, right, parent, size, nil)
    return root


@kernel(python=False)
def _index(v, left, right, parent, size, flip, trail, nil):
    """The position of cell ``v`` on the path (pending flips above it resolved first)."""
    depth = 0
    x = v
    while x != nil:
        trail[depth] = x
        depth += 1
        x = parent[x]
    for d in range(depth - 1, -1, -1):
        _push(trail[d], left, right, flip)
    i = size[left[v]]
    for d in range(1, depth):
        p = trail[d]
        if right[p] == trail[d - 1]:
            i += 1 + size[left[p]]
    return i


@kernel(python=False)
def _treap(order, state, left, right, parent, size, priority, stack, nil):
    """Build the treap of ``order`` with random priorities (a Cartesian tree, O(n)); return the root."""
    n = len(order)
    top = 0
    for t in range(n):
        x = order[t]
        priority[x] = next_u64(state)
        last = nil
        while top > 0 and priority[stack[top - 1]] < priority[x]:
            top -= 1
            last = stack[top]
        left[x] = last
        right[x] = nil
        if last != nil:
            parent[last] = x
        if top > 0:
            right[stack[top - 1]] = x
            parent[x] = stack[top - 1]
        else:
            parent[x] = nil
        stack[top] = x
        top += 1
    root = stack[0]
    _postorder_sizes(root, left, right, size, stack, nil)
    return root


@kernel(python=False)
def _postorder_sizes(root, left, right, size, stack, nil):
    n = len(stack)
    pre = np.empty(n, dtype=np.int32)
    stack[0] = root
    top = 1
    k = 0
    while top > 0:
        top -= 1
        x = stack[top]
        pre[k] = x
        k += 1
        if left[x] != nil:
            stack[top] = left[x]
            top += 1
        if right[x] != nil:
            stack[top] = right[x]
            top += 1
    for j in range(k - 1, -1, -1):  # children before parents
        x = pre[j]
        size[x] = 1 + size[left[x]] + size[right[x]]


@kernel(python=False)
def _first(root, left, right, flip, nil):
    x = root
    _push(x, left, right, flip)
    while left[x] != nil:
        x = left[x]
        _push(x, left, right, flip)
    return x


@kernel(python=False)
def _backbite_move(x0, root, indptr, neighbors, left, right, parent, size, flip, priority, trail, state, nil):
    """One backbite move at the first cell ``x0``; returns the new root.

    Take a random neighbour x_i of x0 on the path; unless it is x0's successor,
    add the edge x0 x_i and remove x_{i-1} x_i: the path becomes x_{i-1} ... x0
    x_i ..., a reversal of its first i cells (split, flag, merge).
    """
    lo = indptr[x0]
    v = neighbors[lo + bounded(state, indptr[x0 + 1] - lo)]  # on the path: x0 has no free neighbour
    i = _index(v, left, right, parent, size, flip, trail, nil)
    if i <= 1:
        return root
    a, b = _split(root, i, left, right, parent, size, flip, nil)
    flip[a] ^= True
    root = _merge(a, b, left, right, parent, size, flip, priority, nil)
    flip[nil] = False
    return root


@kernel(python=False)
def _search(indptr, neighbors, colour, need, budget, state, left, right, parent, size, flip, priority, trail, nil):
    """One randomized rotation-extension search for a Hamiltonian path; returns (root, cells covered).

    Starts at a random cell of least degree (Warnsdorff's rule; of the colour
    every path must end on, in a bipartite graph with one class larger). Each
    step turns the path around with probability 1/2 and works at its first cell:
    extend it to the free neighbour with the fewest free neighbours (ties at
    random); if it has none, give it up with probability 1/16 (in a bipartite
    graph an end keeps its colour under backbite moves, so this escapes a front
    whose free cells all have the wrong colour), else make a backbite move
    (Posa's rotation). Stops when every cell is covered or after ``budget`` steps.
    """
    n = len(indptr) - 1
    free = np.empty(n, dtype=np.int32)  # free (uncovered) neighbours of each cell
    covered = np.zeros(n, dtype=np.bool_)
    for c in range(n):
        left[c] = nil
        right[c] = nil
        parent[c] = nil
        size[c] = 1
        flip[c] = False
        priority[c] = next_u64(state)
        free[c] = indptr[c + 1] - indptr[c]
    flip[nil] = False
    low = n + 1
    for c in range(n):
        if indptr[c + 1] - indptr[c] < low and (need < 0 or colour[c] == need):
            low = indptr[c + 1] - indptr[c]
    ties = 0
    start = 0
    for c in range(n):
        if indptr[c + 1] - indptr[c] == low and (need < 0 or colour[c] == need):
            ties += 1
            if bounded(state, ties) == 0:
                start = c
    covered[start] = True
    for s in range(indptr[start], indptr[start + 1]):
        free[neighbors[s]] -= 1
    root = start
    count = 1
    steps = 0
    while count < n and steps < budget:
        steps += 1
        if bounded(state, 2) == 0:
            flip[root] ^= True
        x0 = _first(root, left, right, flip, nil)
        if free[x0] > 0:
            best = -1
            fewest = n + 1
            ties = 0
            for s in range(indptr[x0], indptr[x0 + 1]):
                v = neighbors[s]
                if not covered[v]:
                    if free[v] < fewest:
                        best = v
                        fewest = free[v]
                        ties = 1
                    elif free[v] == fewest:
                        ties += 1
                        if bounded(state, ties) == 0:
                            best = v
            covered[best] = True
            count += 1
            for s in range(indptr[best], indptr[best + 1]):
                free[neighbors[s]] -= 1
            root = _merge(best, root, left, right, parent, size, flip, priority, nil)
            flip[nil] = False
        elif count > 1 and bounded(state, 16) == 0:
            a, root = _split(root, 1, left, right, parent, size, flip, nil)
            covered[a] = False
            count -= 1
            for s in range(indptr[a], indptr[a + 1]):
                free[neighbors[s]] += 1
            flip[nil] = False
        else:
            root = _backbite_move(
                x0, root, indptr, neighbors, left, right, parent, size, flip, priority, trail, state, nil
            )
    return root, count


@kernel
def _exhaustive(indptr, neighbors, budget):
    """Depth-first search with backtracking over every start cell, next cells by Warnsdorff's rule.

    Returns (status, order): 1 found, 0 none exists (the search was complete),
    -1 gave up after ``budget`` steps. Meant for small graphs.
    """
    n = len(indptr) - 1
    order = np.empty(n, dtype=np.int32)
    most = 0
    for c in range(n):
        most = max(most, indptr[c + 1] - indptr[c])
    options = np.empty((n, most), dtype=np.int32)  # the cells still to try after order[d]
    left_to_try = np.zeros(n, dtype=np.int32)
    free = np.empty(n, dtype=np.int32)
    visited = np.zeros(n, dtype=np.bool_)
    starts = np.argsort(indptr[1:] - indptr[:-1], kind="mergesort")
    steps = 0
    for start in starts:
        for c in range(n):
            free[c] = indptr[c + 1] - indptr[c]
            visited[c] = False
        depth = 0
        v = start
        while True:
            visited[v] = True  # enter v at position depth
            order[depth] = v
            for s in range(indptr[v], indptr[v + 1]):
                free[neighbors[s]] -= 1
            if depth == n - 1:
                return 1, order
            k = 0
            for s in range(indptr[v], indptr[v + 1]):
                w = neighbors[s]
                if not visited[w]:
                    j = k  # insertion sort, most free neighbours first: tried last
                    while j > 0 and free[options[depth, j - 1]] < free[w]:
                        options[depth, j] = options[depth, j - 1]
                        j -= 1
                    options[depth, j] = w
                    k += 1
            left_to_try[depth] = k
            while depth >= 0 and left_to_try[depth] == 0:  # leave exhausted cells
                u = order[depth]
                visited[u] = False
                for s in range(indptr[u], indptr[u + 1]):
                    free[neighbors[s]] += 1
                depth -= 1
            if depth < 0:
                break
            steps += 1
            if steps > budget:
                return -1, order
            left_to_try[depth] -= 1
            v = options[depth, left_to_try[depth]]
            depth += 1
    return 0, order


@kernel
def _hamiltonian(indptr, neighbors, edge_ids, order, colour, need, attempts, budget, moves, state):
    """A random Hamiltonian path: from ``order`` (if it has every cell) or by search, then backbite moves.

    Returns (found, mask, first, last).
    """
    n = len(indptr) - 1
    nil = n
    left = np.full(n + 1, nil, dtype=np.int32)
    right = np.full(n + 1, nil, dtype=np.int32)
    parent = np.full(n + 1, nil, dtype=np.int32)
    size = np.zeros(n + 1, dtype=np.int32)
    flip = np.zeros(n + 1, dtype=np.bool_)
    priority = np.zeros(n + 1, dtype=np.uint64)
    trail = np.empty(n + 1, dtype=np.int32)
    is_open = np.zeros(len(neighbors) // 2, dtype=np.bool_)
    if len(order) == n:
        root = _treap(order, state, left, right, parent, size, priority, trail, nil)
    else:
        count = 0
        for _ in range(attempts):
            root, count = _search(
                indptr, neighbors, colour, need, budget, state, left, right, parent, size, flip, priority, trail, nil
            )
            if count == n:
                break
        if count < n:
            return False, is_open, -1, -1
    for _ in range(moves):
        if bounded(state, 2) == 0:
            flip[root] ^= True
        x0 = _first(root, left, right, flip, nil)
        root = _backbite_move(x0, root, indptr, neighbors, left, right, parent, size, flip, priority, trail, state, nil)
    path = np.empty(n, dtype=np.int32)  # in-order walk
    top = 0
    k = 0
    x = root
    while top > 0 or x != nil:
        while x != nil:
            _push(x, left, right, flip)
            trail[top] = x
            top += 1
            x = left[x]
        top -= 1
        x = trail[top]
        path[k] = x
        k += 1
        x = right[x]
    for t in range(n - 1):
        u = path[t]
        w = path[t + 1]
        for s in range(indptr[u], indptr[u + 1]):
            if neighbors[s] == w:
                is_open[edge_ids[s]] = True
                break
    return True, is_open, path[0], path[n - 1]


@kernel
def _walk(indptr, neighbors, edge_ids, is_open, first):
    """The cells of the open path starting at its end ``first``, in order."""
    n = len(indptr) - 1
    order = np.empty(n, dtype=np.int32)
    prev = -1
    u = first
    for t in range(n):
        order[t] = u
        nxt = -1
        for s in range(indptr[u], indptr[u + 1]):
            if is_open[edge_ids[s]] and neighbors[s] != prev:
                nxt = neighbors[s]
                break
        prev = u
        u = nxt
    return order


def _snake(box: Box) -> np.ndarray:
    """The boustrophedon through a box of any dimension (reflected mixed-radix Gray code)."""
    shape = [int(s) for s in box.shape]
    total = len(box.cell_at)
    t = np.arange(total, dtype=np.int64)
    flat = np.zeros(total, dtype=np.int64)
    inner = total
    for size in shape:
        inner //= size
        digit = (t // inner) % size
        outer = t // (inner * size)  # the number formed by the digits before this one
        flat = flat * size + np.where(outer % 2 == 1, size - 1 - digit, digit)
    return box.cell_at[flat].astype(np.int32)


@functools.lru_cache(maxsize=16)
def _half_grid(rows2: int, cols2: int):
    from ..tessellations import orthogonal_cells

    half = orthogonal_cells(rows2, cols2)
    return half, box_of(half)


_METHODS = ("auto", "pullen", "backbite")
_BUDGET = 32  # search steps per cell and attempt
_EXHAUSTIVE = 1_000_000  # steps of the backtracking search when the randomized one fails


METHOD = Param("method", Choice(_METHODS), "auto", "Pullen's bisected maze on even rectangles, or backbite moves")
BASE = Param(
    "base",
    Names(lambda: [n for n, a in REGISTRY.items() if a.perfect], "a perfect-maze algorithm", exclude=("unicursal",)),
    "wilson",
    "method 'pullen': the algorithm of the half-size maze",
)
MOVES = Param("moves", Number(0, 10**9, integer=True), None, "backbite moves (default 20 per cell)")
ATTEMPTS = Param("attempts", Number(1, 1000, integer=True), 10, "searches for a Hamiltonian path before giving up")


def _even_rectangle(cells: CellGraph) -> tuple[Box | None, bool, bool]:
    """The tessellation's box, whether it is a rectangle of at least 2 x 2, and whether both sides are even."""
    box = box_of(cells)
    rectangle = box is not None and len(box.shape) == 2 and int(box.shape.min()) >= 2
    even = rectangle and box.shape[0] % 2 == 0 and box.shape[1] % 2 == 0
    return box, rectangle, even


def _check_method(cells: CellGraph, options: dict) -> None:
    if options["method"] == "pullen" and not _even_rectangle(cells)[2]:
        raise UnsupportedError(
            f"unicursal with method='pullen' needs a rectangle of square cells with an even number of rows and of "
            f"columns; this {cells.name} tessellation is not one: use method='backbite' or 'auto'"
        )


@algorithm(
    "unicursal",
    "unicursal labyrinth: one passage through every cell (Pullen's bisected maze on even grids, backbite elsewhere)",
    options=(METHOD, BASE, MOVES, ATTEMPTS),
    symmetric=False,
    wall_focus=False,
    check=hamiltonian_refusal,
    check_options=_check_method,
    reachable="mazegraph.uniformity.models:unicursal",
)
def unicursal(cells: CellGraph, rng: np.random.Generator, *, method="auto", base="wilson", moves=None, attempts=10):
    """A unicursal maze (labyrinth): a single passage with no junctions through every cell.

    The open edges form a Hamiltonian path: a spanning tree in which every cell
    has at most two passages, so the maze has no choices, two ends (its start and
    goal) and no dead ends besides them. Pullen's table: 0% dead ends, solution
    through 100% of the cells.

    - ``"pullen"`` (rectangles of square cells with an even number of rows and of
      columns: ``orthogonal``, a 2D ``grid``, a rectangular mask): make a perfect
      maze with ``base`` at half size, one cell per 2 x 2 block, and bisect every
      passage: the labyrinth runs along both sides of each passage of the small
      maze and turns round at its dead ends, a closed circuit through every cell.
      It is cut between the two top cells of the upper-left block, which become
      the start and the goal, side by side. Linear time.
    - ``"backbite"`` (any graph): take a Hamiltonian path and randomize it with
      ``moves`` backbite moves. A move joins an end of the path to one of its
      neighbours and cuts the path where the new loop closes, so that end moves.
      The path is kept in an implicit treap with lazy reversal, so a move costs
      O(log n) whatever the length of the reversed part. Start and goal are the
      path's ends. The first path is Pullen's labyrinth with the odd last row or
      column threaded in along the edge (odd-sized rectangles), a boustrophedon
      (boxes in 1, 3 or more dimensions), or else found by a randomized Posa
      rotation-extension search: from a cell of least degree, extend an end to
      the free neighbour with the fewest free neighbours (Warnsdorff's rule),
      else make a backbite move, or now and then give the end cell up again; up
      to ``attempts`` tries of ``32 n`` steps. If all fail, a backtracking search
      of up to a million steps either finds a path or, on small graphs, proves
      there is none.

    ``"auto"`` (the default) uses ``"pullen"`` wherever it applies and
    ``"backbite"`` elsewhere: odd-sized rectangles, 3D grids, delta, sigma,
    theta, upsilon, weave, glued surfaces, Voronoi, masks and user graphs. Zeta is
    refused (the passage may not cross a diagonal), and so, before any search,
    are graphs that cannot have such a path: more than two cells with one
    neighbour, or bipartite graphs whose two classes differ by more than one cell
    (the star graph; an orthogonal mask with too many cells of one colour).

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    method : {"auto", "pullen", "backbite"}
        See above.
    base : str
        The perfect-maze algorithm for Pullen's half-size maze (any registered
        one but ``"unicursal"``, e.g. ``"wilson"``, ``"kruskal"``, ``"division"``);
        its texture shows through as the shape of the labyrinth.
    moves : int, optional
        Number of backbite moves; ``20 * n`` when omitted (enough to erase the
        first path's shape on the boards tried, e.g. the spiral Warnsdorff's rule
        draws on sigma). ``0`` keeps the first path.
    attempts : int
        How many searches for a Hamiltonian path to try before giving up.

    Returns
    -------
    Result
        The open-edge mask, and the path's two ends as start and goal.

    Raises
    ------
    InvalidOptionError
        If an option has a value not allowed above, or ``base`` does not make a
        perfect maze on the half-size board.
    UnsupportedError
        On zeta; on graphs that fail the checks above or that the backtracking
        search proves have no such path; if no path was found at all; with ``method="pullen"`` on a tessellation that is
        not a rectangle with even sides.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(6, 8), "unicursal", seed=3)
    >>> T = M.to_networkx()
    >>> max(d for _, d in T.degree), M.start, M.goal, len(M.solution())
    (2, (0, 0), (0, 1), 48)
    >>> M = mg.generate(mg.tessellations.sigma(5, 7), "unicursal", seed=3)
    >>> sorted(d for _, d in M.to_networkx().degree)[:3], len(M.solution())
    ([1, 1, 2], 35)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Unicursal" (a perfect maze with every
       passage bisected), Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] P. Mansfield, "Jamming in Monte Carlo simulations of dense polymer
       systems", Chem. Phys. Lett. 92(4), 1982 (the backbite move); R. Oberdorf et
       al., "Secondary structures in long compact polymers", Phys. Rev. E 74,
       051801, 2006.
    .. [3] L. Posa, "Hamiltonian circuits in random graphs", Discrete Math. 14(4),
       1976 (rotation-extension); H. C. von Warnsdorff, *Des Rösselsprungs
       einfachste und allgemeinste Lösung*, 1823 (fewest onward moves first).
    .. [4] R. Seidel and C. R. Aragon, "Randomized search trees", Algorithmica 16,
       1996 (treaps).
    """
    n = cells.n_cells
    _, colour, need = hamiltonian_facts(cells)
    box, rectangle, even = _even_rectangle(cells)
    if even and method != "backbite":
        mask, first, last = _pullen(cells, box, rng, base)
        return Result(mask, int(first), int(last))
    if n == 1:
        return Result(np.zeros(cells.n_edges, dtype=bool), 0, 0)
    if rectangle:
        mask, first, _ = _pullen(cells, box, rng, base)
        order = _walk(cells.indptr, cells.neighbors, cells.edge_ids, mask, first)
    elif box is not None:
        order = _snake(box)
    else:
        order = np.empty(0, dtype=np.int32)  # search
    count = 20 * n if moves is None else int(moves)
    state = kernel_state(rng)
    args = (colour, need, attempts, _BUDGET * n + 1024, count, state)
    found, mask, first, last = _hamiltonian(cells.indptr, cells.neighbors, cells.edge_ids, order, *args)
    if not found:  # a complete search settles small graphs
        status, order = _exhaustive(cells.indptr, cells.neighbors, _EXHAUSTIVE)
        if status == 0:
            raise UnsupportedError(
                f"unicursal cannot run on this {cells.name} tessellation: it has no single passage through every "
                "cell (no Hamiltonian path: an exhaustive search found none)"
            )
        if status < 0:
            raise UnsupportedError(
                f"no Hamiltonian path found on this {cells.name} tessellation after {attempts} attempts; a "
                "unicursal maze needs a single passage through every cell, and some graphs have none (e.g. delta "
                f"boards of 3 x 3, 5 x 7 or 6 x 3 triangles); if this one should, try attempts= more than {attempts}"
            )
        found, mask, first, last = _hamiltonian(cells.indptr, cells.neighbors, cells.edge_ids, order, *args)
    return Result(mask, int(first), int(last))


def _pullen(cells: CellGraph, box: Box, rng: np.random.Generator, base: str):
    """Pullen's labyrinth on a rectangle of at least 2 x 2 (odd sides threaded in); returns (mask, first, last)."""
    rows, cols = int(box.shape[0]), int(box.shape[1])
    half, half_box = _half_grid(rows // 2, cols // 2)
    entry = REGISTRY[base]
    try:
        options = entry.validate(half)
    except UnsupportedError as error:
        raise InvalidOptionError(f"base {base!r} cannot make the half-size orthogonal maze: {error}") from None
    half_open = np.asarray(entry.run(half, rng, **options).mask, dtype=bool)
    if half_open.shape != (half.n_edges,) or not _is_spanning_tree(half.n_cells, half.edges, half_open):
        raise InvalidOptionError(f"base {base!r} did not make a perfect maze (a spanning tree); unicursal needs one")
    return _bisect(half_open, half_box.step_edge, rows, cols, box.cell_at, box.step_edge, cells.n_edges)
