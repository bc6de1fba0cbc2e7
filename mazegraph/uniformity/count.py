"""Counting and listing the spanning trees of a graph (the perfect mazes on a tessellation).

A perfect maze is a spanning tree of its tessellation, so the number of
different perfect mazes is the number of spanning trees. Kirchhoff's
matrix-tree theorem gives it as any cofactor of the graph Laplacian:
:func:`count_spanning_trees` evaluates that determinant exactly with
fraction-free (Bareiss) elimination over Python integers, restricted to the
band left by a reverse Cuthill-McKee ordering; :func:`log_count_spanning_trees`
takes the natural logarithm of the same determinant from a sparse LU
factorisation, which never forms a dense matrix and never overflows (a
1000 x 1000 grid takes about twenty seconds); :func:`enumerate_spanning_trees`
lists every tree of a small graph by deletion and contraction.
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np

from ..cellgraph import CellGraph
from ..errors import InvalidSizeError, TooManyTreesError, UnsupportedError
from ..params import checked
from ..tessellations.compile import compile_graph
from ._params import GRAPH, LABELS, LIMIT

__all__ = [
    "count_spanning_trees",
    "log_count_spanning_trees",
    "enumerate_spanning_trees",
    "tree_key",
    "MAX_ENUMERATED",
]

#: Default limit of :func:`enumerate_spanning_trees` (and of :func:`~mazegraph.uniformity.test`): trees listed at most.
MAX_ENUMERATED = 200_000


def _arrays(G) -> tuple[int, np.ndarray, CellGraph | None]:
    """Cells and edges of ``G``; the CellGraph too when the graph is connected.

    A disconnected ``networkx.Graph`` is accepted here (it has no spanning
    tree); :func:`mazegraph.compile_graph` would refuse it.
    """
    if isinstance(G, CellGraph):
        return G.n_cells, G.edges.astype(np.int64), G
    if not isinstance(G, nx.Graph):
        raise UnsupportedError(f"expected a networkx.Graph or CellGraph, got {type(G).__name__}")
    if G.number_of_nodes() == 0:
        raise InvalidSizeError("the graph has no nodes, so it has no spanning tree to count")
    if G.is_directed() or G.is_multigraph():
        raise UnsupportedError("spanning trees are counted on undirected simple graphs (not directed or multigraphs)")
    if nx.is_connected(G):
        cells = compile_graph(G)
        return cells.n_cells, cells.edges.astype(np.int64), cells
    index = {node: i for i, node in enumerate(G)}
    edges = np.array([(index[u], index[v]) for u, v in G.edges() if u != v], dtype=np.int64).reshape(-1, 2)
    return G.number_of_nodes(), edges, None


def _connected(n: int, edges: np.ndarray) -> bool:
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    if n == 1:
        return True
    A = coo_matrix((np.ones(len(edges)), (edges[:, 0], edges[:, 1])), shape=(n, n))
    return connected_components(A, directed=False)[0] == 1


def _reduced_laplacian(n: int, edges: np.ndarray):
    """The Laplacian without its last row and column, as a sparse CSC matrix."""
    from scipy.sparse import coo_matrix

    u, v = edges[:, 0], edges[:, 1]
    keep = u != v
    u, v = u[keep], v[keep]
    degree = np.bincount(u, minlength=n) + np.bincount(v, minlength=n)
    rows = np.concatenate([u, v, np.arange(n)])
    cols = np.concatenate([v, u, np.arange(n)])
    data = np.concatenate([-np.ones(2 * len(u)), degree.astype(np.float64)])
    L = coo_matrix((data, (rows, cols)), shape=(n, n)).tocsc()
    return L[:-1, :-1]


@checked(GRAPH)
def count_spanning_trees(G) -> int:
    """Return the exact number of spanning trees of a graph.

    By Kirchhoff's matrix-tree theorem the count is the determinant of the
    Laplacian with one row and column removed. The reduced Laplacian of a
    connected graph is positive definite, so Bareiss' fraction-free
    elimination needs no pivoting: every pivot is a leading principal minor,
    every division is exact, and all arithmetic is on Python integers. The rows
    are first ordered by reverse Cuthill-McKee; elimination keeps the band, so
    a grid of ``n`` cells costs about ``n**2`` integer operations rather than
    ``n**3``. Graphs of a few hundred cells take well under a second.

    Parameters
    ----------
    G : networkx.Graph or CellGraph
        An undirected simple graph. A disconnected graph has no spanning tree.

    Returns
    -------
    int
        The number of spanning trees (1 for a single node, 0 if disconnected).

    Raises
    ------
    InvalidSizeError
        If the graph has no nodes.
    UnsupportedError
        If ``G`` is directed, a multigraph, or not a graph.

    See Also
    --------
    log_count_spanning_trees : the logarithm, for graphs of any size.

    References
    ----------
    .. [1] G. Kirchhoff, "Ueber die Auflösung der Gleichungen, auf welche man bei
       der Untersuchung der linearen Vertheilung galvanischer Ströme geführt
       wird", Annalen der Physik 148(12), 497-508, 1847 (the matrix-tree theorem).
    .. [2] E. H. Bareiss, "Sylvester's identity and multistep integer-preserving
       Gaussian elimination", Mathematics of Computation 22(103), 565-578, 1968.

    Examples
    --------
    Cayley's formula: the complete graph on 5 nodes has 5**3 trees.

    >>> import networkx as nx, mazegraph as mg
    >>> from mazegraph.uniformity import count_spanning_trees
    >>> count_spanning_trees(nx.complete_graph(5))
    125
    >>> count_spanning_trees(mg.tessellations.orthogonal(3, 3))
    192
    """
    n, edges, _ = _arrays(G)
    if n == 1:
        return 1
    if not _connected(n, edges):
        return 0
    from scipy.sparse.csgraph import reverse_cuthill_mckee

    L = _reduced_laplacian(n, edges).tocsr()
    order = reverse_cuthill_mckee(L, symmetric_mode=True)
    L = L[order][:, order].tocoo()
    size = n - 1
    bandwidth = int(np.abs(L.row - L.col).max()) if L.nnz else 0
    A = np.zeros((size, size), dtype=object)
    A[:, :] = 0
    for r, c, x in zip(L.row.tolist(), L.col.tolist(), L.data.tolist()):
        A[r, c] = int(round(x))
    # Bareiss step k: a_ij <- (a_kk a_ij - a_ik a_kj) / p_{k-1} for i, j > k. Rows below the band
    # (a_ik = 0) are only scaled by a_kk / p_{k-1}; over steps 0..k-1 those factors telescope to
    # p_{k-1}, so a row is scaled once, by the previous pivot, when it enters the band.
    previous = 1
    for k in range(size - 1):
        hi = min(size, k + bandwidth + 1)
        right = min(size, k + 2 * bandwidth + 1)
        entering = k + bandwidth
        if k > 0 and entering < size:
            A[entering, k:right] *= previous
        pivot = A[k, k]
        column = A[k + 1 : hi, k]
        row = A[k, k + 1 : right]
        block = A[k + 1 : hi, k + 1 : right]
        A[k + 1 : hi, k + 1 : right] = (pivot * block - np.multiply.outer(column, row)) // previous
        previous = pivot
    return int(A[size - 1, size - 1])


@checked(GRAPH)
def log_count_spanning_trees(G) -> float:
    """Return the natural logarithm of the number of spanning trees.

    The determinant of the reduced Laplacian is taken from a sparse LU
    factorisation (SuperLU, symmetric minimum-degree ordering, diagonal
    pivots): ``log det = sum(log |U_ii|)``. No dense matrix is formed and
    nothing overflows; a 1000 x 1000 grid (a million cells) takes about twenty
    seconds and a gigabyte. Double precision limits the result to about 1e-12
    relative error on small graphs.

    Parameters
    ----------
    G : networkx.Graph or CellGraph

    Returns
    -------
    float
        ``log(count)``: 0.0 for a single node, ``-inf`` for a disconnected graph.

    Raises
    ------
    InvalidSizeError
        If the graph has no nodes.
    UnsupportedError
        If ``G`` is directed, a multigraph, or not a graph.

    References
    ----------
    .. [1] G. Kirchhoff, 1847 (the matrix-tree theorem); see
       :func:`count_spanning_trees`.
    .. [2] X. S. Li, "An overview of SuperLU", ACM TOMS 31(3), 302-325, 2005.

    Examples
    --------
    The number of trees of an ``n x n`` grid grows like ``exp(4 G n**2 / pi)``,
    with Catalan's constant ``G`` (``4 G / pi = 1.1662``; boundary cells lower it):

    >>> import math, mazegraph as mg
    >>> from mazegraph.uniformity import log_count_spanning_trees
    >>> round(log_count_spanning_trees(mg.tessellations.orthogonal(3, 3)) - math.log(192), 9)
    0.0
    >>> cells = mg.tessellations.build("orthogonal", 100, 100)
    >>> round(log_count_spanning_trees(cells) / cells.n_cells, 3)
    1.148
    """
    n, edges, _ = _arrays(G)
    if n == 1:
        return 0.0
    if not _connected(n, edges):
        return -math.inf
    from scipy.sparse.linalg import splu

    L = _reduced_laplacian(n, edges)
    lu = splu(L, permc_spec="MMD_AT_PLUS_A", diag_pivot_thresh=0.0, options={"SymmetricMode": True})
    return float(np.log(np.abs(lu.U.diagonal())).sum())


def tree_key(mask: np.ndarray) -> bytes:
    """A hashable key of an open-edge mask: the packed bits.

    Examples
    --------
    >>> import numpy as np
    >>> from mazegraph.uniformity import tree_key
    >>> tree_key(np.array([True, False, True]))
    b'\\xa0'
    """
    return np.packbits(np.asarray(mask, dtype=bool)).tobytes()


def find(parent: list[int], x: int) -> int:
    """Root of ``x``'s set in a parent-pointer forest (``parent[root] == root``), halving the path on the way.

    The union-find of the Python-side tree code (enumeration, reachability
    models); compiled kernels use :mod:`mazegraph._unionfind`.

    Examples
    --------
    >>> from mazegraph.uniformity.count import find
    >>> parent = [0, 0, 1, 3]
    >>> find(parent, 2), find(parent, 3), parent
    (0, 3, [0, 0, 0, 3])
    """
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@checked(GRAPH, LABELS, LIMIT)
def enumerate_spanning_trees(G, labels: bool = False, limit: int | None = MAX_ENUMERATED) -> list[frozenset]:
    """List every spanning tree of a small graph.

    Trees are produced by deletion and contraction over the edges in order:
    the trees that hold edge ``e`` are those of the graph with ``e``
    contracted, the others those of the graph with ``e`` deleted (explored
    only while it stays connected). The list is checked against
    :func:`count_spanning_trees`.

    Parameters
    ----------
    G : networkx.Graph or CellGraph
    labels : bool
        False (default): each tree is a frozenset of edge indices into
        ``mazegraph.compile_graph(G).edges`` (the order of a
        :class:`~mazegraph.Maze`'s ``open`` mask). True: a frozenset of
        ``frozenset({u, v})`` cell-label pairs.
    limit : int or None
        Refuse graphs with more trees than this (checked before listing);
        None for no limit.

    Returns
    -------
    list of frozenset
        Every spanning tree once, in a deterministic order; empty for a
        disconnected graph.

    Raises
    ------
    TooManyTreesError
        If the graph has more than ``limit`` spanning trees.
    InvalidSizeError
        If the graph has no nodes.
    UnsupportedError
        If ``G`` is directed, a multigraph, or not a graph.

    References
    ----------
    .. [1] R. C. Read and R. E. Tarjan, "Bounds on backtrack algorithms for
       listing cycles, paths, and spanning trees", Networks 5(3), 237-252, 1975.

    Examples
    --------
    >>> import networkx as nx
    >>> from mazegraph.uniformity import enumerate_spanning_trees
    >>> trees = enumerate_spanning_trees(nx.cycle_graph(4))
    >>> len(trees), sorted(sorted(t) for t in trees)[0]
    (4, [0, 1, 2])
    """
    n, edges, cells = _arrays(G)
    total = count_spanning_trees(G)
    if limit is not None and total > limit:
        raise TooManyTreesError(
            f"the graph has {total} spanning trees, more than the limit of {limit}; "
            "pass a larger limit, or count them with count_spanning_trees"
        )
    if total == 0:
        return []
    pairs = [(int(u), int(v)) for u, v in edges.tolist()]
    m = len(pairs)
    found: list[frozenset] = []

    def spans(parent: list[int], start: int) -> bool:
        """Do the chosen components plus edges start.. still connect everything?"""
        p = list(parent)
        components = sum(1 for i in range(n) if p[i] == i)
        for j in range(start, m):
            a, b = find(p, pairs[j][0]), find(p, pairs[j][1])
            if a != b:
                p[a] = b
                components -= 1
                if components == 1:
                    return True
        return components == 1

    def walk(i: int, parent: list[int], chosen: list[int], joined: int) -> None:
        if joined == n - 1:
            found.append(frozenset(chosen))
            return
        if i == m:
            return
        u, v = pairs[i]
        a, b = find(parent, u), find(parent, v)
        if a != b:  # take edge i (contract it)
            merged = list(parent)
            merged[a] = b
            chosen.append(i)
            walk(i + 1, merged, chosen, joined + 1)
            chosen.pop()
            if spans(parent, i + 1):  # leave edge i out (delete it)
                walk(i + 1, parent, chosen, joined)
        else:
            walk(i + 1, parent, chosen, joined)

    walk(0, list(range(n)), [], 0)
    if len(found) != total:  # pragma: no cover - a bug, not bad input
        raise AssertionError(f"enumerated {len(found)} trees, the matrix-tree theorem counts {total}")
    if labels:
        names = cells.labels if cells is not None else list(G)
        return [frozenset(frozenset((names[pairs[e][0]], names[pairs[e][1]])) for e in tree) for tree in found]
    return found
