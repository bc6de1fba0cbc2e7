"""The minutes-long fuzz run (issue 16): every public entry and CLI command, many seeds, hostile values.

``tests/test_fuzz.py`` runs a bounded sweep in the test suite; this runs the same
harness (``tests/fuzz_cases.py``: one hostile value at a time; the property is
that only ``MazeError`` subclasses escape, every call returns within
``fuzz_cases.SECONDS``, a returned maze passes a networkx check, and the CLI
prints one ``mazegraph: error:`` line and exits 1) for as long as asked: sweeps
of ``--examples`` cases with seeds 1, 2, 3, ... until ``--minutes`` have passed,
under the harness's address-space limit. It prints the cases tried, the time, and
one line per root cause (target and kind of problem), with an example.

Run: ``python benchmarks/fuzz.py [--minutes 10] [--examples 1000] [--only solve,render] [--json failures.json]``.
Exit status 1 when any case failed.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzz_cases  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="keep starting sweeps until this much time passed")
    parser.add_argument("--examples", type=int, default=1000, help="cases per sweep (one seed each)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--only", default="", help="targets whose name contains one of these comma-separated parts")
    parser.add_argument("--json", help="write every failing case here")
    args = parser.parse_args(argv)
    resource.setrlimit(resource.RLIMIT_AS, (fuzz_cases.MEMORY, fuzz_cases.MEMORY))

    start = time.perf_counter()
    total = fuzz_cases.Report()
    seed = args.first_seed
    while True:
        report = fuzz_cases.sweep(args.examples, seed, args.only)
        total.cases += report.cases
        total.failures += report.failures
        elapsed = time.perf_counter() - start
        print(f"seed {seed}: {report.cases} cases, {len(report.failures)} failing "
              f"({elapsed / 60:.1f} min so far)", flush=True)
        seed += 1
        if elapsed >= 60 * args.minutes:
            break
    causes = total.causes()
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    print(f"\n{total.cases} cases in {seed - args.first_seed} sweeps, {(time.perf_counter() - start) / 60:.1f} min "
          f"({(cpu.ru_utime + cpu.ru_stime) / 60:.1f} CPU min); {len(total.failures)} failing, "
          f"{len(causes)} root causes")
    for key, f in sorted(causes.items()):
        print(f"  {key}: {f.param}={f.value} {f.detail}")
    if args.json:
        Path(args.json).write_text(json.dumps([vars(f) for f in total.failures], indent=1))
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
