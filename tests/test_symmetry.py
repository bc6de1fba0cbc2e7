"""Symmetric mazes: group detection, generation by orbits, and the cells that break the symmetry."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from conftest import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.cli import main

ALGORITHMS = ["kruskal", "wilson", "backtracker", "prim_true", "hunt_and_kill", "growing_tree", "division", "eller"]
ORDER_TWO = ["rotate180", "mirror", "mirror_vertical"]


def _check_perfect(G, M):
    T = M.to_networkx()
    assert set(T.nodes) == set(G.nodes)
    assert nx.is_tree(T)  # networkx's own check, independent of the kernels
    assert all(G.has_edge(u, v) for u, v in T.edges)


def _expected_on_grid(rows, cols, symmetry):
    """Cells that must break the symmetry on an orthogonal grid, and that generation reaches.

    A tree mapped onto itself by the half turn fixes a cell or a passage (Jordan), and on an even x even
    board the half turn fixes neither; so rotate180, rotate90 (which contains it) and mirror_both (idem)
    break somewhere, at least one orbit of two walls: 4 cells. Everywhere else a fixed cell or wall exists
    and generation is exact.
    """
    even = rows % 2 == 0 and cols % 2 == 0
    return 4 if symmetry in ("rotate180", "rotate90", "mirror_both") and even else 0


@settings(max_examples=80, deadline=None)
@given(
    rows=st.integers(1, 12),
    cols=st.integers(1, 12),
    square=st.booleans(),
    algorithm=st.sampled_from(ALGORITHMS),
    data=st.data(),
    seed=seeds,
)
def test_orthogonal_symmetric_mazes_are_perfect_and_break_only_where_they_must(
    rows, cols, square, algorithm, data, seed
):
    cols = rows if square else cols
    G = mg.tessellations.orthogonal(rows, cols)
    symmetry = data.draw(st.sampled_from(mg.symmetries(G)))
    M = mg.generate(G, algorithm, seed=seed, symmetry=symmetry)
    _check_perfect(G, M)
    broken = mg.asymmetric_cells(M, symmetry)
    assert M.meta["symmetry"] == symmetry
    assert M.meta["asymmetric_cells"] == len(broken) == _expected_on_grid(rows, cols, symmetry)


def _fixed_pieces(G, symmetry):
    """For an order-2 symmetry: pieces of the cells it fixes (joined by walls), and whether it fixes a wall."""
    [(cell_map, edge_map)] = mg.symmetry_group(G, symmetry)
    cells = mg.compile_graph(G)
    fixed = np.flatnonzero(cell_map == np.arange(cells.n_cells))
    H = nx.Graph()
    H.add_nodes_from(fixed.tolist())
    H.add_edges_from((u, v) for u, v in cells.edges.tolist() if cell_map[u] == u and cell_map[v] == v)
    ends_swapped = cell_map[cells.edges[:, 0]] != cells.edges[:, 0]
    swapped_wall = bool(np.any((edge_map == np.arange(cells.n_edges)) & ends_swapped))
    return nx.number_connected_components(H), swapped_wall


CORE = st.one_of(
    st.builds(mg.tessellations.delta, st.integers(1, 7), st.integers(2, 10)),
    st.builds(mg.tessellations.sigma, st.integers(1, 8), st.integers(1, 8)),
    st.builds(mg.tessellations.sigma_hexagon, st.integers(1, 6)),
    st.builds(mg.tessellations.theta, st.integers(1, 6)),
    st.builds(mg.tessellations.upsilon, st.integers(1, 7), st.integers(1, 7)),
)


@settings(max_examples=80, deadline=None)
@given(G=CORE, algorithm=st.sampled_from(["kruskal", "wilson", "backtracker", "prim_true"]), data=st.data(), seed=seeds)
def test_order_two_symmetries_break_exactly_where_jordan_says(G, algorithm, data, seed):
    """An involution of a tree fixes a subtree, or else swaps the ends of one passage (Jordan 1869).

    So a fully symmetric perfect maze exists only when the fixed cells form one connected piece, or there
    are none and some wall has its two cells swapped; generation then finds one. Otherwise each extra
    piece (or the missing wall) costs one broken orbit of two walls: at most 4 cells.
    """
    available = [s for s in mg.symmetries(G) if s in ORDER_TWO]
    if not available:
        return
    symmetry = data.draw(st.sampled_from(available))
    M = mg.generate(G, algorithm, seed=seed, symmetry=symmetry)
    _check_perfect(G, M)
    pieces, swapped_wall = _fixed_pieces(G, symmetry)
    broken = len(mg.asymmetric_cells(M, symmetry))
    assert broken == M.meta["asymmetric_cells"]
    if pieces == 1 or (pieces == 0 and swapped_wall):
        assert broken == 0
    else:
        assert 0 < broken <= 4 * max(pieces - 1, 1)


@pytest.mark.parametrize("rings", [1, 2, 5, 8])
@pytest.mark.parametrize("symmetry", ["rotate180", "rotate120", "rotate60", "mirror", "mirror_both"])
def test_theta_keeps_every_symmetry(rings, symmetry):
    G = mg.tessellations.theta(rings)
    for seed in range(3):
        M = mg.generate(G, "backtracker", seed=seed, symmetry=symmetry)
        assert M.is_perfect() and M.meta["asymmetric_cells"] == 0


@pytest.mark.parametrize("radius", [2, 4, 7])
@pytest.mark.parametrize("symmetry", ["rotate180", "rotate120", "rotate60", "mirror_vertical"])
def test_hexagon_keeps_its_rotations(radius, symmetry):
    # every turn fixes only the centre cell, so each orbit but the centre's is a full copy and the lift is a tree
    M = mg.generate(mg.tessellations.sigma_hexagon(radius), "wilson", seed=radius, symmetry=symmetry)
    assert M.is_perfect() and M.meta["asymmetric_cells"] == 0


@pytest.mark.parametrize("shape", [(3, 3, 2), (5, 3, 3), (5, 5, 2)])
def test_layered_grid_keeps_both_mirrors(shape):
    # both mirrors fix a cross of cells on every level; the crosses must join through the cells fixed by
    # the whole group (the centre column), not through pairs of images, or the copies close a loop
    G = mg.tessellations.grid(shape)
    for seed in range(8):
        M = mg.generate(G, "kruskal", seed=seed, symmetry="mirror_both")
        assert M.is_perfect() and M.meta["asymmetric_cells"] == 0


@pytest.mark.parametrize("algorithm", ["kruskal", "backtracker"])
@pytest.mark.parametrize("symmetry", ["rotate180", "rotate90", "mirror"])
def test_far_fewer_broken_cells_than_an_ordinary_maze(algorithm, symmetry):
    G = mg.tessellations.orthogonal(20, 20)
    for seed in range(3):
        ordinary = len(mg.asymmetric_cells(mg.generate(G, algorithm, seed=seed), symmetry))
        symmetric = mg.generate(G, algorithm, seed=seed, symmetry=symmetry).meta["asymmetric_cells"]
        assert ordinary > 200 and symmetric <= 4


def test_odd_grid_half_turn_is_fully_symmetric_checked_on_labels():
    rows, cols = 7, 9
    G = mg.tessellations.orthogonal(rows, cols)
    for seed in range(5):
        M = mg.generate(G, "kruskal", seed=seed, symmetry="rotate180")
        passages = {frozenset(e) for e in M.open_edges()}
        turned = {frozenset((rows - 1 - r, cols - 1 - c) for r, c in e) for e in passages}
        assert turned == passages and M.meta["asymmetric_cells"] == 0


def test_mirror_through_a_column_keeps_that_column_one_corridor():
    # the cells a mirror fixes form a subtree of any mirror-symmetric tree: here the middle column
    G = mg.tessellations.orthogonal(9, 11)
    M = mg.generate(G, "wilson", seed=5, symmetry="mirror")
    assert M.meta["asymmetric_cells"] == 0
    T = M.to_networkx()
    assert all(T.has_edge((r, 5), (r + 1, 5)) for r in range(8))


def test_hand_built_pinwheel_is_symmetric_under_turns_not_mirrors():
    G = mg.tessellations.orthogonal(3, 3)
    arms = [((1, 1), (0, 1)), ((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 1), (1, 0))]
    blades = [((0, 1), (0, 2)), ((1, 2), (2, 2)), ((2, 1), (2, 0)), ((1, 0), (0, 0))]
    M = mg.Maze(G, arms + blades)
    assert M.is_perfect()
    assert len(mg.asymmetric_cells(M, "rotate90")) == 0
    assert len(mg.asymmetric_cells(M, "rotate180")) == 0
    assert mg.asymmetric_cells(M, "mirror").tolist() == [0, 1, 2, 3, 5, 6, 7, 8]  # all but the centre


@settings(max_examples=25, deadline=None)
@given(size=st.integers(2, 10), seed=seeds, symmetry=st.sampled_from(["rotate180", "rotate90", "mirror"]))
def test_same_seed_same_maze(size, seed, symmetry):
    G = mg.tessellations.orthogonal(size, size)
    first, again = (mg.generate(G, "wilson", seed=seed, symmetry=symmetry) for _ in range(2))
    assert first == again


def test_different_seeds_differ():
    G = mg.tessellations.orthogonal(12, 12)
    mazes = [mg.generate(G, "kruskal", seed=s, symmetry="rotate90") for s in range(4)]
    assert len({m.open.tobytes() for m in mazes}) == 4


def test_group_elements_are_automorphisms():
    G = mg.tessellations.sigma_hexagon(3)
    cells = mg.compile_graph(G)
    group = mg.symmetry_group(G, "rotate60")
    assert len(group) == 5
    for cell_map, edge_map in group:
        assert sorted(cell_map.tolist()) == list(range(cells.n_cells))
        assert sorted(edge_map.tolist()) == list(range(cells.n_edges))
        mapped = np.sort(cell_map[cells.edges], axis=1)
        assert np.array_equal(mapped, np.sort(cells.edges[edge_map], axis=1))
        radius = np.linalg.norm(cells.pos - cells.pos.mean(axis=0), axis=1)
        assert np.allclose(radius[cell_map], radius)  # a turn about the centre keeps distances to it


def test_which_symmetries_tessellations_have():
    assert mg.symmetries(mg.tessellations.orthogonal(6, 6)) == [
        "rotate180", "rotate90", "mirror", "mirror_vertical", "mirror_both"
    ]
    assert "rotate90" not in mg.symmetries(mg.tessellations.orthogonal(6, 7))
    assert {"rotate60", "rotate120"} <= set(mg.symmetries(mg.tessellations.theta(4)))
    assert mg.symmetries(mg.tessellations.voronoi(30, seed=1)) == []
    assert mg.symmetries(nx.path_graph(4)) == []  # no positions
    assert list(mg.SYMMETRIES) == ["rotate180", "rotate90", "rotate120", "rotate60", "mirror", "mirror_vertical",
                                   "mirror_both"]


def test_unknown_symmetry_lists_the_known_ones():
    G = mg.tessellations.orthogonal(4, 4)
    with pytest.raises(mg.InvalidOptionError, match="symmetry must be one of 'rotate180', 'rotate90', .*'mirror_both'"):
        mg.generate(G, "kruskal", seed=1, symmetry="rotate45")
    with pytest.raises(mg.InvalidOptionError, match="got 'spin'"):
        mg.asymmetric_cells(mg.generate(G, "kruskal", seed=1), "spin")


def test_missing_symmetry_names_the_ones_the_tessellation_has():
    with pytest.raises(mg.UnsupportedError, match=r"no rotate90 symmetry .*; it has rotate180, mirror, mirror_v"):
        mg.generate(mg.tessellations.orthogonal(4, 6), "kruskal", seed=1, symmetry="rotate90")
    with pytest.raises(mg.UnsupportedError, match="it has none of rotate180"):
        mg.generate(mg.tessellations.voronoi(30, seed=2), "kruskal", seed=1, symmetry="mirror")
    with pytest.raises(mg.UnsupportedError, match="no positions"):
        mg.generate(nx.path_graph(5), "kruskal", seed=1, symmetry="mirror")


def test_row_algorithms_run_on_quotients_with_rows_and_are_refused_without():
    M = mg.generate(mg.tessellations.orthogonal(10, 12), "eller", seed=1, symmetry="mirror")
    assert M.is_perfect() and M.meta["asymmetric_cells"] == 0
    G = nx.grid_2d_graph(6, 6)  # positions but no rows
    nx.set_node_attributes(G, {v: (float(v[1]), float(-v[0])) for v in G}, "pos")
    assert mg.generate(G, "kruskal", seed=1, symmetry="rotate90").is_perfect()
    with pytest.raises(mg.UnsupportedError, match="sidewinder cannot run .*no rows"):
        mg.generate(G, "sidewinder", seed=1, symmetry="rotate90")


def test_algorithm_refusing_the_quotient_says_why(monkeypatch):
    from mazegraph.generators import REGISTRY, Algorithm

    def picky(cells):
        return "it wants the whole board" if cells.name.startswith("orthogonal /") else None

    kruskal = REGISTRY["kruskal"]
    picky_entry = Algorithm("picky", kruskal.function, "Kruskal on whole boards", kruskal.options, check=picky)
    monkeypatch.setitem(REGISTRY, "picky", picky_entry)
    G = mg.tessellations.orthogonal(6, 6)
    assert mg.generate(G, "picky", seed=1).is_perfect()
    with pytest.raises(mg.UnsupportedError, match="picky cannot make a mirror-symmetric maze: .*quotient graph"):
        mg.generate(G, "picky", seed=1, symmetry="mirror")


@pytest.mark.parametrize(
    ("algorithm", "tessellation", "kwargs", "message"),
    [
        ("kruskal", "orthogonal", {"focus": "wall"}, "use focus='passage'"),
        ("unicursal", "orthogonal", {}, "one passage through every cell.* would branch"),
        ("braid", "orthogonal", {}, "makes loops"),
        ("kruskal", "zeta", {}, "crosses"),
        ("kruskal", "weave", {}, "under"),
    ],
)
def test_combinations_that_cannot_be_symmetric_are_refused(algorithm, tessellation, kwargs, message):
    G = mg.tessellations.build(tessellation, 6, 6)
    with pytest.raises(mg.UnsupportedError, match=message):
        mg.generate(G, algorithm, seed=1, symmetry="rotate180", **kwargs)


def test_start_goal_options_and_json_round_trip():
    G = mg.tessellations.orthogonal(8, 8)
    M = mg.generate(G, "growing_tree", seed=2, symmetry="rotate180", start=(0, 3), goal=(7, 4), policy="random")
    assert (M.start, M.goal) == ((0, 3), (7, 4)) and M.meta["options"] == {"policy": "random"}
    again = mg.Maze.from_json(M.to_json())
    assert again == M and again.meta["asymmetric_cells"] == 4


def test_cli_symmetry_option(tmp_path, capsys):
    out = tmp_path / "maze.svg"
    args = ["generate", "-s", "6x6", "-a", "kruskal", "--seed", "3", "--symmetry", "rotate90", "-o", str(out)]
    assert main(args) == 0
    assert "4 cells break the rotate90 symmetry" in capsys.readouterr().out
    assert out.read_text().startswith("<svg")
    assert main(["generate", "-s", "6x7", "--symmetry", "rotate90"]) == 1
    assert "it has rotate180" in capsys.readouterr().err
