"""Numberlink: solver speed on published boards (before and after), generator speed and character.

Run: ``python benchmarks/numberlink.py --collection DIR [--before PATH]``.

1. Solving (issue 19): every board in ``DIR`` (files in the Flow Free format
   of flow_solver, or thomasahle's ``W H`` header blocks, several per file)
   and generated 20 x 20 boards (``generate(..., seed=s, self_touch=True)``, s = 0..4) are
   timed with ``solve`` and ``count_solutions(limit=2)`` under two rule sets,
   both with fill (``--no-fill``: both without): "strict" (no path runs beside itself: the rule the
   published boards are unique under, and the Go solver's) and "loose"
   (self-touching allowed: the default rules of a board read from a file).
   CPU time, each board in a child process of this tree and, with
   ``--before PATH``, of the code at ``PATH`` (e.g. ``/work/main``: the same
   boards, the same run). A call longer than ``--cap`` seconds is stopped and
   counted as ``--cap`` (marked ``>``).
   Median and worst per size are printed beside the figures issue 19 quotes
   for a Go solver (thomasahle/numberlink): 0.032 s median, 0.073 s worst on
   the 49 published 14 x 14 boards. Those 49 are the 44 janko boards and the
   5 Flow Free jumbo boards: copy both ``puzzles/`` folders below into one
   directory and pass it (``--largest 14`` skips the 15 x 15 and 17 x 17
   test boards, several of which run past the cap). The Go solver only
   solves, and prunes paths that run beside themselves, so its figures are a
   yardstick for the strict rules; under the loose rules ``count_solutions``
   must prove that no self-touching solution exists either, which on a few
   open boards with few pairs is a hard proof (seconds to minutes; ``numberlink_loose.py``
   shows where its time goes).
2. With ``--generator``: generator speed and the character of generated
   boards (solid fraction, pairs per 100 cells, mean path length, trivial pairs,
   difficulty levels) under the default rules (``self_touch=False`` on these
   rectangular boards) and, at 10 x 10 and 15 x 15, with self-touching allowed,
   beside the published figures issue 19 quotes.

Published boards, not shipped here (their licences do not allow it; fetch them):

* M. Zucker, flow_solver, https://github.com/mzucker/flow_solver, ``puzzles/``
  (Flow Free levels by Big Duck Games: regular, extreme, jumbo, 5 x 5 to 14 x 14);
* T. Ahle, numberlink, https://github.com/thomasahle/numberlink, ``puzzles/``
  (``janko``: the 270 Arukone boards of janko.at, 8 x 8 to 14 x 14; ``inputs*``:
  other solvers' test boards).

Figures are printed, never asserted; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import statistics
import string
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import mazegraph as mg
from mazegraph import numberlink as nl


def timed(fn) -> tuple[float, object]:
    """CPU seconds of ``fn()`` (this process: the SAT solver runs in it), and its result."""
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def spread(times: list[float]) -> str:
    return f"{statistics.median(times):8.3f} {max(times):8.3f}"


def rules_label(self_touch: bool | None) -> str:
    return "   (self_touch=True)" if self_touch else ""


GO_14 = (0.032, 0.073)  # thomasahle/numberlink on the 49 published 14 x 14 boards, as quoted by issue 19
FLOW_SYMBOLS = string.ascii_uppercase + string.ascii_lowercase + string.digits
_HEADER = re.compile(r"^\s*(\d+)\s+(\d+)\s*$")


def read_boards(folder: Path, largest: int) -> list[tuple[str, str]]:
    """``(name, board text)`` for every board in ``folder`` of sides 5 to ``largest``.

    A file holds one Flow Free board, or ``W H`` header blocks.
    """

    def fits(h: int, w: int) -> bool:
        return 5 <= min(h, w) and max(h, w) <= largest

    out = []
    for path in sorted(folder.iterdir()):
        if not path.is_file():
            continue
        lines = [line.rstrip() for line in path.read_text().splitlines() if not line.startswith("#")]
        if lines and not _HEADER.match(lines[0]) and all(_HEADER.match(x) is None for x in lines):
            rows = [x for x in lines if x]
            if fits(len(rows), len(rows[0])):
                out.append((path.stem, "\n".join(rows)))
            continue
        i, count = 0, 0
        while i < len(lines):
            m = _HEADER.match(lines[i])
            if not m:
                i += 1
                continue
            w, h = int(m.group(1)), int(m.group(2))
            rows = lines[i + 1 : i + 1 + h]
            i += 1 + h
            if fits(h, w) and len(rows) == h and all(len(r) == w for r in rows):
                count += 1
                out.append((f"{path.stem}_{count:03d}", "\n".join(rows)))
    kept = []
    for name, text in out:
        symbols = {}  # collections with more numbers than letters use punctuation: give each its own symbol
        for ch in text:
            if ch not in ".\n" and ch not in symbols:
                symbols[ch] = FLOW_SYMBOLS[len(symbols)] if len(symbols) < len(FLOW_SYMBOLS) else ch
        text = "".join(symbols.get(ch, ch) for ch in text)
        try:
            nl.parse(text, format="flow")
        except mg.MazeError as error:
            print(f"skipped {name}: {error}")
            continue
        kept.append((name, text))
    return kept


#: The two rule sets timed, in this order (the loose proofs are the slow ones, so a board stopped at the cap
#: keeps its strict figures): "strict" forbids a path to run beside itself, the rule the published boards
#: are unique under and the Go solver's; "loose" allows it (the default rules of a board read from a file).
RULES = {"strict": False, "loose": True}
PHASES = [(rules, call) for rules in RULES for call in ("solve", "count")]


def child(board_file: str, fill: bool) -> None:
    """Time solve and count_solutions(limit=2) under each rule set on each board of a JSON list; a JSON line each."""
    from mazegraph import numberlink as lib

    lib.count_solutions(lib.parse("A.A\nB.B", format="flow"))  # lazy imports (SAT, scipy) before the first timing
    for name, text in json.loads(Path(board_file).read_text()):
        P = lib.parse(text, format="flow")
        for rules, call in PHASES:
            self_touch = RULES[rules]
            start = time.process_time()
            if call == "solve":
                out = lib.solve(P, fill=fill, self_touch=self_touch) is not None
            else:
                out = lib.count_solutions(P, limit=2, fill=fill, self_touch=self_touch)
            row = {"name": name, "phase": f"{rules} {call}", "t": time.process_time() - start, "out": out}
            print(json.dumps(row), flush=True)


def pump(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line)


def time_boards(boards: list[tuple[str, str]], pythonpath: str, cap: float, fill: bool) -> dict:
    """``{name: {"strict solve": (s, solved), "strict count": (s, count), ...}}`` from child processes.

    The code is the one at ``pythonpath``. A call that runs past ``cap``
    seconds (wall) is recorded as ``(cap, None)``, like the calls after it on
    that board, and a new child goes on with the next board.
    """
    results: dict = {}
    todo = list(boards)
    env = dict(os.environ, PYTHONPATH=pythonpath)
    while todo:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(todo, f)
        proc = subprocess.Popen(
            [sys.executable, __file__, "--child", f.name, *([] if fill else ["--no-fill"])],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=pump, args=(proc.stdout, lines), daemon=True).start()
        done, started = 0, False
        while done < len(todo):
            name = todo[done][0]
            try:  # the first line of a child also waits for its imports
                row = json.loads(lines.get(timeout=cap if started else cap + 60))
                started = True
            except queue.Empty:
                proc.kill()
                got = results.setdefault(name, {})
                for rules, call in PHASES:
                    got.setdefault(f"{rules} {call}", (cap, None))
                done += 1
                break
            results.setdefault(name, {})[row["phase"]] = (row["t"], row["out"])
            if len(results[name]) == len(PHASES):
                done += 1
        else:
            proc.wait()
        os.unlink(f.name)
        todo = todo[done:]
    return results


def size_of(text: str) -> str:
    rows = text.splitlines()
    return f"{len(rows)}x{len(rows[0])}"


def solver_table(boards, before: str | None, cap: float, fill: bool = True) -> None:
    here = str(Path(__file__).resolve().parents[1])
    from concurrent.futures import ThreadPoolExecutor

    paths = {"after": here, **({"before": before} if before else {})}
    with ThreadPoolExecutor(len(paths)) as pool:  # both children at once: CPU times, each its own process
        futures = {label: pool.submit(time_boards, boards, path, cap, fill) for label, path in paths.items()}
        runs = {label: f.result() for label, f in futures.items()}
    sizes: dict[str, list[str]] = {}
    for name, text in boards:
        sizes.setdefault(size_of(text), []).append(name)
    for rules, self_touch in RULES.items():
        print(f"\n{rules} rules (self_touch={self_touch}), {'fill' if fill else 'no fill'}: median and worst, s CPU")
        head = f"{'size':>7s} {'boards':>6s}"
        for label in runs:
            head += f" | {label + ' solve':>17s} {label + ' count<=2':>17s}"
        print(head + " | unique")
        for size in sorted(sizes, key=lambda s: tuple(map(int, s.split("x")))):
            names = sizes[size]
            line = f"{size:>7s} {len(names):6d}"
            for res in runs.values():
                for call in ("solve", "count"):
                    times = [res[n][f"{rules} {call}"][0] for n in names]
                    worst = max(times)
                    mark = ">" if worst >= cap else " "
                    line += f" {statistics.median(times):8.3f} {mark}{worst:7.3f}"
                line += " |"
            counts = [runs["after"][n][f"{rules} count"][1] for n in names]
            line += f" {counts.count(1):3d}/{len(names)}"
            if size == "14x14" and rules == "strict":
                line += f"  (Go, solve only: {GO_14[0]:.3f} {GO_14[1]:.3f})"
            print(line)
        slow = sorted(((r[f"{rules} count"][0], n) for n, r in runs["after"].items()), reverse=True)[:5]
        print("slowest count<=2 after: " + ", ".join(f"{n} {t:.2f} s" for t, n in slow))
    if before:
        differ = [
            n
            for n, _ in boards
            for phase in ("strict count", "loose count")
            if None not in (runs["after"][n][phase][1], runs["before"][n][phase][1])
            and runs["after"][n][phase][1] != runs["before"][n][phase][1]
        ]
        print(f"counts that differ between before and after: {differ or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--collection", help="folder of published boards (see the docstring)")
    parser.add_argument("--before", help="PYTHONPATH of the code to compare with, e.g. /work/main")
    parser.add_argument("--cap", type=float, default=30.0, help="seconds after which a call is stopped")
    parser.add_argument("--largest", type=int, default=20, help="skip boards with a longer side")
    parser.add_argument("--every", type=int, default=1, help="time every n-th board of each size but 14 x 14")
    parser.add_argument("--big", type=int, default=5, help="generated 20 x 20 boards")
    parser.add_argument("--generator", action="store_true", help="also time the generator (section 2)")
    parser.add_argument("--quick", action="store_true", help="fewer boards in section 2")
    parser.add_argument("--no-fill", action="store_true", help="time both rule sets without fill (Nikoli's rule)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, not args.no_fill)
        return
    print(f"load average {os.getloadavg()[0]:.2f}; times in s of CPU")
    boards = read_boards(Path(args.collection), args.largest) if args.collection else []
    seen: dict[str, int] = {}
    for name, text in list(boards):
        size = size_of(text)
        seen[size] = seen.get(size, -1) + 1
        if size != "14x14" and seen[size] % args.every:
            boards.remove((name, text))
    G = mg.tessellations.build("orthogonal", 20, 20)
    for seed in range(args.big):
        P = nl.generate(G, seed=seed, self_touch=True)  # the boards timed before generate's default changed
        boards.append((f"generated_20x20_{seed}", nl.to_flow(P)))
    solver_table(boards, args.before, args.cap, not args.no_fill)
    print(f"load average {os.getloadavg()[0]:.2f}")
    if args.generator:
        generator_tables(args.quick)


def generator_tables(quick: bool) -> None:
    """Section 2: generator speed and the character of generated boards, beside the published figures."""
    seeds = range(4 if quick else 12)
    sizes = [7, 10, 14, 15] + ([] if quick else [20])
    print(f"load average {os.getloadavg()[0]:.2f}; seeds {seeds.start}-{seeds.stop - 1} per size; times in s of CPU")
    print(f"\n{'size':>6s} {'generate':>17s} {'solve':>17s} {'count<=2':>17s}   (median, max)")
    made: dict[tuple, list] = {}
    # the default (self_touch=False on rectangular boards) at every size, self-touching allowed at two
    runs = [(n, None) for n in sizes] + [(n, True) for n in sizes if n in (10, 15)]
    for n, self_touch in runs:
        G = mg.tessellations.build("orthogonal", n, n)
        gen, solve, count, puzzles = [], [], [], []
        for seed in seeds if n < 20 else range(min(len(seeds), 5)):
            t, P = timed(
                lambda seed=seed, G=G, st=self_touch: nl.generate(
                    G, seed=seed, unique=True, self_touch=st, max_attempts=500
                )
            )
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
    print(
        f"{'issue':>6s} {0:6.3f} {'6-8':>9s} {'13-17':>8s} {'few':>7s}  (published collections, as issue 19 quotes "
        "them; benchmarks/numberlink_generate.py --collection measures them)"
    )
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


if __name__ == "__main__":
    main()
