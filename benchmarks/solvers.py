"""Solver speed: time per solve and per cell on perfect orthogonal mazes of growing size.

Run ``python benchmarks/solvers.py``; prints one line per solver and size (median of a few runs).
"""

import time

import numpy as np

import mazegraph as mg

if __name__ == "__main__":
    for side in (50, 200):
        M = mg.generate(mg.tessellations.orthogonal(side, side), "kruskal", seed=1)
        for method in mg.solvers():
            mg.solve(M, method, seed=1)  # compile and cache the rotation system
            times = []
            for rep in range(3):
                t0 = time.perf_counter()
                r = mg.solve(M, method, seed=rep)
                times.append(time.perf_counter() - t0)
            t = float(np.median(times))
            print(f"{side:4d}x{side:<4d} {method:20s} {t * 1e3:9.2f} ms  {t * 1e9 / M.cells.n_cells:8.1f} ns/cell  "
                  f"steps/cell {r.steps / M.cells.n_cells:6.2f}  solved {r.solved}")
