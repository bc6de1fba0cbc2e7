"""Routing and maze operations: braid, sparse, unicursal and weave mazes; flood fill and removers.

Each operation takes a :class:`~mazegraph.Maze` and returns a new one (a change
to a copy of its open-edge mask), or answers a question about it. Generators
(``"braid"`` from scratch, the weave variants of ``"kruskal"`` and
``"backtracker"``) are in :mod:`mazegraph.generators`.
"""

from .bottlenecks import Bottlenecks, bottlenecks
from .braid import braid
from .operations import flood, is_solvable, remove_isolations, remove_loops, removed_cells
from .sparse import sparsify
from .template import concentric_rings, from_template
from .unicursal import to_unicursal
from .weave import weave_violations

__all__ = [
    "braid",
    "sparsify",
    "to_unicursal",
    "weave_violations",
    "flood",
    "is_solvable",
    "removed_cells",
    "remove_isolations",
    "remove_loops",
    "bottlenecks",
    "Bottlenecks",
    "from_template",
    "concentric_rings",
]
