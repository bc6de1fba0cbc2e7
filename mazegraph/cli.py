"""The ``mazegraph`` command line (also ``python -m mazegraph``).

Start-up is kept short: this module imports only the standard library at load
time, and each command imports what it needs (numba, networkx, matplotlib,
pandas) when it runs, so ``mazegraph --help`` answers at once. Subcommands that
other modules register (``experiment``, ``numberlink``) are imported only when
they are the command being run.

Every user error ends the same way: one line ``mazegraph: error: ...`` on
stderr and exit status 1, argparse's own errors included; Ctrl-C exits with
130 and a one-line notice, and a closed stdout (``mazegraph ... | head``) ends
the command quietly.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

from . import __version__
from ._folders import make_folder
from .errors import InvalidOptionError, MazeError, NotACellError, OutputPathError

__all__ = ["main", "parse_options", "parse_label"]

#: Exit statuses: success, a user error, a closed stdout (128 + SIGPIPE, as a killed C tool), Ctrl-C (128 + SIGINT).
EXIT_OK, EXIT_ERROR, EXIT_BROKEN_PIPE, EXIT_INTERRUPTED = 0, 1, 141, 130

#: The symmetries of ``--symmetry`` (the keys of :data:`mazegraph.symmetry.SYMMETRIES`, written out here so the
#: parser needs no numba; tests/test_cli.py checks the two agree).
SYMMETRY_NAMES = ("rotate180", "rotate90", "rotate120", "rotate60", "mirror", "mirror_vertical", "mirror_both")

#: Subcommands registered by other modules: name -> (module with ``add_parser(sub)``, its one-line help). The
#: module is imported only when its command runs; otherwise the name is listed with this help (tests/test_cli.py
#: checks it matches the module's own).
EXTERNAL = {
    "experiment": ("mazegraph.runner.command",
                   "run a sweep from a TOML config; rows stream to Parquet in --out (rerun to resume)"),
    "numberlink": ("mazegraph.numberlink.cli", "Numberlink (Flow) puzzles: generate and solve"),
}


class UsageError(MazeError):
    """A command line argparse cannot read (an unknown command, a missing or malformed argument)."""


class _Formatter(argparse.ArgumentDefaultsHelpFormatter):
    """argparse's help with each option's default, unless it says nothing (None, False) or the help says it."""

    def _get_help_string(self, action):
        if action.default is None or action.default is False or "default" in (action.help or ""):
            return action.help  # nothing to say, or the help says it in its own words
        return super()._get_help_string(action)


class _Parser(argparse.ArgumentParser):
    """An argparse parser that reports a bad command line as a :class:`UsageError` (one line, exit 1).

    Subparsers are made of the same class (argparse's default), including those
    other modules add, so every subcommand keeps the promise.
    """

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message):
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def _whole(low: int):
    """An argparse type: a whole number of at least ``low``."""

    def whole(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    whole.__name__ = f"whole number >= {low}"
    return whole


def _build(name: str, size: str | None, seed: int | None):
    """A tessellation from its name and size text (:func:`mazegraph.tessellations.from_text`)."""
    from .tessellations import from_text

    return from_text(name, size, seed)


def parse_options(algorithm: str, pairs: list[str] | None) -> dict:
    """``["policy=newest", "p=0.3"]`` as option values, typed by the algorithm's declared options.

    Raises
    ------
    UnknownAlgorithmError
        If the algorithm is not registered.
    InvalidOptionError
        If a pair lacks ``=``, names an option the algorithm does not take, or
        has a value its declaration does not allow (the message says what is).
    """
    from .generators import algorithm_info

    entry = algorithm_info(algorithm)
    declared = {p.name: p for p in entry.all_options}
    options = {}
    for pair in pairs or ():
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep:
            raise InvalidOptionError(f"--option takes NAME=VALUE, got {pair!r}")
        if name not in declared:
            takes = ", ".join(declared) or "no options"
            raise InvalidOptionError(f"{algorithm} does not take option {name!r}; it takes {takes}")
        options[name] = declared[name].parse(text, owner=algorithm)
    return options


def parse_label(cells, text: str, what: str = "cell"):
    """A cell label written on the command line (``"0,0"``, ``"2,5,1"``, ``"17"``), as ``cells`` labels cells.

    Package tessellations label cells with integer coordinates (a tuple of as
    many numbers as the tessellation has coordinates); a graph with other
    labels takes a single whole number or a tuple.

    Raises
    ------
    NotACellError
        If the text is not whole numbers joined by commas, has the wrong count,
        or names no cell of ``cells``.
    """
    example = cells.labels[0] if len(cells.labels) else None
    shown = ",".join(map(str, example)) if isinstance(example, tuple) else str(example)
    try:
        numbers = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise NotACellError(f"--{what} {text!r}: write a cell as whole numbers joined by commas, "
                            f"e.g. {shown}") from None
    coords = cells.labels.coords
    if coords is not None:
        if len(numbers) != coords.shape[1]:
            raise NotACellError(f"--{what} {text!r}: cells of {cells.name} have {coords.shape[1]} coordinates, "
                                f"e.g. {shown}")
        label = numbers
    else:
        label = numbers[0] if len(numbers) == 1 and not isinstance(example, tuple) else numbers
    try:
        cells.labels.index(label)
    except NotACellError as error:
        raise NotACellError(f"--{what} {text!r}: {error}") from None
    return label


def _cells(args):
    """The tessellation of ``generate``: ``-t NAME -s SIZE``, or ``-t mask --mask FILE``."""
    from .tessellations import build

    name = args.tessellation or ("mask" if args.mask else "orthogonal")
    if args.mask is None:
        return _build(name, args.size, args.seed)
    if name != "mask":
        raise InvalidOptionError(f"--mask draws the cells of -t mask, not of -t {name}: drop one of them")
    if args.size:
        raise InvalidOptionError("-t mask takes its size from the --mask file: drop --size")
    if not Path(args.mask).is_file():
        raise InvalidOptionError(f"--mask {args.mask}: no such file (give a .txt of '#' and '.', or an image)")
    return build("mask", mask=Path(args.mask))


def _cmd_generate(args) -> int:
    from .drawing import render
    from .generators import generate

    options = parse_options(args.algorithm, args.option)
    cells = _cells(args)
    start = None if args.start is None else parse_label(cells, args.start, "start")
    goal = None if args.goal is None else parse_label(cells, args.goal, "goal")
    maze = generate(cells, args.algorithm, seed=args.seed, start=start, goal=goal, focus=args.focus,
                    symmetry=args.symmetry, **options)
    if args.json:
        _write(Path(args.json), maze.to_json())
    if args.output:
        render(maze, solution=args.solution, path=args.output)
        broken = f"; {maze.meta['asymmetric_cells']} cells break the {args.symmetry} symmetry" if args.symmetry else ""
        print(f"wrote {args.output}: {maze!r}{broken}")
    elif not args.json:
        sys.stdout.write(render(maze, solution=args.solution) + "\n")
    return 0


def _cmd_render(args) -> int:
    from .drawing import render
    from .maze import Maze

    try:
        text = Path(args.maze).read_text(encoding="utf-8")
    except OSError as error:
        raise MazeError(f"cannot read {args.maze}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise MazeError(f"cannot read {args.maze}: not UTF-8 text ({error.reason} at byte {error.start}); "
                        "give a maze saved with --json") from None
    maze = Maze.from_json(text)
    render(maze, solution=args.solution, path=args.output)
    print(f"wrote {args.output}: {maze!r}")
    return 0


def _cmd_reproduce(args) -> int:
    if args.config is not None and args.table != "atlas":
        raise InvalidOptionError(f"--config is for `reproduce atlas`; {args.table} has no config file: drop it")
    if args.full and args.table in ("pullen", "solvers"):
        raise InvalidOptionError(f"{args.table} has no --full run: give more --seeds instead (e.g. --seeds 1000)")
    if args.out is not None:
        make_folder(args.out)
    if args.table == "atlas":  # the texture atlas: mazegraph.reproduce.atlas
        from .reproduce.atlas import main as atlas

        return atlas(args)
    if args.table == "solvers":  # Pullen's solving table: mazegraph.reproduce.solvers
        from .reproduce.solvers import main as solvers

        return solvers(args)
    if args.table != "pullen":  # research checks: mazegraph.uniformity.reproduce
        from .uniformity.reproduce import run

        return run(args)
    from .errors import InvalidSizeError
    from .reproduce import pullen

    seeds = 200 if args.seeds is None else args.seeds
    out = args.out or "pullen-results"
    if seeds < 2:
        raise InvalidSizeError(f"--seeds must be at least 2 for confidence intervals, got {seeds}")
    table = pullen.reproduce(seeds=seeds, out=out, backend=args.backend, progress=not args.no_progress)
    print(pullen.to_text(table))
    print("\n" + pullen.NOTES, end="")
    print(f"\nwrote {out}/pullen.csv, pullen.md, pullen.png ({seeds} mazes per row)")
    return 0


def _cmd_plot(args) -> int:
    from .plot.command import run_plot

    return run_plot(args)


def _cmd_tessellations(args) -> int:
    from .tessellations import TESSELLATIONS, names

    for name in names():
        entry = TESSELLATIONS[name]
        print(f"{name:15s} {entry.describe_size():18s} {entry.summary}")
    return 0


def _cmd_algorithms(args) -> int:
    from .generators import algorithm_info, algorithms

    for name in algorithms():
        entry = algorithm_info(name)
        if not args.verbose:
            options = ", ".join(entry.option_names) or "-"
            print(f"{name:15s} {entry.summary} (options: {options})")
            continue
        print(f"{name}: {entry.summary}")
        for param in entry.options:
            print(f"    --option {param.describe()}")
        if entry.weave is not None:
            for param in entry.weave.options:
                if param not in entry.options:
                    print(f"    --option {param.describe()} [weave tessellations only]")
    return 0


def _cmd_gallery(args) -> int:
    import time

    from . import tessellations
    from .drawing import render
    from .generators import algorithm_info, applicability, generate

    algorithm_info(args.algorithm)  # an unknown name stops here, with the known ones
    out = make_folder(args.out)
    for name in tessellations.names():
        entry = tessellations.TESSELLATIONS[name]
        started = time.perf_counter()
        cells = tessellations.from_text(name, seed=args.seed)
        reasons = applicability(cells)
        # a tessellation with a generator of its own (fractal) is drawn with it
        algorithm = name if name in reasons and reasons[name] is None else args.algorithm
        why = reasons.get(algorithm)
        if why is not None:  # e.g. Wilson on zeta: draw Kruskal instead and say so
            print(f"  ({algorithm} cannot run on {name}: {why}; drawing kruskal)")
            algorithm = "kruskal"
        maze = generate(cells, algorithm, seed=args.seed)
        path = out / f"{name}.png"
        render(maze, solution=True, path=path)
        size = "x".join(str(s) for s in entry.example) or "demo"
        print(f"{path}  {name} {size}, {algorithm}, seed {args.seed}: "
              f"{cells.n_cells} cells ({time.perf_counter() - started:.2f} s)")
    return 0


def _cmd_warmup(args) -> int:
    import time

    from .warmup import all_probes, compile_probes, ensure, is_warm

    probes = all_probes()
    started = time.perf_counter()
    if args.force:
        compiled = compile_probes(probes, args.workers, progress=not args.no_progress)
        print(f"compiled {compiled} kernel versions ({len(probes)} probes) in {time.perf_counter() - started:.1f} s")
    elif is_warm(probes):
        print(f"mazegraph kernels already compiled for this machine ({len(probes)} probes); --force compiles again")
    else:
        seconds = ensure(probes, args.workers, progress=not args.no_progress)
        print(f"compiled mazegraph kernels for this machine ({len(probes)} probes) in {seconds:.1f} s")
    return 0


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; ``command`` names the subcommand to be run, whose module (if external) is imported."""
    parser = _Parser(prog="mazegraph", description="Mazes as graphs over any tessellation.")
    parser.add_argument("--version", action="version", version=f"mazegraph {__version__}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    gen = sub.add_parser("generate", help="make one maze and draw it (SVG on stdout, or -o FILE)",
                         description="Make one maze and draw it: SVG on stdout, or -o FILE (.svg, .png, .pdf).")
    gen.add_argument("--tessellation", "-t",
                     help="see `mazegraph tessellations` (default: orthogonal, or mask with --mask)")
    gen.add_argument("--size", "-s", help="e.g. 12x12 (rows x cols), 8 (radius or rings), 5x5x3 (grid); "
                     "default: the tessellation's example size")
    gen.add_argument("--mask", metavar="FILE", help="-t mask: the shape, a .txt of '#' (blocked) and '.' (open), "
                     "or a black-and-white image, one cell per pixel")
    gen.add_argument("--algorithm", "-a", default="wilson", help="see `mazegraph algorithms`")
    gen.add_argument("--option", action="append", metavar="NAME=VALUE",
                     help="an option of the algorithm, repeatable, e.g. --option policy=mix --option p=0.3 "
                     "(see `mazegraph algorithms --verbose`)")
    gen.add_argument("--focus", choices=("passage", "wall"), default="passage",
                     help="carve passages, or add walls (planar tessellations)")
    gen.add_argument("--symmetry", choices=SYMMETRY_NAMES, metavar="NAME",
                     help=f"make the maze symmetric: {', '.join(SYMMETRY_NAMES)} (one the tessellation has; "
                     "see mazegraph.symmetries(G))")
    gen.add_argument("--start", metavar="CELL", help="the start cell, e.g. 0,0 (default: the tessellation's)")
    gen.add_argument("--goal", metavar="CELL", help="the goal cell, e.g. 11,11 (default: the tessellation's)")
    gen.add_argument("--seed", type=int, help="same seed, same maze (default: a fresh random maze)")
    gen.add_argument("--solution", action="store_true", help="draw the path from start to goal")
    gen.add_argument("--output", "-o", metavar="FILE", help="write the drawing here (.svg, .png or .pdf)")
    gen.add_argument("--json", metavar="FILE", help="also save the maze as JSON here")
    gen.set_defaults(run=_cmd_generate)

    ren = sub.add_parser("render", help="draw a maze saved with --json")
    ren.add_argument("maze", help="a maze JSON file")
    ren.add_argument("--output", "-o", metavar="FILE", required=True,
                     help="write the drawing here (.svg, .png or .pdf)")
    ren.add_argument("--solution", action="store_true", help="draw the path from start to goal")
    ren.set_defaults(run=_cmd_render)

    sub.add_parser("tessellations", help="list the tessellations").set_defaults(run=_cmd_tessellations)
    alg = sub.add_parser("algorithms", help="list the generators")
    alg.add_argument("--verbose", "-v", action="store_true", help="every option with its values, default and help")
    alg.set_defaults(run=_cmd_algorithms)

    gal = sub.add_parser("gallery", help="draw one maze per tessellation into a folder")
    gal.add_argument("--out", metavar="DIR", default="data/gallery", help="folder for the PNGs")
    gal.add_argument("--algorithm", "-a", default="wilson", help="see `mazegraph algorithms`")
    gal.add_argument("--seed", type=int, default=1, help="same seed, same mazes")
    gal.set_defaults(run=_cmd_gallery)

    for name, (module, text) in EXTERNAL.items():
        if name == command:
            importlib.import_module(module).add_parser(sub)
        else:  # listed, not parsed: the module is imported only to run its command
            sub.add_parser(name, help=text)

    rep = sub.add_parser("reproduce", help="reproduce a published table beside its reference figures")
    rep.add_argument("table", choices=("pullen", "atlas", "uniformity", "ust", "scaling", "solvers"),
                     help="pullen: Pullen's generation table (100 x 100 mazes); atlas: Pullen's texture figures on "
                     "every tessellation and topology; solvers: Pullen's solving table; uniformity, ust, scaling: "
                     "uniform-spanning-tree checks (mazegraph.uniformity)")
    rep.add_argument("--full", action="store_true",
                     help="atlas: larger sizes and more seeds; uniformity/ust/scaling: the long run (grids to 1024)")
    rep.add_argument("--seeds", type=_whole(1), metavar="N",
                     help="mazes per row (default: the table's own; pullen 200, 1000 for the full table)")
    rep.add_argument("--out", metavar="DIR",
                     help="output folder (default ./TABLE-results; atlas: data/results/atlas)")
    rep.add_argument("--config", metavar="TOML", help="atlas: an edited copy of mazegraph/reproduce/atlas.toml")
    rep.add_argument("--backend", choices=("processes", "serial", "dask"), default="processes",
                     help="pullen, atlas: where the mazes are made")
    rep.add_argument("--no-progress", action="store_true", help="no progress bar")
    rep.set_defaults(run=_cmd_reproduce)

    plo = sub.add_parser("plot", help="texture-comparison figures from an experiment's results folder")
    plo.add_argument("results", metavar="RESULTS_DIR", help="an experiment's --out folder (or a reproduce folder)")
    plo.add_argument("--out", metavar="DIR", help="folder for the PNGs (default: RESULTS_DIR/_plots)")
    plo.add_argument("--gallery", action="store_true", help="also draw every algorithm on orthogonal, sigma, theta")
    plo.set_defaults(run=_cmd_plot)

    war = sub.add_parser("warmup", help="compile every kernel now (one-off per machine), not on first use",
                         description="Compile mazegraph's numba kernels into numba's disk cache ahead of time, "
                         "split across the cores, so no later command waits for them.")
    war.add_argument("--workers", type=_whole(1), metavar="N", help="processes to compile in (default: the CPUs)")
    war.add_argument("--force", action="store_true", help="compile even if this machine is already warm")
    war.add_argument("--no-progress", action="store_true", help="no progress bar")
    war.set_defaults(run=_cmd_warmup)
    return parser


def _command(argv: list[str]) -> str | None:
    """The subcommand a command line asks for: its first word that is not an option (the top level has no values)."""
    return next((word for word in argv if not word.startswith("-")), None)


def _say(line: str) -> None:
    """Print one line on stderr (line breaks in it, e.g. from an argument echoed back, written as \\n)."""
    try:
        print(line.replace("\r", "\\r").replace("\n", "\\n"), file=sys.stderr, flush=True)
    except (OSError, ValueError):  # stderr closed as well
        pass


def _stdout_gone() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush into a closed pipe raises nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status.

    0 success; 1 a user error, reported as one ``mazegraph: error: ...`` line;
    130 interrupted (Ctrl-C); 141 stdout closed by its reader (``| head``).
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = _parser(_command(argv)).parse_args(argv)
        status = args.run(args)
        sys.stdout.flush()  # here, where a closed pipe can still be caught, not at exit
        return status
    except MazeError as error:
        _say(f"mazegraph: error: {error}")
        return EXIT_ERROR
    except KeyboardInterrupt:
        _say("mazegraph: interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _stdout_gone()
        return EXIT_BROKEN_PIPE
    except UnicodeError as error:  # a file or name that is not UTF-8 (a safety net: readers should say which)
        _say(f"mazegraph: error: a file or name given is not UTF-8 text ({getattr(error, 'reason', error)}): "
             "give UTF-8 text")
        return EXIT_ERROR
    except MemoryError as error:  # a size beyond this machine (a safety net: builders refuse sizes up front)
        _say(f"mazegraph: error: not enough memory{f' ({error})' if str(error) else ''}: try a smaller size")
        return EXIT_ERROR
    except OSError as error:  # a file or folder the user named: unreadable, unwritable, full disk
        where = f"{error.filename}: " if error.filename else ""
        _say(f"mazegraph: error: {where}{error.strerror or error}")
        return EXIT_ERROR
    except SystemExit as done:  # --help and --version (argparse), or a command that exits
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        _say(f"mazegraph: error: {done.code}")
        return EXIT_ERROR


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
