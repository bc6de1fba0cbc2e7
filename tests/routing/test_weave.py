"""mazegraph.routing.weave: weave_violations stays empty through every operation."""

from __future__ import annotations

from maze_checks import T

import mazegraph as mg


def test_operations_keep_weaves_valid():
    M = mg.generate(T.weave(9, 9), "backtracker", seed=4)
    for out in (mg.braid(M, seed=1), mg.sparsify(M, 2), mg.remove_loops(mg.braid(M, seed=2), seed=3)):
        assert len(mg.weave_violations(out)) == 0
    assert mg.remove_loops(mg.braid(M, seed=2), seed=3).is_perfect()
