"""Maze solvers: all thirteen of Pullen's, on any tessellation, behind one entry point, :func:`solve`.

Each solver family lives in its own module (:mod:`.walkers`, :mod:`.searchers`,
:mod:`.fillers`, :mod:`.shortest`) and registers its functions by name; every
one is a compiled loop over the CSR arrays and the maze's open mask.
"""

from __future__ import annotations

import numpy as np

from .._random import as_generator
from ..errors import UnknownSolverError
from ..maze import Maze
from ..params import GOAL, MAZE, SEED, START, check_all, checked
from ..tessellations.compile import compile_graph
from . import fillers as _fillers  # noqa: F401  (registers the maze-focused solvers)
from . import searchers as _searchers  # noqa: F401  (registers "backtracker", "tremaux")
from . import shortest as _shortest  # noqa: F401  (registers "collision", "shortest_paths", "shortest_path")
from . import walkers as _walkers  # noqa: F401  (registers "random_mouse", "wall_follower", "pledge", "chain")
from ._registry import REGISTRY, Solution, Solver, shortest_within

__all__ = ["solve", "solvers", "solver_info", "Solution", "Solver", "ORDER"]

#: Solver names in the order of Pullen's solving table.
ORDER = (
    "random_mouse", "wall_follower", "pledge", "chain", "backtracker", "tremaux", "dead_end_filler",
    "cul_de_sac_filler", "blind_alley_sealer", "blind_alley_filler", "collision", "shortest_paths", "shortest_path",
)


def solvers() -> list[str]:
    """The method names :func:`solve` accepts, in the order of Pullen's table.

    Examples
    --------
    >>> import mazegraph as mg
    >>> len(mg.solvers()), mg.solvers()[:2]
    (13, ['random_mouse', 'wall_follower'])
    """
    return [name for name in ORDER if name in REGISTRY] + sorted(set(REGISTRY) - set(ORDER))


def solver_info(method: str) -> Solver:
    """The registry entry of a solver (its function, Pullen's row, what it returns, its options).

    Raises
    ------
    UnknownSolverError
        If ``method`` is not registered.
    """
    try:
        return REGISTRY[method]
    except (KeyError, TypeError):
        raise UnknownSolverError(method, REGISTRY) from None


def _cell(cells, label, default: int) -> int:
    return default if label is None else cells.labels.index(label)


@checked(MAZE, START, GOAL, SEED, cells="maze")
def solve(maze: Maze, method: str, start=None, goal=None, seed=None, **options) -> Solution:
    """Solve a maze with one of Pullen's algorithms.

    Parameters
    ----------
    maze : Maze
        Any maze on any tessellation: perfect, braided, with islands, or with
        no solution at all.
    method : str
        One of :func:`solvers`.
    start, goal : cell label, optional
        Where to start and where to go; the maze's own by default.
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None
        For the solvers that choose at random (random mouse, backtracker, Tremaux).
    **options
        Solver options: ``max_steps`` (random mouse, Pledge), ``hand``
        (wall follower, Pledge: ``"left"`` or ``"right"``), ``direction``
        (Pledge, degrees).

    Returns
    -------
    Solution
        ``solved``, ``path`` (labels) and ``path_indices``, ``steps``,
        ``memory``, ``kept`` (passages left by maze-focused and all-shortest
        solvers; ``paths()`` lists the solutions in them) and ``reason`` when
        it failed. An unsolvable maze gives ``solved=False``, never an error
        or a hang.

    Raises
    ------
    UnknownSolverError
        If ``method`` is not a solver; the message lists them.
    NotACellError
        If ``start`` or ``goal`` is not a cell of the maze.
    InvalidOptionError
        If an option is not one the solver takes, or has a bad value.
    InvalidSeedError
        If ``seed`` is of an unsupported type.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.sigma(8, 8), "wilson", seed=1)
    >>> r = mg.solve(M, "wall_follower")
    >>> r.solved, r.path == M.solution(), r.memory
    (True, True, 0)
    >>> [mg.solve(M, name, seed=1).path == M.solution() for name in ("tremaux", "collision", "dead_end_filler")]
    [True, True, True]

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms", Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    entry = solver_info(method)
    options = {k: v for k, v in check_all(entry.params, options, owner=method).items() if v is not None}
    cells = compile_graph(maze.cells)
    s = _cell(cells, start, maze.start_index)
    g = _cell(cells, goal, maze.goal_index)
    rng = as_generator(seed)
    is_open = np.ascontiguousarray(maze.open, dtype=np.bool_)
    out = entry.function(cells, is_open, s, g, rng, **options)
    kept = out.get("kept")
    path = out.get("path")
    if kept is not None:
        path = shortest_within(cells, kept, s, g)
    solved = path is not None
    reason = out.get("reason", "")
    if not solved and not reason:
        reason = "no passages from the start to the goal remain: the maze has no solution"
    return Solution(
        method=method, solved=solved, path_indices=path, steps=out["steps"], memory=out["memory"],
        kept=kept, reason="" if solved else reason, maze=maze, start_index=s, goal_index=g,
    )
