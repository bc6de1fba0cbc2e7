"""Every registered algorithm on every registered tessellation at tiny and odd sizes (issue 13).

For each pair, :func:`mazegraph.generators.applicability` either allows it or gives a
reason. Where it allows it, the maze must be perfect (checked with networkx, unless the
algorithm is declared imperfect), the same for the same seed, open no two crossing
diagonals (zeta) and pass under only straight corridors (weave); where it refuses,
``generate`` must refuse with a ``MazeError`` carrying the same reason. Both focuses
are tried.

The cases are listed by name, and the first two tests fail when an algorithm or a
tessellation is registered without being covered here (as scipy's
``test_new_functions_untested_here`` does): add the tessellation's sizes to ``SIZES``;
an algorithm that does not promise perfect mazes goes into ``IMPERFECT``.
"""

from __future__ import annotations

import networkx as nx
import pytest

import mazegraph as mg
from mazegraph.generators import registry as algorithms
from mazegraph.tessellations import registry as tessellations

ROWS_COLS = [(1, 5), (5, 1), (2, 2), (3, 7)]

#: tessellation name -> the size tuples tried (tiny, degenerate and odd sizes); builder
#: options for the two that take no size
SIZES: dict[str, list[tuple]] = {
    "orthogonal": ROWS_COLS,
    "delta": ROWS_COLS,
    "sigma": ROWS_COLS,
    "upsilon": ROWS_COLS,
    "zeta": ROWS_COLS,
    "weave": ROWS_COLS,
    "torus": ROWS_COLS,
    "cylinder": ROWS_COLS,
    "moebius": ROWS_COLS,
    "klein": ROWS_COLS,
    "cube": [(1,), (2,), (3,)],
    "grid": [((1, 5),), ((2, 2, 2),), ((3, 1, 2),), ((2, 1, 1, 3),)],
    "sigma_hexagon": [(1,), (2,)],
    "theta": [(1,), (2,), (3,)],
    "fractal": [(2, 2, 1), (1, 3, 2), (3, 2, 1)],
    "voronoi": [(2,), (7,)],
    "mask": [(".\n",), (".#\n..",), ("...\n.#.\n...",)],  # one cell, an L, a ring round a hole
    "planair": [()],
}

#: sizes a builder refuses (with InvalidSizeError), and why
REFUSED = {
    ("delta", (5, 1)): "triangles one wide meet only at corners below row 2",
    ("torus", (1, 5)): "a torus needs 3 x 3 to be a simple graph",
    ("torus", (5, 1)): "a torus needs 3 x 3 to be a simple graph",
    ("torus", (2, 2)): "a torus needs 3 x 3 to be a simple graph",
    ("cylinder", (5, 1)): "a cylinder needs 3 columns",
    ("cylinder", (2, 2)): "a cylinder needs 3 columns",
    ("moebius", (5, 1)): "a Moebius strip needs 3 columns, or 2 and an even number of rows",
    ("klein", (1, 5)): "a Klein bottle needs 3 x 3, or 2 rows and an even number of columns",
    ("klein", (5, 1)): "a Klein bottle needs 3 x 3, or 2 rows and an even number of columns",
    ("klein", (2, 2)): "a Klein bottle needs 3 x 3, or 2 rows and an even number of columns",
}

#: algorithms whose applicability is settled only by a search when they run: on a graph the
#: cheap tests pass, they may still refuse, and then the graph must really lack what they need
SEARCHED = {"unicursal": "no Hamiltonian path"}

#: algorithms that do not promise a perfect maze (each says so in the registry)
IMPERFECT = {"braid"}

FOCUSES = ("passage", "wall")


def test_every_tessellation_is_covered():
    assert set(tessellations.names()) == set(SIZES), "add the new tessellation's sizes to SIZES"


def test_imperfect_algorithms_are_declared_so():
    declared = {name for name in algorithms.names() if not algorithms.lookup(name).perfect}
    assert declared == IMPERFECT, "a new imperfect algorithm: add it to IMPERFECT and say what it makes"


def _cases():
    for name, sizes in SIZES.items():
        for i, size in enumerate(sizes):
            label = "x".join(map(str, size)) if all(isinstance(x, int) for x in size) else f"case{i}"
            yield pytest.param(name, size, id=f"{name}-{label or 'default'}")


def _build(name: str, size: tuple) -> nx.Graph:
    builder = mg.tessellations.from_mask if name == "mask" else getattr(mg.tessellations, name)
    if name == "voronoi":
        return builder(*size, seed=3)
    return builder(*size)


def _check_crossings(G: nx.Graph, opened: set[frozenset]) -> None:
    """No two open edges that cross (zeta's diagonals), read from the graph's ``crosses`` attributes."""
    for u, v, data in G.edges(data=True):
        if "crosses" in data and frozenset((u, v)) in opened:
            a, b = data["crosses"]
            assert frozenset((a, b)) not in opened, f"open diagonals cross: {u}-{v} and {a}-{b}"


def _check_weave(G: nx.Graph, opened: set[frozenset]) -> None:
    """An open under-passage u-w beneath m: m is a straight corridor across it, closed towards u and w."""
    for u, w, data in G.edges(data=True):
        m = data.get("under")
        if m is None or frozenset((u, w)) not in opened:
            continue
        across = {x for x in G[m] if "under" not in G.edges[m, x] and x not in (u, w)}
        open_at_m = {x for x in G[m] if frozenset((m, x)) in opened}
        assert open_at_m == across and len(across) == 2, f"tunnel {u}-{w} under {m}, which opens to {open_at_m}"


def _has_hamiltonian_path(G: nx.Graph) -> bool:
    """Brute force: a depth-first search over simple paths from every cell (small graphs only)."""
    assert G.number_of_nodes() <= 30, "too big to settle by brute force"
    n = G.number_of_nodes()

    def extend(path: list, seen: set) -> bool:
        if len(path) == n:
            return True
        for nxt in G[path[-1]]:
            if nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                if extend(path, seen):
                    return True
                path.pop()
                seen.discard(nxt)
        return False

    return any(extend([v], {v}) for v in G)


@pytest.mark.parametrize("name, size", list(_cases()))
def test_algorithms_conform(name, size):
    try:
        G = _build(name, size)
    except mg.MazeError:
        assert (name, size) in REFUSED, "the builder refuses a size it should build (or list it in REFUSED)"
        return
    assert (name, size) not in REFUSED
    assert nx.is_connected(G)
    for focus in FOCUSES:
        reasons = mg.generators.applicability(G, focus)
        assert set(reasons) == set(algorithms.names())
        for algorithm, why in reasons.items():
            if why is not None:
                with pytest.raises(mg.MazeError) as refused:
                    mg.generate(G, algorithm, seed=5, focus=focus)
                assert why in str(refused.value), (algorithm, focus)
                continue
            try:
                M = mg.generate(G, algorithm, seed=5, focus=focus)
            except mg.errors.UnsupportedError as refused:
                assert algorithm in SEARCHED and SEARCHED[algorithm] in str(refused), (algorithm, focus)
                assert not _has_hamiltonian_path(G), "the search missed a Hamiltonian path that exists"
                continue
            assert M == mg.generate(G, algorithm, seed=5, focus=focus), (algorithm, focus)
            T = M.to_networkx()
            assert set(T.nodes) == set(G.nodes)
            assert all(G.has_edge(u, v) for u, v in T.edges)
            if algorithm not in IMPERFECT:
                assert nx.is_tree(T), (algorithm, focus, T.number_of_edges(), G.number_of_nodes())
            opened = {frozenset(e) for e in T.edges}
            _check_crossings(G, opened)
            _check_weave(G, opened)
