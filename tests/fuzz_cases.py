"""A hostile but realistic user: every public entry called with one bad value at a time.

Each *target* is a public function (or a CLI command) with a base call that works;
a case replaces one of its arguments with a *hostile value* (negative, huge, NaN,
a wrong type, an unknown name, a malformed file, ...). The property, for every case:

- the only exceptions that escape are :class:`mazegraph.MazeError` subclasses (the
  CLI: exit status 0 or 1, at most one ``mazegraph: error:`` line, no traceback);
- the call returns within a time bound;
- a returned maze passes an independent networkx check (its open edges are edges
  of its tessellation; a maze from a perfect-maze generator is a spanning tree).

``python tests/fuzz_cases.py --examples 2000 --seed 1`` runs cases in this process
under a memory limit and prints one line per failing root cause;
``tests/test_fuzz.py`` runs a bounded number in a subprocess in the test suite and
``benchmarks/fuzz.py`` runs minutes-long sweeps.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import resource
import signal
import sys
import tempfile
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx
import numpy as np

import mazegraph as mg

SECONDS = 20  # a call may take this long before it counts as a hang
MEMORY = 3 * 2**30  # address-space limit of the fuzzing process: a bad size must be refused, not allocated


def _hostile() -> list[tuple[str, Callable]]:
    """Labels and factories of the hostile values (factories: some are mutable or costly)."""
    return [
        ("-1", lambda: -1), ("0", lambda: 0), ("1", lambda: 1), ("2", lambda: 2), ("7", lambda: 7),
        ("10**9", lambda: 10**9), ("10**30", lambda: 10**30), ("-10**30", lambda: -(10**30)), ("2**63", lambda: 2**63),
        ("0.5", lambda: 0.5), ("1.5", lambda: 1.5), ("-0.5", lambda: -0.5), ("nan", lambda: math.nan),
        ("inf", lambda: math.inf), ("-inf", lambda: -math.inf), ("1e-300", lambda: 1e-300), ("1e300", lambda: 1e300),
        ("''", lambda: ""), ("'x'", lambda: "x"), ("'orthogonal'", lambda: "orthogonal"),
        ("'wilson'", lambda: "wilson"), ("'rotate90'", lambda: "rotate90"), ("'passage'", lambda: "passage"),
        ("'../x'", lambda: "../x"),
        ("'\\udcff'", lambda: "\udcff"), ("b'\\xff'", lambda: b"\xff"),
        ("None", lambda: None), ("True", lambda: True), ("False", lambda: False),
        ("(0, 0)", lambda: (0, 0)), ("(0.5, 0.5)", lambda: (0.5, 0.5)), ("(-1, -1)", lambda: (-1, -1)),
        ("(1, 2, 3)", lambda: (1, 2, 3)), ("[[0, 0], [1, 1]]", lambda: [[0, 0], [1, 1]]), ("[]", lambda: []),
        ("{}", lambda: {}), ("{'a': 1}", lambda: {"a": 1}), ("object()", lambda: object()),
        ("np.int64(3)", lambda: np.int64(3)), ("np.float32(nan)", lambda: np.float32("nan")),
        ("np.array([1, 2])", lambda: np.array([1, 2])), ("np.zeros((2, 2), bool)", lambda: np.zeros((2, 2), bool)),
        ("np.ones((3, 3), bool)", lambda: np.ones((3, 3), bool)),
        ("nx.Graph()", lambda: nx.Graph()), ("nx.path_graph(3)", lambda: nx.path_graph(3)),
        ("nx.DiGraph([(0, 1)])", lambda: nx.DiGraph([(0, 1)])),
    ]


HOSTILE = _hostile()


@dataclass
class Target:
    """A public call with a base set of arguments that works, and the names a case may replace."""

    name: str
    call: Callable[..., object]
    base: Callable[[], dict]
    params: tuple[str, ...]
    check: Callable[[object, dict], str | None] | None = None


@dataclass
class Outcome:
    target: str
    param: str
    value: str
    problem: str  # "" when fine
    detail: str = ""


@dataclass
class Report:
    cases: int = 0
    failures: list = field(default_factory=list)

    def causes(self) -> dict[str, Outcome]:
        """One failure per (target, kind of problem): the root causes."""
        out: dict[str, Outcome] = {}
        for f in self.failures:
            out.setdefault(f"{f.target} | {f.problem}", f)
        return out


# -- the targets ---------------------------------------------------------------------------------------------------

def _grid():
    return mg.tessellations.orthogonal(4, 5)


def _maze():
    return mg.generate(_grid(), "kruskal", seed=1)


def _check_maze(result, kwargs) -> str | None:
    """A returned maze's open edges are tessellation edges (and its cells the tessellation's)."""
    if not isinstance(result, mg.Maze):
        return None
    G = result.tessellation
    T = result.to_networkx()
    if not all(G.has_edge(u, v) for u, v in T.edges):
        return "an open edge is not an edge of the tessellation"
    if set(T.nodes) != set(G.nodes):
        return "the maze's cells differ from the tessellation's"
    return None


def _check_generated(result, kwargs) -> str | None:
    """As :func:`_check_maze`, and a perfect-maze generator's output is a spanning tree (networkx)."""
    problem = _check_maze(result, kwargs)
    if problem or not isinstance(result, mg.Maze):
        return problem
    T = result.to_networkx()
    name = result.meta.get("algorithm")
    options = result.meta.get("options") or {}
    if name in mg.algorithms() and mg.algorithm_info(name).perfect and "until_connected" not in options:
        if not nx.is_tree(T):
            return "a perfect-maze generator returned something that is not a spanning tree (networkx)"
    return None


def _json_text(field_name: str, value) -> str:
    data = json.loads(_maze().to_json())
    parts = field_name.split(".")
    node = data
    for part in parts[:-1]:
        node = node[part]
    node[parts[-1]] = value
    return json.dumps(data, default=repr)


def _targets() -> list[Target]:
    T = mg.tessellations
    targets = []
    for name, sizes in [("orthogonal", ("rows", "cols")), ("delta", ("rows", "cols")), ("sigma", ("rows", "cols")),
                        ("upsilon", ("rows", "cols")), ("zeta", ("rows", "cols")), ("weave", ("rows", "cols")),
                        ("torus", ("rows", "cols")), ("cylinder", ("rows", "cols")), ("moebius", ("rows", "cols")),
                        ("klein", ("rows", "cols")), ("sigma_hexagon", ("radius",)), ("theta", ("rings",)),
                        ("cube", ("n",)), ("fractal", ("rows", "cols", "depth"))]:
        base = dict(zip(sizes, (3, 4, 2)))
        targets.append(Target(f"tessellations.{name}", getattr(T, name), lambda b=base: dict(b), sizes))
    targets += [
        Target("tessellations.voronoi", T.voronoi, lambda: {"n_cells": 12, "seed": 1, "relax": 1},
               ("n_cells", "seed", "relax", "width", "height")),
        Target("tessellations.grid", T.grid, lambda: {"shape": (2, 3, 2)}, ("shape",)),
        Target("tessellations.from_mask", T.from_mask, lambda: {"mask": "###\n#.#\n###"}, ("mask", "largest")),
        Target("tessellations.planair", T.planair, lambda: {}, ("sections", "links")),
        Target("tessellations.build", lambda name, *sizes, **kw: T.build(name, *sizes, **kw),
               lambda: {"name": "orthogonal"}, ("name",)),
        Target("tessellations.from_spec", T.from_spec, lambda: {"spec": {"tessellation": "orthogonal", "rows": 2,
                                                                          "cols": 2}}, ("spec",)),
        Target("compile_graph", mg.compile_graph, lambda: {"G": nx.path_graph(4)}, ("G",)),
    ]
    gen_params = ("tessellation", "algorithm", "seed", "start", "goal", "focus", "symmetry")
    targets.append(Target("generate", mg.generate, lambda: {"tessellation": _grid(), "algorithm": "kruskal",
                                                             "seed": 1}, gen_params, _check_generated))
    for algorithm in mg.algorithms():
        entry = mg.algorithm_info(algorithm)
        tessellation = "fractal" if algorithm == "fractal" else "orthogonal"
        G = T.fractal(2, 2, 2) if tessellation == "fractal" else T.orthogonal(4, 4)
        names = tuple(entry.option_names)
        if names:
            targets.append(Target(f"generate[{algorithm}]", lambda tessellation, algorithm, **kw: mg.generate(
                tessellation, algorithm, seed=1, **kw), lambda G=G, a=algorithm: {"tessellation": G, "algorithm": a},
                names, _check_generated))
    targets += [
        Target("Maze", mg.Maze, lambda: {"tessellation": _grid()}, ("tessellation", "open_edges", "start", "goal",
                                                                       "meta"), _check_maze),
        Target("Maze.from_json", lambda field_name, value: mg.Maze.from_json(_json_text(field_name, value)),
               lambda: {"field_name": "start", "value": [0, 0]}, ("value",), _check_maze),
        Target("Maze.from_json[meta]", lambda value: mg.Maze.from_json(_json_text("meta", value)),
               lambda: {"value": {}}, ("value",), _check_maze),
        Target("Maze.from_json[n_edges]", lambda value: mg.Maze.from_json(_json_text("n_edges", value)),
               lambda: {"value": 31}, ("value",), _check_maze),
        Target("Maze.from_json[tessellation.rows]", lambda value: mg.Maze.from_json(
            _json_text("tessellation.rows", value)), lambda: {"value": 4}, ("value",), _check_maze),
        Target("Maze.from_json[tessellation.tessellation]", lambda value: mg.Maze.from_json(
            _json_text("tessellation.tessellation", value)), lambda: {"value": "orthogonal"}, ("value",),
            _check_maze),
        Target("Maze.from_json[text]", mg.Maze.from_json, lambda: {"text": _maze().to_json()}, ("text",),
               _check_maze),
        Target("render", mg.render, lambda: {"maze": _maze()}, ("maze", "solution", "format", "scale")),
        Target("solve", mg.solve, lambda: {"maze": _maze(), "method": "tremaux"}, ("maze", "method", "start", "goal",
                                                                                   "seed")),
        Target("metrics.summary", mg.metrics.summary, lambda: {"maze": _maze()}, ("maze", "max_turn")),
        Target("metrics.solution_length", mg.metrics.solution_length, lambda: {"maze": _maze()},
               ("maze", "start", "goal")),
        Target("metrics.tortuosity", mg.metrics.tortuosity, lambda: {"maze": _maze()}, ("maze", "start", "goal")),
        Target("braid", mg.braid, lambda: {"maze": _maze(), "seed": 1}, ("maze", "fraction", "seed"), _check_maze),
        Target("sparsify", mg.sparsify, lambda: {"maze": _maze(), "passes": 1, "seed": 1},
               ("maze", "passes", "radius", "seed"), _check_maze),
        Target("remove_loops", mg.remove_loops, lambda: {"maze": mg.braid(_maze(), seed=1), "seed": 1},
               ("maze", "seed"), _check_maze),
        Target("flood", mg.flood, lambda: {"maze": _maze()}, ("maze", "source", "as_mask")),
        Target("bottlenecks", mg.bottlenecks, lambda: {"maze": _maze()}, ("maze", "start", "goal")),
        Target("to_unicursal", mg.to_unicursal, lambda: {"maze": _maze()}, ("maze",), _check_maze),
        Target("symmetry_group", mg.symmetry_group, lambda: {"tessellation": _grid(), "symmetry": "rotate180"},
               ("tessellation", "symmetry")),
        Target("asymmetric_cells", mg.asymmetric_cells, lambda: {"maze": _maze(), "symmetry": "mirror"},
               ("maze", "symmetry")),
        Target("uniformity.test", mg.uniformity.test, lambda: {"algorithm": "wilson", "G": T.orthogonal(2, 2),
                                                                "samples": 50, "seed": 1},
               ("algorithm", "G", "samples", "seed", "alpha", "max_trees")),
        Target("numberlink.parse", mg.numberlink.parse, lambda: {"text": "1.2\n...\n1.2\n"}, ("text",)),
        Target("numberlink.generate", mg.numberlink.generate, lambda: {"G": T.orthogonal(5, 5), "seed": 1},
               ("G", "seed", "min_length", "pairs", "max_attempts")),
        Target("numberlink.count_solutions", mg.numberlink.count_solutions,
               lambda: {"puzzle": mg.numberlink.parse("1.2\n...\n1.2\n")}, ("puzzle", "limit")),
        Target("experiment", _experiment, lambda: {}, ("seeds", "sizes", "algorithm", "options", "metrics",
                                                       "backend", "workers", "chunk_size")),
    ]
    return targets


def _experiment(**changes):
    """A tiny experiment config with one field changed, run serially into a fresh folder."""
    config = {
        "name": "fuzz", "seeds": changes.pop("seeds", 2),
        "tessellations": [{"name": "orthogonal", "sizes": changes.pop("sizes", [[4, 4]])}],
        "algorithms": [{"name": changes.pop("algorithm", "kruskal"), "options": changes.pop("options", {})}],
    }
    if "metrics" in changes:
        config["metrics"] = changes.pop("metrics")
    backend = changes.pop("backend", "serial")
    with tempfile.TemporaryDirectory() as out:
        return mg.experiment(config, out=out, backend=backend, progress=False, **changes)


CLI = [
    ["generate", "-t", "{v}", "-s", "4x4"], ["generate", "-s", "{v}"], ["generate", "-a", "{v}"],
    ["generate", "--seed", "{v}"], ["generate", "--focus", "{v}"], ["generate", "--symmetry", "{v}"],
    ["generate", "-a", "growing_tree", "--option", "policy={v}"], ["generate", "--option", "{v}"],
    ["generate", "-s", "3x3", "-o", "{v}"], ["render", "{v}", "-o", "x.png"],
    ["gallery", "-a", "{v}", "--out", "{tmp}"], ["reproduce", "{v}"], ["reproduce", "pullen", "--seeds", "{v}"],
    ["reproduce", "pullen", "--out", "{v}", "--seeds", "2"], ["experiment", "{v}"],
    ["numberlink", "generate", "-s", "{v}"], ["numberlink", "solve", "{v}"], ["algorithms", "{v}"], ["{v}"],
]


def _cli(argv: list[str]) -> str | None:
    """Run the CLI in this process; the problem, or None when it behaved."""
    from mazegraph.cli import main

    err, out = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            status = main(argv)
    except SystemExit as stop:
        status = stop.code
    text = err.getvalue()
    if "Traceback" in text:
        return "printed a traceback"
    if status not in (0, 1, None):
        return f"exit status {status} (user errors must exit 1 with one line)"
    if status == 1 and len([line for line in text.splitlines() if line.strip()]) != 1:
        return f"{len(text.splitlines())} lines on stderr for one error"
    return None


# -- running cases -------------------------------------------------------------------------------------------------

class _Timeout(BaseException):
    pass


def _alarm(signum, frame):
    raise _Timeout


def run_case(target: Target, param: str, label: str, factory: Callable) -> Outcome:
    """Call ``target`` with ``param`` replaced by the hostile value; judge the result."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        kwargs = target.base()
        kwargs[param] = factory()
        try:
            result = target.call(**kwargs)
        except mg.MazeError:
            return Outcome(target.name, param, label, "")
        except _Timeout:
            return Outcome(target.name, param, label, f"no answer within {SECONDS} s")
        except Exception as error:  # noqa: BLE001 - this is what the fuzz looks for
            where = traceback.extract_tb(error.__traceback__)[-1]
            return Outcome(target.name, param, label, f"{type(error).__name__}",
                           f"{str(error)[:160]} ({Path(where.filename).name}:{where.lineno})")
        problem = target.check(result, kwargs) if target.check else None
        return Outcome(target.name, param, label, problem or "")
    except _Timeout:
        return Outcome(target.name, param, label, f"no answer within {SECONDS} s")
    finally:
        signal.alarm(0)


def run_cli_case(template: list[str], label: str, value, tmp: str) -> Outcome:
    text = value if isinstance(value, str) else repr(value)
    argv = [part.replace("{v}", text).replace("{tmp}", tmp) for part in template]
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        problem = _cli(argv) or ""
    except _Timeout:
        problem = f"no answer within {SECONDS} s"
    except Exception as error:  # noqa: BLE001
        problem = f"{type(error).__name__} escaped main()"
    finally:
        signal.alarm(0)
    at = next(i for i, part in enumerate(template) if "{v}" in part)
    return Outcome("cli " + " ".join(template[:at] or ["COMMAND"]), template[at], label, problem)


def sweep(examples: int, seed: int) -> Report:
    """``examples`` cases chosen by hypothesis (derandomized with ``seed``), every failure recorded."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as fix_seed
    from hypothesis import strategies as st

    targets = _targets()
    report = Report()
    tmp = tempfile.mkdtemp(prefix="mazegraph-fuzz-")

    @fix_seed(seed)
    @settings(max_examples=examples, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def case(data):
        hostile = data.draw(st.sampled_from(HOSTILE), label="value")
        if data.draw(st.integers(0, 9), label="cli?") == 0:
            template = data.draw(st.sampled_from(CLI), label="command")
            outcome = run_cli_case(template, hostile[0], hostile[1](), tmp)
        else:
            target = data.draw(st.sampled_from(targets), label="target")
            param = data.draw(st.sampled_from(target.params), label="param")
            outcome = run_case(target, param, *hostile)
        report.cases += 1
        if outcome.problem:
            report.failures.append(outcome)

    case()
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="fuzz mazegraph's public entries with hostile values")
    parser.add_argument("--examples", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the failures here as JSON")
    args = parser.parse_args(argv)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    report = sweep(args.examples, args.seed)
    causes = report.causes()
    print(f"{report.cases} cases, {len(report.failures)} failing, {len(causes)} root causes")
    for key, f in sorted(causes.items()):
        print(f"  {key}: {f.param}={f.value} {f.detail}")
    if args.json:
        Path(args.json).write_text(json.dumps([vars(f) for f in report.failures], indent=1))
    return 0 if not report.failures else 1


if __name__ == "__main__":
    sys.exit(main())
