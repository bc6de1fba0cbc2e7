"""Growing Tree and Growing Forest: carve from a list of active cells.

Both keep a list of *active* cells, cells in the maze that may still have
neighbours outside it. Each step picks an active cell by a selection *policy*,
carves into a random neighbour outside the maze (which becomes active) or, when
there is none, retires the cell from the list. The policy sets the texture:

- ``"newest"``: the cell added last; the recursive backtracker.
- ``"random"``: a uniformly random active cell; Prim-like.
- ``"oldest"``: the cell added first (a queue); a breadth-first tree, long
  straight passages radiating from the start.
- ``"oldest_swap"``: the cell in the list's first slot, retired by moving the
  last cell into that slot; each cell carves all its free neighbours, then the
  newest cell takes over; many short stubs.
- ``"mix"``: ``"newest"`` with probability ``p``, else ``"random"``.

Growing Forest runs several such trees at once, joined by union-find as in
Kruskal's algorithm. Zeta crossings are honoured as in the other carvers: an
edge whose crossing diagonal is already open is never a candidate.

Measured over 20 mazes of 100 x 100 orthogonal cells (start and goal in
opposite corners): percentage of dead ends / of cells on the solution, with
Pullen's figures in brackets.

- ``growing_tree``, ``"newest"``: 10.0 / 16.5 [10, backtracker 19]
- ``growing_tree``, ``"random"``: 27.6 / 2.3
- ``growing_tree``, ``"oldest"``: 2.4 / 2.0
- ``growing_tree``, ``"oldest_swap"`` (default): 49.4 / 12.1 [49 / 11]
- ``growing_tree``, ``"mix"`` with ``p=0.5``: 19.9 / 3.7; ``p=0.9``: 11.6 / 7.0
- ``growing_forest`` defaults: 49.3 / 11.9 [49 / 11]; ``join="end"``:
  49.0 / 10.3; every cell seeded (``trees=1.0``): 45.8 / 3.5

As a wall adder (``focus="wall"``) Growing Tree starts as Pullen's Daedalus
3.5 does (behaviour read from its source, create.cpp ``TreeGenerate``,
https://github.com/CruiserOne/Daedalus): every boundary post is in the maze,
and on a full rectangle of square cells the active list starts as the boundary
posts but the corners, each its own entry with its one wall into the
rectangle, in Daedalus' order (top and bottom posts column by column, then
left and right posts row by row, ``boundary_posts``); the first pick is a
random entry, later picks follow the policy. With ``oldest_swap`` the list's
first entry, the top post next to the top-left corner, adds its wall second,
and the tree then grows from below it: the top-left cell is always a dead end
and the solution is sometimes longer than the shortest corner-to-corner path.
Over 500 mazes ``oldest_swap`` gives 38.90 / 2.00, Daedalus 3.5 measured
38.90 / 2.00 (growing from one random edge out of the contracted boundary, as
mazegraph did before: 38.90 / 1.99, the solution always the shortest path;
from one random post: 39.9 / 2.3; from the whole boundary at once: 41.3).
On other tessellations the tree grows from one random wall out of the
contracted boundary vertex of the wall dual (should the tree leave posts it
cannot reach, another wall out of the boundary starts there). The forest
seeds random cells and gives 40.1% [39]. So Pullen's "always pick the oldest
cell" mode is the swap-removal one: a true queue (``"oldest"``) has almost no
dead ends.
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state, shuffled_rows, uniform
from .._unionfind import join, root
from ..cellgraph import CellGraph
from ..errors import InvalidOptionError
from ..params import Choice, Either, Number, Param
from ..structure.dual import grow_root, post_lattice
from ..structure.passages import crosses_open
from .registry import algorithm

__all__ = ["growing_tree", "growing_forest", "boundary_posts", "POLICIES"]

_NEWEST, _RANDOM, _OLDEST, _OLDEST_SWAP, _MIX = range(5)
POLICIES = {"newest": _NEWEST, "random": _RANDOM, "oldest": _OLDEST, "oldest_swap": _OLDEST_SWAP, "mix": _MIX}



@kernel
def _grow(indptr, neighbors, edge_ids, crosses, state, policy, p, seeds, sprout, meet, origin, post_to, post_edge):
    """Growing Tree (``seeds == 1``, ``sprout == 0``) or Growing Forest.

    ``active[head:tail]`` is the active list in order of addition; ``mix`` retires
    cells in the middle by writing -1 (``dead`` such holes, compacted when they
    outnumber the live cells), the other policies never leave holes. With
    boundary posts (``post_to``, ``post_edge``: for each, the vertex its one
    wall leads to and that wall; a rectangle's wall dual) the list starts as
    those posts, entry ``n + k`` for post ``k``, and the first pick is random.
    """
    n = len(indptr) - 1
    m = len(neighbors) // 2
    is_open = np.zeros(m, dtype=np.bool_)
    made = np.zeros(n, dtype=np.bool_)
    active = np.empty(n + len(post_to), dtype=np.int32)  # every cell (and boundary post) is added once
    forest = seeds > 1 or sprout > 0.0
    meet = meet and forest  # one tree never meets another
    degree = 1
    for c in range(n):
        degree = max(degree, indptr[c + 1] - indptr[c])
    candidates = np.empty(degree, dtype=np.int64)  # CSR slots
    sets = np.full(n if forest else 0, -1, dtype=np.int32)  # union-find, roots hold -size
    order = np.empty(n if forest else 0, dtype=np.int32)  # the "new" cells in random order
    head = 0
    tail = 0
    dead = 0
    live = 0
    joined = 0  # edges opened
    if forest:
        for c in range(n):  # Fisher-Yates, inside-out
            j = bounded(state, c + 1)
            order[c] = order[j]
            order[j] = c
        for k in range(seeds):
            made[order[k]] = True
            active[tail] = order[k]
            tail += 1
        live = seeds
    elif len(post_to) > 0:  # every boundary post in the list, in order; the origin (the boundary) in the maze
        made[origin] = True
        for k in range(len(post_to)):
            active[k] = n + k
        tail = len(post_to)
        live = tail
    else:
        if origin < 0:
            c = bounded(state, n)
        else:  # the origin (a wall dual's boundary) is in the maze; the tree grows from one edge out of it
            made[origin] = True
            c = origin
            if indptr[origin + 1] > indptr[origin]:
                s = indptr[origin] + bounded(state, indptr[origin + 1] - indptr[origin])
                is_open[edge_ids[s]] = True
                c = neighbors[s]
        made[c] = True
        active[0] = c
        tail = 1
        live = 1
    fresh = 1 if len(post_to) > 0 else tail  # cells made so far (all added to the list)
    following = seeds  # next index into order to sprout from
    first = len(post_to) > 0  # the first pick is a random boundary post
    while True:
        if forest and fresh < n and (live == 0 or (sprout > 0.0 and uniform(state) < sprout)):
            while made[order[following]]:
                following += 1
            c = order[following]
            made[c] = True
            fresh += 1
            active[tail] = c
            tail += 1
            live += 1
        if live == 0 and origin >= 0:  # cells the tree could not reach: the origin puts out another edge
            k = 0
            for s in range(indptr[origin], indptr[origin + 1]):
                if not made[neighbors[s]]:
                    candidates[k] = s
                    k += 1
            if k > 0:
                s = candidates[bounded(state, k)]
                is_open[edge_ids[s]] = True
                v = neighbors[s]
                made[v] = True
                active[0] = v
                head = 0
                tail = 1
                dead = 0
                live = 1
        if live == 0:
            break
        # -- pick an active cell
        if first:
            i = bounded(state, tail)
            first = False
        elif policy == _NEWEST:
            i = tail - 1
        elif policy == _RANDOM:
            i = bounded(state, tail)
        elif policy == _OLDEST:
            i = head
        elif policy == _OLDEST_SWAP:
            i = 0
        else:  # mix
            if uniform(state) < p:
                while active[tail - 1] < 0:
                    tail -= 1
                    dead -= 1
                i = tail - 1
            else:
                i = bounded(state, tail)
                while active[i] < 0:  # rejection; live >= dead keeps this short
                    i = bounded(state, tail)
        c = active[i]
        # -- its candidate edges
        k = 0
        if c >= n:  # a boundary post: its one wall into the rectangle, while the post there is free
            v = post_to[c - n]
            if not made[v]:
                made[v] = True
                fresh += 1
                is_open[post_edge[c - n]] = True
                joined += 1
                active[tail] = v
                tail += 1
                live += 1
                continue
        lo, hi = (indptr[c], indptr[c + 1]) if c < n else (0, 0)
        for s in range(lo, hi):
            v = neighbors[s]
            if made[v]:
                if not meet or root(sets, v) == root(sets, c):
                    continue
            if crosses_open(edge_ids[s], crosses, is_open):
                continue
            candidates[k] = s
            k += 1
        if k == 0:  # retire the cell
            live -= 1
            if policy == _NEWEST:
                tail -= 1
            elif policy == _OLDEST:
                head += 1
            elif policy == _RANDOM or policy == _OLDEST_SWAP:
                tail -= 1
                active[i] = active[tail]
            elif i == tail - 1:
                tail -= 1
            else:
                active[i] = -1
                dead += 1
                if dead > live:  # compact, keeping the order (amortised O(1) a removal)
                    w = 0
                    for r in range(tail):
                        if active[r] >= 0:
                            active[w] = active[r]
                            w += 1
                    tail = w
                    dead = 0
            continue
        s = candidates[bounded(state, k)] if k > 1 else candidates[0]
        v = neighbors[s]
        is_open[edge_ids[s]] = True
        joined += 1
        if forest:
            join(sets, c, v)
        if not made[v]:
            made[v] = True
            fresh += 1
            active[tail] = v
            tail += 1
            live += 1
    if forest and joined < n - 1:  # a forest left in pieces: join the trees as Kruskal does
        table = np.empty((m, 3), dtype=np.int32)
        w = 0
        for u in range(n):
            for s in range(indptr[u], indptr[u + 1]):
                v = neighbors[s]
                if u < v:
                    table[w, 0] = u
                    table[w, 1] = v
                    table[w, 2] = edge_ids[s]
                    w += 1
        table = shuffled_rows(table[:w], state)
        for r in range(w):
            if joined == n - 1:
                break
            e = table[r, 2]
            if crosses_open(e, crosses, is_open):
                continue
            if not join(sets, table[r, 0], table[r, 1]):
                continue
            is_open[e] = True
            joined += 1
    return is_open


_NO_POSTS = (np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64))


def boundary_posts(cells: CellGraph) -> tuple[np.ndarray, np.ndarray]:
    """Daedalus' starting list for a wall adder on a rectangle: each boundary post's one wall into it.

    On the wall dual of a full rectangle of square cells
    (:func:`mazegraph.structure.post_lattice`), the posts of the outer boundary
    but the corners, in the order Daedalus 3.5 lists them: the top and bottom
    posts column by column (top first), then the left and right posts row by
    row (left first). For each: the dual vertex its wall leads to and that
    wall's dual edge. Elsewhere two empty arrays. Computed once per dual (memo
    key ``"boundary_posts"``).

    Parameters
    ----------
    cells : CellGraph

    Returns
    -------
    (to, edge) : tuple of numpy.ndarray of int
    """
    return cells.memo("boundary_posts", lambda: _boundary_posts(cells))


def _boundary_posts(cells: CellGraph) -> tuple[np.ndarray, np.ndarray]:
    lattice = post_lattice(cells)
    if lattice is None:
        return _NO_POSTS
    rows, cols, vertex = lattice.rows, lattice.cols, lattice.vertex
    to, edge = [], []
    for j in range(1, cols):
        to += [vertex[1, j], vertex[rows - 1, j]]
        edge += [lattice.down[0, j], lattice.down[rows - 1, j]]
    for i in range(1, rows):
        to += [vertex[i, 1], vertex[i, cols - 1]]
        edge += [lattice.right[i, 0], lattice.right[i, cols - 1]]
    return np.array(to, dtype=np.int64), np.array(edge, dtype=np.int64)


POLICY = Param("policy", Choice(tuple(POLICIES)), "oldest_swap", "how the next active cell is picked")
P = Param("p", Number(0, 1), None, "policy='mix' only: the chance of picking the newest cell (default 0.5)")
TREES = Param(
    "trees", Either((Number(1, integer=True), Number(0, 1, low_open=True))), 0.01,
    "how many trees to seed: a count, or a fraction of the cells",
)
SPROUT = Param("sprout", Number(0, 1, high_open=True), 0.0, "chance per step that a new cell starts its own tree")
JOIN = Param("join", Choice(("meet", "end")), "meet", "join trees where they meet, or all at the end (Kruskal)")


def _check_p(cells: CellGraph, options: dict) -> None:
    if options["p"] is not None and options["policy"] != "mix":
        raise InvalidOptionError(
            f"p applies only to policy='mix' (newest with probability p), not {options['policy']!r}"
        )


def _policy(policy: str, p) -> tuple[int, float]:
    """The kernel's policy code and mix probability."""
    if policy != "mix":
        return POLICIES[policy], 0.0
    return _MIX, 0.5 if p is None else p


@algorithm(
    "growing_tree",
    "Growing Tree: carve from a list of active cells picked by a policy (newest, random, oldest, ...)",
    options=(POLICY, P),
    crossings=True,
    check_options=_check_p,
    reachable="mazegraph.uniformity.models:growing_tree",
)
def growing_tree(cells: CellGraph, rng: np.random.Generator, *, policy="oldest_swap", p=None):
    """Growing Tree.

    The maze starts as one random cell, the only entry in a list of active
    cells. Each step picks an active cell by ``policy``: if it has neighbours
    outside the maze it carves into a random one, which joins the list;
    otherwise the cell is retired from the list. The maze is done when the list
    is empty. The policy decides the texture (dead ends as measured over 20
    mazes of 100 x 100 orthogonal cells, Pullen's figure in brackets; the
    module docstring has the full table):

    - ``"newest"``: the recursive backtracker, long winding passages, about
      10% dead ends [10%];
    - ``"random"``: Prim-like, though not the same as ``prim_modified`` (a
      random active cell, not a random frontier cell), about 28%;
    - ``"oldest"``: a queue, so each cell carves every free neighbour before
      the next cell moves: a breadth-first tree with long straight passages
      radiating from the start and hardly any dead ends (about 2%);
    - ``"oldest_swap"`` (the default): the cell in the list's first slot; a
      retired cell is replaced by the list's last cell (swap-removal). So the
      first cell carves all its free neighbours, then the newest cell takes
      over and does the same: many short stubs, about 49% dead ends and a
      solution through 12% of the cells, Pullen's figures for Growing Tree
      "always picking the oldest cell" [49%, 11%], and 39.5% as a wall adder
      [39%]; this is evidently how Pullen's Daedalus retires the oldest cell;
    - ``"mix"``: ``"newest"`` with probability ``p`` (default 0.5), else
      ``"random"``; Pullen: mostly newest with an occasional random pick gives
      a high river factor but a short solution.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    policy : {"newest", "random", "oldest", "oldest_swap", "mix"}
        How the next active cell is chosen (see above).
    p : float, optional
        For ``policy="mix"`` only: the probability of picking the newest cell.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Raises
    ------
    InvalidOptionError
        If ``policy`` is unknown, or ``p`` is not in [0, 1] or given with
        another policy.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(10, 10)
    >>> mg.generate(G, "growing_tree", seed=1, policy="mix", p=0.75).is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Growing tree algorithm", Think
       Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, "Maze Generation: Growing Tree algorithm", 2011,
       https://weblog.jamisbuck.org/2011/1/27/maze-generation-growing-tree-algorithm ;
       "Mazes for Programmers", Pragmatic Bookshelf, 2015, ch. 11.
    """
    code, p = _policy(policy, p)
    return _grow(
        cells.indptr, cells.neighbors, cells.edge_ids, cells.crossings, kernel_state(rng), code, p, 1, 0.0, False,
        grow_root(cells), *boundary_posts(cells),
    )


@algorithm(
    "growing_forest",
    "Growing Forest: several growing trees at once, joined by union-find where they meet",
    options=(TREES, SPROUT, POLICY, P, JOIN),
    crossings=True,
    check_options=_check_p,
    reachable="mazegraph.uniformity.models:growing_forest",
)
def growing_forest(
    cells: CellGraph, rng: np.random.Generator, *, trees=0.01, sprout=0.0, policy="oldest_swap", p=None, join="meet"
):
    """Growing Forest.

    Pullen's generalisation of Growing Tree to several trees at once, combined
    with Kruskal's algorithm. Every cell starts as its own set (union-find) and
    the cells are put in random order in a "new" list. ``trees`` cells are moved
    from it to the active list to start. Each step picks an active cell by
    ``policy`` (as in :func:`growing_tree`) and carves to a random candidate
    neighbour: a cell not yet in the maze, which joins the active list, or,
    with ``join="meet"``, a cell of another tree, whose set is then merged as in
    Kruskal's algorithm. A cell with no candidate is retired. With probability
    ``sprout`` per step the next new cell starts a tree of its own. Trees still
    apart at the end (``join="end"``) are joined through random walls between
    different sets, as Kruskal does.

    The policy is applied to the one active list of all trees. With
    ``"random"`` (or ``"mix"``) the trees grow side by side; with
    ``"oldest_swap"``, ``"newest"`` or ``"oldest"`` they mostly take turns,
    since only the cell at one end of the list grows, and the seeds waiting
    further along are one-cell trees that a growing tree may reach and join.

    With the defaults (1% of the cells seeded, no sprouting, ``"oldest_swap"``,
    join where they meet) 100 x 100 orthogonal mazes have about 49% dead ends
    and a solution through about 12% of the cells, Pullen's 49% and 11% (40%
    as a wall adder, Pullen's 39%). With the same seeds ``policy="newest"``
    gives about 11% dead ends, ``"random"`` 30%, ``"oldest"`` 19%; sprouting
    hardly changes the dead ends but shortens the solution (``trees=1,
    sprout=0.01``: 49%, 5.7%).

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    trees : int or float
        The number of trees to start with (an int of at least 1), or the
        fraction of the cells to seed (a float in (0, 1]; at least one tree).
        Note ``trees=1`` is one tree and ``trees=1.0`` seeds every cell.
    sprout : float
        The probability, at each step, that a new tree starts at a random cell
        not yet in the maze (in [0, 1)).
    policy : {"newest", "random", "oldest", "oldest_swap", "mix"}
        How the next active cell is chosen, as in :func:`growing_tree`.
    p : float, optional
        For ``policy="mix"`` only: the probability of picking the newest cell.
    join : {"meet", "end"}
        ``"meet"``: trees merge where they meet, while growing. ``"end"``: trees
        only grow into new cells, and are joined at the end as Kruskal does.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Raises
    ------
    InvalidOptionError
        If an option is outside the range above.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(10, 10)
    >>> mg.generate(G, "growing_forest", seed=1, trees=5, sprout=0.01).is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Growing forest algorithm", Think
       Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. B. Kruskal, "On the shortest spanning subtree of a graph and the
       traveling salesman problem", Proc. AMS 7(1), 1956.
    """
    code, p = _policy(policy, p)
    n = cells.n_cells
    if isinstance(trees, int):
        seeds = min(trees, n)
    else:
        seeds = min(n, max(1, round(trees * n)))
    return _grow(
        cells.indptr,
        cells.neighbors,
        cells.edge_ids,
        cells.crossings,
        kernel_state(rng),
        code,
        p,
        seeds,
        float(sprout),
        join == "meet",
        -1,
        *_NO_POSTS,
    )
