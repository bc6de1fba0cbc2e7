"""Helpers shared by the runner tests."""

from __future__ import annotations


def _config(algorithms, sizes=((4, 4), (5, 7)), **more):
    return {"root_seed": 1, "seeds": 2, "metrics": [], "algorithms": algorithms,
            "tessellations": [{"name": "orthogonal", "sizes": [list(s) for s in sizes]}], **more}
