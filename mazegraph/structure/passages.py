"""May this passage open or close? The rules for zeta crossings and weave tunnels, as kernels.

Two kinds of tessellation edge may not simply open:

- zeta diagonals (``cells.crossings``, from ``edge_refs["crosses"]``): an edge
  whose crossing diagonal is open stays closed;
- weave tunnels (``cells.tunnels``, from ``cell_refs["under"]``): an under edge
  may open only beneath a cell that is a straight corridor across it (exactly
  its two ordinary passages perpendicular to the tunnel), and a cell with a
  tunnel beneath it is *locked*: no passage opens or closes at it while the
  tunnel is open, so it never turns or ends above a tunnel.

Generators and maze operations keep these rules by asking :func:`can_open` and
:func:`can_close` and by changing the mask only through :func:`open_edge` and
:func:`close_edge`, which keep the degree and lock counts current. Kernels that
know the tessellation has no tunnels ask only the zeta rule,
:func:`crosses_open`; row and order facts that leave zeta diagonals out ask
:func:`has_crossing`.
"""

from __future__ import annotations

import numpy as np

from .._numba import kernel
from .._random import bounded

__all__ = [
    "constraints",
    "crosses_open",
    "has_crossing",
    "open_degree",
    "locked_cells",
    "can_open",
    "open_edge",
    "can_close",
    "close_edge",
    "shuffle",
]


def constraints(cells):
    """``(crosses, under, direction)`` arrays for the kernels (empty where the tessellation has none)."""
    crosses = cells.crossings
    under = cells.tunnels
    direction = cells.direction if cells.direction is not None else np.zeros(cells.n_edges, dtype=np.int8)
    return crosses, under, direction


@kernel(python=False)
def crosses_open(e, crosses, is_open):
    """True if edge ``e`` crosses an open passage (a zeta diagonal whose partner is open): it may not open."""
    return len(crosses) > 0 and crosses[e] >= 0 and is_open[crosses[e]]


@kernel(python=False)
def has_crossing(e, crosses):
    """True if edge ``e`` has a crossing partner (a zeta diagonal), open or not."""
    return len(crosses) > 0 and crosses[e] >= 0


@kernel
def open_degree(indptr, edge_ids, is_open):
    """Number of open passages at each cell."""
    n = len(indptr) - 1
    deg = np.zeros(n, dtype=np.int64)
    for u in range(n):
        for s in range(indptr[u], indptr[u + 1]):
            if is_open[edge_ids[s]]:
                deg[u] += 1
    return deg


@kernel
def locked_cells(n, under, is_open):
    """How many open tunnels pass beneath each cell."""
    locked = np.zeros(n, dtype=np.int64)
    for e in range(len(under)):
        if under[e] >= 0 and is_open[e]:
            locked[under[e]] += 1
    return locked


@kernel(python=False)
def can_open(e, edges, indptr, edge_ids, crosses, under, direction, is_open, deg, locked):
    """True if closed edge ``e`` may open without a crossing or a bad tunnel."""
    if crosses_open(e, crosses, is_open):
        return False
    if len(under):
        if locked[edges[e, 0]] > 0 or locked[edges[e, 1]] > 0:
            return False
        c = under[e]
        if c >= 0:
            if locked[c] > 0 or deg[c] != 2:
                return False
            for s in range(indptr[c], indptr[c + 1]):
                f = edge_ids[s]
                if is_open[f] and (under[f] >= 0 or direction[f] == direction[e]):
                    return False
    return True


@kernel(python=False)
def open_edge(e, edges, under, is_open, deg, locked):
    """Open edge ``e`` and update the degrees and locks."""
    is_open[e] = True
    deg[edges[e, 0]] += 1
    deg[edges[e, 1]] += 1
    if len(under) and under[e] >= 0:
        locked[under[e]] += 1


@kernel(python=False)
def can_close(e, edges, under, locked):
    """True if open edge ``e`` may close without leaving a tunnel under a turn or an end."""
    if len(under) and under[e] < 0:
        if locked[edges[e, 0]] > 0 or locked[edges[e, 1]] > 0:
            return False
    return True


@kernel(python=False)
def close_edge(e, edges, under, is_open, deg, locked):
    """Close edge ``e`` and update the degrees and locks."""
    is_open[e] = False
    deg[edges[e, 0]] -= 1
    deg[edges[e, 1]] -= 1
    if len(under) and under[e] >= 0:
        locked[under[e]] -= 1


@kernel(python=False)
def shuffle(items, state):
    """Shuffle a 1D array in place (Fisher-Yates with the kernel stream)."""
    for i in range(len(items) - 1, 0, -1):
        j = bounded(state, i + 1)
        t = items[i]
        items[i] = items[j]
        items[j] = t
