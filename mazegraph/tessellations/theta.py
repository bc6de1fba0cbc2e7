"""Theta mazes: concentric rings of cells around a centre cell."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines
from ._common import size
from .limits import check_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["theta", "theta_cells", "ring_sizes"]

_ARC_STEP = 0.25  # longest straight piece used to draw an arc


def ring_sizes(rings: int) -> np.ndarray:
    """Cells in each ring: 1 in the centre, 6 in ring 1, doubling as cells get wide.

    Ring ``k`` spans radii ``k`` to ``k + 1``. A ring keeps the count of the ring
    inside it until its cells' inner arcs would reach twice the ring's height,
    then doubles, so each cell is between about 1 and 2 units wide and every cell
    has exactly one neighbour inward.
    """
    counts = [1, 6][:rings]
    for k in range(2, rings):
        prev = counts[-1]
        counts.append(2 * prev if 2 * np.pi * k / prev >= 2.0 else prev)
    return np.array(counts, dtype=np.int64)


def _arc(radius, a0, a1):
    """Points ``(n, k, 2)`` of arcs at ``radius`` from angles ``a0`` to ``a1`` (arrays)."""
    steps = max(2, int(np.ceil(np.max(np.abs(a1 - a0)) * radius / _ARC_STEP)))
    t = np.linspace(0.0, 1.0, steps + 1)
    angle = a0[:, None] + (a1 - a0)[:, None] * t[None, :]
    return np.stack([radius * np.cos(angle), radius * np.sin(angle)], axis=2)


@tessellation("theta", ("rings",), "concentric rings around a centre cell, arcs as walls", (10,),
              bytes_per_cell=750)
def theta_cells(rings: int) -> CellGraph:
    """Compile a theta maze of ``rings`` rings (the centre cell is ring 0)."""
    rings = size("rings", rings)
    check_cells("theta", (rings - 1) ** 2)  # a lower bound on the cells, known before ring_sizes loops
    counts = ring_sizes(rings)
    check_cells("theta", int(counts.sum()))
    first = np.concatenate([[0], np.cumsum(counts)])
    ring = np.repeat(np.arange(rings), counts)
    index = np.arange(first[-1]) - first[ring]
    width = 2 * np.pi / counts[ring]
    mid = (index + 0.5) * width
    radius = np.where(ring == 0, 0.0, ring + 0.5)
    pos = np.stack([radius * np.cos(mid), radius * np.sin(mid)], axis=1)

    edges, points, lengths, direction = [], [np.empty((0, 2))], [np.zeros(1, dtype=np.int64)], []
    for k in range(1, rings):
        cells = np.arange(first[k], first[k + 1])
        i = cells - first[k]
        # around the ring: (k, i)-(k, i+1), wall along the radius at their border
        edges.append(np.stack([cells, first[k] + (i + 1) % counts[k]], axis=1))
        a = (i + 1) * 2 * np.pi / counts[k]
        cos, sin = np.cos(a), np.sin(a)
        radial = np.stack([k * cos, k * sin, (k + 1) * cos, (k + 1) * sin], axis=1)  # one segment per row
        points.append(radial.reshape(-1, 2))
        lengths.append(np.full(counts[k], 2))
        direction.append(np.full(counts[k], 1))
        # inward: (k, i)-(k-1, i // split), wall the cell's inner arc
        split = counts[k] // counts[k - 1]
        edges.append(np.stack([cells, first[k - 1] + i // split], axis=1))
        arcs = _arc(float(k), i * 2 * np.pi / counts[k], (i + 1) * 2 * np.pi / counts[k])
        points.append(arcs.reshape(-1, 2))
        lengths.append(np.full(counts[k], arcs.shape[1]))
        direction.append(np.full(counts[k], 0))
    walls = Polylines(np.concatenate(points), np.cumsum(np.concatenate(lengths)))  # items in edge order
    # the outer wall, cell by cell, so radial walls end exactly on it
    i = np.arange(counts[-1])
    outer = list(_arc(float(rings), i * 2 * np.pi / counts[-1], (i + 1) * 2 * np.pi / counts[-1]))
    return CellGraph(
        name="theta",
        labels=Labels(coords=np.stack([ring, index], axis=1)),
        edges=np.concatenate(edges) if edges else np.empty((0, 2), dtype=np.int64),
        pos=pos,
        walls=walls,
        boundary=Polylines.from_items(outer),
        direction=np.concatenate(direction) if direction else np.empty(0, dtype=np.int64),
        direction_names=("radial", "circumferential"),
        row=ring,
        start=0,
        goal=int(first[-2]),
        spec={"tessellation": "theta", "rings": rings},
    )


def theta(rings: int) -> nx.Graph:
    """Return the theta (polar) tessellation: rings of cells around a centre cell.

    Parameters
    ----------
    rings : int
        Number of rings, the centre cell counting as ring 0 (at least 1). Ring
        ``k`` lies between radii ``k`` and ``k + 1``; its cell count doubles
        whenever the cells would grow twice as wide as they are high (see
        ``ring_sizes``).

    Returns
    -------
    networkx.Graph
        Nodes ``(ring, index)``, index counter-clockwise from east; ``row`` is
        the ring; edges with ``wall`` (a radial segment, or an arc drawn as a
        polyline) and ``direction`` (``"radial"`` or ``"circumferential"``);
        graph ``start`` is the centre and ``goal`` the first cell of the outer ring.
        This is a view of the arrays that ``theta_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``rings`` is not a whole number of at least 1.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.theta(4)
    >>> G.number_of_nodes(), G.degree[(0, 0)]
    (31, 6)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Tessellation", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    return theta_cells(rings).to_networkx()
