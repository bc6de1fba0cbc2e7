"""Tests of mazegraph.numberlink: generator, SAT solver, formats, drawing, command line."""

from __future__ import annotations

import json

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph import numberlink as nl
from mazegraph.cli import main

BOARDS = {
    "orthogonal": st.tuples(st.integers(2, 6), st.integers(2, 6)),
    "sigma": st.tuples(st.integers(2, 5), st.integers(2, 5)),
    "torus": st.tuples(st.integers(3, 5), st.integers(3, 5)),
}


@st.composite
def boards(draw):
    name = draw(st.sampled_from(sorted(BOARDS)))
    return mg.tessellations.build(name, *draw(BOARDS[name]))


def check_rules(puzzle, paths):
    """Independent check of the Numberlink rules (not via Puzzle.violation)."""
    cells = puzzle.cells
    G = nx.Graph()
    G.add_edges_from(cells.edges.tolist())
    assert len(paths) == puzzle.n_pairs
    covered = []
    for k, p in enumerate(paths):
        assert len(set(p)) == len(p), "path not simple"
        assert {p[0], p[-1]} == set(puzzle.pairs[k].tolist()), "wrong endpoints"
        assert all(G.has_edge(a, b) for a, b in zip(p[:-1], p[1:])), "step between non-neighbours"
        assert not puzzle.solid[p].any(), "path enters a solid cell"
        covered += p
    assert len(covered) == len(set(covered)), "paths share a cell"
    assert sorted(covered) == np.flatnonzero(~puzzle.solid).tolist(), "non-solid cell left uncovered"


@settings(deadline=None, max_examples=25)
@given(boards(), st.integers(0, 2**32 - 1), st.booleans())
def test_generated_puzzles_obey_rules_and_solver_agrees(G, seed, both_ends):
    P = nl.generate(G, seed=seed, both_ends=both_ends, min_length=2)
    check_rules(P, P.solution)
    paths = nl.solve(P.without_solution())
    assert paths is not None  # the generator's puzzle is solvable: solver agrees
    check_rules(P, paths)


UNIQUE_BOARDS = {
    "orthogonal": st.tuples(st.integers(3, 6), st.integers(3, 6)),
    "sigma": st.tuples(st.integers(3, 5), st.integers(3, 5)),
    "torus": st.tuples(st.integers(4, 5), st.integers(4, 5)),  # 3 x 3 tori are too symmetric for uniqueness
}


@st.composite
def unique_boards(draw):
    name = draw(st.sampled_from(sorted(UNIQUE_BOARDS)))
    return mg.tessellations.build(name, *draw(UNIQUE_BOARDS[name]))


@settings(deadline=None, max_examples=12)
@given(unique_boards(), st.integers(0, 2**32 - 1))
def test_unique_generation_is_proved_unique(G, seed):
    P = nl.generate(G, seed=seed, unique=True, max_attempts=200)
    check_rules(P, P.solution)
    assert nl.count_solutions(P, limit=3) == 1
    assert nl.solve(P) == P.solution or sorted(map(sorted, nl.solve(P))) == sorted(map(sorted, P.solution))


def test_same_seed_same_puzzle():
    G = mg.tessellations.build("orthogonal", 8, 8)
    a, b = nl.generate(G, seed=5, unique=True), nl.generate(G, seed=5, unique=True)
    assert a == b and a.solution == b.solution
    assert a.to_text() == b.to_text()


def test_options_min_length_pairs_and_filters():
    G = mg.tessellations.build("orthogonal", 8, 8)
    for seed in range(5):
        P = nl.generate(G, seed=seed, min_length=4, pairs=(6, 9), no_square=True, no_adjacent_endpoints=True)
        q = nl.quality(P)
        assert q["shortest"] >= 4 and 6 <= q["pairs"] <= 9
        assert q["squares"] == 0 and q["adjacent_endpoints"] == 0


def test_generation_gives_up_with_error():
    with pytest.raises(mg.GenerationError, match="gave up after 3 boards"):
        nl.generate(mg.tessellations.build("orthogonal", 3, 3), seed=1, pairs=(8, 9), max_attempts=3)
    with pytest.raises(mg.InvalidOptionError):
        nl.generate(mg.tessellations.build("orthogonal", 3, 3), min_length=1)
    with pytest.raises(mg.InvalidSeedError):
        nl.generate(mg.tessellations.build("orthogonal", 3, 3), seed="x")


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("1.1\n2.2", 1),
        ("1..\n...\n..1", 2),
        ("1.2\n1.2", 2),
        ("1.2\n2.1", 0),  # paths would cross
        ("11\n..\n..\n22", 3),
        ("1#1\n...", 1),
        ("12\n..\n21", 0),
        ("1..2\n....\n....\n2..1", 0),
    ],
)
def test_known_boards_classified(text, count):
    P = nl.parse(text)
    assert nl.count_solutions(P, limit=10) == count
    for paths in nl.solutions(P):
        check_rules(P, paths)
    assert (nl.solve(P) is None) == (count == 0)


def test_square_counted_in_solver_solution():
    P = nl.parse("1..\n...\n..1")
    assert nl.quality(P, nl.solve(P))["squares"] == 4  # one path fills the 3 x 3 board: four 2 x 2 blocks
    Q = nl.parse("1.1\n2.2")
    assert nl.quality(Q, nl.solve(Q))["squares"] == 0


def test_text_round_trip_and_solution_text():
    P = nl.generate(mg.tessellations.build("orthogonal", 7, 9), seed=4)
    Q = nl.parse(P.to_text())
    assert Q == P
    assert set(P.solution_text().replace("\n", "")) <= set(nl.SYMBOLS) | {"#"}


@pytest.mark.parametrize("name", ["orthogonal", "sigma", "torus", "delta", "theta"])
def test_json_round_trip(name):
    G = mg.tessellations.build(name, *((4,) if name == "theta" else (5, 5)))
    P = nl.generate(G, seed=2)
    Q = nl.parse(P.to_json())
    assert Q == P and Q.solution == P.solution
    assert "solution" not in json.loads(P.to_json(solution=False))


def test_json_round_trip_user_graph():
    G = nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 4))
    P = nl.generate(G, seed=3)
    Q = nl.parse_json(P.to_json())
    assert Q.pairs.tolist() == P.pairs.tolist() and Q.solution == P.solution


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1.1\n2.", "line 2: row has 2 cells, expected 3 like line 1"),
        ("1.1\n2?2", "line 2 column 2: unknown character '?'"),
        ("1.1\n2..", "line 2 column 1: number '2' appears once; expected exactly two"),
        ("1.1\n..1", "line 2 column 3: number '1' appears a third time"),
        ("2.2\n...", "line 1 column 1: number '2' used but '1' is missing"),
        ("\n\n", "line 1: expected a board"),
        ('{"format": "other"}', "expected a JSON object"),
        ("{not json", "not JSON"),
    ],
)
def test_malformed_files(text, message):
    with pytest.raises(mg.PuzzleFormatError, match=message.replace("(", r"\(")):
        nl.parse(text, format="text")


def test_invalid_puzzles_and_solutions():
    G = mg.tessellations.build("orthogonal", 2, 3)
    with pytest.raises(mg.PuzzleError, match="carries numbers"):
        nl.Puzzle(G, [((0, 0), (0, 2)), ((0, 0), (1, 2))])
    with pytest.raises(mg.PuzzleError, match="solid"):
        nl.Puzzle(G, [((0, 0), (0, 2))], solid=[(0, 0)])
    with pytest.raises(mg.PuzzleError, match="breaks the rules"):
        nl.Puzzle(G, [((0, 0), (0, 2)), ((1, 0), (1, 2))], solution=[[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 2)]])
    with pytest.raises(mg.NotACellError):
        nl.Puzzle(G, [((0, 0), (5, 5))])
    with pytest.raises(mg.UnsupportedError, match="orthogonal"):
        nl.generate(mg.tessellations.build("sigma", 3, 3), seed=1).to_text()


@pytest.mark.parametrize("name", ["orthogonal", "sigma", "torus", "delta", "theta"])
def test_render(name, tmp_path):
    G = mg.tessellations.build(name, *((3,) if name == "theta" else (4, 4)))
    P = nl.generate(G, seed=1)
    svg = mg.render(P, solution=True)
    assert "<svg" in svg
    png = mg.render(P, format="png")
    assert png[:4] == b"\x89PNG"
    mg.render(P, solution=nl.solve(P), path=tmp_path / "p.svg")
    assert (tmp_path / "p.svg").read_text().count("<svg") == 1
    with pytest.raises(mg.OutputPathError):
        mg.render(P, path=tmp_path / "p.gif")


def test_cli_generate_and_solve(tmp_path, capsys):
    out, png = tmp_path / "puzzle.txt", tmp_path / "p.png"
    args = ["numberlink", "generate", "--tessellation", "orthogonal", "--size", "6x6", "--seed", "3", "--unique"]
    assert main([*args, "-o", str(out), "--png", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert main(["numberlink", "solve", str(out)]) == 0
    assert "unique solution" in capsys.readouterr().out
    sigma = ["numberlink", "generate", "-t", "sigma", "-s", "4x4", "--seed", "1"]
    assert main([*sigma, "-o", str(tmp_path / "s.json")]) == 0
    assert main(["numberlink", "solve", str(tmp_path / "s.json")]) == 0
    bad = tmp_path / "bad.txt"
    bad.write_text("1.1\n2.3\n")
    capsys.readouterr()
    assert main(["numberlink", "solve", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "line 2 column 1" in err
    bad.write_text("1.2\n2.1\n")
    assert main(["numberlink", "solve", str(bad)]) == 1
    assert "no solution" in capsys.readouterr().err


def test_cli_solve_shows_the_solution_then_says_it_is_still_proving(tmp_path, capsys, monkeypatch):
    # a long uniqueness proof: the solution is printed first, and stderr says what the wait is for
    import importlib

    from mazegraph.numberlink import cli

    S = importlib.import_module("mazegraph.numberlink.solve")
    P = nl.generate(mg.tessellations.build("orthogonal", 12, 12), seed=0, self_touch=True)
    board = tmp_path / "open.txt"
    board.write_text(nl.to_flow(P))
    monkeypatch.setattr(S, "SLICE", 1)
    monkeypatch.setattr(cli._Waiting, "AFTER", 0.0)
    monkeypatch.setattr(cli._Waiting, "EVERY", 0.0)
    assert main(["numberlink", "solve", str(board), "--self-touch"]) == 0
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert lines[-1] == "unique solution under fill=yes, self_touch=yes"
    solved = nl.parse(nl.to_flow(P)).with_solution(nl.solve(P, self_touch=True))
    assert lines[:-1] == solved.solution_text().splitlines()
    assert "mazegraph: still proving that no second solution exists under fill=yes, self_touch=yes (" in out.err
    assert "--no-self-touch" in out.err
