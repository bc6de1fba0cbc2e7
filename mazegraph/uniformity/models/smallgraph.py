"""What every reachable-tree model shares: the graph as Python lists, the model's answer, a search over choices.

Models work on tiny graphs (a dozen cells) with Python integers as bitmasks:
a tree, a set of cells or a set of edges is an ``int`` whose bit ``i`` stands
for cell or edge ``i``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...cellgraph import CellGraph
from ...errors import TooManyTreesError
from ..count import MAX_ENUMERATED, enumerate_spanning_trees

__all__ = ["Model", "SmallGraph", "bits", "explore", "MAX_STATES"]

#: States an exhaustive reachability search may visit before it gives up.
MAX_STATES = 3_000_000


@dataclass
class Model:
    """A model's answer: the trees (bitmasks of edge indices), the argument, and whether the set is exact."""

    masks: set
    argument: str
    exact: bool = True


class SmallGraph:
    """A CellGraph as Python lists for the models: neighbours in CSR order, bitmasks, all trees."""

    def __init__(self, cells: CellGraph):
        self.cells = cells
        self.n = cells.n_cells
        self.m = cells.n_edges
        self.ends = [(int(u), int(v)) for u, v in cells.edges.tolist()]
        indptr, neighbors, edge_ids = cells.indptr.tolist(), cells.neighbors.tolist(), cells.edge_ids.tolist()
        self.adj = [[(neighbors[s], edge_ids[s]) for s in range(indptr[u], indptr[u + 1])] for u in range(self.n)]
        self.nbrmask = [sum(1 << v for v in {v for v, _ in self.adj[u]}) for u in range(self.n)]  # parallel edges once

    def all_trees(self) -> list[int]:
        """Every spanning tree as a bitmask of edge indices (listed once per tessellation)."""

        def make():
            trees = enumerate_spanning_trees(self.cells, limit=MAX_ENUMERATED)
            return [sum(1 << e for e in tree) for tree in trees]

        return self.cells.memo("uniformity_tree_masks", make)

    def everything(self, argument: str) -> Model:
        """The model of an algorithm that can make every tree."""
        return Model(set(self.all_trees()), argument)


def bits(x: int) -> Iterable[int]:
    """The indices of the set bits of ``x``, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def explore(starts: Iterable, expand: Callable, what: str) -> set[int]:
    """The final trees of a nondeterministic process, visiting each of its states once.

    ``expand(state)`` returns an int (the finished tree, a bitmask of open
    edges) or the list of states one choice away.
    """
    seen: set = set()
    stack = list(starts)
    found: set[int] = set()
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        if len(seen) > MAX_STATES:
            raise TooManyTreesError(
                f"the search over {what}'s choices passed {MAX_STATES} states; reachability models are for tiny "
                "graphs (a dozen cells)"
            )
        result = expand(state)
        if isinstance(result, int):
            found.add(result)
        else:
            stack.extend(result)
    return found

