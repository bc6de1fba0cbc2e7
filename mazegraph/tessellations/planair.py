"""Planair mazes: rectangles of square cells whose sides are glued together.

A *planair* maze (Walter D. Pullen's word, from his Daedalus program) lives on
a surface made by gluing the sides of rectangular *sections* of orthogonal
cells: glue the east and west sides of one rectangle and you get a cylinder,
glue them with a half twist and you get a Moebius strip, glue six squares edge
to edge and you get the surface of a cube. The surface is drawn unfolded, as
its *net*; matching letters and arrows on the glued sides say which side
continues into which, and in which direction.

The general builder is :func:`planair`; :func:`glue` is the gluing core it
shares with the named surfaces of :mod:`mazegraph.tessellations.surfaces`
(:func:`~mazegraph.tessellations.torus`, ``cylinder``, ``moebius``, ``klein``,
``cube``), and :mod:`mazegraph.tessellations._net` draws the net.

Conventions
-----------
Section ``s`` has ``rows x cols`` cells labelled ``(s, row, col)``, row 0 at
the top, and is drawn with its lower-left corner at ``origin`` (in cell units).
The cells along a side are listed in the order of increasing coordinate: along
``"north"`` and ``"south"`` from west to east (column 0 first), along
``"east"`` and ``"west"`` from north to south (row 0 first). A link
``[a, side_a, b, side_b, reversed]`` pairs the i-th cell along ``side_a`` of
section ``a`` with the i-th cell along ``side_b`` of section ``b`` (with the
``(k - 1 - i)``-th when ``reversed``) and adds an edge between each pair. In
the drawing each glued side carries a letter and an arrow; the surface is made
by gluing sides with the same letter so that their arrows point the same way
(the usual convention of topology for identifying the sides of a square).
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np

from ..cellgraph import CellGraph, Labels, Polylines
from ..errors import DisconnectedGraphError, GluingError
from ._common import size
from ._net import SIDES, box_net, link_letter, section_arrays, side_cells, side_notes, side_segment
from .limits import BYTES_PER_CELL, check_cells
from .registry import tessellation

if TYPE_CHECKING:  # networkx is imported when a graph is asked for (to_networkx)
    import networkx as nx

__all__ = ["planair", "planair_cells", "SIDES", "glue", "normalise_links"]

_SECTION_KEYS = ("rows", "cols", "origin")


# -- the description: sections and links ---------------------------------------------


def _number(value, what: str):
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not np.isfinite(float(value)):
        raise GluingError(f"{what} must be a finite number, got {value!r}")
    return int(value) if isinstance(value, numbers.Integral) else float(value)


def normalise_sections(sections) -> list[dict]:
    """Check the sections and return them as plain dicts with an explicit origin.

    A section without ``origin`` is placed one cell to the right of the sections
    before it, on ``y = 0``.
    """
    if isinstance(sections, (str, bytes, dict)) or not hasattr(sections, "__iter__"):
        raise GluingError(f"sections must be a list of {{'rows', 'cols', 'origin'}} dicts, got {sections!r}")
    out, right = [], 0
    for s, section in enumerate(sections):
        if not isinstance(section, dict):
            raise GluingError(f"section {s} must be a dict with 'rows', 'cols' and 'origin', got {section!r}")
        extra = sorted(set(section) - set(_SECTION_KEYS), key=str)
        if extra:
            raise GluingError(f"section {s} has unknown field(s) {', '.join(map(repr, extra))}; "
                              "a section has 'rows', 'cols' and 'origin'")
        missing = [k for k in ("rows", "cols") if k not in section]
        if missing:
            raise GluingError(f"section {s} lacks the field(s) {', '.join(map(repr, missing))}")
        rows = size(f"rows of section {s}", section["rows"])
        cols = size(f"cols of section {s}", section["cols"])
        if "origin" in section:
            origin = section["origin"]
            if isinstance(origin, (str, bytes, dict)) or not hasattr(origin, "__len__") or len(origin) != 2:
                raise GluingError(f"origin of section {s} must be [x, y], got {origin!r}")
            origin = [_number(v, f"origin of section {s}") for v in origin]
        else:
            origin = [right, 0]
        right = max(right, origin[0] + cols + 1)
        out.append({"rows": rows, "cols": cols, "origin": origin})
    if not out:
        raise GluingError("a planair maze needs at least one section")
    return out


def normalise_links(links, sections: list[dict]) -> list[list]:
    """Check the links against the sections; return them as 5-item lists."""
    if isinstance(links, (str, bytes, dict)) or not hasattr(links, "__iter__"):
        raise GluingError(f"links must be a list of [section_a, side_a, section_b, side_b, reversed], got {links!r}")
    n = len(sections)
    out, used = [], {}
    for k, link in enumerate(links):
        if isinstance(link, (str, bytes, dict)) or not hasattr(link, "__len__") or len(link) not in (4, 5):
            raise GluingError(f"link {k} must be [section_a, side_a, section_b, side_b, reversed], got {link!r}")
        a, side_a, b, side_b = link[:4]
        flip = link[4] if len(link) == 5 else False
        for s in (a, b):
            if isinstance(s, bool) or not isinstance(s, numbers.Integral) or not 0 <= s < n:
                known = "there is only section 0" if n == 1 else f"the sections are numbered 0 to {n - 1}"
                raise GluingError(f"link {k} names section {s!r}, but {known}")
        for side in (side_a, side_b):
            if side not in SIDES:
                raise GluingError(f"link {k} names side {side!r}; the sides are {', '.join(SIDES)}")
        if isinstance(flip, (bool, np.bool_)) or flip in (0, 1):
            flip = bool(flip)
        else:
            raise GluingError(f"link {k}: 'reversed' must be true or false, got {flip!r}")
        a, b = int(a), int(b)
        if (a, side_a) == (b, side_b):
            raise GluingError(f"link {k} glues the {side_a} side of section {a} to itself; link it to another side")
        for s, side in ((a, side_a), (b, side_b)):
            if (s, side) in used:
                raise GluingError(
                    f"the {side} side of section {s} is linked twice (links {used[(s, side)]} and {k}); "
                    "a side continues into exactly one other side"
                )
            used[(s, side)] = k
        len_a, len_b = _side_length(sections[a], side_a), _side_length(sections[b], side_b)
        if len_a != len_b:
            raise GluingError(
                f"link {k} glues the {side_a} side of section {a} ({len_a} cells) to the {side_b} side of "
                f"section {b} ({len_b} cells); linked sides must have the same length"
            )
        out.append([a, side_a, b, side_b, flip])
    return out


def _side_length(section: dict, side: str) -> int:
    return section["cols"] if side in ("north", "south") else section["rows"]


def _check_overlap(sections: list[dict]) -> None:
    boxes = np.array([[*s["origin"], s["cols"], s["rows"]] for s in sections], dtype=np.float64)
    x, y, w, h = boxes.T
    overlap = (
        (np.minimum(x[:, None] + w[:, None], x + w) - np.maximum(x[:, None], x) > 1e-9)
        & (np.minimum(y[:, None] + h[:, None], y + h) - np.maximum(y[:, None], y) > 1e-9)
    )
    np.fill_diagonal(overlap, False)
    if overlap.any():
        i, j = (int(v) for v in np.argwhere(overlap)[0])
        raise GluingError(
            f"sections {i} and {j} overlap in the net (origins {sections[i]['origin']} and "
            f"{sections[j]['origin']}); move one so that each cell has its own place in the drawing"
        )


def _check_connected(sections: list[dict], links: list[list]) -> None:
    """Sections are connected inside; the surface is connected iff the links join them all."""
    parent = list(range(len(sections)))

    def root(s):
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    for a, _, b, _, _ in links:
        parent[root(a)] = root(b)
    apart = [s for s in range(len(sections)) if root(s) != root(0)]
    if apart:
        pieces = len({root(s) for s in range(len(sections))})
        raise DisconnectedGraphError(
            f"the glued surface falls apart into {pieces} pieces: section(s) {apart} are not linked to "
            "section 0, directly or through other sections; add links that join them"
        )


# -- the builder --------------------------------------------------------------------


def glue(sections: list[dict], links: list[list], name: str, spec: dict) -> CellGraph:
    """Build the CellGraph of sections and links normalised by :func:`normalise_sections` and
    :func:`normalise_links`, named ``name`` and carrying ``spec``."""
    check_cells(name, sum(s["rows"] * s["cols"] for s in sections), BYTES_PER_CELL["planair"])
    firsts = np.cumsum([0] + [s["rows"] * s["cols"] for s in sections])
    n = int(firsts[-1])
    coords, pos, edges, walls, direction = [], [], [], [], []
    for s, section in enumerate(sections):
        r, c, p, e, w, d = section_arrays(int(firsts[s]), section)
        coords.append(np.stack([np.full_like(r, s), r, c], axis=1))
        pos.append(p)
        edges.append(e)
        walls.append(w)
        direction.append(d)
    interior_edges = np.concatenate(edges)
    interior_walls = Polylines.from_segments(np.concatenate(walls).reshape(-1, 2, 2))

    glued_edges, glued_points, glued_direction, link_of_edge, notes = [], [], [], [], []
    annotated = 0
    for k, (a, side_a, b, side_b, flip) in enumerate(links):
        cells_a, walls_a = side_cells(int(firsts[a]), sections[a], side_a)
        cells_b, walls_b = side_cells(int(firsts[b]), sections[b], side_b)
        if flip:
            cells_b, walls_b = cells_b[::-1], walls_b[::-1]
        glued_edges.append(np.stack([cells_a, cells_b], axis=1))
        gap = np.full((len(cells_a), 1, 2), np.nan)
        glued_points.append(np.concatenate([walls_a.reshape(-1, 2, 2), gap, walls_b.reshape(-1, 2, 2)], axis=1))
        glued_direction.append(np.full(len(cells_a), 0 if side_a in ("east", "west") else 1))
        link_of_edge.append(np.full(len(cells_a), k))
        if not np.allclose(walls_a, walls_b):  # sides that touch in the net need no letters
            letter = link_letter(annotated)
            annotated += 1
            notes += side_notes(sections[a], side_a, letter, True)
            notes += side_notes(sections[b], side_b, letter, not flip)

    if glued_edges:
        glued = np.concatenate(glued_edges)
        points = np.concatenate(glued_points).reshape(-1, 2)
        all_walls = Polylines.concatenate(
            [interior_walls, Polylines(points, np.arange(0, len(points) + 1, 5))]
        )
        all_edges = np.concatenate([interior_edges, glued])
        link_of_edge = np.concatenate([np.full(len(interior_edges), -1), np.concatenate(link_of_edge)])
        all_direction = np.concatenate(direction + glued_direction)
    else:
        all_edges, all_walls, all_direction = interior_edges, interior_walls, np.concatenate(direction)
        link_of_edge = np.full(len(interior_edges), -1)

    labels = Labels(coords=np.concatenate(coords))
    _check_simple(all_edges, link_of_edge, links, labels, n)

    linked = {(a, side_a) for a, side_a, *_ in links} | {(b, side_b) for _, _, b, side_b, _ in links}
    boundary = [side_segment(section, side) for s, section in enumerate(sections) for side in SIDES
                if (s, side) not in linked]
    cells = CellGraph(
        name=name,
        labels=labels,
        edges=all_edges,
        pos=np.concatenate(pos),
        walls=all_walls,
        boundary=Polylines.from_segments(np.array(boundary, dtype=np.float64).reshape(-1, 2, 2)),
        annotations=notes,
        direction=all_direction,
        direction_names=("horizontal", "vertical"),
        row=np.concatenate(coords)[:, 1],
        start=0,
        goal=0,
        spec=spec,
    )
    cells.goal = _farthest(cells, 0)
    return cells


def _farthest(cells: CellGraph, source: int) -> int:
    """A cell as far as possible from ``source`` (the last in breadth-first order)."""
    from scipy.sparse.csgraph import breadth_first_order

    order = breadth_first_order(cells.adjacency(), source, directed=False, return_predecessors=False)
    return int(order[-1])


def _check_simple(edges, link_of_edge, links, labels, n) -> None:
    """Raise if gluing made a self-loop or joined two cells twice."""
    loops = np.flatnonzero(edges[:, 0] == edges[:, 1])
    if len(loops):
        e = int(loops[0])
        raise GluingError(
            f"link {int(link_of_edge[e])} ({_describe(links[link_of_edge[e]])}) glues cell "
            f"{labels[int(edges[e, 0])]} to itself; the result would not be a simple graph"
        )
    key = np.minimum(edges[:, 0], edges[:, 1]) * n + np.maximum(edges[:, 0], edges[:, 1])
    order = np.argsort(key, kind="stable")
    same = np.flatnonzero(key[order][1:] == key[order][:-1])
    if len(same):
        e1, e2 = int(order[same[0]]), int(order[same[0] + 1])
        u, v = labels[int(edges[e2, 0])], labels[int(edges[e2, 1])]
        if link_of_edge[e1] < 0:
            why = f"cells {u} and {v}, which are already neighbours in their section"
        elif link_of_edge[e1] != link_of_edge[e2]:
            why = f"cells {u} and {v}, which link {int(link_of_edge[e1])} glues already"
        else:
            why = f"cells {u} and {v} twice"
        raise GluingError(
            f"link {int(link_of_edge[e2])} ({_describe(links[link_of_edge[e2]])}) glues {why}; "
            "the result would not be a simple graph (use longer sides or other links)"
        )


def _describe(link) -> str:
    a, side_a, b, side_b, flip = link
    return f"section {a} {side_a} to section {b} {side_b}{', reversed' if flip else ''}"


@tessellation("planair", (), "glued rectangles (sections and links; demo: a box)", (), bytes_per_cell=950)
def planair_cells(sections: list[dict] | None = None, links: list | None = None) -> CellGraph:
    """Compile a planair maze straight to arrays; see :func:`planair`.

    Without arguments, builds the demonstration surface of :func:`planair`: the
    surface of a box of 6 x 3 x 4 cells.
    """
    if sections is None and links is None:
        sections, links = box_net(6, 3, 4)
    elif sections is None or links is None:
        raise GluingError("give both sections and links (or neither, for the demonstration surface)")
    sections = normalise_sections(sections)
    links = normalise_links(links, sections)
    _check_overlap(sections)
    _check_connected(sections, links)
    spec = {"tessellation": "planair", "sections": sections, "links": links}
    return glue(sections, links, "planair", _copy_spec(spec))


def _copy_spec(spec: dict) -> dict:
    """A deep copy, so that the CellGraph's spec never shares lists with the caller's."""
    return {
        "tessellation": spec["tessellation"],
        "sections": [{**s, "origin": list(s["origin"])} for s in spec["sections"]],
        "links": [list(link) for link in spec["links"]],
    }


def planair(sections: list[dict] | None = None, links: list | None = None) -> nx.Graph:
    """Return a planair maze: rectangular sections of square cells with glued sides.

    Each section is a grid of square cells, as in :func:`orthogonal`; each link
    says that one side of a section continues into a side of another section (or
    of the same one), so a passage may leave one section and enter another. The
    result is a maze on a surface such as a torus, a Moebius strip or the
    surface of a cube, drawn unfolded as a net.

    Parameters
    ----------
    sections : list of dict
        One ``{"rows": int, "cols": int, "origin": [x, y]}`` per section:
        ``rows x cols`` cells (each at least 1), drawn with the lower-left corner
        at ``origin`` (in cell units; sections must not overlap). Without
        ``origin``, a section is placed one cell to the right of those before it.
    links : list of list
        One ``[section_a, side_a, section_b, side_b, reversed]`` per glued pair
        of sides, sections by index and sides ``"north"``, ``"east"``,
        ``"south"`` or ``"west"``. Cells along a side are taken west to east
        (``north``, ``south``) or north to south (``east``, ``west``), and the
        i-th cell along ``side_a`` is glued to the i-th cell along ``side_b``,
        or to the i-th from the far end when ``reversed`` is true (it may be
        left out, meaning false). A side not linked is an outer wall.

        With neither argument, the demonstration surface: a box of 6 x 3 x 4
        cells.

    Returns
    -------
    networkx.Graph
        Nodes ``(section, row, col)``, row 0 at the top of its section, with
        ``pos`` (the cell's centre in the net, ``y`` up) and ``row`` (the row
        within the cell's own section, so the rows of different sections share
        numbers). Edges carry ``wall``: a segment between the two cells inside a
        section; for a glued pair two pieces, the cell's side on each of the two
        sections, separated by a ``(nan, nan)`` point. Their ``direction`` is
        ``"horizontal"`` or ``"vertical"`` as seen in the section of the cell
        the passage leaves (``section_a`` for a glued edge): through an east or
        west side it is horizontal. Graph attributes: ``boundary`` (the unlinked
        sides), ``annotations`` (a letter and an arrow beside each glued side:
        glue the sides with the same letter so that their arrows agree; sides
        that already touch in the net carry none), ``start`` (cell
        ``(0, 0, 0)``), ``goal`` (a cell farthest from it) and ``spec``
        (``{"tessellation": "planair", "sections": ..., "links": ...}``, with
        every origin filled in).
        This is a view of the arrays that ``planair_cells`` and
        :func:`~mazegraph.tessellations.build` return: the array path, to
        take above about 10**5 cells, where building this graph warns.

    Raises
    ------
    GluingError
        If a link names an unknown section or side, a side is linked twice (or
        to itself), linked sides differ in length, sections overlap in the net,
        or the gluing joins a cell to itself or two cells twice (the result must
        be a simple graph).
    InvalidSizeError
        If a section's ``rows`` or ``cols`` is not a whole number of at least 1.
    DisconnectedGraphError
        If the links do not join all the sections into one surface.

    See Also
    --------
    torus, cylinder, moebius, klein, cube

    Examples
    --------
    A cylinder with a cap: a 3 x 3 square glued to the top of a 2-row band.

    >>> import mazegraph as mg
    >>> G = mg.tessellations.planair(
    ...     sections=[{"rows": 2, "cols": 3, "origin": [0, 0]}, {"rows": 3, "cols": 3, "origin": [0, 2]}],
    ...     links=[[0, "east", 0, "west", False], [0, "north", 1, "south", False]],
    ... )
    >>> G.number_of_nodes(), G.number_of_edges()
    (15, 24)
    >>> sorted(G[(0, 0, 2)])
    [(0, 0, 0), (0, 0, 1), (0, 1, 2), (1, 2, 2)]
    >>> [text for x, y, text in G.graph["annotations"]]
    ['A', '↓', 'A', '↓']

    References
    ----------
    .. [1] W. D. Pullen, "Maze Classification: Dimension" (planair mazes),
       Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] W. D. Pullen, "Daedalus" (planair mazes on the surface of a cube and
       other glued surfaces), https://www.astrolog.org/labyrnth/daedalus.htm
    .. [3] I. Hafner and T. Zitko, "Mazes on surfaces" (identifying the sides of
       a square), http://mat03.fe.uni-lj.si/html/people/izidor/homepage/visual11/SurfaceMazes.html
    """
    return planair_cells(sections, links).to_networkx()
