"""Drawing options, declared once: their checks, the picture's pixel scale, output formats and files.

Every option of :func:`mazegraph.render` is a :class:`~mazegraph.params.Param`,
so a bad value (a negative, NaN or string ``scale``, a picture too large to
make) stops here with a :class:`~mazegraph.errors.DrawingOptionError` naming the
option, before anything reaches matplotlib.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import DrawingOptionError, OutputPathError
from ..params import Either, Flag, Instance, Kind, Number, Param, Text, check_all

__all__ = ["FORMATS", "PARAMS", "Inches", "check_options", "output_format", "pixel_scale", "write_output"]

FORMATS = ("svg", "png", "pdf")
MAX_SIDE = 16384  # pixels on a side, at most
MAX_AREA = 60_000_000  # pixels in all, at most (about 240 MB as RGBA)
_SMALL_SCALE, _LARGE_SCALE, _TARGET = 20.0, 40.0, 1000.0  # default pixels per unit, and the side aimed at
_DEFAULT_SIDE = 2400.0  # the default scale shrinks so the longer side stays within this


@dataclass(frozen=True)
class Inches(Kind):
    """A length in inches in ``(0, high]``, or a ``(width, height)`` pair of them."""

    high: float = 200.0

    def check(self, value, cells=None):
        one = Number(0, self.high, low_open=True)
        if isinstance(value, (str, bytes)):
            raise ValueError
        if isinstance(value, (Sequence, np.ndarray)):
            if len(value) != 2:
                raise ValueError
            return (one.check(value[0]), one.check(value[1]))
        return one.check(value)

    def parse(self, text: str):
        parts = text.lower().replace("×", "x").split("x")
        values = tuple(float(p) for p in parts)
        return values[0] if len(values) == 1 else values

    def describe(self) -> str:
        return f"inches in (0, {self.high:g}], one number (the longer side) or a (width, height) pair"


PARAMS = (
    Param("solution", Flag(), False, "draw the path from start to goal", error=DrawingOptionError),
    Param("markers", Flag(), True, "mark the start (green) and the goal (red)", error=DrawingOptionError),
    Param("openings", Flag(), False, "open the outer wall at the start and the goal", error=DrawingOptionError),
    Param("title", Either((Flag(), Text(300))), None, "a title above the maze; True for one made from the maze",
          error=DrawingOptionError),
    Param("scale", Number(0, 1000, low_open=True), None,
          "pixels per unit of geometry (a square cell is one unit); default 20 to 40, less for large mazes",
          error=DrawingOptionError),
    Param("size", Inches(), None, "fit the picture in this many inches (print size); excludes scale",
          error=DrawingOptionError),
    Param("dpi", Number(10, 1200), 100, "pixels per inch: a PNG's resolution, and how size turns into pixels",
          error=DrawingOptionError),
    Param("path", Either((Text(), Instance((os.PathLike,), "a path"))), None,
          "write the drawing to this file (.svg, .png or .pdf)", error=OutputPathError),
    Param("format", Text(16), None, "svg, png or pdf; overrides the suffix of path", error=OutputPathError),
    Param("ax", Instance(lambda: _axes(), "a matplotlib Axes"), None, "draw into this Axes instead of a file",
          error=DrawingOptionError),
)


def _axes() -> tuple:
    from matplotlib.axes import Axes

    return (Axes,)


def check_options(**given) -> dict:
    """Every drawing option checked, None meaning "the default".

    Raises
    ------
    DrawingOptionError
        If a value is not allowed (the message names the option and what is),
        or both ``scale`` and ``size`` are given.

    Examples
    --------
    >>> check_options(scale=30)["scale"]
    30.0
    >>> check_options(scale=-1)
    Traceback (most recent call last):
      ...
    mazegraph.errors.DrawingOptionError: render: scale must be a number in (0, 1000], or None; got -1
    """
    options = check_all(PARAMS, {k: v for k, v in given.items() if v is not None}, owner="render")
    if options["scale"] is not None and options["size"] is not None:
        raise DrawingOptionError("render: give scale (pixels per unit) or size (inches), not both")
    return options


def output_format(path, format) -> str:
    """The output format: ``format`` if given, else the suffix of ``path``, else SVG.

    Raises
    ------
    OutputPathError
        If the format or suffix is not one of svg, png, pdf.
    """
    if format is not None:
        fmt = str(format).lower()
    elif path is not None:
        fmt = Path(path).suffix.lower().lstrip(".")
    else:
        fmt = "svg"
    if fmt not in FORMATS:
        where = f"format {format!r}" if format is not None else f"suffix of {str(path)!r}"
        raise OutputPathError(f"unknown {where}; use .svg or .png for pictures, .pdf for print")
    return fmt


def pixel_scale(box, scale: float | None, size, dpi: float) -> float:
    """Pixels per unit of geometry for a drawing spanning ``box`` ``(x0, y0, x1, y1)``.

    ``size`` (inches) fits the drawing into that box at ``dpi``; otherwise
    ``scale``; otherwise 40 pixels per unit for small mazes, down to 20 for
    mazes about 50 units across, and less beyond so the longer side stays within
    2400 pixels.

    Raises
    ------
    DrawingOptionError
        If the picture would be larger than 16384 pixels on a side or 60 million
        in all, or smaller than 4 pixels on a side.
    """
    width, height = box[2] - box[0], box[3] - box[1]
    span = max(width, height)
    if size is not None:
        w_in, h_in = size if isinstance(size, tuple) else (size, size)
        scale = min(w_in * dpi / width, h_in * dpi / height)
    elif scale is None:
        scale = min(min(_LARGE_SCALE, max(_SMALL_SCALE, _TARGET / span)), _DEFAULT_SIDE / span)
    w_px, h_px = width * scale, height * scale
    if max(w_px, h_px) > MAX_SIDE or w_px * h_px > MAX_AREA:
        raise DrawingOptionError(
            f"render: the picture would be {w_px:.0f} x {h_px:.0f} pixels; the most is {MAX_SIDE} on a side "
            f"and {MAX_AREA:,} in all: lower scale, size or dpi"
        )
    if min(w_px, h_px) < 4:
        raise DrawingOptionError(
            f"render: the picture would be {w_px:.1f} x {h_px:.1f} pixels; raise scale, size or dpi"
        )
    return float(scale)


def write_output(data: str | bytes, path) -> None:
    """Write a drawing's text or bytes to ``path``.

    Raises
    ------
    OutputPathError
        If the file cannot be written.
    """
    try:
        if isinstance(data, str):
            Path(path).write_text(data, encoding="utf-8")
        else:
            Path(path).write_bytes(data)
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None
