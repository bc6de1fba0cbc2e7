"""generate's remembered checks (per tessellation) never let a call through that the checks would refuse."""

from __future__ import annotations

import numpy as np
import pytest

import mazegraph as mg
from mazegraph.params import Choice, Param


def _first_edges(cells, rng, *, how="all"):
    mask = np.zeros(cells.n_edges, dtype=bool)
    mask[: cells.n_cells - 1] = True  # not a maze: only what the plan lets through matters here
    return mask


def test_reregistered_algorithm_is_checked_afresh():
    G = mg.tessellations.orthogonal(3, 3)
    mg.register_algorithm("plan_probe", _first_edges, summary="probe", options=[Param("how", Choice(("all",)), "all")])
    try:
        mg.generate(G, "plan_probe", seed=1)  # runs: the plan is remembered on G's arrays
        mg.register_algorithm(
            "plan_probe", _first_edges, summary="probe", check=lambda cells: "refused by the new entry",
            options=[Param("how", Choice(("all",)), "all")],
        )
        with pytest.raises(mg.UnsupportedError, match="refused by the new entry"):
            mg.generate(G, "plan_probe", seed=1)
    finally:
        mg.unregister_algorithm("plan_probe")


def test_refusal_repeats_and_options_are_checked_after_a_default_run():
    D = mg.tessellations.delta(4, 4)
    mg.generate(D, "binary_tree", seed=1)  # defaults pass and are remembered
    for _ in range(2):  # an option value is still checked against the tessellation every time
        with pytest.raises(mg.UnsupportedError):
            mg.generate(D, "binary_tree", seed=1, order="rows")
    Z = mg.tessellations.zeta(4, 4)
    for _ in range(2):  # a refusal is not remembered as a pass
        with pytest.raises(mg.UnsupportedError, match="crossing"):
            mg.generate(Z, "wilson", seed=1)


def test_focus_is_checked_before_the_plan():
    G = mg.tessellations.orthogonal(3, 3)
    mg.generate(G, "kruskal", seed=1)
    with pytest.raises(mg.InvalidOptionError, match="focus"):
        mg.generate(G, "kruskal", seed=1, focus="walls")


def test_default_plan_is_per_focus():
    G = mg.tessellations.orthogonal(4, 4)
    passage, wall = mg.generate(G, "kruskal", seed=2), mg.generate(G, "kruskal", seed=2, focus="wall")
    assert passage.is_perfect() and wall.is_perfect() and passage != wall
    assert mg.generate(G, "kruskal", seed=2, focus="wall") == wall
