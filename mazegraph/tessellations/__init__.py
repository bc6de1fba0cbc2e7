"""Tessellations: the cells of a maze and the walls between them, as graphs.

Each public function returns a connected ``networkx.Graph`` whose nodes are cells
and whose edges are the walls that may open. The graphs carry their geometry as
attributes and remember their compiled arrays (:class:`~mazegraph.CellGraph`),
which :func:`build` returns directly for sizes where a graph would be too big.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..cellgraph import CellGraph
from ..errors import InvalidSizeError, MazeFormatError, UnknownTessellationError
from .delta import delta, delta_cells
from .orthogonal import orthogonal, orthogonal_cells
from .sigma import sigma, sigma_cells, sigma_hexagon, sigma_hexagon_cells
from .theta import theta, theta_cells

__all__ = [
    "orthogonal",
    "delta",
    "sigma",
    "sigma_hexagon",
    "theta",
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
    example: tuple = ()  # sizes for the gallery


TESSELLATIONS: dict[str, Tessellation] = {
    t.name: t
    for t in [
        Tessellation("orthogonal", orthogonal_cells, ("rows", "cols"), "square cells, up to 4 neighbours (gamma)", (12, 16)),
        Tessellation("delta", delta_cells, ("rows", "cols"), "triangles pointing up and down, up to 3 neighbours", (12, 24)),
        Tessellation("sigma", sigma_cells, ("rows", "cols"), "hexagons on a rectangular board, up to 6 neighbours", (12, 14)),
        Tessellation("sigma_hexagon", sigma_hexagon_cells, ("radius",), "hexagons on a hexagon-shaped board", (8,)),
        Tessellation("theta", theta_cells, ("rings",), "concentric rings around a centre cell, arcs as walls", (10,)),
    ]
}


def names() -> list[str]:
    """The names of the tessellations :func:`build` knows."""
    return sorted(TESSELLATIONS)


def build(name: str, *sizes: int) -> CellGraph:
    """Build a tessellation's compiled arrays by name, without a networkx graph.

    Parameters
    ----------
    name : str
        One of :func:`names`.
    *sizes : int
        Its size parameters in order (``rows, cols``; ``radius``; ``rings``).

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
    return entry.cells(*sizes)


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
