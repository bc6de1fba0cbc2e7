"""The experiment driver: config -> plan -> chunks on a backend -> Parquet parts -> DataFrame."""

from __future__ import annotations

import os
from collections.abc import Sequence

from ..errors import InvalidOptionError
from .backends import BACKENDS, default_workers, run_chunks
from .config import Config, load_config
from .plan import Plan, make_chunks, make_plan
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
):
    """Run a sweep: many mazes per algorithm, tessellation and size; one row per maze.

    Parameters
    ----------
    config : dict, str or path
        The experiment (see :func:`mazegraph.runner.load_config` for the
        fields), or the path of a TOML file holding it.
    out : str or path, optional
        Folder for the rows as Parquet parts, written as chunks finish. Run
        again with the same config and folder to resume an interrupted run: the
        finished rows are kept and only the missing mazes are made. Without it,
        rows are kept in memory only.
    backend : {"processes", "serial", "dask"}
        Where the chunks run: a local process pool (default), this process, or
        a Dask cluster.
    workers : int, optional
        Processes (or Dask workers of a local cluster); default: the CPUs
        available.
    scheduler : str, distributed.Client or cluster, optional
        For ``backend="dask"``: a scheduler address (``"tcp://host:8786"``), a
        client or a cluster to use; a ``LocalCluster`` is started (and closed)
        when omitted.
    progress : bool
        Show a progress bar (only on a terminal).
    chunk_size : int, optional
        Mazes per chunk; by default about two million cells' worth, cut smaller
        so each worker gets several chunks. Does not change the rows.

    Returns
    -------
    pandas.DataFrame
        One row per maze, in config order (algorithm entry, tessellation entry,
        size, replicate): ``algorithm``, ``options`` (JSON), ``focus``,
        ``tessellation``, ``tessellation_options`` (JSON), ``size`` (e.g.
        ``"100x100"``), ``n_cells``, ``replicate``, ``root_seed``,
        ``spawn_key``, one float column per metric, ``time_ns`` (wall time of
        the :func:`mazegraph.generate` call) and ``error`` (None, or the
        message of the exception the task raised). Pass a row to
        :func:`mazegraph.regenerate` to get its maze back.

    Raises
    ------
    ConfigError
        If the config is malformed (the message names the field) or differs
        from the one whose rows are already in ``out``.
    ExperimentError
        If workers keep dying or the Dask scheduler cannot be reached; rows
        finished so far stay in ``out``.
    OutputPathError
        If ``out`` cannot be written.

    Examples
    --------
    >>> import mazegraph as mg
    >>> config = {"root_seed": 1, "seeds": 3, "metrics": [],
    ...           "algorithms": [{"name": "kruskal"}, {"name": "wilson"}],
    ...           "tessellations": [{"name": "orthogonal", "sizes": [[4, 4]]}]}
    >>> df = mg.experiment(config, backend="serial", progress=False)
    >>> df[["algorithm", "size", "replicate"]].shape
    (6, 3)
    >>> mg.regenerate(df.iloc[4]).is_perfect()
    True
    """
    if backend not in BACKENDS:
        raise InvalidOptionError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if scheduler is not None and backend != "dask":
        raise InvalidOptionError(f"a scheduler is for the dask backend; got backend {backend!r}")
    for name, value in (("workers", workers), ("chunk_size", chunk_size)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
            raise InvalidOptionError(f"{name} must be a positive whole number, got {value!r}")
    config = load_config(config)
    plan = make_plan(config)
    store = None
    if out is not None:
        store = Store.open(out, config.identity(), plan.metrics, config.source)
        plan = plan.with_metrics(store.metrics)
    done = store.done_keys() if store is not None else set()
    todo = [task for task in plan.tasks if task.key not in done]
    if backend == "serial":
        n_workers = 1
    elif backend == "dask" and scheduler is not None:
        n_workers = workers or _dask_workers(scheduler)
    else:
        n_workers = workers or default_workers()
    chunks = make_chunks(plan, todo, n_workers, chunk_size)

    tables = []
    bar = _progress_bar()(
        total=len(plan.tasks),
        initial=len(plan.tasks) - len(todo),
        unit="maze",
        desc=config.name or "experiment",
        disable=None if progress else True,
        dynamic_ncols=True,
    )
    errors = 0
    try:
        for table in run_chunks(backend, chunks, n_workers, scheduler) if chunks else ():
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
    return _frame(plan, store.read(_schema(plan)) if store is not None else _concat(plan, tables))


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


def _schema(plan: Plan):
    import pyarrow as pa

    types = {
        "n_cells": pa.int64(), "replicate": pa.int64(), "root_seed": pa.int64(), "spawn_key": pa.int64(),
        "time_ns": pa.int64(),
    }
    metrics = set(plan.metrics)
    return pa.schema(
        [(c, pa.float64() if c in metrics else types.get(c, pa.string())) for c in plan.columns]
    )


def _concat(plan: Plan, tables: Sequence):
    import pyarrow as pa

    schema = _schema(plan)
    return pa.concat_tables([t.cast(schema) for t in tables]) if tables else schema.empty_table()


def _frame(plan: Plan, table):
    """The rows as a DataFrame: one per task key, in config order."""
    import numpy as np

    df = table.to_pandas()
    df = df.drop_duplicates("spawn_key", keep="first")
    position = {task.key: k for k, task in enumerate(sorted(plan.tasks, key=lambda t: t.order))}
    order = df["spawn_key"].map(position).fillna(len(position)).to_numpy()
    df = df.iloc[np.argsort(order, kind="stable")].reset_index(drop=True)
    return df
