"""Tessellation and maze graphs through NetworkX's file formats: GraphML, GML, node-link JSON.

Our graphs carry tuples everywhere: cell labels such as ``(3, 4)``, ``pos``,
walls as tuples of points (with ``(nan, nan)`` between pieces), a ``spec``
dict. GraphML and GML hold only numbers and strings, and node-link JSON turns
tuples into lists (unhashable as labels). :func:`stringify` makes a copy every
writer accepts: every label becomes JSON text, and every attribute whose values
are not all numbers or all strings becomes JSON text too, with tuples, lists
and dicts kept apart; :func:`unstringify` reverses it exactly, using a graph
attribute ``mazegraph`` that records what was turned into text.

>>> import networkx as nx, mazegraph as mg
>>> G = mg.tessellations.sigma(3, 3)
>>> H = unstringify(nx.node_link_graph(nx.node_link_data(stringify(G), edges="edges"), edges="edges"))
>>> list(H.nodes) == list(G.nodes) and H.nodes[(1, 1)]["pos"] == G.nodes[(1, 1)]["pos"]
True
"""

from __future__ import annotations

import json
import numbers

import networkx as nx
import numpy as np

from ..cellgraph import CellGraph
from ..errors import MazeFormatError, OutputPathError
from ..maze import Maze
from ..params import Instance, Param, checked
from ._params import GRAPH, READ_PATH, WRITE_FILE

__all__ = ["stringify", "unstringify", "to_graphml", "from_graphml", "to_gml", "from_gml"]

_KEY = "mazegraph"
_VERSION = 1


def _encode(value):
    """A JSON-able form that keeps tuples, lists and dicts apart (tuples are the common case: plain lists)."""
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if isinstance(value, list):
        return {"list": [_encode(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, np.ndarray):
        return {"list": [_encode(v) for v in value.tolist()]}
    if isinstance(value, np.generic):
        return value.item()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise MazeFormatError(
        f"cannot write a value of type {type(value).__name__} ({value!r}); attributes may hold numbers, strings, "
        "None, and tuples, lists and dicts of them"
    )


def _decode(value):
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    if isinstance(value, dict):
        if set(value) == {"list"}:
            return [_decode(v) for v in value["list"]]
        if set(value) == {"dict"}:
            return {_decode(k): _decode(v) for k, v in value["dict"]}
        raise MazeFormatError(f"unexpected object {value!r} in an encoded attribute")
    return value


def _text(value) -> str:
    return json.dumps(_encode(value), separators=(",", ":"))


def _native(values) -> bool:
    """True if every value is an int, or every one a float, or every one a str (kept as they are)."""
    kinds = set()
    for v in values:
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (numbers.Integral, float, str)):
            return False
        if isinstance(v, str) and (v in ("[]", "()") or not v.isprintable()):
            return False  # GML reads "[]" back as a list; GraphML (XML) cannot hold control characters
        kinds.add(str if isinstance(v, str) else float if isinstance(v, float) else int)
    return len(kinds) <= 1


def _keys_to_encode(dicts) -> list[str]:
    values: dict = {}
    for attrs in dicts:
        for key, value in attrs.items():
            values.setdefault(key, []).append(value)
    return sorted(key for key, vs in values.items() if not _native(vs))


def _graph_of(obj) -> nx.Graph:
    if isinstance(obj, Maze):
        return obj.to_networkx()
    if isinstance(obj, CellGraph):
        return obj.to_networkx()
    if isinstance(obj, nx.Graph):
        return obj
    raise MazeFormatError(f"expected a Maze, CellGraph or networkx graph, got {type(obj).__name__}")


@checked(GRAPH)
def stringify(G) -> nx.Graph:
    """A copy of a graph that GraphML, GML and node-link JSON writers accept.

    Parameters
    ----------
    G : networkx.Graph, Maze or CellGraph
        A maze gives its passage graph (:meth:`Maze.to_networkx`), a CellGraph
        its tessellation graph.

    Returns
    -------
    networkx.Graph
        Node labels as JSON text; each attribute (node, edge or graph) whose
        values are not all ints, all floats or all strings as JSON text; the
        graph attribute ``mazegraph`` records which. Same class as ``G``.

    Raises
    ------
    MazeFormatError
        If an attribute holds a value other than numbers, strings, None, and
        tuples, lists and dicts of them, or ``G`` already has a ``mazegraph``
        graph attribute.

    Examples
    --------
    >>> import networkx as nx, mazegraph as mg
    >>> S = stringify(mg.tessellations.orthogonal(1, 2))
    >>> list(S.nodes), S.nodes["[0,0]"]["pos"], S.nodes["[0,0]"]["row"]
    (['[0,0]', '[0,1]'], '[0.5,0.5]', 0)
    >>> nx.generate_graphml(S) is not None
    True
    """
    G = _graph_of(G)
    if _KEY in G.graph:
        raise MazeFormatError(f"the graph already has a {_KEY!r} attribute: it was stringified already")
    plan = {
        "version": _VERSION,
        "node": _keys_to_encode(attrs for _, attrs in G.nodes(data=True)),
        "edge": _keys_to_encode(attrs for _, _, attrs in G.edges(data=True)),
        "graph": _keys_to_encode([G.graph]),
        "graph_keys": sorted(G.graph),  # readers add their own (GraphML: node_default, edge_default)
    }
    H = G.__class__()

    def convert(attrs: dict, encoded: list[str]) -> dict:
        return {k: _text(v) if k in encoded else _plain(v) for k, v in attrs.items()}

    H.graph.update(convert(G.graph, plan["graph"]))
    H.graph[_KEY] = json.dumps(plan)
    labels = {node: _text(node) for node in G.nodes}
    if len(set(labels.values())) != len(labels):
        raise MazeFormatError("two node labels have the same text form (e.g. 1 and 1.0); relabel the graph first")
    H.add_nodes_from((labels[n], convert(attrs, plan["node"])) for n, attrs in G.nodes(data=True))
    H.add_edges_from((labels[u], labels[v], convert(attrs, plan["edge"])) for u, v, attrs in G.edges(data=True))
    return H


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


@checked(Param("H", Instance((nx.Graph,), "a networkx.Graph (as read from a file)")))
def unstringify(H) -> nx.Graph:
    """The graph :func:`stringify` was given, from its stringified copy (as read back from a file).

    Node order, labels and every attribute come back equal (tuples as tuples,
    lists as lists; an int read from GML or GraphML as an int).

    Raises
    ------
    MazeFormatError
        If ``H`` lacks the ``mazegraph`` graph attribute (it was not made by
        :func:`stringify`), or a label or encoded attribute is not valid JSON.
    """
    if _KEY not in H.graph:
        raise MazeFormatError(f"the graph has no {_KEY!r} graph attribute: it was not written through stringify()")
    try:
        plan = json.loads(H.graph[_KEY])
        if plan.get("version") != _VERSION:
            raise MazeFormatError(f"unsupported stringify version {plan.get('version')!r}; expected {_VERSION}")

        def convert(attrs: dict, encoded: list[str]) -> dict:
            return {k: _decode(json.loads(_gml_text(v))) if k in encoded else v for k, v in attrs.items()}

        G = H.__class__()
        G.graph.update(convert({k: v for k, v in H.graph.items() if k in plan["graph_keys"]}, plan["graph"]))
        labels = {node: _decode(json.loads(node)) for node in H.nodes}
        G.add_nodes_from((labels[n], convert(attrs, plan["node"])) for n, attrs in H.nodes(data=True))
        G.add_edges_from((labels[u], labels[v], convert(attrs, plan["edge"])) for u, v, attrs in H.edges(data=True))
    except (json.JSONDecodeError, TypeError, KeyError) as error:
        raise MazeFormatError(f"malformed stringified graph: {error}") from None
    return G


def _gml_text(value):
    """Undo networkx's GML reader turning the text ``[]`` (our empty tuple) into an empty list."""
    return "[]" if isinstance(value, (list, tuple)) and not value else value


@checked(GRAPH, WRITE_FILE)
def to_graphml(G, path) -> None:
    """Write a graph, maze or tessellation as GraphML (through :func:`stringify`).

    Examples
    --------
    >>> import tempfile, pathlib, mazegraph as mg
    >>> M = mg.generate(mg.tessellations.theta(3), "wilson", seed=1)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     to_graphml(M, pathlib.Path(d) / "m.graphml")
    ...     T = from_graphml(pathlib.Path(d) / "m.graphml")
    >>> sorted(T.edges) == sorted(M.to_networkx().edges), T.graph["start"] == M.start
    (True, True)
    """
    _write(nx.write_graphml, stringify(G), path)


@checked(READ_PATH)
def from_graphml(path) -> nx.Graph:
    """Read a graph written by :func:`to_graphml` (labels and attributes as they were)."""
    return unstringify(_read(nx.read_graphml, path))


@checked(GRAPH, WRITE_FILE)
def to_gml(G, path) -> None:
    """Write a graph, maze or tessellation as GML (through :func:`stringify`)."""
    _write(nx.write_gml, stringify(G), path)


@checked(READ_PATH)
def from_gml(path) -> nx.Graph:
    """Read a graph written by :func:`to_gml` (labels and attributes as they were)."""
    return unstringify(_read(nx.read_gml, path))


def _write(writer, H, path) -> None:
    try:
        writer(H, path)
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None
    except nx.NetworkXError as error:
        raise MazeFormatError(f"cannot write {path}: {error}") from None


def _read(reader, path) -> nx.Graph:
    try:
        return reader(path)
    except OSError as error:
        raise MazeFormatError(f"cannot read {path}: {error.strerror or error}") from None
    except (nx.NetworkXError, ValueError, SyntaxError) as error:
        raise MazeFormatError(f"cannot read {path}: {error}") from None
