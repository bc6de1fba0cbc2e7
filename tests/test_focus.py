"""Wall adding by planar duality, and which algorithms run where."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from conftest import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.structure.dual import wall_dual

T = mg.tessellations
PLANAR = {
    "orthogonal": lambda: T.orthogonal(7, 9),
    "corridor": lambda: T.orthogonal(1, 6),
    "delta": lambda: T.delta(6, 9),
    "sigma": lambda: T.sigma(6, 7),
    "sigma_hexagon": lambda: T.sigma_hexagon(4),
    "theta": lambda: T.theta(6),
    "upsilon": lambda: T.upsilon(5, 7),
    "voronoi": lambda: T.voronoi(80, seed=3),
    "mask": lambda: T.from_mask(["..##..", "......", ".####.", ".#...."]),
}
NOT_PLANAR = {
    "torus": (lambda: T.torus(4, 5), "several pieces"),
    "cube": (lambda: T.cube(3), "several pieces"),
    "grid3d": (lambda: T.grid((3, 3, 2)), "without a wall"),
    "zeta": (lambda: T.zeta(4, 4), "several pieces"),
    "weave": (lambda: T.weave(4, 4), "without a wall"),
    "ring mask": (lambda: T.from_mask(["....", ".##.", "...."]), "Euler"),
    "petersen": (lambda: nx.petersen_graph(), "no wall"),
}


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(PLANAR)), algorithm=st.sampled_from(["kruskal", "wilson"]), seed=seeds)
def test_wall_adding_gives_spanning_trees(name, algorithm, seed):
    G = PLANAR[name]()
    M = mg.generate(G, algorithm, seed=seed, focus="wall")
    assert M.is_perfect() and nx.is_tree(M.to_networkx())
    assert M.meta["focus"] == "wall"
    # the closed walls are a spanning tree of the dual: posts joined, no wall loop
    dual = wall_dual(M.cells)
    closed = ~M.open[dual.primal_edge]
    walls = nx.MultiGraph()
    walls.add_nodes_from(range(dual.cells.n_cells))
    walls.add_edges_from(dual.cells.edges[closed].tolist())
    assert nx.is_tree(walls)
    assert M.open[dual.loops].all()  # boundary-to-boundary walls can never close


def test_wall_adding_is_reproducible_and_differs_from_passages():
    G = T.orthogonal(12, 12)
    a = mg.generate(G, "kruskal", seed=5, focus="wall")
    assert a == mg.generate(G, "kruskal", seed=5, focus="wall")
    assert a != mg.generate(G, "kruskal", seed=5)


def test_wilson_wall_adding_keeps_uniform_texture():
    """The dual of a uniform spanning tree is uniform: the dead-end share stays near 29%."""
    cells = T.build("orthogonal", 40, 40)
    shares = []
    for seed in range(12):
        M = mg.generate(cells, "wilson", seed=seed, focus="wall")
        degree = np.bincount(cells.edges[M.open].ravel(), minlength=cells.n_cells)
        shares.append(np.mean(degree == 1))
    assert 0.27 < np.mean(shares) < 0.32


@pytest.mark.parametrize("name", sorted(NOT_PLANAR))
def test_wall_adding_refused_where_not_planar(name):
    build, reason = NOT_PLANAR[name]
    with pytest.raises(mg.UnsupportedError, match=reason):
        mg.generate(build(), "kruskal", seed=1, focus="wall")
    assert "kruskal" not in mg.algorithms(build(), focus="wall")


def test_applicability():
    zeta = T.zeta(4, 4)
    reasons = mg.applicability(zeta)
    assert reasons["kruskal"] is None and "crossing" in reasons["wilson"]
    assert "kruskal" in mg.algorithms(zeta) and "wilson" not in mg.algorithms(zeta)
    assert set(mg.algorithms(T.orthogonal(3, 3))) == set(mg.algorithms()) - {"fractal"}  # fractal needs nesting
    assert "fractal" in mg.algorithms(T.fractal(3, 3, 2))
    assert "mg.tessellations.fractal" in mg.applicability(T.orthogonal(3, 3))["fractal"]
    assert mg.algorithms(T.weave(4, 4)) == ["backtracker", "kruskal"]  # the two that keep the weave rule
    with pytest.raises(mg.UnsupportedError, match="wilson cannot run on this zeta"):
        mg.generate(zeta, "wilson")
    with pytest.raises(mg.InvalidOptionError, match="focus"):
        mg.generate(T.orthogonal(3, 3), "wilson", focus="walls")


def test_cli_focus(tmp_path):
    from mazegraph.cli import main

    target = tmp_path / "m.json"
    assert main(["generate", "-s", "6x6", "--seed", "2", "--focus", "wall", "--json", str(target)]) == 0
    assert mg.Maze.from_json(target.read_text()).meta["focus"] == "wall"
