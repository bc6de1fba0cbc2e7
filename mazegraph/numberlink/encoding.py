"""The CNF of a Numberlink puzzle, built with numpy over index arrays of cells, edges and numbers.

Variables (1-based, as SAT solvers number them; a 0 in the index arrays below
stands for the constant *false*, a variable never made):

* ``x[c, k]``: cell ``c`` lies on the path of number ``k`` (0-based). It is made
  only where number ``k`` can reach the cell at all: the cell is free (not solid,
  not numbered) and both endpoints of ``k`` neighbour its component of free
  cells, or the cell is an endpoint of ``k``;
* ``e[i]``: the paths run along edge ``i``; made only where the two ends share
  a possible number;
* ``used[c]`` (only without ``fill``): free cell ``c`` lies on some path;
* ``strict``: one selector variable; the clauses of the rule "no path runs
  beside itself" hold while it is true, so one solver serves both rule sets.

Clauses, each family built as one integer array:

* an endpoint takes its number; a free cell takes at least one number (with
  ``fill``) or exactly those of ``used``; no cell takes two numbers;
* an endpoint has exactly one used edge, a free cell on a path exactly two,
  a cell on no path none (the "exactly" is spelled out over every subset of
  the incident edges, at most 8 of them; larger degrees use a sequential counter);
* a used edge carries each number from one end to the other, and (under
  ``strict``) two neighbours of the same number are joined by a used edge;
* no 4-cycle of the board has all its edges used (with ``SHORT_CYCLES``, no
  cycle around two to four 4-cycles either).

On square grids ``Encoding.hairpins`` gives one more family on request,
which not every solution satisfies: the solver asks for it only while looking
for a solution other than the strict ones (see :mod:`mazegraph.numberlink.solve`).

Two choices were measured on published boards (``benchmarks/numberlink.py``):
the at-most-one-number clauses are implied by the others (a used edge carries
each number both ways, and an endpoint has only its own). They are kept apart,
in :attr:`Encoding.extra`: they are 40 % of the clauses at 14 x 14, and feeding
them to the solver cost more than they save while the strict rule ("no path
beside itself") holds and while the solver looks for a second solution in
windows of the board, but they may help it prove that there is none on the
whole board (the solver adds them for that search), so they are made up to
``AT_MOST_ONE`` pairs; forbidding
the 6- and 8-cycles up front halves the rounds of cuts on open boards but made
nothing faster, so it is off (``SHORT_CYCLES``).

References
----------
.. [1] A. Biere, M. Heule, H. van Maaren and T. Walsh (eds.), *Handbook of
   Satisfiability*, 2nd ed., IOS Press, 2021 (direct encodings of cardinality).
.. [2] C. Sinz, "Towards an Optimal CNF Encoding of Boolean Cardinality
   Constraints", CP 2005, LNCS 3709, pp. 827-831 (sequential counter).
"""

from __future__ import annotations

import gc
from itertools import chain, combinations

import numpy as np

from .puzzle import Puzzle

__all__ = ["Encoding"]

#: Add the (implied) at-most-one-number clauses, pairwise, to puzzles of at most this many pairs: measured
#: faster up to 14 x 14 boards, and far slower on 20 x 20 boards of 45 pairs (hundreds of thousands of clauses).
AT_MOST_ONE = 16
#: Forbid up front the cycles around 2-4 faces (4-cycles), not only around one; longer cycles are cut lazily.
SHORT_CYCLES = False  # measured: fewer cycle rounds on open boards, but no faster overall
_CYCLES: dict = {}
_PATTERNS: dict[tuple[int, int], np.ndarray] = {}


class Encoding:
    """The clauses of ``puzzle`` under ``fill`` (and, behind the ``strict`` selector, no self-touching).

    Parameters
    ----------
    puzzle : Puzzle
    fill : bool
        Every non-solid cell lies on a path.
    strict : {"always", "selector", "never"}
        Whether the rule "no path runs beside itself" always holds, holds
        while the variable :attr:`strict` is true, or never holds.

    Attributes
    ----------
    clauses : list of list of int
        The CNF.
    extra : list of list of int
        Implied clauses (at most one number per cell), for the solver to add
        when it searches without the strict rule.
    impossible : bool
        Some clause is empty: the puzzle has no solution.
    edge_var : numpy.ndarray of int, shape (n_edges,)
        The variable of each edge of the board (0: never used).
    used : numpy.ndarray of int, shape (n_cells,)
        The variable "on a path" of each cell without ``fill`` (0: none).
    strict : int
        The selector variable (0 unless ``strict == "selector"``).
    top : int
        The largest variable.
    """

    def __init__(self, puzzle: Puzzle, fill: bool, strict: str = "always"):
        enabled = gc.isenabled()
        gc.disable()  # the clause lists are many small containers: collecting while they grow costs a third
        try:
            self._build(puzzle, fill, strict)
        finally:
            if enabled:
                gc.enable()

    def _build(self, puzzle: Puzzle, fill: bool, strict: str) -> None:
        cells = puzzle.cells
        self.puzzle, self.fill, self.edges = puzzle, fill, cells.edges
        n, K = cells.n_cells, puzzle.n_pairs
        number = np.asarray(puzzle.number)
        live = ~np.asarray(puzzle.solid, dtype=bool)
        free = live & (number == 0)
        ends = np.flatnonzero(number > 0)
        dom = _domains(cells, free, puzzle.pairs, K)
        dom[ends, number[ends] - 1] = True
        x = np.zeros((n, K), dtype=np.int64)
        x[dom] = np.arange(1, int(dom.sum()) + 1)
        top = int(dom.sum())
        a, b = cells.edges[:, 0].astype(np.int64), cells.edges[:, 1].astype(np.int64)
        shared = (dom[a] & dom[b]).any(axis=1)
        edge_var = np.zeros(cells.n_edges, dtype=np.int64)
        edge_var[shared] = np.arange(top + 1, top + 1 + int(shared.sum()))
        top += int(shared.sum())
        used = np.zeros(n, dtype=np.int64)
        if not fill:
            used[free] = np.arange(top + 1, top + 1 + int(free.sum()))
            top += int(free.sum())
        self.strict = 0
        if strict == "selector":
            top += 1
            self.strict = top
        self.top = top
        self.x, self.edge_var, self.used = x, edge_var, used

        out: list[list[list[int]]] = [[[int(v)] for v in x[ends, number[ends] - 1]]]
        # a free cell takes at least one number (fill) or exactly those of used; never two
        xf = x[free]
        flat, ends_at = xf[xf > 0].tolist(), np.cumsum((xf > 0).sum(axis=1)).tolist()
        rows = [flat[i:j] for i, j in zip([0, *ends_at[:-1]], ends_at)]
        if fill:
            out.append(rows)
        else:
            out.append([[-int(u), *r] for u, r in zip(used[free].tolist(), rows)])
            c, k = np.nonzero(x * free[:, None])
            out.append(_rows(-x[c, k], used[c]))
        self._free_rows = x[free] if K <= AT_MOST_ONE else None
        if not fill and self._free_rows is not None:  # without fill they pay off at once (measured at 14 x 14)
            out.append(_at_most_one(self._free_rows))
            self._free_rows = None
        # a used edge carries its number; under strict, equal neighbours are joined
        i, k = np.nonzero(dom[a] & dom[b])
        e, xa, xb = edge_var[i], x[a[i], k], x[b[i], k]
        out += [_rows(-e, -xa, xb), _rows(-e, xa, -xb)]
        if strict != "never":
            out.append(_rows(e, -xa, -xb, *([-self.strict] if self.strict else [])))
        for side, other in ((a, b), (b, a)):  # an end that cannot take k: the other does not take it along e
            i, k = np.nonzero(dom[side] & ~dom[other] & shared[:, None])
            out.append(_rows(-edge_var[i], -x[side[i], k]))
        counter = [self.top, False]  # counters (cells of > 8 neighbours) take new variables; [1]: an empty clause
        out += _degrees(cells, edge_var, number, live, used, fill, counter)
        self.top = counter[0]
        for ring in _short_cycles(cells):  # no cycle of the board is ever all used
            lits = edge_var[ring]
            out.append(_rows(*(-lits[lits.all(axis=1)]).T))
        self.clauses = list(chain.from_iterable(out))
        self.impossible = (fill and bool((x[free] == 0).all(axis=1).any())) or counter[1]

    def read(self, model) -> tuple[list[list[int]], list[list[int]]]:
        """Split a model into paths (by number) and detached cycles (lists of cells)."""
        truth = np.zeros(self.top + 2, dtype=bool)
        m = np.asarray(model, dtype=np.int64)
        m = m[(m > 0) & (m <= self.top)]
        truth[m] = True
        on = np.flatnonzero((self.edge_var > 0) & truth[self.edge_var])
        n = self.puzzle.cells.n_cells
        adj: list[list[int]] = [[] for _ in range(n)]
        for p, q in self.edges[on].tolist():
            adj[p].append(q)
            adj[q].append(p)
        seen = np.zeros(n, dtype=bool)
        paths = []
        for start, _ in self.puzzle.pairs.tolist():
            path, prev, cur = [start], -1, start
            seen[start] = True
            while True:
                step = [w for w in adj[cur] if w != prev]
                if not step or (prev >= 0 and len(adj[cur]) == 1):
                    break
                prev, cur = cur, step[0]
                path.append(cur)
                seen[cur] = True
            paths.append(path)
        cycles = []
        for c in np.flatnonzero(~seen & np.array([bool(r) for r in adj])).tolist():
            if seen[c]:
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
        """A clause every solution satisfies and this detached cycle breaks.

        Some edge leaving the cycle's cells is used, or (without ``fill``) one
        of its cells is on no path: a set of cells closed to the outside
        touches no endpoint, so only cycles can live in it.
        """
        cells = self.puzzle.cells
        inside = np.zeros(cells.n_cells, dtype=bool)
        inside[cycle] = True
        lo, hi = cells.indptr[:-1][cycle], cells.indptr[1:][cycle]
        slots = np.concatenate([np.arange(p, q) for p, q in zip(lo.tolist(), hi.tolist())])
        leaving = self.edge_var[cells.edge_ids[slots]][~inside[cells.neighbors[slots]]]
        clause = leaving[leaving > 0].tolist()
        if not self.fill:
            clause += (-self.used[cycle][self.used[cycle] > 0]).tolist()
        return clause

    @property
    def extra(self) -> list[list[int]]:
        """The implied at-most-one-number clauses (made when first asked for: a solve never needs them)."""
        if not hasattr(self, "_extra"):
            self._extra = [] if self._free_rows is None else _at_most_one(self._free_rows)
        return self._extra

    def hairpins(self) -> list[list[int]]:
        """Clauses against a hairpin pointing right or down whose tip could move into the path beyond it.

        On a square grid (``orthogonal`` boards) a hairpin is a path turning
        around a 2 x 2 block, ``a, b, d, c`` with ``a`` and ``c`` neighbours; it
        points right when ``b`` is right of ``a``, down when ``c`` is below
        ``a``. A clause forbids such a hairpin together with a used edge
        between the two cells just beyond its tip, where the board has the
        edges the tip's move needs (``a, c`` and the two into the tip; see
        :mod:`mazegraph.numberlink.solve`). Not every solution satisfies these
        clauses: the solver uses them only to ask whether a solution other than
        the strict ones already found exists. An empty list on other boards.
        """
        spec = self.puzzle.cells.spec or {}
        coords = self.puzzle.cells.labels.coords
        if spec.get("tessellation") != "orthogonal" or coords is None or coords.shape != (len(coords), 2):
            return []
        if not len(coords) or coords.min() < 0:
            return []
        rows, cols = int(coords[:, 0].max()) + 1, int(coords[:, 1].max()) + 1
        # the variable of the edge right of (h) and below (v) each cell, 0 where none; two rows and columns of
        # zeros past the board, so that every shift below stays inside
        h = np.zeros((rows + 2, cols + 2), dtype=np.int64)
        v = np.zeros((rows + 2, cols + 2), dtype=np.int64)
        (rp, cp), (rq, cq) = coords[self.edges[:, 0]].T, coords[self.edges[:, 1]].T
        across, down = (rp == rq) & (abs(cp - cq) == 1), (cp == cq) & (abs(rp - rq) == 1)
        if not (across | down).all():
            return []
        h[rp[across], np.minimum(cp, cq)[across]] = self.edge_var[across]
        v[np.minimum(rp, rq)[down], cp[down]] = self.edge_var[down]

        def at(grid, dr, dc):  # the variable dr rows below and dc columns right of every cell (r, c)
            return grid[dr : dr + rows, dc : dc + cols]

        # per cell (r, c) = a, with b right of it, c below it and d diagonal: the hairpin's three steps and
        # the step beyond its tip, then the steps the move takes instead; pointing right, then down
        steps = np.stack(
            [
                np.stack([at(h, 0, 0), at(v, 0, 1), at(h, 1, 0), at(v, 0, 2)]),  # a-b-d-c, beyond: right column
                np.stack([at(v, 0, 0), at(h, 1, 0), at(v, 0, 1), at(h, 2, 0)]),  # a-c-d-b, beyond: row below
            ]
        )
        moves = np.stack(
            [
                np.stack([at(v, 0, 0), at(h, 0, 1), at(h, 1, 1)]),  # a-c, b and d to the right
                np.stack([at(h, 0, 0), at(v, 1, 0), at(v, 1, 1)]),  # a-b, c and d downwards
            ]
        )
        steps = steps.transpose(2, 3, 0, 1).reshape(-1, 4)  # cell by cell, right then down
        moves = moves.transpose(2, 3, 0, 1).reshape(-1, 3)
        keep = (steps != 0).all(axis=1) & (moves != 0).all(axis=1)
        return (-steps[keep]).tolist()

    def _steps(self, paths) -> list[int]:
        """The edge index of each step of ``paths`` (-1 for a step between cells that are not neighbours)."""
        if not hasattr(self, "_edge_of"):
            self._edge_of = {}
            for i, (p, q) in enumerate(self.edges.tolist()):
                self._edge_of[p, q] = self._edge_of[q, p] = i
        get = self._edge_of.get
        return [get((p, q), -1) for path in paths for p, q in zip(path[:-1], path[1:])]

    def edge_literals(self, paths) -> np.ndarray:
        """The literal of each edge variable (in the order of ``edge_var[edge_var > 0]``) in ``paths``."""
        on = np.zeros(len(self.edge_var), dtype=bool)
        on[[i for i in self._steps(paths) if i >= 0]] = True
        has = self.edge_var > 0
        lits = self.edge_var[has]
        return np.where(on[has], lits, -lits)

    def block(self, paths) -> list[int] | None:
        """A clause excluding the edge set of ``paths`` (None if the encoding excludes it already)."""
        steps = self._steps(paths)
        if -1 in steps:
            return None
        lits = (-self.edge_var[steps]).tolist()
        return None if 0 in lits else lits


def _rows(*columns) -> list[list[int]]:
    """Clauses from equally long columns of literals (scalars broadcast)."""
    arrays = np.broadcast_arrays(*[np.asarray(c, dtype=np.int64) for c in columns])
    if arrays[0].size == 0:
        return []
    return np.stack(arrays, axis=1).tolist()


def components(cells, inside: np.ndarray) -> np.ndarray:
    """The component of each cell of ``inside`` among the board's edges joining two such cells; -1 elsewhere."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    n = cells.n_cells
    a, b = cells.edges[:, 0], cells.edges[:, 1]
    inner = inside[a] & inside[b]
    graph = coo_matrix((np.ones(int(inner.sum())), (a[inner], b[inner])), shape=(n, n))
    _, label = connected_components(graph, directed=False)
    return np.where(inside, label, -1)


def _domains(cells, free: np.ndarray, pairs: np.ndarray, K: int) -> np.ndarray:
    """``dom[c, k]``: free cell ``c`` lies in a component of free cells that both endpoints of ``k`` neighbour."""
    n = cells.n_cells
    a, b = cells.edges[:, 0], cells.edges[:, 1]
    label = components(cells, free)
    dom = np.zeros((n, K), dtype=bool)
    if K == 0:
        return dom
    touch = np.zeros((label.max() + 2, K, 2), dtype=bool)  # component (shifted by 1) x number x which endpoint
    ends = np.full(n, -1)
    side = np.zeros(n, dtype=np.int64)
    ends[pairs[:, 0]], ends[pairs[:, 1]] = np.arange(K), np.arange(K)
    side[pairs[:, 1]] = 1
    for p, q in ((a, b), (b, a)):
        hit = (ends[p] >= 0) & free[q]
        touch[label[q[hit]] + 1, ends[p[hit]], side[p[hit]]] = True
    reach = touch.all(axis=2)
    reach[0] = False
    dom[free] = reach[label[free] + 1]
    return dom


def _pattern(d: int, r: int) -> np.ndarray:
    """All ``r``-subsets of ``range(d)`` as rows."""
    key = (d, r)
    if key not in _PATTERNS:
        _PATTERNS[key] = np.array(list(combinations(range(d), r)), dtype=np.int64).reshape(-1, r)
    return _PATTERNS[key]


def _at_most_one(lits: np.ndarray) -> list[list[int]]:
    """At most one nonzero literal per row: pairwise over the columns two rows share."""
    K = lits.shape[1]
    if K < 2 or lits.shape[0] == 0:
        return []
    pairs = _pattern(K, 2)
    p, q = lits[:, pairs[:, 0]], lits[:, pairs[:, 1]]
    keep = (p > 0) & (q > 0)
    return _rows(-p[keep], -q[keep])


def _exactly(lits: np.ndarray, k: int, guard: np.ndarray | None) -> list[list[int]]:
    """Rows of ``d`` edge literals: at most ``k`` true, and at least ``k`` (when ``guard``, if given)."""
    d = lits.shape[1]
    out = []
    if d > k:
        out.append((-lits[:, _pattern(d, k + 1)]).reshape(-1, k + 1).tolist())
    least = lits[:, _pattern(d, d - k + 1)].reshape(-1, d - k + 1)
    if guard is not None:
        least = np.concatenate([np.repeat(-guard, len(_pattern(d, d - k + 1)))[:, None], least], axis=1)
    out.append(least.tolist())
    return [clause for family in out for clause in family]


def _degrees(
    cells, edge_var: np.ndarray, number: np.ndarray, live: np.ndarray, used: np.ndarray, fill: bool, counter: list[int]
) -> list[list[list[int]]]:
    """Degree clauses: one used edge at an endpoint, two at a cell on a path, none elsewhere."""
    n = cells.n_cells
    lits = edge_var[cells.edge_ids]  # per slot of the adjacency (CSR) arrays
    owner = np.repeat(np.arange(n), np.diff(cells.indptr))
    keep = lits > 0
    lits, owner = lits[keep], owner[keep]
    degree = np.bincount(owner, minlength=n)
    start = np.concatenate([[0], np.cumsum(degree)])
    out: list[list[list[int]]] = []
    need = np.where(number > 0, 1, 2)
    guarded = (number == 0) & (not fill)
    for d in np.unique(degree[live]).tolist():
        for want in (1, 2):
            group = np.flatnonzero(live & (degree == d) & (need == want))
            if not len(group):
                continue
            guard = used[group] if not fill and want == 2 else None
            if d < want:  # too few usable edges: impossible (on a path)
                out.append([[] for _ in group] if guard is None else [[-int(u)] for u in guard])
                counter[1] = counter[1] or guard is None
                continue
            rows = lits[start[group][:, None] + np.arange(d)]
            if d <= 8:
                out.append(_exactly(rows, want, guard))
            else:
                out.append(_exactly_large(rows, want, guard, counter))
    # without fill: an edge used at a free cell puts the cell on a path
    slot = guarded[owner]
    out.append(_rows(-lits[slot], used[owner[slot]]))
    return out


def _exactly_large(rows: np.ndarray, k: int, guard, counter: list[int]) -> list[list[int]]:
    """``_exactly`` for cells of many neighbours (general graphs), with PySAT's sequential counters.

    ``counter[0]`` is the largest variable so far; the counters' variables follow it.
    """
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    out = []
    for j, row in enumerate(rows.tolist()):
        pool = IDPool(start_from=counter[0] + 1)
        most = CardEnc.atmost(lits=row, bound=k, vpool=pool, encoding=EncType.seqcounter)
        least = CardEnc.atleast(lits=row, bound=k, vpool=pool, encoding=EncType.seqcounter)
        counter[0] = max(counter[0], pool.top)
        g = [] if guard is None else [-int(guard[j])]
        out += [list(c) for c in most.clauses] + [g + list(c) for c in least.clauses]
    return out


def _short_cycles(cells) -> list[np.ndarray]:
    """Edge indices of short cycles of the board, one array per length (memoised per board).

    The 4-cycles, and (with ``SHORT_CYCLES``) the cycles around two or three
    4-cycles joined edge to edge or four around a cell (on a square grid: the
    6- and 8-cycles), as symmetric differences of their edge sets, kept when
    they form one cycle.
    """
    key = (cells.n_cells, cells.edges.tobytes(), SHORT_CYCLES)
    if key not in _CYCLES:
        if len(_CYCLES) > 32:
            _CYCLES.clear()
        faces = _squares(cells)
        _CYCLES[key] = _cycles_around_faces(cells.edges, faces) if SHORT_CYCLES else [faces]
    return _CYCLES[key]


def _cycles_around_faces(edges: np.ndarray, faces: np.ndarray) -> list[np.ndarray]:
    """Single cycles bounding one face, two or three faces in a row, or the faces around a vertex."""
    sets = [frozenset(f) for f in faces.tolist()]
    by_edge: dict[int, list[int]] = {}
    by_cell: dict[int, list[int]] = {}
    for f, face in enumerate(faces.tolist()):
        for e in face:
            by_edge.setdefault(e, []).append(f)
        for c in set(edges[face].ravel().tolist()):
            by_cell.setdefault(c, []).append(f)
    nbrs: list[set[int]] = [set() for _ in sets]
    for fs in by_edge.values():
        for f, g in combinations(fs, 2):
            nbrs[f].add(g)
            nbrs[g].add(f)
    groups = {frozenset((f, g)) for f in range(len(sets)) for g in nbrs[f]}
    groups |= {frozenset((f, g, h)) for g in range(len(sets)) for f, h in combinations(sorted(nbrs[g]), 2)}
    groups |= {frozenset(fs) for fs in by_cell.values() if len(fs) == 4}
    found = set(sets)
    for group in groups:
        ring: frozenset = frozenset()
        for f in group:
            ring = ring ^ sets[f]
        if ring and _is_cycle(edges, ring):
            found.add(ring)
    rows: dict[int, list[list[int]]] = {}
    for ring in found:
        rows.setdefault(len(ring), []).append(sorted(ring))
    return [np.array(r, dtype=np.int64) for _, r in sorted(rows.items())]


def _is_cycle(edges: np.ndarray, ring) -> bool:
    """Whether the edges ``ring`` form one simple cycle."""
    ends = edges[sorted(ring)]
    cells, degree = np.unique(ends, return_counts=True)
    if not (degree == 2).all():
        return False
    adj: dict[int, list[int]] = {}
    for p, q in ends.tolist():
        adj.setdefault(p, []).append(q)
        adj.setdefault(q, []).append(p)
    seen, stack = {int(cells[0])}, [int(cells[0])]
    while stack:
        for w in adj[stack.pop()]:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return len(seen) == len(cells)


def _squares(cells) -> np.ndarray:
    """Edge indices of every 4-cycle of the board, one row each."""
    indptr, nbrs = cells.indptr.tolist(), cells.neighbors.tolist()
    adj = [set(nbrs[indptr[c] : indptr[c + 1]]) for c in range(cells.n_cells)]
    edge_of = {}
    for i, (p, q) in enumerate(cells.edges.tolist()):
        edge_of[p, q] = edge_of[q, p] = i
    rows = []
    for a in range(cells.n_cells):
        for b, c in combinations(sorted(w for w in adj[a] if w > a), 2):
            for d in adj[b] & adj[c]:
                if d > a:
                    rows.append([edge_of[a, b], edge_of[b, d], edge_of[d, c], edge_of[c, a]])
    return np.array(rows, dtype=np.int64).reshape(-1, 4)
