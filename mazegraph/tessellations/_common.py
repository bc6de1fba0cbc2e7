"""Shared helpers of the tessellation builders: size checks."""

from __future__ import annotations

import numbers

from ..errors import InvalidSizeError

__all__ = ["size"]


def size(name: str, value, minimum: int = 1) -> int:
    """Return ``value`` as an int, or raise if it is not a whole number >= ``minimum``.

    Raises
    ------
    InvalidSizeError
        For non-integers (floats, strings, bools) and values below ``minimum``.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidSizeError(f"{name} must be a whole number, got {value!r}")
    if value < minimum:
        raise InvalidSizeError(f"{name} must be at least {minimum}, got {value}")
    return int(value)
