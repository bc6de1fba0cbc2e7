"""mazegraph.uniformity.ust: degree fractions against Z^2, interior cells and the scaling fit (figures: tests/plot/)."""

from __future__ import annotations

import mazegraph as mg
from mazegraph.uniformity import (
    ust,
)

# -- UST limits -----------------------------------------------------------------------------------------------


def test_degree_fractions_agree_with_z2():
    table = ust.compare_z2(ust.degree_fractions("wilson", "torus", (64, 64), mazes=20, seed=2))
    # 20 x 4096 cells: standard errors ~0.001; allow 4 standard errors so the fixed seed has wide slack
    assert (table["z"].abs() < 4).all(), table


def test_interior_and_scaling_fit():
    inside = ust.interior_cells(mg.tessellations.build("orthogonal", 10, 10), 3)
    assert len(inside) == 16
    df = ust.scaling(["wilson", "backtracker"], [8, 16, 32], mazes=4, seed=3)
    fits = ust.fit_exponent(df).set_index("algorithm")
    assert fits.loc["backtracker", "exponent"] > fits.loc["wilson", "exponent"] > 1.0
