"""How hard a Numberlink puzzle is: cells forced by simple moves, and the SAT solver's effort.

Two measures, both reproducible for a given puzzle:

* ``forced``: the share of the cells off the endpoints that the *forced-move*
  rule alone fills. A path end with exactly one free neighbour must step
  there (a free neighbour being a cell on no path yet, or the other end of its
  own number, which closes the path); repeat until no end is forced. Easy
  published puzzles give much away to this rule, hard ones little.
* ``conflicts``: the conflicts the SAT solver (glucose 4) meets while
  proving there is no solution but the puzzle's own, under the puzzle's rules.

``level`` is ``"easy"``, ``"medium"`` or ``"hard"`` from ``forced``, with the
cut points :data:`LEVELS`.

References
----------
.. [1] Nikoli, "Numberlink", https://www.nikoli.co.jp/en/puzzles/numberlink/
.. [2] G. Audemard and L. Simon, "Predicting Learnt Clauses Quality in Modern
   SAT Solvers", IJCAI 2009 (glucose).
"""

from __future__ import annotations

from .puzzle import Puzzle

__all__ = ["difficulty", "forced_share", "LEVELS"]

#: ``forced`` at least this is "easy", at least the second "medium", else "hard". Set near the
#: tertiles of ``forced`` over unique full boards of ``generate`` (10 x 10 and 14 x 14, seeds 0-14).
LEVELS = (0.1, 0.03)


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
        ``forced`` (see :func:`forced_share`), ``conflicts`` (SAT conflicts
        to prove that the puzzle has no solution but its own, or, without one
        attached, the first one the solver finds) and ``level`` (easy / medium / hard).

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


def _measure(puzzle: Puzzle, conflicts: int) -> dict:
    """:func:`difficulty` given the conflicts of the uniqueness proof (the generator has just made it)."""
    forced = forced_share(puzzle)
    level = "easy" if forced >= LEVELS[0] else "medium" if forced >= LEVELS[1] else "hard"
    return {"forced": round(forced, 4), "conflicts": conflicts, "level": level}
