"""Numberlink generation: time and character of unique full boards over many seeds.

Run: ``python benchmarks/numberlink_generate.py [--seeds 50] [--sizes 10 15 20] [--big-seeds 20]``.
For each size and rule set (``self_touch`` True and False) it generates
``generate(G, seed=s, unique=True)`` for seeds 0, 1, ... and prints the CPU
time per puzzle (median, 90th percentile, max; ``time.process_time``, which
includes the SAT solver, running in-process) and the character of the boards
beside the published collections' figures quoted in ``benchmarks/numberlink.py``
(mean path length 13-17 cells, no solid cells, trivial pairs rare): solid
fraction, pairs per 100 cells, mean path length, share of trivial pairs
(paths of 2-3 cells), shortest path. Figures are printed, never asserted; the
load average is printed with them. ``--apart`` also times ``endpoints_apart=True``.
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
    times, lengths, density, solid, failures = [], [], [], [], 0
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
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="seeds per size up to 15 x 15")
    parser.add_argument("--big-seeds", type=int, default=20, help="seeds per size above 15 x 15")
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 15, 20])
    parser.add_argument("--rules", choices=["both", "touch", "no-touch"], default="both")
    parser.add_argument("--apart", action="store_true", help="also endpoints_apart=True")
    args = parser.parse_args()
    print(f"{mg.__file__}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; CPU s per puzzle")
    print(f"{'size':>6s} {'rules':10s} {'seeds':>5s} {'median':>7s} {'p90':>7s} {'max':>7s} {'len':>6s} "
          f"{'trivial':>7s} {'per100':>6s} {'solid':>5s} {'short':>5s} {'fail':>4s}")
    variants = [("touch", {"self_touch": True}), ("no-touch", {"self_touch": False})]
    if args.rules != "both":
        variants = [v for v in variants if v[0] == args.rules]
    if args.apart:
        variants.append(("apart", {"endpoints_apart": True}))
    for n in args.sizes:
        seeds = range(args.seeds if n <= 15 else args.big_seeds)
        for label, options in variants:
            r = run(n, seeds, **options)
            print(f"{n:3d}x{n:<2d} {label:10s} {len(seeds):5d} {r['median']:7.2f} {r['p90']:7.2f} {r['max']:7.2f} "
                  f"{r['mean_len']:6.2f} {r['trivial']:7.3f} {r['density']:6.2f} {r['solid']:5.3f} "
                  f"{r['shortest']:5d} {r['failures']:4d}", flush=True)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
