"""Helpers shared by the walking generators' tests (backtracker, hunt-and-kill, Aldous-Broder)."""

from __future__ import annotations

from collections import Counter

import mazegraph as mg

T = mg.tessellations


# -- Aldous-Broder samples uniformly ----------------------------------------------------------


def _tree_counts(G, algorithm, samples):
    return Counter(mg.generate(G, algorithm, seed=s).open.tobytes() for s in range(samples))
