"""The base config and helpers shared by the experiment runner's tests."""

from __future__ import annotations

import json

import pandas as pd
import pyarrow.parquet as pq

BASE = {
    "root_seed": 11,
    "seeds": 3,
    "algorithms": [{"name": "kruskal"}, {"name": "wilson"}, {"name": "kruskal", "focus": "wall"}],
    "tessellations": [{"name": "orthogonal", "sizes": [[5, 6], [4, 4]]}, {"name": "sigma", "sizes": [[3, 4]]}],
}
N_BASE = 3 * 3 * 3


def _same_rows(a: pd.DataFrame, b: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(
        a.drop(columns="time_ns").reset_index(drop=True), b.drop(columns="time_ns").reset_index(drop=True)
    )


def _written_keys(out) -> list[int]:
    parts = sorted(out.glob("part-*.parquet"))
    return [k for p in parts for k in pq.read_table(p, columns=["spawn_key"]).column(0).to_pylist()]


PLUGIN = '''
import fcntl
import multiprocessing
import os
import signal

import mazegraph as mg
from mazegraph.generators.kruskal import kruskal
from mazegraph.params import Number, Param, Text


def _in_worker():
    return multiprocessing.parent_process() is not None


def test_flaky(cells, rng, *, p=0.5):
    if rng.random() < p:
        raise RuntimeError("boom")
    return kruskal(cells, rng)


def test_die(cells, rng, *, marker="", times=1):
    if _in_worker():
        # read, count and die under an exclusive lock on the marker: two workers reaching this at once
        # must not both see "not died yet" (the lock is released by the death itself)
        with open(marker, "a") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            if os.path.getsize(marker) < times:
                f.write("x")
                f.flush()
                os.kill(os.getpid(), signal.SIGKILL)
    return kruskal(cells, rng)


mg.register_algorithm("test_flaky", test_flaky, summary="kruskal that raises on about half of the seeds",
                      options=[Param("p", Number(0, 1), 0.5)], wall_focus=False)
mg.register_algorithm("test_die", test_die, summary="kruskal whose worker dies the first `times` calls",
                      options=[Param("marker", Text(), ""), Param("times", Number(0, integer=True), 1)],
                      wall_focus=False)
'''


# -- config errors --------------------------------------------------------------------------------


def _with(**changes):
    cfg = json.loads(json.dumps(BASE))
    for key, value in changes.items():
        if value is None:
            cfg.pop(key)
        else:
            cfg[key] = value
    return cfg


def _toml(cfg: dict) -> str:
    """Write the small configs used here as TOML (tomllib reads only)."""

    def value(v):
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + "}"
        return str(v)

    lines = [f"{k} = {value(v)}" for k, v in cfg.items() if not isinstance(v, list) or not v or
             not isinstance(v[0], dict)]
    for key in ("algorithms", "tessellations"):
        for entry in cfg[key]:
            lines.append(f"[[{key}]]")
            lines += [f"{k} = {value(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"
