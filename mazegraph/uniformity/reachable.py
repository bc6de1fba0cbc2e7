"""Which spanning trees can a maze generator make at all? Proofs of ``never`` for :func:`~mazegraph.uniformity.test`.

A sample shows that the trees it contains are reachable; it cannot show that
a tree is *un*reachable, since a biased generator may make it rarely. Walter
Pullen's ``never`` ("some perfect mazes can never be created") needs a proof.
On a tiny graph one is at hand: list the spanning trees a generator *can*
produce, from how mazegraph's implementation makes its choices, and compare
with all spanning trees (:func:`~mazegraph.uniformity.enumerate_spanning_trees`).

The lists come from the models of :mod:`mazegraph.uniformity.models`, one per
algorithm. Each algorithm's registry entry names its model (``reachable=`` in
:func:`~mazegraph.register_algorithm`, read by
:meth:`~mazegraph.generators.Algorithm.reachable_model`); :func:`reachability`
asks the registry. Algorithms and options without a model give None: no
proof, so :func:`~mazegraph.uniformity.test` never says ``never`` for them.
Tessellations with crossing diagonals (zeta) or tunnels (weave) have no models.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

from ..cellgraph import CellGraph
from ..errors import InvalidOptionError, InvalidSizeError
from ..generators import lookup
from ..params import checked
from ..structure.dual import wall_dual
from ..tessellations.compile import compile_graph
from ._params import ALGORITHM, FOCUS, GRAPH
from .models.smallgraph import SmallGraph, bits

__all__ = ["reachable_trees", "reachability", "Reachable", "ReachabilityError", "MAX_CELLS"]

#: Largest graph (cells) a reachability model takes: models are for tiny graphs.
MAX_CELLS = 16


class ReachabilityError(RuntimeError):
    """A sampled maze that a reachability proof says cannot be made: the model (or the supplied set) is wrong."""


@dataclass(frozen=True)
class Reachable:
    """The trees an algorithm can make on a graph, and how that was established.

    Attributes
    ----------
    trees : frozenset of frozenset of int
        Spanning trees as sets of edge indices into ``compile_graph(G).edges``;
        every tree the algorithm can make is among them.
    argument : str
        How the set was found, in a few words (e.g. "exhaustive search over
        division's choices").
    exact : bool
        True when every tree in ``trees`` can be made; False for a superset.
    """

    trees: frozenset
    argument: str
    exact: bool


@checked(ALGORITHM, GRAPH, FOCUS)
def reachability(algorithm: str, G, *, focus: str = "passage", **options) -> Reachable | None:
    """The spanning trees a registered algorithm can make on a tiny graph, with the argument, or None.

    Parameters
    ----------
    algorithm : str
        A registered algorithm name.
    G : networkx.Graph or CellGraph
        A tiny connected graph (at most :data:`MAX_CELLS` cells).
    focus : {"passage", "wall"}
        As for :func:`~mazegraph.generate`. Wall adders run on the planar dual,
        whose spanning trees are the complements of the graph's (the model runs
        there and the trees are mapped back).
    **options
        The algorithm's options; they change what it can make.

    Returns
    -------
    Reachable or None
        None when there is no model for the algorithm with these options on
        this graph (no proof either way).

    Raises
    ------
    InvalidSizeError
        If the graph has more than :data:`MAX_CELLS` cells.
    TooManyTreesError
        If a search would visit more than :data:`~mazegraph.uniformity.models.MAX_STATES` states, or the graph
        has too many trees to list.
    UnknownAlgorithmError, InvalidOptionError, UnsupportedError
        As :func:`~mazegraph.generate` raises them.

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (the "Uniform" column:
       "never" where some mazes can never be created).

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.uniformity.reachable import reachability
    >>> r = reachability("binary_tree", mg.tessellations.orthogonal(3, 3))
    >>> len(r.trees), r.exact   # 2**((3 - 1) * (3 - 1)) of the 192 trees
    (16, True)
    >>> len(reachability("kruskal", mg.tessellations.orthogonal(3, 3)).trees)
    192
    """
    cells = compile_graph(G)
    if cells.n_cells > MAX_CELLS:
        raise InvalidSizeError(
            f"reachability models list every tree an algorithm can make and are for tiny graphs of at most "
            f"{MAX_CELLS} cells; this {cells.name} graph has {cells.n_cells}"
        )
    entry = lookup(algorithm)
    symmetric = options.pop("symmetry", None) is not None  # a symmetric maze is made differently: no model
    entry.validate(cells, focus, options)  # raises on a bad option or tessellation
    model = entry.reachable_model()
    if model is None or symmetric or len(cells.crossings) or len(cells.tunnels) or not _takes(model, options):
        return None
    if focus == "wall" and entry.wall is not None:  # its own wall adder: the model is of its passage mode
        return None
    if focus == "wall":
        dual = wall_dual(cells)
        found = model(SmallGraph(dual.cells), **options)
        if found is None:
            return None
        full = (1 << cells.n_edges) - 1
        wall = [1 << int(e) for e in dual.primal_edge.tolist()]
        found.masks = {full & ~sum(wall[d] for d in bits(t)) for t in found.masks}
        found.argument += " (on the wall graph: its trees are the complements of the maze's)"
    else:
        found = model(SmallGraph(cells), **options)
        if found is None:
            return None
    trees = frozenset(frozenset(bits(t)) for t in found.masks)
    return Reachable(trees, found.argument, found.exact)


def _takes(model: Callable, options: dict) -> bool:
    """Does the model know every option given (others, such as a symmetry, change the maze: no model)?"""
    params = inspect.signature(model).parameters.values()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return True
    return set(options) <= {p.name for p in params}


def reachable_trees(algorithm: str, G, **options) -> frozenset[frozenset[int]] | None:
    """The spanning trees ``algorithm`` can make on ``G`` (or a provable superset), or None without a model.

    Trees are frozensets of edge indices into ``compile_graph(G).edges``, as
    :func:`~mazegraph.uniformity.enumerate_spanning_trees` lists them. See
    :func:`reachability` for the parameters and the argument behind the set.

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.uniformity import reachable_trees, count_spanning_trees
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> len(reachable_trees("backtracker", G)), count_spanning_trees(G)
    (88, 192)
    >>> reachable_trees("braid", G) is None   # not a perfect-maze algorithm: no model
    True
    """
    found = reachability(algorithm, G, **options)
    return None if found is None else found.trees


def _validate_supplied(trees, cells: CellGraph) -> frozenset[frozenset[int]]:
    """A caller's ``reachable=`` collection as frozensets of edge indices (checked to be edge indices)."""
    try:
        out = frozenset(frozenset(int(e) for e in tree) for tree in trees)
    except (TypeError, ValueError):
        raise InvalidOptionError(
            "reachable must be a collection of trees, each a collection of edge indices into compile_graph(G).edges"
        ) from None
    if any(e < 0 or e >= cells.n_edges for tree in out for e in tree):
        raise InvalidOptionError(f"reachable names an edge outside 0..{cells.n_edges - 1}")
    return out
