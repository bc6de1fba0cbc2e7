"""Planair nets: where each section lies in the drawing, and the letters that mark glued sides.

A planair surface is drawn unfolded, as its *net*: section ``s`` of
``rows x cols`` cells is drawn with its lower-left corner at ``origin`` (in cell
units), row 0 at the top. This module computes the cells and wall segments of a
section in that drawing, the cells along each side in side order, the letter
and arrow drawn beside a glued side, and the cross-shaped net of a box (the
cube, and the demonstration surface of :func:`~mazegraph.tessellations.planair`).
"""

from __future__ import annotations

import string

import numpy as np

__all__ = ["SIDES", "side_cells", "section_arrays", "side_segment", "link_letter", "side_notes", "box_net"]

SIDES = ("north", "east", "south", "west")
_OUTWARD = {"north": (0.0, 1.0), "east": (1.0, 0.0), "south": (0.0, -1.0), "west": (-1.0, 0.0)}
_ARROWS = {  # side -> (arrow along the side's cell order, arrow against it)
    "north": ("\u2192", "\u2190"),
    "south": ("\u2192", "\u2190"),
    "east": ("\u2193", "\u2191"),
    "west": ("\u2193", "\u2191"),
}
_NOTE_OFFSET = 0.3  # how far outside its side a letter is drawn
_ARROW_GAP = 0.6  # from a letter to its arrow, along the side


def side_cells(first: int, section: dict, side: str):
    """The cells along a side of a section whose first cell is ``first``, in side order, and their
    cell sides as ``(k, 4)`` segments."""
    rows, cols = section["rows"], section["cols"]
    x0, y0 = section["origin"]
    if side in ("north", "south"):
        r = 0 if side == "north" else rows - 1
        c = np.arange(cols)
        y = y0 + rows - r - (0.0 if side == "north" else 1.0)
        walls = np.stack([x0 + c, np.full(cols, y), x0 + c + 1.0, np.full(cols, y)], axis=1)
        return first + r * cols + c, walls
    r = np.arange(rows)
    c = 0 if side == "west" else cols - 1
    x = x0 + (0.0 if side == "west" else cols)
    walls = np.stack([np.full(rows, x), y0 + rows - r + 0.0, np.full(rows, x), y0 + rows - r - 1.0], axis=1)
    return first + r * cols + c, walls


def section_arrays(first: int, section: dict):
    """Rows, columns, centres, interior edges, wall segments and direction codes of one section,
    as in :func:`~mazegraph.tessellations.orthogonal`, numbering its cells from ``first``."""
    rows, cols = section["rows"], section["cols"]
    x0, y0 = section["origin"]
    r, c = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
    index = first + np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    horizontal = np.stack([index[:, :-1].ravel(), index[:, 1:].ravel()], axis=1)
    vertical = np.stack([index[:-1, :].ravel(), index[1:, :].ravel()], axis=1)
    hr, hc = np.divmod(horizontal[:, 0] - first, cols)
    h_walls = np.stack([x0 + hc + 1.0, y0 + rows - hr - 1.0, x0 + hc + 1.0, y0 + rows - hr + 0.0], axis=1)
    vr, vc = np.divmod(vertical[:, 0] - first, cols)
    v_walls = np.stack([x0 + vc + 0.0, y0 + rows - vr - 1.0, x0 + vc + 1.0, y0 + rows - vr - 1.0], axis=1)
    pos = np.stack([x0 + c + 0.5, y0 + rows - r - 0.5], axis=1)
    return (
        r,
        c,
        pos,
        np.concatenate([horizontal, vertical]),
        np.concatenate([h_walls, v_walls]),
        np.repeat([0, 1], [len(horizontal), len(vertical)]),
    )


def side_segment(section: dict, side: str) -> list[float]:
    """A side of a section as one segment ``[x0, y0, x1, y1]``."""
    _, walls = side_cells(0, section, side)
    return [*walls[0, :2], *walls[-1, 2:]]


def link_letter(k: int) -> str:
    """``A``, ..., ``Z``, ``AA``, ``AB``, ... for the k-th annotated link."""
    letters = string.ascii_uppercase
    name = ""
    k += 1
    while k:
        k, rest = divmod(k - 1, 26)
        name = letters[rest] + name
    return name


def side_notes(section: dict, side: str, letter: str, forward: bool) -> list[tuple[float, float, str]]:
    """A letter just outside the middle of a side, and an arrow beside it along the side."""
    rows, cols = section["rows"], section["cols"]
    x0, y0 = section["origin"]
    mid = {
        "north": (x0 + cols / 2, y0 + rows),
        "south": (x0 + cols / 2, y0),
        "east": (x0 + cols, y0 + rows / 2),
        "west": (x0, y0 + rows / 2),
    }[side]
    ox, oy = _OUTWARD[side]
    x, y = mid[0] + _NOTE_OFFSET * ox, mid[1] + _NOTE_OFFSET * oy
    arrow = _ARROWS[side][0 if forward else 1]
    if side in ("north", "south"):
        return [(x, y, letter), (x + _ARROW_GAP, y, arrow)]
    return [(x, y, letter), (x, y - _ARROW_GAP, arrow)]


def box_net(x: int, y: int, z: int) -> tuple[list[dict], list[list]]:
    """The cross-shaped net of the surface of an ``x`` wide, ``y`` deep, ``z`` high box.

    Sections: 0 top (``y x x`` cells), 1 left, 2 front, 3 right, 4 back (``z``
    rows each; ``y``, ``x``, ``y``, ``x`` columns), 5 bottom (``y x x``). Left,
    front, right and back form the middle row of the cross; top sits above the
    front face and bottom below it. Folded up, with the front face at depth 0
    and ``z`` up, a point ``(u, v)`` of a face (from its lower-left corner) lands
    at: front ``(u, 0, v)``, right ``(x, u, v)``, back ``(x - u, y, v)``, left
    ``(0, y - u, v)``, top ``(u, v, z)``, bottom ``(u, y - v, 0)``. Each of the
    twelve links below joins two face sides that land on the same box edge, with
    ``reversed`` set where their cell orders run opposite ways along it.
    """
    sections = [
        {"rows": y, "cols": x, "origin": [y, y + z]},  # 0 top
        {"rows": z, "cols": y, "origin": [0, y]},  # 1 left
        {"rows": z, "cols": x, "origin": [y, y]},  # 2 front
        {"rows": z, "cols": y, "origin": [y + x, y]},  # 3 right
        {"rows": z, "cols": x, "origin": [2 * y + x, y]},  # 4 back
        {"rows": y, "cols": x, "origin": [y, 0]},  # 5 bottom
    ]
    links = [
        [1, "east", 2, "west", False],  # left | front
        [2, "east", 3, "west", False],  # front | right
        [3, "east", 4, "west", False],  # right | back
        [4, "east", 1, "west", False],  # back | left, round the back of the box
        [0, "south", 2, "north", False],  # top over front
        [2, "south", 5, "north", False],  # front over bottom
        [0, "west", 1, "north", False],  # top-left edge: both sides run from back to front
        [0, "east", 3, "north", True],  # top-right edge: top's side runs back to front, right's front to back
        [0, "north", 4, "north", True],  # top-back edge: top's side runs left to right, back's right to left
        [5, "west", 1, "south", True],  # bottom-left edge: bottom's side runs front to back, left's back to front
        [5, "east", 3, "south", False],  # bottom-right edge: both run front to back
        [5, "south", 4, "south", True],  # bottom-back edge: bottom's side runs left to right, back's right to left
    ]
    return sections, links


