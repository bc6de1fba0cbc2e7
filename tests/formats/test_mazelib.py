"""mazelib's 0/1 grid: round trips, mazelib's own conventions (entrances in the outer wall), errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from orthogonal_mazes import orthogonal_mazes

import mazegraph as mg
from mazegraph.formats import from_mazelib, to_mazelib

T = mg.tessellations


@settings(max_examples=80, deadline=None)
@given(orthogonal_mazes())
def test_write_then_read_gives_the_same_maze(M):
    grid, start, end = to_mazelib(M)
    assert grid.dtype == np.int8 and set(np.unique(grid)) <= {0, 1}
    assert from_mazelib(grid, start, end) == M


def test_layout_matches_mazelib():
    # a 2 x 3 maze as mazelib stores it: 1 = wall, cells at odd indices; passages (0,0)-(0,1)-(0,2)-(1,2)-(1,1)-(1,0)
    grid = np.array(
        [
            [1, 1, 1, 1, 1, 1, 1],
            [1, 0, 0, 0, 0, 0, 1],
            [1, 1, 1, 1, 1, 0, 1],
            [1, 0, 0, 0, 0, 0, 1],
            [1, 1, 1, 1, 1, 1, 1],
        ],
        dtype=np.int8,
    )
    # mazelib's _generate_outer_entrances puts entrances on the outer wall: west (row, 0), east (row, W - 1)
    M = from_mazelib(grid, start=(1, 0), end=(3, 0))
    assert (M.start, M.goal) == ((0, 0), (1, 0))
    assert M.solution() == [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]
    back, start, end = to_mazelib(M)
    assert np.array_equal(back, grid) and (start, end) == ((1, 1), (3, 1))  # inner positions of the same cells


def test_a_mazelib_maze_object():
    class MazelibMaze:  # what mazelib.Maze holds after generate() and generate_entrances()
        grid = np.array([[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]], dtype=np.int8)
        start, end = (0, 1), (2, 3)  # north and south entrances

    M = from_mazelib(MazelibMaze())
    assert (M.start, M.goal, M.n_open) == ((0, 0), (0, 1), 1)
    assert from_mazelib(MazelibMaze(), end=(1, 1)).goal == (0, 0)


@pytest.mark.parametrize(
    ("grid", "start", "message"),
    [
        ([[1, 1, 1], [1, 2, 1], [1, 1, 1]], None, "grid[1, 1] holds 2"),
        (np.ones((3, 3, 3)), None, "must be 2D"),
        ([["#", " "]], None, "must hold 0 and 1"),
        (np.ones((3, 4)), None, "4 columns wide"),
        ([[1, 1, 1], [1, 1, 1], [1, 1, 1]], None, "grid[1, 1]: a wall where cell (0, 0) should be"),
        ([[1, 1, 1], [1, 0, 1], [1, 1, 1]], (5, 5), "outside the grid"),
        ([[1, 1, 1, 1, 1], [1, 0, 1, 0, 1], [1, 1, 1, 1, 1]], (1, 2), "neither on a cell nor in the outer wall"),
        ([[1, 1, 1], [1, 0, 1], [1, 1, 1]], "a1", "(row, col) grid position"),
    ],
)
def test_malformed_grids_name_the_index(grid, start, message):
    with pytest.raises(mg.MazeFormatError) as caught:
        from_mazelib(grid, start)
    assert message in str(caught.value)
