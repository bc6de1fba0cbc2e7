"""mazegraph.plot.research: the scaling and degree figures of the research checks."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import mazegraph as mg  # noqa: E402
from mazegraph.plot.research import COLOURS, MARKERS  # noqa: E402
from mazegraph.uniformity import ust  # noqa: E402


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
