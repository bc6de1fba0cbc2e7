"""Reading an experiment's rows: :func:`load_results` for a folder, and the row order of every frame."""

from __future__ import annotations

import os
from pathlib import Path

from .config import canonical_json
from .plan import format_size
from .storage import config_hash, read_manifest, read_parts

__all__ = ["load_results", "to_frame"]


def load_results(out: str | os.PathLike, verify: bool = True):
    """Read an experiment's output folder as a DataFrame, one row per maze, in config order.

    The folder is also a plain Parquet dataset (``pandas.read_parquet(out)``,
    ``pyarrow.dataset.dataset(out)`` and ``dask.dataframe.read_parquet(out)``
    read it as it is); this function adds what those readers cannot know: rows
    in config order (algorithm entry, tessellation entry, size, replicate), and
    size columns with missing values (a tessellation without that parameter)
    as nullable integers (``Int64``) rather than floats. Columns are described
    in :mod:`mazegraph.runner.schema`; the folder's ``_experiment.json`` holds
    the config and the provenance of every run that wrote it.

    Parameters
    ----------
    out : str or path
        The ``out`` folder of :func:`mazegraph.experiment` (``--out`` of
        ``mazegraph experiment``).

    Returns
    -------
    pandas.DataFrame

    Raises
    ------
    ExperimentError
        If the folder is not an experiment folder, was written by an
        incompatible version, or holds a part that is unreadable, of another
        experiment or changed after it was written (unless ``verify=False``).

    Examples
    --------
    >>> import tempfile, mazegraph as mg
    >>> config = {"root_seed": 1, "seeds": 2, "metrics": ["dead_end_pct"],
    ...           "algorithms": [{"name": "growing_tree", "options": {"policy": "newest"}},
    ...                          {"name": "kruskal", "focus": "wall"}],
    ...           "tessellations": [{"name": "orthogonal", "sizes": [[4, 5]]}]}
    >>> with tempfile.TemporaryDirectory() as out:
    ...     _ = mg.experiment(config, out=out, backend="serial", progress=False)
    ...     df = mg.load_results(out)
    >>> df["variant"].cat.categories.tolist()
    ['growing_tree[policy=newest]', 'kruskal/wall']
    >>> df[["rows", "cols"]].iloc[0].tolist(), df["opt_policy"].tolist()
    ([4, 5], ['newest', 'newest', nan, nan])
    """
    import pyarrow.parquet as pq

    folder = Path(out)
    manifest = read_manifest(folder)
    parts = sorted(folder.glob("part-*.parquet"))
    schema = pq.read_schema(parts[0]) if parts else None
    if schema is None:
        import pyarrow as pa

        return to_frame(pa.table({}), manifest["config"])
    sizes = manifest.get("columns", {}).get("sizes", ())
    expected = config_hash(manifest["config"]) if verify else None
    return to_frame(read_parts(parts, schema, expected), manifest["config"], sizes)


def to_frame(table, identity: dict, sizes=()):
    """Rows as a DataFrame: one per spawn key, in config order; nullable size integers."""
    import numpy as np
    import pandas as pd

    df = table.to_pandas()
    if df.empty or "spawn_key" not in df:
        return df.reset_index(drop=True)
    df = df.drop_duplicates("spawn_key", keep="first")
    rank = {}
    for i, entry in enumerate(identity["tessellations"]):
        options = canonical_json(entry["options"])
        for j, size in enumerate(entry["sizes"]):
            rank[entry["name"], options, format_size(size)] = (i, j)
    places = _places(df, rank)
    variant = df["variant"].cat.codes.to_numpy() if isinstance(df["variant"].dtype, pd.CategoricalDtype) else 0
    order = np.lexsort(
        (
            df["replicate"].to_numpy(),
            places[:, 1],
            places[:, 0],
            np.broadcast_to(variant, len(df)),
        )
    )
    df = df.iloc[order].reset_index(drop=True)
    for column in sizes:  # a tessellation without this size parameter: null, which pandas reads as a float
        if column in df and pd.api.types.is_float_dtype(df[column]):
            df[column] = df[column].astype("Int64")
    return df


def _places(df, rank: dict):
    """Each row's (tessellation entry, size entry) in the config, from ``rank``; ``(len(rank), 0)`` if absent.

    Looked up once per distinct (tessellation, options, size) rather than once per row.
    """
    import numpy as np
    import pandas as pd

    codes, labels = [], []
    for column in ("tessellation", "tessellation_options", "size"):
        code, unique = pd.factorize(df[column], use_na_sentinel=False)
        codes.append(code)
        labels.append([str(value) for value in unique])
    distinct, inverse = np.unique(np.stack(codes, axis=1), axis=0, return_inverse=True)
    places = np.array(
        [rank.get(tuple(labels[c][k] for c, k in enumerate(row)), (len(rank), 0)) for row in distinct], dtype=np.int64
    ).reshape(-1, 2)
    return places[inverse.reshape(-1)]
