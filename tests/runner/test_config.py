"""Configs refused when read (naming the field and the size), and the sockets of the dask backend."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mazegraph as mg
from mazegraph.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _config(algorithms, sizes=((4, 4), (5, 7)), **more):
    return {"root_seed": 1, "seeds": 2, "metrics": [], "algorithms": algorithms,
            "tessellations": [{"name": "orthogonal", "sizes": [list(s) for s in sizes]}], **more}


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


def test_a_bad_scheduler_address_is_one_line_of_config_error(capsys, tmp_path):
    cfg = _config([{"name": "kruskal"}])
    for address in ("not-an-address", "http://host:1", "127.0.0.1:port", ""):
        with pytest.raises(mg.ConfigError, match="^scheduler: "):
            mg.experiment(cfg, backend="dask", scheduler=address, progress=False)
    toml = tmp_path / "sweep.toml"
    toml.write_text('root_seed = 1\nseeds = 1\n[[algorithms]]\nname = "kruskal"\n'
                    '[[tessellations]]\nname = "orthogonal"\nsizes = [[3, 3]]\n', encoding="utf-8")
    code = main(["experiment", str(toml), "--out", str(tmp_path / "out"), "--backend", "dask",
                 "--scheduler", "not-an-address"])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert err.startswith("mazegraph: error: scheduler: 'not-an-address' is not a scheduler address")


LISTENING = """
import json, os, sys
import psutil
import mazegraph as mg
from mazegraph.runner import backends

seen = []
original = backends._dask_run

def spy(client, chunks):
    tree = [psutil.Process()] + psutil.Process().children(recursive=True)
    for process in tree:
        for c in process.net_connections(kind="inet"):
            if c.status == psutil.CONN_LISTEN:
                seen.append([process.pid, c.laddr.ip, c.laddr.port])
    yield from original(client, chunks)

backends._dask_run = spy
cfg = {"root_seed": 1, "seeds": 2, "metrics": [], "algorithms": [{"name": "kruskal"}],
       "tessellations": [{"name": "orthogonal", "sizes": [[3, 3]]}]}
df = mg.experiment(cfg, backend="dask", workers=2, progress=False, dashboard=sys.argv[1] == "1")
print(json.dumps({"rows": len(df), "listening": seen, "driver": os.getpid()}))
"""


@pytest.mark.parametrize("dashboard", [False, True])
def test_a_local_dask_cluster_listens_on_loopback_only(dashboard):
    pytest.importorskip("distributed")
    psutil = pytest.importorskip("psutil")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", LISTENING, "1" if dashboard else "0"], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["rows"] == 2
    listening = report["listening"]
    elsewhere = {pid for pid, _, _ in listening if pid != report["driver"]}
    assert {ip for _, ip, _ in listening} == {"127.0.0.1"}, listening  # no 0.0.0.0, no ::, no public interface
    assert len(elsewhere) >= 2  # the two worker processes listen too, on loopback
    assert 8787 not in {port for _, _, port in listening}  # a free port, not dask's default one
    assert ("Dask dashboard at http://127.0.0.1:" in done.stderr) == dashboard
    assert psutil  # imported for the subprocess's sake: skip here if it is missing


def test_task_keys_are_the_hash_of_each_task_description():
    from mazegraph.runner.config import load_config
    from mazegraph.runner.plan import _SENTINEL, make_plan, replicate_keys, task_key

    cfg = load_config({"root_seed": 2, "seeds": 3, "metrics": [], "algorithms": [
        {"name": "growing_tree", "options": {"policy": "newest"}}, {"name": "kruskal", "focus": "wall"}],
        "tessellations": [{"name": "orthogonal", "sizes": [[3, 4], [2, 2]]}]})
    for task in make_plan(cfg).tasks:  # the plan's shortcut against the definition, task by task
        a, i, j, r = task.order
        algo, entry = cfg.algorithms[a], cfg.tessellations[i]
        assert task.key == task_key({"algorithm": algo.name, "options": algo.options, "focus": algo.focus,
                                     "tessellation": entry.name, "tessellation_options": entry.options,
                                     "size": list(entry.sizes[j]), "replicate": r})
    tricky = {"algorithm": "x", "options": {"é": "ü\n", "replicate": _SENTINEL, "z": [1.5, None]}}
    assert replicate_keys(tricky, 4) == [task_key({**tricky, "replicate": r}) for r in range(4)]
