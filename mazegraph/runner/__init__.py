"""The experiment runner: sweeps of mazes over algorithms, tessellations, sizes and seeds.

One job per module:

- :mod:`.config` reads and checks a config (a dict or TOML file);
- :mod:`.plan` checks it against the tessellations and lists the tasks, each
  with a stable key that seeds its maze, and cuts them into chunks;
- :mod:`.worker` runs a chunk (one tessellation build, many mazes) and
  :func:`regenerate` rebuilds any row's maze;
- :mod:`.backends` runs chunks serially, in a process pool or on Dask;
- :mod:`.schema` gives the rows their final typed columns (variant labels,
  option and size columns, categoricals);
- :mod:`.storage` streams finished chunks to Parquet parts (the output folder
  is a Parquet dataset), resumes and adds replicates;
- :mod:`.provenance` records what made an output (versions, config, date);
- :mod:`.results` reads a folder back (:func:`load_results`);
- :mod:`.run` drives it all (:func:`experiment`);
- :mod:`.stats` aggregates rows (:func:`summarize`).

The package is ``mazegraph.runner``; its main function is also
``mazegraph.experiment`` (so ``mg.experiment(config)`` runs a sweep). Heavy
imports (pandas, pyarrow, tqdm, scipy.stats, dask) happen on first use, so
``import mazegraph`` stays fast.
"""

from .config import AlgorithmEntry, Config, TessellationEntry, load_config
from .results import load_results
from .run import experiment
from .stats import summarize
from .worker import regenerate, task_seed

__all__ = [
    "experiment",
    "load_results",
    "regenerate",
    "summarize",
    "load_config",
    "task_seed",
    "Config",
    "AlgorithmEntry",
    "TessellationEntry",
]
