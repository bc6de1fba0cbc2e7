"""Which reading of Eller's algorithm reproduces Daedalus 3.5's figures? (issue 15)

A small, self-contained Eller on an ``R x C`` orthogonal grid (rows top to
bottom), with one switch per hypothesis, and the two figures of Pullen's table
(dead ends, solution from the upper-left to the lower-right cell) plus the
share of passages along the rows, computed in the same kernel. The figures are
checked against :mod:`mazegraph.metrics` on a few mazes before measuring.

Run: ``PYTHONPATH=$PWD python experiments/eller_variants.py [mazes]``.
"""

# ruff: noqa: NPY002  (numba kernels draw from its own legacy-style np.random stream)
from __future__ import annotations

import math
import sys

import numba
import numpy as np

# how the passages down are chosen
DOWN_ANY = 0  # each down edge with p_down, then one more from a uniformly random cell of every set with none
DOWN_LAST_LR = 1  # one pass left to right: p_down each, forced on the last cell of a set (rightmost) if none went
DOWN_LAST_RL = 2  # the same pass right to left: forced on the leftmost cell
DOWN_LAST_JOIN = 3  # the pass in the join's own scrambled order: forced on the set's last cell in that order
DOWN_FIRST_LR = 4  # the forced passage from the leftmost cell of the set, extra ones with p_down elsewhere
DOWN_ONE_PLUS = 5  # one passage from a uniformly random cell of every set, and each other cell with p_down
DOWN_INTERLEAVED = 6  # one pass in the scrambled order: each cell joins right, then goes down (forced if last)
DOWN_LAST_EITHER = 7  # as DOWN_LAST_LR, the pass left to right or right to left at random in each row
# the order of the last row's joins (all pairs of different sets)
LAST_LR = 0
LAST_RL = 1
LAST_SCRAMBLED = 2


@numba.njit(cache=True)
def _find(par, x):
    while par[x] >= 0:
        x = par[x]
    return x


@numba.njit(cache=True)
def _interleaved_row(r, C, lab, par, visit, east, south, p_join, p_down):
    """Joins and passages down in one pass over the row in ``visit`` order.

    A set's undecided cells are counted over the union-find roots; a cell that
    is the last undecided cell of a set with no passage down yet must go down.
    """
    und = np.zeros(C, dtype=np.int64)  # undecided cells per set root
    has = np.zeros(C, dtype=np.bool_)  # the set has a passage down
    for q in range(C):
        und[_find(par, lab[q])] += 1
    for i in range(C):
        q = visit[i]
        if q < C - 1 and np.random.random() < p_join:
            a = _find(par, lab[q])
            b = _find(par, lab[q + 1])
            if a != b:
                par[b] = a
                und[a] += und[b]
                has[a] = has[a] or has[b]
                east[r, q] = True
        a = _find(par, lab[q])
        und[a] -= 1
        if (und[a] == 0 and not has[a]) or np.random.random() < p_down:
            south[r, q] = True
            has[a] = True


@numba.njit(cache=True)
def variant_maze(R, C, p_join, p_down, scrambled, down_mode, seed, last_mode=0):
    """East (R x C) and south (R x C) open flags of one maze."""
    np.random.seed(seed)
    east = np.zeros((R, C), dtype=np.bool_)
    south = np.zeros((R, C), dtype=np.bool_)
    lab = np.arange(C)
    par = np.full(2 * C + 2, -1)
    visit = np.arange(C)
    for r in range(R):
        # sets of this row: labels 0 .. C-1 (union-find over labels)
        for x in range(C):
            par[x] = -1
        last = r == R - 1
        if (scrambled and not last) or (last and last_mode == LAST_SCRAMBLED):
            for q in range(C):
                j = np.random.randint(0, q + 1)
                visit[q] = visit[j]
                visit[j] = q
        elif last and last_mode == LAST_RL:
            for q in range(C):
                visit[q] = C - 1 - q
        else:
            for q in range(C):
                visit[q] = q
        if down_mode == DOWN_INTERLEAVED and not last:
            _interleaved_row(r, C, lab, par, visit, east, south, p_join, p_down)
        for i in range(C):
            q = visit[i]
            if q == C - 1 or (down_mode == DOWN_INTERLEAVED and not last):
                continue
            if last or np.random.random() < p_join:
                a = _find(par, lab[q])
                b = _find(par, lab[q + 1])
                if a != b:
                    par[b] = a
                    east[r, q] = True
        if last:
            break
        # passages down
        root = np.empty(C, dtype=np.int64)
        size = np.zeros(C, dtype=np.int64)  # cells of each set not yet decided
        done = np.zeros(C, dtype=np.bool_)  # the set has a passage down
        for q in range(C):
            root[q] = _find(par, lab[q])
            size[root[q]] += 1
        if down_mode == DOWN_INTERLEAVED:
            pass
        elif down_mode == DOWN_ANY:
            for q in range(C):
                if np.random.random() < p_down:
                    south[r, q] = True
                    done[root[q]] = True
            cnt = np.zeros(C, dtype=np.int64)
            pick = np.zeros(C, dtype=np.int64)
            for q in range(C):
                a = root[q]
                if not done[a]:
                    cnt[a] += 1
                    if np.random.randint(0, cnt[a]) == 0:
                        pick[a] = q
            for a in range(C):
                if cnt[a] > 0:
                    south[r, pick[a]] = True
        elif down_mode == DOWN_ONE_PLUS:
            cnt = np.zeros(C, dtype=np.int64)
            pick = np.zeros(C, dtype=np.int64)
            for q in range(C):
                a = root[q]
                cnt[a] += 1
                if np.random.randint(0, cnt[a]) == 0:
                    pick[a] = q
            for q in range(C):
                if pick[root[q]] == q or np.random.random() < p_down:
                    south[r, q] = True
        elif down_mode == DOWN_FIRST_LR:
            for q in range(C):
                a = root[q]
                if not done[a]:
                    south[r, q] = True
                    done[a] = True
                elif np.random.random() < p_down:
                    south[r, q] = True
        else:
            flip = down_mode == DOWN_LAST_RL or (down_mode == DOWN_LAST_EITHER and np.random.random() < 0.5)
            for i in range(C):
                if down_mode == DOWN_LAST_LR or (down_mode == DOWN_LAST_EITHER and not flip):
                    q = i
                elif flip:
                    q = C - 1 - i
                else:
                    q = visit[i]
                a = root[q]
                size[a] -= 1
                if (size[a] == 0 and not done[a]) or np.random.random() < p_down:
                    south[r, q] = True
                    done[a] = True
        # next row's labels: carried sets keep their root, new sets fresh labels
        relab = np.full(C, -1)
        k = 0
        nl = np.empty(C, dtype=np.int64)
        for q in range(C):
            if south[r, q]:
                a = root[q]
                if relab[a] < 0:
                    relab[a] = k
                    k += 1
                nl[q] = relab[a]
        for q in range(C):
            if not south[r, q]:
                nl[q] = k
                k += 1
        lab = nl
    return east, south


@numba.njit(cache=True)
def figures(east, south):
    """Dead-end %, solution % (cells on the path from (0, 0) to (R-1, C-1)), % of passages along the rows."""
    R, C = east.shape
    n = R * C
    deg = np.zeros(n, dtype=np.int64)
    horiz = 0
    total = 0
    for r in range(R):
        for c in range(C):
            if east[r, c]:
                deg[r * C + c] += 1
                deg[r * C + c + 1] += 1
                horiz += 1
                total += 1
            if south[r, c]:
                deg[r * C + c] += 1
                deg[(r + 1) * C + c] += 1
                total += 1
    dead = 0
    for v in range(n):
        if deg[v] == 1:
            dead += 1
    # parent pointers from (0, 0) by an explicit stack, then walk back from the goal
    parent = np.full(n, -2)
    parent[0] = -1
    stack = np.empty(n, dtype=np.int64)
    top = 0
    stack[0] = 0
    top = 1
    while top > 0:
        top -= 1
        v = stack[top]
        r, c = v // C, v % C
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            rr, cc = r + dr, c + dc
            if rr < 0 or rr >= R or cc < 0 or cc >= C:
                continue
            if dr == 0:
                ok = east[r, min(c, cc)]
            else:
                ok = south[min(r, rr), c]
            w = rr * C + cc
            if ok and parent[w] == -2:
                parent[w] = v
                stack[top] = w
                top += 1
    length = 1
    v = n - 1
    while parent[v] >= 0:
        v = parent[v]
        length += 1
    return 100.0 * dead / n, 100.0 * length / n, 100.0 * horiz / total


def check_against_mazegraph(mazes: int = 5) -> None:
    """The kernel's figures equal mazegraph.metrics on the same mazes."""
    import mazegraph as mg
    from mazegraph.metrics import dead_end_pct, solution_pct

    G = mg.tessellations.orthogonal(20, 30)
    for seed in range(mazes):
        east, south = variant_maze(20, 30, 0.6, 0.4, True, DOWN_LAST_LR, seed)
        edges = [((r, c), (r, c + 1)) for r in range(20) for c in range(29) if east[r, c]]
        edges += [((r, c), (r + 1, c)) for r in range(19) for c in range(30) if south[r, c]]
        M = mg.Maze(G, edges)
        assert M.is_perfect()
        d, s, _ = figures(east, south)
        assert math.isclose(d, dead_end_pct(M)) and math.isclose(s, solution_pct(M)), (d, s)


def measure(p_join, p_down, scrambled, down_mode, mazes=400, size=100, first_seed=0, last_mode=LAST_LR):
    """Means and standard errors of dead ends, solution and the share along rows."""
    out = np.array([
        figures(*variant_maze(size, size, p_join, p_down, scrambled, down_mode, first_seed + s, last_mode))
        for s in range(mazes)
    ])
    return out.mean(axis=0), out.std(axis=0, ddof=1) / math.sqrt(mazes)


def main(argv):
    mazes = int(argv[1]) if len(argv) > 1 else 400
    check_against_mazegraph()
    names = {DOWN_ANY: "any+random", DOWN_LAST_LR: "last L->R", DOWN_LAST_RL: "last R->L",
             DOWN_LAST_JOIN: "last in join order", DOWN_FIRST_LR: "first L->R"}
    for p_join, p_down in [(0.64, 0.43), (0.5, 0.5)]:
        for scrambled in (True, False):
            for mode, name in names.items():
                m, se = measure(p_join, p_down, scrambled, mode, mazes)
                print(f"p_join={p_join} p_down={p_down} scrambled={scrambled!s:5} down={name:20} "
                      f"dead {m[0]:.2f}±{se[0]:.2f}  sol {m[1]:.2f}±{se[1]:.2f}  along rows {m[2]:.2f}±{se[2]:.2f}",
                      flush=True)


if __name__ == "__main__":
    main(sys.argv)
