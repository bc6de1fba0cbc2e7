"""mazegraph.structure.scan: scan orders, checked by sorting the drawing's or the labels' coordinates in Python."""

from __future__ import annotations

import networkx as nx
import pytest

import mazegraph as mg
from mazegraph.structure import scan_orders

T = mg.tessellations

DRAWN = {
    "orthogonal-4x5": lambda: T.orthogonal(4, 5),
    "delta-4x5": lambda: T.delta(4, 5),
    "sigma-4x5": lambda: T.sigma(4, 5),
    "theta-4": lambda: T.theta(4),
    "upsilon-3x4": lambda: T.upsilon(3, 4),
    "grid-3x3x2": lambda: T.grid((3, 3, 2)),
    "voronoi-30": lambda: T.voronoi(30, seed=2),
    "torus-3x4": lambda: T.torus(3, 4),
}


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_scan_orders_follow_the_drawing(name):
    cells = mg.compile_graph(DRAWN[name]())
    n = cells.n_cells
    x = [round(float(v), 6) for v in cells.layout[:, 0]]
    y = [round(-float(v), 6) for v in cells.layout[:, 1]]  # from the top down
    orders = scan_orders(cells)
    assert orders.shape == (2, n)
    assert sorted(orders[0].tolist()) == list(range(n)) and sorted(orders[1].tolist()) == list(range(n))
    assert orders[0].tolist() == sorted(range(n), key=lambda i: (y[i], x[i], i))  # row-major
    assert orders[1].tolist() == sorted(range(n), key=lambda i: (x[i], y[i], i))  # column-major


def test_scan_orders_of_a_rectangle():
    orders = scan_orders(mg.compile_graph(T.orthogonal(3, 4)))
    assert orders.tolist() == [list(range(12)), [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]]


def test_scan_orders_from_labels_without_a_drawing():
    G = nx.relabel_nodes(nx.grid_2d_graph(3, 4), lambda rc: (2 - rc[0], rc[1]))  # rows numbered upwards
    cells = mg.compile_graph(G)
    assert cells.layout is None
    labels = cells.labels.tolist()
    orders = scan_orders(cells)
    n = cells.n_cells
    assert orders[0].tolist() == sorted(range(n), key=lambda i: (labels[i][0], labels[i][1], i))
    assert orders[1].tolist() == sorted(range(n), key=lambda i: (labels[i][1], labels[i][0], i))


def test_scan_orders_none_without_geometry():
    cells = mg.compile_graph(nx.petersen_graph())
    assert scan_orders(cells).shape == (0, 10)
    assert scan_orders(cells) is scan_orders(cells)
    assert "scan_orders" in cells._memo
