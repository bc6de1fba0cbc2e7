"""The ``mazegraph numberlink`` subcommand: ``generate`` and ``solve``.

``mazegraph numberlink generate --tessellation orthogonal --size 10x10 --seed 3 --unique -o puzzle.txt --png p.png``
writes a puzzle (the text format on orthogonal boards, JSON otherwise or for a
``.json`` name); ``mazegraph numberlink solve puzzle.txt`` prints a solution and
whether it is unique.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import InvalidOptionError, NoSolutionError, OutputPathError, PuzzleFormatError
from .generate import generate
from .puzzle import Puzzle, parse
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
    gen.add_argument("--output", "-o", help="write the puzzle here (.json: JSON, else the text format)")
    gen.add_argument("--png", help="also draw the puzzle here (.png or .svg)")
    gen.add_argument("--solution", action="store_true", help="draw (and print) the solution too")
    gen.set_defaults(run=_cmd_generate)

    sol = cmds.add_parser("solve", help="solve a puzzle file and say whether the solution is unique")
    sol.add_argument("puzzle", help="a puzzle in the text format or JSON")
    sol.add_argument("--png", help="draw the solution here (.png or .svg)")
    sol.set_defaults(run=_cmd_solve)
    return nl


def _serialise(puzzle: Puzzle, path: str | None, solution: bool) -> str:
    as_json = puzzle.cells.name != "orthogonal" or (path is not None and Path(path).suffix.lower() == ".json")
    if as_json:
        return puzzle.to_json(solution=solution)
    text = puzzle.to_text()
    return text + ("\n\n" + puzzle.solution_text() if solution else "")


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None


def _cmd_generate(args) -> int:
    from ..cli import _build

    cells = _build(args.tessellation, args.size, args.seed)
    pairs = None
    if args.pairs:
        try:
            lo, _, hi = args.pairs.partition("-")
            pairs = (int(lo), int(hi or lo))
        except ValueError:
            raise InvalidOptionError(f"--pairs {args.pairs!r} should be LOW-HIGH, e.g. 6-10") from None
    puzzle = generate(
        cells, seed=args.seed, unique=args.unique, min_length=args.min_length, pairs=pairs,
        both_ends=not args.one_end, no_square=args.no_square, no_adjacent_endpoints=args.no_adjacent_endpoints,
    )
    if args.output:
        _write(args.output, _serialise(puzzle, args.output, False))
        print(f"wrote {args.output}: {puzzle!r}")
    else:
        sys.stdout.write(_serialise(puzzle, None, args.solution) + "\n")
    if args.png:
        puzzle._render(solution=args.solution, path=args.png)
        print(f"wrote {args.png}")
    return 0


def _cmd_solve(args) -> int:
    try:
        text = Path(args.puzzle).read_text(encoding="utf-8")
    except OSError as error:
        raise PuzzleFormatError(f"cannot read {args.puzzle}: {error.strerror or error}") from None
    puzzle = parse(text)
    found = [puzzle.with_solution(paths) for paths in solutions(puzzle, limit=2)]
    if not found:
        raise NoSolutionError(f"{args.puzzle}: the puzzle has no solution")
    solved = found[0]
    if solved.cells.name == "orthogonal" and solved.cells.spec is not None:
        print(solved.solution_text())
    else:
        print(solved.to_json())
    print("unique solution" if len(found) == 1 else "more than one solution")
    if args.png:
        solved._render(solution=True, path=args.png)
        print(f"wrote {args.png}")
    return 0

