"""The arguments of the plotting functions, declared once (see :mod:`mazegraph.params`)."""

from __future__ import annotations

import networkx as nx

from ..cellgraph import CellGraph
from ..params import SEED, Either, Instance, Number, Param, Strings, Text

__all__ = ["frame", "AX", "METRICS", "BY", "COL_WRAP", "COLUMNS", "REFERENCE", "TESSELLATION", "ALGORITHMS", "SEED"]


def _frames() -> tuple:
    import pandas as pd

    return (pd.DataFrame,)


def _axes() -> tuple:
    from matplotlib.axes import Axes

    return (Axes,)


def frame(name: str, default=..., help: str = "") -> Param:
    """A pandas DataFrame argument called ``name`` (required unless a default is given)."""
    kind = Instance(_frames, "a pandas.DataFrame")
    return Param(name, kind, help=help) if default is ... else Param(name, kind, default, help)


AX = Param("ax", Instance(_axes, "a matplotlib Axes"), None, "draw into this Axes")
METRICS = Param("metrics", Either((Text(200), Strings())), None, "a metric column, or a list of them")
BY = Param("by", Text(200), "variant", "the grouping column")
COL_WRAP = Param("col_wrap", Number(1, 100, integer=True), 3, "panels per row")
COLUMNS = Param("columns", Number(1, 100, integer=True), 5, "panels per row")
REFERENCE = Param("reference", Number(-10, 10), None, "slope of the reference line (None: no line)")
TESSELLATION = Param("tessellation", Instance((nx.Graph, CellGraph), "a networkx.Graph or CellGraph"),
                     help="the tessellation")
ALGORITHMS = Param("algorithms", Strings(1000), None, "algorithm names (default: every one that runs)")
