"""mazegraph.generators.wilson: the start and goal it records and the solution between them."""

from __future__ import annotations

import networkx as nx

import mazegraph as mg


def test_wilson_start_goal_and_solution():
    G = mg.tessellations.orthogonal(8, 8)
    M = mg.generate(G, "wilson", seed=4, start=(0, 7), goal=(7, 0))
    path = M.solution()
    assert path[0] == (0, 7) and path[-1] == (7, 0)
    assert all(M.to_networkx().has_edge(a, b) for a, b in zip(path, path[1:]))
    assert nx.shortest_path(M.to_networkx(), (0, 7), (7, 0)) == path
