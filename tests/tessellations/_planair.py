"""Helpers shared by the planair and named-surface tests."""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import strategies as st

import mazegraph as mg

T = mg.tessellations
seeds = st.integers(0, 2**32 - 1)


def plain(G: nx.Graph) -> nx.Graph:
    """The bare adjacency of G, without attributes (fast isomorphism checks)."""
    H = nx.Graph()
    H.add_nodes_from(G)
    H.add_edges_from(G.edges)
    return H


# -- the cube (and the demonstration box) against an independent folding in 3D ---------------

def surface_grid(x: int, y: int, z: int) -> nx.Graph:
    """The unit squares on the surface of an x * y * z box, adjacent when they share an edge.

    Computed from scratch in 3D: each square is the set of its four corners.
    """
    squares = []
    dims = (x, y, z)
    for axis in range(3):
        a, b = [k for k in range(3) if k != axis]
        for level in (0, dims[axis]):
            for i in range(dims[a]):
                for j in range(dims[b]):
                    corners = set()
                    for di, dj in itertools.product((0, 1), repeat=2):
                        p = [0, 0, 0]
                        p[axis], p[a], p[b] = level, i + di, j + dj
                        corners.add(tuple(p))
                    squares.append(frozenset(corners))
    G = nx.Graph()
    G.add_nodes_from(squares)
    edges_of = {}
    for s in squares:
        for p, q in itertools.combinations(sorted(s), 2):
            if sum(u != v for u, v in zip(p, q, strict=True)) == 1:
                edges_of.setdefault((p, q), []).append(s)
    for pair in edges_of.values():
        assert len(pair) == 2
        G.add_edge(*pair)
    return G


def fold(point, x: int, y: int, z: int):
    """Fold a point of the cross-shaped net of an x * y * z box onto the box.

    The net, as the docstring of :func:`cube` describes it: left, front, right
    and back side by side (height z) with the top above the front and the bottom
    below it. The front lies in the plane depth = 0 with its lower-left corner at
    the origin; every other face turns 90 degrees about the line it shares with
    its neighbour towards the front, so a distance d from that hinge becomes a
    depth d (or a height, for the top face past its hinge with the front).
    """
    X, Y = point
    if y <= Y <= y + z:  # middle row
        h = Y - y
        if X <= y:  # left face, hinge at X = y
            return (0.0, y - X, h)
        if X <= y + x:  # front face
            return (X - y, 0.0, h)
        if X <= 2 * y + x:  # right face, hinge at X = y + x
            return (float(x), X - (y + x), h)
        return (x - (X - (2 * y + x)), float(y), h)  # back face, hinge with the right face
    if Y > y + z:  # top face, hinge with the front at Y = y + z
        return (X - y, Y - (y + z), float(z))
    return (X - y, y - Y, 0.0)  # bottom face, hinge with the front at Y = y


def folded_square(G: nx.Graph, cell, x, y, z) -> frozenset:
    """The four 3D corners of a cell, folding its net corners (nudged into its own face)."""
    cx, cy = G.nodes[cell]["pos"]
    corners = set()
    for dx, dy in itertools.product((-0.5, 0.5), repeat=2):
        inside = fold((cx + 0.999 * dx, cy + 0.999 * dy), x, y, z)
        corners.add(tuple(int(round(v)) for v in inside))
    return frozenset(corners)
