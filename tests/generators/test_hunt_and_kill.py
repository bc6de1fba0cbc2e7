"""mazegraph.generators.hunt_and_kill: the hierarchical bitset the hunt scans, against a Python set.

The kernel itself is checked against a plain-Python reference in test_backtracker.py, with the other walkers.
"""

from __future__ import annotations

import numpy as np

from mazegraph.generators.hunt_and_kill import _add, _first, _levels, _remove


def test_hierarchical_bitset_against_a_set():
    rng = np.random.default_rng(0)
    for n in (1, 63, 64, 65, 4096, 4097, 300_000):  # one to four levels
        offsets = _levels(n)
        bits = np.zeros(offsets[-1], dtype=np.uint64)
        members = set()
        assert _first(bits, offsets, False) == -1
        for p in rng.integers(0, n, size=300).tolist():
            if p in members and rng.random() < 0.6:
                _remove(bits, offsets, p)
                members.discard(p)
            else:
                _add(bits, offsets, p)
                members.add(p)
            assert _first(bits, offsets, False) == (min(members) if members else -1)
            assert _first(bits, offsets, True) == (max(members) if members else -1)
