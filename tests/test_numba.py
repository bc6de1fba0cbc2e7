"""Kernels compile with numba's disk cache, and without it when no cache location is writable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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


# -- kernel-only helpers (numba's register_jitable) and the one dispatcher override, in fresh processes --------

_HELPERS = '''
import numpy as np
from mazegraph._numba import kernel

@kernel(python=False)
def helper(x, n):
    return x + n

@kernel
def callee(x, n):
    return x + n

@kernel
def caller(values):
    total = 0
    for i in range(len(values)):
        total += callee(values[i], 2)      # an int32 element and a literal
        total += callee(np.int64(i), 16)   # an int64 and another literal
        total += helper(values[i], 1)
    return total
'''


def _run(tmp_path, body: str) -> subprocess.CompletedProcess:
    """Run ``body`` after defining the helpers above, in a new interpreter with an empty numba cache."""
    module = tmp_path / "helpers_mod.py"
    module.write_text(_HELPERS)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=os.pathsep.join(
        [str(tmp_path), str(Path(__file__).resolve().parents[1]), os.environ.get("PYTHONPATH", "")]))
    code = "from helpers_mod import *\n" + body
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)


def test_python_call_of_a_kernel_only_helper_runs_as_python(tmp_path):
    # a helper compiled as a dispatcher without a CPython wrapper would crash the process when Python calls it
    done = _run(tmp_path, (
        "import numpy as np\n"
        "assert caller(np.arange(3, dtype=np.int32)) == sum(i + 2 + i + 16 + i + 1 for i in range(3))\n"
        "print(helper(40, 2), type(helper).__name__)\n"
    ))
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert done.stdout.split() == ["42", "function"]


def test_callee_reached_with_int32_and_literals_compiles_one_signature(tmp_path):
    done = _run(tmp_path, (
        "import numpy as np\n"
        "assert caller(np.arange(5, dtype=np.int32)) == sum(i + 2 + i + 16 + i + 1 for i in range(5))\n"
        "print(len(callee.overloads), [str(a) for a in next(iter(callee.overloads))])\n"
    ))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "1", done.stdout  # one version, not one per literal or integer width
    assert "int64" in done.stdout
