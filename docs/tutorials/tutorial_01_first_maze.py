"""
First maze, and every tessellation
==================================

A tessellation is a plain :class:`networkx.Graph`: nodes are cells, edges are the
walls that may open. A maze is a set of open edges on it, made by a generator.
"""

# %%
# Make a maze
# -----------
# Twelve by twelve hexagons, Wilson's algorithm (every spanning tree equally
# likely), seed 7. The same seed gives the same maze on every machine.

import mazegraph as mg

G = mg.tessellations.sigma(12, 12)
M = mg.generate(G, "wilson", seed=7)
M

# %%
# The maze as a graph
# -------------------
# ``M.to_networkx()`` is the graph of passages over every cell: a spanning tree,
# so it has one edge fewer than nodes and exactly one path between two cells.

T = M.to_networkx()
print(T.number_of_nodes(), "cells,", T.number_of_edges(), "passages; perfect:", M.is_perfect())
path = M.solution()
print(f"the solution runs through {len(path)} cells, from {path[0]} to {path[-1]}")

# %%
# Draw it with its solution. :func:`mazegraph.render` writes SVG or PNG by the
# file's suffix (without ``path`` it returns the SVG text or the PNG bytes).

mg.render(M, solution=True, path="sigma-wilson.png")

# %%
# Measure its texture
# -------------------
# Every metric of :mod:`mazegraph.metrics` in one flat dict (definitions on the
# :doc:`metrics page <../metrics>`).

summary = mg.metrics.summary(M)
for key in ("dead_end_pct", "junction_pct", "solution_pct", "corridor_length_mean", "run_length_mean"):
    print(f"{key:22s} {summary[key]:6.2f}")

# %%
# Save and load
# -------------
# A maze saves as JSON: the tessellation's recipe and the open edges. Loading
# it gives back an equal maze.

text = M.to_json()
assert mg.Maze.from_json(text) == M
print(len(text), "characters of JSON")

# %%
# Every tessellation
# ------------------
# The same call works on every tessellation. Wilson's algorithm runs wherever it
# can; :func:`mazegraph.algorithms` lists what runs on a graph (zeta mazes forbid
# crossing diagonals and weave mazes tunnel only under straight corridors, which
# Wilson's random walks cannot respect, so those two take Kruskal; fractal
# tessellations have their own generator). The pictures are what
# :func:`mazegraph.render` draws, put side by side with matplotlib.

import io

import matplotlib.pyplot as plt

t = mg.tessellations
heart = """
##...###...##
#.....#.....#
.............
.............
#...........#
##.........##
###.......###
####.....####
#####...#####
######.######
"""  # "." an open cell, "#" a blocked place
tessellations = {
    "orthogonal(8, 10)": t.orthogonal(8, 10),
    "delta(8, 14)": t.delta(8, 14),
    "sigma(8, 9)": t.sigma(8, 9),
    "sigma_hexagon(5)": t.sigma_hexagon(5),
    "theta(6)": t.theta(6),
    "upsilon(7, 9)": t.upsilon(7, 9),
    "zeta(8, 10)": t.zeta(8, 10),
    "grid((5, 6, 3))": t.grid((5, 6, 3)),
    "weave(8, 10)": t.weave(8, 10),
    "torus(8, 10)": t.torus(8, 10),
    "cylinder(8, 10)": t.cylinder(8, 10),
    "moebius(6, 16)": t.moebius(6, 16),
    "klein(8, 10)": t.klein(8, 10),
    "cube(4)": t.cube(4),
    "planair()": t.planair(),
    "voronoi(150, seed=1)": t.voronoi(150, seed=1),
    "from_mask(heart)": t.from_mask(heart),
    "fractal(3, 3, 2)": t.fractal(3, 3, 2),
}

fig, axes = plt.subplots(4, 5, figsize=(15, 12.5))
for ax, (call, G) in zip(axes.flat, tessellations.items()):
    runs = mg.algorithms(G)
    algorithm = "fractal" if "fractal" in runs else "wilson" if "wilson" in runs else "kruskal"
    M = mg.generate(G, algorithm, seed=1)
    ax.imshow(plt.imread(io.BytesIO(mg.render(M, solution=True, format="png", scale=12))))
    ax.set_title(f"{call}\n{algorithm}, {M.cells.n_cells} cells", fontsize=9)
for ax in axes.flat:
    ax.set_axis_off()
fig.tight_layout()

# %%
# Each tessellation's cells, neighbours and drawing attributes are described in
# :mod:`mazegraph.tessellations`; ``mg.tessellations.build(name, *sizes)`` gives the
# compiled arrays without a networkx graph, for millions of cells.

print(mg.tessellations.build("orthogonal", 1000, 1000))
