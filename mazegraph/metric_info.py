"""What each metric column means: a label and unit for axes, and a one-line definition.

The table :data:`METRICS` covers the keys of :func:`mazegraph.metrics.summary`
and the bookkeeping numbers of an experiment's rows (``time_ns``); the per-class
bias keys (``bias_<class>``) are described by :func:`metric_info` from their
name. Figures use it for axis labels (:func:`axis_label`); the definitions
follow ``docs/metrics.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MetricInfo", "METRICS", "metric_info", "axis_label"]


@dataclass(frozen=True)
class MetricInfo:
    """A metric's name, human label, unit (``""`` for a pure number) and definition."""

    name: str
    label: str
    unit: str
    definition: str


def _table(*rows: tuple[str, str, str, str]) -> dict[str, MetricInfo]:
    return {name: MetricInfo(name, label, unit, definition) for name, label, unit, definition in rows}


#: Every metric column: name -> :class:`MetricInfo` (label, unit, definition).
METRICS: dict[str, MetricInfo] = _table(
    ("n_cells", "cells", "cells", "cells of the tessellation"),
    ("n_passages", "passages", "passages", "open passages of the maze"),
    ("dead_end_pct", "dead ends", "% of cells", "100 x cells with one open passage / cells"),
    ("corridor_pct", "corridor cells", "% of cells", "100 x cells with two open passages / cells"),
    ("junction_pct", "junctions", "% of cells", "100 x cells with three open passages / cells"),
    ("crossroad_pct", "crossroads", "% of cells", "100 x cells with four or more open passages / cells"),
    ("solution_length", "solution length", "cells",
     "cells on a shortest path from start to goal, both ends counted"),
    ("solution_pct", "solution", "% of cells", "100 x solution length / cells (Pullen's 'Solution')"),
    ("tortuosity", "tortuosity", "ratio",
     "(solution length - 1) / straight start-goal distance in typical neighbour distances; 1 = straight"),
    ("dead_end_length_mean", "mean dead-end length", "passages",
     "passages per dead-end branch (a dead end through corridor cells to a junction)"),
    ("dead_end_length_max", "longest dead end", "passages", "passages of the longest dead-end branch"),
    ("corridor_length_mean", "mean corridor length", "passages",
     "passages per branch from a junction to a junction (Pullen's river)"),
    ("branch_length_mean", "mean branch length", "passages", "passages per branch of any kind"),
    ("run_length_mean", "mean straight run", "passages", "passages per straight run (turns under 25 degrees)"),
    ("run_length_max", "longest straight run", "passages", "passages of the longest straight run"),
    ("bias_tv", "direction bias", "TV distance",
     "0.5 x sum over direction classes of |passage share - offered share|: 0 = no bias, at most 1"),
    ("time_ns", "generation time", "ns", "wall time of the mazegraph.generate call"),
)


def metric_info(name: str) -> MetricInfo:
    """The metadata of a metric column; a plain entry for names the table does not know.

    ``bias_<class>`` names (one per direction class of a tessellation) are
    described from the class name.

    Examples
    --------
    >>> from mazegraph.metric_info import metric_info
    >>> metric_info("dead_end_pct").unit
    '% of cells'
    >>> metric_info("bias_east_west").label
    'bias east-west'
    >>> metric_info("my_metric").label
    'my_metric'
    """
    info = METRICS.get(name)
    if info is not None:
        return info
    if name.startswith("bias_"):
        direction = name[len("bias_"):].replace("_", "-")
        return MetricInfo(
            name, f"bias {direction}", "ratio",
            f"share of passages in the {direction} direction class / the share the tessellation offers; 1 = none",
        )
    return MetricInfo(name, name, "", "")


def axis_label(name: str) -> str:
    """``"dead ends (% of cells)"``: a metric's label with its unit, for an axis.

    Examples
    --------
    >>> from mazegraph.metric_info import axis_label
    >>> axis_label("solution_length"), axis_label("unknown")
    ('solution length (cells)', 'unknown')
    """
    info = metric_info(name)
    return f"{info.label} ({info.unit})" if info.unit else info.label
