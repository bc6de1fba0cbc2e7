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

__all__ = ["Probe", "job_probes", "all_probes", "compile_probes", "ensure", "is_warm"]

Probe = tuple
"""``("generate", tessellation, algorithm, focus, options_json)``, ``("metrics", tessellation)``,
``("solve", method)`` or ``("routing", operation)``."""

_LABEL = "compiling mazegraph kernels for this machine, one-off"


def job_probes(algorithms: Iterable[tuple[str, str, dict]], tessellations: Iterable[str], metrics: bool = True
               ) -> list[Probe]:
    """The probes of a job: each (algorithm, focus, options) on each tessellation, and metrics per tessellation.

    Parameters
    ----------
    algorithms : iterable of (name, focus, options)
    tessellations : iterable of str
        Registry names; probes use each one's small example size (kernels are
        compiled per array type, not per size).
    metrics : bool
        Also compile :func:`mazegraph.metrics.summary` on each tessellation.

    Examples
    --------
    >>> job_probes([("kruskal", "passage", {})], ["orthogonal"])
    [('generate', 'orthogonal', 'kruskal', 'passage', '{}'), ('metrics', 'orthogonal')]
    """
    names = list(dict.fromkeys(tessellations))
    probes: list[Probe] = []
    for name in names:
        for algorithm, focus, options in algorithms:
            probes.append(("generate", name, algorithm, focus, json.dumps(options, sort_keys=True, default=str)))
    if metrics:
        probes += [("metrics", name) for name in names]
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
    probes += [("metrics", name) for name in ("orthogonal", "theta", "grid")]
    probes += [("solve", method) for method in solvers()]
    probes += [("routing", op) for op in ("braid", "sparsify", "sparsify_radius", "remove_loops", "remove_isolations",
                                          "bottlenecks", "flood", "to_unicursal")]
    return probes


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
            generate(cells, algorithm, seed=0, focus=focus, **json.loads(options))
        elif kind == "metrics":
            cells = _example(tessellations, probe[1])
            metrics.summary(generate(cells, "kruskal", seed=0))
        elif kind == "solve":
            cells = _example(tessellations, "orthogonal")
            solve(generate(cells, "kruskal", seed=0), probe[1], seed=0)
        elif kind == "routing":
            _routing(probe[1], generate(_example(tessellations, "orthogonal"), "kruskal", seed=0))
    except (MazeError, TypeError, ValueError):
        pass
    return _numba.compile_count()[0] - before


def _example(tessellations, name: str):
    entry = tessellations.TESSELLATIONS[name]
    return tessellations.build(name, *entry.example)


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


def compile_probes(probes: Sequence[Probe], workers: int | None = None, progress: bool = True) -> int:
    """Run the probes in ``workers`` processes (default: the cores); return the kernel versions compiled.

    Kernels compile into numba's disk cache, where the job's own processes
    find them. With one worker (or one probe) everything runs in this process.
    """
    from tqdm.auto import tqdm

    workers = max(1, min(workers or os.cpu_count() or 1, len(probes)))
    bar = tqdm(total=len(probes), desc=_LABEL, unit="part", disable=not progress or not probes, leave=False,
               file=sys.stderr)
    compiled = 0
    try:
        if workers == 1:
            saved = os.environ.get("MAZEGRAPH_COMPILE_NOTICE")
            _quiet()
            try:
                for probe in probes:
                    compiled += run_probe(probe)
                    bar.update()
            finally:
                if saved is None:
                    del os.environ["MAZEGRAPH_COMPILE_NOTICE"]
                else:
                    os.environ["MAZEGRAPH_COMPILE_NOTICE"] = saved
        else:
            with ProcessPoolExecutor(workers, initializer=_quiet) as pool:
                for future in as_completed([pool.submit(run_probe, p) for p in probes]):
                    compiled += future.result()
                    bar.update()
    finally:
        bar.close()
    return compiled


def _marker(probes: Sequence[Probe]) -> Path:
    """The file that says these probes were compiled for this source, numba and Python."""
    package = Path(__file__).parent
    stamp = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        info = path.stat()
        stamp.update(f"{path.relative_to(package)}:{info.st_size}:{info.st_mtime_ns};".encode())
    stamp.update(f"{numba.__version__};{platform.python_version()};{platform.machine()};".encode())
    stamp.update(json.dumps(sorted(map(list, probes))).encode())
    folder = Path(numba.config.CACHE_DIR) if numba.config.CACHE_DIR else package / "__pycache__"
    return folder / f"mazegraph-warm-{stamp.hexdigest()[:24]}"


def is_warm(probes: Sequence[Probe]) -> bool:
    """True if these probes were compiled before for the current source, numba and Python."""
    return _marker(probes).exists()


def ensure(probes: Sequence[Probe], workers: int | None = None, progress: bool = True) -> float:
    """Compile what ``probes`` need unless that was done before; return the seconds spent.

    Examples
    --------
    >>> ensure(job_probes([("kruskal", "passage", {})], ["orthogonal"]), workers=1, progress=False) >= 0
    True
    """
    if not probes or is_warm(probes):
        return 0.0
    started = time.perf_counter()
    compile_probes(probes, workers, progress)
    marker = _marker(probes)
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(json.dumps({"probes": [list(p) for p in probes], "numba": numba.__version__}))
    except OSError:  # a read-only install: numba compiles in memory then, and so will every later run
        pass
    return time.perf_counter() - started
