"""mazegraph.uniformity.reachable: the reachable-tree models, against sampling, networkx and brute force."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.generators import lookup
from mazegraph.uniformity import (
    count_spanning_trees,
    reachability,
    reachable_trees,
)

from ._uniformity import G23

# -- reachability: the proofs behind "never" -----------------------------------------------------------------

# every model, with options that change what it can make
MODELLED = [
    ("backtracker", {}),
    ("backtracker", {"bias": 0.6, "run": 0.5}),
    ("binary_tree", {}),
    ("binary_tree", {"p_up": 1.0}),
    ("binary_tree", {"p_up": 0.0}),
    ("sidewinder", {}),
    ("sidewinder", {"p_close": 0.0}),
    ("sidewinder", {"p_close": 1.0}),
    ("eller", {}),
    ("eller", {"p_join": 1.0}),
    ("eller", {"p_join": 1.0, "order": "sequential"}),
    ("eller", {"p_join": 0.5, "p_down": 0.5, "order": "sequential"}),
    ("eller", {"p_down": 0.0}),
    ("eller", {"p_down": 1.0}),
    ("division", {}),
    ("division", {"orientation": "longest"}),
    ("division", {"method": "blobby"}),
    ("unicursal", {}),
    ("growing_tree", {}),
    ("growing_tree", {"policy": "oldest"}),
    ("growing_tree", {"policy": "newest"}),
    ("growing_tree", {"policy": "random"}),
    ("growing_forest", {}),
    ("hunt_and_kill", {}),
    ("hunt_and_kill", {"hunt": "restart"}),
    ("hunt_and_kill", {"hunt": "resume_rows"}),
    ("hunt_and_kill", {"hunt": "resume_alternate"}),
    ("kruskal", {}),
    ("prim_true", {}),
    ("prim_simplified", {}),
    ("prim_modified", {}),
    ("wilson", {}),
    ("aldous_broder", {}),
]
MODELLED = [pytest.param(a, o, id="-".join([a] + [f"{k}={v}" for k, v in o.items()])) for a, o in MODELLED]
SMALL = [("orthogonal", (2, 3)), ("orthogonal", (3, 3)), ("sigma", (3, 3)), ("torus", (3, 3))]


def sampled_trees(algorithm, G, samples, seed, focus="passage", **options):
    """The trees the real kernel makes in ``samples`` runs, as frozensets of edge indices."""
    cells = mg.compile_graph(G)
    rng = np.random.default_rng(seed)
    entry = lookup(algorithm)
    checked = entry.validate(cells, focus, options)
    out = set()
    for _ in range(samples):
        mask = entry.run(cells, rng, focus, **checked).mask
        out.add(frozenset(np.flatnonzero(mask).tolist()))
    return out


@pytest.mark.parametrize("graph", SMALL, ids=lambda g: f"{g[0]}{g[1]}")
@pytest.mark.parametrize("algorithm, options", MODELLED)
def test_models_contain_every_sampled_tree(algorithm, options, graph):
    # soundness: a model that left out a tree the kernel makes would prove a false "never"
    G = mg.tessellations.build(graph[0], *graph[1])
    found = reachability(algorithm, G, **options)
    assert found is not None, "every model above applies to these graphs"
    seen = sampled_trees(algorithm, G, 2000, seed=11, **options)
    assert seen <= found.trees, f"{len(seen - found.trees)} sampled trees outside the model"
    assert len(found.trees) <= count_spanning_trees(G)


@pytest.mark.parametrize("algorithm", ["binary_tree", "hunt_and_kill", "growing_tree", "prim_modified", "kruskal"])
def test_wall_models_contain_every_sampled_tree(algorithm):
    G = mg.tessellations.orthogonal(3, 3)
    found = reachability(algorithm, G, focus="wall")
    seen = sampled_trees(algorithm, G, 1000, seed=5, focus="wall")
    assert seen <= found.trees


@pytest.mark.parametrize("algorithm, options", [m for m in MODELLED if m.values[0] != "unicursal"])
def test_exact_models_are_reached_on_2x3(algorithm, options):
    # exactness: on 2 x 3 every tree an exact model lists turns up in 3000 mazes (the rarest has odds ~1/100)
    found = reachability(algorithm, G23, **options)
    assert found.exact
    assert sampled_trees(algorithm, G23, 3000, seed=2, **options) == found.trees


def dfs_trees_by_search(G) -> set[frozenset]:
    """Every tree some run of depth-first search makes, over every root and every neighbour choice (brute force)."""
    cells = mg.compile_graph(G)
    index = {frozenset(map(int, e)): i for i, e in enumerate(cells.edges.tolist())}
    nodes = {label: i for i, label in enumerate(cells.labels.tolist())}
    H = nx.relabel_nodes(nx.Graph(G), nodes)
    trees = set()
    for root in H:
        frontier = [((root,), frozenset({root}), frozenset())]
        seen = set()
        while frontier:
            state = frontier.pop()
            if state in seen:
                continue
            seen.add(state)
            stack, visited, tree = state
            if not stack:
                trees.add(tree)
                continue
            fresh = [v for v in H[stack[-1]] if v not in visited]
            if not fresh:
                frontier.append((stack[:-1], visited, tree))
            for v in fresh:
                frontier.append((stack + (v,), visited | {v}, tree | {index[frozenset((stack[-1], v))]}))
    return trees


@pytest.mark.parametrize("G", [G23, mg.tessellations.orthogonal(3, 3), nx.wheel_graph(6), mg.tessellations.sigma(2, 3)],
                         ids=["orthogonal2x3", "orthogonal3x3", "wheel6", "sigma2x3"])
def test_backtracker_model_is_the_dfs_trees(G):
    assert reachable_trees("backtracker", G) == dfs_trees_by_search(G)


def test_dfs_trees_against_networkx_orders():
    # on 2 x 3, every neighbour order of every cell, fed to networkx's depth-first search
    G = mg.tessellations.orthogonal(2, 3)
    cells = mg.compile_graph(G)
    labels = cells.labels.tolist()
    index = {frozenset(e): i for i, e in enumerate(cells.edges.tolist())}
    pos = {label: i for i, label in enumerate(labels)}
    orders = [list(itertools.permutations(G[u])) for u in labels]
    trees = set()
    for choice in itertools.product(*orders):
        H = nx.Graph()
        H.add_nodes_from(labels)
        for u, order in zip(labels, choice):  # networkx visits neighbours in insertion order
            H._adj[u] = {v: {} for v in order}
        for root in labels:
            trees.add(frozenset(index[frozenset((pos[u], pos[v]))] for u, v in nx.dfs_edges(H, root)))
    assert reachable_trees("backtracker", G) == trees
    assert len(trees) == 14  # the one tree missing: both long walls closed around a "T"


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4))
def test_binary_tree_reaches_two_to_the_inner_cells(rows, cols):
    trees = reachable_trees("binary_tree", mg.tessellations.orthogonal(rows, cols))
    assert len(trees) == 2 ** ((rows - 1) * (cols - 1))
    assert all(len(t) == rows * cols - 1 for t in trees)


def compositions(n: int):
    if n == 0:
        yield ()
        return
    for first in range(1, n + 1):
        for rest in compositions(n - first):
            yield (first, *rest)


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 3), (2, 5), (3, 4)])
def test_sidewinder_counts(rows, cols):
    # each row below the first splits into runs, and a run of k cells has k ways up
    per_row = sum(math.prod(parts) for parts in compositions(cols))
    assert len(reachable_trees("sidewinder", mg.tessellations.orthogonal(rows, cols))) == per_row ** (rows - 1)


def test_known_small_facts():
    G = mg.tessellations.orthogonal(3, 3)
    # a unicursal maze is a Hamiltonian path: the 3 x 3 grid has 20 of them (undirected)
    assert len(reachable_trees("unicursal", G)) == 20
    assert not reachability("unicursal", G).exact
    # recursive division on 2 x 2: any wall, any door, every tree
    assert len(reachable_trees("division", mg.tessellations.orthogonal(2, 2))) == 4
    # random selection makes every tree; Kruskal and friends too
    for name in ("kruskal", "prim_true", "prim_simplified", "prim_modified", "wilson", "aldous_broder"):
        assert len(reachable_trees(name, G)) == 192
    assert len(reachable_trees("growing_tree", G, policy="mix", p=0.3)) == 192
    # growing_tree "newest" is the backtracker
    assert reachable_trees("growing_tree", G, policy="newest") == reachable_trees("backtracker", G)
    # no model: forests, a stop-early Kruskal, zeta crossings
    assert reachable_trees("growing_forest", G, trees=3) is None
    assert reachable_trees("kruskal", G, until_connected=((0, 0), (2, 2))) is None
    assert reachable_trees("kruskal", mg.tessellations.zeta(2, 2)) is None


def test_reachability_refuses_big_graphs_and_bad_options():
    with pytest.raises(mg.InvalidSizeError):
        reachability("backtracker", mg.tessellations.orthogonal(5, 5))
    with pytest.raises(mg.InvalidOptionError):
        reachability("backtracker", G23, nope=1)
    with pytest.raises(mg.UnknownAlgorithmError):
        reachability("nope", G23)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["hunt_and_kill", "eller", "division", "sidewinder", "growing_tree"]),
       st.integers(2, 3), st.integers(2, 4), st.integers(0, 2**32))
def test_models_sound_on_random_sizes_and_seeds(algorithm, rows, cols, seed):
    G = mg.tessellations.orthogonal(rows, cols)
    assert sampled_trees(algorithm, G, 200, seed=seed) <= reachable_trees(algorithm, G)
