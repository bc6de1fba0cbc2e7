"""The declared-parameter layer: kinds, :func:`mazegraph.params.checked`, strict cell labels."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest

import mazegraph as mg
from mazegraph.params import MAZE, REQUIRED, Cell, Cells, Number, Param, Seed, check_all, checked


@checked(MAZE, Param("k", Number(1, 5, integer=True), 2, "a count"), Param("start", Cell(), None), cells="maze")
def _probe(maze, k=2, start=None):
    return k, start


@pytest.fixture(scope="module")
def maze():
    return mg.generate(mg.tessellations.orthogonal(3, 4), "kruskal", seed=1)


def test_checked_normalises_and_passes_values_on(maze):
    # numpy scalars become Python ones; a list label becomes the tessellation's tuple
    k, start = _probe(maze, np.int64(3), start=[1, 2])
    assert (k, type(k), start) == (3, int, (1, 2))
    assert _probe(maze) == (2, None)


@pytest.mark.parametrize("value", [0, 6, 2.0, True, "3", None, math.nan])
def test_checked_refuses_bad_values_naming_function_and_parameter(maze, value):
    with pytest.raises(mg.InvalidOptionError, match=r"^_probe: k must be an integer in \[1, 5\]"):
        _probe(maze, k=value)


def test_required_parameter_refuses_none():
    # REQUIRED is the default default: None is not a maze (a default of None would let it through)
    assert MAZE.default is REQUIRED
    with pytest.raises(mg.InvalidOptionError, match="_probe: maze must be a mazegraph.Maze"):
        _probe(None)


@pytest.mark.parametrize("label", [(0.5, 0.5), (1.0, 2.0), (True, False), (1, 2, 3), (math.inf, 0), (9, 9), "0,0",
                                   (np.float64(1), 2)])
def test_cell_labels_are_not_coerced(maze, label):
    # (0.5, 0.5) used to become cell (0, 0) through numpy's int cast
    with pytest.raises(mg.NotACellError, match="^_probe: start: "):
        _probe(maze, start=label)


def test_cell_labels_of_a_user_graph_keep_their_type():
    G = nx.relabel_nodes(nx.grid_2d_graph(2, 2), {(0, 0): 0, (0, 1): 1, (1, 0): 2, (1, 1): 3})
    for n in G:
        G.nodes[n]["pos"] = (n % 2, n // 2)
    M = mg.Maze(G)
    assert _probe(M, start=np.int64(3))[1] == 3
    for bad in (3.0, True, "3"):  # 3.0 == 3 and True == 1 in a dict, but they are not these cells
        with pytest.raises(mg.NotACellError):
            _probe(M, start=bad)


def test_cells_pairs_check_each_cell(maze):
    assert Cells().check([[0, 0], (2, 3)], maze.cells) == ((0, 0), (2, 3))
    with pytest.raises(mg.NotACellError):
        Cells().check([(0, 0), (0.5, 0)], maze.cells)


@pytest.mark.parametrize("value", [-1, 1.5, True, "1", 2**70 * -1])
def test_seed_kind(value):
    with pytest.raises(ValueError):
        Seed().check(value)
    g = np.random.default_rng(1)
    assert Seed().check(g) is g and Seed().check(np.int64(5)) == 5


def test_check_all_refuses_missing_required_and_unknown():
    params = (Param("a", Number(0, 1)), Param("b", Number(0, 1), 0.5))
    assert check_all(params, {"a": 1}) == {"a": 1.0, "b": 0.5}
    with pytest.raises(mg.InvalidOptionError, match="needs option"):
        check_all(params, {"b": 0.1})
    with pytest.raises(mg.InvalidOptionError, match="does not take"):
        check_all(params, {"a": 0, "c": 1})


def test_declaring_a_parameter_the_function_lacks_fails_at_definition():
    with pytest.raises(TypeError, match="no parameter"):
        checked(Param("nope", Number()))(lambda x: x)
