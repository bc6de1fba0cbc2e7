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
the same maze in every process. For an int seed, :class:`KernelSeed` gives those
four words without building the Generator (what :func:`mazegraph.generate` hands
the package's own algorithms).
"""

from __future__ import annotations

import numbers

import numpy as np

from ._numba import kernel
from .errors import InvalidSeedError

__all__ = ["as_generator", "seeded", "KernelSeed", "kernel_state", "next_u64", "bounded", "uniform", "shuffled_rows"]

SeedLike = "int | np.random.SeedSequence | np.random.Generator | None"


def as_generator(seed=None) -> np.random.Generator:
    """Return a numpy Generator for ``seed``.

    Parameters
    ----------
    seed : int, numpy.random.SeedSequence, numpy.random.Generator, dict or None
        A Generator is returned as it is (and advanced by its user); ``None``
        draws fresh entropy from the operating system; a dict is a record made
        by :func:`seeded` (as a maze's ``meta["seed"]`` holds it).

    Returns
    -------
    numpy.random.Generator

    Raises
    ------
    InvalidSeedError
        If ``seed`` is of another type (a float, a bool, a string, ...), negative,
        or a dict that is not such a record.
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or isinstance(seed, np.random.SeedSequence):
        return np.random.default_rng(seed)
    if isinstance(seed, numbers.Integral) and not isinstance(seed, (bool, np.bool_)):
        if seed < 0:
            raise InvalidSeedError(f"seed must be a non-negative integer, got {seed}")
        return _int_generator(int(seed))
    if isinstance(seed, dict):
        return _from_record(seed)
    raise InvalidSeedError(
        "seed must be an int, numpy.random.SeedSequence, numpy.random.Generator, a recorded seed (dict) "
        f"or None, got {type(seed).__name__} {seed!r}"
    )


def seeded(seed=None) -> tuple[np.random.Generator, int | dict]:
    """A Generator for ``seed`` and a JSON-ready record of ``seed`` that gives the same stream again.

    ``as_generator(record)`` (or ``mg.generate(..., seed=record)``) starts where
    ``seed`` started, whatever its kind:

    - an int is its own record;
    - ``None`` draws OS entropy into a :class:`numpy.random.SeedSequence` first and
      records its entropy, an int (``default_rng(E)`` and
      ``default_rng(SeedSequence(E))`` are the same stream);
    - a SeedSequence: its entropy when it has no spawn key and the default pool
      size, else ``{"entropy", "spawn_key", "pool_size"}``;
    - a Generator: its bit generator's state before use (numpy's ``state`` dict,
      arrays as lists), read in a few microseconds.

    An int seed costs nothing extra and gives the Generator :func:`as_generator` gives.

    Raises
    ------
    InvalidSeedError
        As :func:`as_generator`.
    """
    if isinstance(seed, numbers.Integral) and not isinstance(seed, (bool, np.bool_)) and seed >= 0:
        return _int_generator(int(seed)), int(seed)
    if seed is None:
        entropy = np.random.SeedSequence().entropy  # fresh OS entropy, a 128-bit int
        return _int_generator(entropy), entropy
    if isinstance(seed, np.random.SeedSequence):
        return np.random.default_rng(seed), _sequence_record(seed)
    if isinstance(seed, np.random.Generator):
        return seed, _plain_state(seed.bit_generator.state)
    return as_generator(seed), seed  # a record: it records itself (as_generator checks it)


def _int_generator(seed: int) -> np.random.Generator:
    """``numpy.random.default_rng(seed)`` for an int ``seed``, built in a few microseconds.

    ``default_rng(seed)`` is ``Generator(PCG64(SeedSequence(seed)))``: the SeedSequence
    mixes the int into its pool and PCG64 seeds itself from the pool's
    ``generate_state(4, uint64)``, all in interpreted or object-level code (about 12 us,
    a third of a small maze's ``generate``). :func:`_seed_words` computes those four
    words compiled, in one call, and PCG64 takes them from an :class:`_IntSeedSequence`
    that builds numpy's own SeedSequence only if something else is asked of it.
    """
    return np.random.Generator(np.random.PCG64(_IntSeedSequence(seed)))


class _IntSeedSequence(np.random.bit_generator.ISpawnableSeedSequence):
    """numpy's ``SeedSequence(entropy)`` for an int, with its four uint64 words for PCG64 compiled.

    ``generate_state(4, uint64)`` (what PCG64 asks once, when seeded) comes from
    :func:`_seed_words`; any other request, spawning, and the SeedSequence's
    attributes (``entropy``, ``pool``, ...) go to numpy's own ``SeedSequence(entropy)``,
    made on first such use and kept (so spawned children are counted as numpy
    counts them). ``tests/test_random.py`` checks the words, the Generator's state,
    spawning and pickling against numpy's for ints from 0 to 2**128.
    """

    __slots__ = ("entropy", "_sequence")

    def __init__(self, entropy: int):
        self.entropy = entropy
        self._sequence = None

    @property
    def sequence(self) -> np.random.SeedSequence:
        """numpy's own SeedSequence for the same entropy."""
        if self._sequence is None:
            self._sequence = np.random.SeedSequence(self.entropy)
        return self._sequence

    def generate_state(self, n_words, dtype=np.uint32):
        if dtype is np.uint64 and n_words == 4 and self._sequence is None:
            if self.entropy < 2**63:  # a scalar argument: the kernel call costs less than building an array
                return _small_seed_words(self.entropy)
            return _seed_words(_entropy_words(self.entropy))
        return self.sequence.generate_state(n_words, dtype)

    def spawn(self, n_children):
        return self.sequence.spawn(n_children)

    def __getattr__(self, name):  # pool, pool_size, spawn_key, n_children_spawned, ...
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.sequence, name)

    def __getstate__(self):
        return {"entropy": self.entropy, "_sequence": self._sequence}

    def __setstate__(self, state):
        self.entropy = state["entropy"]
        self._sequence = state["_sequence"]


def _entropy_words(entropy: int) -> np.ndarray:
    """A non-negative int as numpy's SeedSequence reads it: uint32 words, least significant first ([0] for 0)."""
    if entropy < 2**32:
        return np.array((entropy,), dtype=np.uint32)
    n_words = (entropy.bit_length() + 31) // 32
    return np.frombuffer(entropy.to_bytes(4 * n_words, "little"), dtype="<u4").astype(np.uint32)


# numpy's SeedSequence constants (M. E. O'Neill's seed_seq_fe, "Developing a seed_seq alternative",
# pcg-random.org, 2015, as numpy documents and implements it): the entropy hash (A), the output hash (B)
# and the mixing function
_INIT_A = np.uint32(0x43B0D7E5)
_MULT_A = np.uint32(0x931E8875)
_INIT_B = np.uint32(0x8B51F9DD)
_MULT_B = np.uint32(0x58F38DED)
_MIX_MULT_L = np.uint32(0xCA01F9DD)
_MIX_MULT_R = np.uint32(0x4973F715)
_POOL_WORDS = 4


@kernel
def _small_seed_words(entropy):
    """:func:`_seed_words` for an int ``entropy`` from 0 to 2**63 - 1 (one or two uint32 words)."""
    words = np.zeros(1 if entropy < 2**32 else 2, dtype=np.uint32)
    words[0] = np.uint32(entropy & 0xFFFFFFFF)
    if len(words) == 2:
        words[1] = np.uint32(entropy >> 32)
    return _seed_words(words)


@kernel
def _int_kernel_words(entropy):
    """``default_rng(entropy).bit_generator.random_raw(4)`` for an int from 0 to 2**63 - 1 (empty if all zero).

    PCG64 (the 128-bit LCG with the XSL-RR output of M. E. O'Neill, "PCG: a
    family of simple fast space-efficient statistically good algorithms for
    random number generation", HMC-CS-2014-0905, 2014, as numpy implements it)
    seeded from the SeedSequence words ``w`` (:func:`_small_seed_words`): the
    state starts at 0 with increment ``2 * (w[2] 2**64 + w[3]) + 1``, steps,
    adds ``w[0] 2**64 + w[1]`` and steps again; each output steps, then folds
    the state's halves and rotates them by its top six bits.
    """
    w = _small_seed_words(entropy)
    inc_hi = (w[2] << np.uint64(1)) | (w[3] >> np.uint64(63))
    inc_lo = (w[3] << np.uint64(1)) | np.uint64(1)
    hi, lo = _lcg_step(np.uint64(0), np.uint64(0), inc_hi, inc_lo)
    hi, lo = _add128(hi, lo, w[0], w[1])
    hi, lo = _lcg_step(hi, lo, inc_hi, inc_lo)
    out = np.empty(4, dtype=np.uint64)
    for i in range(4):
        hi, lo = _lcg_step(hi, lo, inc_hi, inc_lo)
        x = hi ^ lo
        r = hi >> np.uint64(58)
        out[i] = (x >> r) | (x << ((np.uint64(64) - r) & np.uint64(63)))
    if out[0] == 0 and out[1] == 0 and out[2] == 0 and out[3] == 0:  # odds 2**-256
        return out[:0]
    return out


_PCG_MULT_HI = np.uint64(2549297995355413924)
_PCG_MULT_LO = np.uint64(4865540595714422341)
_LOW32 = np.uint64(0xFFFFFFFF)


@kernel(python=False)
def _add128(a_hi, a_lo, b_hi, b_lo):
    lo = a_lo + b_lo
    return a_hi + b_hi + np.uint64(lo < a_lo), lo


@kernel(python=False)
def _lcg_step(hi, lo, inc_hi, inc_lo):
    """``state * multiplier + inc`` modulo 2**128, in 64-bit halves."""
    a0, a1 = lo & _LOW32, lo >> np.uint64(32)  # the low halves' full product, in 32-bit pieces
    b0, b1 = _PCG_MULT_LO & _LOW32, _PCG_MULT_LO >> np.uint64(32)
    p00, p01, p10 = a0 * b0, a0 * b1, a1 * b0
    mid = (p00 >> np.uint64(32)) + (p01 & _LOW32) + (p10 & _LOW32)
    new_lo = (mid << np.uint64(32)) | (p00 & _LOW32)
    new_hi = a1 * b1 + (p01 >> np.uint64(32)) + (p10 >> np.uint64(32)) + (mid >> np.uint64(32))
    new_hi += hi * _PCG_MULT_LO + lo * _PCG_MULT_HI
    return _add128(new_hi, new_lo, inc_hi, inc_lo)


@kernel
def _seed_words(entropy):
    """The four uint64 words ``SeedSequence(entropy).generate_state(4, uint64)`` gives, for uint32 ``entropy`` words.

    The pool is mixed as numpy's ``mix_entropy`` does (every entropy word hashed
    into the pool, every pool word mixed into every other, then the words beyond
    the pool mixed into all); the words then come out of the output hash.
    """
    pool = np.zeros(_POOL_WORDS, dtype=np.uint32)
    hash_a = _INIT_A
    for i in range(_POOL_WORDS):
        value = entropy[i] if i < len(entropy) else np.uint32(0)
        pool[i], hash_a = _hashmix(value, hash_a)
    for i_src in range(_POOL_WORDS):
        for i_dst in range(_POOL_WORDS):
            if i_src != i_dst:
                hashed, hash_a = _hashmix(pool[i_src], hash_a)
                pool[i_dst] = _mix(pool[i_dst], hashed)
    for i_src in range(_POOL_WORDS, len(entropy)):
        for i_dst in range(_POOL_WORDS):
            hashed, hash_a = _hashmix(entropy[i_src], hash_a)
            pool[i_dst] = _mix(pool[i_dst], hashed)
    out = np.zeros(4, dtype=np.uint64)
    hash_b = _INIT_B
    for i in range(8):
        value = pool[i % _POOL_WORDS] ^ hash_b
        hash_b = np.uint32(hash_b * _MULT_B)
        value = np.uint32(value * hash_b)
        value ^= value >> np.uint32(16)
        out[i // 2] |= np.uint64(value) << np.uint64(32 * (i % 2))
    return out


@kernel(python=False)
def _hashmix(value, hash_const):
    """numpy's ``hashmix``: the hashed value and the next multiplier."""
    value = np.uint32(value ^ hash_const)
    hash_const = np.uint32(hash_const * _MULT_A)
    value = np.uint32(value * hash_const)
    return np.uint32(value ^ (value >> np.uint32(16))), hash_const


@kernel(python=False)
def _mix(x, y):
    result = np.uint32(np.uint32(_MIX_MULT_L * x) - np.uint32(_MIX_MULT_R * y))
    return np.uint32(result ^ (result >> np.uint32(16)))


def _sequence_record(sequence: np.random.SeedSequence) -> int | dict:
    entropy = sequence.entropy
    entropy = int(entropy) if isinstance(entropy, numbers.Integral) else [int(x) for x in entropy]
    if not sequence.spawn_key and sequence.pool_size == _POOL_SIZE and isinstance(entropy, int):
        return entropy
    return {"entropy": entropy, "spawn_key": [int(k) for k in sequence.spawn_key], "pool_size": sequence.pool_size}


_POOL_SIZE = np.random.SeedSequence(0).pool_size
_BIT_GENERATORS = {c.__name__: c for c in (np.random.PCG64, np.random.PCG64DXSM, np.random.MT19937,
                                            np.random.Philox, np.random.SFC64)}


def _plain_state(value):
    """A bit generator's state as JSON-ready values (numpy arrays and integers as lists and ints)."""
    if isinstance(value, dict):
        return {k: _plain_state(v) for k, v in value.items()}
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    return value


def _from_record(record: dict) -> np.random.Generator:
    """The Generator a record of :func:`seeded` describes."""
    try:
        if "bit_generator" in record:
            kind = _BIT_GENERATORS[record["bit_generator"]]
            bit_generator = kind(0)
            bit_generator.state = record
            return np.random.Generator(bit_generator)
        if "entropy" in record and set(record) <= {"entropy", "spawn_key", "pool_size"}:
            return np.random.default_rng(
                np.random.SeedSequence(
                    record["entropy"],
                    spawn_key=tuple(record.get("spawn_key", ())),
                    pool_size=record.get("pool_size", _POOL_SIZE),
                )
            )
    except (KeyError, TypeError, ValueError, OverflowError) as error:
        raise InvalidSeedError(f"recorded seed {record!r} cannot be restored: {error!r}") from None
    raise InvalidSeedError(
        "a seed given as a dict must be a record from a maze's meta['seed']: {'bit_generator': ..., 'state': ...} "
        f"or {{'entropy': ..., 'spawn_key': [...], 'pool_size': ...}}; got {record!r}"
    )


class KernelSeed:
    """``default_rng(seed)`` for an int ``seed``, built only if something other than one kernel stream is drawn.

    What :func:`mazegraph.generate` hands an algorithm declared ``lazy_rng``
    (the package's own) when the seed is an int. The first
    :func:`kernel_state` of a KernelSeed is the four words
    ``kernel_state(default_rng(seed))`` gives, computed in one compiled call
    (:func:`_int_kernel_words`: the SeedSequence hash, PCG64's seeding and its
    first four outputs) instead of building a SeedSequence, a PCG64 and a
    Generator (about 5 us of a small maze's ``generate``). Anything else asked of
    it (another :func:`kernel_state`, any Generator method or attribute) builds
    ``default_rng(seed)``, advanced past the words already drawn, and goes there,
    so the stream is the Generator's in every case.
    """

    __slots__ = ("seed", "_drawn", "_generator")

    def __init__(self, seed: int):
        self.seed = seed
        self._drawn = False
        self._generator = None

    @property
    def generator(self) -> np.random.Generator:
        """``default_rng(seed)``, past the kernel words already drawn."""
        if self._generator is None:
            self._generator = _int_generator(self.seed)
            if self._drawn:
                self._generator.bit_generator.random_raw(4)
        return self._generator

    def kernel_words(self) -> np.ndarray:
        """:func:`kernel_state` of the Generator: its next four raw words, not all zero."""
        if self._generator is None and not self._drawn and self.seed < 2**63:
            words = _int_kernel_words(self.seed)
            if len(words):  # not the all-zero state, which kernel_state would draw again
                self._drawn = True
                return words
        return kernel_state(self.generator)

    def __getattr__(self, name):  # integers, random, bit_generator, spawn, ...
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.generator, name)


def kernel_state(rng: np.random.Generator) -> np.ndarray:
    """Draw a xoshiro256** state (four uint64 words, not all zero) from ``rng`` (a Generator or a KernelSeed)."""
    if type(rng) is KernelSeed:
        return rng.kernel_words()
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


@kernel(python=False)
def next_word(words):
    """One step of xoshiro256** on a state held as a tuple of four uint64 words: ``(output, next words)``.

    :func:`next_u64` takes its step from here. A kernel that draws in a hot loop can hold the state
    in local words instead of an array, which lets the compiler keep it in registers where an array
    would be written back and read again around the kernel's other stores (Eller's square kernel).
    """
    s0, s1, s2, s3 = words
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, (s0, s1, s2, s3)


@kernel
def next_u64(state):
    """Advance the xoshiro256** ``state`` in place and return the next uint64."""
    result, words = next_word((state[0], state[1], state[2], state[3]))
    state[0], state[1], state[2], state[3] = words
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
