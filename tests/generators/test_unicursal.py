"""Recursive division (straight and blobby walls) and unicursal labyrinths.

Division: spanning trees on every tessellation but zeta, straight walls on boxes (a wall
with one door across the whole board), Pullen's texture figures. Unicursal: one passage
through every cell whose ends are the start and goal, Pullen's bisected maze on even
rectangles, backbite elsewhere, and refusal exactly where a brute-force search finds no
Hamiltonian path.
"""

from __future__ import annotations

import time

import networkx as nx
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.generators.exhaustive import exhaustive_search
from mazegraph.structure.box import box_of

T = mg.tessellations
seeds = st.integers(0, 2**32 - 1)
small = st.integers(1, 6)


def _mask(draw):
    mask = np.array(draw(st.lists(st.booleans(), min_size=36, max_size=36))).reshape(6, 6)
    mask[0, 0] = True
    return T.from_mask(mask, largest=True)


def _regular(draw):
    G = nx.random_regular_graph(3, draw(st.sampled_from([4, 6, 8, 10, 12])), seed=draw(st.integers(0, 50)))
    assume(nx.is_connected(G))
    return G


BUILDERS = {
    "orthogonal": lambda d: T.orthogonal(d(small), d(small)),
    "delta": lambda d: T.delta(d(small), d(st.integers(2, 7))),
    "sigma": lambda d: T.sigma(d(small), d(small)),
    "sigma_hexagon": lambda d: T.sigma_hexagon(d(st.integers(1, 4))),
    "theta": lambda d: T.theta(d(st.integers(1, 5))),
    "upsilon": lambda d: T.upsilon(d(small), d(small)),
    "grid": lambda d: T.grid(tuple(d(st.lists(st.integers(1, 4), min_size=1, max_size=3)))),
    "torus": lambda d: T.torus(d(st.integers(3, 6)), d(st.integers(3, 6))),
    "cylinder": lambda d: T.cylinder(d(st.integers(1, 6)), d(st.integers(3, 6))),
    "moebius": lambda d: T.moebius(d(st.integers(2, 6)), d(st.integers(3, 6))),
    "klein": lambda d: T.klein(d(st.integers(3, 6)), d(st.integers(3, 6))),
    "cube": lambda d: T.cube(d(st.integers(1, 3))),
    "voronoi": lambda d: T.voronoi(d(st.integers(1, 40)), seed=d(st.integers(0, 1000))),
    "mask": _mask,
    "petersen": lambda d: nx.petersen_graph(),
    "regular": _regular,
    "grid_2d_graph": lambda d: nx.grid_2d_graph(d(small), d(small)),
}


@st.composite
def tessellations(draw, exclude=()):
    """A tessellation (or plain graph) of a random kind and small size, and its kind."""
    name = draw(st.sampled_from(sorted(set(BUILDERS) - set(exclude))))
    return name, BUILDERS[name](draw)


def check_spanning_tree(G, M):
    assert M.n_open == G.number_of_nodes() - 1
    assert M.is_perfect()
    P = M.to_networkx()
    assert set(P.nodes) == set(G.nodes)
    assert nx.is_tree(P)  # checked by networkx, independently of the kernels
    assert all(G.has_edge(u, v) for u, v in P.edges)


def dead_end_percent(M) -> float:
    degree = np.bincount(M.cells.edges[M.open].ravel(), minlength=M.cells.n_cells)
    return 100.0 * np.count_nonzero(degree == 1) / M.cells.n_cells


# == division ===========================================================================


@settings(max_examples=150, deadline=None)
@given(kind_G=tessellations(), seed=seeds)
def test_division_spanning_tree_on_every_tessellation(kind_G, seed):
    _, G = kind_G
    check_spanning_tree(G, mg.generate(G, "division", seed=seed))
    check_spanning_tree(G, mg.generate(G, "division", seed=seed, method="blobby"))


@settings(max_examples=40, deadline=None)
@given(rows=small, cols=small, layers=st.integers(1, 4), seed=seeds)
def test_division_rectangular_on_boxes(rows, cols, layers, seed):
    for G in (T.orthogonal(rows, cols), T.grid((rows, cols, layers)), nx.grid_2d_graph(rows, cols)):
        for orientation in ("daedalus", "proportional", "longest"):
            M = mg.generate(G, "division", seed=seed, method="rectangular", orientation=orientation)
            check_spanning_tree(G, M)
            assert M == mg.generate(G, "division", seed=seed, orientation=orientation)  # auto: straight walls


def _first_wall_found(M) -> bool:
    """Some plane across the whole box has exactly one open edge through it (the first wall and its door)."""
    box = box_of(M.cells)
    coords = np.asarray(M.cells.labels.coords if M.cells.labels.coords is not None else M.cells.labels.tolist())
    edges = M.cells.edges[M.open]
    for axis, extent in enumerate(box.shape):
        low = np.minimum(coords[edges[:, 0], axis], coords[edges[:, 1], axis])
        crossing = coords[edges[:, 0], axis] != coords[edges[:, 1], axis]
        for k in range(int(extent) - 1):
            if np.count_nonzero(crossing & (low == k)) == 1:
                return True
    return False


@settings(max_examples=40, deadline=None)
@given(
    shape=st.sampled_from([(2, 2), (5, 9), (12, 3), (8, 8), (3, 4, 5), (6, 6, 2)]),
    orientation=st.sampled_from(["daedalus", "proportional", "longest"]),
    seed=seeds,
)
def test_division_rectangular_has_a_wall_across_the_box(shape, orientation, seed):
    M = mg.generate(T.grid(shape), "division", seed=seed, orientation=orientation)
    assert _first_wall_found(M)


def test_division_longest_splits_across_the_long_side():
    # on a 2 x 40 board the "longest" rule cuts across the columns until every room is at most
    # 2 wide, and each such room has a passage between the two rows: at least 20 of them
    G = T.orthogonal(2, 40)
    vertical = mg.compile_graph(G).direction == 1
    for seed in range(20):
        M = mg.generate(G, "division", seed=seed, orientation="longest")
        assert M.open[vertical].sum() >= 20


@settings(max_examples=40, deadline=None)
@given(kind_G=tessellations(), seed=seeds)
def test_division_same_seed_same_maze(kind_G, seed):
    _, G = kind_G
    assert mg.generate(G, "division", seed=seed) == mg.generate(G, "division", seed=seed)


@pytest.mark.parametrize(
    "G,options",
    [
        (T.orthogonal(12, 12), {}),
        (T.orthogonal(12, 12), {"orientation": "longest"}),
        (T.sigma(10, 10), {}),
        (T.grid((4, 4, 4)), {}),
    ],
)
def test_division_different_seeds_differ(G, options):
    masks = {mg.generate(G, "division", seed=s, **options).open.tobytes() for s in range(20)}
    assert len(masks) == 20


def test_division_where_straight_walls_run():
    rectangular = [
        T.orthogonal(5, 7),
        T.grid((3, 4, 2)),
        T.grid((6,)),
        T.from_mask(np.ones((4, 5), dtype=bool)),
        nx.grid_2d_graph(3, 6),
        nx.relabel_nodes(nx.grid_2d_graph(3, 3), lambda p: (p[0] + 10, p[1] - 4)),
    ]
    for G in rectangular:
        assert box_of(mg.compile_graph(G)) is not None
        mg.generate(G, "division", seed=1, method="rectangular")
    blobby = [
        T.sigma(4, 4),
        T.delta(4, 4),
        T.upsilon(3, 3),
        T.torus(4, 4),
        T.cube(2),
        T.theta(3),
        T.from_mask(["..#", "..."]),
        nx.petersen_graph(),
        nx.relabel_nodes(nx.grid_2d_graph(3, 3), lambda p: f"{p}"),
    ]
    for G in blobby:
        assert box_of(mg.compile_graph(G)) is None
        with pytest.raises(mg.UnsupportedError, match="method='blobby'"):
            mg.generate(G, "division", seed=1, method="rectangular")


def test_division_refuses_zeta():
    with pytest.raises(mg.UnsupportedError, match="crossing"):
        mg.generate(T.zeta(4, 4), "division", seed=1)
    assert "crossing" in mg.applicability(T.zeta(3, 3))["division"]


@pytest.mark.parametrize("options", [{"method": "straight"}, {"orientation": "random"}, {"method": None}])
def test_division_bad_options(options):
    with pytest.raises(mg.InvalidOptionError):
        mg.generate(T.orthogonal(4, 4), "division", seed=1, **options)


def test_division_single_cells_and_strips():
    for G in (T.orthogonal(1, 1), T.theta(1), T.grid((1, 1, 1)), T.orthogonal(1, 9), nx.path_graph(5)):
        M = mg.generate(G, "division", seed=0)
        check_spanning_tree(G, M)


def test_division_texture_near_pullen():
    # Pullen: 23% dead ends, solution through 7.2% of a 100 x 100 maze. Kruskal and Wilson give
    # about 30%, the backtracker 10%; splitting always across the longest side gives about 27%.
    G = T.build("orthogonal", 50, 50)
    proportional = np.mean([dead_end_percent(mg.generate(G, "division", seed=s)) for s in range(20)])
    longest = np.mean([dead_end_percent(mg.generate(G, "division", seed=s, orientation="longest")) for s in range(20)])
    assert 21.0 < proportional < 25.5
    assert 25.5 < longest < 29.0
    H = T.build("orthogonal", 100, 100)
    solution = np.mean([len(mg.generate(H, "division", seed=s).solution_indices()) for s in range(20)]) / 100
    assert 5.0 < solution < 9.5


def test_division_blobby_texture_is_a_plain_tree_texture():
    G = T.build("orthogonal", 50, 50)
    blobby = np.mean([dead_end_percent(mg.generate(G, "division", seed=s, method="blobby")) for s in range(10)])
    assert 24.0 < blobby < 33.0


# == unicursal ==========================================================================


def has_hamiltonian_path(G) -> bool:
    """Brute force over subsets (Held-Karp style): fine up to ~14 cells."""
    nodes = list(G)
    index = {v: i for i, v in enumerate(nodes)}
    n = len(nodes)
    adjacency = [0] * n
    for u, v in G.edges:
        adjacency[index[u]] |= 1 << index[v]
        adjacency[index[v]] |= 1 << index[u]
    ends = [0] * (1 << n)  # ends[subset]: the cells where a path through exactly that subset can end
    for i in range(n):
        ends[1 << i] = 1 << i
    for subset in range(1, 1 << n):
        e = ends[subset]
        while e:
            low = e & -e
            i = low.bit_length() - 1
            e ^= low
            step = adjacency[i] & ~subset
            while step:
                b = step & -step
                step ^= b
                ends[subset | b] |= b
    return ends[(1 << n) - 1] != 0


def check_unicursal(G, M):
    n = G.number_of_nodes()
    P = M.to_networkx()
    assert set(P.nodes) == set(G.nodes)
    assert all(G.has_edge(u, v) for u, v in P.edges)
    assert nx.is_tree(P)
    degrees = dict(P.degree)
    assert max(degrees.values(), default=0) <= 2
    if n >= 2:
        assert sorted(v for v, d in degrees.items() if d == 1) == sorted([M.start, M.goal])
        assert M.start != M.goal
    assert len(M.solution()) == n  # the solution runs through every cell
    assert M.is_perfect()


SMALL_GRAPHS = {
    "orthogonal": lambda d: T.orthogonal(d(st.integers(1, 4)), d(st.integers(1, 3))),
    "delta": lambda d: T.delta(d(st.integers(1, 3)), d(st.integers(2, 4))),
    "sigma": lambda d: T.sigma(d(st.integers(1, 3)), d(st.integers(1, 4))),
    "upsilon": lambda d: T.upsilon(d(st.integers(1, 3)), d(st.integers(1, 4))),
    "theta": lambda d: T.theta(d(st.integers(1, 2))),
    "mask": lambda d: T.from_mask(
        np.array(d(st.lists(st.booleans(), min_size=12, max_size=12))).reshape(3, 4) | np.eye(3, 4, dtype=bool),
        largest=True,
    ),
    "voronoi": lambda d: T.voronoi(d(st.integers(1, 13)), seed=d(st.integers(0, 1000))),
    "random": lambda d: nx.gnp_random_graph(d(st.integers(1, 12)), 0.3, seed=d(st.integers(0, 10**6))),
    "tree": lambda d: nx.random_labeled_tree(d(st.integers(1, 12)), seed=d(st.integers(0, 10**6))),
}


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from(sorted(SMALL_GRAPHS)), seed=seeds, data=st.data())
def test_unicursal_found_exactly_when_a_hamiltonian_path_exists(name, seed, data):
    G = SMALL_GRAPHS[name](data.draw)
    assume(G.number_of_nodes() <= 14 and nx.is_connected(G))
    if has_hamiltonian_path(G):
        check_unicursal(G, mg.generate(G, "unicursal", seed=seed))
    else:
        with pytest.raises(mg.UnsupportedError):
            mg.generate(G, "unicursal", seed=seed)


@settings(max_examples=80, deadline=None)
@given(kind_G=tessellations(exclude=("mask", "regular", "voronoi")), seed=seeds)
def test_unicursal_on_every_tessellation(kind_G, seed):
    kind, G = kind_G
    if kind == "delta":  # some delta boards have no Hamiltonian path (3 x 3, 6 x 3, ...): settle it exactly
        cells = mg.compile_graph(G)
        status, _ = exhaustive_search(cells.indptr, cells.neighbors, 10**8)
        assert status >= 0
        if status == 0:
            with pytest.raises(mg.UnsupportedError, match="exhaustive search found none"):
                mg.generate(G, "unicursal", seed=seed)
            return
    check_unicursal(G, mg.generate(G, "unicursal", seed=seed))


@pytest.mark.parametrize("rows,cols", [(3, 3), (3, 5), (5, 3), (3, 7), (6, 3)])
def test_unicursal_odd_delta_has_none(rows, cols):
    G = T.delta(rows, cols)
    assert not has_hamiltonian_path(G)
    with pytest.raises(mg.UnsupportedError, match="exhaustive search found none"):
        mg.generate(G, "unicursal", seed=1, attempts=3)


def test_unicursal_gives_up_after_its_attempts():
    with pytest.raises(mg.UnsupportedError, match="no Hamiltonian path found .* after 3 attempts"):
        mg.generate(T.delta(15, 15), "unicursal", seed=1, attempts=3)


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 11), p=st.sampled_from([0.2, 0.3, 0.5]), graph_seed=st.integers(0, 10**6))
def test_backtracking_search_is_exact(n, p, graph_seed):
    G = nx.convert_node_labels_to_integers(nx.gnp_random_graph(n, p, seed=graph_seed))
    assume(nx.is_connected(G))
    cells = mg.compile_graph(G)
    status, order = exhaustive_search(cells.indptr, cells.neighbors, 10**7)
    assert status == (1 if has_hamiltonian_path(G) else 0)
    if status == 1:
        assert sorted(order.tolist()) == list(range(n))
        assert all(cells.edge_index(a, b) >= 0 for a, b in zip(order[:-1], order[1:]))


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 4), (4, 6), (6, 4), (8, 8), (10, 2), (12, 16)])
def test_unicursal_pullen_on_even_rectangles(rows, cols):
    G = T.orthogonal(rows, cols)
    for seed in range(3):
        M = mg.generate(G, "unicursal", seed=seed)
        check_unicursal(G, M)
        assert (M.start, M.goal) == ((0, 0), (0, 1))
        assert M == mg.generate(G, "unicursal", seed=seed, method="pullen")
        # the bisected half-size maze: blocks are joined by 0 or 2 parallel passages, and the
        # blocks joined by 2 form a spanning tree of the half-size grid
        joined = nx.Graph()
        joined.add_nodes_from((r, c) for r in range(rows // 2) for c in range(cols // 2))
        between = {}
        for (r1, c1), (r2, c2) in M.open_edges():
            a, b = (r1 // 2, c1 // 2), (r2 // 2, c2 // 2)
            if a != b:
                between[frozenset((a, b))] = between.get(frozenset((a, b)), 0) + 1
        assert set(between.values()) <= {2}
        joined.add_edges_from(tuple(pair) for pair in between)
        assert nx.is_tree(joined)


@pytest.mark.parametrize("base", ["kruskal", "wilson", "division"])
def test_unicursal_base(base):
    G = T.orthogonal(10, 14)
    M = mg.generate(G, "unicursal", seed=5, base=base)
    check_unicursal(G, M)
    assert M.meta["options"] == {"base": base}


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 9), cols=st.integers(1, 9), seed=seeds, moves=st.sampled_from([0, 7, None]))
def test_unicursal_every_rectangle(rows, cols, seed, moves):
    G = T.orthogonal(rows, cols)
    check_unicursal(G, mg.generate(G, "unicursal", seed=seed, moves=moves))
    check_unicursal(G, mg.generate(G, "unicursal", seed=seed, method="backbite", moves=moves))


@pytest.mark.parametrize(
    "G",
    [T.sigma(8, 9), T.theta(6), T.delta(8, 10), T.sigma_hexagon(5), T.upsilon(7, 7), T.voronoi(150, seed=3),
     T.cube(4), T.klein(6, 8), T.grid((3, 4, 5))],
    ids=lambda G: G.graph["name"],
)
def test_unicursal_mid_sized(G):
    for seed in range(3):
        check_unicursal(G, mg.generate(G, "unicursal", seed=seed))


@pytest.mark.parametrize("G", [T.orthogonal(8, 8), T.orthogonal(9, 7), T.sigma(7, 7), T.theta(5)], ids=str)
def test_unicursal_seeds(G):
    masks = {mg.generate(G, "unicursal", seed=s).open.tobytes() for s in range(20)}
    assert len(masks) == 20
    assert mg.generate(G, "unicursal", seed=4) == mg.generate(G, "unicursal", seed=4)


def test_unicursal_moves_zero_keeps_the_first_path():
    M = mg.generate(T.grid((3, 3, 3)), "unicursal", seed=1, moves=0)  # the boustrophedon
    path = M.solution()
    assert path[0] == (0, 0, 0) and path[-1] == (2, 2, 2)
    assert [cell[0] for cell in path] == [0] * 9 + [1] * 9 + [2] * 9


@pytest.mark.parametrize(
    "G,match",
    [
        (nx.star_graph(4), "4 cells with a single neighbour"),
        (nx.complete_bipartite_graph(2, 5), "bipartite"),
        (T.from_mask(["...", ".#.", "..."]), None),  # 8 cells in a ring: found
        (T.from_mask([".#.", "...", ".#."]), "single neighbour"),
        (nx.balanced_tree(2, 5), "single neighbour"),
    ],
)
def test_unicursal_refuses_graphs_without_a_path_quickly(G, match):
    if match is None:
        check_unicursal(G, mg.generate(G, "unicursal", seed=0))
        return
    began = time.perf_counter()
    with pytest.raises(mg.UnsupportedError, match=match):
        mg.generate(G, "unicursal", seed=0)
    assert time.perf_counter() - began < 1.0
    assert match in mg.applicability(G)["unicursal"]


def test_unicursal_refuses_zeta_and_bad_options():
    with pytest.raises(mg.UnsupportedError, match="crossing"):
        mg.generate(T.zeta(4, 4), "unicursal", seed=1)
    with pytest.raises(mg.UnsupportedError, match="even number of rows"):
        mg.generate(T.orthogonal(5, 4), "unicursal", seed=1, method="pullen")
    with pytest.raises(mg.UnsupportedError, match="even number of rows"):
        mg.generate(T.sigma(4, 4), "unicursal", seed=1, method="pullen")
    for options in [
        {"method": "snake"},
        {"base": "unicursal"},
        {"base": "no_such"},
        {"moves": -1},
        {"moves": 2.5},
        {"attempts": 0},
        {"attempts": True},
    ]:
        with pytest.raises(mg.InvalidOptionError):
            mg.generate(T.orthogonal(4, 4), "unicursal", seed=1, **options)


def test_unicursal_single_cells_and_pairs():
    for G in (T.orthogonal(1, 1), T.theta(1), nx.path_graph(1)):
        M = mg.generate(G, "unicursal", seed=0)
        assert M.n_open == 0 and M.start == M.goal
    for G in (T.orthogonal(1, 2), nx.path_graph(2), T.orthogonal(2, 1)):
        check_unicursal(G, mg.generate(G, "unicursal", seed=0))


def test_unicursal_texture_is_pullen():
    # Pullen: 0% dead ends (besides the two ends) and a solution through 100% of the cells
    for G in (T.build("orthogonal", 50, 50), T.build("orthogonal", 49, 51)):
        M = mg.generate(G, "unicursal", seed=2)
        assert dead_end_percent(M) == pytest.approx(200.0 / G.n_cells)
        assert len(M.solution_indices()) == G.n_cells
