"""mazegraph.tessellations.mask: orthogonal cells inside a mask (text, arrays, images)."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import mazegraph as mg
from mazegraph.errors import InvalidMaskError

from ._voronoi_mask import T, assert_json_round_trip, assert_perfect, assert_renders, seeds


def wall_segments(G):
    return {frozenset((u, v)): np.asarray(w, dtype=float) for u, v, w in G.edges(data="wall")}


# -- masks ----------------------------------------------------------------------

RING = """
#####
#...#
#.#.#
#...#
#####
"""


def grid_oracle(open_):
    """The open cells and their orthogonal adjacency, by networkx."""
    rows, cols = open_.shape
    H = nx.grid_2d_graph(rows, cols)
    return H.subgraph([(r, c) for r, c in H if open_[r, c]])


@settings(max_examples=40, deadline=None)
@given(arrays(bool, st.tuples(st.integers(1, 7), st.integers(1, 7))))
def test_mask_cells_are_the_open_cells(open_):
    oracle = grid_oracle(open_)
    if oracle.number_of_nodes() == 0:
        with pytest.raises(InvalidMaskError):
            T.from_mask(open_)
        return
    # largest first; ties: the region whose first cell comes first row by row
    components = sorted(nx.connected_components(oracle), key=lambda part: (-len(part), min(part)))
    if len(components) > 1:
        with pytest.raises(mg.DisconnectedGraphError) as caught:
            T.from_mask(open_)
        assert sorted(n for n, _ in caught.value.components) == sorted(map(len, components))
        assert f"{len(components)} separate regions" in str(caught.value)
        G = T.from_mask(open_, largest=True)
        oracle = oracle.subgraph(components[0])
    else:
        G = T.from_mask(open_)
    assert G.number_of_nodes() == len(oracle)
    assert set(G) == set(oracle)
    assert {frozenset(e) for e in G.edges} == {frozenset(e) for e in oracle.edges}
    rows = open_.shape[0]
    for (r, c), pos in G.nodes(data="pos"):
        assert pos == (c + 0.5, rows - r - 0.5)
        assert G.nodes[(r, c)]["row"] == r
    for u, v, wall in G.edges(data="wall"):  # the unit side between the two centres
        wall = np.asarray(wall)
        assert np.allclose(wall.mean(axis=0), (np.add(G.nodes[u]["pos"], G.nodes[v]["pos"])) / 2)
        assert np.linalg.norm(wall[1] - wall[0]) == pytest.approx(1.0)
    # boundary: one unit side for every side of a kept cell without a kept neighbour
    boundary = np.asarray(G.graph["boundary"]).reshape(-1, 2, 2)
    assert len(boundary) == 4 * len(oracle) - 2 * oracle.number_of_edges()
    for a, b in boundary:
        assert np.linalg.norm(b - a) == pytest.approx(1.0)
        mid = (a + b) / 2
        step = np.array([0.5, 0.0]) if a[0] == b[0] else np.array([0.0, 0.5])
        sides = [(rows - 1 - math.floor(y), math.floor(x)) for x, y in (mid - step, mid + step)]
        assert sum(cell in oracle for cell in sides) == 1  # a kept cell on one side only


def test_full_mask_is_the_orthogonal_grid():
    G, H = T.from_mask(np.ones((3, 4), dtype=bool)), T.orthogonal(3, 4)
    assert list(G) == list(H)
    assert wall_segments(G).keys() == wall_segments(H).keys()
    for key, wall in wall_segments(G).items():
        assert np.array_equal(wall, wall_segments(H)[key])
    assert {(u, v): d for u, v, d in G.edges(data="direction")} == {(u, v): d for u, v, d in H.edges(data="direction")}
    assert (G.graph["start"], G.graph["goal"]) == ((0, 0), (2, 3))


def test_ascii_ring():
    G = T.from_mask(RING)
    assert set(G) == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)}
    assert all(d == 2 for _, d in G.degree)
    assert nx.is_connected(G) and len(nx.cycle_basis(G)) == 1
    assert len(G.graph["boundary"]) == 12 + 4  # outside of the ring and around its hole
    assert G.graph["spec"] == {"tessellation": "mask", "mask": RING.strip().splitlines(), "largest": False}
    # a list of lines, or a string with blank lines at either end, reads the same
    assert set(T.from_mask(RING.strip().splitlines())) == set(G)
    assert set(T.from_mask("\n   \n" + RING.strip() + "\n  \n")) == set(G)
    # every perfect maze on a ring opens all walls but one
    assert mg.generate(G, "kruskal", seed=1).n_open == 7


def test_ascii_letter_with_ragged_lines():
    E = ["xxx", "x", "xxx", "x", "xxx"]  # any character but '#' is open; short lines padded blocked
    G = T.from_mask(E)
    assert set(G) == {(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2), (3, 0), (4, 0), (4, 1), (4, 2)}
    assert nx.is_tree(G)
    assert G.graph["spec"]["mask"] == ["...", ".##", "...", ".##", "..."]
    M = mg.generate(G, "wilson", seed=0)
    assert M.n_open == G.number_of_edges() == 10


def test_disconnected_mask_lists_components():
    art = [
        "..#.",
        "..#.",
        "###.",
        ".##.",
    ]
    with pytest.raises(mg.DisconnectedGraphError) as caught:
        T.from_mask(art)
    assert caught.value.components == [(4, (0, 0)), (4, (0, 3)), (1, (3, 0))]
    message = str(caught.value)
    assert "3 separate regions" in message and "4 cells with (0, 0)" in message
    assert "1 cells with (3, 0)" in message and "largest=True" in message
    G = T.from_mask(art, largest=True)  # a tie: the region reached first row by row
    assert set(G) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert G.graph["spec"]["largest"] is True
    assert set(T.from_spec(G.graph["spec"]).labels.tolist()) == set(G)


def test_many_components_message_is_bounded():
    checker = (np.indices((9, 9)).sum(axis=0) % 2 == 0)
    with pytest.raises(mg.DisconnectedGraphError, match="41 separate regions.*and 31 more"):
        T.from_mask(checker)
    assert T.from_mask(checker, largest=True).number_of_nodes() == 1


@pytest.mark.parametrize("empty", [np.zeros((3, 4), dtype=bool), "####\n####\n", [], np.zeros((0, 0), bool)])
def test_empty_mask(empty):
    with pytest.raises(InvalidMaskError, match="no open cell") as caught:
        T.from_mask(empty)
    assert isinstance(caught.value, mg.InvalidSizeError)


@pytest.mark.parametrize(
    "bad, words",
    [
        (np.ones((2, 2, 3), dtype=bool), "2-dimensional"),
        (np.ones(5, dtype=bool), "2-dimensional"),
        (np.ones((2, 2), dtype=int), "boolean"),
        (42, "cannot read a mask from int"),
        ([[True], [True, False]], "cannot read a mask from list"),
        ("no_such_mask.png", "no mask file"),
    ],
)
def test_bad_masks(bad, words):
    with pytest.raises(InvalidMaskError, match=words):
        T.from_mask(bad)


def test_image_masks(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    picture = Image.new("L", (4, 3), 0)  # 4 pixels wide, 3 high, all black
    for x, y in [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (3, 2)]:
        picture.putpixel((x, y), 200)
    picture.putpixel((0, 2), 100)  # dark grey stays blocked
    expected = {(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 3)}
    assert set(T.from_mask(picture)) == expected
    assert set(T.from_mask(picture.convert("1"))) == expected
    rgba = Image.new("RGBA", (4, 3), (0, 0, 0, 0))  # transparent counts as white
    rgba.putpixel((1, 1), (0, 0, 0, 255))
    assert set(T.from_mask(rgba)) == {(r, c) for r in range(3) for c in range(4)} - {(1, 1)}
    path = tmp_path / "shape.png"
    picture.save(path)
    assert set(T.from_mask(path)) == expected
    G = T.from_mask(str(path))
    assert set(G) == expected
    assert G.graph["spec"]["mask"] == ["...#", "##.#", "##.."]
    text = tmp_path / "shape.txt"
    text.write_text("\n" + "\n".join(G.graph["spec"]["mask"]) + "\n", encoding="utf-8")
    assert set(T.from_mask(text)) == expected
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not an image")
    with pytest.raises(InvalidMaskError, match="cannot read"):
        T.from_mask(broken)


@settings(max_examples=25, deadline=None)
@given(arrays(bool, st.tuples(st.integers(1, 8), st.integers(1, 8))), seeds, st.sampled_from(["kruskal", "wilson"]))
def test_mask_spanning_trees(open_, seed, algorithm):
    if not open_.any():
        return
    G = T.from_mask(open_, largest=True)
    assert_perfect(G, algorithm, seed)


def test_mask_json_round_trip_and_render():
    G = T.from_mask(RING)
    M = assert_perfect(G, "wilson", 5)
    assert_json_round_trip(M)
    assert_renders(M)
    art = ["....#..", "....#.."]
    M = assert_perfect(T.from_mask(art, largest=True), "kruskal", 1)
    assert_json_round_trip(M)
    demo = T.build("mask")  # the registry builds a demonstration shape without a mask
    assert demo.n_cells == 91 and T.from_spec(demo.spec).same_as(demo)
    assert T.TESSELLATIONS["mask"].params == ()
