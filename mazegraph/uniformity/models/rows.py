"""Models from the row rules: Sidewinder and Eller's algorithm, their rules checked on every spanning tree.

Both apply only where the kernel never repairs a row (every row one chain of
cells, every cell with a way to the next row); elsewhere they give None.
"""

from __future__ import annotations

import functools

from ...generators.eller import DAEDALUS_P_DOWN, DAEDALUS_P_JOIN
from ...structure.rows import row_structure
from ..count import find
from .smallgraph import Model, SmallGraph

__all__ = ["sidewinder", "eller"]


def _rows(g: SmallGraph):
    rs = row_structure(g.cells)
    rowptr, order = rs.rowptr.tolist(), rs.order.tolist()
    rows = [order[rowptr[r] : rowptr[r + 1]] for r in range(len(rowptr) - 1)]
    return rs, rows, rs.rown.tolist()


def sidewinder(g: SmallGraph, p_close=0.5) -> Model | None:
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
    return Model(masks, "sidewinder opens the first row and one passage up from each run of a row")


def eller(g: SmallGraph, p_join=None, p_down=None, order="scrambled") -> Model | None:
    """Eller's algorithm: its row rules replayed on every spanning tree.

    Applies when every cell above the last row has an edge down and the rows
    below any row hang together (then the kernel never repairs). A tree is
    reachable exactly when, taking the rows in order with the sets of cells its
    edges have joined so far:

    - each row edge of the tree joins two different sets (it cannot be skipped
      when ``p_join = 1``, nor taken when ``p_join = 0``);
    - every set of the row has at least one edge of the tree down (exactly one,
      its last down edge along the row, when ``p_down = 0``; all that join
      different sets when ``p_down = 1``): the kernel carves each down edge at
      random, the last of a set that has none yet always, so any nonempty
      choice per set can happen;
      With ``order="scrambled"`` a row visits its cells in a random order, so
      with ``p_join = 1`` an edge is skipped when its cells are in one set by
      the end of the row's joins (any order can come first);
    - the last row joins every pair of adjacent cells still in different sets,
      in the kernel's order (sequential: the tree's last-row edges are exactly
      those; scrambled: any order, so any that leave the row's cells in one set);
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
    p_join = float(DAEDALUS_P_JOIN if p_join is None else p_join)  # None: the default, as in generate
    p_down = float(DAEDALUS_P_DOWN if p_down is None else p_down)
    masks = set()
    for tree in g.all_trees():
        parent = list(range(g.n))
        root = functools.partial(find, parent)
        used = 0
        ok = True
        for r, cells in enumerate(rows):
            scrambled = order == "scrambled"
            for e, a, b in along[r]:
                ra, rb = root(a), root(b)
                taken = tree >> e & 1
                if r == last and not scrambled:
                    ok = taken == (ra != rb)
                elif r == last:
                    ok = ra != rb if taken else True
                elif taken:
                    ok = ra != rb and p_join > 0.0
                else:
                    ok = ra == rb or p_join < 1.0 or scrambled
                if not ok:
                    break
                if taken:
                    parent[ra] = rb
                    used |= 1 << e
            if ok and scrambled and (p_join == 1.0 or r == last):
                ok = all(tree >> e & 1 or root(a) == root(b) for e, a, b in along[r])
            if not ok or r == last:
                break
            if p_down == 1.0:
                for e, a, b in down[r]:
                    ra, rb = root(a), root(b)
                    if (tree >> e & 1) != (ra != rb):
                        ok = False
                        break
                    if ra != rb:
                        parent[ra] = rb
                        used |= 1 << e
            else:
                per_set: dict[int, int] = {root(c): 0 for c in cells}
                last_down: dict[int, int] = {}  # the set's last down edge in the kernel's order
                for e, a, _ in down[r]:
                    last_down[root(a)] = e
                    if tree >> e & 1:
                        per_set[root(a)] += 1
                ok = all(k >= 1 for k in per_set.values())
                if p_down == 0.0:  # only the forced passage: the set's last one
                    ok = ok and all(k == 1 for k in per_set.values()) and all(
                        tree >> e & 1 for e in last_down.values())
                for e, a, b in down[r]:
                    if tree >> e & 1:
                        parent[root(a)] = root(b)
                        used |= 1 << e
            if not ok:
                break
        if ok and used == tree:
            masks.add(tree)
    return Model(masks, "replaying eller's row rules on every tree")
