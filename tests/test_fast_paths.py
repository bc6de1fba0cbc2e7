"""The fast paths of a generate call give what the general code gives: same draws, same mazes.

- Binary Tree without zeta crossings walks per-cell lists of earlier edges
  (``earlier_edges``), Sidewinder on tessellations whose rows are single chains
  a kernel without sets (``single_chains``); both lists are memoised on the
  CellGraph. Each is checked against the general kernel, which the fast paths
  skip, on many tessellations, options and seeds, mask and final stream state,
  and the mask against scipy's count of components (a spanning tree).
- The memos belong to one CellGraph: a graph changed after a maze was made on
  it, or another graph of the same size, gets its own lists (a memo keyed by
  size or shared between graphs would open edges of the old graph).
- An int seed's Generator is built from compiled SeedSequence words, and
  ``generate`` hands the package's algorithms a KernelSeed (PCG64's first words
  compiled, the Generator built only when more is drawn): both checked against
  numpy's ``default_rng``, and plugins still get a Generator.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

import mazegraph as mg
from mazegraph._random import KernelSeed, as_generator, kernel_state
from mazegraph.generators import binary_tree as bt
from mazegraph.generators import sidewinder as sw
from mazegraph.structure.rows import row_structure
from mazegraph.tessellations.compile import compile_graph

T = mg.tessellations


def _cases():
    return {
        "orthogonal-7x9": T.orthogonal(7, 9),
        "orthogonal-1x6": T.orthogonal(1, 6),
        "orthogonal-6x1": T.orthogonal(6, 1),
        "sigma-6x7": T.sigma(6, 7),
        "delta-6x8": T.delta(6, 8),
        "theta-4": T.theta(4),
        "upsilon-5x6": T.upsilon(5, 6),
        "zeta-6x6": T.zeta(6, 6),
        "grid-3x4x3": T.grid((3, 4, 3)),
        "cylinder-5x6": T.cylinder(5, 6),
        "torus-5x6": T.torus(5, 6),
        "moebius-4x8": T.moebius(4, 8),
        "cube-3": T.cube(3),
        "voronoi-40": T.voronoi(40, seed=1),
        "mask-heart": T.build("mask").to_networkx(),
        "petersen": nx.petersen_graph(),
    }


CASES = _cases()


def _is_spanning_tree(cells, mask) -> bool:
    u, v = cells.edges[mask].T
    graph = coo_matrix((np.ones(len(u)), (u, v)), shape=(cells.n_cells, cells.n_cells))
    return mask.sum() == cells.n_cells - 1 and connected_components(graph, directed=False)[0] == 1


def _general_binary_tree(cells, state, p_up, order):
    ordered, kind = bt.slot_kinds(cells, order)
    p = -1.0 if p_up is None else p_up
    return bt._binary_tree(cells.indptr, cells.neighbors, cells.edge_ids, ordered, kind, cells.crossings, p, state)


def _general_sidewinder(cells, state, p_close):
    rs = row_structure(cells)
    return sw._sidewinder(cells.indptr, cells.neighbors, cells.edge_ids, rs.rown, rs.order, rs.rowptr, rs.posr, rs.nxt,
                          rs.cyc, rs.up, rs.upslot, rs.futloc, rs.ncomp, rs.crosses, p_close, state)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("p_up", [None, 0.0, 0.3, 1.0])
def test_binary_tree_lists_draw_as_the_general_kernel(name, p_up):
    cells = compile_graph(CASES[name])
    for order in ("auto", "bfs"):
        for seed in range(4):
            ours_state = kernel_state(as_generator(seed))
            theirs_state = ours_state.copy()
            if len(cells.crossings):  # zeta: the general kernel is the one that runs
                ours = mg.generate(cells, "binary_tree", seed=seed, p_up=p_up, order=order).open
                theirs = _general_binary_tree(cells, theirs_state, p_up, order)
            else:
                ptr, edges, grouped, n_up = bt.earlier_edges(cells, order)
                ours = bt._binary_tree_lists(ptr, edges, grouped, n_up, cells.n_edges, -1.0 if p_up is None else p_up,
                                             ours_state)
                theirs = _general_binary_tree(cells, theirs_state, p_up, order)
                assert np.array_equal(ours_state, theirs_state), "a different number of draws"
                assert np.array_equal(mg.generate(cells, "binary_tree", seed=seed, p_up=p_up, order=order).open,
                                      _general_binary_tree(cells, kernel_state(as_generator(seed)), p_up, order))
            assert np.array_equal(ours, theirs), (name, order, seed)
            assert _is_spanning_tree(cells, ours)


ROWED = sorted(name for name, G in CASES.items() if compile_graph(G).row is not None)


def test_single_chains_is_taken_where_rows_are_single_paths_only():
    fast = {name for name in ROWED if sw.single_chains(compile_graph(CASES[name])) is not None}
    assert {"orthogonal-7x9", "orthogonal-1x6", "orthogonal-6x1", "sigma-6x7", "delta-6x8"} <= fast
    # cycles (theta rings, cylinder and torus rows), crossings (zeta), several chains in a row (3D levels)
    assert not fast & {"theta-4", "cylinder-5x6", "torus-5x6", "zeta-6x6", "grid-3x4x3"}


@pytest.mark.parametrize("name", ROWED)
@pytest.mark.parametrize("p_close", [0.0, 0.2, 0.5, 1.0])
def test_sidewinder_chains_draw_as_the_general_kernel(name, p_close):
    cells = compile_graph(CASES[name])
    chains = sw.single_chains(cells)
    for seed in range(4):
        expected_state = kernel_state(as_generator(seed))
        expected = _general_sidewinder(cells, expected_state, p_close)
        assert np.array_equal(mg.generate(cells, "sidewinder", seed=seed, p_close=p_close).open, expected)
        if chains is not None:
            state = kernel_state(as_generator(seed))
            ours = sw._sidewinder_chains(*chains, cells.n_edges, p_close, state)
            assert np.array_equal(ours, expected) and np.array_equal(state, expected_state)
        assert _is_spanning_tree(cells, expected)


@pytest.mark.parametrize("algorithm", ["binary_tree", "sidewinder"])
def test_a_changed_graph_does_not_reuse_the_lists_of_the_old_one(algorithm):
    G = T.orthogonal(6, 7)
    before = compile_graph(G)
    mg.generate(G, algorithm, seed=1)  # fills the memos of the graph as it was
    G.remove_edge((2, 3), (2, 4))  # a wall inside: the grid's rows are no longer single chains
    G.remove_edge((4, 0), (5, 0))
    after = compile_graph(G)
    assert after is not before and after.n_edges == before.n_edges - 2
    for seed in range(3):
        M = mg.generate(G, algorithm, seed=seed)
        assert len(M.open) == after.n_edges
        state = kernel_state(as_generator(seed))
        if algorithm == "binary_tree":
            expected = _general_binary_tree(after, state, None, "auto")
        else:
            expected = _general_sidewinder(after, state, 0.5)
        assert np.array_equal(M.open, expected)
        assert _is_spanning_tree(after, M.open)


@pytest.mark.parametrize("algorithm", ["binary_tree", "sidewinder"])
def test_graphs_of_the_same_size_keep_their_own_lists(algorithm):
    full = T.build("orthogonal", 5, 6)
    holes = T.from_mask(np.array([[c != 2 or r in (0, 4) for c in range(6)] for r in range(5)]))
    for G in (full, holes, full):
        cells = compile_graph(G)
        M = mg.generate(G, algorithm, seed=4)
        state = kernel_state(as_generator(4))
        expected = (_general_binary_tree(cells, state, None, "auto") if algorithm == "binary_tree"
                    else _general_sidewinder(cells, state, 0.5))
        assert np.array_equal(M.open, expected)


@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**128 + 3])
def test_int_seed_words_are_numpys_at_the_word_boundaries(seed):
    ours, numpys = as_generator(seed), np.random.default_rng(seed)
    assert ours.bit_generator.state == numpys.bit_generator.state
    assert np.array_equal(kernel_state(ours), numpys.integers(0, 2**64, size=4, dtype=np.uint64))


@pytest.mark.parametrize("seed", [0, 7, 2**32 + 1, 2**63 - 1, 2**63, 2**70])
def test_kernel_seed_is_default_rng_whatever_is_drawn(seed):
    # the compiled words (PCG64 emulated in 64-bit halves) and the lazily built Generator, past the words drawn
    lazy, numpys = KernelSeed(seed), np.random.default_rng(seed)
    assert np.array_equal(kernel_state(lazy), kernel_state(numpys))
    assert np.array_equal(kernel_state(lazy), kernel_state(numpys))  # a second stream builds the Generator
    assert lazy.integers(0, 2**40, size=3).tolist() == numpys.integers(0, 2**40, size=3).tolist()
    lazy, numpys = KernelSeed(seed), np.random.default_rng(seed)
    assert lazy.random() == numpys.random()  # a Generator method first, then a kernel stream
    assert np.array_equal(kernel_state(lazy), kernel_state(numpys))
    assert lazy.bit_generator.state == numpys.bit_generator.state


def test_only_declared_algorithms_get_a_kernel_seed():
    seen = []

    def plugin(cells, rng):
        seen.append(type(rng))
        return bt.binary_tree(cells, rng)

    cells = T.build("orthogonal", 4, 5)
    for lazy in (False, True):
        mg.register_algorithm("probe_rng", plugin, summary="records its rng", lazy_rng=lazy)
        try:
            M = mg.generate(cells, "probe_rng", seed=3)
        finally:
            mg.unregister_algorithm("probe_rng")
        assert M == mg.generate(cells, "binary_tree", seed=3) and M.meta["seed"] == 3
    assert seen == [np.random.Generator, KernelSeed]
    assert mg.algorithm_info("wilson").lazy_rng and mg.algorithm_info("binary_tree").lazy_rng


def _raised(tessellation, algorithm, **options):
    """The class and message of the MazeError ``generate`` raises, or None."""
    try:
        mg.generate(tessellation, algorithm, seed=1, **options)
    except mg.MazeError as error:
        return type(error), str(error)
    return None


def test_remembered_options_still_refuse_what_a_first_check_refuses():
    # options checked once on a tessellation are remembered by value and type; a bool is not the int it equals
    cells, fresh = T.build("orthogonal", 5, 6), T.build("orthogonal", 5, 6)
    assert mg.generate(cells, "sidewinder", seed=1, p_close=1) == mg.generate(fresh, "sidewinder", seed=1, p_close=1)
    for bad in ({"p_close": True}, {"p_close": 1.5}, {"p_close": "1"}, {"p_closed": 1}):
        expected = _raised(T.build("orthogonal", 5, 6), "sidewinder", **bad)
        assert expected is not None and _raised(cells, "sidewinder", **bad) == expected
    # what one tessellation allows, another refuses: the memo is the tessellation's own
    assert mg.generate(cells, "binary_tree", seed=1, order="rows").is_perfect()
    refused = _raised(T.build("delta", 5, 6), "binary_tree", order="rows")
    assert refused is not None and refused[0] is mg.errors.UnsupportedError


def test_the_options_memo_stays_small_in_a_sweep():
    cells = T.build("orthogonal", 4, 4)
    for i in range(200):
        p = i / 199
        M = mg.generate(cells, "sidewinder", seed=i, p_close=p)
        assert M == mg.generate(T.build("orthogonal", 4, 4), "sidewinder", seed=i, p_close=p)
    assert 0 < len(cells._memo[("algorithm_options", "sidewinder", "passage")]) <= 64
