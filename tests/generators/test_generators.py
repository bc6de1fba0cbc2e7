"""mazegraph.generators.generate: spanning trees, determinism, seeds, user graphs and refusals (Kruskal, Wilson)."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys

import networkx as nx
import numpy as np
import pytest
from conftest import core_tessellations, seeds
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph._random import as_generator, kernel_state
from mazegraph.tessellations.compile import compile_graph

from ._kernels import T, general_binary_tree, general_sidewinder, is_spanning_tree

ALGORITHMS = ["kruskal", "wilson"]


@settings(max_examples=60, deadline=None)
@given(G=core_tessellations(), algorithm=st.sampled_from(ALGORITHMS), seed=seeds)
def test_spanning_tree_on_every_core_tessellation(G, algorithm, seed):
    M = mg.generate(G, algorithm, seed=seed)
    assert M.n_open == G.number_of_nodes() - 1
    T = M.to_networkx()
    assert set(T.nodes) == set(G.nodes)
    assert nx.is_tree(T)  # checked by networkx, independently of the kernels
    assert all(G.has_edge(u, v) for u, v in T.edges)
    assert M.is_perfect()


@settings(max_examples=30, deadline=None)
@given(G=core_tessellations(), algorithm=st.sampled_from(ALGORITHMS), seed=seeds)
def test_same_seed_same_maze(G, algorithm, seed):
    assert mg.generate(G, algorithm, seed=seed) == mg.generate(G, algorithm, seed=seed)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_different_seeds_differ(algorithm):
    G = mg.tessellations.orthogonal(12, 12)
    masks = {mg.generate(G, algorithm, seed=s).open.tobytes() for s in range(20)}
    assert len(masks) == 20


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_seed_types(algorithm):
    G = mg.tessellations.delta(6, 9)
    by_int = mg.generate(G, algorithm, seed=5)
    assert mg.generate(G, algorithm, seed=np.random.SeedSequence(5)) == by_int
    assert mg.generate(G, algorithm, seed=np.random.default_rng(5)) == by_int
    assert mg.generate(G, algorithm, seed=np.int64(5)) == by_int
    assert mg.generate(G, algorithm).is_perfect()  # fresh entropy
    rng = np.random.default_rng(1)
    first, second = mg.generate(G, algorithm, seed=rng), mg.generate(G, algorithm, seed=rng)
    assert first != second  # a Generator is advanced, not reset


@pytest.mark.parametrize("seed", [1.5, "7", True, -3, [1, 2]])
def test_bad_seed(seed):
    with pytest.raises(mg.InvalidSeedError):
        mg.generate(mg.tessellations.orthogonal(3, 3), "wilson", seed=seed)


def test_same_maze_in_another_process():
    code = (
        "import mazegraph as mg\n"
        "for name, G in [('o', mg.tessellations.orthogonal(9, 11)), ('t', mg.tessellations.theta(6))]:\n"
        "    for a in ('kruskal', 'wilson'):\n"
        "        print(mg.generate(G, a, seed=2024).to_json())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    here = [
        mg.generate(G, a, seed=2024)
        for G in (mg.tessellations.orthogonal(9, 11), mg.tessellations.theta(6))
        for a in ("kruskal", "wilson")
    ]
    assert [mg.Maze.from_json(line) for line in out if line] == here


def test_pickled_tessellation_gives_same_maze():
    G = mg.tessellations.sigma(7, 9)
    H = pickle.loads(pickle.dumps(G))
    assert mg.compile_graph(H) is not mg.compile_graph(G)
    assert mg.generate(H, "wilson", seed=3).open.tolist() == mg.generate(G, "wilson", seed=3).open.tolist()


def test_user_graph():
    G = nx.petersen_graph()
    for algorithm in ALGORITHMS:
        M = mg.generate(G, algorithm, seed=1)
        assert nx.is_tree(M.to_networkx()) and M.to_networkx().number_of_nodes() == 10
    labelled = nx.relabel_nodes(nx.grid_2d_graph(4, 4), lambda p: f"cell{p[0]}{p[1]}")
    M = mg.generate(labelled, "wilson", seed=2, start="cell00", goal="cell33")
    assert M.solution()[0] == "cell00" and M.solution()[-1] == "cell33"


def test_user_graph_recompiled_after_change():
    G = nx.cycle_graph(5)
    assert mg.generate(G, "kruskal", seed=1).n_open == 4
    G.add_edge(4, 5)
    M = mg.generate(G, "kruskal", seed=1)
    assert M.cells.n_cells == 6 and M.n_open == 5


def test_disconnected_graph_is_refused_with_components():
    G = nx.Graph([(0, 1), (1, 2), (10, 11)])
    G.add_node("lonely")
    with pytest.raises(mg.DisconnectedGraphError) as info:
        mg.generate(G, "wilson")
    message = str(info.value)
    assert "3 connected components" in message and "3 cells with 0" in message and "'lonely'" in message


@pytest.mark.parametrize(
    "G,error",
    [
        (nx.Graph(), mg.InvalidSizeError),
        (nx.DiGraph([(0, 1)]), mg.UnsupportedError),
        (nx.MultiGraph([(0, 1)]), mg.UnsupportedError),
        (nx.Graph([(0, 1), (1, 1)]), mg.UnsupportedError),
    ],
)
def test_unusable_graphs(G, error):
    with pytest.raises(error):
        mg.generate(G, "kruskal")


def test_unknown_algorithm_lists_known():
    with pytest.raises(mg.UnknownAlgorithmError) as info:
        mg.generate(mg.tessellations.orthogonal(2, 2), "prim")
    assert "kruskal" in str(info.value) and "wilson" in str(info.value)
    assert mg.algorithms() == sorted(mg.algorithms()) and {"kruskal", "wilson"} <= set(mg.algorithms())


def test_unknown_option():
    with pytest.raises(mg.InvalidOptionError, match="takes no options"):
        mg.generate(mg.tessellations.orthogonal(2, 2), "wilson", bias=0.5)
    with pytest.raises(mg.InvalidOptionError, match="until_connected"):
        mg.generate(mg.tessellations.orthogonal(2, 2), "kruskal", until=1)


def test_start_goal_not_cells():
    G = mg.tessellations.orthogonal(3, 3)
    with pytest.raises(mg.NotACellError, match="is not a cell"):
        mg.generate(G, "wilson", start=(5, 5))
    with pytest.raises(mg.NotACellError):
        mg.generate(G, "wilson", goal="corner")


def test_single_cell():
    for G in (mg.tessellations.orthogonal(1, 1), mg.tessellations.theta(1), mg.tessellations.sigma_hexagon(1)):
        for algorithm in ALGORITHMS:
            M = mg.generate(G, algorithm, seed=0)
            assert M.n_open == 0 and M.is_perfect() and M.solution() == [M.start]


def _made_again(M, G, algorithm):
    """The maze regenerated from its recorded seed, after a trip through JSON (as a saved maze gives it)."""
    recorded = json.loads(M.to_json())["meta"]["seed"]
    return mg.generate(G, algorithm, seed=recorded)


@pytest.mark.parametrize("algorithm", ["wilson", "backtracker"])
def test_recorded_seed_regenerates_for_every_seed_kind(algorithm):
    G = mg.tessellations.orthogonal(9, 11)
    # None: the entropy drawn is recorded; two unseeded mazes differ, each comes back from its record
    a, b = mg.generate(G, algorithm), mg.generate(G, algorithm)
    assert a != b and _made_again(a, G, algorithm) == a and _made_again(b, G, algorithm) == b
    assert isinstance(a.meta["seed"], int) and a.meta["seed"] == np.random.SeedSequence(a.meta["seed"]).entropy
    # a Generator, already advanced, of several bit generators: its state before use is recorded
    for bit_generator in (np.random.PCG64, np.random.MT19937, np.random.Philox, np.random.SFC64):
        rng = np.random.Generator(bit_generator(3))
        rng.integers(10)  # not at its start: the record must be the state at the call, not the seed
        twin = np.random.Generator(bit_generator(3))
        twin.integers(10)
        M = mg.generate(G, algorithm, seed=rng)
        assert M == mg.generate(G, algorithm, seed=twin)  # numpy's own copy of the stream, independently
        assert _made_again(M, G, algorithm) == M
    # a SeedSequence with a spawn key (how experiments seed): entropy and key are both needed
    child = np.random.SeedSequence(7, spawn_key=(3, 1))
    M = mg.generate(G, algorithm, seed=child)
    assert M.meta["seed"] == {"entropy": 7, "spawn_key": [3, 1], "pool_size": 4}
    assert _made_again(M, G, algorithm) == M != mg.generate(G, algorithm, seed=7)
    # a plain SeedSequence and an int record the int, and give the maze seed=int gives
    plain = mg.generate(G, algorithm, seed=np.random.SeedSequence(12))
    assert plain.meta["seed"] == 12 == mg.generate(G, algorithm, seed=12).meta["seed"]
    assert plain == mg.generate(G, algorithm, seed=12)


@pytest.mark.parametrize(
    "record", [{}, {"bit_generator": "Mystery", "state": {}}, {"bit_generator": "PCG64", "state": {"x": 1}},
               {"entropy": 5, "colour": "red"}, {"entropy": "five"}]
)
def test_bad_recorded_seed(record):
    with pytest.raises(mg.InvalidSeedError):
        mg.generate(mg.tessellations.orthogonal(3, 3), "wilson", seed=record)


# The memos of the fast paths belong to one CellGraph (a memo keyed by size or shared between graphs would
# open edges of the old graph).


@pytest.mark.parametrize("algorithm", ["binary_tree", "sidewinder"])
def test_a_changed_graph_does_not_reuse_the_lists_of_the_old_one(algorithm):
    G = T.orthogonal(6, 7)
    before = compile_graph(G)
    mg.generate(G, algorithm, seed=1)  # fills the memos of the graph as it was
    G.remove_edge((2, 3), (2, 4))  # a wall inside: the grid's rows are no longer single chains
    G.remove_edge((4, 0), (5, 0))
    after = compile_graph(G)
    assert after is not before and after.n_edges == before.n_edges - 2
    for seed in range(3):
        M = mg.generate(G, algorithm, seed=seed)
        assert len(M.open) == after.n_edges
        state = kernel_state(as_generator(seed))
        if algorithm == "binary_tree":
            expected = general_binary_tree(after, state, None, "auto")
        else:
            expected = general_sidewinder(after, state, 0.5)
        assert np.array_equal(M.open, expected)
        assert is_spanning_tree(after, M.open)


@pytest.mark.parametrize("algorithm", ["binary_tree", "sidewinder"])
def test_graphs_of_the_same_size_keep_their_own_lists(algorithm):
    full = T.build("orthogonal", 5, 6)
    holes = T.from_mask(np.array([[c != 2 or r in (0, 4) for c in range(6)] for r in range(5)]))
    for G in (full, holes, full):
        cells = compile_graph(G)
        M = mg.generate(G, algorithm, seed=4)
        state = kernel_state(as_generator(4))
        expected = (general_binary_tree(cells, state, None, "auto") if algorithm == "binary_tree"
                    else general_sidewinder(cells, state, 0.5))
        assert np.array_equal(M.open, expected)
