"""mazegraph.reproduce.atlas_config: the shipped config, scaled masks, refused configs."""

from __future__ import annotations

import pytest

import mazegraph as mg
from mazegraph.errors import ConfigError
from mazegraph.reproduce.atlas_config import load_atlas, scaled_mask

from ._atlas import TINY

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
