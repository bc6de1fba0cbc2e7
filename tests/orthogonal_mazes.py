"""A hypothesis strategy for the orthogonal maze formats: any walls, any start and goal."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

import mazegraph as mg


@st.composite
def orthogonal_mazes(draw, max_side: int = 9):
    """A maze on ``orthogonal(rows, cols)`` with random open walls and distinct random ends (any loops allowed)."""
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    cells = mg.tessellations.build("orthogonal", rows, cols)
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    opened = rng.random(cells.n_edges) < draw(st.sampled_from([0.0, 0.3, 0.6, 1.0]))
    if cells.n_cells == 1:
        return mg.Maze(cells, opened)
    start, goal = rng.choice(cells.n_cells, 2, replace=False).tolist()
    return mg.Maze(cells, opened, start=cells.labels[start], goal=cells.labels[goal])
