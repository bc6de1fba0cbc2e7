"""A scene as SVG text, written directly (every wall in one path, so a 300 x 300 maze takes well under a second)."""

from __future__ import annotations

from xml.sax.saxutils import escape

import numpy as np

from .scene import Discs, Fill, Lines, Paths, Scene, Stroke, Text

__all__ = ["to_svg", "title_pixels"]


def title_pixels(scale: float, width: float, title: str) -> float:
    """The title's font size in pixels: 0.6 units, within 12 to 24 pixels, smaller if it would not fit ``width``."""
    fits = width / (0.6 * max(1, len(title)))  # sans-serif letters average about 0.6 em wide
    return float(max(8.0, min(24.0, max(12.0, 0.6 * scale), fits)))


def to_svg(scene: Scene, scale: float, inches_per_pixel: float | None = None) -> str:
    """The scene as an SVG document.

    Parameters
    ----------
    scene : Scene
    scale : float
        Pixels per unit of geometry.
    inches_per_pixel : float, optional
        When given, width and height are written in inches (a print size);
        otherwise in pixels.
    """
    x0, y0, x1, y1 = scene.bounds()
    width, height = (x1 - x0) * scale, (y1 - y0) * scale
    font = title_pixels(scale, width, scene.title or "")
    header = 1.8 * font if scene.title else 0.0
    total = height + header

    def screen(points) -> np.ndarray:  # y points up in the geometry, down in SVG
        p = np.asarray(points, dtype=float).reshape(-1, 2)
        return np.round(np.stack([(p[:, 0] - x0) * scale, header + (y1 - p[:, 1]) * scale], axis=1), 2)

    def size(pixels: float) -> str:
        return f"{pixels * inches_per_pixel:.3f}in" if inches_per_pixel else f"{pixels:.0f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size(width)}" height="{size(total)}" '
        f'viewBox="0 0 {width:.2f} {total:.2f}">',
        '<rect width="100%" height="100%" fill="white"/>',
    ]
    if scene.title:
        parts.append(
            f'<text x="{width / 2:.2f}" y="{header / 2:.2f}" font-size="{font:.1f}" font-family="sans-serif" '
            f'text-anchor="middle" dominant-baseline="central" fill="#1f1f1f">{escape(scene.title)}</text>'
        )
    for shape in scene.shapes:
        if isinstance(shape, Lines):
            flat = screen(shape.segments).reshape(-1, 4).tolist()
            d = "".join(f"M{a:g} {b:g}L{c:g} {e:g}" for a, b, c, e in flat)
            parts.append(f'<path d="{d}" {_stroke(shape.stroke, scale)} fill="none"/>')
        elif isinstance(shape, Paths):
            for item in shape.items:
                if len(item) > 1:
                    points = " ".join(f"{x:g},{y:g}" for x, y in screen(item).tolist())
                    parts.append(
                        f'<polyline points="{points}" {_stroke(shape.stroke, scale)} stroke-linejoin="round" '
                        'fill="none"/>'
                    )
        elif isinstance(shape, Fill):
            d = "".join(
                "M" + "L".join(f"{x:g} {y:g}" for x, y in screen(polygon).tolist()) + "Z" for polygon in shape.polygons
            )
            parts.append(f'<path d="{d}" fill="{shape.colour}"/>')
        elif isinstance(shape, Discs):
            parts += _discs(shape, screen, scale)
        elif isinstance(shape, Text):
            ((sx, sy),) = screen([(shape.x, shape.y)]).tolist()
            weight = ' font-weight="bold"' if shape.bold else ""
            parts.append(
                f'<text x="{sx:g}" y="{sy:g}" font-size="{shape.size * scale:.1f}" font-family="sans-serif"{weight} '
                f'text-anchor="middle" dominant-baseline="central" fill="{shape.colour}">{escape(shape.text)}</text>'
            )
    parts.append("</svg>")
    return "\n".join(parts)


def _stroke(stroke: Stroke, scale: float) -> str:
    width = stroke.pixels(scale)
    text = f'stroke="{stroke.colour}" stroke-width="{width:.2f}" stroke-linecap="{stroke.cap}"'
    if stroke.dash is not None:
        on, off = (max(1.0, d * scale) for d in stroke.dash)
        text += f' stroke-dasharray="{on:.2f} {off:.2f}"'
    return text


def _discs(shape: Discs, screen, scale: float) -> list[str]:
    out = []
    radius = shape.radius * scale
    texts = shape.texts or [""] * len(shape.centres)
    for (x, y), colour, text in zip(screen(shape.centres).tolist(), shape.colours, texts):
        out.append(
            f'<circle cx="{x:g}" cy="{y:g}" r="{radius:.2f}" fill="{colour}" stroke="{shape.edge}" '
            f'stroke-width="{max(0.5, 0.15 * radius):.2f}"/>'
        )
        if text:
            out.append(
                f'<text x="{x:g}" y="{y:g}" font-size="{1.2 * radius:.1f}" font-family="sans-serif" font-weight="bold" '
                f'text-anchor="middle" dominant-baseline="central" fill="white">{escape(text)}</text>'
            )
    return out
