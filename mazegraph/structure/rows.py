"""The row structure of a tessellation: its rows, their chains, and which parts the rows to come fall into.

Row-by-row algorithms (Sidewinder, Eller) sweep the cells row by row (node
attribute ``row``, smallest first) and read the edges by how the rows of their
two cells differ:

- a *row edge* joins two cells of the same row;
- an *up edge* joins a cell to a cell of the previous row (``row - 1``), a
  *down edge* to the next row (``row + 1``);
- edges between rows further apart (the seam of a torus, gluings of a cube)
  are never opened by these algorithms, and neither are zeta diagonals when
  the structure is computed (they are optional extras).

Within a row, cells are taken in cell order (the order of the tessellation's
nodes: columns on a grid, positions around a theta ring); consecutive cells
joined by a row edge form a *chain*, and a chain whose last cell also touches
its first is a cycle (a theta ring, a row of a cylinder or torus).

On general shapes the rows may part and meet again: a mask shaped like a U has
two separate top rows that only the bottom row can join, an arch has two legs
that no later row joins. :class:`RowStructure` records, for every cell, which
component of the rows from its own row on (through row and down edges) it lies
in, so a kernel that remembers only the current row knows when a set of cells
would be cut off for good. :func:`rows_refusal` says why a tessellation's rows
cannot carry a row-by-row maze at all.
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._unionfind import attach, root
from ..cellgraph import CellGraph
from ..errors import UnsupportedError
from .passages import has_crossing

__all__ = ["RowStructure", "row_structure", "rows_refusal", "row_span"]


def row_span(row: np.ndarray) -> tuple[int, int]:
    """The smallest row and the number of rows from it to the largest.

    Parameters
    ----------
    row : numpy.ndarray of int
        Each cell's row (``cells.row``).

    Returns
    -------
    tuple of int
        ``(smallest row, largest - smallest + 1)``.

    Examples
    --------
    >>> import numpy as np
    >>> from mazegraph.structure import row_span
    >>> row_span(np.array([3, 1, 2, 1]))
    (1, 3)
    """
    rmin = int(row.min())  # numpy's reductions, not a kernel's
    return rmin, int(row.max()) - rmin + 1


@kernel
def _structure(indptr, neighbors, edge_ids, row, rmin, nrows, crosses):
    n = len(indptr) - 1
    rown = np.empty(n, dtype=np.int32)
    rowptr = np.zeros(nrows + 1, dtype=np.int64)
    for c in range(n):
        rown[c] = row[c] - rmin
        rowptr[rown[c] + 1] += 1
    for r in range(nrows):
        rowptr[r + 1] += rowptr[r]
    order = np.empty(n, dtype=np.int32)
    posr = np.empty(n, dtype=np.int32)
    fill = rowptr[:-1].copy()
    for c in range(n):
        k = fill[rown[c]]
        order[k] = c
        posr[c] = k - rowptr[rown[c]]
        fill[rown[c]] += 1

    # chains: consecutive cells of a row joined by a row edge; cycles close back to their first cell
    nxt = np.full(n, -1, dtype=np.int32)
    cyc = np.full(n, -1, dtype=np.int32)
    for r in range(nrows):
        base = rowptr[r]
        length = rowptr[r + 1] - base
        start = 0
        for i in range(length):
            c = order[base + i]
            if i + 1 < length:
                d = order[base + i + 1]
                for s in range(indptr[c], indptr[c + 1]):
                    if neighbors[s] == d and not has_crossing(edge_ids[s], crosses):
                        nxt[c] = edge_ids[s]
                        break
            if nxt[c] < 0:
                if i - start >= 2:
                    a = order[base + start]
                    for s in range(indptr[a], indptr[a + 1]):
                        if neighbors[s] == c and not has_crossing(edge_ids[s], crosses):
                            cyc[a] = edge_ids[s]
                            break
                start = i + 1

    # cells with an edge up to the previous row that no other edge crosses, and the slot of a cell's only up edge
    up = np.zeros(n, dtype=np.bool_)
    upslot = np.full(n, -1, dtype=np.int64)
    for c in range(n):
        ups = 0
        for s in range(indptr[c], indptr[c + 1]):
            if rown[neighbors[s]] == rown[c] - 1:
                ups += 1
                if not has_crossing(edge_ids[s], crosses):
                    up[c] = True
                    upslot[c] = s
        if ups != 1 or not up[c]:
            upslot[c] = -1

    # the slots a row-by-row kernel must look at for a cell's edges along the row (to later cells of the row) and
    # down: (first, last + 1), narrowed to the one slot when there is exactly one such edge and nothing crosses it
    along = np.empty((n, 2), dtype=np.int64)
    down = np.empty((n, 2), dtype=np.int64)
    for c in range(n):
        na = 0
        nd = 0
        plain_a = True
        plain_d = True
        sa = 0
        sd = 0
        for s in range(indptr[c], indptr[c + 1]):
            v = neighbors[s]
            if rown[v] == rown[c] and posr[v] > posr[c]:
                na += 1
                sa = s
                plain_a = plain_a and not has_crossing(edge_ids[s], crosses)
            elif rown[v] == rown[c] + 1:
                nd += 1
                sd = s
                plain_d = plain_d and not has_crossing(edge_ids[s], crosses)
        along[c, 0] = indptr[c]
        along[c, 1] = indptr[c + 1]
        down[c, 0] = indptr[c]
        down[c, 1] = indptr[c + 1]
        if na == 0 or (na == 1 and plain_a):
            along[c, 0] = sa
            along[c, 1] = sa + na
        if nd == 0 or (nd == 1 and plain_d):
            down[c, 0] = sd
            down[c, 1] = sd + nd

    # parts of the future: for each cell, which component of the rows from its own row down
    # (through row edges and down edges) it lies in, numbered per row
    forest = np.full(n, -1, dtype=np.int32)
    futloc = np.empty(n, dtype=np.int32)
    ncomp = np.zeros(nrows + 1, dtype=np.int32)
    label = np.full(n, -1, dtype=np.int32)
    for r in range(nrows - 1, -1, -1):
        for k in range(rowptr[r], rowptr[r + 1]):
            c = order[k]
            for s in range(indptr[c], indptr[c + 1]):
                v = neighbors[s]
                dr = rown[v] - r
                if (dr == 0 or dr == 1) and not has_crossing(edge_ids[s], crosses):
                    attach(forest, c, v)
        for k in range(rowptr[r], rowptr[r + 1]):
            top = root(forest, order[k])
            if label[top] < 0:
                label[top] = ncomp[r]
                ncomp[r] += 1
            futloc[order[k]] = label[top]
        for k in range(rowptr[r], rowptr[r + 1]):
            label[root(forest, order[k])] = -1
    return rown, order, rowptr, posr, nxt, cyc, up, upslot, along, down, futloc, ncomp


class RowStructure:
    """What the row-by-row kernels need to know about a tessellation's rows.

    Attributes
    ----------
    crosses : numpy.ndarray of int64
        Each edge's crossing partner (``cells.crossings``), for the kernels.
    rown : numpy.ndarray of int32, shape (n,)
        Each cell's row, counted from 0.
    order, rowptr : numpy.ndarray
        Cells sorted by row, then by index; row ``r`` is ``order[rowptr[r]:rowptr[r + 1]]``.
    posr : numpy.ndarray of int32, shape (n,)
        Each cell's position within its row.
    nxt : numpy.ndarray of int32, shape (n,)
        The row edge to the next cell of the row, or -1 where a chain ends.
    cyc : numpy.ndarray of int32, shape (n,)
        For the first cell of a chain of at least 3 cells that closes into a cycle,
        the row edge back from its last cell; -1 elsewhere.
    up : numpy.ndarray of bool, shape (n,)
        Whether the cell has an edge up (to the previous row) without a
        crossing partner.
    upslot : numpy.ndarray of int64, shape (n,)
        The CSR slot of the cell's edge up when it has exactly one and that
        one has no crossing partner (a square grid); -1 otherwise.
    along, down : numpy.ndarray of int64, shape (n, 2)
        The range of CSR slots that holds the cell's edges to later cells of
        its row (``along``) and to the next row (``down``): the one slot where
        there is exactly one such edge and nothing crosses it, an empty range
        where there is none, else all the cell's slots.
    futloc : numpy.ndarray of int32, shape (n,)
        The component, among those of the rows from the cell's own row on
        (through row and down edges), that the cell lies in; numbered per row.
    ncomp : numpy.ndarray of int32, shape (rows + 1,)
        How many such components each row meets (0 after the last row).
    """

    def __init__(self, cells: CellGraph):
        crosses = cells.crossings
        self.crosses = crosses
        (self.rown, self.order, self.rowptr, self.posr, self.nxt, self.cyc, self.up, self.upslot, self.along,
         self.down, self.futloc, self.ncomp) = _structure(
            cells.indptr, cells.neighbors, cells.edge_ids, cells.row, *row_span(cells.row), crosses
        )


def rows_refusal(cells: CellGraph) -> str | None:
    """Why the rows of ``cells`` cannot carry a row-by-row maze, or None if they can.

    A row-by-row algorithm opens only edges within a row or between adjacent
    rows (never a zeta diagonal), so those edges must join every cell.
    Computed once per tessellation (memo key ``"rows_refusal"``).

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.

    Returns
    -------
    str or None
        The reason, phrased to follow "cannot work row by row on this
        tessellation: ", or None.

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.structure import rows_refusal
    >>> rows_refusal(mg.compile_graph(mg.tessellations.theta(3))) is None
    True
    >>> rows_refusal(mg.compile_graph(mg.tessellations.voronoi(20, seed=1)))
    "it works row by row and this tessellation has no rows (node attribute 'row')"
    """
    if cells.row is None:
        return "it works row by row and this tessellation has no rows (node attribute 'row')"

    def compute():
        from scipy.sparse import csr_array
        from scipy.sparse.csgraph import connected_components

        row = cells.row.astype(np.int64)
        if cells.n_cells and row.max() - row.min() + 1 > cells.n_cells:
            return (
                "its rows skip numbers, so no cell of one row touches the next; number the rows "
                "0, 1, 2, ... so that each row has cells"
            )
        u, v = cells.edges[:, 0], cells.edges[:, 1]
        keep = np.abs(row[u] - row[v]) <= 1
        if len(cells.crossings):
            keep &= cells.crossings < 0
        n = cells.n_cells
        adj = csr_array((np.ones(int(keep.sum()), dtype=np.int8), (u[keep], v[keep])), shape=(n, n))
        count, which = connected_components(adj, directed=False)
        if count <= 1:
            return None
        a = cells.labels[int(np.argmax(which == which[0]))]
        b = cells.labels[int(np.argmax(which != which[0]))]
        return (
            "it opens only edges within a row or between adjacent rows (rows differing by 1), and "
            f"those split this tessellation into {count} parts (e.g. {a!r} and {b!r} cannot be joined "
            "that way); give the cells 'row' numbers such that adjacent rows touch, or use an "
            "algorithm that needs no rows (e.g. 'wilson')"
        )

    return cells.memo("rows_refusal", compute)


def row_structure(cells: CellGraph) -> RowStructure:
    """The row structure of ``cells``, computed once and remembered (memo key ``"row_structure"``).

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation; it must have rows (node attribute ``row``).

    Returns
    -------
    RowStructure

    Raises
    ------
    UnsupportedError
        If the tessellation has no rows, or rows that no row-by-row algorithm can follow.

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.structure import row_structure
    >>> rs = row_structure(mg.compile_graph(mg.tessellations.orthogonal(2, 3)))
    >>> rs.rowptr.tolist(), rs.order.tolist(), rs.nxt.tolist()
    ([0, 3, 6], [0, 1, 2, 3, 4, 5], [0, 1, -1, 2, 3, -1])
    """
    reason = rows_refusal(cells)
    if reason is not None:
        raise UnsupportedError(f"cannot work row by row on this tessellation: {reason}")
    return cells.memo("row_structure", lambda: RowStructure(cells))
