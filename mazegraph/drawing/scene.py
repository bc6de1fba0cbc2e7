"""What a drawing holds: shapes in geometry units, in drawing order, before any output format.

A :class:`Scene` is a list of shapes (line sets, polylines, filled polygons,
discs, texts) in the coordinates of the tessellation's geometry (``y`` up, a
square cell one unit wide), plus a title. The SVG writer and the matplotlib
painter each turn one into pixels; neither knows about mazes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

__all__ = ["Stroke", "Lines", "Paths", "Fill", "Discs", "Text", "Scene"]

MARGIN = 0.5  # around the drawing, in geometry units


@dataclass(frozen=True)
class Stroke:
    """How a line is drawn.

    ``width`` is in geometry units and never thinner than ``least`` pixels;
    ``dash`` is an (on, off) pattern in geometry units; ``cap`` is ``"round"``
    or ``"butt"``.
    """

    colour: str
    width: float
    least: float = 1.0
    dash: tuple[float, float] | None = None
    cap: str = "round"

    def pixels(self, scale: float) -> float:
        """The line width in pixels at ``scale`` pixels per unit."""
        return max(self.least, self.width * scale)


@dataclass
class Lines:
    """Segments sharing one stroke, an ``(S, 2, 2)`` array (walls: many, drawn at once)."""

    segments: np.ndarray
    stroke: Stroke


@dataclass
class Paths:
    """Polylines sharing one stroke, each a ``(k, 2)`` array (the solution's pieces)."""

    items: list
    stroke: Stroke


@dataclass
class Fill:
    """Filled polygons of one colour, each a ``(k, 2)`` array of corners."""

    polygons: list
    colour: str


@dataclass
class Discs:
    """Discs of a radius in geometry units, each with a colour and an optional text inside."""

    centres: np.ndarray
    radius: float
    colours: list
    texts: list | None = None
    edge: str = "white"


@dataclass
class Text:
    """A line of text centred on ``(x, y)``, ``size`` in geometry units."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    bold: bool = False


@dataclass
class Scene:
    """Shapes in drawing order, and the title drawn above them (None for none)."""

    shapes: list = field(default_factory=list)
    title: str | None = None

    def bounds(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` around every shape, with a margin of half a unit."""
        points = [np.zeros((0, 2))]
        for shape in self.shapes:
            if isinstance(shape, Lines):
                points.append(np.asarray(shape.segments).reshape(-1, 2))
            elif isinstance(shape, Paths):
                points += [np.asarray(item).reshape(-1, 2) for item in shape.items]
            elif isinstance(shape, Fill):
                points += [np.asarray(p).reshape(-1, 2) for p in shape.polygons]
            elif isinstance(shape, Discs) and len(shape.centres):
                c = np.asarray(shape.centres).reshape(-1, 2)
                points += [c - shape.radius, c + shape.radius]
            elif isinstance(shape, Text):
                half, x, y = 0.3 * shape.size * len(shape.text), shape.x, shape.y
                points.append(np.array([[x - half, y - shape.size], [x + half, y + shape.size]]))
        every = np.concatenate(points)
        every = every[np.isfinite(every).all(axis=1)]
        if len(every) == 0:
            return (-1.0, -1.0, 1.0, 1.0)
        lo, hi = every.min(axis=0) - MARGIN, every.max(axis=0) + MARGIN
        return (float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1]))
