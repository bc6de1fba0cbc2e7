"""mazegraph.generators.sidewinder: texture on a square grid."""

from __future__ import annotations

import numpy as np
import pytest

import mazegraph as mg
from mazegraph._random import as_generator, kernel_state
from mazegraph.generators import sidewinder as sw
from mazegraph.tessellations.compile import compile_graph

from ._kernels import CASES, general_sidewinder, is_spanning_tree
from ._rows import T, _open_pairs


def test_sidewinder_texture_on_a_square_grid():
    R, C = 8, 10
    G = T.orthogonal(R, C)
    for seed in range(5):
        M = mg.generate(G, "sidewinder", seed=seed)
        pairs = _open_pairs(M)
        assert all(frozenset({(0, c), (0, c + 1)}) in pairs for c in range(C - 1))
        for r in range(1, R):  # one passage up from every run: runs = row cells minus row passages
            row_passages = sum(frozenset({(r, c), (r, c + 1)}) in pairs for c in range(C - 1))
            ups = sum(frozenset({(r, c), (r - 1, c)}) in pairs for c in range(C))
            assert ups == C - row_passages
    columns = _open_pairs(mg.generate(G, "sidewinder", seed=1, p_close=1.0))
    assert all(frozenset({(r, c), (r + 1, c)}) in columns for r in range(R - 1) for c in range(C))
    rows = _open_pairs(mg.generate(G, "sidewinder", seed=1, p_close=0.0))
    assert all(frozenset({(r, c), (r, c + 1)}) in rows for r in range(R) for c in range(C - 1))


ROWED = sorted(name for name, G in CASES.items() if compile_graph(G).row is not None)


def test_single_chains_is_taken_where_rows_are_single_paths_only():
    fast = {name for name in ROWED if sw.single_chains(compile_graph(CASES[name])) is not None}
    assert {"orthogonal-7x9", "orthogonal-1x6", "orthogonal-6x1", "sigma-6x7", "delta-6x8"} <= fast
    # cycles (theta rings, cylinder and torus rows), crossings (zeta), several chains in a row (3D levels)
    assert not fast & {"theta-4", "cylinder-5x6", "torus-5x6", "zeta-6x6", "grid-3x4x3"}


@pytest.mark.parametrize("name", ROWED)
@pytest.mark.parametrize("p_close", [0.0, 0.2, 0.5, 1.0])
def test_sidewinder_chains_draw_as_the_general_kernel(name, p_close):
    cells = compile_graph(CASES[name])
    chains = sw.single_chains(cells)
    for seed in range(4):
        expected_state = kernel_state(as_generator(seed))
        expected = general_sidewinder(cells, expected_state, p_close)
        assert np.array_equal(mg.generate(cells, "sidewinder", seed=seed, p_close=p_close).open, expected)
        if chains is not None:
            state = kernel_state(as_generator(seed))
            ours = sw._sidewinder_chains(*chains, cells.n_edges, p_close, state)
            assert np.array_equal(ours, expected) and np.array_equal(state, expected_state)
        assert is_spanning_tree(cells, expected)
