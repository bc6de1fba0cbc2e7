"""Numberlink file formats: detect, read and write the text, Flow Free, numeric and JSON formats.

* ``text`` (mazegraph's own): one character per cell, ``.`` empty, ``#``
  solid, ``1``-``9``, ``A``-``Z``, ``a``-``z`` for numbers 1 to 61 in order
  (see :meth:`Puzzle.to_text`).
* ``flow``: the Flow Free level format read and written by common solvers
  (e.g. M. Zucker's flow_solver [1]_): one character per cell, ``.`` empty,
  any letter or digit a colour, each on exactly two cells; colours are
  numbered in reading order of their first cell. No solid cells.
* ``numeric``: the plain grid of many Numberlink collections and contests
  (e.g. the DA Symposium algorithm contest boards [2]_): numbers separated by
  spaces or commas, ``0`` or ``.`` empty (``#`` solid, an extension), after an
  optional header line ``rows cols``; numbers are renumbered 1, 2, ... in
  increasing order.
* ``json``: :meth:`Puzzle.to_json`, for any tessellation, with the solution,
  rules and metadata.

Every grid format may start with a line ``rules: fill=yes|no self_touch=yes|no``
(written when the rules are not the defaults, as on the puzzles
:func:`~mazegraph.numberlink.generate` makes on rectangular boards, posed with
``self_touch=False``). Readers raise
:class:`~mazegraph.errors.PuzzleFormatError` with the line and column of the
first problem (in JSON, of the key whose value is wrong); a leading byte order
mark is skipped.

Collections ship many puzzles in one file: :func:`read_puzzles` reads grids
separated by blank lines (each with its own optional rules line and header),
or a JSON array of puzzles, and :func:`write_puzzles` writes such a file.

References
----------
.. [1] M. Zucker, "flow_solver", https://github.com/mzucker/flow_solver (puzzle file format).
.. [2] DA Symposium, "Algorithm Design Contest" (Numberlink boards),
   https://dasymposium.jp/ (numeric board format).
"""

from __future__ import annotations

import json
import os
import re
import string
from pathlib import Path

from ..errors import PuzzleFormatError, UnsupportedError
from ..params import Choice, Instance, Param, checked
from .puzzle import SYMBOLS, Puzzle, _board_lines, _grid_text, parse_json, parse_text

__all__ = ["parse", "decode", "detect", "to_flow", "to_numeric", "read_puzzles", "write_puzzles", "FORMATS"]

#: Names accepted by ``parse(..., format=...)``.
FORMATS = ("text", "flow", "numeric", "json")

_FLOW_SYMBOLS = string.ascii_uppercase + string.ascii_lowercase + string.digits
_BOM = "\ufeff"  # the byte order mark some editors put before UTF-8 text: not a cell
_HEADER = re.compile(r"^\s*(\d+)\s*[ ,]\s*(\d+)\s*$")


def decode(data: bytes) -> str:
    """Bytes as UTF-8 text, or a :class:`PuzzleFormatError` naming the line and column of the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise PuzzleFormatError(f"line {line} column {column}: byte {data[error.start]:#04x} is not UTF-8") from None


def detect(text: str) -> str:
    """Guess the format of ``text``: ``json``, ``numeric``, ``text`` or ``flow``.

    JSON starts with ``{``; a numeric grid has a ``rows cols`` header or
    spaces or commas between its cells; a grid of single characters is the
    text format when its numbers are exactly 1, 2, ... in :data:`SYMBOLS` order
    or it has solid cells, and the Flow Free format otherwise.

    Examples
    --------
    >>> from mazegraph.numberlink.formats import detect
    >>> detect("1.1\\n2.2"), detect("R.R\\nB.B"), detect("2 3\\n1 0 1\\n2 0 2")
    ('text', 'flow', 'numeric')
    """
    if text.lstrip().startswith("{"):
        return "json"
    lines = [line.rstrip() for line in text.splitlines()]
    try:
        _, first, last = _board_lines(lines)
    except PuzzleFormatError:
        return "text"
    body = lines[first:last]
    if not body:
        return "text"
    if _HEADER.match(body[0]) or any(re.search(r"[ ,\t]", line.strip()) for line in body):
        return "numeric"
    chars = set("".join(body)) - {"."}
    if "#" in chars:
        return "text"
    return "text" if chars == set(SYMBOLS[: len(chars)]) else "flow"


@checked(
    Param(
        "text",
        Instance((str, bytes, bytearray), "text (str) or UTF-8 bytes"),
        help="the puzzle's text",
        error=PuzzleFormatError,
    ),
    Param("format", Choice(FORMATS), None, "the format (None: detected)"),
)
def parse(text: str | bytes, format: str | None = None) -> Puzzle:
    """Read a puzzle in any of :data:`FORMATS`, detected unless ``format`` is given.

    Parameters
    ----------
    text : str or bytes
        Bytes must be UTF-8.
    format : {"text", "flow", "numeric", "json"}, optional

    Returns
    -------
    Puzzle

    Raises
    ------
    PuzzleFormatError
        With line and column: non-UTF-8 bytes, a ragged or empty row, an
        unknown character, a number appearing once or three times, a bad
        header; in JSON, the key whose value is wrong. A leading byte order
        mark is skipped.
    UnsupportedError
        If ``format`` is not one of :data:`FORMATS`.

    Examples
    --------
    >>> import mazegraph as mg
    >>> P = mg.numberlink.parse("R.G\\nR.G")
    >>> P.to_text(), mg.numberlink.parse("2 3\\n1 0 2\\n1 0 2") == P
    ('1.2\\n1.2', True)
    >>> mg.numberlink.parse("1 0 1\\n2 0 2 2")
    Traceback (most recent call last):
    ...
    mazegraph.errors.PuzzleFormatError: line 2: row has 4 cells, expected 3 like line 1
    """
    if isinstance(text, (bytes, bytearray)):
        text = decode(bytes(text))
    text = text.removeprefix(_BOM)
    fmt = detect(text) if format is None else str(format).lower()
    if fmt == "json":
        return parse_json(text)
    if fmt == "text":
        return parse_text(text)
    if fmt == "flow":
        return _read_grid(text, _flow_tokens, "a letter or digit per cell, '.' empty")
    if fmt == "numeric":
        return _read_grid(text, _numeric_tokens, "numbers separated by spaces or commas, 0 or '.' empty", header=True)
    raise UnsupportedError(f"unknown numberlink format {format!r}; use one of {', '.join(FORMATS)}")


def _flow_tokens(line: str, lineno: int) -> list[tuple[int, str]]:
    out = []
    for col, ch in enumerate(line):
        if ch != "." and ch not in _FLOW_SYMBOLS:
            raise PuzzleFormatError(
                f"line {lineno} column {col + 1}: unknown character {ch!r}; expected '.', a letter or a digit"
            )
        out.append((col + 1, ch))
    return out


def _numeric_tokens(line: str, lineno: int) -> list[tuple[int, str]]:
    out = []
    for match in re.finditer(r"[^\s,]+", line):
        token = match.group()
        if token in (".", "#"):
            out.append((match.start() + 1, token))
            continue
        if not token.isdigit():
            raise PuzzleFormatError(
                f"line {lineno} column {match.start() + 1}: {token!r} is not a whole number; "
                "expected numbers, 0 or '.' for an empty cell, '#' for a solid one"
            )
        out.append((match.start() + 1, "." if int(token) == 0 else str(int(token))))
    return out


def _read_grid(text: str, tokens, what: str, header: bool = False) -> Puzzle:
    """A board of tokens (``.`` empty, ``#`` solid, anything else a number's name) as a puzzle."""
    from ..tessellations import build

    lines = [line.rstrip() for line in text.splitlines()]
    rules, first, last = _board_lines(lines)
    shape = None
    if header and first < last and _HEADER.match(lines[first]):
        m = _HEADER.match(lines[first])
        shape = (int(m.group(1)), int(m.group(2)))
        first += 1
    if first == last:
        raise PuzzleFormatError(f"line {first + 1}: expected a board ({what}), found nothing")
    rows = [(i + 1, tokens(lines[i], i + 1)) for i in range(first, last)]
    for lineno, row in rows:
        if not row:
            raise PuzzleFormatError(f"line {lineno}: row has no cells ({what})")
    width = len(rows[0][1])
    seen: dict[str, list[tuple[int, int, int, int]]] = {}  # name -> [(row, col, lineno, column)]
    solid = []
    for r, (lineno, row) in enumerate(rows):
        if len(row) != width:
            raise PuzzleFormatError(f"line {lineno}: row has {len(row)} cells, expected {width} like line {rows[0][0]}")
        for c, (column, token) in enumerate(row):
            if token == ".":
                continue
            if token == "#":
                solid.append((r, c))
                continue
            where = seen.setdefault(token, [])
            where.append((r, c, lineno, column))
            if len(where) == 3:
                raise PuzzleFormatError(
                    f"line {lineno} column {column}: {token!r} appears a third time "
                    f"(expected exactly two, first at line {where[0][2]} column {where[0][3]})"
                )
    if shape is not None and shape != (len(rows), width):
        raise PuzzleFormatError(
            f"line {first}: header says {shape[0]} rows of {shape[1]}, the board has {len(rows)} rows of {width}"
        )
    for token, where in seen.items():
        if len(where) == 1:
            raise PuzzleFormatError(
                f"line {where[0][2]} column {where[0][3]}: {token!r} appears once; expected exactly two"
            )
    if header:
        names = sorted(seen, key=int)
    else:
        names = sorted(seen, key=lambda t: seen[t][0][:2])
    cells = build("orthogonal", len(rows), width)
    return Puzzle(cells, [tuple(w[:2] for w in seen[t]) for t in names], solid, **rules)


def to_flow(puzzle: Puzzle) -> str:
    """The puzzle in the Flow Free format: letters ``A``-``Z``, ``a``-``z``, then digits, ``.`` empty.

    Raises
    ------
    UnsupportedError
        If the board is not orthogonal, has solid cells, or more than 62 numbers.
    """
    rows, cols = puzzle._grid_shape()
    if puzzle.solid.any():
        raise UnsupportedError("the Flow Free format has no solid cells; use to_text() or to_json()")
    if puzzle.n_pairs > len(_FLOW_SYMBOLS):
        raise UnsupportedError(
            f"the Flow Free format has symbols for {len(_FLOW_SYMBOLS)} numbers, not {puzzle.n_pairs}"
        )
    return puzzle._rules_line() + _grid_text(puzzle, rows, cols, _FLOW_SYMBOLS)


def to_numeric(puzzle: Puzzle, sep: str = " ") -> str:
    """The puzzle as a numeric grid with a ``rows cols`` header: ``0`` empty, ``#`` solid.

    Raises
    ------
    UnsupportedError
        If the board is not orthogonal.
    """
    rows, cols = puzzle._grid_shape()
    grid = _grid_text(puzzle, rows, cols, [str(k + 1) for k in range(puzzle.n_pairs)], empty="0", sep=sep)
    return f"{puzzle._rules_line()}{rows} {cols}\n{grid}"


@checked(
    Param(
        "source",
        Instance((str, bytes, bytearray, os.PathLike), "text (str), UTF-8 bytes or a file path"),
        help="the collection",
        error=PuzzleFormatError,
    ),
    Param("format", Choice(FORMATS), None, "the format (None: detected for each puzzle)"),
)
def read_puzzles(source: str | bytes | os.PathLike, format: str | None = None) -> list[Puzzle]:
    """Read a collection: several puzzles in one file, as public collections ship them.

    Grid formats (``text``, ``flow``, ``numeric``) hold one puzzle per block
    of lines, blocks separated by one or more blank lines; each block may
    start with its own ``rules:`` line (and, numeric, ``rows cols`` header).
    JSON holds an array of puzzles (a single object is a collection of one).

    Parameters
    ----------
    source : str, bytes or path-like
        The collection's text (bytes must be UTF-8), or a path (``pathlib.Path``) to read it from.
    format : {"text", "flow", "numeric", "json"}, optional
        Default: detected for each block.

    Returns
    -------
    list of Puzzle
        In file order; empty for a blank file.

    Raises
    ------
    PuzzleFormatError
        Naming the puzzle (1, 2, ... in file order) and the line and column
        *in the whole file* of the first problem; or a file that cannot be read.

    Examples
    --------
    >>> from mazegraph.numberlink import read_puzzles
    >>> [P.to_text() for P in read_puzzles("1.1\\n2.2\\n\\n\\nR..\\n..R")]
    ['1.1\\n2.2', '1..\\n..1']
    >>> read_puzzles("1.1\\n\\n1.2")
    Traceback (most recent call last):
    ...
    mazegraph.errors.PuzzleFormatError: puzzle 2: line 3 column 1: number '1' appears once; expected exactly two
    """
    if isinstance(source, os.PathLike):
        try:
            source = Path(source).read_bytes()
        except OSError as error:
            raise PuzzleFormatError(f"cannot read {os.fspath(source)}: {error.strerror or error}") from None
    text = decode(bytes(source)) if isinstance(source, (bytes, bytearray)) else source
    text = text.removeprefix(_BOM)
    if format == "json" or (format is None and text.lstrip()[:1] in ("[", "{")):
        return _read_json_collection(text)
    lines = text.splitlines()
    blocks, start = [], None
    for i, line in enumerate([*lines, ""]):
        if line.strip() and start is None:
            start = i
        elif not line.strip() and start is not None:
            blocks.append((start, i))
            start = None
    out = []
    for k, (first, last) in enumerate(blocks):
        # blank lines in front keep every line number the one it has in the whole file
        block = "\n" * first + "\n".join(lines[first:last])
        try:
            out.append(parse(block, format=format))
        except PuzzleFormatError as error:
            raise PuzzleFormatError(f"puzzle {k + 1}: {error}") from None
    return out


def _read_json_collection(text: str) -> list[Puzzle]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PuzzleFormatError(f"line {error.lineno} column {error.colno}: not JSON: {error.msg}") from None
    if isinstance(data, dict):
        return [parse_json(text)]
    if not isinstance(data, list):
        raise PuzzleFormatError("line 1 column 1: expected a JSON array of puzzles (or one puzzle object)")
    out = []
    decoder = json.JSONDecoder()
    at = text.index("[") + 1
    for k in range(len(data)):
        at = re.compile(r"[\s,]*").match(text, at).end()  # the item's first character
        end = decoder.raw_decode(text, at)[1]
        try:
            out.append(parse_json(text[at:end]))
        except PuzzleFormatError as error:
            raise PuzzleFormatError(f"puzzle {k + 1} (item {k} of the array): {_shift(str(error), text, at)}") from None
        at = end
    return out


def _shift(message: str, text: str, start: int) -> str:
    """A message located in ``text[start:]`` (``line L column C``, perhaps after ``not JSON: ``) located in ``text``."""
    m = re.search(r"line (\d+) column (\d+)", message)
    if m is None:
        return message
    line, column = int(m.group(1)), int(m.group(2))
    first_line = text.count("\n", 0, start) + 1
    if line == 1:
        column += start - (text.rfind("\n", 0, start) + 1)
    return message[: m.start()] + f"line {first_line + line - 1} column {column}" + message[m.end() :]


def write_puzzles(puzzles, format: str = "text") -> str:
    """A collection's text: the puzzles in ``format``, separated by blank lines (JSON: an array).

    :func:`read_puzzles` reads it back.

    Raises
    ------
    UnsupportedError
        If a puzzle cannot be written in ``format`` (see :func:`to_flow`) or
        the format is unknown.

    Examples
    --------
    >>> from mazegraph.numberlink import parse, read_puzzles, write_puzzles
    >>> P = [parse("1.1\\n2.2"), parse("1..\\n..1")]
    >>> print(write_puzzles(P, "numeric"))
    2 3
    1 0 1
    2 0 2
    <BLANKLINE>
    2 3
    1 0 0
    0 0 1
    >>> read_puzzles(write_puzzles(P, "flow")) == P
    True
    """
    puzzles = list(puzzles)
    if format == "json":
        return json.dumps([json.loads(P.to_json()) for P in puzzles], indent=1)
    writers = {"text": lambda P: P.to_text(), "flow": to_flow, "numeric": to_numeric}
    if format not in writers:
        raise UnsupportedError(f"unknown numberlink format {format!r}; use one of {', '.join(FORMATS)}")
    return "\n\n".join(writers[format](P) for P in puzzles)
