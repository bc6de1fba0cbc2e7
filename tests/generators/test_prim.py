"""mazegraph.generators.prim: true Prim's texture is Kruskal's (the rest: test_growing_tree.py)."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

import mazegraph as mg
from mazegraph._random import kernel_state
from mazegraph.generators.prim import _grid_directions, _prim_modified, _prim_modified_grid, cyclic_slots
from mazegraph.structure.dual import wall_dual

from ._growing import texture
from ._kernels import shuffled_grid

T = mg.tessellations


def test_prim_true_is_kruskal_texture():
    """Both are minimum spanning trees for independent random weights: the same distribution."""
    assert abs(texture("prim_true", {})[0] - texture("kruskal", {})[0]) < 0.8


# Prim (modified)'s square-grid kernel against its CSR kernel, which test_fidelity_walls checks against a
# reference written from Daedalus' description.


def test_prim_grid_kernel_only_on_orthogonal_numbered_grids():
    """The grid kernel needs the numbering it computes edges by; other graphs take the CSR kernel."""
    grids = [T.orthogonal(7, 9), T.build("orthogonal", 3, 3), T.grid((4, 6)), T.from_mask(np.ones((3, 5), bool)),
             T.orthogonal(2, 2)]
    assert all(_grid_directions(mg.compile_graph(G)) is not None for G in grids)
    others = [nx.grid_2d_graph(4, 5), shuffled_grid(4, 5, 0), T.orthogonal(1, 6), T.orthogonal(6, 1), T.sigma(4, 4),
              T.grid((3, 3, 2))]
    assert all(_grid_directions(mg.compile_graph(G)) is None for G in others)
    assert _grid_directions(wall_dual(mg.compile_graph(T.orthogonal(5, 5))).cells) is None


@pytest.mark.parametrize("shape", [(2, 2), (2, 5), (5, 2), (3, 3), (7, 9), (13, 4), (50, 31), (100, 100)])
def test_prim_grid_kernel_is_the_csr_kernel(shape):
    """Same maze and the same draws left in the stream as the CSR kernel with Daedalus' cyclic pick."""
    cells = mg.compile_graph(T.build("orthogonal", *shape))
    ptr, slot = cyclic_slots(cells)
    grid = _grid_directions(cells)
    for seed in range(10):
        a, b = kernel_state(np.random.default_rng(seed)), kernel_state(np.random.default_rng(seed))
        fast = _prim_modified_grid(*grid, a)
        general = _prim_modified(cells.indptr, cells.neighbors, cells.edge_ids, cells.crossings, b, -1, ptr, slot)
        assert np.array_equal(fast, general), seed
        assert np.array_equal(a, b)
        assert np.array_equal(mg.generate(cells, "prim_modified", seed=seed).open, general)
