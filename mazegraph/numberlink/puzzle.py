"""Numberlink puzzles: the :class:`Puzzle` class, its rules, and its text and JSON formats.

A Numberlink ("Flow") puzzle is a board of cells, some of them solid; some
non-solid cells carry numbers 1, 2, 3, ..., each number on exactly two cells.
A solution links the two cells of each number by a simple path through
neighbouring cells; paths never share a cell and never enter a solid cell.
Two rules vary between collections, and a puzzle unique under one may not be
under another:

* ``fill`` (Flow Free's rule, the default): the paths together cover every
  non-solid cell; without it (as Nikoli's Numberlink allows) cells may stay empty;
* ``self_touch`` (the default): a path may run beside itself, two of its cells
  being neighbours without being consecutive on it; without it every path is
  an induced path (no 2 x 2 block of one path's cells, no U-turn that could be
  shortened).

Solutions without self-touching are solutions with it, and solutions that
fill are solutions that need not, so uniqueness under ``fill=False,
self_touch=True`` (the loosest rules) implies uniqueness under all four for a
puzzle whose solution fills and does not touch itself. Here the board is any tessellation
(a :class:`~mazegraph.cellgraph.CellGraph` or a connected ``networkx.Graph``)
and "neighbouring" means adjacent in the graph.

A solution is a list of paths, path ``k`` (0-based) linking the endpoints of
number ``k + 1``, each a list of cell indices from the first endpoint to the
second.

References
----------
.. [1] Nikoli, "Numberlink" (Nanbarinku), https://www.nikoli.co.jp/en/puzzles/numberlink/
.. [2] Big Duck Games, "Flow Free" (2012), https://www.bigduckgames.com/flowfree
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable, Sequence

import networkx as nx
import numpy as np

from ..cellgraph import CellGraph
from ..errors import MazeError, PuzzleError, PuzzleFormatError, UnsupportedError
from ..tessellations.compile import compile_graph

__all__ = ["Puzzle", "parse_text", "parse_json", "SYMBOLS"]

#: Symbols of numbers 1, 2, ... in the text format: digits, then letters.
SYMBOLS = string.digits[1:] + string.ascii_uppercase + string.ascii_lowercase

_FORMAT = "mazegraph-numberlink"


class Puzzle:
    """A Numberlink puzzle on a tessellation, with an optional known solution.

    Parameters
    ----------
    G : networkx.Graph or CellGraph
        The board.
    endpoints : sequence of (label, label)
        The two cells of number ``k + 1`` at position ``k``, as cell labels.
    solid : iterable of label, optional
        Cells no path may enter.
    solution : sequence of sequence of label, optional
        A known solution: path ``k`` from the first to the second endpoint of
        number ``k + 1``. It is checked against the rules.
    fill : bool
        The rules the puzzle is posed under: every non-solid cell on a path.
    self_touch : bool
        The rules the puzzle is posed under: a path may run beside itself.
    meta : dict, optional
        Facts about the puzzle, e.g. ``unique_under`` (the rule sets under
        which the solution is proved unique, each ``{"fill": ..., "self_touch": ...}``)
        and ``difficulty``, both set by :func:`~mazegraph.numberlink.generate`.

    Attributes
    ----------
    cells : CellGraph
        The compiled board.
    pairs : numpy.ndarray of int, shape (k, 2)
        Endpoint cell indices of each number.
    solid : numpy.ndarray of bool, shape (n,)
        Which cells are solid.
    solution : list of list of int or None
        The known solution as paths of cell indices.
    fill, self_touch : bool
        The rules; :func:`~mazegraph.numberlink.solve` and
        :func:`~mazegraph.numberlink.count_solutions` use them unless told otherwise.
    meta : dict
        Facts about the puzzle (kept by the text and JSON formats).

    Raises
    ------
    PuzzleError
        If a number's two cells coincide, a cell carries two numbers or is
        solid and numbered, or the solution breaks the rules.
    NotACellError
        If a label is not a cell of the board.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(2, 3)
    >>> P = mg.numberlink.Puzzle(G, [((0, 0), (0, 2)), ((1, 0), (1, 2))])
    >>> print(P.to_text())
    1.1
    2.2
    >>> P.n_pairs
    2

    References
    ----------
    .. [1] Nikoli, "Numberlink", https://www.nikoli.co.jp/en/puzzles/numberlink/
    """

    def __init__(
        self,
        G,
        endpoints: Sequence,
        solid: Iterable = (),
        solution: Sequence | None = None,
        *,
        fill: bool = True,
        self_touch: bool = True,
        meta: dict | None = None,
    ):
        cells = compile_graph(G)
        index = cells.labels.index
        pairs = [(index(a), index(b)) for a, b in endpoints]
        solid_idx = [index(s) for s in solid]
        paths = None if solution is None else [[index(c) for c in path] for path in solution]
        self._rules(fill, self_touch, meta)
        self._setup(cells, pairs, solid_idx, paths)

    @classmethod
    def from_indices(
        cls,
        cells: CellGraph,
        pairs,
        solid=(),
        solution=None,
        *,
        fill: bool = True,
        self_touch: bool = True,
        meta: dict | None = None,
    ) -> Puzzle:
        """Make a puzzle from cell indices instead of labels (same checks as the constructor).

        ``solid`` may be a boolean mask or a list of indices.
        """
        self = cls.__new__(cls)
        self._rules(fill, self_touch, meta)
        solid = np.asarray(solid)
        if solid.dtype == bool and len(solid) == cells.n_cells:
            solid = np.flatnonzero(solid)
        pairs = [(int(a), int(b)) for a, b in np.asarray(pairs, dtype=np.int64).reshape(-1, 2)]
        paths = None if solution is None else [[int(c) for c in p] for p in solution]
        self._setup(cells, pairs, [int(s) for s in solid.ravel()], paths)
        return self

    def _rules(self, fill, self_touch, meta) -> None:
        for name, value in (("fill", fill), ("self_touch", self_touch)):
            if not isinstance(value, (bool, np.bool_)):
                raise PuzzleError(f"{name} must be True or False, got {value!r}")
        self.fill, self.self_touch = bool(fill), bool(self_touch)
        self.meta = dict(meta or {})

    @property
    def rules(self) -> dict:
        """The rules the puzzle is posed under: ``{"fill": ..., "self_touch": ...}``."""
        return {"fill": self.fill, "self_touch": self.self_touch}

    def _setup(self, cells: CellGraph, pairs, solid_idx, paths) -> None:
        self.cells = cells
        self.pairs = np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
        self.solid = np.zeros(cells.n_cells, dtype=bool)
        self.solid[np.asarray(solid_idx, dtype=np.int64)] = True
        self.number = np.zeros(cells.n_cells, dtype=np.int64)  # 0: no number
        labels = cells.labels
        for k, (a, b) in enumerate(self.pairs.tolist()):
            if a == b:
                raise PuzzleError(f"number {k + 1} has both ends on cell {labels[a]!r}")
            for c in (a, b):
                if self.number[c]:
                    raise PuzzleError(f"cell {labels[c]!r} carries numbers {self.number[c]} and {k + 1}")
                if self.solid[c]:
                    raise PuzzleError(f"cell {labels[c]!r} is solid but carries number {k + 1}")
                self.number[c] = k + 1
        self.solution = None
        if paths is not None:
            problem = self.violation(paths)
            if problem:
                raise PuzzleError(f"the solution breaks the rules: {problem}")
            self.solution = paths

    # -- basic facts -----------------------------------------------------------

    @property
    def n_pairs(self) -> int:
        """How many numbers (pairs of endpoints) the puzzle has."""
        return len(self.pairs)

    def __repr__(self) -> str:
        known = ", solved" if self.solution is not None else ""
        rules = ("" if self.fill else ", fill=False") + ("" if self.self_touch else ", self_touch=False")
        return (
            f"<Puzzle on {self.cells.name}: {self.cells.n_cells} cells, {self.n_pairs} pairs, "
            f"{int(self.solid.sum())} solid{rules}{known}>"
        )

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, Puzzle)
            and self.cells.same_as(other.cells)
            and np.array_equal(self.pairs, other.pairs)
            and np.array_equal(self.solid, other.solid)
            and self.rules == other.rules
        )

    __hash__ = None

    # -- rules -----------------------------------------------------------------

    def violation(self, paths, *, fill: bool | None = None, self_touch: bool | None = None) -> str | None:
        """Return why ``paths`` is not a solution, or None if it is one.

        Parameters
        ----------
        paths : sequence of sequence of int
            Path ``k`` as cell indices, from one endpoint of number ``k + 1`` to the other.
        fill, self_touch : bool, optional
            The rules to check; default: the puzzle's.

        Returns
        -------
        str or None

        Examples
        --------
        >>> import mazegraph as mg
        >>> P = mg.numberlink.parse("1.1\\n2.2")
        >>> P.violation([[0, 1, 2], [3, 4, 5]]) is None
        True
        >>> P.violation([[0, 1, 2], [3, 5]])
        'path 2 steps from (1, 0) to (1, 2), which are not neighbours'
        """
        fill = self.fill if fill is None else fill
        self_touch = self.self_touch if self_touch is None else self_touch
        cells, labels = self.cells, self.cells.labels
        if len(paths) != self.n_pairs:
            return f"{len(paths)} paths for {self.n_pairs} numbers"
        owner = np.zeros(cells.n_cells, dtype=np.int64)
        for k, path in enumerate(paths):
            path = [int(c) for c in path]
            a, b = self.pairs[k].tolist()
            if len(path) < 2 or {path[0], path[-1]} != {a, b}:
                return f"path {k + 1} does not run from {labels[a]!r} to {labels[b]!r}"
            for c in path:
                if not 0 <= c < cells.n_cells:
                    return f"path {k + 1} visits {c}, which is not a cell index"
                if self.solid[c]:
                    return f"path {k + 1} enters solid cell {labels[c]!r}"
                if owner[c]:
                    other = "itself" if owner[c] == k + 1 else f"path {owner[c]}"
                    return f"path {k + 1} meets {other} at {labels[c]!r}"
                owner[c] = k + 1
            for u, v in zip(path[:-1], path[1:]):
                if cells.edge_index(u, v) < 0:
                    return f"path {k + 1} steps from {labels[u]!r} to {labels[v]!r}, which are not neighbours"
        empty = np.flatnonzero((owner == 0) & ~self.solid)
        if fill and len(empty):
            return f"cell {labels[int(empty[0])]!r} is on no path"
        if not self_touch:
            steps = {frozenset(step) for path in paths for step in zip(path[:-1], path[1:])}
            for u, v in cells.edges.tolist():
                if owner[u] and owner[u] == owner[v] and frozenset((u, v)) not in steps:
                    return f"path {owner[u]} runs beside itself at {labels[u]!r} and {labels[v]!r}"
        return None

    def is_solution(self, paths, *, fill: bool | None = None, self_touch: bool | None = None) -> bool:
        """True if ``paths`` (lists of cell indices) solves the puzzle (under its rules unless told)."""
        return self.violation(paths, fill=fill, self_touch=self_touch) is None

    def colours(self, paths=None) -> np.ndarray:
        """The number on each cell's path in a solution (0 for solid cells).

        Parameters
        ----------
        paths : list of list of int, optional
            Defaults to the known solution.

        Raises
        ------
        PuzzleError
            If no solution is given or known.
        """
        paths = self.solution if paths is None else paths
        if paths is None:
            raise PuzzleError("this puzzle carries no solution; find one with mg.numberlink.solve")
        out = np.zeros(self.cells.n_cells, dtype=np.int64)
        for k, path in enumerate(paths):
            out[np.asarray(path, dtype=np.int64)] = k + 1
        return out

    def with_solution(self, paths) -> Puzzle:
        """A copy of this puzzle carrying ``paths`` as its solution (checked)."""
        return Puzzle.from_indices(self.cells, self.pairs, self.solid, paths, **self.rules, meta=self.meta)

    def without_solution(self) -> Puzzle:
        """A copy of this puzzle without its solution."""
        return Puzzle.from_indices(self.cells, self.pairs, self.solid, **self.rules, meta=self.meta)

    def with_rules(self, *, fill: bool | None = None, self_touch: bool | None = None) -> Puzzle:
        """A copy of this puzzle posed under other rules (its solution kept if it obeys them)."""
        fill = self.fill if fill is None else fill
        self_touch = self.self_touch if self_touch is None else self_touch
        keep = self.solution is not None and self.is_solution(self.solution, fill=fill, self_touch=self_touch)
        return Puzzle.from_indices(
            self.cells,
            self.pairs,
            self.solid,
            self.solution if keep else None,
            fill=fill,
            self_touch=self_touch,
            meta=self.meta,
        )

    # -- text format -------------------------------------------------------------

    def _grid_shape(self) -> tuple[int, int]:
        spec = self.cells.spec or {}
        if spec.get("tessellation") != "orthogonal":
            raise UnsupportedError(
                f"the text format is for orthogonal boards; this board is {self.cells.name!r}: use to_json()"
            )
        return int(spec["rows"]), int(spec["cols"])

    def to_text(self) -> str:
        """The puzzle in the text format (orthogonal boards only).

        One line per row: ``.`` an empty cell, ``#`` a solid cell, and the
        symbol of a number (``1`` to ``9``, then ``A`` to ``Z``, ``a`` to ``z``)
        on its endpoints. Rules other than the defaults come first, on a line
        ``rules: fill=no self_touch=no``. See :mod:`mazegraph.numberlink.formats`
        for the Flow Free and numeric formats.

        Raises
        ------
        UnsupportedError
            If the board is not orthogonal, or has more numbers than symbols.
        """
        rows, cols = self._grid_shape()
        if self.n_pairs > len(SYMBOLS):
            raise UnsupportedError(f"the text format has symbols for {len(SYMBOLS)} numbers, not {self.n_pairs}")
        return self._rules_line() + _grid_text(self, rows, cols, SYMBOLS)

    def _rules_line(self) -> str:
        """``rules: fill=no self_touch=no`` and a newline when the rules are not the defaults, else nothing."""
        if self.fill and self.self_touch:
            return ""
        words = {True: "yes", False: "no"}
        return f"rules: fill={words[self.fill]} self_touch={words[self.self_touch]}\n"

    def solution_text(self) -> str:
        """The known solution drawn in the text format: every cell shows its path's symbol."""
        rows, cols = self._grid_shape()
        colours = self.colours()
        board = np.full((rows, cols), "#", dtype="<U1")
        coords = np.asarray(self.cells.labels.tolist(), dtype=np.int64)
        for c in range(self.cells.n_cells):
            if colours[c]:
                board[coords[c, 0], coords[c, 1]] = SYMBOLS[colours[c] - 1]
        return "\n".join("".join(row) for row in board.tolist())

    # -- JSON --------------------------------------------------------------------

    def to_json(self, solution: bool = True) -> str:
        """The puzzle as JSON, for any tessellation.

        Fields: ``format``, ``version``, ``tessellation`` (the board's spec, or
        null for a user's graph, which is then stored as ``cells`` and
        ``edges``), ``endpoints`` (label pairs), ``solid`` (labels), ``rules``
        (``{"fill": ..., "self_touch": ...}``), ``meta`` when not empty (e.g.
        ``unique_under``) and, when known and asked for, ``solution`` (paths of labels).
        """
        labels = self.cells.labels
        data: dict = {"format": _FORMAT, "version": 1, "tessellation": self.cells.spec}
        if self.cells.spec is None:
            data["cells"] = labels.tolist()
            data["edges"] = self.cells.edges.tolist()
        data["endpoints"] = [[labels[a], labels[b]] for a, b in self.pairs.tolist()]
        data["solid"] = [labels[int(c)] for c in np.flatnonzero(self.solid)]
        if solution and self.solution is not None:
            data["solution"] = [[labels[c] for c in path] for path in self.solution]
        data["rules"] = self.rules
        if self.meta:
            data["meta"] = self.meta
        return json.dumps(data)


def _grid_text(puzzle: Puzzle, rows: int, cols: int, symbols, empty: str = ".", solid: str = "#", sep: str = "") -> str:
    """The board as rows of tokens: ``symbols[k]`` on number ``k + 1``'s endpoints, ``empty``, ``solid``."""
    board = [[empty] * cols for _ in range(rows)]
    labels = puzzle.cells.labels
    for c in np.flatnonzero(puzzle.solid).tolist():
        r, q = labels[c]
        board[r][q] = solid
    for k, (a, b) in enumerate(puzzle.pairs.tolist()):
        for c in (a, b):
            r, q = labels[c]
            board[r][q] = symbols[k]
    width = max((len(t) for row in board for t in row), default=1) if sep else 1
    return "\n".join(sep.join(t.rjust(width) for t in row) for row in board)


def _tuples(value):
    """JSON turns tuples into lists: turn them back, recursively."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def parse_json(text: str) -> Puzzle:
    """Read a puzzle written by :meth:`Puzzle.to_json`.

    Parameters
    ----------
    text : str

    Returns
    -------
    Puzzle

    Raises
    ------
    PuzzleFormatError
        If the text is not JSON of this format, or names cells the board lacks.
    PuzzleError
        If the puzzle or its solution breaks the rules.

    Examples
    --------
    >>> import mazegraph as mg
    >>> P = mg.numberlink.parse("1.1\\n2.2")
    >>> mg.numberlink.parse_json(P.to_json()) == P
    True
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PuzzleFormatError(f"line {error.lineno} column {error.colno}: not JSON: {error.msg}") from None
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        key = "format" if isinstance(data, dict) and "format" in data else None
        raise PuzzleFormatError(f'{_json_where(text, key)}: expected a JSON object with "format": "{_FORMAT}"')
    key = None  # the key being read, to locate an error
    try:
        if data.get("tessellation") is not None:
            from ..tessellations import from_spec

            key = "tessellation"
            cells = from_spec(data["tessellation"])
        else:
            key = "cells"
            labels = [_tuples(c) for c in data["cells"]]
            G = nx.Graph()
            G.add_nodes_from(labels)
            key = "edges"
            G.add_edges_from((labels[u], labels[v]) for u, v in data["edges"])
            key = "cells"
            cells = compile_graph(G)
        key = "endpoints"
        endpoints = [(_tuples(a), _tuples(b)) for a, b in data["endpoints"]]
        key = "solid"
        solid = [_tuples(s) for s in data.get("solid", [])]
        key = "solution"
        solution = data.get("solution")
        solution = None if solution is None else [[_tuples(c) for c in p] for p in solution]
        key = "rules"
        rules = data.get("rules") or {}
        if not isinstance(rules, dict) or set(rules) - {"fill", "self_touch"}:
            raise ValueError(f'"rules" should be {{"fill": true|false, "self_touch": true|false}}, got {rules!r}')
        key = "meta"
        meta = data.get("meta") or {}
        if not isinstance(meta, dict):
            raise ValueError(f'"meta" should be an object, got {meta!r}')
    except PuzzleError:
        raise
    except KeyError as error:
        raise PuzzleFormatError(f"{_json_where(text, None)}: malformed numberlink JSON: no key {error}") from None
    except (TypeError, ValueError, IndexError, MazeError) as error:
        raise PuzzleFormatError(f"{_json_where(text, key)}: malformed numberlink JSON in {key!r}: {error}") from None
    try:
        return Puzzle(cells, endpoints, solid, solution, **rules, meta=meta)
    except PuzzleError:
        raise
    except MazeError as error:  # a cell the board lacks: in the endpoints, solid cells or solution
        key = None
        for name, labels in (
            ("endpoints", [c for pair in endpoints for c in pair]),
            ("solid", solid),
            ("solution", [c for p in solution or [] for c in p]),
        ):
            try:
                for label in labels:
                    compile_graph(cells).labels.index(label)
            except MazeError:
                key = name
                break
        where = "" if key is None else f" in {key!r}"
        raise PuzzleFormatError(f"{_json_where(text, key)}: malformed numberlink JSON{where}: {error}") from None


def _json_where(text: str, key: str | None) -> str:
    """``line L column C`` of the first ``"key":`` in a JSON text (of the text's first character if None)."""
    match = re.search(r'"' + re.escape(key) + r'"\s*:', text) if key else None
    at = match.start() if match else len(text) - len(text.lstrip())
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return f"line {line} column {column}"


def parse_text(text: str) -> Puzzle:
    """Read a puzzle from the text format (:func:`mazegraph.numberlink.parse` detects the format).

    The text format is for orthogonal boards: one line per row, all of one
    length; ``.`` is an empty cell, ``#`` a solid cell, and ``1`` to ``9``,
    ``A`` to ``Z``, ``a`` to ``z`` are the endpoints of numbers 1 to 61. Each
    symbol used must appear exactly twice, and the symbols used must be the
    first ``k`` of that sequence. Blank lines at either end are ignored, as is
    trailing whitespace.

    Parameters
    ----------
    text : str

    Returns
    -------
    Puzzle

    Raises
    ------
    PuzzleFormatError
        With the line and column: an unknown character, a ragged row, a number
        appearing once or more than twice, a number skipped, or an empty board.

    Examples
    --------
    >>> import mazegraph as mg
    >>> P = mg.numberlink.parse('''
    ... 1.2
    ... #.#
    ... 1.2
    ... ''')
    >>> P
    <Puzzle on orthogonal: 9 cells, 2 pairs, 2 solid>
    >>> mg.numberlink.parse("1.1\\n2.")
    Traceback (most recent call last):
    ...
    mazegraph.errors.PuzzleFormatError: line 2: row has 2 cells, expected 3 like line 1
    """
    if text.lstrip().startswith("{"):
        return parse_json(text)
    lines = [line.rstrip() for line in text.splitlines()]
    rules, first, last = _board_lines(lines)
    if first == last:
        raise PuzzleFormatError("line 1: expected a board of rows of '.', '#' and numbers, found nothing")
    seen: dict[str, list[tuple[int, int]]] = {}
    solid = []
    width = len(lines[first])
    for r, line in enumerate(lines[first:last]):
        lineno = first + r + 1
        if len(line) != width:
            raise PuzzleFormatError(f"line {lineno}: row has {len(line)} cells, expected {width} like line {first + 1}")
        for c, ch in enumerate(line):
            if ch == ".":
                continue
            if ch == "#":
                solid.append((r, c))
            elif ch in SYMBOLS:
                where = seen.setdefault(ch, [])
                where.append((r, c))
                if len(where) == 3:
                    raise PuzzleFormatError(
                        f"line {lineno} column {c + 1}: number {ch!r} appears a third time "
                        f"(expected exactly two, first at line {first + where[0][0] + 1} column {where[0][1] + 1})"
                    )
            else:
                raise PuzzleFormatError(
                    f"line {lineno} column {c + 1}: unknown character {ch!r}; expected '.', '#', 1-9, A-Z or a-z"
                )
    for ch, where in seen.items():
        if len(where) == 1:
            ((r, c),) = where
            raise PuzzleFormatError(
                f"line {first + r + 1} column {c + 1}: number {ch!r} appears once; expected exactly two"
            )
    used = sorted(seen, key=SYMBOLS.index)
    for k, ch in enumerate(used):
        if ch != SYMBOLS[k]:
            r, c = seen[ch][0]
            raise PuzzleFormatError(
                f"line {first + r + 1} column {c + 1}: number {ch!r} used but {SYMBOLS[k]!r} is missing; "
                "expected numbers 1, 2, 3, ... with none skipped"
            )
    from ..tessellations import build

    cells = build("orthogonal", last - first, width)
    return Puzzle(cells, [tuple(seen[ch]) for ch in used], solid, **rules)


def _board_lines(lines: list[str]) -> tuple[dict, int, int]:
    """The rules of an optional first line ``rules: fill=yes self_touch=no`` and the board's line range.

    Blank lines at either end are skipped; ``lines`` are stripped on the right.
    """
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    last = len(lines)
    while last > first and not lines[last - 1].strip():
        last -= 1
    rules: dict = {}
    if first < last and lines[first].lower().startswith("rules:"):
        for word in lines[first][6:].split():
            name, _, value = word.partition("=")
            if name not in ("fill", "self_touch") or value.lower() not in ("yes", "no", "true", "false"):
                raise PuzzleFormatError(
                    f"line {first + 1}: cannot read {word!r}; expected fill=yes|no and self_touch=yes|no"
                )
            rules[name] = value.lower() in ("yes", "true")
        first += 1
    return rules, first, last
