"""Interchange formats: mazes and graphs in the forms other programs read and write.

- Graphs (any tessellation or maze): :func:`stringify` / :func:`unstringify` make
  a copy that NetworkX's GraphML, GML and node-link JSON writers accept and read
  it back exactly; :func:`to_graphml`, :func:`from_graphml`, :func:`to_gml` and
  :func:`from_gml` do it through a file.
- Orthogonal mazes: ASCII art, box style ``+--+`` / ``|  |`` or a ``#`` bitmap
  (:func:`to_ascii`, :func:`from_ascii`); a pixel image, one pixel per wall or
  cell (:func:`to_png`, :func:`from_png`); mazelib's 0/1 grid
  (:func:`to_mazelib`, :func:`from_mazelib`). Each reads into a
  :class:`~mazegraph.Maze` on ``orthogonal(rows, cols)``, writing then reading
  gives an equal maze, and malformed input raises
  :class:`~mazegraph.errors.MazeFormatError` naming the line and column, the
  pixel or the array index.

>>> import mazegraph as mg
>>> M = mg.generate(mg.tessellations.orthogonal(3, 5), "wilson", seed=4)
>>> all(read(write(M)) == M for write, read in [(to_ascii, from_ascii), (to_png, from_png)])
True
"""

from .ascii import from_ascii, to_ascii
from .graphs import from_gml, from_graphml, stringify, to_gml, to_graphml, unstringify
from .mazelib import from_mazelib, to_mazelib
from .pixels import from_png, to_png

__all__ = [
    "stringify",
    "unstringify",
    "to_graphml",
    "from_graphml",
    "to_gml",
    "from_gml",
    "to_ascii",
    "from_ascii",
    "to_png",
    "from_png",
    "to_mazelib",
    "from_mazelib",
]
