"""The texture atlas: Pullen's texture table for every tessellation and topology.

Walter Pullen measured maze texture (dead ends, solution share, ...) on square
grids only. The atlas runs every algorithm, carving passages and where it can
adding walls, on every tessellation and topology mazegraph has (orthogonal,
delta, sigma, sigma hexagon, theta, upsilon, zeta, 3D grid, torus, cylinder,
Moebius strip, Klein bottle, cube, weave, Voronoi, a mask), at two sizes so the
finite-size trend shows, and tabulates each metric of
:func:`mazegraph.metrics.summary` it is asked for with a 95% confidence
interval. Where a column's cells form a lattice whose uniform spanning tree is
known exactly (:mod:`.ust_lattices`), the uniform samplers stand beside the exact
values with a verdict, and they are compared with each other on every column.

The config is a TOML file (``mazegraph/reproduce/atlas.toml``, shipped with the
package); the mazes are made by the experiment runner (:func:`mazegraph.experiment`),
so a run resumes and can run on Dask.

Output (in ``out``): ``atlas.md`` (the tables), ``atlas.csv`` (one row per
algorithm, column and metric), ``theory.csv``, ``samplers.csv``,
``heatmap-<metric>.png``, ``gallery-passage.png``, ``gallery-wall.png``,
``rows.parquet`` (every maze's row), ``runner-config.json`` and ``run.json`` (wall
time, load, versions).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..errors import InvalidSizeError
from .atlas_config import AtlasConfig, load_atlas
from .atlas_tables import cell_table, label_rows, markdown, sampler_table, theory_table

__all__ = ["Atlas", "reproduce", "survey", "main", "to_text", "DEFAULT_OUT"]

#: Where ``mazegraph reproduce atlas`` writes, per mode (default, full), relative to the current directory.
DEFAULT_OUT = {"default": "data/results/atlas", "full": "data/results/atlas-full"}


@dataclass
class Atlas:
    """What :func:`reproduce` returns: the config, the tables and where they were written."""

    config: AtlasConfig
    cells: pd.DataFrame
    theory: pd.DataFrame
    samplers: pd.DataFrame
    n_cells: dict
    files: list[Path] = field(default_factory=list)
    seconds: float = 0.0
    load: tuple = ()


def survey(config: AtlasConfig) -> tuple[dict, dict]:
    """Build every column at both sizes: its cell counts, and why each row cannot run there.

    Returns
    -------
    n_cells : dict
        ``(column label, size rank) -> cells``.
    refusals : dict
        ``(row key, column label) -> reason`` for each pair that cannot run at
        some size (from :func:`mazegraph.applicability`; the size is named when
        only one of the two is refused).
    """
    from ..generators import applicability
    from ..tessellations import build

    n_cells, refusals = {}, {}
    for column in config.columns:
        for rank, size in enumerate(column.sizes):
            args, options = column.build_args(size)
            if column.tessellation == "voronoi":
                options.setdefault("seed", config.root_seed)
            cells = build(column.tessellation, *args, **options)
            n_cells[(column.label, rank)] = int(cells.n_cells)
            reasons = {focus: applicability(cells, focus) for focus in {r.focus for r in config.rows}}
            for row in config.rows:
                why = reasons[row.focus].get(row.algorithm)
                if why is not None and (row.key(), column.label) not in refusals:
                    refusals[(row.key(), column.label)] = why if rank == 0 else f"at the large size only: {why}"
            del cells
    return n_cells, refusals


def _previous_run(out: Path, mode: str, seeds: int) -> tuple[dict, set] | None:
    """The last run's record and maze keys in ``out``, if it was of this mode and seed count."""
    try:
        record = json.loads((out / "run.json").read_text(encoding="utf-8"))
        keys = set(pd.read_parquet(out / "rows.parquet", columns=["spawn_key"])["spawn_key"])
    except (OSError, ValueError, KeyError):
        return None
    if record.get("mode") != mode or record.get("seeds") != seeds or "wall_seconds" not in record:
        return None
    return record, keys


def _shown_path(source: str | None) -> str | None:
    """The config's path as a reader can find it: the shipped one by its place in the package."""
    if source is None:
        return None
    from .atlas_config import default_config_path

    if Path(source).resolve() == default_config_path().resolve():
        return "mazegraph/reproduce/atlas.toml (shipped)"
    return source


def _runs_folder(out: Path, config: AtlasConfig, runner_config: dict) -> Path:
    digest = hashlib.blake2b(json.dumps(runner_config, sort_keys=True).encode(), digest_size=4).hexdigest()
    return out / f"runs-{config.mode}-{digest}"


def _header(config: AtlasConfig, seconds: float, load: tuple, n_rows: int) -> str:
    start, end = load if load else ((), ())
    lines = [
        f"Made by `mazegraph reproduce atlas{' --full' if config.mode == 'full' else ''}` from "
        f"[atlas.toml](../../../mazegraph/reproduce/atlas.toml) ({config.mode} run): {config.seeds} mazes per "
        f"algorithm, focus, tessellation and size, {n_rows:,} mazes in all, made and measured by the experiment "
        f"runner in {seconds / 60:.1f} minutes of wall time on {os.cpu_count()} cores"
        + (f" (load average {start[0]:.2f} at the start, {end[0]:.2f} / {end[2]:.2f} over the last 1 / 15 "
           "minutes at the end)." if start and end else "."),
        "",
        "Every figure is a mean with its 95% confidence interval (Student t) over those mazes. Start and goal "
        "are each tessellation's defaults. Elitism is the solution's share of the cells. The large size is "
        "about 10^4 cells in 2D and 30^3 in 3D in the default run, four times as many cells in the full run; the "
        "small one has a quarter of the cells in 2D and an eighth in 3D, and a figure whose move between them "
        "exceeds its interval is marked with that move. Heat maps: `heatmap-<metric>.png`; one maze per cell: "
        "`gallery-passage.png`, `gallery-wall.png`; what the atlas says: [docs/atlas.md](../../../docs/atlas.md).",
    ]
    return "\n".join(lines) + "\n"


def reproduce(
    config=None,
    full: bool = False,
    seeds: int | None = None,
    out: str | Path | None = None,
    backend: str = "processes",
    progress: bool = True,
    pictures: bool = True,
) -> Atlas:
    """Run the atlas and write its tables and pictures.

    Parameters
    ----------
    config : str, path or dict, optional
        An atlas TOML (default: the shipped ``mazegraph/reproduce/atlas.toml``)
        or a dict with its fields.
    full : bool
        The ``[full]`` run: the larger sizes and more seeds.
    seeds : int, optional
        Mazes per algorithm, focus, tessellation and size, instead of the mode's.
    out : str or pathlib.Path, optional
        Output folder (default ``data/results/atlas``, or ``data/results/atlas-full``).
        The mazes' rows go to a ``runs-*`` folder inside it, so running again
        with the same config resumes instead of repeating.
    backend : {"processes", "serial", "dask"}
        Where the runner makes the mazes.
    progress : bool
        Show a progress bar and say what is being done.
    pictures : bool
        Draw the heat maps and galleries.

    Returns
    -------
    Atlas

    Raises
    ------
    ConfigError
        If the atlas config is malformed (the message names the field).
    InvalidSizeError
        If ``seeds`` is below 2.

    Examples
    --------
    >>> import tempfile
    >>> from mazegraph.reproduce.atlas import reproduce
    >>> config = {"root_seed": 1, "metrics": ["dead_end_pct"], "algorithms": ["wilson"], "default": {"seeds": 3},
    ...           "columns": [{"tessellation": "torus", "sizes": [[4, 4], [8, 8]], "gallery": [4, 4],
    ...                        "lattice": "square", "boundary": False}]}
    >>> with tempfile.TemporaryDirectory() as d:
    ...     atlas = reproduce(config, out=d, backend="serial", progress=False, pictures=False)
    >>> atlas.cells[["row", "column", "mazes_large"]].values.tolist()
    [['wilson', 'torus', 3]]
    >>> atlas.theory["exact"].round(2).tolist()
    [29.45]
    """
    from ..runner import experiment

    if seeds is not None and (not isinstance(seeds, int) or seeds < 2):
        raise InvalidSizeError(f"seeds must be a whole number of at least 2 (an interval needs two), got {seeds!r}")
    mode = "full" if full else "default"
    config = load_atlas(config, mode, seeds)
    out = Path(out if out is not None else DEFAULT_OUT[mode])
    out.mkdir(parents=True, exist_ok=True)

    previous = _previous_run(out, mode, config.seeds)
    load_start = os.getloadavg()
    started = time.perf_counter()

    def say(text: str) -> None:
        if progress:
            print(f"atlas [{time.perf_counter() - started:6.1f} s]: {text}", file=sys.stderr, flush=True)

    say(f"building {len(config.columns)} columns at two sizes and asking which of {len(config.rows)} rows run")
    n_cells, refusals = survey(config)
    runner_config = config.runner_config()
    (out / "runner-config.json").write_text(json.dumps(runner_config, indent=1) + "\n", encoding="utf-8")
    say(f"{sum(1 for r in config.rows for c in config.columns if (r.key(), c.label) not in refusals)} cells run; "
        f"making {config.seeds} mazes per cell and size")
    rows = experiment(runner_config, out=_runs_folder(out, config, runner_config), backend=backend, progress=progress)
    labelled = label_rows(rows, config, n_cells)
    cells = cell_table(labelled, config, refusals, n_cells)
    theory = theory_table(cells, config)
    samplers = sampler_table(cells, config)
    atlas = Atlas(config, cells, theory, samplers, n_cells)

    files = []
    for name, frame in (("atlas.csv", cells), ("theory.csv", theory), ("samplers.csv", samplers)):
        frame.to_csv(out / name, index=False, float_format="%.6g")
        files.append(out / name)
    keep = [c for c in rows.columns if c != "tessellation_options"]  # a mask's picture; in runner-config.json
    rows[keep].to_parquet(out / "rows.parquet", index=False)
    files += [out / "rows.parquet", out / "runner-config.json"]
    if pictures:
        from .atlas_figures import gallery, heatmap

        say("drawing the heat maps and the galleries")
        for metric in config.metrics:
            heatmap(cells, config, metric, out / f"heatmap-{metric}.png")
            files.append(out / f"heatmap-{metric}.png")
        runs = {(r.key(), c.label) for r in config.rows for c in config.columns if (r.key(), c.label) not in refusals}
        for focus in ("passage", "wall"):
            if gallery(config, runs, out / f"gallery-{focus}.png", focus=focus) is not None:
                files.append(out / f"gallery-{focus}.png")
    say("done")
    atlas.seconds = time.perf_counter() - started
    atlas.load = (load_start, os.getloadavg())
    redrawn = previous is not None and rows["spawn_key"].isin(previous[1]).all()
    if redrawn:  # every maze came from the stored rows: keep the timing of the run that made them
        atlas.seconds = previous[0]["wall_seconds"]
        atlas.load = (tuple(previous[0]["load_average_start"]), tuple(previous[0]["load_average_end"]))
    header = _header(config, atlas.seconds, atlas.load, len(rows))
    (out / "atlas.md").write_text(markdown(cells, theory, samplers, config, n_cells, header), encoding="utf-8")
    run = {
        "mode": mode, "seeds": config.seeds, "mazes": int(len(rows)), "wall_seconds": round(atlas.seconds, 1),
        "generation_seconds": round(float(rows["time_ns"].sum()) / 1e9, 1) if "time_ns" in rows else None,
        "cpus": os.cpu_count(), "load_average_start": atlas.load[0], "load_average_end": atlas.load[1],
        "backend": backend, "config": _shown_path(config.source), "python": sys.version.split()[0],
    }
    if redrawn:
        run.update({k: previous[0][k] for k in ("generation_seconds", "backend") if k in previous[0]})
        run["redrawn_in_seconds"] = round(time.perf_counter() - started, 1)
    (out / "run.json").write_text(json.dumps(run, indent=1) + "\n", encoding="utf-8")
    atlas.files = [out / "atlas.md", *files, out / "run.json"]
    return atlas


def to_text(atlas: Atlas) -> str:
    """A terminal summary: the dead-end table at the large size and the theory verdicts."""
    cells, config = atlas.cells, atlas.config
    metric = "dead_end_pct" if "dead_end_pct" in config.metrics else config.metrics[0]
    part = cells[cells["metric"] == metric].set_index(["row", "column"])
    columns = [c.label for c in config.columns]
    width = max(len(r.label) for r in config.rows) + 1
    lines = [f"{metric} at the large size (mean; '-' cannot run)",
             " " * width + " ".join(f"{c[:7]:>7s}" for c in columns)]
    for row in config.rows:
        values = [part.loc[(row.label, c)] for c in columns]
        if all(v["status"] != "ok" for v in values):
            continue
        lines.append(f"{row.label:<{width}s}" + " ".join(
            f"{v['large']:7.1f}" if v["status"] == "ok" else f"{'-':>7s}" for v in values))
    if len(atlas.theory):
        counts = atlas.theory["verdict"].value_counts()
        lines.append("")
        lines.append(f"uniform samplers vs the exact UST: {counts.get('agrees', 0)} agree, "
                     f"{counts.get('marginal', 0)} marginal, {counts.get('differs', 0)} differ "
                     f"(of {len(atlas.theory)})")
        for r in atlas.theory[atlas.theory["verdict"] != "agrees"].itertuples():
            lines.append(f"  {r.verdict}: {r.row} on {r.column}, {r.metric}: exact {r.exact:.3f}, "
                         f"{r.compared} {r.diff + r.exact:.3f} ± {r.ci95:.3f}")
    if len(atlas.samplers):
        counts = atlas.samplers["verdict"].value_counts()
        lines.append(f"uniform samplers against each other: {counts.get('agrees', 0)} agree, "
                     f"{counts.get('marginal', 0)} marginal, {counts.get('differs', 0)} differ "
                     f"(of {len(atlas.samplers)})")
    lines.append(f"wall time {atlas.seconds / 60:.1f} min")
    return "\n".join(lines)


def main(args) -> int:
    """``mazegraph reproduce atlas [--full] [--seeds N] [--out DIR] [--backend B] [--no-progress]``.

    ``args`` is an argparse namespace with ``full``, ``seeds``, ``out``,
    ``backend`` and ``no_progress``; seeds and out default to the config's
    mode (``None``). An optional ``config`` (a TOML path) replaces the shipped
    ``atlas.toml``.
    """
    atlas = reproduce(
        config=getattr(args, "config", None),
        full=bool(getattr(args, "full", False)),
        seeds=getattr(args, "seeds", None),
        out=getattr(args, "out", None),
        backend=getattr(args, "backend", "processes"),
        progress=not getattr(args, "no_progress", False),
    )
    print(to_text(atlas))
    print("wrote " + ", ".join(str(p) for p in atlas.files))
    return 0
