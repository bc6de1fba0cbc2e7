"""Kernels compile with numba's disk cache, and without it when no cache location is writable."""

from __future__ import annotations

import numba
import pytest

from mazegraph import _numba


def test_fallback_when_cache_is_unavailable(monkeypatch):
    real = numba.njit

    def njit(*args, cache=False, **kwargs):
        if cache:
            raise RuntimeError("cannot cache function 'f': no locator available for file 'f.py'")
        return real(*args, cache=cache, **kwargs)

    monkeypatch.setattr(_numba.numba, "njit", njit)

    def double(x):
        return 2 * x

    with pytest.warns(RuntimeWarning, match="compiling in memory"):
        compiled = _numba.kernel(double)
    assert compiled(21) == 42


def test_kernels_are_cached():
    from mazegraph.generators.wilson import _wilson

    assert _wilson._cache is not None and type(_wilson._cache).__name__ == "FunctionCache"
