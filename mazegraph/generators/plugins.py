"""Algorithms from other installed packages: the ``mazegraph.algorithms`` entry-point group.

A package that wants its generators to appear in every mazegraph session,
without the user importing it, declares an entry point in this group. The
entry point names either a module that calls
:func:`~mazegraph.register_algorithm` when imported, or a function taking no
arguments that does. In the plugin's ``pyproject.toml``::

    [project.entry-points."mazegraph.algorithms"]
    bfs_tree = "my_mazes.plugin"              # a module that registers on import
    spiral = "my_mazes.other:register"        # or a function that registers

Plugins are looked for lazily, the first time a name is not found in the
registry or the whole list of algorithms is asked for (:func:`mazegraph.algorithms`,
``mazegraph algorithms``), so a session that only uses the built-in
generators never pays for the search of installed packages (0.1-0.2 s with a
few hundred installed). A plugin that fails to load is reported with a
:class:`PluginWarning` naming it and the error, and the other algorithms stay
available.

For algorithms used in one script or one experiment, no packaging is needed:
call :func:`~mazegraph.register_algorithm` (see :mod:`mazegraph.generators.registry`),
or list the file under ``plugins`` in an experiment config.
"""

from __future__ import annotations

import warnings
from importlib.metadata import entry_points
from types import ModuleType

__all__ = ["GROUP", "PluginWarning", "load_plugins"]

GROUP = "mazegraph.algorithms"

_searched = False


class PluginWarning(UserWarning):
    """An installed plugin in the ``mazegraph.algorithms`` group could not be loaded."""


def load_plugins() -> list[str]:
    """Load every plugin of the ``mazegraph.algorithms`` entry-point group, once per session.

    Returns
    -------
    list of str
        The algorithm names the plugins registered in this call, sorted (empty
        after the first call, and when no plugin is installed).

    Warns
    -----
    PluginWarning
        For each entry point that fails to import or to register; the others
        still load.
    """
    global _searched
    if _searched:
        return []
    _searched = True
    from .registry import REGISTRY

    added: set[str] = set()
    for point in entry_points(group=GROUP):
        before = set(REGISTRY)
        try:
            target = point.load()
            if callable(target) and not isinstance(target, ModuleType):
                target()
        except Exception as error:  # noqa: BLE001 - a broken plugin must not break the package
            warnings.warn(
                f"mazegraph plugin {point.name!r} ({point.value}) could not be loaded and is skipped: "
                f"{type(error).__name__}: {error}",
                PluginWarning,
                stacklevel=3,
            )
            continue
        added |= set(REGISTRY) - before
    return sorted(added)
