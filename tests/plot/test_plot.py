"""mg.plot: figures return Axes or Figures, label every variant apart, skip empty metrics; the plot command."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

import mazegraph as mg  # noqa: E402
from mazegraph.metric_info import METRICS, axis_label, metric_info  # noqa: E402
from mazegraph.plot.research import COLOURS, MARKERS  # noqa: E402
from mazegraph.uniformity import ust  # noqa: E402

CONFIG = {
    "root_seed": 3,
    "seeds": 6,
    "algorithms": [
        {"name": "growing_tree", "options": {"policy": "newest"}},
        {"name": "growing_tree", "options": {"policy": "random"}},
        {"name": "kruskal"},
        {"name": "kruskal", "options": {"symmetry": "rotate180"}},
        {"name": "kruskal", "focus": "wall"},
    ],
    "tessellations": [{"name": "orthogonal", "sizes": [[6, 6]]}],
}
VARIANTS = ["growing_tree[policy=newest]", "growing_tree[policy=random]", "kruskal", "kruskal[symmetry=rotate180]",
            "kruskal/wall"]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def rows():
    return mg.experiment(CONFIG, backend="serial", progress=False)


def _ticks(ax) -> list[str]:
    return [t.get_text() for t in ax.get_yticklabels()]


def test_one_metric_into_a_given_axes_labels_every_variant(rows):
    fig, ax = plt.subplots()
    for kind in ("violin", "box", "strip"):
        ax.clear()
        assert mg.plot.distributions(rows, metrics="dead_end_pct", kind=kind, ax=ax) is ax
        assert _ticks(ax) == VARIANTS  # newest and random, kruskal and its symmetric variant: never merged
        assert ax.get_xlabel() == "dead ends (% of cells)"
        assert "orthogonal 6x6" in ax.get_title() and "n = 6 mazes per variant" in ax.get_title()


def test_a_grid_has_one_panel_per_metric_that_varies(rows):
    fig = mg.plot.distributions(rows)
    labels = [ax.get_xlabel() for ax in fig.axes if ax.get_visible()]
    varying = [m for m in rows.columns if m.endswith("_pct") or m.startswith("bias_") or m.endswith(("_mean", "_max"))
               or m in ("solution_length", "tortuosity", "n_passages")]
    expected = [m for m in varying if rows[m].notna().any() and rows[m].nunique() > 1]
    assert labels == [axis_label(m) for m in rows.columns if m in expected]
    assert axis_label("n_passages") not in labels  # 35 in every perfect 6x6 maze
    assert _ticks(fig.axes[0]) == VARIANTS
    assert fig.get_suptitle() == "orthogonal 6x6 · n = 6 mazes per variant"


def test_all_nan_and_constant_columns_never_crash():
    df = pd.DataFrame({
        "variant": pd.Categorical(["b", "b", "a", "a", "c", "c"], categories=["a", "b", "c"]),
        "gone": np.nan,
        "same": 4.0,
        "part": [1.0, 2.0, np.nan, np.nan, 5.0, 5.0],  # group a has no value, group c one value twice
        "few": [1.0, np.nan, 3.0, np.nan, np.nan, np.nan],
    })
    for kind in ("violin", "box", "strip"):
        fig = mg.plot.distributions(df, kind=kind)
        assert [ax.get_xlabel() for ax in fig.axes if ax.get_visible()] == ["part", "few"]
        assert _ticks(fig.axes[0]) == ["a", "b", "c"]  # category order, a kept though empty
        for metric in ("gone", "same"):
            _, ax = plt.subplots()
            mg.plot.distributions(df, metrics=metric, kind=kind, ax=ax)  # drawn when asked for by name
            assert _ticks(ax) == ["a", "b", "c"]
        fig.canvas.draw()
    with pytest.raises(mg.ExperimentError, match="nothing to draw"):
        mg.plot.distributions(df, metrics=["gone", "same"])


def test_rows_of_several_sizes_are_told_apart():
    df = pd.DataFrame({"variant": ["k", "k", "k", "k"], "tessellation": "orthogonal", "size": ["4x4", "4x4", "8x8",
                                                                                            "8x8"],
                       "x": [1.0, 2.0, 3.0, 4.0]})
    _, ax = plt.subplots()
    mg.plot.distributions(df, metrics="x", ax=ax)
    assert _ticks(ax) == ["k · orthogonal 4x4", "k · orthogonal 8x8"]


def test_bad_arguments_raise_maze_errors(rows):
    _, ax = plt.subplots()
    with pytest.raises(mg.InvalidOptionError, match="kind"):
        mg.plot.distributions(rows, kind="bar")
    with pytest.raises(mg.InvalidOptionError, match="by: 'nope'"):
        mg.plot.distributions(rows, by="nope")
    with pytest.raises(mg.InvalidOptionError, match="not columns of the frame: nope"):
        mg.plot.distributions(rows, metrics=["nope"])
    with pytest.raises(mg.InvalidOptionError, match="ax= draws one metric"):
        mg.plot.distributions(rows, ax=ax)


def test_rows_with_an_error_are_left_out():
    df = pd.DataFrame({"variant": ["a", "a", "b", "b"], "x": [1.0, 2.0, 100.0, 3.0],
                       "error": [None, None, "boom", None]})
    _, ax = plt.subplots()
    mg.plot.distributions(df, metrics="x", ax=ax)
    assert ax.get_xlim()[1] < 100 and "n = 1-2" in ax.get_title()


def test_scaling_lines_are_distinct_and_ticks_sit_at_the_grid_sides():
    algorithms = [f"alg{k:02d}" for k in range(15)]
    sides = [16, 32, 64, 128]
    lengths = pd.DataFrame([
        {"algorithm": a, "n": n, "length": (k + 1) * n ** (1 + k / 20)}
        for k, a in enumerate(algorithms) for n in sides for _ in range(2)
    ])
    fits = ust.fit_exponent(lengths, min_n=16)
    ax = mg.plot.scaling(lengths, fits)
    assert ax.get_xticks().tolist() == sides
    assert [t.get_text() for t in ax.get_xticklabels()] == [str(n) for n in sides]
    lines = [line for line in ax.get_lines() if line.get_marker() not in (None, "None", "")]
    assert len(lines) == 15
    assert len({(line.get_color(), line.get_marker()) for line in lines}) == 15
    assert len({line.get_color() for line in lines}) == 15 and len({line.get_marker() for line in lines}) == 15
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend[0].startswith("alg14: ")  # steepest first
    assert len(COLOURS) == len(set(COLOURS)) == len(MARKERS) == len(set(MARKERS)) == 15


def test_degrees_and_an_axes_of_the_callers():
    table = ust.compare_z2(ust.degree_fractions("wilson", "torus", (16, 16), mazes=3, seed=1))
    fig, (left, right) = plt.subplots(1, 2)
    assert mg.plot.degrees(table, ax=right) is right
    assert not left.has_data() and right.get_xlabel() == "passages at a cell (degree)"
    assert [t.get_text() for t in right.get_legend().get_texts()][0].startswith("exact")


def test_gallery_titles_and_marks():
    fig = mg.plot.gallery(mg.tessellations.sigma(4, 4), ["wilson", "kruskal", "prim_true"])
    assert [ax.get_title() for ax in fig.axes] == ["wilson", "kruskal", "prim_true"]
    assert fig.get_suptitle() == "sigma 4 x 4, seed 1"
    assert all(len(ax.collections) == 2 for ax in fig.axes)  # walls, then start and goal


def test_metric_table_covers_the_summary_keys():
    from mazegraph.metrics import SUMMARY_KEYS

    assert set(SUMMARY_KEYS) <= set(METRICS)
    for name in SUMMARY_KEYS:
        info = metric_info(name)
        assert info.label and info.definition and info.name == name
    assert metric_info("bias_north_south").unit == "ratio"


def test_plot_command_writes_the_figures(tmp_path, capsys):
    from mazegraph.cli import main

    small = dict(CONFIG, seeds=3, tessellations=[{"name": "orthogonal", "sizes": [[5, 5], [6, 4]]}],
                 metrics=["dead_end_pct", "solution_pct"])
    mg.experiment(small, out=tmp_path / "run", backend="serial", progress=False)
    deg = ust.compare_z2(ust.degree_fractions("wilson", "torus", (16, 16), mazes=3, seed=1))
    deg.to_csv(tmp_path / "ust.csv", index=False)
    df = ust.scaling("kruskal", [4, 8, 16], mazes=2, seed=1)
    df.to_csv(tmp_path / "lengths.csv", index=False)
    ust.fit_exponent(df).to_csv(tmp_path / "scaling.csv", index=False)
    assert main(["plot", str(tmp_path), "--out", str(tmp_path / "figs")]) == 0  # finds the experiment in run/
    names = sorted(p.name for p in (tmp_path / "figs").iterdir())
    assert names == ["degrees.png", "metrics-orthogonal-5x5.png", "metrics-orthogonal-6x4.png", "scaling.png"]
    assert all((tmp_path / "figs" / n).read_bytes().startswith(b"\x89PNG") for n in names)
    assert not plt.get_fignums()  # the command closes what it draws
    assert main(["plot", str(tmp_path / "run")]) == 0  # by default into the results folder, which stays a dataset
    assert len(list((tmp_path / "run" / "_plots").glob("*.png"))) == 2
    assert len(pd.read_parquet(tmp_path / "run")) == 3 * 5 * 2
    capsys.readouterr()
    assert main(["plot", str(tmp_path / "missing")]) == 1
    assert "is not a folder" in capsys.readouterr().err
