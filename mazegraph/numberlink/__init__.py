"""Numberlink ("Flow") puzzles on any tessellation: generate, solve, check, draw.

>>> import mazegraph as mg
>>> P = mg.numberlink.generate(mg.tessellations.orthogonal(5, 5), seed=1, unique=True)
>>> mg.numberlink.count_solutions(P), int(P.solid.sum())
(1, 0)
"""

from .difficulty import difficulty, forced_share
from .generate import generate, quality
from .puzzle import SYMBOLS, Puzzle, parse, parse_json
from .solve import count_solutions, solutions, solve

__all__ = [
    "Puzzle", "parse", "parse_json", "SYMBOLS", "generate", "quality", "solve", "count_solutions", "solutions",
    "difficulty", "forced_share",
]
