"""Graphs through GraphML, GML and node-link JSON: every tessellation's and maze's labels and attributes come back."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.formats import from_gml, from_graphml, stringify, to_gml, to_graphml, unstringify

T = mg.tessellations


def same(a, b) -> bool:
    """Equal, with NaN equal to NaN and tuples, lists and dicts told apart (as ``==`` does not for NaN)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, Mapping) and isinstance(b, Mapping):  # package graphs hold attribute mappings, not dicts
        a, b = dict(a), dict(b)
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return set(a) == set(b) and all(same(a[k], b[k]) for k in a)
    return a == b


def assert_same_graph(G, H):
    assert list(G.nodes) == list(H.nodes)
    for node in G:
        assert same(G.nodes[node], H.nodes[node]), (node, G.nodes[node], H.nodes[node])
    assert {frozenset(e) for e in G.edges} == {frozenset(e) for e in H.edges}
    for u, v in G.edges:
        assert same(G.edges[u, v], H.edges[u, v]), ((u, v), G.edges[u, v], H.edges[u, v])
    assert same(G.graph, H.graph), (G.graph, H.graph)


def through_graphml(G, path):
    nx.write_graphml(stringify(G), path)
    return unstringify(nx.read_graphml(path))


def through_gml(G, path):
    nx.write_gml(stringify(G), path)
    return unstringify(nx.read_gml(path))


def through_node_link(G, path):
    path.write_text(json.dumps(nx.node_link_data(stringify(G), edges="edges")))
    return unstringify(nx.node_link_graph(json.loads(path.read_text()), edges="edges"))


WRITERS = [through_graphml, through_gml, through_node_link]
GRAPHS = {
    "orthogonal": lambda: T.orthogonal(3, 4),
    "weave": lambda: T.weave(4, 4),  # under: a label; walls with NaN separators
    "grid3d": lambda: T.grid((2, 3, 2)),  # 3-tuples, layout
    "cube": lambda: T.cube(3),  # annotations, glued walls
    "planair": lambda: T.planair(),  # spec with lists of dicts
    "zeta": lambda: T.zeta(3, 3),  # crosses: an edge label pair
    "theta": lambda: T.theta(3),
    "voronoi": lambda: T.voronoi(25, seed=2),
    "klein maze": lambda: mg.generate(T.klein(4, 5), "wilson", seed=1).to_networkx(),
    "petersen": lambda: nx.petersen_graph(),  # int labels, no attributes
}


@pytest.mark.parametrize("write", WRITERS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_round_trip_keeps_labels_and_attributes(name, write, tmp_path):
    G = GRAPHS[name]()
    assert_same_graph(G, write(G, tmp_path / "graph"))


def test_plain_networkx_writers_fail_without_stringify(tmp_path):
    with pytest.raises(nx.NetworkXError):  # why stringify exists: tuples are not GraphML values
        nx.write_graphml(mg.generate(T.orthogonal(2, 2), "wilson", seed=1).to_networkx(), tmp_path / "x.graphml")


def test_maze_and_cellgraph_files(tmp_path):
    M = mg.generate(T.sigma(3, 4), "kruskal", seed=2)
    to_graphml(M, tmp_path / "m.graphml")
    assert_same_graph(M.to_networkx(), from_graphml(tmp_path / "m.graphml"))
    to_gml(M.cells, tmp_path / "c.gml")
    assert_same_graph(M.cells.to_networkx(), from_gml(tmp_path / "c.gml"))
    tree = from_graphml(tmp_path / "m.graphml")
    assert mg.Maze(tree, list(tree.edges)).is_perfect()  # the passages read back still form a spanning tree


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**31), 2**31), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.tuples(inner, inner), st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=3), inner, max_size=3)),
    max_leaves=6,
)
labels = st.one_of(st.integers(0, 50), st.text(min_size=1, max_size=4), st.tuples(st.integers(0, 5), st.integers(0, 5)))
keys = st.sampled_from(["pos", "wall", "row", "name", "x1"])


@st.composite
def graphs(draw):
    nodes = draw(st.lists(labels, min_size=1, max_size=6, unique_by=lambda x: json.dumps(x)))
    G = nx.Graph(**draw(st.dictionaries(keys, values, max_size=2)))
    for node in nodes:
        G.add_node(node, **draw(st.dictionaries(keys, values, max_size=2)))
    for _ in range(draw(st.integers(0, 6))):
        u, v = draw(st.sampled_from(nodes)), draw(st.sampled_from(nodes))
        G.add_edge(u, v, **draw(st.dictionaries(keys, values, max_size=2)))
    return G


@settings(max_examples=60, deadline=None)
@given(graphs(), st.sampled_from(WRITERS))
def test_any_attributes_round_trip(G, write):
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        assert_same_graph(G, write(G, Path(folder) / "graph"))


def test_errors(tmp_path):
    with pytest.raises(mg.MazeFormatError, match="not written through stringify"):
        unstringify(nx.path_graph(3))
    with pytest.raises(mg.MazeFormatError, match="stringified already"):
        stringify(stringify(T.orthogonal(2, 2)))
    G = nx.Graph()
    G.add_node(0, tags={1, 2})
    with pytest.raises(mg.MazeFormatError, match="type set"):
        stringify(G)
    with pytest.raises(mg.MazeFormatError, match="cannot read"):
        from_graphml(tmp_path / "missing.graphml")
    (tmp_path / "bad.gml").write_text("graph [ node [ id 0 ")
    with pytest.raises(mg.MazeFormatError, match="cannot read"):
        from_gml(tmp_path / "bad.gml")
    with pytest.raises(mg.OutputPathError, match="cannot write"):
        to_gml(T.orthogonal(2, 2), tmp_path / "no" / "such" / "x.gml")
