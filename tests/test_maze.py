"""The Maze object: views, JSON round trip, equality, errors."""

from __future__ import annotations

import json

import networkx as nx
import numpy as np
import pytest
from conftest import core_tessellations, seeds
from hypothesis import given, settings

import mazegraph as mg


@settings(max_examples=30, deadline=None)
@given(G=core_tessellations(), seed=seeds)
def test_json_round_trip(G, seed):
    M = mg.generate(G, "wilson", seed=seed)
    text = M.to_json()
    back = mg.Maze.from_json(text)
    assert back == M
    assert back.open_edges() == M.open_edges()
    assert (back.start, back.goal) == (M.start, M.goal)
    assert back.meta == {"algorithm": "wilson", "focus": "passage", "options": {}, "seed": seed}
    assert back.to_json() == text


def test_json_round_trip_user_graph_with_and_without_geometry():
    G = nx.Graph()
    G.add_edge("a", "b", wall=[(1, 0), (1, 1)], direction="east")
    G.add_edge("b", "c", wall=[[(2, 0), (2, 0.4)], [(2, 0.6), (2, 1)]], direction="east")
    for i, n in enumerate("abc"):
        G.nodes[n]["pos"] = (i + 0.5, 0.5)
    G.graph["boundary"] = [[(0, 0), (3, 0), (3, 1), (0, 1), (0, 0)]]
    M = mg.generate(G, "kruskal", seed=1)
    back = mg.Maze.from_json(M.to_json())
    assert back == M and back.open_edges() == [("a", "b"), ("b", "c")]
    assert mg.render(back) == mg.render(M)
    plain = nx.Graph([((0, 1), (0, 2)), ((0, 2), (5, 5))])
    M2 = mg.generate(plain, "wilson", seed=2)
    assert mg.Maze.from_json(M2.to_json()) == M2
    assert mg.Maze.from_json(M2.to_json()).start == (0, 1)


def test_unjsonable_labels():
    M = mg.generate(nx.Graph([(1.5, 2.5)]), "wilson", seed=1)
    with pytest.raises(mg.MazeFormatError, match="cannot be written as JSON"):
        M.to_json()


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: "not json", "not JSON"),
        (lambda d: {**d, "format": "other"}, "not a mazegraph maze"),
        (lambda d: {**d, "version": 99}, "version"),
        (lambda d: {k: v for k, v in d.items() if k != "open"}, "open"),
        (lambda d: {**d, "open": "!!!"}, "base64"),
        (lambda d: {**d, "n_edges": 5}, "n_edges"),
        (lambda d: {**d, "open": "AAAA"}, "bits"),
        (lambda d: {**d, "start": [99, 99]}, "start or goal"),
        (lambda d: {**d, "tessellation": {"tessellation": "nope"}}, "unknown tessellation"),
        (lambda d: {**d, "tessellation": {"tessellation": "orthogonal", "rows": 4}}, "cols"),
        (lambda d: {**d, "tessellation": "orthogonal"}, "must be an object"),
    ],
)
def test_malformed_json(mutate, message):
    M = mg.generate(mg.tessellations.orthogonal(4, 5), "wilson", seed=1)
    data = mutate(json.loads(M.to_json()))
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(mg.MazeError, match=message):
        mg.Maze.from_json(text)


def test_views_and_copy():
    G = mg.tessellations.orthogonal(3, 3)
    M = mg.generate(G, "kruskal", seed=9)
    assert M.tessellation is G
    T = M.to_networkx()
    assert T.graph["start"] == (0, 0) and T.nodes[(1, 1)]["pos"] == (1.5, 1.5)
    assert all(d["direction"] in ("horizontal", "vertical") for _, _, d in T.edges(data=True))
    assert set(map(frozenset, M.open_edges())) == set(map(frozenset, T.edges))
    twin = M.copy()
    assert twin == M
    twin.open[:] = False
    assert twin != M and M.n_open == 8


def test_maze_from_pairs_and_mask():
    G = mg.tessellations.orthogonal(1, 3)
    M = mg.Maze(G, [((0, 1), (0, 0)), ((0, 1), (0, 2))])
    assert M.is_perfect() and M.solution() == [(0, 0), (0, 1), (0, 2)]
    assert mg.Maze(G, M.open) == M
    with pytest.raises(mg.NotACellError, match="not an edge"):
        mg.Maze(G, [((0, 0), (0, 2))])
    with pytest.raises(mg.MazeError, match="shape"):
        mg.Maze(G, np.ones(5, dtype=bool))


def test_no_solution():
    M = mg.Maze(mg.tessellations.orthogonal(2, 2))
    assert not M.is_connected() and not M.is_perfect()
    with pytest.raises(mg.NoSolutionError, match="no open path"):
        M.solution()


def test_jupyter_bundle():
    small = mg.generate(mg.tessellations.sigma(5, 5), "wilson", seed=1)
    assert "image/svg+xml" in small._repr_mimebundle_()
    large = mg.generate(mg.tessellations.orthogonal(80, 80), "wilson", seed=1)
    assert large._repr_mimebundle_()["image/png"].startswith(b"\x89PNG")
    bare = mg.generate(nx.path_graph(3), "wilson", seed=1)
    assert set(bare._repr_mimebundle_()) == {"text/plain"}


# -- hand-written maze files (issue 16): every spec an nx.Graph would be refused for is refused in JSON --------

HAND = {  # a 4-cycle a-b-c-d-a with the passages a-b, b-c, c-d open: written by hand, not by to_json
    "format": "mazegraph.maze",
    "version": 1,
    "tessellation": {"tessellation": "graph", "name": "graph", "nodes": ["a", "b", "c", "d"],
                     "edges": [[0, 1], [1, 2], [2, 3], [3, 0]], "start": 0, "goal": 2},
    "n_edges": 4,
    "open": "4A==",  # bits 1110 (0xE0)
    "start": "a",
    "goal": "d",
    "meta": {},
}


def _edited(change):
    data = json.loads(json.dumps(HAND))
    change(data)
    return data


def test_hand_written_maze_loads_and_networkx_agrees():
    M = mg.Maze.from_json(json.dumps(HAND))
    T = nx.Graph([("a", "b"), ("b", "c"), ("c", "d")])  # the open passages, read off by hand
    assert sorted(map(sorted, M.open_edges())) == sorted(map(sorted, T.edges))
    assert M.is_perfect() and nx.is_tree(T)
    assert M.solution() == ["a", "b", "c", "d"] == nx.shortest_path(T, "a", "d")


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    "change,field",
    [
        (_set(["meta"], ["not", "an", "object"]), "meta"),
        (_set(["meta"], "x"), "meta"),
        (_set(["provenance"], 3), "provenance"),
        (_set(["tessellation", "tessellation"], ["graph"]), "tessellation.tessellation"),
        (_set(["tessellation", "tessellation"], {"a": 1}), "tessellation.tessellation"),
        (_set(["tessellation", "start"], 4), "tessellation.start"),
        (_set(["tessellation", "goal"], -1), "tessellation.goal"),
        (_set(["tessellation", "edge_refs"], {"crosses": [7, -1, -1, -1]}), "tessellation.edge_refs.crosses"),
        (_set(["tessellation", "edge_refs"], {"crosses": [1, 0]}), "tessellation.edge_refs.crosses"),
        (_set(["tessellation", "cell_refs"], {"under": [-1, 4, -1, -1]}), "tessellation.cell_refs.under"),
        (_set(["tessellation", "edges"], [[0, 1], [1, 2], [2, 3], [3, 0.0]]), "tessellation.edges"),
        (_set(["tessellation", "edges"], [[0, 1], [1, 2], [2, 3], [3, 3]]), "self-loop"),
        (_set(["tessellation", "edges"], [[0, 1], [1, 2], [2, 3], [1, 0]]), "twice"),
        (_set(["tessellation", "edges"], [[0, 1], [1, 2], [2, 3], [3, 9]]), "tessellation.edges"),
        (_set(["tessellation", "nodes"], ["a", "b", "c", 1.5]), "tessellation.nodes"),
        (_set(["tessellation", "nodes"], ["a", "b", "c", True]), "tessellation.nodes"),
        (_set(["start"], 0.0), "start"),
        (_set(["goal"], [True]), "goal"),
        (_set(["n_edges"], True), "n_edges"),
        (_set(["version"], True), "version"),
        (_set(["start"], [["a", [0.5]]]), "start"),
        (_set(["goal"], json.loads("[" * 900 + "]" * 900)), "goal"),
    ],
)
def test_edited_maze_file_is_refused_naming_the_field(change, field):
    with pytest.raises(mg.MazeFormatError, match=field.replace(".", r"\.")):
        mg.Maze.from_json(json.dumps(_edited(change)))


def test_duplicate_node_labels_are_refused():
    # 'a' twice: the file's own arrays form a path, but by label the passages a-b, b-a, a-d are no tree
    data = _edited(_set(["tessellation", "nodes"], ["a", "b", "a", "d"]))
    labels = data["tessellation"]["nodes"]
    by_label = nx.Graph([(labels[u], labels[v]) for u, v in data["tessellation"]["edges"][:3]])
    assert not nx.is_tree(by_label) or by_label.number_of_nodes() != 4  # networkx: not a maze on four cells
    with pytest.raises(mg.MazeFormatError, match="twice"):
        mg.Maze.from_json(json.dumps(data))


def test_disconnected_edge_list_is_refused():
    # five cells, three edges: cells 3 and 4 hang apart from 0-1-2 (networkx agrees), no maze can join them
    data = _edited(_set(["tessellation", "nodes"], ["a", "b", "c", "d", "e"]))
    data["tessellation"]["edges"] = [[0, 1], [1, 2], [3, 4]]
    data["n_edges"], data["open"], data["goal"] = 3, "wA==", "c"
    G = nx.Graph(data["tessellation"]["edges"])
    G.add_nodes_from(range(5))
    assert nx.number_connected_components(G) == 2
    with pytest.raises(mg.MazeFormatError, match="2 separate parts"):
        mg.Maze.from_json(json.dumps(data))


@pytest.mark.parametrize("start", [[0.5, 0.5], [1.0, 2], [True, 0], [0, False], 3.0])
def test_float_and_bool_labels_are_refused_on_grids(start):
    M = mg.generate(mg.tessellations.orthogonal(4, 5), "wilson", seed=1)
    data = json.loads(M.to_json())
    data["start"] = start  # a float or bool would be truncated to cell (0, 0) or (1, 2)
    with pytest.raises(mg.MazeFormatError, match="start"):
        mg.Maze.from_json(json.dumps(data))


def test_provenance_written_and_kept():
    import datetime

    import numba

    M = mg.generate(mg.tessellations.orthogonal(4, 5), "wilson", seed=1)
    record = json.loads(M.to_json())["provenance"]
    versions = record["versions"]
    assert versions["mazegraph"] == mg.__version__
    assert (versions["numpy"], versions["numba"], versions["networkx"]) == (
        np.__version__, numba.__version__, nx.__version__,
    )
    made = datetime.datetime.fromisoformat(record["created"])
    assert abs((datetime.datetime.now(datetime.UTC) - made).total_seconds()) < 600
    back = mg.Maze.from_json(M.to_json())
    assert back.provenance == record and json.loads(back.to_json())["provenance"] == record
