"""Solve Numberlink puzzles and count their solutions with a SAT solver, under either rule set.

The encoding (over any tessellation graph) has a Boolean ``x[c, k]`` for "cell
``c`` lies on the path of number ``k``" and ``e[u, v]`` for "the path runs
along edge ``uv``":

* each non-solid cell takes at most one number (exactly one with ``fill``);
  an endpoint takes its own;
* an endpoint has exactly one used edge; any other cell on a path exactly two,
  a cell on no path none; edges into solid cells are never used;
* a used edge joins two cells of the same number; without ``self_touch`` the
  converse too: two neighbours of the same number are joined by a used edge,
  so no path runs beside itself;
* no 4-cycle of the board (a 2 x 2 block of squares) has all its edges used.

With ``self_touch`` the solutions that do not touch themselves are searched
first, under the stricter encoding (it propagates far better: on hard
published 12 x 12 boards it finds the solution ten times sooner), and the
rest after, excluding those found.

Every model is then a set of paths joining equal numbers plus, possibly,
detached cycles touching no endpoint. A detached cycle on cells ``S`` is
removed lazily with a cut: some edge leaving ``S`` is used (or, without
``fill``, some cell of ``S`` is on no path). The cut forbids every cycle
configuration inside ``S`` at once, not only the one found, which is what keeps
the number of rounds small. Counting blocks each solution's edge set in turn.

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

from itertools import combinations

import numpy as np

from ..errors import PuzzleError
from ..params import Flag, Instance, Number, Param, checked
from .puzzle import Puzzle

_PUZZLE = Param("puzzle", Instance((Puzzle,), "a mazegraph.numberlink.Puzzle"), help="the puzzle", error=PuzzleError)
_LIMIT = Param("limit", Number(1, None, integer=True), None, "stop after this many solutions (None: no limit)")
_FILL = Param("fill", Flag(), None, "every cell on a path (None: the puzzle's own rule)")
_SELF_TOUCH = Param("self_touch", Flag(), None, "a path may run beside itself (None: the puzzle's own rule)")

__all__ = ["solve", "count_solutions", "solutions"]


class _Encoding:
    """The CNF of a puzzle under one rule set, and the map from a model back to paths."""

    def __init__(self, puzzle: Puzzle, fill: bool, self_touch: bool):
        cells = puzzle.cells
        self.puzzle, self.fill = puzzle, fill
        n, K = cells.n_cells, puzzle.n_pairs
        live = ~puzzle.solid
        self.top = 0
        self.clauses: list[list[int]] = []
        clauses = self.clauses
        # x[c, k] (k 0-based): 0 where the cell is solid or cannot take k; used[c]: the cell is on a path
        self.x = np.zeros((n, max(K, 1)), dtype=np.int64)
        self.used = np.zeros(n, dtype=np.int64)
        for c in np.flatnonzero(live).tolist():
            if puzzle.number[c]:  # an endpoint: one fixed variable, no choice
                v = self._new()
                self.x[c, puzzle.number[c] - 1] = v
                self.used[c] = v
                clauses.append([v])
                continue
            row = [self._new() for _ in range(K)]
            self.x[c, :K] = row
            clauses.extend(self._at_most_one(row))
            if fill or K == 0:
                self.used[c] = 0 if K == 0 else -1  # -1: always used (fill), 0 with no numbers: never
                if K:
                    clauses.append(list(row))
            else:
                u = self._new()
                self.used[c] = u
                clauses.append([-u, *row])
                clauses.extend([-v, u] for v in row)
        u, v = cells.edges[:, 0].astype(np.int64), cells.edges[:, 1].astype(np.int64)
        usable = live[u] & live[v]
        self.edge_var = np.zeros(cells.n_edges, dtype=np.int64)
        ids = np.flatnonzero(usable)
        self.edge_var[ids] = np.arange(self.top + 1, self.top + 1 + len(ids))
        self.top += len(ids)
        clauses.extend(_edge_colour_clauses(self.edge_var[ids], self.x[u[ids], :K], self.x[v[ids], :K], fill,
                                            self_touch))
        indptr, edge_ids = cells.indptr, cells.edge_ids
        for c in np.flatnonzero(live).tolist():
            incident = [int(self.edge_var[e]) for e in edge_ids[indptr[c] : indptr[c + 1]].tolist()]
            incident = [e for e in incident if e]
            if puzzle.number[c]:
                clauses.extend(self._exactly(incident, 1))
            elif self.used[c] == -1:
                clauses.extend(self._exactly(incident, 2))
            elif self.used[c] == 0:
                clauses.extend([-e] for e in incident)
            else:  # on a path: two edges; on none: no edge
                uc = int(self.used[c])
                clauses.extend(self._exactly(incident, 2, when=uc))
                clauses.extend([-e, uc] for e in incident)
        edge_of = {(a, b): e for e, (a, b) in enumerate(cells.edges.tolist())}
        var = self.edge_var.tolist()
        for square in _four_cycles(cells):
            lits = [var[edge_of.get((a, b), edge_of.get((b, a), -1))] for a, b in zip(square, square[1:] + square[:1])]
            if all(lits):
                clauses.append([-lit for lit in lits])
        self.edges = cells.edges

    def _new(self) -> int:
        self.top += 1
        return self.top

    def _at_most_one(self, lits: list[int]) -> list[list[int]]:
        """Pairwise for few literals, else a sequential counter (Sinz 2005)."""
        if len(lits) <= 6:
            return [[-a, -b] for a, b in combinations(lits, 2)]
        out, prev = [], 0
        for i, lit in enumerate(lits):
            if i == len(lits) - 1:
                out.append([-lit, -prev])
                break
            s = self._new()
            out.append([-lit, s])
            if prev:
                out.append([-prev, s])
                out.append([-lit, -prev])
            prev = s
        return out

    def _exactly(self, lits: list[int], k: int, when: int = 0) -> list[list[int]]:
        """Clauses for "exactly k of lits" (only "at most k" unless ``when`` holds)."""
        d = len(lits)
        guard = [-when] if when else []
        if d < k:
            return [guard]  # too few neighbours: impossible (if ``when``)
        if d <= 8:
            out = [[-a for a in group] for group in combinations(lits, k + 1)]  # at most k
            out += [guard + list(group) for group in combinations(lits, d - k + 1)]  # at least k
            return out
        from pysat.card import CardEnc, EncType
        from pysat.formula import IDPool

        pool = IDPool(start_from=self.top + 1)
        most = CardEnc.atmost(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter)
        least = CardEnc.atleast(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter)
        self.top = max(self.top, pool.top)
        return [list(cl) for cl in most.clauses] + [guard + list(cl) for cl in least.clauses]

    def read(self, model) -> tuple[list[list[int]], list[list[int]]]:
        """Split a model into paths; return (paths, detached cycles as lists of cells)."""
        truth = np.zeros(self.top + 2, dtype=bool)
        m = np.asarray(model, dtype=np.int64)
        m = m[np.abs(m) <= self.top]
        truth[m[m > 0]] = True
        used = np.flatnonzero((self.edge_var > 0) & truth[self.edge_var])
        n = self.puzzle.cells.n_cells
        adj: list[list[int]] = [[] for _ in range(n)]
        for e in used.tolist():
            a, b = int(self.edges[e, 0]), int(self.edges[e, 1])
            adj[a].append(b)
            adj[b].append(a)
        seen = np.zeros(n, dtype=bool)
        paths = []
        for a, _ in self.puzzle.pairs.tolist():
            path = [a]
            seen[a] = True
            prev, cur = -1, a
            while True:
                step = [w for w in adj[cur] if w != prev]
                if not step or (prev >= 0 and len(adj[cur]) == 1):
                    break
                prev, cur = cur, step[0]
                path.append(cur)
                seen[cur] = True
            paths.append(path)
        cycles = []
        for c in range(n):
            if seen[c] or not adj[c]:
                continue
            cycle, stack = [c], [c]
            seen[c] = True
            while stack:
                for w in adj[stack.pop()]:
                    if not seen[w]:
                        seen[w] = True
                        stack.append(w)
                        cycle.append(w)
            cycles.append(cycle)
        return paths, cycles

    def cut(self, cycle: list[int]) -> list[int]:
        """A clause no solution breaks and this detached cycle does: leave its cells, or leave one empty."""
        cells = self.puzzle.cells
        inside = np.zeros(cells.n_cells, dtype=bool)
        inside[cycle] = True
        indptr, nbrs, edge_ids = cells.indptr, cells.neighbors, cells.edge_ids
        clause = []
        for c in cycle:
            for j in range(indptr[c], indptr[c + 1]):
                if not inside[nbrs[j]] and self.edge_var[edge_ids[j]]:
                    clause.append(int(self.edge_var[edge_ids[j]]))
            if not self.fill and self.used[c] > 0:
                clause.append(-int(self.used[c]))
        return clause

    def block(self, paths) -> list[int]:
        """A clause excluding the edge set of ``paths``."""
        cells = self.puzzle.cells
        return [-int(self.edge_var[cells.edge_index(a, b)]) for p in paths for a, b in zip(p[:-1], p[1:])]


def _edge_colour_clauses(ev: np.ndarray, xa: np.ndarray, xb: np.ndarray, fill: bool, self_touch: bool) -> list:
    """Clauses tying each edge variable ``ev[i]`` to the numbers of its ends (``xa[i, k]``, ``xb[i, k]``; 0: none).

    A used edge carries number k from one end to the other (only one direction
    is needed when every cell takes exactly one number, but both propagate
    better); an end that cannot take k forbids the other taking it along a
    used edge; without ``self_touch`` two ends of one number use the edge.
    """
    E = np.broadcast_to(ev[:, None], xa.shape)
    both = (xa > 0) & (xb > 0)
    out = []
    e, a, b = E[both], xa[both], xb[both]
    out.append(np.stack([-e, -a, b], axis=1).tolist())
    out.append(np.stack([-e, a, -b], axis=1).tolist())
    if not self_touch:  # same number on neighbours: they are consecutive on the path
        out.append(np.stack([e, -a, -b], axis=1).tolist())
    only_a, only_b = (xa > 0) & (xb == 0), (xa == 0) & (xb > 0)
    out.append(np.stack([-E[only_a], -xa[only_a]], axis=1).tolist())
    out.append(np.stack([-E[only_b], -xb[only_b]], axis=1).tolist())
    return [clause for group in out for clause in group]


def _four_cycles(cells) -> list[list[int]]:
    """Every 4-cycle ``[a, b, d, c]`` of the board, once each."""
    indptr, nbrs = cells.indptr.tolist(), cells.neighbors.tolist()
    adj = [set(nbrs[indptr[c] : indptr[c + 1]]) for c in range(cells.n_cells)]
    out = []
    for a in range(cells.n_cells):
        for b, c in combinations(sorted(w for w in adj[a] if w > a), 2):
            for d in adj[b] & adj[c]:
                if d > a:
                    out.append([a, b, d, c])
    return out


def _rules(puzzle: Puzzle, fill, self_touch) -> tuple[bool, bool]:
    return (puzzle.fill if fill is None else bool(fill), puzzle.self_touch if self_touch is None else bool(self_touch))


@checked(_PUZZLE, _LIMIT, _FILL, _SELF_TOUCH)
def solutions(puzzle: Puzzle, limit: int | None = None, solver: str = "glucose4", exclude=(), *,
              fill: bool | None = None, self_touch: bool | None = None, stats: dict | None = None):
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

    fill, self_touch = _rules(puzzle, fill, self_touch)
    if limit is not None and limit <= 0:
        return
    if puzzle.n_pairs == 0:
        if puzzle.solid.all() or not fill:
            yield []
        return
    exclude = [list(map(list, paths)) for paths in exclude]
    # Solutions without self-touching are solutions with it, and the stricter encoding (an edge wherever two
    # neighbours share a number) propagates far better: list those first, then the rest, excluding them.
    phases = [False, True] if self_touch else [False]
    for touch in phases:
        enc = _Encoding(puzzle, fill, touch)
        if any(len(cl) == 0 for cl in enc.clauses):
            continue
        with Solver(name=solver, bootstrap_with=enc.clauses) as sat:
            try:
                for paths in _search(sat, enc, puzzle, limit, exclude):
                    yield paths
                    exclude.append(paths)
                    if limit is not None:
                        limit -= 1
                if limit is not None and limit <= 0:
                    return
            finally:
                if stats is not None:
                    for key, value in (sat.accum_stats() or {}).items():
                        stats[key] = stats.get(key, 0) + value


def _search(sat, enc: _Encoding, puzzle: Puzzle, limit, exclude):
    """The lazy loop: solve, cut detached cycles, yield and block solutions."""
    found = 0
    for paths in exclude:
        sat.add_clause(enc.block(paths))
    while sat.solve():
        paths, cycles = enc.read(sat.get_model())
        if cycles:
            for cycle in cycles:
                sat.add_clause(enc.cut(cycle))
            continue
        paths = [p if p[0] == a else p[::-1] for p, (a, _) in zip(paths, puzzle.pairs.tolist())]
        yield paths
        found += 1
        if limit is not None and found >= limit:
            return
        sat.add_clause(enc.block(paths))


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
def count_solutions(puzzle: Puzzle, limit: int = 2, *, fill: bool | None = None, self_touch: bool | None = None) -> int:
    """Count a puzzle's solutions, stopping at ``limit``.

    Parameters
    ----------
    puzzle : Puzzle
    limit : int
        ``count_solutions(P) == 1`` proves the solution unique.
    fill, self_touch : bool, optional
        The rules (see :func:`solutions`); default: the puzzle's.

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
    return sum(1 for _ in solutions(puzzle, limit=limit, fill=fill, self_touch=self_touch))
