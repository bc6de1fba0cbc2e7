"""Where chunks run: in this process, in a process pool, or on a Dask cluster.

Each backend is a generator that takes chunks and yields their result tables in
the order they finish. Results never depend on the backend: every maze's seed
comes from its task key (see :mod:`.plan`).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Iterator, Sequence

from ..errors import ExperimentError, InvalidOptionError
from .worker import init_process_worker, run_chunk

__all__ = ["BACKENDS", "run_chunks", "default_workers"]

BACKENDS = ("serial", "processes", "dask")
MAX_POOL_RESTARTS = 3  # a process pool whose worker died is restarted at most this many times


def default_workers() -> int:
    """CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def run_chunks(backend: str, chunks: Sequence, workers: int, scheduler=None, dashboard: bool = False) -> Iterator:
    """Run chunks on a backend; yield each chunk's table as it finishes.

    A local Dask cluster (``backend="dask"`` without a scheduler) listens on
    127.0.0.1 only -- scheduler, nannies and workers -- and serves its
    dashboard (on 127.0.0.1, a free port, announced on stderr) only with
    ``dashboard=True``.

    Raises
    ------
    InvalidOptionError
        For an unknown backend.
    ExperimentError
        If workers keep dying, a chunk fails as a whole (e.g. a plugin cannot
        be imported in a worker), or the Dask scheduler cannot be reached.
    """
    if backend == "serial":
        return _serial(chunks)
    if backend == "processes":
        return _processes(chunks, workers)
    if backend == "dask":
        return _dask(chunks, workers, scheduler, dashboard)
    raise InvalidOptionError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")


def _serial(chunks) -> Iterator:
    for chunk in chunks:
        yield run_chunk(chunk)


def _start_method() -> multiprocessing.context.BaseContext:
    """How to start pool workers: ``fork`` on Linux, ``spawn`` elsewhere.

    Forked workers start at once, with the driver's imports, compiled kernels
    and plugins, and need no ``if __name__ == "__main__"`` guard in scripts
    (Python 3.11's own default on Linux). They run only mazegraph's chunk
    function, which takes no lock the driver's other threads could hold. On
    macOS and Windows, where forking is unsafe or absent, workers are spawned
    (scripts then need the usual ``__main__`` guard).
    """
    if sys.platform == "linux" and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _chunk_failed(error: BaseException) -> ExperimentError:
    return ExperimentError(f"a chunk of tasks failed as a whole in a worker: {type(error).__name__}: {error}")


def _processes(chunks, workers: int) -> Iterator:
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    pending = list(chunks)
    deaths = 0
    while pending:
        context = _start_method()
        executor = ProcessPoolExecutor(
            max_workers=max(1, min(workers, len(pending))), mp_context=context, initializer=init_process_worker
        )
        clean = False
        try:
            futures = {executor.submit(run_chunk, chunk): k for k, chunk in enumerate(pending)}
            finished: set[int] = set()
            broken = False
            waiting = set(futures)
            while waiting and not broken:
                done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                for future in done:
                    try:
                        table = future.result()
                    except BrokenProcessPool:
                        broken = True
                        continue
                    except Exception as error:
                        raise _chunk_failed(error) from error
                    finished.add(futures[future])
                    yield table
            if broken:  # keep what other workers finished before the pool broke
                for future, k in futures.items():
                    if k not in finished and future.done() and not future.cancelled() and future.exception() is None:
                        finished.add(k)
                        yield future.result()
                deaths += 1
                if deaths > MAX_POOL_RESTARTS:
                    raise ExperimentError(
                        f"a worker process died {deaths} times (killed, out of memory, or crashed in a kernel); "
                        "finished rows are saved: rerun to resume, or use --backend serial to find the task"
                    )
            pending = [chunk for k, chunk in enumerate(pending) if k not in finished]
            clean = not broken
        finally:
            _stop_pool(executor, clean)


def _stop_pool(executor, clean: bool) -> None:
    if clean:
        executor.shutdown(wait=True)
        return
    # interrupted or broken: cancel what has not started and stop the workers now
    pool = getattr(executor, "_processes", None)  # private, but the only way to stop running workers
    processes = list(pool.values()) if isinstance(pool, dict) else []
    manager = getattr(executor, "_executor_manager_thread", None)
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
    if manager is not None:  # let it wind down before a restarted pool forks the driver
        manager.join(timeout=5)


LOOPBACK = "127.0.0.1"


def check_scheduler_address(address: str) -> str:
    """A scheduler address as ``distributed`` reads it (``tcp://host:port``), checked without connecting.

    Raises
    ------
    ConfigError
        If it is not an address (no port, an unknown scheme, a bad port).
    """
    from ..errors import ConfigError

    example = "e.g. tcp://host:8786"
    if not isinstance(address, str) or not address.strip():
        raise ConfigError(f"scheduler: expected an address, {example}; got {address!r}")
    try:
        from distributed.comm.addressing import parse_address, parse_host_port
        from distributed.comm.registry import get_backend
    except ImportError:
        raise ExperimentError("the dask backend needs dask[distributed]: pip install 'mazegraph[dask]'") from None
    try:
        scheme, location = parse_address(address)
        get_backend(scheme)  # a scheme distributed knows
        if scheme in ("tcp", "tls", "ws", "wss", "ucx"):
            parse_host_port(location)
    except (ValueError, TypeError) as error:
        raise ConfigError(f"scheduler: {address!r} is not a scheduler address ({error}); {example}") from None
    return address


def _dask(chunks, workers: int, scheduler, dashboard: bool = False) -> Iterator:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ExperimentError(
            "the dask backend needs dask[distributed]: pip install 'mazegraph[dask]'"
        ) from None
    owned = []
    try:
        if scheduler is None:
            cluster = LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, host=LOOPBACK,
                # the scheduler's HTTP server (health routes; the dashboard only if asked) on a free loopback
                # port: without an address it would take 8787
                dashboard_address=f"{LOOPBACK}:0", scheduler_kwargs={"dashboard": bool(dashboard)},
                worker_dashboard_address=None,
            )
            owned.append(cluster)
            client = Client(cluster)
            owned.insert(0, client)
            if dashboard:
                print(f"mazegraph: Dask dashboard at {client.dashboard_link}", file=sys.stderr, flush=True)
        elif isinstance(scheduler, str):
            check_scheduler_address(scheduler)
            try:
                client = Client(scheduler, timeout="20s")
            except (OSError, TimeoutError) as error:
                raise ExperimentError(f"cannot reach the dask scheduler at {scheduler}: {error}") from None
            owned.append(client)
        elif isinstance(scheduler, Client):
            client = scheduler
        elif hasattr(scheduler, "scheduler_address"):  # a cluster object
            client = Client(scheduler)
            owned.append(client)
        else:
            raise InvalidOptionError(
                f"scheduler must be an address, a distributed.Client or a cluster, got {type(scheduler).__name__}"
            )
        yield from _dask_run(client, chunks)
    finally:
        for thing in owned:
            try:
                thing.close()
            except Exception:  # noqa: BLE001, S110 - closing is best effort
                pass


def _dask_run(client, chunks) -> Iterator:
    from distributed import as_completed

    futures = client.map(run_chunk, list(chunks), pure=False)
    try:
        for future in as_completed(futures):
            try:
                table = future.result()
            except Exception as error:
                if type(error).__name__ == "KilledWorker":
                    raise ExperimentError(
                        f"dask workers died running a chunk ({error}); finished rows are saved: rerun to resume"
                    ) from None
                raise _chunk_failed(error) from error
            future.release()
            yield table
    finally:
        client.cancel([f for f in futures if not f.done()])
