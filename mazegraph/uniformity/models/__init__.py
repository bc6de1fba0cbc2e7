"""Reachable-tree models, one per algorithm, named by the registry (``reachable="mazegraph.uniformity.models:NAME"``).

Each model takes the graph (a ``SmallGraph``, from :mod:`.smallgraph`) and the
algorithm's options and returns the spanning trees the algorithm can make on
it, exactly or as a superset (never fewer: a model that left out a tree the
kernel can make would prove a false ``never``), or None where it has no model
for those options; :func:`~mazegraph.uniformity.reachable.reachability` runs it.
Three kinds of argument are used:

- :mod:`.characterisations`: a characterisation that follows from the
  algorithm's rules (depth-first-search trees for the recursive backtracker;
  one earlier neighbour per cell for Binary Tree; Hamiltonian paths for
  unicursal mazes; every tree, with the choices that make it, for Kruskal,
  Prim, Wilson and Aldous-Broder), checked tree by tree or built as a product
  of choices;
- :mod:`.rows`: the row rules replayed on every tree (runs with one passage up
  for Sidewinder, Eller's joins and drops);
- :mod:`.searches`: an exhaustive search over the algorithm's random choices,
  each state of the algorithm visited once (recursive division, Growing Tree
  with a fixed selection policy, hunt-and-kill).

Every random choice the kernels make (``bounded`` and ``uniform`` draws from
xoshiro256**) is treated as able to take each of its values; models are exact
under that idealisation, and supersets where an option makes some choice
certain (noted per model).
"""

from .characterisations import (
    aldous_broder,
    backtracker,
    binary_tree,
    kruskal,
    prim_modified,
    prim_simplified,
    prim_true,
    unicursal,
    wilson,
)
from .rows import eller, sidewinder
from .searches import division, growing_forest, growing_tree, hunt_and_kill
from .smallgraph import MAX_STATES

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
    "MAX_STATES",
]
