"""Numberlink: solver and generator speed, and the character of generated boards.

Run: ``python benchmarks/numberlink.py`` (about two minutes on an idle core;
``--quick`` for fewer boards, ``--boards DIR`` to also time every puzzle file
in DIR, in any format :func:`mazegraph.numberlink.parse` reads). Figures are
printed, never asserted; the load average is printed with them.

1. Solving: unique full-board puzzles made by ``generate(..., unique=True)``
   with seeds 0, 1, ... at each size, timed with ``solve`` and with
   ``count_solutions(limit=2)`` (proving uniqueness).
2. Generating: a unique full-board puzzle per seed, under the default rules
   and (10 x 10, 15 x 15) with ``self_touch=False``.
3. Character of the generated boards: solid fraction, pairs per 100 cells,
   mean path length, share of trivial pairs (paths of 3 cells or fewer) and
   the difficulty levels.

Previous figures, from issue 19 (published boards, not these): at 14 x 14 the
solver took 0.64 s median / 51 s worst, ``count_solutions(limit=2)`` 0.63 s /
86 s; a Go solver (thomasahle/numberlink) 0.032 s / 0.073 s, a C solver
(mzucker/flow_solver) 0.6 s median. Generation then: 15 x 15 1.4 s median,
7.3 s max, with 11-13 % solid cells and mean path length about 10. Published
collections (Flow Free levels; Nikoli-style contest boards) have no solid
cells and mean path lengths of 13-17 cells (as summarised in issue 19).
Public collections to time with ``--boards``: the puzzles shipped with
M. Zucker's flow_solver (https://github.com/mzucker/flow_solver, ``puzzles/``,
Flow Free format) and with thomasahle/numberlink (https://github.com/thomasahle/numberlink).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

import mazegraph as mg
from mazegraph import numberlink as nl


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def spread(times: list[float]) -> str:
    return f"{statistics.median(times):8.3f} {max(times):8.3f}"


def rules_label(self_touch: bool) -> str:
    return "" if self_touch else "   (self_touch=False)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer boards")
    parser.add_argument("--boards", help="also time every puzzle file in this directory")
    args = parser.parse_args()
    seeds = range(4 if args.quick else 12)
    sizes = [7, 10, 14, 15] + ([] if args.quick else [20])
    print(f"load average {os.getloadavg()[0]:.2f}; seeds {seeds.start}-{seeds.stop - 1} per size; times in s")
    print(f"\n{'size':>6s} {'generate':>17s} {'solve':>17s} {'count<=2':>17s}   (median, max)")
    made: dict[tuple, list] = {}
    runs = [(n, True) for n in sizes] + [(n, False) for n in sizes if n in (10, 15)]
    for n, self_touch in runs:
        G = mg.tessellations.build("orthogonal", n, n)
        gen, solve, count, puzzles = [], [], [], []
        for seed in (seeds if n < 20 else range(min(len(seeds), 5))):
            t, P = timed(lambda seed=seed, G=G, st=self_touch: nl.generate(G, seed=seed, unique=True,
                                                                            self_touch=st, max_attempts=500))
            gen.append(t)
            puzzles.append(P)
            bare = P.without_solution()
            solve.append(timed(lambda bare=bare: nl.solve(bare))[0])
            t, c = timed(lambda bare=bare: nl.count_solutions(bare, limit=2))
            count.append(t)
            if c != 1:
                print(f"  seed {seed}: count_solutions gave {c}, not 1")
        made[n, self_touch] = puzzles
        print(f"{n:3d}x{n:<2d} {spread(gen)} {spread(solve)} {spread(count)}{rules_label(self_touch)}")
    print(f"\n{'size':>6s} {'solid':>6s} {'pairs/100':>9s} {'mean len':>8s} {'trivial':>7s}  levels (easy/medium/hard)")
    for (n, self_touch), puzzles in made.items():
        lengths = [len(p) for P in puzzles for p in P.solution]
        solid = statistics.mean(float(P.solid.mean()) for P in puzzles)
        density = statistics.mean(100 * P.n_pairs / P.cells.n_cells for P in puzzles)
        trivial = sum(1 for x in lengths if x <= 3) / len(lengths)
        levels = [P.meta["difficulty"]["level"] for P in puzzles]
        counts = "/".join(str(levels.count(level)) for level in ("easy", "medium", "hard"))
        label = rules_label(self_touch)
        mean = statistics.mean(lengths)
        print(f"{n:3d}x{n:<2d} {solid:6.3f} {density:9.2f} {mean:8.2f} {trivial:7.3f}  {counts}{label}")
    if args.boards:
        print(f"\n{'file':40s} {'solve':>8s} {'count<=2':>8s} solutions")
        for path in sorted(Path(args.boards).iterdir()):
            if not path.is_file():
                continue
            try:
                P = nl.parse(path.read_bytes())
            except mg.MazeError as error:
                print(f"{path.name:40s} skipped: {error}")
                continue
            ts, _ = timed(lambda P=P: nl.solve(P))
            tc, c = timed(lambda P=P: nl.count_solutions(P, limit=2))
            print(f"{path.name:40s} {ts:8.3f} {tc:8.3f} {c}")


if __name__ == "__main__":
    main()
