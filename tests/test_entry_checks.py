"""Bad values at the public entries of solvers, metrics, routing, symmetry, uniformity, drawing, formats and plot.

Each row is a call that reached numpy, numba, pathlib, ElementTree or matplotlib
before its parameters were declared (issue 16; most were found by
``tests/fuzz_cases.py``), with the MazeError subclass and the words of the message
that say what to change. A row fails if that parameter's declaration is dropped.
"""

from __future__ import annotations

import math
import time

import networkx as nx
import numpy as np
import pytest

import mazegraph as mg

T = mg.tessellations


@pytest.fixture(scope="module")
def maze():
    return mg.generate(T.orthogonal(4, 5), "kruskal", seed=1)


_FRAME = None  # a frame of results, made by the fixture below when the plot rows run
_PUZZLE = None


@pytest.fixture(scope="module", autouse=True)
def _objects():
    global _FRAME, _PUZZLE
    import pandas as pd

    _FRAME = pd.DataFrame({"variant": ["a", "b"], "dead_end_pct": [1.0, 2.0]})
    _PUZZLE = mg.numberlink.generate(T.orthogonal(4, 4), seed=1)


ROWS = [
    # solvers
    (lambda M: mg.solve(M, "tremaux", start=(0.5, 0.5)), mg.NotACellError, r"solve: start: \(0.5, 0.5\) is not a cell"),
    (lambda M: mg.solve(M, "tremaux", goal=(True, False)), mg.NotACellError, "goal"),
    (lambda M: mg.solve(None, "tremaux"), mg.InvalidOptionError, "maze must be a mazegraph.Maze"),
    (lambda M: mg.solve(M, "tremaux", seed=1.5), mg.InvalidSeedError, "seed must be a non-negative int"),
    (lambda M: mg.solve(M, "pledge", direction=math.nan), mg.InvalidOptionError, r"direction must be a number in \["),
    (lambda M: mg.solve(M, "random_mouse", max_steps=10**30), mg.InvalidOptionError, "max_steps must be an integer"),
    (lambda M: mg.solve(M, "wall_follower", hand="up"), mg.InvalidOptionError, "hand must be one of 'left', 'right'"),
    # metrics
    (lambda M: mg.metrics.summary(nx.path_graph(3)), mg.InvalidOptionError, "summary: maze must be a mazegraph.Maze"),
    (lambda M: mg.metrics.summary(M, max_turn="x"), mg.InvalidOptionError, r"max_turn must be a number in \[0, 180\)"),
    (lambda M: mg.metrics.solution_length(M, start=(math.inf, 0)), mg.NotACellError, "start"),
    (lambda M: mg.metrics.tortuosity(-math.inf), mg.InvalidOptionError, "tortuosity: maze"),
    # routing
    (lambda M: mg.flood(M, as_mask=np.zeros((2, 2), bool)), mg.InvalidOptionError, "as_mask must be true or false"),
    (lambda M: mg.flood(M, 1e300), mg.NotACellError, "flood: source"),
    (lambda M: mg.bottlenecks(M, goal=math.inf), mg.NotACellError, "bottlenecks: goal"),
    (lambda M: mg.sparsify(M, passes=10**30), mg.InvalidOptionError, "passes must be an integer in"),
    (lambda M: mg.braid(M, fraction=math.nan), mg.InvalidOptionError, r"fraction must be a number in \[0, 1\]"),
    (lambda M: mg.routing.concentric_rings(10**9, 10**9), mg.InvalidSizeError, "rows must be an integer"),
    (lambda M: mg.routing.concentric_rings(10**4, 10**5), mg.InvalidSizeError, "the most is 100,000,000"),
    (lambda M: mg.routing.from_template(None), mg.InvalidOptionError, "pattern must be a mazegraph.Maze"),
    # symmetry
    (lambda M: mg.asymmetric_cells(M, np.array([1, 2])), mg.InvalidOptionError, "symmetry must be one of"),
    (lambda M: mg.asymmetric_cells(nx.path_graph(3), "mirror"), mg.InvalidOptionError, "maze must be"),
    (lambda M: mg.symmetries("orthogonal"), mg.InvalidOptionError, "tessellation must be a networkx.Graph"),
    # uniformity
    (lambda M: mg.uniformity.sample_seeds(1, 10**9), mg.InvalidSizeError, r"samples must be an integer in \[1, "),
    (lambda M: mg.uniformity.never_samples(math.inf), mg.InvalidSizeError, "trees must be an integer"),
    (lambda M: mg.uniformity.power_samples(0.1, 10, alpha=(0.5, 0.5)), mg.InvalidOptionError, "alpha"),
    (lambda M: mg.uniformity.power_samples(0.1, 10**30), mg.InvalidSizeError, "trees"),  # reached scipy's chdtri
    (lambda M: mg.uniformity.test("wilson", T.orthogonal(2, 2), 10, alpha="x"), mg.InvalidOptionError, "alpha"),
    (lambda M: mg.uniformity.enumerate_spanning_trees(T.orthogonal(2, 2), limit="x"), mg.InvalidSizeError, "limit"),
    # drawing
    (lambda M: mg.render(M, scale=-1), mg.DrawingOptionError, r"scale must be a number in \(0, 1000\]"),
    (lambda M: mg.render(M, scale=math.nan), mg.DrawingOptionError, "scale"),
    (lambda M: mg.render(M, scale=1e9), mg.DrawingOptionError, "scale"),
    (lambda M: mg.render(M, path=1.5), mg.OutputPathError, "path must be a string or a path"),
    (lambda M: mg.render(M, ax="x"), mg.DrawingOptionError, "ax must be a matplotlib Axes"),
    (lambda M: mg.drawing.caption(3), mg.InvalidOptionError, "caption: maze"),
    # formats
    (lambda M: mg.formats.to_ascii(np.zeros((2, 2), bool)), mg.InvalidOptionError, "to_ascii: maze"),
    (lambda M: mg.formats.to_ascii(M, cell_width=0), mg.InvalidOptionError, r"cell_width must be an integer in \[1, 9"),
    (lambda M: mg.formats.to_png(M, ends=np.zeros((2, 2), bool)), mg.InvalidOptionError, "ends must be true or false"),
    (lambda M: mg.formats.to_png(M, path=1e300), mg.OutputPathError, "path"),
    (lambda M: mg.formats.to_graphml(M, -1), mg.OutputPathError, "path"),
    (lambda M: mg.formats.to_gml(M, None), mg.OutputPathError, "path must be a string or a path; got None"),
    (lambda M: mg.formats.from_graphml([]), mg.InvalidOptionError, "from_graphml: path must be a string or a path"),
    (lambda M: mg.formats.from_gml(b"\xff"), mg.InvalidOptionError, "from_gml: path"),
    (lambda M: mg.formats.unstringify(np.int64(3)), mg.InvalidOptionError, "H must be a networkx.Graph"),
    # plot
    (lambda M: mg.plot.gallery(T.orthogonal(3, 3), ["kruskal"], columns="x"), mg.InvalidOptionError, "columns"),
    (lambda M: mg.plot.informative_metrics(0.5), mg.InvalidOptionError, "df must be a pandas.DataFrame"),
    (lambda M: mg.plot.degrees(10**30), mg.InvalidOptionError, "table must be a pandas.DataFrame"),
    (lambda M: mg.plot.distributions(_FRAME, kind=np.zeros((2, 2), bool)), mg.InvalidOptionError,
     "kind must be one of"),
    # the maze itself
    (lambda M: mg.Maze(M.tessellation, 1e-300), mg.MazeError, "open_edges must be a boolean mask"),
    (lambda M: mg.Maze(M.tessellation, meta=np.zeros((2, 2), bool)), mg.MazeError, "meta must be a dict"),
    (lambda M: mg.Maze.from_json(1.5), mg.MazeFormatError, "JSON text"),
    (lambda M: mg.Maze.from_json(b"\xff"), mg.MazeFormatError, "not UTF-8"),
    # numberlink
    (lambda M: mg.numberlink.count_solutions(10**30), mg.PuzzleError, "puzzle must be a mazegraph.numberlink.Puzzle"),
    (lambda M: mg.numberlink.count_solutions(_PUZZLE, limit=b"\xff"), mg.InvalidOptionError, "limit must be"),
    (lambda M: mg.numberlink.generate(T.orthogonal(3, 3), max_attempts=np.float32("nan")), mg.InvalidOptionError,
     "max_attempts must be an integer"),
    (lambda M: mg.numberlink.parse(2**63), mg.PuzzleFormatError, "text must be text"),
]


@pytest.mark.parametrize("call, error, words", ROWS, ids=[f"row{i}" for i in range(len(ROWS))])
def test_bad_value_is_refused_at_the_door(maze, call, error, words):
    with pytest.raises(error, match=words):
        call(maze)


def test_unknown_metric_columns_are_named():
    import pandas as pd

    df = pd.DataFrame({"variant": ["a", "b"], "dead_end_pct": [1.0, 2.0]})
    assert mg.plot.informative_metrics(df, ["dead_end_pct"]) == ["dead_end_pct"]
    with pytest.raises(mg.InvalidOptionError, match="'nope' not columns of the frame"):
        mg.plot.informative_metrics(df, ["nope"])


def test_cell_labels_may_be_lists_and_integer_arrays(maze):
    # the strict check must not refuse labels written as JSON or numpy writes them
    path = mg.solve(maze, "shortest_path", start=[1, 2], goal=np.array([3, 4])).path
    assert path[0] == (1, 2) and path[-1] == (3, 4)
    assert mg.flood(maze, (np.int64(0), np.int64(0)))[0] == (0, 0)


def test_render_takes_the_maze_by_name(maze):
    assert mg.render(maze=maze, scale=np.int64(3)) == mg.render(maze, scale=3)


def test_sample_seeds_refuses_before_working():
    t = time.perf_counter()
    with pytest.raises(mg.InvalidSizeError):
        mg.uniformity.sample_seeds(1, 10**9)  # used to build SeedSequences for minutes
    assert time.perf_counter() - t < 5
