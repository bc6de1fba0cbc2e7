"""The kernels' random stream: reproducible, and the row shuffle is uniform."""

from __future__ import annotations

import itertools
import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

from mazegraph._random import KernelSeed, as_generator, bounded, kernel_state, shuffled_rows, uniform

ALPHA = 1e-4  # fixed in advance; seeds fixed too, so these tests cannot flake


def test_same_seed_same_stream():
    a, b = kernel_state(as_generator(11)), kernel_state(as_generator(11))
    assert [bounded(a, 1000) for _ in range(50)] == [bounded(b, 1000) for _ in range(50)]
    assert 0.0 <= uniform(a) < 1.0


def test_bounded_is_uniform():
    state = kernel_state(as_generator(1))
    draws = np.array([bounded(state, 7) for _ in range(70_000)])
    assert draws.min() == 0 and draws.max() == 6
    assert chisquare(np.bincount(draws, minlength=7)).pvalue > ALPHA


def test_small_shuffle_gives_every_permutation_equally_often():
    state = kernel_state(as_generator(2))
    table = np.arange(4, dtype=np.int32).reshape(4, 1)
    counts = dict.fromkeys(itertools.permutations(range(4)), 0)
    for _ in range(24_000):
        counts[tuple(shuffled_rows(table, state)[:, 0])] += 1
    assert chisquare(list(counts.values())).pvalue > ALPHA


def test_large_shuffle_spreads_rows_over_buckets():
    state = kernel_state(as_generator(3))
    m = 10_000  # four buckets
    table = np.stack([np.arange(m), -np.arange(m)], axis=1).astype(np.int32)
    final = np.zeros((4, 4), dtype=np.int64)  # quarter in which rows of each quarter land
    for _ in range(200):
        out = shuffled_rows(table, state)
        assert (out[:, 0] == -out[:, 1]).all()  # rows move whole
        assert np.array_equal(np.sort(out[:, 0]), np.arange(m))  # a permutation
        final += np.histogram2d(out[:, 0] // 2500, np.arange(m) // 2500, bins=4, range=[[0, 4], [0, 4]])[0].astype(int)
    assert chisquare(final.ravel()).pvalue > ALPHA


@pytest.mark.parametrize(
    "bit_generator",
    [np.random.PCG64, np.random.PCG64DXSM, np.random.SFC64, np.random.Philox, np.random.MT19937],
)
def test_kernel_state_is_numpys_full_range_draw(bit_generator):
    # the words numpy's own integers() gives over [0, 2**64), and the Generator left where it leaves it
    # (MT19937's raw output is 32 bits: a raw-output shortcut there would give other words)
    for seed in range(20):
        ours, numpys = np.random.Generator(bit_generator(seed)), np.random.Generator(bit_generator(seed))
        ours.integers(3), numpys.integers(3)  # a buffered 32-bit half must not matter
        expected = numpys.integers(0, 2**64, size=4, dtype=np.uint64)
        assert np.array_equal(kernel_state(ours), expected)
        assert ours.random() == numpys.random()


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**128 - 1) | st.integers(0, 1000))
def test_int_seed_gives_numpys_default_rng(seed):
    # as_generator builds default_rng(seed) with a compiled SeedSequence hash: numpy's own object is the reference
    ours, numpys = as_generator(seed), np.random.default_rng(seed)
    assert ours.bit_generator.state == numpys.bit_generator.state
    assert np.array_equal(ours.integers(0, 2**63, size=8), numpys.integers(0, 2**63, size=8))
    assert np.array_equal(  # other requests fall through to numpy's method; spawning is numpy's
        ours.bit_generator.seed_seq.generate_state(5), np.random.SeedSequence(seed).generate_state(5)
    )
    assert [c.generate_state(2).tolist() for c in ours.bit_generator.seed_seq.spawn(2)] == [
        c.generate_state(2).tolist() for c in np.random.SeedSequence(seed).spawn(2)
    ]


def test_int_seeded_generator_pickles_and_spawns_as_numpys():
    ours, numpys = as_generator(5), np.random.default_rng(5)
    ours.integers(9), numpys.integers(9)
    again = pickle.loads(pickle.dumps(ours))
    assert again.integers(2**40) == ours.integers(2**40) == numpys.integers(2**40)
    assert ours.spawn(1)[0].integers(2**40) == numpys.spawn(1)[0].integers(2**40)


# An int seed's Generator is built from compiled SeedSequence words, and generate hands the package's
# algorithms a KernelSeed (PCG64's first words compiled, the Generator built only when more is drawn).


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


def _xoshiro256ss(s):
    """xoshiro256** in plain Python integers, as Blackman and Vigna define it: ``(output, next state)``."""
    mask = 2**64 - 1

    def rotl(x, k):
        return ((x << k) | (x >> (64 - k))) & mask

    out = rotl(s[1] * 5 & mask, 7) * 9 & mask
    t = s[1] << 17 & mask
    s2, s3 = s[2] ^ s[0], s[3] ^ s[1]
    s1, s0 = s[1] ^ s2, s[0] ^ s3
    return out, [s0, s1, s2 ^ t, rotl(s3, 45)]


@pytest.mark.parametrize("seed", [0, 1, 2**40 + 7])
def test_next_u64_is_xoshiro256_starstar(seed):
    # against an independent big-integer implementation, 300 steps from a drawn state and from a sparse one
    from mazegraph._random import next_u64

    for state in (kernel_state(np.random.default_rng(seed)), np.array([1, 0, 0, seed], dtype=np.uint64)):
        words = [int(w) for w in state]
        for _ in range(300):
            expected, words = _xoshiro256ss(words)
            assert int(next_u64(state)) == expected
        assert [int(w) for w in state] == words
