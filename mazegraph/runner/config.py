"""Experiment configs: read a dict or a TOML file, check every field, normalise.

This module checks the *shape* of a config (fields, types, names); :mod:`.plan`
then checks what needs the tessellations themselves (sizes, applicability,
option values, metric names). Every problem raises
:class:`~mazegraph.errors.ConfigError` with a message that names the field, e.g.
``config: algorithms[2].name: unknown algorithm 'prim'; known: ...``.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import inspect
import json
import math
import numbers
import os
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from ..symmetry import SYMMETRIES

__all__ = ["Config", "AlgorithmEntry", "TessellationEntry", "load_config", "load_plugins", "canonical_json"]

MAX_MAZES = 10**7  # a plan holds its tasks in memory (about 1 GB at this many); 100 x 100 mazes: a day on 2 cores
MAX_SEED = 2**63 - 1  # root seeds and spawn keys live in int64 Parquet columns
FOCUSES = ("passage", "wall")

_TOP_FIELDS = {
    "root_seed": "the integer every maze's seed derives from (required)",
    "seeds": "mazes per algorithm, tessellation and size (required)",
    "algorithms": "a list of tables with name, options, focus (required)",
    "tessellations": "a list of tables with name, sizes, options (required)",
    "metrics": "names from mazegraph.metrics.summary (default: all)",
    "skip_unsupported": "drop algorithm/tessellation pairs that cannot run (default: false)",
    "plugins": "modules or .py files to import first, e.g. to register algorithms",
    "name": "a title for the experiment",
    "description": "free text",
}
_ALGORITHM_FIELDS = ("name", "options", "focus")
_TESSELLATION_FIELDS = ("name", "sizes", "options")


def canonical_json(value: Any) -> str:
    """JSON with sorted keys: the same value always gives the same text."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)


@dataclass(frozen=True)
class AlgorithmEntry:
    """One entry of ``algorithms``: a generator, its options and its focus."""

    name: str
    options: dict = field(default_factory=dict)
    focus: str = "passage"

    def describe(self) -> dict:
        return {"name": self.name, "options": self.options, "focus": self.focus}


@dataclass(frozen=True)
class TessellationEntry:
    """One entry of ``tessellations``: a tessellation, its sizes and builder options."""

    name: str
    sizes: tuple[tuple, ...]
    options: dict = field(default_factory=dict)

    def describe(self) -> dict:
        return {"name": self.name, "sizes": [list(s) for s in self.sizes], "options": self.options}


@dataclass(frozen=True)
class Config:
    """A checked, normalised experiment config (see :func:`load_config`)."""

    root_seed: int
    seeds: int
    algorithms: tuple[AlgorithmEntry, ...]
    tessellations: tuple[TessellationEntry, ...]
    metrics: tuple[str, ...] | None = None
    skip_unsupported: bool = False
    plugins: tuple[str, ...] = ()
    name: str | None = None
    description: str | None = None
    source: str | None = None  # the TOML file it came from, if any
    base: str | None = None  # folder that relative plugin paths are resolved against

    def identity(self) -> dict:
        """Everything that decides the rows (not name, description or source)."""
        return {
            "root_seed": self.root_seed,
            "seeds": self.seeds,
            "algorithms": [a.describe() for a in self.algorithms],
            "tessellations": [t.describe() for t in self.tessellations],
            "metrics": None if self.metrics is None else list(self.metrics),
            "skip_unsupported": self.skip_unsupported,
            "plugins": list(self.plugins),
        }

    def plugin_paths(self) -> tuple[str, ...]:
        """Plugins with file paths made absolute (modules are left as they are)."""
        return tuple(_resolve_plugin(p, self.base) for p in self.plugins)


def load_config(config: Config | dict | str | os.PathLike) -> Config:
    """Read and check an experiment config.

    Parameters
    ----------
    config : dict, str, path or Config
        A dict, or the path of a TOML file with the same fields:

        - ``root_seed`` (int, required): every maze's seed derives from it;
        - ``seeds`` (int, required): mazes per algorithm x tessellation x size;
        - ``algorithms`` (list of tables, required): ``name``, optional
          ``options`` (table; besides the algorithm's own, ``symmetry`` as in
          :func:`mazegraph.generate`) and ``focus`` (``"passage"`` or ``"wall"``);
        - ``tessellations`` (list of tables, required): ``name``, ``sizes`` (a
          list of sizes, each a list of ints in the order of
          ``mg.tessellations.TESSELLATIONS[name].params``; a bare int for
          one-parameter tessellations) and optional builder ``options``;
        - ``metrics`` (list of str): columns to keep from
          :func:`mazegraph.metrics.summary` (default: all; ``[]``: time only);
        - ``skip_unsupported`` (bool): drop pairs that cannot run instead of
          failing;
        - ``plugins`` (list of str): modules or ``.py`` files imported in the
          driver and in every worker before running (to register algorithms);
        - ``name``, ``description`` (str): free text.

    Returns
    -------
    Config

    Raises
    ------
    ConfigError
        For a missing, unknown or misspelled field, a value of the wrong type,
        an unknown algorithm or tessellation, or an unreadable file. The message
        names the field.

    Examples
    --------
    >>> from mazegraph.runner import load_config
    >>> c = load_config({"root_seed": 1, "seeds": 2, "algorithms": [{"name": "wilson"}],
    ...                  "tessellations": [{"name": "orthogonal", "sizes": [[4, 4]]}]})
    >>> c.algorithms[0].focus, c.tessellations[0].sizes
    ('passage', ((4, 4),))
    """
    if isinstance(config, Config):
        return config
    source = base = None
    if isinstance(config, (str, os.PathLike)):
        path = Path(config)
        try:
            with open(path, "rb") as handle:
                data = tomllib.load(handle)
        except OSError as error:
            raise ConfigError(f"config: cannot read {path}: {error.strerror or error}") from None
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"config {path}: not valid TOML: {error}") from None
        source, base = str(path), str(path.resolve().parent)  # errors name the file as the user gave it
    elif isinstance(config, dict):
        data = config
    else:
        raise ConfigError(f"config: expected a dict or the path of a TOML file, got {type(config).__name__}")
    prefix = f"config {source}: " if source else "config: "
    try:
        return _parse(data, source, base)
    except ConfigError as error:
        raise ConfigError(prefix + str(error)) from None


# -- parsing -------------------------------------------------------------------------------


def _parse(data: dict, source: str | None, base: str | None) -> Config:
    _check_fields(data, _TOP_FIELDS, "")
    for key in ("root_seed", "seeds", "algorithms", "tessellations"):
        if key not in data:
            raise ConfigError(f"{key}: missing ({_TOP_FIELDS[key]})")
    root_seed = _integer(data["root_seed"], "root_seed", 0, MAX_SEED)
    seeds = _integer(data["seeds"], "seeds", 1, 2**31 - 1)
    plugins = tuple(_strings(data.get("plugins", []), "plugins"))
    metrics = None if data.get("metrics") is None else tuple(_strings(data["metrics"], "metrics"))
    if metrics is not None and len(set(metrics)) != len(metrics):
        raise ConfigError("metrics: a name is listed twice")
    skip = data.get("skip_unsupported", False)
    if not isinstance(skip, bool):
        raise ConfigError(f"skip_unsupported: expected true or false, got {_show(skip)}")
    for key in ("name", "description"):
        if key in data and not isinstance(data[key], str):
            raise ConfigError(f"{key}: expected a string, got {_show(data[key])}")

    load_plugins(tuple(_resolve_plugin(p, base) for p in plugins), where="plugins")
    algorithms = tuple(_unique([_algorithm(a, f"algorithms[{i}]") for i, a in enumerate(
        _table_list(data["algorithms"], "algorithms"))], "algorithms"))
    tessellations = tuple(_unique([_tessellation(t, f"tessellations[{i}]", root_seed) for i, t in enumerate(
        _table_list(data["tessellations"], "tessellations"))], "tessellations"))
    mazes = seeds * len(algorithms) * sum(len(t.sizes) for t in tessellations)
    if mazes > MAX_MAZES:
        raise ConfigError(
            f"seeds: {seeds} mazes for each of {mazes // seeds:,} algorithm and size pairs make {mazes:,} mazes, more "
            f"than one experiment plans ({MAX_MAZES:,}); lower seeds, or split the work into several experiments "
            "(raising seeds later extends a finished folder)"
        )
    return Config(
        root_seed=root_seed,
        seeds=seeds,
        algorithms=algorithms,
        tessellations=tessellations,
        metrics=metrics,
        skip_unsupported=skip,
        plugins=plugins,
        name=data.get("name"),
        description=data.get("description"),
        source=source,
        base=base,
    )


def _algorithm(entry: dict, where: str) -> AlgorithmEntry:
    from ..generators import algorithm_info, algorithms

    _check_fields(entry, _ALGORITHM_FIELDS, where + ".")
    if "name" not in entry:
        raise ConfigError(f"{where}.name: missing (one of {', '.join(algorithms())})")
    name = entry["name"]
    if not isinstance(name, str):
        raise ConfigError(f"{where}.name: expected a string, got {_show(name)}")
    known = algorithms()
    if name not in known:
        raise ConfigError(f"{where}.name: unknown algorithm {name!r}{_suggest(name, known)}; known: {', '.join(known)}")
    focus = entry.get("focus", "passage")
    if focus not in FOCUSES:
        raise ConfigError(f"{where}.focus: expected \"passage\" or \"wall\", got {_show(focus)}")
    options = _options(entry.get("options", {}), f"{where}.options")
    takes = [*algorithm_info(name).option_names, "symmetry"]  # symmetry: a keyword of generate() for every algorithm
    if "symmetry" in options and options["symmetry"] not in SYMMETRIES:
        raise ConfigError(
            f"{where}.options.symmetry: unknown symmetry {_show(options['symmetry'])}; known: {', '.join(SYMMETRIES)}"
        )
    for key in options:
        if key not in takes:
            allowed = ", ".join(takes) or "no options"
            raise ConfigError(
                f"{where}.options.{key}: {name} does not take option {key!r}{_suggest(key, takes)}; it takes {allowed}"
            )
    return AlgorithmEntry(name, options, focus)


def _tessellation(entry: dict, where: str, root_seed: int) -> TessellationEntry:
    from ..tessellations import TESSELLATIONS

    _check_fields(entry, _TESSELLATION_FIELDS, where + ".")
    known = sorted(TESSELLATIONS)
    if "name" not in entry:
        raise ConfigError(f"{where}.name: missing (one of {', '.join(known)})")
    name = entry["name"]
    if not isinstance(name, str):
        raise ConfigError(f"{where}.name: expected a string, got {_show(name)}")
    if name not in TESSELLATIONS:
        raise ConfigError(
            f"{where}.name: unknown tessellation {name!r}{_suggest(name, known)}; known: {', '.join(known)}"
        )
    spec = TESSELLATIONS[name]
    params = spec.params
    if "sizes" not in entry and params:
        example = list(spec.example)
        raise ConfigError(f"{where}.sizes: missing (a list of sizes ({' x '.join(params)}), e.g. [{example}])")
    raw = entry.get("sizes", [[]])
    if not isinstance(raw, list) or not raw:
        raise ConfigError(f"{where}.sizes: expected a non-empty list of sizes, got {_show(raw)}")
    sizes = [_size(s, f"{where}.sizes[{j}]", spec) for j, s in enumerate(raw)]
    if len(set(sizes)) != len(sizes):
        raise ConfigError(f"{where}.sizes: a size is listed twice")
    options = _options(entry.get("options", {}), f"{where}.options")
    accepted = inspect.signature(spec.cells).parameters
    for key in options:
        if key not in accepted or key in params:
            allowed = [p for p in accepted if p not in params]
            raise ConfigError(
                f"{where}.options.{key}: {name} does not take option {key!r}{_suggest(key, allowed)}; "
                f"it takes {', '.join(allowed) or 'no options'}"
            )
    if "seed" in accepted and "seed" not in options:
        options["seed"] = root_seed  # random tessellations (voronoi) must be reproducible too
    return TessellationEntry(name, tuple(sizes), options)


def _size(value, where: str, spec) -> tuple:
    name, params = spec.name, spec.params
    one_number = len(params) == 1 and not spec.variadic
    if one_number and isinstance(value, numbers.Integral) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        want = " x ".join(params) or "none"
        raise ConfigError(f"{where}: expected a list of whole numbers ({want}), got {_show(value)}")
    if spec.variadic:
        if not value:
            raise ConfigError(f"{where}: {name} needs a shape of at least one dimension, got []")
    elif len(value) != len(params):
        want = " x ".join(params) or "no size: use sizes = [[]] or leave sizes out"
        raise ConfigError(f"{where}: {name} takes {len(params)} size(s) ({want}), got {len(value)}: {value}")
    bad = [v for v in value if v < 1]
    if bad:
        raise ConfigError(f"{where}: sizes must be at least 1, got {value}")
    return tuple(value)


def _options(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: expected a table of options, got {_show(value)}")
    for key, item in value.items():
        _plain(item, f"{where}.{key}")
    return json.loads(canonical_json(value))  # a deep copy with plain types


def _plain(value, where: str) -> None:
    """Options must survive JSON (they are stored in each row as JSON text)."""
    if isinstance(value, (str, bool, int)) or value is None:
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ConfigError(f"{where}: expected a finite number, got {value}")
        return
    if isinstance(value, (list, tuple)):
        for k, item in enumerate(value):
            _plain(item, f"{where}[{k}]")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ConfigError(f"{where}: table keys must be strings, got {_show(key)}")
            _plain(item, f"{where}.{key}")
        return
    raise ConfigError(f"{where}: expected a string, number, boolean, list or table, got {_show(value)}")


def _check_fields(data, allowed, where: str) -> None:
    if not isinstance(data, dict):
        raise ConfigError(f"{where.rstrip('.') or 'config'}: expected a table, got {_show(data)}")
    for key in data:
        if key not in allowed:
            listed = ", ".join(allowed)
            raise ConfigError(f"{where}{key}: unknown field{_suggest(str(key), list(allowed))}; fields: {listed}")


def _table_list(value, where: str) -> list:
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list) or not value:
        raise ConfigError(f"{where}: expected a non-empty list of tables ([[{where}]] in TOML), got {_show(value)}")
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise ConfigError(f"{where}[{i}]: expected a table, got {_show(item)}")
    return value


def _unique(entries: list, where: str) -> list:
    seen: dict[str, int] = {}
    for i, entry in enumerate(entries):
        key = canonical_json(entry.describe())
        if key in seen:
            raise ConfigError(f"{where}[{i}]: the same as {where}[{seen[key]}]")
        seen[key] = i
    return entries


def _integer(value, where: str, low: int, high: int) -> int:
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise ConfigError(f"{where}: expected a whole number, got {_show(value)}")
    if not low <= value <= high:
        raise ConfigError(f"{where}: must be between {low} and {high}, got {value}")
    return int(value)


def _strings(value, where: str) -> list[str]:
    if not isinstance(value, list):
        raise ConfigError(f"{where}: expected a list of strings, got {_show(value)}")
    for k, item in enumerate(value):
        if not isinstance(item, str) or not item:
            raise ConfigError(f"{where}[{k}]: expected a non-empty string, got {_show(item)}")
    return list(value)


def _show(value) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}"


def _suggest(word: str, choices) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


# -- plugins ---------------------------------------------------------------------------------

_LOADED: set[str] = set()


def _resolve_plugin(plugin: str, base: str | None) -> str:
    if plugin.endswith(".py") or os.sep in plugin or "/" in plugin:
        path = Path(plugin).expanduser()
        if not path.is_absolute():
            path = Path(base or os.getcwd()) / path
        return str(path.resolve())
    return plugin


def load_plugins(plugins: tuple[str, ...] | list[str], where: str | None = None) -> None:
    """Import each plugin (a module name or a ``.py`` path) once per process.

    Plugins let a config use algorithms (or a ``mazegraph.metrics`` stand-in)
    that are not part of mazegraph: they register themselves on import, in the
    driver and in every worker. Paths must exist on every worker machine.

    Raises
    ------
    ConfigError
        If ``where`` is given (the driver checking a config) and an import fails.
    ImportError
        Otherwise (in a worker), when an import fails.
    """
    for k, plugin in enumerate(plugins):
        if plugin in _LOADED:
            continue
        try:
            if plugin.endswith(".py"):
                name = "mazegraph_plugin_" + "".join(c if c.isalnum() else "_" for c in plugin)
                spec = importlib.util.spec_from_file_location(name, plugin)
                if spec is None or spec.loader is None:
                    raise ImportError(f"cannot load {plugin}")
                module = importlib.util.module_from_spec(spec)
                sys.modules[name] = module
                try:
                    spec.loader.exec_module(module)
                except BaseException:
                    sys.modules.pop(name, None)
                    raise
            else:
                importlib.import_module(plugin)
        except Exception as error:
            if where is None:
                raise
            raise ConfigError(f"{where}[{k}]: cannot import {plugin!r}: {type(error).__name__}: {error}") from None
        _LOADED.add(plugin)
