"""``mazegraph reproduce uniformity | ust | scaling``: the research checks as experiments.

- :func:`reproduce_uniformity` tests every algorithm of Pullen's table on tiny
  graphs, with samples sized by a power calculation against randomized
  Kruskal's bias and ``never`` proven by the reachability models
  (:mod:`mazegraph.uniformity.reachable`), and prints the verdicts beside
  Pullen's ``uniform`` column;
- :func:`reproduce_ust` measures the degree fractions of Wilson mazes on large
  grids against the exact square-lattice values, and on sigma, delta and 3D grids;
- :func:`reproduce_scaling` fits the solution-length exponent of every algorithm.

Each writes CSV, Markdown and PNG files under its output folder.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .._folders import make_folder
from ..generators import applicability
from ..params import Param, checked
from ..plot import degrees
from ..plot import scaling as scaling_figure
from ..plot.command import save
from ..reproduce.pullen import ROWS, reference
from ..runner.provenance import write_config
from ..tessellations import build
from ._params import ALPHA, GRAPH, POWER, SAMPLES, SEED
from .count import count_spanning_trees
from .ust import LERW_EXPONENT, compare_z2, degree_fractions, fit_exponent, scaling
from .verify import power_samples, test

__all__ = [
    "GRAPHS",
    "sample_plan",
    "reproduce_uniformity",
    "reproduce_ust",
    "reproduce_scaling",
    "run",
]

GRAPHS = [("orthogonal", (2, 3)), ("orthogonal", (3, 3)), ("orthogonal", (3, 4)), ("sigma", (3, 3)), ("torus", (3, 3))]
ORDER = {"Yes": 0, "no": 1, "never": 2}


@checked(GRAPH, ALPHA, POWER, SEED, Param("max_samples", SAMPLES.kind, 70_000, "the most samples"))
def sample_plan(G, alpha: float = 1e-3, power: float = 0.99, seed: int = 0, max_samples: int = 70_000) -> dict:
    """Size the samples for one graph: a pilot run of randomized Kruskal estimates its bias.

    Cohen's effect size is estimated without bias as ``w2 = (chi2 - df) / pilot``;
    :func:`~mazegraph.uniformity.power_samples` turns it into the samples that
    detect it with probability ``power`` at level ``alpha``. The plan uses at
    least five samples per tree (the chi-square approximation) and at most
    ``max_samples``. No samples are needed for ``never``: that verdict comes
    from a proof (:mod:`mazegraph.uniformity.reachable`), not from unseen trees.

    Returns
    -------
    dict
        ``trees``, ``pilot``, ``w2``, ``needed``, ``samples``.
    """
    trees = count_spanning_trees(G)
    pilot = max(5 * trees, 2000)
    r = test("kruskal", G, pilot, seed=np.random.SeedSequence(seed, spawn_key=(999,)), alpha=alpha)
    w2 = max(0.0, (r.chi2 - (trees - 1)) / pilot)
    needed = power_samples(w2, trees, alpha, power)
    return {"trees": trees, "pilot": pilot, "w2": w2, "needed": needed,
            "samples": int(min(max(needed, 5 * trees), max_samples))}


def reproduce_uniformity(
    out="uniformity-results", alpha: float = 1e-3, seed: int = 20261129, max_samples: int = 70_000, graphs=None,
    echo=print,
) -> pd.DataFrame:
    """Every row of Pullen's table on every small graph; verdicts beside his ``uniform`` column.

    Writes ``uniformity.csv`` (one row per algorithm and graph),
    ``uniformity.md`` and ``plan.csv`` (the power calculation) under ``out``.

    Returns
    -------
    pandas.DataFrame
        One row per Pullen row: a verdict per graph, the overall verdict
        (``never`` if proven on any graph, else ``no`` if any graph says so,
        else ``Yes``), where the proof came from (``reachable``) and Pullen's.
    """
    out = make_folder(out)
    graphs = graphs or GRAPHS
    pullen = reference().set_index("algorithm")["uniform"]
    records, plans = [], []
    for g, (name, size) in enumerate(graphs):
        G = build(name, *size)
        label = f"{name} {'x'.join(map(str, size))}"
        plan = sample_plan(G, alpha=alpha, seed=seed + g, max_samples=max_samples)
        plans.append({"graph": label, **plan})
        echo(
            f"{label}: {plan['trees']} trees; Kruskal pilot of {plan['pilot']} mazes gives effect size "
            f"w2 = {plan['w2']:.4f}; power 0.99 at alpha {alpha:g} needs {plan['needed']} -> {plan['samples']} mazes "
            f"(at least 5 per tree, at most {max_samples})"
        )
        why = applicability(G)
        for r, row in enumerate(ROWS):
            if why.get(row.algorithm):
                records.append({"pullen": row.pullen, "graph": label, "verdict": "n/a", "evidence": why[row.algorithm]})
                continue
            result = test(row.algorithm, G, plan["samples"], seed=np.random.SeedSequence(seed, spawn_key=(g, r)),
                          alpha=alpha, **row.options)
            records.append({"pullen": row.pullen, "graph": label, **result.as_dict()})
    detail = pd.DataFrame(records)
    detail.to_csv(out / "uniformity.csv", index=False)
    pd.DataFrame(plans).to_csv(out / "plan.csv", index=False)
    table = detail.pivot(index="pullen", columns="graph", values="verdict")
    table = table.reindex([row.pullen for row in ROWS])[[f"{n} {'x'.join(map(str, s))}" for n, s in graphs]]

    def overall(verdicts):
        known = [v for v in verdicts if v in ORDER]
        return max(known, key=ORDER.get) if known else "n/a"

    table["overall"] = table.apply(lambda r: overall(r.tolist()), axis=1)
    table["reachable"] = [_reach(detail[detail.pullen == p]) for p in table.index]
    table["Pullen"] = [pullen.get(p, "") for p in table.index]
    table["agrees"] = table["overall"] == table["Pullen"]
    (out / "uniformity.md").write_text(_markdown(table), encoding="utf-8")
    return table


def _reach(rows: pd.DataFrame) -> str:
    """Where an algorithm's ``never`` was proven, or whether every tree is provably reachable."""
    ran = rows[rows.verdict != "n/a"]
    proven = ran[ran.verdict == "never"]
    if len(proven):
        first = proven.iloc[0]
        return f"{int(first.reachable)}/{int(first.trees)} on {first.graph}"
    known = ran.reachable.notna() if "reachable" in ran else pd.Series(False, index=ran.index)
    if len(ran) and known.all():
        return "all (proof)"
    return "no model" if not known.any() else "all where modelled"


def _markdown(table: pd.DataFrame) -> str:
    """A GitHub Markdown table of ``table``, its index as the first column (no tabulate needed)."""
    header = [table.index.name or "", *map(str, table.columns)]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for name, values in zip(table.index, table.itertuples(index=False)):
        lines.append("| " + " | ".join(str(v) for v in (name, *values)) + " |")
    return "\n".join(lines) + "\n"


UST_RUNS = {
    "quick": [
        ("torus", (256, 256), 0),
        ("orthogonal", (256, 256), 32),
        ("sigma", (128, 128), 16),
        ("delta", (128, 256), 16),
        ("grid", ((40, 40, 40),), 6),
    ],
    "full": [
        ("torus", (1024, 1024), 0),
        ("orthogonal", (1024, 1024), 128),
        ("sigma", (512, 512), 64),
        ("delta", (512, 1024), 64),
        ("grid", ((100, 100, 100),), 15),
    ],
}


def reproduce_ust(out="ust-results", mazes: int = 40, full: bool = False, seed: int = 20261129,
                  echo=print) -> pd.DataFrame:
    """Degree fractions of Wilson mazes, interior cells, with 95% intervals; Z^2 against the exact values.

    Writes ``ust.csv`` and ``ust.png`` under ``out``.
    """
    out = make_folder(out)
    parts = []
    for name, size, margin in UST_RUNS["full" if full else "quick"]:
        part = degree_fractions("wilson", name, size, mazes, seed=seed, margin=margin)
        part["margin"] = margin
        if name in ("torus", "orthogonal"):
            part = compare_z2(part)
        parts.append(part)
        echo(f"{name} {part['size'].iloc[0]}: {mazes} mazes, {part['cells'].iloc[0]} interior cells each")
    table = pd.concat(parts, ignore_index=True)
    table.to_csv(out / "ust.csv", index=False)
    save(degrees(table), out / "ust.png")
    return table


def reproduce_scaling(out="scaling-results", mazes: int = 10, full: bool = False, seed: int = 20261129,
                      algorithms=None, echo=print) -> pd.DataFrame:
    """Fit the solution-length exponent of every perfect-maze algorithm on ``n x n`` orthogonal grids.

    Quick: ``n`` = 16..256, ``mazes`` per size; full: ``n`` = 16..1024. Writes
    ``lengths.csv``, ``scaling.csv`` and ``scaling.png``.
    """
    out = make_folder(out)
    sizes = [16, 32, 64, 128, 256] + ([512, 1024] if full else [])
    algorithms = algorithms or list(dict.fromkeys(row.algorithm for row in ROWS))  # the perfect-maze generators
    lengths = scaling(algorithms, sizes, mazes, seed=seed, progress=echo)
    lengths.to_csv(out / "lengths.csv", index=False)
    fits = fit_exponent(lengths, min_n=32)
    fits["reference"] = np.where(fits.algorithm.isin(["wilson", "aldous_broder"]), LERW_EXPONENT, math.nan)
    fits.to_csv(out / "scaling.csv", index=False)
    save(scaling_figure(lengths, fits), out / "scaling.png")
    return fits


def run(args) -> int:
    """The ``mazegraph reproduce {uniformity,ust,scaling}`` command."""
    # the reproduce parser's --seeds default is Pullen's (200): use ours unless given
    out = args.out if args.out is not None else f"{args.table}-results"  # the committed copy: README, Experiments
    seeds = args.seeds
    full = bool(getattr(args, "full", False))
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", 30)
    if args.table == "uniformity":
        table = reproduce_uniformity(out, max_samples=300_000 if full else 70_000)
        print(table.to_string())
        print("\nverdicts: never = some trees can never be made, proven by listing every tree the algorithm can "
              "reach (exhaustive search over its choices, or a characterisation such as depth-first-search trees; "
              "mazegraph.uniformity.reachable), whatever the samples; no = not uniform (chi-square test, or more "
              "trees unseen than a uniform sampler misses, Chernoff bound), with unseen trees not proven "
              "unreachable; Yes = consistent with uniform. Overall = never if proven on any graph, else no if any "
              "graph says no, else Yes. reachable = trees reachable / all trees on the first graph with a proof of "
              "never, 'all (proof)' where every tree is provably reachable on every graph, 'no model' without a "
              "proof.")
        print(f"wrote {out}/uniformity.csv, uniformity.md, plan.csv")
    elif args.table == "ust":
        table = reproduce_ust(out, mazes=seeds or 40, full=full)
        print(table.drop(columns=["algorithm"]).to_string(index=False))
        print(f"wrote {out}/ust.csv, ust.png")
    else:
        fits = reproduce_scaling(out, mazes=seeds or 10, full=full)
        print(fits.to_string(index=False))
        print(f"(loop-erased random walk: {LERW_EXPONENT}; fit on n >= 32)\nwrote {out}/scaling.csv, scaling.png")
    write_config(out, {"table": args.table, "full": full, "seeds": seeds}, root_seed=20261129)
    return 0
