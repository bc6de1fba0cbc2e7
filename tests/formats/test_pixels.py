"""Pixel images of mazes: round trips, the pixel layout checked pixel by pixel, images from elsewhere, errors."""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.image import imread
from orthogonal_mazes import orthogonal_mazes

import mazegraph as mg
from mazegraph.formats import from_png, to_png

T = mg.tessellations


def _png(array) -> bytes:
    """PNG bytes of a uint8 array: greyscale ("L") for 2D, RGB or RGBA for 3D (Pillow, as other programs write)."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(np.asarray(array, dtype=np.uint8)).save(buffer, format="png")
    return buffer.getvalue()


@settings(max_examples=60, deadline=None)
@given(orthogonal_mazes(), st.booleans())
def test_write_then_read_gives_the_same_maze(M, openings):
    assert from_png(to_png(M, openings=openings)) == M


def test_one_pixel_per_cell_and_wall(tmp_path):
    M = mg.generate(T.orthogonal(5, 7), "wilson", seed=3)
    to_png(M, tmp_path / "m.png")
    image = (imread(tmp_path / "m.png")[..., :3] * 255).round().astype(int)
    assert image.shape == (11, 15, 3)
    light = image.min(axis=2) > 128
    for e, (u, v) in enumerate(M.cells.edges.tolist()):
        (r0, c0), (r1, c1) = M.cells.labels[u], M.cells.labels[v]
        assert light[r0 + r1 + 1, c0 + c1 + 1] == M.open[e]  # the pixel between two cells is light iff open
    assert not light[::2, ::2].any()  # corners are walls
    assert tuple(image[1, 1]) == (0, 170, 0) and tuple(image[9, 13]) == (220, 0, 0)  # start green, goal red
    assert from_png(tmp_path / "m.png") == M


def test_grey_and_transparent_images_from_elsewhere():
    grid = np.array([[0, 0, 0, 0, 0], [255, 255, 255, 255, 0], [0, 0, 0, 255, 0],
                     [0, 255, 255, 255, 255], [0, 0, 0, 0, 0]])
    M = from_png(_png(np.where(grid > 0, 200, 40)))  # a greyscale image, light grey passages on dark grey walls
    assert (M.start, M.goal) == ((0, 0), (1, 1))  # openings: left of (0, 0) first, right of (1, 1) second
    assert M.n_open == 3 and M.is_perfect()
    rgba = np.zeros((5, 5, 4), dtype=np.uint8)
    rgba[..., 3] = np.where(grid > 0, 0, 255)  # passages fully transparent: shown on white
    assert from_png(_png(rgba)) == M


@pytest.mark.parametrize(
    ("image", "message"),
    [
        (np.zeros((4, 5, 3)), "4 rows tall; a wall grid is 2 n + 1"),
        (np.pad(np.full((1, 1, 3), 0), ((1, 1), (1, 1), (0, 0))), "pixel (x=1, y=1): a wall where cell (0, 0)"),
        (np.pad(np.full((1, 3, 3), [0, 0, 255]), ((1, 1), (1, 1), (0, 0))), "pixel (x=1, y=1) is coloured #0000ff"),
        (np.pad(np.full((3, 3, 3), 255), ((1, 1), (1, 1), (0, 0))), "pixel (x=2, y=2): an opening at a corner"),
    ],
    ids=["even", "dark cell", "blue", "open corner"],
)
def test_malformed_images_name_the_pixel(image, message):
    with pytest.raises(mg.MazeFormatError) as caught:
        from_png(_png(image))
    assert message in str(caught.value)


def test_unreadable_sources(tmp_path):
    with pytest.raises(mg.MazeFormatError, match="not an image"):
        from_png(b"\x89PNG\r\n\x1a\nnot really")
    with pytest.raises(mg.MazeFormatError, match="no such file"):
        from_png(tmp_path / "missing.png")
    with pytest.raises(mg.UnsupportedError, match="orthogonal"):
        to_png(mg.generate(T.theta(3), "wilson", seed=1))
