"""Which spanning trees can a maze generator make at all? Proofs of ``never`` for :func:`~mazegraph.uniformity.test`.

A sample shows that the trees it contains are reachable; it cannot show that
a tree is *un*reachable, since a biased generator may make it rarely. Walter
Pullen's ``never`` ("some perfect mazes can never be created") needs a proof.
On a tiny graph one is at hand: list the spanning trees a generator *can*
produce, from how mazegraph's implementation makes its choices, and compare
with all spanning trees (:func:`~mazegraph.uniformity.enumerate_spanning_trees`).

Each model below returns the reachable trees exactly, or a superset of them
(never fewer: a model that left out a tree the kernel can make would prove a
false ``never``). Three kinds of argument are used:

- a characterisation that follows from the algorithm's rules (depth-first-search
  trees for the recursive backtracker; one earlier neighbour per cell for Binary
  Tree; runs with one passage up for Sidewinder; Hamiltonian paths for unicursal
  mazes; every tree, with the choices that make it, for Kruskal, Prim, Wilson and
  Aldous-Broder), checked tree by tree or built as a product of choices;
- a replay of the algorithm's row rules on every tree (Eller's algorithm);
- an exhaustive search over the algorithm's random choices, each state of the
  algorithm visited once (recursive division, Growing Tree with a fixed
  selection policy, hunt-and-kill).

Every random choice the kernels make (``bounded`` and ``uniform`` draws from
xoshiro256**) is treated as able to take each of its values; models are exact
under that idealisation, and supersets where an option makes some choice
certain (noted per model). Each algorithm's registry entry names its model
(``reachable=`` in :func:`~mazegraph.register_algorithm`, read by
:meth:`~mazegraph.generators.Algorithm.reachable_model`). Algorithms and
options without a model give None:
no proof, so :func:`~mazegraph.uniformity.test` never says ``never`` for them.
Tessellations with crossing diagonals (zeta) or tunnels (weave) have no models.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import numbers
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..cellgraph import CellGraph
from ..errors import InvalidOptionError, InvalidSizeError, TooManyTreesError
from ..generators._dual import wall_dual
from ..tessellations.compile import compile_graph
from .count import MAX_ENUMERATED, enumerate_spanning_trees

__all__ = ["reachable_trees", "reachability", "Reachable", "ReachabilityError", "MAX_CELLS", "MAX_STATES"]

MAX_CELLS = 16  # models are for tiny graphs
MAX_STATES = 3_000_000  # states an exhaustive search may visit before it gives up


class ReachabilityError(RuntimeError):
    """A sampled maze that a reachability proof says cannot be made: the model (or the supplied set) is wrong."""


@dataclass(frozen=True)
class Reachable:
    """The trees an algorithm can make on a graph, and how that was established.

    Attributes
    ----------
    trees : frozenset of frozenset of int
        Spanning trees as sets of edge indices into ``compile_graph(G).edges``;
        every tree the algorithm can make is among them.
    argument : str
        How the set was found, in a few words (e.g. "exhaustive search over
        division's choices").
    exact : bool
        True when every tree in ``trees`` can be made; False for a superset.
    """

    trees: frozenset
    argument: str
    exact: bool


@dataclass
class _Model:
    masks: set  # trees as bitmasks of edge indices
    argument: str
    exact: bool = True


class _Graph:
    """A CellGraph as Python lists for the models: neighbours in CSR order, bitmasks, all trees."""

    def __init__(self, cells: CellGraph):
        self.cells = cells
        self.n = cells.n_cells
        self.m = cells.n_edges
        self.ends = [(int(u), int(v)) for u, v in cells.edges.tolist()]
        indptr, neighbors, edge_ids = cells.indptr.tolist(), cells.neighbors.tolist(), cells.edge_ids.tolist()
        self.adj = [[(neighbors[s], edge_ids[s]) for s in range(indptr[u], indptr[u + 1])] for u in range(self.n)]
        self.nbrmask = [sum(1 << v for v in {v for v, _ in self.adj[u]}) for u in range(self.n)]  # parallel edges once

    def all_trees(self) -> list[int]:
        def make():
            trees = enumerate_spanning_trees(self.cells, limit=MAX_ENUMERATED)
            return [sum(1 << e for e in tree) for tree in trees]

        return self.cells.memo("uniformity_tree_masks", make)

    def everything(self, argument: str) -> _Model:
        return _Model(set(self.all_trees()), argument)


def _bits(x: int) -> Iterable[int]:
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def _explore(starts: Iterable, expand: Callable, what: str) -> set[int]:
    """The final trees of a nondeterministic process, visiting each of its states once.

    ``expand(state)`` returns an int (the finished tree, a bitmask of open
    edges) or the list of states one choice away.
    """
    seen: set = set()
    stack = list(starts)
    found: set[int] = set()
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        if len(seen) > MAX_STATES:
            raise TooManyTreesError(
                f"the search over {what}'s choices passed {MAX_STATES} states; reachability models are for tiny "
                "graphs (a dozen cells)"
            )
        result = expand(state)
        if isinstance(result, int):
            found.add(result)
        else:
            stack.extend(result)
    return found


# -- depth-first search ---------------------------------------------------------------------------------------


def _is_dfs_tree(g: _Graph, tree: int) -> bool:
    """Is ``tree`` a depth-first-search tree for some root: does every closed edge join ancestor and descendant?"""
    n = g.n
    tadj: list[list[int]] = [[] for _ in range(n)]
    for e in _bits(tree):
        u, v = g.ends[e]
        tadj[u].append(v)
        tadj[v].append(u)
    closed = [g.ends[e] for e in range(g.m) if not tree >> e & 1]
    if not closed:
        return True
    for root in range(n):
        tin = [0] * n
        tout = [0] * n
        clock = 0
        stack = [(root, -1, False)]
        while stack:
            u, parent, done = stack.pop()
            if done:
                tout[u] = clock
                clock += 1
                continue
            tin[u] = clock
            clock += 1
            stack.append((u, parent, True))
            stack.extend((v, u, False) for v in tadj[u] if v != parent)
        if all(
            (tin[u] <= tin[v] and tout[v] <= tout[u]) or (tin[v] <= tin[u] and tout[u] <= tout[v]) for u, v in closed
        ):
            return True
    return False


def _depth_first(g: _Graph, who: str) -> _Model:
    return _Model(
        {t for t in g.all_trees() if _is_dfs_tree(g, t)},
        f"{who} makes depth-first-search trees only (every closed edge joins a cell to its ancestor)",
    )


def backtracker(g: _Graph, bias=0.0, run=0.0) -> _Model:
    """Recursive backtracker: exactly the depth-first-search trees, over every start cell.

    The kernel is an iterative depth-first search: it always carves from the
    cell on top of the stack into an unvisited neighbour and backs up only when
    there is none. So when a cell is finished every neighbour of it is visited,
    and an edge the walk never carves joins a cell to one of its ancestors in
    the tree rooted at the start cell (Tarjan 1972: depth-first search leaves no
    cross edges in an undirected graph). Conversely every such tree (a normal,
    or Tremaux, tree) is the search that always steps to a tree child first.
    The start cell is random, so the model is the union over roots. ``bias``
    and ``run`` only reweight the choices; at ``bias = +-1`` some choices get
    weight 0 and the set is a superset.

    References
    ----------
    .. [1] R. E. Tarjan, "Depth-first search and linear graph algorithms", SIAM
       J. Comput. 1(2), 146-160, 1972.
    .. [2] W. D. Pullen, "Maze Algorithms: Recursive backtracker", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    model = _depth_first(g, "the backtracker")
    model.exact = abs(float(bias)) < 1.0
    return model


def growing_tree(g: _Graph, policy="oldest_swap", p=None) -> _Model:
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
      those choices, states (active list, maze so far) visited once.

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Growing tree algorithm", Think
       Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    if policy == "newest" or (policy == "mix" and p is not None and float(p) >= 1.0):
        return _depth_first(g, "growing_tree (newest) is the backtracker: it")
    if policy in ("random", "mix"):
        return g.everything("every tree: pick a maze cell next to the tree's next cell and carve that edge")
    adj = g.adj

    def expand(state):
        active, made, is_open = state
        if not active:
            return is_open
        c = active[-1] if policy == "newest" else active[0]
        free = [(v, e) for v, e in adj[c] if not made >> v & 1]
        if free:
            return [(active + (v,), made | 1 << v, is_open | 1 << e) for v, e in free]
        if policy == "oldest":
            return [(active[1:], made, is_open)]
        return [((active[-1],) + active[1:-1] if len(active) > 1 else (), made, is_open)]  # swap-removal

    masks = _explore((((c,), 1 << c, 0) for c in range(g.n)), expand, f"growing_tree ({policy})")
    return _Model(masks, f"exhaustive search over growing_tree's choices (policy {policy!r})")


def growing_forest(g: _Graph, trees=0.01, sprout=0.0, policy="oldest_swap", p=None, join="meet") -> _Model | None:
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


# -- one choice per cell ----------------------------------------------------------------------------------------


def binary_tree(g: _Graph, p_up=None, order="auto") -> _Model:
    """Binary Tree: every cell but the first opens exactly one edge to an earlier neighbour.

    The kernel visits the cells in a fixed order (rows, or breadth-first) and
    each cell after the first opens one edge to a neighbour earlier in that
    order: with ``p_up=None`` any such neighbour; with ``p_up = 1`` (``0``) one
    on an earlier level (the same level) when the cell has one, else the other
    kind. The choices are independent, and a tree determines them (the edge of
    a cell to an earlier cell is its own), so the reachable trees are the
    product of the choice sets: ``2**((r - 1) (c - 1))`` on an ``r x c`` grid.

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Binary tree", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    from ..generators.binary_tree import cell_order

    _, cell_rank_order, rank, level = cell_order(g.cells, order)
    rank, level = rank.tolist(), level.tolist()
    choices = []
    for k, c in enumerate(cell_rank_order.tolist()[1:], start=1):
        earlier = [(e, level[v] < level[c]) for v, e in g.adj[c] if rank[v] < k]
        up = [e for e, is_up in earlier if is_up]
        side = [e for e, is_up in earlier if not is_up]
        if p_up is None or 0.0 < float(p_up) < 1.0:
            allowed = up + side
        elif float(p_up) == 1.0:
            allowed = up or side
        else:
            allowed = side or up
        choices.append(allowed)
    masks = {sum(1 << e for e in pick) for pick in itertools.product(*choices)}
    return _Model(masks, "binary_tree opens one edge per cell towards an earlier neighbour (a product of choices)")


# -- row by row -------------------------------------------------------------------------------------------------


def _rows(g: _Graph):
    from ..generators.rows import row_structure

    rs = row_structure(g.cells)
    rowptr, order = rs.rowptr.tolist(), rs.order.tolist()
    rows = [order[rowptr[r] : rowptr[r + 1]] for r in range(len(rowptr) - 1)]
    return rs, rows, rs.rown.tolist()


def sidewinder(g: _Graph, p_close=0.5) -> _Model | None:
    """Sidewinder: the first row open, and in every later row each run has exactly one passage up.

    Applies when every row is one chain of cells (a path, or a cycle as on a
    torus) and every cell below the first row has an edge to the row above: then
    the kernel never makes its repairs. The first row opens all its chain edges
    (a cycle all but one, at random); each later row opens some of its chain
    edges, which split it into runs (arcs of a cycle: the walk starts at a random
    cell, so at least one edge stays closed), and each run carves one edge up
    from a random cell of it, a random up edge of that cell. Edges between rows
    further apart, and same-row edges off the chain, never open. With ``0 <
    p_close < 1`` every split into runs can happen, so the model is exact;
    ``p_close = 0`` makes each row one run, ``1`` every cell its own run. On an
    ``r x c`` grid this gives ``F(2c)**(r - 1)`` trees (``F`` the Fibonacci numbers).

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Sidewinder", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    rs, rows, rown = _rows(g)
    nxt, cyc = rs.nxt.tolist(), rs.cyc.tolist()
    chains = []  # per row: the chain edges in order (cell t to cell t + 1), and the wrap edge or -1
    for r, cells in enumerate(rows):
        if any(nxt[c] < 0 for c in cells[:-1]):
            return None  # a row in several chains: the kernel may repair
        if r > 0 and not all(any(rown[v] == r - 1 for v, _ in g.adj[c]) for c in cells):
            return None  # a cell with no way up: runs may merge
        chains.append(([nxt[c] for c in cells[:-1]], cyc[cells[0]]))
    p_close = float(p_close)
    all_masks = g.all_trees()
    masks = set()
    for tree in all_masks:
        used = 0
        ok = True
        for r, cells in enumerate(rows):
            path, wrap = chains[r]
            edges = path + ([wrap] if wrap >= 0 else [])
            opened = [tree >> e & 1 for e in edges]
            used |= sum(1 << e for e, o in zip(edges, opened) if o)
            k = sum(opened)
            if r == 0 or p_close == 0.0:
                ok = k == len(edges) - (1 if wrap >= 0 else 0)
            elif p_close == 1.0:
                ok = k == 0
            else:
                ok = k < len(edges) or wrap < 0
            if not ok:
                break
            if r == 0:
                continue
            run = [0] * len(cells)  # run number of each cell: arcs between closed chain edges
            for t in range(1, len(cells)):
                run[t] = run[t - 1] + (0 if opened[t - 1] else 1)
            if wrap >= 0 and opened[-1]:
                first = run[-1]
                run = [0 if x == first else x for x in run]
            ups: dict[int, int] = {}
            for t, c in enumerate(cells):
                for v, e in g.adj[c]:
                    if rown[v] == r - 1 and tree >> e & 1:
                        ups[run[t]] = ups.get(run[t], 0) + 1
                        used |= 1 << e
            if len(ups) != len(set(run)) or any(count != 1 for count in ups.values()):
                ok = False
                break
        if ok and used == tree:
            masks.add(tree)
    return _Model(masks, "sidewinder opens the first row and one passage up from each run of a row")


def eller(g: _Graph, p_join=0.5, p_down=0.5) -> _Model | None:
    """Eller's algorithm: its row rules replayed on every spanning tree.

    Applies when every cell above the last row has an edge down and the rows
    below any row hang together (then the kernel never repairs). A tree is
    reachable exactly when, taking the rows in order with the sets of cells its
    edges have joined so far:

    - each row edge of the tree joins two different sets (it cannot be skipped
      when ``p_join = 1``, nor taken when ``p_join = 0``);
    - every set of the row has at least one edge of the tree down (exactly one
      when ``p_down = 0``; all that join different sets when ``p_down = 1``):
      the kernel carves each down edge at random and then one more for every set
      with none, so any nonempty choice per set can happen;
    - the last row joins every pair of adjacent cells still in different sets,
      in the kernel's order, so the tree's last-row edges are exactly those;
    - no other edge is open.

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Eller's algorithm", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    rs, rows, rown = _rows(g)
    posr, ncomp = rs.posr.tolist(), rs.ncomp.tolist()
    last = len(rows) - 1
    for r, cells in enumerate(rows[:-1]):
        if ncomp[r + 1] > 1 or not all(any(rown[v] == r + 1 for v, _ in g.adj[c]) for c in cells):
            return None
    # the kernel's order: cells of the row in turn, each cell's edges in CSR order
    along = [[(e, c, v) for q, c in enumerate(cells) for v, e in g.adj[c] if rown[v] == r and posr[v] > q]
             for r, cells in enumerate(rows)]
    down = [[(e, c, v) for c in cells for v, e in g.adj[c] if rown[v] == r + 1] for r, cells in enumerate(rows)]
    p_join, p_down = float(p_join), float(p_down)
    masks = set()
    for tree in g.all_trees():
        parent = list(range(g.n))
        find = functools.partial(_find, parent)
        used = 0
        ok = True
        for r, cells in enumerate(rows):
            for e, a, b in along[r]:
                ra, rb = find(a), find(b)
                taken = tree >> e & 1
                if r == last:
                    ok = taken == (ra != rb)
                elif taken:
                    ok = ra != rb and p_join > 0.0
                else:
                    ok = ra == rb or p_join < 1.0
                if not ok:
                    break
                if taken:
                    parent[ra] = rb
                    used |= 1 << e
            if not ok or r == last:
                break
            if p_down == 1.0:
                for e, a, b in down[r]:
                    ra, rb = find(a), find(b)
                    if (tree >> e & 1) != (ra != rb):
                        ok = False
                        break
                    if ra != rb:
                        parent[ra] = rb
                        used |= 1 << e
            else:
                per_set: dict[int, int] = {find(c): 0 for c in cells}
                for e, a, _ in down[r]:
                    if tree >> e & 1:
                        per_set[find(a)] += 1
                ok = all(k == 1 if p_down == 0.0 else k >= 1 for k in per_set.values())
                for e, a, b in down[r]:
                    if tree >> e & 1:
                        parent[find(a)] = find(b)
                        used |= 1 << e
            if not ok:
                break
        if ok and used == tree:
            masks.add(tree)
    return _Model(masks, "replaying eller's row rules on every tree")


def _find(parent: list[int], x: int) -> int:
    """Root of ``x`` in a parent-pointer forest (path halving)."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


# -- recursive division -----------------------------------------------------------------------------------------


def division(g: _Graph, method="auto", orientation="proportional") -> _Model:
    """Recursive division: every wall and door the kernel can draw, room by room (memoised).

    The open edges are exactly the doors. Straight walls (boxes): a room splits
    across an axis (any axis longer than one cell when ``orientation=
    "proportional"``, the longest ones when ``"longest"``), at any position,
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
    from ..generators._box import box_of

    box = box_of(g.cells) if method != "blobby" else None
    if box is not None:
        return _Model(_rectangular(box, orientation), "exhaustive search over division's walls and doors")
    return _Model(_blobby(g), "exhaustive search over division's (blobby) seeds, growth and doors")


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


def _blobby(g: _Graph) -> set[int]:
    nbr = g.nbrmask
    memo: dict[int, set[int]] = {}
    states = [0]

    def splits(region: int) -> set[int]:
        """Every side-0 half the two growing seeds can leave in ``region``."""
        members = list(_bits(region))

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
                return [(c0 | (nbr[u] & region & ~c0 & ~c1), g0 | 1 << u, c1, g1, 1) for u in _bits(f0)]
            return [(c0, g0, c1 | (nbr[u] & region & ~c0 & ~c1), g1 | 1 << u, 0) for u in _bits(f1)]

        starts = [(1 << a, 0, 1 << b, 0, 0) for a in members for b in members if a != b]
        return _explore(starts, expand, "division (blobby)")

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


def hunt_and_kill(g: _Graph) -> _Model:
    """Hunt-and-kill: exhaustive search over its choices (start, each step of the walk, each hunt's link).

    The kernel walks from a random cell into random unvisited neighbours until
    stuck, then hunts: the first cell, in this hunt's scan order, outside the
    maze with a neighbour inside it joins through a random such neighbour, and
    the walk goes on from there. Scan orders come from the tessellation's
    drawing (:func:`~mazegraph.generators.hunt_and_kill.scan_orders`) and are
    taken in turn, forwards then backwards, so the state is (current cell, maze
    so far, hunt number modulo the cycle of scans); the search visits each
    once. Without a drawing the kernel draws a random scan order per maze: the
    model then lets every hunt take any huntable cell, a superset.

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Hunt and kill", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    from ..generators.hunt_and_kill import scan_orders

    orders = scan_orders(g.cells).tolist()
    cycle = 2 * len(orders)
    adj, nbr, n = g.adj, g.nbrmask, g.n

    def expand(state):
        u, visited, is_open, hunts = state
        walk = [(v, visited | 1 << v, is_open | 1 << e, hunts) for v, e in adj[u] if not visited >> v & 1]
        if walk:
            return walk
        if orders:
            scan = orders[hunts % len(orders)]
            if (hunts // len(orders)) % 2 == 1:
                scan = scan[::-1]
            hunted = next(([v] for v in scan if not visited >> v & 1 and nbr[v] & visited), [])
        else:
            hunted = [v for v in range(n) if not visited >> v & 1 and nbr[v] & visited]
        if not hunted:
            return is_open
        after = (hunts + 1) % cycle if orders else 0
        return [(v, visited | 1 << v, is_open | 1 << e, after) for v in hunted for w, e in adj[v] if visited >> w & 1]

    masks = _explore(((c, 1 << c, 0, 0) for c in range(n)), expand, "hunt_and_kill")
    if orders:
        return _Model(masks, "exhaustive search over hunt_and_kill's choices (its scan orders fixed)")
    return _Model(masks, "exhaustive search over hunt_and_kill's choices, hunting any cell (no scan order)", False)


# -- the rest ---------------------------------------------------------------------------------------------------


def unicursal(g: _Graph, **options) -> _Model:
    """Unicursal: Hamiltonian paths only, a superset (trees with no cell of three or more passages).

    Every method of the kernel returns one passage through every cell.
    """
    masks = set()
    for tree in g.all_trees():
        degree = [0] * g.n
        for e in _bits(tree):
            u, v = g.ends[e]
            degree[u] += 1
            degree[v] += 1
        if max(degree) <= 2:
            masks.add(tree)
    return _Model(masks, "unicursal makes Hamiltonian paths only (no cell with three passages)", exact=False)


def kruskal(g: _Graph, until_connected=None, density=None) -> _Model | None:
    """Kruskal: every tree (a shuffle that lists the tree's edges first makes it). None with ``until_connected``."""
    if until_connected is not None:
        return None
    return g.everything("every tree: a shuffle listing its edges first makes it")


def prim_true(g: _Graph) -> _Model:
    """Prim (true): every tree (it is the minimum spanning tree when its edges get the lowest weights)."""
    return g.everything("every tree: it is the minimum spanning tree when its edges weigh least")


def prim_simplified(g: _Graph) -> _Model:
    """Prim (simplified): every tree (while cells are outside, one of the tree's edges is on the frontier)."""
    return g.everything("every tree: one of its edges is always on the frontier to be drawn")


def prim_modified(g: _Graph) -> _Model:
    """Prim (modified): every tree (a frontier cell joined through its tree edge is always drawable)."""
    return g.everything("every tree: a frontier cell can always join through its own tree edge")


def wilson(g: _Graph) -> _Model:
    """Wilson: every tree, each with the same probability (Wilson 1996)."""
    return g.everything("every tree: Wilson's algorithm is uniform (Wilson 1996)")


def aldous_broder(g: _Graph) -> _Model:
    """Aldous-Broder: every tree, each with the same probability (Aldous 1990, Broder 1989)."""
    return g.everything("every tree: Aldous-Broder is uniform (Aldous 1990, Broder 1989)")


def reachability(algorithm: str, G, *, focus: str = "passage", **options) -> Reachable | None:
    """The spanning trees a registered algorithm can make on a tiny graph, with the argument, or None.

    Parameters
    ----------
    algorithm : str
        A registered algorithm name.
    G : networkx.Graph or CellGraph
        A tiny connected graph (at most :data:`MAX_CELLS` cells).
    focus : {"passage", "wall"}
        As for :func:`~mazegraph.generate`. Wall adders run on the planar dual,
        whose spanning trees are the complements of the graph's (the model runs
        there and the trees are mapped back).
    **options
        The algorithm's options; they change what it can make.

    Returns
    -------
    Reachable or None
        None when there is no model for the algorithm with these options on
        this graph (no proof either way).

    Raises
    ------
    InvalidSizeError
        If the graph has more than :data:`MAX_CELLS` cells.
    TooManyTreesError
        If a search would visit more than :data:`MAX_STATES` states, or the graph
        has too many trees to list.
    UnknownAlgorithmError, InvalidOptionError, UnsupportedError
        As :func:`~mazegraph.generate` raises them.

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (the "Uniform" column:
       "never" where some mazes can never be created).

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.uniformity.reachable import reachability
    >>> r = reachability("binary_tree", mg.tessellations.orthogonal(3, 3))
    >>> len(r.trees), r.exact   # 2**((3 - 1) * (3 - 1)) of the 192 trees
    (16, True)
    >>> len(reachability("kruskal", mg.tessellations.orthogonal(3, 3)).trees)
    192
    """
    from ..generators import lookup

    cells = compile_graph(G)
    if cells.n_cells > MAX_CELLS:
        raise InvalidSizeError(
            f"reachability models list every tree an algorithm can make and are for tiny graphs of at most "
            f"{MAX_CELLS} cells; this {cells.name} graph has {cells.n_cells}"
        )
    entry = lookup(algorithm)
    symmetric = options.pop("symmetry", None) is not None  # a symmetric maze is made differently: no model
    entry.validate(cells, focus, options)  # raises on a bad option or tessellation
    model = entry.reachable_model()
    if model is None or symmetric or len(cells.crossings) or len(cells.tunnels) or not _takes(model, options):
        return None
    if focus == "wall":
        dual = wall_dual(cells)
        found = model(_Graph(dual.cells), **options)
        if found is None:
            return None
        full = (1 << cells.n_edges) - 1
        wall = [1 << int(e) for e in dual.primal_edge.tolist()]
        found.masks = {full & ~sum(wall[d] for d in _bits(t)) for t in found.masks}
        found.argument += " (on the wall graph: its trees are the complements of the maze's)"
    else:
        found = model(_Graph(cells), **options)
        if found is None:
            return None
    trees = frozenset(frozenset(_bits(t)) for t in found.masks)
    return Reachable(trees, found.argument, found.exact)


def _takes(model: Callable, options: dict) -> bool:
    """Does the model know every option given (others, such as a symmetry, change the maze: no model)?"""
    params = inspect.signature(model).parameters.values()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return True
    return set(options) <= {p.name for p in params}


def reachable_trees(algorithm: str, G, **options) -> frozenset[frozenset[int]] | None:
    """The spanning trees ``algorithm`` can make on ``G`` (or a provable superset), or None without a model.

    Trees are frozensets of edge indices into ``compile_graph(G).edges``, as
    :func:`~mazegraph.uniformity.enumerate_spanning_trees` lists them. See
    :func:`reachability` for the parameters and the argument behind the set.

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.uniformity import reachable_trees, count_spanning_trees
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> len(reachable_trees("backtracker", G)), count_spanning_trees(G)
    (88, 192)
    >>> reachable_trees("braid", G) is None   # not a perfect-maze algorithm: no model
    True
    """
    found = reachability(algorithm, G, **options)
    return None if found is None else found.trees


def _validate_supplied(trees, cells: CellGraph) -> frozenset[frozenset[int]]:
    """A caller's ``reachable=`` collection as frozensets of edge indices (checked to be edge indices)."""
    try:
        out = frozenset(frozenset(int(e) for e in tree) for tree in trees)
    except (TypeError, ValueError):
        raise InvalidOptionError(
            "reachable must be a collection of trees, each a collection of edge indices into compile_graph(G).edges"
        ) from None
    if any(e < 0 or e >= cells.n_edges for tree in out for e in tree):
        raise InvalidOptionError(f"reachable names an edge outside 0..{cells.n_edges - 1}")
    return out
