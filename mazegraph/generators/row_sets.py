"""The sets of one row, shared by the row-by-row generators (Sidewinder, Eller).

A row-by-row kernel keeps, for the current row only, which of its cells are
already joined by passages: a union-find forest (:mod:`mazegraph._unionfind`)
over *nodes*, each cell of the row mapped to one (``node[q]`` for the cell at
position ``q``). The tessellation's :class:`~mazegraph.structure.RowStructure`
tells, through ``futloc``, which part of the rows still to come each cell of the
next row lies in. Row-by-row algorithms on general shapes need one rule beyond
the textbook: when a row's random choices would leave a set cut off for good
(no passage on to the rows below, or no way to meet the other sets there),
the row opens as few extra edges of its own as that takes, in random order
(:func:`repair_row`). This never changes the textbook algorithms on square,
hexagonal, upsilon, theta, cylinder and torus rows, and makes the result a
spanning tree on every tessellation whose rows are joined by same-row and
adjacent-row edges (the others are refused by
:func:`mazegraph.structure.rows_refusal`).
"""

from __future__ import annotations

from .._numba import kernel
from .._random import bounded
from .._unionfind import attach, link, root
from ..structure.passages import crosses_open

__all__ = ["join_row", "carve_down", "repair_row", "number_sets"]


@kernel(python=False)
def join_row(indptr, neighbors, edge_ids, rown, posr, crosses, is_open, fpar, node, order, base, length, r):
    """Open every row edge of row ``r`` between cells of different sets, in cell order (a spanning forest)."""
    zeta = len(crosses) > 0  # crossing diagonals: look them up only then
    for q in range(length):
        c = order[base + q]
        for s in range(indptr[c], indptr[c + 1]):
            v = neighbors[s]
            if rown[v] == r and posr[v] > q and not (zeta and crosses_open(edge_ids[s], crosses, is_open)):
                if attach(fpar, node[q], node[posr[v]]):
                    is_open[edge_ids[s]] = True


@kernel(python=False)
def carve_down(fpar, assigned, is_open, a, pd, e):
    """Open down edge ``e`` from set root ``a`` into the cell at position ``pd`` of the next row.

    ``assigned[pd]`` is the set that cell hangs from, or -1. The cell may already
    hang from another set (hexagonal and theta rows): then the two sets join,
    unless they are one already and the edge would close a cycle (returns False).
    """
    if assigned[pd] < 0:
        assigned[pd] = a
        is_open[e] = True
        return True
    b = root(fpar, assigned[pd])
    if b == a:
        return False
    link(fpar, a, b)
    is_open[e] = True
    return True


@kernel(python=False)
def number_sets(fpar, node, length, nodes, relabel, out):
    """Number the sets of cells ``0 .. length - 1`` for the next step; returns how many there are.

    Cell ``q`` belongs to node ``node[q]`` (a node of the forest ``fpar`` over
    ``nodes`` nodes), or to a new set of its own where ``node[q]`` is -1. The
    sets are numbered 0, 1, ... in order of their first cell, the new ones
    after the others; ``out[q]`` gets cell ``q``'s number (``out`` may be
    ``node`` itself). ``relabel`` is scratch space of at least ``nodes`` items.
    """
    for x in range(nodes):
        relabel[x] = -1
    count = 0
    for q in range(length):
        if node[q] >= 0:
            top = root(fpar, node[q])
            if relabel[top] < 0:
                relabel[top] = count
                count += 1
            out[q] = relabel[top]
    for q in range(length):
        if node[q] < 0:
            out[q] = count
            count += 1
    return count


@kernel(python=False)
def repair_row(indptr, neighbors, edge_ids, rown, order, posr, futloc, crosses, is_open, fpar, qpar, node, up,
               assigned, nodes, total, base, length, r, state):
    """Open the fewest extra edges of row ``r`` that leave one part, in random order; returns how many parts are left.

    ``qpar`` is ``fpar`` (the sets of the ``nodes`` nodes) joined with what the
    rows below will join: its nodes ``nodes + k`` stand for the parts ``k`` of
    the rows from ``r + 1`` on. While it has more than one part, the cells of
    the row are visited from a random one, and every closed edge that joins two
    parts opens: a row edge, an up edge into the previous row's set ``up[p]``
    (Sidewinder; pass an empty ``up`` for none), or a down edge, which hangs
    the next row's cell from the set (Eller: ``assigned``; empty for none).
    """
    zeta = len(crosses) > 0  # crossing diagonals: look them up only then
    parts = 0
    for x in range(total):
        if qpar[x] < 0:
            parts += 1
    if parts <= 1:
        return parts
    start = bounded(state, length)
    for t in range(length):
        if parts == 1:
            break
        q = (start + t) % length
        c = order[base + q]
        for s in range(indptr[c], indptr[c + 1]):
            v = neighbors[s]
            dv = rown[v] - r
            if dv == -1 and len(up):
                other = up[posr[v]]
            elif dv == 0:
                other = node[posr[v]]
            elif dv == 1 and len(assigned):
                other = nodes + futloc[v]
            else:
                continue
            e = edge_ids[s]
            if is_open[e] or (zeta and crosses_open(e, crosses, is_open)):
                continue
            a = root(qpar, node[q])
            b = root(qpar, other)
            if a == b:
                continue
            link(qpar, a, b)
            parts -= 1
            fa = root(fpar, node[q])
            if dv == 1:
                carve_down(fpar, assigned, is_open, fa, posr[v], e)
            else:
                is_open[e] = True
                attach(fpar, fa, other)
    return parts
