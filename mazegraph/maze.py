"""A maze: a tessellation plus the set of its edges that are open passages."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ._search import bfs_parents, path_from_parents, reachable_count
from .cellgraph import CellGraph, _jsonable_label, _label_from_json, is_networkx_graph
from .errors import MazeError, MazeFormatError, NoSolutionError, NotACellError
from .params import declare_maze_type
from .tessellations.compile import compile_graph
from .tessellations.registry import from_spec

if TYPE_CHECKING:  # networkx is imported when a graph view is asked for
    import networkx as nx


__all__ = ["Maze"]

_FORMAT = "mazegraph.maze"
_VERSION = 1
_INLINE_SVG_CELLS = 4000  # larger mazes show inline as PNG


@declare_maze_type
class Maze:
    """A tessellation and a boolean mask of open edges.

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph
        The cells and the walls that may open.
    open_edges : array_like of bool, or iterable of (u, v) label pairs, optional
        Which edges are passages: a mask over the tessellation's edge order, or
        the open edges by their cells. All walls closed when omitted.
    start, goal : cell label, optional
        Where the maze is entered and left; the tessellation's defaults when
        omitted.
    meta : dict, optional
        How the maze was made (algorithm, options, seed); kept in JSON.

    Raises
    ------
    NotACellError
        If ``start``, ``goal`` or an endpoint of an open edge is not a cell, or
        an edge pair is not an edge of the tessellation.
    MazeError
        If a mask has the wrong length.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(1, 3)
    >>> M = mg.Maze(G, [((0, 0), (0, 1)), ((0, 1), (0, 2))])
    >>> M.solution()
    [(0, 0), (0, 1), (0, 2)]
    """

    def __init__(self, tessellation, open_edges=None, *, start=None, goal=None, meta=None):
        self._setup(compile_graph(tessellation), tessellation, open_edges, start, goal, meta)

    @classmethod
    def _compiled(cls, cells: CellGraph, tessellation, open_edges, *, start=None, goal=None, meta=None) -> Maze:
        """A maze on ``cells``, already compiled from ``tessellation`` (so :func:`generate` compiles once)."""
        maze = cls.__new__(cls)
        maze._setup(cells, tessellation, open_edges, start, goal, meta)
        return maze

    def _setup(self, cells: CellGraph, tessellation, open_edges, start, goal, meta) -> None:
        self.cells = cells
        self._graph = tessellation if is_networkx_graph(tessellation) else None
        self.open = self._mask(open_edges)
        self.start_index = cells.start if start is None else cells.labels.index(start)
        self.goal_index = cells.goal if goal is None else cells.labels.index(goal)
        if meta is not None and not isinstance(meta, dict):
            raise MazeError(f"meta must be a dict (or None), got {type(meta).__name__}")
        self.meta = dict(meta or {})
        self.provenance: dict | None = None  # what made the maze, when read from JSON (to_json records it)

    def _mask(self, open_edges) -> np.ndarray:
        m = self.cells.n_edges
        if open_edges is None:
            return np.zeros(m, dtype=bool)
        if isinstance(open_edges, np.ndarray) and open_edges.dtype == bool:
            if open_edges.shape != (m,):
                raise MazeError(f"open-edge mask has shape {open_edges.shape}, the tessellation has {m} edges")
            return open_edges.copy()
        if isinstance(open_edges, (str, bytes)) or not isinstance(open_edges, Iterable):
            raise MazeError(
                "open_edges must be a boolean mask over the tessellation's edges or an iterable of (u, v) cell "
                f"pairs, got {type(open_edges).__name__}"
            )
        mask = np.zeros(m, dtype=bool)
        index = self.cells.labels.index
        for pair in open_edges:
            if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
                raise MazeError(f"open_edges holds {pair!r}, not a (u, v) pair of cells")
            u, v = pair
            e = self.cells.edge_index(index(u), index(v))
            if e < 0:
                raise NotACellError(f"({u!r}, {v!r}) is not an edge of the tessellation")
            mask[e] = True
        return mask

    # -- views -----------------------------------------------------------------

    @property
    def tessellation(self) -> nx.Graph:
        """The tessellation as a ``networkx.Graph`` (built on first use if needed)."""
        if self._graph is None:
            self._graph = self.cells.to_networkx()
        return self._graph

    @property
    def start(self):
        """The start cell's label."""
        return self.cells.labels[self.start_index]

    @property
    def goal(self):
        """The goal cell's label."""
        return self.cells.labels[self.goal_index]

    @property
    def n_open(self) -> int:
        """Number of open edges (passages)."""
        return int(np.count_nonzero(self.open))

    def open_edges(self) -> list[tuple]:
        """The passages as ``(u, v)`` label pairs, in edge order."""
        labels = self.cells.labels
        return [(labels[u], labels[v]) for u, v in self.cells.edges[self.open].tolist()]

    def to_networkx(self) -> nx.Graph:
        """The passages as a ``networkx.Graph`` over every cell of the tessellation.

        Node and edge attributes are those of the tessellation; graph attributes
        ``name``, ``start`` and ``goal``. A perfect maze gives a spanning tree.
        When the tessellation is the package's own, unchanged, the graph is built
        in bulk from the arrays, its attributes read from them when asked (see
        :mod:`mazegraph.nxview`); above 10**5 cells it warns, as the arrays
        (``M.cells``, ``M.open``) are the path for large mazes.
        """
        import networkx as nx

        from .nxview import TessellationGraph, passage_graph

        G = self._graph
        if G is None:
            return passage_graph(self.cells, self.open, self.start, self.goal)
        if isinstance(G, TessellationGraph) and G.describes(self.cells):  # the same cells: share their labels
            return passage_graph(self.cells, self.open, self.start, self.goal, labels=list(G))
        T = nx.Graph(name=G.graph.get("name", self.cells.name), start=self.start, goal=self.goal)
        T.add_nodes_from(G.nodes(data=True))
        T.add_edges_from((u, v, G.edges[u, v]) for u, v in self.open_edges())
        return T

    # -- questions ------------------------------------------------------------------

    def _parents(self, source: int, target: int = -1) -> np.ndarray:
        c = self.cells
        return bfs_parents(c.indptr, c.neighbors, c.edge_ids, self.open, source, target)

    def is_connected(self) -> bool:
        """True if every cell can be reached from every other through passages."""
        return reachable_count(self._parents(0)) == self.cells.n_cells

    def is_perfect(self) -> bool:
        """True if the passages form a spanning tree: connected and loop-free."""
        return self.n_open == self.cells.n_cells - 1 and self.is_connected()

    def solution_indices(self, start=None, goal=None) -> np.ndarray:
        """The cell indices of a shortest path from start to goal.

        Raises
        ------
        NoSolutionError
            If no passage path joins them.
        """
        s = self.start_index if start is None else self.cells.labels.index(start)
        g = self.goal_index if goal is None else self.cells.labels.index(goal)
        path = path_from_parents(self._parents(s, g), s, g)
        if path is None:
            labels = self.cells.labels
            raise NoSolutionError(f"no open path joins {labels[s]!r} and {labels[g]!r}")
        return path

    def solution(self, start=None, goal=None) -> list:
        """The cells of a shortest path from start to goal (the only one in a perfect maze).

        Parameters
        ----------
        start, goal : cell label, optional
            Defaults: the maze's own start and goal.

        Raises
        ------
        NoSolutionError
            If no passage path joins them.
        NotACellError
            If ``start`` or ``goal`` is not a cell.
        """
        labels = self.cells.labels
        return [labels[i] for i in self.solution_indices(start, goal).tolist()]

    # -- value semantics -----------------------------------------------------------

    def copy(self) -> Maze:
        """An independent copy (the tessellation is shared; it is never modified)."""
        twin = Maze.__new__(Maze)
        twin.cells, twin._graph = self.cells, self._graph
        twin.open = self.open.copy()
        twin.start_index, twin.goal_index = self.start_index, self.goal_index
        twin.meta = dict(self.meta)
        twin.provenance = self.provenance
        return twin

    def __eq__(self, other) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return (
            self.cells.same_as(other.cells)
            and np.array_equal(self.open, other.open)
            and (self.start_index, self.goal_index) == (other.start_index, other.goal_index)
        )

    __hash__ = None

    def __repr__(self) -> str:
        kind = "perfect" if self.is_perfect() else "not a spanning tree"
        return (
            f"<Maze {self.cells.name}: {self.cells.n_cells} cells, "
            f"{self.n_open} of {self.cells.n_edges} walls open, {kind}>"
        )

    # -- JSON ------------------------------------------------------------------------

    def to_json(self, indent: int | None = None) -> str:
        """Serialise as JSON: tessellation spec, open edges (a packed bit mask), ends, meta, provenance.

        Round-trips exactly through :meth:`from_json`. Tessellations without a
        spec (a user's graph) are written out cell by cell, with their geometry.
        ``meta["seed"]`` of a generated maze regenerates it (see
        :func:`mazegraph.generate`); ``provenance`` records the versions of
        mazegraph, Python, numpy, numba and networkx, the platform and the date
        (see :func:`mazegraph.runner.provenance.provenance`), written when the
        maze is first saved and kept by :meth:`from_json` (``M.provenance``).
        """
        if self.provenance is None:
            from .runner.provenance import provenance

            made = provenance()
            self.provenance = {k: made[k] for k in ("versions", "platform", "created")}
        data = {
            "format": _FORMAT,
            "version": _VERSION,
            "tessellation": self.cells.to_dict(),
            "n_edges": self.cells.n_edges,
            "open": base64.b64encode(np.packbits(self.open).tobytes()).decode("ascii"),
            "start": _jsonable_label(self.start),
            "goal": _jsonable_label(self.goal),
            "meta": self.meta,
            "provenance": self.provenance,
        }
        try:
            return json.dumps(data, indent=indent)
        except TypeError as error:
            raise MazeFormatError(f"maze metadata cannot be written as JSON: {error}") from None

    @classmethod
    def from_json(cls, text: str) -> Maze:
        """Read a maze written by :meth:`to_json`.

        Raises
        ------
        MazeFormatError
            If the text is not a mazegraph maze or a field is missing or malformed.
        """
        if not isinstance(text, (str, bytes, bytearray)):
            raise MazeFormatError(f"a maze is read from JSON text (str or bytes), got {type(text).__name__}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise MazeFormatError(f"not JSON: {error}") from None
        except UnicodeDecodeError as error:
            raise MazeFormatError(f"not UTF-8 text: {error}") from None
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise MazeFormatError(f"not a mazegraph maze (expected \"format\": \"{_FORMAT}\")")
        if data.get("version") != _VERSION or isinstance(data.get("version"), bool):
            raise MazeFormatError(f"unsupported maze format version {data.get('version')!r}; expected {_VERSION}")
        missing = [k for k in ("tessellation", "n_edges", "open", "start", "goal") if k not in data]
        if missing:
            raise MazeFormatError(f"maze JSON lacks the field(s) {', '.join(missing)}")
        if not isinstance(data["tessellation"], dict):
            raise MazeFormatError("field 'tessellation' must be an object")
        for key in ("meta", "provenance"):
            if data.get(key) is not None and not isinstance(data[key], dict):
                raise MazeFormatError(f"field {key!r} must be an object (or absent), got {_kind(data[key])}")
        if not _is_int(data["n_edges"]):
            raise MazeFormatError(f"field 'n_edges' must be an integer, got {data['n_edges']!r}")
        for key in ("start", "goal"):
            _check_label(data[key], key)
        _check_spec(data["tessellation"])
        cells = from_spec(data["tessellation"])
        if data["n_edges"] != cells.n_edges:
            raise MazeFormatError(
                f"field 'n_edges' says {data['n_edges']} but the tessellation has {cells.n_edges} edges"
            )
        try:
            bits = np.frombuffer(base64.b64decode(data["open"], validate=True), dtype=np.uint8)
        except (ValueError, TypeError):
            raise MazeFormatError("field 'open' is not base64 text") from None
        if len(bits) != (cells.n_edges + 7) // 8:
            raise MazeFormatError(f"field 'open' holds {len(bits) * 8} bits for {cells.n_edges} edges")
        mask = np.unpackbits(bits, count=cells.n_edges).astype(bool)
        try:
            maze = cls(
                cells,
                mask,
                start=_label_from_json(data["start"]),
                goal=_label_from_json(data["goal"]),
                meta=data.get("meta") or {},
            )
        except NotACellError as error:
            raise MazeFormatError(f"bad start or goal: {error}") from None
        maze.provenance = data.get("provenance")
        return maze

    # -- Jupyter -----------------------------------------------------------------------

    def _repr_mimebundle_(self, include=None, exclude=None):
        from .drawing import render

        bundle = {"text/plain": repr(self)}
        if self.cells.walls is None:
            return bundle
        if self.cells.n_cells <= _INLINE_SVG_CELLS:
            bundle["image/svg+xml"] = render(self)
        else:
            bundle["image/png"] = render(self, format="png")
        return bundle


# -- checks of a maze file (issue 16): what compile_graph refuses in an nx.Graph, refused in JSON too -------------


def _kind(value) -> str:
    return f"{type(value).__name__} {value!r}"[:80]


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_LABEL_DEPTH = 16  # tuple labels nest a level or two; deeper is an edited file (and would exhaust recursion later)


def _check_label(value, where: str) -> None:
    """A cell label in JSON: an int (not a bool), a string, or a list of them (a tuple label)."""
    pending = [(value, 0)]
    while pending:  # a loop, not recursion: any depth json.loads accepts is checked
        item, depth = pending.pop()
        if isinstance(item, list):
            if depth >= _LABEL_DEPTH:
                raise MazeFormatError(f"field {where!r}: a cell label nested {_LABEL_DEPTH} lists deep is no cell")
            pending.extend((x, depth + 1) for x in item)
        elif not (_is_int(item) or isinstance(item, str)):
            raise MazeFormatError(
                f"field {where!r}: cell labels are ints, strings or lists of them, got {_kind(item)} "
                "(a float or bool would be silently truncated to another cell)"
            )


def _int_list(values, where: str, low: int, high: int) -> list:
    """``values``, checked to be a list of ints in ``[low, high)``."""
    if not isinstance(values, list):
        raise MazeFormatError(f"field {where!r} must be a list, got {_kind(values)}")
    for x in values:
        if not _is_int(x) or not low <= x < high:
            raise MazeFormatError(f"field {where!r}: {x!r} is not an index in [{low}, {high})")
    return values


def _check_spec(spec: dict) -> None:
    """The tessellation part of a maze file: a name, and for a written-out graph a simple connected graph."""
    name = spec.get("tessellation")
    if not isinstance(name, str):
        raise MazeFormatError(f"field 'tessellation.tessellation' must be a tessellation's name, got {_kind(name)}")
    if name != "graph":
        return
    nodes = spec.get("nodes")
    if not isinstance(nodes, list) or not nodes:
        raise MazeFormatError("field 'tessellation.nodes' must be a non-empty list of cell labels")
    for label in nodes:
        _check_label(label, "tessellation.nodes")
    keys = [_label_from_json(label) for label in nodes]
    if len(set(keys)) != len(keys):
        seen: set = set()
        twice = next(k for k in keys if k in seen or seen.add(k))
        raise MazeFormatError(f"field 'tessellation.nodes' names the cell {twice!r} twice")
    n = len(nodes)
    edges = spec.get("edges")
    if not isinstance(edges, list) or not all(isinstance(e, list) and len(e) == 2 for e in edges):
        raise MazeFormatError("field 'tessellation.edges' must be a list of [u, v] cell-index pairs")
    for e in edges:
        _int_list(e, "tessellation.edges", 0, n)
    pairs = [(min(u, v), max(u, v)) for u, v in edges]
    loops = [p for p in pairs if p[0] == p[1]]
    if loops:
        raise MazeFormatError(f"field 'tessellation.edges': [{loops[0][0]}, {loops[0][0]}] is a self-loop")
    if len(set(pairs)) != len(pairs):
        raise MazeFormatError("field 'tessellation.edges' lists an edge twice (mazes are on simple graphs)")
    if n > 1:
        from scipy.sparse import coo_matrix
        from scipy.sparse.csgraph import connected_components

        ends = np.array(pairs, dtype=np.int64).reshape(-1, 2)
        adjacency = coo_matrix((np.ones(len(ends)), (ends[:, 0], ends[:, 1])), shape=(n, n))
        parts, _ = connected_components(adjacency, directed=False)
        if parts > 1:
            raise MazeFormatError(
                f"field 'tessellation.edges' leaves the {n} cells in {parts} separate parts; a maze's "
                "tessellation must be connected"
            )
    for key in ("start", "goal"):
        if key in spec and not (_is_int(spec[key]) and 0 <= spec[key] < n):
            raise MazeFormatError(f"field 'tessellation.{key}' must be a cell index in [0, {n}), got {spec[key]!r}")
    for key, size in (("cell_refs", n), ("edge_refs", len(edges))):
        refs = spec.get(key)
        if refs is None:
            continue
        if not isinstance(refs, dict):
            raise MazeFormatError(f"field 'tessellation.{key}' must be an object, got {_kind(refs)}")
        for ref, values in refs.items():
            where = f"tessellation.{key}.{ref}"
            if not isinstance(values, list) or len(values) != len(edges):
                raise MazeFormatError(f"field {where!r} must list one entry per edge ({len(edges)})")
            _int_list(values, where, -1, size)
