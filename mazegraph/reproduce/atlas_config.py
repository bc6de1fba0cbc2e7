"""The atlas config: read the TOML (``mazegraph/reproduce/atlas.toml`` by default), check it, and turn it
into the experiment runner's config.

The file's fields are described in its comments. Every problem raises
:class:`~mazegraph.errors.ConfigError` naming the field, e.g.
``atlas config: columns[3].sizes: expected two sizes (small, large), got 1``.
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..errors import ConfigError

__all__ = ["Column", "Row", "AtlasConfig", "load_atlas", "MODES", "default_config_path"]

MODES = ("default", "full")
FOCUSES = ("passage", "wall")
UNIFORM = ("wilson", "aldous_broder")  # samplers of the uniform spanning tree, unless the config names others
_TOP = ("name", "root_seed", "metrics", "uniform", "default", "full", "algorithms", "focus", "columns")
_COLUMN = ("label", "tessellation", "sizes", "full", "gallery", "lattice", "boundary", "mask", "options")


@dataclass(frozen=True)
class Column:
    """One column of the atlas: a tessellation at a small and a large size."""

    label: str
    tessellation: str
    sizes: tuple[tuple, tuple]  # (small, large), each as mg.tessellations.build takes it (without the name)
    gallery: tuple
    options: dict = field(default_factory=dict)  # builder options (the mask's picture for a mask)
    lattice: str | None = None
    boundary: bool = True
    scales: tuple[int, ...] = ()  # a mask: the blow-up factor of each size

    def dimension(self) -> int:
        """2, or the number of axes of a grid's shape."""
        return len(self.sizes[1][0]) if self.tessellation == "grid" else 2

    def build_args(self, size) -> tuple[tuple, dict]:
        """Positional sizes and options for :func:`mazegraph.tessellations.build`."""
        if self.tessellation == "mask":
            return (), {**self.options, "mask": scaled_mask(self.options["mask"], size[0])}
        return tuple(size), dict(self.options)

    def runner_entries(self, root_seed: int) -> list[dict]:
        """The runner's ``tessellations`` entries: one for both sizes (a mask: one per size)."""
        from ..tessellations import TESSELLATIONS

        params = TESSELLATIONS[self.tessellation].params
        if self.tessellation == "mask":
            return [{"name": "mask", "sizes": [[]], "options": self.build_args(size)[1]} for size in self.sizes]
        sizes = [list(size[0]) if params == ("shape",) else list(size) for size in self.sizes]
        entry = {"name": self.tessellation, "sizes": sizes, "options": dict(self.options)}
        if self.tessellation == "voronoi" and "seed" not in entry["options"]:
            entry["options"]["seed"] = root_seed
        return [entry]


@dataclass(frozen=True)
class Row:
    """One row of the atlas: an algorithm, its options and its focus."""

    algorithm: str
    options: dict
    focus: str

    @property
    def label(self) -> str:
        extra = " ".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        text = f"{self.algorithm} {extra}".strip()
        return text + (" (wall)" if self.focus == "wall" else "")

    def key(self) -> tuple[str, str, str]:
        return (self.algorithm, json.dumps(self.options, sort_keys=True), self.focus)


@dataclass(frozen=True)
class AtlasConfig:
    """A checked atlas config for one mode (``default`` or ``full``)."""

    name: str
    root_seed: int
    seeds: int
    mode: str
    metrics: tuple[str, ...]
    uniform: tuple[str, ...]
    rows: tuple[Row, ...]
    columns: tuple[Column, ...]
    source: str | None = None

    def runner_config(self) -> dict:
        """The experiment runner's config: every row on every column and size, pairs that cannot run skipped."""
        return {
            "name": f"{self.name} ({self.mode})",
            "root_seed": self.root_seed,
            "seeds": self.seeds,
            "metrics": list(self.metrics),
            "skip_unsupported": True,
            "algorithms": [{"name": r.algorithm, "options": r.options, "focus": r.focus} for r in self.rows],
            "tessellations": [e for c in self.columns for e in c.runner_entries(self.root_seed)],
        }


def default_config_path() -> Path:
    """The atlas config shipped with mazegraph (``mazegraph/reproduce/atlas.toml``)."""
    return Path(str(resources.files("mazegraph.reproduce").joinpath("atlas.toml")))


def scaled_mask(lines, factor: int) -> list[str]:
    """ASCII art with every character blown up to a ``factor`` x ``factor`` block.

    Examples
    --------
    >>> from mazegraph.reproduce.atlas_config import scaled_mask
    >>> scaled_mask(["#.", ".."], 2)
    ['##..', '##..', '....', '....']
    """
    out = []
    for line in lines:
        wide = "".join(ch * factor for ch in line)
        out.extend([wide] * factor)
    return out


def load_atlas(config=None, mode: str = "default", seeds: int | None = None) -> AtlasConfig:
    """Read and check an atlas config.

    Parameters
    ----------
    config : str, path or dict, optional
        A TOML file or a dict with its fields; default: the shipped ``atlas.toml``.
    mode : {"default", "full"}
        Which sizes and seed count to use.
    seeds : int, optional
        Mazes per cell and size, instead of the mode's.

    Returns
    -------
    AtlasConfig

    Raises
    ------
    ConfigError
        For a missing or unknown field, a wrong type, an unknown algorithm,
        tessellation, lattice or metric; the message names the field.

    Examples
    --------
    >>> from mazegraph.reproduce.atlas_config import load_atlas
    >>> c = load_atlas()
    >>> len(c.columns), c.columns[0].sizes, c.seeds > 0
    (16, ((50, 50), (100, 100)), True)
    """
    source = None
    if config is None:
        config = default_config_path()
    if isinstance(config, (str, os.PathLike)):
        path = Path(config)
        try:
            with open(path, "rb") as handle:
                data = tomllib.load(handle)
        except OSError as error:
            raise ConfigError(f"atlas config: cannot read {path}: {error.strerror or error}") from None
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"atlas config {path}: not valid TOML: {error}") from None
        source = str(path)
    elif isinstance(config, dict):
        data = config
    else:
        raise ConfigError(f"atlas config: expected a dict or a TOML path, got {type(config).__name__}")
    prefix = f"atlas config {source}: " if source else "atlas config: "
    try:
        return _parse(data, mode, seeds, source)
    except ConfigError as error:
        raise ConfigError(prefix + str(error)) from None


def _parse(data: dict, mode: str, seeds: int | None, source: str | None) -> AtlasConfig:
    from ..generators import algorithms as registered
    from ..tessellations import TESSELLATIONS
    from .ust_lattices import LATTICES

    if mode not in MODES:
        raise ConfigError(f"mode: expected one of {', '.join(MODES)}, got {mode!r}")
    for key in data:
        if key not in _TOP:
            raise ConfigError(f"{key}: unknown field; fields: {', '.join(_TOP)}")
    for key in ("root_seed", "metrics", "algorithms", "columns", mode):
        if key not in data:
            raise ConfigError(f"{key}: missing")
    root_seed = data["root_seed"]
    if not isinstance(root_seed, int) or isinstance(root_seed, bool) or root_seed < 0:
        raise ConfigError(f"root_seed: expected a whole number >= 0, got {root_seed!r}")
    if seeds is None:
        table = data[mode]
        if not isinstance(table, dict) or "seeds" not in table:
            raise ConfigError(f"{mode}.seeds: missing (mazes per algorithm, tessellation and size)")
        seeds, where = table["seeds"], f"{mode}.seeds"
    else:
        where = "seeds"
    if not isinstance(seeds, int) or isinstance(seeds, bool) or seeds < 2:
        raise ConfigError(f"{where}: expected a whole number >= 2 (an interval needs two mazes), got {seeds!r}")
    metrics = _strings(data["metrics"], "metrics")
    if not metrics:
        raise ConfigError("metrics: name at least one column of mazegraph.metrics.summary")
    uniform = _strings(data.get("uniform", list(UNIFORM)), "uniform")
    known = registered()
    for k, name in enumerate(uniform):
        if name not in known:
            raise ConfigError(f"uniform[{k}]: unknown algorithm {name!r}; known: {', '.join(known)}")
    focuses = _strings(data.get("focus", ["passage"]), "focus")
    for k, focus in enumerate(focuses):
        if focus not in FOCUSES:
            raise ConfigError(f"focus[{k}]: expected \"passage\" or \"wall\", got {focus!r}")

    rows: list[Row] = []
    if not isinstance(data["algorithms"], list) or not data["algorithms"]:
        raise ConfigError("algorithms: expected a non-empty list of names or tables")
    for k, entry in enumerate(data["algorithms"]):
        where = f"algorithms[{k}]"
        if isinstance(entry, str):
            name, options, entry_focus = entry, {}, focuses
        elif isinstance(entry, dict):
            extra = set(entry) - {"name", "options", "focus"}
            if extra:
                raise ConfigError(f"{where}.{sorted(extra)[0]}: unknown field; fields: name, options, focus")
            name, options = entry.get("name"), entry.get("options", {})
            entry_focus = _strings(entry.get("focus", focuses), f"{where}.focus")
            if not isinstance(options, dict):
                raise ConfigError(f"{where}.options: expected a table, got {options!r}")
        else:
            raise ConfigError(f"{where}: expected a name or a table, got {entry!r}")
        if name not in known:
            raise ConfigError(f"{where}: unknown algorithm {name!r}; known: {', '.join(known)}")
        for focus in entry_focus:
            if focus not in FOCUSES:
                raise ConfigError(f"{where}.focus: expected \"passage\" or \"wall\", got {focus!r}")
            row = Row(name, json.loads(json.dumps(options, sort_keys=True)), focus)
            if row.key() in {r.key() for r in rows}:
                raise ConfigError(f"{where}: the row {row.label!r} is listed twice")
            rows.append(row)

    columns: list[Column] = []
    if not isinstance(data["columns"], list) or not data["columns"]:
        raise ConfigError("columns: expected a non-empty list of tables ([[columns]] in TOML)")
    for k, entry in enumerate(data["columns"]):
        where = f"columns[{k}]"
        if not isinstance(entry, dict):
            raise ConfigError(f"{where}: expected a table, got {entry!r}")
        for key in entry:
            if key not in _COLUMN:
                raise ConfigError(f"{where}.{key}: unknown field; fields: {', '.join(_COLUMN)}")
        for key in ("tessellation", "sizes", "gallery"):
            if key not in entry:
                raise ConfigError(f"{where}.{key}: missing")
        name = entry["tessellation"]
        if name not in TESSELLATIONS:
            raise ConfigError(f"{where}.tessellation: unknown tessellation {name!r}; known: {', '.join(TESSELLATIONS)}")
        label = entry.get("label", name)
        if not isinstance(label, str) or not label:
            raise ConfigError(f"{where}.label: expected a non-empty string, got {label!r}")
        if label in {c.label for c in columns}:
            raise ConfigError(f"{where}.label: {label!r} is used by another column")
        key = "sizes" if mode == "default" else "full"
        if key not in entry:
            raise ConfigError(f"{where}.{key}: missing (the {mode} run's small and large size)")
        raw = entry[key]
        if not isinstance(raw, list) or len(raw) != 2:
            count = len(raw) if isinstance(raw, list) else raw
            raise ConfigError(f"{where}.{key}: expected two sizes (small, large), got {count!r}")
        sizes = tuple(_size(s, f"{where}.{key}[{j}]", name) for j, s in enumerate(raw))
        gallery = _size(entry["gallery"], f"{where}.gallery", name)
        options = entry.get("options", {})
        if not isinstance(options, dict):
            raise ConfigError(f"{where}.options: expected a table of builder options, got {options!r}")
        options = dict(options)
        if name == "mask":
            if "mask" not in entry:
                raise ConfigError(f"{where}.mask: missing (the picture as a list of strings, '#' blocked)")
            lines = _strings(entry["mask"], f"{where}.mask")
            options["mask"] = lines
            if any(len(s) != 1 for s in (*sizes, gallery)):
                raise ConfigError(f"{where}: a mask's sizes are single blow-up factors, e.g. sizes = [5, 10]")
        elif "mask" in entry:
            raise ConfigError(f"{where}.mask: only a mask column takes a picture")
        lattice = entry.get("lattice")
        if lattice is not None and lattice not in LATTICES:
            raise ConfigError(f"{where}.lattice: unknown lattice {lattice!r}; known: {', '.join(LATTICES)}")
        boundary = entry.get("boundary", True)
        if not isinstance(boundary, bool):
            raise ConfigError(f"{where}.boundary: expected true or false, got {boundary!r}")
        columns.append(Column(label, name, sizes, gallery, options, lattice, boundary))
    name = data.get("name", "texture atlas")
    if not isinstance(name, str):
        raise ConfigError(f"name: expected a string, got {name!r}")
    return AtlasConfig(name, root_seed, seeds, mode, tuple(metrics), tuple(uniform), tuple(rows), tuple(columns),
                       source)


def _size(value, where: str, name: str) -> tuple:
    """A size as a tuple of build arguments: ``100`` -> ``(100,)``, ``[50, 50]`` -> ``(50, 50)``,
    a grid's ``[15, 15, 15]`` -> ``((15, 15, 15),)``."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0
                                                           for v in value):
        raise ConfigError(f"{where}: expected a positive whole number or a list of them, got {value!r}")
    return (tuple(value),) if name == "grid" else tuple(value)


def _strings(value, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ConfigError(f"{where}: expected a list of non-empty strings, got {value!r}")
    return list(value)
