"""mazegraph.plot.mazes: the gallery's titles and marks."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")


import mazegraph as mg  # noqa: E402


def test_gallery_titles_and_marks():
    fig = mg.plot.gallery(mg.tessellations.sigma(4, 4), ["wilson", "kruskal", "prim_true"])
    assert [ax.get_title() for ax in fig.axes] == ["wilson", "kruskal", "prim_true"]
    assert fig.get_suptitle() == "sigma 4 x 4, seed 1"
    assert all(len(ax.collections) == 2 for ax in fig.axes)  # walls, then start and goal
