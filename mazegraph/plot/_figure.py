"""A new matplotlib Figure for the figure-level functions (pyplot-managed, so notebooks show it)."""

from __future__ import annotations

__all__ = ["new_figure"]


def new_figure(width: float, height: float):
    """A new ``Figure`` of this size in inches, from pyplot (close it with ``plt.close(fig)``)."""
    import matplotlib.pyplot as plt

    return plt.figure(figsize=(width, height))
