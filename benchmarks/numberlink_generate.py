"""Numberlink generation: time and character of unique full boards over many seeds.

Run: ``python benchmarks/numberlink_generate.py [--seeds 50] [--sizes 10 15 20] [--big-seeds 20]
[--collection DIR]``. For each size and rule set (the default, ``self_touch=False``
on these rectangular boards, and ``self_touch=True``) it generates
``generate(G, seed=s, unique=True)`` for seeds 0, 1, ... and prints the CPU
time per puzzle (median, 90th percentile, max; ``time.process_time``, which
includes the SAT solver, running in-process) and the character of the boards:
solid fraction, pairs per 100 cells, mean path length, share of trivial pairs
(paths of 2-3 cells), shortest path, and how many puzzles each difficulty level
holds. Beside them it prints the published collections' figures issue 19
quotes (no solid cells, mean path 13-17 cells, trivial pairs a few per
collection) and, with ``--collection DIR`` (the published boards of
``benchmarks/numberlink.py``: Flow Free levels from M. Zucker's flow_solver,
the janko.at Arukone boards and other solvers' test boards from T. Ahle's
numberlink), the same character measured on those boards, each solved under
the strictest rules it has a solution under (fill and no self-touching first).
Figures are printed, never asserted; the load average is printed with them.
``--apart`` also times ``endpoints_apart=True``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import mazegraph as mg
from mazegraph import numberlink as nl


def run(n: int, seeds: range, **options) -> dict:
    G = mg.tessellations.build("orthogonal", n, n)
    times, lengths, density, solid, levels, failures = [], [], [], [], [], 0
    for seed in seeds:
        start = time.process_time()
        try:
            P = nl.generate(G, seed=seed, unique=True, max_attempts=500, **options)
        except mg.GenerationError:
            failures += 1
            times.append(time.process_time() - start)
            continue
        times.append(time.process_time() - start)
        lengths += [len(p) for p in P.solution]
        density.append(100 * P.n_pairs / P.cells.n_cells)
        solid.append(float(P.solid.mean()))
        levels.append(P.meta["difficulty"]["level"])
    times.sort()
    return {
        "median": statistics.median(times),
        "p90": times[int(0.9 * (len(times) - 1))],
        "max": times[-1],
        "mean_len": statistics.mean(lengths),
        "trivial": sum(1 for x in lengths if x <= 3) / len(lengths),
        "density": statistics.mean(density),
        "solid": statistics.mean(solid),
        "shortest": min(lengths),
        "failures": failures,
        "levels": "/".join(str(levels.count(level)) for level in ("easy", "medium", "hard")),
    }


def published(folder: str) -> None:
    """The character of published boards, solved here, by source (janko.at or Flow Free and the rest)."""
    from pathlib import Path

    from numberlink import read_boards  # benchmarks/numberlink.py

    groups: dict[str, list] = {}
    for name, text in read_boards(Path(folder), 20):
        P = nl.parse(text, format="flow")
        for fill, self_touch in ((True, False), (True, True), (False, False), (False, True)):
            paths = nl.solve(P, fill=fill, self_touch=self_touch)
            if paths is not None:
                break
        source = "janko.at" if name.startswith("janko") else "Flow Free etc."
        groups.setdefault(source, []).append((P, paths, fill, self_touch))
    for source, boards in groups.items():
        lengths = [len(p) for _, paths, _, _ in boards if paths for p in paths]
        density = statistics.mean(100 * P.n_pairs / P.cells.n_cells for P, *_ in boards)
        rules = {}
        for _, paths, fill, self_touch in boards:
            words = f"{'fill' if fill else 'no-fill'}/{'touch' if self_touch else 'no-touch'}"
            key = "none" if paths is None else words
            rules[key] = rules.get(key, 0) + 1
        sizes = sorted({P.cells.n_cells for P, *_ in boards})
        trivial = sum(1 for x in lengths if x <= 3)
        print(
            f"published {source}: {len(boards)} boards of {sizes[0]}-{sizes[-1]} cells; solid 0.000, "
            f"per100 {density:.2f}, len {statistics.mean(lengths):.2f}, trivial {trivial / len(lengths):.3f} "
            f"({trivial} of {len(lengths)} paths), shortest {min(lengths)}; solved under {rules}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="seeds per size up to 15 x 15")
    parser.add_argument("--big-seeds", type=int, default=20, help="seeds per size above 15 x 15")
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 15, 20])
    parser.add_argument(
        "--rules",
        choices=["both", "default", "touch"],
        default="both",
        help="default: self_touch=False on these boards",
    )
    parser.add_argument("--apart", action="store_true", help="also endpoints_apart=True")
    parser.add_argument("--collection", help="folder of published boards (see benchmarks/numberlink.py)")
    args = parser.parse_args()
    print(f"{mg.__file__}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; CPU s per puzzle")
    print(
        f"{'size':>6s} {'rules':10s} {'seeds':>5s} {'median':>7s} {'p90':>7s} {'max':>7s} {'len':>6s} "
        f"{'trivial':>7s} {'per100':>6s} {'solid':>5s} {'short':>5s} {'fail':>4s}  levels e/m/h"
    )
    print(
        "published collections, as issue 19 quotes them: solid 0, mean path 13-17 cells (6-8 pairs per 100 "
        "cells), trivial pairs a few per collection"
    )
    variants = [("default", {}), ("touch", {"self_touch": True})]
    if args.rules != "both":
        variants = [v for v in variants if v[0] == args.rules]
    if args.apart:
        variants.append(("apart", {"endpoints_apart": True}))
    for n in args.sizes:
        seeds = range(args.seeds if n <= 15 else args.big_seeds)
        for label, options in variants:
            r = run(n, seeds, **options)
            print(
                f"{n:3d}x{n:<2d} {label:10s} {len(seeds):5d} {r['median']:7.2f} {r['p90']:7.2f} {r['max']:7.2f} "
                f"{r['mean_len']:6.2f} {r['trivial']:7.3f} {r['density']:6.2f} {r['solid']:5.3f} "
                f"{r['shortest']:5d} {r['failures']:4d}  {r['levels']}",
                flush=True,
            )
    if args.collection:
        published(args.collection)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
