"""The ``mazegraph experiment`` subcommand (registered by :mod:`mazegraph.cli`)."""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["add_parser"]

_HEADLINE = ("dead_end_pct", "solution_pct")


def add_parser(sub) -> None:
    """Add ``experiment CONFIG.toml [--out DIR] [--backend ...] [--workers N] [--scheduler ADDRESS]``."""
    from .backends import BACKENDS

    p = sub.add_parser(
        "experiment",
        help="run a sweep from a TOML config; rows stream to Parquet in --out (rerun to resume)",
        description="Make and measure many mazes as a TOML config says (see experiments/example.toml). "
        "Finished rows are saved as Parquet parts as they come; run the same command again to resume, "
        "or with a larger seeds to add replicates. pandas.read_parquet(OUT) or mazegraph.load_results(OUT) reads "
        "the rows.",
    )
    p.add_argument("config", help="the experiment config (TOML)")
    p.add_argument("--out", help="folder for the rows, a Parquet dataset (default: ./<config file name>-results)")
    p.add_argument("--backend", choices=BACKENDS, default="processes",
                   help="where mazes are made (default: processes, a local process pool)")
    p.add_argument("--workers", type=int, help="processes or local Dask workers (default: the CPUs available)")
    p.add_argument("--scheduler", help="with --backend dask: a running scheduler, e.g. tcp://host:8786")
    p.add_argument("--dashboard", action="store_true",
                   help="with --backend dask and no --scheduler: serve the local cluster's dashboard on 127.0.0.1")
    p.add_argument("--chunk-size", type=int, help="mazes per chunk (default: sized to the tessellation)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--wait", action="store_true",
                   help="if another run is writing --out, wait for it to finish (default: refuse)")
    p.set_defaults(run=_run)


def _run(args) -> int:
    from .run import experiment

    out = Path(args.out) if args.out else Path(f"{Path(args.config).stem}-results")
    try:
        df = experiment(
            args.config,
            out=out,
            backend=args.backend,
            workers=args.workers,
            scheduler=args.scheduler,
            progress=not args.no_progress,
            chunk_size=args.chunk_size,
            wait=args.wait,
            dashboard=args.dashboard,
        )
    except KeyboardInterrupt:
        print(f"mazegraph: finished rows are in {out}; run the same command again to resume", file=sys.stderr)
        raise
    failed = int(df["error"].notna().sum())
    print(f"{len(df)} mazes in {out}" + (f" ({failed} failed: see the 'error' column)" if failed else ""))
    ok = df[df["error"].isna()]
    if len(ok):
        columns = [c for c in _HEADLINE if c in ok.columns]
        table = ok.assign(time_ms=ok["time_ns"] / 1e6).groupby(
            ["variant", "tessellation", "size"], sort=False, observed=True
        )[[*columns, "time_ms"]].mean()
        print(table.round(2).to_string())
    return 0
