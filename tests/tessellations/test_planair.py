"""mazegraph.tessellations.planair: glued surfaces from general nets (the named ones: test_surfaces.py).

The tests check label-free invariants (counts, degrees, boundary loops,
isomorphism classes) and, for the box, compare the gluing with an
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

from ._planair import T, folded_square, plain, seeds, surface_grid


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


@settings(max_examples=20, deadline=None)
@given(chains(), st.sampled_from(["kruskal", "wilson"]), seeds)
def test_generators_on_random_planairs(table, algorithm, seed):
    G = planair_or_none(*table)
    assume(G is not None)
    M = mg.generate(G, algorithm, seed=seed)
    assert M.is_perfect()


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
