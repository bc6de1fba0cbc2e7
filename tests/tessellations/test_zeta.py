"""mazegraph.tessellations.zeta (squares with diagonals), and the tests shared with upsilon.

Counts and degree profiles by formula, wall geometry checked against the cell
centres, the zeta crossing relation checked against the geometry of the passages,
spanning trees from Kruskal and Wilson, JSON round trips and rendering.
"""

from __future__ import annotations

import json

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.tessellations import upsilon, upsilon_cells, zeta, zeta_cells, zeta_crossings

from ._upsilon_zeta import EIGHT, pieces, sizes

seeds = st.integers(0, 2**32 - 1)


def segments_cross(p, q, a, b) -> bool:
    """True if the open segments ``pq`` and ``ab`` cross at a single interior point."""

    def orient(u, v, w):
        return np.sign((v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0]))

    return orient(p, q, a) * orient(p, q, b) < 0 and orient(a, b, p) * orient(a, b, q) < 0


def direction_matches(name, dx, dy) -> bool:
    """The direction class must describe the passage's own direction."""
    eps = 1e-9
    return {
        "horizontal": abs(dy) < eps < abs(dx),
        "vertical": abs(dx) < eps < abs(dy),
        "northeast-southwest": dx * dy > eps,
        "northwest-southeast": dx * dy < -eps,
    }[name]


@settings(max_examples=30, deadline=None)
@given(sizes)
def test_zeta_counts_and_degrees(size):
    rows, cols = size
    G = zeta(rows, cols)
    assert G.number_of_nodes() == rows * cols
    assert G.number_of_edges() == rows * (cols - 1) + (rows - 1) * cols + 2 * (rows - 1) * (cols - 1)
    assert nx.is_connected(G)
    for r, c in G:
        assert set(G[(r, c)]) == {
            (r + dr, c + dc) for dr, dc in EIGHT if 0 <= r + dr < rows and 0 <= c + dc < cols
        }
    interior = [d for (r, c), d in G.degree if 0 < r < rows - 1 and 0 < c < cols - 1]
    assert interior == [8] * max(rows - 2, 0) * max(cols - 2, 0)


@pytest.mark.parametrize("build", [upsilon, zeta])
def test_direction_and_row_agree_with_geometry(build):
    G = build(5, 6)
    pos = nx.get_node_attributes(G, "pos")
    for u, v, name in G.edges(data="direction"):
        dx, dy = np.subtract(pos[v], pos[u])
        assert direction_matches(name, dx, dy), (u, v, name)
    # one row per height, row 0 at the top, one unit apart
    top = max(y for _, y in pos.values())
    for v, row in G.nodes(data="row"):
        assert pos[v][1] == pytest.approx(top - row)
    assert G.graph["start"] == (0, 0) and G.graph["goal"] == (4, 5)


@pytest.mark.parametrize("size", [(1, 1), (1, 5), (5, 1), (2, 2), (3, 4), (5, 5)])
def test_zeta_walls_separate_their_cells(size):
    G = zeta(*size)
    nodes = list(G)
    centre = np.array([G.nodes[v]["pos"] for v in nodes])
    index = {v: i for i, v in enumerate(nodes)}

    def nearest(point):
        d = np.hypot(*(centre - point).T)
        return d, np.argsort(d)

    for u, v, data in G.edges(data=True):
        parts = pieces(data["wall"])
        a, b = centre[index[u]], centre[index[v]]
        if "crosses" not in data:  # orthogonal: one straight side, equidistant from its cells
            (segment,) = parts
            d, order = nearest(segment.mean(axis=0))
            assert {order[0], order[1]} == {index[u], index[v]}
            assert d[order[0]] == pytest.approx(d[order[1]]) and d[order[2]] > d[order[1]] + 0.1
            assert segments_cross(a, b, *segment)
        else:  # diagonal: the two cut corners facing each other, one of each cell
            assert len(parts) == 2
            owners = []
            for segment in parts:
                d, order = nearest(segment.mean(axis=0))
                assert d[order[1]] > d[order[0]] + 0.1
                owners.append(order[0])
                assert segments_cross(a, b, *segment)
            assert sorted(owners) == sorted([index[u], index[v]])
            # with the crossing diagonal's wall it closes a diamond around the corner
            p, q = data["crosses"]
            diamond = np.round(np.concatenate(parts + pieces(G.edges[p, q]["wall"])), 9)
            _, counts = np.unique(diamond, axis=0, return_counts=True)
            assert len(counts) == 4 and (counts == 2).all()
    rows, cols = size
    (outline,) = G.graph["boundary"]
    assert set(outline) == {(0, 0), (cols, 0), (cols, rows), (0, rows)}


# -- the zeta crossing relation ------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(st.tuples(st.integers(1, 6), st.integers(1, 6)))
def test_zeta_crossings_match_the_geometry(size):
    rows, cols = size
    cells = zeta_cells(rows, cols)
    partner = zeta_crossings(cells)
    assert partner.shape == (cells.n_edges,)
    pos = cells.pos
    u, v = cells.edges.T
    step = pos[v] - pos[u]
    diagonal = (np.abs(step) > 1e-9).all(axis=1)
    assert diagonal.sum() == 2 * (rows - 1) * (cols - 1)
    assert (partner[~diagonal] == -1).all()
    diag = np.flatnonzero(diagonal)
    # every diagonal has exactly one partner, which is a diagonal, and it is mutual
    assert (partner[diag] >= 0).all()
    assert diagonal[partner[diag]].all()
    assert (partner[partner[diag]] == diag).all()
    # the partner is exactly the other passage whose straight line crosses this one
    for e in diag:
        crossing = [
            f for f in diag if f != e and segments_cross(pos[u[e]], pos[v[e]], pos[u[f]], pos[v[f]])
        ]
        assert crossing == [partner[e]]
        assert len({u[e], v[e], u[partner[e]], v[partner[e]]}) == 4
    # documented order: diagonal e crosses e +- (rows - 1)(cols - 1)
    block = (rows - 1) * (cols - 1)
    assert (np.abs(partner[diag] - diag) == block).all()


@settings(max_examples=15, deadline=None)
@given(st.tuples(st.integers(1, 6), st.integers(1, 6)))
def test_zeta_crosses_attribute_matches_the_array(size):
    G = zeta(*size)
    cells = mg.compile_graph(G)
    partner = zeta_crossings(G)
    assert np.array_equal(partner, zeta_crossings(cells))
    labels = cells.labels
    attribute = nx.get_edge_attributes(G, "crosses")
    assert len(attribute) == np.count_nonzero(partner >= 0)
    for e, (a, b) in enumerate(cells.edges.tolist()):
        here = G.edges[labels[a], labels[b]]
        if partner[e] < 0:
            assert "crosses" not in here
            continue
        p, q = here["crosses"]
        assert {p, q} == {labels[x] for x in cells.edges[partner[e]].tolist()}
        # symmetric, and the stored pair is an edge whose own partner is this edge
        assert set(G.edges[p, q]["crosses"]) == {labels[a], labels[b]}


def test_zeta_crossings_survive_json_and_rebuilding():
    M = mg.generate(zeta(4, 5), "kruskal", seed=11)
    again = mg.Maze.from_json(M.to_json())
    T = again.tessellation  # built from the arrays, not by zeta()
    assert nx.get_edge_attributes(T, "crosses") == nx.get_edge_attributes(M.tessellation, "crosses")
    assert np.array_equal(zeta_crossings(again.cells), zeta_crossings(M.cells))
    # a copy of the graph is compiled again from its spec and keeps the relation
    assert np.array_equal(zeta_crossings(M.tessellation.copy()), zeta_crossings(M.cells))


def test_zeta_crossings_rejects_graphs_without_row_col_labels():
    with pytest.raises(mg.UnsupportedError, match=r"\(row, col\)"):
        zeta_crossings(nx.path_graph(3))
    # other (row, col) graphs work: the orthogonal grid has no diagonals
    assert (zeta_crossings(mg.tessellations.orthogonal(3, 3)) == -1).all()


# -- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize("build", [upsilon, zeta, upsilon_cells, zeta_cells])
@pytest.mark.parametrize(
    "args, message",
    [((0, 3), "rows must be at least 1"), ((3, -2), "cols must be at least 1"),
     ((2.5, 3), "rows must be a whole number"), ((3, "4"), "cols must be a whole number"),
     ((True, 3), "rows must be a whole number")],
)
def test_bad_sizes_raise(build, args, message):
    with pytest.raises(mg.InvalidSizeError, match=message):
        build(*args)


@pytest.mark.parametrize("name", ["upsilon", "zeta"])
def test_registry(name):
    assert name in mg.tessellations.names()
    cells = mg.tessellations.build(name, 3, 4)
    assert cells.spec == {"tessellation": name, "rows": 3, "cols": 4}
    again = mg.tessellations.from_spec(json.loads(json.dumps(cells.spec)))
    assert np.array_equal(again.edges, cells.edges) and again.labels == cells.labels
    with pytest.raises(mg.InvalidSizeError, match="rows x cols"):
        mg.tessellations.build(name, 3)


# -- generators, JSON, rendering -----------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([upsilon, zeta]), st.tuples(st.integers(1, 8), st.integers(1, 8)),
       st.sampled_from(["kruskal", "wilson"]), seeds)
def test_generators_make_spanning_trees(build, size, algorithm, seed):
    G = build(*size)
    if build is zeta and algorithm == "wilson":  # Wilson cannot keep diagonals from crossing: it refuses
        with pytest.raises(mg.UnsupportedError, match="crossing diagonal"):
            mg.generate(G, algorithm, seed=seed)
        return
    M = mg.generate(G, algorithm, seed=seed)
    if build is zeta:  # never two crossing diagonals open
        partner = zeta_crossings(M.cells)
        diagonal = np.flatnonzero(partner >= 0)
        assert not (M.open[diagonal] & M.open[partner[diagonal]]).any()
    n = G.number_of_nodes()
    assert M.is_perfect()
    assert M.n_open == n - 1
    T = M.to_networkx()
    assert T.number_of_nodes() == n and nx.is_tree(T)
    assert set(T.edges) <= set(G.edges)
    assert mg.Maze.from_json(M.to_json()) == M
    assert mg.generate(G, algorithm, seed=seed) == M  # same seed, same maze


@pytest.mark.parametrize("build", [upsilon, zeta])
def test_render(build):
    M = mg.generate(build(5, 6), "kruskal", seed=4)
    svg = mg.render(M, solution=True)
    assert svg.startswith("<svg") and "<polyline" in svg
    png = mg.render(M, format="png")
    assert png.startswith(b"\x89PNG")
    # an open wall is not drawn: the maze draws fewer wall pieces than the bare board
    assert len(mg.render(M)) < len(mg.render(build(5, 6)))
