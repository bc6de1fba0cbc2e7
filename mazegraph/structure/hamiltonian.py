"""Hamiltonian-path facts: conditions under which no single passage can run through every cell.

A unicursal maze (a labyrinth) is a Hamiltonian path of the tessellation.
Deciding whether one exists is NP-complete in general, but two necessary
conditions are cheap and settle the usual impossible cases before any search:

- at most two cells may have a single neighbour (a path can start or end in
  only two of them);
- in a bipartite graph a path alternates between the two colour classes, so
  the classes may differ by at most one cell, and when they differ, both ends
  of the path lie in the larger class.
"""

from __future__ import annotations

import numpy as np

from ..cellgraph import CellGraph
from .breadth_first import breadth_first

__all__ = ["hamiltonian_facts", "hamiltonian_refusal", "two_colouring"]

_ALL_EDGES = np.empty(0, dtype=np.int64)


def two_colouring(cells: CellGraph) -> tuple[np.ndarray, bool]:
    """Colour the cells 0 and 1 so that neighbours differ, where the graph allows it.

    Each connected part is coloured by breadth-first search from its cell of
    smallest index (colour 0): a cell's colour is the parity of its distance
    from there.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.

    Returns
    -------
    colour : numpy.ndarray of int8
        Each cell's colour.
    bipartite : bool
        Whether every edge joins two colours (then the colouring is proper).

    Examples
    --------
    >>> import mazegraph as mg
    >>> from mazegraph.structure import two_colouring
    >>> colour, bipartite = two_colouring(mg.compile_graph(mg.tessellations.orthogonal(2, 2)))
    >>> colour.tolist(), bipartite
    ([0, 1, 1, 0], True)
    >>> two_colouring(mg.compile_graph(mg.tessellations.sigma(2, 3)))[1]  # hexagons: three meet at a corner
    False
    """
    roots = np.arange(cells.n_cells, dtype=np.int64)
    _, level, _ = breadth_first(cells.indptr, cells.neighbors, cells.edge_ids, _ALL_EDGES, roots)
    colour = (level % 2).astype(np.int8)
    u, v = cells.edges[:, 0], cells.edges[:, 1]
    return colour, bool((colour[u] != colour[v]).all())


def hamiltonian_facts(cells: CellGraph) -> tuple[str | None, np.ndarray, int]:
    """What the cheap tests say about Hamiltonian paths on ``cells``.

    Computed once per tessellation and remembered (memo key ``"hamiltonian_facts"``).

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.

    Returns
    -------
    reason : str or None
        Why no Hamiltonian path exists, or None if the tests cannot tell.
    colour : numpy.ndarray of int8
        The :func:`two_colouring`.
    need : int
        The colour both ends of every Hamiltonian path have (bipartite graphs
        whose classes differ by one cell), or -1.

    Examples
    --------
    >>> import networkx as nx, mazegraph as mg
    >>> from mazegraph.structure import hamiltonian_facts
    >>> hamiltonian_facts(mg.compile_graph(nx.star_graph(3)))[0][:40]
    'it has 3 cells with a single neighbour, '
    >>> reason, colour, need = hamiltonian_facts(mg.compile_graph(mg.tessellations.orthogonal(3, 3)))
    >>> reason is None, need  # 5 cells of colour 0, 4 of colour 1
    (True, 0)
    """
    return cells.memo("hamiltonian_facts", lambda: _find_facts(cells))


def _find_facts(cells: CellGraph) -> tuple[str | None, np.ndarray, int]:
    n = cells.n_cells
    colour, bipartite = two_colouring(cells)
    need = -1
    if n >= 3:
        leaves = int(np.count_nonzero(cells.degree == 1))
        if leaves > 2:
            return (
                f"it has {leaves} cells with a single neighbour, and a single passage through every cell can "
                "start or end in only two of them",
                colour,
                need,
            )
    if bipartite:
        ones = int(np.count_nonzero(colour))
        zeros = n - ones
        if abs(zeros - ones) > 1:
            return (
                f"its cells fall into two classes of {max(zeros, ones)} and {min(zeros, ones)} where every "
                "neighbour is in the other class (it is bipartite), so a path through every cell alternates "
                "between them and the classes may differ by at most one",
                colour,
                need,
            )
        if zeros != ones:
            need = 0 if zeros > ones else 1
    return None, colour, need


def hamiltonian_refusal(cells: CellGraph) -> str | None:
    """Why ``cells`` has no single passage through every cell, or None if the cheap tests cannot tell.

    Parameters
    ----------
    cells : CellGraph
        The compiled tessellation.

    Returns
    -------
    str or None
        The reason, phrased to follow "cannot run on this tessellation: ".

    Examples
    --------
    >>> import networkx as nx, mazegraph as mg
    >>> from mazegraph.structure import hamiltonian_refusal
    >>> hamiltonian_refusal(mg.compile_graph(nx.complete_bipartite_graph(2, 4)))[:59]
    'it has no single passage through every cell: its cells fall'
    """
    reason = hamiltonian_facts(cells)[0]
    return None if reason is None else f"it has no single passage through every cell: {reason}"
