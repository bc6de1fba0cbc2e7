"""Tessellations: the cells of a maze and the walls between them, as graphs.

Each public function returns a connected ``networkx.Graph`` whose nodes are cells
and whose edges are the walls that may open. The graphs carry their geometry as
attributes and remember their compiled arrays (:class:`~mazegraph.CellGraph`),
which :func:`build` returns directly for sizes where a graph would be too big.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

from ..cellgraph import CellGraph
from ..errors import InvalidOptionError, InvalidSizeError, MazeFormatError, UnknownTessellationError
from .delta import delta, delta_cells
from .fractal import fractal, fractal_blocks, fractal_cells, fractal_levels, fractal_shape
from .grid import grid, grid_cells
from .mask import from_mask, mask_cells
from .orthogonal import orthogonal, orthogonal_cells
from .planair import (
    cube,
    cube_cells,
    cylinder,
    cylinder_cells,
    klein,
    klein_cells,
    moebius,
    moebius_cells,
    planair,
    planair_cells,
    torus,
    torus_cells,
)
from .sigma import sigma, sigma_cells, sigma_hexagon, sigma_hexagon_cells
from .theta import theta, theta_cells
from .upsilon import upsilon, upsilon_cells
from .voronoi import voronoi, voronoi_cells
from .weave import weave, weave_cells, weave_under
from .zeta import zeta, zeta_cells, zeta_crossings

__all__ = [
    "orthogonal",
    "delta",
    "sigma",
    "sigma_hexagon",
    "theta",
    "planair",
    "torus",
    "cylinder",
    "moebius",
    "klein",
    "cube",
    "upsilon",
    "zeta",
    "zeta_crossings",
    "voronoi",
    "from_mask",
    "grid",
    "weave",
    "weave_under",
    "fractal",
    "fractal_levels",
    "fractal_blocks",
    "fractal_shape",
    "build",
    "from_spec",
    "names",
    "TESSELLATIONS",
]


@dataclass(frozen=True)
class Tessellation:
    """A registry entry: how to build a tessellation from its size parameters."""

    name: str
    cells: Callable[..., CellGraph]
    params: tuple[str, ...]  # size parameters, in the order `build` and the CLI take them
    summary: str
    example: tuple = ()  # sizes for the gallery and for the CLI without --size


TESSELLATIONS: dict[str, Tessellation] = {
    t.name: t
    for t in [
        Tessellation(
            "orthogonal", orthogonal_cells, ("rows", "cols"),
            "square cells, up to 4 neighbours (gamma)", (12, 16),
        ),
        Tessellation(
            "delta", delta_cells, ("rows", "cols"),
            "triangles pointing up and down, up to 3 neighbours", (12, 24),
        ),
        Tessellation(
            "sigma", sigma_cells, ("rows", "cols"),
            "hexagons on a rectangular board, up to 6 neighbours", (12, 14),
        ),
        Tessellation(
            "sigma_hexagon", sigma_hexagon_cells, ("radius",),
            "hexagons on a hexagon-shaped board", (8,),
        ),
        Tessellation(
            "theta", theta_cells, ("rings",),
            "concentric rings around a centre cell, arcs as walls", (10,),
        ),
        Tessellation(
            "upsilon", upsilon_cells, ("rows", "cols"),
            "octagons and squares (4.8.8), up to 8 neighbours", (11, 15),
        ),
        Tessellation(
            "zeta", zeta_cells, ("rows", "cols"),
            "square cells with diagonal passages, up to 8 neighbours", (12, 16),
        ),
        Tessellation(
            "grid", grid_cells, ("shape",),
            "orthogonal cells in any dimension, drawn as level slices", (5, 6, 3),
        ),
        Tessellation(
            "weave", weave_cells, ("rows", "cols"),
            "square cells whose passages may cross under a neighbour", (10, 12),
        ),
        Tessellation(
            "torus", torus_cells, ("rows", "cols"),
            "squares, opposite sides glued: no outer walls", (12, 16),
        ),
        Tessellation(
            "cylinder", cylinder_cells, ("rows", "cols"),
            "squares, east and west sides glued", (12, 16),
        ),
        Tessellation(
            "moebius", moebius_cells, ("rows", "cols"),
            "squares, east-west glued with a half twist", (8, 24),
        ),
        Tessellation(
            "klein", klein_cells, ("rows", "cols"),
            "squares on a Klein bottle", (12, 16),
        ),
        Tessellation(
            "cube", cube_cells, ("n",),
            "the six faces of a cube, drawn as a cross-shaped net", (6,),
        ),
        Tessellation(
            "planair", planair_cells, (),
            "glued rectangles (sections and links; demo: a box)", (),
        ),
        Tessellation(
            "voronoi", voronoi_cells, ("n_cells",),
            "Voronoi cells of random points in a box (crack)", (200,),
        ),
        Tessellation(
            "fractal", fractal_cells, ("rows", "cols", "depth"),
            "square cells in nested blocks, a maze in every block (generator 'fractal')", (4, 4, 2),
        ),
        Tessellation(
            "mask", mask_cells, (),
            "square cells inside a shape (a mask; demo: a heart)", (),
        ),
    ]
}


def names() -> list[str]:
    """The names of the tessellations :func:`build` knows."""
    return sorted(TESSELLATIONS)


def build(name: str, *sizes, **options) -> CellGraph:
    """Build a tessellation's compiled arrays by name, without a networkx graph.

    Parameters
    ----------
    name : str
        One of :func:`names`.
    *sizes : int
        Its size parameters in order (``rows, cols``; ``radius``; ``rings``;
        for ``grid`` one tuple, the shape).
    **options
        Other keyword arguments of the builder (e.g. ``seed`` for ``voronoi``).

    Returns
    -------
    CellGraph
        Call ``.to_networkx()`` on it for the graph.

    Raises
    ------
    UnknownTessellationError
        If ``name`` is unknown; the message lists the known names.
    InvalidSizeError
        If the number of sizes is wrong or a size is invalid.
    InvalidOptionError
        If an option is not one the builder takes.

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.tessellations.build("orthogonal", 1000, 1000)
    <CellGraph orthogonal: 1000000 cells, 1998000 edges>
    """
    try:
        entry = TESSELLATIONS[name]
    except KeyError:
        raise UnknownTessellationError(name, TESSELLATIONS) from None
    if len(sizes) != len(entry.params):
        want = " x ".join(entry.params)
        raise InvalidSizeError(f"{name} takes {len(entry.params)} size(s) ({want}), got {len(sizes)}")
    unknown = set(options) - set(inspect.signature(entry.cells).parameters)
    if unknown:
        raise InvalidOptionError(f"{name} does not take option(s) {', '.join(sorted(unknown))}")
    return entry.cells(*sizes, **options)


def from_spec(spec: dict) -> CellGraph:
    """Rebuild a tessellation from the ``spec`` dict a CellGraph carries.

    Raises
    ------
    MazeFormatError
        If the spec lacks its name or a size parameter.
    UnknownTessellationError
        If the name is unknown.
    """
    if spec.get("tessellation") == "graph":
        return CellGraph.from_dict(spec)
    try:
        entry = TESSELLATIONS[spec["tessellation"]]
    except KeyError:
        if "tessellation" not in spec:
            raise MazeFormatError("tessellation spec lacks the field 'tessellation'") from None
        raise UnknownTessellationError(spec["tessellation"], TESSELLATIONS) from None
    missing = [p for p in entry.params if p not in spec]
    if missing:
        raise MazeFormatError(f"{entry.name} spec lacks the field(s) {', '.join(missing)}")
    arguments = {k: v for k, v in spec.items() if k != "tessellation"}
    try:
        return entry.cells(**arguments)
    except TypeError as error:
        raise MazeFormatError(f"malformed {entry.name} spec {spec!r}: {error}") from None
