"""Helpers shared by the upsilon and zeta tessellation tests."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

EIGHT = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]

sizes = st.tuples(st.integers(1, 9), st.integers(1, 9))


def pieces(wall):
    """A ``wall`` attribute split at its NaN points, as ``(k, 2)`` arrays."""
    points = np.asarray(wall, dtype=float)
    cuts = np.flatnonzero(np.isnan(points).any(axis=1))
    parts = [part[~np.isnan(part).any(axis=1)] for part in np.split(points, cuts)]
    return [part for part in parts if len(part)]
