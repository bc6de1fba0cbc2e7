"""The ``mazegraph`` command line (also ``python -m mazegraph``)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from . import tessellations
from .drawing import render
from .errors import InvalidOptionError, InvalidSizeError, MazeError
from .generators import algorithm_info, algorithms, applicability, generate
from .maze import Maze
from .symmetry import SYMMETRIES

__all__ = ["main"]


# numberlink/cli.py still imports this name; it goes when that module calls tessellations.from_text
_build = tessellations.from_text


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


def _cmd_generate(args) -> int:
    options = parse_options(args.algorithm, args.option)
    cells = tessellations.from_text(args.tessellation, args.size, args.seed)
    maze = generate(cells, args.algorithm, seed=args.seed, focus=args.focus, symmetry=args.symmetry, **options)
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
    try:
        text = Path(args.maze).read_text(encoding="utf-8")
    except OSError as error:
        raise MazeError(f"cannot read {args.maze}: {error.strerror or error}") from None
    maze = Maze.from_json(text)
    render(maze, solution=args.solution, path=args.output)
    print(f"wrote {args.output}: {maze!r}")
    return 0


def _cmd_reproduce(args) -> int:
    from .reproduce import pullen

    if args.table == "solvers":  # Pullen's solving table: mazegraph.reproduce.solvers
        from .reproduce.solvers import main

        return main(args)
    if args.table != "pullen":  # research checks: mazegraph.uniformity.reproduce
        from .uniformity.reproduce import run

        return run(args)
    seeds, out = args.seeds or 200, args.out or "pullen-results"
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
    for name in tessellations.names():
        entry = tessellations.TESSELLATIONS[name]
        print(f"{name:15s} {entry.describe_size():18s} {entry.summary}")
    return 0


def _cmd_algorithms(args) -> int:
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
                print(f"    --option {param.describe()} [weave tessellations only]")
    return 0


def _cmd_gallery(args) -> int:
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise MazeError(f"cannot create {out}: {error.strerror or error}") from None
    for name in tessellations.names():
        entry = tessellations.TESSELLATIONS[name]
        started = time.perf_counter()
        cells = tessellations.from_text(name, seed=args.seed)
        reasons = applicability(cells)
        # a tessellation with a generator of its own (fractal) is drawn with it
        algorithm = name if reasons.get(name, "") is None else args.algorithm
        why = reasons[algorithm]
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


def _write(path: Path, text: str) -> None:
    from .errors import OutputPathError

    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mazegraph", description="Mazes as graphs over any tessellation.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    gen = sub.add_parser("generate", help="make one maze and draw it (SVG on stdout, or -o FILE)")
    gen.add_argument("--tessellation", "-t", default="orthogonal", help="see `mazegraph tessellations`")
    gen.add_argument("--size", "-s", help="e.g. 12x12 (rows x cols), 8 (radius or rings)")
    gen.add_argument("--algorithm", "-a", default="wilson", help="see `mazegraph algorithms`")
    gen.add_argument("--focus", choices=("passage", "wall"), default="passage",
                     help="carve passages, or add walls (planar tessellations)")
    gen.add_argument("--symmetry", choices=tuple(SYMMETRIES), default=None,
                     help="make the maze symmetric (see mazegraph.symmetries(G) for what a tessellation has)")
    gen.add_argument("--option", action="append", metavar="NAME=VALUE",
                     help="an option of the algorithm, repeatable (see `mazegraph algorithms --verbose`)")
    gen.add_argument("--seed", type=int, default=None, help="same seed, same maze")
    gen.add_argument("--solution", action="store_true", help="draw the path from start to goal")
    gen.add_argument("--output", "-o", help="write the drawing here (.svg or .png)")
    gen.add_argument("--json", help="also save the maze as JSON here")
    gen.set_defaults(run=_cmd_generate)

    ren = sub.add_parser("render", help="draw a maze saved with --json")
    ren.add_argument("maze", help="a maze JSON file")
    ren.add_argument("--output", "-o", required=True, help="write the drawing here (.svg or .png)")
    ren.add_argument("--solution", action="store_true")
    ren.set_defaults(run=_cmd_render)

    sub.add_parser("tessellations", help="list the tessellations").set_defaults(run=_cmd_tessellations)
    alg = sub.add_parser("algorithms", help="list the generators")
    alg.add_argument("--verbose", "-v", action="store_true", help="every option with its values, default and help")
    alg.set_defaults(run=_cmd_algorithms)

    gal = sub.add_parser("gallery", help="draw one maze per tessellation into a folder")
    gal.add_argument("--out", default="data/gallery", help="folder for the PNGs (default data/gallery)")
    gal.add_argument("--algorithm", "-a", default="wilson")
    gal.add_argument("--seed", type=int, default=1)
    gal.set_defaults(run=_cmd_gallery)

    from .runner.command import add_parser as add_experiment_parser

    add_experiment_parser(sub)  # mazegraph experiment CONFIG.toml [--out DIR] [--backend ...]

    from .numberlink.cli import add_parser as add_numberlink_parser

    add_numberlink_parser(sub)  # mazegraph numberlink generate|solve

    rep = sub.add_parser("reproduce", help="reproduce a published table beside its reference figures")
    rep.add_argument("table", choices=("pullen", "uniformity", "ust", "scaling", "solvers"),
                     help="pullen: Pullen's generation table (100 x 100 mazes); uniformity, ust, scaling: "
                     "uniform-spanning-tree checks (mazegraph.uniformity)")
    rep.add_argument("--full", action="store_true", help="uniformity/ust/scaling: the long run (grids to 1024)")
    rep.add_argument("--seeds", type=int, help="mazes per row (pullen: default 200, 1000 for the full table)")
    rep.add_argument("--out", help="output folder (default ./TABLE-results; committed copies: data/results/TABLE)")
    rep.add_argument("--backend", choices=("processes", "serial", "dask"), default="processes")
    rep.add_argument("--no-progress", action="store_true", help="no progress bar")
    rep.set_defaults(run=_cmd_reproduce)

    plo = sub.add_parser("plot", help="texture-comparison figures from an experiment's results folder")
    plo.add_argument("results", metavar="RESULTS_DIR", help="an experiment's --out folder (or a reproduce folder)")
    plo.add_argument("--out", help="folder for the PNGs (default RESULTS_DIR/_plots)")
    plo.add_argument("--gallery", action="store_true", help="also draw every algorithm on orthogonal, sigma, theta")
    plo.set_defaults(run=_cmd_plot)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0 success, 1 bad input, 130 interrupted)."""
    args = _parser().parse_args(argv)
    try:
        return args.run(args)
    except MazeError as error:
        print(f"mazegraph: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("mazegraph: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
