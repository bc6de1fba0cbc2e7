"""mazegraph.structure.rows: the row structure, checked against the nodes grouped by their ``row`` attribute."""

from __future__ import annotations

import networkx as nx
import pytest

import mazegraph as mg
from mazegraph.errors import UnsupportedError
from mazegraph.structure import row_span, row_structure, rows_refusal

T = mg.tessellations

WITH_ROWS = {
    "orthogonal-5x7": lambda: T.orthogonal(5, 7),
    "orthogonal-1x6": lambda: T.orthogonal(1, 6),
    "orthogonal-6x1": lambda: T.orthogonal(6, 1),
    "delta-5x6": lambda: T.delta(5, 6),
    "sigma-5x6": lambda: T.sigma(5, 6),
    "sigma_hexagon-3": lambda: T.sigma_hexagon(3),
    "theta-4": lambda: T.theta(4),
    "upsilon-4x5": lambda: T.upsilon(4, 5),
    "zeta-5x5": lambda: T.zeta(5, 5),
    "weave-5x6": lambda: T.weave(5, 6),
    "grid-3x4x2": lambda: T.grid((3, 4, 2)),
    "cylinder-4x5": lambda: T.cylinder(4, 5),
    "torus-4x5": lambda: T.torus(4, 5),
    "moebius-4x8": lambda: T.moebius(4, 8),
    "cube-3": lambda: T.cube(3),
    "mask-heart": lambda: T.build("mask").to_networkx(),
    "mask-U": lambda: T.from_mask([".#.", ".#.", "..."]),
    "mask-arch": lambda: T.from_mask(["...", ".#.", ".#."]),
    "fractal-3x3x2": lambda: T.fractal(3, 3, 2),
}


def _rowed(edges, rows) -> nx.Graph:
    G = nx.Graph(edges)
    nx.set_node_attributes(G, dict(enumerate(rows)), "row")
    return G


REFUSED = {  # graph, words of the reason
    "skipped rows": (lambda: _rowed([(0, 1)], [0, 5]), "skip numbers"),
    "rows two apart": (lambda: _rowed([(0, 1), (1, 2)], [0, 2, 1]), "split this tessellation into 2 parts"),
    "no rows": (lambda: T.voronoi(20, seed=1), "no rows"),
}


def usable(G: nx.Graph) -> nx.Graph:
    """The edges a row-by-row algorithm may open: within a row or between adjacent rows, no zeta diagonal."""
    row = nx.get_node_attributes(G, "row")
    H = nx.Graph()
    H.add_nodes_from(G)
    H.add_edges_from((u, v) for u, v, d in G.edges(data=True) if abs(row[u] - row[v]) <= 1 and "crosses" not in d)
    return H


@pytest.mark.parametrize("name", sorted(WITH_ROWS))
def test_row_structure_matches_the_row_attribute(name):
    G = WITH_ROWS[name]()
    cells = mg.compile_graph(G)
    index = {label: i for i, label in enumerate(cells.labels.tolist())}
    row = {index[v]: r for v, r in nx.get_node_attributes(G, "row").items()}
    assert rows_refusal(cells) is None and nx.is_connected(usable(G))
    rs = row_structure(cells)
    low = min(row.values())
    nrows = max(row.values()) - low + 1
    assert row_span(cells.row) == (low, nrows)
    assert rs.rown.tolist() == [row[i] - low for i in range(cells.n_cells)]
    plain = {frozenset((index[u], index[v])) for u, v, d in G.edges(data=True) if "crosses" not in d}

    def edge(a, b):
        return cells.edge_index(a, b) if frozenset((a, b)) in plain else -1

    H = usable(G)
    for r in range(nrows):
        members = sorted(i for i in range(cells.n_cells) if row[i] - low == r)
        got = rs.order[rs.rowptr[r] : rs.rowptr[r + 1]].tolist()
        assert got == members
        assert [int(rs.posr[c]) for c in members] == list(range(len(members)))
        # chains: consecutive cells joined by a row edge; a chain of 3 or more may close into a cycle
        links = [edge(a, b) for a, b in zip(members, members[1:])] + [-1]
        assert [int(rs.nxt[c]) for c in members] == links
        start = 0
        for k in range(len(members)):
            if links[k] < 0:
                first, last = members[start], members[k]
                assert rs.cyc[first] == (edge(last, first) if k - start >= 2 else -1)
                assert all(rs.cyc[c] == -1 for c in members[start + 1 : k + 1])
                start = k + 1
        # parts of the future: components of the rows from r on, through same- and adjacent-row edges
        below = H.subgraph(v for v in H if row[index[v]] - low >= r)
        part = {index[v]: p for p, comp in enumerate(nx.connected_components(below)) for v in comp}
        seen = {}
        for c in members:
            seen.setdefault(int(rs.futloc[c]), set()).add(part[c])
        assert all(len(parts) == 1 for parts in seen.values())  # one label, one part
        assert len({next(iter(parts)) for parts in seen.values()}) == len(seen)  # and the other way round
        assert sorted(seen) == list(range(rs.ncomp[r]))
    assert rs.ncomp[nrows] == 0


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_rows_refusal(name):
    build, words = REFUSED[name]
    G = build()
    cells = mg.compile_graph(G)
    reason = rows_refusal(cells)
    assert reason is not None and words in reason
    if cells.row is not None and "skip" not in reason:
        assert not nx.is_connected(usable(G))  # the independent reason
    with pytest.raises(UnsupportedError, match="cannot work row by row"):
        row_structure(cells)


def test_row_structure_is_remembered():
    cells = mg.compile_graph(T.theta(3))
    assert row_structure(cells) is row_structure(cells)
    assert "row_structure" in cells._memo and "rows_refusal" in cells._memo
