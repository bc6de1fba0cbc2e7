"""From a checked config to tasks: sizes, applicability, option values, metrics, seeds, chunks.

A *task* is one maze: an algorithm entry, a tessellation entry, one of its sizes
and a replicate number. Its **key** is a 63-bit hash of its canonical
description (algorithm, options, focus, tessellation, builder options, size,
replicate), so the key -- and with the root seed the maze -- never depends on
where the task sits in the config, on worker count, order, backend or restarts.
The maze's generator is ``default_rng(SeedSequence(root_seed, spawn_key=(key,)))``.

Tasks are run in *chunks* that share one tessellation, so a worker builds the
arrays once and makes many mazes on them.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from ..errors import ConfigError, InvalidOptionError, MazeError, NotACellError, UnsupportedError
from .config import Config, canonical_json

__all__ = ["Task", "Chunk", "Plan", "make_plan", "make_chunks", "task_key", "format_size", "ID_COLUMNS"]

# the columns every row has, in order; metric columns go between spawn_key and time_ns
ID_COLUMNS = (
    "algorithm",
    "options",
    "focus",
    "tessellation",
    "tessellation_options",
    "size",
    "n_cells",
    "replicate",
    "root_seed",
    "spawn_key",
)
TAIL_COLUMNS = ("time_ns", "error")

TARGET_CELLS_PER_CHUNK = 8_000_000  # about a second of kernel time per chunk (800 mazes of 100 x 100 + 2 metrics)
MAX_TASKS_PER_CHUNK = 5_000
CHUNKS_PER_WORKER = 4  # at least this many chunks per worker when there is enough work
TAIL_PIECES = 4  # each of the last chunks (one per worker) is cut in this many


def task_key(description: dict) -> int:
    """A stable 63-bit key for a task's canonical description.

    Examples
    --------
    >>> from mazegraph.runner.plan import task_key
    >>> task_key({"algorithm": "wilson", "replicate": 0}) == task_key({"replicate": 0, "algorithm": "wilson"})
    True
    """
    digest = hashlib.blake2b(canonical_json(description).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


_SENTINEL = "\x00replicate\x00"


def replicate_keys(description: dict, count: int) -> list[int]:
    """``[task_key({**description, "replicate": r}) for r in range(count)]``, without encoding it ``count`` times.

    The canonical JSON differs between replicates only in the number after
    ``"replicate": ``, so it is written once around a placeholder.

    Examples
    --------
    >>> d = {"algorithm": "wilson", "options": {"p": 1}, "size": [4, 4]}
    >>> replicate_keys(d, 3) == [task_key({**d, "replicate": r}) for r in range(3)]
    True
    """
    text = canonical_json({**description, "replicate": _SENTINEL})
    marker = '"replicate": ' + json.dumps(_SENTINEL, ensure_ascii=False)
    if text.count(marker) != 1:  # only if an option holds the placeholder itself; never silently
        return [task_key({**description, "replicate": r}) for r in range(count)]
    before, _, after = text.partition(marker)
    head, tail = (before + '"replicate": ').encode("utf-8"), after.encode("utf-8")
    keys = []
    for r in range(count):
        digest = hashlib.blake2b(head + str(r).encode() + tail, digest_size=8).digest()
        keys.append(int.from_bytes(digest, "big") >> 1)
    return keys


def format_size(size) -> str:
    """``(100, 50)`` -> ``"100x50"`` (``""`` for tessellations without a size); read back by
    :func:`mazegraph.tessellations.parse_size`."""
    return "x".join(str(int(s)) for s in size)


class Task(NamedTuple):
    """One maze to make (a named tuple: a plan holds one per maze, so it must be cheap to make)."""

    algorithm: str
    options: str  # canonical JSON
    focus: str
    tessellation: int  # index into Plan.tessellations
    replicate: int
    key: int
    order: tuple[int, int, int, int]  # (algorithm entry, tessellation entry, size entry, replicate)


@dataclass(frozen=True)
class Chunk:
    """Tasks that share one tessellation; what a worker receives."""

    tessellation: str
    size: tuple
    tessellation_options: str  # canonical JSON
    root_seed: int
    metrics: tuple[str, ...]
    plugins: tuple[str, ...]
    tasks: tuple[tuple[str, str, str, int, int], ...]  # (algorithm, options JSON, focus, replicate, key)


@dataclass(frozen=True)
class Plan:
    """Everything a run needs: the config, the built-size table, the tasks and the metric columns."""

    config: Config
    tessellations: tuple[tuple[str, tuple, str, int], ...]  # (name, size, options JSON, n_cells)
    tasks: tuple[Task, ...]
    metrics: tuple[str, ...]
    skipped: tuple[str, ...] = field(default=())

    @property
    def columns(self) -> tuple[str, ...]:
        return ID_COLUMNS + self.metrics + TAIL_COLUMNS

    def with_metrics(self, metrics) -> Plan:
        return replace(self, metrics=tuple(metrics))


def make_plan(config: Config) -> Plan:
    """Check what needs the tessellations, and list the tasks.

    Builds every size once (to check it; the builders refuse sizes beyond
    what the machine can hold before allocating), asks
    :func:`mazegraph.applicability` whether each algorithm runs on it, checks
    each algorithm's options against their declared Params and its symmetry
    on every size, finds the metric names, and derives each task's key. So a
    config that would fail on every row of some size is refused when read.

    Raises
    ------
    ConfigError
        Naming the field (and the size): a size the builder rejects or the
        machine cannot hold, an algorithm that cannot run on a tessellation
        (unless ``skip_unsupported``), an option value the algorithm rejects
        on a size (e.g. ``until_connected`` cells it does not have), a
        symmetry a size lacks, an unknown metric.
    """
    from ..generators import applicability
    from ..tessellations import TESSELLATIONS, build
    from .worker import keep_cells

    prefix = "config: " if config.source is None else f"config {config.source}: "
    built: list[tuple[str, tuple, str, int]] = []
    where_built: dict[tuple[int, int], int] = {}
    refusals: dict[tuple[int, int, str], dict] = {}
    smallest: dict[int, tuple] = {}  # tessellation entry -> (CellGraph, size entry) of its smallest size
    for i, entry in enumerate(config.tessellations):
        spec = TESSELLATIONS[entry.name]
        for j, size in enumerate(entry.sizes):
            here = f"tessellations[{i}].sizes[{j}]"
            try:
                cells = build(entry.name, *spec.arguments(size), **entry.options)
            except InvalidOptionError as error:
                raise ConfigError(f"{prefix}tessellations[{i}].options: {error}") from None
            except MazeError as error:
                raise ConfigError(f"{prefix}{here}: {error}") from None
            except (MemoryError, OverflowError) as error:  # the builder's own size check did not catch it
                why = f"{entry.name} {format_size(size)} is too large for this machine ({type(error).__name__})"
                raise ConfigError(f"{prefix}{here}: {why}; use a smaller size") from None
            except (TypeError, ValueError) as error:
                why = f"{entry.name} rejects this size or its options: {error}"
                raise ConfigError(f"{prefix}{here}: {why}") from None
            where_built[i, j] = len(built)
            built.append((entry.name, size, canonical_json(entry.options), cells.n_cells))
            for focus in {a.focus for a in config.algorithms}:
                refusals[i, j, focus] = applicability(cells, focus)
            on = f"{here} ({entry.name} {format_size(size) or 'default'})"
            focuses = {a.focus for a in config.algorithms}
            _check_options(config, cells, {f: refusals[i, j, f] for f in focuses}, prefix, on)
            if i not in smallest or cells.n_cells < smallest[i][0].n_cells:
                smallest[i] = (cells, j)
            keep_cells(entry.name, size, canonical_json(entry.options), cells)  # workers forked later reuse it
            del cells

    tasks: list[Task] = []
    skipped: list[str] = []
    for a, algo in enumerate(config.algorithms):
        options = canonical_json(algo.options)
        for i, entry in enumerate(config.tessellations):
            for j, size in enumerate(entry.sizes):
                why = refusals[i, j, algo.focus].get(algo.name)
                if why is not None:
                    what = f"algorithms[{a}] ({algo.name}{', wall focus' if algo.focus == 'wall' else ''})"
                    on = f"tessellations[{i}].sizes[{j}] ({entry.name} {format_size(size) or 'default'})"
                    if config.skip_unsupported:
                        skipped.append(f"{what} on {on}: {why}")
                        continue
                    raise ConfigError(
                        f"{prefix}{what} cannot run on {on}: {why}; remove the pair or set skip_unsupported = true"
                    )
                description = {
                    "algorithm": algo.name,
                    "options": algo.options,
                    "focus": algo.focus,
                    "tessellation": entry.name,
                    "tessellation_options": entry.options,
                    "size": list(size),
                }
                keys = replicate_keys(description, config.seeds)
                place = where_built[i, j]
                for r in range(config.seeds):
                    tasks.append(Task(algo.name, options, algo.focus, place, r, keys[r], (a, i, j, r)))
    if len({t.key for t in tasks}) != len(tasks):  # 63-bit hashes: never in practice, but never silently
        raise ConfigError(f"{prefix}two tasks hash to the same 63-bit key (odds below 1e-9); please report this config")

    metrics = _probe(config, smallest, prefix)
    return Plan(config, tuple(built), tuple(tasks), metrics, tuple(skipped))


def _check_options(config: Config, cells, refusals: dict, prefix: str, on: str) -> None:
    """Check every algorithm's options (and symmetry) on one built size, as its declared Params say.

    Raises
    ------
    ConfigError
        Naming the algorithm entry and the size: an option value the
        algorithm refuses there (e.g. ``until_connected`` cells the size does
        not have) or a symmetry the size lacks.
    """
    from ..generators import lookup
    from ..symmetry import symmetry_group

    for a, algo in enumerate(config.algorithms):
        if refusals[algo.focus].get(algo.name) is not None:
            continue  # refused (or skipped) as a pair already
        options = dict(algo.options)
        symmetry = options.pop("symmetry", None)
        algorithm = lookup(algo.name)
        try:
            algorithm.validate(cells, algo.focus, options)
        except (InvalidOptionError, NotACellError, UnsupportedError) as error:
            field = f"algorithms[{a}].options"
            for key, value in options.items():  # name the option when it fails on its own
                try:
                    algorithm.validate(cells, algo.focus, {key: value})
                except MazeError:
                    field += f".{key}"
                    break
            raise ConfigError(f"{prefix}{field}: {error} (on {on})") from None
        if symmetry is not None:
            try:
                symmetry_group(cells, symmetry)
            except MazeError as error:
                raise ConfigError(f"{prefix}algorithms[{a}].options.symmetry: {error} (on {on})") from None


def _probe(config: Config, smallest: dict, prefix: str) -> tuple[str, ...]:
    """The metric columns: those asked for, or every key :func:`mazegraph.metrics.summary` returns.

    The keys come from :func:`mazegraph.metrics.summary_keys` on each
    tessellation entry's smallest size: no maze is measured, so no metric
    kernel compiles in the driver (it cost ~5 s of serial CPU on a cold cache).
    """
    wanted = config.metrics
    if wanted is not None and not wanted:
        return ()
    metric_function(prefix)  # a clear ConfigError if the metrics cannot be imported
    from ..metrics import summary_keys

    found = dict.fromkeys(key for cells, _ in smallest.values() for key in summary_keys(cells))
    if wanted is None:
        return tuple(m for m in found if m not in ID_COLUMNS + TAIL_COLUMNS)
    for k, name in enumerate(wanted):
        if name in ID_COLUMNS + TAIL_COLUMNS:
            raise ConfigError(f"{prefix}metrics[{k}]: {name!r} is a column of every row, not a metric")
        if found and name not in found:
            raise ConfigError(f"{prefix}metrics[{k}]: unknown metric {name!r}; known: {', '.join(found)}")
    return tuple(wanted)


def metric_function(prefix: str = "config: "):
    """``mazegraph.metrics.summary``, imported on first use."""
    import importlib

    try:
        module = importlib.import_module("mazegraph.metrics")
        return module.summary
    except (ImportError, AttributeError) as error:
        raise ConfigError(
            f"{prefix}metrics: mazegraph.metrics.summary is not available ({error}); "
            "set metrics = [] to record generation times only"
        ) from None


def make_chunks(plan: Plan, tasks, workers: int, chunk_size: int | None = None) -> list[Chunk]:
    """Group tasks by tessellation and cut each group into chunks.

    A chunk holds about ``TARGET_CELLS_PER_CHUNK`` cells of mazes (so per-chunk
    costs -- a tessellation build, pickling, one Parquet write -- stay small
    beside the kernels), but there are at least ``CHUNKS_PER_WORKER`` chunks per
    worker when the tasks allow, so every worker stays busy to the end. With
    several workers and no ``chunk_size``, the last ``workers`` chunks are cut
    in ``TAIL_PIECES`` each, so the workers finish close together rather than
    one running a whole chunk alone at the end.
    """
    groups: dict[int, list[Task]] = {}
    for task in tasks:
        groups.setdefault(task.tessellation, []).append(task)
    balance = max(1, math.ceil(len(tasks) / (CHUNKS_PER_WORKER * max(1, workers))))
    pieces: list[tuple[int, list[Task]]] = []
    for t in sorted(groups):
        n_cells = plan.tessellations[t][3]
        group = sorted(groups[t], key=lambda task: task.order)
        if chunk_size is None:
            per = max(1, min(balance, MAX_TASKS_PER_CHUNK, TARGET_CELLS_PER_CHUNK // max(1, n_cells)))
        else:
            per = chunk_size
        pieces.extend((t, group[start : start + per]) for start in range(0, len(group), per))
    if chunk_size is None and workers > 1 and len(pieces) > 1:
        last = pieces[-workers:]
        del pieces[-workers:]
        for t, part in last:
            step = math.ceil(len(part) / TAIL_PIECES)
            pieces.extend((t, part[start : start + step]) for start in range(0, len(part), step))
    plugins = plan.config.plugin_paths()
    chunks = []
    for t, part in pieces:
        name, size, options, _ = plan.tessellations[t]
        chunks.append(
            Chunk(
                tessellation=name,
                size=size,
                tessellation_options=options,
                root_seed=plan.config.root_seed,
                metrics=plan.metrics,
                plugins=plugins,
                tasks=tuple((x.algorithm, x.options, x.focus, x.replicate, x.key) for x in part),
            )
        )
    return chunks
