"""The door of the tessellation layer (issue 16): sizes that would not fit, work without end,
values passed through to numpy or Qhull, malformed user graphs and labels that are not cells.

Each test names the one-line bug it catches. The refusals are checked to come before any
allocation: the call returns within a second and tracemalloc sees less than a megabyte.
"""

from __future__ import annotations

import math
import os
import signal
import time
import tracemalloc
from contextlib import contextmanager

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.tessellations import TESSELLATIONS, limits

T = mg.tessellations


@contextmanager
def _max_cells(value):
    """MAZEGRAPH_MAX_CELLS set to ``value`` (None: unset) inside the block."""
    old = os.environ.get(limits.ENV)
    if value is None:
        os.environ.pop(limits.ENV, None)
    else:
        os.environ[limits.ENV] = str(value)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(limits.ENV, None)
        else:
            os.environ[limits.ENV] = old


def _refused_cheaply(call, error=mg.InvalidSizeError, match=None):
    """``call()`` raises ``error`` within a second, having allocated less than 1 MB; the message."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with pytest.raises(error, match=match) as caught:
            call()
        elapsed = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert elapsed < 1.0, f"refusal took {elapsed:.2f} s"
    assert peak < 2**20, f"allocated {peak} bytes before refusing"
    return str(caught.value)


# -- sizes that would not fit --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: T.orthogonal(31623, 31623),  # MemoryError after allocating, before
        lambda: T.orthogonal(10**30, 4),  # numpy ValueError
        lambda: T.build("sigma", 10**6, 10**6),
        lambda: T.from_text("orthogonal", "99999x99999"),
        lambda: T.sigma_hexagon(10**9),
        lambda: T.cube(10**9),
        lambda: T.grid((10**9, 10**9, 10**9)),
        lambda: T.planair([{"rows": 10**9, "cols": 10**9}], []),
        lambda: T.voronoi(10**12),
        lambda: T.theta(10**8),  # looped over rings in Python for ever
        lambda: T.fractal(3, 4, 10**30),  # computed 3**(10**30)
    ],
)
def test_a_size_beyond_memory_is_refused_before_allocating(call):
    # catches: a builder that allocates first, or computes its cell count by building
    with _max_cells(None):
        message = _refused_cheaply(call)
    assert "cells would take about" in message and limits.ENV in message


def test_the_message_gives_the_estimate_and_the_limit():
    with _max_cells(1000):
        message = _refused_cheaply(lambda: T.orthogonal(40, 50))
    # 2,000 cells x the declared 500 bytes; the limit as set
    assert message.startswith("orthogonal: 2,000 cells would take about 1 MB (500 bytes per cell)")
    assert f"{limits.ENV} allows 1,000" in message


@pytest.mark.parametrize("name", sorted(set(TESSELLATIONS) - {"mask"}))
def test_every_builder_counts_its_cells_exactly_before_building(name):
    # independent count: the cells actually built. Catches a wrong formula (e.g. 3 r^2 for the
    # hexagon board's 3 r (r - 1) + 1), a builder that does not check, or checks the wrong count.
    entry = TESSELLATIONS[name]
    arguments = entry.arguments(entry.example)
    n = entry.cells(*arguments).n_cells
    with _max_cells(n):
        assert entry.cells(*arguments).n_cells == n
    with _max_cells(n - 1):
        with pytest.raises(mg.InvalidSizeError, match=f"{n:,} cells"):
            entry.cells(*arguments)


def test_a_mask_is_checked_on_its_grid_before_the_cells_are_made():
    mask = ["#.#", "...", "#.#"]
    with _max_cells(25):  # the 3 x 3 mask's grid with its frame: 5 x 5
        assert T.from_mask(mask).number_of_nodes() == 5
    with _max_cells(24):
        _refused_cheaply(lambda: T.from_mask(mask))
    # a short text whose padded lines would make a huge grid: refused before padding them
    text = ["." * 10**6] + ["#"] * 10**4  # 1 MB of text, a grid of 10**10 cells
    with _max_cells(None):
        _refused_cheaply(lambda: T.from_mask(text))


def _sized(name: str, cells: int) -> tuple:
    """Arguments for about ``cells`` cells of the tessellation ``name``, shaped like its example."""
    entry = TESSELLATIONS[name]
    if name == "fractal":
        return (2, 2, round(math.log(cells, 4)))
    n = entry.cells(*entry.arguments(entry.example)).n_cells
    area = 2 if name in ("cube", "sigma_hexagon", "theta") else len(entry.example)
    scale = (cells / n) ** (1 / area)
    return entry.arguments(tuple(max(2, round(x * scale)) for x in entry.example))


@pytest.mark.parametrize("name", sorted(set(TESSELLATIONS) - {"mask", "planair"}))
def test_the_declared_bytes_per_cell_cover_the_peak_of_building(name):
    # catches an estimate below what the builder allocates (e.g. after a builder gains an array):
    # then a size the check lets through can still die in MemoryError. Measured by tracemalloc.
    cells = 2000 if name == "voronoi" else 20_000
    arguments = _sized(name, cells)
    options = {"seed": 1} if name == "voronoi" else {}
    tracemalloc.start()
    try:
        built = TESSELLATIONS[name].cells(*arguments, **options)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    declared = limits.BYTES_PER_CELL[name] + (500 * max(0, len(arguments[0]) - 2) if name == "grid" else 0)
    assert cells / 2 < built.n_cells < cells * 2
    assert peak / built.n_cells < declared, f"{name}: peak {peak / built.n_cells:.0f} B a cell, declared {declared}"


def test_the_networkx_view_has_its_own_larger_estimate(monkeypatch):
    # catches: a view (about 1 kB a cell more) built for arrays that just fit
    monkeypatch.delenv(limits.ENV, raising=False)
    monkeypatch.setattr(limits, "memory_bytes", lambda: 2 * 10**8)  # arrays: 200,000 cells; view: 83,333
    cells = T.orthogonal_cells(300, 300)
    with pytest.raises(mg.InvalidSizeError, match="the networkx view of orthogonal: 90,000 cells"):
        cells.to_networkx()
    assert T.orthogonal(200, 200).number_of_nodes() == 40_000


def test_the_process_memory_limit_lowers_the_budget(monkeypatch):
    resource = pytest.importorskip("resource")
    real = resource.getrlimit

    def fake(which):
        return (2**30, resource.RLIM_INFINITY) if which == resource.RLIMIT_AS else real(which)

    monkeypatch.setattr(resource, "getrlimit", fake)
    assert limits.memory_bytes() <= 2**30
    assert limits.max_cells(500) <= 2**30 // 2 // 500


@pytest.mark.parametrize("text", ["many", "0", "-5", "1.5"])
def test_a_malformed_environment_variable_is_a_maze_error(text):
    with _max_cells(text):
        with pytest.raises(mg.InvalidSizeError, match=limits.ENV):
            T.orthogonal(2, 2)


@pytest.mark.parametrize("name", sorted(n for n, e in TESSELLATIONS.items() if e.params))
@pytest.mark.parametrize("bad", [2.0, 2.5, True, "3", None, -1, 0, math.nan, np.float64(3)])
def test_a_size_that_is_not_a_positive_whole_number_names_the_parameter(name, bad):
    # catches: a float truncated, a bool taken as 1, a numpy error for a string
    entry = TESSELLATIONS[name]
    sizes = list(entry.example)
    if entry.variadic:
        sizes[0] = bad
        call = lambda: entry.cells(tuple(sizes))  # noqa: E731
        param = "shape[0]"
    else:
        sizes[0] = bad
        call = lambda: entry.cells(*sizes)  # noqa: E731
        param = entry.params[0]
    with pytest.raises(mg.InvalidSizeError, match=re_escape(param)):
        call()


def re_escape(text: str) -> str:
    import re

    return re.escape(text)


def test_too_many_grid_axes_are_refused():
    # numpy's ValueError ("maximum supported dimension") before
    _refused_cheaply(lambda: T.grid((1,) * 100), match="at most 31 axes")
    assert T.grid((1,) * 5 + (2,)).number_of_nodes() == 2


# -- work without end and values passed through to Qhull -----------------------------------------------------------


@pytest.mark.parametrize(
    "options, match",
    [
        ({"relax": 10**6}, "relax must be an integer in \\[0, 100\\]"),  # ran on for ever
        ({"relax": -1}, "relax"),
        ({"relax": 1.5}, "relax"),
        ({"width": 1e-300}, "width"),  # QhullError
        ({"width": 1e300}, "width"),
        ({"height": math.inf}, "height"),
        ({"width": math.nan}, "width"),
        ({"width": "3"}, "width"),
        ({"width": 1e-3}, "too thin"),  # 0.001 x 20,000 for 20 cells: QhullError
        ({"width": 1.0, "height": 1e5}, "too thin"),
    ],
)
def test_voronoi_options_are_checked_before_qhull(options, match):
    _refused_cheaply(lambda: T.voronoi_cells(20, seed=1, **options), match=match)


def test_voronoi_accepts_the_edges_of_its_ranges():
    # catches bounds set tighter than documented
    assert T.voronoi_cells(5, seed=1, relax=100).n_cells == 5
    assert T.voronoi_cells(5, seed=1, width=1e-12, height=1e-8).n_cells == 5
    assert T.voronoi_cells(5, seed=1, width=1e12, height=1e8).n_cells == 5


def test_unicursal_moves_are_bounded():
    # moves=10**30 reached a numba overflow; 10**9 ran for many minutes in a kernel Ctrl-C cannot stop
    G = T.orthogonal(3, 4)
    for moves in (10**30, 10**9):
        _refused_cheaply(lambda m=moves: mg.generate(G, "unicursal", seed=1, moves=m), mg.InvalidOptionError, "moves")


# -- labels that are not cells -------------------------------------------------------------------------------------


@pytest.mark.parametrize("label", [(0.5, 0.5), (0.0, 0.0), (True, False), ("0", "0"), (0, 2**70), np.array([0.0, 0.0])])
def test_a_label_is_never_converted_to_a_cell(label):
    # (0.5, 0.5) was truncated to the cell (0, 0)
    G = T.orthogonal(3, 3)
    with pytest.raises(mg.NotACellError):
        mg.generate(G, "kruskal", seed=1, start=label)


def test_integer_labels_of_any_integer_type_are_cells():
    # catches a check that refuses numpy integers
    G = T.orthogonal(3, 3)
    maze = mg.generate(G, "kruskal", seed=1, start=(np.int64(1), np.int32(2)), goal=np.array([2, 0]))
    assert maze.start == (1, 2) and maze.goal == (2, 0)


def test_in_a_user_graph_one_point_oh_and_true_are_not_node_one():
    G = nx.path_graph(4)
    cells = mg.compile_graph(G)
    assert cells.labels.index(1) == 1 and cells.labels.index(np.int64(2)) == 2
    for label in (1.0, True):
        with pytest.raises(mg.NotACellError):
            cells.labels.index(label)
    floats = nx.relabel_nodes(nx.path_graph(3), {0: 0.5, 1: 1.5, 2: 2.5})
    assert mg.compile_graph(floats).labels.index(1.5) == 1  # float nodes stay usable
    G.graph["start"] = 1.0
    with pytest.raises(mg.NotACellError, match="start=1.0"):
        mg.compile_graph(G.copy())


# -- malformed attributes of a user graph --------------------------------------------------------------------------


def _path(node=None, edge=None, graph=None):
    G = nx.path_graph(3)
    nx.set_node_attributes(G, {n: (float(n), 0.0) for n in G}, "pos")
    nx.set_node_attributes(G, {n: 0 for n in G}, "row")
    nx.set_edge_attributes(G, {e: [(0.0, 0.0), (1.0, 1.0)] for e in G.edges}, "wall")
    for key, value in (node or {}).items():
        G.nodes[1][key] = value
    for key, value in (edge or {}).items():
        G.edges[0, 1][key] = value
    G.graph.update(graph or {})
    return G


@pytest.mark.parametrize(
    "G, match",
    [
        (_path(node={"pos": "ab"}), "node 1 has pos='ab'"),
        (_path(node={"pos": (1.0, math.nan)}), "node 1 has pos"),
        (_path(node={"pos": (1.0, math.inf)}), "node 1 has pos"),
        (_path(node={"pos": 5}), "node 1 has pos=5"),
        (_path(node={"pos": ("1", "2")}), "node 1 has pos"),  # numpy would parse the strings
        (_path(node={"pos": (1.0, 2.0, 3.0)}), "same number of coordinates"),  # ragged: numpy ValueError
        (_path(node={"row": 0.5}), "node 1 has row=0.5"),  # truncated to 0
        (_path(node={"row": True}), "node 1 has row=True"),
        (_path(node={"row": 10**30}), "node 1 has row"),  # OverflowError
        (_path(edge={"wall": [1.0, 2.0, 3.0]}), "edge \\(0, 1\\) has wall"),  # odd count: ValueError
        (_path(edge={"wall": "xx"}), "edge \\(0, 1\\) has wall"),
        (_path(edge={"wall": [(0.0, math.inf), (1.0, 1.0)]}), "edge \\(0, 1\\) has wall"),
        (_path(edge={"wall": object()}), "edge \\(0, 1\\) has wall"),
        (_path(graph={"boundary": 5}), "boundary"),
        (_path(graph={"annotations": [(1.0, "x", "t")]}), "annotations"),
    ],
)
def test_a_malformed_attribute_names_the_node_or_edge(G, match):
    with pytest.raises(mg.MissingAttributeError, match=match):
        mg.compile_graph(G)


def test_well_formed_attributes_still_compile():
    # catches checks that refuse what the package itself writes: NaN separators, 3D positions
    G = _path(edge={"wall": ((0.0, 0.0), (0.5, 0.5), (math.nan, math.nan), (1.0, 1.0), (2.0, 2.0))})
    cells = mg.compile_graph(G)
    assert cells.pos.tolist() == [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]] and cells.row.tolist() == [0, 0, 0]
    view = T.grid((2, 2, 2))
    assert mg.compile_graph(view.copy()).n_edges == 12


def test_too_many_direction_classes_are_refused():
    # the classes are stored in 8 bits: 300 of them overflowed
    G = nx.path_graph(301)
    nx.set_edge_attributes(G, {e: i for i, e in enumerate(G.edges)}, "direction")
    with pytest.raises(mg.MissingAttributeError, match="300 different values"):
        mg.compile_graph(G)


@pytest.mark.parametrize("spec", [3, None, "orthogonal", [("tessellation", "orthogonal")]])
def test_a_spec_that_is_not_a_dict_is_a_format_error(spec):
    # AttributeError ('int' object has no attribute 'get') before
    with pytest.raises(mg.MazeFormatError, match="spec is a dict"):
        T.from_spec(spec)


@pytest.mark.parametrize("largest", [np.array([1, 2]), 1, "yes", None])
def test_largest_is_true_or_false(largest):
    # np.array([1, 2]) reached numpy's "truth value of an array is ambiguous"; 1 and "yes" passed as True
    with pytest.raises(mg.InvalidOptionError, match="largest must be true or false"):
        T.from_mask(["..#", "#.."], largest=largest)


# -- files ---------------------------------------------------------------------------------------------------------


def test_a_mask_file_that_is_not_utf8_names_the_line(tmp_path):
    path = tmp_path / "mask.txt"
    path.write_bytes(b"###\n#.#\n#\xff.#\n")
    with pytest.raises(mg.MazeFormatError, match="line 3, column 2: byte 0xff"):
        T.from_mask(path)


# -- the property --------------------------------------------------------------------------------------------------

SECONDS = 20  # the bound on one call; a refused call takes milliseconds, an accepted one below a second or two

_VALUES = st.one_of(
    st.integers(1, 12),  # three of the eleven branches give plausible sizes, so some builds succeed
    st.integers(1, 12),
    st.integers(-3, 12),
    st.sampled_from([10**9, 10**30, -(10**30), 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=3),
    st.just(np.int64(3)),
    st.tuples(st.integers(-2, 5), st.integers(-2, 5)),
)


class _Hang(BaseException):
    pass


def _alarm(signum, frame):
    raise _Hang


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="needs SIGALRM")
@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_builders_raise_only_maze_errors_return_in_time_and_build_connected_graphs(data):
    name = data.draw(st.sampled_from(sorted(TESSELLATIONS)), label="tessellation")
    entry = TESSELLATIONS[name]
    arguments = [data.draw(_VALUES, label=param) for param in entry.params]
    options = {option: data.draw(_VALUES, label=option) for option in entry.options if data.draw(st.booleans())}
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    start = time.perf_counter()
    try:
        with _max_cells(400):
            cells = entry.cells(*arguments, **options)
    except mg.MazeError as error:
        event(f"refused: {type(error).__name__}")
        return
    except _Hang:
        pytest.fail(f"{name}{tuple(arguments)} {options} ran for more than {SECONDS} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert time.perf_counter() - start < SECONDS
    event("built")
    G = cells.to_networkx()
    assert G.number_of_nodes() == cells.n_cells <= 400
    assert nx.is_connected(G), f"{name}{tuple(arguments)} {options} is not connected"
