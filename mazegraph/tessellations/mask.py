"""Masked mazes: the square cells of a grid that a mask leaves open, a maze in any shape."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines
from ..errors import DisconnectedGraphError, InvalidMaskError, MazeFormatError
from ..params import Flag, Param
from .limits import check_cells
from .orthogonal import orthogonal_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["from_mask", "mask_cells", "read_mask"]

LARGEST = Param("largest", Flag(), False, "keep only the largest region of open cells")
_BLOCKED = "#"
_LISTED = 10  # components named in the message of a DisconnectedGraphError
_DEMO = [  # the shape mask_cells() builds without a mask
    "###...###...###",
    "##.....#.....##",
    "#.............#",
    "#.............#",
    "#.............#",
    "##...........##",
    "###.........###",
    "####.......####",
    "#####.....#####",
    "######...######",
    "#######.#######",
]


def read_mask(mask) -> np.ndarray:
    """Read a mask in any accepted form as a 2D boolean array, True where a cell is open.

    Parameters
    ----------
    mask : numpy.ndarray, str, list of str, os.PathLike or PIL.Image.Image
        See :func:`from_mask`.

    Returns
    -------
    numpy.ndarray of bool, shape (rows, cols)

    Raises
    ------
    InvalidMaskError
        If the mask is of an unknown type, not 2D, not boolean, or a file that
        does not exist or cannot be read.

    Examples
    --------
    >>> from mazegraph.tessellations.mask import read_mask
    >>> read_mask(["#..", "."]).astype(int)
    array([[0, 1, 1],
           [1, 0, 0]])
    """
    if isinstance(mask, np.ndarray):
        return _from_array(mask)
    if isinstance(mask, str):
        return _from_text(_trim(mask.splitlines())) if "\n" in mask else _from_file(mask)
    if isinstance(mask, os.PathLike):
        return _from_file(mask)
    image = sys.modules.get("PIL.Image")  # a PIL image means PIL is imported already
    if image is not None and isinstance(mask, image.Image):
        return _from_image(mask)
    if isinstance(mask, (list, tuple)):
        if all(isinstance(line, str) for line in mask):
            return _from_text(list(mask))
        try:
            return _from_array(np.asarray(mask))
        except ValueError:  # ragged nested lists
            pass
    raise InvalidMaskError(
        f"cannot read a mask from {type(mask).__name__}: give a 2D boolean numpy array, ASCII art "
        "(a string of lines or a list of strings), an image file path or a PIL image"
    )


def _trim(lines: list[str]) -> list[str]:
    """Drop blank lines before the first and after the last line with a character."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    return lines[filled[0] : filled[-1] + 1] if filled else []


def _from_text(lines: list[str]) -> np.ndarray:
    width = max((len(line) for line in lines), default=0)
    check_cells("mask", (len(lines) + 2) * (width + 2))  # padding short lines may make a big grid of little text
    chars = np.array([list(line.ljust(width, _BLOCKED)) for line in lines], dtype="<U1")
    return chars.reshape(len(lines), width) != _BLOCKED


def _from_array(array: np.ndarray) -> np.ndarray:
    if array.ndim != 2:
        raise InvalidMaskError(f"a mask array must be 2-dimensional (rows x cols), got shape {array.shape}")
    if array.dtype != bool:
        raise InvalidMaskError(
            f"a mask array must be boolean (True = open), got dtype {array.dtype}; "
            "convert it first, e.g. mask != 0 or image > 127"
        )
    return array.copy()


def _from_file(path) -> np.ndarray:
    path = Path(path)
    if not path.is_file():
        raise InvalidMaskError(
            f"no mask file {str(path)!r} (a string without a newline is read as a file path; "
            "give one line of ASCII art as a list of one string)"
        )
    if path.suffix.lower() == ".txt":
        return _from_text(_trim(_read_text(path)))
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - pillow comes with matplotlib
        raise InvalidMaskError("reading an image mask needs Pillow: pip install pillow") from None
    try:
        with Image.open(path) as image:  # reads the header only: the size is known before the pixels
            width, height = image.size
            check_cells("mask", (width + 2) * (height + 2))
            image.load()
            return _from_image(image)
    except (OSError, Image.DecompressionBombError) as error:
        raise InvalidMaskError(f"cannot read {str(path)!r} as an image: {error}") from None


def _read_text(path: Path) -> list[str]:
    """The lines of a UTF-8 text file.

    Raises
    ------
    MazeFormatError
        Naming the line and column of the first byte that is not UTF-8.
    """
    data = path.read_bytes()
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise MazeFormatError(
            f"{str(path)!r} line {line}, column {column}: byte 0x{data[error.start]:02x} is not UTF-8 text; "
            "save the mask as UTF-8 (ASCII art: '#' blocked, any other character open)"
        ) from None


def _from_image(image) -> np.ndarray:
    """Light pixels (grey level 128 or more) open; transparent ones count as white."""
    from PIL import Image

    if "A" in image.getbands() or "transparency" in image.info:
        white = Image.new("RGBA", image.size, "white")
        image = Image.alpha_composite(white, image.convert("RGBA"))
    return np.asarray(image.convert("L")) >= 128


def _components(open_: np.ndarray, largest: bool) -> np.ndarray:
    """The open cells to keep: all of them, or the largest component with ``largest``."""
    from scipy import ndimage

    found, count = ndimage.label(open_)  # 4-connected, like the cells' walls
    if count == 0:
        rows, cols = open_.shape
        raise InvalidMaskError(
            f"the mask ({rows} x {cols}) has no open cell: mark cells open with True, with any "
            f"character but {_BLOCKED!r} in ASCII art, or with light pixels in an image"
        )
    if count == 1:
        return open_
    sizes = np.bincount(found.ravel())[1:]
    if largest:  # ties: the component whose first cell comes first row by row
        return found == int(np.argmax(sizes)) + 1
    _, first = np.unique(found.ravel(), return_index=True)
    order = np.argsort(-sizes, kind="stable")
    components = [(int(sizes[k]), tuple(int(x) for x in np.divmod(first[k + 1], open_.shape[1]))) for k in order]
    listed = ", ".join(f"{n} cells with {cell}" for n, cell in components[:_LISTED])
    more = f" and {count - _LISTED} more" if count > _LISTED else ""
    error = DisconnectedGraphError(
        f"the mask's open cells form {count} separate regions ({listed}{more}); a maze needs one: "
        "open cells to join them, or pass largest=True to keep only the largest"
    )
    error.components = components
    raise error


@tessellation("mask", (), "square cells inside a shape (a mask; demo: a heart)", (), bytes_per_cell=600)
def mask_cells(mask=None, largest: bool = False) -> CellGraph:
    """Compile the square cells a mask leaves open to arrays; see :func:`from_mask`.

    Without a mask, builds a demonstration shape (a heart of 91 cells), so the
    registry, which passes no size, can build it. The geometry is that of
    :func:`~mazegraph.tessellations.orthogonal` on the mask's grid: the grid is
    compiled with a frame of blocked cells around it, its edges between two open
    cells are the passages, and its walls between an open and a blocked cell
    (the frame included) are the boundary.
    """
    if mask is None:
        mask = _DEMO
    original = read_mask(mask)
    check_cells("mask", (original.shape[0] + 2) * (original.shape[1] + 2))
    largest = LARGEST.check(largest, owner="from_mask")
    keep = _components(original, largest)
    rows, cols = keep.shape
    grid = orthogonal_cells(rows + 2, cols + 2)
    inside = np.pad(keep, 1).ravel()
    number = np.cumsum(inside) - 1
    ends = inside[grid.edges]
    passage = ends.all(axis=1)
    side = ends[:, 0] != ends[:, 1]
    segments = grid.walls.points.reshape(-1, 2, 2) - 1.0  # one segment per edge; undo the frame
    return CellGraph(
        name="mask",
        labels=Labels(coords=grid.labels.coords[inside] - 1),
        edges=number[grid.edges[passage]],
        pos=grid.pos[inside] - 1.0,
        walls=Polylines.from_segments(segments[passage]),
        boundary=Polylines.from_segments(segments[side]),
        direction=grid.direction[passage],
        direction_names=grid.direction_names,
        row=grid.row[inside] - 1,
        spec={
            "tessellation": "mask",
            "mask": ["".join(line) for line in np.where(original, ".", _BLOCKED).tolist()],
            "largest": bool(largest),
        },
    )


def from_mask(mask, largest: bool = False) -> nx.Graph:
    """Return the square cells of a grid that ``mask`` leaves open: a maze in any shape.

    Pullen's orthogonal tessellation, cut to a shape: the cells are the open
    places of the mask, two open cells side by side are neighbours, and blocked
    places (and the outside of the grid) are solid rock around the maze.

    Parameters
    ----------
    mask : numpy.ndarray, str, list of str, os.PathLike or PIL.Image.Image
        Where the cells are, in one of these forms:

        - a 2D boolean array, True where a cell is open;
        - ASCII art, one string per row: a list of strings, or one string of
          lines (blank lines before the first and after the last row with a
          character are dropped). ``#`` is blocked, any other character open;
          short lines are padded with blocked places;
        - a black-and-white image, as a PIL image or the path of an image file,
          one cell per pixel: light pixels (grey level 128 or more; transparent
          counts as white) open, dark ones blocked. A string without a newline is
          a path; a path ending in ``.txt`` is read as ASCII art.
    largest : bool
        If the open cells fall apart into several regions, keep only the largest
        (ties: the one reached first row by row) instead of raising.

    Returns
    -------
    networkx.Graph
        Nodes ``(row, col)`` in the mask's grid, with ``pos`` (cell centre, ``y``
        up, as in :func:`~mazegraph.tessellations.orthogonal`) and ``row``; edges
        with ``wall`` and ``direction`` (``"horizontal"`` or ``"vertical"``);
        graph ``boundary`` (the sides of open cells facing blocked places or the
        outside), ``start`` and ``goal`` (the cells nearest the upper left and
        lower right) and ``spec``, which holds the mask as rows of ``#`` and
        ``.``, so a maze on it round-trips through JSON.
        This is a view of the arrays that ``mask_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    DisconnectedGraphError
        If the open cells form several regions and ``largest`` is False. The
        message and the error's ``components`` attribute list each region as
        ``(size, first cell)``, largest first.
    InvalidOptionError
        If ``largest`` is not True or False.
    InvalidMaskError
        A subclass of :class:`~mazegraph.errors.InvalidSizeError`: if the mask
        has no open cell, is of an unknown type, is an array that is not 2D or
        not boolean, or names a file that does not exist or cannot be read.
    InvalidSizeError
        If the mask's grid has more cells than fit in memory (checked before the
        text or image is turned into cells; see
        :mod:`~mazegraph.tessellations.limits`).
    MazeFormatError
        If a ``.txt`` mask file is not UTF-8 text; the message names the line
        and column.

    Examples
    --------
    >>> import mazegraph as mg
    >>> ring = '''
    ... #####
    ... #...#
    ... #.#.#
    ... #...#
    ... #####
    ... '''
    >>> G = mg.tessellations.from_mask(ring)
    >>> G.number_of_nodes(), G.number_of_edges()
    (8, 8)
    >>> sorted(G[(1, 1)])
    [(1, 2), (2, 1)]
    >>> G.graph["spec"]["mask"][2]
    '#.#.#'
    >>> mg.generate(G, "kruskal", seed=1).is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Dimension and Tessellation",
       Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] J. Buck, "Mazes for Programmers", Pragmatic Bookshelf, 2015, part 2
       (masking a grid to a shape given as ASCII art or an image).
    """
    return mask_cells(mask, largest=largest).to_networkx()
