"""mazegraph.generators.backtracker, and the tests shared by the three walking generators.

Spanning trees on every tessellation, determinism, zeta crossings, exact agreement with
plain-Python reference implementations that draw from the same random stream (for the
backtracker, hunt-and-kill and Aldous-Broder together), Pullen's texture figures; then
the backtracker's bias and run options.
"""

from __future__ import annotations

import math
import subprocess
import sys

import networkx as nx
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from maze_checks import check_spanning_tree
from scipy.stats import chisquare

import mazegraph as mg
from mazegraph._random import bounded, kernel_state, next_u64, uniform
from mazegraph.structure.scan import scan_orders

from ._walkers import T, _tree_counts

ALGORITHMS = ["backtracker", "hunt_and_kill", "aldous_broder"]
CROSSINGS = ["backtracker", "hunt_and_kill"]  # keep zeta diagonals apart; aldous_broder refuses zeta
seeds = st.integers(0, 2**32 - 1)
small = st.integers(1, 6)


def _mask(draw):
    mask = np.array(draw(st.lists(st.booleans(), min_size=36, max_size=36))).reshape(6, 6)
    mask[0, 0] = True
    return T.from_mask(mask, largest=True)


def _regular(draw):
    G = nx.random_regular_graph(3, draw(st.sampled_from([4, 6, 8, 10, 12, 14])), seed=draw(st.integers(0, 50)))
    assume(nx.is_connected(G))
    return G


BUILDERS = {
    "orthogonal": lambda d: T.orthogonal(d(small), d(small)),
    "delta": lambda d: T.delta(d(small), d(st.integers(2, 7))),
    "sigma": lambda d: T.sigma(d(small), d(small)),
    "sigma_hexagon": lambda d: T.sigma_hexagon(d(st.integers(1, 4))),
    "theta": lambda d: T.theta(d(st.integers(1, 5))),
    "upsilon": lambda d: T.upsilon(d(small), d(small)),
    "zeta": lambda d: T.zeta(d(small), d(small)),
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
}


@st.composite
def tessellations(draw, exclude=()):
    """A tessellation (or plain graph) of a random kind and small size."""
    name = draw(st.sampled_from(sorted(set(BUILDERS) - set(exclude))))
    return BUILDERS[name](draw)


def no_crossing(M) -> bool:
    crosses = M.cells.edge_refs["crosses"]
    diagonal = np.flatnonzero(crosses >= 0)
    return not (M.open[diagonal] & M.open[crosses[diagonal]]).any()


# -- spanning trees everywhere ----------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(G=tessellations(), algorithm=st.sampled_from(ALGORITHMS), seed=seeds)
def test_spanning_tree_on_every_tessellation(G, algorithm, seed):
    cells = mg.compile_graph(G)
    if "crosses" in cells.edge_refs and algorithm not in CROSSINGS:
        with pytest.raises(mg.UnsupportedError, match="crossing"):
            mg.generate(G, algorithm, seed=seed)
        return
    M = mg.generate(G, algorithm, seed=seed)
    check_spanning_tree(G, M)
    if "crosses" in cells.edge_refs:
        assert no_crossing(M)


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(1, 9),
    cols=st.integers(1, 9),
    algorithm=st.sampled_from(CROSSINGS),
    seed=seeds,
    bias=st.sampled_from([0.0, 0.7, -1.0]),
    run=st.sampled_from([0.0, 0.8]),
)
def test_zeta_never_opens_two_crossing_diagonals(rows, cols, algorithm, seed, bias, run):
    G = T.zeta(rows, cols)
    options = {"bias": bias, "run": run} if algorithm == "backtracker" else {}
    M = mg.generate(G, algorithm, seed=seed, **options)
    check_spanning_tree(G, M)
    assert no_crossing(M)


def test_zeta_mazes_use_diagonals():
    G = T.zeta(12, 12)
    cells = mg.compile_graph(G)
    for algorithm in CROSSINGS:
        M = mg.generate(G, algorithm, seed=1)
        assert M.open[cells.edge_refs["crosses"] >= 0].sum() > 10  # diagonals are carved, just never crossed


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_large_maze(algorithm):
    """Enough cells for three bitset levels in the hunt (more than 64 * 64)."""
    G = mg.tessellations.build("orthogonal", 80, 90)
    M = mg.generate(G, algorithm, seed=11)
    assert M.is_perfect() and M.n_open == G.n_cells - 1


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_single_cell(algorithm):
    M = mg.generate(T.orthogonal(1, 1), algorithm, seed=0)
    assert M.n_open == 0 and M.is_perfect()


# -- determinism ----------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(G=tessellations(exclude=("zeta",)), algorithm=st.sampled_from(ALGORITHMS), seed=seeds)
def test_same_seed_same_maze(G, algorithm, seed):
    assert mg.generate(G, algorithm, seed=seed) == mg.generate(G, algorithm, seed=seed)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_different_seeds_differ(algorithm):
    G = T.orthogonal(12, 12)
    masks = {mg.generate(G, algorithm, seed=s).open.tobytes() for s in range(20)}
    assert len(masks) == 20


def test_same_maze_in_another_process():
    code = (
        "import mazegraph as mg\n"
        "G = mg.tessellations.sigma(7, 9)\n"
        "for a in ('backtracker', 'hunt_and_kill', 'aldous_broder'):\n"
        "    print(mg.generate(G, a, seed=2024).to_json())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    G = T.sigma(7, 9)
    assert [mg.Maze.from_json(line) for line in out if line] == [mg.generate(G, a, seed=2024) for a in ALGORITHMS]


# -- exact agreement with plain-Python references drawing the same stream -------------------


def _allowed(cells, is_open, s):
    crosses = cells.edge_refs.get("crosses")
    if crosses is None:
        return True
    partner = crosses[cells.edge_ids[s]]
    return partner < 0 or not is_open[partner]


def _weight(c, bias):
    return 1.0 + bias if c == 0 else (1.0 - bias if c == 1 else 1.0)


def reference_backtracker(cells, state, bias=0.0, run=0.0):
    """The documented backtracker, step by step, in plain Python."""
    indptr, nbr, eid, direction = cells.indptr, cells.neighbors, cells.edge_ids, cells.direction
    is_open = np.zeros(cells.n_edges, dtype=bool)
    visited = np.zeros(cells.n_cells, dtype=bool)
    came = [-1] * cells.n_cells
    start = bounded(state, cells.n_cells)
    visited[start] = True
    stack = [start]
    while stack:
        u = stack[-1]
        slots = [s for s in range(indptr[u], indptr[u + 1]) if not visited[nbr[s]] and _allowed(cells, is_open, s)]
        if not slots:
            stack.pop()
            continue
        chosen = None
        if run > 0 and came[u] >= 0:
            straight = [s for s in slots if direction[eid[s]] == came[u]]
            if straight and uniform(state) < run:
                chosen = straight[bounded(state, len(straight))]
        if chosen is None and bias != 0:
            weights = [_weight(direction[eid[s]], bias) for s in slots]
            total = 0.0
            for w in weights:
                total += w
            if total > 0:
                target = uniform(state) * total
                for s, w in zip(slots, weights):
                    target -= w
                    if target < 0:
                        chosen = s
                        break
                if chosen is None:
                    chosen = [s for s, w in zip(slots, weights) if w > 0][-1]
        if chosen is None:
            chosen = slots[bounded(state, len(slots))]
        is_open[eid[chosen]] = True
        v = nbr[chosen]
        visited[v] = True
        came[v] = -1 if direction is None else direction[eid[chosen]]
        stack.append(v)
    return is_open


def reference_hunt_and_kill(cells, state):
    """Hunt-and-kill whose hunt rescans its scan order from the start every time."""
    indptr, nbr, eid, n = cells.indptr, cells.neighbors, cells.edge_ids, cells.n_cells
    orders = scan_orders(cells)
    if len(orders) == 0:
        order = [0] * n
        for i in range(n):
            j = bounded(state, i + 1)
            order[i] = order[j]
            order[j] = i
        orders = np.array([order])
    is_open = np.zeros(cells.n_edges, dtype=bool)
    visited = np.zeros(n, dtype=bool)
    u = bounded(state, n)
    visited[u] = True
    hunts = 0
    while True:
        while True:
            slots = [s for s in range(indptr[u], indptr[u + 1]) if not visited[nbr[s]] and _allowed(cells, is_open, s)]
            if not slots:
                break
            s = slots[bounded(state, len(slots))]
            is_open[eid[s]] = True
            u = nbr[s]
            visited[u] = True
        scan = orders[hunts % len(orders)]
        if (hunts // len(orders)) % 2:
            scan = scan[::-1]
        for v in scan:
            if visited[v]:
                continue
            slots = [s for s in range(indptr[v], indptr[v + 1]) if visited[nbr[s]] and _allowed(cells, is_open, s)]
            if slots:
                s = slots[bounded(state, len(slots))]
                is_open[eid[s]] = True
                u = v
                visited[u] = True
                break
        else:
            return is_open
        hunts += 1


def reference_aldous_broder(cells, state):
    """The plain random walk: uniform neighbour every step, two steps per 64-bit draw."""
    indptr, nbr, eid, n = cells.indptr, cells.neighbors, cells.edge_ids, cells.n_cells
    is_open = np.zeros(cells.n_edges, dtype=bool)
    visited = np.zeros(n, dtype=bool)
    u = bounded(state, n)
    visited[u] = True
    left = n - 1
    while left:
        x = int(next_u64(state))
        for r in (x >> 32, x & 0xFFFFFFFF):
            s = indptr[u] + (r * int(indptr[u + 1] - indptr[u]) >> 32)
            v = nbr[s]
            if not visited[v]:
                visited[v] = True
                is_open[eid[s]] = True
                left -= 1
                if not left:
                    break
            u = v
    return is_open


REFERENCES = {
    "backtracker": reference_backtracker,
    "hunt_and_kill": reference_hunt_and_kill,
    "aldous_broder": reference_aldous_broder,
}


@settings(max_examples=80, deadline=None)
@given(G=tessellations(), algorithm=st.sampled_from(ALGORITHMS), seed=seeds)
def test_kernels_match_the_references(G, algorithm, seed):
    cells = mg.compile_graph(G)
    assume(algorithm in CROSSINGS or "crosses" not in cells.edge_refs)
    expected = REFERENCES[algorithm](cells, kernel_state(np.random.default_rng(seed)))
    options = {"hunt": "restart"} if algorithm == "hunt_and_kill" else {}  # the reference's hunt
    assert np.array_equal(mg.generate(G, algorithm, seed=seed, **options).open, expected)


@settings(max_examples=60, deadline=None)
@given(
    G=tessellations(exclude=("petersen", "regular")),
    seed=seeds,
    bias=st.one_of(st.sampled_from([-1.0, 1.0, 0.0]), st.floats(-1, 1)),
    run=st.one_of(st.just(0.0), st.floats(0, 0.99)),
)
def test_backtracker_options_match_the_reference(G, seed, bias, run):
    cells = mg.compile_graph(G)
    assume(bias == 0 or len(cells.direction_names) >= 2)
    expected = reference_backtracker(cells, kernel_state(np.random.default_rng(seed)), bias, run)
    M = mg.generate(G, "backtracker", seed=seed, bias=bias, run=run)
    assert np.array_equal(M.open, expected)
    check_spanning_tree(G, M)


@pytest.mark.parametrize("algorithm", CROSSINGS)
def test_the_uniformity_test_has_power(algorithm):
    """The depth-first walkers are far from uniform on the same small grid."""
    counts = _tree_counts(T.orthogonal(2, 3), algorithm, 1500)
    observed = [counts.get(tree, 0) for tree in set(counts)] + [0] * (15 - len(counts))
    assert chisquare(observed).pvalue < 1e-6


# -- backtracker options -------------------------------------------------------------------


def _share_of_class0(G, **options):
    cells = mg.compile_graph(G)
    shares = [
        mg.generate(G, "backtracker", seed=s, **options).open[cells.direction == 0].sum() / (cells.n_cells - 1)
        for s in range(8)
    ]
    return float(np.mean(shares))


def test_bias_shifts_between_the_first_two_direction_classes():
    G = T.orthogonal(30, 30)  # horizontal (class 0) vs vertical (class 1)
    shares = [_share_of_class0(G, bias=b) for b in (-1.0, -0.8, 0.0, 0.8, 1.0)]
    assert shares == sorted(shares)
    assert shares[0] < 0.08 and 0.12 < shares[1] < 0.25 and 0.45 < shares[2] < 0.55
    assert 0.75 < shares[3] < 0.88 and shares[4] > 0.92
    theta = T.theta(12)  # radial (class 0) vs circumferential (class 1)
    assert _share_of_class0(theta, bias=-0.8) + 0.2 < _share_of_class0(theta) < _share_of_class0(theta, bias=0.8) - 0.2


def test_run_makes_longer_straight_passages():
    G = T.orthogonal(30, 30)
    cells = mg.compile_graph(G)

    def straight(run):  # share of cells that a passage goes straight through
        out = []
        for s in range(8):
            is_open = mg.generate(G, "backtracker", seed=s, run=run).open
            degree = np.bincount(cells.edges[is_open].ravel(), minlength=cells.n_cells)
            across = np.bincount(cells.edges[is_open & (cells.direction == 0)].ravel(), minlength=cells.n_cells)
            out.append(((degree == 2) & (across != 1)).mean())
        return np.mean(out)

    plain, half, strong = straight(0.0), straight(0.5), straight(0.9)
    assert plain < 0.38 and half > plain + 0.15 and strong > half + 0.15


def test_run_and_bias_on_a_one_class_grid():
    strip = T.grid((6,))  # one direction class: run is allowed, bias is not
    assert mg.generate(strip, "backtracker", seed=1, run=0.5).is_perfect()
    with pytest.raises(mg.InvalidOptionError, match="only 1"):
        mg.generate(strip, "backtracker", seed=1, bias=0.5)


@pytest.mark.parametrize("G", [nx.petersen_graph(), nx.random_regular_graph(3, 10, seed=1)])
@pytest.mark.parametrize("option", ["bias", "run"])
def test_direction_options_need_directions(G, option):
    assert mg.generate(G, "backtracker", seed=1, **{option: 0.0}).is_perfect()
    with pytest.raises(mg.InvalidOptionError, match="direction"):
        mg.generate(G, "backtracker", seed=1, **{option: 0.5})


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("bias", 1.5),
        ("bias", -1.01),
        ("bias", math.nan),
        ("bias", "0.5"),
        ("bias", True),
        ("bias", None),
        ("run", 1.0),
        ("run", -0.1),
        ("run", math.inf),
        ("run", [0.5]),
    ],
)
def test_bad_option_values(option, value):
    with pytest.raises(mg.InvalidOptionError, match=f"{option} must be a number in"):
        mg.generate(T.orthogonal(4, 4), "backtracker", seed=1, **{option: value})


def test_walkers_take_no_other_options():
    with pytest.raises(mg.InvalidOptionError, match="no options"):
        mg.generate(T.orthogonal(4, 4), "aldous_broder", seed=1, bias=0.5)
    with pytest.raises(mg.InvalidOptionError, match="takes hunt"):
        mg.generate(T.orthogonal(4, 4), "hunt_and_kill", seed=1, bias=0.5)


# -- registry and focus -----------------------------------------------------------------------


def test_registry_entries():
    info = {a: mg.algorithm_info(a) for a in ALGORITHMS}
    assert info["backtracker"].option_names == ["bias", "run"]
    assert info["hunt_and_kill"].option_names == ["hunt"] and info["aldous_broder"].option_names == []
    assert [info[a].crossings for a in ALGORITHMS] == [True, True, False]
    assert [info[a].wall_focus for a in ALGORITHMS] == [False, True, True]
    assert not any(info[a].needs_rows for a in ALGORITHMS)


def test_wall_focus():
    G = T.orthogonal(8, 8)
    for algorithm in ("hunt_and_kill", "aldous_broder"):
        check_spanning_tree(G, mg.generate(G, algorithm, seed=3, focus="wall"))
    with pytest.raises(mg.UnsupportedError, match="wall adder"):
        mg.generate(G, "backtracker", seed=3, focus="wall")


# -- texture against Pullen's table --------------------------------------------------------


def _texture(algorithm, count=20, size=50, **options):
    """Mean dead-end and solution percentages over ``count`` mazes of ``size x size`` (fixed seeds)."""
    G = T.orthogonal(size, size)
    cells = mg.compile_graph(G)
    dead, solution = [], []
    for s in range(count):
        M = mg.generate(G, algorithm, seed=1000 + s, **options)
        degree = np.bincount(cells.edges[M.open].ravel(), minlength=cells.n_cells)
        dead.append(100 * (degree == 1).mean())
        solution.append(100 * len(M.solution()) / cells.n_cells)
    return np.mean(dead), np.mean(solution)


def test_texture_matches_pullens_table():
    # Pullen (100 x 100): backtracker 10% dead ends, solution 19%; hunt-and-kill 11%, 9.5%;
    # Aldous-Broder 29%, 4.5%; hunt-and-kill as a wall adder 21%. Solutions are a larger share of a
    # 50 x 50 maze, so their bands are wide; together the bands tell the three apart.
    dead, solution = _texture("backtracker")
    assert 8 < dead < 12.5 and 15 < solution < 35
    dead, solution = _texture("hunt_and_kill")
    assert 7.5 < dead < 13 and 5 < solution < 15
    dead, solution = _texture("aldous_broder")
    assert 26.5 < dead < 32 and solution < 12
    dead, _ = _texture("hunt_and_kill", count=10, focus="wall")
    assert 17 < dead < 26
