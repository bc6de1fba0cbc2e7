"""Maze generators and the one entry point that runs them, :func:`generate`."""

from __future__ import annotations

import numpy as np

from .._random import KernelSeed, seeded
from ..errors import UnsupportedError
from ..maze import Maze
from ..symmetry import symmetric_mask
from ..tessellations.compile import compile_graph
from . import aldous_broder as _aldous_broder  # noqa: F401  (registers "aldous_broder")
from . import backtracker as _backtracker  # noqa: F401  (registers "backtracker")
from . import binary_tree as _binary_tree  # noqa: F401  (registers "binary_tree")
from . import braid as _braid  # noqa: F401  (registers "braid")
from . import division as _division  # noqa: F401  (registers "division")
from . import fractal as _fractal  # noqa: F401  (registers "fractal")
from . import growing_tree as _growing_tree  # noqa: F401  (registers "growing_tree", "growing_forest")
from . import hunt_and_kill as _hunt_and_kill  # noqa: F401  (registers "hunt_and_kill")
from . import kruskal as _kruskal  # noqa: F401  (registers "kruskal")
from . import prim as _prim  # noqa: F401  (registers "prim_true", "prim_simplified", "prim_modified")
from . import sidewinder as _sidewinder  # noqa: F401  (registers "sidewinder")
from . import unicursal as _unicursal  # noqa: F401  (registers "unicursal")
from . import wilson as _wilson  # noqa: F401  (registers "wilson")
from .eller import EllerStream, eller_stream  # registers "eller"
from .plugins import load_plugins
from .registry import (
    FOCUSES,
    REGISTRY,
    Algorithm,
    Result,
    Weave,
    lookup,
    register_algorithm,
    unregister_algorithm,
)

__all__ = [
    "generate",
    "algorithms",
    "applicability",
    "algorithm_info",
    "register_algorithm",
    "unregister_algorithm",
    "Algorithm",
    "Result",
    "Weave",
    "FOCUSES",
    "eller_stream",
    "EllerStream",
]


def algorithms(tessellation=None, focus: str = "passage") -> list[str]:
    """The names :func:`generate` accepts, sorted; with a tessellation, those that run on it.

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph, optional
        Keep only the algorithms that can run on it (see :func:`applicability`).
    focus : {"passage", "wall"}
        With a tessellation: as passage carvers or as wall adders.

    Examples
    --------
    >>> import mazegraph as mg
    >>> "wilson" in mg.algorithms()
    True
    >>> "wilson" in mg.algorithms(mg.tessellations.zeta(4, 4))
    False
    """
    load_plugins()
    if tessellation is None:
        return sorted(REGISTRY)
    return [name for name, why in applicability(tessellation, focus).items() if why is None]


def applicability(tessellation, focus: str = "passage") -> dict[str, str | None]:
    """For every algorithm, why it cannot run on a tessellation (None when it can).

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph
    focus : {"passage", "wall"}

    Returns
    -------
    dict
        Algorithm name to a sentence saying why not, or None.

    Examples
    --------
    >>> import mazegraph as mg
    >>> reasons = mg.applicability(mg.tessellations.zeta(4, 4))
    >>> reasons["kruskal"] is None, "crossing" in reasons["wilson"]
    (True, True)
    """
    cells = compile_graph(tessellation)
    load_plugins()
    return {name: REGISTRY[name].refusal(cells, focus) for name in sorted(REGISTRY)}


def algorithm_info(name: str) -> Algorithm:
    """The registry entry of an algorithm: its summary, declared options and properties.

    Examples
    --------
    >>> import mazegraph as mg
    >>> [p.name for p in mg.algorithm_info("growing_tree").options]
    ['policy', 'p']
    >>> print(mg.algorithm_info("sidewinder").options[0].describe())
    p_close: a number in [0, 1] (default 0.5): chance that a run ends at each cell (then one passage up)

    Raises
    ------
    UnknownAlgorithmError
        If ``name`` is not registered.
    """
    return lookup(name)


def generate(
    tessellation,
    algorithm: str,
    seed=None,
    *,
    start=None,
    goal=None,
    focus: str = "passage",
    symmetry: str | None = None,
    **options,
) -> Maze:
    """Make a maze on a tessellation with a named algorithm.

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph
        Any connected graph; tessellations from :mod:`mazegraph.tessellations`
        carry their compiled arrays, other graphs are compiled once on first use.
    algorithm : str
        One of :func:`algorithms`.
    seed : int, numpy.random.SeedSequence, numpy.random.Generator, dict or None
        The same seed gives the same maze in every process. ``meta["seed"]`` of
        the maze records a seed that makes it again, whatever the kind given
        (for None the entropy drawn, for a Generator its state before use; see
        ``mazegraph._random.seeded``): ``generate(G, name, seed=M.meta["seed"])``.
    start, goal : cell label, optional
        The maze's start and goal (its solution runs between them); the
        tessellation's defaults when omitted.
    focus : {"passage", "wall"}
        ``"passage"`` carves passages between cells; ``"wall"`` runs the
        algorithm on the planar dual (posts joined by walls, the boundary one
        post) and adds walls from the boundary inward, as Pullen's wall adders do.
        Wall adding needs a planar tessellation with single-line walls.
    symmetry : str, optional
        Make the maze look the same turned or mirrored: one of
        :data:`mazegraph.symmetry.SYMMETRIES` that the tessellation has (see
        :func:`mazegraph.symmetries`), e.g. ``"rotate180"``, ``"rotate90"`` or
        ``"mirror"``. The algorithm runs on the quotient graph (one node per
        orbit of cells) and each passage is copied to all its images; the maze
        is still perfect, so where no perfect maze is fully symmetric (a half
        turn of an even x even board fixes no cell and no wall) a few cells break
        the symmetry: ``meta["asymmetric_cells"]`` counts them (see
        :func:`mazegraph.asymmetric_cells`), ``meta["symmetry"]`` names the kind.
        Passage carving only; Pullen's notes on symmetric mazes [1]_.
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
        If an option is not one the algorithm takes, or ``focus`` or ``symmetry`` is unknown.
    UnsupportedError
        If the algorithm cannot run on the tessellation (see :func:`applicability`);
        with ``symmetry``: if the tessellation lacks it (the message names those it
        has), with ``focus="wall"``, or if the algorithm cannot run on the
        quotient graph or does not make perfect mazes (``unicursal``, ``braid``).
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
    >>> S = mg.generate(mg.tessellations.orthogonal(10, 10), "backtracker", seed=3, symmetry="rotate90")
    >>> S.is_perfect(), S.meta["symmetry"], S.meta["asymmetric_cells"]
    (True, 'rotate90', 4)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification" (symmetric mazes) and "Maze
       Algorithms", Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    entry = lookup(algorithm)
    cells = compile_graph(tessellation)
    if symmetry is not None and focus != "passage":
        raise UnsupportedError(
            f"symmetry={symmetry!r} carves passages: use focus='passage' (the default) or drop symmetry"
        )
    checked = entry.validate(cells, focus, options)
    if type(seed) is int and seed >= 0 and entry.lazy_rng and symmetry is None:
        rng, seed_record = KernelSeed(seed), seed  # default_rng(seed)'s kernel stream, the Generator only if asked
    else:
        rng, seed_record = seeded(seed)
    extra = {}
    if symmetry is not None:
        mask, broken = symmetric_mask(cells, entry, rng, symmetry, checked)
        result = Result(mask)
        extra = {"symmetry": symmetry, "asymmetric_cells": broken}
    else:
        result = entry.run(cells, rng, focus, **checked)
    maze = Maze._compiled(
        cells, tessellation,
        result.mask,
        start=start,
        goal=goal,
        meta={
            "algorithm": algorithm, "focus": focus, "options": _plain(options) if options else {}, "seed": seed_record,
            **extra,
        },
    )
    if start is None and result.start is not None:
        maze.start_index = result.start
    if goal is None and result.goal is not None:
        maze.goal_index = result.goal
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

