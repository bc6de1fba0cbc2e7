"""The registry that maps algorithm names to generator functions."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import UnknownAlgorithmError

__all__ = ["Algorithm", "REGISTRY", "register", "lookup"]


@dataclass(frozen=True)
class Algorithm:
    """A generator in the registry.

    ``function(cells, rng, **options)`` returns a boolean mask of open edges, or
    ``(mask, hints)`` where ``hints`` may suggest the maze's ``start`` and
    ``goal`` cell indices (used when the caller gave none).
    """

    name: str
    function: Callable
    summary: str

    @property
    def options(self) -> list[str]:
        """The keyword options the algorithm takes."""
        params = list(inspect.signature(self.function).parameters.values())[2:]
        return [p.name for p in params]


REGISTRY: dict[str, Algorithm] = {}


def register(name: str, summary: str):
    """Decorator adding a generator function to the registry under ``name``."""

    def add(function):
        REGISTRY[name] = Algorithm(name, function, summary)
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
