"""Directions: the share of passages in each direction class against the share offered, Pullen's bias."""

from __future__ import annotations

import math

import numpy as np

from ..cellgraph import CellGraph
from ..errors import MissingAttributeError
from ..params import MAZE, checked
from ._common import facts, maze_cells

__all__ = ["bias"]


def _offered(cells: CellGraph) -> np.ndarray:
    known = facts(cells)
    if "offered" not in known:
        known["offered"] = np.bincount(cells.direction, minlength=len(cells.direction_names)).astype(np.int64)
    return known["offered"]


@checked(MAZE)
def bias(maze) -> dict[str, tuple[float, float, float]]:
    """Share of open passages in each direction class against the share offered.

    Each edge of a tessellation has a direction class (``cells.direction``,
    named by ``cells.direction_names``): horizontal and vertical on square
    grids, the three hexagon axes on sigma, radial and circumferential on
    theta, one per axis on n-dimensional grids. A maze is unbiased in a class
    when it opens the same share of its passages in that class as the
    tessellation offers among its edges.

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    dict of str to (float, float, float)
        For each class, in ``direction_names`` order: ``(passage_share,
        offered_share, ratio)`` where ``passage_share`` is the fraction of
        open passages in the class, ``offered_share`` the fraction of all
        edges of the tessellation in it, and ``ratio = passage_share /
        offered_share`` (1 = no bias; above 1 = the maze prefers the class).
        Shares are NaN when no passage is open; a ratio is NaN when the class
        has no edge.

    Raises
    ------
    MissingAttributeError
        If the tessellation's edges have no ``direction`` (a plain user
        graph); bias then means nothing, so no empty result is returned.
    TypeError
        If ``maze`` is not a :class:`~mazegraph.Maze`.

    Notes
    -----
    Pullen calls a maze biased when its passages tend to go one way more than
    others. Class shares see a preference for one direction over another, not
    for one side: the pull of Binary Tree towards one corner keeps its
    horizontal and vertical shares near even. On a square grid of
    R rows and C columns the offered shares are ``R(C-1)`` horizontal and
    ``(R-1)C`` vertical edges out of their sum; a perfect maze on it can only
    be judged against those, not against one half each.

    References
    ----------
    .. [1] Walter D. Pullen, "Maze Algorithms", Think Labyrinth,
       https://www.astrolog.org/labyrnth/algrithm.htm (texture: bias).

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(3, 3)
    >>> spine = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> teeth = [((r, c), (r + 1, c)) for c in range(3) for r in range(2)]
    >>> mg.metrics.bias(mg.Maze(G, spine + teeth))
    {'horizontal': (0.25, 0.5, 0.5), 'vertical': (0.75, 0.5, 1.5)}
    """
    cells = maze_cells(maze)
    if cells.direction is None:
        raise MissingAttributeError(
            "bias needs a direction class on every edge: give the graph's edges a 'direction' attribute"
        )
    return shares_by_direction(cells, maze.open)


def shares_by_direction(cells, is_open) -> dict[str, tuple[float, float, float]]:
    """:func:`bias` of the open-edge mask ``is_open`` on a tessellation with directions."""
    names = cells.direction_names
    offered = _offered(cells)
    passages = np.bincount(cells.direction[is_open], minlength=len(names))
    n_open = int(passages.sum())
    out = {}
    for k, name in enumerate(names):
        p = passages[k] / n_open if n_open else math.nan
        q = offered[k] / cells.n_edges if cells.n_edges else math.nan
        ratio = p / q if q > 0 else math.nan
        out[name] = (float(p), float(q), float(ratio))
    return out


def total_variation(shares: dict[str, tuple[float, float, float]]) -> float:
    """Total variation distance between passage and offered shares of :func:`bias`: ``0.5 * sum(|p - q|)``."""
    return 0.5 * sum(abs(p - q) for p, q, _ in shares.values())
