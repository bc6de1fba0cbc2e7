"""Numberlink formats: text, Flow Free, numeric grid, JSON: round trips, detection, located errors."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph import numberlink as nl
from mazegraph.cli import main


@settings(deadline=None, max_examples=20)
@given(st.integers(2, 9), st.integers(2, 9), st.integers(0, 2**32 - 1), st.booleans(), st.booleans(), st.booleans())
def test_every_format_round_trips(rows, cols, seed, solid, fill, self_touch):
    G = mg.tessellations.build("orthogonal", rows, cols)
    P = nl.generate(G, seed=seed, solid=solid, min_length=2, max_attempts=200).with_rules(
        fill=fill, self_touch=self_touch
    )
    writers = {"text": P.to_text(), "numeric": nl.to_numeric(P), "json": P.to_json()}
    writers["numeric-commas"] = nl.to_numeric(P, sep=", ")
    if not P.solid.any():
        writers["flow"] = nl.to_flow(P)
    for name, text in writers.items():
        fmt = name.split("-")[0]
        Q = nl.parse(text, format=fmt)
        assert Q == P and Q.rules == P.rules, name
        assert nl.parse(text) == P, name  # detected
        assert nl.parse(text.encode()) == P, name
        if fmt != "flow" or P.n_pairs > 1:
            assert nl.detect(text) in (fmt, "text" if fmt == "flow" else fmt)


def test_flow_format_numbers_colours_in_reading_order():
    P = nl.parse("B..R\n.GG.\nB..R")
    assert nl.detect("B..R\n.GG.\nB..R") == "flow"
    assert P.to_text() == "1..2\n.33.\n1..2"
    assert nl.to_flow(P) == "A..B\n.CC.\nA..B"
    with pytest.raises(mg.UnsupportedError, match="no solid cells"):
        nl.to_flow(nl.parse("1#1"))


def test_numeric_format_header_commas_dots_and_large_numbers():
    text = "rules: fill=no self_touch=no\n3 4\n10, 0, 0, 7\n.,  0, 0, 0\n10, 0, 0, 7\n"
    P = nl.parse(text)
    assert P.rules == {"fill": False, "self_touch": False}
    assert P.to_text() == "rules: fill=no self_touch=no\n2..1\n....\n2..1"  # renumbered in order: 7 -> 1, 10 -> 2
    assert nl.parse("1 0 1\n2 0 2") == nl.parse("1.1\n2.2")


def test_json_carries_rules_and_meta():
    P = nl.generate(mg.tessellations.build("orthogonal", 5, 5), seed=1, unique=True, self_touch=False)
    data = json.loads(P.to_json())
    assert data["rules"] == {"fill": True, "self_touch": False}
    assert data["meta"]["unique_under"] == P.meta["unique_under"]
    Q = nl.parse(P.to_json())
    assert Q.meta == P.meta and Q.rules == P.rules
    assert nl.parse(P.to_text()).rules == P.rules  # the text format's rules line


@pytest.mark.parametrize(
    ("text", "fmt", "message"),
    [
        ("R.R\nG.", "flow", "line 2: row has 2 cells, expected 3 like line 1"),
        ("R.R\nG?G", "flow", "line 2 column 2: unknown character '?'"),
        ("R.R\nG..", "flow", "line 2 column 1: 'G' appears once"),
        ("R.R\n..R", "flow", "line 2 column 3: 'R' appears a third time"),
        ("2 3\n1 0 1\n2 0 2 0", "numeric", "line 3: row has 4 cells, expected 3 like line 2"),
        ("1 0 1\n2 x 2", "numeric", "line 2 column 3: 'x' is not a whole number"),
        ("1 0 1\n2 0 0", "numeric", "line 2 column 1: '2' appears once"),
        ("1 0 1\n0 1 0", "numeric", "line 2 column 3: '1' appears a third time"),
        ("3 3\n1 0 1\n2 0 2", "numeric", "line 1: header says 3 rows of 3, the board has 2 rows of 3"),
        ("rules: fill=maybe\n1.1", None, "line 1: cannot read 'fill=maybe'"),
        ("", "numeric", "line 1: expected a board"),
        ("1 0 1\n, ,\n2 0 2", "numeric", "line 2: row has no cells"),
        ('{\n "x": 1}', "json", 'line 1 column 1: expected a JSON object with "format"'),
        ('{\n "format": "other"}', "json", 'line 2 column 2: expected a JSON object with "format"'),
    ],
)
def test_malformed_input_gives_located_errors(text, fmt, message):
    with pytest.raises(mg.PuzzleFormatError, match=message.replace("(", r"\(")):
        nl.parse(text, format=fmt)


def test_non_utf8_bytes_located():
    with pytest.raises(mg.PuzzleFormatError, match=r"line 2 column 3: byte 0xff is not UTF-8"):
        nl.parse(b"1.1\n2.\xff2\n")
    with pytest.raises(mg.errors.InvalidOptionError, match="format must be one of .text., .flow., .numeric., .json."):
        nl.parse("1.1", format="png")


def test_cli_formats_rules_and_errors(tmp_path, capsys):
    flow = tmp_path / "p.flow"
    args = ["numberlink", "generate", "-s", "6x6", "--seed", "2", "--unique", "--no-self-touch", "-f", "flow"]
    assert main([*args, "-o", str(flow)]) == 0
    assert "unique under fill/no-self-touch" in capsys.readouterr().err
    assert main(["numberlink", "solve", str(flow), "--format", "flow", "--no-self-touch"]) == 0
    assert "unique solution under fill=yes, self_touch=no" in capsys.readouterr().out
    num = tmp_path / "p.txt"
    num.write_text("2 3\n1 0 2\n1 0 2\n")
    assert main(["numberlink", "solve", str(num)]) == 0
    assert "more than one solution under fill=yes, self_touch=yes" in capsys.readouterr().out
    assert main(["numberlink", "solve", str(num), "--no-self-touch"]) == 1
    assert "no solution" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"1.1\n\xfe.2\n")
    assert main(["numberlink", "solve", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "line 2 column 1" in err and "UTF-8" in err


@settings(deadline=None, max_examples=10)
@given(
    st.lists(st.tuples(st.integers(2, 7), st.integers(2, 7), st.integers(0, 2**32 - 1)), min_size=1, max_size=4),
    st.sampled_from(["text", "flow", "numeric", "json"]),
)
def test_collections_round_trip(shapes, fmt):
    puzzles = [
        nl.generate(mg.tessellations.build("orthogonal", r, c), seed=s, min_length=2, max_attempts=200)
        for r, c, s in shapes
    ]
    text = nl.write_puzzles(puzzles, fmt)
    assert nl.read_puzzles(text) == puzzles  # detected
    assert nl.read_puzzles(text.encode(), format=fmt) == puzzles
    # collections separate puzzles by any run of blank lines (with spaces in them, CRLF line ends)
    if fmt != "json":
        loose = "\r\n".join(text.replace("\n\n", "\n  \n\n").split("\n")) + "\n\n"
        assert nl.read_puzzles(loose) == puzzles


def test_collection_from_a_file_with_rules_and_headers(tmp_path):
    path = tmp_path / "set.txt"
    path.write_text("rules: fill=no\n2 3\n1 0 1\n2 0 2\n\n\n3 3\n1 0 0\n0 0 0\n0 0 1\n", encoding="utf-8")
    first, second = nl.read_puzzles(path)
    assert first.to_text() == "rules: fill=no self_touch=yes\n1.1\n2.2" and not first.fill
    assert second.to_text() == "1..\n...\n..1" and second.fill  # rules lines hold for their own puzzle only
    assert nl.read_puzzles("") == [] and nl.read_puzzles("\n \n") == []
    assert nl.read_puzzles(nl.parse("1.1").to_json()) == [nl.parse("1.1")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # the line numbers are those of the whole file, not of the puzzle's block
        ("1.1\n2.2\n\n1..\n..\n", "puzzle 2: line 5: row has 2 cells, expected 3 like line 4"),
        ("R.R\n\n\nB.B\nG?G", "puzzle 2: line 5 column 2: unknown character '?'"),
        ("1 0 1\n\n2 3\n1 0 1\n1 0 0", "puzzle 2: line 5 column 1: '1' appears a third time"),
        ("1.1\n\n2 2\n1 0 1", "puzzle 2: line 3: header says 2 rows of 2"),
        ('[{"format": 1}]', "puzzle 1 \\(item 0 of the array\\): line 1 column 3: expected a JSON object"),
        ('[\n{"a": }]', "line 2 column 7: not JSON"),
    ],
)
def test_collection_errors_are_located_in_the_file(text, message):
    with pytest.raises(mg.PuzzleFormatError, match=message):
        nl.read_puzzles(text)


def test_collection_bad_bytes_and_missing_file(tmp_path):
    with pytest.raises(mg.PuzzleFormatError, match="line 4 column 2: byte 0xff is not UTF-8"):
        nl.read_puzzles(b"1.1\n2.2\n\n1\xff1\n")
    with pytest.raises(mg.PuzzleFormatError, match="cannot read .*nothing.txt"):
        nl.read_puzzles(tmp_path / "nothing.txt")
    with pytest.raises(mg.PuzzleFormatError, match="line 1 column 1: expected a JSON array"):
        nl.read_puzzles('"x"', format="json")
    with pytest.raises(mg.UnsupportedError, match="no solid cells"):
        nl.write_puzzles([nl.parse("1#1")], "flow")


def test_cli_solves_each_puzzle_of_a_collection(tmp_path, capsys):
    path = tmp_path / "set.txt"
    path.write_text("1.1\n2.2\n\n2 3\n1 0 2\n1 0 2\n\n1.2\n2.1\n", encoding="utf-8")
    assert main(["numberlink", "solve", str(path)]) == 1  # the third has no solution
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[-1] for line in lines] == [
        "unique solution under fill=yes, self_touch=yes",
        "more than one solution under fill=yes, self_touch=yes",
        "no solution under fill=yes, self_touch=yes",
    ]
    path.write_text("1.1\n2.2\n\n1.1\n2..\n", encoding="utf-8")
    assert main(["numberlink", "solve", str(path)]) == 1
    err = capsys.readouterr().err
    assert "set.txt: puzzle 2: line 5 column 1: number '2' appears once" in err
    path.write_text("1.1\n2..\n", encoding="utf-8")
    assert main(["numberlink", "solve", str(path)]) == 1
    assert "set.txt: line 2 column 1: number '2' appears once" in capsys.readouterr().err


def test_json_errors_name_the_key_and_where_it_is():
    P = nl.parse("1.1\n2.2")
    good = json.loads(P.to_json())
    cases = [
        ({**good, "endpoints": [[[0, 0], [9, 9]]]}, "endpoints", "\\(9, 9\\) is not a cell"),
        ({**good, "solid": [[7, 7]]}, "solid", "\\(7, 7\\) is not a cell"),
        ({**good, "solution": [[[0, 0], [0, 5]]]}, "solution", "\\(0, 5\\) is not a cell"),
        ({**good, "endpoints": [[1, 2, 3]]}, "endpoints", "too many values"),
        ({**good, "rules": {"fill": True, "x": 1}}, "rules", '"rules" should be'),
        ({**good, "meta": [1]}, "meta", '"meta" should be an object'),
    ]
    for data, key, message in cases:
        text = json.dumps(data, indent=1)
        lines = text.splitlines()
        line = next(i for i, x in enumerate(lines, 1) if x.lstrip().startswith(f'"{key}"'))
        column = lines[line - 1].index('"') + 1
        with pytest.raises(mg.PuzzleFormatError, match=f"^line {line} column {column}: .*'{key}'.*{message}"):
            nl.parse(text)
        # in a collection, the same place in the whole file
        collection = "[\n" + json.dumps(good) + ",\n" + text + "\n]"
        with pytest.raises(mg.PuzzleFormatError, match=f"^puzzle 2 \\(item 1 of the array\\): line {line + 2} column"):
            nl.read_puzzles(collection)
    missing = dict(good)
    del missing["endpoints"]
    with pytest.raises(mg.PuzzleFormatError, match="line 1 column 1: .*no key 'endpoints'"):
        nl.parse(json.dumps(missing))


@pytest.mark.parametrize("fmt", ["text", "flow", "numeric", "json"])
def test_byte_order_mark_is_skipped(fmt):
    P = nl.parse("1.1\n2.2")
    text = {"text": P.to_text(), "flow": nl.to_flow(P), "numeric": nl.to_numeric(P), "json": P.to_json()}[fmt]
    assert nl.parse("\ufeff" + text) == P
    assert nl.parse(b"\xef\xbb\xbf" + text.encode(), format=fmt) == P
    assert nl.read_puzzles(b"\xef\xbb\xbf" + nl.write_puzzles([P, P], fmt).encode()) == [P, P]
