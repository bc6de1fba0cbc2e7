"""The algorithm registry: one entry per maze generator, and the contract every consumer goes through.

An algorithm is registered once with everything the rest of the package needs to
know about it: its options (:class:`~mazegraph.params.Param` declarations: name,
allowed values, default, help), whether it makes perfect mazes, what it needs of a
tessellation (rows, a wall dual, a rule for crossing diagonals), its weave
variant, and where its reachable-tree model lives. Consumers never call the
generator function directly; they use the two methods of :class:`Algorithm`:

- :meth:`Algorithm.validate` is the one place that checks whether the algorithm
  can run on a tessellation with a focus and options, and returns the options
  with their defaults filled in;
- :meth:`Algorithm.run` runs it and always returns a :class:`Result`.

:func:`mazegraph.generate`, symmetric and fractal mazes, the uniformity checks,
the experiment runner and the command line all do so, so an algorithm registered
with :func:`register_algorithm` (a plugin's too) gets validation, help text and
command-line options from its declaration.

A plugin: a breadth-first spanning tree from a random root, with one option.

>>> import numpy as np, mazegraph as mg
>>> from scipy.sparse.csgraph import breadth_first_order
>>> from mazegraph.params import Param, Number
>>> def bfs_tree(cells, rng, *, root_share=1.0):
...     '''Open the edges of a breadth-first tree grown from a random cell among the first root_share of them.'''
...     root = int(rng.integers(max(1, round(root_share * cells.n_cells))))
...     _, parent = breadth_first_order(cells.adjacency(), root, directed=False)
...     mask = np.zeros(cells.n_edges, dtype=bool)
...     for v in np.flatnonzero(parent >= 0):
...         mask[cells.edge_index(parent[v], v)] = True
...     return mask
>>> share = Param("root_share", Number(0, 1, low_open=True), 1.0, "where the root may be")
>>> entry = mg.register_algorithm("bfs_tree", bfs_tree, summary="breadth-first tree (a plugin)", options=[share])
>>> M = mg.generate(mg.tessellations.sigma(6, 6), "bfs_tree", seed=1, root_share=0.5)
>>> M.is_perfect(), M.meta["algorithm"]
(True, 'bfs_tree')
>>> mg.generate(mg.tessellations.sigma(6, 6), "bfs_tree", root_share=2)
Traceback (most recent call last):
  ...
mazegraph.errors.InvalidOptionError: bfs_tree: root_share must be a number in (0, 1]; got 2
>>> mg.unregister_algorithm("bfs_tree")
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

import numpy as np

from ..cellgraph import CellGraph
from ..errors import InvalidOptionError, UnknownAlgorithmError, UnsupportedError
from ..params import Param, check_all
from ..structure.dual import wall_dual
from .plugins import load_plugins

__all__ = [
    "Algorithm",
    "Result",
    "Weave",
    "WallAdder",
    "REGISTRY",
    "FOCUSES",
    "register_algorithm",
    "unregister_algorithm",
    "algorithm",
    "lookup",
]

FOCUSES = ("passage", "wall")


class Result(NamedTuple):
    """What running an algorithm gives: the open-edge mask and, optionally, where the maze begins and ends.

    Attributes
    ----------
    mask : numpy.ndarray of bool
        One entry per edge of the cells the algorithm ran on; True = open.
    start, goal : int or None
        Cell indices the algorithm suggests as the maze's start and goal (used
        when the caller gives none), e.g. the two ends of a unicursal passage.
    """

    mask: np.ndarray
    start: int | None = None
    goal: int | None = None


@dataclass(frozen=True)
class Weave:
    """An algorithm's variant for weave tessellations (edges that pass under a cell).

    On a tessellation with under edges (``cells.tunnels``) the variant's
    ``function`` runs instead of the plain one, with its own options; it must
    keep the weave rule (a passage goes under a cell only where that cell is a
    straight corridor across it). Algorithms without a weave variant refuse
    weave tessellations.
    """

    function: Callable
    options: tuple[Param, ...] = ()
    check_options: Callable[[CellGraph, dict], None] | None = None


@dataclass(frozen=True)
class WallAdder:
    """An algorithm's own wall adder, run for ``focus="wall"`` instead of the algorithm on the wall dual.

    ``function(cells, rng, **options)`` returns an open-edge mask over the
    cells' own edges (the passages its added walls leave), with the plain
    variant's options; ``refusal(cells)`` says why it cannot run on ``cells``
    (None when it can).
    """

    function: Callable
    refusal: Callable[[CellGraph], str | None]


@dataclass(frozen=True)
class Algorithm:
    """A registered maze generator and what it needs and offers.

    Attributes
    ----------
    name : str
    function : callable
        ``function(cells, rng, **options)`` returns an open-edge mask or a
        :class:`Result`. Called only through :meth:`run`.
    summary : str
        One line for listings.
    options : tuple of Param
        The options of the plain variant.
    perfect : bool
        Makes perfect mazes (spanning trees) with any options; False for
        generators that leave loops (braid). Symmetric generation needs it.
    symmetric : bool
        Can be run on the quotient of a symmetry and copied round it; False
        where copying would break what the algorithm makes (one unicursal passage).
    needs_rows : bool
        Runs row by row: the tessellation must give each cell a ``row``.
    crossings : bool
        Never opens two crossing diagonals (zeta); algorithms without this refuse
        tessellations whose edges cross.
    wall_focus : bool
        Can run as a wall adder (``focus="wall"``) on the planar wall dual.
    wall : WallAdder or None
        Its own wall adder, which runs on the tessellation itself for
        ``focus="wall"`` instead (row algorithms, on the posts of a rectangle).
    weave : Weave or None
        The variant for weave tessellations, if any.
    check : callable or None
        ``check(cells) -> str | None``: a further reason the algorithm cannot run
        on ``cells`` (None when it can).
    lazy_rng : bool
        Takes a ``mazegraph._random.KernelSeed`` as its ``rng``: uses it only
        through ``mazegraph._random.kernel_state`` and Generator methods and
        attributes, never as a Generator object itself (an ``isinstance`` check,
        a numpy or scipy function that wants a Generator). :func:`mazegraph.generate`
        then hands it one for an int seed: the same stream as ``default_rng(seed)``,
        without building the Generator unless more than one kernel stream is
        drawn. The package's own generators (the ``algorithm`` decorator) declare it; a
        plugin gets a Generator unless it does.
    check_options : callable or None
        ``check_options(cells, options) -> None``: relations between options, or
        between an option and the tessellation, that single declarations cannot
        say (raises :class:`~mazegraph.errors.InvalidOptionError` or
        :class:`~mazegraph.errors.UnsupportedError`); the plain variant's (a
        :class:`Weave` carries its own).
    reachable : callable, str or None
        The algorithm's reachable-tree model for :mod:`mazegraph.uniformity`
        (``model(graph, **options)``), or ``"module:function"`` naming it.
    """

    name: str
    function: Callable
    summary: str
    options: tuple[Param, ...] = ()
    perfect: bool = True
    symmetric: bool = True
    needs_rows: bool = False
    crossings: bool = False
    wall_focus: bool = True
    wall: WallAdder | None = None
    weave: Weave | None = None
    check: Callable[[CellGraph], str | None] | None = None
    lazy_rng: bool = False
    check_options: Callable[[CellGraph, dict], None] | None = None
    reachable: Callable | str | None = field(default=None, repr=False)

    # -- what it takes ---------------------------------------------------------------

    @property
    def option_names(self) -> list[str]:
        """The names of every option, the weave variant's included."""
        return list(dict.fromkeys(p.name for p in self.all_options))

    @property
    def all_options(self) -> tuple[Param, ...]:
        """Every declared option, the plain variant's first, then the weave variant's own."""
        extra = () if self.weave is None else tuple(p for p in self.weave.options if p not in self.options)
        return self.options + extra

    def _variant(self, cells: CellGraph) -> Weave:
        """The implementation that runs on ``cells``: the weave variant on a weave, else the plain one."""
        if self.weave is not None and cells.memo("has_tunnels", lambda: len(cells.tunnels) > 0):
            return self.weave
        return self._plain

    @cached_property
    def _plain(self) -> Weave:
        """The plain variant, made once (a frozen dataclass still has an instance dict for this)."""
        return Weave(self.function, self.options, self.check_options)

    def _plan(self, cells: CellGraph, focus: str) -> tuple[CellGraph, Weave]:
        """``(target, variant)``: the cells the algorithm runs on with ``focus`` and the variant that runs there.

        Raises :class:`UnsupportedError` when it cannot run. A plan that works is remembered in the
        tessellation's memo (the checks depend on the arrays only), so later calls skip the checks; a
        refusal is recomputed each time, as its message names the algorithms registered at that moment.
        """
        key = ("algorithm_plan", self.name, focus)
        plan = cells._memo.get(key)
        if plan is not None and plan[0] is self:
            return plan[1], plan[2]
        why = self.refusal(cells, focus)
        if why is not None:
            raise UnsupportedError(f"{self.name} cannot run on this {cells.name} tessellation: {why}")
        target = wall_dual(cells).cells if focus == "wall" and self.wall is None else cells
        variant = self._variant(target)
        cells._memo[key] = (self, target, variant)
        return target, variant

    def reachable_model(self) -> Callable | None:
        """The reachable-tree model (imported on first use when named by a string), or None."""
        if isinstance(self.reachable, str):
            module, _, attribute = self.reachable.partition(":")
            return getattr(importlib.import_module(module), attribute)
        return self.reachable

    # -- the contract ----------------------------------------------------------------

    def refusal(self, cells: CellGraph, focus: str = "passage") -> str | None:
        """Why the algorithm cannot run on ``cells`` with ``focus``, or None if it can.

        Raises
        ------
        InvalidOptionError
            If ``focus`` is not ``"passage"`` or ``"wall"``.
        """
        if focus not in FOCUSES:
            raise InvalidOptionError(f"focus must be one of {', '.join(FOCUSES)}, got {focus!r}")
        if focus == "wall":
            if not self.wall_focus:
                return f"{self.name} is not a wall adder (focus='wall'); run it with focus='passage'"
            if self.wall is not None:
                return self.wall.refusal(cells)
            try:
                cells = wall_dual(cells).cells
            except UnsupportedError as error:
                return str(error)
        if self.needs_rows and cells.row is None:
            return "it works row by row and this tessellation has no rows (node attribute 'row')"
        if "crosses" in cells.edge_refs and not self.crossings:
            able = ", ".join(sorted(n for n, a in REGISTRY.items() if a.crossings)) or "none yet"
            return f"it cannot keep crossing diagonal passages apart (zeta); use one that does, e.g. {able}"
        if len(cells.tunnels) and self.weave is None:
            able = ", ".join(sorted(n for n, a in REGISTRY.items() if a.weave is not None)) or "none yet"
            return (
                "it would pass under cells that are not straight corridors (weave); use one that keeps the weave "
                f"rule, e.g. {able}"
            )
        return self.check(cells) if self.check is not None else None

    def validate(self, cells: CellGraph, focus: str = "passage", options: dict | None = None) -> dict:
        """Check that the algorithm can run on ``cells`` with ``focus`` and ``options``; return the options.

        The one place where applicability and options are checked. What passed
        is remembered on the tessellation (its plan, its defaults, and options
        whose values are plain scalars, by name, type and value), so a repeated
        call skips the checks; a refusal is never remembered.

        Parameters
        ----------
        cells : CellGraph
            The compiled tessellation.
        focus : {"passage", "wall"}
        options : dict, optional
            Option values by name, as a user gives them.

        Returns
        -------
        dict
            Every option of the variant that runs on ``cells``, checked and
            normalised, defaults filled in: pass it to :meth:`run`.

        Raises
        ------
        UnsupportedError
            If the algorithm cannot run on ``cells`` with ``focus`` (the message
            says why, as :func:`mazegraph.applicability` does).
        InvalidOptionError
            If an option is unknown, applies only to another kind of
            tessellation, or has a value outside its declared range.
        """
        if focus not in FOCUSES:  # before the memo: a focus is a key there only once it is known
            raise InvalidOptionError(f"focus must be one of {', '.join(FOCUSES)}, got {focus!r}")
        target, variant = self._plan(cells, focus)
        if not options:  # the common call: defaults, checked against the tessellation once and remembered
            key = ("algorithm_defaults", self.name, focus)
            known = cells._memo.get(key)
            if known is None or known[0] is not variant:
                values = {p.name: p.default for p in variant.options}
                if variant.check_options is not None:
                    variant.check_options(target, dict(values))
                known = cells._memo[key] = (variant, values)
            return dict(known[1])
        key = _options_key(options)  # options checked before on this tessellation are not checked again
        if key is not None:
            seen = cells._memo.setdefault(("algorithm_options", self.name, focus), {})
            known = seen.get(key)
            if known is not None and known[0] is variant:
                return dict(known[1])
        on_weave = variant is self.weave
        options = dict(options)
        names = {p.name for p in variant.options}
        elsewhere = sorted(n for n in options if n not in names and n in self.option_names)
        if elsewhere:
            where = "only on weave tessellations" if not on_weave else "not on weave tessellations"
            raise InvalidOptionError(
                f"{self.name} takes {', '.join(elsewhere)} {where}; this {target.name} tessellation "
                f"{'has' if on_weave else 'has no'} under edges, so leave {'it' if len(elsewhere) == 1 else 'them'} out"
            )
        values = check_all(variant.options, options, target, owner=self.name)
        if variant.check_options is not None:
            variant.check_options(target, values)
        if key is not None:
            if len(seen) >= _OPTIONS_KEPT:  # a sweep over many values: keep the memo small
                seen.clear()
            seen[key] = (variant, dict(values))
        return values

    def run(self, cells: CellGraph, rng: np.random.Generator, focus: str = "passage", **options) -> Result:
        """Run the algorithm on ``cells`` (or on their wall dual) with options from :meth:`validate`.

        Parameters
        ----------
        cells : CellGraph
        rng : numpy.random.Generator
            Seeds the kernel's own stream.
        focus : {"passage", "wall"}
            ``"wall"`` runs the algorithm on the wall dual and returns the
            passages of the cells that its added walls leave open.
        **options
            As returned by :meth:`validate` (not checked again here).

        Returns
        -------
        Result
            A mask over ``cells.edges``; start/goal suggestions as cell indices.
        """
        if focus == "wall" and self.wall is not None:
            return Result(self.wall.function(cells, rng, **options))
        if focus == "wall":
            dual = wall_dual(cells)
            added = self.run(dual.cells, rng, **options).mask
            return Result(dual.passages(added, cells.n_edges))
        out = self._variant(cells).function(cells, rng, **options)
        return out if isinstance(out, Result) else Result(out)


_OPTIONS_KEPT = 64
_SCALARS = (int, float, str, bool, type(None))


def _options_key(options: dict) -> tuple | None:
    """A hashable key for option values that are plain scalars (None if one is not).

    Each value's type is part of the key: ``True == 1 == 1.0`` in Python, but a
    bool may be refused where an int is allowed, so they must not share a check.
    """
    key = []
    for name, value in options.items():
        if type(value) not in _SCALARS:
            return None
        key.append((name, type(value), value))
    return tuple(sorted(key, key=lambda item: item[0]))


REGISTRY: dict[str, Algorithm] = {}


def register_algorithm(name: str, function: Callable, *, summary: str, **properties) -> Algorithm:
    """Add a maze generator to the registry, so :func:`mazegraph.generate` and the CLI can run it.

    Parameters
    ----------
    name : str
        The name users pass to :func:`mazegraph.generate`.
    function : callable
        ``function(cells, rng, **options) -> mask or Result`` over a
        :class:`~mazegraph.CellGraph` (its CSR arrays ``indptr``, ``neighbors``,
        ``edge_ids``), with a :class:`numpy.random.Generator`; it returns a
        boolean mask over ``cells.edges``. It is called only with options that
        passed their declarations.
    summary : str
        One line for ``mazegraph algorithms``.
    **properties
        The other :class:`Algorithm` attributes: ``options`` (a sequence of
        :class:`~mazegraph.params.Param`), ``perfect``, ``symmetric``,
        ``needs_rows``, ``crossings``, ``wall_focus``, ``wall``, ``weave``, ``check``,
        ``lazy_rng``, ``check_options``, ``reachable``.

    Returns
    -------
    Algorithm
        The registry entry (an existing entry of that name is replaced).

    Raises
    ------
    InvalidOptionError
        If ``name`` is not a non-empty string, ``function`` is not callable or a
        property is unknown.
    """
    if not isinstance(name, str) or not name:
        raise InvalidOptionError(f"an algorithm's name must be a non-empty string, got {name!r}")
    if not callable(function):
        raise InvalidOptionError(f"{name}: function must be callable, got {function!r}")
    properties["options"] = tuple(properties.get("options", ()))
    try:
        entry = Algorithm(name, function, summary, **properties)
    except TypeError as error:
        raise InvalidOptionError(f"register_algorithm({name!r}): {error}") from None
    _check_declared(name, function, entry.options)
    if entry.weave is not None:
        _check_declared(name, entry.weave.function, entry.weave.options)
    REGISTRY[name] = entry
    return entry


def _check_declared(name: str, function: Callable, options: tuple[Param, ...]) -> None:
    """The function's keyword options must be exactly the declared ones (so none escapes its check)."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):  # a builtin or numba dispatcher without a signature: trust the declaration
        return
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return
    taken = [p.name for p in parameters[2:]]
    declared = [p.name for p in options]
    if sorted(taken) != sorted(declared):
        raise InvalidOptionError(
            f"register_algorithm({name!r}): {getattr(function, '__name__', 'the function')} takes options "
            f"{taken or 'none'} but {declared or 'none'} are declared; declare each keyword option as a "
            "mazegraph.params.Param in options="
        )


def unregister_algorithm(name: str) -> None:
    """Remove an algorithm from the registry (e.g. a plugin in a test).

    Raises
    ------
    UnknownAlgorithmError
        If no algorithm of that name is registered.
    """
    lookup(name)
    del REGISTRY[name]


def algorithm(name: str, summary: str, **properties):
    """Decorator form of :func:`register_algorithm` for the package's own generators (``lazy_rng`` by default)."""

    def add(function):
        register_algorithm(name, function, summary=summary, **{"lazy_rng": True, **properties})
        return function

    return add


def lookup(name: str) -> Algorithm:
    """The registry entry for ``name``.

    Raises
    ------
    UnknownAlgorithmError
        If there is none; the message lists the known names.
    """
    try:
        return REGISTRY[name]
    except (KeyError, TypeError):
        pass
    if isinstance(name, str) and load_plugins() and name in REGISTRY:
        return REGISTRY[name]
    raise UnknownAlgorithmError(name, REGISTRY) from None


def names() -> Sequence[str]:
    """The registered names (installed plugins' included), sorted."""
    load_plugins()
    return sorted(REGISTRY)
