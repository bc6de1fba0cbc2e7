"""Hypotheses for Daedalus' wall-adding hunt and kill, measured on the post lattice (issue 15).

Daedalus 3.5 makes 21.47% dead ends and a 3.75% solution at 100 x 100 as a wall adder (500 mazes,
``mazegraph/reference/daedalus_generation.csv``); mazegraph's wall mode (hunt and kill on the wall dual,
boundary contracted to one vertex, breadth-first hunt) makes about 22.4% / 4.8%. This script runs hunt and
kill directly on the (rows + 1) x (cols + 1) lattice of posts, every boundary post already in the maze, and
varies one choice at a time:

- ``start``: ``interior`` (a random interior post, outside the maze: the first step is a hunt from there),
  ``boundary`` (a random boundary post: the walk starts there), ``any`` (a random post of the lattice);
- ``hunt``: ``maze`` (the first maze post with an outside neighbour; the wall goes to a random one, as the
  passage carver's spiral hunt), ``outside`` (the first outside post with a maze neighbour; the wall comes
  from a random one), ``first`` (the same, from the first maze neighbour in the order east, south, west,
  north), ``cyclic`` (the same, from the first maze neighbour clockwise from a random direction);
- ``search``: ``spiral`` (square spiral from the post where the walk got stuck, first direction random),
  ``spiral_east`` (the same, always leaving eastwards), ``scan`` (row by row from the top left),
  ``resume`` (row by row from where the last hunt stopped);
- ``kill``: ``uniform`` (a random outside neighbour), ``cw`` / ``ccw`` (the first outside neighbour
  clockwise / anticlockwise from a random direction).

The same code with cells in place of posts and no boundary (``--passage``) is checked against Daedalus'
passage figures (10.04% / 9.54%).

None of those matched (closest: spiral hunt, anticlockwise walk, 21.60% / 3.50%). Reading Daedalus 3.5's source
(create.cpp, ``CreateMazePerfect2``; https://github.com/CruiserOne/Daedalus) for its behaviour showed a different
hunt altogether, :func:`boustrophedon` (``--daedalus``): a sweep over the posts that never starts over and jumps
to an edge after each walk, with the walk trying the four directions anticlockwise from a random one. It gives
21.48% / 3.73% over 200 mazes, Daedalus' figures; without the jump to an edge the solution falls to 2.03%, with a
uniform walk the dead ends rise to 22.4%. mazegraph's ``hunt_and_kill`` makes it the default wall adder on
rectangles (``hunt="serpentine"``). Dead ends and solution (upper left to lower right) are computed here
and checked against :mod:`mazegraph.metrics` on small mazes (``--check``).

Run: ``python experiments/hunt_wall_hypotheses.py [MAZES]`` (200 mazes per hypothesis by default: about
a minute), ``--check``, ``--passage``, ``--daedalus``.
"""

from __future__ import annotations

import argparse
import itertools

import numba
import numpy as np

from mazegraph._random import bounded, kernel_state

DR = np.array([0, 1, 0, -1])  # east, south, west, north (rows grow downwards: clockwise)
DC = np.array([1, 0, -1, 0])
STARTS = ("interior", "boundary", "any")
HUNTS = ("maze", "outside", "first", "cyclic")
SEARCHES = ("spiral", "spiral_east", "scan", "resume")
KILLS = ("uniform", "cw", "ccw")


@numba.njit(cache=True)
def _pick(slots, k, rule, state):
    """A direction among ``slots[:k]``: uniform (0), first clockwise (1) or anticlockwise (2) from a random
    direction, or the first in the order east, south, west, north (3)."""
    if rule == 0:
        return slots[bounded(state, k)]
    d0 = bounded(state, 4) if rule != 3 else 0
    for t in range(4):
        d = (d0 + t) % 4 if rule != 2 else (d0 - t) % 4
        for q in range(k):
            if slots[q] == d:
                return d
    return -1


@numba.njit(cache=True)
def _candidate(inn, r, c, want_in, slots):
    """How many neighbours of (r, c) are on the other side of the maze boundary, if (r, c) is ``want_in``."""
    rows, cols = inn.shape
    if not (0 <= r < rows and 0 <= c < cols) or inn[r, c] != want_in:
        return 0
    k = 0
    for d in range(4):
        a, b = r + DR[d], c + DC[d]
        if 0 <= a < rows and 0 <= b < cols and inn[a, b] != want_in:
            slots[k] = d
            k += 1
    return k


@numba.njit(cache=True)
def hunt_and_kill(rows, cols, start, hunt, search, kill, passage, state):
    """Links added between lattice nodes: ``east[i, j]`` joins (i, j)-(i, j+1), ``south[i, j]`` (i, j)-(i+1, j).

    Walls between posts (``passage=False``, lattice (rows + 1) x (cols + 1), boundary posts in the maze),
    or passages between cells (``passage=True``, lattice rows x cols, one random cell in the maze).
    """
    pr, pc = (rows, cols) if passage else (rows + 1, cols + 1)
    inn = np.zeros((pr, pc), np.bool_)
    left = pr * pc
    if not passage:
        for i in range(pr):
            for j in range(pc):
                if i == 0 or j == 0 or i == rows or j == cols:
                    inn[i, j] = True
        left = (rows - 1) * (cols - 1)
    east = np.zeros((pr, pc), np.bool_)
    south = np.zeros((pr, pc), np.bool_)
    slots = np.empty(4, np.int64)
    if passage:
        ci, cj = bounded(state, pr), bounded(state, pc)
        inn[ci, cj] = True
        left -= 1
    elif start == 0:
        ci, cj = 1 + bounded(state, rows - 1), 1 + bounded(state, cols - 1)
    elif start == 1:
        k = bounded(state, 2 * (rows + cols))  # clockwise round the boundary from the top left
        if k < cols:
            ci, cj = 0, k
        elif k < cols + rows:
            ci, cj = k - cols, cols
        elif k < 2 * cols + rows:
            ci, cj = rows, cols - (k - cols - rows)
        else:
            ci, cj = rows - (k - 2 * cols - rows), 0
    else:
        ci, cj = bounded(state, pr), bounded(state, pc)
    cursor = 0
    want_in = hunt == 0
    while left > 0:
        while inn[ci, cj]:  # kill
            k = _candidate(inn, ci, cj, True, slots)
            if k == 0:
                break
            d = _pick(slots, k, kill, state)
            if d == 0:
                east[ci, cj] = True
            elif d == 2:
                east[ci, cj - 1] = True
            elif d == 1:
                south[ci, cj] = True
            else:
                south[ci - 1, cj] = True
            ci, cj = ci + DR[d], cj + DC[d]
            inn[ci, cj] = True
            left -= 1
        if left == 0:
            break
        k = 0
        r, c = ci, cj
        if search >= 2:  # row-major scan, from the top left or from where the last hunt stopped
            first = 0 if search == 2 else cursor
            for step in range(pr * pc):
                p = (first + step) % (pr * pc)
                r, c = p // pc, p % pc
                k = _candidate(inn, r, c, want_in, slots)
                if k > 0:
                    cursor = p
                    break
        else:
            direction = bounded(state, 4) if search == 0 else 0
            run = 1
            while k == 0:
                for _ in range(2):
                    for _step in range(run):
                        r, c = r + DR[direction], c + DC[direction]
                        k = _candidate(inn, r, c, want_in, slots)
                        if k > 0:
                            break
                    if k > 0:
                        break
                    direction = (direction + 1) % 4
                run += 1
        d = _pick(slots, k, (0, 0, 3, 1)[hunt], state)
        if d == 0:
            east[r, c] = True
        elif d == 2:
            east[r, c - 1] = True
        elif d == 1:
            south[r, c] = True
        else:
            south[r - 1, c] = True
        if hunt == 0:  # the walk goes on from the outside post the wall reached
            ci, cj = r + DR[d], c + DC[d]
        else:
            ci, cj = r, c
        inn[ci, cj] = True
        left -= 1
    return east, south


# Directions as Daedalus numbers them (Daedalus 3.5, graphics.cpp, read for behaviour): north, west, south,
# east; the next direction is the one after, anticlockwise on a screen whose rows grow downwards.
NWSE_DR = np.array([-1, 0, 1, 0])
NWSE_DC = np.array([0, -1, 0, 1])


@numba.njit(cache=True)
def boustrophedon(rows, cols, teleport, cyclic, state):
    """Walls added the way Daedalus 3.5's wall-adding hunt and kill adds them, as learnt by reading it.

    Posts are a (rows + 1) x (cols + 1) lattice, every boundary post in the maze from the start. The hunt is a
    boustrophedon scan that never restarts: it goes along a line of posts (rows or, ``by_rows`` false, columns)
    in its inner direction, at the line's end reverses the inner direction and steps one line on in its outer
    direction, and at the last line reverses the outer direction (when that makes it point forwards again the
    scan switches between rows and columns and jumps to the first post of its new line). The inner coordinate
    steps only up to the post before the last one, so the far edge is reached only by jumping there. The scan
    stops at the first post in the maze and tries the four directions from it (from a random one, then each
    next, anticlockwise); it goes on scanning from there when none is free. A walk then adds walls to posts
    outside the maze, each time trying the four directions in the same cyclic order (``cyclic``; else a
    uniformly random free one) until stuck. When stuck it jumps (``teleport``) to a random end of the line it
    is on, facing outwards, so the scan goes on along the next line from that edge. Starts at a random post.
    """
    pr, pc = rows + 1, cols + 1
    inn = np.zeros((pr, pc), np.bool_)
    for i in range(pr):
        for j in range(pc):
            inn[i, j] = i == 0 or j == 0 or i == rows or j == cols
    east = np.zeros((pr, pc), np.bool_)
    south = np.zeros((pr, pc), np.bool_)
    left = (rows - 1) * (cols - 1)
    inner = 1 if bounded(state, 2) else -1
    outer = 1 if bounded(state, 2) else -1
    by_rows = bounded(state, 2) == 1
    r, c = bounded(state, pr), bounded(state, pc)
    hunting = True
    passes = 0
    free = np.empty(4, np.int64)
    while left > 0:
        # hunt: step the scan until it stands on a post in the maze
        while True:
            if by_rows:
                if 0 <= c + inner < cols:
                    c += inner
                else:
                    inner = -inner
                    if 0 <= r + outer < rows:
                        r += outer
                    else:
                        outer = -outer
                        passes += 1
                        if passes > 1:
                            return east, south
                        if outer > 0:
                            by_rows = False
                            c = 0
            else:
                if 0 <= r + inner < rows:
                    r += inner
                else:
                    inner = -inner
                    if 0 <= c + outer < cols:
                        c += outer
                    else:
                        outer = -outer
                        passes += 1
                        if passes > 1:
                            return east, south
                        if outer > 0:
                            by_rows = True
                            r = 0
            if inn[r, c]:
                break
        # walk: add walls to posts outside the maze until stuck
        while True:
            k = 0
            for d in range(4):
                a, b = r + NWSE_DR[d], c + NWSE_DC[d]
                if 0 <= a < pr and 0 <= b < pc and not inn[a, b]:
                    free[k] = d
                    k += 1
            if k == 0:
                break
            if cyclic:
                d0 = bounded(state, 4)
                for t in range(4):
                    d = (d0 + t) % 4
                    a, b = r + NWSE_DR[d], c + NWSE_DC[d]
                    if 0 <= a < pr and 0 <= b < pc and not inn[a, b]:
                        break
            else:
                d = free[bounded(state, k)]
            a, b = r + NWSE_DR[d], c + NWSE_DC[d]
            if d == 3:
                east[r, c] = True
            elif d == 1:
                east[r, b] = True
            elif d == 2:
                south[r, c] = True
            else:
                south[a, c] = True
            r, c = a, b
            inn[r, c] = True
            hunting = False
            passes = 0
            left -= 1
            if left == 0:
                return east, south
        if not hunting:
            hunting = True
            if teleport:
                j = bounded(state, 2)
                if by_rows:
                    c = 0 if j else cols
                else:
                    r = 0 if j else rows
                inner = -1 if j else 1
    return east, south


@numba.njit(cache=True)
def texture(rows, cols, east, south, walls):
    """Dead-end % and solution % (upper left to lower right); (-1, -1) if the maze is not connected.

    ``walls``: ``east``/``south`` are walls between posts; else passages between cells.
    """
    n = rows * cols
    nbr = np.full((n, 4), -1, np.int64)
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and (east[r, c] if not walls else not south[r, c + 1]):
                nbr[r * cols + c, 0] = r * cols + c + 1
                nbr[r * cols + c + 1, 2] = r * cols + c
            if r + 1 < rows and (south[r, c] if not walls else not east[r + 1, c]):
                nbr[r * cols + c, 1] = (r + 1) * cols + c
                nbr[(r + 1) * cols + c, 3] = r * cols + c
    dead = 0
    for u in range(n):
        if (nbr[u] >= 0).sum() == 1:
            dead += 1
    parent = np.full(n, -2, np.int64)
    queue = np.empty(n, np.int64)
    queue[0] = 0
    parent[0] = -1
    head, tail = 0, 1
    while head < tail:
        u = queue[head]
        head += 1
        for v in nbr[u]:
            if v >= 0 and parent[v] == -2:
                parent[v] = u
                queue[tail] = v
                tail += 1
    if tail != n:
        return -1.0, -1.0
    length = 0
    v = n - 1
    while v != -1:
        length += 1
        v = parent[v]
    return 100.0 * dead / n, 100.0 * length / n


def _state(seed):
    return kernel_state(np.random.default_rng(seed))


def measure(mazes, start, hunt, search, kill, passage=False, size=100):
    """Means and 95% CI half-widths of dead ends and solution over seeds 0 .. mazes - 1."""
    figures = np.array(
        [
            texture(
                size, size, *hunt_and_kill(size, size, start, hunt, search, kill, passage, _state(seed)), not passage
            )
            for seed in range(mazes)
        ]
    )
    assert (figures >= 0).all(), "a maze is not connected"
    mean = figures.mean(axis=0)
    ci = 1.96 * figures.std(axis=0, ddof=1) / np.sqrt(mazes)
    return mean[0], ci[0], mean[1], ci[1]


def check():
    """Every hypothesis makes perfect mazes whose figures mazegraph's own metrics agree with."""
    import mazegraph as mg

    rows, cols = 9, 12
    G = mg.tessellations.orthogonal(rows, cols)
    for start, hunt, search, kill in itertools.product(range(3), range(4), range(4), range(3)):
        for passage in (False, True):
            east, south = hunt_and_kill(rows, cols, start, hunt, search, kill, passage, _state(7))
            if passage:
                opened = [((r, c), (r, c + 1)) for r, c in zip(*np.nonzero(east))]
                opened += [((r, c), (r + 1, c)) for r, c in zip(*np.nonzero(south))]
            else:
                opened = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1) if not south[r, c + 1]]
                opened += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols) if not east[r + 1, c]]
            maze = mg.Maze(G, opened)
            assert maze.is_perfect()
            dead, solution = texture(rows, cols, east, south, not passage)
            assert abs(dead - mg.metrics.dead_end_pct(maze)) < 1e-9
            assert abs(solution - mg.metrics.solution_pct(maze)) < 1e-9
    for teleport, cyclic in itertools.product((True, False), repeat=2):
        east, south = boustrophedon(rows, cols, teleport, cyclic, _state(7))
        opened = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1) if not south[r, c + 1]]
        opened += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols) if not east[r + 1, c]]
        assert mg.Maze(G, opened).is_perfect()
    print("ok: perfect mazes, figures equal to mazegraph.metrics")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mazes", nargs="?", type=int, default=200)
    parser.add_argument("--check", action="store_true", help="check the code against mazegraph on small mazes")
    parser.add_argument("--passage", action="store_true", help="the passage carver, against 10.04 / 9.54")
    parser.add_argument("--daedalus", action="store_true", help="Daedalus' sweep, with and without its details")
    args = parser.parse_args(argv)
    if args.daedalus:
        print("Daedalus 3.5, wall adding: dead ends 21.47 +- 0.02, solution 3.75 +- 0.05")
        for teleport, cyclic in itertools.product((True, False), repeat=2):
            figures = np.array(
                [
                    texture(100, 100, *boustrophedon(100, 100, teleport, cyclic, _state(seed)), True)
                    for seed in range(args.mazes)
                ]
            )
            assert (figures >= 0).all(), "a maze is not connected"
            mean = figures.mean(axis=0)
            ci = 1.96 * figures.std(axis=0, ddof=1) / np.sqrt(args.mazes)
            print(
                f"sweep jump_to_edge={teleport!s:5} walk={'anticlockwise' if cyclic else 'uniform':13} "
                f"dead ends {mean[0]:5.2f} +- {ci[0]:.2f}  solution {mean[1]:5.2f} +- {ci[1]:.2f}",
                flush=True,
            )
        return
    if args.check:
        check()
        return
    if args.passage:
        for hunt, kill in itertools.product((0, 1), range(3)):
            dead, dci, sol, sci = measure(args.mazes, 0, hunt, 0, kill, passage=True)
            print(
                f"passage hunt={HUNTS[hunt]:8} kill={KILLS[kill]:8} dead ends {dead:5.2f} +- {dci:.2f}  "
                f"solution {sol:5.2f} +- {sci:.2f}",
                flush=True,
            )
        return
    print("Daedalus 3.5, wall adding: dead ends 21.47 +- 0.02, solution 3.75 +- 0.05")
    for start, hunt, search, kill in itertools.product(range(3), range(4), range(4), range(3)):
        dead, dci, sol, sci = measure(args.mazes, start, hunt, search, kill)
        print(
            f"start={STARTS[start]:8} hunt={HUNTS[hunt]:8} search={SEARCHES[search]:11} kill={KILLS[kill]:8} "
            f"dead ends {dead:5.2f} +- {dci:.2f}  solution {sol:5.2f} +- {sci:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
