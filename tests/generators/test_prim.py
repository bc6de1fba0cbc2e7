"""mazegraph.generators.prim: true Prim's texture is Kruskal's (the rest: test_growing_tree.py)."""

from __future__ import annotations

from ._growing import texture


def test_prim_true_is_kruskal_texture():
    """Both are minimum spanning trees for independent random weights: the same distribution."""
    assert abs(texture("prim_true", {})[0] - texture("kruskal", {})[0]) < 0.8
