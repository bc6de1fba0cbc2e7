"""Glued surfaces (planair): torus, cylinder, Moebius strip, Klein bottle, cube, and general nets.

The tests check label-free invariants (counts, degrees, boundary loops,
isomorphism classes) and, for the cube and the box, compare the gluing with an
independent folding of the net into 3D.
"""

from __future__ import annotations

import itertools
import json
import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.errors import DisconnectedGraphError, GluingError, InvalidSizeError, MazeError

T = mg.tessellations
seeds = st.integers(0, 2**32 - 1)


def plain(G: nx.Graph) -> nx.Graph:
    """The bare adjacency of G, without attributes (fast isomorphism checks)."""
    H = nx.Graph()
    H.add_nodes_from(G)
    H.add_edges_from(G.edges)
    return H


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


# -- the cube (and the demonstration box) against an independent folding in 3D ---------------

def surface_grid(x: int, y: int, z: int) -> nx.Graph:
    """The unit squares on the surface of an x * y * z box, adjacent when they share an edge.

    Computed from scratch in 3D: each square is the set of its four corners.
    """
    squares = []
    dims = (x, y, z)
    for axis in range(3):
        a, b = [k for k in range(3) if k != axis]
        for level in (0, dims[axis]):
            for i in range(dims[a]):
                for j in range(dims[b]):
                    corners = set()
                    for di, dj in itertools.product((0, 1), repeat=2):
                        p = [0, 0, 0]
                        p[axis], p[a], p[b] = level, i + di, j + dj
                        corners.add(tuple(p))
                    squares.append(frozenset(corners))
    G = nx.Graph()
    G.add_nodes_from(squares)
    edges_of = {}
    for s in squares:
        for p, q in itertools.combinations(sorted(s), 2):
            if sum(u != v for u, v in zip(p, q, strict=True)) == 1:
                edges_of.setdefault((p, q), []).append(s)
    for pair in edges_of.values():
        assert len(pair) == 2
        G.add_edge(*pair)
    return G


def fold(point, x: int, y: int, z: int):
    """Fold a point of the cross-shaped net of an x * y * z box onto the box.

    The net, as the docstring of :func:`cube` describes it: left, front, right
    and back side by side (height z) with the top above the front and the bottom
    below it. The front lies in the plane depth = 0 with its lower-left corner at
    the origin; every other face turns 90 degrees about the line it shares with
    its neighbour towards the front, so a distance d from that hinge becomes a
    depth d (or a height, for the top face past its hinge with the front).
    """
    X, Y = point
    if y <= Y <= y + z:  # middle row
        h = Y - y
        if X <= y:  # left face, hinge at X = y
            return (0.0, y - X, h)
        if X <= y + x:  # front face
            return (X - y, 0.0, h)
        if X <= 2 * y + x:  # right face, hinge at X = y + x
            return (float(x), X - (y + x), h)
        return (x - (X - (2 * y + x)), float(y), h)  # back face, hinge with the right face
    if Y > y + z:  # top face, hinge with the front at Y = y + z
        return (X - y, Y - (y + z), float(z))
    return (X - y, y - Y, 0.0)  # bottom face, hinge with the front at Y = y


def folded_square(G: nx.Graph, cell, x, y, z) -> frozenset:
    """The four 3D corners of a cell, folding its net corners (nudged into its own face)."""
    cx, cy = G.nodes[cell]["pos"]
    corners = set()
    for dx, dy in itertools.product((-0.5, 0.5), repeat=2):
        inside = fold((cx + 0.999 * dx, cy + 0.999 * dy), x, y, z)
        corners.add(tuple(int(round(v)) for v in inside))
    return frozenset(corners)


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


def test_demonstration_planair_is_the_surface_of_a_box():
    G = T.planair()
    assert G.graph["spec"]["tessellation"] == "planair"
    square_of = {v: folded_square(G, v, 6, 3, 4) for v in G}
    expected = surface_grid(6, 3, 4)
    assert set(square_of.values()) == set(expected)
    glued = {frozenset((square_of[u], square_of[v])) for u, v in G.edges}
    assert glued == {frozenset(e) for e in expected.edges}


# -- a general planair ----------------------------------------------------------------------

def test_two_sections_glued_side_by_side_are_an_orthogonal_grid():
    G = T.planair(
        [{"rows": 3, "cols": 2, "origin": [0, 0]}, {"rows": 3, "cols": 4, "origin": [2, 0]}],
        [[0, "east", 1, "west", False]],
    )
    assert nx.is_isomorphic(plain(G), plain(T.orthogonal(3, 6)))
    assert G.graph.get("annotations", []) == []  # the glued sides touch in the drawing: no letters needed
    for r in range(3):
        assert G.has_edge((0, r, 1), (1, r, 0))


def test_reversed_link_between_sections():
    G = T.planair(
        [{"rows": 3, "cols": 2, "origin": [0, 0]}, {"rows": 2, "cols": 3, "origin": [3, 0]}],
        [[0, "east", 1, "north", True]],
    )
    # east side of section 0 runs north to south, north side of section 1 west to east; reversed
    assert G.has_edge((0, 0, 1), (1, 0, 2))
    assert G.has_edge((0, 1, 1), (1, 0, 1))
    assert G.has_edge((0, 2, 1), (1, 0, 0))
    assert G.edges[(0, 0, 1), (1, 0, 2)]["direction"] == "horizontal"  # measured in section 0


def test_origin_defaults_place_sections_left_to_right():
    G = T.planair([{"rows": 2, "cols": 3}, {"rows": 2, "cols": 3}], [[0, "east", 1, "west", False]])
    sections = G.graph["spec"]["sections"]
    assert [s["origin"] for s in sections] == [[0, 0], [4, 0]]
    assert G.graph["spec"]["links"] == [[0, "east", 1, "west", False]]


@st.composite
def chains(draw):
    """A random planair: a chain of sections of equal height, and maybe its ends glued."""
    rows = draw(st.integers(1, 4))
    widths = draw(st.lists(st.integers(1, 4), min_size=1, max_size=4))
    x, sections = 0, []
    for w in widths:
        sections.append({"rows": rows, "cols": w, "origin": [x, draw(st.integers(-2, 2))]})
        x += w + draw(st.integers(0, 2))
    links = [[k, "east", k + 1, "west", draw(st.booleans())] for k in range(len(widths) - 1)]
    if draw(st.booleans()):
        links.append([len(widths) - 1, "east", 0, "west", draw(st.booleans())])
    if draw(st.booleans()) and len(widths) >= 2 and widths[0] == widths[-1]:
        links.append([0, "north", len(widths) - 1, "south", draw(st.booleans())])
    return sections, links


def planair_or_none(sections, links):
    try:
        return T.planair(sections, links)
    except GluingError:
        return None


@settings(max_examples=40, deadline=None)
@given(chains())
def test_random_chain_counts_and_geometry(table):
    sections, links = table
    G = planair_or_none(sections, links)
    assume(G is not None)
    interior = sum(s["rows"] * (s["cols"] - 1) + s["cols"] * (s["rows"] - 1) for s in sections)
    glued = sum(sections[a]["rows"] if side in ("east", "west") else sections[a]["cols"]
                for a, side, *_ in links)
    assert G.number_of_nodes() == sum(s["rows"] * s["cols"] for s in sections)
    assert G.number_of_edges() == interior + glued
    check_geometry(G, sections)


def check_geometry(G: nx.Graph, sections):
    """pos inside the cell's section; each wall a unit segment (or two) between the centres."""
    for (s, r, c), data in G.nodes(data=True):
        x0, y0 = sections[s]["origin"]
        assert data["pos"] == pytest.approx((x0 + c + 0.5, y0 + sections[s]["rows"] - r - 0.5))
        assert data["row"] == r
    for u, v, data in G.edges(data=True):
        points = np.array(data["wall"], dtype=float)
        gaps = np.flatnonzero(np.isnan(points).any(axis=1))
        pieces = np.split(points, gaps)
        pieces = [p[~np.isnan(p).any(axis=1)] for p in pieces]
        if u[0] == v[0] and abs(u[1] - v[1]) + abs(u[2] - v[2]) == 1:
            assert len(gaps) == 0  # an interior wall: one segment between the two cells
            mid = points.mean(axis=0)
            between = (np.array(G.nodes[u]["pos"]) + np.array(G.nodes[v]["pos"])) / 2
            assert mid == pytest.approx(between)
            assert data["direction"] == ("horizontal" if u[1] == v[1] else "vertical")
        else:
            assert len(gaps) == 1  # a glued wall: the side of each of its two cells
            for piece in pieces:
                assert len(piece) == 2 and math.dist(*piece) == pytest.approx(1.0)
            near = {
                cell: min(math.dist(piece.mean(axis=0), G.nodes[cell]["pos"]) for piece in pieces)
                for cell in (u, v)
            }
            assert near[u] == pytest.approx(0.5) and near[v] == pytest.approx(0.5)


def box_sections(x, y, z):
    """Where the net of an x * y * z box puts its faces (as the docstring of :func:`cube` says)."""
    return [
        {"rows": y, "cols": x, "origin": [y, y + z]},  # top
        {"rows": z, "cols": y, "origin": [0, y]},  # left
        {"rows": z, "cols": x, "origin": [y, y]},  # front
        {"rows": z, "cols": y, "origin": [y + x, y]},  # right
        {"rows": z, "cols": x, "origin": [2 * y + x, y]},  # back
        {"rows": y, "cols": x, "origin": [y, 0]},  # bottom
    ]


@pytest.mark.parametrize(
    "G, sections",
    [
        (T.torus(3, 4), [{"rows": 3, "cols": 4, "origin": [0, 0]}]),
        (T.moebius(4, 5), [{"rows": 4, "cols": 5, "origin": [0, 0]}]),
        (T.klein(3, 5), [{"rows": 3, "cols": 5, "origin": [0, 0]}]),
        (T.cube(2), box_sections(2, 2, 2)),
        (T.planair(), box_sections(6, 3, 4)),
    ],
    ids=["torus", "moebius", "klein", "cube", "box"],
)
def test_named_surface_geometry(G, sections):
    check_geometry(G, sections)


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


# -- bad link tables ---------------------------------------------------------------------------

SQUARES = [{"rows": 3, "cols": 3, "origin": [0, 0]}, {"rows": 3, "cols": 3, "origin": [4, 0]}]


@pytest.mark.parametrize(
    "links, message",
    [
        ([[0, "east", 1, "west", False], [0, "east", 1, "north", False]], "linked twice"),
        ([[0, "east", 1, "west", False], [1, "north", 0, "east", False]], "linked twice"),
        ([[0, "east", 0, "east", True]], "to itself"),
        ([[0, "east", 2, "west", False]], "section 2"),
        ([[-1, "east", 1, "west", False]], "section -1"),
        ([[True, "east", 1, "west", False]], "section True"),
        ([["0", "east", 1, "west", False]], "section '0'"),
        ([[0, "up", 1, "west", False]], "side 'up'"),
        ([[0, "East", 1, "west", False]], "side 'East'"),
        ([[0, "east", 1, "west", "yes"]], "reversed"),
        ([[0, "east", 1]], "must be"),
        ("0 east 1 west", "list"),
    ],
)
def test_bad_links_raise_gluing_error(links, message):
    with pytest.raises(GluingError, match=message):
        T.planair(SQUARES, links)


def test_sides_of_different_lengths():
    sections = [{"rows": 3, "cols": 2, "origin": [0, 0]}, {"rows": 2, "cols": 3, "origin": [3, 0]}]
    with pytest.raises(GluingError, match=r"\(3 cells\).*\(2 cells\).*same length"):
        T.planair(sections, [[0, "east", 1, "west", False]])
    T.planair(sections, [[0, "east", 1, "north", False]])  # 3 cells to 3 cells is fine


@pytest.mark.parametrize(
    "sections, message",
    [
        ([], "at least one section"),
        ([{"rows": 3}], "lacks"),
        ([{"rows": 3, "cols": 3, "origin": [0]}], "origin"),
        ([{"rows": 3, "cols": 3, "origin": [0, "a"]}], "number"),
        ([{"rows": 3, "cols": 3, "width": 2}], "unknown field"),
        ([{"rows": 3, "cols": 3, "origin": [0, 0]}, {"rows": 2, "cols": 2, "origin": [2, 2]}], "overlap"),
        ([[3, 3]], "dict"),
    ],
)
def test_bad_sections_raise_gluing_error(sections, message):
    with pytest.raises(GluingError, match=message):
        T.planair(sections, [])


@pytest.mark.parametrize("rows", [0, -1, 2.5, "3", True])
def test_bad_section_sizes(rows):
    with pytest.raises(InvalidSizeError, match="rows of section 0"):
        T.planair([{"rows": rows, "cols": 3}], [])


def test_links_without_sections():
    with pytest.raises(GluingError, match="both"):
        T.planair(links=[])


def test_disconnected_result():
    with pytest.raises(DisconnectedGraphError, match=r"section\(s\) \[1\]"):
        T.planair(SQUARES, [])
    three = SQUARES + [{"rows": 3, "cols": 3, "origin": [8, 0]}]
    with pytest.raises(DisconnectedGraphError, match=r"\[2\]"):
        T.planair(three, [[0, "east", 1, "west", False], [2, "north", 2, "south", False]])


@pytest.mark.parametrize(
    "rows, cols, message",
    [
        (2, 3, "already neighbours"),  # north-south glue on 2 rows repeats the vertical edges
        (1, 3, "to itself"),  # a single row glued to itself: self-loops
    ],
)
def test_gluing_that_is_not_a_simple_graph(rows, cols, message):
    with pytest.raises(GluingError, match=message):
        T.planair([{"rows": rows, "cols": cols}], [[0, "north", 0, "south", False]])


def test_gluing_a_side_onto_itself_twice():
    # a one-column strip twisted: cells r and rows-1-r meet twice
    with pytest.raises(GluingError, match="simple graph"):
        T.planair([{"rows": 4, "cols": 1}], [[0, "east", 0, "west", True]])


@pytest.mark.parametrize("rows, cols", [(2, 5), (5, 2), (1, 1), (2, 2), (1, 7)])
def test_narrow_torus_says_why(rows, cols):
    with pytest.raises(GluingError, match="a torus needs at least 3 rows and 3 columns to be a simple graph"):
        T.torus(rows, cols)


@pytest.mark.parametrize("name", ["torus", "cylinder", "moebius", "klein"])
def test_named_size_rules_agree_with_the_general_check(name):
    """A named surface refuses a size exactly when the general planair check would."""
    links = {
        "torus": [[0, "north", 0, "south", False], [0, "west", 0, "east", False]],
        "cylinder": [[0, "west", 0, "east", False]],
        "moebius": [[0, "west", 0, "east", True]],
        "klein": [[0, "west", 0, "east", False], [0, "north", 0, "south", True]],
    }[name]
    for rows, cols in itertools.product(range(1, 7), repeat=2):
        general = planair_or_none([{"rows": rows, "cols": cols}], links)
        try:
            named = getattr(T, name)(rows, cols)
        except GluingError as error:
            assert general is None, f"{name}({rows}, {cols}) refused: {error}"
            assert "simple graph" in str(error)
            continue
        assert general is not None, f"{name}({rows}, {cols}) accepted a gluing that is not simple"
        assert sorted(map(sorted, named.edges)) == sorted(map(sorted, general.edges))


def test_errors_are_maze_errors_and_value_errors():
    for error in (GluingError, DisconnectedGraphError):
        assert issubclass(error, MazeError) and issubclass(error, ValueError)


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


@settings(max_examples=20, deadline=None)
@given(chains(), st.sampled_from(["kruskal", "wilson"]), seeds)
def test_generators_on_random_planairs(table, algorithm, seed):
    G = planair_or_none(*table)
    assume(G is not None)
    M = mg.generate(G, algorithm, seed=seed)
    assert M.is_perfect()


def test_solution_crosses_a_glued_side():
    G = T.cylinder(1, 6)
    M = mg.Maze(G, [((0, 0, 5), (0, 0, 0))] + [((0, 0, c), (0, 0, c + 1)) for c in range(4)])
    assert M.is_perfect()
    assert M.solution((0, 0, 4), (0, 0, 5)) == [(0, 0, 4), (0, 0, 3), (0, 0, 2), (0, 0, 1), (0, 0, 0), (0, 0, 5)]


# -- JSON and the registry -------------------------------------------------------------------------

@pytest.mark.parametrize(
    "G",
    [T.torus(4, 5), T.cylinder(3, 4), T.moebius(3, 4), T.klein(4, 4), T.cube(2), T.planair(),
     T.planair([{"rows": 2, "cols": 3}, {"rows": 3, "cols": 2, "origin": [4.5, -1]}],
               [(0, "east", 1, "north", True), (0, "west", 1, "south")])],
    ids=["torus", "cylinder", "moebius", "klein", "cube", "box", "custom"],
)
def test_json_round_trip(G):
    M = mg.generate(G, "wilson", seed=11)
    text = M.to_json()
    back = mg.Maze.from_json(text)
    assert back == M
    assert back.cells.spec == G.graph["spec"]
    assert json.loads(json.dumps(G.graph["spec"])) == G.graph["spec"]
    rebuilt = mg.tessellations.from_spec(json.loads(json.dumps(G.graph["spec"])))
    assert np.array_equal(rebuilt.edges, M.cells.edges)
    assert rebuilt.labels == M.cells.labels


def test_specs():
    assert T.torus(3, 4).graph["spec"] == {"tessellation": "torus", "rows": 3, "cols": 4}
    assert T.cube(2).graph["spec"] == {"tessellation": "cube", "n": 2}
    spec = T.planair([{"rows": 2, "cols": 3, "origin": [0, 0]}], [[0, "east", 0, "west", 1]]).graph["spec"]
    assert spec == {
        "tessellation": "planair",
        "sections": [{"rows": 2, "cols": 3, "origin": [0, 0]}],
        "links": [[0, "east", 0, "west", True]],
    }


def test_spec_does_not_share_the_callers_lists():
    sections = [{"rows": 3, "cols": 3, "origin": [0, 0]}]
    links = [[0, "north", 0, "south", False]]
    G = T.planair(sections, links)
    sections[0]["origin"][0] = 99
    links[0][4] = True
    assert G.graph["spec"]["sections"][0]["origin"] == [0, 0]
    assert G.graph["spec"]["links"][0][4] is False


def test_registry():
    for name in ("torus", "cylinder", "moebius", "klein", "cube", "planair"):
        assert name in mg.tessellations.names()
    entries = mg.tessellations.TESSELLATIONS
    assert entries["torus"].params == ("rows", "cols")
    assert entries["cube"].params == ("n",)
    assert entries["planair"].params == ()
    for name in ("torus", "cylinder", "moebius", "klein", "cube", "planair"):
        cells = mg.tessellations.build(name, *entries[name].example)
        assert cells.name == name
        assert cells.spec["tessellation"] == name
    assert mg.tessellations.build("cube", 3).n_cells == 54
    with pytest.raises(InvalidSizeError):
        mg.tessellations.build("planair", 3)


def test_start_and_goal():
    G = T.torus(5, 7)
    assert G.graph["start"] == (0, 0, 0)
    dist = nx.single_source_shortest_path_length(G, (0, 0, 0))
    assert dist[G.graph["goal"]] == max(dist.values()) == 2 + 3


# -- drawing -------------------------------------------------------------------------------------

@pytest.mark.parametrize("G", [T.torus(3, 4), T.moebius(3, 5), T.cube(2), T.planair()],
                         ids=["torus", "moebius", "cube", "box"])
def test_render_smoke(G, tmp_path):
    M = mg.generate(G, "kruskal", seed=5)
    svg = mg.render(M, solution=True)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert ">A</text>" in svg
    png = mg.render(M, format="png")
    assert isinstance(png, bytes) and png.startswith(b"\x89PNG")
    mg.render(M, path=tmp_path / "maze.svg")
    assert (tmp_path / "maze.svg").read_text().startswith("<svg")


def test_closed_glued_wall_draws_both_pieces():
    G = T.cylinder(1, 3)
    cells = mg.compile_graph(G)
    glued = cells.edge_index(cells.labels.index((0, 0, 2)), cells.labels.index((0, 0, 0)))
    assert sorted(cells.walls.pieces(glued)) == [[[0.0, 1.0], [0.0, 0.0]], [[3.0, 1.0], [3.0, 0.0]]]
    only = np.zeros(cells.n_edges, dtype=bool)
    only[glued] = True
    assert len(cells.walls.segments(only)) == 2  # drawn as two separate unit segments
    from mazegraph.drawing.picture import maze_scene

    def drawn(maze):  # the walls layer: closed walls and the boundary (an open glued side is a seam instead)
        return {tuple(np.round(seg.ravel(), 6)) for seg in maze_scene(maze).shapes[0].segments}

    sides = {(0.0, 1.0, 0.0, 0.0), (3.0, 1.0, 3.0, 0.0)}  # the sides x = 0 and x = 3 of the strip
    assert sides <= drawn(mg.Maze(G))
    assert not sides & drawn(mg.Maze(G, [((0, 0, 2), (0, 0, 0))]))
