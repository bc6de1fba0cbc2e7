"""Solve Numberlink puzzles and count their solutions with a SAT solver, under either rule set.

The encoding (over any tessellation graph; built with numpy in
:mod:`mazegraph.numberlink.encoding`) has a Boolean ``x[c, k]`` for "cell
``c`` lies on the path of number ``k``", made only where number ``k`` can
reach the cell, and ``e[u, v]`` for "the path runs along edge ``uv``":

* each non-solid cell takes at most one number (exactly one with ``fill``);
  an endpoint takes its own;
* an endpoint has exactly one used edge; any other cell on a path exactly two,
  a cell on no path none; edges into solid cells are never used;
* a used edge joins two cells of the same number; without ``self_touch`` the
  converse too: two neighbours of the same number are joined by a used edge,
  so no path runs beside itself;
* no 4-cycle of the board (a 2 x 2 block of squares) has all its edges used.

With ``self_touch`` the solutions that do not touch themselves are searched
first, under the stricter clauses (they propagate far better: on hard
published 12 x 12 boards the solution comes ten times sooner), and the rest
after, excluding those found. The stricter clauses carry a selector variable,
so both phases run in one solver: it keeps what it learnt and the blocked
solutions, and the puzzle is encoded once.

Every model is then a set of paths joining equal numbers plus, possibly,
detached cycles touching no endpoint. A detached cycle on cells ``S`` is
removed lazily with a cut: some edge leaving ``S`` is used (or, without
``fill``, some cell of ``S`` is on no path). The cut forbids every cycle
configuration inside ``S`` at once, not only the one found, which is what keeps
the number of rounds small. Counting blocks each solution's edge set in turn
and solves again in the same solver.

The search without the strict rule is the slow part of proving a solution
unique, and most second solutions differ from the first in one part of the
board: so it first tries windows (balls of a few steps around centres spread
over the board), each solved under the assumption that every edge outside the
window is as in the known solution, and only then the whole board. The
assumptions only narrow the search (clauses learnt under them stay valid), so
no solution is lost; on published 14 x 14 boards they cut the median time of
``count_solutions`` by about two thirds.

The proof that no other solution exists is the hard part on open boards, and
all of it lies in fillings where some path covers a 2 x 2 block of cells
(``benchmarks/numberlink_loose.py``). On square grids most of those are set
aside by an argument rather than searched: a *hairpin* is a path turning
around a 2 x 2 block, ``a, b, d, c`` with ``a`` and ``c`` neighbours; when the
two cells just beyond its tip ``b, d`` are joined by a step of some path, the
tip can move into that path (the hairpin takes the shortcut ``a, c``, the other
path runs through ``b, d``). The result is again a solution; it runs beside
itself, so it is none of the strict ones; and if the hairpin points right (or
down), the sum over used edges of the column of each vertical edge and the row
of each horizontal one falls by two. Repeating the move ends, so if any
solution other than strict ones exists, one exists without such a hairpin
pointing right or down: while every solution blocked so far is strict, the
loose search asks for that one (``Encoding.hairpins``, behind a selector), and
drops the clauses once it has found a solution that is not strict. On the
slowest published 14 x 14 board this cut the proof from about 15 to 1.4 s.

Without ``fill`` the loose search is often skipped: a path that runs beside
itself can take the shortcut and leave the cells between on no path, so every
loose solution is a strict one with detours through cells on no path, and
when no strict solution has room for one, there is no other (``_detour``).

References
----------
.. [1] Nikoli, "Numberlink", https://www.nikoli.co.jp/en/puzzles/numberlink/
.. [2] A. Biere, M. Heule, H. van Maaren and T. Walsh (eds.), *Handbook of
   Satisfiability*, 2nd ed., IOS Press, 2021 (cardinality encodings, lazy
   clause generation).
.. [3] A. Ignatiev, A. Morgado and J. Marques-Silva, "PySAT: A Python Toolkit
   for Prototyping with SAT Oracles", SAT 2018, LNCS 10929, pp. 428-437.
.. [4] G. B. Dantzig, D. R. Fulkerson and S. M. Johnson, "Solution of a
   Large-Scale Traveling-Salesman Problem", Operations Research 2(4), 1954
   (subtour elimination by cut constraints added as needed).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from ..errors import InvalidOptionError, PuzzleError
from ..params import Flag, Instance, Number, Param, checked
from .encoding import Encoding, components
from .puzzle import Puzzle

_PUZZLE = Param("puzzle", Instance((Puzzle,), "a mazegraph.numberlink.Puzzle"), help="the puzzle", error=PuzzleError)
_LIMIT = Param("limit", Number(1, None, integer=True), None, "stop after this many solutions (None: no limit)")
_FILL = Param("fill", Flag(), None, "every cell on a path (None: the puzzle's own rule)")
_SELF_TOUCH = Param("self_touch", Flag(), None, "a path may run beside itself (None: the puzzle's own rule)")

__all__ = ["solve", "count_solutions", "solutions"]

#: The PySAT backend (measured fastest on published 14 x 14 boards: benchmarks/numberlink.py).
SOLVER = "glucose4"
#: Without the strict rule, solutions are first looked for next to a known one: each window (a ball of
#: ``radius`` steps around a centre, centres ``spacing`` steps apart) is searched with every edge outside it
#: kept as in that solution, for each (radius, spacing) in turn, then the whole board. Measured on the 34 janko
#: 14 x 14 boards with a second solution (benchmarks/numberlink.py); () turns the windows off.
WINDOWS: tuple[tuple[int, int], ...] = ((6, 5),)
#: With a ``waiting`` callback, a SAT call runs in slices of this many conflicts (about a second here); a call
#: that ends within the first slice, as nearly all do, runs exactly as without the callback.
SLICE = 20_000


def _rules(puzzle: Puzzle, fill, self_touch) -> tuple[bool, bool]:
    return (puzzle.fill if fill is None else bool(fill), puzzle.self_touch if self_touch is None else bool(self_touch))


@checked(_PUZZLE, _LIMIT, _FILL, _SELF_TOUCH)
def solutions(
    puzzle: Puzzle,
    limit: int | None = None,
    solver: str = SOLVER,
    exclude=(),
    *,
    fill: bool | None = None,
    self_touch: bool | None = None,
    stats: dict | None = None,
    waiting: Callable[[float], None] | None = None,
):
    """Yield the solutions of a puzzle, each a list of paths of cell indices.

    Parameters
    ----------
    puzzle : Puzzle
    limit : int, optional
        Stop after this many solutions.
    solver : str
        A PySAT solver name.
    exclude : iterable of list of list of int
        Known solutions to skip.
    fill : bool, optional
        Every non-solid cell lies on a path (Flow Free's rule). Default: the puzzle's ``fill``.
    self_touch : bool, optional
        A path may run beside itself (two of its cells neighbours without being
        consecutive on it). Default: the puzzle's ``self_touch``.
    stats : dict, optional
        Filled with the SAT solver's counters (``conflicts``, ``decisions``, ...)
        when the generator stops.
    waiting : callable, optional
        Called with the seconds spent so far, about once a second, while a
        search runs long (for a progress message: when paths may touch
        themselves, proving that no second solution exists can take seconds
        to minutes on large open boards).

    Yields
    ------
    list of list of int
        Path ``k`` runs from the first endpoint of number ``k + 1`` to the second.

    Examples
    --------
    >>> import mazegraph as mg
    >>> P = mg.numberlink.parse("1..\\n...\\n..1")
    >>> len(list(mg.numberlink.solutions(P)))
    2
    >>> len(list(mg.numberlink.solutions(P, fill=False)))
    12
    """
    from pysat.solvers import Solver

    if waiting is not None and not callable(waiting):
        raise InvalidOptionError(f"waiting: expected a function of the seconds spent (or None), got {waiting!r}")
    fill, self_touch = _rules(puzzle, fill, self_touch)
    if limit is not None and limit <= 0:
        return
    if puzzle.n_pairs == 0:
        if puzzle.solid.all() or not fill:
            yield []
        return
    enc = Encoding(puzzle, fill, "selector" if self_touch else "always")
    if enc.impossible:
        return
    with Solver(name=solver, bootstrap_with=enc.clauses) as sat:
        try:
            yield from _search(sat, enc, puzzle, limit, exclude, self_touch, waiting)
        finally:
            if stats is not None:
                for key, value in (sat.accum_stats() or {}).items():
                    stats[key] = stats.get(key, 0) + value


def _solve(sat, assumptions: list[int], waiting) -> bool:
    """``sat.solve(assumptions)``; with ``waiting``, in slices of ``SLICE`` conflicts, calling it between them."""
    if waiting is None:
        return sat.solve(assumptions=assumptions)
    start = time.monotonic()
    while True:
        sat.conf_budget(SLICE)
        result = sat.solve_limited(assumptions=assumptions)
        if result is not None:
            return result
        waiting(time.monotonic() - start)


def _search(sat, enc: Encoding, puzzle: Puzzle, limit, exclude, self_touch: bool, waiting=None):
    """The lazy loop: solve, cut detached cycles, yield and block solutions.

    With ``self_touch`` the solutions that do not touch themselves come first
    (solving under the assumption ``strict``, whose clauses propagate far
    better), then the rest: ``strict`` is switched off for good and the search
    goes on in the same solver, keeping what it learnt and the blocked solutions.
    """
    anchor = None  # a known solution: the windows of the loose search keep the rest of it
    exclude = list(exclude)
    for paths in exclude:
        clause = enc.block(paths)
        if clause is not None:
            sat.add_clause(clause)
            anchor = anchor or paths
    found = 0
    pairs = puzzle.pairs.tolist()
    strict_found = []  # the solutions found under the strict rule
    hairpins = 0  # selector of the hairpin clauses, assumed while every blocked solution is strict (0: none)
    for assume in ([enc.strict], []) if self_touch else ([],):
        rounds = [assume]
        loose = not assume and enc.strict
        if loose:
            if not enc.fill and not any(_detour(puzzle, paths) for paths in strict_found + exclude):
                return  # every solution is a strict one with detours (see _detour): none is left
            sat.add_clause([-enc.strict])
            if all(puzzle.is_solution(p, fill=enc.fill, self_touch=False) for p in exclude):
                clauses = enc.hairpins()
                if clauses:
                    hairpins = enc.top + 1  # a new variable: past every variable of the encoding
                    sat.append_formula([[-hairpins, *clause] for clause in clauses])
            if anchor is not None and WINDOWS:
                keep = enc.edge_literals(anchor)
                rounds = [keep[~free].tolist() for free in _windows(puzzle.cells, enc)] + rounds
        for r, assumptions in enumerate(rounds):
            if loose and r == len(rounds) - 1:  # the whole board: the implied clauses help proofs, not windows
                sat.append_formula(enc.extra)
            while _solve(sat, assumptions + ([hairpins] if hairpins else []), waiting):
                paths, cycles = enc.read(sat.get_model())
                if cycles:
                    cuts = [enc.cut(cycle) for cycle in cycles]
                    if any(not cut for cut in cuts):  # a closed region no path can leave: no solution at all
                        return
                    for cut in cuts:
                        sat.add_clause(cut)
                    continue
                paths = [p if p[0] == a else p[::-1] for p, (a, _) in zip(paths, pairs)]
                yield paths
                found += 1
                if assume:
                    strict_found.append(paths)
                else:
                    hairpins = 0  # a blocked solution that is not strict: the argument above no longer holds
                if limit is not None and found >= limit:
                    return
                sat.add_clause(enc.block(paths))
                anchor = anchor or paths


def _detour(puzzle: Puzzle, paths) -> bool:
    """Whether some step ``u, v`` of ``paths`` can be replaced by a detour through cells on no path.

    Without ``fill``, the loose solutions are the strict ones with detours:
    a path that runs beside itself (``u`` and ``v`` neighbours, not
    consecutive) can take the shortcut ``u, v`` instead and leave the cells
    between on no path; each shortcut shortens it, so a chain of them ends at
    a strict solution, and the last shortcut undone is a detour of that strict
    solution: a step ``u, v`` replaced by ``u``, a path of free cells on no
    path (which number ``k`` may take: they are joined to ``u`` or ``v``), ``v``.
    Such a detour exists when a neighbour of ``u`` and one of ``v`` lie in one
    component of those cells. So when no strict solution has one, the loose
    solutions are the strict ones. True also when ``paths`` is not a set of
    paths along edges of the board (it is then no strict solution to rely on).
    """
    cells = puzzle.cells
    n = cells.n_cells
    nbrs = [cells.neighbors[p:q] for p, q in zip(cells.indptr[:-1].tolist(), cells.indptr[1:].tolist())]
    steps = [(u, v) for path in paths for u, v in zip(path[:-1], path[1:])]
    if not all(0 <= u < n and v in nbrs[u] for u, v in steps):
        return True
    empty = ~np.asarray(puzzle.solid, dtype=bool) & (np.asarray(puzzle.number) == 0)
    for path in paths:
        empty[path] = False
    label = components(cells, empty)
    near = [set(label[w[empty[w]]].tolist()) for w in nbrs]
    return any(near[u] & near[v] for u, v in steps)


def _windows(cells, enc: Encoding) -> list:
    """Masks over the edges of ``enc`` that have a variable: the edges at a cell of one window each.

    For each ``(radius, spacing)`` of ``WINDOWS``: the balls of ``radius``
    steps around centres chosen greedily in cell order, each at least
    ``spacing`` steps from the centres before it, so that every cell lies in
    some window.
    """
    has = enc.edge_var > 0
    return [free[has] for free in _balls(cells)]


_BALLS: dict = {}


def _balls(cells) -> list:
    """Masks over the board's edges, one per window of ``WINDOWS`` (memoised per board)."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import dijkstra

    key = (cells.n_cells, cells.edges.tobytes(), WINDOWS)
    if key in _BALLS:
        return _BALLS[key]
    if len(_BALLS) > 32:
        _BALLS.clear()
    n = cells.n_cells
    a, b = cells.edges[:, 0], cells.edges[:, 1]
    graph = coo_matrix((np.ones(len(a)), (a, b)), shape=(n, n)).tocsr()
    out = []
    for radius, spacing in WINDOWS:
        near = np.full(n, np.inf)
        for c in range(n):
            if near[c] < spacing:
                continue
            dist = dijkstra(graph, directed=False, unweighted=True, indices=c, limit=max(radius, spacing))
            near = np.minimum(near, dist)
            inside = dist <= radius
            out.append(inside[a] | inside[b])
    _BALLS[key] = out
    return out


@checked(_PUZZLE, _FILL, _SELF_TOUCH)
def solve(puzzle: Puzzle, *, fill: bool | None = None, self_touch: bool | None = None) -> list[list[int]] | None:
    """Solve a Numberlink puzzle.

    Parameters
    ----------
    puzzle : Puzzle
    fill : bool, optional
        Every non-solid cell must lie on a path. Default: the puzzle's rule (True unless set).
    self_touch : bool, optional
        A path may run beside itself. Default: the puzzle's rule (True unless set).

    Returns
    -------
    list of list of int or None
        Path ``k`` (cell indices) from the first to the second endpoint of
        number ``k + 1``, or None if the puzzle has no solution.

    Examples
    --------
    >>> import mazegraph as mg
    >>> P = mg.numberlink.parse("1.2\\n2.1")
    >>> mg.numberlink.solve(P) is None
    True
    >>> P = mg.numberlink.parse("1.1\\n2.2")
    >>> mg.numberlink.solve(P)
    [[0, 1, 2], [3, 4, 5]]

    References
    ----------
    .. [1] A. Ignatiev, A. Morgado and J. Marques-Silva, "PySAT: A Python Toolkit
       for Prototyping with SAT Oracles", SAT 2018.
    """
    for paths in solutions(puzzle, limit=1, fill=fill, self_touch=self_touch):
        return paths
    return None


@checked(_PUZZLE, _LIMIT, _FILL, _SELF_TOUCH)
def count_solutions(
    puzzle: Puzzle,
    limit: int = 2,
    *,
    fill: bool | None = None,
    self_touch: bool | None = None,
    waiting: Callable[[float], None] | None = None,
) -> int:
    """Count a puzzle's solutions, stopping at ``limit``.

    Parameters
    ----------
    puzzle : Puzzle
    limit : int
        ``count_solutions(P) == 1`` proves the solution unique.
    fill, self_touch : bool, optional
        The rules (see :func:`solutions`); default: the puzzle's.
    waiting : callable, optional
        Called with the seconds spent, about once a second, while a search
        runs long (see :func:`solutions`): with ``self_touch``, proving that no
        second solution exists can take seconds on large open boards.

    Returns
    -------
    int
        The number of solutions, at most ``limit``.

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.numberlink.count_solutions(mg.numberlink.parse("1.1\\n2.2"))
    1
    >>> P = mg.numberlink.parse("1..\\n...\\n..1")
    >>> mg.numberlink.count_solutions(P, limit=10), mg.numberlink.count_solutions(P, self_touch=False)
    (2, 0)
    """
    return sum(1 for _ in solutions(puzzle, limit=limit, fill=fill, self_touch=self_touch, waiting=waiting))
