"""
Running an experiment and comparing textures
============================================

An experiment makes many mazes per algorithm, tessellation and size, measures
each one, and gives one row per maze. Here: six variants of five algorithms on
square and hexagonal grids, 40 mazes each, compared by their texture (dead
ends, solution share, river, runs).
"""

# %%
# The config
# ----------
# The same fields as a TOML file for ``mazegraph experiment`` (see
# ``experiments/example.toml``); a dict works from Python. Every maze's seed
# derives from ``root_seed`` and what the maze is (its *task*), so the rows are the
# same on every machine and backend (see :doc:`../reproducibility`).

import tempfile
from pathlib import Path

import mazegraph as mg

config = {
    "name": "textures",
    "root_seed": 20240601,
    "seeds": 40,  # mazes per algorithm x tessellation x size
    "algorithms": [
        {"name": "wilson"},
        {"name": "backtracker"},
        {"name": "kruskal"},
        {"name": "growing_tree", "options": {"policy": "newest"}},
        {"name": "growing_tree", "options": {"policy": "random"}},
        {"name": "binary_tree"},
    ],
    "tessellations": [
        {"name": "orthogonal", "sizes": [[30, 30]]},
        {"name": "sigma", "sizes": [[30, 30]]},
    ],
}

# %%
# Run it
# ------
# ``out`` is a folder of Parquet parts, written as chunks finish; run the same
# call again and it resumes instead of repeating. ``backend="serial"`` runs in
# this process; the default uses every local core, and ``"dask"`` a cluster, with
# the same rows.

out = Path(tempfile.mkdtemp()) / "textures"
df = mg.experiment(config, out=out, backend="serial", progress=False)
print(len(df), "mazes;", df["error"].notna().sum(), "errors")
df[["variant", "tessellation", "size", "replicate", "dead_end_pct", "solution_pct", "time_ns"]].head()

# %%
# The folder reads back as it is, with pandas, pyarrow, Dask, or in config order:

assert mg.load_results(out).equals(df)
sorted(p.name for p in out.iterdir())[:3]

# %%
# Means with confidence intervals
# -------------------------------
# :func:`mazegraph.summarize` gives mean, standard deviation, count and the half
# width of the 95% interval of every metric, per variant, tessellation and size.

table = mg.summarize(df, metrics=["dead_end_pct", "solution_pct"])
table[["dead_end_pct_mean", "dead_end_pct_ci95", "solution_pct_mean", "solution_pct_ci95"]].round(2)

# %%
# Texture, side by side
# ---------------------
# :func:`mazegraph.plot.distributions` draws each metric's distribution per
# variant, one panel per metric that varies, with units on the axes. Variants are
# never merged: the two Growing Tree policies are two rows.

square = df[df["tessellation"] == "orthogonal"]
fig = mg.plot.distributions(square, metrics=["dead_end_pct", "solution_pct", "corridor_length_mean",
                                             "run_length_mean", "bias_tv", "tortuosity"])

# %%
# One metric into your own axes, across both tessellations, as box plots: each
# variant on the square and on the hexagonal grid. Hexagons add 3 to 5 points of
# dead ends to the algorithms that branch freely, and less than one to the
# depth-first ones (the backtracker, Growing Tree picking the newest cell).

import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(7, 4))
mg.plot.distributions(df, metrics="dead_end_pct", kind="box", ax=ax)
fig.tight_layout()

# %%
# Any row's maze, again
# ---------------------
# Each row carries its root seed and spawn key, so :func:`mazegraph.regenerate`
# remakes exactly the maze that was measured. Here the backtracker maze with the
# fewest dead ends:

backtracker = square[square["algorithm"] == "backtracker"]
row = backtracker.loc[backtracker["dead_end_pct"].idxmin()]
maze = mg.regenerate(row)
print(f"dead ends {row['dead_end_pct']:.1f}% in the row, {mg.metrics.dead_end_pct(maze):.1f}% remade")
maze
