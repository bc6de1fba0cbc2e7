"""Print the algorithm x tessellation table of the README (which generator runs where).

Run: ``python experiments/applicability_table.py``. A cell is ``P`` where the
algorithm carves passages on the tessellation, ``P W`` where it also adds walls
(``focus="wall"``), and ``-`` where it refuses; the footnotes give the reasons.
"""

from __future__ import annotations

import mazegraph as mg

SIZES = {"fractal": (3, 3, 2), "grid": ((4, 4, 3),), "planair": (), "mask": (), "cube": (3,), "voronoi": (50,),
         "sigma_hexagon": (4,), "theta": (6,)}


def main() -> None:
    names = mg.algorithms()
    tessellations = mg.tessellations.names()
    reasons: dict[str, int] = {}
    rows = []
    for t in tessellations:
        cells = mg.tessellations.build(t, *SIZES.get(t, (6, 6)))
        passage = mg.applicability(cells)
        wall = mg.applicability(cells, focus="wall")
        row = []
        for a in names:
            if passage[a] is not None:
                note = reasons.setdefault(passage[a], len(reasons) + 1)
                row.append(f"- [{note}]")
            else:
                row.append("P W" if wall[a] is None else "P")
        rows.append(f"| {t} | " + " | ".join(row) + " |")
    print("| tessellation | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    print("\n".join(rows))
    print()
    for text, k in reasons.items():
        print(f"[{k}] {text}")


if __name__ == "__main__":
    main()
