"""Drawing: SVG and PNG from geometry alone, and the errors around it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import networkx as nx
import numpy as np
import pytest

import mazegraph as mg

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
