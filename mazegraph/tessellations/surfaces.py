"""Named planair surfaces: the torus, cylinder, Moebius strip, Klein bottle and cube.

Each is a :func:`~mazegraph.tessellations.planair` maze with a fixed gluing: one
rectangle with some of its sides glued, or for the cube six squares folded from
a cross-shaped net. Their specs name the surface and its size
(``{"tessellation": "torus", "rows": 12, "cols": 16}``) rather than the
sections and links.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cellgraph import CellGraph
from ..errors import GluingError
from ._common import size
from ._net import box_net
from .planair import glue, normalise_links
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = [
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
]


def _single(name: str, rows: int, cols: int, links: list) -> CellGraph:
    sections = [{"rows": rows, "cols": cols, "origin": [0, 0]}]
    links = normalise_links(links, sections)
    return glue(sections, links, name, {"tessellation": name, "rows": rows, "cols": cols})


@tessellation("torus", ("rows", "cols"), "squares, opposite sides glued: no outer walls", (12, 16), bytes_per_cell=950)
def torus_cells(rows: int, cols: int) -> CellGraph:
    """Compile a ``rows x cols`` torus to arrays; see :func:`torus`."""
    rows, cols = size("rows", rows), size("cols", cols)
    if rows < 3 or cols < 3:
        raise GluingError(
            f"a torus needs at least 3 rows and 3 columns to be a simple graph, got {rows} x {cols}"
        )
    return _single("torus", rows, cols, [[0, "north", 0, "south", False], [0, "west", 0, "east", False]])


@tessellation("cylinder", ("rows", "cols"), "squares, east and west sides glued", (12, 16), bytes_per_cell=950)
def cylinder_cells(rows: int, cols: int) -> CellGraph:
    """Compile a ``rows x cols`` cylinder to arrays; see :func:`cylinder`."""
    rows, cols = size("rows", rows), size("cols", cols)
    if cols < 3:
        raise GluingError(f"a cylinder needs at least 3 columns to be a simple graph, got {rows} x {cols}")
    return _single("cylinder", rows, cols, [[0, "west", 0, "east", False]])


@tessellation("moebius", ("rows", "cols"), "squares, east-west glued with a half twist", (8, 24), bytes_per_cell=950)
def moebius_cells(rows: int, cols: int) -> CellGraph:
    """Compile a ``rows x cols`` Moebius strip to arrays; see :func:`moebius`."""
    rows, cols = size("rows", rows), size("cols", cols)
    if not (cols >= 3 or (cols == 2 and rows % 2 == 0)):
        raise GluingError(
            "a Moebius strip needs at least 3 columns, or 2 columns and an even number of rows, "
            f"to be a simple graph, got {rows} x {cols}"
        )
    return _single("moebius", rows, cols, [[0, "west", 0, "east", True]])


@tessellation("klein", ("rows", "cols"), "squares on a Klein bottle", (12, 16), bytes_per_cell=950)
def klein_cells(rows: int, cols: int) -> CellGraph:
    """Compile a ``rows x cols`` Klein bottle to arrays; see :func:`klein`."""
    rows, cols = size("rows", rows), size("cols", cols)
    if cols < 3 or not (rows >= 3 or (rows == 2 and cols % 2 == 0)):
        raise GluingError(
            "a Klein bottle needs at least 3 columns and at least 3 rows (or 2 rows and an even number "
            f"of columns) to be a simple graph, got {rows} x {cols}"
        )
    return _single("klein", rows, cols, [[0, "west", 0, "east", False], [0, "north", 0, "south", True]])


@tessellation("cube", ("n",), "the six faces of a cube, drawn as a cross-shaped net", (6,), bytes_per_cell=950)
def cube_cells(n: int) -> CellGraph:
    """Compile the surface of an ``n x n x n`` cube to arrays; see :func:`cube`."""
    n = size("n", n)
    sections, links = box_net(n, n, n)
    return glue(sections, links, "cube", {"tessellation": "cube", "n": n})


def torus(rows: int, cols: int) -> nx.Graph:
    """Return a maze grid on a torus: a rectangle whose opposite sides are glued.

    A passage leaving the east side comes back on the west side in the same row,
    one leaving the north side comes back on the south side in the same column:
    every cell has four neighbours and there are no outer walls.

    Parameters
    ----------
    rows, cols : int
        Number of rows and columns, each at least 3 (with fewer, the gluing
        would join two cells twice or a cell to itself).

    Returns
    -------
    networkx.Graph
        As from :func:`planair` with one section: nodes ``(0, row, col)``;
        ``spec`` is ``{"tessellation": "torus", "rows": rows, "cols": cols}``.
        This is a view of the arrays that ``torus_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.
    GluingError
        If ``rows`` or ``cols`` is less than 3.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.torus(3, 4)
    >>> G.number_of_nodes(), G.number_of_edges(), {d for _, d in G.degree}
    (12, 24, {4})
    >>> sorted(G[(0, 0, 0)])
    [(0, 0, 1), (0, 0, 3), (0, 1, 0), (0, 2, 0)]

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Dimension" (planair mazes),
       Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    return torus_cells(rows, cols).to_networkx()


def cylinder(rows: int, cols: int) -> nx.Graph:
    """Return a maze grid on a cylinder: a rectangle with its east and west sides glued.

    A passage leaving the east side comes back on the west side in the same row;
    the north and south sides stay outer walls, the two rims of the cylinder.

    Parameters
    ----------
    rows, cols : int
        Number of rows (at least 1) and columns (at least 3).

    Returns
    -------
    networkx.Graph
        As from :func:`planair` with one section: nodes ``(0, row, col)``;
        ``spec`` is ``{"tessellation": "cylinder", "rows": rows, "cols": cols}``.
        This is a view of the arrays that ``cylinder_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.
    GluingError
        If ``cols`` is less than 3.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.cylinder(3, 5)
    >>> G.number_of_edges()
    25
    >>> G.has_edge((0, 1, 4), (0, 1, 0))
    True

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Dimension" (planair mazes),
       Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    return cylinder_cells(rows, cols).to_networkx()


def moebius(rows: int, cols: int) -> nx.Graph:
    """Return a maze grid on a Moebius strip: east and west sides glued with a half twist.

    A passage leaving the east side in row ``r`` comes back on the west side in
    row ``rows - 1 - r``. The north and south sides form one single rim.

    Parameters
    ----------
    rows, cols : int
        Number of rows and columns: at least 3 columns, or 2 columns and an even
        number of rows (otherwise the twist would glue a cell to itself or to a
        neighbour).

    Returns
    -------
    networkx.Graph
        As from :func:`planair` with one section: nodes ``(0, row, col)``;
        ``spec`` is ``{"tessellation": "moebius", "rows": rows, "cols": cols}``.
        This is a view of the arrays that ``moebius_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.
    GluingError
        If the size is too small for a simple graph.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.moebius(3, 5)
    >>> G.has_edge((0, 0, 4), (0, 2, 0)), G.has_edge((0, 0, 4), (0, 0, 0))
    (True, False)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Dimension" (planair mazes),
       Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    """
    return moebius_cells(rows, cols).to_networkx()


def klein(rows: int, cols: int) -> nx.Graph:
    """Return a maze grid on a Klein bottle.

    The east and west sides are glued straight (row ``r`` to row ``r``) and the
    north and south sides reversed (column ``c`` to column ``cols - 1 - c``):
    every cell has four neighbours, as on a torus, but the surface is one-sided.

    Parameters
    ----------
    rows, cols : int
        Number of rows and columns: at least 3 columns, and at least 3 rows or 2
        rows with an even number of columns.

    Returns
    -------
    networkx.Graph
        As from :func:`planair` with one section: nodes ``(0, row, col)``;
        ``spec`` is ``{"tessellation": "klein", "rows": rows, "cols": cols}``.
        This is a view of the arrays that ``klein_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``rows`` or ``cols`` is not a whole number of at least 1.
    GluingError
        If the size is too small for a simple graph.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.klein(4, 5)
    >>> G.has_edge((0, 0, 0), (0, 3, 4)), G.has_edge((0, 0, 0), (0, 0, 4))
    (True, True)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Dimension" (planair mazes),
       Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] I. Hafner and T. Zitko, "Mazes on surfaces",
       http://mat03.fe.uni-lj.si/html/people/izidor/homepage/visual11/SurfaceMazes.html
    """
    return klein_cells(rows, cols).to_networkx()


def cube(n: int) -> nx.Graph:
    """Return a maze grid on the surface of a cube, drawn as a cross-shaped net.

    Six ``n x n`` faces: 0 top, 1 left, 2 front, 3 right, 4 back, 5 bottom.
    Left, front, right and back form the middle row of the cross, top sits
    above the front face and bottom below it. All twelve cube edges are glued,
    so a passage may walk all round the cube; cells that touch across a cube
    edge are neighbours and every cell has four of them.

    Parameters
    ----------
    n : int
        Cells along each edge of the cube, at least 1.

    Returns
    -------
    networkx.Graph
        ``6 n**2`` cells ``(face, row, col)``, row 0 at the top of the face as
        drawn in the net; other attributes as from :func:`planair`, with
        ``spec`` ``{"tessellation": "cube", "n": n}``.
        This is a view of the arrays that ``cube_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    InvalidSizeError
        If ``n`` is not a whole number of at least 1.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.cube(3)
    >>> G.number_of_nodes(), G.number_of_edges()
    (54, 108)
    >>> sorted(G[(0, 0, 0)])  # a corner of the top face: the left and back faces meet there
    [(0, 0, 1), (0, 1, 0), (1, 0, 0), (4, 0, 2)]

    References
    ----------
    .. [1] W. D. Pullen, "Daedalus" (planair mazes on the surface of a cube),
       https://www.astrolog.org/labyrnth/daedalus.htm
    """
    return cube_cells(n).to_networkx()
