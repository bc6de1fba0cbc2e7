"""Generate Numberlink puzzles on any tessellation, solution first.

The generator lays random paths over the board, tracking which cells are on
which path with a union-find structure, and reads the puzzle off the
solution: each path's two ends become a number's endpoints, and cells no path
reached become solid. Paths grow only into cells with no other neighbour on
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
from ..tessellations.compile import compile_graph
from .puzzle import Puzzle
from .solve import solutions

__all__ = ["generate", "quality"]


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


def _lay_paths(cells, rng: np.random.Generator, both_ends: bool) -> list[list[int]]:
    """Steps 1-3 of the generator: random non-self-touching paths until no two free neighbours remain."""
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


def _puzzle(cells, paths) -> Puzzle:
    """The puzzle read off ``paths``, numbered in reading order of first endpoints."""
    paths = [p if p[0] < p[-1] else p[::-1] for p in paths]
    paths.sort(key=lambda p: p[0])
    covered = np.zeros(cells.n_cells, dtype=bool)
    for p in paths:
        covered[p] = True
    return Puzzle.from_indices(cells, [(p[0], p[-1]) for p in paths], ~covered, paths)


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


def _passes(puzzle: Puzzle, min_length: int, no_square: bool, no_adjacent_endpoints: bool) -> bool:
    q = quality(puzzle)
    return (
        q["shortest"] >= min_length
        and not (no_square and q["squares"])
        and not (no_adjacent_endpoints and q["adjacent_endpoints"])
    )


def generate(
    G,
    seed=None,
    *,
    min_length: int = 3,
    pairs: tuple[int, int] | None = None,
    both_ends: bool = True,
    unique: bool = False,
    no_square: bool = False,
    no_adjacent_endpoints: bool = False,
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
    4. Cells on no path become solid.

    Paths shorter than ``min_length`` are then joined end to end with a
    neighbouring path where the result stays self-avoiding, and those that
    cannot be joined become solid; a board that breaks a filter is drawn again.

    Parameters
    ----------
    G : networkx.Graph or CellGraph
        The board; any tessellation or connected graph.
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None
        Same seed, same puzzle.
    min_length : int
        Fewest cells on a path (2 allows any).
    pairs : (int, int), optional
        Inclusive range for the number of pairs; long paths are cut to reach
        the low end, boards with too many are drawn again.
    both_ends : bool
        Grow each path from both ends, not only the newest cell.
    unique : bool
        Keep going until the SAT solver proves the solution unique.
    no_square : bool
        Reject solutions with a 2 x 2 block (a 4-cycle of the board) inside one path.
    no_adjacent_endpoints : bool
        Reject puzzles where a number's two endpoints are neighbours.
    max_attempts : int
        Boards drawn before giving up.
    max_cuts : int, optional
        With ``unique``, cuts tried on one board before drawing another;
        by default ``n_cells // 8 + 4``.

    Returns
    -------
    Puzzle
        The puzzle, carrying the generator's solution as ``solution``.

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
    >>> P.is_solution(P.solution), mg.numberlink.count_solutions(P)
    (True, 1)
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
    if not isinstance(min_length, int) or min_length < 2:
        raise InvalidOptionError(f"min_length must be an int of at least 2, got {min_length!r}")
    if pairs is not None:
        try:
            lo, hi = (int(x) for x in pairs)
        except (TypeError, ValueError):
            raise InvalidOptionError(f"pairs must be a (low, high) pair of ints, got {pairs!r}") from None
        if not 1 <= lo <= hi:
            raise InvalidOptionError(f"pairs must satisfy 1 <= low <= high, got {pairs!r}")
    else:
        lo, hi = 1, cells.n_cells
    if max_attempts < 1:
        raise InvalidOptionError(f"max_attempts must be at least 1, got {max_attempts!r}")
    cuts_allowed = cells.n_cells // 8 + 4 if max_cuts is None else int(max_cuts)
    shortest = max(min_length, 3 if no_adjacent_endpoints else 2)
    indptr, nbrs = cells.indptr.tolist(), cells.neighbors.tolist()
    adj = [nbrs[indptr[c] : indptr[c + 1]] for c in range(cells.n_cells)]
    reasons: dict[str, int] = {}
    for _ in range(max_attempts):
        paths = _lay_paths(cells, rng, both_ends)
        if min_length > 2:  # join short paths to neighbours; drop (make solid) those that cannot join
            paths = [p for p in _merge_short(paths, adj, min_length, rng) if len(p) >= min_length]
        while len(paths) < lo:
            options = _cut_options(paths, shortest)
            if not options:
                break
            paths = _cut(paths, options[int(rng.integers(len(options)))])
        if not lo <= len(paths) <= hi:
            reasons["number of pairs"] = reasons.get("number of pairs", 0) + 1
            continue
        puzzle = _puzzle(cells, paths)
        if not _passes(puzzle, min_length, no_square, no_adjacent_endpoints):
            reasons["quality filters"] = reasons.get("quality filters", 0) + 1
            continue
        if not unique:
            return puzzle
        for _cuts in range(cuts_allowed + 1):
            other = next(solutions(puzzle, limit=1, exclude=[puzzle.solution]), None)
            if other is None:
                return puzzle
            if len(puzzle.solution) >= hi:
                break
            options = _cut_options(puzzle.solution, shortest, near=_differ(puzzle.solution, other))
            if not options:
                break
            candidate = _puzzle(cells, _cut(puzzle.solution, options[int(rng.integers(len(options)))]))
            if not _passes(candidate, min_length, no_square, no_adjacent_endpoints):
                break
            puzzle = candidate
        reasons["not unique"] = reasons.get("not unique", 0) + 1
    why = ", ".join(f"{count} failed on {reason}" for reason, count in reasons.items())
    raise GenerationError(
        f"gave up after {max_attempts} boards on {cells.name} ({cells.n_cells} cells): {why}; "
        "relax the options or raise max_attempts"
    )


def _edge_set(paths) -> set[tuple[int, int]]:
    return {(min(a, b), max(a, b)) for p in paths for a, b in zip(p[:-1], p[1:])}


def _differ(paths, other) -> set[int]:
    """Cells whose path neighbours differ between two solutions."""
    mine, theirs = _edge_set(paths), _edge_set(other)
    return {c for edge in mine ^ theirs for c in edge}
