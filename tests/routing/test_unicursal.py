"""mazegraph.routing.unicursal: to_unicursal, and the mazes it refuses."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from maze_checks import T, degrees, seeds

import mazegraph as mg

# -- unicursal conversion -------------------------------------------------------------------


@settings(deadline=None, max_examples=20)
@given(st.integers(1, 7), st.integers(1, 7), seeds, st.sampled_from(["kruskal", "wilson", "backtracker"]))
def test_to_unicursal(rows, cols, seed, algorithm):
    M = mg.generate(T.orthogonal(rows, cols), algorithm, seed=seed)
    U = mg.to_unicursal(M)
    assert U.cells.n_cells == 4 * rows * cols and U.is_perfect()
    deg = degrees(U)
    ends = {U.start_index, U.goal_index}
    assert (deg[list(ends)] == 1).all() and (np.delete(deg, list(ends)) == 2).all()
    assert len(U.solution()) == U.cells.n_cells


def test_to_unicursal_refuses():
    with pytest.raises(mg.UnsupportedError, match="rectangle"):
        mg.to_unicursal(mg.generate(T.sigma(3, 3), "kruskal", seed=1))
    with pytest.raises(mg.UnsupportedError, match="perfect"):
        mg.to_unicursal(mg.braid(mg.generate(T.orthogonal(4, 4), "kruskal", seed=1), seed=1))
