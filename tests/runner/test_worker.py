"""mazegraph.runner.worker: regenerate reproduces a maze of an experiment, symmetric ones too."""

from __future__ import annotations

import numpy as np
import pytest

import mazegraph as mg

from ._runner import N_BASE


def test_regenerate_reproduces_the_maze(clean):
    for k in (0, 10, N_BASE - 1):
        row = clean.iloc[k]
        maze = mg.regenerate(row)
        assert maze.is_perfect()
        assert maze == mg.regenerate(row.to_dict())
        assert mg.metrics.summary(maze)["dead_end_pct"] == row["dead_end_pct"]
        seed = np.random.SeedSequence(int(row["root_seed"]), spawn_key=(int(row["spawn_key"]),))
        cells = mg.tessellations.build(row["tessellation"], *map(int, row["size"].split("x")))
        assert maze == mg.generate(cells, row["algorithm"], seed=seed, focus=row["focus"])
        assert maze.meta["spawn_key"] == row["spawn_key"]


def test_symmetric_mazes_in_an_experiment_and_their_regeneration(tmp_path):
    config = {"root_seed": 5, "seeds": 3, "metrics": ["dead_end_pct"],
              "algorithms": [{"name": "backtracker", "options": {"symmetry": "rotate90"}}, {"name": "backtracker"}],
              "tessellations": [{"name": "orthogonal", "sizes": [[8, 8]]}]}
    rows = mg.experiment(config, out=tmp_path / "run")
    assert len(rows) == 6 and rows["options"].nunique() == 2
    for _, row in rows.iterrows():
        M = mg.regenerate(row)
        broken = len(mg.asymmetric_cells(M, "rotate90"))
        if "symmetry" in row["options"]:
            assert M.meta["symmetry"] == "rotate90" and broken == 4  # an even board: the centre's 4 cells
        else:
            assert broken > 32
    with pytest.raises(mg.ConfigError, match=r"options.symmetry: unknown symmetry .*known: rotate180"):
        mg.experiment({**config, "algorithms": [{"name": "kruskal", "options": {"symmetry": "spin"}}]},
                      out=tmp_path / "bad")
