"""Models from a characterisation: the trees an algorithm makes, described by its rules and checked tree by tree.

- depth-first-search trees for the recursive backtracker;
- one edge per cell towards an earlier neighbour for Binary Tree (a product of choices);
- Hamiltonian paths for unicursal mazes (a superset);
- every tree, with the choices that make it, for Kruskal, Prim, Wilson and Aldous-Broder.
"""

from __future__ import annotations

import itertools

from .smallgraph import Model, SmallGraph, bits

__all__ = [
    "is_dfs_tree",
    "depth_first",
    "backtracker",
    "binary_tree",
    "unicursal",
    "kruskal",
    "prim_true",
    "prim_simplified",
    "prim_modified",
    "wilson",
    "aldous_broder",
]


# -- depth-first search ---------------------------------------------------------------------------------------


def is_dfs_tree(g: SmallGraph, tree: int) -> bool:
    """Is ``tree`` a depth-first-search tree for some root: does every closed edge join ancestor and descendant?"""
    n = g.n
    tadj: list[list[int]] = [[] for _ in range(n)]
    for e in bits(tree):
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


def depth_first(g: SmallGraph, who: str) -> Model:
    """The depth-first-search trees of ``g`` (over every root), as the model of ``who``."""
    return Model(
        {t for t in g.all_trees() if is_dfs_tree(g, t)},
        f"{who} makes depth-first-search trees only (every closed edge joins a cell to its ancestor)",
    )


def backtracker(g: SmallGraph, bias=0.0, run=0.0) -> Model:
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
    model = depth_first(g, "the backtracker")
    model.exact = abs(float(bias)) < 1.0
    return model


# -- one choice per cell ----------------------------------------------------------------------------------------


def binary_tree(g: SmallGraph, p_up=None, order="auto") -> Model:
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
    from ...generators.binary_tree import slot_kinds  # the kernel's order and earlier slots (walls: up or left)

    ordered, kind = slot_kinds(g.cells, order)
    kind, indptr = kind.tolist(), g.cells.indptr.tolist()
    choices = []
    for c in ordered.tolist()[1:]:
        slots = range(indptr[c], indptr[c + 1])
        earlier = [(e, kind[s] == 1) for s, (_, e) in zip(slots, g.adj[c]) if kind[s] >= 0]
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
    return Model(masks, "binary_tree opens one edge per cell towards an earlier neighbour (a product of choices)")


# -- the rest ---------------------------------------------------------------------------------------------------


def unicursal(g: SmallGraph, **options) -> Model:
    """Unicursal: Hamiltonian paths only, a superset (trees with no cell of three or more passages).

    Every method of the kernel returns one passage through every cell.
    """
    masks = set()
    for tree in g.all_trees():
        degree = [0] * g.n
        for e in bits(tree):
            u, v = g.ends[e]
            degree[u] += 1
            degree[v] += 1
        if max(degree) <= 2:
            masks.add(tree)
    return Model(masks, "unicursal makes Hamiltonian paths only (no cell with three passages)", exact=False)


def kruskal(g: SmallGraph, until_connected=None, density=None) -> Model | None:
    """Kruskal: every tree (a shuffle that lists the tree's edges first makes it). None with ``until_connected``."""
    if until_connected is not None:
        return None
    return g.everything("every tree: a shuffle listing its edges first makes it")


def prim_true(g: SmallGraph) -> Model:
    """Prim (true): every tree (it is the minimum spanning tree when its edges get the lowest weights)."""
    return g.everything("every tree: it is the minimum spanning tree when its edges weigh least")


def prim_simplified(g: SmallGraph) -> Model:
    """Prim (simplified): every tree (while cells are outside, one of the tree's edges is on the frontier)."""
    return g.everything("every tree: one of its edges is always on the frontier to be drawn")


def prim_modified(g: SmallGraph) -> Model:
    """Prim (modified): every tree (a frontier cell joined through its tree edge is always drawable)."""
    return g.everything("every tree: a frontier cell can always join through its own tree edge")


def wilson(g: SmallGraph) -> Model:
    """Wilson: every tree, each with the same probability (Wilson 1996)."""
    return g.everything("every tree: Wilson's algorithm is uniform (Wilson 1996)")


def aldous_broder(g: SmallGraph) -> Model:
    """Aldous-Broder: every tree, each with the same probability (Aldous 1990, Broder 1989)."""
    return g.everything("every tree: Aldous-Broder is uniform (Aldous 1990, Broder 1989)")
