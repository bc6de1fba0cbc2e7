"""ASCII art mazes: round trips in both styles, the layout read by hand, and located errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from orthogonal_mazes import orthogonal_mazes

import mazegraph as mg
from mazegraph.formats import from_ascii, to_ascii

T = mg.tessellations


@settings(max_examples=120, deadline=None)
@given(orthogonal_mazes(), st.sampled_from(["box", "bitmap"]), st.integers(1, 4), st.booleans())
def test_write_then_read_gives_the_same_maze(M, style, width, openings):
    text = to_ascii(M, style, cell_width=width, openings=openings)
    assert from_ascii(text) == M
    assert from_ascii(text.encode("utf-8")) == M
    assert from_ascii(text.replace("\n", "\r\n")) == M


@pytest.mark.parametrize("algorithm", ["wilson", "kruskal", "sidewinder"])
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_mazes_round_trip_and_keep_their_walls(algorithm, seed):
    M = mg.generate(T.orthogonal(7, 11), algorithm, seed=seed)
    back = from_ascii(to_ascii(M))
    assert back == M and back.is_perfect() and back.solution() == M.solution()


BOX = """
+--+--+--+
|S    |  |
+--+  +  +
|      G |
+--+--+--+
"""


def test_box_style_read_by_hand():
    M = from_ascii(BOX)
    assert M.cells.spec == {"tessellation": "orthogonal", "rows": 2, "cols": 3}
    assert set(map(frozenset, M.open_edges())) == {
        frozenset(p)
        for p in [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((0, 2), (1, 2)), ((1, 0), (1, 1)), ((1, 1), (1, 2))]
    }
    assert (M.start, M.goal) == ((0, 0), (1, 2))
    assert to_ascii(M) == BOX.lstrip("\n")


MAZELIB = """#######
S   # #
### # #
#+++++E
#######"""  # mazelib's Maze.tostring(entrances=True, solutions=True): S and E in the outer wall, + the path


def test_mazelib_tostring_bitmap():
    M = from_ascii(MAZELIB)
    assert (M.start, M.goal) == ((0, 0), (1, 2))
    assert M.n_open == 5 and M.is_perfect()
    assert to_ascii(M, "bitmap", openings=True) == MAZELIB.replace("+", " ") + "\n"


def test_openings_without_marks_give_start_and_goal_in_reading_order():
    text = "+--+--+\n      |\n+  +--+\n|     \n+--+--+\n"  # trailing spaces of line 4 left out on purpose
    M = from_ascii(text)
    assert (M.start, M.goal) == ((0, 0), (1, 1))
    plain = from_ascii("+--+--+\n|     |\n+--+--+\n")
    assert (plain.start, plain.goal) == ((0, 0), (0, 1))  # no marks, no openings: the defaults


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("+--+--+\n|     |\n+--+--+--+\n", "line 3 is 10 characters long, but line 1 (the top wall) is 7"),
        ("#####\n#   #\n####\n", "line 3 is 4 characters long, but line 1 (the top wall) is 5"),
        ("+--+\n|x |\n+--+\n", "line 2, column 2: unknown character 'x' in a cell"),
        ("+--+\n|  \t\n+--+\n", "line 2, column 4: unknown character '\\t' where a wall goes"),
        ("+--+--+\n|     |\n+--x--+\n", "line 3, column 4: expected a corner '+', got 'x'"),
        ("+--+\n|  |\n+- +\n", "line 3, column 2: expected a wall '--' or an opening"),
        ("+--+\n|  |\n", "needs an odd number"),
        ("####\n#  #\n####\n", "4 columns wide; a wall grid is 2 n + 1 columns wide"),
        ("###\n###\n###\n", "line 2, column 2: a wall where cell (0, 0) should be"),
        ("#####\n#   #\n## ##\n#   #\n#####\n", "line 3, column 3: an opening at a corner"),
        ("#####\n    #\n# # #\n#    \n# ###\n", "3 openings in the outer wall"),
        ("#####\n#S S#\n#####\n", "the start is marked twice: line 2, column 2 and line 2, column 4"),
        ("#####\n#x  #\n#####\n", "line 2, column 2: unknown character 'x'"),
        ("\n\n  hello\n", "line 3, column 1: expected the top wall"),
        ("   \n", "the drawing is empty"),
        ("+\n|\n+\n", "line 1: the top wall has no second corner"),
    ],
)
def test_malformed_drawings_name_the_place(text, message):
    with pytest.raises(mg.MazeFormatError) as caught:
        from_ascii(text)
    assert message in str(caught.value)


def test_non_utf8_bytes_name_line_and_column():
    with pytest.raises(mg.MazeFormatError, match="line 2, column 3: byte 0xff is not UTF-8 text"):
        from_ascii(b"+--+\n|\xc3\xa9\xff|\n+--+\n")


def test_writer_refuses_what_it_cannot_write():
    with pytest.raises(mg.UnsupportedError, match="orthogonal mazes"):
        to_ascii(mg.generate(T.sigma(3, 3), "wilson", seed=1))
    with pytest.raises(mg.UnsupportedError, match="orthogonal mazes"):
        to_ascii(mg.generate(T.torus(3, 3), "wilson", seed=1))
    with pytest.raises(mg.UnsupportedError, match="same cell"):
        to_ascii(mg.Maze(T.orthogonal(2, 2), start=(1, 1), goal=(1, 1)))
    assert from_ascii(to_ascii(mg.Maze(T.orthogonal(2, 2), start=(1, 1), goal=(1, 1)), ends=False)).start == (0, 0)
    with pytest.raises(mg.InvalidOptionError, match="style"):
        to_ascii(mg.Maze(T.orthogonal(2, 2)), style="unicode")
    with pytest.raises(mg.InvalidOptionError, match="cell_width"):
        to_ascii(mg.Maze(T.orthogonal(2, 2)), cell_width=0)
    grid = mg.generate(T.grid((3, 4)), "wilson", seed=1)  # a 2D grid is orthogonal: same cells and walls
    assert from_ascii(to_ascii(grid)) == grid
