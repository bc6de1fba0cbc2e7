"""mazegraph.generators.hunt_and_kill: the hierarchical bitset the hunt scans, against a Python set; Daedalus'
wall adder (the serpentine sweep over the posts) against a plain-Python reference on the same random stream.

The cell hunts are checked against a plain-Python reference in test_backtracker.py, with the other walkers, and
in test_fidelity_rows.py against brute force.
"""

from __future__ import annotations

import numpy as np
import pytest

import mazegraph as mg
from mazegraph._random import bounded, kernel_state
from mazegraph.generators.hunt_and_kill import _add, _first, _levels, _remove


def test_hierarchical_bitset_against_a_set():
    rng = np.random.default_rng(0)
    for n in (1, 63, 64, 65, 4096, 4097, 300_000):  # one to four levels
        offsets = _levels(n)
        bits = np.zeros(offsets[-1], dtype=np.uint64)
        members = set()
        assert _first(bits, offsets, False) == -1
        for p in rng.integers(0, n, size=300).tolist():
            if p in members and rng.random() < 0.6:
                _remove(bits, offsets, p)
                members.discard(p)
            else:
                _add(bits, offsets, p)
                members.add(p)
            assert _first(bits, offsets, False) == (min(members) if members else -1)
            assert _first(bits, offsets, True) == (max(members) if members else -1)


# -- Daedalus' wall adder: the serpentine sweep over the posts ---------------------------------------------------


def reference_serpentine(rows: int, cols: int, state) -> set:
    """Daedalus' wall-adding hunt and kill in plain Python, drawing from the same stream as the kernel.

    Written from the behaviour described in the generator's docstring: posts ``(i, j)``, ``0 <= i <= rows``,
    ``0 <= j <= cols``; the walls it adds as pairs of posts. The sweep's position is kept as (line, place along
    the line) in its own orientation; the directions north, west, south, east in that turning order.
    """
    turning = [(-1, 0), (0, -1), (1, 0), (0, 1)]
    inside = {(i, j) for i in range(rows + 1) for j in range(cols + 1) if i in (0, rows) or j in (0, cols)}
    walls = set()
    todo = (rows - 1) * (cols - 1)
    step = 1 if bounded(state, 2) else -1
    turn = 1 if bounded(state, 2) else -1
    rowwise = bool(bounded(state, 2))
    post = [int(bounded(state, rows + 1)), int(bounded(state, cols + 1))]
    hunting, sweeps = True, 0

    def free_around(p):
        return [
            d
            for d, (di, dj) in enumerate(turning)
            if 0 <= p[0] + di <= rows and 0 <= p[1] + dj <= cols and (p[0] + di, p[1] + dj) not in inside
        ]

    while todo:
        while True:  # the sweep: one post on
            line, place = (0, 1) if rowwise else (1, 0)  # which coordinate of `post` is the line, which the place
            n_lines, n_places = (rows, cols) if rowwise else (cols, rows)
            if 0 <= post[place] + step < n_places:
                post[place] += step
            else:
                step = -step
                if 0 <= post[line] + turn < n_lines:
                    post[line] += turn
                else:
                    turn = -turn
                    sweeps += 1
                    assert sweeps <= 1, "the sweep found nothing to do twice"
                    if turn > 0:
                        rowwise = not rowwise
                        post[place] = 0  # the old place is the new line: the first one
            if tuple(post) in inside:
                break
        while free := free_around(post):  # the walk
            d = int(bounded(state, 4))
            while d not in free:
                d = (d + 1) % 4
            nxt = (post[0] + turning[d][0], post[1] + turning[d][1])
            walls.add(frozenset((tuple(post), nxt)))
            inside.add(nxt)
            post = list(nxt)
            todo -= 1
            hunting, sweeps = False, 0
            if not todo:
                return walls
        if not hunting:
            hunting = True
            first = bool(bounded(state, 2))
            post[1 if rowwise else 0] = 0 if first else (cols if rowwise else rows)
            step = -1 if first else 1
    return walls


def closed_walls(M) -> set:
    """The closed walls of a square-grid maze as pairs of posts (i, j), i down from the top, j across."""
    points, ptr = M.cells.walls.points, M.cells.walls.ptr
    top = int(round(points[:, 1].max()))
    out = set()
    for e in np.flatnonzero(~M.open):
        a, b = points[ptr[e]], points[ptr[e + 1] - 1]
        out.add(frozenset((top - int(round(p[1])), int(round(p[0]))) for p in (a, b)))
    return out


@pytest.mark.parametrize("shape", [(2, 2), (2, 6), (5, 3), (7, 9), (12, 12)])
def test_serpentine_matches_the_reference_on_the_same_stream(shape):
    # the default wall adder on a rectangle is the serpentine sweep: the walls it closes (read back from the
    # drawing's geometry, the boundary left out) are exactly those the plain-Python reference adds
    rows, cols = shape
    G = mg.tessellations.orthogonal(rows, cols)
    boundary = (
        {frozenset(((0, j), (0, j + 1))) for j in range(cols)}
        | {frozenset(((rows, j), (rows, j + 1))) for j in range(cols)}
        | {frozenset(((i, 0), (i + 1, 0))) for i in range(rows)}
        | {frozenset(((i, cols), (i + 1, cols))) for i in range(rows)}
    )
    for seed in range(8):
        M = mg.generate(G, "hunt_and_kill", seed=seed, focus="wall")
        expected = reference_serpentine(rows, cols, kernel_state(np.random.default_rng(seed)))
        assert closed_walls(M) - boundary == expected
        assert M.is_perfect()
