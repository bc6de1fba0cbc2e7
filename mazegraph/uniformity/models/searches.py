"""Models from an exhaustive search over the algorithm's random choices, each state visited once.

Growing Tree (and Growing Forest with one tree) with a fixed selection policy,
recursive division (straight and blobby walls) and hunt-and-kill.
"""

from __future__ import annotations

import itertools
import numbers

from ...errors import TooManyTreesError
from ...generators.growing_tree import boundary_posts
from ...structure.box import box_of
from ...structure.dual import BOUNDARY, grow_root, post_lattice
from ...structure.scan import scan_orders
from .characterisations import depth_first
from .smallgraph import MAX_STATES, Model, SmallGraph, bits, explore

__all__ = ["growing_tree", "growing_forest", "division", "hunt_and_kill"]


def growing_tree(g: SmallGraph, policy="oldest_swap", p=None) -> Model:
    """Growing Tree: every tree for random selection, depth-first trees for ``newest``, else a search.

    - ``"random"``, and ``"mix"`` with ``p < 1``: every spanning tree ``T``. Start
      anywhere; while cells are outside the maze, some maze cell has a
      ``T``-neighbour outside it, so it is still active (cells retire only with
      no neighbour outside), may be picked, and may carve that very edge.
    - ``"newest"``, and ``"mix"`` with ``p = 1``: the list is a stack, so this
      is the recursive backtracker's depth-first search (see :func:`backtracker`).
    - ``"oldest"`` and ``"oldest_swap"``: the next active cell is fixed by the
      list, and the random choices are the start cell and which outside
      neighbour each step carves into; the model explores every sequence of
      those choices, states (active list, maze so far) visited once. On a
      rectangle's wall dual the list starts, as the kernel's, with every
      boundary post (``growing_tree.boundary_posts``)
      and the first pick is any of them.

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Growing tree algorithm", Think
       Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    if policy == "newest" or (policy == "mix" and p is not None and float(p) >= 1.0):
        return depth_first(g, "growing_tree (newest) is the backtracker: it")
    if policy in ("random", "mix"):
        return g.everything("every tree: pick a maze cell next to the tree's next cell and carve that edge")
    adj = g.adj
    root = grow_root(g.cells)  # a wall dual: the boundary is in the maze, the tree grows from an edge out of it
    # a rectangle's wall dual: the list starts as the boundary posts, entry -1 - k for post k with its one wall
    post_to, post_edge = (a.tolist() for a in boundary_posts(g.cells))

    def free_of(c, made):
        if c < 0:
            v, e = post_to[-1 - c], post_edge[-1 - c]
            return [(v, e)] if not made >> v & 1 else []
        return [(v, e) for v, e in adj[c] if not made >> v & 1]

    def expand(state):
        active, made, is_open = state
        if not active:
            out = [((v,), made | 1 << v, is_open | 1 << e) for v, e in adj[root] if not made >> v & 1]
            return out if root >= 0 and out else is_open
        c = active[-1] if policy == "newest" else active[0]
        free = free_of(c, made)
        if free:
            return [(active + (v,), made | 1 << v, is_open | 1 << e) for v, e in free]
        if policy == "oldest":
            return [(active[1:], made, is_open)]
        return [((active[-1],) + active[1:-1] if len(active) > 1 else (), made, is_open)]  # swap-removal

    starts = [((c,), 1 << c, 0) for c in range(g.n)]
    if post_to:  # the first pick is any boundary post; its wall leads to a free post (nothing is made yet)
        listed = tuple(-1 - k for k in range(len(post_to)))
        starts = [(listed + (v,), 1 << root | 1 << v, 1 << e) for v, e in zip(post_to, post_edge)]
    elif root >= 0 and adj[root]:
        starts = [((v,), 1 << root | 1 << v, 1 << e) for v, e in adj[root]]
    masks = explore(starts, expand, f"growing_tree ({policy})")
    return Model(masks, f"exhaustive search over growing_tree's choices (policy {policy!r})")


def growing_forest(g: SmallGraph, trees=0.01, sprout=0.0, policy="oldest_swap", p=None, join="meet") -> Model | None:
    """Growing Forest: on a tiny graph with one tree and no sprouting it is Growing Tree (:func:`growing_tree`).

    The kernel runs a forest only with two or more seeds or ``sprout > 0``;
    with one seed it is the Growing Tree kernel itself. Real forests have no model.
    """
    if isinstance(trees, numbers.Integral):
        seeds = min(int(trees), g.n)
    else:
        seeds = min(g.n, max(1, round(float(trees) * g.n)))
    if seeds > 1 or float(sprout) > 0.0:
        return None
    model = growing_tree(g, policy=policy, p=p)
    model.argument = "growing_forest with one tree is growing_tree; " + model.argument
    return model


# -- recursive division -----------------------------------------------------------------------------------------


def division(g: SmallGraph, method="auto", orientation="daedalus") -> Model:
    """Recursive division: every wall and door the kernel can draw, room by room (memoised).

    The open edges are exactly the doors. Straight walls (boxes): a room splits
    across an axis (any axis longer than one cell when ``orientation=
    "daedalus"`` or ``"proportional"``, the longest ones when ``"longest"``), at any position,
    with the door at any cell of the wall; the halves are divided
    independently, so the reachable trees of a room are the door plus a tree of
    each half, over all splits. Blobby walls (other graphs): two distinct seeds
    grow in turn, each turn a side takes any cell of its frontier and claims
    its unclaimed neighbours in the room; the search visits every growth state
    once to find the splits, and the door is any edge across (the kernel draws
    it uniformly among them).

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Recursive division", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, "Blobby Recursive Subdivision", The Buckblog, 2015.
    """
    box = box_of(g.cells) if method != "blobby" else None
    if box is not None:
        return Model(_rectangular(box, orientation), "exhaustive search over division's walls and doors")
    return Model(_blobby(g), "exhaustive search over division's (blobby) seeds, growth and doors")


def _rectangular(box, orientation: str) -> set[int]:
    shape = [int(s) for s in box.shape]
    d = len(shape)
    stride = [1] * d
    for a in range(d - 2, -1, -1):
        stride[a] = stride[a + 1] * shape[a + 1]
    cell_at, step_edge = box.cell_at.tolist(), box.step_edge.tolist()
    memo: dict = {}

    def rooms(lo: tuple, hi: tuple) -> set[int]:
        key = (lo, hi)
        if key in memo:
            return memo[key]
        extents = [hi[a] - lo[a] for a in range(d)]
        longest = max(extents)
        out: set[int] = set()
        if longest > 1:
            axes = [a for a in range(d) if extents[a] > 1]
            if orientation == "longest":
                axes = [a for a in axes if extents[a] == longest]
            for a in axes:
                for wall in range(lo[a] + 1, hi[a]):
                    near = rooms(lo, hi[:a] + (wall,) + hi[a + 1 :])
                    far = rooms(lo[:a] + (wall,) + lo[a + 1 :], hi)
                    ranges = [range(lo[b], hi[b]) if b != a else (wall - 1,) for b in range(d)]
                    doors = [1 << step_edge[cell_at[sum(x * s for x, s in zip(pos, stride))]][a]
                             for pos in itertools.product(*ranges)]
                    out.update(door | t1 | t2 for door in doors for t1 in near for t2 in far)
        else:
            out.add(0)
        memo[key] = out
        return out

    return rooms(tuple([0] * d), tuple(shape))


def _blobby(g: SmallGraph) -> set[int]:
    nbr = g.nbrmask
    memo: dict[int, set[int]] = {}
    states = [0]

    def splits(region: int) -> set[int]:
        """Every side-0 half the two growing seeds can leave in ``region``."""
        members = list(bits(region))

        def expand(state):
            c0, g0, c1, g1, k = state
            f0, f1 = c0 & ~g0, c1 & ~g1
            if not f0 and not f1:
                return c0
            if k == 0 and not f0:
                k = 1
            elif k == 1 and not f1:
                k = 0
            if k == 0:
                return [(c0 | (nbr[u] & region & ~c0 & ~c1), g0 | 1 << u, c1, g1, 1) for u in bits(f0)]
            return [(c0, g0, c1 | (nbr[u] & region & ~c0 & ~c1), g1 | 1 << u, 0) for u in bits(f1)]

        starts = [(1 << a, 0, 1 << b, 0, 0) for a in members for b in members if a != b]
        return explore(starts, expand, "division (blobby)")

    def reach(region: int) -> set[int]:
        if region in memo:
            return memo[region]
        out: set[int] = set()
        if region & (region - 1):
            for half in splits(region):
                other = region & ~half
                doors = [1 << e for e, (u, v) in enumerate(g.ends)
                         if (half >> u & 1 and other >> v & 1) or (half >> v & 1 and other >> u & 1)]
                near, far = reach(half), reach(other)
                out.update(door | t1 | t2 for door in doors for t1 in near for t2 in far)
                states[0] += len(near) * len(far) * len(doors)
                if states[0] > MAX_STATES:
                    raise TooManyTreesError(
                        f"the search over division's choices passed {MAX_STATES} combinations; reachability "
                        "models are for tiny graphs (a dozen cells)"
                    )
        else:
            out.add(0)
        memo[region] = out
        return out

    return reach((1 << g.n) - 1)


# -- hunt-and-kill ----------------------------------------------------------------------------------------------


def hunt_and_kill(g: SmallGraph, hunt=None) -> Model:
    """Hunt-and-kill: exhaustive search over its choices (start, each step of the walk, each hunt's link).

    The kernel walks from a random cell into random unvisited neighbours until
    stuck, then hunts. ``hunt="restart"``: the first cell, in this hunt's scan
    order, outside the maze with a neighbour inside it joins through a random
    such neighbour, and the walk goes on from there. Scan orders come from the
    tessellation's drawing (:func:`~mazegraph.structure.scan_orders`) and are
    taken in turn, forwards then backwards, so the state is (current cell, maze
    so far, hunt number modulo the cycle of scans). ``"resume_rows"`` and
    ``"resume_alternate"``: the first such cell at or after where the scan
    order's last hunt stopped (from the start once past the end), the state
    holding each order's stopping place. ``"spiral"``: on a 2D box grid, the
    first maze cell with an outside neighbour met on a square spiral from the
    stuck cell, for each of the four directions it may leave in; elsewhere every
    such cell nearest the stuck one in steps; the walk goes on into any outside
    neighbour of it. The search visits each state once. Without a drawing the
    kernel draws a random scan order per maze: the model then lets every scan
    hunt take any huntable cell, a superset. ``"serpentine"`` (and the default,
    None, on the wall dual of a rectangle, :func:`~mazegraph.structure.post_lattice`):
    the maze grows from the boundary vertex, and the model lets every hunt take
    any huntable post, a superset of Daedalus' sweep. Otherwise None is
    ``"spiral"``.

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Hunt and kill", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    serpentine = hunt == "serpentine" or hunt is None and post_lattice(g.cells) is not None
    hunt = "serpentine" if serpentine else hunt or "spiral"
    orders = [] if serpentine else scan_orders(g.cells).tolist()
    if hunt == "resume_rows":
        orders = orders[:1]
    cycle = 2 * len(orders) if hunt == "restart" else max(len(orders), 1)
    adj, nbr, n = g.adj, g.nbrmask, g.n
    box = box_of(g.cells)
    spiral = hunt == "spiral" and box is not None and len(box.shape) == 2
    rows, cols = (int(x) for x in box.shape) if spiral else (0, 0)
    grid = box.cell_at.reshape(rows, cols).tolist() if spiral else []
    where = {grid[r][c]: (r, c) for r in range(rows) for c in range(cols)}

    def spiral_first(u, visited, direction):
        r, c = where[u]
        for run in range(1, 2 * max(rows, cols) + 2):
            for _ in range(2):
                dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[direction]
                for _step in range(run):
                    r, c = r + dr, c + dc
                    if 0 <= r < rows and 0 <= c < cols:
                        w = grid[r][c]
                        if visited >> w & 1 and nbr[w] & ~visited:
                            return w
                direction = (direction + 1) % 4
        return None

    def nearest(u, visited):
        layer, seen = [u], {u}
        while layer:
            found = [w for w in layer if visited >> w & 1 and nbr[w] & ~visited]
            if found:
                return found
            layer = [v for w in layer for v, _ in adj[w] if v not in seen and not seen.add(v)]
        return []

    def expand(state):
        u, visited, is_open, hunts, cursors = state
        walk = [(v, visited | 1 << v, is_open | 1 << e, hunts, cursors) for v, e in adj[u] if not visited >> v & 1]
        if walk:
            return walk
        if hunt == "spiral":
            if spiral:
                froms = {w for d in range(4) if (w := spiral_first(u, visited, d)) is not None}
            else:
                froms = set(nearest(u, visited))
            if not froms:
                return is_open
            return [(v, visited | 1 << v, is_open | 1 << e, 0, cursors)
                    for w in froms for v, e in adj[w] if not visited >> v & 1]
        huntable = [v for v in range(n) if not visited >> v & 1 and nbr[v] & visited]
        if not huntable:
            return is_open
        k = hunts % len(orders) if orders else 0
        if not orders:
            hunted = [(v, cursors) for v in huntable]
        elif hunt == "restart":
            scan = orders[k] if (hunts // len(orders)) % 2 == 0 else orders[k][::-1]
            hunted = [(next(v for v in scan if v in huntable), cursors)]
        else:
            rank = {v: i for i, v in enumerate(orders[k])}
            later = [v for v in huntable if rank[v] >= cursors[k]]
            v = min(later or huntable, key=rank.__getitem__)
            hunted = [(v, cursors[:k] + (rank[v],) + cursors[k + 1:])]
        after = (hunts + 1) % cycle if orders else 0
        return [(v, visited | 1 << v, is_open | 1 << e, after, c) for v, c in hunted for w, e in adj[v]
                if visited >> w & 1]

    start = (0,) * max(len(orders), 1)
    first = [BOUNDARY] if serpentine else range(n)  # the sweep grows the walls from the boundary
    masks = explore(((c, 1 << c, 0, 0, start) for c in first), expand, "hunt_and_kill")
    if orders or hunt == "spiral":
        return Model(masks, f"exhaustive search over hunt_and_kill's choices (hunt={hunt!r})")
    if serpentine:
        return Model(
            masks,
            "exhaustive search over hunt_and_kill's choices from the boundary, hunting any post "
            "(a superset of the serpentine sweep)",
            False,
        )
    return Model(masks, "exhaustive search over hunt_and_kill's choices, hunting any cell (no scan order)", False)
