"""The solver registry and the result every solver returns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from .._search import bfs_parents, path_from_parents
from ..params import Number, Param, checked

__all__ = ["Solver", "Solution", "REGISTRY", "register"]


@dataclass(frozen=True)
class Solver:
    """A solver in the registry.

    ``function(cells, is_open, start, goal, rng, **options)`` returns a dict with
    ``solved``, ``path`` (cell indices or None), ``steps``, ``memory`` and
    optionally ``kept`` (edge mask of the passages left) and ``reason``.

    Attributes
    ----------
    name : str
        The method name :func:`mazegraph.solve` takes.
    pullen : str
        The row of Pullen's solving table it plays.
    solutions : str
        What it returns: ``"1"``, ``"all"``, ``"all+"``, ``"all shortest"`` or ``"1 shortest"``.
    focus : str
        ``"you"`` (walks from the start) or ``"maze"`` (works on the whole maze).
    params : tuple of Param
        The declared options (:class:`mazegraph.params.Param`); :func:`mazegraph.solve`
        checks them before the solver runs.
    """

    name: str
    function: Callable
    pullen: str
    solutions: str
    focus: str
    summary: str
    params: tuple = ()

    @property
    def options(self) -> list[str]:
        """The keyword options the solver takes."""
        return [p.name for p in self.params]


REGISTRY: dict[str, Solver] = {}


def register(name: str, pullen: str, solutions: str, focus: str, summary: str, params: tuple = ()):
    """Decorator adding a solver function to the registry under ``name``, with its declared options."""

    def add(function):
        import inspect

        takes = list(inspect.signature(function).parameters)[5:]
        if takes != [p.name for p in params]:
            raise TypeError(f"solver {name}: options {takes} are declared as {[p.name for p in params]}")
        REGISTRY[name] = Solver(name, function, pullen, solutions, focus, summary, tuple(params))
        return function

    return add


@dataclass
class Solution:
    """What a solver found.

    Attributes
    ----------
    method : str
        The solver's name.
    solved : bool
        Whether it found a path from start to goal.
    path_indices : numpy.ndarray or None
        Cell indices of the path found, start first (None when unsolved). For
        walkers (random mouse, wall follower, Pledge, chain) this is the route
        walked with its loops and retraced dead ends erased; maze-focused and
        all-shortest solvers give a shortest path through the passages they kept.
    steps : int
        Work done: moves for walkers, cells examined for maze-focused solvers and floods.
    memory : int
        Extra memory: the peak number of cells or passages marked or stored
        outside the maze itself (walls a filler adds change the maze and are not counted,
        as on Pullen's page). The bookkeeping that records ``path_indices`` is not counted.
    kept : numpy.ndarray of bool or None
        For maze-focused and all-shortest solvers, the passages that remain (a
        mask over the tessellation's edges); None for solvers that find one path.
    reason : str
        Why it failed (empty when solved).
    """

    method: str
    solved: bool
    path_indices: np.ndarray | None
    steps: int
    memory: int
    kept: np.ndarray | None = None
    reason: str = ""
    maze: object = field(default=None, repr=False)
    start_index: int = -1
    goal_index: int = -1

    @property
    def path(self) -> list | None:
        """The path as cell labels, or None when unsolved."""
        if self.path_indices is None:
            return None
        labels = self.maze.cells.labels
        return [labels[i] for i in self.path_indices.tolist()]

    @checked(Param("limit", Number(1, 10**7, integer=True), 10000, "the most paths to list"))
    def paths(self, limit: int = 10000) -> list[np.ndarray]:
        """Every path the result holds, as arrays of cell indices.

        One path for single-path solvers; for solvers with ``kept`` passages,
        every simple start-goal path through them (for all-shortest solvers
        only the shortest, which are all they keep), at most ``limit``.
        """
        if not self.solved:
            return []
        if self.kept is None:
            return [self.path_indices]
        cells = self.maze.cells
        adj: dict[int, list[int]] = {}
        for u, v in cells.edges[self.kept].tolist():
            adj.setdefault(u, []).append(v)
            adj.setdefault(v, []).append(u)
        s, g = self.start_index, self.goal_index
        shortest_only = self.method in ("collision", "shortest_paths")
        length = len(self.path_indices)
        out: list[np.ndarray] = []
        route, on = [s], {s}

        def extend():
            u = route[-1]
            if u == g:
                if not shortest_only or len(route) == length:
                    out.append(np.array(route, dtype=np.int64))
                return
            if len(out) >= limit or (shortest_only and len(route) >= length):
                return
            for v in adj.get(u, ()):
                if v not in on:
                    route.append(v)
                    on.add(v)
                    extend()
                    on.discard(route.pop())

        extend()
        return out

    def __repr__(self) -> str:
        state = f"path of {len(self.path_indices)} cells" if self.solved else f"unsolved ({self.reason})"
        return f"<Solution {self.method}: {state}, {self.steps} steps, memory {self.memory}>"


def shortest_within(cells, mask: np.ndarray, s: int, g: int) -> np.ndarray | None:
    """A shortest path from ``s`` to ``g`` through the passages in ``mask``, or None."""
    parent = bfs_parents(cells.indptr, cells.neighbors, cells.edge_ids, mask, s, g)
    return path_from_parents(parent, s, g)
