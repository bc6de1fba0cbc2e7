"""The ``mazegraph numberlink`` subcommand: ``generate`` and ``solve``.

``mazegraph numberlink generate --tessellation orthogonal --size 10x10 --seed 3 --unique -o puzzle.txt --png p.png``
writes a puzzle (the text format on orthogonal boards, JSON otherwise or for a
``.json`` name; ``--format flow|numeric`` for the others); ``mazegraph
numberlink solve puzzle.txt`` reads any format (detected, or ``--format``),
prints a solution and whether it is unique; given a collection (several
puzzles separated by blank lines, or a JSON array) it says for each puzzle
whether its solution is unique. Both take the rules:
``--no-fill`` (cells may stay empty) and ``--self-touch`` or
``--no-self-touch`` (whether a path may run beside itself). ``generate``
follows :func:`~mazegraph.numberlink.generate`: on orthogonal boards no path
runs beside itself unless ``--self-touch`` is given, and the puzzle file's
rules line says so; ``solve`` takes the rules written in the file unless told.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from ..errors import InvalidOptionError, NoSolutionError, OutputPathError, PuzzleFormatError
from ..tessellations import from_text
from .formats import FORMATS, parse, read_puzzles, to_flow, to_numeric
from .generate import generate
from .puzzle import Puzzle
from .render import draw
from .solve import solutions

__all__ = ["add_parser"]


def add_parser(sub) -> argparse.ArgumentParser:
    """Register ``numberlink`` (with ``generate`` and ``solve``) on an argparse subparsers object."""
    nl = sub.add_parser("numberlink", help="Numberlink (Flow) puzzles: generate and solve")
    cmds = nl.add_subparsers(dest="numberlink_command", required=True, metavar="ACTION")

    gen = cmds.add_parser("generate", help="make a puzzle (text on stdout, or -o FILE)")
    gen.add_argument("--tessellation", "-t", default="orthogonal", help="see `mazegraph tessellations`")
    gen.add_argument("--size", "-s", help="e.g. 10x10 (rows x cols)")
    gen.add_argument("--seed", type=int, default=None, help="same seed, same puzzle")
    gen.add_argument("--unique", action="store_true", help="prove the solution unique with the SAT solver")
    gen.add_argument("--min-length", type=int, default=3, help="fewest cells on a path (default 3)")
    gen.add_argument("--pairs", help="range of the number of pairs, e.g. 6-10")
    gen.add_argument("--no-square", action="store_true", help="no 2 x 2 block inside one path")
    gen.add_argument("--no-adjacent-endpoints", action="store_true", help="no number with neighbouring endpoints")
    gen.add_argument("--one-end", action="store_true", help="grow paths from their newest cell only")
    gen.add_argument(
        "--solid",
        action="store_true",
        help="leave uncovered cells solid (default on orthogonal boards: every cell on a path)",
    )
    gen.add_argument("--endpoints-apart", action="store_true", help="no two endpoints of different numbers touch")
    gen.add_argument("--level", choices=["easy", "medium", "hard"], help="keep only puzzles of this difficulty")
    _rule_arguments(gen)
    gen.add_argument("--format", "-f", choices=FORMATS, help="output format (default: text, or json by suffix)")
    gen.add_argument("--output", "-o", help="write the puzzle here (.json: JSON, else the text format)")
    gen.add_argument("--png", help="also draw the puzzle here (.png or .svg)")
    gen.add_argument("--solution", action="store_true", help="draw (and print) the solution too")
    gen.set_defaults(run=_cmd_generate)

    sol = cmds.add_parser("solve", help="solve a puzzle file and say whether the solution is unique")
    sol.add_argument("puzzle", help="a puzzle file in any format, or a collection (puzzles separated by blank lines)")
    sol.add_argument("--format", "-f", choices=FORMATS, help="the file's format (default: detected)")
    _rule_arguments(sol, default=None)
    sol.add_argument("--png", help="draw the solution here (.png or .svg)")
    sol.set_defaults(run=_cmd_solve)
    return nl


def _rule_arguments(parser, default=True) -> None:
    """``--no-fill`` and ``--self-touch``/``--no-self-touch``; ``default=None`` (solve): the puzzle's rules."""
    if default is None:
        fill_default, touch_default = "the puzzle's", "the puzzle's"
    else:
        fill_default, touch_default = "every cell on a path", "not on orthogonal boards, allowed on others"
    parser.add_argument(
        "--no-fill",
        dest="fill",
        action="store_false",
        default=default,
        help=f"cells may stay off every path (Nikoli's rule; default: {fill_default})",
    )
    touch = parser.add_mutually_exclusive_group()
    touch.add_argument(
        "--self-touch",
        dest="self_touch",
        action="store_true",
        default=None,
        help=f"a path may run beside itself (default: {touch_default})",
    )
    touch.add_argument(
        "--no-self-touch", dest="self_touch", action="store_false", default=None, help="no path may run beside itself"
    )


def _serialise(puzzle: Puzzle, path: str | None, solution: bool, fmt: str | None = None) -> str:
    if fmt is None:
        as_json = puzzle.cells.name != "orthogonal" or (path is not None and Path(path).suffix.lower() == ".json")
        fmt = "json" if as_json else "text"
    if fmt == "json":
        return puzzle.to_json(solution=solution)
    text = {"text": puzzle.to_text, "flow": lambda: to_flow(puzzle), "numeric": lambda: to_numeric(puzzle)}[fmt]()
    return text + ("\n\n" + puzzle.solution_text() if solution else "")


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None


def _cmd_generate(args) -> int:
    cells = from_text(args.tessellation, args.size, args.seed)
    pairs = None
    if args.pairs:
        try:
            lo, _, hi = args.pairs.partition("-")
            pairs = (int(lo), int(hi or lo))
        except ValueError:
            raise InvalidOptionError(f"--pairs {args.pairs!r} should be LOW-HIGH, e.g. 6-10") from None
    puzzle = generate(
        cells,
        seed=args.seed,
        unique=args.unique,
        min_length=args.min_length,
        pairs=pairs,
        both_ends=not args.one_end,
        no_square=args.no_square,
        no_adjacent_endpoints=args.no_adjacent_endpoints,
        solid=True if args.solid else None,
        endpoints_apart=args.endpoints_apart,
        level=args.level,
        fill=args.fill,
        self_touch=args.self_touch,
    )
    if args.output:
        _write(args.output, _serialise(puzzle, args.output, False, args.format))
        print(f"wrote {args.output}: {puzzle!r}")
    else:
        sys.stdout.write(_serialise(puzzle, None, args.solution, args.format) + "\n")
    _describe(puzzle)
    if args.png:
        draw(puzzle, solution=args.solution, path=args.png)
        print(f"wrote {args.png}")
    return 0


def _cmd_solve(args) -> int:
    try:
        data = Path(args.puzzle).read_bytes()
    except OSError as error:
        raise PuzzleFormatError(f"cannot read {args.puzzle}: {error.strerror or error}") from None
    try:
        puzzle = parse(data, format=args.format)
    except PuzzleFormatError as error:
        try:  # a collection: several puzzles separated by blank lines (or a JSON array)
            many = read_puzzles(data, format=args.format)
        except PuzzleFormatError as many_error:
            several = data.strip()[:1] == b"[" or re.search(rb"\S[ \t\r]*\n[ \t\r]*\n\s*\S", data) is not None
            raise PuzzleFormatError(f"{args.puzzle}: {many_error if several else error}") from None
        if len(many) < 2:
            raise PuzzleFormatError(f"{args.puzzle}: {error}") from None
        return _solve_collection(args, many)
    puzzle = puzzle.with_rules(fill=args.fill, self_touch=args.self_touch)
    rules = f"fill={'yes' if puzzle.fill else 'no'}, self_touch={'yes' if puzzle.self_touch else 'no'}"
    found = []
    for paths in solutions(puzzle, limit=2, waiting=_Waiting(rules, puzzle.self_touch, found)):
        found.append(puzzle.with_solution(paths))
        if len(found) == 1:  # shown at once: proving that there is no second one can take much longer
            solved = found[0]
            grid = solved.cells.name == "orthogonal" and solved.cells.spec is not None
            print(solved.solution_text() if grid else solved.to_json(), flush=True)
    if not found:
        raise NoSolutionError(f"{args.puzzle}: the puzzle has no solution")
    print(("unique solution" if len(found) == 1 else "more than one solution") + f" under {rules}")
    if args.png:
        draw(solved, solution=True, path=args.png)
        print(f"wrote {args.png}")
    return 0


class _Waiting:
    """Progress of a long search, on stderr: a line once it has run ``AFTER`` seconds, then one every ``EVERY``."""

    AFTER, EVERY = 3.0, 30.0

    def __init__(self, rules: str, self_touch: bool, found: list):
        self.rules, self.self_touch, self.found = rules, self_touch, found
        self.next, self.start = self.AFTER, time.monotonic()

    def __call__(self, _call_seconds: float) -> None:
        seconds = time.monotonic() - self.start
        if seconds < self.next:
            return
        self.next = seconds + self.EVERY
        what = "proving that no second solution exists" if self.found else "searching for a solution"
        touch = self.self_touch and self.found
        hint = "; paths that touch themselves make this proof long, --no-self-touch forbids them" if touch else ""
        sys.stderr.write(f"mazegraph: still {what} under {self.rules} ({seconds:.0f} s){hint}\n")


def _solve_collection(args, puzzles: list[Puzzle]) -> int:
    """Solve every puzzle of a collection file: one line each; exit status 1 if any has no solution."""
    if args.png:
        raise InvalidOptionError("--png draws one puzzle; the file holds a collection of several")
    status = 0
    for k, puzzle in enumerate(puzzles, 1):
        puzzle = puzzle.with_rules(fill=args.fill, self_touch=args.self_touch)
        found = sum(1 for _ in solutions(puzzle, limit=2))
        status |= found == 0
        verdict = ("no solution", "unique solution", "more than one solution")[found]
        rules = f"fill={'yes' if puzzle.fill else 'no'}, self_touch={'yes' if puzzle.self_touch else 'no'}"
        print(f"puzzle {k} ({puzzle!r}): {verdict} under {rules}")
    return int(status)


def _describe(puzzle: Puzzle) -> None:
    """One line on stderr: the rule sets the puzzle is proved unique under, and its difficulty."""
    under = puzzle.meta.get("unique_under") or []
    if not under:
        return
    words = ["fill" if r["fill"] else "no-fill" for r in under]
    words = [f"{w}/{'self-touch' if r['self_touch'] else 'no-self-touch'}" for w, r in zip(words, under)]
    d = puzzle.meta.get("difficulty", {})
    sys.stderr.write(f"unique under {', '.join(words)}; difficulty {d.get('level')} (deduced {d.get('deduced')})\n")
