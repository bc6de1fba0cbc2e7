"""Generate Numberlink puzzles on any tessellation, solution first.

The generator lays random paths over the board, tracking which cells are on
which path with a union-find structure, and reads the puzzle off the
solution: each path's two ends become a number's endpoints; cells no path
reached join a path (a full board, the default on rectangular boards) or
become solid. Paths grow only into cells with no other neighbour on
the same path, so no path ever touches itself. With ``unique=True`` the SAT
solver checks each puzzle; while it finds a second solution, a path on which
the two solutions differ is cut in two (a new number), which rules that
second solution out, and after a bounded number of cuts the board is drawn
afresh.

References
----------
.. [1] Nikoli, "Numberlink", https://www.nikoli.co.jp/en/puzzles/numberlink/
.. [2] Big Duck Games, "Flow Free" (2012), https://www.bigduckgames.com/flowfree
.. [3] R. E. Tarjan, "Efficiency of a Good But Not Linear Set Union Algorithm",
   J. ACM 22(2), 1975 (union-find).
"""

from __future__ import annotations

from collections import deque
from itertools import combinations

import numpy as np

from .._random import as_generator
from ..errors import GenerationError, InvalidOptionError
from ..params import Number, Param, checked
from ..tessellations.compile import compile_graph
from .puzzle import Puzzle
from .solve import solutions

__all__ = ["generate", "quality", "LAYOUT_DENSITY"]

#: Pairs per 100 cells the full-board layout aims at, by ``self_touch``: published collections have mean
#: paths of 13-17 cells (6-8 pairs per 100 cells). Under ``self_touch=True`` long paths often have a second
#: solution that fattens a path (it may then run beside itself), and the uniqueness repairs cut paths
#: again; aiming lower there made 15 x 15 boards take longer (benchmarks/numberlink_generate.py).
LAYOUT_DENSITY = {False: 5.5, True: 9.0}
#: Rounds of backbite moves (``n / 2`` moves each) that let path ends meet and join on a full board.
_MOVES = 8


class _UnionFind:
    """Disjoint sets over cells, with path halving and union by size."""

    def __init__(self, n: int):
        self.parent = list(range(n))
        self.size = [1] * n

    def find(self, a: int) -> int:
        parent = self.parent
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def union(self, a: int, b: int) -> int:
        a, b = self.find(a), self.find(b)
        if a == b:
            return a
        if self.size[a] < self.size[b]:
            a, b = b, a
        self.parent[b] = a
        self.size[a] += self.size[b]
        return a


def _lay_paths(cells, rng: np.random.Generator, both_ends: bool, hug: float = 0.0) -> list[list[int]]:
    """Steps 1-3 of the generator: random non-self-touching paths until no two free neighbours remain.

    With probability ``hug`` a step goes to a cell with the fewest free
    neighbours (Warnsdorff's rule), which leaves fewer cells stranded.
    """
    n = cells.n_cells
    indptr = cells.indptr.tolist()
    nbrs = cells.neighbors.tolist()
    adj = [nbrs[indptr[c] : indptr[c + 1]] for c in range(n)]
    sets = _UnionFind(n)
    taken = [False] * n
    paths = []
    # the first edge with both ends free in a uniformly random order is a uniform pick among such edges
    for e in rng.permutation(cells.n_edges).tolist():
        a, b = int(cells.edges[e, 0]), int(cells.edges[e, 1])
        if taken[a] or taken[b]:
            continue
        sets.union(a, b)
        taken[a] = taken[b] = True
        path = deque([a, b])
        ends = [1, 0] if both_ends else [1]  # 1: the newest end (right), 0: the first cell (left)
        while ends:
            side = ends[int(rng.integers(len(ends)))] if len(ends) > 1 else ends[0]
            tip = path[-1] if side else path[0]
            root = sets.find(tip)
            options = [
                v
                for v in adj[tip]
                if not taken[v] and all(w == tip or not taken[w] or sets.find(w) != root for w in adj[v])
            ]
            if not options:
                ends.remove(side)
                continue
            if hug and len(options) > 1 and rng.random() < hug:  # Warnsdorff: the cell with fewest free neighbours
                free = [sum(1 for w in adj[v] if not taken[w]) for v in options]
                options = [v for v, f in zip(options, free) if f == min(free)]
            v = options[int(rng.integers(len(options)))] if len(options) > 1 else options[0]
            sets.union(tip, v)
            taken[v] = True
            if side:
                path.append(v)
            else:
                path.appendleft(v)
        paths.append(list(path))
    return paths


def _merge_short(paths: list[list[int]], adj, min_length: int, rng: np.random.Generator) -> list[list[int]]:
    """Join each path shorter than ``min_length`` end to end with a neighbouring path, keeping paths induced."""
    owner = {}
    for k, p in enumerate(paths):
        for c in p:
            owner[c] = k
    paths = [list(p) for p in paths]
    alive = [True] * len(paths)
    changed = True
    while changed:
        changed = False
        for k in rng.permutation(len(paths)).tolist():
            p = paths[k]
            if not alive[k] or len(p) >= min_length:
                continue
            options = []
            for x_first in (False, True):
                x = p[0] if x_first else p[-1]
                for y in adj[x]:
                    j = owner.get(y, -1)
                    if j < 0 or j == k or not alive[j] or y not in (paths[j][0], paths[j][-1]):
                        continue
                    left = p[::-1] if x_first else p
                    right = paths[j] if paths[j][0] == y else paths[j][::-1]
                    other = set(right)
                    touching = sum(1 for c in left for w in adj[c] if w in other)
                    if touching == 1:  # only the join: the merged path stays induced
                        options.append((j, left + right))
            if options:
                j, merged = options[int(rng.integers(len(options)))]
                paths[j] = merged
                alive[k] = False
                for c in merged:
                    owner[c] = j
                changed = True
    return [p for p, a in zip(paths, alive) if a]


def _cut_options(paths, shortest: int, near=None) -> list[tuple[int, int]]:
    """(path, i) cuts of ``paths[path]`` before position ``i`` leaving pieces of at least ``shortest`` cells."""
    out = []
    for k, p in enumerate(paths):
        for i in range(shortest, len(p) - shortest + 1):
            if near is None or p[i - 1] in near or p[i] in near:
                out.append((k, i))
    return out


def _cut(paths, option) -> list[list[int]]:
    k, i = option
    return paths[:k] + [paths[k][:i]] + paths[k + 1 :] + [paths[k][i:]]


def _puzzle(cells, paths, rules=None) -> Puzzle:
    """The puzzle read off ``paths``, numbered in reading order of first endpoints."""
    paths = [p if p[0] < p[-1] else p[::-1] for p in paths]
    paths.sort(key=lambda p: p[0])
    covered = np.zeros(cells.n_cells, dtype=bool)
    for p in paths:
        covered[p] = True
    return Puzzle.from_indices(cells, [(p[0], p[-1]) for p in paths], ~covered, paths, **(rules or {}))


def quality(puzzle: Puzzle, paths=None) -> dict:
    """Measure the features the quality filters look at.

    Parameters
    ----------
    puzzle : Puzzle
    paths : list of list of int, optional
        A solution; defaults to the puzzle's own.

    Returns
    -------
    dict
        ``pairs`` (numbers), ``solid`` (solid cells), ``shortest`` (cells on
        the shortest path), ``squares`` (4-cycles of the board, the 2 x 2 blocks
        of an orthogonal board, whose cells all lie on one path) and
        ``adjacent_endpoints`` (numbers whose two endpoints are neighbours).

    Raises
    ------
    PuzzleError
        If no solution is given or known.

    Examples
    --------
    >>> import mazegraph as mg
    >>> P = mg.numberlink.parse("1.1\\n2.2")
    >>> mg.numberlink.quality(P, mg.numberlink.solve(P))
    {'pairs': 2, 'solid': 0, 'shortest': 3, 'squares': 0, 'adjacent_endpoints': 0}
    """
    cells = puzzle.cells
    colour = puzzle.colours(paths).tolist()
    paths = puzzle.solution if paths is None else paths
    indptr, nbrs = cells.indptr.tolist(), cells.neighbors.tolist()
    adj = [set(nbrs[indptr[c] : indptr[c + 1]]) for c in range(cells.n_cells)]
    corners = 0
    for a in range(cells.n_cells):
        if not colour[a]:
            continue
        same = [b for b in adj[a] if colour[b] == colour[a]]
        for b, c in combinations(same, 2):
            corners += sum(1 for d in adj[b] & adj[c] if d != a and colour[d] == colour[a])
    adjacent = sum(1 for a, b in puzzle.pairs.tolist() if b in adj[a])
    return {
        "pairs": puzzle.n_pairs,
        "solid": int(puzzle.solid.sum()),
        "shortest": min((len(p) for p in paths), default=0),
        "squares": corners // 4,
        "adjacent_endpoints": adjacent,
    }


def _induced_join(left: list[int], right: list[int], adj) -> bool:
    """True if ``left + right`` (its last and first cells neighbours) runs beside itself nowhere new."""
    other = set(right)
    return sum(1 for c in left for w in adj[c] if w in other) == 1


def _cover(paths: list[list[int]], adj, n: int, rng: np.random.Generator) -> list[list[int]] | None:
    """Put every cell on no path onto one: extend a path ending beside it, or split a path passing it.

    A path passing cell ``x`` at ``a`` is split after (or before) ``a`` and
    ``x`` joins the piece holding ``a`` as its new end. Only moves that keep
    every path induced are taken. Returns None if some cell has no such move.
    """
    paths = [list(p) for p in paths]
    covered = np.zeros(n, dtype=bool)
    for p in paths:
        covered[p] = True
    for x in rng.permutation(np.flatnonzero(~covered)).tolist():
        owner = {c: k for k, p in enumerate(paths) for c in p}
        options = []
        for a in adj[x]:
            k = owner.get(a, -1)
            if k < 0:
                continue
            p = paths[k]
            i = p.index(a)
            for piece, rest in ((p[: i + 1], p[i + 1 :]), (p[i:][::-1], p[:i][::-1])):
                if (rest and len(rest) < 2) or not _induced_join(piece, [x], adj):
                    continue
                options.append((k, piece + [x], rest))
        if not options:
            return None
        longest = [o for o in options if not o[2]] or options  # extending a path beats splitting one
        k, piece, rest = longest[int(rng.integers(len(longest)))]
        paths[k] = piece
        if rest:
            paths.append(rest)
    return paths


def _full_cover(
    paths, adj, n: int, rng: np.random.Generator, min_length: int, want: int, moves: int = 0, rounds: int = 6
):
    """Join paths end to end (short ones first, then down to ``want`` paths); a path still too short is
    dissolved and its cells covered again by :func:`_cover`. ``moves`` rounds of :func:`_backbite` (``n / 2``
    moves each) let more ends meet. None if short paths remain after ``rounds``."""
    for _ in range(rounds):
        paths = _join_ends(paths, adj, rng, lambda p, ps: len(p) < min_length)
        paths = _join_ends(paths, adj, rng, lambda p, ps: len(ps) > want)
        for _ in range(moves):  # move ends about, so that more of them meet, and join again
            if len(paths) <= want:
                break
            paths = _backbite(paths, adj, rng, min_length, steps=n // 2)
            paths = _join_ends(paths, adj, rng, lambda p, ps: len(ps) > want)
        paths = _join_ends(paths, adj, rng, lambda p, ps: _crowded([p], adj, ps))
        keep = [p for p in paths if len(p) >= min_length]
        if len(keep) == len(paths):
            return paths
        paths = _cover(keep, adj, n, rng)
        if paths is None:
            return None
    return None


def _backbite(
    paths, adj, rng: np.random.Generator, min_length: int, steps: int, short_first: bool = True
) -> list[list[int]]:
    """Random backbite moves: a path's end steps onto a neighbouring path, which gives it the part beyond.

    Path ``p`` ending at ``x`` beside cell ``q[i]`` of another path takes over
    ``q[i:]`` (or ``q[:i + 1]`` reversed); ``q`` keeps the rest, which must
    keep ``min_length`` cells. Moves that make a path run beside itself are
    skipped. The number of paths stays the same; their ends move. After
    Mansfield's backbite move for Hamiltonian paths.

    References
    ----------
    .. [1] M. L. Mansfield, "Monte Carlo studies of polymer chain dimensions in
       the melt", J. Chem. Phys. 77(3), 1982.
    """
    paths = [list(p) for p in paths]
    owner = {c: k for k, p in enumerate(paths) for c in p}
    for _ in range(steps):
        if short_first:  # a path of length L moves with weight 1 / L^2: short paths grow first
            weight = np.array([1.0 / len(p) ** 2 for p in paths])
            k = int(np.searchsorted(np.cumsum(weight), rng.random() * weight.sum(), side="right"))
            k = min(k, len(paths) - 1)
        else:
            k = int(rng.integers(len(paths)))
        p = paths[k] if rng.random() < 0.5 else paths[k][::-1]  # p ends at x = p[-1]
        x = p[-1]
        around = adj[x]
        y = around[int(rng.integers(len(around)))]
        j = owner.get(y, -1)
        if j < 0 or j == k:
            continue
        q = paths[j]
        i = q.index(y)
        take, keep = (q[i:], q[:i]) if rng.random() < 0.5 else (q[: i + 1][::-1], q[i + 1 :])
        if len(keep) < min_length or not _induced_join(p, take, adj):
            continue
        paths[k], paths[j] = p + take, keep
        for c in take:
            owner[c] = k
    return paths


def _spread_ends(paths, adj, rng: np.random.Generator, min_length: int, steps: int) -> list[list[int]]:
    """Move endpoints apart: backbite moves (see :func:`_backbite`) from ends beside another number's end.

    A move from end ``x`` of one path onto cell ``y`` of a neighbouring path
    ends the first path at that neighbour's old end and the neighbour next to
    ``y``, so both ends move off ``x``'s spot; a move is kept if it does not
    raise the number of crowded ends (ends beside another number's end). Ends
    of two paths that meet are first joined where the result stays induced.
    Stops when no end is crowded or after ``steps`` tries.
    """
    paths = _join_ends(paths, adj, rng, lambda p, ps: _crowded([p], adj, ps))
    crowded = _crowded(paths, adj)
    for _ in range(steps):
        if not crowded:
            break
        ends = sorted(crowded)
        x = ends[int(rng.integers(len(ends)))]
        owner = {c: k for k, p in enumerate(paths) for c in p}
        k = owner[x]
        p = paths[k] if paths[k][-1] == x else paths[k][::-1]
        if p[-1] != x:
            continue
        y = adj[x][int(rng.integers(len(adj[x])))]
        j = owner[y]
        if j == k:
            continue
        q = paths[j]
        i = q.index(y)
        take, keep = (q[i:], q[:i]) if rng.random() < 0.5 else (q[: i + 1][::-1], q[i + 1 :])
        if len(keep) < min_length or not _induced_join(p, take, adj):
            continue
        trial = list(paths)
        trial[k], trial[j] = p + take, keep
        now = _crowded(trial, adj)
        if len(now) <= len(crowded):
            paths, crowded = trial, now
    return paths


def _join_ends(paths: list[list[int]], adj, rng: np.random.Generator, wanted) -> list[list[int]]:
    """Join paths end to end (keeping them induced) while ``wanted(path, paths)`` asks for it."""
    paths = [list(p) for p in paths]
    changed = True
    while changed:
        changed = False
        ends = {}
        for k, p in enumerate(paths):
            ends[p[0]] = k
            ends[p[-1]] = k
        order = rng.permutation(len(paths)).tolist()
        for k in sorted(order, key=lambda k: len(paths[k])):  # shortest first, ties in random order
            p = paths[k]
            if not p or not wanted(p, paths):
                continue
            options = []
            for x_first in (False, True):
                x = p[0] if x_first else p[-1]
                left = p[::-1] if x_first else p
                for y in adj[x]:
                    j = ends.get(y, -1)
                    if j < 0 or j == k or not paths[j] or y not in (paths[j][0], paths[j][-1]):
                        continue
                    right = paths[j] if paths[j][0] == y else paths[j][::-1]
                    if _induced_join(left, right, adj):
                        options.append((j, left + right))
            if options:
                j, merged = options[int(rng.integers(len(options)))]
                paths[j], paths[k] = merged, []
                for c in (merged[0], merged[-1]):
                    ends[c] = j
                changed = True
        paths = [p for p in paths if p]
    return paths


def _repairs(paths, near, adj, shortest: int) -> list[list[list[int]]]:
    """Candidate solutions that differ from ``paths`` near cells ``near``: cut a path, or cut and relink.

    A cut splits a path in two (one number more, its two new endpoints
    neighbours); a relink then joins one of the two pieces at its new end to a
    neighbouring path's end, so the number of pairs stays the same and the new
    endpoints are apart.
    """
    out = []
    ends = {}
    for k, p in enumerate(paths):
        ends[p[0]] = k
        ends[p[-1]] = k
    for k, p in enumerate(paths):
        for i in range(1, len(p)):
            if p[i - 1] not in near and p[i] not in near:
                continue
            a_piece, b_piece = p[:i], p[i:]
            others = paths[:k] + paths[k + 1 :]
            if len(a_piece) >= shortest and len(b_piece) >= shortest:
                out.append(others + [a_piece, b_piece])
            for piece, keep in ((a_piece, b_piece), (b_piece[::-1], a_piece)):
                if len(keep) < shortest:
                    continue
                x = piece[-1]
                for y in adj[x]:
                    j = ends.get(y, -1)
                    if j < 0 or j == k:
                        continue
                    q = paths[j] if paths[j][0] == y else paths[j][::-1]
                    if _induced_join(piece, q, adj):
                        rest = [r for m, r in enumerate(paths) if m not in (j, k)]
                        out.append(rest + [keep, piece + q])
    return out


def _problems(paths, adj, min_length: int, apart: bool, no_square: bool, no_adjacent_endpoints: bool, hi: int):
    """The first quality rule ``paths`` breaks, or None."""
    if len(paths) > hi:
        return "number of pairs"
    if min(len(p) for p in paths) < min_length:
        return "min_length"
    number = {}
    for k, p in enumerate(paths):
        number[p[0]] = number[p[-1]] = k
        if no_adjacent_endpoints and p[-1] in adj[p[0]]:
            return "adjacent endpoints"
    if apart and any(number.get(w, k) != k for c, k in number.items() for w in adj[c]):
        return "endpoints apart"
    if no_square:
        colour = {c: k for k, p in enumerate(paths) for c in p}
        for a, k in colour.items():
            same = [b for b in adj[a] if colour.get(b) == k]
            for b, c in combinations(same, 2):
                if any(d != a and colour.get(d) == k for d in set(adj[b]) & set(adj[c])):
                    return "square"
    return None


def _is_rectangle(cells) -> bool:
    spec = cells.spec or {}
    return spec.get("tessellation") == "orthogonal"


def _implied_unique(fill: bool, self_touch: bool) -> list[dict]:
    """Rule sets under which uniqueness under (fill, self_touch) implies uniqueness, for a solution
    that fills and does not run beside itself: fewer solutions under stricter rules."""
    out = []
    for f in (True, False):
        for t in (True, False):
            if (f or not fill) and (not t or self_touch):
                out.append({"fill": f, "self_touch": t})
    return out


@checked(Param("max_attempts", Number(1, 10**6, integer=True), 50, "boards tried before giving up"))
def generate(
    G,
    seed=None,
    *,
    solid: bool | None = None,
    min_length: int = 3,
    pairs: tuple[int, int] | None = None,
    density: tuple[float, float] | None = None,
    both_ends: bool = True,
    unique: bool = False,
    fill: bool = True,
    self_touch: bool | None = None,
    endpoints_apart: bool = False,
    no_square: bool = False,
    no_adjacent_endpoints: bool = False,
    level: str | None = None,
    max_attempts: int = 50,
    max_cuts: int | None = None,
) -> Puzzle:
    """Generate a Numberlink puzzle on a tessellation, solution first.

    1. Pick at random two neighbouring cells on no path yet (stop if there are
       none); they start a new path (their sets are united).
    2. Extend the path from its newest cell (or, with ``both_ends``, from a
       randomly chosen end) to a random neighbour on no path whose only
       neighbour on the current path is the cell it extends from; stop when
       there is none.
    3. The path's first and last cells become a number's endpoints; go to 1.
    4. With ``solid=True`` cells on no path become solid. With ``solid=False``
       (a full board) each such cell joins a path instead: it extends a path
       ending beside it, or a path passing it is split there and the cell
       becomes the new end of one piece.

    Paths are then joined end to end where the result stays self-avoiding:
    those shorter than ``min_length`` first (with solids, those that cannot be
    joined become solid), and on a full board, shortest first, further ones
    down to ``LAYOUT_DENSITY`` pairs per 100 cells (5.5 with
    ``self_touch=False``, 9 with ``self_touch=True``), so paths are long.
    Backbite moves (a path's end takes over the part of a neighbouring path
    beyond it; short paths move most often) let more ends meet and join and
    grow the short paths. Under ``self_touch=True`` long paths more often have
    a second solution (a path fattened until it runs beside itself), so the
    layout aims at shorter paths there: at 15 x 15 (CPU s per puzzle, 50
    seeds) aiming at 9 took 1.3 s median and 4.2 s at most for paths of 10.6
    cells on average, 8: 1.8 s and 5.4 s for 10.9 cells. That is why
    ``self_touch`` defaults to False on rectangular boards: the puzzles are
    then posed (and proved unique) under the rule that no path runs beside
    itself, as most published collections are (all 233 janko.at boards and 44
    of 47 Flow Free levels have such a solution), and look like them: mean
    path 13.6 cells at 10 x 10, 15.0 at 15 x 15, 15.6 at 20 x 20 (published:
    15.3 and 13.5), 0.7-2.5 % of paths of 2-3 cells (published: 8.3 and
    6.3 %), in 0.08 s median, 0.22 s at most at 15 x 15 and 0.22 s, 0.57 s at
    20 x 20, against 0.23 s, 1.3 s and 1.3 s, 7.6 s with self-touching
    allowed (CPU, 50 seeds, 20 at 20 x 20 with self-touching;
    ``benchmarks/numberlink_generate.py --collection``). With
    ``endpoints_apart`` backbite moves from crowded ends move them off each
    other before the uniqueness check and after each repair. With ``unique=True`` the SAT
    solver checks the puzzle under its rules; while it finds a second solution
    the board is repaired where the two differ (a path cut in two, or cut and
    its piece relinked to a neighbouring path's end), and after ``max_cuts``
    repairs the board is drawn afresh. Every path of the solution is induced
    (never runs beside itself), and it fills the non-solid cells, so it is a
    solution under all four rule sets.

    Parameters
    ----------
    G : networkx.Graph or CellGraph
        The board; any tessellation or connected graph.
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None
        Same seed, same puzzle.
    solid : bool, optional
        Leave uncovered cells solid (True) or cover every cell (False). Default:
        False on rectangular (orthogonal) boards, True on others.
    min_length : int
        Fewest cells on a path (2 allows any).
    pairs : (int, int), optional
        Inclusive range for the number of pairs; long paths are cut (or, on a
        full board, short ones joined) to reach it, boards outside it are drawn again.
    density : (float, float), optional
        The same range as pairs per 100 cells (``pairs`` wins if both are given).
        Default on a full board: 4 to 12 per 100 cells (at least 6 allowed);
        the layout aims at ``LAYOUT_DENSITY`` within the range.
    both_ends : bool
        Grow each path from both ends, not only the newest cell.
    unique : bool
        Keep going until the SAT solver proves the solution unique under the rules.
    fill : bool
        The rule the puzzle is posed (and proved unique) under: every
        non-solid cell on a path; see :class:`Puzzle`.
    self_touch : bool, optional
        The rule the puzzle is posed (and proved unique) under: a path may
        run beside itself. Default: False on rectangular (orthogonal) boards,
        as in most published collections, True on others.
    endpoints_apart : bool
        No two endpoints of different numbers are neighbours. Ends that meet
        are joined where the path stays induced, the others moved apart by
        backbite moves, before the uniqueness check and after every repair.
    no_square : bool
        Reject solutions with a 2 x 2 block (a 4-cycle of the board) inside one path.
    no_adjacent_endpoints : bool
        Reject puzzles where a number's two endpoints are neighbours.
    level : {"easy", "medium", "hard"}, optional
        Keep only puzzles of this difficulty (see :func:`difficulty`).
    max_attempts : int
        Boards drawn before giving up.
    max_cuts : int, optional
        With ``unique``, repairs tried on one board before drawing another;
        by default ``n_cells // 8 + 4``.

    Returns
    -------
    Puzzle
        The puzzle under the rules asked for, carrying the generator's solution
        as ``solution``, its rules as ``rules`` (written into every format) and
        in ``meta``: ``unique_under`` (the rule sets under which the solution
        is proved unique, the puzzle's own and any stricter; empty without ``unique``) and
        ``difficulty`` (see :func:`difficulty`; with ``unique`` or ``level`` only).

    Raises
    ------
    GenerationError
        If no board met the options within ``max_attempts``.
    InvalidOptionError
        If an option is out of range.
    InvalidSeedError
        If ``seed`` is of the wrong type.

    Examples
    --------
    >>> import mazegraph as mg
    >>> P = mg.numberlink.generate(mg.tessellations.orthogonal(6, 6), seed=3, unique=True)
    >>> P.is_solution(P.solution), mg.numberlink.count_solutions(P), int(P.solid.sum())
    (True, 1, 0)
    >>> S = mg.numberlink.generate(mg.tessellations.sigma(5, 5), seed=1)
    >>> mg.numberlink.solve(S) is not None
    True

    References
    ----------
    .. [1] Nikoli, "Numberlink", https://www.nikoli.co.jp/en/puzzles/numberlink/
    .. [2] R. E. Tarjan, "Efficiency of a Good But Not Linear Set Union
       Algorithm", J. ACM 22(2), 1975.
    """
    cells = compile_graph(G)
    rng = as_generator(seed)
    n = cells.n_cells
    if not isinstance(min_length, int) or min_length < 2:
        raise InvalidOptionError(f"min_length must be an int of at least 2, got {min_length!r}")
    rectangle = _is_rectangle(cells)
    if self_touch is None:  # the rule published rectangular puzzles are unique under; see the docstring
        self_touch = not rectangle
    for name, value in (("fill", fill), ("self_touch", self_touch), ("unique", unique)):
        if not isinstance(value, bool):
            raise InvalidOptionError(f"{name} must be True or False, got {value!r}")
    if level not in (None, "easy", "medium", "hard"):
        raise InvalidOptionError(f"level must be 'easy', 'medium' or 'hard', got {level!r}")
    full = not solid if solid is not None else rectangle
    apart = bool(endpoints_apart)
    if pairs is None and density is None and full:  # 4 to 12 per 100 cells, and room on small boards
        pairs = (max(1, int(np.ceil(0.04 * n))), max(int(np.ceil(0.12 * n)), min(n // 2, 6)))
    if pairs is not None:
        try:
            lo, hi = (int(x) for x in pairs)
        except (TypeError, ValueError):
            raise InvalidOptionError(f"pairs must be a (low, high) pair of ints, got {pairs!r}") from None
    elif density is not None:
        try:
            dlo, dhi = (float(x) for x in density)
        except (TypeError, ValueError):
            raise InvalidOptionError(f"density must be a (low, high) pair of numbers, got {density!r}") from None
        if not 0 < dlo <= dhi:
            raise InvalidOptionError(f"density must satisfy 0 < low <= high, got {density!r}")
        lo, hi = max(1, int(np.ceil(dlo * n / 100))), max(1, int(np.floor(dhi * n / 100)))
        lo = min(lo, hi)
    else:
        lo, hi = 1, n
    if not 1 <= lo <= hi:
        raise InvalidOptionError(f"pairs must satisfy 1 <= low <= high, got {pairs!r}")
    if max_attempts < 1:
        raise InvalidOptionError(f"max_attempts must be at least 1, got {max_attempts!r}")
    target = max(lo, min(hi, int(round(n * LAYOUT_DENSITY[self_touch] / 100))))
    cuts_allowed = n // 8 + 4 if max_cuts is None else int(max_cuts)
    shortest = max(min_length, 3 if no_adjacent_endpoints else 2)
    indptr, nbrs = cells.indptr.tolist(), cells.neighbors.tolist()
    adj = [nbrs[indptr[c] : indptr[c + 1]] for c in range(n)]
    rules = {"fill": fill, "self_touch": self_touch}
    reasons: dict[str, int] = {}

    def problem(paths):
        return _problems(paths, adj, min_length, apart, no_square, no_adjacent_endpoints, hi)

    for _ in range(max_attempts):
        paths = _lay_paths(cells, rng, both_ends, hug=0.5 if full else 0.0)
        if full:
            paths = _cover(paths, adj, n, rng)
            if paths is None:
                reasons["covering every cell"] = reasons.get("covering every cell", 0) + 1
                continue
            paths = _full_cover(paths, adj, n, rng, min_length, target, moves=_MOVES)
            if paths is None:
                reasons["covering every cell"] = reasons.get("covering every cell", 0) + 1
                continue
        elif min_length > 2:  # join short paths to neighbours; drop (make solid) those that cannot join
            paths = [p for p in _merge_short(paths, adj, min_length, rng) if len(p) >= min_length]
        while len(paths) < lo:
            options = _cut_options(paths, shortest)
            if not options:
                break
            paths = _cut(paths, options[int(rng.integers(len(options)))])
        if not paths or len(paths) < lo:
            reasons["number of pairs"] = reasons.get("number of pairs", 0) + 1
            continue
        if apart:
            paths = _spread_ends(paths, adj, rng, min_length, steps=n)
        why = problem(paths)
        if why and not (unique and why == "endpoints apart"):  # repairs may still move the endpoints apart
            reasons[why] = reasons.get(why, 0) + 1
            continue
        puzzle = _puzzle(cells, paths, rules)
        if not unique:
            if why:
                reasons[why] = reasons.get(why, 0) + 1
                continue
            return _finish(puzzle, [], level, None, reasons)
        for _cuts in range(cuts_allowed + 1):
            stats: dict = {}
            other = next(solutions(puzzle, limit=1, exclude=[puzzle.solution], stats=stats), None)
            if other is None and not why:
                done = _finish(puzzle, _implied_unique(fill, self_touch), level, stats, reasons)
                if done is not None:
                    return done
                break
            good = None if other is not None else puzzle.solution  # unique, but some ends are crowded
            options = [] if other is None else _repairs(puzzle.solution, _differ(puzzle.solution, other), adj, shortest)
            order = rng.permutation(len(options)).tolist()
            order.sort(key=lambda i: sum(1 for p in options[i] if len(p) <= 3))  # trivial pieces last
            for i in order:
                w = problem(options[i])
                if w is None or w == "endpoints apart":  # a later repair may move them apart
                    good = options[i]
                    why = w
                    break
            if good is not None and why == "endpoints apart":  # move the crowded ends apart; check again
                good = _spread_ends(good, adj, rng, min_length, steps=n)
                why = problem(good)
            if good is None or why not in (None, "endpoints apart"):
                break
            puzzle = _puzzle(cells, good, rules)
        reasons["not unique"] = reasons.get("not unique", 0) + 1
    why = ", ".join(f"{count} failed on {reason}" for reason, count in reasons.items())
    raise GenerationError(
        f"gave up after {max_attempts} boards on {cells.name} ({n} cells): {why}; "
        "relax the options or raise max_attempts"
    )


def _crowded(paths, adj, among=None) -> set[int]:
    """Endpoints of ``paths`` with a neighbouring endpoint of another path (of ``among``), and those neighbours."""
    number = {}
    for k, p in enumerate(among if among is not None else paths):
        if p:  # paths emptied by a join in progress
            number[p[0]] = number[p[-1]] = k
    return {
        x for p in paths for c in (p[0], p[-1]) for w in adj[c] if number.get(w, number[c]) != number[c] for x in (c, w)
    }


def _finish(puzzle: Puzzle, unique_under, level, stats, reasons) -> Puzzle | None:
    """Record the metadata; None (and a reason) if the difficulty is not the one asked for.

    ``stats``: the SAT counters of the uniqueness proof just made, which are
    the difficulty's ``conflicts``; None to measure the difficulty afresh.
    """
    from .difficulty import _measure, difficulty

    meta = {"unique_under": unique_under}
    if unique_under or level is not None:
        meta["difficulty"] = difficulty(puzzle) if stats is None else _measure(puzzle, int(stats.get("conflicts", 0)))
        if level is not None and meta["difficulty"]["level"] != level:
            reasons["level"] = reasons.get("level", 0) + 1
            return None
    puzzle.meta = meta
    return puzzle


def _edge_set(paths) -> set[tuple[int, int]]:
    return {(min(a, b), max(a, b)) for p in paths for a, b in zip(p[:-1], p[1:])}


def _differ(paths, other) -> set[int]:
    """Cells whose path neighbours differ between two solutions."""
    mine, theirs = _edge_set(paths), _edge_set(other)
    return {c for edge in mine ^ theirs for c in edge}
