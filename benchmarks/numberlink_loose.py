"""Where the loose-rule uniqueness proofs spend their time: 2 x 2 blocks of one number, and hairpins.

Run: ``python benchmarks/numberlink_loose.py --collection DIR [BOARD ...]``
(``DIR`` as for ``benchmarks/numberlink.py``; the default boards are the
three slowest ``count_solutions(limit=2)`` calls under the loose rules there).

Under the loose rules with fill, proving a published board's solution unique
means showing that no other filling exists, self-touching paths included.
For each board this finds the strict solution, blocks it, and times the
search for another solution three ways, each in a fresh solver with the
package's encoding (the implied at-most-one clauses included, detached
cycles cut as in :mod:`mazegraph.numberlink.solve`):

* ``whole``: every solution;
* ``no block``: only solutions where no 2 x 2 block of cells lies on one path
  (one clause per block and number);
* ``some block``: only solutions with at least one such block (one new
  variable per block and number, and a clause asking for one of them);
* ``hairpins``: only solutions without a hairpin pointing right or down with a
  used edge beyond its tip (``Encoding.hairpins``): what the package asks, by
  the argument in :mod:`mazegraph.numberlink.solve`, after the strict phase.

``no block`` and ``some block`` together cover ``whole``; ``hairpins`` answers
the same question (is there another solution?) with fewer candidates. CPU seconds, SAT conflicts, and what
the search ended with (``unsat``: no other solution; ``found``: another one;
``>cap``: stopped). Printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from numberlink import read_boards  # noqa: E402  (this folder's benchmark: the same board reader)

from mazegraph import numberlink as nl  # noqa: E402
from mazegraph.numberlink.encoding import Encoding, _squares  # noqa: E402

SLOWEST = ("janko_207", "extreme_12x12_28", "janko_132")


def blocks(puzzle, enc: Encoding) -> list[list[int]]:
    """For each 2 x 2 block of cells and each number that may take all four: the four cell variables."""
    out = []
    for ring in _squares(puzzle.cells):
        quad = sorted(set(puzzle.cells.edges[ring].ravel().tolist()))
        for k in range(puzzle.n_pairs):
            lits = [int(enc.x[c, k]) for c in quad]
            if all(lits):
                out.append(lits)
    return out


def search(puzzle, known, part: str, cap: float, solver: str) -> tuple[float, int, str]:
    """CPU seconds, conflicts and outcome of looking for a loose solution other than ``known``."""
    from pysat.solvers import Solver

    start = time.process_time()
    enc = Encoding(puzzle, True, "never")
    clauses = [*enc.clauses, *enc.extra, enc.block(known)]
    top = enc.top
    if part == "no block":
        clauses += [[-v for v in lits] for lits in blocks(puzzle, enc)]
    elif part == "hairpins":
        clauses += enc.hairpins()
    elif part == "some block":
        some = []
        for lits in blocks(puzzle, enc):
            top += 1
            some.append(top)
            clauses += [[-top, v] for v in lits]
        clauses.append(some)
    with Solver(name=solver, bootstrap_with=clauses) as sat:
        outcome = f">{cap:g}"
        while time.process_time() - start < cap:
            sat.conf_budget(20_000)
            result = sat.solve_limited()
            if result is None:
                continue
            if not result:
                outcome = "unsat"
                break
            _, cycles = enc.read(sat.get_model()[: enc.top])
            if not cycles:
                outcome = "found"
                break
            for cycle in cycles:
                sat.add_clause(enc.cut(cycle))
        conflicts = (sat.accum_stats() or {}).get("conflicts", 0)
    return time.process_time() - start, conflicts, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--collection", required=True, help="folder of published boards")
    parser.add_argument("boards", nargs="*", default=list(SLOWEST), help="board names (default: %(default)s)")
    parser.add_argument("--cap", type=float, default=60.0, help="CPU seconds after which a search is stopped")
    parser.add_argument("--solver", default="glucose4", help="PySAT solver name")
    args = parser.parse_args()
    boards = dict(read_boards(Path(args.collection), 14))  # 14: the names of benchmarks/numberlink.py --largest 14
    missing = [name for name in args.boards if name not in boards]
    if missing:
        sys.exit(f"not in {args.collection}: {', '.join(missing)}")
    print(f"load average {os.getloadavg()[0]:.2f}; CPU seconds, conflicts, outcome")
    parts = ("whole", "no block", "some block", "hairpins")
    print(f"{'board':>18s} | " + " | ".join(f"{part:>26s}" for part in parts))
    for name in args.boards:
        puzzle = nl.parse(boards[name], format="flow")
        known = nl.solve(puzzle, fill=True, self_touch=False)
        cols = []
        for part in parts:
            seconds, conflicts, outcome = search(puzzle, known, part, args.cap, args.solver)
            cols.append(f"{seconds:7.2f} {conflicts:9d} {outcome:>8s}")
        print(f"{name:>18s} | " + " | ".join(cols), flush=True)


if __name__ == "__main__":
    main()
