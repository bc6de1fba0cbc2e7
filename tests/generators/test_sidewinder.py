"""mazegraph.generators.sidewinder: texture on a square grid."""

from __future__ import annotations

import mazegraph as mg

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
