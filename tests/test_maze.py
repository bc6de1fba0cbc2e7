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
