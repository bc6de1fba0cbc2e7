"""The experiment driver: config -> plan -> chunks on a backend -> Parquet parts -> DataFrame."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import InvalidOptionError
from .backends import BACKENDS, check_scheduler_address, default_workers, run_chunks
from .config import Config, load_config
from .plan import make_chunks, make_plan
from .results import to_frame
from .schema import RowSchema
from .storage import Store

__all__ = ["experiment"]


def experiment(
    config: Config | dict | str | os.PathLike,
    out: str | os.PathLike | None = None,
    backend: str = "processes",
    workers: int | None = None,
    scheduler=None,
    progress: bool = True,
    chunk_size: int | None = None,
    wait: bool = False,
    dashboard: bool = False,
):
    """Run a sweep: many mazes per algorithm, tessellation and size; one row per maze.

    Parameters
    ----------
    config : dict, str or path
        The experiment (see :func:`mazegraph.runner.load_config` for the
        fields), or the path of a TOML file holding it.
    out : str or path, optional
        Folder for the rows, a Parquet dataset written part by part as chunks
        finish (``pandas.read_parquet(out)`` reads it; so does
        :func:`mazegraph.load_results`, in config order). Its
        ``_experiment.json`` records the config and the provenance of each run
        (versions, date). Run again with the same config and folder to resume an
        interrupted run: the finished rows are kept and only the missing mazes
        are made; raise ``seeds`` to add replicates to a finished folder.
        Without it, rows are kept in memory only.
    backend : {"processes", "serial", "dask"}
        Where the chunks run: a local process pool (default), this process, or
        a Dask cluster.
    workers : int, optional
        Processes (or Dask workers of a local cluster); default: the CPUs
        available.
    scheduler : str, distributed.Client or cluster, optional
        For ``backend="dask"``: a scheduler address (``"tcp://host:8786"``), a
        client or a cluster to use; a ``LocalCluster`` is started (and closed)
        when omitted, listening on 127.0.0.1 only.
    progress : bool
        Show a progress bar (only on a terminal).
    chunk_size : int, optional
        Mazes per chunk; by default about four million cells' worth, cut smaller
        so each worker gets several chunks. Does not change the rows.
    wait : bool
        If another driver is writing ``out``, wait for it to finish (then
        resume from its rows) instead of refusing.
    dashboard : bool
        With ``backend="dask"`` and no scheduler: serve the local cluster's
        dashboard (on 127.0.0.1; its link is printed on stderr). Off by default.

    Returns
    -------
    pandas.DataFrame
        One row per maze, in config order (algorithm entry, tessellation entry,
        size, replicate): ``variant`` (the algorithm with its options and
        focus, e.g. ``kruskal[symmetry=rotate180]``, ``kruskal/wall``),
        ``algorithm``, ``options`` (JSON) and one ``opt_<name>`` column per
        option set, ``focus``, ``tessellation``, ``tessellation_options``
        (JSON), ``size`` (e.g. ``"100x100"``), ``shape`` (the size as a list)
        and one integer column per size parameter (``rows``, ``cols``, ...),
        ``n_cells``, ``replicate``, ``root_seed``, ``spawn_key``, one float
        column per metric (NaN by design where a metric does not apply to a
        tessellation), ``time_ns`` (wall time of the
        :func:`mazegraph.generate` call) and ``error`` (None, or the message
        of the exception the task raised). ``variant``, ``algorithm``,
        ``focus`` and ``tessellation`` are categoricals in config order; see
        :mod:`mazegraph.runner.schema`. Pass a row to
        :func:`mazegraph.regenerate` to get its maze back.

    Raises
    ------
    ConfigError
        If the config is malformed (the message names the field), differs
        from the one whose rows are already in ``out`` in anything but a
        larger ``seeds``, or ``scheduler`` is not an address.
    ExperimentError
        If workers keep dying or the Dask scheduler cannot be reached (rows
        finished so far stay in ``out``); if ``out`` holds a part that is
        unreadable, of another experiment or changed after it was written
        (naming it); if another driver is writing ``out`` (unless ``wait``).
    OutputPathError
        If ``out`` cannot be written.

    Examples
    --------
    >>> import mazegraph as mg
    >>> config = {"root_seed": 1, "seeds": 3, "metrics": [],
    ...           "algorithms": [{"name": "kruskal"}, {"name": "wilson"}],
    ...           "tessellations": [{"name": "orthogonal", "sizes": [[4, 4]]}]}
    >>> df = mg.experiment(config, backend="serial", progress=False)
    >>> df[["variant", "size", "rows", "replicate"]].shape
    (6, 4)
    >>> mg.regenerate(df.iloc[4]).is_perfect()
    True
    """
    if backend not in BACKENDS:
        raise InvalidOptionError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if scheduler is not None and backend != "dask":
        raise InvalidOptionError(f"a scheduler is for the dask backend; got backend {backend!r}")
    if dashboard and (backend != "dask" or scheduler is not None):
        raise InvalidOptionError("a dashboard is for the dask backend's local cluster (without a scheduler)")
    if isinstance(scheduler, str):
        check_scheduler_address(scheduler)
    for name, value in (("workers", workers), ("chunk_size", chunk_size)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
            raise InvalidOptionError(f"{name} must be a positive whole number, got {value!r}")
    config = load_config(config)
    plan = make_plan(config)
    store = None
    if out is not None:
        info = {"source": config.source, "name": config.name, "description": config.description}
        store = Store.open(out, config.identity(), plan.metrics, info, wait=wait)
    try:
        return _run(config, plan, store, backend, workers, scheduler, progress, chunk_size, dashboard)
    finally:
        if store is not None:
            store.close()


def job_name(config: Config) -> str:
    """What the progress bar calls a job: the config's ``name``, else its file's stem, else ``experiment``."""
    if config.name:
        return config.name
    if config.source:
        return Path(config.source).stem
    return "experiment"


def _run(config: Config, plan, store, backend, workers, scheduler, progress, chunk_size, dashboard):
    if store is not None:
        plan = plan.with_metrics(store.metrics)
    schema = RowSchema.for_plan(plan)
    if store is not None:
        store.set_columns(schema.describe())
    done = store.done_keys() if store is not None else set()
    todo = [task for task in plan.tasks if task.key not in done]
    if backend == "serial":
        n_workers = 1
    elif backend == "dask" and scheduler is not None:
        n_workers = workers or _dask_workers(scheduler)
    else:
        n_workers = workers or default_workers()
    chunks = make_chunks(plan, todo, n_workers, chunk_size)
    if chunks and not (backend == "dask" and scheduler is not None):  # remote workers compile for their machine
        _compile_first(config, plan, n_workers, progress, load=backend != "dask")

    tables = []
    bar = _progress_bar()(
        total=len(plan.tasks),
        initial=len(plan.tasks) - len(todo),
        unit="maze",
        desc=job_name(config),
        bar_format=_BAR,
        disable=None if progress else True,
        dynamic_ncols=True,
    )
    errors = 0
    try:
        for base in run_chunks(backend, chunks, n_workers, scheduler, dashboard) if chunks else ():
            table = schema.finish(base)
            if store is not None:
                store.write(table)
            else:
                tables.append(table)
            errors += table.num_rows - table.column("error").null_count
            bar.update(table.num_rows)
            if errors:
                bar.set_postfix(errors=errors, refresh=False)
    finally:
        bar.close()
    arrow = schema.arrow()
    if store is not None:
        table = store.read(arrow)
    else:
        import pyarrow as pa

        table = pa.concat_tables(tables) if tables else arrow.empty_table()
    return to_frame(table, config.identity(), schema.size_columns)


# "pullen: 1200/4200 mazes |####      | 29% [00:12<00:30, 98.1maze/s]"
_BAR = "{desc}: {n_fmt}/{total_fmt} mazes |{bar}| {percentage:3.0f}% [{elapsed}<{remaining}, {rate_fmt}{postfix}]"


def _compile_first(config: Config, plan, workers: int, progress: bool, load: bool = True) -> None:
    """Compile the job's kernels once, split over ``workers`` processes, then (``load``) load them here.

    Without it every pool worker compiles the same kernels at the same time on
    a cold cache, and loads them from the cache one by one on a warm one.
    :func:`mazegraph.warmup.ensure` compiles what the cache lacks (a warm cache
    costs a few ``os.stat`` calls); :func:`mazegraph.warmup.load_here` then
    loads the kernels into this process, so the workers forked from it start
    with them.
    """
    from ..warmup import ensure, job_probes, load_here

    algorithms = [(a.name, a.focus, a.options) for a in config.algorithms]
    # only the job's metrics: the kernels of the others (runs, branches, ...) would be compiled for nothing
    probes = job_probes(algorithms, [t.name for t in config.tessellations], metrics=list(plan.metrics))
    ensure(probes, workers=workers, progress=progress)
    if load:  # not for a local Dask cluster: its workers are not forked from this process
        load_here(probes)


def _progress_bar():
    from tqdm.auto import tqdm

    class Bar(tqdm):
        monitor_interval = 0  # no monitor thread in the driver (workers are forked from it)

    return Bar


def _dask_workers(scheduler) -> int:
    """Threads on a cluster (for chunk sizing only); the local CPU count if unknown."""
    try:
        from distributed import Client

        if isinstance(scheduler, Client):
            return max(1, sum(scheduler.nthreads().values()))
    except Exception:  # noqa: BLE001, S110 - sizing is a heuristic
        pass
    return default_workers()
