"""The one place kernels are compiled: numba's ``njit`` with an on-disk cache.

``cache=True`` writes compiled machine code next to the module (or to numba's
user-wide cache) so later processes skip compilation. When no cache location is
writable (a read-only install), numba refuses ``cache=True`` at decoration time;
the kernel is then compiled in memory on every process start instead of failing.

Compile time on a cold cache (a fresh install, CI) is kept down in three ways:

- no C callback wrapper is built (``no_cfunc_wrapper``): kernels are called from
  Python or from other kernels, never through a C function pointer;
- helpers that only other kernels call are declared ``@kernel(python=False)``,
  which is numba's public ``register_jitable``: no dispatcher, no CPython
  wrapper, no cache entry of their own; each caller compiles the helper's code
  into its own. Called from Python, such a helper runs as plain Python (slowly,
  but correctly). Measured against the earlier way (a dispatcher without a
  CPython wrapper, whose Python calls had to be refused by overriding numba's
  dispatcher internals): cold compile of every probe of :mod:`mazegraph.warmup`,
  59.9 and 58.3 s CPU against 61.0 and 60.9 s, warm 2.4 s both, same mazes;
- a kernel called from another kernel is compiled for plain integer types only
  (:func:`_widened`). numba compiles a callee once per tuple of argument types,
  and it types an integer constant as a literal of its value (``bounded(state,
  2)`` and ``bounded(state, 16)`` would be two copies), types a variable as the
  constant it starts with before it has seen the rest of the function (a throw-
  away copy for ``-1`` or ``0``), and keeps int32 array elements int32. As numba
  widens every integer operation on narrower integers to int64 anyway, a callee
  computes the same for an int64 argument; only the copies are saved.

Helpers are still compiled once per tuple of argument types and per set of
compile flags of the function that calls them, in every process (they have no
cache entry): a helper called both from a kernel and from another helper is
compiled twice, because numba compiles helpers without a CPython wrapper and
keys their versions by the caller's flags. Measured on the Pullen job's warmup
probes (empty cache, one process): such repeats cost 0.7 s CPU, and second
versions of helpers reached with int32 and int64 arguments about 0.8 s, of 23 s;
left as they are.
"""

from __future__ import annotations

import functools
import logging
import os
import sys
import threading
import time
import warnings

import numba
from numba.core import event, types
from numba.extending import register_jitable

__all__ = ["kernel", "KERNELS", "compile_count"]

KERNELS: list = []
"""Every kernel Python calls (numba dispatchers), in definition order; helpers of kernels are not listed."""

_OPTIONS = {"nogil": True, "no_cfunc_wrapper": True}


def kernel(function=None, *, python: bool = True):
    """Compile ``function`` with ``numba.njit``, cached on disk when possible.

    Use as ``@kernel``, or as ``@kernel(python=False)`` for a helper that only
    other kernels call.

    Parameters
    ----------
    function : callable
        A function written in numba's nopython subset.
    python : bool, default True
        Whether Python code calls the kernel. False makes it a helper that only
        other kernels call (``numba.extending.register_jitable``): it gets no
        dispatcher, wrapper or cache entry of its own, and a Python call runs
        the plain Python function.

    Returns
    -------
    numba dispatcher, or the function itself when ``python=False``
        The compiled kernel; it compiles on its first call.
    """
    if function is None:
        return functools.partial(kernel, python=python)
    if not python:
        return register_jitable(function)
    options = dict(_OPTIONS)
    try:
        dispatcher = numba.njit(cache=True, **options)(function)
    except RuntimeError as error:  # "cannot cache function ...: no locator available"
        warnings.warn(
            f"numba cannot cache {function.__qualname__} ({error}); compiling in memory",
            RuntimeWarning,
            stacklevel=2,
        )
        dispatcher = numba.njit(cache=False, **options)(function)
    _widen_calls(dispatcher)
    KERNELS.append(dispatcher)
    return dispatcher


def _widened(t):
    """The type a kernel is compiled for when another kernel passes an argument of type ``t``.

    Integer literals and signed integers narrower than 64 bits become int64,
    boolean literals bool; everything else (arrays, floats, unsigned integers)
    stays as it is.
    """
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    return t


def _widen_calls(dispatcher) -> None:
    """Make calls from other kernels compile ``dispatcher`` for :func:`_widened` argument types.

    numba types such a call with ``dispatcher.get_call_template(args, kws)``,
    which compiles the dispatcher for ``args`` if it has no such version yet;
    the caller then converts its arguments to the chosen version's types. Calls
    from Python are not affected. Does nothing if numba's dispatcher lacks the
    method (a numba version that types calls differently).
    """
    typed = getattr(type(dispatcher), "get_call_template", None)
    if typed is None:
        return

    def get_call_template(args, kws):
        return typed(dispatcher, tuple(_widened(a) for a in args), {k: _widened(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template


# -- never compile silently ---------------------------------------------------------------------------------------

NOTICE = (
    "mazegraph: compiling kernels for this machine (one-off: later runs load them from numba's cache; "
    "`mazegraph warmup` compiles them all ahead of time)"
)


class _CompileNotice(event.Listener):
    """Says once per process, on stderr, that mazegraph kernels are being compiled.

    numba sends a ``numba:compile`` event only when it really compiles (a kernel
    loaded from the disk cache sends none), so a warm run stays quiet. The line
    goes to the ``mazegraph`` logger at INFO level when the program has set up
    logging, else straight to stderr. ``MAZEGRAPH_COMPILE_NOTICE=0`` silences it.
    """

    def __init__(self):
        self.compiled = 0  # kernels compiled in this process (each signature counts)
        self.seconds = 0.0
        self._announced = False
        self._depth = threading.local()

    @staticmethod
    def _ours(event) -> bool:
        dispatcher = event.data.get("dispatcher") if isinstance(event.data, dict) else None
        module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
        return module.startswith("mazegraph.")

    def on_start(self, event):
        if not self._ours(event):
            return
        depth = getattr(self._depth, "value", 0)
        if depth == 0:
            self._depth.started = time.perf_counter()
            if not self._announced:
                self._announced = True
                announce(NOTICE)
        self._depth.value = depth + 1

    def on_end(self, event):
        if not self._ours(event):
            return
        self.compiled += 1
        self._depth.value = getattr(self._depth, "value", 1) - 1
        if self._depth.value == 0:
            self.seconds += time.perf_counter() - self._depth.started


def announce(message: str) -> None:
    """One line for the user: to the ``mazegraph`` logger if logging is set up, else to stderr."""
    if os.environ.get("MAZEGRAPH_COMPILE_NOTICE", "1") == "0":
        return
    log = logging.getLogger("mazegraph")
    if log.hasHandlers():
        log.info(message)
    else:
        print(message, file=sys.stderr, flush=True)


_NOTICE = _CompileNotice()
event.register("numba:compile", _NOTICE)


def compile_count() -> tuple[int, float]:
    """How many kernel versions this process compiled (not loaded from the cache), and the seconds it took."""
    return _NOTICE.compiled, _NOTICE.seconds
