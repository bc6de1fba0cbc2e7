"""The planar wall dual: a maze's walls form a spanning tree of the posts.

In a maze drawn on a plane tiling, the closed walls meet at posts (wall end
points). Merge every post on the outer boundary into one vertex and let each
wall join its two end posts: the result is the *dual* graph. A set of open
passages is a spanning tree of the cells exactly when the closed walls form a
spanning tree of this dual (Euler's formula for planar graphs), so running any
spanning-tree algorithm on the dual and closing the walls it picks grows a maze
wall by wall, from the boundary inward: Pullen's "wall adder" focus.

Pullen's Daedalus adds walls starting with every boundary post in the maze, so
a tree-growing algorithm run on the dual grows from the boundary vertex
(:func:`grow_root`), not from a random post: with the boundary contracted to one
vertex that is exactly "every boundary post is in the set". The dual also
remembers where each wall's two posts lie (:func:`slot_ends`), so algorithms
that care about directions (Prim modified's cyclic pick, Binary Tree's up and
left) see each wall to the boundary in its own direction, and the dual of a full
rectangle of the square grid knows its posts as a lattice (:func:`post_lattice`),
for wall adders that follow Daedalus' own scans of the posts.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cellgraph import CellGraph, Labels
from ..errors import UnsupportedError

__all__ = ["WallDual", "wall_dual", "slot_ends", "grow_root", "post_lattice", "PostLattice", "BOUNDARY"]

#: The dual vertex that stands for the whole outer boundary (every boundary post).
BOUNDARY = 0

_DIGITS = 6  # posts closer than 1e-6 are one post


class WallDual:
    """The dual of a planar tessellation and how its edges map back.

    Attributes
    ----------
    cells : CellGraph
        Vertex 0 is the outer boundary; the others are interior posts.
    primal_edge : numpy.ndarray of int
        For each dual edge, the tessellation edge whose wall it is.
    loops : numpy.ndarray of int
        Tessellation edges whose wall runs from boundary to boundary through no
        interior post, as in a one-cell-wide corridor: such a wall can never be
        part of the wall tree, so the passage is always open.
    """

    def __init__(self, cells: CellGraph, primal_edge: np.ndarray, loops: np.ndarray):
        self.cells = cells
        self.primal_edge = primal_edge
        self.loops = loops

    def passages(self, added: np.ndarray, n_primal_edges: int) -> np.ndarray:
        """The open-edge mask of the maze whose added walls are ``added``.

        Parameters
        ----------
        added : numpy.ndarray of bool
            A mask over the dual's edges: the walls that stand.
        n_primal_edges : int
            The tessellation's number of edges.

        Returns
        -------
        numpy.ndarray of bool
            Every tessellation edge open except those whose wall is added.
        """
        is_open = np.ones(n_primal_edges, dtype=bool)
        is_open[self.primal_edge[added]] = False
        return is_open


def wall_dual(cells: CellGraph) -> WallDual:
    """The wall dual of a planar tessellation.

    Built once per tessellation and remembered under the memo key
    ``"wall_dual"`` (a refusal is remembered too).

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation, with wall and boundary geometry.

    Returns
    -------
    WallDual
        The dual graph (vertex 0: the outer boundary) and the tessellation edge
        of each dual edge.

    Raises
    ------
    UnsupportedError
        If the tessellation has no wall geometry, a wall in several pieces (glued
        surfaces, zeta diagonals, weave), a passage with no wall (3D), or walls
        that do not tile the plane with its boundary (checked by Euler's formula).

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.structure import wall_dual
    >>> dual = wall_dual(mg.compile_graph(mg.tessellations.orthogonal(3, 4)))
    >>> dual.cells.n_cells, dual.cells.n_edges  # 6 interior posts and the boundary; 17 walls
    (7, 17)
    """
    dual = cells.memo("wall_dual", lambda: _build_or_reason(cells))
    if isinstance(dual, str):
        raise UnsupportedError(dual)
    return dual


def _build_or_reason(cells: CellGraph) -> WallDual | str:
    try:
        return _build(cells)
    except UnsupportedError as error:
        return str(error)


def _refuse(cells: CellGraph, why: str) -> UnsupportedError:
    return UnsupportedError(
        f"focus='wall' needs a planar tessellation whose walls are single lines meeting at posts; "
        f"{cells.name} {why}; use focus='passage'"
    )


def _build(cells: CellGraph) -> WallDual:
    if cells.walls is None or cells.boundary is None:
        raise _refuse(cells, "has no wall or boundary geometry")
    walls = cells.walls
    lengths = np.diff(walls.ptr)
    if (lengths < 2).any():
        raise _refuse(cells, "has passages without a wall in the plane (e.g. between levels)")
    if np.isnan(walls.points).any():
        raise _refuse(cells, "has walls in several pieces (glued sides, diagonals or tunnels)")
    ends = np.concatenate([walls.points[walls.ptr[:-1]], walls.points[walls.ptr[1:] - 1]])
    keys = np.round(ends, _DIGITS)
    posts, post_of = np.unique(keys, axis=0, return_inverse=True)
    post_of = post_of.ravel()
    on_boundary = _on_boundary(posts, post_of, cells)
    # boundary posts all become vertex 0; interior posts are numbered from 1
    vertex = np.zeros(len(posts), dtype=np.int64)
    interior = np.flatnonzero(~on_boundary)
    vertex[interior] = np.arange(1, len(interior) + 1)
    m = cells.n_edges
    a, b = vertex[post_of[:m]], vertex[post_of[m:]]
    loops = np.flatnonzero(a == b)
    keep = np.flatnonzero(a != b)
    n_vertices = len(interior) + 1
    # Euler: a plane tiling with n cells and m walls has m - n + 2 dual vertices
    if n_vertices != m - cells.n_cells + 2 or len(loops) and (a[loops] != 0).any():
        raise _refuse(cells, "does not tile the plane with its boundary (Euler's formula fails)")
    dual = CellGraph(
        name=f"{cells.name} walls",
        labels=Labels(coords=np.arange(n_vertices)[:, None]),
        edges=np.stack([a[keep], b[keep]], axis=1),
        start=BOUNDARY,
        goal=BOUNDARY,
    )
    # each CSR slot u -> v of the dual: the post of the wall's end at u, and at v
    first, second = posts[post_of[keep]], posts[post_of[m + keep]]
    slot_vertex = np.repeat(np.arange(n_vertices), np.diff(dual.indptr))
    at_first = a[keep][dual.edge_ids] == slot_vertex
    near = np.where(at_first[:, None], first[dual.edge_ids], second[dual.edge_ids])
    far = np.where(at_first[:, None], second[dual.edge_ids], first[dual.edge_ids])
    dual.memo("slot_ends", lambda: (near, far))
    dual.memo("grow_root", lambda: BOUNDARY)
    return WallDual(dual, keep, loops)


def slot_ends(cells: CellGraph) -> tuple[np.ndarray, np.ndarray] | None:
    """Where each CSR slot ``u -> v`` starts and ends in the plane, or None without geometry.

    For a tessellation: the layout positions of ``u`` and ``v``. For a wall dual:
    the two posts of the slot's wall, so the walls from an interior post to the
    contracted boundary each keep their own direction.

    Parameters
    ----------
    cells : CellGraph

    Returns
    -------
    (near, far) : tuple of numpy.ndarray, shape (2 m, 2), or None
        Indexed like ``cells.neighbors``.
    """
    def from_layout():
        if cells.layout is None:
            return None
        u = np.repeat(np.arange(cells.n_cells), np.diff(cells.indptr))
        return cells.layout[u], cells.layout[cells.neighbors]

    return cells.memo("slot_ends", from_layout)


def grow_root(cells: CellGraph) -> int:
    """The vertex a tree-growing algorithm must start from: the boundary on a wall dual, else -1 (random).

    Starting a wall adder from the contracted boundary vertex puts every
    boundary post in the tree at the start, as Pullen's Daedalus does.

    Examples
    --------
    >>> import mazegraph as mg
    >>> cells = mg.compile_graph(mg.tessellations.orthogonal(3, 4))
    >>> grow_root(cells), grow_root(wall_dual(cells).cells)
    (-1, 0)
    """
    return cells.memo("grow_root", lambda: -1)


def _on_boundary(posts: np.ndarray, post_of: np.ndarray, cells: CellGraph) -> np.ndarray:
    """Which posts lie on the outer boundary (at a boundary vertex or along a boundary segment)."""
    corners = np.round(cells.boundary.points[~np.isnan(cells.boundary.points).any(axis=1)], _DIGITS)
    on = _rows_in(posts, corners)
    # a post where only one wall ends can only be on the boundary: look along the segments
    degree = np.bincount(post_of, minlength=len(posts))
    candidates = np.flatnonzero(~on & (degree == 1))
    if len(candidates):
        segments = cells.boundary.segments()
        p0, p1 = segments[:, 0], segments[:, 1]
        d = p1 - p0
        length2 = np.maximum((d**2).sum(axis=1), 1e-300)
        for i in candidates:
            t = np.clip(((posts[i] - p0) * d).sum(axis=1) / length2, 0.0, 1.0)
            gap = np.linalg.norm(p0 + t[:, None] * d - posts[i], axis=1)
            on[i] = bool((gap < 10.0**-_DIGITS * 10).any())
    return on


def _rows_in(rows: np.ndarray, table: np.ndarray) -> np.ndarray:
    """For each row of ``rows``, whether it equals some row of ``table``."""
    if len(table) == 0:
        return np.zeros(len(rows), dtype=bool)
    both = np.concatenate([table, rows])
    _, first, inverse = np.unique(both, axis=0, return_index=True, return_inverse=True)
    inverse = inverse.ravel()
    return first[inverse[len(table):]] < len(table)


@dataclass(frozen=True)
class PostLattice:
    """The posts of a rectangle of ``rows x cols`` square cells, as a wall dual numbers them.

    Post ``(i, j)`` is in post row ``i`` (0 at the top as drawn, ``rows`` at the
    bottom) and post column ``j`` (0 at the left, ``cols`` at the right).

    Attributes
    ----------
    rows, cols : int
        Cells down and across.
    vertex : numpy.ndarray of int, shape (rows + 1, cols + 1)
        The dual vertex of each post: vertex 0 (the contracted boundary) for posts on the outer
        boundary, the interior post's own vertex otherwise.
    right : numpy.ndarray of int, shape (rows + 1, cols)
        The dual edge of the wall from post ``(i, j)`` to ``(i, j + 1)``; -1 on
        the boundary (a wall that is always there).
    down : numpy.ndarray of int, shape (rows, cols + 1)
        The dual edge of the wall from post ``(i, j)`` to ``(i + 1, j)``; -1 on
        the boundary.
    """

    rows: int
    cols: int
    vertex: np.ndarray
    right: np.ndarray
    down: np.ndarray


def post_lattice(cells: CellGraph) -> PostLattice | None:
    """The post lattice of a wall dual whose tessellation is a full rectangle of square cells, else None.

    Recognised from the dual alone (the posts' positions, as ``slot_ends`` gives them):
    the posts take ``cols + 1`` distinct x and ``rows + 1`` distinct y values,
    every interior lattice point is exactly one dual vertex, and the dual's
    edges are exactly the ``(rows - 1) cols + (cols - 1) rows`` walls between
    neighbouring lattice points that are not both on the boundary. The top
    post row is the one drawn highest (largest y). Computed once per dual
    (memo key ``"post_lattice"``). A rectangle one cell wide or high has no
    interior post and gives None.

    Parameters
    ----------
    cells : CellGraph
        Any compiled graph; only a wall dual (:func:`wall_dual`) can give a lattice.

    Returns
    -------
    PostLattice or None

    Examples
    --------
    >>> import mazegraph as mg
    >>> cells = mg.compile_graph(mg.tessellations.orthogonal(3, 4))
    >>> lattice = post_lattice(wall_dual(cells).cells)
    >>> lattice.rows, lattice.cols, int((lattice.vertex > 0).sum())
    (3, 4, 6)
    >>> post_lattice(cells) is None  # a tessellation, not a wall dual
    True
    """
    return cells.memo("post_lattice", lambda: _make_post_lattice(cells))


def _make_post_lattice(cells: CellGraph) -> PostLattice | None:
    if grow_root(cells) != BOUNDARY or cells.n_cells < 2:
        return None
    ends = slot_ends(cells)
    if ends is None:
        return None
    near, far = ends
    points = np.round(np.concatenate([near, far]), _DIGITS)
    xs, ys = np.unique(points[:, 0]), np.unique(points[:, 1])
    rows, cols = len(ys) - 1, len(xs) - 1
    m = cells.n_edges
    if (
        rows < 2
        or cols < 2
        or cells.n_cells - 1 != (rows - 1) * (cols - 1)
        or m != (rows - 1) * cols + (cols - 1) * rows
    ):
        return None
    owner = np.repeat(np.arange(cells.n_cells), np.diff(cells.indptr))
    col_of = np.searchsorted(xs, np.round(near[:, 0], _DIGITS))
    row_of = rows - np.searchsorted(ys, np.round(near[:, 1], _DIGITS))
    far_col = np.searchsorted(xs, np.round(far[:, 0], _DIGITS))
    far_row = rows - np.searchsorted(ys, np.round(far[:, 1], _DIGITS))
    border = (row_of == 0) | (row_of == rows) | (col_of == 0) | (col_of == cols)
    if (border != (owner == BOUNDARY)).any():
        return None
    if (np.abs(far_col - col_of) + np.abs(far_row - row_of) != 1).any():
        return None
    vertex = np.zeros((rows + 1, cols + 1), dtype=np.int64)
    vertex[row_of, col_of] = np.where(border, BOUNDARY, owner)
    inner = vertex[1:rows, 1:cols]
    if not np.array_equal(np.sort(inner.ravel()), np.arange(1, cells.n_cells)):
        return None
    right = np.full((rows + 1, cols), -1, dtype=np.int64)
    down = np.full((rows, cols + 1), -1, dtype=np.int64)
    across = far_row == row_of
    west = np.minimum(col_of, far_col)
    north = np.minimum(row_of, far_row)
    right[row_of[across], west[across]] = cells.edge_ids[across]
    down[north[~across], col_of[~across]] = cells.edge_ids[~across]
    expected_right = np.ones((rows + 1, cols), dtype=bool)
    expected_right[[0, rows], :] = False
    expected_down = np.ones((rows, cols + 1), dtype=bool)
    expected_down[:, [0, cols]] = False
    if not (np.array_equal(right >= 0, expected_right) and np.array_equal(down >= 0, expected_down)):
        return None
    return PostLattice(rows, cols, vertex, right, down)
