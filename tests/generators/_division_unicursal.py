"""Helpers shared by the tests of recursive division, unicursal labyrinths and the exhaustive search."""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import assume
from hypothesis import strategies as st

import mazegraph as mg

T = mg.tessellations
seeds = st.integers(0, 2**32 - 1)
small = st.integers(1, 6)


def _mask(draw):
    mask = np.array(draw(st.lists(st.booleans(), min_size=36, max_size=36))).reshape(6, 6)
    mask[0, 0] = True
    return T.from_mask(mask, largest=True)


def _regular(draw):
    G = nx.random_regular_graph(3, draw(st.sampled_from([4, 6, 8, 10, 12])), seed=draw(st.integers(0, 50)))
    assume(nx.is_connected(G))
    return G


BUILDERS = {
    "orthogonal": lambda d: T.orthogonal(d(small), d(small)),
    "delta": lambda d: T.delta(d(small), d(st.integers(2, 7))),
    "sigma": lambda d: T.sigma(d(small), d(small)),
    "sigma_hexagon": lambda d: T.sigma_hexagon(d(st.integers(1, 4))),
    "theta": lambda d: T.theta(d(st.integers(1, 5))),
    "upsilon": lambda d: T.upsilon(d(small), d(small)),
    "grid": lambda d: T.grid(tuple(d(st.lists(st.integers(1, 4), min_size=1, max_size=3)))),
    "torus": lambda d: T.torus(d(st.integers(3, 6)), d(st.integers(3, 6))),
    "cylinder": lambda d: T.cylinder(d(st.integers(1, 6)), d(st.integers(3, 6))),
    "moebius": lambda d: T.moebius(d(st.integers(2, 6)), d(st.integers(3, 6))),
    "klein": lambda d: T.klein(d(st.integers(3, 6)), d(st.integers(3, 6))),
    "cube": lambda d: T.cube(d(st.integers(1, 3))),
    "voronoi": lambda d: T.voronoi(d(st.integers(1, 40)), seed=d(st.integers(0, 1000))),
    "mask": _mask,
    "petersen": lambda d: nx.petersen_graph(),
    "regular": _regular,
    "grid_2d_graph": lambda d: nx.grid_2d_graph(d(small), d(small)),
}


@st.composite
def tessellations(draw, exclude=()):
    """A tessellation (or plain graph) of a random kind and small size, and its kind."""
    name = draw(st.sampled_from(sorted(set(BUILDERS) - set(exclude))))
    return name, BUILDERS[name](draw)


def dead_end_percent(M) -> float:
    degree = np.bincount(M.cells.edges[M.open].ravel(), minlength=M.cells.n_cells)
    return 100.0 * np.count_nonzero(degree == 1) / M.cells.n_cells


# == unicursal ==========================================================================


def has_hamiltonian_path(G) -> bool:
    """Brute force over subsets (Held-Karp style): fine up to ~14 cells."""
    nodes = list(G)
    index = {v: i for i, v in enumerate(nodes)}
    n = len(nodes)
    adjacency = [0] * n
    for u, v in G.edges:
        adjacency[index[u]] |= 1 << index[v]
        adjacency[index[v]] |= 1 << index[u]
    ends = [0] * (1 << n)  # ends[subset]: the cells where a path through exactly that subset can end
    for i in range(n):
        ends[1 << i] = 1 << i
    for subset in range(1, 1 << n):
        e = ends[subset]
        while e:
            low = e & -e
            i = low.bit_length() - 1
            e ^= low
            step = adjacency[i] & ~subset
            while step:
                b = step & -step
                step ^= b
                ends[subset | b] |= b
    return ends[(1 << n) - 1] != 0
