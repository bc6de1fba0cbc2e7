"""What a newcomer waits for: cold and warm wall time of the main job and of a first script (issue 18).

Two jobs, each run in a fresh interpreter as a user would run it:

- the main job, ``mazegraph reproduce pullen`` (default seeds, ``--seeds N`` to change), run as
  ``python -m mazegraph reproduce pullen --out TMP`` so that no file of the checkout is written;
- a first script: the README's first lines, ``mg.generate`` on ``sigma(12, 12)`` and
  ``mg.metrics.summary`` (its import, generate and summary phases are timed inside it too).

"Cold" is a fresh install: the package is copied (without ``__pycache__``) into a new temporary
folder and byte-compiled there, as ``pip install`` does, and numba gets an empty ``NUMBA_CACHE_DIR``.
numba's first cache locator is ``NUMBA_CACHE_DIR`` when it is set; were it ignored, the next one
(``__pycache__`` beside the module, when writable) would be the copy's, also empty, so no kernel
compiled earlier can be found. ``XDG_CACHE_HOME`` points to an empty folder as well (a user-wide cache starts
empty). The script checks that the subprocesses import mazegraph from the copy, and reports how many
numba index files the cold run wrote into the fresh cache folder (it warns if none: nothing compiled)
and beside the copied sources. "Warm" runs the same copy again with the cache the cold run
filled (and, for the main job, a new output folder: the same one would only resume).

Times are wall clock around the whole process (interpreter start to exit), with the CPU time of the
process and all its children (pool workers included) beside them.

``--save FILE`` writes the figures as JSON; ``--previous FILE`` prints a saved run beside this one,
so later runs show before and after.

``--kernels N`` says where the main job's compile CPU goes instead: in a fresh interpreter with an empty
numba cache, the job's warmup probes run one after another (no pool) and every compilation numba reports
is timed in CPU seconds; it prints the CPU of each warmup task and the ``N`` costliest kernels, each with its
own time (without the kernels it compiled inside it) and its number of versions. Serial CPU, so it does not
depend on the cores or on other programs' load (much).

Run: ``python benchmarks/first_run.py [--seeds N] [--repeats K] [--jobs main script]
[--save FILE] [--previous FILE]`` (about three minutes with the default seeds on 2 cores).
"""

from __future__ import annotations

import argparse
import compileall
import datetime
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import mazegraph

FIRST_SCRIPT = """\
import json, time
t0 = time.perf_counter()
import mazegraph as mg
t1 = time.perf_counter()
G = mg.tessellations.sigma(12, 12)
M = mg.generate(G, "wilson", seed=7)
t2 = time.perf_counter()
row = mg.metrics.summary(M)
t3 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "generate": t2 - t1, "summary": t3 - t2, "keys": len(row)}))
"""

JOBS = ("main", "script")

KERNEL_SCRIPT = """\
import collections, json, time
from numba.core import event
stack, own, versions = [], collections.defaultdict(float), collections.Counter()
class Timer(event.Listener):
    def on_start(self, ev):
        stack.append([time.process_time(), 0.0])
    def on_end(self, ev):
        started, inner = stack.pop()
        spent = time.process_time() - started
        if stack:
            stack[-1][1] += spent
        f = getattr(ev.data.get("dispatcher"), "py_func", None)
        name = f"{getattr(f, '__module__', '?')}.{getattr(f, '__qualname__', '?')}"
        own[name] += spent - inner
        versions[name] += 1
event.register("numba:compile", Timer())
t0 = time.process_time()
from mazegraph import warmup
from mazegraph.reproduce import pullen
cfg = pullen.config(1)
probes = warmup.job_probes([(a["name"], a["focus"], a["options"]) for a in cfg["algorithms"]],
                           [t["name"] for t in cfg["tessellations"]], metrics=cfg["metrics"])
warmup.prepare_numba()
t1 = time.process_time()
tasks = []
for task in warmup.tasks(probes):
    t = time.process_time()
    warmup.run_task(task)
    tasks.append([", ".join(sorted({p[2] if p[0] == "generate" else p[0] for p in task})), time.process_time() - t])
print(json.dumps({"setup": t1 - t0, "probes": time.process_time() - t1, "tasks": tasks,
                  "kernels": {k: [own[k], versions[k]] for k in own}}))
"""


def fresh_install(root: Path) -> dict:
    """A copy of the mazegraph package under ``root`` (byte-compiled) and an empty numba cache folder.

    Returns the environment a subprocess needs to use them.
    """
    source = Path(mazegraph.__file__).resolve().parent
    site = root / "site"
    shutil.copytree(source, site / "mazegraph", ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    compileall.compile_dir(site, quiet=1)
    cache, user_cache = root / "numba-cache", root / "user-cache"
    cache.mkdir()
    user_cache.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    # XDG_CACHE_HOME: a user-wide cache (numba's next locator, or one mazegraph may add) starts empty too
    env.update(PYTHONPATH=str(site), NUMBA_CACHE_DIR=str(cache), XDG_CACHE_HOME=str(user_cache))
    return env


def numba_files(folder: str | Path) -> int:
    """Number of numba cache index files (``*.nbi``) under a folder."""
    return sum(1 for _ in Path(folder).rglob("*.nbi"))


def timed(command: list[str], env: dict, cwd: Path) -> dict:
    """Wall and CPU seconds (process and descendants) of one subprocess; raises with its output if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(
            f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        )
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall": wall, "cpu": cpu, "stdout": done.stdout}


def run_job(job: str, seeds: int | None) -> dict:
    """One cold and one warm run of a job in a fresh install; checks that the cold run was cold."""
    with tempfile.TemporaryDirectory(prefix=f"mazegraph-first-{job}-") as tmp:
        root = Path(tmp)
        env = fresh_install(root)
        runs = {}
        for kind in ("cold", "warm"):
            if job == "main":
                command = [sys.executable, "-m", "mazegraph", "reproduce", "pullen", "--out", str(root / f"out-{kind}")]
                command += ["--seeds", str(seeds)] if seeds else []
            else:
                command = [sys.executable, "-c", FIRST_SCRIPT]
            cached = numba_files(env["NUMBA_CACHE_DIR"])
            result = timed(command, env, cwd=root)
            result["cache_files_written"] = numba_files(env["NUMBA_CACHE_DIR"]) - cached
            if job == "script":
                result["phases"] = json.loads(result["stdout"].strip().splitlines()[-1])
            del result["stdout"]
            runs[kind] = result
        beside = numba_files(root / "site")
        imported = subprocess.run(
            [sys.executable, "-c", "import mazegraph; print(mazegraph.__file__)"],
            env=env,
            cwd=root,
            capture_output=True,
            text=True,
        ).stdout.strip()
        if not imported.startswith(str(root / "site")):
            raise RuntimeError(f"the subprocess imported mazegraph from {imported}, not from the fresh copy")
        runs["cold"]["beside_sources"] = beside
        if runs["cold"]["cache_files_written"] == 0:
            print(
                f"  WARNING: {job}: the cold run wrote no numba index file into the fresh NUMBA_CACHE_DIR "
                f"({beside} beside the copied sources): did it compile anything? Check how kernels are cached now."
            )
        return runs


def kernel_costs(top: int) -> None:
    """Print where the main job's compile CPU goes (``--kernels``): per warmup task and per kernel."""
    with tempfile.TemporaryDirectory(prefix="mazegraph-first-kernels-") as tmp:
        env = fresh_install(Path(tmp))
        env["MAZEGRAPH_COMPILE_NOTICE"] = "0"
        done = subprocess.run([sys.executable, "-c", KERNEL_SCRIPT], env=env, cwd=tmp, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the kernel timing failed:\n{done.stderr[-2000:]}")
    costs = json.loads(done.stdout.strip().splitlines()[-1])
    kernels = costs["kernels"]
    print(
        f"main job's warmup probes, one process, empty numba cache: {costs['probes']:.1f} s CPU "
        f"(import and numba setup {costs['setup']:.1f} s before); {load()}"
    )
    print("  per task (what one pool process runs):")
    for name, spent in sorted(costs["tasks"], key=lambda t: -t[1]):
        print(f"    {spent:6.2f} s  {name}")
    print(f"  the {top} costliest compilations (own CPU, without what they compiled inside; versions):")
    for name, (spent, count) in sorted(kernels.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"    {spent:6.2f} s  x{count}  {name}")
    numba_own = sum(v[0] for k, v in kernels.items() if not k.startswith("mazegraph"))
    print(
        f"  all compilations {sum(v[0] for v in kernels.values()):.1f} s, of which numba's own overloads "
        f"(np.empty, np.full, ...) {numba_own:.1f} s"
    )


def median(values: list[float]) -> float:
    return statistics.median(values)


def measure(jobs: list[str], seeds: int | None, repeats: int) -> dict:
    results = {}
    for job in jobs:
        runs = [run_job(job, seeds) for _ in range(repeats)]
        entry = {}
        for kind in ("cold", "warm"):
            entry[kind] = [r[kind]["wall"] for r in runs]
            entry[f"{kind}_cpu"] = [r[kind]["cpu"] for r in runs]
            entry[f"{kind}_cache_files_written"] = [r[kind]["cache_files_written"] for r in runs]
            if job == "script":
                entry[f"{kind}_phases"] = {
                    k: median([r[kind]["phases"][k] for r in runs]) for k in ("import", "generate", "summary")
                }
        entry["cold_beside_sources"] = [r["cold"]["beside_sources"] for r in runs]
        results[job] = entry
        print(
            f"  {job}: cold {', '.join(f'{v:.1f}' for v in entry['cold'])} s, "
            f"warm {', '.join(f'{v:.1f}' for v in entry['warm'])} s",
            flush=True,
        )
    return results


def label(job: str, seeds: int | None) -> str:
    if job == "main":
        return f"mazegraph reproduce pullen ({seeds or 'default'} seeds)"
    return "first script: sigma 12x12, generate + summary"


def report(record: dict, previous: dict | None) -> None:
    seeds = record["seeds"]
    head = f"{'job':46s} {'cold s':>8s} {'(CPU s)':>8s} {'warm s':>8s} {'(CPU s)':>8s}"
    if previous:
        head += f" | {'prev cold':>9s} {'prev warm':>9s} {'cold now/prev':>13s} {'warm now/prev':>13s}"
    print(head)
    print("-" * len(head))
    for job, entry in record["results"].items():
        line = (
            f"{label(job, seeds):46s} {median(entry['cold']):8.1f} {median(entry['cold_cpu']):8.1f} "
            f"{median(entry['warm']):8.1f} {median(entry['warm_cpu']):8.1f}"
        )
        old = (previous or {}).get("results", {}).get(job)
        if previous and old:
            line += (
                f" | {median(old['cold']):9.1f} {median(old['warm']):9.1f} "
                f"{median(entry['cold']) / median(old['cold']):13.2f} "
                f"{median(entry['warm']) / median(old['warm']):13.2f}"
            )
            if job == "main" and previous.get("seeds") != seeds:
                line += f"  (previous: {previous.get('seeds') or 'default'} seeds)"
        elif previous:
            line += " | (not in the previous run)"
        print(line)
    script = record["results"].get("script")
    if script:
        for kind in ("cold", "warm"):
            p = script[f"{kind}_phases"]
            print(
                f"  first script, {kind}, inside the process: import {p['import']:.2f} s, "
                f"generate {p['generate']:.2f} s, summary {p['summary']:.2f} s"
            )

    def files(entry, key):
        return "/".join(map(str, entry[key]))

    print(
        "  numba index files written into the fresh NUMBA_CACHE_DIR, cold; warm (beside the copied sources): "
        + "; ".join(
            f"{job} {files(e, 'cold_cache_files_written')}; {files(e, 'warm_cache_files_written')} "
            f"({files(e, 'cold_beside_sources')})"
            for job, e in record["results"].items()
        )
    )
    runs = f"median of {record['repeats']} runs" if record["repeats"] > 1 else "one run each"
    print(f"  wall clock of the whole process, {runs}; CPU = the process and its children (pool workers)")
    if previous:
        print(
            f"  previous: {previous.get('when', '?')}, mazegraph {previous.get('mazegraph', '?')}, "
            f"{previous.get('load_before', '?')}"
        )


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min), {five:.2f} (5 min)"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, help="passed to mazegraph reproduce pullen (default: its default)")
    parser.add_argument("--repeats", type=int, default=1, help="cold + warm pairs per job (median shown)")
    parser.add_argument("--jobs", nargs="+", choices=JOBS, default=list(JOBS))
    parser.add_argument("--save", type=Path, help="write this run's figures as JSON here")
    parser.add_argument("--previous", type=Path, help="a JSON written by --save, shown beside this run")
    parser.add_argument(
        "--kernels",
        type=int,
        metavar="N",
        help="instead: the main job's compile CPU per warmup task and its N costliest kernels",
    )
    args = parser.parse_args(argv)
    if args.kernels:
        kernel_costs(args.kernels)
        return
    previous = json.loads(args.previous.read_text()) if args.previous else None

    print(
        f"mazegraph {mazegraph.__version__} from {Path(mazegraph.__file__).resolve().parent} (copied fresh for "
        f"each job); Python {sys.version.split()[0]}; {os.cpu_count()} cores; {load()}"
    )
    before = load()
    results = measure(args.jobs, args.seeds, args.repeats)
    record = {
        "when": datetime.datetime.now().isoformat(timespec="seconds"),
        "mazegraph": mazegraph.__version__,
        "python": sys.version.split()[0],
        "cores": os.cpu_count(),
        "seeds": args.seeds,
        "repeats": args.repeats,
        "load_before": before,
        "load_after": load(),
        "results": results,
    }
    print()
    report(record, previous)
    print(f"  {record['load_before']} before, {record['load_after']} after")
    if args.save:
        args.save.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        print(f"  saved to {args.save}")


if __name__ == "__main__":
    main()
