"""Numberlink ("Flow") puzzles on any tessellation: generate, solve, check, draw.

>>> import mazegraph as mg
>>> P = mg.numberlink.generate(mg.tessellations.orthogonal(5, 5), seed=1, unique=True)
>>> mg.numberlink.count_solutions(P), int(P.solid.sum())
(1, 0)
"""

from .difficulty import LEVELS, deduced_share, difficulty, forced_share, level_bounds
from .formats import FORMATS, decode, detect, parse, read_puzzles, to_flow, to_numeric, write_puzzles
from .generate import generate, quality
from .puzzle import SYMBOLS, Puzzle, parse_json, parse_text
from .render import register as _register_renderer
from .solve import count_solutions, solutions, solve

_register_renderer()  # mg.render(puzzle) draws puzzles from here on

__all__ = [
    "Puzzle",
    "parse",
    "parse_json",
    "SYMBOLS",
    "generate",
    "quality",
    "solve",
    "count_solutions",
    "solutions",
    "difficulty",
    "deduced_share",
    "forced_share",
    "level_bounds",
    "LEVELS",
    "parse_text",
    "FORMATS",
    "decode",
    "detect",
    "to_flow",
    "to_numeric",
    "read_puzzles",
    "write_puzzles",
]
