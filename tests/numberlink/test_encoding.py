"""The Numberlink SAT encoding (encoding.py, run by solve.py) against an exhaustive path search, every rule.

``enumerate_solutions`` below shares nothing with the SAT encoding: it grows
path 1 cell by cell from its first endpoint through free cells (depth first),
then path 2, and so on, and checks the rules ("fill", "no path beside
itself") on every complete set of paths. The solver's counts, solutions and
``solve`` answers must agree with it on small boards of several tessellations.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph import numberlink as nl

solve_module = importlib.import_module("mazegraph.numberlink.solve")
RULES = [(True, True), (True, False), (False, True), (False, False)]
CAP = 40  # enumerate at most this many solutions per rule


def enumerate_solutions(puzzle, fill: bool, self_touch: bool, cap: int = CAP) -> list[tuple[tuple[int, ...], ...]]:
    """Up to ``cap`` solutions of ``puzzle``, by depth-first search over simple paths (no SAT)."""
    cells = puzzle.cells
    adj = [cells.neighbors[cells.indptr[c] : cells.indptr[c + 1]].tolist() for c in range(cells.n_cells)]
    blocked = set(np.flatnonzero(puzzle.solid).tolist())
    pairs = puzzle.pairs.tolist()
    ends = {c for pair in pairs for c in pair}
    live = cells.n_cells - len(blocked)
    out: list[tuple[tuple[int, ...], ...]] = []

    def beside_itself(path) -> bool:
        where = {c: i for i, c in enumerate(path)}
        return any(abs(where[w] - i) > 1 for i, c in enumerate(path) for w in adj[c] if w in where)

    def grow(k: int, path: list[int], taken: set[int], done: list) -> None:
        if len(out) >= cap:
            return
        if k == len(pairs):
            if fill and len(taken) != live:
                return
            if not self_touch and any(beside_itself(p) for p in done):
                return
            out.append(tuple(map(tuple, done)))
            return
        goal = pairs[k][1]
        for w in adj[path[-1]]:
            if w == goal:
                grow_next(k + 1, [*done, [*path, w]], taken | {w})
            elif w not in taken and w not in blocked and w not in ends:
                grow(k, [*path, w], taken | {w}, done)

    def grow_next(k: int, done: list, taken: set[int]) -> None:
        if k == len(pairs):
            grow(k, [], taken, done)
        else:
            grow(k, [pairs[k][0]], taken | {pairs[k][0]}, done)

    grow_next(0, [], set())
    return out


def check(puzzle, fill: bool, self_touch: bool) -> None:
    expected = enumerate_solutions(puzzle, fill, self_touch)
    count = nl.count_solutions(puzzle, limit=CAP, fill=fill, self_touch=self_touch)
    assert count == len(expected), (fill, self_touch, puzzle.to_json())
    found = list(nl.solutions(puzzle, limit=CAP, fill=fill, self_touch=self_touch))
    assert {tuple(map(tuple, s)) for s in found} == set(expected) if len(expected) < CAP else len(found) == CAP
    solved = nl.solve(puzzle, fill=fill, self_touch=self_touch)
    assert (solved is None) == (not expected)
    if solved is not None:
        assert puzzle.is_solution(solved, fill=fill, self_touch=self_touch)


@st.composite
def random_puzzles(draw):
    """Endpoints and solid cells anywhere on a 2-5 x 2-5 orthogonal, sigma or torus board."""
    name = draw(st.sampled_from(["orthogonal", "orthogonal", "sigma", "torus"]))
    low = 3 if name == "torus" else 2
    rows, cols = draw(st.integers(low, 5)), draw(st.integers(low, 5))
    if rows * cols > 20:
        cols = max(low, 20 // rows)
    G = mg.tessellations.build(name, rows, cols)
    n = G.n_cells if hasattr(G, "n_cells") else G.number_of_nodes()
    k = draw(st.integers(1, min(4, n // 2)))
    cells = draw(st.permutations(range(n)))[: 2 * k + draw(st.integers(0, 2))]
    pairs = [(cells[2 * i], cells[2 * i + 1]) for i in range(k)]
    from mazegraph.tessellations.compile import compile_graph

    return nl.Puzzle.from_indices(compile_graph(G), pairs, solid=cells[2 * k :])


@settings(deadline=None, max_examples=60)
@given(random_puzzles())
def test_random_boards_agree_with_exhaustive_search(P):
    for fill, self_touch in RULES:
        check(P, fill, self_touch)


@settings(deadline=None, max_examples=15)
@given(st.integers(4, 6), st.integers(4, 5), st.integers(0, 2**32 - 1))
def test_generated_boards_agree_with_exhaustive_search(rows, cols, seed):
    """Full boards as the generator makes them (many pairs, every cell on a path), under each rule."""
    P = nl.generate(mg.tessellations.build("orthogonal", rows, cols), seed=seed, min_length=2)
    for fill, self_touch in RULES:
        if not fill and P.n_pairs < 4:
            continue  # open boards with few pairs have too many solutions to enumerate quickly
        check(P, fill, self_touch)


def test_unreachable_region_has_no_filled_solution():
    # the right column is cut off by solid cells: under fill nobody covers it; without fill it stays empty
    P = nl.parse("1.#.\n..#.\n.1#.")
    assert nl.count_solutions(P, limit=10) == 0
    assert nl.solve(P, fill=False) is not None
    check(P, False, True)
    check(P, False, False)


def test_exclude_and_stats():
    P = nl.parse("1..\n...\n..1")
    first, second = nl.solutions(P)
    stats: dict = {}
    rest = list(nl.solutions(P, exclude=[first], stats=stats))
    assert rest == [second] and "conflicts" in stats
    assert list(nl.solutions(P, exclude=[first, second])) == []


def test_many_neighbours_use_counters():
    """A wheel: the hub has 10 neighbours, beyond the direct encoding of the degree rule."""
    import networkx as nx

    G = nx.wheel_graph(11)  # hub 0, rim 1..10
    P = nl.Puzzle(G, [(1, 6), (3, 4)])
    for fill, self_touch in RULES:
        check(P, fill, self_touch)


def test_one_solver_for_both_phases_keeps_blocked_solutions():
    """Under self_touch the second phase must not list again what the first found."""
    P = nl.parse("...2\n.21.\n1...")  # two fillings, one of them without self-touching
    found = list(nl.solutions(P))
    assert len(found) == 2 and found[0] != found[1]
    assert P.is_solution(found[0], self_touch=False) and not P.is_solution(found[1], self_touch=False)


@pytest.mark.parametrize("name", [solve_module.SOLVER, "cadical153", "minisat22"])
def test_backends_agree(name):
    P = nl.generate(mg.tessellations.build("orthogonal", 6, 6), seed=3, unique=True)
    for fill, self_touch in RULES:
        expected = nl.count_solutions(P, limit=5, fill=fill, self_touch=self_touch)
        got = sum(1 for _ in nl.solutions(P, limit=5, solver=name, fill=fill, self_touch=self_touch))
        assert got == expected


encoding_module = importlib.import_module("mazegraph.numberlink.encoding")


@pytest.mark.parametrize("name", ["orthogonal", "torus"])
def test_short_cycles_are_the_cycles_networkx_finds(name):
    """The cycles around 1-4 faces of a square grid are exactly its cycles of at most 8 cells
    (on a torus, a subset: the cycles winding around it bound no faces)."""
    import networkx as nx

    from mazegraph.tessellations.compile import compile_graph

    cells = compile_graph(mg.tessellations.build(name, 5, 6))
    ours = encoding_module._cycles_around_faces(cells.edges, encoding_module._squares(cells))
    G = nx.Graph(cells.edges.tolist())
    edge_of = {frozenset(e): i for i, e in enumerate(cells.edges.tolist())}
    theirs = {
        frozenset(edge_of[frozenset((p, q))] for p, q in zip(c, c[1:] + c[:1]))
        for c in nx.simple_cycles(G, length_bound=8)
        if len(c) >= 4
    }
    mine = {frozenset(row) for rows in ours for row in rows.tolist()}
    assert mine <= theirs and len(mine) > 0
    if name == "orthogonal":
        assert mine == theirs


@pytest.mark.parametrize(("amo", "short"), [(0, False), (0, True), (100, True)])
def test_optional_clauses_change_no_answer(monkeypatch, amo, short):
    monkeypatch.setattr(encoding_module, "AT_MOST_ONE", amo)
    monkeypatch.setattr(encoding_module, "SHORT_CYCLES", short)
    for text in ["1..\n...\n..1", "...2\n.21.\n1...", "1...\n.2..\n....\n2..1", "1.2\n1.2"]:
        P = nl.parse(text)
        for fill, self_touch in RULES:
            check(P, fill, self_touch)


@settings(deadline=None, max_examples=40)
@given(random_puzzles(), st.booleans())
def test_impossible_flags_exactly_an_empty_clause(P, fill):
    """The flag the solver reads instead of scanning the clauses agrees with a scan."""
    enc = encoding_module.Encoding(P, fill, "selector")
    assert enc.impossible == any(not clause for clause in enc.clauses + enc.extra)


def test_impossible_when_a_cell_has_no_number():
    P = nl.parse("1.1\n###\n...\n###\n2.2")  # the middle row is out of every path's reach
    assert encoding_module.Encoding(P, True).impossible
    assert not encoding_module.Encoding(P, False).impossible
    assert nl.count_solutions(P) == 0 and nl.count_solutions(P, fill=False) == 1


@pytest.mark.parametrize(("rows", "cols"), [(2, 3), (3, 2), (4, 5), (2, 2), (1, 6)])
def test_hairpin_clauses_on_a_square_grid(rows, cols):
    """One clause per hairpin pointing right (2 x 3 cells) or down (3 x 2 cells); each names four used edges."""
    from mazegraph.numberlink.encoding import Encoding

    P = nl.Puzzle.from_indices(mg.tessellations.build("orthogonal", rows, cols), [(0, rows * cols - 1)])
    enc = Encoding(P, True, "never")
    clauses = enc.hairpins()
    assert len(clauses) == max(rows - 1, 0) * max(cols - 2, 0) + max(rows - 2, 0) * max(cols - 1, 0)
    step = {int(v): tuple(sorted(e)) for e, v in zip(P.cells.edges.tolist(), enc.edge_var.tolist()) if v}
    at = {tuple(rc): i for i, rc in enumerate(P.cells.labels.coords.tolist())}
    if (rows, cols) == (2, 3):  # a-b-d-c around the left 2 x 2 block, beyond its tip the right column
        a, b, c, d, b2, d2 = at[0, 0], at[0, 1], at[1, 0], at[1, 1], at[0, 2], at[1, 2]
        expected = {tuple(sorted(e)) for e in [(a, b), (b, d), (d, c), (b2, d2)]}
        assert [{step[-v] for v in clause} for clause in clauses] == [expected]
    assert all(len(clause) == 4 and all(v < 0 for v in clause) for clause in clauses)


def test_no_hairpin_clauses_off_the_square_grid():
    from mazegraph.numberlink.encoding import Encoding

    P = nl.Puzzle.from_indices(mg.tessellations.build("sigma", 4, 4), [(0, 15)])
    assert Encoding(P, True, "never").hairpins() == []
