"""Speed of the routing generators and operations (issue 5), beside plain generation in the same run.

The issue names no speed targets for routing, so every figure is printed beside
its natural anchor, measured in the same run on the same grid:

- ``braid`` from scratch (Pullen's wall adder: every wall tried once, each
  with a bidirectional search for an isolation) at growing sizes, to show how
  it scales, beside plain ``kruskal``;
- ``mg.braid`` (dead-end removal) and ``mg.remove_loops`` on a 1000 x 1000 maze;
- weave ``kruskal`` / ``backtracker`` on a weave tessellation beside the same
  names on an orthogonal grid of the same size;
- symmetric generation (``symmetry="rotate180"``, ``"rotate90"``, ``"mirror"``)
  beside the same algorithm without symmetry; finding the symmetry group is
  timed apart (once per tessellation, then cached);
- fractal mazes beside a plain maze of the base algorithm on the same fine grid.

Run: ``python benchmarks/routing.py [--quick]``. Medians of several runs after
a warm-up call (kernels compiled); machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import time

import mazegraph as mg

T = mg.tessellations


def median_seconds(fn, repeats: int) -> float:
    fn()  # warm-up: compile kernels, fill per-tessellation caches
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def row(label: str, seconds: float, cells: int, anchor: float | None = None) -> None:
    ratio = f"{seconds / anchor:8.2f}x" if anchor else " " * 9
    print(f"  {label:46s} {seconds * 1e3:10.2f} ms {seconds * 1e9 / cells:9.0f} ns/cell {ratio}")


def braid_section(sizes: list[int], repeats: int) -> None:
    print("braid from scratch (ratio: against kruskal on the same grid)")
    for n in sizes:
        G = T.build("orthogonal", n, n)
        plain = median_seconds(lambda G=G: mg.generate(G, "kruskal", seed=1), repeats)
        braid = median_seconds(lambda G=G: mg.generate(G, "braid", seed=1), repeats)
        row(f"braid {n} x {n}", braid, G.n_cells, plain)


def operations_section(n: int, repeats: int) -> None:
    G = T.build("orthogonal", n, n)
    M = mg.generate(G, "kruskal", seed=1)
    plain = median_seconds(lambda: mg.generate(G, "kruskal", seed=1), repeats)
    print(f"operations on a {n} x {n} kruskal maze (ratio: against generating it)")
    B = mg.braid(M, seed=1)
    row("mg.braid(M)", median_seconds(lambda: mg.braid(M, seed=1), repeats), G.n_cells, plain)
    row("mg.braid(M, 0.5)", median_seconds(lambda: mg.braid(M, 0.5, seed=1), repeats), G.n_cells, plain)
    row("mg.remove_loops(braided)", median_seconds(lambda: mg.remove_loops(B, seed=1), repeats), G.n_cells, plain)
    row("mg.sparsify(M, 3)", median_seconds(lambda: mg.sparsify(M, 3), repeats), G.n_cells, plain)


def weave_section(n: int, repeats: int) -> None:
    print(f"weave {n} x {n} (ratio: against the same algorithm on orthogonal {n} x {n})")
    W, grid = T.build("weave", n, n), T.build("orthogonal", n, n)
    for name in ("kruskal", "backtracker"):
        plain = median_seconds(lambda name=name: mg.generate(grid, name, seed=1), repeats)
        weave = median_seconds(lambda name=name: mg.generate(W, name, seed=1), repeats)
        row(f"{name} on weave", weave, W.n_cells, plain)


def symmetry_section(n: int, repeats: int) -> None:
    print(f"symmetric mazes, orthogonal {n} x {n} (ratio: against the same algorithm without symmetry)")
    G = T.build("orthogonal", n, n)
    for kind in ("rotate180", "rotate90", "mirror"):
        t = time.perf_counter()
        mg.symmetry_group(G, kind)
        row(f"find the {kind} group (first call)", time.perf_counter() - t, G.n_cells)
    for name in ("kruskal", "backtracker", "wilson"):
        plain = median_seconds(lambda name=name: mg.generate(G, name, seed=1), repeats)
        for kind in ("rotate180", "rotate90", "mirror"):
            sym = median_seconds(lambda name=name, kind=kind: mg.generate(G, name, seed=1, symmetry=kind), repeats)
            row(f"{name}, {kind}", sym, G.n_cells, plain)


def fractal_section(shapes: list[tuple[int, int, int]], repeats: int) -> None:
    print("fractal mazes (ratio: against the base algorithm on the same fine grid)")
    for rows, cols, depth in shapes:
        F = T.fractal(rows, cols, depth)
        plain_grid = T.build("orthogonal", rows**depth, cols**depth)
        for base in ("backtracker", "wilson"):
            plain = median_seconds(lambda base=base, g=plain_grid: mg.generate(g, base, seed=1), repeats)
            fractal = median_seconds(lambda base=base, F=F: mg.generate(F, "fractal", seed=1, base=base), repeats)
            row(f"fractal {rows}x{cols} depth {depth}, {base}", fractal, F.number_of_nodes(), plain)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    args = parser.parse_args()
    repeats = 3 if args.quick else 5
    braid_section([50, 100] if args.quick else [100, 200, 400], repeats)
    operations_section(200 if args.quick else 1000, repeats)
    weave_section(200 if args.quick else 1000, repeats)
    symmetry_section(100 if args.quick else 1000, repeats)
    fractal_section([(4, 4, 3)] if args.quick else [(4, 4, 3), (10, 10, 2), (2, 2, 8), (32, 32, 2)], repeats)


if __name__ == "__main__":
    main()
