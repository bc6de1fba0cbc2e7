"""Helpers shared by the grid and weave tessellation tests."""

from __future__ import annotations

from hypothesis import strategies as st

import mazegraph as mg

T = mg.tessellations
seeds = st.integers(0, 2**32 - 1)
