"""Shared strategies and fixtures for the core tests."""

from __future__ import annotations

from hypothesis import strategies as st

import mazegraph as mg

# (name, builder, sizes strategy) for the four core tessellations
CORE = {
    "orthogonal": (mg.tessellations.orthogonal, st.tuples(st.integers(1, 9), st.integers(1, 9))),
    "delta": (mg.tessellations.delta, st.tuples(st.integers(1, 8), st.integers(2, 10))),
    "sigma": (mg.tessellations.sigma, st.tuples(st.integers(1, 8), st.integers(1, 8))),
    "sigma_hexagon": (mg.tessellations.sigma_hexagon, st.tuples(st.integers(1, 5))),
    "theta": (mg.tessellations.theta, st.tuples(st.integers(1, 6))),
}


@st.composite
def core_tessellations(draw):
    """A core tessellation graph of a random kind and size."""
    name = draw(st.sampled_from(sorted(CORE)))
    builder, sizes = CORE[name]
    return builder(*draw(sizes))


seeds = st.integers(0, 2**32 - 1)
