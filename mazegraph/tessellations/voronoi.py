"""Voronoi ("crack") mazes: irregular cells around random points in a box."""

from __future__ import annotations

import math
import numbers
from typing import TYPE_CHECKING

import numpy as np

from .._random import as_generator
from ..cellgraph import CellGraph, Labels, Polylines
from ..errors import InvalidSizeError
from ..params import Number, Param
from ._common import size
from .limits import check_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["voronoi", "voronoi_cells"]

_NAMES = ("east-west", "northeast-southwest", "north-south", "northwest-southeast")
_VANISHING = 1e-9  # ridges shorter than this many typical cell widths are not walls
#: Most Lloyd iterations: the cells stop changing visibly after a few; each costs a diagram.
MAX_RELAX = 100
#: Smallest and largest side of the box; Qhull fails or loops far outside (1e-200, 1e100).
MIN_SIDE, MAX_SIDE = 1e-12, 1e12
#: Largest ratio of the box's sides; Qhull fails on boxes thinner than about 1 : 10**7.
MAX_ASPECT = 1e4

PARAMS = (
    Param("relax", Number(0, MAX_RELAX, integer=True), 2, "Lloyd iterations", error=InvalidSizeError),
    Param("width", Number(MIN_SIDE, MAX_SIDE), None, "width of the box", error=InvalidSizeError),
    Param("height", Number(MIN_SIDE, MAX_SIDE), None, "height of the box", error=InvalidSizeError),
)


def _box(n_cells: int, width, height) -> tuple[float, float]:
    """The box: as given, or sized so the mean cell has area 1."""
    if width is None and height is None:
        return math.sqrt(n_cells), math.sqrt(n_cells)
    if height is None:
        width, height = width, n_cells / width
    elif width is None:
        width, height = n_cells / height, height
    if not MIN_SIDE <= min(width, height) <= max(width, height) <= MAX_SIDE:
        raise InvalidSizeError(
            f"a box of {width:g} x {height:g} for {n_cells} cells has a side outside [{MIN_SIDE:g}, {MAX_SIDE:g}]; "
            "give both width and height"
        )
    if max(width, height) > MAX_ASPECT * min(width, height):
        raise InvalidSizeError(
            f"a box of {width:g} x {height:g} is too thin: its sides may differ by a factor of at most {MAX_ASPECT:g}"
        )
    return width, height


def _seed_int(seed) -> int:
    """A plain int seed: ``seed`` itself if it is one, else one drawn from it."""
    rng = as_generator(seed)  # validates the type and sign
    if isinstance(seed, numbers.Integral):
        return int(seed)
    return int(rng.integers(0, 2**63))


def _clipped_ridges(points: np.ndarray, width: float, height: float, reach: float | None = None):
    """The Voronoi ridges of ``points``, clipped to the box ``[0, width] x [0, height]``.

    Points are mirrored across the sides of the box before the diagram is
    computed. A side is then the perpendicular bisector of a point and its
    mirror, so the point's cell ends exactly at the box; inside the box a mirror
    is never nearer than the point it mirrors, so the cells are those of the
    plain diagram, clipped. Only points within ``reach`` of a side are mirrored
    (by default two typical cell widths); if then a cell is unbounded or leaves
    the box (or the points are all on one line), ``reach`` doubles and the
    diagram is computed again, until every point is mirrored, which always
    succeeds.

    Returns
    -------
    pairs : ndarray of int, shape (k, 2)
        The two generators of each ridge that touches an original point; an index
        ``>= len(points)`` is a mirror, and its ridge lies on the box.
    segments : ndarray of float, shape (k, 2, 2)
        The ridge's end points.
    """
    from scipy.spatial import QhullError, Voronoi

    n = len(points)
    x, y = points[:, 0], points[:, 1]
    images = [
        (x, np.stack([-x, y], axis=1)),
        (width - x, np.stack([2 * width - x, y], axis=1)),
        (y, np.stack([x, -y], axis=1)),
        (height - y, np.stack([x, 2 * height - y], axis=1)),
    ]
    reach = 2.0 * math.sqrt(width * height / n) if reach is None else reach
    slack = 1e-9 * max(width, height)
    while True:
        everything = reach >= max(width, height)
        mirrors = [image[distance < reach] for distance, image in images]
        try:
            diagram = Voronoi(np.concatenate([points, *mirrors]))
        except QhullError:  # too few mirrors can leave the points on one line
            if everything:
                raise
            reach *= 2.0
            continue
        pairs = diagram.ridge_points.astype(np.int64)
        keep = (pairs < n).any(axis=1)
        ends = np.asarray(diagram.ridge_vertices, dtype=np.int64).reshape(-1, 2)[keep]
        segments = diagram.vertices[ends]
        if everything:  # every cell of an original point is bounded and inside the box
            return pairs[keep], segments
        if (ends >= 0).all():
            corners = segments.reshape(-1, 2)
            if ((corners >= -slack) & (corners <= [width + slack, height + slack])).all():
                return pairs[keep], segments
        reach *= 2.0


def _cells_geometry(points: np.ndarray, pairs: np.ndarray, segments: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Centroids and areas of the clipped cells, from their ridges.

    A cell is convex and holds its generator, so it is the fan of triangles from
    the generator to each of its ridges.
    """
    n = len(points)
    owner = pairs.ravel()
    sides = np.repeat(segments, 2, axis=0)
    inside = owner < n
    owner, sides = owner[inside], sides[inside]
    a, b = sides[:, 0] - points[owner], sides[:, 1] - points[owner]
    area = 0.5 * np.abs(a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0])
    centre = (points[owner] + sides[:, 0] + sides[:, 1]) / 3.0
    total = np.bincount(owner, area, minlength=n)
    centroid = np.stack(
        [np.bincount(owner, area * centre[:, k], minlength=n) for k in range(2)], axis=1
    ) / total[:, None]
    return centroid, total


@tessellation("voronoi", ("n_cells",), "Voronoi cells of random points in a box (crack)", (200,),
              bytes_per_cell=3000)
def voronoi_cells(n_cells: int, seed=None, relax: int = 2, width: float | None = None,
                  height: float | None = None) -> CellGraph:
    """Compile a Voronoi tessellation of ``n_cells`` cells in a box to arrays.

    See :func:`voronoi` for the parameters. Cell ``i`` is the Voronoi cell of
    point ``pos[i]``; the points are numbered in bands one typical cell high, top
    to bottom, left to right within a band. The spec stores an int seed (drawn
    from ``seed`` when it is not one) and the box, so it rebuilds the same cells.
    """
    n_cells = check_cells("voronoi", size("n_cells", n_cells))
    relax, width, height = (p.check(v, owner="voronoi") for p, v in zip(PARAMS, (relax, width, height)))
    width, height = _box(n_cells, width, height)
    seed = _seed_int(seed)
    rng = np.random.default_rng(seed)
    points = rng.random((n_cells, 2)) * [width, height]
    for _ in range(relax):  # Lloyd: move each point to its cell's centroid
        points, _ = _cells_geometry(points, *_clipped_ridges(points, width, height))
    cell = math.sqrt(width * height / n_cells)  # a typical cell's width
    band = np.floor((height - points[:, 1]) / cell)
    points = points[np.lexsort((points[:, 0], band))]

    pairs, segments = _clipped_ridges(points, width, height)
    length = np.hypot(*(segments[:, 1] - segments[:, 0]).T)
    wall = (pairs < n_cells).all(axis=1) & (length > _VANISHING * cell)
    edges = np.sort(pairs[wall], axis=1)
    order = np.lexsort((edges[:, 1], edges[:, 0]))
    edges, walls = edges[order], segments[wall][order]
    dx, dy = (points[edges[:, 1]] - points[edges[:, 0]]).T
    angle = np.degrees(np.arctan2(dy, dx)) % 180.0
    direction = np.floor((angle + 22.5) / 45.0).astype(np.int64) % 4
    box = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height), (0.0, 0.0)]
    return CellGraph(
        name="voronoi",
        labels=Labels(coords=np.arange(n_cells, dtype=np.int64)[:, None]),
        edges=edges,
        pos=points,
        walls=Polylines.from_segments(walls),
        boundary=Polylines.from_items([box]),
        direction=direction,
        direction_names=_NAMES,
        spec={
            "tessellation": "voronoi",
            "n_cells": n_cells,
            "seed": seed,
            "relax": relax,
            "width": width,
            "height": height,
        },
    )


def voronoi(n_cells: int, seed=None, relax: int = 2, width: float | None = None,
            height: float | None = None) -> nx.Graph:
    """Return an amorphous ("crack") tessellation: the Voronoi cells of random points.

    ``n_cells`` points are drawn uniformly in the box ``[0, width] x [0, height]``
    and, ``relax`` times, each is moved to the centroid of its cell (Lloyd's
    algorithm), which evens out the cell sizes. Each cell is the set of places
    nearer its point than any other, clipped to the box; two cells are neighbours
    when they share a side of positive length, and that side is their wall.

    Parameters
    ----------
    n_cells : int
        Number of cells, at least 1.
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None
        Where the points come from. The graph's ``spec`` stores an int seed
        (``seed`` itself, or one drawn from it), so the spec rebuilds these
        cells exactly even when ``seed`` is a Generator or None.
    relax : int
        Lloyd iterations, from 0 to ``MAX_RELAX`` (100) (default 2: 0 leaves
        a mix of tiny and huge cells; each iteration costs one more diagram).
    width, height : float, optional
        The box. By default it is square and its area is ``n_cells`` (the mean
        cell has area 1, like an orthogonal cell); give one side and the other
        keeps that mean area. Sides are from 10**-12 to 10**12 and differ by a
        factor of at most 10**4 (``MAX_ASPECT``).

    Returns
    -------
    networkx.Graph
        Nodes ``(i,)`` (one-tuples: the point's index) with ``pos``, the
        (relaxed) generator point of the cell, which lies inside it. Edges with
        ``wall`` (the shared side) and ``direction``: the angle of the line
        between the two points, modulo 180 degrees, in four classes of 45
        degrees centred on 0, 45, 90 and 135 degrees, named ``"east-west"``,
        ``"northeast-southwest"``, ``"north-south"`` and
        ``"northwest-southeast"``. No ``row``: the cells are not in rows, so
        row-by-row algorithms do not run on it. Graph ``boundary`` is the box
        (the union of the cell sides on it), ``start`` and ``goal`` the cells
        nearest the upper left and lower right.
        This is a view of the arrays that ``voronoi_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``n_cells`` is not a whole number of at least 1 or more cells than
        fit in memory (:mod:`~mazegraph.tessellations.limits`), ``relax`` not
        one from 0 to 100, or the box's sides are out of range.
    InvalidSeedError
        If ``seed`` is of an unsupported type or negative.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.voronoi(50, seed=3)
    >>> G.number_of_nodes()
    50
    >>> G.graph["spec"]["seed"], G.graph["spec"]["width"]
    (3, 7.0710678118654755)
    >>> mg.generate(G, "wilson", seed=1).is_perfect()
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Tessellation" (crack mazes),
       Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] F. Aurenhammer, "Voronoi diagrams: a survey of a fundamental geometric
       data structure", ACM Computing Surveys 23(3), 345-405, 1991.
    .. [3] S. P. Lloyd, "Least squares quantization in PCM", IEEE Transactions on
       Information Theory 28(2), 129-137, 1982.
    """
    return voronoi_cells(n_cells, seed=seed, relax=relax, width=width, height=height).to_networkx()
