"""The networkx view built in bulk, its lazy attributes, and the O(1) record of what a graph compiles to."""

from __future__ import annotations

import copy
import json
import math
import pickle
import warnings

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph import nxview
from mazegraph.nxview import Attributes, LargeGraphWarning, TessellationGraph
from mazegraph.tessellations import TESSELLATIONS
from mazegraph.tessellations.compile import _from_networkx

T = mg.tessellations


def _plain(value):
    """Values with NaN as None and tuples as lists, so they compare whatever objects hold them."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _eager_view(cells) -> nx.Graph:
    """The view as networkx would hold it, built item by item from the arrays (the reference)."""
    labels = [cells.labels[i] for i in range(cells.n_cells)]
    G = nx.Graph(name=cells.name, start=labels[cells.start], goal=labels[cells.goal])
    if cells.spec is not None:
        G.graph["spec"] = cells.spec
    if cells.boundary is not None:
        G.graph["boundary"] = [tuple(map(tuple, cells.boundary[i].tolist())) for i in range(len(cells.boundary))]
    if cells.annotations:
        G.graph["annotations"] = cells.annotations
    for i, label in enumerate(labels):
        attrs = {}
        if cells.pos is not None:
            attrs["pos"] = tuple(float(x) for x in cells.pos[i])
        if cells._layout is not None:
            attrs["layout"] = tuple(float(x) for x in cells._layout[i])
        if cells.row is not None:
            attrs["row"] = int(cells.row[i])
        G.add_node(label, **attrs)
    for e, (u, v) in enumerate(cells.edges.tolist()):
        attrs = {}
        for key, lines in (("wall", cells.walls), ("mark", cells.marks), ("cover", cells.covers)):
            if lines is not None:
                attrs[key] = tuple(tuple(p) for p in lines[e].tolist())
        if cells.direction is not None:
            attrs["direction"] = cells.direction_names[cells.direction[e]]
        for key, refs in cells.cell_refs.items():
            if refs[e] >= 0:
                attrs[key] = labels[refs[e]]
        for key, refs in cells.edge_refs.items():
            if refs[e] >= 0:
                a, b = cells.edges[refs[e]]
                attrs[key] = (labels[a], labels[b])
        G.add_edge(labels[u], labels[v], **attrs)
    return G


def _same_graph(G, H) -> None:
    assert list(G.nodes) == list(H.nodes)
    assert list(G.edges) == list(H.edges)  # the same neighbour order, not only the same edges
    assert [_plain(dict(d)) for _, d in G.nodes(data=True)] == [_plain(dict(d)) for _, d in H.nodes(data=True)]
    assert [_plain(dict(d)) for *_, d in G.edges(data=True)] == [_plain(dict(d)) for *_, d in H.edges(data=True)]
    assert _plain(dict(G.graph)) == _plain(dict(H.graph))


@pytest.mark.parametrize("name", sorted(TESSELLATIONS))
def test_bulk_view_holds_what_an_item_by_item_build_holds(name):
    cells = T.from_text(name, seed=2)
    G = cells.to_networkx()
    assert isinstance(G, TessellationGraph) and mg.compile_graph(G) is cells
    _same_graph(G, _eager_view(cells))


@pytest.mark.parametrize("name", sorted(TESSELLATIONS))
def test_maze_view_holds_the_open_edges_with_the_tessellations_attributes(name):
    cells = T.from_text(name, seed=2)
    maze = mg.generate(cells, "kruskal", seed=3)
    reference = _eager_view(cells)
    expected = nx.Graph(name=cells.name, start=maze.start, goal=maze.goal)
    expected.add_nodes_from(reference.nodes(data=True))
    expected.add_edges_from((u, v, reference.edges[u, v]) for u, v in maze.open_edges())
    _same_graph(maze.to_networkx(), expected)
    on_graph = mg.Maze(cells.to_networkx(), maze.open)  # through the graph, unchanged: the same
    _same_graph(on_graph.to_networkx(), expected)


# -- the attribute mappings ------------------------------------------------------------------------


def test_attributes_behave_as_dicts():
    G = T.zeta(3, 3)
    data = G.edges[(0, 0), (1, 1)]
    assert isinstance(data, Attributes) and len(data) == 3 and list(data) == ["wall", "direction", "crosses"]
    assert data["wall"] == data["wall"]  # the NaN gap is one shared point: a wall read twice is equal
    assert data == data.copy() and type(data.copy()) is dict and data != {}
    assert "crosses" in data and "crosses" not in G.edges[(0, 0), (0, 1)] and "weight" not in data
    assert (data | {"weight": 2})["weight"] == 2 and ({"weight": 2} | data)["direction"] == "northwest-southeast"
    assert json.loads(json.dumps(dict(data)))["direction"] == "northwest-southeast"
    assert repr(data) == repr(dict(data))
    assert data.get("weight", 1) == 1 and G.edges[(0, 0), (0, 1)].get("crosses") is None
    data["weight"] = 5
    assert data["weight"] == 5 and G[(1, 1)][(0, 0)]["weight"] == 5  # one mapping for both directions
    del data["weight"]
    assert "weight" not in data and len(data) == 3
    with pytest.raises(KeyError):
        data["colour"]
    assert type(copy.deepcopy(data)) is dict and copy.deepcopy(data) == data


def test_networkx_conversions_carry_the_values():
    G = T.weave(3, 4)
    for H in (nx.Graph(G), G.to_directed(), nx.relabel_nodes(G, lambda x: x)):
        for u, v, d in G.edges(data=True):
            assert _plain(dict(H.edges[u, v])) == _plain(dict(d))
    data = nx.node_link_data(G, edges="edges")
    assert sorted(tuple(e["under"]) for e in data["edges"] if "under" in e) == sorted(
        d["under"] for *_, d in G.edges(data=True) if "under" in d
    )
    assert json.loads(json.dumps(data, default=list))["graph"]["name"] == "weave"


# -- what compile_graph records, and when a change drops it --------------------------------------


_link = nx.Graph.add_edge  # the base method: a test of one override is not helped by another


MUTATIONS = {  # each through exactly one overridden method or one watched attribute
    "add_node": lambda G: (G.add_node("x"), _link(G, "x", (0, 0))),
    "add_nodes_from": lambda G: (G.add_nodes_from(["x"]), _link(G, "x", (0, 0))),
    "remove_node": lambda G: G.remove_node((0, 3)),
    "remove_nodes_from": lambda G: G.remove_nodes_from([(0, 3)]),
    "add_edge": lambda G: G.add_edge((0, 0), (1, 1)),
    "add_edges_from": lambda G: G.add_edges_from([((0, 0), (1, 1))]),
    "add_weighted_edges_from": lambda G: G.add_weighted_edges_from([((0, 0), (1, 1), 2.0)]),
    "remove_edge, added back": lambda G: (G.remove_edge((0, 0), (0, 1)), _link(G, (0, 0), (0, 1))),
    "remove_edges_from": lambda G: G.remove_edges_from([((0, 0), (0, 1))]),
    "update": lambda G: G.update(edges=[((0, 0), (1, 1))]),
    "node pos": lambda G: G.nodes[(0, 0)].update(pos=(9.0, 9.0)),
    "node row": lambda G: nx.set_node_attributes(G, {(0, 0): 7}, "row"),
    "edge wall": lambda G: G.edges[(0, 0), (0, 1)].__setitem__("wall", ((5.0, 5.0), (6.0, 6.0))),
    "edge wall by set_edge_attributes": lambda G: nx.set_edge_attributes(
        G, {((0, 0), (0, 1)): ((5.0, 5.0), (6.0, 6.0))}, "wall"
    ),
    "edge direction deleted": lambda G: G.edges[(0, 0), (0, 1)].__delitem__("direction"),
    "graph start": lambda G: G.graph.__setitem__("start", (2, 3)),
    "graph name": lambda G: setattr(G, "name", "renamed"),
    "graph boundary popped": lambda G: G.graph.pop("boundary"),
}


def _described(cells) -> dict:
    """What a CellGraph says about its cells, in a form independent of the edge order."""
    labels = cells.labels.tolist()
    walls = {}
    for e, (u, v) in enumerate(cells.edges.tolist()):
        walls[frozenset((labels[u], labels[v]))] = None if cells.walls is None else _plain(cells.walls[e].tolist())
    return {
        "labels": labels,
        "walls": walls,
        "pos": None if cells.pos is None else cells.pos.tolist(),
        "row": None if cells.row is None else cells.row.tolist(),
        "ends": (labels[cells.start], labels[cells.goal]),
        "name": cells.name,
    }


def _reference(G) -> dict:
    """Compile a plain copy of ``G`` attribute by attribute: what its arrays must say."""
    H = nx.Graph()
    H.add_nodes_from((n, dict(d)) for n, d in G.nodes(data=True))
    H.add_edges_from((u, v, dict(d)) for u, v, d in G.edges(data=True))
    H.graph.update({k: v for k, v in G.graph.items() if k != "spec"})
    return _described(_from_networkx(H))


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_a_change_that_matters_drops_the_record(mutation):
    G = T.orthogonal(3, 4)
    before = mg.compile_graph(G)
    MUTATIONS[mutation](G)
    after = mg.compile_graph(G)
    assert after is not before
    assert _described(after) == _reference(G)
    assert mg.compile_graph(G) is after  # and the new arrays are recorded in turn


def test_user_attributes_change_nothing_to_compile():
    G = T.orthogonal(3, 4)
    cells = mg.compile_graph(G)
    G.edges[(0, 0), (0, 1)]["weight"] = 3.0
    nx.set_edge_attributes(G, 1.5, "cost")
    G.nodes[(1, 1)]["colour"] = "red"
    G.graph["description"] = "mine"
    del G.graph["description"]
    assert mg.compile_graph(G) is cells
    assert mg.generate(G, "wilson", seed=1) == mg.generate(cells, "wilson", seed=1)


def test_clearing_leaves_a_graph_that_cannot_compile():
    G = T.orthogonal(3, 4)
    mg.compile_graph(G)
    G.clear_edges()
    with pytest.raises(mg.DisconnectedGraphError):
        mg.compile_graph(G)
    G.clear()
    with pytest.raises(mg.InvalidSizeError):
        mg.compile_graph(G)


def _label_pairs(cells, refs):
    labels = cells.labels.tolist()
    pairs = [frozenset((labels[u], labels[v])) for u, v in cells.edges.tolist()]
    return {pairs[e]: (labels[r] if r >= 0 else None) for e, r in enumerate(refs.tolist())}


@pytest.mark.parametrize("name", ["weave", "zeta"])
def test_tunnels_and_crossings_survive_compiling_from_the_graph(name):
    G = T.from_text(name, "5x6").to_networkx()
    original = mg.compile_graph(G)
    G.edges[(0, 0), (0, 1)]["wall"] = ((0.5, 0.5), (0.6, 0.6))  # compiled from the graph from now on
    edited = mg.compile_graph(G)
    assert edited is not original and edited.spec is None
    if name == "weave":
        assert _label_pairs(edited, edited.tunnels) == _label_pairs(original, original.tunnels)
        maze = mg.generate(G, "backtracker", seed=3)
        assert maze.is_perfect() and len(mg.weave_violations(maze)) == 0
    else:
        labels = edited.labels.tolist()
        as_pair = {e: frozenset(map(labels.__getitem__, edited.edges[e])) for e in range(edited.n_edges)}
        crossing = {as_pair[e]: as_pair.get(p) for e, p in enumerate(edited.crossings.tolist()) if p >= 0}
        olabels = original.labels.tolist()
        o_pair = {e: frozenset(map(olabels.__getitem__, original.edges[e])) for e in range(original.n_edges)}
        assert crossing == {o_pair[e]: o_pair[p] for e, p in enumerate(original.crossings.tolist()) if p >= 0}
        assert "crossing" in mg.applicability(G)["wilson"]


def test_refs_naming_nothing_are_refused():
    G = nx.path_graph(3)
    G.edges[0, 1]["under"] = 9
    with pytest.raises(mg.NotACellError, match="under=9"):
        mg.compile_graph(G)
    H = nx.cycle_graph(4)
    H.edges[0, 1]["crosses"] = (0, 2)
    with pytest.raises(mg.NotACellError, match="crosses="):
        mg.compile_graph(H)


def test_an_edited_package_graph_is_compiled_from_itself_not_its_spec():
    G = T.weave(4, 4)
    G.remove_edge((0, 0), (0, 1))
    G.add_edge((0, 0), (0, 1))  # same counts, same first edges: the spec would look right, and be wrong
    G.edges[(0, 0), (0, 1)]["wall"] = ((0.5, 0.5), (0.6, 0.6))
    cells = mg.compile_graph(G)
    e = cells.edge_index(cells.labels.index((0, 0)), cells.labels.index((0, 1)))
    assert cells.walls[e].tolist() == [[0.5, 0.5], [0.6, 0.6]] and cells.spec is None


OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["weight", "wall", "pos", "colour", "readd", "start", "copy", "pickle", "deepcopy"]),
        st.integers(0, 10**6),
    ),
    max_size=8,
)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["orthogonal", "zeta", "weave", "torus", "theta"]), OPERATIONS)
def test_compile_always_describes_the_graph(name, operations):
    G = T.from_text(name, "4x4" if name != "theta" else "3").to_networkx()
    for operation, k in operations:
        nodes, edges = list(G.nodes), list(G.edges)
        u, v = edges[k % len(edges)]
        if operation == "weight":
            G.edges[u, v]["weight"] = k
        elif operation == "wall":
            G.edges[u, v]["wall"] = ((0.0, 0.0), (float(k % 7), 1.0))
        elif operation == "pos":
            G.nodes[nodes[k % len(nodes)]]["pos"] = (float(k % 5), 0.5)
        elif operation == "colour":
            G.nodes[nodes[k % len(nodes)]]["colour"] = k
        elif operation == "readd":
            data = dict(G.edges[u, v])
            G.remove_edge(u, v)
            G.add_edge(u, v, **data)
        elif operation == "start":
            G.graph["start"] = nodes[k % len(nodes)]
        elif operation == "copy":
            G = G.copy()
        elif operation == "pickle":
            G = pickle.loads(pickle.dumps(G))
        else:
            G = copy.deepcopy(G)
        assert _described(mg.compile_graph(G)) == _reference(G)


def test_copies_pickles_and_deep_copies_keep_the_record_and_the_mazes():
    G = T.sigma(5, 6)
    cells = mg.compile_graph(G)
    G.edges[(0, 0), (0, 1)]["weight"] = 2.0
    maze = mg.generate(G, "wilson", seed=4)
    C = G.copy()
    assert mg.compile_graph(C) is cells and C.edges[(0, 0), (0, 1)]["weight"] == 2.0
    C.remove_edge((0, 0), (0, 1))
    assert mg.compile_graph(C) is not cells and mg.compile_graph(G) is cells  # the copy changes alone
    for H in (pickle.loads(pickle.dumps(G)), copy.deepcopy(G)):
        assert isinstance(H, TessellationGraph) and mg.compile_graph(H).same_as(cells)
        assert H.edges[(0, 0), (0, 1)]["weight"] == 2.0
        assert mg.generate(H, "wilson", seed=4) == maze
        H.graph["start"] = (4, 5)  # still watched after the round trip
        assert mg.compile_graph(H).start == mg.compile_graph(H).labels.index((4, 5))
    assert isinstance(G.subgraph(list(G)[:10]).copy(), TessellationGraph)


def test_plain_graphs_are_recorded_in_their_networkx_cache():
    G = nx.grid_2d_graph(3, 4)
    cells = mg.compile_graph(G)
    assert mg.compile_graph(G) is cells
    nx.set_node_attributes(G, {n: i for i, n in enumerate(G)}, "row")  # networkx empties its cache
    assert mg.compile_graph(G) is not cells and mg.compile_graph(G).row is not None
    cells = mg.compile_graph(G)
    G.nodes[(0, 0)]["row"] = 5  # in place: not seen, as networkx's own cache does not see it
    assert mg.compile_graph(G) is cells
    G.__networkx_cache__.clear()
    assert mg.compile_graph(G).row[0] == 5


def test_views_are_compiled_on_every_call():
    G = nx.grid_2d_graph(3, 4)
    view = G.subgraph([n for n in G if n != (2, 3)])
    first = mg.compile_graph(view)
    assert first.n_cells == 11 and mg.compile_graph(view) is not first
    G.remove_node((0, 0))  # the view changes with its base
    assert mg.compile_graph(view).n_cells == 10
    package = T.orthogonal(3, 4)
    mg.compile_graph(package)
    assert mg.compile_graph(package.subgraph([n for n in package if n != (1, 1)])).n_cells == 11


def test_generate_compiles_once(monkeypatch):
    compiles = []
    real = _from_networkx
    monkeypatch.setattr("mazegraph.tessellations.compile._from_networkx", lambda G: compiles.append(1) or real(G))
    view = nx.grid_2d_graph(4, 4).subgraph([(r, c) for r in range(4) for c in range(4)])  # a view: never recorded
    maze = mg.generate(view, "wilson", seed=1)
    assert len(compiles) == 1 and maze.tessellation is view


def test_a_large_view_warns_where_the_user_called():
    cells = T.build("orthogonal", 4, 5)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nxview, "LARGE", 10)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            T.orthogonal(4, 5)
            mg.generate(cells, "wilson", seed=1).to_networkx()
            T.orthogonal(2, 5)  # 10 cells: no warning
    assert [w.category for w in caught] == [LargeGraphWarning] * 2
    assert all(w.filename == __file__ for w in caught) and "build()" in str(caught[0].message)


def test_maze_view_keeps_a_users_attributes():
    G = T.orthogonal(3, 3)
    maze = mg.generate(G, "backtracker", seed=2)
    u, v = maze.open_edges()[0]
    G.edges[u, v]["weight"] = 7
    G.nodes[u]["colour"] = "red"
    tree = maze.to_networkx()
    assert tree.edges[u, v]["weight"] == 7 and tree.nodes[u]["colour"] == "red"
    assert np.isclose(tree.edges[u, v]["wall"][0][0], G.edges[u, v]["wall"][0][0])


def test_bulk_view_built_in_small_chunks_is_the_same(monkeypatch):
    cells = T.build("upsilon", 7, 9)
    whole = cells.to_networkx()
    monkeypatch.setattr(nxview, "_CHUNK", 5)  # the adjacency built 5 nodes at a time
    _same_graph(cells.to_networkx(), whole)
    _same_graph(cells.to_networkx(), _eager_view(cells))
