"""Every scalar of ``metrics.summary`` against its public function and against networkx.

Random mazes (perfect, braided, cut apart, random passage sets) on the core
tessellations, a 3D grid and a plain user graph. Each row of
:func:`mazegraph.metrics.summary` is compared key by key with

- the public function that defines the scalar (``dead_end_pct``,
  ``river(M).mean_dead_end_length``, ...), to the bit: the summary must not
  compute anything its functions do not; and
- a reference written here from the definitions with networkx, sharing no
  code with mazegraph.metrics: degrees of the passage graph, a networkx
  shortest path, branches as the components of the line graph joined at
  corridor cells, runs from the cell positions, direction shares from the
  edge attributes.

The references are written for clarity, not speed; each one would catch a
metric that counts the wrong cells (a junction share that counts crossroads
too), an off-by-one in a length, or a wrong normalisation.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph import metrics as mm

T = mg.tessellations
seeds = st.integers(0, 2**32 - 1)
MAX_TURN = 25.0


# -- the mazes -------------------------------------------------------------------------------------------------


def user_graph(n: int, seed: int) -> nx.Graph:
    """A plain user graph: integer nodes, no positions, no directions, some cells of degree 5 or more."""
    return nx.connected_watts_strogatz_graph(n, 4, 0.5, seed=seed)


TESSELLATIONS = {
    "orthogonal": st.builds(T.orthogonal, st.integers(1, 8), st.integers(2, 8)),
    "sigma": st.builds(T.sigma, st.integers(1, 7), st.integers(2, 7)),
    "theta": st.builds(T.theta, st.integers(2, 5)),
    "delta": st.builds(T.delta, st.integers(1, 6), st.integers(2, 9)),
    "grid3d": st.builds(lambda a, b, c: T.grid((a, b, c)), st.integers(1, 4), st.integers(2, 4), st.integers(2, 3)),
    "user": st.builds(user_graph, st.integers(6, 40), seeds),
}

# where the run reference applies: at every cell each passage has at most one nearly opposite partner
RUNS_CHECKED = {"orthogonal", "sigma", "delta", "grid3d"}


@st.composite
def mazes(draw, kind: str) -> mg.Maze:
    """A maze on a tessellation of ``kind``: perfect, braided, cut apart or a random set of passages."""
    G = draw(TESSELLATIONS[kind])
    seed = draw(seeds)
    texture = draw(st.sampled_from(["perfect", "braid", "cut", "random"]))
    rng = np.random.default_rng(seed)
    if texture == "random":
        M = mg.Maze(G, rng.random(G.number_of_edges()) < draw(st.floats(0.2, 1.0)))
    else:
        M = mg.generate(G, draw(st.sampled_from(["kruskal", "backtracker", "wilson"])), seed=seed)
        if texture == "braid":
            M = mg.braid(M, draw(st.sampled_from([0.3, 1.0])), seed=seed)
        elif texture == "cut":
            M.open &= rng.random(len(M.open)) < 0.7
    cells = list(G.nodes)
    start, goal = draw(st.sampled_from([(M.start, M.goal), (cells[0], cells[-1]), (cells[-1], cells[-1])]))
    return mg.Maze(G, M.open, start=start, goal=goal)


# -- references from the definitions, with networkx ------------------------------------------------------------


def passage_graph(M: mg.Maze) -> nx.Graph:
    """Every cell of the tessellation, joined by the open passages."""
    P = nx.Graph()
    P.add_nodes_from(M.tessellation.nodes)
    P.add_edges_from(M.open_edges())
    return P


def centres(G: nx.Graph) -> dict | None:
    """Cell centres: ``pos`` (in its own dimension), else ``layout``, else None."""
    for name in ("pos", "layout"):
        found = nx.get_node_attributes(G, name)
        if len(found) == G.number_of_nodes():
            return {u: np.asarray(p, dtype=float) for u, p in found.items()}
    return None


def nan_mean(values) -> float:
    return float(np.mean(values)) if len(values) else math.nan


def nan_max(values):
    return int(max(values)) if len(values) else math.nan


def branches(P: nx.Graph) -> list[tuple[int, str]]:
    """``(length, kind)`` of every branch: components of the line graph joined only at corridor cells."""
    degree = dict(P.degree())
    chains = nx.Graph()
    chains.add_nodes_from(frozenset(e) for e in P.edges)
    for c in P:
        if degree[c] == 2:
            chains.add_edge(*(frozenset((c, w)) for w in P[c]))
    out = []
    for component in nx.connected_components(chains):
        ends = sorted(degree[x] for e in component for x in e if degree[x] != 2)
        if not ends:
            kind = "ring"
        elif ends == [1, 1]:
            kind = "path"
        elif ends[0] == 1:
            kind = "dead_end"
        else:
            kind = "corridor"
        out.append((len(component), kind))
    return out


def straight_runs(P: nx.Graph, pos: dict, max_turn: float) -> list[int] | None:
    """Run lengths: passages through a cell turning by at most ``max_turn`` continue each other.

    None where some passage has two candidates at one cell (the reference
    does not pair greedily).
    """
    limit = -math.cos(math.radians(max_turn)) + 1e-9
    continues = nx.Graph()
    continues.add_nodes_from(frozenset(e) for e in P.edges)
    for c in P:
        ways = [(frozenset((c, w)), (pos[w] - pos[c]) / np.linalg.norm(pos[w] - pos[c])) for w in P[c]]
        partners = defaultdict(int)
        for i, (e, a) in enumerate(ways):
            for f, b in ways[i + 1 :]:
                if float(a @ b) <= limit:
                    continues.add_edge(e, f)
                    partners[e] += 1
                    partners[f] += 1
        if any(k > 1 for k in partners.values()):
            return None
    return sorted(len(c) for c in nx.connected_components(continues))


def bias_key(name: str) -> str:
    return "bias_" + re.sub(r"[^0-9A-Za-z]+", "_", name).strip("_").lower()


def reference_summary(M: mg.Maze) -> dict:
    """The summary row from the definitions in docs/metrics.md, computed with networkx (None: not checked)."""
    G = M.tessellation
    P = passage_graph(M)
    n = G.number_of_nodes()
    degrees = [d for _, d in P.degree()]
    row = {
        "n_cells": n,
        "n_passages": P.number_of_edges(),
        "dead_end_pct": 100.0 * sum(d == 1 for d in degrees) / n,
        "corridor_pct": 100.0 * sum(d == 2 for d in degrees) / n,
        "junction_pct": 100.0 * sum(d == 3 for d in degrees) / n,
        "crossroad_pct": 100.0 * sum(d >= 4 for d in degrees) / n,
    }
    pos = centres(G)
    try:
        steps = nx.shortest_path_length(P, M.start, M.goal)
    except nx.NetworkXNoPath:
        row.update(solution_length=math.nan, solution_pct=math.nan, tortuosity=math.nan)
    else:
        row["solution_length"] = steps + 1
        row["solution_pct"] = 100.0 * (steps + 1) / n
        if pos is None:
            row["tortuosity"] = math.nan
        else:
            typical = float(np.median([np.linalg.norm(pos[u] - pos[v]) for u, v in G.edges]))
            straight = float(np.linalg.norm(pos[M.goal] - pos[M.start])) / typical
            row["tortuosity"] = steps / straight if straight > 0 else math.nan
    found = branches(P)
    dead = [k for k, kind in found if kind == "dead_end"]
    row["dead_end_length_mean"] = nan_mean(dead)
    row["dead_end_length_max"] = nan_max(dead)
    row["corridor_length_mean"] = nan_mean([k for k, kind in found if kind == "corridor"])
    row["branch_length_mean"] = nan_mean([k for k, _ in found])
    runs = None if pos is None else straight_runs(P, pos, MAX_TURN)
    if pos is None:
        row["run_length_mean"] = row["run_length_max"] = math.nan
    elif runs is None:
        row["run_length_mean"] = row["run_length_max"] = None
    else:
        row["run_length_mean"], row["run_length_max"] = nan_mean(runs), nan_max(runs)
    classes = nx.get_edge_attributes(G, "direction")
    if len(classes) < G.number_of_edges():
        row["bias_tv"] = math.nan
        return row
    opened = [classes[e] if e in classes else classes[e[::-1]] for e in P.edges]
    offered = list(classes.values())
    tv = 0.0
    for name in dict.fromkeys(sorted(set(offered), key=offered.index)):
        p = opened.count(name) / len(opened) if opened else math.nan
        q = offered.count(name) / len(offered)
        tv += abs(p - q)
        row[bias_key(name)] = p / q
    row["bias_tv"] = 0.5 * tv
    return row


# -- the same row from the public functions --------------------------------------------------------------------


def or_nan(function, *errors):
    try:
        return function()
    except errors:
        return math.nan


def public_summary(M: mg.Maze) -> dict:
    """The summary row assembled from the public metric functions, one call per scalar."""
    R = mm.river(M)
    runs = or_nan(lambda: mm.run(M, max_turn=MAX_TURN), mg.MissingAttributeError)
    row = {
        "n_cells": M.cells.n_cells,
        "n_passages": M.n_open,
        "dead_end_pct": mm.dead_end_pct(M),
        "corridor_pct": mm.corridor_pct(M),
        "junction_pct": mm.junction_pct(M),
        "crossroad_pct": mm.crossroad_pct(M),
        "solution_length": or_nan(lambda: mm.solution_length(M), mg.NoSolutionError),
        "solution_pct": or_nan(lambda: mm.solution_pct(M), mg.NoSolutionError),
        "tortuosity": or_nan(lambda: mm.tortuosity(M), mg.NoSolutionError, mg.MissingAttributeError),
        "dead_end_length_mean": R.mean_dead_end_length,
        "dead_end_length_max": R.max_dead_end_length,
        "corridor_length_mean": R.mean_corridor_length,
        "branch_length_mean": R.mean_branch_length,
        "run_length_mean": math.nan if runs is math.nan else runs.mean,
        "run_length_max": math.nan if runs is math.nan else runs.max,
    }
    shares = or_nan(lambda: mm.bias(M), mg.MissingAttributeError)
    if shares is math.nan:
        row["bias_tv"] = math.nan
    else:
        row["bias_tv"] = 0.5 * sum(abs(p - q) for p, q, _ in shares.values())
        row.update({bias_key(name): ratio for name, (_, _, ratio) in shares.items()})
    return row


def identical(a, b) -> bool:
    return (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)) or (
        a == b and type(a) is type(b)
    )


def close(a, b) -> bool:
    if isinstance(b, float) and math.isnan(b):
        return isinstance(a, float) and math.isnan(a)
    if isinstance(b, int):
        return a == b and isinstance(a, int)
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


# -- the tests -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(TESSELLATIONS))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_every_summary_scalar_matches_its_function_and_networkx(kind, data):
    M = data.draw(mazes(kind))
    row = mm.summary(M)
    public = public_summary(M)
    reference = reference_summary(M)
    assert list(row) == list(public)
    assert tuple(row) == mm.summary_keys(M) == mm.summary_keys(M.cells)  # the keys, known without measuring
    assert set(reference) <= set(row)
    for key, value in row.items():
        assert identical(value, public[key]), f"summary[{key!r}] = {value!r}, its function gives {public[key]!r}"
        # a direction class the tessellation names but none of its edges has (a tiny delta): ratio NaN
        expected = reference[key] if key in reference or not key.startswith("bias_") else math.nan
        if expected is None:  # a run reference where passages pair ambiguously (theta)
            assert kind not in RUNS_CHECKED
            continue
        assert close(value, expected), f"summary[{key!r}] = {value!r}, networkx gives {expected!r}"


def test_every_summary_key_is_cross_checked():
    # a key added to SUMMARY_KEYS without a public function and a reference here fails this test
    M = mg.generate(T.orthogonal(4, 5), "kruskal", seed=2)
    assert set(mm.SUMMARY_KEYS) <= set(public_summary(M)) & set(reference_summary(M))


def test_summary_keys_of_a_plain_graph_and_refused_non_graph():
    G = nx.grid_2d_graph(2, 3)  # no edge directions: no bias_<class> keys
    assert mm.summary_keys(G) == mm.SUMMARY_KEYS == tuple(mm.summary(mg.generate(G, "kruskal", seed=1)))
    with pytest.raises(mg.errors.UnsupportedError, match="expected a networkx.Graph"):
        mm.summary_keys("a maze")


def test_the_references_see_what_they_check():
    # each class the summary splits cells and branches into occurs in these mazes, so a metric that
    # confuses two classes cannot pass for want of an example
    M = mg.braid(mg.generate(T.orthogonal(12, 12), "kruskal", seed=3), 0.5, seed=3)
    P = passage_graph(M)
    assert {1, 2, 3, 4} <= {d for _, d in P.degree()}
    kinds = {kind for _, kind in branches(P)}
    assert {"dead_end", "corridor"} <= kinds
    assert straight_runs(P, centres(M.tessellation), MAX_TURN) is not None
    ring = mg.Maze(T.orthogonal(2, 2), [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 0)), ((1, 0), (0, 0))])
    line = mg.Maze(T.orthogonal(1, 3), [((0, 0), (0, 1)), ((0, 1), (0, 2))])
    assert branches(passage_graph(ring)) == [(4, "ring")]
    assert branches(passage_graph(line)) == [(2, "path")]
