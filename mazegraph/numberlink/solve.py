"""Solve Numberlink puzzles and count their solutions with a SAT solver.

The encoding (over any tessellation graph) has a Boolean ``x[c, k]`` for "cell
``c`` lies on the path of number ``k``" and ``e[u, v]`` for "the path runs
along edge ``uv``":

* each non-solid cell takes exactly one number; an endpoint takes its own;
* an endpoint has exactly one used edge, any other non-solid cell exactly two;
  edges into solid cells are never used;
* a used edge joins two cells of the same number.

Every model is then a set of paths joining equal numbers plus, possibly,
detached cycles touching no endpoint. Those are removed lazily: when a model
contains one, a clause forbidding that cycle's edges is added and the solver
runs again. Counting blocks each solution's edge set in turn. Paths may run
alongside themselves (a path is simple, not induced), as in the puzzle's rules.

References
----------
.. [1] Nikoli, "Numberlink", https://www.nikoli.co.jp/en/puzzles/numberlink/
.. [2] A. Biere, M. Heule, H. van Maaren and T. Walsh (eds.), *Handbook of
   Satisfiability*, 2nd ed., IOS Press, 2021 (cardinality encodings, lazy
   clause generation).
.. [3] A. Ignatiev, A. Morgado and J. Marques-Silva, "PySAT: A Python Toolkit
   for Prototyping with SAT Oracles", SAT 2018, LNCS 10929, pp. 428-437.
.. [4] C. Sinz, "Towards an Optimal CNF Encoding of Boolean Cardinality
   Constraints", CP 2005, LNCS 3709, pp. 827-831.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from .puzzle import Puzzle

__all__ = ["solve", "count_solutions", "solutions"]


class _Encoding:
    """The CNF of a puzzle and the map from a model back to paths."""

    def __init__(self, puzzle: Puzzle):
        cells = puzzle.cells
        self.puzzle = puzzle
        n, K = cells.n_cells, puzzle.n_pairs
        live = ~puzzle.solid
        self.top = 0
        # colour variables: x[c, k] (k 0-based); 0 where the cell is solid
        self.x = np.zeros((n, max(K, 1)), dtype=np.int64)
        clauses: list[list[int]] = []
        for c in np.flatnonzero(live).tolist():
            if puzzle.number[c]:  # an endpoint: one fixed variable, no choice
                v = self._new()
                self.x[c, puzzle.number[c] - 1] = v
                clauses.append([v])
                continue
            row = [self._new() for _ in range(K)]
            self.x[c, :K] = row
            clauses.append(list(row))
            clauses.extend([-a, -b] for a, b in combinations(row, 2))
        u, v = cells.edges[:, 0].astype(np.int64), cells.edges[:, 1].astype(np.int64)
        usable = live[u] & live[v]
        self.edge_var = np.zeros(cells.n_edges, dtype=np.int64)
        for e in np.flatnonzero(usable).tolist():
            self.edge_var[e] = self._new()
            a, b = int(u[e]), int(v[e])
            ev = int(self.edge_var[e])
            for k in range(K):
                xa, xb = int(self.x[a, k]), int(self.x[b, k])
                if xa and xb:
                    clauses.append([-ev, -xa, xb])
                    clauses.append([-ev, xa, -xb])
                elif xa:  # b cannot take k: the edge forbids a taking k
                    clauses.append([-ev, -xa])
                elif xb:
                    clauses.append([-ev, -xb])
        indptr, edge_ids = cells.indptr, cells.edge_ids
        for c in np.flatnonzero(live).tolist():
            incident = [int(self.edge_var[e]) for e in edge_ids[indptr[c] : indptr[c + 1]].tolist()]
            incident = [e for e in incident if e]
            clauses.extend(self._exactly(incident, 1 if puzzle.number[c] else 2))
        self.clauses = clauses
        self.edges = cells.edges

    def _new(self) -> int:
        self.top += 1
        return self.top

    def _exactly(self, lits: list[int], k: int) -> list[list[int]]:
        """Clauses for "exactly k of lits", direct for small degrees, else a sequential counter."""
        d = len(lits)
        if d < k:
            return [[]]  # unsatisfiable: too few neighbours
        if d <= 8:
            out = [[-a for a in group] for group in combinations(lits, k + 1)]  # at most k
            out += [list(group) for group in combinations(lits, d - k + 1)]  # at least k
            return out
        from pysat.card import CardEnc, EncType
        from pysat.formula import IDPool

        pool = IDPool(start_from=self.top + 1)
        cnf = CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter)
        self.top = max(self.top, pool.top)
        return [list(cl) for cl in cnf.clauses]

    def read(self, model) -> tuple[list[list[int]] | None, list[list[int]]]:
        """Split a model into paths; return (paths or None, cycles as lists of edge variables)."""
        truth = np.zeros(self.top + 2, dtype=bool)
        m = np.asarray(model, dtype=np.int64)
        m = m[np.abs(m) <= self.top]
        truth[m[m > 0]] = True
        used = np.flatnonzero((self.edge_var > 0) & truth[self.edge_var])
        n = self.puzzle.cells.n_cells
        adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for e in used.tolist():
            a, b = int(self.edges[e, 0]), int(self.edges[e, 1])
            adj[a].append((b, e))
            adj[b].append((a, e))
        seen = np.zeros(n, dtype=bool)
        paths = []
        for a, _ in self.puzzle.pairs.tolist():
            path = [a]
            seen[a] = True
            prev, cur = -1, a
            while True:
                step = [w for w, _ in adj[cur] if w != prev]
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
            cycle_edges, stack = [], [c]
            seen[c] = True
            while stack:
                cur = stack.pop()
                for w, e in adj[cur]:
                    cycle_edges.append(int(self.edge_var[e]))
                    if not seen[w]:
                        seen[w] = True
                        stack.append(w)
            cycles.append(sorted(set(cycle_edges)))
        return paths, cycles

    def block(self, paths) -> list[int]:
        """A clause excluding the edge set of ``paths``."""
        cells = self.puzzle.cells
        return [-int(self.edge_var[cells.edge_index(a, b)]) for p in paths for a, b in zip(p[:-1], p[1:])]


def solutions(puzzle: Puzzle, limit: int | None = None, solver: str = "glucose4", exclude=()):
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
    """
    from pysat.solvers import Solver

    if limit is not None and limit <= 0:
        return
    if puzzle.n_pairs == 0:
        if puzzle.solid.all():
            yield []
        return
    enc = _Encoding(puzzle)
    if any(len(cl) == 0 for cl in enc.clauses):
        return
    found = 0
    with Solver(name=solver, bootstrap_with=enc.clauses) as sat:
        for paths in exclude:
            sat.add_clause(enc.block(paths))
        while sat.solve():
            paths, cycles = enc.read(sat.get_model())
            if cycles:
                for cycle in cycles:
                    sat.add_clause([-v for v in cycle])
                continue
            paths = [p if p[0] == a else p[::-1] for p, (a, _) in zip(paths, puzzle.pairs.tolist())]
            yield paths
            found += 1
            if limit is not None and found >= limit:
                return
            sat.add_clause(enc.block(paths))


def solve(puzzle: Puzzle) -> list[list[int]] | None:
    """Solve a Numberlink puzzle.

    Parameters
    ----------
    puzzle : Puzzle

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
    for paths in solutions(puzzle, limit=1):
        return paths
    return None


def count_solutions(puzzle: Puzzle, limit: int = 2) -> int:
    """Count a puzzle's solutions, stopping at ``limit``.

    Parameters
    ----------
    puzzle : Puzzle
    limit : int
        ``count_solutions(P) == 1`` proves the solution unique.

    Returns
    -------
    int
        The number of solutions, at most ``limit``.

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.numberlink.count_solutions(mg.numberlink.parse("1.1\\n2.2"))
    1
    >>> mg.numberlink.count_solutions(mg.numberlink.parse("1..\\n...\\n..1"), limit=10)
    2
    """
    return sum(1 for _ in solutions(puzzle, limit=limit))
