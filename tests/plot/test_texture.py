"""mazegraph.plot.texture: figures return Axes or Figures, label every variant apart, skip empty metrics."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

import mazegraph as mg  # noqa: E402
from mazegraph.metric_info import axis_label  # noqa: E402

from ._plot import CONFIG

VARIANTS = ["growing_tree[policy=newest]", "growing_tree[policy=random]", "kruskal", "kruskal[symmetry=rotate180]",
            "kruskal/wall"]


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
