"""Helpers shared by the tests of Prim (three flavours), Growing Tree and Growing Forest."""

from __future__ import annotations

import numpy as np

import mazegraph as mg

T = mg.tessellations


# -- texture -------------------------------------------------------------------------------


def texture(algorithm, options, n_mazes=20, size=50):
    """Mean dead-end and solution percentages over mazes of a size x size orthogonal board."""
    G = T.orthogonal(size, size)
    cells = mg.compile_graph(G)
    dead, solution = [], []
    for seed in range(n_mazes):
        M = mg.generate(G, algorithm, seed=seed, **options)
        degree = np.bincount(cells.edges[M.open].ravel(), minlength=cells.n_cells)
        dead.append(100 * np.mean(degree == 1))
        solution.append(100 * len(M.solution()) / cells.n_cells)
    return float(np.mean(dead)), float(np.mean(solution))
