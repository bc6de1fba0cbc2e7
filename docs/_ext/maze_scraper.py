"""A sphinx-gallery image scraper for the pictures mazegraph makes without matplotlib.

Two sources, so tutorials read as plain user code:

- a code block whose last expression is a :class:`mazegraph.Maze` or a Numberlink
  puzzle shows its picture, as Jupyter would;
- an image a block writes with ``mg.render(..., path="name.png")`` (or ``.svg``)
  is moved out of the tutorials folder into the gallery's images and shown.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from sphinx_gallery.scrapers import figure_rst

_SUFFIXES = (".png", ".svg")
_shown: dict[str, int] = {}  # source file -> id of the last object drawn (a block without a last expression
#                              leaves the previous block's value in place; it is not drawn twice)


def _drawable(value) -> bool:
    from mazegraph import Maze
    from mazegraph.numberlink import Puzzle

    return isinstance(value, (Maze, Puzzle))


def scrape(block, block_vars, gallery_conf, **kwargs) -> str:
    import mazegraph as mg

    paths = []
    images = block_vars["image_path_iterator"]
    src_file = str(block_vars["src_file"])
    value = block_vars["example_globals"].get("___")
    if value is not None and _drawable(value) and _shown.get(src_file) != id(value):
        _shown[src_file] = id(value)
        path = Path(next(images))
        mg.render(value, path=path.with_suffix(".png"))
        paths.append(str(path))
    folder = Path(src_file).parent
    written = sorted((p for p in folder.iterdir() if p.suffix in _SUFFIXES), key=lambda p: p.stat().st_mtime)
    for source in written:
        target = Path(next(images)).with_suffix(source.suffix)
        shutil.move(source, target)
        paths.append(str(target))
    return figure_rst(paths, gallery_conf["src_dir"])


def reset(gallery_conf, fname, when) -> None:
    """Around each tutorial (``when`` is "before" or "after"): forget what the previous one drew."""
    _shown.clear()
