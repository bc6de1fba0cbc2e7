"""Reachable-tree models, one per algorithm, named by the registry (``reachable="mazegraph.uniformity.models:NAME"``).

Each model lists the spanning trees its algorithm can make on a tiny graph; see
:mod:`mazegraph.uniformity.reachable` for the arguments behind them.
"""

from ..reachable import (
    aldous_broder,
    backtracker,
    binary_tree,
    division,
    eller,
    growing_forest,
    growing_tree,
    hunt_and_kill,
    kruskal,
    prim_modified,
    prim_simplified,
    prim_true,
    sidewinder,
    unicursal,
    wilson,
)

__all__ = [
    "aldous_broder",
    "backtracker",
    "binary_tree",
    "division",
    "eller",
    "growing_forest",
    "growing_tree",
    "hunt_and_kill",
    "kruskal",
    "prim_modified",
    "prim_simplified",
    "prim_true",
    "sidewinder",
    "unicursal",
    "wilson",
]
