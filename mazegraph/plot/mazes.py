"""Every algorithm on one tessellation and seed, side by side."""

from __future__ import annotations

import numpy as np

from ..params import checked
from ._params import ALGORITHMS, COLUMNS, SEED, TESSELLATION

__all__ = ["gallery"]


def _size_text(cells) -> str:
    """``"12 x 12"``, ``"rings = 6"``, ``"5 x 6 x 3"`` or ``""``: a tessellation's size from its spec."""
    from ..tessellations import TESSELLATIONS

    spec = dict(cells.spec or {})
    params = TESSELLATIONS[cells.name].params if cells.name in TESSELLATIONS else ()
    values = [spec[p] for p in params if p in spec]
    flat = [x for v in values for x in (v if isinstance(v, (list, tuple)) else [v])]
    if len(params) == 1 and len(flat) == 1:
        return f"{params[0]} = {flat[0]}"
    return " x ".join(str(x) for x in flat)


@checked(TESSELLATION, ALGORITHMS, SEED, COLUMNS)
def gallery(tessellation, algorithms=None, seed: int = 1, columns: int = 5):
    """Every algorithm on the same tessellation and seed, one panel each, start and goal marked.

    Parameters
    ----------
    tessellation : networkx.Graph or CellGraph
        Drawn with its walls (edge ``wall`` geometry).
    algorithms : list of str, optional
        Default: every algorithm that runs on the tessellation.
    seed : int
    columns : int
        Panels per row.

    Returns
    -------
    matplotlib.figure.Figure
        One Axes per algorithm, titled with its name; the figure's title names
        the tessellation, its size and the seed. Start (green) and goal (red)
        are dots.

    Examples
    --------
    >>> import mazegraph as mg
    >>> fig = mg.plot.gallery(mg.tessellations.orthogonal(5, 5), ["wilson", "kruskal"])
    >>> [ax.get_title() for ax in fig.axes], fig.get_suptitle()
    (['wilson', 'kruskal'], 'orthogonal 5 x 5, seed 1')
    """
    from matplotlib.collections import LineCollection

    from ..generators import algorithms as names
    from ..generators import generate
    from ._figure import new_figure

    algorithms = list(algorithms or names(tessellation))
    width = min(columns, len(algorithms))
    rows = -(-len(algorithms) // columns)
    fig = new_figure(3.0 * width, 3.2 * rows)
    cells = None
    for k, algorithm in enumerate(algorithms):
        maze = generate(tessellation, algorithm, seed=seed)
        cells = maze.cells
        ax = fig.add_subplot(rows, width, k + 1)
        segments = [cells.walls.segments(~maze.open)] if cells.walls is not None else []
        if cells.boundary is not None:
            segments.append(cells.boundary.segments())
        if segments:
            ax.add_collection(LineCollection(np.concatenate(segments), colors="black", linewidths=0.8))
        if cells.layout is not None:
            ends = cells.layout[[maze.start_index, maze.goal_index]]
            ax.scatter(ends[:, 0], ends[:, 1], s=18, c=["#2ca02c", "#d62728"], zorder=3)
        ax.autoscale()
        ax.set_aspect("equal")
        ax.set_axis_off()
        ax.set_title(algorithm, fontsize=9)
    size = _size_text(cells) if cells is not None else ""
    fig.suptitle(f"{cells.name if cells is not None else ''} {size}, seed {seed}".replace("  ", " ").strip())
    fig.set_layout_engine("constrained")
    return fig
