"""Drawing: SVG, PNG and PDF or an Axes from geometry alone, what the pictures show, and the errors around it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.path import Path

import mazegraph as mg
from mazegraph.drawing import caption, render
from mazegraph.drawing.picture import maze_scene
from mazegraph.drawing.scene import Discs, Fill, Lines, Paths, Text

T = mg.tessellations
CASES = {
    "orthogonal": T.orthogonal(6, 8),
    "delta": T.delta(6, 10),
    "sigma": T.sigma(6, 7),
    "sigma_hexagon": T.sigma_hexagon(4),
    "theta": T.theta(6),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_svg_has_walls_solution_and_ends(name):
    M = mg.generate(CASES[name], "wilson", seed=3)
    root = ET.fromstring(mg.render(M, solution=True))
    ns = "{http://www.w3.org/2000/svg}"
    wall_path = root.find(f"{ns}path").get("d")
    cells = M.cells
    closed = cells.walls.segments(~M.open)
    assert wall_path.count("M") == len(closed) + len(cells.boundary.segments())
    route = root.find(f"{ns}polyline").get("points").split()
    assert len(route) == len(M.solution())
    assert len(root.findall(f"{ns}circle")) == 2


@pytest.mark.parametrize("name", sorted(CASES))
def test_png(name, tmp_path):
    M = mg.generate(CASES[name], "kruskal", seed=3)
    data = mg.render(M, format="png")
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    target = tmp_path / f"{name}.png"
    assert mg.render(M, solution=True, path=target) is None
    assert target.read_bytes().startswith(b"\x89PNG")
    svg = tmp_path / f"{name}.svg"
    mg.render(M, path=svg)
    assert svg.read_text().startswith("<svg")


def test_more_open_walls_mean_fewer_drawn():
    G = T.orthogonal(5, 5)
    closed = mg.render(G)  # a bare tessellation: every wall
    maze = mg.render(mg.generate(G, "wilson", seed=1))
    assert closed.count("M") - maze.count("M") == 24


def test_png_pixels_show_walls():
    from io import BytesIO

    from matplotlib.image import imread

    M = mg.generate(T.orthogonal(10, 10), "wilson", seed=1)
    img = imread(BytesIO(mg.render(M, format="png")))
    dark = (img[..., :3].mean(axis=2) < 0.5).mean()
    assert 0.02 < dark < 0.5  # walls drawn, not a blank or black picture


def test_graph_without_geometry():
    M = mg.generate(nx.petersen_graph(), "wilson", seed=1)
    with pytest.raises(mg.MissingAttributeError, match="'wall'"):
        mg.render(M)


def test_graph_with_walls_but_no_pos_cannot_draw_solution():
    G = nx.Graph()
    G.add_edge(0, 1, wall=[(1, 0), (1, 1)])
    M = mg.generate(G, "wilson", seed=1)
    assert mg.render(M).startswith("<svg")
    with pytest.raises(mg.MissingAttributeError, match="'pos'"):
        mg.render(M, solution=True)


def test_output_errors(tmp_path):
    M = mg.generate(T.orthogonal(3, 3), "wilson", seed=1)
    with pytest.raises(mg.OutputPathError, match="suffix"):
        mg.render(M, path=tmp_path / "maze.gif")
    with pytest.raises(mg.OutputPathError, match="cannot write"):
        mg.render(M, path=tmp_path / "missing" / "maze.svg")
    with pytest.raises(mg.OutputPathError, match="format"):
        mg.render(M, format="jpeg")


def test_annotations_and_marks_are_drawn():
    G = nx.Graph()
    G.add_edge(0, 1, wall=[(1, 0), (1, 1)], mark=[(0.4, 0.5), (1.6, 0.5)])
    G.nodes[0]["pos"], G.nodes[1]["pos"] = (0.5, 0.5), (1.5, 0.5)
    G.graph["annotations"] = [(1.0, 1.2, "A<")]
    closed = mg.Maze(G)
    opened = mg.Maze(G, np.array([True]))
    assert closed.to_json() and "A&lt;" in mg.render(closed)
    assert mg.render(closed).count("M") == 1 and mg.render(opened).count("M") == 1
    assert "M1 " not in mg.render(opened)  # the wall is gone, the mark is there


# -- the dispatch ---------------------------------------------------------------------------------


def test_render_dispatches_on_type_and_takes_registrations():
    assert {object, mg.CellGraph, mg.numberlink.Puzzle} <= set(render.registry)  # object: a Maze
    # networkx graphs (subclasses too) are drawn as a CellGraph is, through a type that needs no networkx import
    assert render.dispatch(nx.Graph) is render.dispatch(nx.DiGraph) is render.dispatch(mg.CellGraph)
    assert render.dispatch(mg.Maze) is render.dispatch(object)

    class Card:
        pass

    with pytest.raises(mg.UnsupportedError, match="cannot draw a Card; render draws .*Maze"):
        mg.render(Card())
    render.register(Card, lambda card, *args, **kwargs: "a card")
    assert mg.render(Card(), solution=True) == "a card"


def test_puzzle_still_draws_and_checks_its_options():
    P = mg.numberlink.generate(T.orthogonal(4, 4), seed=2)
    assert mg.render(P, solution=True).lstrip().startswith(("<?xml", "<svg"))
    with pytest.raises(mg.DrawingOptionError, match="openings"):
        mg.render(P, openings=True)
    with pytest.raises(mg.DrawingOptionError, match="scale must be"):
        mg.render(P, scale="big")


# -- ax, PDF, sizes -----------------------------------------------------------------------------


def test_draws_into_an_axes():
    M = mg.generate(T.orthogonal(5, 7), "wilson", seed=2)
    ax = Figure().add_subplot()
    assert mg.render(M, ax=ax, solution=True, title="mine") is ax
    walls = ax.patches[0].get_path()  # every wall in one compound path: a move and a line per segment
    assert (walls.codes == Path.MOVETO).sum() == (~M.open).sum() + len(M.cells.boundary.segments())
    assert any(isinstance(c, LineCollection) for c in ax.collections)  # the solution
    assert ax.get_title() == "mine" and not ax.axison
    with pytest.raises(mg.DrawingOptionError, match="path"):
        mg.render(M, ax=Figure().add_subplot(), path="x.png")


def test_pdf_output_and_print_size(tmp_path):
    M = mg.generate(T.orthogonal(6, 12), "kruskal", seed=1)
    data = mg.render(M, format="pdf", size=(5, 5))
    assert data.startswith(b"%PDF")
    box = [float(v) for v in re.search(rb"/MediaBox \[ ([\d. ]+) \]", data).group(1).split()]
    assert box[2] == pytest.approx(5 * 72, abs=1) and box[3] < box[2]  # fitted into 5 x 5 inches, wider than tall
    mg.render(M, path=tmp_path / "m.pdf")
    assert (tmp_path / "m.pdf").read_bytes().startswith(b"%PDF")
    svg = mg.render(M, size=4)
    assert 'width="4.000in"' in svg


def _png_size(data: bytes) -> tuple[int, int]:
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@settings(max_examples=15, deadline=None)
@given(st.floats(2, 60))
def test_png_pixels_follow_scale(scale):
    M = mg.generate(T.orthogonal(3, 4), "wilson", seed=1)
    width, height = _png_size(mg.render(M, format="png", scale=scale))
    # the drawing spans the 4 x 3 board plus half a unit of margin each side
    assert abs(width - 5 * scale) <= 1 and abs(height - 4 * scale) <= 1


def test_png_size_and_dpi():
    M = mg.generate(T.orthogonal(3, 4), "wilson", seed=1)
    width, height = _png_size(mg.render(M, format="png", size=(2, 3), dpi=150))
    assert abs(width - 300) <= 1 and height <= 450


BAD_SCALES = [-1, 0, float("nan"), float("inf"), "20", True, 1e9, [20]]


@pytest.mark.parametrize("scale", BAD_SCALES, ids=repr)
def test_bad_scale_never_reaches_matplotlib(scale, monkeypatch):
    import mazegraph.drawing.mpl as painter

    monkeypatch.setattr(painter, "figure_bytes", lambda *a, **k: pytest.fail("matplotlib reached"))
    M = mg.generate(T.orthogonal(3, 3), "wilson", seed=1)
    with pytest.raises(mg.DrawingOptionError, match="scale must be a number in \\(0, 1000\\]"):
        mg.render(M, format="png", scale=scale)


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=3), st.booleans(),
                 st.integers(-10**6, 10**6)))
def test_any_scale_is_drawn_or_refused_cleanly(scale):
    M = mg.generate(T.orthogonal(2, 2), "wilson", seed=1)
    try:
        svg = mg.render(M, scale=scale)
    except mg.DrawingOptionError as error:
        assert "scale" in str(error) or "pixels" in str(error)
    else:
        assert 0 < float(scale) <= 1000 and svg.startswith("<svg")


def test_pictures_too_large_or_options_together_are_refused():
    M = mg.generate(T.orthogonal(300, 300), "kruskal", seed=1)
    with pytest.raises(mg.DrawingOptionError, match="pixels; the most is 16384"):
        mg.render(M, format="png", scale=100)
    with pytest.raises(mg.DrawingOptionError, match="not both"):
        mg.render(M, scale=10, size=5)
    for size in [(0, 3), "A4", (1, 2, 3), -2]:
        with pytest.raises(mg.DrawingOptionError, match="size must be"):
            mg.render(M, size=size)
    with pytest.raises(mg.DrawingOptionError, match="dpi must be"):
        mg.render(M, size=5, dpi=5)
    with pytest.raises(mg.DrawingOptionError, match="openings must be"):
        mg.render(M, openings="yes")


# -- openings -----------------------------------------------------------------------------------


def _length(segments) -> float:
    s = np.asarray(segments).reshape(-1, 2, 2)
    return float(np.linalg.norm(s[:, 1] - s[:, 0], axis=1).sum())


@pytest.mark.parametrize("name", ["orthogonal", "sigma", "delta"])
def test_openings_remove_one_side_of_the_start_and_goal_cells(name):
    M = mg.generate(CASES[name], "wilson", seed=5)
    cells = M.cells
    closed = _length(cells.walls.segments(~M.open))
    side = float(np.median(np.linalg.norm(np.diff(cells.walls.segments(), axis=1)[:, 0], axis=1)))
    full = _length(maze_scene(M).shapes[0].segments)
    cut = _length(maze_scene(M, openings=True).shapes[0].segments)
    assert full == pytest.approx(closed + _length(cells.boundary.segments()))
    assert full - cut == pytest.approx(2 * side, rel=1e-6)  # one whole cell side each, no more


def test_openings_sit_beside_start_and_goal_and_the_route_runs_out():
    M = mg.generate(T.orthogonal(6, 8), "wilson", seed=1)
    scene = maze_scene(M, solution=True, openings=True)
    route = next(s for s in scene.shapes if isinstance(s, Paths)).items[0]
    assert route[0][0] < 0 and route[-1][0] > 8  # from outside the left wall to outside the right one
    markers = scene.shapes[-1]
    assert np.allclose(markers.centres[:, 1], [5.5, 0.5]) and markers.colours == ["#2ca02c", "#d62728"]


def test_openings_in_pixels():
    from io import BytesIO

    from matplotlib.image import imread

    M = mg.generate(T.orthogonal(3, 3), "wilson", seed=1)  # start (0, 0): its west side is x = 0, y in [2, 3]

    def pixel(openings):
        img = imread(BytesIO(mg.render(M, format="png", scale=40, openings=openings, markers=False)))
        x, y = 0.5 * 40, (0.5 + 0.5) * 40  # the geometry point (0, 2.5) with half a unit of margin
        return img[int(y), int(x), :3].mean()

    assert pixel(False) < 0.3 and pixel(True) > 0.9


def test_theta_start_in_the_middle_gets_no_opening():
    M = mg.generate(T.theta(5), "wilson", seed=2)
    scene = maze_scene(M, openings=True)
    assert M.cells.layout[M.start_index] == pytest.approx([0, 0])
    ring = np.hypot(*M.cells.layout[M.goal_index])
    outer = _length(M.cells.boundary.segments())
    gap = outer - (_length(scene.shapes[0].segments) - _length(M.cells.walls.segments(~M.open)))
    cells_in_ring = sum(1 for p in M.cells.layout if np.isclose(np.hypot(*p), ring))
    assert gap == pytest.approx(outer / cells_in_ring, rel=0.05)  # the goal's outer arc, the start none


# -- glued sides, level slices, weave bridges ---------------------------------------------------


def _glued(M):
    """Open edges whose cells are not neighbours in the drawing (centres more than a step apart)."""
    cells = M.cells
    far = np.linalg.norm(cells.pos[cells.edges[:, 0]] - cells.pos[cells.edges[:, 1]], axis=1) > 1.01
    return far


@pytest.mark.parametrize("surface", [T.torus(6, 8), T.cube(4), T.klein(5, 6), T.moebius(4, 10)], ids=str)
def test_glued_sides_are_seams_and_jumps_are_numbered_in_pairs(surface):
    M = mg.generate(surface, "wilson", seed=4)
    scene = maze_scene(M, solution=True)
    glued = _glued(M)
    seams = [s for s in scene.shapes if isinstance(s, Lines) and s.stroke.dash and s.stroke.colour == "#1f77b4"]
    assert sum(len(s.segments) for s in seams) == 2 * (glued & M.open).sum()  # both sides of each open glued wall
    path = M.solution_indices()
    steps = M.cells.pos[path[1:]] - M.cells.pos[path[:-1]]
    jumps = int((np.linalg.norm(steps, axis=1) > 1.01).sum())
    badges = [s for s in scene.shapes if isinstance(s, Discs) and s.texts]
    if jumps == 0:
        assert not badges
        return
    (badges,) = badges
    assert badges.texts == [str(k) for k in range(1, jumps + 1) for _ in range(2)]
    assert badges.colours[::2] == badges.colours[1::2]
    pieces = next(s for s in scene.shapes if isinstance(s, Paths)).items
    assert len(pieces) == jumps + 1
    for piece, leave in zip(pieces, badges.centres[::2]):
        assert np.allclose(piece[-1], leave)  # each piece runs to its jump's badge ...
    for piece, enter in zip(pieces[1:], badges.centres[1::2]):
        assert np.allclose(piece[0], enter)  # ... and the next starts at the other


def test_level_slices_are_labelled_marked_and_jumps_numbered():
    M = mg.generate(T.grid((3, 4, 2)), "wilson", seed=6)
    scene = maze_scene(M, solution=True)
    labels = [s for s in scene.shapes if isinstance(s, Text)]
    assert [t.text for t in labels] == ["level 1", "level 2"]
    for t, level in zip(labels, (0, 1)):
        inside = M.cells.layout[M.cells.labels.coords[:, 2] == level]
        assert inside[:, 0].min() < t.x < inside[:, 0].max() and t.y > inside[:, 1].max() + 0.5
    up_down = M.cells.direction == M.cells.direction_names.index("up-down")
    (filled,) = [s for s in scene.shapes if isinstance(s, Fill)]
    assert len(filled.polygons) == 2 * (up_down & M.open).sum()  # a triangle in each of the two cells
    path = M.solution_indices()
    levels = np.count_nonzero(np.diff(M.cells.labels.coords[path, 2]))
    badges = [s for s in scene.shapes if isinstance(s, Discs) and s.texts]
    assert sum(len(b.texts) for b in badges) == 2 * levels
    four = maze_scene(mg.generate(T.grid((2, 2, 2, 2)), "wilson", seed=1))
    assert sorted(t.text for t in four.shapes if isinstance(t, Text)) == [
        "level 1, w 1", "level 1, w 2", "level 2, w 1", "level 2, w 2"]


def test_weave_tunnels_pass_under_bridges():
    M = mg.generate(T.weave(8, 8), "backtracker", seed=3)
    cells = M.cells
    scene = maze_scene(M, solution=True)
    under = cells.cell_refs["under"]
    hidden = [s for s in scene.shapes if isinstance(s, Lines) and s.stroke.colour == "#8c8c8c"]
    assert sum(len(s.segments) for s in hidden) == 2 * (M.open & (under >= 0)).sum()
    path = M.solution_indices()
    coords = cells.labels.coords[path]
    tunnel_steps = np.flatnonzero(np.abs(np.diff(coords, axis=0)).sum(axis=1) == 2)
    assert len(tunnel_steps) > 0  # this seed's solution goes under
    (dotted,) = [s for s in scene.shapes if isinstance(s, Paths) and s.stroke.dash]
    assert len(dotted.items) == len(tunnel_steps)
    for strand, i in zip(dotted.items, tunnel_steps):
        crossed = cells.pos[path[i]] + (cells.pos[path[i + 1]] - cells.pos[path[i]]) / 2
        assert np.allclose(strand.mean(axis=0), crossed)  # the dotted stretch is the crossed cell's middle
    solid = next(s for s in scene.shapes if isinstance(s, Paths) and not s.stroke.dash)
    assert len(solid.items) == len(tunnel_steps) + 1


def test_weave_bridge_in_pixels():
    from io import BytesIO

    from matplotlib.image import imread

    from mazegraph.tessellations.weave import weave_cells

    cells = weave_cells(3, 3)
    index = cells.labels.index
    opened = np.zeros(cells.n_edges, dtype=bool)
    for a, b in [((1, 0), (1, 2)), ((0, 1), (1, 1)), ((1, 1), (2, 1))]:  # a tunnel under a vertical corridor
        opened[cells.edge_index(index(a), index(b))] = True
    M = mg.Maze(cells, opened, start=(1, 0), goal=(1, 2))
    img = imread(BytesIO(mg.render(M, format="png", scale=100, markers=False)))[..., :3].mean(axis=2)
    x0, _, _, y1 = maze_scene(M, markers=False).bounds()

    def at(x, y):  # geometry point -> pixel value
        return img[int((y1 - y) * 100), int((x - x0) * 100)]

    assert at(1.2, 1.5) < 0.3 and at(1.8, 1.5) < 0.3  # the bridge's walls continue across the tunnel
    assert at(0.8, 1.5) > 0.9 and at(2.2, 1.5) > 0.9  # the tunnel's mouths are open
    side = [at(x, 1.8) for x in np.linspace(0.3, 0.8, 51)]  # the end cell's top side, up to the mouth's corner
    assert max(side) < 0.3  # intact: erasing the mouth nicks no wall meeting it


# -- titles -------------------------------------------------------------------------------------


def test_caption_names_tessellation_size_variant_and_seed():
    assert caption(mg.generate(T.orthogonal(12, 16), "wilson", seed=1)) == "orthogonal 12 x 16 · wilson · seed 1"
    tree = mg.generate(T.sigma(5, 6), "growing_tree", seed=2, policy="newest")
    assert caption(tree) == "sigma 5 x 6 · growing_tree[policy=newest] · seed 2"
    assert caption(mg.generate(T.orthogonal(6, 6), "kruskal", seed=3, focus="wall")).endswith("kruskal/wall · seed 3")
    symmetric = mg.generate(T.orthogonal(6, 6), "kruskal", seed=3, symmetry="rotate180")
    assert "kruskal[symmetry=rotate180]" in caption(symmetric)
    assert caption(mg.Maze(T.sigma_hexagon(3))) == "sigma_hexagon radius=3"
    svg = mg.render(tree, title=True)
    assert "growing_tree[policy=newest]" in svg


def test_readme_drawing_section_runs(tmp_path, monkeypatch):
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Drawing and interchange formats") :]
    block = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    exec(compile(block, "README.md", "exec"), {})
    assert (tmp_path / "maze.pdf").read_bytes().startswith(b"%PDF")
    assert mg.formats.from_png(tmp_path / "walls.png").cells.n_cells == 12 * 16
    assert mg.from_graphml(tmp_path / "cube.graphml").number_of_nodes() == 6 * 16
