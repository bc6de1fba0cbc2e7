"""An experiment's output folder as a Parquet dataset: readers, schema and dtypes, replicates, provenance."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

import mazegraph as mg
from mazegraph.runner import storage
from mazegraph.runner.schema import variant_label

CONFIG = {
    "root_seed": 5,
    "seeds": 3,
    "algorithms": [
        {"name": "growing_tree", "options": {"policy": "newest"}},
        {"name": "growing_tree", "options": {"policy": "random"}},
        {"name": "kruskal"},
        {"name": "kruskal", "focus": "wall"},
        {"name": "kruskal", "options": {"symmetry": "rotate180"}},
        {"name": "eller", "options": {"p_join": 0.3}},
    ],
    "tessellations": [{"name": "orthogonal", "sizes": [[4, 6], [5, 5]]}, {"name": "theta", "sizes": [3]}],
    "metrics": ["dead_end_pct", "solution_pct", "bias_horizontal", "bias_radial"],
    "skip_unsupported": True,
}
VARIANTS = [
    "growing_tree[policy=newest]", "growing_tree[policy=random]", "kruskal", "kruskal/wall",
    "kruskal[symmetry=rotate180]", "eller[p_join=0.3]",
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("results") / "run"
    df = mg.experiment(CONFIG, out=out, backend="serial", progress=False)
    return out, df


def _rows(df: pd.DataFrame) -> pd.DataFrame:
    """The rows without what differs between runs (timing), in spawn-key order, categories as text."""
    df = df.drop(columns="time_ns").sort_values("spawn_key").reset_index(drop=True)
    for column in df.columns:
        if isinstance(df[column].dtype, pd.CategoricalDtype):
            df[column] = df[column].astype(str)
    df["shape"] = df["shape"].map(list)
    return df


@pytest.mark.filterwarnings("ignore:The inplace keyword:Warning")  # inside dask, under pandas 3
def test_pandas_pyarrow_and_dask_read_the_folder(folder):
    out, df = folder
    assert (out / "_experiment.json").exists() and not (out / "experiment.json").exists()
    with_pandas = pd.read_parquet(out)
    with_arrow = ds.dataset(out).to_table()
    dd = pytest.importorskip("dask.dataframe")
    with_dask = dd.read_parquet(str(out)).compute()
    for frame in (with_pandas, with_arrow.to_pandas(), with_dask):
        assert len(frame) == len(df)
        assert set(frame["spawn_key"]) == set(df["spawn_key"])
        assert list(frame.columns) == list(df.columns)
    pd.testing.assert_frame_equal(_rows(with_pandas), _rows(df), check_dtype=False)
    pd.testing.assert_frame_equal(_rows(mg.load_results(out)), _rows(df))
    pd.testing.assert_frame_equal(mg.load_results(out), df)  # the same order and dtypes as experiment() returns


def test_columns_and_dtypes(folder):
    _, df = folder
    for column in ("variant", "algorithm", "focus", "tessellation"):
        assert isinstance(df[column].dtype, pd.CategoricalDtype), column
    assert df["variant"].cat.categories.tolist() == VARIANTS  # config order
    assert df["variant"].unique().tolist() == VARIANTS  # and the rows follow it
    assert df["tessellation"].cat.categories.tolist() == ["orthogonal", "theta"]
    # every variant label is the algorithm, its options and its focus, never merged
    for row in df.drop_duplicates("variant").itertuples():
        assert row.variant == variant_label(row.algorithm, json.loads(row.options), row.focus)
    assert df.groupby("variant", observed=True)["options"].nunique().eq(1).all()
    # options: one typed column each, null where an entry does not set it
    assert df["opt_p_join"].dtype == np.float64 and df.loc[df["algorithm"] == "eller", "opt_p_join"].eq(0.3).all()
    assert df.loc[df["algorithm"] != "eller", "opt_p_join"].isna().all()
    assert set(df["opt_policy"].dropna()) == {"newest", "random"}
    assert df.loc[df["variant"] == "kruskal[symmetry=rotate180]", "opt_symmetry"].eq("rotate180").all()
    # sizes: integers beside the label; theta has rings, orthogonal rows and cols
    ortho, theta = df[df["tessellation"] == "orthogonal"], df[df["tessellation"] == "theta"]
    assert str(df["rows"].dtype) == "Int64" and str(df["rings"].dtype) == "Int64"
    assert (ortho["rows"].astype(str) + "x" + ortho["cols"].astype(str)).eq(ortho["size"]).all()
    assert ortho["rings"].isna().all() and theta["rows"].isna().all() and theta["rings"].eq(3).all()
    assert [list(s) for s in ortho["shape"]] == [[int(x) for x in s.split("x")] for s in ortho["size"]]
    for column in ("n_cells", "replicate", "root_seed", "spawn_key", "time_ns"):
        assert df[column].dtype == np.int64, column
    # a metric that does not apply to a tessellation is NaN on its rows by design
    assert ortho["bias_radial"].isna().all() and theta["bias_horizontal"].isna().all()
    assert ortho["bias_horizontal"].notna().all() and theta["bias_radial"].notna().all()


def test_arrow_schema_of_the_parts(folder):
    out, _ = folder
    schema = ds.dataset(out).schema
    assert schema.field("variant").type == pa.dictionary(pa.int32(), pa.string())
    assert schema.field("shape").type == pa.list_(pa.int64())
    assert schema.field("dead_end_pct").metadata == {b"label": b"dead ends", b"unit": b"% of cells"}
    record = json.loads(schema.metadata[b"mazegraph"])
    assert record["format"] == "mazegraph.experiment" and record["config_hash"]


def test_provenance_in_the_manifest_and_every_part(folder):
    out, _ = folder
    manifest = json.loads((out / "_experiment.json").read_text())
    run = manifest["runs"][0]["provenance"]
    assert run["versions"]["mazegraph"] == mg.__version__
    assert run["versions"]["numpy"] == np.__version__
    for package in ("numba", "networkx", "pandas", "pyarrow"):
        assert run["versions"][package], package
    assert run["root_seed"] == CONFIG["root_seed"] and run["config"]["seeds"] == CONFIG["seeds"]
    assert run["config"]["algorithms"][0]["options"] == {"policy": "newest"}
    assert run["created"][:4].isdigit() and "T" in run["created"]
    assert manifest["columns"]["categories"]["variant"] == VARIANTS
    for part in sorted(out.glob("part-*.parquet")):
        record = json.loads(pq.read_schema(part).metadata[b"mazegraph"])
        assert record["provenance"] == run and record["run"] == manifest["runs"][0]["run"]


def test_adding_replicates_equals_a_fresh_run(folder, tmp_path):
    out, small = folder
    grown = tmp_path / "grown"
    shutil.copytree(out, grown)
    before = {p.name for p in grown.glob("part-*.parquet")}
    keys = set(small["spawn_key"])
    written = []
    original = storage.Store.write

    def spy(self, table):
        written.extend(table.column("spawn_key").to_pylist())
        return original(self, table)

    more = dict(CONFIG, seeds=5)
    try:
        storage.Store.write = spy
        extended = mg.experiment(more, out=grown, backend="serial", progress=False)
    finally:
        storage.Store.write = original
    assert not keys & set(written)  # only the new replicates were made
    assert len(written) == len(small) // 3 * 2
    assert before < {p.name for p in grown.glob("part-*.parquet")}  # the old parts are untouched
    fresh = mg.experiment(more, backend="serial", progress=False)
    pd.testing.assert_frame_equal(_rows(extended), _rows(fresh))
    pd.testing.assert_frame_equal(
        extended.drop(columns="time_ns"), fresh.drop(columns="time_ns")  # same order and dtypes too
    )
    manifest = json.loads((grown / "_experiment.json").read_text())
    assert manifest["config"]["seeds"] == 5 and [r["seeds"] for r in manifest["runs"]] == [3, 5]


@pytest.mark.parametrize(
    ("change", "field"),
    [({"root_seed": 6}, "root_seed"), ({"metrics": ["dead_end_pct"]}, "metrics"),
     ({"algorithms": CONFIG["algorithms"][:2]}, "algorithms")],
)
def test_changing_anything_but_seeds_is_refused(folder, tmp_path, change, field):
    out, _ = folder
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    with pytest.raises(mg.ConfigError, match=rf"field\(s\): {field}\)"):
        mg.experiment(dict(CONFIG, **change), out=copy, backend="serial", progress=False)
    with pytest.raises(mg.ConfigError, match="seeds: .* holds 3 replicates"):
        mg.experiment(dict(CONFIG, seeds=2), out=copy, backend="serial", progress=False)


def test_a_folder_of_the_previous_format_is_refused_clearly(folder, tmp_path):
    out, _ = folder
    old = tmp_path / "old"
    old.mkdir()
    part = next(out.glob("part-*.parquet"))
    shutil.copy(part, old / part.name)
    (old / "experiment.json").write_text(json.dumps({"format": "mazegraph.experiment", "version": 1}))
    for call in (lambda: mg.experiment(CONFIG, out=old, backend="serial", progress=False),
                 lambda: mg.load_results(old)):
        with pytest.raises(mg.ExperimentError, match="earlier mazegraph .*format 1.* new folder"):
            call()
    with pytest.raises(mg.ExperimentError, match="not an experiment folder"):
        mg.load_results(tmp_path)


def test_an_in_memory_run_has_the_same_columns(folder):
    _, df = folder
    memory = mg.experiment(CONFIG, backend="serial", progress=False)
    pd.testing.assert_frame_equal(memory.drop(columns="time_ns"), df.drop(columns="time_ns"))


def test_variant_labels_of_tricky_options():
    assert variant_label("a", {"b": [1, 2], "c": True, "d": None}) == "a[b=[1,2],c=true,d=null]"
    cfg = {"root_seed": 1, "seeds": 1, "metrics": [],
           "algorithms": [{"name": "binary_tree", "options": {"p_up": 1}},
                          {"name": "binary_tree", "options": {"p_up": 0.5}}],
           "tessellations": [{"name": "orthogonal", "sizes": [[3, 3]]}]}
    df = mg.experiment(cfg, backend="serial", progress=False)
    assert df["variant"].tolist() == ["binary_tree[p_up=1]", "binary_tree[p_up=0.5]"]
    assert df["opt_p_up"].dtype == np.float64  # int and float values: one float column
