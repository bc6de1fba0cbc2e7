"""Recursive backtracker: a depth-first walk that carves until stuck, then backs up.

One kernel serves every tessellation: on a weave it asks :func:`mazegraph.structure.can_open`
whether an edge may open, so weave tunnels (Buck's weave backtracker,
:func:`weave_backtracker`) are a rule of the edge test, not another loop; elsewhere
only the zeta rule (``crosses_open``) applies and the general test is not called.
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state, uniform
from ..cellgraph import CellGraph
from ..errors import InvalidOptionError
from ..params import Number, Param
from ..structure.passages import can_open, constraints, crosses_open, open_edge
from .registry import Weave, algorithm

__all__ = ["backtracker", "weave_backtracker"]


@kernel
def _backtracker(edges, indptr, neighbors, edge_ids, direction, crosses, under, bias, run, state):
    n = len(indptr) - 1
    is_open = np.zeros(len(edges), dtype=np.bool_)
    if n == 0:
        return is_open
    # can_open is a call with ten arrays; without tunnels only the zeta rule (crosses_open, inlined) can
    # refuse an edge, and skipping the call makes plain grids about 5x faster (2.4 -> 0.5 ms at 100 x 100)
    tunnelled = len(under) > 0
    deg = np.zeros(n if tunnelled else 0, dtype=np.int64)  # open passages and tunnels above, for the weave rule
    locked = np.zeros(n if tunnelled else 0, dtype=np.int64)
    visited = np.zeros(n, dtype=np.bool_)
    came = np.full(n, -1, dtype=np.int8)  # direction class of the edge each cell was entered by
    stack = np.empty(n, dtype=np.int32)
    max_degree = 0
    for u in range(n):
        max_degree = max(max_degree, indptr[u + 1] - indptr[u])
    slots = np.empty(max(max_degree, 1), dtype=np.int64)  # CSR slots leading to carvable neighbours
    weighted = bias != 0.0
    keep_running = run > 0.0
    start = bounded(state, n)
    visited[start] = True
    stack[0] = start
    top = 1
    while top > 0:
        u = stack[top - 1]
        k = 0
        for s in range(indptr[u], indptr[u + 1]):
            if visited[neighbors[s]]:
                continue
            if tunnelled:
                if not can_open(edge_ids[s], edges, indptr, edge_ids, crosses, under, direction, is_open, deg, locked):
                    continue
            elif crosses_open(edge_ids[s], crosses, is_open):
                continue
            slots[k] = s
            k += 1
        if k == 0:
            top -= 1  # dead end: back up
            continue
        chosen = -1
        if keep_running and came[u] >= 0:
            straight = 0
            for i in range(k):
                if direction[edge_ids[slots[i]]] == came[u]:
                    straight += 1
            if straight > 0 and uniform(state) < run:
                pick = bounded(state, straight)
                for i in range(k):
                    if direction[edge_ids[slots[i]]] == came[u]:
                        if pick == 0:
                            chosen = slots[i]
                            break
                        pick -= 1
        if chosen < 0 and weighted:
            total = 0.0
            for i in range(k):
                c = direction[edge_ids[slots[i]]]
                total += 1.0 + bias if c == 0 else (1.0 - bias if c == 1 else 1.0)
            if total > 0.0:
                target = uniform(state) * total
                for i in range(k):
                    c = direction[edge_ids[slots[i]]]
                    target -= 1.0 + bias if c == 0 else (1.0 - bias if c == 1 else 1.0)
                    if target < 0.0:
                        chosen = slots[i]
                        break
                if chosen < 0:  # rounding left a sliver: take the last candidate of positive weight
                    for i in range(k - 1, -1, -1):
                        c = direction[edge_ids[slots[i]]]
                        if (1.0 + bias if c == 0 else (1.0 - bias if c == 1 else 1.0)) > 0.0:
                            chosen = slots[i]
                            break
        if chosen < 0:
            chosen = slots[bounded(state, k)]
        v = neighbors[chosen]
        e = edge_ids[chosen]
        if tunnelled:  # degrees and locks matter to can_open only
            open_edge(e, edges, under, is_open, deg, locked)
        else:
            is_open[e] = True
        visited[v] = True
        if len(direction):
            came[v] = direction[e]
        stack[top] = v
        top += 1
    return is_open


_NO_DIRECTION = np.empty(0, dtype=np.int8)


def weave_backtracker(cells: CellGraph, rng: np.random.Generator):
    """Recursive backtracker on a weave tessellation, tunnelling only beneath straight corridors.

    As the recursive backtracker, with one more kind of move (Buck's weave
    backtracker): from the cell on top of the stack it may tunnel to an unvisited
    cell two steps away, beneath a cell already in the maze that is a straight
    corridor across the tunnel (its only two passages perpendicular to it) and
    has no tunnel beneath it yet; once tunnelled under, that cell takes no more
    passages. The walk visits every cell, so the result is a spanning tree of the
    weave graph. It is the backtracker's own loop, whose edge test
    (:func:`mazegraph.structure.can_open`) keeps the weave rule.

    Parameters
    ----------
    cells : CellGraph
        A weave tessellation (``mazegraph.generate(G, "backtracker")`` runs this).
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.weave(8, 8), "backtracker", seed=1)
    >>> M.is_perfect(), len(mg.weave_violations(M))
    (True, 0)

    References
    ----------
    .. [1] J. Buck, "Maze Generation: Weave mazes", 2011,
       https://weblog.jamisbuck.org/2011/3/4/maze-generation-weave-mazes
    .. [2] W. D. Pullen, "Maze Classification: Dimension (weave)" and "Maze
       Algorithms: Recursive backtracker", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    crosses, under, direction = constraints(cells)
    return _backtracker(
        cells.edges, cells.indptr, cells.neighbors, cells.edge_ids, direction, crosses, under, 0.0, 0.0,
        kernel_state(rng),
    )


BIAS = Param("bias", Number(-1, 1), 0.0, "preference for direction class 0 (positive) or class 1 (negative)")
RUN = Param("run", Number(0, 1, high_open=True), 0.0, "probability of going on in the direction class just taken")


def _check_directions(cells: CellGraph, options: dict) -> None:
    """bias and run need direction classes (two of them, for bias)."""
    bias, run = options["bias"], options["run"]
    if (bias != 0.0 or run != 0.0) and cells.direction is None:
        raise InvalidOptionError(
            f"bias and run need edge direction classes (edge attribute 'direction'), which this {cells.name} "
            "graph lacks; leave them at 0"
        )
    if bias != 0.0 and len(cells.direction_names) < 2:
        raise InvalidOptionError(
            f"bias shifts choices between two direction classes, and this {cells.name} tessellation has only "
            f"{len(cells.direction_names)} ({', '.join(cells.direction_names)}); leave it at 0"
        )


@algorithm(
    "backtracker",
    "recursive backtracker: depth-first carving with a stack; long winding passages, few dead ends",
    options=(BIAS, RUN),
    crossings=True,
    weave=Weave(weave_backtracker),
    wall_focus=False,
    check_options=_check_directions,
    reachable="mazegraph.uniformity.models:backtracker",
)
def backtracker(cells: CellGraph, rng: np.random.Generator, *, bias=0.0, run=0.0):
    """Recursive backtracker (randomized depth-first search).

    Starts at a random cell. From the cell on top of a stack it carves into a
    random neighbour not yet in the maze and pushes that neighbour; when the top
    cell has no such neighbour it pops the stack (backs up). The maze is done
    when the stack is empty. The stack is an array, so there is no Python
    recursion and any size runs. Pullen rates the texture as about 10% dead ends
    with a long, winding solution (about 19% of the cells of a 100 x 100 maze),
    the highest "river" factor of the standard algorithms. On zeta tessellations
    a diagonal whose crossing diagonal is already open is never carved; the
    orthogonal neighbours keep every cell reachable, so the result is still a
    spanning tree. On weave tessellations it is Buck's weave backtracker
    (:func:`weave_backtracker`): it may also tunnel beneath
    a cell of the maze that is a straight corridor across the tunnel.

    Pullen's texture parameters, both off by default:

    - ``bias`` favours one direction class over another. Every candidate edge
      gets a weight from its direction class (``cells.direction``, named by
      ``cells.direction_names``): ``1 + bias`` for class 0, ``1 - bias`` for
      class 1 and ``1`` for any other class; the next edge is drawn with
      probability proportional to its weight. So on an orthogonal grid, with one
      horizontal and one vertical candidate, the horizontal one is taken with
      probability ``(1 + bias) / 2``. At ``bias = +1`` class-1 edges are taken
      only when nothing else is left (and likewise class 0 at ``-1``). The two
      classes are ``horizontal``/``vertical`` on orthogonal, upsilon, zeta,
      weave, masks, grids and glued surfaces, ``radial``/``circumferential`` on
      theta, ``rising``/``falling`` on delta and ``east-west``/
      ``northeast-southwest`` on sigma and Voronoi tessellations.
    - ``run`` keeps going straight: when the cell on top was entered through an
      edge of direction class ``d`` and one or more carvable edges of class
      ``d`` leave it (straight on, on square, hexagonal, theta and upsilon
      grids), one of them is taken with probability ``run``; otherwise the
      choice is made as above (which may also go straight). A cell returned to
      by backing up remembers the class it was entered by. Where every cell has
      just one edge of each class (delta) ``run`` has no effect. The expected
      straight stretch grows roughly like ``1 / (1 - run)``.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    bias : float in [-1, 1], default 0
        Preference for direction class 0 (positive) or class 1 (negative).
    run : float in [0, 1), default 0
        Probability of continuing in the direction class just taken.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Raises
    ------
    InvalidOptionError
        If ``bias`` is not a number in [-1, 1] or ``run`` not one in [0, 1), or
        if either is nonzero on a graph without direction classes (a plain user
        graph), either is given on a weave, or ``bias`` is nonzero on a
        tessellation with a single class (raised by :meth:`Algorithm.validate`).

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(20, 20)
    >>> M = mg.generate(G, "backtracker", seed=3)
    >>> M.is_perfect()
    True
    >>> wide = mg.generate(G, "backtracker", seed=3, bias=0.8, run=0.5)
    >>> wide.is_perfect() and wide != M
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Recursive backtracker" and "Maze
       Classification: Texture (bias, run)", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf, 2015, ch. 5
       (recursive backtracker and its texture); J. Buck, "Maze Generation:
       Recursive Backtracking", The Buckblog, 27 Dec 2010.
    """
    direction = _NO_DIRECTION if cells.direction is None else cells.direction
    return _backtracker(
        cells.edges, cells.indptr, cells.neighbors, cells.edge_ids, direction, cells.crossings, cells.tunnels, bias,
        run, kernel_state(rng),
    )
