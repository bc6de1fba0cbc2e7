"""Rows and helpers shared by the plot tests."""

from __future__ import annotations

CONFIG = {
    "root_seed": 3,
    "seeds": 6,
    "algorithms": [
        {"name": "growing_tree", "options": {"policy": "newest"}},
        {"name": "growing_tree", "options": {"policy": "random"}},
        {"name": "kruskal"},
        {"name": "kruskal", "options": {"symmetry": "rotate180"}},
        {"name": "kruskal", "focus": "wall"},
    ],
    "tessellations": [{"name": "orthogonal", "sizes": [[6, 6]]}],
}
