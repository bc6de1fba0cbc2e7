"""mazegraph.tessellations.surfaces: the torus, cylinder, Moebius strip, Klein bottle and cube.

Label-free invariants (counts, degrees, boundary loops, isomorphism classes), and for
the cube the gluing compared with an independent folding of the net into 3D.
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.errors import GluingError, InvalidSizeError

from ._planair import T, folded_square, plain, seeds, surface_grid

# -- sizes that make simple graphs ------------------------------------------------------

@st.composite
def surfaces(draw):
    """(name, graph) for a named surface of a random valid size."""
    name = draw(st.sampled_from(["torus", "cylinder", "moebius", "klein", "cube"]))
    if name == "cube":
        return name, T.cube(draw(st.integers(1, 5)))
    rows = draw(st.integers(3, 7))
    cols = draw(st.integers(3, 7))
    return name, getattr(T, name)(rows, cols)


# -- counts and degrees ----------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(st.integers(3, 9), st.integers(3, 9))
def test_torus_and_klein_are_4_regular(rows, cols):
    for G in (T.torus(rows, cols), T.klein(rows, cols)):
        assert G.number_of_nodes() == rows * cols
        assert G.number_of_edges() == 2 * rows * cols
        assert {d for _, d in G.degree} == {4}
        assert nx.is_connected(G)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 9), st.integers(3, 9))
def test_cylinder_and_moebius_counts_and_degrees(rows, cols):
    for G in (T.cylinder(rows, cols), T.moebius(rows, cols)):
        assert G.number_of_nodes() == rows * cols
        assert G.number_of_edges() == rows * cols + (rows - 1) * cols
        degrees = sorted(d for _, d in G.degree)
        assert degrees == [3] * (2 * cols) + [4] * ((rows - 2) * cols)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 6])
def test_cube_counts_and_degrees(n):
    G = T.cube(n)
    assert G.number_of_nodes() == 6 * n * n
    assert G.number_of_edges() == 12 * n * n
    assert {d for _, d in G.degree} == {4}
    assert G.graph["boundary"] == []  # a closed surface has no outer wall


def test_one_by_one_cube_is_the_octahedron():
    assert nx.is_isomorphic(plain(T.cube(1)), nx.octahedral_graph())


# -- boundaries: two rims on a cylinder, one on a Moebius strip ----------------------------

def rim_loops(G: nx.Graph) -> list[int]:
    """Sizes of the cycles formed by the cells of degree 3 (cells on an outer wall)."""
    rim = G.subgraph([v for v, d in G.degree if d == 3])
    loops = []
    for part in nx.connected_components(rim):
        piece = rim.subgraph(part)
        assert {d for _, d in piece.degree} == {2}, "the rim cells must form a cycle"
        loops.append(len(part))
    return sorted(loops)


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 8), st.integers(3, 9))
def test_cylinder_has_two_rims_and_moebius_one(rows, cols):
    assert rim_loops(T.cylinder(rows, cols)) == [cols, cols]
    assert rim_loops(T.moebius(rows, cols)) == [2 * cols]


def test_rims_match_the_drawn_boundary():
    cylinder, moebius = T.cylinder(4, 5), T.moebius(4, 5)
    for G in (cylinder, moebius):
        lengths = [math.dist(*piece) for piece in G.graph["boundary"]]
        assert sorted(lengths) == [5.0, 5.0]  # the north and south sides stay walls


# -- topology: the Klein bottle is not a torus ---------------------------------------------

@pytest.mark.parametrize("rows, cols", [(3, 4), (4, 4), (4, 5)])
def test_klein_bottle_is_not_a_torus(rows, cols):
    assert not nx.is_isomorphic(plain(T.klein(rows, cols)), plain(T.torus(rows, cols)))


def test_isomorphism_check_can_say_yes():
    # the control: a torus is a torus whichever way round it is drawn
    assert nx.is_isomorphic(plain(T.torus(3, 4)), plain(T.torus(4, 3)))
    # and a Moebius strip is not a cylinder
    assert not nx.is_isomorphic(plain(T.moebius(4, 5)), plain(T.cylinder(4, 5)))


# -- glued neighbours by label ------------------------------------------------------------

def test_torus_neighbours():
    G = T.torus(4, 5)
    assert sorted(G[(0, 0, 0)]) == [(0, 0, 1), (0, 0, 4), (0, 1, 0), (0, 3, 0)]
    assert sorted(G[(0, 3, 4)]) == [(0, 0, 4), (0, 2, 4), (0, 3, 0), (0, 3, 3)]


def test_cylinder_neighbours():
    G = T.cylinder(4, 5)
    assert sorted(G[(0, 2, 4)]) == [(0, 1, 4), (0, 2, 0), (0, 2, 3), (0, 3, 4)]
    assert sorted(G[(0, 0, 2)]) == [(0, 0, 1), (0, 0, 3), (0, 1, 2)]


def test_moebius_neighbours_twist():
    rows, cols = 4, 5
    G = T.moebius(rows, cols)
    for r in range(rows):
        assert G.has_edge((0, r, cols - 1), (0, rows - 1 - r, 0))
        assert not G.has_edge((0, r, cols - 1), (0, r, 0))  # no straight gluing


def test_klein_neighbours():
    rows, cols = 4, 5
    G = T.klein(rows, cols)
    for r in range(rows):
        assert G.has_edge((0, r, cols - 1), (0, r, 0))
    for c in range(cols):
        assert G.has_edge((0, 0, c), (0, rows - 1, cols - 1 - c))


def test_cube_neighbours_spot_checks():
    n = 3
    G = T.cube(n)
    top, left, front, right, back, bottom = range(6)
    # front face's top row touches the top face's bottom row, column for column
    assert all(G.has_edge((front, 0, c), (top, n - 1, c)) for c in range(n))
    # the top face's back row (row 0) touches the back face's top row, mirrored
    assert all(G.has_edge((top, 0, c), (back, 0, n - 1 - c)) for c in range(n))
    # going round the middle of the cross: back's east side comes back on left's west side
    assert all(G.has_edge((back, r, n - 1), (left, r, 0)) for r in range(n))
    # the corner cell of the top face at the back-left corner of the cube
    assert sorted(G[(top, 0, 0)]) == [(top, 0, 1), (top, 1, 0), (left, 0, 0), (back, 0, n - 1)]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_cube_gluing_matches_the_folded_cube(n):
    G = T.cube(n)
    square_of = {v: folded_square(G, v, n, n, n) for v in G}
    assert len(set(square_of.values())) == 6 * n * n  # the folding covers the surface once
    expected = surface_grid(n, n, n)
    assert set(square_of.values()) == set(expected)
    glued = {frozenset((square_of[u], square_of[v])) for u, v in G.edges}
    assert glued == {frozenset(e) for e in expected.edges}


@pytest.mark.parametrize("n", [2, 3])
def test_cube_is_isomorphic_to_the_surface_of_a_cube(n):
    assert nx.is_isomorphic(plain(T.cube(n)), plain(surface_grid(n, n, n)))


@pytest.mark.parametrize("n", [2, 3])
def test_cube_cells_across_an_edge_touch_in_3d(n):
    """Centres of neighbours are 1 apart on one face and sqrt(1/2) apart across a cube edge."""
    G = T.cube(n)
    centre = {}
    for v in G:
        corners = np.array(sorted(folded_square(G, v, n, n, n)), dtype=float)
        centre[v] = corners.mean(axis=0)
    for u, v in G.edges:
        d = float(np.linalg.norm(centre[u] - centre[v]))
        if u[0] == v[0]:
            assert d == pytest.approx(1.0)
        else:
            assert d == pytest.approx(math.sqrt(0.5))


# -- annotations: matching letters, arrows that say which way -----------------------------------

def notes_by_letter(G):
    notes = G.graph["annotations"]
    letters = {}
    for (_, _, text), (_, _, arrow) in zip(notes[::2], notes[1::2], strict=True):
        letters.setdefault(text, []).append(arrow)
    return letters


def test_torus_letters_and_arrows():
    letters = notes_by_letter(T.torus(3, 4))
    assert letters == {"A": ["→", "→"], "B": ["↓", "↓"]}


def test_klein_and_moebius_arrows_disagree_on_the_reversed_sides():
    assert notes_by_letter(T.klein(3, 4)) == {"A": ["↓", "↓"], "B": ["→", "←"]}
    assert notes_by_letter(T.moebius(3, 4)) == {"A": ["↓", "↑"]}


def test_cube_letters_mark_the_seven_cut_edges():
    G = T.cube(3)
    letters = notes_by_letter(G)
    # 12 cube edges, 5 of them are folds of the net (sides that touch in the drawing)
    assert len(letters) == 7
    assert all(len(arrows) == 2 for arrows in letters.values())


def test_letters_sit_beside_their_sides():
    G = T.torus(3, 4)
    for x, y, text in G.graph["annotations"]:
        if text == "A":
            assert 0 <= x <= 4 and (y > 3 or y < 0)
        if text == "B":
            assert 0 <= y <= 3 and (x > 4 or x < 0)


@pytest.mark.parametrize("rows, cols", [(2, 5), (5, 2), (1, 1), (2, 2), (1, 7)])
def test_narrow_torus_says_why(rows, cols):
    with pytest.raises(GluingError, match="a torus needs at least 3 rows and 3 columns to be a simple graph"):
        T.torus(rows, cols)


@pytest.mark.parametrize("n", [0, -2, 1.5])
def test_bad_cube_size(n):
    with pytest.raises(InvalidSizeError):
        T.cube(n)


# -- mazes on every surface ----------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(surfaces(), st.sampled_from(["kruskal", "wilson"]), seeds)
def test_generators_make_spanning_trees(surface, algorithm, seed):
    name, G = surface
    M = mg.generate(G, algorithm, seed=seed)
    assert M.is_perfect()
    assert M.n_open == G.number_of_nodes() - 1
    assert nx.is_tree(M.to_networkx())


def test_solution_crosses_a_glued_side():
    G = T.cylinder(1, 6)
    M = mg.Maze(G, [((0, 0, 5), (0, 0, 0))] + [((0, 0, c), (0, 0, c + 1)) for c in range(4)])
    assert M.is_perfect()
    assert M.solution((0, 0, 4), (0, 0, 5)) == [(0, 0, 4), (0, 0, 3), (0, 0, 2), (0, 0, 1), (0, 0, 0), (0, 0, 5)]


def test_start_and_goal():
    G = T.torus(5, 7)
    assert G.graph["start"] == (0, 0, 0)
    dist = nx.single_source_shortest_path_length(G, (0, 0, 0))
    assert dist[G.graph["goal"]] == max(dist.values()) == 2 + 3
