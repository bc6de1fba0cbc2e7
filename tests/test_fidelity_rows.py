"""Daedalus-faithful variants of hunt and kill, Eller, Sidewinder and recursive division (issue 15).

Two kinds of test. Small boards check each variant against a hand-checked or
brute-force property of what it is meant to do. At 100 x 100 the default
variant's dead-end and solution means are compared with the figures measured
from Pullen's program Daedalus 3.5 (``mazegraph/reference/daedalus_generation.csv``,
500 mazes a row): fixed seeds, a two-sample z test at alpha = 0.001 per figure
(|ours - Daedalus| <= 3.29 x the combined standard error), chosen before
measuring; with fixed seeds a test passes or fails the same way on every run.
"""

from __future__ import annotations

import csv
import importlib.resources
import math

import networkx as nx
import numpy as np
import pytest

import mazegraph as mg
from mazegraph.generators.hunt_and_kill import HUNTS, _steps_inside, hunt_trace
from mazegraph.metrics import dead_end_pct, solution_pct

T = mg.tessellations
Z_CRITICAL = 3.29  # two-sided alpha = 0.001


def _daedalus() -> dict:
    text = importlib.resources.files("mazegraph.reference").joinpath("daedalus_generation.csv").read_text()
    rows = csv.DictReader(line for line in text.splitlines() if not line.startswith("#"))
    return {(r["algorithm"], r["focus"]): r for r in rows}


DAEDALUS = _daedalus()


def _means(name: str, focus: str, mazes: int, **options) -> dict:
    """Mean and standard error of dead ends and solution over seeds 0 .. mazes - 1 at 100 x 100."""
    cells = T.build("orthogonal", 100, 100)
    dead, sol = [], []
    for seed in range(mazes):
        M = mg.generate(cells, name, seed=seed, focus=focus, **options)
        dead.append(dead_end_pct(M))
        sol.append(solution_pct(M))
    return {
        metric: (float(np.mean(a)), float(np.std(a, ddof=1) / math.sqrt(len(a))))
        for metric, a in (("dead_end", dead), ("solution", sol))
    }


def _agrees(ours: tuple, row: dict, metric: str) -> tuple[bool, str]:
    mean, se = ours
    theirs = float(row[f"{metric}_pct"])
    their_se = float(row[f"{metric}_ci"]) / 1.96
    bound = Z_CRITICAL * math.hypot(se, their_se)
    why = f"{metric}: ours {mean:.2f} (se {se:.3f}), Daedalus {theirs:.2f}, bound {bound:.3f}"
    return abs(mean - theirs) <= bound, why


# (algorithm, focus, options, mazes): the defaults, as `mazegraph reproduce pullen` runs them
FIDELITY = [
    ("division", "passage", {}, 200),
    ("hunt_and_kill", "passage", {}, 200),
    ("eller", "passage", {}, 200),
    ("sidewinder", "passage", {}, 200),
    ("sidewinder", "wall", {}, 200),
    ("eller", "wall", {}, 200),
    ("hunt_and_kill", "wall", {}, 200),  # the serpentine sweep over the posts
    pytest.param("hunt_and_kill", "wall", {"hunt": "spiral"}, 100, marks=pytest.mark.xfail(
        strict=True, reason="the spiral hunt on the contracted wall dual: 22.4% / 4.8% against Daedalus' 21.47% / "
        "3.75%; Daedalus' wall adder sweeps the posts ('serpentine', the default)")),
]


@pytest.mark.parametrize(("name", "focus", "options", "mazes"), FIDELITY)
def test_default_matches_daedalus(name, focus, options, mazes):
    ours = _means(name, focus, mazes, **options)
    row = DAEDALUS[(name, focus)]
    for metric in ("dead_end", "solution"):
        ok, why = _agrees(ours[metric], row, metric)
        assert ok, why


# -- recursive division ----------------------------------------------------------------------------------------


def test_division_daedalus_weights_on_two_by_two():
    # On 2 x 2 the first wall decides the maze: a vertical wall first leaves one passage across it and one
    # down each column (two vertical passages); a horizontal wall first, two horizontal passages. Daedalus'
    # weights give the vertical wall (2w + 1) / (2w + 2h + 1) = 5/9; "proportional" gives 1/2 and the
    # weights the wrong way round 4/9. 4000 mazes: standard error 0.0079, tolerance 3.29 se = 0.026.
    G = T.build("orthogonal", 2, 2)
    down = mg.compile_graph(G).direction == 1  # passages between the two rows
    counts = {}
    for orientation in ("daedalus", "proportional"):
        first_vertical = [
            mg.generate(G, "division", seed=s, orientation=orientation).open[down].sum() == 2 for s in range(4000)
        ]
        counts[orientation] = np.mean(first_vertical)
    assert abs(counts["daedalus"] - 5 / 9) < 0.026
    assert abs(counts["proportional"] - 1 / 2) < 0.026


# -- hunt and kill ---------------------------------------------------------------------------------------------


def _replay(cells, hunt, seed):
    """The trace of one maze: (maze so far, stuck cell, hunted cell, cell it joined through) for every hunt."""
    mask, order, came_from, by_hunt = hunt_trace(cells, np.random.default_rng(seed), hunt)
    visited = np.zeros(cells.n_cells, dtype=bool)
    visited[order[0]] = True
    hunts = []
    for i in range(1, cells.n_cells):
        if by_hunt[i]:
            hunts.append((visited.copy(), int(order[i - 1]), int(order[i]), int(came_from[i])))
        visited[order[i]] = True
    return mask, hunts


def _outside_with_way_in(cells, visited):
    return {
        v for v in range(cells.n_cells)
        if not visited[v] and any(visited[w] for w in cells.neighbors[cells.indptr[v]:cells.indptr[v + 1]])
    }


def _check_tree(cells, mask):
    H = nx.Graph()
    H.add_nodes_from(range(cells.n_cells))
    H.add_edges_from(cells.edges[mask].tolist())
    assert nx.is_tree(H)  # networkx, not the package's own checks


def _spiral_firsts(rows, cols, r, c, eligible):
    """Brute force: for each of the four first directions, the first eligible (row, col) on the square spiral."""
    firsts = set()
    for first in range(4):
        rr, cc, direction, found = r, c, first, None
        for run in range(1, 2 * max(rows, cols) + 2):
            for _ in range(2):
                dr, dc = [(0, 1), (1, 0), (0, -1), (-1, 0)][direction]
                for _step in range(run):
                    rr, cc = rr + dr, cc + dc
                    if found is None and 0 <= rr < rows and 0 <= cc < cols and (rr, cc) in eligible:
                        found = (rr, cc)
                direction = (direction + 1) % 4
        firsts.add(found)
    return firsts


def test_spiral_runs_are_clipped_to_exactly_the_steps_on_the_grid():
    # the spiral walks only the part of each run that lies on the grid: brute force over every start, direction
    # and run length around a board of 5 (positions -3 .. 7 cover starts off the board on both sides)
    for size in (1, 5):
        for x in range(-3, 8):
            for d in (-1, 0, 1):
                for run in range(1, 12):
                    first, last = _steps_inside(x, d, size, run)
                    assert list(range(first, last + 1)) == [i for i in range(1, run + 1) if 0 <= x + i * d < size]


@pytest.mark.parametrize("seed", range(6))
def test_spiral_hunt_takes_the_first_maze_cell_on_a_square_spiral(seed):
    # brute force on an 9 x 13 board: each hunt joins through the maze cell (with an outside neighbour) that the
    # square spiral from the stuck cell meets first, for one of its four starting directions
    rows, cols = 9, 13
    cells = mg.compile_graph(T.orthogonal(rows, cols))
    at = {tuple(label): i for i, label in enumerate(cells.labels.tolist())}
    pos = {i: rc for rc, i in at.items()}
    mask, hunts = _replay(cells, "spiral", seed)
    _check_tree(cells, mask)
    assert hunts, "a 9 x 13 maze needs hunts"
    for visited, stuck, hunted, through in hunts:
        outside = _outside_with_way_in(cells, visited)
        eligible = {pos[w] for w in range(cells.n_cells) if visited[w] and any(
            v in outside for v in cells.neighbors[cells.indptr[w]:cells.indptr[w + 1]])}
        assert pos[through] in _spiral_firsts(rows, cols, *pos[stuck], eligible)
        assert hunted in outside and not visited[hunted]


@pytest.mark.parametrize("kind", ["sigma", "theta", "delta"])
def test_spiral_hunt_elsewhere_takes_a_nearest_maze_cell(kind):
    # without a square grid the hunt searches outward in steps: the maze cell it joins through is, among maze
    # cells with an outside neighbour, one nearest the stuck cell (distances by networkx over the whole graph)
    G = T.build(kind, 7, 7) if kind != "theta" else T.build(kind, 6)
    cells = mg.compile_graph(G)
    H = nx.Graph(cells.edges.tolist())
    for seed in range(3):
        mask, hunts = _replay(cells, "spiral", seed)
        _check_tree(cells, mask)
        for visited, stuck, hunted, through in hunts:
            dist = nx.single_source_shortest_path_length(H, stuck)
            outside = _outside_with_way_in(cells, visited)
            candidates = [w for w in range(cells.n_cells) if visited[w] and any(
                v in outside for v in cells.neighbors[cells.indptr[w]:cells.indptr[w + 1]])]
            assert dist[through] == min(dist[w] for w in candidates)
            assert H.has_edge(through, hunted) and hunted in outside


@pytest.mark.parametrize("hunt", ["resume_rows", "resume_alternate"])
@pytest.mark.parametrize("shape", [(8, 11), (13, 5)])
def test_resume_hunts_go_on_from_the_last_hunt(hunt, shape):
    # brute force: each hunt takes, in its scan order, the first outside cell with a way in at or after where that
    # order's previous hunt stopped, and goes back to the start of the order only when none is left after it
    rows, cols = shape
    cells = mg.compile_graph(T.orthogonal(rows, cols))
    labels = [tuple(x) for x in cells.labels.tolist()]
    by_rows = sorted(range(cells.n_cells), key=lambda i: labels[i])
    by_cols = sorted(range(cells.n_cells), key=lambda i: (labels[i][1], labels[i][0]))
    scans = [by_rows] if hunt == "resume_rows" else [by_rows, by_cols]
    for seed in range(4):
        mask, hunts = _replay(cells, hunt, seed)
        _check_tree(cells, mask)
        cursor = [0] * len(scans)
        for k, (visited, _stuck, hunted, _through) in enumerate(hunts):
            scan = scans[k % len(scans)]
            outside = _outside_with_way_in(cells, visited)
            ahead = [v for v in scan[cursor[k % len(scans)]:] if v in outside]
            expected = ahead[0] if ahead else next(v for v in scan if v in outside)
            assert hunted == expected
            cursor[k % len(scans)] = scan.index(hunted)


def test_resume_rows_scans_each_row_once_per_pass():
    # the stopping places of a resume_rows maze only move forward, except when nothing is left ahead; the passes
    # over the rows (2 or 3 measured on 30 x 30, seeds 0-5) are far fewer than the hunts (80-93), where a
    # restart hunt begins again at the first row every time
    cells = mg.compile_graph(T.orthogonal(30, 30))
    for seed in range(3):
        _, hunts = _replay(cells, "resume_rows", seed)
        ranks = [h[2] for h in hunts]  # row-major labels: cell index order is row-major on orthogonal
        passes = 1 + sum(b < a for a, b in zip(ranks, ranks[1:]))
        assert len(hunts) > 20 and passes <= 4, (len(hunts), passes)


def test_hunts_are_options_with_today_s_hunt_kept():
    cells = mg.compile_graph(T.orthogonal(12, 12))
    masks = {h: mg.generate(cells, "hunt_and_kill", seed=3, hunt=h).open for h in HUNTS}
    assert len({m.tobytes() for m in masks.values()}) == 4
    assert np.array_equal(masks["spiral"], mg.generate(cells, "hunt_and_kill", seed=3).open)  # the default
    with pytest.raises(mg.InvalidOptionError, match="hunt"):
        mg.generate(cells, "hunt_and_kill", seed=3, hunt="corner")


def test_wall_hunt_defaults_to_the_serpentine_sweep_on_rectangles_only():
    # adding walls on a rectangle the default is Daedalus' sweep, which no cell hunt on the wall dual gives;
    # elsewhere the default is the spiral (nearest) hunt on the wall dual, as before; the sweep is refused
    # carving passages and on other shapes
    rect = mg.compile_graph(T.orthogonal(9, 11))
    wall = {h: mg.generate(rect, "hunt_and_kill", seed=4, focus="wall", hunt=h).open for h in (*HUNTS, "serpentine")}
    default = mg.generate(rect, "hunt_and_kill", seed=4, focus="wall").open
    assert np.array_equal(default, wall["serpentine"])
    assert all(not np.array_equal(default, wall[h]) for h in HUNTS)
    hexes = mg.compile_graph(T.sigma(6, 6))
    assert np.array_equal(mg.generate(hexes, "hunt_and_kill", seed=4, focus="wall").open,
                          mg.generate(hexes, "hunt_and_kill", seed=4, focus="wall", hunt="spiral").open)
    for G, focus in ((rect, "passage"), (hexes, "wall"), (T.from_mask(["..#..", ".....", "#...."]), "wall")):
        with pytest.raises(mg.InvalidOptionError, match="serpentine"):
            mg.generate(G, "hunt_and_kill", seed=1, focus=focus, hunt="serpentine")



# -- Eller -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("order", ["scrambled", "sequential"])
def test_eller_joins_every_cell_of_a_row_with_p_join_1(order):
    # with p_join = 1 a row's joins leave the whole row in one set (every row edge between two sets is tried):
    # a visit order that skipped a cell would leave its edge untried and the row in two sets. Checked with networkx
    # on the rows so far, for every row but the last.
    R, C = 9, 14
    G = T.orthogonal(R, C)
    for seed in range(5):
        tree = mg.generate(G, "eller", seed=seed, p_join=1.0, p_down=0.3, order=order).to_networkx()
        for r in range(R - 1):
            above = tree.subgraph([(i, c) for i in range(r + 1) for c in range(C)])
            assert nx.number_connected_components(above) == 1


def test_eller_scrambled_order_decides_the_join_at_random():
    # Hand-checked on 3 x 3 with p_join = 1: row 0 is one set; when exactly its columns 0 and 2 go down, row 1 is
    # (set, new cell, same set) and only one of its two row edges may open. Along the row the left one always does;
    # in a uniformly scrambled order each is tried first half the time. About 1/8 of 4000 mazes show the pattern:
    # standard error of the share near 0.016, tolerance 3.29 se = 0.053.
    G = T.orthogonal(3, 3)
    for order, low, high in (("sequential", 1.0, 1.0), ("scrambled", 0.5 - 0.053, 0.5 + 0.053)):
        left = []
        for seed in range(4000):
            tree = mg.generate(G, "eller", seed=seed, p_join=1.0, p_down=0.5, order=order).to_networkx()
            downs = [tree.has_edge((0, c), (1, c)) for c in range(3)]
            if downs == [True, False, True]:
                left.append(tree.has_edge((1, 0), (1, 1)))
        assert len(left) > 350
        assert low <= np.mean(left) <= high, (order, np.mean(left), len(left))


def test_eller_forced_passage_down_is_the_last_cell_of_its_set():
    # Pullen's rule: along the row, a cell must go down when it is the last of its set and the set has no passage
    # down yet. With p_down = 0 that is the only passage: each set of a row goes down exactly once, from its
    # rightmost cell. The sets are found by networkx on the rows so far; a kernel forcing a random cell of the set
    # (mazegraph up to 0.3) or its first cell fails on nearly every maze.
    R, C = 8, 12
    G = T.orthogonal(R, C)
    for seed in range(6):
        tree = mg.generate(G, "eller", seed=seed, p_down=0.0).to_networkx()
        for r in range(R - 1):
            above = tree.subgraph([(i, c) for i in range(r + 1) for c in range(C)])
            for part in nx.connected_components(above):
                cols = sorted(c for i, c in part if i == r)
                downs = [c for c in cols if tree.has_edge((r, c), (r + 1, c))]
                assert downs == [cols[-1]], (seed, r, cols, downs)


def test_eller_last_row_joins_in_the_scrambled_order():
    # Hand-checked on 2 x 3 with p_join = 1: row 0 is one set; when exactly its columns 0 and 2 go down (1/8 of
    # the mazes with p_down = 0.5), the last row is (set, new cell, same set) and only one of its two edges opens.
    # Along the row the left one always does; in the scrambled order (Daedalus visits every row, the last too, in
    # a random order) each half the time. 4000 mazes: standard error near 0.016, tolerance 3.29 se = 0.053.
    G = T.orthogonal(2, 3)
    for order, low, high in (("sequential", 1.0, 1.0), ("scrambled", 0.5 - 0.053, 0.5 + 0.053)):
        left = []
        for seed in range(4000):
            tree = mg.generate(G, "eller", seed=seed, p_join=1.0, p_down=0.5, order=order).to_networkx()
            if [tree.has_edge((0, c), (1, c)) for c in range(3)] == [True, False, True]:
                left.append(tree.has_edge((1, 0), (1, 1)))
        assert len(left) > 350
        assert low <= np.mean(left) <= high, (order, np.mean(left), len(left))


def test_eller_default_matches_daedalus_closely():
    # The default at 100 x 100 over 1000 mazes (fixed seeds), two-sample z test at alpha = 0.001 per figure as
    # above: with this many mazes the bound on the solution is about 0.14, so the earlier defaults (random forced
    # cell, last row along the row, p_join=0.64, p_down=0.43: 4.03% against Daedalus' 4.19%) fail it. The share of
    # horizontal passages is Daedalus' 50.6% (printed to 0.1; ours has a standard error near 0.014) within 0.1.
    cells = T.build("orthogonal", 100, 100)
    horizontal = cells.direction == 0
    dead, sol, across = [], [], []
    for seed in range(1000):
        M = mg.generate(cells, "eller", seed=seed)
        dead.append(dead_end_pct(M))
        sol.append(solution_pct(M))
        across.append(100 * M.open[horizontal].sum() / M.open.sum())
    row = DAEDALUS[("eller", "passage")]
    for metric, values in (("dead_end", dead), ("solution", sol)):
        ok, why = _agrees((np.mean(values), np.std(values, ddof=1) / math.sqrt(len(values))), row, metric)
        assert ok, why
    assert abs(np.mean(across) - 50.6) < 0.1, np.mean(across)


# -- Sidewinder and Eller as wall adders ------------------------------------------------------------------------


def _open_passages(M):
    H = nx.Graph()
    H.add_nodes_from(M.cells.labels.tolist())
    labels = M.cells.labels.tolist()
    H.add_edges_from((labels[u], labels[v]) for u, v in M.cells.edges[M.open].tolist())
    return H


@pytest.mark.parametrize("name", ["sidewinder", "eller"])
@pytest.mark.parametrize("shape", [(1, 1), (1, 6), (6, 1), (2, 2), (5, 8), (9, 4)])
def test_row_wall_adders_make_spanning_trees(name, shape):
    G = T.orthogonal(*shape)
    for seed in range(8):
        H = _open_passages(mg.generate(G, name, seed=seed, focus="wall"))
        assert nx.is_tree(H) and set(H.nodes) == set(G.nodes)  # networkx, not the package's checks
        assert all(G.has_edge(u, v) for u, v in H.edges)


@pytest.mark.parametrize("name", ["sidewinder", "eller"])
def test_row_wall_adders_add_no_wall_down_to_the_bottom_boundary(name):
    # Both grow walls down from the top boundary and along post rows: no wall ever runs from the last interior post
    # row down to the bottom boundary, so the last row of cells is one corridor (the mirror of passage
    # Sidewinder's first row). A kernel that walked the post rows off by one would close some of it.
    R, C = 7, 10
    G = T.orthogonal(R, C)
    for seed in range(10):
        H = _open_passages(mg.generate(G, name, seed=seed, focus="wall"))
        assert all(H.has_edge((R - 1, c), (R - 1, c + 1)) for c in range(C - 1))


def test_sidewinder_walls_run_from_the_boundary_with_p_close_extremes():
    # Hand-checked: p_close = 0 never closes a run, so each interior post row is one run from the left boundary
    # post, which may not take in the right one: every row wall but the last of the row, and no wall up.
    R, C = 5, 6
    G = T.orthogonal(R, C)
    H = _open_passages(mg.generate(G, "sidewinder", seed=1, focus="wall", p_close=0.0))
    # row walls of post row k (1..R-1) at posts 0..C-2 are added: cells (k-1, j) and (k, j) apart for j < C-1
    for k in range(1, R):
        assert not any(H.has_edge((k - 1, j), (k, j)) for j in range(C - 1))
        assert H.has_edge((k - 1, C - 1), (k, C - 1))  # the last column stays open down the maze
    # p_close = 1 closes every run at once: no row wall, and every interior post gets its wall up
    H = _open_passages(mg.generate(G, "sidewinder", seed=1, focus="wall", p_close=1.0))
    assert all(H.has_edge((r, c), (r + 1, c)) for r in range(R - 1) for c in range(C))
    assert not any(H.has_edge((r, c), (r, c + 1)) for r in range(R - 1) for c in range(C - 1))


def test_row_wall_adders_refuse_other_tessellations():
    for name in ("sidewinder", "eller"):
        with pytest.raises(mg.UnsupportedError, match="posts of a full rectangle"):
            mg.generate(T.sigma(4, 4), name, seed=1, focus="wall")
        assert mg.generate(T.orthogonal(4, 4), name, seed=1, focus="wall").is_perfect()
