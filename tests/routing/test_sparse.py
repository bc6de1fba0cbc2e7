"""mazegraph.routing.sparse: sparsify's passes, radius and options."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from maze_checks import SMALL, T, kinds, seeds

import mazegraph as mg

# -- sparse ------------------------------------------------------------------------------


@settings(deadline=None, max_examples=20)
@given(kinds, st.integers(3, 8), st.integers(3, 8), seeds, st.integers(0, 4))
def test_sparsify_passes(kind, a, b, seed, passes):
    M = mg.generate(SMALL[kind](a, b), "kruskal", seed=seed)
    S = mg.sparsify(M, passes)
    assert (M.open | ~S.open).all()  # only closes walls
    kept = mg.flood(S, as_mask=True)
    removed = np.zeros(S.cells.n_cells, dtype=bool)
    removed[[S.cells.labels.index(x) for x in mg.removed_cells(S)]] = True
    assert np.array_equal(kept, ~removed)  # kept cells connected, removed cells unreachable
    assert S.n_open == kept.sum() - 1 and mg.is_solvable(S)
    assert S.meta["sparsify"]["removed"] == removed.sum()
    if passes == 0:
        assert S == M


@settings(deadline=None, max_examples=15)
@given(st.integers(3, 9), st.integers(3, 9), seeds, st.integers(1, 3))
def test_sparsify_radius(a, b, seed, radius):
    M = mg.generate(T.orthogonal(a, b), "kruskal", seed=seed)
    S = mg.sparsify(M, radius=radius, seed=seed)
    kept = mg.flood(S, as_mask=True)
    assert S.n_open == kept.sum() - 1 and mg.is_solvable(S)
    if radius == 1:  # no two maze cells touch without a passage between them
        u, v = S.cells.edges.T
        assert not (kept[u] & kept[v] & ~S.open).any()


def test_sparsify_options():
    M = mg.generate(T.orthogonal(4, 4), "kruskal", seed=1)
    for bad in ({}, {"passes": 1, "radius": 1}, {"passes": -1}, {"radius": 0}, {"passes": 1.5}):
        with pytest.raises(mg.InvalidOptionError):
            mg.sparsify(M, **bad)
