"""Unicursal mazes (labyrinths): one passage through every cell, with no junctions.

The generator chooses and combines its parts: Pullen's bisection of a
half-size maze (:mod:`.bisection`), random Hamiltonian paths by backbite moves
(:mod:`.backbite`, kept in the treap of :mod:`.treap`), and an exhaustive search
for small graphs (:mod:`.exhaustive`); the cheap tests that rule a path out
before any search are :func:`mazegraph.structure.hamiltonian_facts`.
"""

from __future__ import annotations

import functools

import numpy as np

from .._numba import kernel
from .._random import kernel_state
from ..cellgraph import CellGraph
from ..errors import InvalidOptionError, UnsupportedError
from ..maze import Maze
from ..params import Choice, Names, Number, Param
from ..structure.box import Box, box_of
from ..structure.hamiltonian import hamiltonian_facts, hamiltonian_refusal
from ..tessellations.orthogonal import orthogonal_cells
from .backbite import hamiltonian_path
from .bisection import bisect_passages
from .exhaustive import exhaustive_search
from .registry import REGISTRY, Result, algorithm

__all__ = ["unicursal"]


@kernel
def _walk(indptr, neighbors, edge_ids, is_open, first):
    """The cells of the open path starting at its end ``first``, in order."""
    n = len(indptr) - 1
    order = np.empty(n, dtype=np.int32)
    prev = -1
    u = first
    for t in range(n):
        order[t] = u
        nxt = -1
        for s in range(indptr[u], indptr[u + 1]):
            if is_open[edge_ids[s]] and neighbors[s] != prev:
                nxt = neighbors[s]
                break
        prev = u
        u = nxt
    return order


def _snake(box: Box) -> np.ndarray:
    """The boustrophedon through a box of any dimension (reflected mixed-radix Gray code)."""
    shape = [int(s) for s in box.shape]
    total = len(box.cell_at)
    t = np.arange(total, dtype=np.int64)
    flat = np.zeros(total, dtype=np.int64)
    inner = total
    for size in shape:
        inner //= size
        digit = (t // inner) % size
        outer = t // (inner * size)  # the number formed by the digits before this one
        flat = flat * size + np.where(outer % 2 == 1, size - 1 - digit, digit)
    return box.cell_at[flat].astype(np.int32)


@functools.lru_cache(maxsize=16)
def _half_grid(rows2: int, cols2: int):
    half = orthogonal_cells(rows2, cols2)
    return half, box_of(half)


_METHODS = ("auto", "pullen", "backbite")
_BUDGET = 32  # search steps per cell and attempt
_EXHAUSTIVE = 1_000_000  # steps of the backtracking search when the randomized one fails


METHOD = Param("method", Choice(_METHODS), "auto", "Pullen's bisected maze on even rectangles, or backbite moves")
BASE = Param(
    "base",
    Names(lambda: [n for n, a in REGISTRY.items() if a.perfect], "a perfect-maze algorithm", exclude=("unicursal",)),
    "wilson",
    "method 'pullen': the algorithm of the half-size maze",
)
#: Most backbite moves: about 0.3 to 0.8 microseconds each (a numba loop Ctrl-C cannot stop), so at most a minute.
MAX_MOVES = 10**8
MOVES = Param("moves", Number(0, MAX_MOVES, integer=True), None, "backbite moves (default 20 per cell)")
ATTEMPTS = Param("attempts", Number(1, 1000, integer=True), 10, "searches for a Hamiltonian path before giving up")


def _even_rectangle(cells: CellGraph) -> tuple[Box | None, bool, bool]:
    """The tessellation's box, whether it is a rectangle of at least 2 x 2, and whether both sides are even."""
    box = box_of(cells)
    rectangle = box is not None and len(box.shape) == 2 and int(box.shape.min()) >= 2
    even = rectangle and box.shape[0] % 2 == 0 and box.shape[1] % 2 == 0
    return box, rectangle, even


def _check_method(cells: CellGraph, options: dict) -> None:
    if options["method"] == "pullen" and not _even_rectangle(cells)[2]:
        raise UnsupportedError(
            f"unicursal with method='pullen' needs a rectangle of square cells with an even number of rows and of "
            f"columns; this {cells.name} tessellation is not one: use method='backbite' or 'auto'"
        )


@algorithm(
    "unicursal",
    "unicursal labyrinth: one passage through every cell (Pullen's bisected maze on even grids, backbite elsewhere)",
    options=(METHOD, BASE, MOVES, ATTEMPTS),
    symmetric=False,
    wall_focus=False,
    check=hamiltonian_refusal,
    check_options=_check_method,
    reachable="mazegraph.uniformity.models:unicursal",
)
def unicursal(cells: CellGraph, rng: np.random.Generator, *, method="auto", base="wilson", moves=None, attempts=10):
    """A unicursal maze (labyrinth): a single passage with no junctions through every cell.

    The open edges form a Hamiltonian path: a spanning tree in which every cell
    has at most two passages, so the maze has no choices, two ends (its start and
    goal) and no dead ends besides them. Pullen's table: 0% dead ends, solution
    through 100% of the cells.

    - ``"pullen"`` (rectangles of square cells with an even number of rows and of
      columns: ``orthogonal``, a 2D ``grid``, a rectangular mask): make a perfect
      maze with ``base`` at half size, one cell per 2 x 2 block, and bisect every
      passage: the labyrinth runs along both sides of each passage of the small
      maze and turns round at its dead ends, a closed circuit through every cell.
      It is cut between the two top cells of the upper-left block, which become
      the start and the goal, side by side. Linear time.
    - ``"backbite"`` (any graph): take a Hamiltonian path and randomize it with
      ``moves`` backbite moves. A move joins an end of the path to one of its
      neighbours and cuts the path where the new loop closes, so that end moves.
      The path is kept in an implicit treap with lazy reversal, so a move costs
      O(log n) whatever the length of the reversed part. Start and goal are the
      path's ends. The first path is Pullen's labyrinth with the odd last row or
      column threaded in along the edge (odd-sized rectangles), a boustrophedon
      (boxes in 1, 3 or more dimensions), or else found by a randomized Posa
      rotation-extension search: from a cell of least degree, extend an end to
      the free neighbour with the fewest free neighbours (Warnsdorff's rule),
      else make a backbite move, or now and then give the end cell up again; up
      to ``attempts`` tries of ``32 n`` steps. If all fail, a backtracking search
      of up to a million steps either finds a path or, on small graphs, proves
      there is none.

    ``"auto"`` (the default) uses ``"pullen"`` wherever it applies and
    ``"backbite"`` elsewhere: odd-sized rectangles, 3D grids, delta, sigma,
    theta, upsilon, weave, glued surfaces, Voronoi, masks and user graphs. Zeta is
    refused (the passage may not cross a diagonal), and so, before any search,
    are graphs that cannot have such a path: more than two cells with one
    neighbour, or bipartite graphs whose two classes differ by more than one cell
    (the star graph; an orthogonal mask with too many cells of one colour).

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.
    rng : numpy.random.Generator
        Seeds the kernel's own fast stream.
    method : {"auto", "pullen", "backbite"}
        See above.
    base : str
        The perfect-maze algorithm for Pullen's half-size maze (any registered
        one but ``"unicursal"``, e.g. ``"wilson"``, ``"kruskal"``, ``"division"``);
        its texture shows through as the shape of the labyrinth.
    moves : int, optional
        Number of backbite moves; ``20 * n`` when omitted (enough to erase the
        first path's shape on the boards tried, e.g. the spiral Warnsdorff's rule
        draws on sigma). ``0`` keeps the first path; at most 10**8
        (``MAX_MOVES``).
    attempts : int
        How many searches for a Hamiltonian path to try before giving up.

    Returns
    -------
    Result
        The open-edge mask, and the path's two ends as start and goal.

    Raises
    ------
    InvalidOptionError
        If an option has a value not allowed above, or ``base`` does not make a
        perfect maze on the half-size board.
    UnsupportedError
        On zeta; on graphs that fail the checks above or that the backtracking
        search proves have no such path; if no path was found at all; with ``method="pullen"`` on a tessellation that is
        not a rectangle with even sides.

    Examples
    --------
    >>> import mazegraph as mg
    >>> M = mg.generate(mg.tessellations.orthogonal(6, 8), "unicursal", seed=3)
    >>> T = M.to_networkx()
    >>> max(d for _, d in T.degree), M.start, M.goal, len(M.solution())
    (2, (0, 0), (0, 1), 48)
    >>> M = mg.generate(mg.tessellations.sigma(5, 7), "unicursal", seed=3)
    >>> sorted(d for _, d in M.to_networkx().degree)[:3], len(M.solution())
    ([1, 1, 2], 35)

    References
    ----------
    .. [1] W. D. Pullen, "Maze Algorithms: Unicursal" (a perfect maze with every
       passage bisected), Think Labyrinth, https://www.astrolog.org/labyrnth/algrithm.htm
    .. [2] P. Mansfield, "Jamming in Monte Carlo simulations of dense polymer
       systems", Chem. Phys. Lett. 92(4), 1982 (the backbite move); R. Oberdorf et
       al., "Secondary structures in long compact polymers", Phys. Rev. E 74,
       051801, 2006.
    .. [3] L. Posa, "Hamiltonian circuits in random graphs", Discrete Math. 14(4),
       1976 (rotation-extension); H. C. von Warnsdorff, *Des Rösselsprungs
       einfachste und allgemeinste Lösung*, 1823 (fewest onward moves first).
    .. [4] R. Seidel and C. R. Aragon, "Randomized search trees", Algorithmica 16,
       1996 (treaps).
    """
    n = cells.n_cells
    _, colour, need = hamiltonian_facts(cells)
    box, rectangle, even = _even_rectangle(cells)
    if even and method != "backbite":
        mask, first, last = _pullen(cells, box, rng, base)
        return Result(mask, int(first), int(last))
    if n == 1:
        return Result(np.zeros(cells.n_edges, dtype=bool), 0, 0)
    if rectangle:
        mask, first, _ = _pullen(cells, box, rng, base)
        order = _walk(cells.indptr, cells.neighbors, cells.edge_ids, mask, first)
    elif box is not None:
        order = _snake(box)
    else:
        order = np.empty(0, dtype=np.int32)  # search
    count = 20 * n if moves is None else int(moves)
    state = kernel_state(rng)
    args = (colour, need, attempts, _BUDGET * n + 1024, count, state)
    found, mask, first, last = hamiltonian_path(cells.indptr, cells.neighbors, cells.edge_ids, order, *args)
    if not found:  # a complete search settles small graphs
        status, order = exhaustive_search(cells.indptr, cells.neighbors, _EXHAUSTIVE)
        if status == 0:
            raise UnsupportedError(
                f"unicursal cannot run on this {cells.name} tessellation: it has no single passage through every "
                "cell (no Hamiltonian path: an exhaustive search found none)"
            )
        if status < 0:
            raise UnsupportedError(
                f"no Hamiltonian path found on this {cells.name} tessellation after {attempts} attempts; a "
                "unicursal maze needs a single passage through every cell, and some graphs have none (e.g. delta "
                f"boards of 3 x 3, 5 x 7 or 6 x 3 triangles); if this one should, try attempts= more than {attempts}"
            )
        found, mask, first, last = hamiltonian_path(cells.indptr, cells.neighbors, cells.edge_ids, order, *args)
    return Result(mask, int(first), int(last))


def _pullen(cells: CellGraph, box: Box, rng: np.random.Generator, base: str):
    """Pullen's labyrinth on a rectangle of at least 2 x 2 (odd sides threaded in); returns (mask, first, last)."""
    rows, cols = int(box.shape[0]), int(box.shape[1])
    half, half_box = _half_grid(rows // 2, cols // 2)
    entry = REGISTRY[base]
    try:
        options = entry.validate(half)
    except UnsupportedError as error:
        raise InvalidOptionError(f"base {base!r} cannot make the half-size orthogonal maze: {error}") from None
    half_open = np.asarray(entry.run(half, rng, **options).mask, dtype=bool)
    if half_open.shape != (half.n_edges,) or not Maze(half, half_open).is_perfect():
        raise InvalidOptionError(f"base {base!r} did not make a perfect maze (a spanning tree); unicursal needs one")
    return bisect_passages(half_open, half_box.step_edge, rows, cols, box.cell_at, box.step_edge, cells.n_edges)
