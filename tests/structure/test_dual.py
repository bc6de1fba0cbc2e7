"""mazegraph.structure.dual: the planar wall dual, checked by Euler's formula and spanning-tree duality (networkx)."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

import mazegraph as mg
from mazegraph.errors import UnsupportedError
from mazegraph.structure import post_lattice, wall_dual

T = mg.tessellations

PLANAR = {
    "orthogonal-5x7": lambda: T.orthogonal(5, 7),
    "corridor-1x6": lambda: T.orthogonal(1, 6),
    "delta-4x7": lambda: T.delta(4, 7),
    "sigma-4x5": lambda: T.sigma(4, 5),
    "sigma_hexagon-3": lambda: T.sigma_hexagon(3),
    "theta-5": lambda: T.theta(5),
    "upsilon-4x5": lambda: T.upsilon(4, 5),
    "voronoi-50": lambda: T.voronoi(50, seed=4),
    "mask": lambda: T.from_mask(["..##..", "......", ".####.", ".#...."]),
    "fractal-2x3x2": lambda: T.fractal(2, 3, 2),
}
NOT_PLANAR = {
    "torus": lambda: T.torus(3, 4),
    "grid3d": lambda: T.grid((3, 3, 2)),
    "zeta": lambda: T.zeta(3, 3),
    "weave": lambda: T.weave(3, 3),
    "ring mask": lambda: T.from_mask(["....", ".##.", "...."]),
    "petersen": lambda: nx.petersen_graph(),
}


def tree_edges(graph: nx.Graph | nx.MultiGraph, seed: int) -> set:
    """The edge keys of a random spanning tree (Kruskal on random weights, networkx)."""
    rng = np.random.default_rng(seed)
    for *_, data in graph.edges(data=True):
        data["weight"] = rng.random()
    return {key for _, _, key in nx.minimum_spanning_edges(graph, algorithm="kruskal", keys=True, data=False)}


@pytest.mark.parametrize("name", sorted(PLANAR))
def test_wall_dual_duality(name):
    cells = mg.compile_graph(PLANAR[name]())
    dual = wall_dual(cells)
    n, m = cells.n_cells, cells.n_edges
    assert dual.cells.n_cells == m - n + 2  # Euler: vertices - edges + faces = 2, faces = posts
    assert sorted(dual.primal_edge.tolist() + dual.loops.tolist()) == list(range(m))
    assert dual.cells.n_edges == len(dual.primal_edge)
    posts = nx.MultiGraph()
    posts.add_nodes_from(range(dual.cells.n_cells))
    for k, (a, b) in enumerate(dual.cells.edges.tolist()):
        posts.add_edge(a, b, key=k)
    primal = nx.MultiGraph()
    primal.add_nodes_from(range(n))
    for e, (a, b) in enumerate(cells.edges.tolist()):
        primal.add_edge(a, b, key=e)
    for seed in range(3):
        # the walls of a spanning tree of posts leave open a spanning tree of cells ...
        walls = np.zeros(dual.cells.n_edges, dtype=bool)
        walls[sorted(tree_edges(posts, seed))] = True
        is_open = dual.passages(walls, m)
        opened = primal.edge_subgraph([(a, b, e) for e, (a, b) in enumerate(cells.edges.tolist()) if is_open[e]])
        assert opened.number_of_nodes() == n and nx.is_tree(opened) or n == 1
        # ... and the walls of a spanning tree of cells are a spanning tree of posts
        kept = tree_edges(primal, seed)
        assert set(dual.loops.tolist()) <= kept  # a boundary-to-boundary wall cuts the cells in two
        closed = [(a, b, k) for k, (a, b) in enumerate(dual.cells.edges.tolist()) if dual.primal_edge[k] not in kept]
        standing = nx.MultiGraph(closed)
        standing.add_nodes_from(range(dual.cells.n_cells))
        assert nx.is_tree(standing)


@pytest.mark.parametrize("name", sorted(NOT_PLANAR))
def test_wall_dual_refuses_non_planar(name):
    cells = mg.compile_graph(NOT_PLANAR[name]())
    with pytest.raises(UnsupportedError, match="focus='wall' needs a planar tessellation"):
        wall_dual(cells)
    assert isinstance(cells._memo["wall_dual"], str)  # the refusal is remembered too


def test_wall_dual_is_remembered():
    cells = mg.compile_graph(T.orthogonal(3, 3))
    assert wall_dual(cells) is wall_dual(cells)


@pytest.mark.parametrize("name", ["orthogonal-5x7", "sigma-4x5", "theta-5", "mask"])
def test_slot_ends_are_the_walls_posts(name):
    """Each dual slot u -> v runs along its wall, from u's post to v's; an interior post's slots all start at it.
    Catches the two ends swapped and the slots of the contracted boundary given one shared point."""
    from mazegraph.structure.dual import BOUNDARY, grow_root, slot_ends

    cells = mg.compile_graph(PLANAR[name]())
    dual = wall_dual(cells)
    near, far = slot_ends(dual.cells)
    walls = cells.walls
    indptr = dual.cells.indptr
    assert grow_root(dual.cells) == BOUNDARY and grow_root(cells) == -1
    for u in range(dual.cells.n_cells):
        for s in range(indptr[u], indptr[u + 1]):
            e = dual.primal_edge[dual.cells.edge_ids[s]]
            ends = walls.points[[walls.ptr[e], walls.ptr[e + 1] - 1]]
            pair = {tuple(np.round(p, 6)) for p in (near[s], far[s])}
            assert pair == {tuple(np.round(p, 6)) for p in ends}
        if u != BOUNDARY and indptr[u + 1] > indptr[u]:
            assert np.allclose(near[indptr[u]:indptr[u + 1]], near[indptr[u]])
        v = dual.cells.neighbors[indptr[u]:indptr[u + 1]]
        for s, w in zip(range(indptr[u], indptr[u + 1]), v):
            if w != BOUNDARY:  # the far end is the neighbour's own post
                assert np.allclose(far[s], near[indptr[w]])
    # the boundary's slots start at many different boundary posts
    boundary_starts = {tuple(p) for p in np.round(near[indptr[BOUNDARY]:indptr[BOUNDARY + 1]], 6)}
    assert len(boundary_starts) > 1


@pytest.mark.parametrize("shape", [(2, 2), (3, 4), (6, 3)])
def test_post_lattice_walls_close_the_passages_between_the_right_cells(shape):
    # the wall from post (i, j) to (i, j + 1) separates cells (i - 1, j) and (i, j); from (i, j) to (i + 1, j),
    # cells (i, j - 1) and (i, j): checked through the dual's primal edges against the cells' labels
    rows, cols = shape
    cells = mg.compile_graph(T.orthogonal(rows, cols))
    dual = wall_dual(cells)
    lattice = post_lattice(dual.cells)
    assert (lattice.rows, lattice.cols) == (rows, cols)
    labels = cells.labels.tolist()

    def between(e):
        return {tuple(labels[c]) for c in cells.edges[dual.primal_edge[e]]}

    for i in range(1, rows):
        for j in range(cols):
            assert between(lattice.right[i, j]) == {(i - 1, j), (i, j)}
    for i in range(rows):
        for j in range(1, cols):
            assert between(lattice.down[i, j]) == {(i, j - 1), (i, j)}
    assert (lattice.vertex[1:-1, 1:-1] > 0).all() and lattice.vertex[[0, -1], :].max() == 0
    assert lattice.vertex[:, [0, -1]].max() == 0


@pytest.mark.parametrize("name", ["corridor-1x6", "delta-4x7", "sigma-4x5", "theta-5", "mask"])
def test_post_lattice_only_for_rectangles(name):
    cells = mg.compile_graph(PLANAR[name]())
    assert post_lattice(wall_dual(cells).cells) is None
    assert post_lattice(mg.compile_graph(T.orthogonal(4, 4))) is None  # a tessellation is no wall dual
