"""mazegraph.structure.cell_order: Binary Tree's cell order, against the row attribute and networkx distances."""

from __future__ import annotations

import networkx as nx
import pytest

import mazegraph as mg
from mazegraph.errors import UnsupportedError
from mazegraph.structure import cell_order

T = mg.tessellations

GRAPHS = {
    "orthogonal-4x5": lambda: T.orthogonal(4, 5),
    "theta-4": lambda: T.theta(4),
    "grid-3x3x2": lambda: T.grid((3, 3, 2)),
    "delta-4x5": lambda: T.delta(4, 5),
    "sigma-4x5": lambda: T.sigma(4, 5),
    "zeta-4x4": lambda: T.zeta(4, 4),
    "weave-4x5": lambda: T.weave(4, 5),
    "voronoi-40": lambda: T.voronoi(40, seed=5),
    "mask-U": lambda: T.from_mask([".#.", ".#.", "..."]),
    "petersen": lambda: nx.petersen_graph(),
}


def plain_graph(G: nx.Graph, cells) -> nx.Graph:
    """G on cell indices without zeta diagonals (edges with a crossing partner)."""
    index = {label: i for i, label in enumerate(cells.labels.tolist())}
    H = nx.Graph()
    H.add_nodes_from(range(cells.n_cells))
    H.add_edges_from((index[u], index[v]) for u, v, d in G.edges(data=True) if "crosses" not in d)
    return H


def every_cell_has_an_earlier_neighbour(H: nx.Graph, order) -> bool:
    rank = {c: k for k, c in enumerate(order)}
    return all(any(rank[v] < k for v in H[c]) for k, c in enumerate(order) if k > 0)


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_cell_order(name):
    G = GRAPHS[name]()
    cells = mg.compile_graph(G)
    H = plain_graph(G, cells)
    n = cells.n_cells
    row = nx.get_node_attributes(G, "row")
    by_rows = None
    if row:
        index = {label: i for i, label in enumerate(cells.labels.tolist())}
        row = {index[v]: r for v, r in row.items()}
        by_rows = sorted(range(n), key=lambda i: (row[i], i))
    rows_work = by_rows is not None and every_cell_has_an_earlier_neighbour(H, by_rows)
    kind, order, rank, level = cell_order(cells)
    assert kind == ("rows" if rows_work else "bfs")
    assert sorted(order.tolist()) == list(range(n))
    assert [int(rank[c]) for c in order] == list(range(n))
    assert every_cell_has_an_earlier_neighbour(H, order.tolist())
    if kind == "rows":
        assert order.tolist() == by_rows
        assert level.tolist() == [row[i] - min(row.values()) for i in range(n)]
    else:
        assert cell_order(cells, "bfs")[0] == "bfs"
    kind, order, rank, level = cell_order(cells, "bfs")
    distance = nx.single_source_shortest_path_length(H, cells.start)
    assert order[0] == cells.start
    assert level.tolist() == [distance[i] for i in range(n)]
    assert every_cell_has_an_earlier_neighbour(H, order.tolist())
    # a breadth-first order: levels never fall, and neither do the ranks of the cells' parents
    parents = [min(int(rank[v]) for v in H[c] if level[v] == level[c] - 1) for c in order.tolist()[1:]]
    assert all(a <= b for a, b in zip(level[order][:-1], level[order][1:]))
    assert parents == sorted(parents)
    if not rows_work:
        with pytest.raises(UnsupportedError, match="order='rows'"):
            cell_order(cells, "rows")


def test_cell_order_is_remembered():
    cells = mg.compile_graph(T.delta(3, 4))
    assert cell_order(cells)[1] is cell_order(cells)[1]
    assert ("cell_order_bfs", cells.start) in cells._memo and "cell_order_rows" in cells._memo
