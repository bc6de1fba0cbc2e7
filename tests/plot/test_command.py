"""mazegraph.plot.command: ``mazegraph plot`` writes the figures."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import mazegraph as mg  # noqa: E402
from mazegraph.uniformity import ust  # noqa: E402

from ._plot import CONFIG


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
