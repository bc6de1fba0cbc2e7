"""Helpers shared by the voronoi and mask tessellation tests."""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import strategies as st

import mazegraph as mg

T = mg.tessellations
seeds = st.integers(0, 2**32 - 1)


def assert_perfect(G, algorithm, seed):
    M = mg.generate(G, algorithm, seed=seed)
    assert M.is_perfect()
    assert M.n_open == G.number_of_nodes() - 1
    assert nx.is_tree(M.to_networkx())
    return M


def assert_json_round_trip(M):
    back = mg.Maze.from_json(M.to_json())
    assert back == M
    assert back.cells.labels == M.cells.labels
    assert np.array_equal(back.cells.edges, M.cells.edges)
    assert np.array_equal(back.cells.pos, M.cells.pos)
    assert back.solution() == M.solution()


def assert_renders(M):
    svg = mg.render(M, solution=True)
    assert svg.startswith("<svg") and "<polyline" in svg
    assert mg.render(M, format="png").startswith(b"\x89PNG")
