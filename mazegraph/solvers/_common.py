"""Small compiled helpers shared by the solvers."""

from __future__ import annotations

import numpy as np

from .._numba import kernel

__all__ = ["record", "wrap"]


@kernel
def record(stack, where, top, v):
    """Append ``v`` to the loop-erased route ``stack[:top]``; return the new length.

    ``where[c]`` is ``c``'s position on the route or -1. Stepping onto a cell
    already on the route cuts the loop (or the retraced dead end) back to it.
    """
    at = where[v]
    if at >= 0:
        for i in range(at + 1, top):
            where[stack[i]] = -1
        return at + 1
    stack[top] = v
    where[v] = top
    return top + 1


@kernel
def wrap(a):
    """The angle ``a`` reduced to ``(-pi, pi]``."""
    while a <= -np.pi:
        a += 2 * np.pi
    while a > np.pi:
        a -= 2 * np.pi
    return a
