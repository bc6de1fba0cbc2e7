"""Symmetric mazes: mazes that look the same turned half round, a quarter round or in a mirror.

Pullen describes symmetric mazes [2]_. A symmetry of a tessellation is a map
of its cells onto its cells that carries walls onto walls (a graph automorphism)
and comes from a rotation or reflection of the cell centres about their centroid. :func:`symmetry_group` finds it from
the geometry; :func:`asymmetric_cells` says which cells of any maze break it; and
``mg.generate(G, algorithm, seed, symmetry=...)`` makes a perfect maze that keeps
it wherever a perfect maze can.

A perfect maze cannot always be fully symmetric. A tree mapped onto itself by
an involution fixes a cell or a passage: the centre (or bicentre) of a tree is
fixed by every automorphism (Jordan 1869 [1]_), and the cells any automorphism fixes
form a subtree. So a half-turn symmetric perfect maze on an even x even board,
where the half turn fixes no cell and no wall, must break the symmetry
somewhere; and a mirror-symmetric one whose axis runs through a column of cells
must keep that whole column as one straight corridor. Generation therefore
*reports* how many cells break the symmetry (``maze.meta["asymmetric_cells"]``)
rather than promising none.

How generation works: cells that the group maps onto each other form an
*orbit*, and so do walls. The chosen algorithm runs on the quotient graph (one
node per cell orbit, one edge per pair of orbits that share a wall orbit),
after the orbits of cells the group fixes have been joined into one node along
a random spanning tree of their walls (the corridor the theorem above asks
for). Every passage of the quotient maze is opened together with all its
images, skipping any that would close a loop; then whole wall orbits that join
separate pieces without a loop are opened (e.g. the one passage across a
mirror axis between columns), and the pieces still apart are joined by single
passages, each of which breaks the symmetry at its two ends and their images.

References
----------
.. [1] C. Jordan, "Sur les assemblages de lignes", Journal fur die reine und
   angewandte Mathematik 70 (1869), 185-190 (the centre of a tree).
.. [2] W. D. Pullen, "Maze Classification" (symmetric mazes) and "Maze
   Algorithms", Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import numpy as np

from ._numba import kernel
from ._unionfind import join, root
from .cellgraph import CellGraph, Labels
from .errors import UnsupportedError
from .params import MAZE, Choice, Instance, Param, checked
from .tessellations.compile import compile_graph

if TYPE_CHECKING:
    from .generators import Algorithm
    from .maze import Maze

__all__ = ["SYMMETRIES", "symmetries", "symmetry_group", "asymmetric_cells"]

#: The symmetries ``generate(..., symmetry=NAME)`` knows: name -> what it does.
SYMMETRIES: dict[str, str] = {
    "rotate180": "a half turn about the centre",
    "rotate90": "quarter turns about the centre (square boards)",
    "rotate120": "third turns about the centre (hexagon- and triangle-shaped boards)",
    "rotate60": "sixth turns about the centre (hexagon-shaped boards)",
    "mirror": "the left-right mirror image (across the vertical axis)",
    "mirror_vertical": "the top-bottom mirror image (across the horizontal axis)",
    "mirror_both": "both mirror images, and so also the half turn",
}


def _turn(fraction: float) -> np.ndarray:
    angle = 2 * np.pi * fraction
    return np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])


_FLIP_X = np.array([[-1.0, 0.0], [0.0, 1.0]])
_FLIP_Y = np.array([[1.0, 0.0], [0.0, -1.0]])
_GENERATORS = {
    "rotate180": [_turn(1 / 2)],
    "rotate90": [_turn(1 / 4)],
    "rotate120": [_turn(1 / 3)],
    "rotate60": [_turn(1 / 6)],
    "mirror": [_FLIP_X],
    "mirror_vertical": [_FLIP_Y],
    "mirror_both": [_FLIP_X, _FLIP_Y],
}


#: The declared ``symmetry`` argument (a name in :data:`SYMMETRIES`).
SYMMETRY = Param("symmetry", Choice(tuple(SYMMETRIES)), help="the symmetry")
def _tessellation_types() -> tuple:
    """networkx.Graph and CellGraph; networkx is not imported for it (a graph exists only once networkx is)."""
    nx = sys.modules.get("networkx")
    return (CellGraph,) if nx is None else (nx.Graph, CellGraph)


#: The declared ``tessellation`` argument.
TESSELLATION = Param("tessellation", Instance(_tessellation_types, "a networkx.Graph or CellGraph (a tessellation)"),
                     help="the tessellation")


def _check_name(symmetry) -> str:
    return SYMMETRY.check(symmetry)


def _matrices(symmetry: str) -> list[np.ndarray]:
    """The group's elements other than the identity, as 2 x 2 matrices (closure of the generators)."""
    identity = np.eye(2)
    elements = [identity]
    frontier = [identity]
    while frontier:
        new = []
        for a in frontier:
            for g in _GENERATORS[symmetry]:
                b = g @ a
                if not any(np.allclose(b, c, atol=1e-9) for c in elements):
                    elements.append(b)
                    new.append(b)
        frontier = new
    return elements[1:]


def _find_group(cells: CellGraph, symmetry: str):
    """``(maps, None)`` with one ``(cell_map, edge_map)`` per non-identity element, or ``(None, reason)``."""
    if cells.pos is None:
        return None, "its cells have no positions (node attribute 'pos')"
    from scipy.spatial import cKDTree

    pos = cells.pos
    centre = pos[:, :2].mean(axis=0)  # every isometry permuting the cells fixes their centroid
    lengths = np.linalg.norm(pos[cells.edges[:, 0]] - pos[cells.edges[:, 1]], axis=1)
    lengths = lengths[lengths > 0]
    tolerance = 1e-3 * (lengths.min() if len(lengths) else 1.0)
    tree = cKDTree(pos)
    n = cells.n_cells
    maps = []
    for matrix in _matrices(symmetry):
        moved = pos.copy()
        moved[:, :2] = (pos[:, :2] - centre) @ matrix.T + centre
        distance, image = tree.query(moved, distance_upper_bound=tolerance)
        lost = int(np.count_nonzero(~np.isfinite(distance)))
        if lost:
            return None, f"{lost} of its {n} cells land where no cell is"
        if np.bincount(image, minlength=n).max(initial=1) > 1:
            return None, "two cells land on one"
        image = image.astype(np.int64)
        edge_map = _map_edges(cells.indptr, cells.neighbors, cells.edge_ids, cells.edges, image)
        if np.any(edge_map < 0):
            return None, "its cells map onto cells but some walls do not map onto walls"
        maps.append((image, edge_map))
    return maps, None


@kernel
def _map_edges(indptr, neighbors, edge_ids, edges, image):
    """The edge each edge goes to when cell ``i`` goes to ``image[i]`` (-1 where no edge joins the images)."""
    out = np.full(len(edges), -1, dtype=np.int64)
    for e in range(len(edges)):
        a = image[edges[e, 0]]
        b = image[edges[e, 1]]
        for s in range(indptr[a], indptr[a + 1]):
            if neighbors[s] == b:
                out[e] = edge_ids[s]
                break
    return out


def _group(cells: CellGraph, symmetry: str):
    return cells.memo(("symmetry", symmetry), lambda: _find_group(cells, symmetry))


@checked(TESSELLATION)
def symmetries(tessellation) -> list[str]:
    """The symmetries (names in :data:`SYMMETRIES`) a tessellation has.

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph

    Returns
    -------
    list of str
        In the order of :data:`SYMMETRIES`; empty for a graph without cell positions.

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.symmetries(mg.tessellations.orthogonal(6, 6))
    ['rotate180', 'rotate90', 'mirror', 'mirror_vertical', 'mirror_both']
    >>> mg.symmetries(mg.tessellations.sigma_hexagon(3))[:4]
    ['rotate180', 'rotate120', 'rotate60', 'mirror']
    """
    cells = compile_graph(tessellation)
    return [name for name in SYMMETRIES if _group(cells, name)[0] is not None]


@checked(TESSELLATION, SYMMETRY)
def symmetry_group(tessellation, symmetry: str) -> list[tuple[np.ndarray, np.ndarray]]:
    """The symmetry's group elements other than the identity, as cell and wall permutations.

    Each element is found from the geometry: the cell centres are turned or
    mirrored about their centroid and matched to cell centres (within a
    thousandth of the shortest wall-to-wall step); the match must carry every
    wall onto a wall (a graph automorphism). Computed once per tessellation.

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph
    symmetry : str
        A name in :data:`SYMMETRIES`.

    Returns
    -------
    list of (numpy.ndarray, numpy.ndarray)
        ``(cell_map, edge_map)`` per element: cell ``i`` goes to ``cell_map[i]``
        and edge ``e`` to ``edge_map[e]`` (indices into ``cells.edges``).

    Raises
    ------
    InvalidOptionError
        If ``symmetry`` is not a known name; the message lists them.
    UnsupportedError
        If the tessellation does not have this symmetry; the message names those it has.

    Examples
    --------
    >>> import mazegraph as mg
    >>> [(cell_map, edge_map)] = mg.symmetry_group(mg.tessellations.orthogonal(1, 3), "mirror")
    >>> cell_map.tolist(), edge_map.tolist()
    ([2, 1, 0], [1, 0])
    """
    cells = compile_graph(tessellation)
    maps, why = _group(cells, symmetry)
    if maps is None:
        has = symmetries(cells)
        raise UnsupportedError(
            f"this {cells.name} tessellation has no {symmetry} symmetry ({why}); "
            + (f"it has {', '.join(has)}" if has else "it has none of " + ", ".join(SYMMETRIES))
        )
    return maps


def _mixed_edges(maps, is_open: np.ndarray) -> np.ndarray:
    """Edges whose orbit is neither all open nor all closed."""
    mixed = np.zeros(len(is_open), dtype=bool)
    for _, edge_map in maps:
        mixed |= is_open[edge_map] != is_open
    return mixed


@checked(MAZE, SYMMETRY)
def asymmetric_cells(maze: Maze, symmetry: str) -> np.ndarray:
    """The cells at which a maze breaks a symmetry of its tessellation.

    A cell breaks it when one of its walls is open while an image of that wall
    under the group is closed (or the other way round): turned or mirrored, the
    maze differs there. A perfect maze cannot always avoid this (see the module
    notes); ``mg.generate(..., symmetry=...)`` keeps it to a few cells.

    Parameters
    ----------
    maze : Maze
    symmetry : str
        A name in :data:`SYMMETRIES`.

    Returns
    -------
    numpy.ndarray of int
        Sorted cell indices (``maze.cells.labels[i]`` gives the label).

    Raises
    ------
    InvalidOptionError, UnsupportedError
        As :func:`symmetry_group`.

    Examples
    --------
    >>> import mazegraph as mg
    >>> G = mg.tessellations.orthogonal(9, 9)
    >>> len(mg.asymmetric_cells(mg.generate(G, "kruskal", seed=1), "rotate180")) > 40
    True
    >>> len(mg.asymmetric_cells(mg.generate(G, "kruskal", seed=1, symmetry="rotate180"), "rotate180"))
    0
    """
    maps = symmetry_group(maze.cells, symmetry)
    mixed = _mixed_edges(maps, maze.open)
    return np.unique(maze.cells.edges[mixed].ravel()).astype(np.int64)


# -- generation ---------------------------------------------------------------------------------------------------


def _orbits(maps: list[np.ndarray], size: int) -> np.ndarray:
    """Each item's orbit, numbered ``0 ..`` in order of the orbit's smallest member."""
    least = np.arange(size, dtype=np.int64)
    for image in maps:
        least = np.minimum(least, image)
    return np.unique(least, return_inverse=True)[1].astype(np.int64)


@kernel
def _roots(forest):
    """The root of every item of a union-find forest."""
    out = np.empty(len(forest), dtype=np.int64)
    for a in range(len(forest)):
        out[a] = root(forest, a)
    return out


@kernel
def _open_edges(forest, edges, candidates, is_open, need):
    """Open candidate edges in order unless they close a loop, until ``need`` are opened; returns how many."""
    opened = 0
    for e in candidates:
        if opened >= need:
            break
        if join(forest, edges[e, 0], edges[e, 1]):
            is_open[e] = True
            opened += 1
    return opened


@kernel
def _open_orbits(forest, edges, members, ptr, orbits, is_open, need):
    """Open whole edge orbits (in the given order) that keep the passages a forest, until ``need`` are opened."""
    widest = 1
    for o in orbits:
        widest = max(widest, ptr[o + 1] - ptr[o])
    ends = np.empty(2 * widest, dtype=np.int64)
    local = np.empty(2 * widest, dtype=np.int32)  # a small union-find over the ends of the orbit's walls
    opened = 0
    for o in orbits:
        if opened >= need:
            break
        size = ptr[o + 1] - ptr[o]
        for k in range(size):
            e = members[ptr[o] + k]
            ends[2 * k] = root(forest, edges[e, 0])
            ends[2 * k + 1] = root(forest, edges[e, 1])
        for j in range(2 * size):  # ends in one piece start in one set
            local[j] = -1
            for i in range(j):
                if ends[i] == ends[j]:
                    join(local, i, j)
                    break
        fits = True
        for k in range(size):  # the walls keep the pieces a forest
            if not join(local, 2 * k, 2 * k + 1):
                fits = False
                break
        if fits:
            for k in range(size):
                e = members[ptr[o] + k]
                join(forest, edges[e, 0], edges[e, 1])
                is_open[e] = True
            opened += size
    return opened


def _orbit_structure(cells: CellGraph, maps):
    """Orbits of cells and walls, each wall orbit's members and end orbits, computed once per symmetry."""
    cell_orbit = _orbits([cell_map for cell_map, _ in maps], cells.n_cells)
    edge_orbit = _orbits([edge_map for _, edge_map in maps], cells.n_edges)
    n_orbits, n_edge_orbits = int(cell_orbit.max()) + 1, int(edge_orbit.max(initial=-1)) + 1
    members = np.argsort(edge_orbit, kind="stable")
    ptr = np.concatenate([[0], np.cumsum(np.bincount(edge_orbit, minlength=n_edge_orbits))]).astype(np.int64)
    ends = np.sort(cell_orbit[cells.edges[members[ptr[:-1]]]], axis=1)  # the two cell orbits of each wall orbit
    internal = ends[:, 0] == ends[:, 1]
    fixed = np.bincount(cell_orbit, minlength=n_orbits) < len(maps) + 1  # orbits of cells some element fixes
    return cell_orbit, edge_orbit, members, ptr, ends, internal, fixed


def _between_pieces(forest, edges) -> np.ndarray:
    """The edges whose two cells lie in different trees of the union-find forest."""
    piece = _roots(forest)
    return np.flatnonzero(piece[edges[:, 0]] != piece[edges[:, 1]])


def _refuse_unless_tree(entry: Algorithm, quotient: CellGraph, symmetry: str, mask: np.ndarray) -> None:
    if np.count_nonzero(mask) > quotient.n_cells - 1:
        raise UnsupportedError(
            f"{entry.name} makes loops, and symmetry={symmetry!r} builds perfect mazes; "
            "use a perfect-maze algorithm such as kruskal, wilson or backtracker"
        )


def symmetric_mask(
    cells: CellGraph, entry: Algorithm, rng: np.random.Generator, symmetry: str, options: dict
) -> tuple[np.ndarray, int]:
    """A perfect maze as symmetric as it can be; the engine of ``generate(..., symmetry=...)``.

    Parameters
    ----------
    cells : CellGraph
    entry : Algorithm
        The registered generator, run on the quotient graph with ``options``
        (checked again there by :meth:`Algorithm.validate`).
    rng : numpy.random.Generator
    symmetry : str
    options : dict

    Returns
    -------
    (numpy.ndarray of bool, int)
        The open-edge mask (a spanning tree) and the number of cells that break the symmetry.

    Raises
    ------
    InvalidOptionError
        If ``symmetry`` is unknown.
    UnsupportedError
        If the tessellation lacks the symmetry, has crossings or tunnels, or the
        algorithm cannot run on the quotient graph or does not make a perfect maze.
    """
    _check_name(symmetry)
    if not entry.perfect:
        raise UnsupportedError(
            f"{entry.name} makes loops, and symmetric generation builds perfect mazes; braid the result with "
            "mg.braid (which does not keep the symmetry)"
        )
    if not entry.symmetric:
        raise UnsupportedError(
            f"{entry.name} cannot make a symmetric maze: what it makes (one passage through every cell) would "
            "branch when copied round the symmetry; a symmetric labyrinth needs its own construction"
        )
    if cells.edge_refs or cells.cell_refs:
        kinds = ", ".join(sorted({*cells.edge_refs, *cells.cell_refs}))
        raise UnsupportedError(
            f"symmetric mazes cannot yet keep the {cells.name} tessellation's passage rules ({kinds}): "
            "use a tessellation without crossings or tunnels, or drop symmetry"
        )
    maps = symmetry_group(cells, symmetry)
    n, m, edges = cells.n_cells, cells.n_edges, cells.edges
    cell_orbit, edge_orbit, members, ptr, ends, internal, fixed = cells.memo(
        ("symmetry_orbits", symmetry), lambda: _orbit_structure(cells, maps)
    )
    n_orbits, n_edge_orbits = len(fixed), len(internal)

    # 1. Join the orbits of fixed cells along a random spanning forest of their walls: the corridor(s)
    #    every symmetric tree contains, since the cells an automorphism fixes form a subtree. Smallest
    #    wall orbits first (a minimum spanning forest by orbit size): copied round, they add fewest walls,
    #    so the copies form a tree whenever some choice does.
    skeleton = np.zeros(n_edge_orbits, dtype=bool)
    groups = np.full(n_orbits, -1, dtype=np.int32)  # int32 like every union-find: one compiled root, join
    joinable = rng.permutation(np.flatnonzero(fixed[ends[:, 0]] & fixed[ends[:, 1]] & ~internal))
    joinable = joinable[np.argsort(np.diff(ptr)[joinable], kind="stable")]
    _open_edges(groups, ends, joinable, skeleton, n_orbits)
    node = np.unique(_roots(groups), return_inverse=True)[1].astype(np.int64)

    # 2. The quotient: one node per group of orbits, one edge per pair of nodes (a random one of its wall orbits).
    pairs = np.sort(node[ends], axis=1)
    between = rng.permutation(np.flatnonzero(pairs[:, 0] != pairs[:, 1]))
    k = int(node.max()) + 1
    first = np.unique(pairs[between, 0] * k + pairs[between, 1], return_index=True)[1]
    quotient_edges = between[np.sort(first)]
    carved = np.zeros(n_edge_orbits, dtype=bool)
    if k > 1:
        representative = np.unique(node[cell_orbit], return_index=True)[1]  # each node's smallest cell
        quotient = CellGraph(
            name=f"{cells.name} / {symmetry}",
            labels=Labels(coords=representative[:, None]),
            edges=pairs[quotient_edges],
            pos=cells.pos[representative],
            row=None if cells.row is None else cells.row[representative],
        )
        why = entry.refusal(quotient)
        if why is not None:
            raise UnsupportedError(
                f"{entry.name} cannot make a {symmetry}-symmetric maze: it runs on the quotient graph "
                f"(one node per orbit of cells), and there {why}"
            )
        mask = entry.run(quotient, rng, **entry.validate(quotient, options=options)).mask
        _refuse_unless_tree(entry, quotient, symmetry, mask)
        carved[quotient_edges[mask]] = True

    # 3. Lift: open every image of each chosen passage, skeleton first, skipping any that would close a loop.
    forest = np.full(n, -1, dtype=np.int32)
    is_open = np.zeros(m, dtype=bool)
    lifted = np.concatenate([members[skeleton[edge_orbit[members]]], members[carved[edge_orbit[members]]]])
    opened = _open_edges(forest, edges, lifted, is_open, n - 1)

    # 4. Join the pieces: whole wall orbits first, then single walls, each orbit's walls together. Walls
    #    whose orbit is already partly open come first, then walls between images of one cell (their
    #    orbit touches fewest cells), then the rest in random order. Only walls between pieces can join.
    if opened < n - 1:
        open_count = np.bincount(edge_orbit, weights=is_open, minlength=n_edge_orbits)
        candidates = np.unique(edge_orbit[_between_pieces(forest, edges)])
        candidates = rng.permutation(candidates[open_count[candidates] == 0])
        candidates = candidates[np.argsort(~internal[candidates], kind="stable")]
        opened += _open_orbits(forest, edges, members, ptr, candidates, is_open, n - 1 - opened)
    if opened < n - 1:
        partly = np.bincount(edge_orbit, weights=is_open, minlength=n_edge_orbits) > 0
        rest = _between_pieces(forest, edges)
        rank = rng.permutation(n_edge_orbits)[edge_orbit[rest]]
        kind = np.where(partly, 0, np.where(internal, 1, 2))[edge_orbit[rest]]
        opened += _open_edges(forest, edges, rest[np.lexsort((rank, kind))], is_open, n - 1 - opened)
    broken = np.unique(edges[_mixed_edges(maps, is_open)].ravel())
    return is_open, len(broken)
