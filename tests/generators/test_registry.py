"""generate's remembered checks (per tessellation) never let a call through that the checks would refuse."""

from __future__ import annotations

import numpy as np
import pytest

import mazegraph as mg
from mazegraph._random import KernelSeed
from mazegraph.generators import binary_tree as bt
from mazegraph.params import Choice, Param

T = mg.tessellations


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


def test_only_declared_algorithms_get_a_kernel_seed():
    seen = []

    def plugin(cells, rng):
        seen.append(type(rng))
        return bt.binary_tree(cells, rng)

    cells = T.build("orthogonal", 4, 5)
    for lazy in (False, True):
        mg.register_algorithm("probe_rng", plugin, summary="records its rng", lazy_rng=lazy)
        try:
            M = mg.generate(cells, "probe_rng", seed=3)
        finally:
            mg.unregister_algorithm("probe_rng")
        assert M == mg.generate(cells, "binary_tree", seed=3) and M.meta["seed"] == 3
    assert seen == [np.random.Generator, KernelSeed]
    assert mg.algorithm_info("wilson").lazy_rng and mg.algorithm_info("binary_tree").lazy_rng


def _raised(tessellation, algorithm, **options):
    """The class and message of the MazeError ``generate`` raises, or None."""
    try:
        mg.generate(tessellation, algorithm, seed=1, **options)
    except mg.MazeError as error:
        return type(error), str(error)
    return None


def test_remembered_options_still_refuse_what_a_first_check_refuses():
    # options checked once on a tessellation are remembered by value and type; a bool is not the int it equals
    cells, fresh = T.build("orthogonal", 5, 6), T.build("orthogonal", 5, 6)
    assert mg.generate(cells, "sidewinder", seed=1, p_close=1) == mg.generate(fresh, "sidewinder", seed=1, p_close=1)
    for bad in ({"p_close": True}, {"p_close": 1.5}, {"p_close": "1"}, {"p_closed": 1}):
        expected = _raised(T.build("orthogonal", 5, 6), "sidewinder", **bad)
        assert expected is not None and _raised(cells, "sidewinder", **bad) == expected
    # what one tessellation allows, another refuses: the memo is the tessellation's own
    assert mg.generate(cells, "binary_tree", seed=1, order="rows").is_perfect()
    refused = _raised(T.build("delta", 5, 6), "binary_tree", order="rows")
    assert refused is not None and refused[0] is mg.errors.UnsupportedError


def test_the_options_memo_stays_small_in_a_sweep():
    cells = T.build("orthogonal", 4, 4)
    for i in range(200):
        p = i / 199
        M = mg.generate(cells, "sidewinder", seed=i, p_close=p)
        assert M == mg.generate(T.build("orthogonal", 4, 4), "sidewinder", seed=i, p_close=p)
    assert 0 < len(cells._memo[("algorithm_options", "sidewinder", "passage")]) <= 64
