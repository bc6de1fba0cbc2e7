"""
Reproducing Pullen's tables
===========================

Walter Pullen's *Maze Algorithms* page gives two tables: for each generation
algorithm, the share of dead ends and of cells on the solution in 100 x 100
mazes (and a relative time); for each solving algorithm, what it finds, whether
it always finds it, and how much memory and time it needs. mazegraph measures
both and sets them beside his figures. ``mazegraph reproduce pullen`` and
``mazegraph reproduce solvers`` do it from the shell, with more mazes; here is
the same in a few lines, small enough to run while these pages are built.
"""

# %%
# The generation table
# --------------------
# :func:`mazegraph.reproduce.pullen.config` is the experiment behind the table:
# every row of the table (passage carving, and wall adding where Pullen gives
# it) on 100 x 100 orthogonal grids. 20 mazes per row here (the command's default
# is 200, its ``--seeds 1000`` the full table).

import matplotlib.pyplot as plt
import numpy as np

import mazegraph as mg
from mazegraph.reproduce import pullen

config = pullen.config(seeds=20, size=100)
rows = mg.experiment(config, backend="serial", progress=False)
table = pullen.compare(rows)
print(len(rows), "mazes")

# %%
# Measured means with the half width of their 95% interval, beside the same
# figures measured from Pullen's program Daedalus 3.5 and his printed ones, and a
# verdict against Daedalus: ``agrees`` when the means are within the combined
# interval of both, else ``differs``, with the reason where mazegraph differs on
# purpose.

columns = ["pullen", "focus", "dead_end_pct", "dead_end_pct_ci95", "dead_end_pct_daedalus", "dead_end_pct_pullen",
           "solution_pct", "solution_pct_ci95", "solution_pct_daedalus", "solution_pct_pullen", "verdict"]
table[columns].round(1)

# %%
# Dead ends per row, measured (dots with 95% intervals) against Pullen's figure
# (crosses), passage carvers only:

carve = table[table["focus"] == "passage"].reset_index(drop=True)
y = np.arange(len(carve))
fig, ax = plt.subplots(figsize=(7, 5))
ax.errorbar(carve["dead_end_pct"], y, xerr=carve["dead_end_pct_ci95"], fmt="o", color="#1f77b4",
            label="measured, 95% CI")
ax.plot(carve["dead_end_pct_pullen"], y, "x", color="#d62728", markersize=8, label="Pullen")
ax.set_yticks(y, carve["pullen"])
ax.invert_yaxis()
ax.set_xlabel("dead ends (% of cells), 100 x 100")
ax.legend(loc="lower left")
fig.tight_layout()

# %%
# Where a row differs from Daedalus, the verdict says so (with its reason where
# mazegraph differs on purpose); ``data/results/pullen/pullen.md`` in the
# repository has the committed 200-maze run with its notes.

for row in table[table["verdict"].str.startswith("differs")].itertuples():
    print(f"{row.pullen} ({row.focus}): {row.verdict}")

# %%
# The solving table
# -----------------
# :func:`mazegraph.reproduce.solvers.measure` runs all 13 of Pullen's solvers on
# perfect, braid, island and unsolvable mazes (orthogonal, sigma and theta, two
# sizes each); :func:`~mazegraph.reproduce.solvers.compare` reads off what each
# one found, whether it solved every solvable maze, its extra memory and how its
# steps grow with size, beside Pullen's words. 4 seeds here, 12 by default.

from mazegraph.reproduce import solvers

runs = solvers.measure(seeds=4)
solving = solvers.compare(runs)
solving[["solver", "solutions", "solutions_pullen", "guarantee", "guarantee_pullen",
         "memory_free", "memory_free_pullen", "verdict"]]

# %%
# A solver, one maze
# ------------------
# Each solver also runs on its own: :func:`mazegraph.solve` returns whether it
# solved the maze, the path, the steps it took and the memory it used.

maze = mg.generate(mg.tessellations.theta(8), "kruskal", seed=3)
for method in ("wall_follower", "tremaux", "dead_end_filler", "shortest_path"):
    result = mg.solve(maze, method, seed=1)
    print(f"{method:16s} solved={result.solved!s:5s} path={len(result.path):3d} cells, "
          f"steps={result.steps:4d}, memory={result.memory}")
