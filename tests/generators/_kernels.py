"""Shared by the kernel tests of Binary Tree and Sidewinder: tessellations, and the general kernels the fast paths skip.

The fast paths (Binary Tree's per-cell lists of earlier edges without zeta
crossings, Sidewinder's set-free kernel on rows that are single chains) are
checked against these general kernels, draw for draw, and against scipy's count
of components.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

import mazegraph as mg
from mazegraph.generators import binary_tree as bt
from mazegraph.generators import sidewinder as sw
from mazegraph.structure.rows import row_structure

T = mg.tessellations


def _cases():
    return {
        "orthogonal-7x9": T.orthogonal(7, 9),
        "orthogonal-1x6": T.orthogonal(1, 6),
        "orthogonal-6x1": T.orthogonal(6, 1),
        "sigma-6x7": T.sigma(6, 7),
        "delta-6x8": T.delta(6, 8),
        "theta-4": T.theta(4),
        "upsilon-5x6": T.upsilon(5, 6),
        "zeta-6x6": T.zeta(6, 6),
        "grid-3x4x3": T.grid((3, 4, 3)),
        "cylinder-5x6": T.cylinder(5, 6),
        "torus-5x6": T.torus(5, 6),
        "moebius-4x8": T.moebius(4, 8),
        "cube-3": T.cube(3),
        "voronoi-40": T.voronoi(40, seed=1),
        "mask-heart": T.build("mask").to_networkx(),
        "petersen": nx.petersen_graph(),
    }


CASES = _cases()


def is_spanning_tree(cells, mask) -> bool:
    u, v = cells.edges[mask].T
    graph = coo_matrix((np.ones(len(u)), (u, v)), shape=(cells.n_cells, cells.n_cells))
    return mask.sum() == cells.n_cells - 1 and connected_components(graph, directed=False)[0] == 1


def general_binary_tree(cells, state, p_up, order):
    ordered, kind = bt.slot_kinds(cells, order)
    p = -1.0 if p_up is None else p_up
    return bt._binary_tree(cells.indptr, cells.neighbors, cells.edge_ids, ordered, kind, cells.crossings, p, state)


def general_sidewinder(cells, state, p_close):
    rs = row_structure(cells)
    return sw._sidewinder(cells.indptr, cells.neighbors, cells.edge_ids, rs.rown, rs.order, rs.rowptr, rs.posr, rs.nxt,
                          rs.cyc, rs.up, rs.upslot, rs.futloc, rs.ncomp, rs.crosses, p_close, state)


def shuffled_grid(rows, cols, seed):
    """``nx.grid_2d_graph`` with its nodes and edges inserted in random order: cells and edges numbered otherwise."""
    G = nx.grid_2d_graph(rows, cols)
    rng = np.random.default_rng(seed)
    H = nx.Graph()
    H.add_nodes_from(list(G.nodes)[i] for i in rng.permutation(G.number_of_nodes()))
    H.add_edges_from(list(G.edges)[i][::-1] if rng.random() < 0.5 else list(G.edges)[i]
                     for i in rng.permutation(G.number_of_edges()))
    return H
