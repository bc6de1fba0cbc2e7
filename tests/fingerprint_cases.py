"""The output fingerprint: every maze, start/goal and metric over a fixed set of cases.

Refactoring must not change a single maze. This module lists a fixed set of cases
(every algorithm on every tessellation it runs on, passage and wall, three seeds;
option variants; symmetric and fractal mazes; routing operations; solvers) and
reduces each result to a small record: a hash of the open-edge mask, start and
goal, and every metric of :func:`mazegraph.metrics.summary` rounded to 9 decimals.
``tests/data/fingerprints.json`` holds the records of the committed code and
``tests/test_fingerprints.py`` compares against it.

An issue that changes an algorithm's output on purpose rewrites only its entries::

    python tests/fingerprint_cases.py --write              # every case
    python tests/fingerprint_cases.py --write --only hunt_and_kill

and says so in its note.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from pathlib import Path

import networkx as nx
import numpy as np

import mazegraph as mg

DATA = Path(__file__).parent / "data" / "fingerprints.json"
SEEDS = (0, 1, 2)


def _tessellations() -> dict:
    T = mg.tessellations
    return {
        "orthogonal-7x9": T.orthogonal(7, 9),
        "orthogonal-2x2": T.orthogonal(2, 2),
        "orthogonal-1x5": T.orthogonal(1, 5),
        "orthogonal-5x1": T.orthogonal(5, 1),
        "delta-6x8": T.delta(6, 8),
        "sigma-6x7": T.sigma(6, 7),
        "sigma_hexagon-3": T.sigma_hexagon(3),
        "theta-4": T.theta(4),
        "upsilon-5x6": T.upsilon(5, 6),
        "zeta-6x6": T.zeta(6, 6),
        "grid-3x4x3": T.grid((3, 4, 3)),
        "weave-6x7": T.weave(6, 7),
        "torus-5x6": T.torus(5, 6),
        "cylinder-5x6": T.cylinder(5, 6),
        "moebius-4x8": T.moebius(4, 8),
        "klein-5x6": T.klein(5, 6),
        "cube-3": T.cube(3),
        "voronoi-40": T.voronoi(40, seed=1),
        "mask-heart": T.build("mask").to_networkx(),
        "planair-box": T.build("planair").to_networkx(),
        "fractal-3x3x2": T.fractal(3, 3, 2),
        "graph-petersen": nx.petersen_graph(),
        "graph-ladder": nx.circular_ladder_graph(6),
    }


# (algorithm, options, tessellation keys) for option variants, passage carving
_VARIANTS = [
    ("growing_tree", {"policy": "newest"}, ["orthogonal-7x9", "sigma-6x7"]),
    ("growing_tree", {"policy": "random"}, ["orthogonal-7x9", "sigma-6x7"]),
    ("growing_tree", {"policy": "oldest"}, ["orthogonal-7x9"]),
    ("growing_tree", {"policy": "mix", "p": 0.3}, ["orthogonal-7x9", "theta-4"]),
    ("binary_tree", {"p_up": 0.3}, ["orthogonal-7x9"]),
    ("binary_tree", {"order": "bfs"}, ["orthogonal-7x9", "sigma-6x7"]),
    ("division", {"method": "blobby"}, ["orthogonal-7x9"]),
    ("division", {"orientation": "longest"}, ["orthogonal-7x9"]),
    ("backtracker", {"bias": 0.5}, ["orthogonal-7x9"]),
    ("backtracker", {"run": 0.7}, ["orthogonal-7x9", "sigma-6x7"]),
    ("eller", {"p_join": 0.3, "p_down": 0.7}, ["orthogonal-7x9", "theta-4"]),
    ("sidewinder", {"p_close": 0.2}, ["orthogonal-7x9", "delta-6x8"]),
    ("kruskal", {"until_connected": [[0, 0], [6, 8]]}, ["orthogonal-7x9"]),
    ("kruskal", {"density": 0.8}, ["weave-6x7"]),
    ("unicursal", {"method": "backbite"}, ["orthogonal-7x9"]),
    ("unicursal", {"method": "pullen"}, ["orthogonal-2x2"]),
    ("growing_forest", {"trees": 4, "policy": "random"}, ["orthogonal-7x9"]),
    ("growing_forest", {"trees": 0.2, "sprout": 0.1, "join": "end"}, ["orthogonal-7x9"]),
    ("fractal", {"base": "wilson"}, ["fractal-3x3x2"]),
    ("fractal", {"base": ["kruskal", "prim_true"]}, ["fractal-3x3x2"]),
]

_SYMMETRIC = [
    ("kruskal", "rotate180", "orthogonal-7x9"),
    ("backtracker", "rotate90", "orthogonal-2x2"),
    ("wilson", "mirror", "orthogonal-7x9"),
    ("prim_true", "rotate180", "sigma-6x7"),
    ("growing_tree", "rotate120", "sigma_hexagon-3"),
    ("hunt_and_kill", "mirror_both", "orthogonal-7x9"),
]

_SOLVE_ON = ["orthogonal-7x9", "sigma-6x7", "theta-4", "grid-3x4x3"]


def _round(value):
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        value = float(value)
        return None if math.isnan(value) else round(value, 9)
    if isinstance(value, (tuple, list)):
        return [_round(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _round(v) for k, v in value.items()}
    return value


def _digest(array) -> str:
    data = np.ascontiguousarray(array)
    if data.dtype == bool:
        data = np.packbits(data)
    return hashlib.sha256(data.tobytes()).hexdigest()[:20]


def maze_record(M) -> dict:
    """The fingerprint of one maze: mask hash, ends and every metric."""
    record = {
        "mask": _digest(M.open),
        "n_open": int(M.n_open),
        "start": int(M.start_index),
        "goal": int(M.goal_index),
        "metrics": _round(mg.metrics.summary(M)),
        "degrees": _round(mg.metrics.degree_distribution(M).tolist()),
    }
    if M.cells.direction is not None:
        record["bias"] = _round(mg.metrics.bias(M))
    for key in ("symmetry", "asymmetric_cells"):
        if key in M.meta:
            record[key] = M.meta[key]
    return record


def _cases():
    """Yield ``(case id, thunk)`` for every case; a thunk returns the record."""
    graphs = _tessellations()
    for tname, G in graphs.items():
        for focus in ("passage", "wall"):
            for name, why in mg.applicability(G, focus).items():
                if why is not None:
                    continue
                for seed in SEEDS:
                    yield (f"{tname}/{name}/{focus}/seed={seed}",
                           lambda G=G, name=name, focus=focus, seed=seed: maze_record(
                               mg.generate(G, name, seed=seed, focus=focus)))
    for name, options, keys in _VARIANTS:
        for tname in keys:
            opts = dict(options)
            if "until_connected" in opts:
                opts["until_connected"] = tuple(tuple(x) for x in opts["until_connected"])
            for seed in SEEDS:
                yield (f"{tname}/{name}{json.dumps(options, sort_keys=True)}/passage/seed={seed}",
                       lambda G=graphs[tname], name=name, opts=opts, seed=seed: maze_record(
                           mg.generate(G, name, seed=seed, **opts)))
    for name, kind, tname in _SYMMETRIC:
        for seed in SEEDS:
            yield (f"{tname}/{name}/symmetry={kind}/seed={seed}",
                   lambda G=graphs[tname], name=name, kind=kind, seed=seed: maze_record(
                       mg.generate(G, name, seed=seed, symmetry=kind)))
    for tname in ("orthogonal-7x9", "sigma-6x7", "theta-4", "weave-6x7", "zeta-6x6"):
        G = graphs[tname]
        for seed in SEEDS:
            base = f"{tname}/ops/seed={seed}"
            M = lambda G=G, seed=seed: mg.generate(G, "kruskal", seed=seed)  # noqa: E731
            yield (f"{base}/braid0.5", lambda M=M, seed=seed: maze_record(mg.braid(M(), 0.5, seed=seed)))
            yield (f"{base}/braid1", lambda M=M, seed=seed: maze_record(mg.braid(M(), seed=seed)))
            yield (f"{base}/sparsify2", lambda M=M, seed=seed: maze_record(mg.sparsify(M(), 2, seed=seed)))
            yield (f"{base}/sparsify_radius2",
                   lambda M=M, seed=seed: maze_record(mg.sparsify(M(), radius=2, seed=seed)))
            yield (f"{base}/remove_loops",
                   lambda M=M, seed=seed: maze_record(mg.remove_loops(mg.braid(M(), 0.7, seed=seed), seed=seed)))
            yield (f"{base}/remove_isolations",
                   lambda M=M, seed=seed: maze_record(mg.remove_isolations(
                       mg.sparsify(M(), 2, seed=seed), seed=seed)))
            yield (f"{base}/flood", lambda M=M: {"flood": _digest(mg.flood(M(), as_mask=True))})
            yield (f"{base}/bottlenecks", lambda M=M: _round(_bottlenecks(mg.bottlenecks(mg.braid(M(), 0.3, seed=1)))))
    for tname in ("orthogonal-7x9", "sigma-6x7"):
        for seed in SEEDS:
            yield (f"{tname}/to_unicursal/seed={seed}",
                   lambda G=graphs[tname], seed=seed: maze_record(
                       mg.to_unicursal(mg.generate(G, "backtracker", seed=seed))))
    for tname in _SOLVE_ON:
        for seed in SEEDS:
            for method in mg.solvers():
                yield (f"{tname}/solve/{method}/seed={seed}",
                       lambda G=graphs[tname], method=method, seed=seed: _solution_record(
                           mg.solve(mg.braid(mg.generate(G, "wilson", seed=seed), 0.2, seed=seed), method, seed=seed)))


def _bottlenecks(b) -> dict:
    return {"cells": _digest(np.asarray(b.cell_indices, dtype=np.int64)),
            "edges": _digest(np.asarray(b.edge_indices, dtype=np.int64))}


def _solution_record(s) -> dict:
    return {
        "solved": bool(s.solved),
        "path": None if s.path_indices is None else _digest(np.asarray(s.path_indices, dtype=np.int64)),
        "steps": int(s.steps),
        "memory": int(s.memory),
        "kept": None if s.kept is None else _digest(s.kept),
    }


def compute(only: str | None = None) -> dict:
    """Every case's record, by case id (only those whose id contains ``only``)."""
    out = {}
    for case, thunk in _cases():
        if only is None or only in case:
            try:
                out[case] = thunk()
            except mg.MazeError as error:  # a refusal is behaviour too: its class must not change
                out[case] = {"error": type(error).__name__}
    return out


def _dumps(records: dict) -> str:
    """One line per case, sorted, so a diff shows which cases changed."""
    lines = (f"{json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in sorted(records.items()))
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the stored records")
    parser.add_argument("--only", help="only cases whose id contains this text")
    args = parser.parse_args(argv)
    records = compute(args.only)
    stored = json.loads(DATA.read_text()) if DATA.exists() else {}
    changed = sorted(k for k in records if stored.get(k) != records[k])
    print(f"{len(records)} cases, {len(changed)} differ from {DATA.name}")
    for case in changed[:40]:
        print("  ", case)
    if args.write:
        stored.update(records)
        DATA.parent.mkdir(parents=True, exist_ok=True)
        DATA.write_text(_dumps(stored))
        print(f"wrote {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
