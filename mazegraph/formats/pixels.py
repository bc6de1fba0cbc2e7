"""Orthogonal mazes as pixel images: one pixel per position of the wall grid, dark walls on light passages.

This is the bitmap layout Daedalus and many generators export: an image
``2 cols + 1`` pixels wide and ``2 rows + 1`` tall, cell ``(r, c)`` at pixel
``(x = 2c + 1, y = 2r + 1)`` (see :mod:`mazegraph.formats.wallgrid`). A pixel is
a wall when its grey level is below one half; a clearly green pixel marks the
start and a clearly red one the goal (on a cell or in an opening of the outer
wall); any other coloured pixel is refused. Without marks, openings in the
outer wall give the start and goal, as in the ASCII formats.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np

from ..drawing.options import write_output
from ..errors import MazeFormatError, UnsupportedError
from ..maze import Maze
from ..params import checked
from ._params import ENDS, MAZE, OPENINGS, WRITE_PATH
from .wallgrid import WallGrid, border_side, grid_shape, read_grid, wall_grid

__all__ = ["to_png", "from_png", "START_COLOUR", "GOAL_COLOUR"]

START_COLOUR = (0, 170, 0)
GOAL_COLOUR = (220, 0, 0)


@checked(MAZE, WRITE_PATH, ENDS, OPENINGS)
def to_png(maze: Maze, path=None, *, ends: bool = True, openings: bool = False):
    """Write an orthogonal maze as a PNG image, one pixel per wall-grid position.

    Parameters
    ----------
    maze : Maze
        On an orthogonal tessellation.
    path : str or pathlib.Path, optional
        Write the image there; without it the PNG bytes are returned.
    ends : bool
        Colour the start's pixel green and the goal's red, so that reading gives
        them back.
    openings : bool
        Open the outer wall beside the start and the goal where they lie on it.

    Returns
    -------
    bytes or None

    Raises
    ------
    UnsupportedError
        If the maze is not orthogonal.
    OutputPathError
        If the file cannot be written.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(4, 6), "wilson", seed=2)
    >>> data = to_png(M)
    >>> data[:4], from_png(data) == M
    (b'\\x89PNG', True)
    """
    from matplotlib.image import imsave

    grid = wall_grid(maze)
    rows, cols = grid_shape(maze.cells)
    image = np.where(grid[..., None], 0, 255).astype(np.uint8).repeat(3, axis=2)
    if openings:
        for cell in (maze.start, maze.goal):
            side = border_side(rows, cols, cell)
            if side is not None:
                image[side] = 255
    if ends:
        if maze.start_index == maze.goal_index and rows * cols > 1:
            raise UnsupportedError(f"the start and the goal are the same cell, {maze.start}; write with ends=False")
        if rows * cols > 1:
            for (r, c), colour in ((maze.start, START_COLOUR), (maze.goal, GOAL_COLOUR)):
                image[2 * r + 1, 2 * c + 1] = colour
    buffer = io.BytesIO()
    imsave(buffer, image, format="png")
    data = buffer.getvalue()
    if path is None:
        return data
    write_output(data, path)
    return None


def from_png(source) -> Maze:
    """Read an orthogonal maze from a pixel image, one pixel per wall-grid position.

    Parameters
    ----------
    source : bytes, str or pathlib.Path
        The image's bytes, or the path of a file holding it (PNG, or any format
        Pillow reads; a lossless one keeps every pixel).

    Returns
    -------
    Maze

    Raises
    ------
    MazeFormatError
        If the source is not a readable image, a pixel is coloured but neither
        a start (green) nor a goal (red) mark, the image's sides are not odd,
        a cell's pixel is dark, a corner's is light, or the outer wall has more
        than two openings; the message names the pixel as ``(x, y)`` from the
        upper left.
    """
    from matplotlib.image import imread

    if isinstance(source, (bytes, bytearray)):
        stream, name = io.BytesIO(bytes(source)), "the image"
    elif isinstance(source, (str, Path)):
        stream, name = Path(source), str(source)
        if not stream.is_file():
            raise MazeFormatError(f"cannot read {name}: no such file")
    else:
        raise MazeFormatError(f"expected image bytes or a path, got {type(source).__name__}")
    try:
        image = np.asarray(imread(stream), dtype=float)
    except (OSError, ValueError, SyntaxError) as error:
        raise MazeFormatError(f"{name} is not an image that can be read: {error}") from None
    if image.dtype.kind in "iu" or image.max(initial=0) > 1:
        image = image / 255.0
    if image.ndim == 2:
        image = np.repeat(image[..., None], 3, axis=2)
    if image.shape[2] == 4:  # composite on white
        alpha = image[..., 3:]
        image = image[..., :3] * alpha + (1 - alpha)
    image = image[..., :3]
    red, green, blue = image[..., 0], image[..., 1], image[..., 2]
    grey = 0.299 * red + 0.587 * green + 0.114 * blue
    coloured = image.max(axis=2) - image.min(axis=2) > 0.35
    start = coloured & (green > 0.5) & (red < 0.4) & (blue < 0.4)
    goal = coloured & (red > 0.5) & (green < 0.4) & (blue < 0.4)
    other = coloured & ~start & ~goal
    if other.any():
        y, x = (int(v) for v in np.argwhere(other)[0])
        hex_colour = "#" + "".join(f"{round(255 * v):02x}" for v in image[y, x])
        raise MazeFormatError(
            f"pixel (x={x}, y={y}) is coloured {hex_colour}: a maze image has dark walls and light passages, "
            "with green for the start and red for the goal"
        )
    walls = (grey < 0.5) & ~start & ~goal

    def where(r: int, c: int) -> str:
        return f"pixel (x={c}, y={r})"

    starts = [tuple(int(v) for v in p) for p in np.argwhere(start)]
    goals = [tuple(int(v) for v in p) for p in np.argwhere(goal)]
    return read_grid(WallGrid(walls, where, starts, goals, "image"))
