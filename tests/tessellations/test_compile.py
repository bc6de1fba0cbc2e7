"""mazegraph.tessellations.compile: a graph compiles once and carries its arrays as attributes."""

from __future__ import annotations

import mazegraph as mg

T = mg.tessellations


def test_graph_carries_arrays_and_attributes():
    G = T.sigma(3, 4)
    cells = mg.compile_graph(G)
    assert mg.compile_graph(G) is cells  # compiled once
    assert cells.labels.tolist() == list(G.nodes)
    for _, _, data in G.edges(data=True):
        assert data["direction"] in ("east-west", "northeast-southwest", "northwest-southeast")
        assert len(data["wall"]) == 2
    assert all("row" in d and len(d["pos"]) == 2 for _, d in G.nodes(data=True))
    assert G.graph["name"] == "sigma" and G.graph["boundary"]
