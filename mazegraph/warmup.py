"""Compile the kernels a job needs before it starts, once, split across the cores.

numba compiles a kernel the first time it is called and keeps the machine code in
its disk cache, so only a fresh install pays. Left to itself, a process pool pays
it in every worker at once (each compiles the same kernels) and says nothing
while it does. :func:`ensure` runs small *probes* instead (a tiny maze of each
algorithm a job uses, its metrics, ...) in a few processes, each probe compiling
a different part, with a progress bar; the job's workers then load every kernel
from the cache. A marker file remembers that a set of probes has been compiled
for this exact source, numba and Python, so a warm start costs a few
``os.stat`` calls.

``mazegraph warmup`` compiles everything ahead of time (:func:`all_probes`).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import numba

from . import _numba

__all__ = ["Probe", "job_probes", "all_probes", "tasks", "compile_probes", "ensure", "is_warm", "load_here"]

Probe = tuple
"""``("generate", tessellation, algorithm, focus, options_json)``, ``("metrics", tessellation)`` (every metric
of :func:`mazegraph.metrics.summary`), ``("metrics", tessellation, names_json)`` (only those metrics, as a job's
workers compute them), ``("solve", method)``, ``("routing", operation)`` or ``("int seed",)`` (the kernels that
turn an int seed into a random stream).

Probes seed their mazes with a ``numpy.random.Generator``, as a job's workers do: an int seed takes another
path (``mazegraph._random.KernelSeed``, its own kernels), which a job never takes, so compiling it there
would be wasted; ``("int seed",)`` compiles that path for :func:`all_probes`."""

_LABEL = "compiling mazegraph kernels for this machine, one-off"


def job_probes(
    algorithms: Iterable[tuple[str, str, dict]], tessellations: Iterable[str], metrics: bool | Sequence[str] = True
) -> list[Probe]:
    """The probes of a job: each (algorithm, focus, options) on each tessellation, and metrics per tessellation.

    Parameters
    ----------
    algorithms : iterable of (name, focus, options)
    tessellations : iterable of str
        Registry names; probes use each one's small example size (kernels are
        compiled per array type, not per size).
    metrics : bool or sequence of str
        True: also compile every metric of :func:`mazegraph.metrics.summary` on
        each tessellation; a list of metric names: only those (what a job's
        workers compute, so kernels of other metrics are not compiled); False
        or an empty list: no metrics.

    Examples
    --------
    >>> job_probes([("kruskal", "passage", {})], ["orthogonal"])
    [('generate', 'orthogonal', 'kruskal', 'passage', '{}'), ('metrics', 'orthogonal')]
    >>> job_probes([("kruskal", "passage", {})], ["orthogonal"], metrics=["dead_end_pct"])[1]
    ('metrics', 'orthogonal', '["dead_end_pct"]')
    """
    names = list(dict.fromkeys(tessellations))
    probes: list[Probe] = []
    for name in names:
        for algorithm, focus, options in algorithms:
            probes.append(("generate", name, algorithm, focus, json.dumps(options, sort_keys=True, default=str)))
    if metrics is True:
        probes += [("metrics", name) for name in names]
    elif metrics:
        probes += [("metrics", name, json.dumps(list(metrics))) for name in names]
    return list(dict.fromkeys(probes))


def all_probes() -> list[Probe]:
    """Every kernel path of the package: each algorithm where its variants differ, metrics, solvers, operations."""
    from .generators import algorithms
    from .solvers import solvers

    probes: list[Probe] = []
    for algorithm in algorithms():
        for tessellation in ("orthogonal", "sigma", "weave"):
            probes.append(("generate", tessellation, algorithm, "passage", "{}"))
    probes += [("generate", "orthogonal", "unicursal", "passage", json.dumps({"method": "backbite"}))]
    probes += [("generate", "grid", "division", "passage", "{}")]  # boxes of other dimensions: the general kernel
    probes += [("metrics", name) for name in ("orthogonal", "theta", "grid")]
    probes += [("solve", method) for method in solvers()]
    probes += [
        ("routing", op)
        for op in (
            "braid",
            "sparsify",
            "sparsify_radius",
            "remove_loops",
            "remove_isolations",
            "bottlenecks",
            "flood",
            "to_unicursal",
        )
    ]
    probes += [("int seed",)]
    return probes


def _seed():
    """The seed of a probe's maze: a Generator, as the runner's workers give (see :data:`Probe`)."""
    import numpy as np

    return np.random.default_rng(0)


def run_probe(probe: Probe) -> int:
    """Run one probe (a tiny instance of the work); return the kernel versions it compiled.

    A probe that cannot run (an algorithm a tessellation refuses) compiles
    nothing and is not an error: warming up never stops a job.
    """
    from . import generate, metrics, solve, tessellations
    from .errors import MazeError

    before = _numba.compile_count()[0]
    kind = probe[0]
    try:
        if kind == "generate":
            _, name, algorithm, focus, options = probe
            cells = _example(tessellations, name)
            generate(cells, algorithm, seed=_seed(), focus=focus, **json.loads(options))
        elif kind == "metrics":
            cells = _example(tessellations, probe[1])
            maze = generate(cells, "kruskal", seed=_seed())
            if len(probe) > 2:  # only these metrics, computed as the job's workers compute them
                from .runner.worker import _direct_metrics

                names = json.loads(probe[2])
                (_direct_metrics(names) or metrics.summary)(maze)
            else:
                metrics.summary(maze)
        elif kind == "solve":
            cells = _example(tessellations, "orthogonal")
            solve(generate(cells, "kruskal", seed=_seed()), probe[1], seed=0)
        elif kind == "routing":
            _routing(probe[1], generate(_example(tessellations, "orthogonal"), "kruskal", seed=_seed()))
        elif kind == "int seed":
            generate(_example(tessellations, "orthogonal"), "kruskal", seed=0)
    except (MazeError, TypeError, ValueError):
        pass
    except Exception:  # noqa: BLE001, S110 - any other failure too: the job itself reports what goes wrong
        pass
    return _numba.compile_count()[0] - before


def _example(tessellations, name: str):
    entry = tessellations.TESSELLATIONS[name]
    return tessellations.build(name, *entry.arguments(entry.example))


def _routing(operation: str, maze) -> None:
    from . import routing

    if operation == "sparsify_radius":
        routing.sparsify(maze, radius=1, seed=0)
    elif operation in ("sparsify",):
        routing.sparsify(maze, 1, seed=0)
    elif operation in ("braid", "remove_loops", "remove_isolations"):
        getattr(routing, operation)(maze, seed=0)
    else:
        getattr(routing, operation)(maze)


def _quiet() -> None:
    os.environ["MAZEGRAPH_COMPILE_NOTICE"] = "0"  # the bar says it


def tasks(probes: Sequence[Probe]) -> list[tuple[Probe, ...]]:
    """The probes grouped into tasks for the compiling processes: one task per generator module, others alone.

    An algorithm's probes (its focuses, options and tessellations) call the
    same kernels, and so may the algorithms of one module (growing tree and
    growing forest share ``_grow``, 2.4 s CPU to compile); a kernel is written
    to numba's disk cache only when its compilation ends, so two processes
    that start on the same kernel at once both compile it (measured on the
    Pullen job: hunt and kill's passage and wall probes compiled
    ``_hunt_and_kill``, 3.9 s CPU, in both processes; growing tree and growing
    forest ``_grow`` in both). Grouped, one process compiles a module and the
    others run other tasks. Tasks keep the order of their first probe.

    Examples
    --------
    >>> tasks([("generate", "orthogonal", "kruskal", "passage", "{}"), ("metrics", "orthogonal"),
    ...        ("generate", "orthogonal", "kruskal", "wall", "{}")])  # doctest: +NORMALIZE_WHITESPACE
    [(('generate', 'orthogonal', 'kruskal', 'passage', '{}'), ('generate', 'orthogonal', 'kruskal', 'wall', '{}')),
     (('metrics', 'orthogonal'),)]
    """
    groups: dict[tuple, list[Probe]] = {}
    for probe in probes:
        key = ("generate", _module(probe[2])) if probe[0] == "generate" else tuple(probe)
        groups.setdefault(key, []).append(tuple(probe))
    return [tuple(group) for group in groups.values()]


def _module(algorithm: str) -> str:
    """The module defining an algorithm's generator (the algorithm's name if it is not registered)."""
    from .generators import algorithms, lookup

    if algorithm not in algorithms():
        return algorithm
    return getattr(lookup(algorithm).function, "__module__", None) or algorithm


def run_task(task: Sequence[Probe]) -> int:
    """Run the probes of one task (see :func:`tasks`) in turn; return the kernel versions they compiled."""
    return sum(run_probe(probe) for probe in task)


def prepare_numba() -> None:
    """Set up numba's typing and target contexts in this process (about 1 s CPU, once per process).

    Done before forking the compiling processes (and the job's workers), they
    inherit the contexts instead of each building its own on its first compile.
    """
    from numba.core.registry import cpu_target

    cpu_target.typing_context.refresh()
    cpu_target.target_context.refresh()


def compile_probes(probes: Sequence[Probe], workers: int | None = None, progress: bool = True) -> int:
    """Run the probes in ``workers`` processes (default: the cores); return the kernel versions compiled.

    Kernels compile into numba's disk cache, where the job's own processes
    find them. The probes of one algorithm run in the same process
    (:func:`tasks`). With one worker (or one task) everything runs in this
    process.
    """
    from tqdm.auto import tqdm

    groups = tasks(probes)
    workers = max(1, min(workers or os.cpu_count() or 1, len(groups)))
    terminal = sys.stderr.isatty()
    if progress and probes and not terminal:  # a log, not a bar
        print(f"mazegraph: {_LABEL}: {len(probes)} parts on {workers} processes", file=sys.stderr, flush=True)
    bar = tqdm(
        total=len(probes),
        desc=_LABEL,
        unit="part",
        disable=not progress or not probes or not terminal,
        leave=False,
        file=sys.stderr,
    )
    compiled = 0
    try:
        if workers == 1:
            saved = os.environ.get("MAZEGRAPH_COMPILE_NOTICE")
            _quiet()
            try:
                for task in groups:
                    compiled += run_task(task)
                    bar.update(len(task))
            finally:
                if saved is None:
                    del os.environ["MAZEGRAPH_COMPILE_NOTICE"]
                else:
                    os.environ["MAZEGRAPH_COMPILE_NOTICE"] = saved
        else:
            prepare_numba()  # inherited by the processes forked below
            with ProcessPoolExecutor(workers, initializer=_quiet) as pool:
                futures = {pool.submit(run_task, task): len(task) for task in groups}
                for future in as_completed(futures):
                    compiled += future.result()
                    bar.update(futures[future])
    finally:
        bar.close()
    return compiled


def _stamp() -> str:
    """What compiled kernels depend on: this source, numba, Python and the machine."""
    package = Path(__file__).parent
    stamp = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        info = path.stat()
        stamp.update(f"{path.relative_to(package)}:{info.st_size}:{info.st_mtime_ns};".encode())
    stamp.update(f"{numba.__version__};{platform.python_version()};{platform.machine()};".encode())
    return stamp.hexdigest()[:24]


def _marker() -> Path:
    """The file listing the probes compiled for this source, numba and Python."""
    package = Path(__file__).parent
    folder = Path(numba.config.CACHE_DIR) if numba.config.CACHE_DIR else package / "__pycache__"
    return folder / f"mazegraph-warm-{_stamp()}.json"


def _warm(marker: Path) -> set[Probe]:
    try:
        listed = json.loads(marker.read_text(encoding="utf-8"))["probes"]
        return {tuple(p) for p in listed}
    except (OSError, ValueError, KeyError, TypeError):
        return set()


def is_warm(probes: Sequence[Probe]) -> bool:
    """True if these probes were compiled before for the current source, numba and Python."""
    return set(map(tuple, probes)) <= _warm(_marker())


def _own(probe: Probe) -> bool:
    """Whether a probe runs only mazegraph's code (not a plugin's algorithm, which may do anything)."""
    if probe[0] != "generate":
        return True
    from .generators import algorithms, lookup

    if probe[2] not in algorithms():
        return False
    module = getattr(lookup(probe[2]).function, "__module__", "") or ""
    return module == "mazegraph" or module.startswith("mazegraph.")


def ensure(probes: Sequence[Probe], workers: int | None = None, progress: bool = True) -> float:
    """Compile what ``probes`` need unless that was done before; return the seconds spent.

    Probes already compiled for this source, numba and Python (listed in a
    marker file beside numba's cache) are skipped, so a warm start costs a few
    ``os.stat`` calls and one small read. Probes of algorithms registered from
    outside mazegraph (plugins) are never run here.

    Examples
    --------
    >>> ensure(job_probes([("kruskal", "passage", {})], ["orthogonal"]), workers=1, progress=False) >= 0
    True
    """
    marker = _marker()
    warm = _warm(marker)
    todo = [p for p in dict.fromkeys(map(tuple, probes)) if p not in warm and _own(p)]
    if not todo:
        return 0.0
    started = time.perf_counter()
    compile_probes(todo, workers, progress)
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        listed = sorted(map(list, _warm(marker) | set(todo)))  # another process may have added some meanwhile
        temp = marker.with_name(f".{marker.name}.{os.getpid()}.tmp")
        temp.write_text(json.dumps({"probes": listed, "numba": numba.__version__}), encoding="utf-8")
        os.replace(temp, marker)
    except OSError:  # a read-only install: numba compiles in memory then, and so will every later run
        pass
    return time.perf_counter() - started


def load_here(probes: Sequence[Probe]) -> int:
    """Run the probes in this process, quietly, so its kernels are loaded (from the cache) before it forks.

    Processes forked afterwards (the runner's pool workers) inherit the loaded
    kernels instead of each loading them again. Probes of plugin algorithms are
    skipped. Returns the kernel versions compiled here (0 when the cache was
    warm).
    """
    saved = os.environ.get("MAZEGRAPH_COMPILE_NOTICE")
    _quiet()
    compiled = 0
    try:
        for probe in dict.fromkeys(map(tuple, probes)):
            if _own(probe):
                compiled += run_probe(probe)
    finally:
        if saved is None:
            del os.environ["MAZEGRAPH_COMPILE_NOTICE"]
        else:
            os.environ["MAZEGRAPH_COMPILE_NOTICE"] = saved
    return compiled
