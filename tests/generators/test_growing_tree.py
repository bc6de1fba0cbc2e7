"""mazegraph.generators.growing_tree, and the tests shared with Prim (true, simplified, modified).

Spanning trees on every tessellation and on plain user graphs, determinism,
zeta crossings kept apart, option checking, exact agreement with plain-Python
references, and textures against Pullen's dead-end figures on 50 x 50 orthogonal
mazes, for Prim's three flavours, Growing Tree and Growing Forest together, and
what only Growing Tree and Growing Forest have (the mix policy, many trees).
"""

from __future__ import annotations

import heapq
import subprocess
import sys

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph._random import bounded, kernel_state, next_u64
from mazegraph.tessellations import zeta_crossings

from ._growing import T, texture

ALGORITHMS = ["prim_true", "prim_simplified", "prim_modified", "growing_tree", "growing_forest"]
POLICIES = ["newest", "random", "oldest", "oldest_swap", "mix"]

# (algorithm, options): every algorithm and every code path of the shared growing kernel
CONFIGS = [
    ("prim_true", {}),
    ("prim_simplified", {}),
    ("prim_modified", {}),
    ("prim_modified", {"pick": "uniform"}),
    *[("growing_tree", {"policy": policy}) for policy in POLICIES],
    ("growing_tree", {"policy": "mix", "p": 0.2}),
    ("growing_forest", {}),
    ("growing_forest", {"trees": 3, "policy": "newest"}),
    ("growing_forest", {"trees": 0.5, "policy": "random", "join": "end"}),
    ("growing_forest", {"trees": 1, "sprout": 0.2, "policy": "oldest"}),
    ("growing_forest", {"trees": 1.0, "policy": "mix", "p": 0.7}),
    ("growing_forest", {"trees": 2, "sprout": 0.05, "policy": "mix", "join": "end"}),
]
config_ids = [f"{a}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for a, o in CONFIGS]

seeds = st.integers(0, 2**32 - 1)
side = st.integers(1, 7)

# name -> strategy for a tessellation graph of that kind, small sizes
TESSELLATIONS = {
    "orthogonal": st.builds(T.orthogonal, side, side),
    "delta": st.builds(T.delta, side, st.integers(2, 8)),
    "sigma": st.builds(T.sigma, side, side),
    "sigma_hexagon": st.builds(T.sigma_hexagon, st.integers(1, 4)),
    "theta": st.builds(T.theta, st.integers(1, 5)),
    "upsilon": st.builds(T.upsilon, side, side),
    "zeta": st.builds(T.zeta, side, side),
    "grid3": st.builds(lambda a, b, c: T.grid((a, b, c)), st.integers(1, 4), st.integers(1, 4), st.integers(1, 3)),
    "torus": st.builds(T.torus, st.integers(3, 6), st.integers(3, 6)),
    "cylinder": st.builds(T.cylinder, st.integers(3, 6), st.integers(3, 6)),
    "moebius": st.builds(T.moebius, st.integers(3, 6), st.integers(3, 6)),
    "klein": st.builds(T.klein, st.integers(3, 6), st.integers(3, 6)),
    "cube": st.builds(T.cube, st.integers(1, 4)),
    "voronoi": st.builds(lambda n, s: T.voronoi(n, seed=s), st.integers(1, 40), seeds),
    "mask": st.builds(
        lambda bits, cols: T.from_mask(
            np.array(bits, dtype=bool).reshape(-1, cols) | _first_open(len(bits), cols), largest=True
        ),
        st.lists(st.booleans(), min_size=36, max_size=36),
        st.sampled_from([4, 6, 9]),
    ),
    "petersen": st.just(nx.petersen_graph()),
    "random_regular": st.builds(lambda s: nx.random_regular_graph(3, 12, seed=s), st.integers(0, 50)).filter(
        nx.is_connected
    ),
}


def _first_open(size: int, cols: int) -> np.ndarray:
    """A mask with only the first cell open, so that every mask has an open cell."""
    one = np.zeros(size, dtype=bool)
    one[0] = True
    return one.reshape(-1, cols)


FIXED = {  # one mid-sized instance of each kind, for the exhaustive algorithm x tessellation check
    "orthogonal": T.orthogonal(7, 9),
    "delta": T.delta(6, 9),
    "sigma": T.sigma(6, 7),
    "sigma_hexagon": T.sigma_hexagon(4),
    "theta": T.theta(6),
    "upsilon": T.upsilon(6, 7),
    "zeta": T.zeta(7, 8),
    "grid3": T.grid((3, 4, 3)),
    "torus": T.torus(5, 6),
    "cylinder": T.cylinder(5, 6),
    "moebius": T.moebius(5, 6),
    "klein": T.klein(5, 6),
    "cube": T.cube(3),
    "voronoi": T.voronoi(60, seed=3),
    "mask": T.from_mask(["..#....", ".##.##.", "...#...", "#.....#", "..##..."]),
    "petersen": nx.petersen_graph(),
    "random_regular": nx.random_regular_graph(4, 30, seed=1),
}


def assert_spanning_tree(G, M):
    n = G.number_of_nodes()
    assert M.n_open == n - 1
    assert M.is_perfect()
    tree = M.to_networkx()
    assert set(tree.nodes) == set(G.nodes)
    assert nx.is_tree(tree)  # checked by networkx, independently of the kernels
    assert all(G.has_edge(u, v) for u, v in tree.edges)


def assert_no_crossing(M):
    crosses = zeta_crossings(M.cells)
    opened = np.flatnonzero(M.open)
    partner = crosses[opened]
    assert not M.open[partner[partner >= 0]].any()


# -- spanning trees ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(FIXED))
def test_every_algorithm_on_every_tessellation(kind):
    G = FIXED[kind]
    assert set(ALGORITHMS) <= set(mg.algorithms(G))  # every pair applies as a passage carver
    for algorithm, options in CONFIGS:
        M = mg.generate(G, algorithm, seed=11, **options)
        assert_spanning_tree(G, M)
        if kind == "zeta":
            assert_no_crossing(M)


@pytest.mark.parametrize("kind", sorted(TESSELLATIONS))
@settings(max_examples=12, deadline=None)
@given(data=st.data(), seed=seeds, which=st.integers(0, len(CONFIGS) - 1))
def test_spanning_tree_hypothesis(kind, data, seed, which):
    G = data.draw(TESSELLATIONS[kind])
    algorithm, options = CONFIGS[which]
    M = mg.generate(G, algorithm, seed=seed, **options)
    assert_spanning_tree(G, M)
    if kind == "zeta":
        assert_no_crossing(M)


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(2, 12), cols=st.integers(2, 12), seed=seeds, which=st.integers(0, len(CONFIGS) - 1))
def test_zeta_never_opens_crossing_diagonals(rows, cols, seed, which):
    G = T.zeta(rows, cols)
    algorithm, options = CONFIGS[which]
    M = mg.generate(G, algorithm, seed=seed, **options)
    assert_spanning_tree(G, M)
    assert_no_crossing(M)


@pytest.mark.parametrize("algorithm,options", CONFIGS, ids=config_ids)
def test_zeta_uses_diagonals(algorithm, options):
    """The crossing rule is not met vacuously: diagonals are carved, crossing pairs come up."""
    cells = T.build("zeta", 12, 12)
    crosses = zeta_crossings(cells)
    diagonal = crosses >= 0
    opened = 0
    for seed in range(3):
        M = mg.generate(cells, algorithm, seed=seed, **options)
        assert M.is_perfect()
        assert_no_crossing(M)
        opened += np.count_nonzero(M.open & diagonal)
    assert opened > 0


def test_large_mix_compacts_and_stays_a_tree():
    """The mix policy's holes are compacted only on larger boards: exercise that path."""
    cells = T.build("orthogonal", 40, 40)
    for p in (0.1, 0.5, 0.9):
        for algorithm in ("growing_tree", "growing_forest"):
            M = mg.generate(cells, algorithm, seed=5, policy="mix", p=p)
            assert M.is_perfect() and M.n_open == cells.n_cells - 1


def test_single_cell():
    for G in (T.orthogonal(1, 1), T.theta(1), T.sigma_hexagon(1), T.zeta(1, 1)):
        for algorithm, options in CONFIGS:
            M = mg.generate(G, algorithm, seed=0, **options)
            assert M.n_open == 0 and M.is_perfect()


def test_forest_more_trees_than_cells():
    G = T.orthogonal(3, 3)
    M = mg.generate(G, "growing_forest", seed=1, trees=1000, sprout=0.5)
    assert_spanning_tree(G, M)


def test_wall_focus():
    """As wall adders on a planar tessellation; refused where there is no planar dual."""
    G = T.orthogonal(8, 9)
    for algorithm, options in CONFIGS:
        assert_spanning_tree(G, mg.generate(G, algorithm, seed=3, focus="wall", **options))
    for algorithm in ALGORITHMS:
        assert algorithm not in mg.algorithms(T.grid((3, 3, 3)), focus="wall")
        with pytest.raises(mg.UnsupportedError):
            mg.generate(T.grid((3, 3, 3)), algorithm, seed=1, focus="wall")


# -- the kernels against plain-Python references drawing from the same stream -------------
#
# Each reference spells an algorithm out with Python containers (heapq for the heap, list
# operations for the active list) and draws the same random numbers in the same order as the
# kernel, so the two must open exactly the same edges.

LOW32, HIGH32 = 0xFFFFFFFF, 0xFFFFFFFF00000000


def _usable(crosses, is_open, e):
    return not (len(crosses) and crosses[e] >= 0 and is_open[crosses[e]])


def reference_prim_true(cells, crosses, state):
    indptr, nb, eid = cells.indptr, cells.neighbors, cells.edge_ids
    is_open, in_tree, heap = np.zeros(cells.n_edges, bool), np.zeros(cells.n_cells, bool), []
    u = bounded(state, cells.n_cells)
    in_tree[u] = True
    for _ in range(cells.n_cells - 1):
        for t in range(indptr[u], indptr[u + 1]):
            if not in_tree[nb[t]]:
                heapq.heappush(heap, (int(next_u64(state)) & HIGH32) | t)
        while True:
            s = heapq.heappop(heap) & LOW32
            if not in_tree[nb[s]] and _usable(crosses, is_open, eid[s]):
                break
        is_open[eid[s]] = in_tree[nb[s]] = True
        u = nb[s]
    return is_open


def reference_prim_simplified(cells, crosses, state):
    indptr, nb, eid = cells.indptr, cells.neighbors, cells.edge_ids
    is_open, in_tree, frontier = np.zeros(cells.n_edges, bool), np.zeros(cells.n_cells, bool), []
    u = bounded(state, cells.n_cells)
    in_tree[u] = True
    for _ in range(cells.n_cells - 1):
        frontier += [t for t in range(indptr[u], indptr[u + 1]) if not in_tree[nb[t]]]
        while True:
            i = bounded(state, len(frontier))
            s = frontier[i]
            frontier[i] = frontier[-1]
            frontier.pop()
            if not in_tree[nb[s]] and _usable(crosses, is_open, eid[s]):
                break
        is_open[eid[s]] = in_tree[nb[s]] = True
        u = nb[s]
    return is_open


def reference_prim_modified(cells, crosses, state):
    indptr, nb, eid = cells.indptr, cells.neighbors, cells.edge_ids
    is_open, in_tree, frontier = np.zeros(cells.n_edges, bool), np.zeros(cells.n_cells, bool), []
    u = bounded(state, cells.n_cells)
    in_tree[u] = True
    for _ in range(cells.n_cells - 1):
        for t in range(indptr[u], indptr[u + 1]):
            if not in_tree[nb[t]] and nb[t] not in frontier and _usable(crosses, is_open, eid[t]):
                frontier.append(nb[t])
        while True:
            i = bounded(state, len(frontier))
            c = frontier[i]
            frontier[i] = frontier[-1]
            frontier.pop()
            into_tree = [t for t in range(indptr[c], indptr[c + 1]) if in_tree[nb[t]]]
            into_tree = [t for t in into_tree if _usable(crosses, is_open, eid[t])]
            if into_tree:
                break
        is_open[eid[into_tree[bounded(state, len(into_tree))]]] = in_tree[c] = True
        u = c
    return is_open


def reference_growing_tree(cells, crosses, state, policy):
    indptr, nb, eid = cells.indptr, cells.neighbors, cells.edge_ids
    is_open, made = np.zeros(cells.n_edges, bool), np.zeros(cells.n_cells, bool)
    first = bounded(state, cells.n_cells)
    made[first] = True
    active = [first]
    while active:
        i = {"newest": -1, "random": None, "oldest": 0, "oldest_swap": 0}[policy]
        if i is None:
            i = bounded(state, len(active))
        c = active[i]
        free = [t for t in range(indptr[c], indptr[c + 1]) if not made[nb[t]] and _usable(crosses, is_open, eid[t])]
        if not free:
            if policy in ("random", "oldest_swap"):
                active[i] = active[-1]  # swap-removal
                active.pop()
            else:
                active.pop(i)  # keeps the order
            continue
        s = free[bounded(state, len(free))] if len(free) > 1 else free[0]
        is_open[eid[s]] = made[nb[s]] = True
        active.append(nb[s])
    return is_open


REFERENCES = [
    ("prim_true", {}, reference_prim_true),
    ("prim_simplified", {}, reference_prim_simplified),
    ("prim_modified", {"pick": "uniform"}, reference_prim_modified),
    *[
        ("growing_tree", {"policy": p}, lambda c, x, s, p=p: reference_growing_tree(c, x, s, p))
        for p in ("newest", "random", "oldest", "oldest_swap")
    ],
]


@pytest.mark.parametrize("algorithm,options,reference", REFERENCES, ids=[f"{a}{o}" for a, o, _ in REFERENCES])
@settings(max_examples=15, deadline=None)
@given(kind=st.sampled_from(["orthogonal", "zeta", "theta", "voronoi"]), seed=seeds)
def test_kernel_matches_reference(algorithm, options, reference, kind, seed):
    cells = mg.compile_graph(FIXED[kind])
    crosses = cells.edge_refs.get("crosses", np.empty(0, dtype=np.int64))
    mask = mg.generate(cells, algorithm, seed=seed, **options).open
    state = kernel_state(np.random.default_rng(seed))
    assert np.array_equal(reference(cells, crosses, state), mask)


# -- determinism ---------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm,options", CONFIGS, ids=config_ids)
def test_same_seed_same_maze_different_seeds_differ(algorithm, options):
    G = T.orthogonal(12, 12)
    assert mg.generate(G, algorithm, seed=9, **options) == mg.generate(G, algorithm, seed=9, **options)
    masks = {mg.generate(G, algorithm, seed=s, **options).open.tobytes() for s in range(20)}
    assert len(masks) == 20


@settings(max_examples=30, deadline=None)
@given(kind=st.sampled_from(sorted(FIXED)), seed=seeds, which=st.integers(0, len(CONFIGS) - 1))
def test_same_seed_same_maze_hypothesis(kind, seed, which):
    algorithm, options = CONFIGS[which]
    G = FIXED[kind]
    assert mg.generate(G, algorithm, seed=seed, **options) == mg.generate(G, algorithm, seed=seed, **options)


def test_same_maze_in_another_process():
    code = (
        "import mazegraph as mg\n"
        "G = mg.tessellations.sigma(9, 11)\n"
        "for a in ('prim_true', 'prim_simplified', 'prim_modified', 'growing_tree', 'growing_forest'):\n"
        "    print(mg.generate(G, a, seed=2024).to_json())\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    theirs = [mg.Maze.from_json(line) for line in run.stdout.split("\n") if line]
    G = T.sigma(9, 11)
    assert theirs == [mg.generate(G, a, seed=2024) for a in ALGORITHMS]


# -- options -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "algorithm,options,match",
    [
        ("growing_tree", {"policy": "fifo"}, "policy must be one of"),
        ("growing_tree", {"policy": "newest", "p": 0.5}, "p applies only"),
        ("growing_tree", {"policy": "mix", "p": 1.5}, r"p must be a number in \[0, 1\]"),
        ("growing_tree", {"policy": "mix", "p": "half"}, r"p must be a number in \[0, 1\]"),
        ("growing_forest", {"policy": 3}, "policy must be one of"),
        ("growing_forest", {"trees": 0}, r"trees must be an integer >= 1 or a number in \(0, 1\]"),
        ("growing_forest", {"trees": 1.5}, r"\(0, 1\]"),
        ("growing_forest", {"trees": 0.0}, r"\(0, 1\]"),
        ("growing_forest", {"trees": "many"}, "trees must be"),
        ("growing_forest", {"trees": True}, "trees must be"),
        ("growing_forest", {"sprout": 1.0}, "sprout must be"),
        ("growing_forest", {"sprout": -0.1}, "sprout must be"),
        ("growing_forest", {"join": "never"}, "join must be"),
        ("prim_true", {"policy": "newest"}, "takes no options"),
    ],
)
def test_bad_options(algorithm, options, match):
    with pytest.raises(mg.InvalidOptionError, match=match):
        mg.generate(T.orthogonal(3, 3), algorithm, seed=1, **options)


def test_options_listed_and_recorded():
    assert mg.algorithm_info("growing_tree").option_names == ["policy", "p"]
    assert mg.algorithm_info("growing_forest").option_names == ["trees", "sprout", "policy", "p", "join"]
    M = mg.generate(T.orthogonal(4, 4), "growing_tree", seed=1, policy="mix", p=0.25)
    assert M.meta["options"] == {"policy": "mix", "p": 0.25}
    default = mg.generate(T.orthogonal(6, 6), "growing_tree", seed=1)
    assert default == mg.generate(T.orthogonal(6, 6), "growing_tree", seed=1, policy="oldest_swap")
    # numpy scalars are accepted as numbers
    assert mg.generate(T.orthogonal(6, 6), "growing_forest", seed=1, trees=np.int64(3), sprout=np.float64(0.1))


# Pullen's figures at 100 x 100 and what 20 mazes of 50 x 50 give (in brackets; fixed seeds 0..19).
# The bands separate neighbours: prim_true 30 / simplified 32 / modified 36; growing tree modes 10 / 28 / 49.
TEXTURE_BANDS = [
    ("prim_true", {}, 29.4, 31.3),  # Pullen 30 (30.4)
    ("prim_simplified", {}, 31.4, 33.3),  # Pullen 32 (32.2)
    ("prim_modified", {}, 34.2, 36.8),  # Pullen 36 (35.3)
    ("growing_tree", {"policy": "newest"}, 9.0, 11.5),  # Pullen 10, the backtracker (10.2)
    ("growing_tree", {"policy": "random"}, 26.3, 29.2),  # (27.7)
    ("growing_tree", {"policy": "oldest"}, 1.5, 8.0),  # a breadth-first tree (4.8)
    ("growing_tree", {}, 47.0, 51.0),  # oldest_swap: Pullen 49 (48.8)
    ("growing_tree", {"policy": "mix", "p": 1.0}, 9.0, 11.5),  # all newest (10.0)
    ("growing_tree", {"policy": "mix", "p": 0.0}, 26.3, 29.2),  # all random (27.8)
    ("growing_tree", {"policy": "mix", "p": 0.5}, 19.0, 23.0),  # in between (21.0)
    ("growing_forest", {}, 47.0, 51.0),  # Pullen 49 (48.8)
    ("growing_forest", {"join": "end"}, 47.0, 51.0),  # (48.5)
    ("growing_forest", {"policy": "newest"}, 9.5, 12.5),  # (10.9)
]


@pytest.mark.parametrize("algorithm,options,low,high", TEXTURE_BANDS)
def test_dead_ends_match_pullen(algorithm, options, low, high):
    dead, _ = texture(algorithm, options)
    assert low < dead < high, f"{algorithm} {options}: {dead:.2f}% dead ends, expected {low}..{high}"


def test_solution_lengths_rank_as_pullen():
    """Pullen: Prim simplified and modified have short solutions (2.3%), true Prim longer (4.1%),
    Growing Tree in its oldest mode long (11%)."""
    true, simplified, modified, oldest_swap = (
        texture(algorithm, {}, n_mazes=10)[1]
        for algorithm in ("prim_true", "prim_simplified", "prim_modified", "growing_tree")
    )
    assert max(simplified, modified) < true < oldest_swap
    assert oldest_swap > 10
