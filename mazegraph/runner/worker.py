"""What runs in a worker: build a tessellation once, make and measure a chunk of mazes.

Also :func:`regenerate`, which rebuilds any row's maze from the fields the row
carries, with exactly the code path a worker used.
"""

from __future__ import annotations

import json
import math
import os
import signal
import threading
import time
from collections import OrderedDict

import numpy as np

from ..cellgraph import CellGraph
from ..maze import Maze
from ..tessellations.registry import parse_size
from .config import load_plugins
from .plan import ID_COLUMNS, TAIL_COLUMNS, Chunk, format_size

__all__ = ["run_chunk", "regenerate", "task_seed", "build_cells", "keep_cells", "init_process_worker"]

_CACHE_ENTRIES = 2  # tessellations kept per process (a worker usually meets one size at a time)
_cache: OrderedDict = OrderedDict()
_cache_lock = threading.Lock()


def task_seed(root_seed: int, spawn_key: int) -> np.random.SeedSequence:
    """The seed of the maze with this root seed and spawn key.

    Examples
    --------
    >>> from mazegraph.runner import task_seed
    >>> task_seed(1, 42).spawn_key
    (42,)
    """
    return np.random.SeedSequence(int(root_seed), spawn_key=(int(spawn_key),))


def build_cells(name: str, size: tuple, options_json: str) -> CellGraph:
    """Build (or take from this process's small cache) a tessellation's arrays."""
    from ..tessellations import TESSELLATIONS, build

    cache_key = (name, tuple(size), options_json)
    with _cache_lock:
        cells = _cache.get(cache_key)
        if cells is not None:
            _cache.move_to_end(cache_key)
            return cells
        cells = build(name, *TESSELLATIONS[name].arguments(size), **json.loads(options_json))
        _cache[cache_key] = cells
        while len(_cache) > _CACHE_ENTRIES:
            _cache.popitem(last=False)
        return cells


def keep_cells(name: str, size: tuple, options_json: str, cells: CellGraph) -> None:
    """Put a tessellation built elsewhere (the driver's plan) in this process's cache.

    Workers forked afterwards find it there, with whatever it has memoised
    (e.g. its wall dual), instead of building it again.
    """
    with _cache_lock:
        _cache[(name, tuple(size), options_json)] = cells
        _cache.move_to_end((name, tuple(size), options_json))
        while len(_cache) > _CACHE_ENTRIES:
            _cache.popitem(last=False)


def _message(error: BaseException) -> str:
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


# summary keys that are also scalar functions of a maze: asked for alone, they are computed alone
_SCALAR = ("dead_end_pct", "junction_pct", "crossroad_pct", "solution_length", "solution_pct", "tortuosity")


def _direct_metrics(names):
    """A measuring function computing only ``names``, when each is a scalar metric function; else None."""
    if not set(names) <= set(_SCALAR):
        return None
    from .. import metrics

    functions = [(name, getattr(metrics, name)) for name in names]
    return lambda maze: {name: f(maze) for name, f in functions}


def run_chunk(chunk: Chunk):
    """Make and measure every maze of a chunk; return its rows as a ``pyarrow.Table``.

    A task that raises is recorded with its message in the ``error`` column
    (metrics NaN) and the chunk goes on. ``time_ns`` is measured around the
    :func:`mazegraph.generate` call only.
    """
    import pyarrow as pa

    from ..generators import generate

    load_plugins(chunk.plugins)
    summary = None
    if chunk.metrics:
        from .plan import metric_function

        summary = _direct_metrics(chunk.metrics) or metric_function("worker: ")
    n = len(chunk.tasks)
    values = np.full((len(chunk.metrics), n), np.nan)
    times = np.zeros(n, dtype=np.int64)
    errors: list[str | None] = [None] * n
    try:
        cells = build_cells(chunk.tessellation, chunk.size, chunk.tessellation_options)
        n_cells = cells.n_cells
    except Exception as error:  # noqa: BLE001 - recorded in every row of the chunk
        cells, n_cells, build_error = None, -1, "building the tessellation: " + _message(error)
    options_cache: dict[str, dict] = {}
    clock = time.perf_counter_ns
    for k, (algorithm, options_json, focus, _replicate, key) in enumerate(chunk.tasks):
        if cells is None:
            errors[k] = build_error
            continue
        options = options_cache.get(options_json)
        if options is None:
            options = options_cache[options_json] = json.loads(options_json)
        rng = np.random.default_rng(task_seed(chunk.root_seed, key))
        started = clock()
        try:
            maze = generate(cells, algorithm, seed=rng, focus=focus, **options)
        except Exception as error:  # noqa: BLE001
            times[k] = clock() - started
            errors[k] = _message(error)
            continue
        times[k] = clock() - started
        if summary is None:
            continue
        try:
            measured = summary(maze)
            for m, name in enumerate(chunk.metrics):
                value = measured.get(name)
                values[m, k] = math.nan if value is None else float(value)
        except Exception as error:  # noqa: BLE001
            values[:, k] = np.nan
            errors[k] = "metrics: " + _message(error)

    tasks = chunk.tasks
    columns = {
        "algorithm": pa.array([t[0] for t in tasks], pa.string()),
        "options": pa.array([t[1] for t in tasks], pa.string()),
        "focus": pa.array([t[2] for t in tasks], pa.string()),
        "tessellation": pa.array([chunk.tessellation] * n, pa.string()),
        "tessellation_options": pa.array([chunk.tessellation_options] * n, pa.string()),
        "size": pa.array([format_size(chunk.size)] * n, pa.string()),
        "n_cells": pa.array(np.full(n, n_cells, dtype=np.int64)),
        "replicate": pa.array(np.array([t[3] for t in tasks], dtype=np.int64)),
        "root_seed": pa.array(np.full(n, chunk.root_seed, dtype=np.int64)),
        "spawn_key": pa.array(np.array([t[4] for t in tasks], dtype=np.int64)),
    }
    for m, name in enumerate(chunk.metrics):
        columns[name] = pa.array(values[m], pa.float64())
    columns["time_ns"] = pa.array(times)
    columns["error"] = pa.array(errors, pa.string())
    assert tuple(columns) == ID_COLUMNS + tuple(chunk.metrics) + TAIL_COLUMNS
    return pa.table(columns)


def regenerate(row) -> Maze:
    """Rebuild the maze of one result row.

    Parameters
    ----------
    row : pandas.Series, dict or namedtuple
        A row of the DataFrame :func:`mazegraph.experiment` returns (it needs
        ``algorithm``, ``options``, ``focus``, ``tessellation``,
        ``tessellation_options``, ``size``, ``root_seed`` and ``spawn_key``).

    Returns
    -------
    Maze
        The same maze the experiment measured; its ``meta`` records the root
        seed and spawn key.

    Raises
    ------
    MazeFormatError
        If the row lacks a field.
    UnknownAlgorithmError
        If the algorithm is not registered (e.g. a plugin is not imported).

    Examples
    --------
    >>> import mazegraph as mg
    >>> row = {"algorithm": "wilson", "options": "{}", "focus": "passage", "tessellation": "orthogonal",
    ...        "tessellation_options": "{}", "size": "4x5", "root_seed": 7, "spawn_key": 123}
    >>> M = mg.regenerate(row)
    >>> M.is_perfect(), M == mg.regenerate(row)
    (True, True)
    """
    from ..errors import MazeFormatError
    from ..generators import generate

    def field(name, default=None):
        try:
            value = row[name]
        except (KeyError, IndexError, TypeError):
            value = getattr(row, name, default)
        if value is None:
            raise MazeFormatError(f"the row lacks the field {name!r}")
        return value

    cells = build_cells(field("tessellation"), parse_size(str(field("size"))), str(field("tessellation_options", "{}")))
    root, key = int(field("root_seed")), int(field("spawn_key"))
    maze = generate(
        cells,
        str(field("algorithm")),
        seed=np.random.default_rng(task_seed(root, key)),
        focus=str(field("focus", "passage")),
        **json.loads(str(field("options", "{}"))),
    )
    maze.meta.update(root_seed=root, spawn_key=key)
    return maze


def init_process_worker() -> None:
    """Set up a process-pool worker: leave Ctrl-C to the driver; exit if the driver dies.

    The worker also moves every object it starts with out of the garbage
    collector's reach (``gc.freeze``): forked from the driver, it would otherwise
    walk the driver's whole heap (the plan, a notebook's data) on each full
    collection, costing CPU and copying every page it touches.
    """
    import gc

    gc.freeze()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch():
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:  # reparented: the driver (or fork server) is gone
                os._exit(1)

    threading.Thread(target=watch, name="mazegraph-parent-watch", daemon=True).start()
