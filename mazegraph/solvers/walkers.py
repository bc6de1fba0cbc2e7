"""Solvers that walk the maze from the start: random mouse, wall follower, Pledge and chain.

None of them marks the maze. Each is a compiled loop over the CSR arrays; the
wall followers use the cyclic order of neighbours from
:func:`mazegraph.solvers._geometry.rotation`.
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded, kernel_state
from .._search import bfs_parents
from ..params import Choice, Number, Param
from ._common import record, wrap
from ._geometry import rotation
from ._registry import register

__all__ = ["random_mouse", "wall_follower", "pledge", "chain"]

LEFT, RIGHT = 0, 1


#: The most moves a walker may be asked for: about ten seconds of walking.
MAX_STEPS = 10**9

HAND = Param("hand", Choice(("left", "right")), "left", "the hand kept on the wall")
STEPS = Param("max_steps", Number(0, MAX_STEPS, integer=True), None, "moves before giving up (default: by maze size)")
DIRECTION = Param("direction", Number(-360, 360), None,
                  "preferred direction in degrees, 0 = east, 90 = north (default: towards the goal)")


def _hand(hand: str) -> int:
    return LEFT if hand == "left" else RIGHT


def _limit(max_steps, default: int) -> int:
    return default if max_steps is None else max_steps


# -- random mouse ------------------------------------------------------------------------


@kernel
def _mouse(indptr, neighbors, edge_ids, is_open, s, g, state, limit):
    n = len(indptr) - 1
    where = np.full(n, -1, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    top = record(stack, where, 0, s)
    cur, prev, steps = s, -1, 0
    while cur != g and steps < limit:
        count = 0
        for k in range(indptr[cur], indptr[cur + 1]):
            if is_open[edge_ids[k]] and neighbors[k] != prev:
                count += 1
        nxt = -1
        if count == 0:
            if prev < 0:
                break  # no open passage at all
            nxt = prev  # dead end: forced to turn back
        else:
            pick = bounded(state, count)
            for k in range(indptr[cur], indptr[cur + 1]):
                if is_open[edge_ids[k]] and neighbors[k] != prev:
                    if pick == 0:
                        nxt = neighbors[k]
                        break
                    pick -= 1
        prev, cur = cur, nxt
        steps += 1
        top = record(stack, where, top, cur)
    return cur == g, steps, stack[:top].copy()


@register("random_mouse", "Random Mouse", "1", "you", "random moves, no turning back unless at a dead end", (STEPS,))
def random_mouse(cells, is_open, start, goal, rng, *, max_steps=None):
    """Random Mouse: wander at random until the goal turns up.

    The mouse follows each passage to the next junction, where it picks one of
    the ways on at random; it turns back only at a dead end. It needs no memory
    and is not guaranteed to finish, so it stops after ``max_steps`` moves and
    reports failure.

    Parameters
    ----------
    cells : CellGraph
    is_open : numpy.ndarray of bool
    start, goal : int
        Cell indices.
    rng : numpy.random.Generator
    max_steps : int, optional
        Step limit, at most ``MAX_STEPS`` (10**9); ``100 * n_cells`` by default.

    Returns
    -------
    dict
        ``solved``, ``path`` (the route with loops erased), ``steps`` (moves) and ``memory`` (0).

    Raises
    ------
    InvalidOptionError
        If ``max_steps`` is not an integer in ``[0, MAX_STEPS]`` (checked by :func:`mazegraph.solve`).

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(5, 5), "backtracker", seed=1)
    >>> r = mg.solve(M, "random_mouse", seed=2)
    >>> r.solved, r.path[0] == M.start, r.path[-1] == M.goal
    (True, True, True)
    >>> mg.solve(M, "random_mouse", seed=2, max_steps=3).solved
    False

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Random Mouse", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    limit = _limit(max_steps, 100 * cells.n_cells)
    solved, steps, path = _mouse(
        cells.indptr, cells.neighbors, cells.edge_ids, is_open, start, goal, kernel_state(rng), limit
    )
    reason = "" if solved else f"step limit of {limit} moves reached"
    return {"solved": bool(solved), "path": path if solved else None, "steps": int(steps), "memory": 0,
            "reason": reason}


# -- wall following -------------------------------------------------------------------------


@kernel
def _turn_scan(indptr, edge_ids, is_open, cur, first, hand, include_first):
    """The first open slot of ``cur`` turning away from local slot ``first``.

    Left hand: clockwise (decreasing angle) from ``first``; right hand:
    counterclockwise. ``first`` itself is tried last when ``include_first``.
    Returns the local slot, or -1.
    """
    lo = indptr[cur]
    deg = indptr[cur + 1] - lo
    step = -1 if hand == 0 else 1
    for i in range(1, deg + 1):
        k = (first + step * i) % deg
        if k == first and not include_first:
            break
        if is_open[edge_ids[lo + k]]:
            return k
    return -1


@kernel
def _follow(indptr, neighbors, edge_ids, back, is_open, s, g, hand, limit):
    n = len(indptr) - 1
    where = np.full(n, -1, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    top = record(stack, where, 0, s)
    cur, into, steps = s, 0, 0  # a virtual arrival through slot 0 of the start
    first_out = -1
    while cur != g and steps < limit:
        k = _turn_scan(indptr, edge_ids, is_open, cur, into, hand, True)
        if k < 0:
            return False, steps, stack[:top].copy(), 1  # walled in
        slot = indptr[cur] + k
        if steps > 0 and cur == s and slot == first_out:
            return False, steps, stack[:top].copy(), 2  # back where it began: a closed circuit
        if steps == 0:
            first_out = slot
        nxt = neighbors[slot]
        into = back[slot] - indptr[nxt]
        cur = nxt
        steps += 1
        top = record(stack, where, top, cur)
    return cur == g, steps, stack[:top].copy(), 0 if cur == g else 3


_WHY = {1: "the start is walled in", 2: "it came back to where it began: the goal is not on the walls it follows "
        "(it sits on an island, or is unreachable)", 3: "step limit reached"}


@register("wall_follower", "Wall Follower", "1", "you", "keep one hand on the wall (left or right)", (HAND,))
def wall_follower(cells, is_open, start, goal, rng, *, hand="left"):
    """Wall Follower: keep one hand on the wall.

    At each cell take the first open passage turning from the one you came in
    by towards your hand (left hand: the leftmost, then straight on, then
    right, then back). The neighbours' cyclic order comes from the
    tessellation's geometry, so it runs on every tessellation, and 3D and
    higher mazes use Pullen's projection (up counts as northwest, down as
    southeast). It walks the boundary of one face of the passage graph: it
    finds the goal if the goal lies on the wall it follows, and otherwise comes
    back to where it began, which is detected, so it never runs forever.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).
    hand : {"left", "right"}

    Returns
    -------
    dict
        ``solved``, ``path``, ``steps`` (moves), ``memory`` (0) and ``reason``.

    Raises
    ------
    InvalidOptionError
        If ``hand`` is neither ``"left"`` nor ``"right"``.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.theta(4), "wilson", seed=3)
    >>> r = mg.solve(M, "wall_follower", hand="right")
    >>> r.solved, r.path == M.solution()
    (True, True)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Wall Follower", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    h = _hand(hand)
    nbr, eid, _, back = rotation(cells)
    limit = 2 * int(np.count_nonzero(is_open)) + 2
    solved, steps, path, why = _follow(cells.indptr, nbr, eid, back, is_open, start, goal, h, limit)
    return {"solved": bool(solved), "path": path if solved else None, "steps": int(steps), "memory": 0,
            "reason": _WHY.get(int(why), "")}


# -- Pledge ------------------------------------------------------------------------------------


@kernel
def _pledge(indptr, neighbors, edge_ids, angle, back, is_open, s, g, hand, heading, limit, tolerance):
    n = len(indptr) - 1
    where = np.full(n, -1, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    top = record(stack, where, 0, s)
    cur, into, steps = s, -1, 0
    following = False
    total = 0.0  # heading relative to the preferred direction, unwrapped
    while cur != g and steps < limit:
        lo = indptr[cur]
        deg = indptr[cur + 1] - lo
        if deg == 0:
            break
        k = -1
        if not following:
            ahead, best = 0, 10.0
            for j in range(deg):
                d = abs(wrap(angle[lo + j] - heading))
                if d < best:
                    ahead, best = j, d
            if is_open[edge_ids[lo + ahead]]:
                k = ahead
                total = wrap(angle[lo + ahead] - heading)
            else:  # a wall ahead: turn away from it until a way opens, then follow that wall
                total = wrap(angle[lo + ahead] - heading)
                k = _turn_scan(indptr, edge_ids, is_open, cur, ahead, hand, False)
                if k < 0:
                    break
                turn = wrap(angle[lo + k] - angle[lo + ahead])
                if hand == 0 and turn > 0:
                    turn -= 2 * np.pi
                if hand == 1 and turn < 0:
                    turn += 2 * np.pi
                total += turn
                following = True
        else:
            k = _turn_scan(indptr, edge_ids, is_open, cur, into, hand, True)
            if k < 0:
                break
            if k == into:
                turn = -np.pi if hand == 0 else np.pi
            else:
                turn = wrap(angle[lo + k] - angle[lo + into] - np.pi)
            total += turn
        slot = lo + k
        nxt = neighbors[slot]
        into = back[slot] - indptr[nxt]
        cur = nxt
        steps += 1
        top = record(stack, where, top, cur)
        if following and abs(total) < tolerance:
            following = False
    return cur == g, steps, stack[:top].copy()


@register("pledge", "Pledge Algorithm", "1", "you", "go one way; wall-follow, counting turns, until the count is 0",
          (HAND, DIRECTION, STEPS))
def pledge(cells, is_open, start, goal, rng, *, hand="left", direction=None, max_steps=None):
    """Pledge algorithm: a preferred direction, and wall following while counting turns.

    Go in the preferred direction while you can. At a wall, turn away from it
    and follow it with one hand, adding up the angle turned (left positive).
    When the total is back to zero, leave the wall and go on in the preferred
    direction. This escapes from inside an island to the outside edge, where a
    plain wall follower circles the island forever; it does not find a goal
    inside an island. On tessellations whose cells do not all have a passage
    in every direction (delta, theta, ...) "the preferred direction" is the
    cell's side nearest to it, and the total counts as zero within 45 degrees.
    The compass is the drawing's (``layout``); on glued surfaces it is the net's.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).
    hand : {"left", "right"}
    direction : float, optional
        Preferred direction in degrees, in ``[-360, 360]`` (0 = east, 90 = north); by default the
        start cell's side nearest to the straight line towards the goal.
    max_steps : int, optional
        Step limit, at most ``MAX_STEPS`` (Pledge may circle forever inside a maze); by default
        ``4 * (2 * open passages + cells)``.

    Returns
    -------
    dict
        ``solved``, ``path``, ``steps`` (moves), ``memory`` (0: one turn counter) and ``reason``.

    Raises
    ------
    InvalidOptionError
        If ``hand``, ``direction`` or ``max_steps`` is invalid.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(6, 6), "kruskal", seed=4)
    >>> r = mg.solve(M, "pledge")
    >>> r.solved, r.path == M.solution()
    (True, True)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Pledge Algorithm", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] H. Abelson and A. diSessa, *Turtle Geometry*, MIT Press, 1980.
    """
    h = _hand(hand)
    nbr, eid, angle, back = rotation(cells)
    lo, hi = cells.indptr[start], cells.indptr[start + 1]
    if direction is None:
        layout = cells.layout
        want = 0.0
        if layout is not None and start != goal:
            d = layout[goal] - layout[start]
            want = float(np.arctan2(d[1], d[0]))
        heading = want
        if hi > lo:
            diffs = np.abs((angle[lo:hi] - want + np.pi) % (2 * np.pi) - np.pi)
            heading = float(angle[lo + int(np.argmin(diffs))])
    else:
        heading = float(np.radians(direction))
    limit = _limit(max_steps, 4 * (2 * int(np.count_nonzero(is_open)) + cells.n_cells))
    solved, steps, path = _pledge(
        cells.indptr, nbr, eid, angle, back, is_open, start, goal, h, heading, limit, np.pi / 4
    )
    reason = "" if solved else f"goal not reached within {limit} moves (Pledge only escapes to the outside edge)"
    return {"solved": bool(solved), "path": path if solved else None, "steps": int(steps), "memory": 0,
            "reason": reason}


# -- chain --------------------------------------------------------------------------------------


def guide_line(cells, start: int, goal: int) -> np.ndarray | None:
    """Cells of the guide line: a shortest route over the bare tessellation, hugging the straight line."""
    all_open = np.ones(cells.n_edges, dtype=bool)
    parent = bfs_parents(cells.indptr, cells.neighbors, cells.edge_ids, all_open, goal, -1)
    if parent[start] < 0:
        return None
    from scipy.sparse.csgraph import shortest_path

    dist = shortest_path(cells.adjacency(), unweighted=True, indices=goal)
    layout = cells.layout
    line = [start]
    a = None if layout is None else layout[start]
    d = None if layout is None else layout[goal] - layout[start]
    while line[-1] != goal:
        u = line[-1]
        nb = cells.neighbors[cells.indptr[u] : cells.indptr[u + 1]]
        nb = nb[dist[nb] == dist[u] - 1]
        if layout is not None and len(nb) > 1:
            p = layout[nb] - a
            off = np.abs(p[:, 0] * d[1] - p[:, 1] * d[0])
            nb = nb[np.argsort(off, kind="stable")]
        line.append(int(nb[0]))
    return np.array(line, dtype=np.int64)


@kernel
def _robot_step(indptr, neighbors, edge_ids, back, is_open, cur, into, hand):
    k = _turn_scan(indptr, edge_ids, is_open, cur, into, hand, True)
    slot = indptr[cur] + k
    nxt = neighbors[slot]
    return nxt, back[slot] - indptr[nxt], slot


@kernel
def _chain(indptr, neighbors, edge_ids, back, is_open, line, s, g):
    n = len(indptr) - 1
    m = len(is_open)
    where = np.full(n, -1, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    on_line = np.full(n, -1, dtype=np.int64)
    for i in range(len(line)):
        on_line[line[i]] = i
    top = record(stack, where, 0, s)
    trail = np.empty((2, 2 * m + 2), dtype=np.int64)
    steps, i = 0, 0
    while line[i] != g:
        cur = line[i]
        lo = indptr[cur]
        blocked = -1
        for k in range(indptr[cur], indptr[cur + 1]):
            if neighbors[k] == line[i + 1]:
                if is_open[edge_ids[k]]:
                    blocked = -2
                else:
                    blocked = k - lo
                break
        if blocked == -2:
            i += 1
            steps += 1
            top = record(stack, where, top, line[i])
            continue
        # two robots, left and right hand, start at the wall blocking the line
        pos = np.empty(2, dtype=np.int64)
        into = np.empty(2, dtype=np.int64)
        first = np.empty(2, dtype=np.int64)
        length = np.zeros(2, dtype=np.int64)
        alive = np.zeros(2, dtype=np.bool_)
        for r in range(2):
            k = _turn_scan(indptr, edge_ids, is_open, cur, blocked, r, False)
            if k >= 0:
                alive[r] = True
                first[r] = lo + k
                nxt = neighbors[lo + k]
                pos[r], into[r] = nxt, back[lo + k] - indptr[nxt]
                trail[r, 0] = nxt
                length[r] = 1
                steps += 1
        winner = -1
        while winner < 0 and (alive[0] or alive[1]):
            for r in range(2):
                if not alive[r]:
                    continue
                if on_line[pos[r]] > i:
                    winner = r
                    break
                nxt, nin, slot = _robot_step(indptr, neighbors, edge_ids, back, is_open, pos[r], into[r], r)
                if (pos[r] == cur and slot == first[r]) or length[r] >= 2 * m + 2:
                    alive[r] = False  # went round the wall and back: no way on this side
                    continue
                pos[r], into[r] = nxt, nin
                trail[r, length[r]] = nxt
                length[r] += 1
                steps += 1
        if winner < 0:
            return False, steps, stack[:top].copy()
        for j in range(length[winner]):
            top = record(stack, where, top, trail[winner, j])
        i = on_line[pos[winner]]
    return True, steps, stack[:top].copy()


@register("chain", "Chain Algorithm", "1", "you+", "follow a guide line; two wall-following robots round each block")
def chain(cells, is_open, start, goal, rng):
    """Chain algorithm: a guide line from start to goal, and robots round each block.

    The guide line is a shortest route from start to goal over the bare
    tessellation (every wall ignored), chosen to hug the straight line between
    them in the drawing. Walk along it while passages allow. Where a wall
    blocks it, send two robots from there, one following the wall with its
    left hand, one with its right, a move each in turn, until one reaches the
    line further on; continue from there. If both robots come round to where
    they started, the goal cannot be reached.

    Parameters
    ----------
    cells, is_open, start, goal, rng
        As for every solver (see :func:`mazegraph.solve`).

    Returns
    -------
    dict
        ``solved``, ``path``, ``steps`` (moves of walker and robots) and
        ``memory`` (the cells of the guide line).

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.sigma(6, 6), "prim_true", seed=5)
    >>> r = mg.solve(M, "chain")
    >>> r.solved, r.path == M.solution()
    (True, True)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Chain Algorithm", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    line = guide_line(cells, start, goal)
    nbr, eid, _, back = rotation(cells)
    solved, steps, path = _chain(cells.indptr, nbr, eid, back, is_open, line, start, goal)
    reason = "" if solved else "both robots came back round the blocking wall: the goal cannot be reached"
    return {"solved": bool(solved), "path": path if solved else None, "steps": int(steps), "memory": len(line),
            "reason": reason}
