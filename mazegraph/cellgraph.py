"""Compiled tessellations: cells, edges, CSR adjacency and geometry as numpy arrays.

A :class:`CellGraph` is what every kernel, metric and renderer works on. Cells are
numbered ``0 .. n_cells - 1`` and edges (the walls that may open) ``0 .. n_edges - 1``;
``edges[e]`` holds the two cells edge ``e`` joins, and the CSR arrays
(``indptr``, ``neighbors``, ``edge_ids``) list each cell's neighbours and the edges
leading to them. Geometry rides along as arrays too: cell centres (``pos``), the
wall drawn for each edge while it stays closed (``walls``), the outer boundary,
and marks drawn for an edge while it is open (``marks``, used by passages that
leave the drawing plane).

The tessellation builders make a CellGraph with vectorised numpy code and the
``networkx.Graph`` a user sees is made from it in bulk (:meth:`CellGraph.to_networkx`,
:mod:`mazegraph.nxview`); the graph records its arrays so it is never compiled
again. See ``../design.md``.
"""

from __future__ import annotations

import numbers
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ._csr import csr_from_edges
from .errors import MazeFormatError, NotACellError

if TYPE_CHECKING:  # networkx is imported when a graph view is asked for (to_networkx)
    import networkx as nx


def is_networkx_graph(obj) -> bool:
    """Whether ``obj`` is a ``networkx.Graph``, without importing networkx (if it is not imported, it is not one)."""
    nx = sys.modules.get("networkx")
    return nx is not None and isinstance(obj, nx.Graph)

__all__ = ["CellGraph", "Labels", "Polylines"]

_NO_EDGES = np.empty(0, dtype=np.int64)


class Polylines:
    """One polyline per item, stored flat.

    Item ``i`` is ``points[ptr[i]:ptr[i + 1]]``, an ``(k, 2)`` array of points; a
    row of NaN inside an item separates pieces, so one item may be drawn as
    several disjoint polylines (a wall glued across two sides of a net). An
    item with fewer than two points draws nothing.

    Parameters
    ----------
    points : array_like, shape (P, 2)
    ptr : array_like, shape (k + 1,)
    """

    def __init__(self, points, ptr):
        self.points = np.ascontiguousarray(points, dtype=np.float64).reshape(-1, 2)
        self.ptr = np.ascontiguousarray(ptr, dtype=np.int64)

    @classmethod
    def from_segments(cls, segments) -> Polylines:
        """Make one two-point item per segment of an ``(k, 2, 2)`` array."""
        segments = np.asarray(segments, dtype=np.float64).reshape(-1, 2, 2)
        return cls(segments.reshape(-1, 2), np.arange(0, 2 * len(segments) + 1, 2))

    @classmethod
    def from_items(cls, items) -> Polylines:
        """Make the items from a sequence of ``(k, 2)`` point arrays."""
        arrays = [np.asarray(item, dtype=np.float64).reshape(-1, 2) for item in items]
        lengths = np.array([len(a) for a in arrays], dtype=np.int64)
        ptr = np.concatenate([[0], np.cumsum(lengths)])
        points = np.concatenate(arrays) if arrays else np.empty((0, 2))
        return cls(points, ptr)

    @classmethod
    def concatenate(cls, parts: Sequence[Polylines]) -> Polylines:
        """Join several Polylines into one, items in order."""
        points = np.concatenate([p.points for p in parts])
        offsets = np.cumsum([0] + [len(p.points) for p in parts[:-1]])
        ptr = np.concatenate([[0]] + [p.ptr[1:] + o for p, o in zip(parts, offsets)])
        return cls(points, ptr)

    def __len__(self) -> int:
        return len(self.ptr) - 1

    def __getitem__(self, i: int) -> np.ndarray:
        return self.points[self.ptr[i] : self.ptr[i + 1]]

    def segments(self, select=None) -> np.ndarray:
        """Return the drawable segments, shape ``(S, 2, 2)``.

        Parameters
        ----------
        select : array_like of bool, optional
            Which items to draw; all of them when omitted.
        """
        lengths = np.diff(self.ptr)
        if select is None:
            select = np.ones(len(self), dtype=bool)
        starts = self.ptr[:-1][select]
        counts = np.maximum(lengths[select] - 1, 0)
        total = int(counts.sum())
        first = np.repeat(starts - (np.cumsum(counts) - counts), counts)
        index = np.arange(total, dtype=np.int64) + first
        segs = np.stack([self.points[index], self.points[index + 1]], axis=1)
        return segs[~np.isnan(segs).any(axis=(1, 2))]

    def tolist(self) -> list:
        """Each item as a tuple of ``(x, y)`` tuples (NaN rows kept as separators)."""
        flat = [tuple(p) for p in self.points.tolist()]
        ptr = self.ptr.tolist()
        return [tuple(flat[a:b]) for a, b in zip(ptr[:-1], ptr[1:])]

    def pieces(self, i: int) -> list[list[list[float]]]:
        """Item ``i`` split at its NaN rows, as nested lists (for JSON)."""
        out, current = [], []
        for x, y in self[i].tolist():
            if x != x:  # NaN separator
                out.append(current)
                current = []
            else:
                current.append([x, y])
        out.append(current)
        return [piece for piece in out if piece]

    @staticmethod
    def join_pieces(pieces) -> np.ndarray:
        """Inverse of :meth:`pieces`: one ``(k, 2)`` array with NaN separators."""
        arrays = []
        for piece in pieces:
            if arrays:
                arrays.append(np.full((1, 2), np.nan))
            arrays.append(np.asarray(piece, dtype=np.float64).reshape(-1, 2))
        return np.concatenate(arrays) if arrays else np.empty((0, 2))

    def bounds(self):
        """``(xmin, ymin, xmax, ymax)`` of all points, NaN ignored; None if empty."""
        finite = self.points[~np.isnan(self.points).any(axis=1)]
        if len(finite) == 0:
            return None
        return (*finite.min(axis=0), *finite.max(axis=0))


class Labels(Sequence):
    """The readable label of each cell, by index, and the way back.

    Package tessellations store labels as an integer ``(n, k)`` array of
    coordinates (label ``i`` is ``tuple(coords[i])``) so millions of cells cost no
    Python objects until a label is asked for; a user's graph stores its node list.
    """

    def __init__(self, coords=None, items=None):
        if (coords is None) == (items is None):
            raise ValueError("give exactly one of coords and items")
        self.coords = None if coords is None else np.asarray(coords, dtype=np.int64)
        self._items = None if items is None else list(items)
        self._lookup = None

    def __len__(self) -> int:
        return len(self.coords) if self._items is None else len(self._items)

    def __getitem__(self, i):
        if self._items is not None:
            return self._items[i]
        return tuple(int(x) for x in self.coords[i])

    def tolist(self) -> list:
        """All labels in cell order (coordinates as tuples that share their int objects)."""
        if self._items is not None:
            return list(self._items)
        coords = self.coords
        if len(coords) == 0:
            return []
        low, high = int(coords.min()), int(coords.max())
        if high - low > 4 * len(coords):  # sparse coordinates: no pool of ints to share
            return [tuple(row) for row in coords.tolist()]
        pool = list(range(low, high + 1))
        return list(zip(*[list(map(pool.__getitem__, (column - low).tolist())) for column in coords.T]))

    def index(self, label) -> int:
        """Return the cell index of ``label``.

        Labels are compared as they are, never converted: ``(0.5, 0.5)``,
        ``(True, False)`` or ``("0", "0")`` are not the cell ``(0, 0)``, and in a
        user's graph ``1.0`` and ``True`` are not the node ``1``.

        Raises
        ------
        NotACellError
            If ``label`` is not a cell.
        """
        if self._items is None:
            try:
                key = np.asarray(label)
            except (TypeError, ValueError, OverflowError):
                key = None
            if key is not None and key.dtype.kind in "iu" and key.shape == self.coords.shape[1:]:
                hits = np.flatnonzero((self.coords == key).all(axis=1))
                if len(hits):
                    return int(hits[0])
        else:
            if self._lookup is None:
                self._lookup = {item: i for i, item in enumerate(self._items)}
            try:
                found = self._lookup[label]
            except (KeyError, TypeError):
                found = None
            if found is not None and label_kind(label) == label_kind(self._items[found]):
                return found
        example = self[0] if len(self) else None
        raise NotACellError(f"{label!r} is not a cell of this tessellation (cells look like {example!r})")

    def __eq__(self, other) -> bool:
        if not isinstance(other, Labels) or len(self) != len(other):
            return False
        if self.coords is not None and other.coords is not None:
            return bool(np.array_equal(self.coords, other.coords))
        return self.tolist() == other.tolist()

    __hash__ = None


class CellGraph:
    """A tessellation compiled to arrays.

    Parameters
    ----------
    name : str
        The tessellation's name (``"orthogonal"``, ``"sigma"``, ``"graph"``, ...).
    labels : Labels
        The label of each cell.
    edges : array_like of int, shape (m, 2)
        The two cells of each edge.
    pos : array_like of float, shape (n, d), optional
        Cell centres, in as many dimensions as the tessellation has.
    layout : array_like of float, shape (n, 2), optional
        Where each cell's centre is drawn, when that differs from ``pos[:, :2]``
        (a 3D maze drawn as a row of level slices, a surface drawn as its net).
    walls : Polylines, optional
        The wall drawn for each edge while it is closed.
    boundary : Polylines, optional
        The outer walls, which never open.
    marks : Polylines, optional
        Geometry drawn for each edge while it is open (e.g. an up/down marker).
    covers : Polylines, optional
        Geometry erased (drawn in the background colour) for each edge while it
        is open, before marks are drawn: the walls a tunnel opens up.
    annotations : list of (x, y, text), optional
        Text drawn on the picture, e.g. letters matching glued edges of a net.
    cell_refs : dict of str to array_like of int, shape (m,), optional
        Edge attributes that name a cell (its index, -1 for none), such as the
        cell an under-passage crosses beneath; exported as the cell's label.
    edge_refs : dict of str to array_like of int, shape (m,), optional
        Edge attributes that name another edge (its index, -1 for none), such as
        the diagonal a zeta passage crosses; exported as that edge's label pair.
    direction : array_like of int, shape (m,), optional
        Each edge's direction class, an index into ``direction_names``.
    direction_names : tuple of str
        The names of the direction classes.
    row : array_like of int, shape (n,), optional
        Each cell's row, for row-by-row algorithms.
    start, goal : int, optional
        Default start and goal cells (indices); chosen along the layout's main
        diagonal when omitted (see :meth:`default_endpoints`).
    spec : dict, optional
        A JSON-able description that rebuilds this tessellation, e.g.
        ``{"tessellation": "sigma", "rows": 12, "cols": 12}``.
    """

    def __init__(
        self,
        *,
        name: str,
        labels: Labels,
        edges,
        pos=None,
        layout=None,
        walls: Polylines | None = None,
        boundary: Polylines | None = None,
        marks: Polylines | None = None,
        covers: Polylines | None = None,
        annotations: list | None = None,
        cell_refs: dict | None = None,
        edge_refs: dict | None = None,
        direction=None,
        direction_names: tuple[str, ...] = (),
        row=None,
        start: int | None = None,
        goal: int | None = None,
        spec: dict | None = None,
    ):
        self.name = name
        self.labels = labels
        self.n_cells = len(labels)
        self.edges = np.ascontiguousarray(edges, dtype=np.int32).reshape(-1, 2)
        self.n_edges = len(self.edges)
        self.pos = None if pos is None else np.ascontiguousarray(pos, dtype=np.float64)
        self._layout = None if layout is None else np.ascontiguousarray(layout, dtype=np.float64)
        self.walls = walls
        self.boundary = boundary
        self.marks = marks
        self.covers = covers
        self.cell_refs = {k: np.asarray(v, dtype=np.int64) for k, v in (cell_refs or {}).items()}
        self.edge_refs = {k: np.asarray(v, dtype=np.int64) for k, v in (edge_refs or {}).items()}
        self.annotations = [(float(x), float(y), str(t)) for x, y, t in annotations or ()]
        self.direction = None if direction is None else np.asarray(direction, dtype=np.int8)
        self.direction_names = tuple(direction_names)
        self.row = None if row is None else np.asarray(row, dtype=np.int32)
        self.spec = spec
        self.indptr, self.neighbors, self.edge_ids = csr_from_edges(self.n_cells, self.edges)
        if start is None or goal is None:
            default_start, default_goal = self.default_endpoints()
            start = default_start if start is None else start
            goal = default_goal if goal is None else goal
        self.start = int(start)
        self.goal = int(goal)
        self._memo: dict = {}

    def __repr__(self) -> str:
        return f"<CellGraph {self.name}: {self.n_cells} cells, {self.n_edges} edges>"

    @property
    def layout(self) -> np.ndarray | None:
        """Drawing positions ``(n, 2)`` of the cell centres: ``layout`` if given, else ``pos[:, :2]``."""
        if self._layout is not None:
            return self._layout
        return None if self.pos is None or self.pos.shape[1] < 2 else self.pos[:, :2]

    def memo(self, key, make):
        """``make()``, computed once per tessellation and kept for every later maze on it.

        The one cache for facts derived from the arrays (scan orders, the wall
        dual, row structure, metric constants, ...); ``key`` names the fact.
        """
        try:
            return self._memo[key]
        except KeyError:
            value = self._memo[key] = make()
            return value

    @property
    def crossings(self) -> np.ndarray:
        """Each edge's crossing partner (``edge_refs["crosses"]``, zeta), or an empty array when none cross.

        Kernels take this array and test ``len(crossings) and crossings[e] >= 0``.
        """
        return self.edge_refs.get("crosses", _NO_EDGES)

    @property
    def tunnels(self) -> np.ndarray:
        """Each edge's crossed cell (``cell_refs["under"]``, weave; -1 on the surface), or an empty array.

        Empty unless at least one edge passes under a cell, so kernels test ``len(tunnels)``.
        """
        under = self.cell_refs.get("under", _NO_EDGES)
        return under if (under >= 0).any() else _NO_EDGES

    @property
    def degree(self) -> np.ndarray:
        """Number of neighbours of each cell."""
        return np.diff(self.indptr)

    def default_endpoints(self) -> tuple[int, int]:
        """The most distant pair of cells along the layout's main diagonal.

        With geometry: the cells with the smallest and largest ``x - y`` (upper
        left and lower right, ``y`` pointing up). Without: cell 0 and a cell
        farthest from it by breadth-first search.
        """
        if self.n_cells == 0:
            return 0, 0
        if self.layout is not None:
            score = self.layout[:, 0] - self.layout[:, 1]
            return int(np.argmin(score)), int(np.argmax(score))
        from scipy.sparse.csgraph import breadth_first_order

        order = breadth_first_order(self.adjacency(), 0, directed=False, return_predecessors=False)
        return 0, int(order[-1])

    def adjacency(self):
        """The cell adjacency as a ``scipy.sparse.csr_array``."""
        from scipy.sparse import csr_array

        data = np.ones(len(self.neighbors), dtype=np.int8)
        return csr_array((data, self.neighbors, self.indptr), shape=(self.n_cells,) * 2)

    def edge_index(self, u: int, v: int) -> int:
        """Index of the edge between cells ``u`` and ``v`` (indices), or -1."""
        lo, hi = self.indptr[u], self.indptr[u + 1]
        hits = np.flatnonzero(self.neighbors[lo:hi] == v)
        return int(self.edge_ids[lo + hits[0]]) if len(hits) else -1

    def same_as(self, other: CellGraph) -> bool:
        """True if ``other`` describes the same cells and edges in the same order."""
        if self is other:
            return True
        if self.spec is not None and self.spec == other.spec:
            return True
        return (
            self.n_cells == other.n_cells
            and np.array_equal(self.edges, other.edges)
            and self.labels == other.labels
        )

    # -- networkx view -----------------------------------------------------

    def to_networkx(self) -> nx.Graph:
        """Build the ``networkx.Graph`` view of this tessellation, in bulk from the arrays.

        Nodes are cell labels with attributes ``pos``, ``layout`` and ``row`` (where known);
        edges carry ``wall`` (a tuple of points; a ``(nan, nan)`` point separates
        pieces), ``direction``, ``mark``, ``cover`` and the ``cell_refs`` and
        ``edge_refs`` attributes where known. Graph attributes:
        ``name``, ``boundary``, ``start``, ``goal``, ``spec`` and ``annotations``.
        Attribute values are read from the arrays when asked for
        (:class:`mazegraph.nxview.Attributes`), so the view of a million cells
        takes seconds and some hundreds of MB rather than minutes and gigabytes;
        above 10**5 cells it warns that the CellGraph itself is the array path.
        The graph is a :class:`mazegraph.nxview.TessellationGraph`: it records
        these arrays, so passing it to :func:`mazegraph.generate` reuses them
        (until the graph is changed).

        Examples
        --------
        >>> import mazegraph as mg
        >>> G = mg.tessellations.build("orthogonal", 2, 3).to_networkx()
        >>> G.edges[(0, 0), (0, 1)]
        {'wall': ((1.0, 1.0), (1.0, 2.0)), 'direction': 'horizontal'}
        >>> mg.compile_graph(G).n_edges
        7
        """
        from .nxview import tessellation_graph

        return tessellation_graph(self)

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_memo"] = {}  # derived facts are recomputed on demand, not pickled
        return state

    # -- plain-data form (JSON) for graphs that no spec rebuilds --------------

    def to_dict(self) -> dict:
        """A JSON-able description: the spec if there is one, else every array."""
        if self.spec is not None:
            return dict(self.spec)
        labels = self.labels.tolist()
        out = {
            "tessellation": "graph",
            "name": self.name,
            "nodes": [_jsonable_label(label) for label in labels],
            "edges": self.edges.tolist(),
            "start": self.start,
            "goal": self.goal,
        }
        if self.pos is not None:
            out["pos"] = self.pos.tolist()
        if self._layout is not None:
            out["layout"] = self._layout.tolist()
        if self.row is not None:
            out["row"] = self.row.tolist()
        if self.direction is not None:
            out["direction"] = [self.direction_names[d] for d in self.direction.tolist()]
        if self.annotations:
            out["annotations"] = [list(a) for a in self.annotations]
        for key, refs in (("cell_refs", self.cell_refs), ("edge_refs", self.edge_refs)):
            if refs:
                out[key] = {name: values.tolist() for name, values in refs.items()}
        for key in ("walls", "marks", "covers"):
            lines = getattr(self, key)
            if lines is not None:
                out[key] = [lines.pieces(i) for i in range(len(lines))]
        if self.boundary is not None:
            b = self.boundary
            out["boundary"] = [piece for i in range(len(b)) for piece in b.pieces(i)]
        return out

    @classmethod
    def from_dict(cls, data: dict) -> CellGraph:
        """Inverse of :meth:`to_dict` for ``{"tessellation": "graph", ...}``."""
        try:
            nodes = [_label_from_json(x) for x in data["nodes"]]
            edges = np.asarray(data["edges"], dtype=np.int64).reshape(-1, 2)
            if len(edges) and (edges.min() < 0 or edges.max() >= len(nodes)):
                raise MazeFormatError("an edge names a cell index outside 'nodes'")
            names = sorted(set(data["direction"])) if "direction" in data else ()
            code = {name: i for i, name in enumerate(names)}
            return cls(
                name=str(data.get("name", "graph")),
                labels=Labels(items=nodes),
                edges=edges,
                pos=data.get("pos"),
                layout=data.get("layout"),
                walls=_polylines_from_json(data.get("walls")),
                marks=_polylines_from_json(data.get("marks")),
                covers=_polylines_from_json(data.get("covers")),
                cell_refs=data.get("cell_refs"),
                edge_refs=data.get("edge_refs"),
                boundary=None if data.get("boundary") is None else Polylines.from_items(
                    [Polylines.join_pieces(data["boundary"])]
                ),
                annotations=data.get("annotations"),
                direction=None if "direction" not in data else [code[d] for d in data["direction"]],
                direction_names=tuple(names),
                row=data.get("row"),
                start=int(data["start"]),
                goal=int(data["goal"]),
            )
        except KeyError as missing:
            raise MazeFormatError(f"graph description lacks the field {missing}") from None
        except (TypeError, ValueError) as error:
            if isinstance(error, MazeFormatError):
                raise
            raise MazeFormatError(f"malformed graph description: {error}") from None


def label_kind(label):
    """What sort of value a label is, for telling ``1``, ``1.0`` and ``True`` apart (they hash alike)."""
    if isinstance(label, (bool, np.bool_)):
        return "bool"
    if isinstance(label, numbers.Integral):
        return "int"
    if isinstance(label, numbers.Real):
        return "real"
    if isinstance(label, str):
        return "str"
    if isinstance(label, tuple):
        return tuple(label_kind(x) for x in label)
    return type(label)


def _polylines_from_json(items):
    if items is None:
        return None
    return Polylines.from_items([Polylines.join_pieces(pieces) for pieces in items])


def _jsonable_label(label):
    if isinstance(label, tuple):
        return [_jsonable_label(x) for x in label]
    if isinstance(label, (bool, np.bool_)) or not isinstance(label, (int, str, np.integer)):
        raise MazeFormatError(
            f"cell label {label!r} cannot be written as JSON: use ints, strings or tuples of them"
        )
    return int(label) if isinstance(label, np.integer) else label


def _label_from_json(value):
    if isinstance(value, list):
        return tuple(_label_from_json(x) for x in value)
    return value
