"""Numberlink rule variants (``fill``, ``self_touch``): solution counts checked by brute force.

The brute force enumerates, number by number, every simple path of networkx's
``all_simple_paths`` between the two endpoints through cells no earlier path
took, and filters complete sets of paths by the rules; it shares no code with
the SAT encoding.
"""

from __future__ import annotations

import importlib

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph import numberlink as nl

from ._frontier import count_loose

RULES = [(True, True), (True, False), (False, True), (False, False)]


def brute_count(puzzle, fill: bool, self_touch: bool) -> int:
    """Solutions of ``puzzle`` under the rules, by enumerating simple paths (small boards only)."""
    G = nx.Graph()
    G.add_nodes_from(range(puzzle.cells.n_cells))
    G.add_edges_from(puzzle.cells.edges.tolist())
    G.remove_nodes_from([c for c in range(puzzle.cells.n_cells) if puzzle.solid[c]])
    ends = set(puzzle.pairs.ravel().tolist())
    pairs = puzzle.pairs.tolist()

    def touches(path) -> bool:
        cells, steps = set(path), {frozenset(s) for s in zip(path, path[1:])}
        return any(v in cells and frozenset((u, v)) not in steps for u in path for v in G[u])

    def count(k, used, paths) -> int:
        if k == len(pairs):
            if fill and len(used) != G.number_of_nodes():
                return 0
            if not self_touch and any(touches(p) for p in paths):
                return 0
            return 1
        a, b = pairs[k]
        free = G.subgraph([c for c in G if c not in used and (c not in ends or c in (a, b))])
        return sum(count(k + 1, used | set(p), [*paths, p]) for p in nx.all_simple_paths(free, a, b))

    return count(0, frozenset(), [])


# hand-made boards; counts per rule (fill, self_touch) in RULES order, checked by hand and by brute_count
KNOWN = [
    ("1..\n...\n..1", (2, 0, 12, 6)),  # the two snakes both touch themselves
    ("1.2\n1.2", (2, 0, 3, 1)),  # the U-turns of 1 around 2 (or 2 around 1) run beside themselves
    ("11\n..\n..\n22", (3, 0, 6, 1)),
    ("1.1\n2.2", (1, 1, 1, 1)),
    ("1#1\n...", (1, 1, 1, 1)),
    ("1...\n....\n....\n...1", (0, 0, 184, 20)),  # no single path fills a 4 x 4 corner to corner
    ("1...\n.2..\n....\n2..1", (0, 0, 44, 13)),
    ("1..2\n....\n....\n2..1", (0, 0, 0, 0)),  # the paths must cross
    ("12.\n...\n1.2", (2, 0, 5, 3)),
    ("...2\n.21.\n1...", (2, 1, 5, 2)),  # two fillings, one of them without self-touching
]


@pytest.mark.parametrize(("text", "counts"), KNOWN)
def test_known_counts_under_each_rule(text, counts):
    P = nl.parse(text)
    for (fill, self_touch), expected in zip(RULES, counts):
        assert brute_count(P, fill, self_touch) == expected
        assert nl.count_solutions(P, limit=1000, fill=fill, self_touch=self_touch) == expected
        found = list(nl.solutions(P, fill=fill, self_touch=self_touch))
        assert len({tuple(map(tuple, s)) for s in found}) == expected  # distinct solutions
        assert all(P.is_solution(s, fill=fill, self_touch=self_touch) for s in found)
        assert (nl.solve(P, fill=fill, self_touch=self_touch) is None) == (expected == 0)


def test_puzzle_rules_are_the_default_of_the_solver():
    P = nl.parse("1.2\n1.2")
    assert nl.count_solutions(P, limit=10) == 2
    Q = P.with_rules(self_touch=False)
    assert Q.rules == {"fill": True, "self_touch": False}
    assert nl.count_solutions(Q, limit=10) == 0
    assert nl.count_solutions(Q, limit=10, self_touch=True) == 2
    assert nl.count_solutions(P.with_rules(fill=False), limit=10) == 3
    assert Q != P and Q.with_rules(self_touch=True) == P


def test_violation_names_the_broken_rule():
    P = nl.parse("1..\n...\n..1")
    snake = [[0, 1, 2, 5, 4, 3, 6, 7, 8]]
    assert P.is_solution(snake)
    assert "beside itself" in P.violation(snake, self_touch=False)
    short = [[0, 1, 2, 5, 8]]
    assert "on no path" in P.violation(short)
    assert P.violation(short, fill=False) is None and P.violation(short, fill=False, self_touch=False) is None
    with pytest.raises(mg.PuzzleError, match="fill must be True or False"):
        nl.Puzzle(P.cells, [], fill="yes")


@st.composite
def orthogonal_boards(draw, side: int, pairs: int, solid: int):
    """Boards of 2 x 2 to ``side`` x ``side`` with 1 to ``pairs`` numbers and up to ``solid`` solid cells."""
    rows, cols = draw(st.integers(2, side)), draw(st.integers(2, side))
    n = rows * cols
    k = draw(st.integers(1, min(pairs, n // 2)))
    cells = draw(st.permutations(range(n)))[: 2 * k + draw(st.integers(0, solid))]
    G = mg.tessellations.build("orthogonal", rows, cols)
    ends = [(cells[2 * i], cells[2 * i + 1]) for i in range(k)]
    return nl.Puzzle.from_indices(G, ends, solid=cells[2 * k :])


def small_puzzles():
    """Boards small enough for ``brute_count``."""
    return orthogonal_boards(4, 3, 2)


@settings(deadline=None, max_examples=60)
@given(small_puzzles())
def test_counts_agree_with_brute_force_on_random_small_boards(P):
    for fill, self_touch in RULES:
        expected = brute_count(P, fill, self_touch)
        assert nl.count_solutions(P, limit=expected + 1, fill=fill, self_touch=self_touch) == expected


solve_module = importlib.import_module("mazegraph.numberlink.solve")


@pytest.mark.parametrize("windows", [(), ((1, 1),), ((1, 2), (2, 1))])
def test_windows_change_no_count(monkeypatch, windows):
    """The windows of the loose search (edges outside kept as in a known solution) only reorder the search."""
    monkeypatch.setattr(solve_module, "WINDOWS", windows)
    for text, counts in KNOWN:
        P = nl.parse(text)
        for (fill, self_touch), expected in zip(RULES, counts):
            found = list(nl.solutions(P, limit=1000, fill=fill, self_touch=self_touch))
            assert len({tuple(map(tuple, s)) for s in found}) == len(found) == expected
            assert all(P.is_solution(s, fill=fill, self_touch=self_touch) for s in found)


@settings(deadline=None, max_examples=40)
@given(small_puzzles())
def test_small_windows_agree_with_brute_force(P):
    solve_module.WINDOWS, saved = ((1, 1),), solve_module.WINDOWS
    try:
        for fill in (True, False):
            expected = brute_count(P, fill, True)
            assert nl.count_solutions(P, limit=expected + 1, fill=fill, self_touch=True) == expected
            first = nl.solve(P, fill=fill)
            if first is not None:  # the excluded solution is the windows' anchor
                rest = list(nl.solutions(P, exclude=[first], fill=fill))
                assert len(rest) == expected - 1 and first not in rest
    finally:
        solve_module.WINDOWS = saved


@pytest.mark.parametrize("seed", [0, 6])  # 1 solution, interrupted 7 times after it; 3, interrupted between them
def test_waiting_slices_find_the_same_solutions(monkeypatch, seed):
    # slices of one conflict: the search stops at every restart (where Glucose checks its budget) and resumes;
    # it must find what one call finds
    S = importlib.import_module("mazegraph.numberlink.solve")

    P = nl.generate(mg.tessellations.build("orthogonal", 12, 12), seed=seed, self_touch=True)
    whole = list(nl.solutions(P, limit=3, self_touch=True))
    monkeypatch.setattr(S, "SLICE", 1)
    calls: list[float] = []
    sliced = list(nl.solutions(P, limit=3, self_touch=True, waiting=calls.append))
    assert len(sliced) == len(whole) == (1 if seed == 0 else 3)
    assert sorted(map(str, sliced)) == sorted(map(str, whole))
    assert calls and min(calls) >= 0
    counted: list[float] = []
    assert nl.count_solutions(P, limit=3, self_touch=True, waiting=counted.append) == len(whole)
    assert counted  # count_solutions hands its callback on
    with pytest.raises(mg.InvalidOptionError, match="waiting"):
        list(nl.solutions(P, waiting="print"))
    with pytest.raises(mg.InvalidOptionError, match="waiting"):
        nl.count_solutions(P, waiting=1)


@pytest.mark.parametrize("n, seed", [(10, 3), (14, 4)])
def test_a_sliced_call_answers_as_one_call(monkeypatch, n, seed):
    # the loose CNF of these boards is satisfiable after 1 and 13 interrupted slices: the answer stays True
    from pysat.solvers import Solver

    from mazegraph.numberlink.encoding import Encoding

    S = importlib.import_module("mazegraph.numberlink.solve")
    monkeypatch.setattr(S, "SLICE", 1)
    P = nl.generate(mg.tessellations.build("orthogonal", n, n), seed=seed, self_touch=True)
    enc = Encoding(P, True, "never")
    with Solver(name=S.SOLVER, bootstrap_with=enc.clauses) as sat:
        calls: list[float] = []
        assert S._solve(sat, [], calls.append) is True
        assert calls
        true = set(sat.get_model())
        assert all(true.intersection(clause) for clause in enc.clauses)  # a model of the CNF it was given


@settings(deadline=None, max_examples=60)
@given(small_puzzles())
def test_loose_solutions_without_fill_are_strict_ones_with_detours(P):
    """Without fill a second, self-touching solution exists exactly when a strict one has a detour.

    Independent of the solver's loose search: brute-force counts under both
    rules. Catches a ``_detour`` that misses detours (tried: looking at the
    first step only) or finds one that is not there.
    """
    strict = list(nl.solutions(P, fill=False, self_touch=False))
    more = brute_count(P, False, True) > brute_count(P, False, False)
    assert more == any(solve_module._detour(P, s) for s in strict)


def test_detours_of_excluded_solutions_are_looked_for():
    """The loose search is skipped only when no strict solution, excluded ones too, has a detour.

    ``1.2 / 1.2`` without fill has one strict solution (two straight paths)
    and two more that loop around the empty middle column; the search must
    find them after excluding the strict one (it would stop at once if the
    excluded solutions were not checked for detours).
    """
    P = nl.parse("1.2\n1.2")
    (strict,) = nl.solutions(P, fill=False, self_touch=False)
    assert solve_module._detour(P, strict)
    rest = list(nl.solutions(P, exclude=[strict], fill=False))
    assert len(rest) == brute_count(P, False, True) - 1 == 2


@settings(deadline=None, max_examples=40)
@given(small_puzzles(), st.booleans())
def test_the_frontier_count_is_the_brute_force_count(P, fill):
    # the frontier dynamic program (tests/numberlink/_frontier.py) checks the hairpin argument below
    assert count_loose(P, fill, 10**6) == brute_count(P, fill, True)


@settings(deadline=None, max_examples=150)
@given(orthogonal_boards(6, 4, 1), st.booleans())  # up to 6 x 6, few numbers: room for hairpins
def test_the_hairpin_argument_loses_no_solution(P, fill):
    """Counted against a frontier dynamic program (tests/numberlink/_frontier.py), which shares no code with SAT.

    ``count_solutions(limit=2)`` asks for a second solution under the hairpin clauses; a full enumeration
    drops them after the first solution that runs beside itself, and excluding such a solution turns them off.
    """
    cap = 40  # open boards without fill have thousands of solutions: enumerate only up to here
    expected = count_loose(P, fill, cap + 1)
    assert nl.count_solutions(P, limit=2, fill=fill, self_touch=True) == min(2, expected)
    if expected > cap:
        return
    found = list(nl.solutions(P, fill=fill, self_touch=True))
    assert len({tuple(map(tuple, s)) for s in found}) == len(found) == expected
    touching = [s for s in found if not P.is_solution(s, fill=fill, self_touch=False)]
    if touching:
        rest = list(nl.solutions(P, exclude=[touching[-1]], fill=fill, self_touch=True))
        assert len(rest) == expected - 1 and touching[-1] not in rest


# boards whose solutions all run beside themselves, in pairs a hairpin move turns into each other (counts with
# fill, paths touching themselves allowed, by brute_count): forbidding hairpins of every pointing, or keeping
# the clauses after the first solution, loses solutions here
HAIRPIN_PAIRS = [("2.1\n2.1", 2), ("22\n..\n11", 2), ("1.22\n1...", 2), ("2...\n2.11", 2), ("1..2\n1..2", 3)]


@pytest.mark.parametrize(("text", "expected"), HAIRPIN_PAIRS)
def test_hairpin_moves_keep_both_solutions(text, expected):
    P = nl.parse(text)
    assert brute_count(P, True, True) == expected and brute_count(P, True, False) == 0
    assert nl.count_solutions(P, limit=2, fill=True, self_touch=True) == min(2, expected)
    found = list(nl.solutions(P, fill=True, self_touch=True))
    assert len(found) == expected
    for known in found:  # a known solution that runs beside itself: the argument no longer holds
        rest = list(nl.solutions(P, exclude=[known], fill=True, self_touch=True))
        assert len(rest) == expected - 1 and known not in rest
