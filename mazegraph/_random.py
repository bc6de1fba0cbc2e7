"""Seeds in, reproducible random streams out.

Public functions accept ``seed`` as NetworkX does, widened to numpy's modern API:
``int``, :class:`numpy.random.SeedSequence`, :class:`numpy.random.Generator` or
``None``. :func:`as_generator` normalises it with :func:`numpy.random.default_rng`
and never touches global random state.

Kernels do not call the numpy Generator inside their loops (numba's bridge costs
about 40 ns a draw). Instead :func:`kernel_state` draws four 64-bit words from the
Generator to seed xoshiro256** (Blackman and Vigna, "Scrambled linear pseudorandom
number generators", ACM TOMS 47(4), 2021), which the kernels step inline in about
a nanosecond. The same seed therefore gives the same words, the same stream and
the same maze in every process.
"""

from __future__ import annotations

import numbers

import numpy as np

from ._numba import kernel
from .errors import InvalidSeedError

__all__ = ["as_generator", "kernel_state", "next_u64", "bounded", "uniform", "shuffled_rows"]

SeedLike = "int | np.random.SeedSequence | np.random.Generator | None"


def as_generator(seed=None) -> np.random.Generator:
    """Return a numpy Generator for ``seed``.

    Parameters
    ----------
    seed : int, numpy.random.SeedSequence, numpy.random.Generator or None
        A Generator is returned as it is (and advanced by its user); ``None``
        draws fresh entropy from the operating system.

    Returns
    -------
    numpy.random.Generator

    Raises
    ------
    InvalidSeedError
        If ``seed`` is of another type (a float, a bool, a string, ...) or negative.
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or isinstance(seed, np.random.SeedSequence):
        return np.random.default_rng(seed)
    if isinstance(seed, numbers.Integral) and not isinstance(seed, (bool, np.bool_)):
        if seed < 0:
            raise InvalidSeedError(f"seed must be a non-negative integer, got {seed}")
        return np.random.default_rng(int(seed))
    raise InvalidSeedError(
        "seed must be an int, numpy.random.SeedSequence, numpy.random.Generator "
        f"or None, got {type(seed).__name__} {seed!r}"
    )


def kernel_state(rng: np.random.Generator) -> np.ndarray:
    """Draw a xoshiro256** state (four uint64 words, not all zero) from ``rng``."""
    draw = _draw_words if type(rng.bit_generator) in _RAW_IS_U64 else _integer_words
    state = draw(rng)
    while not np.count_nonzero(state):  # the one state xoshiro cannot leave; odds 2**-256
        state = draw(rng)
    return state


# Bit generators whose raw output is numpy's next_uint64: for them random_raw(4) gives the words
# rng.integers(0, 2**64, size=4, dtype=np.uint64) gives and leaves rng in the same state, in about
# 1 us instead of 30-70 us (numpy takes the Python-int bound 2**64 through a slow path). MT19937's raw
# output is 32 bits, so it, and any other bit generator, takes the integers path.
_RAW_IS_U64 = frozenset({np.random.PCG64, np.random.PCG64DXSM, np.random.SFC64, np.random.Philox})


def _draw_words(rng: np.random.Generator) -> np.ndarray:
    return rng.bit_generator.random_raw(4)


def _integer_words(rng: np.random.Generator) -> np.ndarray:
    return rng.integers(0, 2**64, size=4, dtype=np.uint64)


@kernel(python=False)
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@kernel
def next_u64(state):
    """Advance the xoshiro256** ``state`` in place and return the next uint64."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return result


@kernel
def bounded(state, n):
    """Return a random integer in ``[0, n)`` for ``0 < n < 2**32``.

    Multiplies the top 32 bits by ``n`` and keeps the high word (Lemire, "Fast
    random integer generation in an interval", ACM TOMACS 29(1), 2019, without
    the rejection step); the bias is below ``n / 2**32``.
    """
    x = next_u64(state) >> np.uint64(32)
    return np.int64((x * np.uint64(n)) >> np.uint64(32))


@kernel
def uniform(state):
    """Return a random float in ``[0, 1)`` with 53 random bits."""
    return np.float64(next_u64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@kernel
def shuffled_rows(table, state):
    """Return a copy of the rows of a 2D array in uniformly random order.

    Fisher-Yates over millions of rows misses the cache on every swap. Instead
    each row goes to one of about ``len(table) / 2048`` buckets chosen uniformly
    at random, and each bucket, small enough to stay in cache, is then shuffled
    by Fisher-Yates. Given the bucket sizes, the split is a uniformly random
    partition, so the concatenated result is a uniformly random permutation (the
    scatter method of C. R. Rao, Sankhya A 23, 1961, and M. Sandelius, J. R.
    Stat. Soc. B 24(2), 1962).
    """
    m, width = table.shape
    buckets = max(1, m // 2048)
    which = np.empty(m, dtype=np.int32)
    start = np.zeros(buckets + 1, dtype=np.int64)
    for k in range(m):
        b = bounded(state, buckets)
        which[k] = b
        start[b + 1] += 1
    for b in range(buckets):
        start[b + 1] += start[b]
    fill = start[:-1].copy()
    out = np.empty_like(table)
    for k in range(m):
        w = which[k]
        p = fill[w]
        fill[w] = p + 1
        for c in range(width):  # not out[p] = table[k]: a row assignment compiles numba's shape-mismatch error
            out[p, c] = table[k, c]
    for b in range(buckets):
        lo = start[b]
        for i in range(start[b + 1] - 1, lo, -1):
            j = lo + bounded(state, i - lo + 1)
            for c in range(width):  # a swap through a local: the tuple swap compiles to slower code
                t = out[i, c]
                out[i, c] = out[j, c]
                out[j, c] = t
    return out
