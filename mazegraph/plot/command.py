"""``mazegraph plot RESULTS_DIR``: write every figure a results folder allows, as PNG files."""

from __future__ import annotations

from pathlib import Path

from ..errors import ExperimentError, OutputPathError

__all__ = ["save", "plot_results", "run_plot", "DEFAULT_FOLDER"]

DEFAULT_FOLDER = "_plots"  # inside a results folder: the leading _ keeps Parquet readers (pandas, pyarrow, dask) off it


def save(drawn, path) -> Path:
    """Write a figure (a Figure, an Axes or a FacetGrid) to ``path`` and close it.

    Raises
    ------
    OutputPathError
        If the file or its folder cannot be written.
    """
    import matplotlib.pyplot as plt

    figure = getattr(drawn, "figure", drawn)
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        extra = {"pil_kwargs": {"compress_level": 1}} if path.suffix.lower() == ".png" else {}  # 3x faster
        figure.savefig(path, dpi=110, **extra)
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        plt.close(figure)
    return path


def _safe(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in text)


def _experiment_figures(folder: Path, out: Path, echo) -> list[Path]:
    """One distributions figure per tessellation and size of each experiment folder under ``folder``."""
    from ..runner import load_results
    from ..runner.storage import MANIFEST
    from .texture import distributions, informative_metrics

    written = []
    found = sorted(p.parent for p in folder.rglob(MANIFEST))
    for run in found:
        df = load_results(run)
        if "error" in df:
            df = df[df["error"].isna()]
        prefix = "" if len(found) == 1 else _safe(str(run.relative_to(folder))) + "-"
        for (tessellation, size), part in df.groupby(["tessellation", "size"], sort=False, observed=True):
            name = f"metrics-{prefix}{_safe(str(tessellation))}-{_safe(str(size))}.png"
            if not informative_metrics(part):
                echo(f"skipped {name}: no metric varies")
                continue
            written.append(save(distributions(part), out / name))
    return written


def plot_results(folder, out=None, echo=print) -> list[Path]:
    """Make every figure the files in a results folder allow, as PNGs.

    Experiment folders (an ``_experiment.json`` at any depth, e.g. a reproduce
    folder's ``runs-200/``) give one metric-distribution figure per
    tessellation and size; ``ust.csv`` a degree plot; ``lengths.csv`` with
    ``scaling.csv`` a scaling plot.

    Parameters
    ----------
    folder : str or pathlib.Path
    out : str or pathlib.Path, optional
        Where figures go; default ``folder/_plots`` (Parquet readers skip
        folders starting with ``_``, so an experiment folder stays a dataset).
    echo : callable
        Told about figures skipped.

    Returns
    -------
    list of pathlib.Path
        The figures written.

    Raises
    ------
    ExperimentError
        If the folder does not exist, holds an experiment of an older format,
        or holds nothing to plot.
    """
    import pandas as pd

    from .research import degrees, scaling

    folder = Path(folder)
    if not folder.is_dir():
        raise ExperimentError(f"{folder} is not a folder")
    out = Path(out) if out else folder / DEFAULT_FOLDER
    written = _experiment_figures(folder, out, echo)
    if (folder / "ust.csv").exists():
        written.append(save(degrees(pd.read_csv(folder / "ust.csv")), out / "degrees.png"))
    if (folder / "lengths.csv").exists() and (folder / "scaling.csv").exists():
        drawn = scaling(pd.read_csv(folder / "lengths.csv"), pd.read_csv(folder / "scaling.csv"))
        written.append(save(drawn, out / "scaling.png"))
    if not written:
        if any(folder.rglob("experiment.json")):
            from ..runner.storage import read_manifest

            read_manifest(next(folder.rglob("experiment.json")).parent)  # says what to do about the old format
        raise ExperimentError(
            f"nothing to plot in {folder}: no experiment folder (_experiment.json), ust.csv or lengths.csv "
            "with scaling.csv"
        )
    return written


def run_plot(args) -> int:
    """The ``mazegraph plot RESULTS_DIR [--out DIR] [--gallery]`` command."""
    from ..tessellations import build
    from .mazes import gallery

    written = plot_results(args.results, args.out)
    if getattr(args, "gallery", False):
        for name, size in (("orthogonal", (12, 12)), ("sigma", (10, 10)), ("theta", (6,))):
            path = Path(args.out or Path(args.results) / DEFAULT_FOLDER) / f"gallery-{name}.png"
            written.append(save(gallery(build(name, *size), seed=1), path))
    for path in written:
        print(f"wrote {path}")
    return 0
