"""Tessellations: the cells of a maze and the walls between them, as graphs.

Each public function returns a connected ``networkx.Graph`` whose nodes are cells
and whose edges are the walls that may open. The graphs carry their geometry as
attributes and remember their compiled arrays (:class:`~mazegraph.CellGraph`).
:func:`build` is the array path: it returns the arrays directly, without the
graph, which is what to use above about 10**5 cells (see the module
:mod:`mazegraph.tessellations.registry`). :func:`compile_graph` turns any other
connected graph into arrays.

Every builder checks its size before it allocates anything: a tessellation whose
arrays (or graph) would take more than half of this machine's memory is refused
with :class:`~mazegraph.errors.InvalidSizeError`, which says the estimate and the
limit. Set the environment variable ``MAZEGRAPH_MAX_CELLS`` to the most cells to
allow, to go further on a big machine (see :mod:`mazegraph.tessellations.limits`).
"""

from __future__ import annotations

from .compile import compile_graph
from .delta import delta, delta_cells
from .fractal import fractal, fractal_blocks, fractal_cells, fractal_levels, fractal_shape
from .grid import grid, grid_cells
from .mask import from_mask, mask_cells
from .orthogonal import orthogonal, orthogonal_cells
from .planair import planair, planair_cells
from .registry import TESSELLATIONS, Tessellation, build, from_spec, from_text, names, parse_size
from .sigma import sigma, sigma_cells, sigma_hexagon, sigma_hexagon_cells
from .surfaces import (
    cube,
    cube_cells,
    cylinder,
    cylinder_cells,
    klein,
    klein_cells,
    moebius,
    moebius_cells,
    torus,
    torus_cells,
)
from .theta import theta, theta_cells
from .upsilon import upsilon, upsilon_cells
from .voronoi import voronoi, voronoi_cells
from .weave import weave, weave_cells, weave_under
from .zeta import zeta, zeta_cells, zeta_crossings

__all__ = [
    "orthogonal",
    "orthogonal_cells",
    "delta",
    "delta_cells",
    "sigma",
    "sigma_cells",
    "sigma_hexagon",
    "sigma_hexagon_cells",
    "theta",
    "theta_cells",
    "planair",
    "planair_cells",
    "torus",
    "torus_cells",
    "cylinder",
    "cylinder_cells",
    "moebius",
    "moebius_cells",
    "klein",
    "klein_cells",
    "cube",
    "cube_cells",
    "upsilon",
    "upsilon_cells",
    "zeta",
    "zeta_cells",
    "zeta_crossings",
    "voronoi",
    "voronoi_cells",
    "from_mask",
    "mask_cells",
    "grid",
    "grid_cells",
    "weave",
    "weave_cells",
    "weave_under",
    "fractal",
    "fractal_cells",
    "fractal_levels",
    "fractal_blocks",
    "fractal_shape",
    "build",
    "from_spec",
    "from_text",
    "parse_size",
    "names",
    "compile_graph",
    "Tessellation",
    "TESSELLATIONS",
]
