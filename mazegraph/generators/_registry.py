"""The registry that maps algorithm names to generator functions, and what each can run on."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass

from ..cellgraph import CellGraph
from ..errors import UnknownAlgorithmError

__all__ = ["Algorithm", "REGISTRY", "register", "lookup"]


@dataclass(frozen=True)
class Algorithm:
    """A generator in the registry.

    ``function(cells, rng, **options)`` returns a boolean mask of open edges, or
    ``(mask, hints)`` where ``hints`` may suggest the maze's ``start`` and
    ``goal`` cell indices (used when the caller gave none).

    Attributes
    ----------
    needs_rows : bool
        Runs row by row: the tessellation must give each cell a ``row``.
    crossings : bool
        Keeps crossing passages apart: on a tessellation whose edges name the
        edge they cross (``cells.edge_refs["crosses"]``, zeta mazes) it never
        opens both. Algorithms without this refuse such tessellations.
    weave : bool
        Keeps the weave rule: on a tessellation with under edges
        (``cells.tunnels``, weave mazes) a passage goes under a cell only where
        that cell is a straight corridor across it. Algorithms without this
        refuse such tessellations.
    wall_focus : bool
        Can run as a wall adder (``focus="wall"``) on the planar dual.
    check : callable, optional
        ``check(cells) -> str | None``: a further reason the algorithm cannot
        run on ``cells`` (None when it can).
    """

    name: str
    function: Callable
    summary: str
    needs_rows: bool = False
    crossings: bool = False
    weave: bool = False
    wall_focus: bool = True
    check: Callable[[CellGraph], str | None] | None = None

    @property
    def options(self) -> list[str]:
        """The keyword options the algorithm takes."""
        return list(_options(self.function))

    def refusal(self, cells: CellGraph) -> str | None:
        """Why the algorithm cannot run on ``cells`` as a passage carver, or None if it can."""
        if self.needs_rows and cells.row is None:
            return "it works row by row and this tessellation has no rows (node attribute 'row')"
        if "crosses" in cells.edge_refs and not self.crossings:
            return (
                "it cannot keep crossing diagonal passages apart (zeta); use one that does, "
                f"e.g. {', '.join(sorted(n for n, a in REGISTRY.items() if a.crossings)) or 'none yet'}"
            )
        if len(cells.tunnels) and not self.weave:
            return (
                "it would pass under cells that are not straight corridors (weave); use one that keeps the weave "
                f"rule, e.g. {', '.join(sorted(n for n, a in REGISTRY.items() if a.weave)) or 'none yet'}"
            )
        return self.check(cells) if self.check is not None else None


@functools.cache
def _options(function) -> tuple[str, ...]:
    params = list(inspect.signature(function).parameters.values())[2:]
    return tuple(p.name for p in params)


REGISTRY: dict[str, Algorithm] = {}


def register(name: str, summary: str, **properties):
    """Decorator adding a generator function to the registry under ``name``.

    Keyword arguments set the :class:`Algorithm` attributes (``needs_rows``,
    ``crossings``, ``weave``, ``wall_focus``, ``check``).
    """

    def add(function):
        REGISTRY[name] = Algorithm(name, function, summary, **properties)
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
        raise UnknownAlgorithmError(name, REGISTRY) from None
