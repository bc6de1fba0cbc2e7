"""The columns of an experiment's rows: names, Arrow types, categories, variant labels.

A worker returns the *base* columns (``plan.ID_COLUMNS``, the metrics,
``time_ns`` and ``error``); :meth:`RowSchema.finish` turns them into the rows
every output holds, in this order:

- ``variant`` (categorical): the algorithm with its options and focus, e.g.
  ``growing_tree[policy=newest]``, ``kruskal/wall``,
  ``kruskal[symmetry=rotate180]``; figures and summaries group by it so two
  variants of one algorithm are never merged;
- ``algorithm`` (categorical), ``options`` (canonical JSON) and one column per
  option the config sets, ``opt_<name>`` (bool, int64, float64 or string as
  the values are; JSON text for lists and tables; null where an entry does not
  set it);
- ``focus`` and ``tessellation`` (categorical), ``tessellation_options`` (JSON);
- ``size`` (the label, ``"100x100"``), ``shape`` (the same numbers as a list
  of int64) and one int64 column per size parameter of the config's
  tessellations (``rows``, ``cols``, ``rings``, ...; ``size_n_cells`` for
  voronoi's, which would clash with ``n_cells``), null where a tessellation
  lacks that parameter;
- ``n_cells``, ``replicate``, ``root_seed``, ``spawn_key`` (int64);
- one float64 column per metric, then ``time_ns`` (int64) and ``error``.

Categories are listed in config order and every part carries the whole list,
so ``pandas.read_parquet`` gives the same categorical dtype for every part.
Every row has every metric column: a metric that does not apply to a
tessellation (``bias_east_west`` on orthogonal grids, ``tortuosity`` without
positions) is NaN on its rows by design, like a metric a maze cannot have (the
solution metrics when start and goal are not joined).
"""

from __future__ import annotations

import json
import numbers
from dataclasses import dataclass

from ..metric_info import metric_info
from ..tessellations.registry import parse_size
from .config import canonical_json
from .plan import ID_COLUMNS, Plan

__all__ = ["RowSchema", "variant_label", "CATEGORICAL", "is_id_column"]

CATEGORICAL = ("variant", "algorithm", "focus", "tessellation")
_FIXED = (
    "variant", "algorithm", "options", "focus", "tessellation", "tessellation_options", "size", "shape",
    "n_cells", "replicate", "root_seed", "spawn_key", "time_ns", "error",
)


def _value_text(value, quote_strings: bool = False) -> str:
    if isinstance(value, str) and not quote_strings:
        return value
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def variant_label(algorithm: str, options: dict, focus: str = "passage", quote_strings: bool = False) -> str:
    """The label of an algorithm with its options and focus.

    Options are listed by name (sorted), strings bare, other values as compact
    JSON; a wall focus adds ``/wall``.

    Examples
    --------
    >>> from mazegraph.runner.schema import variant_label
    >>> variant_label("growing_tree", {"policy": "newest"})
    'growing_tree[policy=newest]'
    >>> variant_label("kruskal", {}, "wall"), variant_label("eller", {"p_join": 0.3, "p_down": 0.5})
    ('kruskal/wall', 'eller[p_down=0.5,p_join=0.3]')
    """
    label = algorithm
    if options:
        label += "[" + ",".join(f"{k}={_value_text(options[k], quote_strings)}" for k in sorted(options)) + "]"
    return label + ("/wall" if focus == "wall" else "")


def is_id_column(name: str) -> bool:
    """Whether a column describes the task rather than measuring it (not a metric, not ``time_ns``).

    Examples
    --------
    >>> from mazegraph.runner.schema import is_id_column
    >>> is_id_column("opt_policy"), is_id_column("rows"), is_id_column("dead_end_pct")
    (True, True, False)
    """
    if name in ("time_ns", "error"):
        return False
    return name in _FIXED or name in ID_COLUMNS or name.startswith("opt_") or name in _size_names()


def _size_names() -> set[str]:
    from ..tessellations import TESSELLATIONS

    names = {p for spec in TESSELLATIONS.values() for p in spec.params}
    return {_size_column(p) for p in names} | names


def _size_column(param: str) -> str:
    return f"size_{param}" if param in _FIXED or param in ID_COLUMNS else param


def _option_type(values: list):
    import pyarrow as pa

    if all(isinstance(v, bool) for v in values):
        return pa.bool_()
    if all(isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in values):
        return pa.int64()
    if all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in values):
        return pa.float64()
    return pa.string()


@dataclass(frozen=True)
class RowSchema:
    """The final columns of a plan's rows (see the module docstring)."""

    categories: dict  # column -> tuple of categories, config order
    variants: dict  # (algorithm, options JSON, focus) -> variant label
    options: dict  # option name -> arrow type of its opt_ column
    sizes: tuple  # size parameter names with a column, config order
    params: dict  # tessellation name -> its size parameter names
    metrics: tuple

    @classmethod
    def for_plan(cls, plan: Plan) -> RowSchema:
        """The schema of a plan's rows (its metrics as the plan has them)."""
        from ..tessellations import TESSELLATIONS

        config = plan.config
        entries = [(a.name, a.options, a.focus) for a in config.algorithms]
        variants = {(n, canonical_json(o), f): variant_label(n, o, f) for n, o, f in entries}
        if len(set(variants.values())) < len(variants):  # e.g. {"p": "1"} beside {"p": 1}
            variants = {(n, canonical_json(o), f): variant_label(n, o, f, quote_strings=True) for n, o, f in entries}
        seen: dict[str, list] = {}
        for a in config.algorithms:
            for key, value in a.options.items():
                seen.setdefault(key, []).append(value)
        params = {t.name: tuple(TESSELLATIONS[t.name].params) for t in config.tessellations}
        sizes = []
        for t in config.tessellations:
            named = params[t.name]
            if "shape" in named or any(len(s) != len(named) for s in t.sizes):
                continue  # a shape of any length (grid): the shape column holds it
            sizes.extend(p for p in named if p not in sizes)
        unique = lambda values: tuple(dict.fromkeys(values))  # noqa: E731 - order-keeping set
        return cls(
            categories={
                "variant": unique(variants.values()),
                "algorithm": unique(a.name for a in config.algorithms),
                "focus": unique(a.focus for a in config.algorithms),
                "tessellation": unique(t.name for t in config.tessellations),
            },
            variants=variants,
            options={key: _option_type(values) for key, values in seen.items()},
            sizes=tuple(sizes),
            params=params,
            metrics=tuple(plan.metrics),
        )

    @property
    def option_columns(self) -> tuple[str, ...]:
        return tuple(f"opt_{k}" for k in self.options)

    @property
    def size_columns(self) -> tuple[str, ...]:
        return tuple(_size_column(p) for p in self.sizes)

    @property
    def columns(self) -> tuple[str, ...]:
        return (
            "variant", "algorithm", "options", *self.option_columns, "focus", "tessellation", "tessellation_options",
            "size", "shape", *self.size_columns, "n_cells", "replicate", "root_seed", "spawn_key", *self.metrics,
            "time_ns", "error",
        )

    def arrow(self, metadata: dict | None = None):
        """The ``pyarrow.Schema`` of the rows; metric fields carry their label and unit."""
        import pyarrow as pa

        category = pa.dictionary(pa.int32(), pa.string())
        types = {c: category for c in CATEGORICAL}
        types.update({f"opt_{k}": t for k, t in self.options.items()})
        types.update({c: pa.int64() for c in (*self.size_columns, "n_cells", "replicate", "root_seed", "spawn_key")})
        types.update({"shape": pa.list_(pa.int64()), "time_ns": pa.int64()})
        fields = []
        for name in self.columns:
            if name in self.metrics:
                info = metric_info(name)
                fields.append(pa.field(name, pa.float64(), metadata={"label": info.label, "unit": info.unit}))
            else:
                fields.append(pa.field(name, types.get(name, pa.string())))
        return pa.schema(fields, metadata=metadata)

    def finish(self, base):
        """The final table of a worker's base table (same rows, same order)."""
        import numpy as np
        import pyarrow as pa

        schema = self.arrow()
        n = base.num_rows
        algorithm = base.column("algorithm").to_pylist()
        options = base.column("options").to_pylist()
        focus = base.column("focus").to_pylist()
        tessellation = base.column("tessellation").to_pylist()
        size = base.column("size").to_pylist()

        def categorical(name: str, values: list):
            index = {v: k for k, v in enumerate(self.categories[name])}
            codes = np.fromiter((index[v] for v in values), dtype=np.int32, count=n)
            return pa.DictionaryArray.from_arrays(pa.array(codes), pa.array(self.categories[name], pa.string()))

        parsed: dict[str, dict] = {}
        for text in set(options):
            parsed[text] = json.loads(text)
        columns = {
            "variant": categorical("variant", [self.variants[k] for k in zip(algorithm, options, focus)]),
            "algorithm": categorical("algorithm", algorithm),
            "options": base.column("options"),
        }
        for key, kind in self.options.items():
            values = [parsed[text].get(key) for text in options]
            if kind == pa.string():
                values = [None if v is None else _value_text(v) for v in values]
            columns[f"opt_{key}"] = pa.array(values, kind)
        columns["focus"] = categorical("focus", focus)
        columns["tessellation"] = categorical("tessellation", tessellation)
        columns["tessellation_options"] = base.column("tessellation_options")
        columns["size"] = base.column("size")
        shapes = {label: list(parse_size(label)) for label in set(size)}
        columns["shape"] = pa.array([shapes[label] for label in size], pa.list_(pa.int64()))
        for param, column in zip(self.sizes, self.size_columns):
            values = []
            for name, label in zip(tessellation, size):
                names = self.params.get(name, ())
                numbers_ = shapes[label]
                values.append(numbers_[names.index(param)] if param in names and len(names) == len(numbers_) else None)
            columns[column] = pa.array(values, pa.int64())
        for name in ("n_cells", "replicate", "root_seed", "spawn_key", *self.metrics, "time_ns", "error"):
            columns[name] = base.column(name)
        return pa.Table.from_arrays([columns[c] for c in self.columns], schema=schema)

    def describe(self) -> dict:
        """The column layout as JSON-ready values (written to the folder's manifest)."""
        return {
            "categories": {k: list(v) for k, v in self.categories.items()},
            "options": {f"opt_{k}": str(t) for k, t in self.options.items()},
            "sizes": list(self.size_columns),
            "metrics": list(self.metrics),
        }
