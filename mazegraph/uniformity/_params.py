"""The arguments of the uniformity tests and their planning aids, declared once (see :mod:`mazegraph.params`)."""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx

from ..cellgraph import CellGraph
from ..errors import InvalidSizeError
from ..params import SEED, Either, Flag, Instance, Number, Param, Text

__all__ = ["MAX_SAMPLES", "GRAPH", "ALGORITHM", "SAMPLES", "ALPHA", "POWER", "TREES", "W2", "CAP", "MAX_TREES",
           "LIMIT", "LABELS", "FOCUS", "MAZES", "SEED"]

#: The most samples (mazes) one test or plan may ask for: each one is a maze generated and kept as a key.
MAX_SAMPLES = 10**6

GRAPH = Param("G", Instance((nx.Graph, CellGraph), "a networkx.Graph or CellGraph"), help="the graph")
ALGORITHM = Param("algorithm", Either((Text(200), Instance((Callable,), "a sampler function"))),
                  help="a registered algorithm's name, or a function (cells, rng) -> open-edge mask")
SAMPLES = Param("samples", Number(1, MAX_SAMPLES, integer=True), help="mazes to sample", error=InvalidSizeError)
ALPHA = Param("alpha", Number(0, 1, low_open=True, high_open=True), 1e-3, "the significance level")
POWER = Param("power", Number(0, 1, low_open=True, high_open=True), 0.9, "the chance to detect the effect")
TREES = Param("trees", Number(1, 10**15, integer=True), help="the number of spanning trees", error=InvalidSizeError)
W2 = Param("w2", Number(0, low_open=True), help="Cohen's effect size")
CAP = Param("cap", Number(1, 10**12, integer=True), 10**8, "the most samples to return", error=InvalidSizeError)
MAX_TREES = Param("max_trees", Number(1, 10**7, integer=True), None, "the most spanning trees to enumerate",
                  error=InvalidSizeError)
LIMIT = Param("limit", Number(1, 10**7, integer=True), None, "the most spanning trees to enumerate (None: no limit)",
              error=InvalidSizeError)
LABELS = Param("labels", Flag(), False, "trees as sets of node-label pairs instead of edge indices")
FOCUS = Param("focus", Text(40), "passage", "passage or wall focus")
MAZES = Param("mazes", Number(1, MAX_SAMPLES, integer=True), help="mazes per size", error=InvalidSizeError)
