"""How hard a Numberlink puzzle is: what simple deductions settle, and the SAT solver's effort.

Three measures, all reproducible for a given puzzle:

* ``deduced``: the share of the board's edges (between non-solid cells) that
  local deductions alone settle, as a person solving on paper starts: a cell
  needs exactly one path edge if it is an endpoint and two otherwise (with
  ``fill``; zero or two without); an edge closing a loop or joining two
  different numbers is out; without ``self_touch``, two neighbouring cells of
  the same number are consecutive on its path, so that edge is in, and a cell
  cannot join a path it would touch twice. Repeated until nothing changes
  (see :func:`deduced_share`). ``level`` is read from it.
* ``forced``: the share of the cells off the endpoints that the *forced-move*
  rule alone fills (a path end with exactly one free neighbour steps there).
  On full boards it is 0 for most puzzles (64 of 90 at 10 x 10), too coarse
  for levels.
* ``conflicts``: the conflicts the SAT solver meets while proving there is
  no solution but the puzzle's own, under the puzzle's rules. It depends on
  the solver and its encoding.

``level`` is ``"easy"``, ``"medium"`` or ``"hard"``: ``deduced`` at least
``LEVELS[0] * 100 / cells`` is easy, at least ``LEVELS[1] * 100 / cells``
medium, else hard, ``cells`` being the non-solid cells but never fewer than
100. Deductions settle about as many edges on a 15 x 15 board as on a
10 x 10 one (32 and 34 at the medians of the sample below), so their share
falls as ``1 / cells`` and so do the cut points. :data:`LEVELS` are the
terciles of ``deduced * cells / 100`` (0.268 and 0.182, rounded) over a fixed
sample: the unique full boards of :func:`~mazegraph.numberlink.generate` with
its defaults (``self_touch=False``), 10 x 10 seeds 0-149 and 15 x 15 seeds
0-119, 270 puzzles, where each level holds 31-36 % at either size. On other
seeds (60 per size from 1000, 5000 and 9000) each holds 17-47 %. With
self-touching allowed the deductions that forbid it (rule 3 of :func:`deduced_share`) do not apply, so such
puzzles rate harder: of ``generate(..., self_touch=True)`` seeds 0-29, 4 easy,
1 medium and 25 hard at 10 x 10, 6, 4 and 20 at 15 x 15.

References
----------
.. [1] Nikoli, "Numberlink", https://www.nikoli.co.jp/en/puzzles/numberlink/
.. [2] G. Audemard and L. Simon, "Predicting Learnt Clauses Quality in Modern
   SAT Solvers", IJCAI 2009 (glucose).
"""

from __future__ import annotations

from .puzzle import Puzzle

__all__ = ["difficulty", "deduced_share", "forced_share", "LEVELS", "level_bounds"]

#: ``deduced * cells / 100`` at least the first is "easy", at least the second "medium", else "hard"
#: (``cells``: non-solid cells, at least 100); the terciles of the sample in the module's docstring.
LEVELS = (0.27, 0.18)


def forced_share(puzzle: Puzzle) -> float:
    """Share of the non-endpoint, non-solid cells filled by the forced-move rule alone.

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.numberlink.forced_share(mg.numberlink.parse("1.1\\n2.2"))
    1.0
    >>> mg.numberlink.forced_share(mg.numberlink.parse("1..\\n...\\n..1"))
    0.0
    """
    cells = puzzle.cells
    indptr, nbrs = cells.indptr.tolist(), cells.neighbors.tolist()
    taken = (puzzle.solid | (puzzle.number > 0)).tolist()
    tips = [list(p) for p in puzzle.pairs.tolist()]  # the two growing ends of each number
    done = [False] * puzzle.n_pairs
    open_cells = int((~puzzle.solid).sum()) - 2 * puzzle.n_pairs
    if open_cells <= 0:
        return 1.0
    filled = 0
    moved = True
    while moved:
        moved = False
        for k, ends in enumerate(tips):
            for side in (0, 1):
                if done[k]:
                    break
                tip, other = ends[side], ends[1 - side]
                around = nbrs[indptr[tip] : indptr[tip + 1]]
                if other in around:
                    free = [other]
                else:
                    free = [v for v in around if not taken[v]]
                if len(free) != 1:
                    continue
                if free[0] == other:
                    done[k] = True
                else:
                    taken[free[0]] = True
                    ends[side] = free[0]
                    filled += 1
                moved = True
    return filled / open_cells


def difficulty(puzzle: Puzzle) -> dict:
    """Measure a puzzle's difficulty under its rules.

    Returns
    -------
    dict
        ``deduced`` (see :func:`deduced_share`), ``forced`` (see
        :func:`forced_share`), ``conflicts`` (SAT conflicts to prove that the
        puzzle has no solution but its own, or, without one attached, the
        first one the solver finds) and ``level`` (easy / medium / hard, from
        ``deduced`` and :func:`level_bounds`).

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.numberlink.difficulty(mg.numberlink.parse("1.1\\n2.2"))["level"]
    'easy'
    """
    from .solve import solutions, solve

    known = puzzle.solution if puzzle.solution is not None else solve(puzzle)
    stats: dict = {}
    for _ in solutions(puzzle, limit=1, exclude=[known] if known is not None else (), stats=stats):
        pass
    return _measure(puzzle, int(stats.get("conflicts", 0)))


def level_bounds(puzzle: Puzzle) -> tuple[float, float]:
    """The ``deduced`` shares at which this puzzle's board turns "easy" and "medium" (see :data:`LEVELS`).

    Examples
    --------
    >>> import mazegraph as mg
    >>> lo = mg.numberlink.level_bounds(mg.numberlink.parse("1..\\n..1"))
    >>> lo == mg.numberlink.LEVELS
    True
    """
    scale = 100 / max(100, int((~puzzle.solid).sum()))
    return LEVELS[0] * scale, LEVELS[1] * scale


def deduced_share(puzzle: Puzzle) -> float:
    """Share of the edges between non-solid cells that local deductions settle (in or out of a path).

    The deductions, under the puzzle's rules, repeated until none applies:

    1. A cell needs one path edge if it is an endpoint, two otherwise (with
       ``fill``; zero or two without): when it has them, its other edges are
       out; when it can have them only one way, those edges are in.
    2. An edge between two cells already joined by path edges (a loop) or
       between cells joined to different numbers is out.
    3. Without ``self_touch``: an edge between cells joined to the same
       number is in (neighbours on one path are consecutive); an edge that
       would give a cell two neighbours on a path it joins (or three of its
       number) is out.

    Every deduction holds in every solution of the puzzle under its rules, so
    what is settled agrees with any solution.

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.numberlink.deduced_share(mg.numberlink.parse("1.1\\n2.2"))
    1.0
    >>> round(mg.numberlink.deduced_share(mg.numberlink.parse("1...\\n....\\n...1")), 3)  # the two free corners
    0.235
    """
    return _deduce(puzzle)[1]


def _deduce(puzzle: Puzzle) -> tuple[list[int], float]:
    """Edge states after the deductions of :func:`deduced_share` (-1 open, 0 out, 1 in), and the share settled."""
    cells = puzzle.cells
    n = cells.n_cells
    edges = cells.edges.tolist()
    solid = puzzle.solid.tolist()
    number = puzzle.number.tolist()
    fill, touch = puzzle.fill, puzzle.self_touch
    incident: list[list[int]] = [[] for _ in range(n)]
    around: list[list[int]] = [[] for _ in range(n)]
    for e, (a, b) in enumerate(edges):
        incident[a].append(e)
        incident[b].append(e)
        around[a].append(b)
        around[b].append(a)
    state = [0 if solid[a] or solid[b] else -1 for a, b in edges]
    parent = list(range(n))  # union-find over cells joined by path edges
    label = {c: number[c] for c in range(n) if number[c]}  # root -> the number its piece belongs to

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def join(e: int) -> None:
        state[e] = 1
        ra, rb = find(edges[e][0]), find(edges[e][1])
        if ra != rb:
            parent[rb] = ra
            if ra not in label and rb in label:
                label[ra] = label[rb]

    changed = True
    while changed:
        changed = False
        for c in range(n):  # 1: degrees
            if solid[c]:
                continue
            unknown = [e for e in incident[c] if state[e] < 0]
            if not unknown:
                continue
            have = sum(1 for e in incident[c] if state[e] == 1)
            need = 1 if number[c] else 2
            if have == need:
                for e in unknown:
                    state[e] = 0
                changed = True
            elif (number[c] or fill or have == 1) and have + len(unknown) == need:
                for e in unknown:
                    join(e)
                changed = True
            elif not (number[c] or fill) and have == 0 and len(unknown) == 1:  # 0 or 2 edges, never 1
                state[unknown[0]] = 0
                changed = True
        for e, (a, b) in enumerate(edges):  # 2 and 3: loops, numbers, touching
            if state[e] >= 0:
                continue
            ra, rb = find(a), find(b)
            la, lb = label.get(ra, 0), label.get(rb, 0)
            if ra == rb or (la and lb and la != lb):
                state[e] = 0
            elif touch:
                continue
            elif la and la == lb:
                join(e)
            elif any(
                sum(1 for w in around[y] if find(w) == r) >= 2
                or (lab and sum(1 for w in around[y] if label.get(find(w), 0) == lab) >= 3)
                for y, r, lab in ((b, ra, la), (a, rb, lb))
            ):
                state[e] = 0
            else:
                continue
            changed = True
    total = sum(1 for a, b in edges if not solid[a] and not solid[b])
    settled = sum(1 for e, (a, b) in enumerate(edges) if state[e] >= 0 and not solid[a] and not solid[b])
    return state, (settled / total if total else 1.0)


def _measure(puzzle: Puzzle, conflicts: int) -> dict:
    """:func:`difficulty` given the conflicts of the uniqueness proof (the generator has just made it)."""
    deduced = deduced_share(puzzle)
    easy, medium = level_bounds(puzzle)
    level = "easy" if deduced >= easy else "medium" if deduced >= medium else "hard"
    return {
        "deduced": round(deduced, 4),
        "forced": round(forced_share(puzzle), 4),
        "conflicts": conflicts,
        "level": level,
    }
