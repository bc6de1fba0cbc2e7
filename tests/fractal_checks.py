"""Checks shared by the fractal tessellation's and the fractal generator's tests: nesting, blocks, sizes."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

sizes = st.tuples(st.integers(2, 4), st.integers(2, 4), st.integers(1, 3))


def _block_ids(F, rows: int, cols: int, depth: int, level: int) -> np.ndarray:
    """Each cell's block at ``level``, as one number, computed from the labels."""
    coords = F.labels.coords
    br, bc = coords[:, 0] // rows ** (depth - level), coords[:, 1] // cols ** (depth - level)
    return br * cols**level + bc
