"""Texture metrics: dead ends, junctions, solution, elitism, river, run and bias.

Walter D. Pullen describes the texture of a maze in words (Think Labyrinth,
"Maze Algorithms", https://www.astrolog.org/labyrnth/algrithm.htm): *bias*
(passages that prefer one direction), *run* (how far passages go straight
before turning), *elitism* (how short the solution is next to the maze), and
*river* (few but long dead ends versus many short ones). His generation table
reports two of them as numbers, the percentage of dead ends and the percentage
of cells on the solution path. This module gives each notion an exact,
measurable definition that works on every tessellation: ``pos`` (cell centres),
``direction`` (edge classes) and the wall geometry are used where a metric
needs them, and a metric that needs an attribute the tessellation lacks says so
(:class:`~mazegraph.errors.MissingAttributeError`).

Every metric reads the maze's arrays (:class:`~mazegraph.CellGraph` CSR
adjacency and the open-edge mask) in compiled kernels, one linear pass each, so
:func:`summary` of a million-cell maze takes a fraction of a second. One
module per notion: :mod:`.degrees` (dead ends, junctions), :mod:`.solution`
(solution length, elitism), :mod:`.branches` (river), :mod:`.runs` (run),
:mod:`.directions` (bias) and :mod:`.scalars` (:func:`summary`, all of them as
one row, computed by the same helpers).

Vocabulary used throughout:

passage
    An open edge; lengths are counted in passages (steps between adjacent cells).
degree
    A cell's number of open passages: 1 is a *dead end*, 2 a *corridor cell*,
    3 a *junction* and 4 or more a *crossroads*.
branch
    A maximal chain of passages whose inner cells all have degree 2. Its ends
    are cells of degree 1 or at least 3, or it closes on itself (a *ring*).

See ``docs/metrics.md`` for the definitions with their texture meaning.
"""

from .branches import River, river
from .degrees import (
    corridor_pct,
    crossroad_pct,
    dead_end_pct,
    degree_distribution,
    junction_pct,
    open_degree,
)
from .directions import bias
from .runs import DEFAULT_MAX_TURN, Runs, run
from .scalars import SUMMARY_KEYS, summary, summary_keys
from .solution import solution_length, solution_pct, tortuosity

__all__ = [
    "open_degree",
    "degree_distribution",
    "dead_end_pct",
    "corridor_pct",
    "junction_pct",
    "crossroad_pct",
    "solution_length",
    "solution_pct",
    "tortuosity",
    "river",
    "River",
    "run",
    "Runs",
    "bias",
    "summary",
    "summary_keys",
    "SUMMARY_KEYS",
    "DEFAULT_MAX_TURN",
]
