"""Helpers shared by the uniformity tests."""

from __future__ import annotations

import mazegraph as mg

# -- the verifier ---------------------------------------------------------------------------------------------

G23 = mg.tessellations.orthogonal(2, 3)
