"""The networkx view of a CellGraph, built from its arrays in bulk, and the record of what a graph compiles to.

:func:`tessellation_graph` turns a :class:`~mazegraph.cellgraph.CellGraph` into a
:class:`TessellationGraph`, an ordinary ``networkx.Graph`` subclass. It is built
in bulk from the CSR arrays, and its node and edge attributes are
:class:`Attributes` mappings that read ``pos``, ``wall``, ``direction`` and the
rest from the arrays when asked, instead of holding millions of tuples: a wall
is a few bytes until someone reads ``G.edges[u, v]["wall"]``. Writing an
attribute turns that one mapping into an ordinary dict of its own.

A TessellationGraph remembers the CellGraph it was built from and knows when
it stops describing it, so :func:`mazegraph.compile_graph` answers in O(1):

- every method that adds or removes nodes or edges (``add_node``,
  ``add_nodes_from``, ``remove_node``, ``remove_nodes_from``, ``add_edge``,
  ``add_edges_from``, ``add_weighted_edges_from``, ``remove_edge``,
  ``remove_edges_from``, ``update``, ``clear``, ``clear_edges``) drops the
  record;
- so does writing or deleting an attribute that the arrays are compiled from:
  the node attributes in :data:`NODE_KEYS` (``pos``, ``layout``, ``row``), the
  edge attributes in :data:`EDGE_KEYS` (``wall``, ``mark``, ``cover``,
  ``direction``) and the edge attributes naming other cells or edges that the
  tessellation exports (``under`` on weave, ``crosses`` on zeta), and the graph
  attributes in :data:`GRAPH_KEYS` (``name``, ``boundary``, ``annotations``,
  ``start``, ``goal``, ``spec``); through ``G.nodes[n][k] = v``,
  ``G.edges[u, v][k] = v``, ``G.graph[k] = v``, ``nx.set_node_attributes`` or
  any other route;
- any other attribute (a ``weight``, a colour) is the user's and changes nothing.

After a change the next compile reads the graph itself. Any other
``networkx.Graph`` is compiled once and its arrays are kept in the graph's own
networkx cache, ``G.__networkx_cache__``, which networkx empties in every method
that changes nodes or edges and in ``nx.set_node_attributes`` and
``nx.set_edge_attributes``; writing an attribute in place
(``G.nodes[n]["pos"] = p``) is not seen there, as networkx's own cache does not
see it: call ``G.__networkx_cache__.clear()`` (or pass ``G.copy()``) after such
a change. Views (``G.subgraph(...)``) are compiled on every call, since their
base graph may change under them.
"""

from __future__ import annotations

import copy as _copy
import gc
import sys
import warnings
from collections.abc import Mapping, MutableMapping
from functools import partial
from itertools import islice, repeat

import networkx as nx
import numpy as np

from ._csr import csr_from_edges

__all__ = [
    "TessellationGraph",
    "Attributes",
    "LargeGraphWarning",
    "tessellation_graph",
    "passage_graph",
    "compiled",
    "record",
    "NODE_KEYS",
    "EDGE_KEYS",
    "GRAPH_KEYS",
    "LARGE",
]

NODE_KEYS = frozenset({"pos", "layout", "row"})
EDGE_KEYS = frozenset({"wall", "mark", "cover", "direction"})
GRAPH_KEYS = frozenset({"name", "boundary", "annotations", "start", "goal", "spec"})
LARGE = 100_000  # cells above which building a networkx view warns that build() is the array path
RECORD = "mazegraph"  # the key of a plain graph's compiled arrays in its __networkx_cache__
_CHUNK = 1 << 16  # nodes whose adjacency dicts are built from one slice of the CSR arrays

_ABSENT = object()
_GAP = (float("nan"), float("nan"))  # one shared separator point, so walls read twice compare equal


class LargeGraphWarning(UserWarning):
    """A networkx view of more than :data:`LARGE` cells is being built (seconds, hundreds of MB)."""


# -- attributes read from the arrays -------------------------------------------------------------


def _points(lines, i: int) -> tuple:
    """Item ``i`` of a Polylines as a tuple of ``(x, y)`` tuples, NaN rows as the shared gap point."""
    rows = lines.points[lines.ptr[i] : lines.ptr[i + 1]].tolist()
    return tuple(_GAP if x != x else (x, y) for x, y in rows)


class _Columns:
    """Where the node (or edge) attributes of one graph come from, and whom to tell of writes.

    Holds a getter per attribute name, reading the value of item ``i`` from the
    arrays of a CellGraph (none for a graph not built from arrays), and the graph
    (``owner``) whose record a write of a watched attribute drops.
    """

    __slots__ = ("owner", "kind", "cells", "getters", "optional", "watched")

    def __init__(self, owner, kind: str, cells=None):
        self.owner, self.kind, self.cells = owner, kind, cells
        self.getters: dict = {}
        self.optional: frozenset = frozenset()  # names present only where an index is >= 0
        self.watched = NODE_KEYS if kind == "node" else EDGE_KEYS
        if cells is not None:
            self._load(cells)

    def _load(self, cells) -> None:
        get = self.getters
        if self.kind == "node":
            if cells.pos is not None:
                get["pos"] = lambda i, a=cells.pos: tuple(a[i].tolist())
            if cells._layout is not None:
                get["layout"] = lambda i, a=cells._layout: tuple(a[i].tolist())
            if cells.row is not None:
                get["row"] = lambda i, a=cells.row: int(a[i])
            return
        for name, lines in (("wall", cells.walls), ("mark", cells.marks), ("cover", cells.covers)):
            if lines is not None:
                get[name] = partial(_points, lines)
        if cells.direction is not None:
            get["direction"] = lambda e, d=cells.direction, names=cells.direction_names: names[d[e]]
        labels = cells.labels
        for name, refs in cells.cell_refs.items():
            get[name] = lambda e, r=refs: labels[int(r[e])] if r[e] >= 0 else _ABSENT
        for name, refs in cells.edge_refs.items():
            get[name] = lambda e, r=refs, ends=cells.edges: (
                (labels[int(ends[r[e], 0])], labels[int(ends[r[e], 1])]) if r[e] >= 0 else _ABSENT
            )
        self.optional = frozenset(cells.cell_refs) | frozenset(cells.edge_refs)
        self.watched = EDGE_KEYS | self.optional

    def names(self, i: int) -> list[str]:
        """The attribute names item ``i`` has, in a fixed order."""
        if not self.optional:
            return list(self.getters)
        return [k for k, get in self.getters.items() if k not in self.optional or get(i) is not _ABSENT]

    def wrote(self, key) -> None:
        """An attribute was written or deleted: tell the owning graph (whether it matters for compiling)."""
        if self.owner is not None:
            self.owner._attribute_written(key in self.watched)

    def __reduce__(self):
        return (_Columns, (self.owner, self.kind, self.cells))


def _restore(columns: _Columns, index: int, own: dict | None) -> Attributes:
    attributes = Attributes(columns, index)
    attributes._own = own
    return attributes


class Attributes(MutableMapping):
    """The attribute dict of one node or edge of a graph built from arrays.

    Until the first write, values are read from the arrays on each access
    (``G.edges[u, v]["wall"]`` builds the tuple of points then), so a million
    edges cost a few bytes each. The first write or deletion copies the values
    into an ordinary dict that the mapping holds from then on. It behaves as a
    dict does for networkx and for user code (``copy()``, ``|``, equality,
    pickling); ``json.dumps`` needs ``dict(attributes)``.
    """

    __slots__ = ("_columns", "_index", "_own")

    def __init__(self, columns: _Columns, index: int):
        self._columns = columns
        self._index = index
        self._own = None

    def __getitem__(self, key):
        own = self._own
        if own is not None:
            return own[key]
        get = self._columns.getters.get(key)
        if get is not None:
            value = get(self._index)
            if value is not _ABSENT:
                return value
        raise KeyError(key)

    def __contains__(self, key) -> bool:
        own = self._own
        if own is not None:
            return key in own
        columns = self._columns
        get = columns.getters.get(key)
        return get is not None and (key not in columns.optional or get(self._index) is not _ABSENT)

    def __iter__(self):
        own = self._own
        return iter(own) if own is not None else iter(self._columns.names(self._index))

    def __len__(self) -> int:
        own = self._own
        return len(own) if own is not None else len(self._columns.names(self._index))

    def _materialise(self) -> dict:
        if self._own is None:
            self._own = {key: self[key] for key in self._columns.names(self._index)}
        return self._own

    def __setitem__(self, key, value) -> None:
        self._materialise()[key] = value
        self._columns.wrote(key)

    def __delitem__(self, key) -> None:
        del self._materialise()[key]
        self._columns.wrote(key)

    def copy(self) -> dict:
        """A plain dict of the attributes."""
        return dict(self.items())

    __copy__ = copy

    def __deepcopy__(self, memo):
        if id(self._columns.owner) in memo:  # part of a deep copy of the whole graph: stay lazy
            columns = _copy.deepcopy(self._columns, memo)
            return _restore(columns, self._index, _copy.deepcopy(self._own, memo))
        return _copy.deepcopy(dict(self.items()), memo)

    def __or__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return {**self, **other}

    def __ror__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return {**other, **self}

    def __ior__(self, other):
        self.update(other)
        return self

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    def __reduce__(self):
        return (_restore, (self._columns, self._index, self._own))


class _NewAttributes:
    """The attribute-dict factory of a TessellationGraph: new nodes and edges get watched mappings too."""

    __slots__ = ("columns",)

    def __init__(self, columns: _Columns):
        self.columns = columns

    def __call__(self) -> Attributes:
        return _restore(self.columns, -1, {})


class _GraphAttributes(dict):
    """``G.graph`` of a TessellationGraph: a dict that tells the graph when a compiled attribute changes."""

    __slots__ = ("_owner",)

    def __init__(self, owner, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._owner = owner

    def _wrote(self, keys) -> None:
        owner = getattr(self, "_owner", None)
        if owner is not None:
            owner._attribute_written(not GRAPH_KEYS.isdisjoint(keys))

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        self._wrote((key,))

    def __delitem__(self, key):
        super().__delitem__(key)
        self._wrote((key,))

    def update(self, *args, **kwargs):
        other = dict(*args, **kwargs)
        super().update(other)
        self._wrote(other)

    def __ior__(self, other):
        self.update(other)
        return self

    def pop(self, key, *default):
        value = super().pop(key, *default)
        self._wrote((key,))
        return value

    def popitem(self):
        item = super().popitem()
        self._wrote((item[0],))
        return item

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self):
        keys = list(self)
        super().clear()
        self._wrote(keys)

    def __reduce__(self):
        return (dict, (dict(self),))  # TessellationGraph.__setstate__ watches it again


# -- the graph -----------------------------------------------------------------------------------


class TessellationGraph(nx.Graph):
    """A ``networkx.Graph`` built from a CellGraph's arrays, which knows when it stops describing them.

    It is an ordinary networkx graph for every purpose; see the module notes for
    what counts as a change. ``G.copy()`` keeps the record (the copy describes
    the same arrays until it is changed itself); pickles and deep copies keep it
    too.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 4)
    >>> type(G).__name__, mg.compile_graph(G) is mg.compile_graph(G)
    ('TessellationGraph', True)
    >>> cells = mg.compile_graph(G)
    >>> G.edges[(0, 0), (0, 1)]["weight"] = 2.5  # the user's attribute: nothing to recompile
    >>> mg.compile_graph(G) is cells
    True
    >>> G.remove_edge((0, 0), (0, 1))  # a change: compiled again from the graph itself
    >>> mg.compile_graph(G).n_edges
    16
    """

    def __init__(self, incoming_graph_data=None, **attr):
        self._cells = None  # the arrays this graph describes, while it does (see the module notes)
        self._edited = False  # changed since built: compile from the graph, never from its spec
        self._as_built = False  # every node, edge and attribute still as tessellation_graph made it
        self._node_columns = _Columns(self, "node")
        self._edge_columns = _Columns(self, "edge")
        self.node_attr_dict_factory = _NewAttributes(self._node_columns)
        self.edge_attr_dict_factory = _NewAttributes(self._edge_columns)
        self.graph_attr_dict_factory = partial(_GraphAttributes, self)
        super().__init__(incoming_graph_data, **attr)

    # every mutation of nodes and edges drops the record
    def _changed(self) -> None:
        self._cells = None
        self._edited = True
        self._as_built = False

    def _attribute_written(self, matters: bool) -> None:
        self._as_built = False
        if matters:
            self._changed()

    def add_node(self, node_for_adding, **attr):
        self._changed()
        super().add_node(node_for_adding, **attr)

    def add_nodes_from(self, nodes_for_adding, **attr):
        self._changed()
        super().add_nodes_from(nodes_for_adding, **attr)

    def remove_node(self, n):
        self._changed()
        super().remove_node(n)

    def remove_nodes_from(self, nodes):
        self._changed()
        super().remove_nodes_from(nodes)

    def add_edge(self, u_of_edge, v_of_edge, **attr):
        self._changed()
        super().add_edge(u_of_edge, v_of_edge, **attr)

    def add_edges_from(self, ebunch_to_add, **attr):
        self._changed()
        super().add_edges_from(ebunch_to_add, **attr)

    def add_weighted_edges_from(self, ebunch_to_add, weight="weight", **attr):
        self._changed()
        super().add_weighted_edges_from(ebunch_to_add, weight=weight, **attr)

    def remove_edge(self, u, v):
        self._changed()
        super().remove_edge(u, v)

    def remove_edges_from(self, ebunch):
        self._changed()
        super().remove_edges_from(ebunch)

    def update(self, edges=None, nodes=None):
        self._changed()
        super().update(edges, nodes)

    def clear(self):
        self._changed()
        super().clear()

    def clear_edges(self):
        self._changed()
        super().clear_edges()

    def copy(self, as_view=False):
        """A copy of the graph (as networkx's ``Graph.copy``) that keeps the record of its compiled arrays."""
        H = super().copy(as_view=as_view)
        if not as_view:  # the copy describes what this graph describes, until it is changed itself
            H._cells, H._edited = self._cells, self._edited
            H._edge_columns.watched = self._edge_columns.watched
        return H

    def __setstate__(self, state):
        self.__dict__.update(state)
        if type(self.graph) is dict:
            self.graph = _GraphAttributes(self, self.graph)

    def describes(self, cells) -> bool:
        """True if this graph is exactly the view :func:`tessellation_graph` built of ``cells``, unchanged."""
        return self._as_built and self._cells is cells


def _is_view(G) -> bool:
    return getattr(G, "_graph", None) is not None


def compiled(G):
    """The CellGraph recorded for ``G`` (O(1)), or None if none is or ``G`` has changed since."""
    if isinstance(G, TessellationGraph):
        return G._cells
    cache = getattr(G, "__networkx_cache__", None)
    if not cache or _is_view(G):
        return None
    return cache.get(RECORD)


def record(G, cells) -> None:
    """Record that ``G`` compiles to ``cells`` (not for views, whose base may change under them)."""
    if _is_view(G):
        return
    if isinstance(G, TessellationGraph):
        G._cells = cells
        return
    cache = getattr(G, "__networkx_cache__", None)
    if isinstance(cache, dict):
        cache[RECORD] = cells


def edited(G) -> bool:
    """True if ``G`` is a TessellationGraph changed since it was built: its spec no longer describes it."""
    return isinstance(G, TessellationGraph) and G._edited


# -- building views in bulk ----------------------------------------------------------------------


def _warn_if_large(n: int, what: str) -> None:
    if n <= LARGE:
        return
    frame, level = sys._getframe(1), 2  # level 2: our caller; climb to the first frame outside mazegraph
    while frame is not None and frame.f_globals.get("__name__", "").startswith("mazegraph"):
        frame, level = frame.f_back, level + 1
    warnings.warn(
        f"building the networkx view of {what} of {n} cells (seconds, about {n * 700 // 10**6} MB); "
        "mg.tessellations.build() gives the arrays, which every mazegraph function takes",
        LargeGraphWarning,
        stacklevel=level,
    )


def _fill(G: nx.Graph, cells, edge_ids, indptr, neighbors, local_ids, labels=None) -> None:
    """Fill ``G`` with every cell and the edges ``edge_ids`` of ``cells`` (a range or a list).

    ``indptr``, ``neighbors`` and ``local_ids`` are the CSR arrays of those edges,
    ``local_ids`` indexing into ``edge_ids``; a node's neighbours come in that
    order, as ``add_edges_from`` in edge order would put them. ``labels`` (the
    cells' labels, e.g. another view's nodes, to share their objects) defaults
    to ``cells.labels.tolist()``.
    """
    labels = cells.labels.tolist() if labels is None else labels
    n = len(labels)
    node_columns = _Columns(G if isinstance(G, TessellationGraph) else None, "node", cells)
    edge_columns = _Columns(G if isinstance(G, TessellationGraph) else None, "edge", cells)
    if isinstance(G, TessellationGraph):
        G._node_columns, G._edge_columns = node_columns, edge_columns
        G.node_attr_dict_factory = _NewAttributes(node_columns)
        G.edge_attr_dict_factory = _NewAttributes(edge_columns)
    G._node = dict(zip(labels, map(Attributes, repeat(node_columns, n), range(n))))
    label_array = np.fromiter(labels, dtype=object, count=n)
    m = len(edge_ids)
    attributes = np.fromiter(map(Attributes, repeat(edge_columns, m), edge_ids), dtype=object, count=m)
    counts = np.diff(indptr).tolist()
    inner = []
    for first in range(0, n, _CHUNK):  # a chunk of nodes at a time: the temporary object arrays stay small
        lo, hi = indptr[first], indptr[min(first + _CHUNK, n)]
        pairs = zip(label_array[neighbors[lo:hi]], attributes[local_ids[lo:hi]])
        inner += map(dict, map(islice, repeat(pairs), counts[first : first + _CHUNK]))
    G._adj = dict(zip(labels, inner))


def tessellation_graph(cells) -> TessellationGraph:
    """Build the networkx view of ``cells`` in bulk (what :meth:`CellGraph.to_networkx` returns).

    Warns (:class:`LargeGraphWarning`) above :data:`LARGE` cells: there the
    arrays from :func:`mazegraph.tessellations.build` are the path to take;
    refuses (:class:`~mazegraph.errors.InvalidSizeError`) a view that would not
    fit in memory (see :mod:`mazegraph.tessellations.limits`).
    """
    from .tessellations.limits import NX_BYTES_PER_CELL, check_cells  # here: the package imports this module

    check_cells(f"the networkx view of {cells.name}", cells.n_cells, NX_BYTES_PER_CELL)
    _warn_if_large(cells.n_cells, "a tessellation")
    labels = cells.labels
    G = TessellationGraph()
    collecting = gc.isenabled()
    gc.disable()  # millions of new objects would trigger full collections over and over
    try:
        _fill(G, cells, range(cells.n_edges), cells.indptr, cells.neighbors, cells.edge_ids)
        graph = {"name": cells.name}
        graph["start"] = labels[cells.start] if cells.n_cells else None
        graph["goal"] = labels[cells.goal] if cells.n_cells else None
        if cells.spec is not None:
            graph["spec"] = _copy.deepcopy(cells.spec)
        if cells.boundary is not None:
            graph["boundary"] = cells.boundary.tolist()
        if cells.annotations:
            graph["annotations"] = list(cells.annotations)
        G.graph.update(graph)
    finally:
        if collecting:
            gc.enable()
    G._cells, G._edited, G._as_built = cells, False, True
    return G


def passage_graph(cells, open_mask: np.ndarray, start, goal, labels=None) -> nx.Graph:
    """Build the graph of a maze's passages over every cell of ``cells``, in bulk.

    Nodes and edges read their attributes from the arrays as in
    :func:`tessellation_graph`; graph attributes ``name``, ``start`` and ``goal``.
    ``labels``: the cells' labels in cell order, when a view already holds them.
    """
    _warn_if_large(cells.n_cells, "a maze")
    edge_ids = np.flatnonzero(open_mask)
    T = nx.Graph(name=cells.name, start=start, goal=goal)
    collecting = gc.isenabled()
    gc.disable()
    try:
        indptr, neighbors, local_ids = csr_from_edges(cells.n_cells, cells.edges[edge_ids])
        _fill(T, cells, edge_ids.tolist(), indptr, neighbors, local_ids, labels)
    finally:
        if collecting:
            gc.enable()
    return T
