"""Turn any connected ``networkx.Graph`` into a :class:`~mazegraph.cellgraph.CellGraph`."""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines, label_kind
from ..errors import (
    DisconnectedGraphError,
    InvalidSizeError,
    MazeError,
    MissingAttributeError,
    NotACellError,
    UnsupportedError,
)
from .registry import from_spec

if TYPE_CHECKING:  # networkx (and scipy) are imported when a networkx graph is compiled
    import networkx as nx

__all__ = ["compile_graph"]

_MAX_ROW = 2**31  # rows are stored as 32-bit ints
_MAX_DIRECTIONS = 127  # direction classes are stored as 8-bit ints


def compile_graph(G) -> CellGraph:
    """Return the compiled arrays of a tessellation, compiling it on first use.

    Asking again is O(1). Graphs made by :mod:`mazegraph.tessellations` come
    with their arrays and know when they are changed (every method that adds or
    removes nodes or edges, and writes of the attributes listed below, wherever
    they come from). Any other ``networkx.Graph`` is compiled once and its arrays
    are kept in the graph's networkx cache (``G.__networkx_cache__``), which
    networkx empties whenever a method changes nodes or edges and in
    ``nx.set_node_attributes``/``nx.set_edge_attributes``; an attribute written
    in place on such a graph (``G.nodes[n]["pos"] = p``) is not seen: call
    ``G.__networkx_cache__.clear()`` afterwards. Views such as
    ``G.subgraph(nodes)`` are compiled on every call (pass ``.copy()`` to compile
    once). See :mod:`mazegraph.nxview`.

    Parameters
    ----------
    G : networkx.Graph or CellGraph
        A connected, undirected simple graph. Optional attributes used for
        drawing and texture: node ``pos``, ``layout`` and ``row``, edge ``wall``,
        ``direction``, ``mark`` and ``cover``, graph ``name``, ``boundary``,
        ``annotations``, ``start`` and ``goal``; edge ``under`` (the cell a
        weave tunnel passes beneath) and ``crosses`` (the edge a zeta diagonal
        crosses), which the generators respect.

    Returns
    -------
    CellGraph

    Raises
    ------
    InvalidSizeError
        If the graph has no nodes.
    DisconnectedGraphError
        If the graph is not connected; the message lists the components.
    UnsupportedError
        If the graph is directed, a multigraph or has self-loops.
    NotACellError
        If graph ``start`` or ``goal`` or an edge's ``under`` is not a node, or
        an edge's ``crosses`` is not an edge.
    MissingAttributeError
        If an attribute is malformed: a node's ``pos`` or ``layout`` that is not
        finite coordinates (as many on every node), a ``row`` that is not a whole
        number, an edge's ``wall``, ``mark`` or ``cover`` or the graph's
        ``boundary`` that is not points ``(x, y)``, ``annotations`` that are not
        ``(x, y, text)``, or more than 127 different ``direction`` values; the
        message names the node or edge.

    Examples
    --------
    >>> import networkx as nx, mazegraph as mg
    >>> mg.compile_graph(nx.path_graph(4))
    <CellGraph graph: 4 cells, 3 edges>
    """
    if isinstance(G, CellGraph):
        return G
    import networkx as nx

    from ..nxview import compiled, edited, record

    if not isinstance(G, nx.Graph):
        raise UnsupportedError(f"expected a networkx.Graph, got {type(G).__name__}")
    if G.is_directed() or G.is_multigraph():
        raise UnsupportedError(
            "mazes are built on undirected simple graphs; convert with nx.Graph(G)"
        )
    cells = compiled(G)
    if cells is None:
        cells = _from_networkx(G) if edited(G) else _from_spec(G) or _from_networkx(G)
        record(G, cells)
    return cells


def _from_spec(G: nx.Graph) -> CellGraph | None:
    """Rebuild a package tessellation from its spec (e.g. after pickling)."""
    spec = G.graph.get("spec")
    if not isinstance(spec, dict):
        return None
    try:
        cells = from_spec(spec)
    except MazeError:
        return None
    same = (
        cells.n_cells == G.number_of_nodes()
        and cells.n_edges == G.number_of_edges()
        and cells.labels.tolist() == list(G.nodes)
        and all(G.has_edge(cells.labels[u], cells.labels[v]) for u, v in cells.edges[:64].tolist())
    )
    return cells if same else None


def _from_networkx(G: nx.Graph) -> CellGraph:
    n = G.number_of_nodes()
    if n == 0:
        raise InvalidSizeError("the graph has no nodes; a maze needs at least one cell")
    labels = list(G.nodes)
    index = {label: i for i, label in enumerate(labels)}
    edge_list = list(G.edges)
    for u, v in edge_list:
        if u == v:
            raise UnsupportedError(
                f"the graph has a self-loop at {u!r}; remove it with G.remove_edges_from(nx.selfloop_edges(G))"
            )
    edges = np.array([(index[u], index[v]) for u, v in edge_list], dtype=np.int64).reshape(-1, 2)
    cells = CellGraph(
        name=str(G.graph.get("name") or "graph"),
        labels=Labels(items=labels),
        edges=edges,
        pos=_node_array(G, "pos"),
        layout=_node_array(G, "layout"),
        row=_node_array(G, "row"),
        walls=_edge_polylines(G, edge_list, "wall"),
        marks=_edge_polylines(G, edge_list, "mark"),
        covers=_edge_polylines(G, edge_list, "cover"),
        boundary=_boundary(G),
        annotations=_annotations(G),
        **_directions(G, edge_list),
        **_references(G, edge_list, index),
        start=_endpoint(G, index, labels, "start"),
        goal=_endpoint(G, index, labels, "goal"),
    )
    _check_connected(cells)
    return cells


def _check_connected(cells: CellGraph) -> None:
    from scipy.sparse.csgraph import connected_components

    count, which = connected_components(cells.adjacency(), directed=False)
    if count > 1:
        sizes = np.bincount(which)
        order = np.argsort(-sizes, kind="stable")[:5]
        parts = ", ".join(
            f"{sizes[k]} cells with {cells.labels[int(np.argmax(which == k))]!r}" for k in order
        )
        more = "" if count <= 5 else f" and {count - 5} more"
        raise DisconnectedGraphError(
            f"the graph has {count} connected components ({parts}{more}); a maze needs "
            "one: pass G.subgraph(max(nx.connected_components(G), key=len)).copy()"
        )


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _node_array(G: nx.Graph, key: str):
    """Node attribute ``key`` of every node as an array (None when a node lacks it), checked.

    ``row`` must be a whole number, ``pos`` and ``layout`` finite coordinates, two
    (``layout``) or at least two (``pos``) per node and as many for every node.
    """
    values = [d.get(key) for _, d in G.nodes(data=True)]
    if any(v is None for v in values):
        return None
    if key == "row":
        for node, v in zip(G.nodes, values):
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Integral) or abs(v) >= _MAX_ROW:
                raise MissingAttributeError(
                    f"node {_short(node)} has row={_short(v)}: row must be a whole number below 2**31 in size"
                )
        return np.asarray(values, dtype=np.int64)
    try:
        array = np.asarray(values)
    except (TypeError, ValueError):  # ragged
        array = None
    if array is not None and array.dtype.kind in "iuf" and array.ndim == 2 and _coordinates_ok(array, key):
        return array.astype(np.float64)
    width = 2 if key == "layout" else None
    for node, v in zip(G.nodes, values):
        try:
            point = np.asarray(v)
        except (TypeError, ValueError):
            point = None
        if point is None or point.dtype.kind not in "iuf" or point.ndim != 1 or not _coordinates_ok(point[None], key):
            what = "two" if key == "layout" else "two or more"
            raise MissingAttributeError(
                f"node {_short(node)} has {key}={_short(v)}: {key} must be {what} finite numbers, e.g. (x, y)"
            )
        width = width or len(point)
        if len(point) != width:
            raise MissingAttributeError(
                f"node {_short(node)} has {key}={_short(v)} with {len(point)} coordinates, other nodes {width}: "
                f"give every node's {key} the same number of coordinates"
            )
    raise MissingAttributeError(f"node attribute {key} does not hold the same number of coordinates on every node")


def _coordinates_ok(array: np.ndarray, key: str) -> bool:
    wide = array.shape[1] == 2 if key == "layout" else array.shape[1] >= 2
    return wide and bool(np.isfinite(array).all())


def _edge_polylines(G: nx.Graph, edge_list, key: str):
    values = [G.edges[u, v].get(key) for u, v in edge_list]
    if not values or any(v is None for v in values):
        return None
    return Polylines.from_items([_as_polyline(v, edge, key) for edge, v in zip(edge_list, values)])


def _as_polyline(value, edge, key: str) -> np.ndarray:
    """A ``(k, 2)`` polyline, or a list of them joined with NaN separators; checked.

    Raises
    ------
    MissingAttributeError
        Naming the ``edge`` (None: the graph) and ``key`` if ``value`` is not points ``(x, y)`` (NaN
        points separate pieces; infinite coordinates are refused).
    """
    line = None
    if not isinstance(value, (str, bytes, dict)):
        try:
            line = _points(value)
        except ValueError:
            try:
                line = Polylines.join_pieces(value)
            except (TypeError, ValueError):
                line = None
        except TypeError:
            line = None
    if line is None or np.isinf(line).any():
        where = "the graph" if edge is None else f"edge {_short(edge)}"
        raise MissingAttributeError(
            f"{where} has {key}={_short(value)}: {key} must be a list of points (x, y) of finite numbers, "
            "or a list of such polylines"
        )
    return line


def _points(value) -> np.ndarray:
    array = np.asarray(value)
    if array.dtype.kind not in "iuf":  # strings and objects are not coordinates (numpy would parse "1")
        raise TypeError
    return array.astype(np.float64).reshape(-1, 2)


def _boundary(G: nx.Graph):
    boundary = G.graph.get("boundary")
    if boundary is None:
        return None
    if isinstance(boundary, (str, bytes, dict)) or not hasattr(boundary, "__iter__"):
        raise MissingAttributeError(f"graph attribute boundary={_short(boundary)} must be a list of polylines")
    return Polylines.from_items([_as_polyline(piece, None, "boundary") for piece in boundary])


def _annotations(G: nx.Graph):
    notes = G.graph.get("annotations")
    if notes is None:
        return None
    try:
        checked = [(float(x), float(y), str(text)) for x, y, text in notes]
    except (TypeError, ValueError):
        checked = None
    if checked is None or not all(np.isfinite(x) and np.isfinite(y) for x, y, _ in checked):
        raise MissingAttributeError(
            f"graph attribute annotations={_short(notes)} must be a list of (x, y, text) with finite x and y"
        )
    return checked


def _directions(G: nx.Graph, edge_list) -> dict:
    values = [G.edges[u, v].get("direction") for u, v in edge_list]
    if not values or any(v is None for v in values):
        return {}
    names = [str(tuple(v)) if isinstance(v, (list, tuple, np.ndarray)) else str(v) for v in values]
    classes = list(dict.fromkeys(names))
    if len(classes) > _MAX_DIRECTIONS:
        raise MissingAttributeError(
            f"edge attribute direction takes {len(classes)} different values; at most {_MAX_DIRECTIONS} "
            "direction classes are allowed (e.g. 'horizontal', 'vertical'): group the values"
        )
    code = {name: i for i, name in enumerate(classes)}
    return {"direction": [code[name] for name in names], "direction_names": tuple(classes)}


def _references(G: nx.Graph, edge_list, index: dict) -> dict:
    """Edge attributes naming a cell (``under``: the cell a tunnel passes beneath) or another edge
    (``crosses``: the diagonal a zeta passage crosses), as index arrays with -1 for none."""
    out = {}
    under = [G.edges[u, v].get("under") for u, v in edge_list]
    if any(x is not None for x in under):
        try:
            out["cell_refs"] = {"under": [-1 if x is None else index[x] for x in under]}
        except (KeyError, TypeError):
            bad = next(x for x in under if x is not None and x not in index)
            raise NotACellError(f"edge attribute under={bad!r} is not a node of the graph") from None
    crosses = [G.edges[u, v].get("crosses") for u, v in edge_list]
    if any(x is not None for x in crosses):
        edge_of = {frozenset(pair): e for e, pair in enumerate(edge_list)}
        try:
            out["edge_refs"] = {"crosses": [-1 if x is None else edge_of[frozenset(x)] for x in crosses]}
        except (KeyError, TypeError):
            bad = next(x for x in crosses if x is not None and frozenset(x) not in edge_of)
            raise NotACellError(f"edge attribute crosses={bad!r} is not an edge of the graph") from None
    return out


def _endpoint(G: nx.Graph, index: dict, labels: list, key: str):
    label = G.graph.get(key)
    if label is None:
        return None
    try:
        found = index[label]
    except (KeyError, TypeError):
        found = None
    if found is None or label_kind(label) != label_kind(labels[found]):
        raise NotACellError(f"graph attribute {key}={_short(label)} is not a node of the graph")
    return found
