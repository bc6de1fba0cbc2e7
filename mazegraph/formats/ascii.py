"""Orthogonal mazes as ASCII art: the ``+--+`` / ``|  |`` box style and the ``#`` / space bitmap.

Box style: wall lines of corners ``+`` joined by ``--`` (a wall) or spaces (a
passage), between cell lines of ``|`` (a wall) or a space and the cells'
insides, which may hold ``S`` (the start), ``G`` or ``E`` (the goal) and ``.``
or ``*`` (a path drawn through)::

    +--+--+--+
    |S    |  |
    +--+  +  +
    |      G |
    +--+--+--+

Bitmap: one character per position of the wall grid (see
:mod:`mazegraph.formats.wallgrid`), ``#`` a wall and a space a passage, as
mazelib's ``Maze.tostring()`` prints it; ``S`` marks the start and ``E`` (or
``G``) the goal, on a cell or in an opening of the outer wall, and ``+`` or
``.`` a path. Without marks, openings in the outer wall give the start and
goal (the first in reading order is the start), and without those the
tessellation's defaults apply (upper left, lower right).

The reader tells the two styles apart by the first character (``+`` or ``#``),
accepts ``\\r\\n`` line ends and trailing spaces left out of cell lines, and
names the line and column of anything malformed.
"""

from __future__ import annotations

import numpy as np

from ..errors import MazeFormatError, UnsupportedError
from ..maze import Maze
from ..params import Choice, Number, Param, checked
from ._params import ENDS, MAZE, OPENINGS
from .wallgrid import WallGrid, border_side, grid_shape, read_grid, wall_grid

STYLE = Param("style", Choice(("box", "bitmap")), "box", "+--+ walls around cells, or one # or space per wall position")
CELL_WIDTH = Param("cell_width", Number(1, 9, integer=True), 2, "box style: characters inside a cell")

__all__ = ["to_ascii", "from_ascii"]

_PATH = ".*"  # path marks inside a box-style cell
_BITMAP_PATH = "+."
_CELL_HELP = "in a cell (a cell holds spaces, S for the start, G or E for the goal, . or * for a path)"
_BITMAP_HELP = (
    "(a bitmap has '#' for a wall and a space for a passage; S, E or G mark the start and goal, + or . a path)"
)


@checked(MAZE, STYLE, CELL_WIDTH, ENDS, OPENINGS)
def to_ascii(maze: Maze, style: str = "box", *, cell_width: int = 2, ends: bool = True, openings: bool = False) -> str:
    """Write an orthogonal maze as ASCII art.

    Parameters
    ----------
    maze : Maze
        On an orthogonal tessellation (rows and columns of square cells).
    style : {"box", "bitmap"}
        ``+--+`` walls around cells, or one ``#`` or space per wall-grid position.
    cell_width : int
        Box style: characters inside a cell, 1 to 9 (``+--+`` is 2).
    ends : bool
        Mark the start with ``S`` and the goal with ``G`` (``E`` in a bitmap,
        as mazelib does), so that reading gives them back.
    openings : bool
        Open the outer wall beside the start and the goal where they lie on it
        (in a bitmap the marks then stand in the openings).

    Returns
    -------
    str
        Lines ending in ``\\n``; :func:`from_ascii` reads them back to an equal maze.

    Raises
    ------
    UnsupportedError
        If the maze is not orthogonal, or ``ends`` is asked for a maze whose
        start is its goal (other than a single cell).
    InvalidOptionError
        If ``style`` or ``cell_width`` is not one of the allowed values.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.Maze(mg.tessellations.orthogonal(2, 3), [((0, 0), (0, 1)), ((0, 1), (1, 1)),
    ...             ((1, 0), (1, 1)), ((1, 1), (1, 2)), ((0, 2), (1, 2))])
    >>> print(to_ascii(M), end="")
    +--+--+--+
    |S    |  |
    +--+  +  +
    |      G |
    +--+--+--+
    >>> print(to_ascii(M, "bitmap", openings=True), end="")
    #######
    S   # #
    ### # #
    #     E
    #######
    >>> from_ascii(to_ascii(M)) == M
    True
    """
    grid = wall_grid(maze)
    rows, cols = grid_shape(maze.cells)
    marks = {}
    ends_at = [(maze.start, "S"), (maze.goal, "E" if style == "bitmap" else "G")]
    if ends:
        if maze.start_index == maze.goal_index and rows * cols > 1:
            raise UnsupportedError(
                f"the start and the goal are the same cell, {maze.start}; ASCII art marks them in different cells "
                "(write with ends=False, and the reader takes the default ends)"
            )
        if rows * cols > 1:
            marks = {(2 * r + 1, 2 * c + 1): letter for (r, c), letter in ends_at}
    if openings:
        for (r, c), _ in ends_at:
            side = border_side(rows, cols, (r, c))
            if side is not None:
                grid[side] = False
                if style == "bitmap" and marks:
                    marks[side] = marks.pop((2 * r + 1, 2 * c + 1))
    if style == "bitmap":
        lines = ["".join(marks.get((i, j), "#" if wall else " ") for j, wall in enumerate(row)) for i, row in
                 enumerate(grid.tolist())]
    else:
        lines = [_box_line(grid, i, cell_width, marks) for i in range(len(grid))]
    return "\n".join(lines) + "\n"


def _box_line(grid: np.ndarray, i: int, width: int, marks: dict) -> str:
    row = grid[i].tolist()
    if i % 2 == 0:
        return "".join("+" if j % 2 == 0 else ("-" if wall else " ") * width for j, wall in enumerate(row))
    out = []
    for j, wall in enumerate(row):
        if j % 2 == 0:
            out.append("|" if wall else " ")
        else:
            inside = [" "] * width
            if (i, j) in marks:
                inside[(width - 1) // 2] = marks[(i, j)]
            out.append("".join(inside))
    return "".join(out)


def from_ascii(text: str | bytes) -> Maze:
    """Read an orthogonal maze drawn in ASCII art (box style or bitmap, told apart by the first character).

    Parameters
    ----------
    text : str or bytes
        The drawing; bytes must be UTF-8. Blank lines before and after are
        ignored.

    Returns
    -------
    Maze
        On ``orthogonal(rows, cols)``; start and goal from the marks, else the
        openings in the outer wall, else the defaults.

    Raises
    ------
    MazeFormatError
        If the bytes are not UTF-8, the lines are ragged, a character is not
        one the style uses, a corner or wall is malformed, the wall grid has
        the wrong parity, or start or goal is marked twice; the message names
        the line and column (counted from 1).

    Examples
    --------
    >>> M = from_ascii('''
    ... +--+--+
    ... |     |
    ... +--+  +
    ...       |
    ... +--+--+
    ... ''')
    >>> M.cells.name, M.n_open, M.start, M.goal
    ('orthogonal', 3, (1, 0), (1, 1))
    >>> from_ascii("+--+\\n|  x\\n+--+\\n")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    mazegraph.errors.MazeFormatError: line 2, column 4: unknown character 'x' where a wall goes ...
    """
    lines, first = _lines(text)
    if lines[0].startswith("+"):
        return _read_box(lines, first)
    if lines[0].startswith("#"):
        return _read_bitmap(lines, first)
    raise MazeFormatError(
        f"line {first}, column 1: expected the top wall of a maze, '+--+--+' (box style) or '#######' "
        f"(bitmap), got {lines[0][:20]!r}"
    )


def _lines(text) -> tuple[list[str], int]:
    """The drawing's lines without blank ones around it, and the number of its first line."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            before = bytes(text)[: error.start]
            line = before.count(b"\n") + 1
            column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")) + 1
            raise MazeFormatError(
                f"line {line}, column {column}: byte 0x{bytes(text)[error.start]:02x} is not UTF-8 text"
            ) from None
    if not isinstance(text, str):
        raise MazeFormatError(f"expected the drawing as str or bytes, got {type(text).__name__}")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise MazeFormatError("the drawing is empty")
    last = max(i for i, line in enumerate(lines) if line.strip())
    return lines[first : last + 1], first + 1


def _rows(lines: list[str], first: int, width: int) -> list[str]:
    """Lines padded to ``width``: wall lines (even) must be exactly that long, cell lines at most."""
    out = []
    for k, line in enumerate(lines):
        if len(line.rstrip(" ")) > width or (k % 2 == 0 and len(line.rstrip(" ")) != width):
            raise MazeFormatError(
                f"line {first + k} is {len(line.rstrip(' '))} characters long, but line {first} (the top wall) is "
                f"{width}: the rows of a maze are equally long (ragged rows)"
            )
        out.append(line.rstrip(" ").ljust(width))
    if len(out) % 2 == 0:
        raise MazeFormatError(
            f"the maze has {len(out)} lines; it needs an odd number, a wall line below every row of cells "
            f"(line {first + len(out) - 1} should be the bottom wall)"
        )
    return out


def _read_box(lines: list[str], first: int) -> Maze:
    top = lines[0].rstrip(" ")
    width = top.find("+", 1)
    if width < 2:
        raise MazeFormatError(
            f"line {first}: the top wall has no second corner '+'; box style looks like '+--+--+'"
        )
    step = width
    if (len(top) - 1) % step:
        raise MazeFormatError(
            f"line {first}, column {len(top)}: the top wall is {len(top)} characters long, which is not "
            f"1 + a multiple of {step} (a corner and a {step - 1}-character wall per cell)"
        )
    cols = (len(top) - 1) // step
    rows_text = _rows(lines, first, len(top))
    inside = step - 1
    walls = np.ones((len(rows_text), 2 * cols + 1), dtype=bool)
    starts, goals = [], []
    for i, line in enumerate(rows_text):
        for j in range(2 * cols + 1):
            at = (j // 2) * step + (0 if j % 2 == 0 else 1)
            piece = line[at] if j % 2 == 0 else line[at : at + inside]
            where = f"line {first + i}, column {at + 1}"
            if i % 2 == 0:
                walls[i, j] = _box_wall(piece, j, where)
            elif j % 2 == 0:
                if piece not in "| ":
                    raise MazeFormatError(
                        f"{where}: unknown character {piece!r} where a wall goes ('|' for a wall, a space for a "
                        "passage)"
                    )
                walls[i, j] = piece == "|"
            else:
                walls[i, j] = False
                for k, char in enumerate(piece):
                    _passage(char, (i, j), starts, goals, _PATH, f"line {first + i}, column {at + k + 1}", _CELL_HELP)

    def where(r: int, c: int) -> str:
        return f"line {first + r}, column {(c // 2) * step + (1 if c % 2 == 0 else 2)}"

    return read_grid(WallGrid(walls, where, starts, goals, "drawing"))


def _box_wall(piece: str, j: int, where: str) -> bool:
    if j % 2 == 0:
        if piece != "+":
            raise MazeFormatError(f"{where}: expected a corner '+', got {piece!r}")
        return True
    if set(piece) == {"-"}:
        return True
    if set(piece) <= set(" "):
        return False
    raise MazeFormatError(
        f"{where}: expected a wall {'-' * len(piece)!r} or an opening of spaces between corners, got {piece!r}"
    )


def _passage(char: str, position, starts: list, goals: list, path_marks: str, where: str, help_text: str) -> None:
    """Record a start or goal mark at a passage's position, or refuse a character the style does not use."""
    if char == "S":
        starts.append(position)
    elif char in "GE":
        goals.append(position)
    elif char != " " and char not in path_marks:
        raise MazeFormatError(f"{where}: unknown character {char!r} {help_text}")


def _read_bitmap(lines: list[str], first: int) -> Maze:
    width = len(lines[0].rstrip(" "))
    rows_text = _rows(lines, first, width)
    walls = np.ones((len(rows_text), width), dtype=bool)
    starts, goals = [], []
    for i, line in enumerate(rows_text):
        for j, char in enumerate(line):
            if char == "#":
                continue
            walls[i, j] = False
            _passage(char, (i, j), starts, goals, _BITMAP_PATH, f"line {first + i}, column {j + 1}", _BITMAP_HELP)

    def where(r: int, c: int) -> str:
        return f"line {first + r}, column {c + 1}"

    return read_grid(WallGrid(walls, where, starts, goals, "bitmap"))
