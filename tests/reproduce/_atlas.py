"""The tiny atlas config shared by the atlas tests."""

from __future__ import annotations

TINY = {
    "root_seed": 5,
    "metrics": ["dead_end_pct", "junction_pct", "crossroad_pct", "solution_pct"],
    "algorithms": ["aldous_broder", "wilson", "backtracker"],
    "focus": ["passage", "wall"],
    "default": {"seeds": 4},
    "full": {"seeds": 6},
    "columns": [
        {"label": "torus", "tessellation": "torus", "sizes": [[5, 5], [10, 10]], "full": [[6, 6], [12, 12]],
         "gallery": [4, 4], "lattice": "square", "boundary": False},
        {"label": "delta", "tessellation": "delta", "sizes": [[4, 8], [8, 16]], "full": [[4, 8], [8, 16]],
         "gallery": [3, 6], "lattice": "honeycomb"},
        {"label": "heart", "tessellation": "mask", "sizes": [1, 2], "full": [1, 2], "gallery": 1,
         "mask": ["#.#", "..."]},
    ],
}
