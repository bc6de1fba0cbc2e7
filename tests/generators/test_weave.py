"""mazegraph.generators.weave: weave Kruskal and the weave backtracker, tunnels, density, refusals."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from maze_checks import T, degrees, seeds

import mazegraph as mg

# -- weave ------------------------------------------------------------------------------------


@settings(deadline=None, max_examples=30)
@given(st.integers(1, 9), st.integers(1, 9), seeds, st.sampled_from(["kruskal", "backtracker"]))
def test_weave_generators_are_perfect_and_valid(rows, cols, seed, algorithm):
    options = {"density": 1.0} if algorithm == "kruskal" and seed % 2 and max(rows, cols) >= 3 else {}
    M = mg.generate(T.weave(rows, cols), algorithm, seed=seed, **options)
    assert M.is_perfect()
    assert len(mg.weave_violations(M)) == 0
    # every tunnel passes beneath a straight corridor of exactly two perpendicular passages
    under = M.cells.cell_refs["under"]
    deg = degrees(M)
    for e in np.flatnonzero(M.open & (under >= 0)).tolist():
        c = under[e]
        assert deg[c] == 2
        a, b = M.cells.edges[e]
        across = [f for f in range(M.cells.n_edges) if M.open[f] and c in M.cells.edges[f]]
        assert all(under[f] < 0 and M.cells.direction[f] != M.cells.direction[e] for f in across)
        assert not M.open[M.cells.edge_index(a, c)] and not M.open[M.cells.edge_index(c, b)]


def test_weave_tunnels_appear_and_options():
    tunnels = {a: (mg.generate(T.weave(12, 12), a, seed=1).open & (T.weave_cells(12, 12).tunnels >= 0)).sum()
               for a in ("kruskal", "backtracker")}
    assert min(tunnels.values()) > 3
    dense = mg.generate(T.weave(12, 12), "kruskal", seed=1, density=1.0)
    assert (dense.open & (dense.cells.tunnels >= 0)).sum() > tunnels["kruskal"]
    with pytest.raises(mg.InvalidOptionError, match="density"):
        mg.generate(T.weave(5, 5), "kruskal", seed=1, density=2)
    with pytest.raises(mg.InvalidOptionError, match="no under edges"):
        mg.generate(T.orthogonal(5, 5), "kruskal", seed=1, density=0.5)
    with pytest.raises(mg.InvalidOptionError, match="weave"):
        mg.generate(T.weave(5, 5), "kruskal", seed=1, until_connected=((0, 0), (4, 4)))
    with pytest.raises(mg.InvalidOptionError, match="weave"):
        mg.generate(T.weave(5, 5), "backtracker", seed=1, run=0.5)


@pytest.mark.parametrize("algorithm", sorted(set(mg.algorithms()) - {"kruskal", "backtracker"}))
def test_other_algorithms_refuse_weave_with_the_ones_that_work(algorithm):
    with pytest.raises(mg.UnsupportedError, match="weave.*backtracker, kruskal"):
        mg.generate(T.weave(4, 4), algorithm, seed=1)


def test_weave_without_tunnels_is_a_plain_grid():
    # a 2 x 2 weave has no under edges, so every algorithm runs as on an orthogonal grid
    assert len(T.weave_cells(2, 2).tunnels) == 0
    assert mg.generate(T.weave(2, 2), "wilson", seed=1).is_perfect()
