"""Maze generators and the one entry point that runs them, :func:`generate`."""

from __future__ import annotations

import inspect
import numbers

import numpy as np

from .._compile import compile_graph
from .._random import as_generator
from ..errors import InvalidOptionError
from ..maze import Maze
from . import kruskal as _kruskal  # noqa: F401  (registers "kruskal")
from . import wilson as _wilson  # noqa: F401  (registers "wilson")
from ._registry import REGISTRY, Algorithm, lookup

__all__ = ["generate", "algorithms", "algorithm_info", "Algorithm"]


def algorithms() -> list[str]:
    """The names :func:`generate` accepts, sorted.

    Examples
    --------
    >>> import mazegraph as mg
    >>> "wilson" in mg.algorithms()
    True
    """
    return sorted(REGISTRY)


def algorithm_info(name: str) -> Algorithm:
    """The registry entry of an algorithm: its function, summary and options.

    Raises
    ------
    UnknownAlgorithmError
        If ``name`` is not registered.
    """
    return lookup(name)


def generate(tessellation, algorithm: str, seed=None, *, start=None, goal=None, **options) -> Maze:
    """Make a maze on a tessellation with a named algorithm.

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph
        Any connected graph; tessellations from :mod:`mazegraph.tessellations`
        carry their compiled arrays, other graphs are compiled once on first use.
    algorithm : str
        One of :func:`algorithms`.
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None
        The same seed gives the same maze in every process.
    start, goal : cell label, optional
        The maze's start and goal (its solution runs between them); the
        tessellation's defaults when omitted.
    **options
        Algorithm options, e.g. ``until_connected=(a, b)`` for ``"kruskal"``.

    Returns
    -------
    Maze

    Raises
    ------
    UnknownAlgorithmError
        If the algorithm is not registered; the message lists the known names.
    InvalidOptionError
        If an option is not one the algorithm takes.
    NotACellError
        If ``start`` or ``goal`` is not a cell.
    DisconnectedGraphError
        If the graph is not connected.
    InvalidSeedError
        If ``seed`` is of an unsupported type.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.sigma(12, 12)
    >>> M = mg.generate(G, "wilson", seed=7)
    >>> M.is_perfect(), M.n_open == G.number_of_nodes() - 1
    (True, True)
    >>> M == mg.generate(G, "wilson", seed=7)
    True
    """
    entry = lookup(algorithm)
    cells = compile_graph(tessellation)
    rng = as_generator(seed)
    try:
        inspect.signature(entry.function).bind(cells, rng, **options)
    except TypeError:
        unknown = sorted(set(options) - set(entry.options))
        takes = ", ".join(entry.options) or "no options"
        raise InvalidOptionError(
            f"{algorithm} does not take option(s) {', '.join(unknown)}; it takes {takes}"
        ) from None
    result = entry.function(cells, rng, **options)
    mask, hints = result if isinstance(result, tuple) else (result, {})
    maze = Maze(
        tessellation,
        mask,
        start=start,
        goal=goal,
        meta={"algorithm": algorithm, "options": _plain(options), "seed": _plain_seed(seed)},
    )
    if start is None and "start" in hints:
        maze.start_index = hints["start"]
    if goal is None and "goal" in hints:
        maze.goal_index = hints["goal"]
    return maze


def _plain(value):
    """Options as JSON-able values (tuples become lists, numpy scalars Python ones)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def _plain_seed(seed):
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        return int(seed)
    return None
