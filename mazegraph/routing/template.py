"""Template mazes: a pattern that is not a maze, made perfect with as few changes as possible."""

from __future__ import annotations

import numpy as np

from .._random import as_generator
from ..errors import InvalidSizeError
from ..maze import Maze
from ..params import SEED, checked
from ..tessellations import orthogonal_cells
from ._common import COLS, MAX_CELLS, PATTERN, ROWS
from .operations import remove_isolations, remove_loops

__all__ = ["from_template", "concentric_rings"]


@checked(ROWS, COLS)
def concentric_rings(rows: int, cols: int) -> Maze:
    """A template on ``orthogonal(rows, cols)``: concentric rectangular rings of passages.

    Cell ``(r, c)`` lies on ring ``min(r, c, rows - 1 - r, cols - 1 - c)``; every
    wall between two cells of the same ring is open, so each ring is a loop
    (the innermost one may be a line) and the rings are isolated from each
    other. Not a maze: feed it to :func:`from_template`.

    Parameters
    ----------
    rows, cols : int
        At least 1 each.

    Returns
    -------
    Maze

    Raises
    ------
    InvalidSizeError
        If a size is not a whole number of at least 1, or the grid has more than
        ``MAX_CELLS`` (10**8) cells.

    Examples
    --------
    >>> import mazegraph as mg
    >>> P = mg.routing.concentric_rings(6, 6)
    >>> P.is_connected(), P.n_open
    (False, 36)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Template" (start from a pattern,
       then run the isolation and loop removers), Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    if rows * cols > MAX_CELLS:
        raise InvalidSizeError(
            f"concentric_rings: {rows} x {cols} is {rows * cols:,} cells; the most is {MAX_CELLS:,}: lower rows or cols"
        )
    cells = orthogonal_cells(rows, cols)
    r, c = cells.labels.coords.T
    ring = np.minimum.reduce([r, c, rows - 1 - r, cols - 1 - c])
    u, v = cells.edges.T
    return Maze(cells, ring[u] == ring[v], meta={"template": "concentric_rings"})


@checked(PATTERN, SEED)
def from_template(pattern: Maze, seed=None) -> Maze:
    """Make a perfect maze from a template by Pullen's isolation and loop removers.

    First every isolated part is joined (``parts - 1`` walls open, in random
    order), then every loop is cut (``open - (cells - 1)`` walls close, in random
    order): the fewest changes that turn the pattern into a spanning tree
    through these two steps, so the template's shape stays visible.

    Parameters
    ----------
    pattern : Maze
        Any set of open passages on any tessellation (e.g. :func:`concentric_rings`).
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None

    Returns
    -------
    Maze
        A perfect maze; ``meta["template"]`` records walls ``opened`` and ``closed``.

    Raises
    ------
    UnsupportedError
        As :func:`~mazegraph.remove_isolations` and :func:`~mazegraph.remove_loops`.
    InvalidOptionError
        If ``pattern`` is not a Maze.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.routing.from_template(mg.routing.concentric_rings(6, 6), seed=1)
    >>> M.is_perfect(), M.meta["template"]["opened"], M.meta["template"]["closed"]
    (True, 2, 3)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Template", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm
    """
    rng = as_generator(seed)
    joined = remove_isolations(pattern, seed=rng)
    out = remove_loops(joined, seed=rng)
    opened = joined.meta.pop("remove_isolations")["opened"]
    closed = out.meta.pop("remove_loops")["closed"]
    out.meta.pop("remove_isolations", None)
    out.meta["template"] = {"source": pattern.meta.get("template"), "opened": opened, "closed": closed}
    return out
