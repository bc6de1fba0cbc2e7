"""mazegraph.runner.config: configs refused when read, naming the field and the size."""

from __future__ import annotations

import os

import pytest

import mazegraph as mg

from ._config import _config
from ._runner import _with


def _refused(cfg) -> str:
    with pytest.raises(mg.ConfigError) as info:
        mg.experiment(cfg, backend="serial", progress=False)
    return str(info.value)


def test_a_symmetry_one_size_lacks_is_refused_naming_that_size():
    # 4 x 4 has a quarter-turn symmetry, 5 x 7 (not square) has none: every 5 x 7 row would fail
    message = _refused(_config([{"name": "kruskal"}, {"name": "backtracker", "options": {"symmetry": "rotate90"}}]))
    assert message.startswith("config: algorithms[1].options.symmetry: ")
    assert message.endswith("(on tessellations[0].sizes[1] (orthogonal 5x7))")
    assert len(mg.experiment(_config([{"name": "backtracker", "options": {"symmetry": "rotate180"}}]),
                             backend="serial", progress=False)) == 4  # one both sizes have runs


def test_until_connected_cells_one_size_lacks_are_refused():
    # (4, 6) is a cell of 5 x 7 but not of 4 x 4
    message = _refused(_config([{"name": "kruskal", "options": {"until_connected": [[0, 0], [4, 6]]}}]))
    assert message.startswith("config: algorithms[0].options.until_connected: ")
    assert "[4, 6] is not a cell" in message and message.endswith("(on tessellations[0].sizes[0] (orthogonal 4x4))")
    rows = mg.experiment(_config([{"name": "kruskal", "options": {"until_connected": [[0, 0], [3, 3]]}}]),
                         backend="serial", progress=False)
    assert rows["error"].isna().all() and len(rows) == 4


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"name": "eller", "options": {"p_join": 2}}, "algorithms[0].options.p_join: "),
        ({"name": "growing_tree", "options": {"policy": 3}}, "algorithms[0].options.policy: "),
        ({"name": "kruskal", "options": {"p_join": 0.5}}, "algorithms[0].options.p_join: kruskal does not take"),
    ],
)
def test_option_values_are_checked_by_their_declared_params(entry, field):
    assert _refused(_config([entry])).startswith("config: " + field)


def test_zero_seeds_are_refused_also_for_the_pullen_table():
    from mazegraph.reproduce.pullen import config

    assert _refused(config(0)).startswith("config: seeds: must be between 1 and")


def test_a_size_the_machine_cannot_hold_is_refused_before_any_maze():
    # 10^12 cells: refused by the builder's size check, or at worst when numpy cannot allocate
    message = _refused(_config([{"name": "kruskal"}], sizes=((4, 4), (10**6, 10**6))))
    assert message.startswith("config: tessellations[0].sizes[1]: ")


@pytest.mark.parametrize(
    ("cfg", "message"),
    [
        (_with(root_seed=None), "config: root_seed: missing"),
        (_with(seed=3), "config: seed: unknown field (did you mean 'seeds'?)"),
        (_with(seeds="ten"), "config: seeds: expected a whole number, got str 'ten'"),
        (_with(seeds=0), "config: seeds: must be between 1 and"),
        (_with(root_seed=-1), "config: root_seed: must be between 0 and"),
        (_with(algorithms=[]), "config: algorithms: expected a non-empty list of tables"),
        (_with(algorithms=[{"name": "kruskal"}, {"name": "wilson"}, {"name": "prim"}]),
         "config: algorithms[2].name: unknown algorithm 'prim'"),
        (_with(algorithms=[{"nmae": "wilson"}]), "config: algorithms[0].nmae: unknown field (did you mean 'name'?)"),
        (_with(algorithms=[{"name": "wilson", "option": {}}]),
         "config: algorithms[0].option: unknown field (did you mean 'options'?)"),
        (_with(algorithms=[{"options": {}}]), "config: algorithms[0].name: missing"),
        (_with(algorithms=[{"name": 3}]), "config: algorithms[0].name: expected a string, got int 3"),
        (_with(algorithms=[{"name": "wilson", "focus": "walls"}]), "config: algorithms[0].focus:"),
        (_with(algorithms=[{"name": "kruskal", "options": {"bogus": 1}}]),
         "config: algorithms[0].options.bogus: kruskal does not take option 'bogus'"),
        (_with(algorithms=[{"name": "growing_tree", "options": {"policy": "bogus"}}]),
         "config: algorithms[0].options.policy: growing_tree: policy must be one of"),
        (_with(algorithms=[{"name": "wilson"}, {"name": "wilson"}]),
         "config: algorithms[1]: the same as algorithms[0]"),
        (_with(tessellations=[{"name": "hex", "sizes": [[3, 3]]}]),
         "config: tessellations[0].name: unknown tessellation 'hex'"),
        (_with(tessellations=[{"name": "orthogonal"}]), "config: tessellations[0].sizes: missing"),
        (_with(tessellations=[{"name": "orthogonal", "sizes": [[4, 4], [0, 5]]}]),
         "config: tessellations[0].sizes[1]: sizes must be at least 1, got [0, 5]"),
        (_with(tessellations=[{"name": "orthogonal", "sizes": [[4]]}]),
         "config: tessellations[0].sizes[0]: orthogonal takes 2 size(s) (rows x cols), got 1"),
        (_with(tessellations=[{"name": "orthogonal", "sizes": [["4", 4]]}]),
         "config: tessellations[0].sizes[0]: expected a list of whole numbers"),
        (_with(tessellations=[{"name": "orthogonal", "sizes": [[4, 4]], "options": {"wrap": True}}]),
         "config: tessellations[0].options.wrap: orthogonal does not take option 'wrap'"),
        (_with(tessellations=[{"name": "zeta", "sizes": [[4, 4]]}]),
         "config: algorithms[1] (wilson) cannot run on tessellations[0].sizes[0] (zeta 4x4)"),
        (_with(metrics=["dead_ends"]), "config: metrics[0]: unknown metric 'dead_ends'; known: "),
        (_with(metrics="dead_end_pct"), "config: metrics: expected a list of strings"),
        (_with(plugins=["/nonexistent/plugin.py"]), "config: plugins[0]: cannot import"),
    ],
)
def test_malformed_configs_name_the_field(cfg, message):
    with pytest.raises(mg.ConfigError) as info:
        mg.experiment(cfg, backend="serial", progress=False)
    assert str(info.value).startswith(message), str(info.value)
    assert isinstance(info.value, mg.MazeError) and isinstance(info.value, ValueError)


def test_example_config_is_valid():
    from mazegraph.runner.config import load_config

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    cfg = load_config(os.path.join(root, "experiments", "example.toml"))
    assert cfg.seeds >= 1 and cfg.algorithms and cfg.tessellations
