"""The arguments the format readers and writers share, declared once (see :mod:`mazegraph.params`)."""

from __future__ import annotations

import os

import networkx as nx

from ..cellgraph import CellGraph
from ..errors import OutputPathError
from ..params import MAZE, Either, Flag, Instance, Param, Text

__all__ = ["READ_PATH", "WRITE_PATH", "WRITE_FILE", "GRAPH", "ENDS", "OPENINGS", "MAZE"]

_PATH = Either((Text(), Instance((os.PathLike,), "a path")))

#: A file to read (a string or a path; the reader says what is wrong with the file itself).
READ_PATH = Param("path", _PATH, help="the file to read")
#: A file to write; None returns the data instead where the writer allows it.
WRITE_PATH = Param("path", _PATH, None, "the file to write", error=OutputPathError)
#: A file to write, required.
WRITE_FILE = Param("path", _PATH, help="the file to write", error=OutputPathError)
#: A graph, maze or tessellation to write.
GRAPH = Param("G", Instance(lambda: _graphs(), "a networkx.Graph, Maze or CellGraph"), help="what to write")
ENDS = Param("ends", Flag(), True, "mark the start and the goal")
OPENINGS = Param("openings", Flag(), False, "open the outer wall beside the start and the goal")


def _graphs() -> tuple:
    from ..maze import Maze

    return (nx.Graph, Maze, CellGraph)
