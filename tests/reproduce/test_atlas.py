"""The texture atlas (mazegraph.reproduce.atlas) and the exact UST laws beside it (ust_lattices)."""

from __future__ import annotations

import argparse
import itertools
import json
from math import pi, sqrt

import networkx as nx
import numpy as np
import pandas as pd
import pytest

import mazegraph as mg
from mazegraph.errors import ConfigError, InvalidSizeError
from mazegraph.reproduce import atlas as atlas_module
from mazegraph.reproduce.atlas_config import load_atlas, scaled_mask
from mazegraph.reproduce.atlas_tables import _extrapolate, cell_table, label_rows, verdict
from mazegraph.reproduce.ust_lattices import (
    LATTICES,
    cubic_resistance,
    degree_law,
    exact_pct,
    transfer_currents,
    ust_degrees,
)
from mazegraph.uniformity.ust import reference_z2

# -- the exact laws -------------------------------------------------------------------------------------------


def test_square_law_is_manna_dhar_majumdar():
    law = ust_degrees("square")
    assert law[1] == pytest.approx(8 / pi**2 * (1 - 2 / pi), abs=1e-12)  # the dead-end density's closed form
    ref = reference_z2()
    assert law[1:] == pytest.approx(ref["fraction"].to_numpy(), abs=1e-7)  # the shipped table, all four degrees


@pytest.mark.parametrize("name", sorted(LATTICES))
def test_every_law_is_a_law_of_a_tree(name):
    law = ust_degrees(name)
    assert law.sum() == pytest.approx(1.0, abs=1e-12)
    assert law[0] == pytest.approx(0.0, abs=1e-12)  # a spanning tree has no isolated vertex
    assert np.arange(len(law)) @ law == pytest.approx(2.0, abs=1e-9)  # mean degree of a huge tree: 2


def test_honeycomb_law_is_a_quarter_a_half_a_quarter():
    assert ust_degrees("honeycomb") == pytest.approx([0, 0.25, 0.5, 0.25], abs=1e-12)
    assert exact_pct("honeycomb", "crossroad_pct") == pytest.approx(0.0, abs=1e-10)


def _spanning_trees(G):
    """Every spanning tree of a small graph, by brute force."""
    n, edges = G.number_of_nodes(), list(G.edges())
    for chosen in itertools.combinations(edges, n - 1):
        T = nx.Graph(chosen)
        if T.number_of_nodes() == n and nx.is_tree(T):
            yield T


@pytest.mark.parametrize("graph", ["grid", "wheel"])
def test_transfer_current_law_matches_enumerating_every_tree(graph):
    """On a small graph: each vertex's degree law from resistances (the formula the lattices use) equals
    the law over all its spanning trees, counted one by one."""
    G = nx.grid_2d_graph(3, 4) if graph == "grid" else nx.wheel_graph(7)
    G = nx.convert_node_labels_to_integers(G)
    trees = list(_spanning_trees(G))
    assert len(trees) == round(np.prod(sorted(np.linalg.eigvalsh(nx.laplacian_matrix(G).toarray()))[1:])
                               / G.number_of_nodes())  # matrix-tree theorem: none missed
    Lplus = np.linalg.pinv(nx.laplacian_matrix(G).toarray().astype(float))

    def R(a, b):
        return Lplus[a, a] + Lplus[b, b] - 2 * Lplus[a, b]

    for v in G:
        nbrs = list(G[v])
        Y = np.array([[(R(v, x) + R(v, y) - R(x, y)) / 2 for y in nbrs] for x in nbrs])
        counted = np.bincount([T.degree(v) for T in trees], minlength=len(nbrs) + 1) / len(trees)
        assert degree_law(Y) == pytest.approx(counted, abs=1e-9), v


def _torus_resistance(N, neighbours, target):
    """Resistance to ``target`` in an N x N periodic lattice with the given neighbour steps, by Fourier sum."""
    k = 2 * pi * np.arange(N) / N
    k1, k2 = np.meshgrid(k, k, indexing="ij")
    D = sum(1 - np.cos(a * k1 + b * k2) for a, b in neighbours)
    D[0, 0] = np.inf
    a, b = target
    return 2 * float(np.sum((1 - np.cos(a * k1 + b * k2)) / D)) / N**2


def test_triangular_and_square_resistances_match_a_large_torus():
    tri = [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)]  # basis e1 = (1, 0), e2 at 60 degrees
    table = {1: (1, 0), 3: (1, 1), 4: (2, 0)}  # squared length -> a point at it, in that basis
    for point in table.values():
        vector = point[0] * np.array([1.0, 0.0]) + point[1] * np.array([0.5, sqrt(3) / 2])
        assert LATTICES["triangular"].resistance(vector) == pytest.approx(
            _torus_resistance(1024, tri, point), abs=2e-6)
    square = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    for point in [(1, 0), (1, 1), (2, 0)]:
        assert LATTICES["square"].resistance(point) == pytest.approx(_torus_resistance(1024, square, point), abs=2e-6)


def test_honeycomb_second_neighbour_resistance_by_fourier():
    """Honeycomb: two sublattices; the A-A block of the inverse Laplacian is 3 / (9 - |s(k)|^2)."""
    N = 512
    k = 2 * pi * np.arange(N) / N
    k1, k2 = np.meshgrid(k, k, indexing="ij")
    s2 = np.abs(1 + np.exp(1j * k1) + np.exp(1j * k2)) ** 2
    with np.errstate(divide="ignore"):
        G = 3.0 / (9.0 - s2)
    G[0, 0] = 0.0
    second = 2 * float(np.sum((1 - np.cos(k1)) * G)) / N**2  # A at 0 to A one lattice vector away
    assert second == pytest.approx(1.0, abs=1e-4)
    steps = np.asarray(LATTICES["honeycomb"].steps)
    assert LATTICES["honeycomb"].resistance(steps[0] - steps[1]) == 1.0


def test_cubic_resistances():
    assert cubic_resistance((1, 1)) == pytest.approx(2 / pi, abs=1e-9)  # the same integral in 2D: closed forms
    assert cubic_resistance((2, 0)) == pytest.approx(2 - 4 / pi, abs=1e-9)
    assert cubic_resistance((1, 0, 0)) == pytest.approx(1 / 3, abs=1e-10)  # d / (number of edges per vertex)
    r110 = cubic_resistance((1, 1, 0))
    assert r110 == pytest.approx(0.3951, abs=5e-5)  # Cserti (2000), Table: 0.3951
    assert cubic_resistance((2, 0, 0)) == pytest.approx(2 - 4 * r110, abs=1e-9)  # Kirchhoff's law at the origin
    Y = transfer_currents("cubic")
    assert Y.sum(axis=1) == pytest.approx(np.ones(6), abs=1e-9)  # a unit current leaves the vertex


def test_wilson_on_a_torus_agrees_with_the_square_law():
    """A statistical check of the whole chain (generator, metric, exact value): fixed seeds, 4 standard errors."""
    G = mg.tessellations.build("torus", 40, 40)
    values = [mg.metrics.dead_end_pct(mg.generate(G, "wilson", seed=s)) for s in range(40)]
    se = np.std(values, ddof=1) / np.sqrt(len(values))
    assert abs(np.mean(values) - exact_pct("square", "dead_end_pct")) < 4 * se


# -- tables -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dimension", [2, 3])
def test_extrapolation_recovers_the_infinite_size_value(dimension):
    def figure(n):
        return 31.0 + 7.5 * n ** (-1 / dimension)

    value, ci = _extrapolate(1000, 8000, figure(1000), figure(8000), 0.1, 0.1, dimension)
    assert value == pytest.approx(31.0, abs=1e-9)
    assert ci > 0.1  # extrapolating widens the interval


def test_verdicts():
    assert [verdict(d, 1.0) for d in (0.9, -1.5, 2.0)] == ["agrees", "marginal", "differs"]
    assert verdict(np.nan, 1.0) == "no data"


TINY = {
    "root_seed": 5,
    "metrics": ["dead_end_pct", "junction_pct", "crossroad_pct", "solution_pct"],
    "algorithms": ["aldous_broder", "wilson", "backtracker"],
    "focus": ["passage", "wall"],
    "default": {"seeds": 4},
    "full": {"seeds": 6},
    "columns": [
        {"label": "torus", "tessellation": "torus", "sizes": [[5, 5], [10, 10]], "full": [[6, 6], [12, 12]],
         "gallery": [4, 4], "lattice": "square", "boundary": False},
        {"label": "delta", "tessellation": "delta", "sizes": [[4, 8], [8, 16]], "full": [[4, 8], [8, 16]],
         "gallery": [3, 6], "lattice": "honeycomb"},
        {"label": "heart", "tessellation": "mask", "sizes": [1, 2], "full": [1, 2], "gallery": 1,
         "mask": ["#.#", "..."]},
    ],
}


def test_tiny_atlas_end_to_end(tmp_path):
    atlas = atlas_module.reproduce(TINY, out=tmp_path, backend="serial", progress=False)
    for name in ("atlas.md", "atlas.csv", "theory.csv", "samplers.csv", "rows.parquet", "runner-config.json",
                 "run.json", "heatmap-dead_end_pct.png", "heatmap-solution_pct.png", "gallery-passage.png",
                 "gallery-wall.png"):
        assert (tmp_path / name).exists(), name
    assert (tmp_path / "heatmap-dead_end_pct.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    cells = atlas.cells
    wilson = cells[(cells.row == "wilson") & (cells.column == "torus") & (cells.metric == "dead_end_pct")].iloc[0]
    assert wilson.mazes_small == wilson.mazes_large == 4
    assert wilson.n_small == 25 and wilson.n_large == 100
    assert wilson.large_ci95 > 0 and np.isfinite(wilson.change_ci95) and np.isfinite(wilson.infinite)
    # the mask column: the picture blown up x1 and x2
    heart = cells[(cells.row == "wilson") & (cells.column == "heart")].iloc[0]
    assert (heart.n_small, heart.n_large) == (4, 16)
    # what cannot run says why (from mg.applicability)
    refused = cells[(cells.row == "backtracker (wall)") & (cells.column == "torus")].iloc[0]
    assert "wall" in refused.status and np.isnan(refused.large)
    torus_wall = cells[(cells.row == "wilson (wall)") & (cells.column == "torus")].iloc[0].status
    assert torus_wall == mg.applicability(mg.tessellations.build("torus", 5, 5), "wall")["wilson"]
    # theory: uniform samplers on the lattice columns, exact values beside them
    theory = atlas.theory
    assert set(theory.column) == {"torus", "delta"}
    assert set(theory.row) == {"wilson", "aldous_broder", "wilson (wall)", "aldous_broder (wall)"}
    on_delta = theory[(theory.column == "delta") & (theory.metric == "dead_end_pct")]
    assert on_delta["exact"].tolist() == pytest.approx([25.0] * len(on_delta))
    assert set(on_delta["compared"]) == {"infinite (extrapolated)"}
    assert set(theory[theory.column == "delta"].metric) == {"dead_end_pct", "junction_pct"}  # no crossroads there
    torus = theory[theory.column == "torus"]
    assert set(torus["compared"]) == {"large (no boundary)"}
    assert (torus["diff"] == torus["large"] - torus["exact"]).all()
    assert set(theory.verdict) <= {"agrees", "marginal", "differs"}
    assert len(atlas.samplers) and set(atlas.samplers["reference"]) == {"wilson"}  # uniform's order, not the rows'
    assert set(atlas.samplers.column) == {"torus", "delta", "heart"}
    page = (tmp_path / "atlas.md").read_text()
    assert "| torus |" in page and "What cannot run where" in page and "backtracker is not a wall adder" in page
    # rows: one per maze that runs
    rows = pd.read_parquet(tmp_path / "rows.parquet")
    running = cells[(cells.status == "ok") & (cells.metric == "dead_end_pct")]
    assert len(rows) == 4 * 2 * len(running)


def test_rerunning_resumes_instead_of_remaking(tmp_path):
    first = atlas_module.reproduce(TINY, out=tmp_path, backend="serial", progress=False, pictures=False)
    parts = sorted(p.name for p in tmp_path.rglob("*.parquet"))
    made = json.loads((tmp_path / "run.json").read_text())
    second = atlas_module.reproduce(TINY, out=tmp_path, backend="serial", progress=False, pictures=False)
    assert sorted(p.name for p in tmp_path.rglob("*.parquet")) == parts
    pd.testing.assert_frame_equal(first.cells, second.cells)
    redrawn = json.loads((tmp_path / "run.json").read_text())  # the timing is that of the run that made the mazes
    assert redrawn["wall_seconds"] == made["wall_seconds"] and "redrawn_in_seconds" in redrawn
    assert redrawn["load_average_start"] == made["load_average_start"]
    third = atlas_module.reproduce(TINY, seeds=5, out=tmp_path, backend="serial", progress=False, pictures=False)
    assert third.cells.mazes_large.max() == 5  # more seeds: new mazes, a new timing
    assert "redrawn_in_seconds" not in json.loads((tmp_path / "run.json").read_text())


def test_main_takes_the_reproduce_namespace(tmp_path, capsys, monkeypatch):
    asked = []

    def tiny(config, mode, seeds):  # the namespace's config reaches the loader; the tiny one stands in for it
        asked.append(config)
        return load_atlas(TINY, mode, seeds)

    monkeypatch.setattr(atlas_module, "load_atlas", tiny)
    args = argparse.Namespace(full=True, seeds=None, out=str(tmp_path / "out"), backend="serial", no_progress=True,
                              config="my-atlas.toml")
    assert atlas_module.main(args) == 0
    printed = capsys.readouterr().out
    assert "dead_end_pct at the large size" in printed and "wrote" in printed
    cells = pd.read_csv(tmp_path / "out" / "atlas.csv")
    assert cells[cells.status == "ok"].mazes_large.max() == 6  # --full: the [full] seeds and sizes
    assert cells.n_large.max() == 144
    assert asked == ["my-atlas.toml"]


def test_extra_runner_columns_are_ignored():
    config = load_atlas(TINY)
    n_cells = {("torus", 0): 25, ("torus", 1): 100}
    rows = pd.DataFrame({
        "algorithm": "wilson", "options": "{}", "focus": "passage", "tessellation": "torus",
        "n_cells": [25, 25, 100, 100], "dead_end_pct": [30.0, 32.0, 29.0, 30.0], "junction_pct": 20.0,
        "crossroad_pct": 4.0, "solution_pct": 10.0, "time_ns": 1000, "error": None,
    })
    plain = cell_table(label_rows(rows, config, n_cells), config, {}, n_cells)
    extra = cell_table(label_rows(rows.assign(worker="w1", chunk=3), config, n_cells), config, {}, n_cells)
    pd.testing.assert_frame_equal(plain, extra)
    got = plain[(plain.row == "wilson") & (plain.column == "torus") & (plain.metric == "dead_end_pct")].iloc[0]
    assert (got.small, got.large, got.change) == (31.0, 29.5, -1.5)
    t = 12.7062  # Student t, 0.975, one degree of freedom
    assert got.large_ci95 == pytest.approx(t * np.std([29.0, 30.0], ddof=1) / np.sqrt(2), rel=1e-4)


# -- the config ---------------------------------------------------------------------------------------------------


def test_shipped_config_covers_every_column_of_the_issue():
    config = load_atlas()
    names = {c.tessellation for c in config.columns}
    assert names == {"orthogonal", "delta", "sigma", "sigma_hexagon", "theta", "upsilon", "zeta", "grid", "torus",
                     "cylinder", "moebius", "klein", "cube", "weave", "voronoi", "mask"}
    assert {r.algorithm for r in config.rows} == set(mg.algorithms())
    full = load_atlas(mode="full")
    assert full.seeds > config.seeds
    for small, large in zip(config.columns, full.columns):
        assert large.sizes[1] != small.sizes[1]
    mg.runner.load_config(config.runner_config())  # a valid runner config


def test_scaled_mask():
    assert scaled_mask(["#.", ".#"], 3)[0] == "###..."
    assert len(scaled_mask(["#.", ".#"], 3)) == 6


@pytest.mark.parametrize(
    "change, message",
    [
        ({"colour": 1}, "colour: unknown field"),
        ({"default": {}}, "default.seeds: missing"),
        ({"default": {"seeds": 1}}, "default.seeds: expected a whole number >= 2"),
        ({"algorithms": ["prims"]}, "algorithms[0]: unknown algorithm 'prims'"),
        ({"focus": ["walls"]}, "focus[0]"),
        ({"columns": [{"tessellation": "torus", "sizes": [[4, 4]], "gallery": [4, 4]}]},
         "columns[0].sizes: expected two sizes"),
        ({"columns": [{"tessellation": "torus", "sizes": [[4, 4], [8, 8]], "gallery": [4, 4], "lattice": "kagome"}]},
         "columns[0].lattice: unknown lattice 'kagome'"),
        ({"columns": [{"tessellation": "mask", "sizes": [1, 2], "gallery": 1}]}, "columns[0].mask: missing"),
        ({"columns": [{"tessellation": "hexes", "sizes": [1, 2], "gallery": 1}]}, "unknown tessellation 'hexes'"),
    ],
)
def test_bad_configs_name_the_field(change, message):
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_atlas({**TINY, **change})


def test_bad_seed_count():
    with pytest.raises(InvalidSizeError, match="at least 2"):
        atlas_module.reproduce(TINY, seeds=1, progress=False)
