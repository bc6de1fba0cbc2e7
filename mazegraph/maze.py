"""A maze: a tessellation plus the set of its edges that are open passages."""

from __future__ import annotations

import base64
import json

import networkx as nx
import numpy as np

from ._search import bfs_parents, path_from_parents, reachable_count
from .cellgraph import CellGraph, _jsonable_label, _label_from_json
from .errors import MazeError, MazeFormatError, NoSolutionError, NotACellError
from .nxview import TessellationGraph, passage_graph
from .tessellations.compile import compile_graph
from .tessellations.registry import from_spec

__all__ = ["Maze"]

_FORMAT = "mazegraph.maze"
_VERSION = 1
_INLINE_SVG_CELLS = 4000  # larger mazes show inline as PNG


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
        self._graph = tessellation if isinstance(tessellation, nx.Graph) else None
        self.open = self._mask(open_edges)
        self.start_index = cells.start if start is None else cells.labels.index(start)
        self.goal_index = cells.goal if goal is None else cells.labels.index(goal)
        self.meta = dict(meta or {})

    def _mask(self, open_edges) -> np.ndarray:
        m = self.cells.n_edges
        if open_edges is None:
            return np.zeros(m, dtype=bool)
        if isinstance(open_edges, np.ndarray) and open_edges.dtype == bool:
            if open_edges.shape != (m,):
                raise MazeError(f"open-edge mask has shape {open_edges.shape}, the tessellation has {m} edges")
            return open_edges.copy()
        mask = np.zeros(m, dtype=bool)
        index = self.cells.labels.index
        for u, v in open_edges:
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
        """Serialise as JSON: tessellation spec, open edges (a packed bit mask), ends, meta.

        Round-trips exactly through :meth:`from_json`. Tessellations without a
        spec (a user's graph) are written out cell by cell, with their geometry.
        """
        data = {
            "format": _FORMAT,
            "version": _VERSION,
            "tessellation": self.cells.to_dict(),
            "n_edges": self.cells.n_edges,
            "open": base64.b64encode(np.packbits(self.open).tobytes()).decode("ascii"),
            "start": _jsonable_label(self.start),
            "goal": _jsonable_label(self.goal),
            "meta": self.meta,
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
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise MazeFormatError(f"not JSON: {error}") from None
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise MazeFormatError(f"not a mazegraph maze (expected \"format\": \"{_FORMAT}\")")
        if data.get("version") != _VERSION:
            raise MazeFormatError(f"unsupported maze format version {data.get('version')!r}; expected {_VERSION}")
        missing = [k for k in ("tessellation", "n_edges", "open", "start", "goal") if k not in data]
        if missing:
            raise MazeFormatError(f"maze JSON lacks the field(s) {', '.join(missing)}")
        if not isinstance(data["tessellation"], dict):
            raise MazeFormatError("field 'tessellation' must be an object")
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
            return cls(
                cells,
                mask,
                start=_label_from_json(data["start"]),
                goal=_label_from_json(data["goal"]),
                meta=data.get("meta") or {},
            )
        except NotACellError as error:
            raise MazeFormatError(f"bad start or goal: {error}") from None

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
