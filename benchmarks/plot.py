"""Speed of the figures: metric distributions of an experiment's rows, per figure.

Runs ``experiments/example.toml`` (5 variants x 4 tessellation sizes x 20
seeds = 400 rows, every metric) into a temporary folder, then draws and saves
each figure ``mazegraph plot`` makes (one per tessellation and size: 80 rows,
about 16 panels of 5 violins), ``--repeat`` times, and prints the median wall
and CPU time per figure for drawing (``mg.plot.distributions``) and saving
(PNG). Also times one panel into a given Axes (each kind: violin, box,
strip), the scaling figure of the committed 15-algorithm results, and, for
scale, matplotlib alone: a grid of as many empty Axes, of the same size, made
and saved (the floor no drawing code can go below).

Target (issue 17): well under a second per figure for 400 rows (before: 85 s
for the 4 figures, 130.8 s on this machine under load 7).

Run: ``python benchmarks/plot.py [--repeat N]``. Shared machines are noisy:
the CPU time (process time) is steadier than the wall time; ``uptime`` is
printed with the results.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import mazegraph as mg  # noqa: E402
from mazegraph.plot.command import save  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 1.0


def timed(function):
    """(result, wall seconds, CPU seconds) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = function()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def median_times(function, repeat: int) -> tuple[float, float]:
    runs = [timed(function)[1:] for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    report: dict = {"load": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "example"
        df = mg.experiment(ROOT / "experiments" / "example.toml", out=out, progress=False)
        df = mg.load_results(out)
        groups = list(df.groupby(["tessellation", "size"], sort=False, observed=True))
        png = Path(folder) / "figure.png"
        save(mg.plot.distributions(groups[0][1]), png)  # warm: imports, fonts
        per_figure = {}
        for (tessellation, size), part in groups:
            figures: list = []
            draw = median_times(lambda part=part, figures=figures: figures.append(mg.plot.distributions(part)),
                                args.repeat)
            write = median_times(lambda figures=figures: save(figures.pop(), png), args.repeat)
            panels = len(mg.plot.informative_metrics(part))
            per_figure[f"{tessellation} {size}"] = {
                "rows": len(part), "panels": panels, "draw_wall_s": round(draw[0], 3), "draw_cpu_s": round(draw[1], 3),
                "save_wall_s": round(write[0], 3), "save_cpu_s": round(write[1], 3),
            }
        report["per_figure"] = per_figure
        shape = (-(-len(mg.plot.informative_metrics(groups[0][1])) // 3), 3)
        size = mg.plot.distributions(groups[0][1]).get_size_inches()
        plt.close("all")
        floor = median_times(lambda: save(plt.subplots(*shape, figsize=size)[0], png), args.repeat)
        report["matplotlib_floor_empty_grid"] = {"axes": shape[0] * shape[1], "wall_s": round(floor[0], 3),
                                                 "cpu_s": round(floor[1], 3)}
        whole = timed(lambda: mg.plot.command.plot_results(out, Path(folder) / "plots", echo=lambda *_: None))
        report["mazegraph_plot_all_figures_wall_s"] = round(whole[1], 2)
        report["mazegraph_plot_all_figures_cpu_s"] = round(whole[2], 2)
        part = groups[0][1]
        for kind in ("violin", "box", "strip"):
            fig, ax = plt.subplots()
            report[f"one_panel_{kind}_wall_s"] = round(timed(
                lambda ax=ax, kind=kind, fig=fig: (
                    mg.plot.distributions(part, metrics="dead_end_pct", kind=kind, ax=ax), fig.canvas.draw()
                ))[1], 3)
            plt.close(fig)
    scaling = ROOT / "data" / "results" / "scaling"
    if (scaling / "lengths.csv").exists():
        lengths, fits = pd.read_csv(scaling / "lengths.csv"), pd.read_csv(scaling / "scaling.csv")
        report["scaling_15_lines_wall_s"] = round(timed(lambda: save(mg.plot.scaling(lengths, fits), png))[1], 3)
    report["load_after"] = os.getloadavg()[0]
    print(json.dumps(report, indent=1))
    worst = max(f["draw_wall_s"] + f["save_wall_s"] for f in per_figure.values())
    worst_cpu = max(f["draw_cpu_s"] + f["save_cpu_s"] for f in per_figure.values())
    verdict = "ok" if worst < TARGET_SECONDS else "MISSED"
    print(f"\nslowest figure (draw + save): {worst:.2f} s wall, {worst_cpu:.2f} s CPU "
          f"(target < {TARGET_SECONDS:.0f} s wall: {verdict}); load average {report['load']:.1f}")


if __name__ == "__main__":
    main()
