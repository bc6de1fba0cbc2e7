"""A scene drawn with matplotlib: into a caller's Axes, or onto a figure saved as PNG or PDF.

Shapes are drawn in scene order; a set of segments (all the walls) is one
compound path, one artist however many segments it has, so building, drawing
and writing a PDF stay fast for large mazes. Line widths and text sizes follow
the scene's geometry units at the Axes' pixels per unit, so a picture looks the
same in a notebook panel and in a file.
"""

from __future__ import annotations

import io

import matplotlib as mpl
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import EllipseCollection, LineCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import PathPatch
from matplotlib.path import Path

from .scene import Discs, Fill, Lines, Paths, Scene, Stroke, Text
from .svg import title_pixels

__all__ = ["draw_into", "figure_bytes"]


def draw_into(scene: Scene, ax):
    """Draw the scene into ``ax`` (limits, equal aspect, no axis lines); return ``ax``."""
    x0, y0, x1, y1 = scene.bounds()
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.set_axis_off()
    box = ax.get_window_extent()
    scale = max(1e-6, min(box.width / (x1 - x0), box.height / (y1 - y0)))
    _paint(scene, ax, scale, ax.figure.dpi)
    if scene.title:
        ax.set_title(scene.title)
    return ax


def figure_bytes(scene: Scene, scale: float, dpi: float, fmt: str) -> bytes:
    """The scene on a figure of its own, ``scale`` pixels per unit, as PNG or PDF bytes."""
    x0, y0, x1, y1 = scene.bounds()
    width, height = (x1 - x0) * scale, (y1 - y0) * scale
    font = title_pixels(scale, width, scene.title or "")
    header = 1.8 * font if scene.title else 0.0
    fig = Figure(figsize=(width / dpi, (height + header) / dpi), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, height / (height + header)))
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_axis_off()
    _paint(scene, ax, scale, dpi)
    if scene.title:
        fig.text(0.5, 1 - 0.5 * header / (height + header), scene.title, ha="center", va="center",
                 fontsize=font * 72.0 / dpi, color="#1f1f1f")
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt, dpi=dpi, facecolor="white")
    return buffer.getvalue()


def _paint(scene: Scene, ax, scale: float, dpi: float) -> None:
    points = 72.0 / dpi  # points per pixel
    for z, shape in enumerate(scene.shapes, start=1):
        if isinstance(shape, Lines):
            ax.add_artist(_segments_patch(shape, scale, points, z))  # add_patch would walk every segment for limits
        elif isinstance(shape, Paths):
            style = _line(shape.stroke, scale, points)
            ax.add_collection(LineCollection(shape.items, zorder=z, joinstyle="round", **style))
        elif isinstance(shape, Fill):
            ax.add_collection(PolyCollection(shape.polygons, facecolors=shape.colour, edgecolors="none", zorder=z))
        elif isinstance(shape, Discs):
            _discs(shape, ax, scale, points, z)
        elif isinstance(shape, Text):
            ax.text(shape.x, shape.y, shape.text, ha="center", va="center", color=shape.colour, zorder=z,
                    fontsize=shape.size * scale * points, fontweight="bold" if shape.bold else "normal")


def _line(stroke: Stroke, scale: float, points: float) -> dict:
    width = stroke.pixels(scale) * points
    style = {"colors": stroke.colour, "linewidths": width, "capstyle": stroke.cap}
    if stroke.dash is not None:
        dash = np.array([max(1.0, d * scale) * points for d in stroke.dash])
        if mpl.rcParams["lines.scale_dashes"]:
            dash = dash / width
        style["linestyles"] = [(0, tuple(dash.tolist()))]
    return style


def _segments_patch(shape: Lines, scale: float, points: float, z: int) -> PathPatch:
    """All the segments as one compound path (a move and a line per segment)."""
    segments = np.asarray(shape.segments, dtype=float).reshape(-1, 2, 2)
    codes = np.tile(np.array([Path.MOVETO, Path.LINETO], dtype=Path.code_type), len(segments))
    style = _line(shape.stroke, scale, points)
    patch = PathPatch(
        Path(segments.reshape(-1, 2), codes), fill=False, edgecolor=style["colors"], linewidth=style["linewidths"],
        capstyle=style["capstyle"], joinstyle="round", zorder=z,
    )
    if "linestyles" in style:
        patch.set_linestyle(style["linestyles"][0])
    return patch


def _discs(shape: Discs, ax, scale: float, points: float, z: int) -> None:
    diameter = 2 * shape.radius
    ax.add_collection(EllipseCollection(
        diameter, diameter, 0.0, units="xy", offsets=np.asarray(shape.centres), offset_transform=ax.transData,
        facecolors=shape.colours, edgecolors=shape.edge, linewidths=max(0.5, 0.15 * shape.radius * scale) * points,
        zorder=z,
    ))
    for (x, y), text in zip(np.asarray(shape.centres).tolist(), shape.texts or ()):
        ax.text(x, y, text, ha="center", va="center", color="white", fontweight="bold", zorder=z + 0.5,
                fontsize=1.2 * shape.radius * scale * points)
