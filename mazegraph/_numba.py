"""The one place kernels are compiled: numba's ``njit`` with an on-disk cache.

``cache=True`` writes compiled machine code next to the module (or to numba's
user-wide cache) so later processes skip compilation. When no cache location is
writable (a read-only install), numba refuses ``cache=True`` at decoration time;
the kernel is then compiled in memory on every process start instead of failing.
"""

from __future__ import annotations

import warnings

import numba

__all__ = ["kernel"]


def kernel(function):
    """Compile ``function`` with ``numba.njit``, cached on disk when possible.

    Parameters
    ----------
    function : callable
        A function written in numba's nopython subset.

    Returns
    -------
    numba dispatcher
        The compiled kernel; it compiles on its first call.
    """
    try:
        return numba.njit(cache=True, nogil=True)(function)
    except RuntimeError as error:  # "cannot cache function ...: no locator available"
        warnings.warn(
            f"numba cannot cache {function.__qualname__} ({error}); compiling in memory",
            RuntimeWarning,
            stacklevel=2,
        )
        return numba.njit(cache=False, nogil=True)(function)
