"""mazegraph.runner.backends: processes and Dask give the same rows, dying workers, scheduler addresses, loopback."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mazegraph as mg
from mazegraph.cli import main
from mazegraph.runner.backends import MAX_POOL_RESTARTS

from ._config import _config
from ._runner import BASE, _same_rows, _written_keys

ROOT = Path(__file__).resolve().parents[2]


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


def test_processes_backend_gives_the_same_rows(clean, tmp_path):
    out = tmp_path / "run"
    df = mg.experiment(BASE, out=out, backend="processes", workers=2, chunk_size=2, progress=False)
    _same_rows(clean, df)
    parts = sorted(out.glob("part-*.parquet"))
    assert len(parts) == math.ceil(9 / 2) * 3  # three tessellation sizes, nine mazes each, two per chunk
    assert not list(out.glob(".*.tmp"))


def test_worker_that_dies_once_is_recovered(plugin, tmp_path):
    marker = tmp_path / "deaths"
    cfg = dict(BASE, plugins=[plugin], algorithms=[{"name": "kruskal"}, {"name": "test_die", "options": {
        "marker": str(marker), "times": 1}}])
    df = mg.experiment(cfg, out=tmp_path / "run", backend="processes", workers=2, chunk_size=2, progress=False)
    assert marker.read_text() == "x"  # one worker died
    _same_rows(mg.experiment(cfg, backend="serial", progress=False), df)


def test_worker_that_keeps_dying_fails_clearly_then_resumes(plugin, tmp_path):
    marker = tmp_path / "deaths"
    out = tmp_path / "run"
    times = MAX_POOL_RESTARTS + 2
    cfg = dict(BASE, plugins=[plugin], algorithms=[{"name": "kruskal"}, {"name": "test_die", "options": {
        "marker": str(marker), "times": times}}])
    with pytest.raises(mg.ExperimentError, match="died"):
        mg.experiment(cfg, out=out, backend="processes", workers=1, chunk_size=3, progress=False)
    assert len(marker.read_text()) == MAX_POOL_RESTARTS + 1
    df = mg.experiment(cfg, out=out, backend="processes", workers=1, chunk_size=3, progress=False)
    assert len(marker.read_text()) == times
    assert len(df) == 2 * 9 and df["spawn_key"].is_unique and df["error"].isna().all()
    assert len(list(out.glob("part-*.parquet"))) == 6 and len(_written_keys(out)) == 18
    _same_rows(mg.experiment(cfg, backend="serial", progress=False), df)


# -- dask (last: its client leaves threads behind, after which pools start by forkserver) ----------


def test_dask_backend_gives_the_same_rows(clean):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        by_address = mg.experiment(BASE, backend="dask", scheduler=cluster.scheduler_address, chunk_size=2,
                                   progress=False)
        with distributed.Client(cluster) as client:
            by_client = mg.experiment(BASE, backend="dask", scheduler=client, progress=False)
    _same_rows(clean, by_address)
    _same_rows(clean, by_client)
