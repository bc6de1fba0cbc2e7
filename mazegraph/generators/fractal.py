"""Fractal mazes: a maze of blocks, each block holding a smaller maze, joined by single entrances."""

from __future__ import annotations

import numpy as np

from ..cellgraph import CellGraph
from ..errors import InvalidOptionError, UnsupportedError
from ..params import Mapping, Names, Param
from ..tessellations.fractal import fractal_shape
from ..tessellations.orthogonal import orthogonal_cells
from .registry import REGISTRY, Algorithm, algorithm, lookup

__all__ = ["fractal"]


def _check(cells: CellGraph) -> str | None:
    try:
        fractal_shape(cells)  # the one test of "is this a fractal tessellation"
    except UnsupportedError as error:
        return f"it nests a maze in every block of a fractal tessellation, and {error}"
    return None


BASE = Param(
    "base",
    Names(lambda: REGISTRY, "an algorithm other than fractal", several=True, exclude=("fractal",)),
    "backtracker",
    "the algorithm of every block, or a list with one per level (outermost first)",
)
BASE_OPTIONS = Param("base_options", Mapping(), None, "options passed to the base algorithm(s)")


def _levels(cells: CellGraph, base, base_options) -> list[tuple[Algorithm, dict]]:
    """Each level's algorithm and its checked options, outermost first."""
    rows, cols, depth = fractal_shape(cells)
    if isinstance(base, str):
        base = [base] * depth
    elif len(base) != depth:
        raise InvalidOptionError(
            f"base must be an algorithm name or a list of {depth} names (one per level, outermost first), "
            f"got {list(base)!r}"
        )
    small = cells.memo("fractal_block_grid", lambda: orthogonal_cells(rows, cols))
    checked = {}
    for name in dict.fromkeys(base):
        entry = lookup(name)
        why = entry.refusal(small)
        if why is not None:
            raise UnsupportedError(
                f"fractal cannot use {name} inside its {rows} x {cols} blocks: {why}; pick another algorithm"
            )
        try:
            checked[name] = (entry, entry.validate(small, options=base_options))
        except InvalidOptionError as error:
            raise InvalidOptionError(f"base_options: {error}") from None
    return [checked[name] for name in base]


@algorithm(
    "fractal",
    "fractal maze: a maze of blocks, each holding a smaller maze, joined by one entrance per passage",
    options=(BASE, BASE_OPTIONS),
    wall_focus=False,
    check=_check,
    check_options=lambda cells, options: _levels(cells, options["base"], options["base_options"]),
)
def fractal(cells: CellGraph, rng: np.random.Generator, *, base="backtracker", base_options=None):
    """Nested-cell fractal maze: a maze whose every cell holds a smaller maze, to a depth.

    Works on :func:`mazegraph.tessellations.fractal` (``rows x cols`` blocks,
    nested ``depth`` times). Level by level, from the largest blocks down:

    1. inside every block of level ``k - 1`` (the whole board for ``k = 1``), a
       maze of its ``rows x cols`` sub-blocks is made with ``base``, run on
       ``orthogonal(rows, cols)``;
    2. for every passage of that maze between two sub-blocks, *one* fine edge on
       their shared side, chosen uniformly, is opened: the entrance between the
       two nested mazes.

    At the last level the sub-blocks are single cells, so step 2 copies the
    maze itself. Why the whole is one perfect maze when ``base`` makes
    perfect mazes: by induction on the depth, a block's cells are joined by a
    spanning tree when each of its sub-blocks is (induction) and the sub-blocks
    are joined by a spanning tree of their grid with one edge per tree passage
    (contracting each sub-block to a point turns the block's open edges into
    that tree, which has no cycle, and an acyclic union of trees joined in a
    tree is a tree). So every block at every level is a perfect maze of its
    own, entered from each neighbouring block through at most one opening.
    With an algorithm that makes imperfect mazes (``braid``) the nesting is the
    same and the loops are kept.

    Parameters
    ----------
    cells : CellGraph
        A fractal tessellation.
    rng : numpy.random.Generator
        Seeds every inner maze and the choice of entrances.
    base : str or sequence of str, default "backtracker"
        The generator of the maze inside each block (named ``base`` as in
        ``unicursal``; ``algorithm`` is taken by :func:`~mazegraph.generate`):
        any registered algorithm that runs on a ``rows x cols`` orthogonal
        grid, or ``depth`` of them, one per level, outermost first.
    base_options : dict, optional
        Options passed to every inner run (e.g. ``{"bias": 0.5}`` for
        ``backtracker``); each algorithm used must take them all.

    Returns
    -------
    numpy.ndarray of bool
        The open-edge mask.

    Raises
    ------
    InvalidOptionError
        If ``base`` is neither the name of an algorithm other than ``"fractal"``
        nor a list of ``depth`` such names, or an option is not one an inner
        algorithm takes.
    UnsupportedError
        If an inner algorithm cannot run on the ``rows x cols`` orthogonal grid
        of a block (the message says why).

    Examples
    --------
    >>> import mazegraph as mg
    >>> F = mg.tessellations.fractal(3, 3, 2)
    >>> M = mg.generate(F, "fractal", seed=1, base="wilson")
    >>> M.is_perfect()
    True
    >>> levels = mg.tessellations.fractal_levels(F)
    >>> int((M.open & (levels == 1)).sum())  # entrances between the 9 largest blocks
    8

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification" (Dimension: fractal mazes, nested
       cell fractal: a maze with other mazes tiled within each cell, repeated to
       a depth), Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    rows, cols, depth = fractal_shape(cells)
    levels = _levels(cells, base, base_options)
    small = cells.memo("fractal_block_grid", lambda: orthogonal_cells(rows, cols))
    R, C = rows**depth, cols**depth
    n_horizontal = R * (C - 1)
    # each edge of a block's grid: the sub-block it leaves (the upper or left one) and whether it is horizontal
    block_row, block_col = np.divmod(small.edges[:, 0].astype(np.int64), cols)
    horizontal = np.arange(small.n_edges) < rows * (cols - 1)
    is_open = np.zeros(cells.n_edges, dtype=bool)
    for level, (entry, options) in enumerate(levels, start=1):
        parents = (rows * cols) ** (level - 1)
        passages = np.empty((parents, small.n_edges), dtype=bool)
        for p in range(parents):
            passages[p] = entry.run(small, rng, **options).mask
        parent, e = np.nonzero(passages)
        parent_row, parent_col = np.divmod(parent.astype(np.int64), cols ** (level - 1))
        br = parent_row * rows + block_row[e]  # the sub-block's place in the grid of level-`level` blocks
        bc = parent_col * cols + block_col[e]
        tall, wide = rows ** (depth - level), cols ** (depth - level)  # a sub-block's size in cells
        h = horizontal[e]
        offset = rng.integers(0, np.where(h, tall, wide))  # where along the shared side the entrance is
        across_column = (br * tall + offset) * (C - 1) + (bc + 1) * wide - 1
        across_row = n_horizontal + ((br + 1) * tall - 1) * C + bc * wide + offset
        is_open[np.where(h, across_column, across_row)] = True
    return is_open
