"""
Numberlink puzzles
==================

A Numberlink (or "Flow") puzzle gives pairs of numbered cells; the player joins
each pair by a path of neighbouring cells so that the paths never cross or touch
the same cell. mazegraph generates such puzzles on any tessellation, solution
first, and solves and counts solutions with a SAT solver.
"""

# %%
# Generate a puzzle
# -----------------
# A union-find path generator lays self-avoiding paths over the board; on a
# rectangular board every cell left over then joins a path (a full board, as in
# Flow Free), and the ends of each path become a pair. ``unique=True`` keeps
# repairing and redrawing until the SAT solver proves that the puzzle has
# exactly one solution; ``P.meta`` says under which rules, and how hard it is.

import mazegraph as mg

board = mg.tessellations.orthogonal(8, 8)
P = mg.numberlink.generate(board, seed=3, unique=True)
print(P.meta["unique_under"], P.meta["difficulty"])
P

# %%
# The text format (orthogonal boards): one line per row, a symbol per pair, ``.``
# for an empty cell, ``#`` for a solid one (a cell no path may use).

print(P.to_text())

# %%
# Solve it, and count its solutions
# ---------------------------------
# :func:`mazegraph.numberlink.solve` encodes the rules as a SAT problem
# (python-sat) and forbids detached cycles lazily; it returns one path per pair.
# :func:`~mazegraph.numberlink.count_solutions` keeps asking for another solution
# different from those found, up to a limit.

paths = mg.numberlink.solve(P)
print(len(paths), "paths;", mg.numberlink.count_solutions(P, limit=2), "solution(s);", "valid:", P.is_solution(paths))
mg.render(P.with_solution(paths), solution=True, path="numberlink-solved.png")

# %%
# Read a puzzle from text
# -----------------------
# :func:`~mazegraph.numberlink.parse` reads the same format back (``1`` to ``9``,
# then letters, for the pairs; ``#`` for a solid cell), so puzzles from elsewhere
# can be solved too. This small one is a poor puzzle: it has several solutions,
# which is why the generator's ``unique=True`` exists.

text = """\
1..1
....
2..2
"""
Q = mg.numberlink.parse(text)
print(Q, "->", mg.numberlink.count_solutions(Q, limit=5), "solutions")

# %%
# Rules differ between collections
# --------------------------------
# Flow Free asks that every cell be on a path (``fill=True``, the default);
# Nikoli's Numberlink does not. Many collections also forbid a path to run beside
# itself (``self_touch=False``, which the generator uses on rectangular boards:
# the puzzle above says so in ``P.rules`` and in its text's first line). The
# counts differ: this board has two solutions that fill it, and only one of
# them keeps each path off itself.

R = mg.numberlink.parse("...2\n.21.\n1...")
for fill in (True, False):
    for self_touch in (True, False):
        print(
            f"fill={fill}, self_touch={self_touch}:",
            mg.numberlink.count_solutions(R, limit=100, fill=fill, self_touch=self_touch),
            "solutions",
        )

# %%
# Other formats
# -------------
# The Flow Free level format (a letter per colour) and the numeric grid of
# Numberlink contests are read too; :func:`~mazegraph.numberlink.parse` detects
# which one it is given.

print(mg.numberlink.to_flow(P))
print(mg.numberlink.parse("2 3\n1 0 2\n1 0 2").to_text())

# %%
# Any tessellation
# ----------------
# The same generator and solver work on hexagons, triangles, or a cube's
# surface (there with solid cells by default); such boards save as JSON
# (``P.to_json()``) rather than text.

H = mg.numberlink.generate(mg.tessellations.sigma(7, 7), seed=2, unique=True)
print(H, "unique:", mg.numberlink.count_solutions(H) == 1)
mg.render(H, solution=True, path="numberlink-sigma.png")

# %%
# :func:`~mazegraph.numberlink.quality` scores a puzzle (path lengths, how many
# cells are covered, how spread the endpoints are), for filtering large batches:

mg.numberlink.quality(H)
