"""mazegraph.routing.braid: dead ends removed (all or a fraction), reproducibly."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from maze_checks import SMALL, T, degrees, kinds, no_open_crossings, seeds, sizes

import mazegraph as mg

# -- braid ---------------------------------------------------------------------------


@settings(deadline=None, max_examples=25)
@given(kinds, sizes, sizes, seeds)
def test_braid_leaves_no_avoidable_dead_end(kind, a, b, seed):
    M = mg.generate(SMALL[kind](a, b), "kruskal", seed=seed)
    before = M.open.copy()
    B = mg.braid(M, seed=seed)
    assert np.array_equal(M.open, before)  # input untouched
    assert (B.open | ~M.open).all()  # only opens walls
    assert B.is_connected() and no_open_crossings(B)
    dead = degrees(B) == 1
    assert not (dead & (B.cells.degree > 1)).any()


@settings(deadline=None, max_examples=20)
@given(kinds, st.integers(4, 8), st.integers(4, 8), seeds, st.sampled_from([0.0, 0.25, 0.5, 0.75]))
def test_partial_braid_removes_about_the_fraction(kind, a, b, seed, fraction):
    M = mg.generate(SMALL[kind](a, b), "backtracker" if kind != "zeta" else "kruskal", seed=seed)
    info = mg.braid(M, fraction, seed=seed).meta["braid"]
    target = round(fraction * info["dead_ends_before"])
    removed = info["dead_ends_before"] - info["dead_ends_after"]
    unavoidable = int(((degrees(M) == 1) & (M.cells.degree == 1)).sum())  # cells with one neighbour
    assert min(target, info["dead_ends_before"] - unavoidable) <= removed <= target + 1


def test_braid_is_reproducible_and_checks_options():
    M = mg.generate(T.orthogonal(6, 6), "wilson", seed=1)
    assert mg.braid(M, seed=3) == mg.braid(M, seed=3)
    with pytest.raises(mg.InvalidOptionError):
        mg.braid(M, 1.5)
    with pytest.raises(mg.InvalidOptionError):
        mg.braid(M.cells, 1.0)
    with pytest.raises(mg.InvalidSeedError):
        mg.braid(M, seed="x")
