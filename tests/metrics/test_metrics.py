"""Tests of mazegraph.metrics: hand-made mazes with known values, and brute force over networkx."""

from __future__ import annotations

import math
from collections import Counter, defaultdict

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph import metrics as mm

T = mg.tessellations
seeds = st.integers(0, 2**32 - 1)


# -- helpers ----------------------------------------------------------------------------------------


def open_edges(G, pairs):
    return mg.Maze(G, pairs)


def corridor(n):
    """A straight corridor along a 1 x n grid."""
    G = T.orthogonal(1, n)
    return mg.Maze(G, [((0, c), (0, c + 1)) for c in range(n - 1)])


def comb(rows, cols):
    """A spine along row 0 and a tooth down every column."""
    G = T.orthogonal(rows, cols)
    spine = [((0, c), (0, c + 1)) for c in range(cols - 1)]
    teeth = [((r, c), (r + 1, c)) for c in range(cols) for r in range(rows - 1)]
    return mg.Maze(G, spine + teeth)


def spiral_cells(n):
    """The cells of an n x n grid in clockwise spiral order from (0, 0)."""
    top, bottom, left, right = 0, n - 1, 0, n - 1
    out = []
    while top <= bottom and left <= right:
        out += [(top, c) for c in range(left, right + 1)]
        out += [(r, right) for r in range(top + 1, bottom + 1)]
        if top < bottom:
            out += [(bottom, c) for c in range(right - 1, left - 1, -1)]
        if left < right:
            out += [(r, left) for r in range(bottom - 1, top, -1)]
        top, bottom, left, right = top + 1, bottom - 1, left + 1, right - 1
    return out


def spiral(n):
    G = T.orthogonal(n, n)
    cells = spiral_cells(n)
    return mg.Maze(G, list(zip(cells[:-1], cells[1:])))


def random_mask_maze(G, seed, p):
    """A maze with a random set of open edges (loops, isolated cells and all)."""
    cells = mg.compile_graph(G)
    rng = np.random.default_rng(seed)
    return mg.Maze(G, rng.random(cells.n_edges) < p)


def nx_dead_end_lengths(P):
    """Walk from every dead end of the passage graph to its junction (None if it reaches a dead end)."""
    deg = dict(P.degree())
    out = []
    for leaf in P:
        if deg[leaf] != 1:
            continue
        prev, cur, steps = leaf, next(iter(P[leaf])), 1
        while deg[cur] == 2:
            prev, cur = cur, next(w for w in P[cur] if w != prev)
            steps += 1
        if deg[cur] >= 3:
            out.append(steps)
    return sorted(out)


def nx_corridor_lengths(P):
    """Walk from every junction along each passage to the next junction; each corridor is found twice."""
    deg = dict(P.degree())
    out = []
    for u in P:
        if deg[u] < 3:
            continue
        for v in P[u]:
            prev, cur, steps = u, v, 1
            while deg[cur] == 2:
                prev, cur = cur, next(w for w in P[cur] if w != prev)
                steps += 1
            if deg[cur] >= 3:
                out.append(steps)
    return Counter(out)


def nx_runs_by_class(P):
    """Runs where passages of one direction class through a cell are exactly opposite (lattices)."""
    by_class = defaultdict(list)
    for u, v, d in P.edges(data=True):
        by_class[d["direction"]].append((u, v))
    lengths = []
    for pairs in by_class.values():
        H = nx.Graph(pairs)
        lengths += [H.subgraph(c).number_of_edges() for c in nx.connected_components(H)]
    return sorted(lengths)


# -- hand-made mazes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 5, 9])
def test_straight_corridor(n):
    M = corridor(n)
    assert mm.open_degree(M).tolist() == [1] + [2] * (n - 2) + [1]
    dist = mm.degree_distribution(M)
    assert dist.tolist() == ([0, 2, n - 2] if n > 2 else [0, 2])  # as long as the largest degree allows
    assert mm.dead_end_pct(M) == pytest.approx(200 / n)
    assert mm.junction_pct(M) == 0 and mm.crossroad_pct(M) == 0
    assert mm.solution_length(M) == n
    assert mm.solution_pct(M) == pytest.approx(100.0)
    assert mm.tortuosity(M) == pytest.approx(1.0)
    R = mm.river(M)
    assert R.dead_end_lengths.tolist() == []  # the dead ends lead to no junction
    assert R.branch_lengths.tolist() == [n - 1]
    assert math.isnan(R.mean_dead_end_length) and math.isnan(R.mean_corridor_length)
    assert mm.run(M).lengths.tolist() == [n - 1]
    b = mm.bias(M)
    assert b["horizontal"] == (1.0, 1.0, 1.0)
    assert b["vertical"][0] == 0.0 and b["vertical"][1] == 0.0 and math.isnan(b["vertical"][2])


@pytest.mark.parametrize(("rows", "cols"), [(2, 3), (3, 3), (4, 5), (6, 4)])
def test_comb(rows, cols):
    M = comb(rows, cols)
    k = rows - 1
    dist = mm.degree_distribution(M)
    assert dist.tolist()[:4] == [0, cols, (rows - 2) * cols + 2, cols - 2]
    assert mm.dead_end_pct(M) == pytest.approx(100 * cols / (rows * cols))
    R = mm.river(M)
    # the outer teeth run on along the spine to the first inner junction
    assert R.dead_end_lengths.tolist() == sorted([k] * (cols - 2) + [k + 1] * 2)
    assert R.corridor_lengths.tolist() == [1] * max(cols - 3, 0)
    assert R.dead_end_histogram[k] == cols - 2 and R.dead_end_histogram[k + 1] == 2
    assert R.branch_lengths.sum() == M.n_open
    runs = mm.run(M)
    assert runs.lengths.tolist() == sorted([cols - 1] + [k] * cols)
    assert runs.mean == pytest.approx((cols - 1 + k * cols) / (cols + 1))
    # solution (0, 0) -> along the spine -> down the last tooth
    assert mm.solution_length(M) == cols + rows - 1
    b = mm.bias(M)
    offered_h = rows * (cols - 1) / (rows * (cols - 1) + (rows - 1) * cols)
    assert b["horizontal"][0] == pytest.approx((cols - 1) / M.n_open)
    assert b["horizontal"][1] == pytest.approx(offered_h)
    assert b["horizontal"][2] == pytest.approx((cols - 1) / M.n_open / offered_h)


@pytest.mark.parametrize("n", [2, 3, 4, 7])
def test_spiral(n):
    M = spiral(n)
    assert M.is_perfect()
    assert mm.degree_distribution(M).tolist()[:3] == [0, 2, n * n - 2]
    expected = sorted([n - 1] + [k for k in range(1, n) for _ in range(2)])
    assert mm.run(M).lengths.tolist() == expected
    assert sum(expected) == n * n - 1
    R = mm.river(M)
    assert R.dead_end_lengths.tolist() == [] and R.branch_lengths.tolist() == [n * n - 1]
    assert mm.solution_length(M) == 2 * n - 1  # along the top row and down the right side
    assert mm.tortuosity(M) == pytest.approx(math.sqrt(2))


def test_small_perfect_maze_by_hand():
    # 2 x 3:  (0,0)-(0,1)-(0,2)  with (0,1)|(1,1) and (1,0)-(1,1)-(1,2)
    G = T.orthogonal(2, 3)
    M = open_edges(G, [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((1, 1), (1, 2))])
    assert M.is_perfect()
    assert mm.degree_distribution(M).tolist() == [0, 4, 0, 2]
    assert mm.dead_end_pct(M) == pytest.approx(400 / 6)
    assert mm.junction_pct(M) == pytest.approx(200 / 6)
    R = mm.river(M)
    assert R.dead_end_lengths.tolist() == [1, 1, 1, 1]
    assert R.corridor_lengths.tolist() == [1]
    assert R.mean_branch_length == 1.0
    assert sorted(mm.run(M).lengths.tolist()) == [1, 2, 2]
    assert mm.solution_length(M) == 4  # (0,0) (0,1) (1,1) (1,2)
    assert mm.solution_pct(M) == pytest.approx(400 / 6)
    assert mm.tortuosity(M) == pytest.approx(3 / math.sqrt(5))


def test_crossroads_and_braid_ring():
    G = T.orthogonal(3, 3)
    plus = open_edges(G, [((1, 1), (0, 1)), ((1, 1), (2, 1)), ((1, 1), (1, 0)), ((1, 1), (1, 2))])
    assert mm.crossroad_pct(plus) == pytest.approx(100 / 9)
    assert mm.run(plus).lengths.tolist() == [2, 2]  # two straight runs cross
    assert mm.river(plus).dead_end_lengths.tolist() == [1, 1, 1, 1]
    ring = open_edges(T.orthogonal(2, 2), [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 0)), ((1, 0), (0, 0))])
    assert mm.degree_distribution(ring).tolist() == [0, 0, 4]
    assert mm.river(ring).branch_lengths.tolist() == [4]  # one ring, no junction
    assert mm.run(ring).lengths.tolist() == [1, 1, 1, 1]
    assert mm.solution_length(ring) == 3


def test_sigma_row_corridor():
    G = T.sigma(2, 5)
    M = mg.Maze(G, [((0, c), (0, c + 1)) for c in range(4)], start=(0, 0), goal=(0, 4))
    assert mm.run(M).lengths.tolist() == [4]
    assert mm.tortuosity(M) == pytest.approx(1.0)
    b = mm.bias(M)
    assert b["east-west"][0] == 1.0
    assert b["east-west"][2] == pytest.approx(1 / b["east-west"][1])


def test_sigma_zigzag_turns():
    # (0,1) - (1,0) - (1,1) - (0,2): the middle passes turn by 60 and 120 degrees
    G = T.sigma(2, 3)
    M = open_edges(G, [((0, 1), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (0, 2))])
    assert mm.run(M).lengths.tolist() == [1, 1, 1]
    # at (1, 1) the path turns 60 degrees, at (1, 0) 120 degrees
    assert mm.run(M, max_turn=61).lengths.tolist() == [1, 2]
    assert mm.run(M, max_turn=121).lengths.tolist() == [3]


def test_theta_ring():
    G = T.theta(2)  # centre and a ring of 6
    ring = [((1, i), (1, i + 1)) for i in range(5)]
    M = mg.Maze(G, ring, start=(1, 0), goal=(1, 5))
    assert mm.degree_distribution(M).tolist()[:3] == [1, 2, 4]  # the centre is cut off
    assert mm.run(M).lengths.tolist() == [1] * 5  # 60 degree turns at every cell
    assert mm.run(M, max_turn=61).lengths.tolist() == [5]
    assert mm.solution_length(M) == 6
    assert mm.river(M).branch_lengths.tolist() == [5]
    assert mm.bias(M)["circumferential"][0] == 1.0
    with pytest.raises(mg.NoSolutionError):
        mm.solution_length(M, start=(0, 0))
    closed = mg.Maze(G, ring + [((1, 5), (1, 0))])
    assert mm.run(closed, max_turn=61).lengths.tolist() == [6]  # a closed straight loop
    assert mm.river(closed).branch_lengths.tolist() == [6]


def test_delta_row():
    n = 7
    G = T.delta(1, n)
    M = mg.Maze(G, [((0, c), (0, c + 1)) for c in range(n - 1)], start=(0, 0), goal=(0, n - 1))
    assert mm.run(M).lengths.tolist() == [1] * (n - 1)  # every pass through a triangle turns 60 degrees
    assert mm.run(M, max_turn=61).lengths.tolist() == [n - 1]
    assert mm.tortuosity(M) == pytest.approx(2 / math.sqrt(3))  # the zigzag of centres
    assert mm.crossroad_pct(M) == 0
    assert set(mm.bias(M)) == {"rising", "falling", "vertical"}


def test_glued_surfaces_runs_cross_the_seams():
    # all walls open: every straight line of cells closes on itself around the surface
    for G, expected in [
        (T.torus(4, 5), [4] * 5 + [5] * 4),
        (T.klein(4, 6), [6] * 4 + [8] * 3),
        (T.moebius(3, 6), [2] * 6 + [6, 12]),
        (T.cylinder(3, 5), [2] * 5 + [5] * 3),
        (T.cube(3), [12] * 9),
    ]:
        cells = mg.compile_graph(G)
        M = mg.Maze(G, np.ones(cells.n_edges, dtype=bool))
        assert mm.run(M).lengths.tolist() == sorted(expected), cells.name
    M = mg.Maze(T.torus(4, 5), [((0, 0, 1), (0, 0, 0)), ((0, 0, 0), (0, 0, 4)), ((0, 0, 4), (0, 0, 3))])
    assert mm.run(M).lengths.tolist() == [3]


def test_grid_3d_up_and_up_is_straight():
    G = T.grid((2, 2, 4))
    M = mg.Maze(G, [((0, 0, z), (0, 0, z + 1)) for z in range(3)] + [((0, 0, 3), (0, 1, 3))])
    assert mm.run(M).lengths.tolist() == [1, 3]
    assert mm.bias(M)["up-down"][0] == 0.75


# -- errors and missing attributes ------------------------------------------------------------------------


def test_user_graph_without_geometry():
    G = nx.petersen_graph()
    M = mg.generate(G, "kruskal", seed=1)
    with pytest.raises(mg.MissingAttributeError):
        mm.bias(M)
    with pytest.raises(mg.MissingAttributeError):
        mm.run(M)
    with pytest.raises(mg.MissingAttributeError):
        mm.tortuosity(M)
    row = mm.summary(M)
    assert list(row) == list(mm.SUMMARY_KEYS)
    assert math.isnan(row["bias_tv"]) and math.isnan(row["run_length_mean"]) and math.isnan(row["tortuosity"])
    assert row["n_passages"] == 9 and row["solution_length"] == mm.solution_length(M)


def test_user_graph_with_geometry():
    G = nx.grid_2d_graph(3, 4)
    for (x, y), data in G.nodes(data=True):
        data["pos"] = (float(x), float(y))
    for u, v, data in G.edges(data=True):
        data["direction"] = "x" if u[1] == v[1] else "y"
    M = mg.generate(G, "wilson", seed=2)
    row = mm.summary(M)
    assert set(mm.bias(M)) == {"x", "y"} and "bias_x" in row
    assert sum(mm.run(M).lengths) == 11
    assert row["tortuosity"] >= 1.0


def test_errors():
    M = corridor(4)
    with pytest.raises(mg.InvalidOptionError):
        mm.run(M, max_turn=180)
    with pytest.raises(mg.InvalidOptionError):
        mm.summary(M, max_turn="straight")
    with pytest.raises(TypeError):
        mm.dead_end_pct(M.cells)
    with pytest.raises(mg.NotACellError):
        mm.solution_length(M, start=(5, 5))
    closed = mg.Maze(T.orthogonal(2, 2))
    with pytest.raises(mg.NoSolutionError):
        mm.solution_pct(closed)
    row = mm.summary(closed)
    assert row["n_passages"] == 0 and row["dead_end_pct"] == 0.0
    assert math.isnan(row["solution_length"]) and math.isnan(row["run_length_mean"]) and math.isnan(row["bias_tv"])


def test_start_equals_goal_and_single_cell():
    G = T.orthogonal(1, 1)
    M = mg.Maze(G)
    assert mm.solution_length(M) == 1
    assert math.isnan(mm.tortuosity(M))
    row = mm.summary(M)
    assert row["n_cells"] == 1 and row["solution_pct"] == 100.0 and math.isnan(row["tortuosity"])


# -- brute force against networkx ---------------------------------------------------------------------------

CORE = st.one_of(
    st.tuples(st.just(T.orthogonal), st.integers(1, 7), st.integers(2, 7)),
    st.tuples(st.just(T.sigma), st.integers(1, 6), st.integers(2, 6)),
    st.tuples(st.just(T.delta), st.integers(1, 6), st.integers(2, 8)),
    st.tuples(st.just(T.theta), st.integers(2, 5)),
)


@settings(max_examples=40, deadline=None)
@given(CORE, seeds, st.sampled_from(["kruskal", "wilson"]))
def test_perfect_mazes_match_networkx(spec, seed, algorithm):
    builder, *size = spec
    M = mg.generate(builder(*size), algorithm, seed=seed)
    P = M.to_networkx()
    n = P.number_of_nodes()
    degrees = Counter(d for _, d in P.degree())
    dist = mm.degree_distribution(M)
    assert dist.sum() == n
    assert all(dist[k] == degrees.get(k, 0) for k in range(len(dist)))
    assert mm.dead_end_pct(M) == pytest.approx(100 * degrees[1] / n)
    path = nx.shortest_path(P, M.start, M.goal)
    assert mm.solution_length(M) == len(path)
    assert mm.solution_pct(M) == pytest.approx(100 * len(path) / n)
    R = mm.river(M)
    assert R.dead_end_lengths.tolist() == nx_dead_end_lengths(P)
    assert Counter({k: 2 * v for k, v in Counter(R.corridor_lengths.tolist()).items()}) == nx_corridor_lengths(P)
    assert R.branch_lengths.sum() == P.number_of_edges()
    runs = mm.run(M).lengths
    assert runs.sum() == P.number_of_edges() and (runs >= 1).all()
    pos = nx.get_node_attributes(P, "pos")
    lengths = [math.dist(pos[u], pos[v]) for u, v in M.tessellation.edges]
    straight = math.dist(pos[M.start], pos[M.goal]) / float(np.median(lengths))
    if straight > 0:
        assert mm.tortuosity(M) == pytest.approx((len(path) - 1) / straight)
    classes = Counter(d["direction"] for _, _, d in P.edges(data=True))
    offered = Counter(d["direction"] for _, _, d in M.tessellation.edges(data=True))
    for name, (p, q, _) in mm.bias(M).items():
        assert p == pytest.approx(classes.get(name, 0) / P.number_of_edges())
        assert q == pytest.approx(offered.get(name, 0) / M.tessellation.number_of_edges())


LATTICES = st.one_of(
    st.tuples(st.just(T.orthogonal), st.integers(1, 6), st.integers(2, 6)),
    st.tuples(st.just(T.sigma), st.integers(2, 5), st.integers(2, 5)),
    st.tuples(st.just(T.zeta), st.integers(2, 5), st.integers(2, 5)),
    st.tuples(st.just(T.upsilon), st.integers(2, 5), st.integers(2, 5)),
    st.tuples(st.just(T.torus), st.integers(3, 5), st.integers(3, 5)),
    st.tuples(st.just(T.klein), st.integers(3, 5), st.integers(3, 5)),
    st.tuples(st.just(T.grid), st.tuples(st.integers(2, 3), st.integers(2, 3), st.integers(1, 3))),
)


@settings(max_examples=40, deadline=None)
@given(LATTICES, seeds, st.floats(0.1, 1.0))
def test_runs_and_branches_on_random_passages(spec, seed, p):
    # any set of open edges: loops, rings, isolated cells
    builder, *size = spec
    M = random_mask_maze(builder(*size), seed, p)
    P = M.to_networkx()
    assert mm.run(M).lengths.tolist() == nx_runs_by_class(P)
    R = mm.river(M)
    assert R.dead_end_lengths.tolist() == nx_dead_end_lengths(P)
    assert Counter({k: 2 * v for k, v in Counter(R.corridor_lengths.tolist()).items()}) == nx_corridor_lengths(P)
    assert R.branch_lengths.sum() == P.number_of_edges()
    degrees = Counter(d for _, d in P.degree())
    assert mm.degree_distribution(M).tolist() == [degrees.get(k, 0) for k in range(len(mm.degree_distribution(M)))]
    try:
        expected = len(nx.shortest_path(P, M.start, M.goal))
    except nx.NetworkXNoPath:
        with pytest.raises(mg.NoSolutionError):
            mm.solution_length(M)
    else:
        assert mm.solution_length(M) == expected


ALL = [
    lambda: T.orthogonal(5, 6),
    lambda: T.delta(4, 7),
    lambda: T.sigma(4, 5),
    lambda: T.sigma_hexagon(3),
    lambda: T.theta(5),
    lambda: T.upsilon(4, 4),
    lambda: T.zeta(4, 4),
    lambda: T.grid((3, 3, 2)),
    lambda: T.weave(5, 5),
    lambda: T.torus(4, 5),
    lambda: T.cylinder(4, 5),
    lambda: T.moebius(4, 8),
    lambda: T.klein(4, 6),
    lambda: T.cube(3),
    lambda: T.voronoi(40, seed=3),
    lambda: T.from_mask(["#...#", ".....", "#...#"]),
    lambda: nx.petersen_graph(),
    lambda: nx.random_regular_graph(3, 12, seed=5),
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(range(len(ALL))), seeds)
def test_summary_on_every_tessellation(which, seed):
    G = ALL[which]()
    M = mg.generate(G, "kruskal", seed=seed)
    row = mm.summary(M)
    assert list(row)[: len(mm.SUMMARY_KEYS)] == list(mm.SUMMARY_KEYS)
    assert all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in row.values())
    assert all(k.startswith("bias_") for k in list(row)[len(mm.SUMMARY_KEYS) :])
    n = M.cells.n_cells
    assert row["n_passages"] == n - 1
    pct = row["dead_end_pct"] + row["corridor_pct"] + row["junction_pct"] + row["crossroad_pct"]
    assert pct == pytest.approx(100.0)
    assert row["dead_end_pct"] == mm.dead_end_pct(M)
    assert row["solution_length"] == mm.solution_length(M)
    R = mm.river(M)
    assert row["dead_end_length_mean"] == pytest.approx(R.mean_dead_end_length, nan_ok=True)
    assert row["branch_length_mean"] == pytest.approx(R.mean_branch_length)
    if M.cells.pos is not None:
        runs = mm.run(M)
        assert row["run_length_mean"] == pytest.approx(runs.mean)
        assert runs.lengths.sum() == n - 1
        assert row["tortuosity"] == pytest.approx(mm.tortuosity(M), nan_ok=True)
    if M.cells.direction is not None:
        b = mm.bias(M)
        assert sum(p for p, _, _ in b.values()) == pytest.approx(1.0)
        assert sum(q for _, q, _ in b.values()) == pytest.approx(1.0)
        assert 0.0 <= row["bias_tv"] <= 1.0


def test_same_tessellation_same_keys():
    G = T.sigma(6, 6)
    keys = {tuple(mm.summary(mg.generate(G, "wilson", seed=s))) for s in range(4)}
    assert len(keys) == 1
    assert mm.degree_distribution(mg.generate(G, "kruskal", seed=1)).shape == (7,)


# -- texture ---------------------------------------------------------------------------------------------------


def test_kruskal_dead_ends_near_pullen():
    G = T.build("orthogonal", 50, 50)
    values = [mm.dead_end_pct(mg.generate(G, "kruskal", seed=s)) for s in range(8)]
    assert 27.0 <= float(np.mean(values)) <= 33.5  # Pullen's table: 30
    assert all(24.0 <= v <= 36.0 for v in values)
    rows = [mm.summary(mg.generate(G, "kruskal", seed=s)) for s in range(4)]
    assert all(abs(r["bias_tv"]) < 0.05 for r in rows)  # Kruskal is unbiased
    assert all(1.2 < r["dead_end_length_mean"] < 2.5 for r in rows)
