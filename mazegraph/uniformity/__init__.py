"""Research checks on perfect mazes, ``mg.uniformity``.

- :mod:`.count`: exact and logarithmic spanning-tree counts, enumeration;
- :mod:`.verify`: :func:`test`, is a generator a uniform sampler of spanning trees?
- :mod:`.reachable`: which trees a generator can make at all (the proofs behind ``never``);
- :mod:`.ust`: limits of the uniform spanning tree (degree distribution) and scaling laws;
"""

from .count import MAX_ENUMERATED, count_spanning_trees, enumerate_spanning_trees, log_count_spanning_trees, tree_key
from .reachable import ReachabilityError, Reachable, reachability, reachable_trees
from .verify import VERDICTS, UniformityResult, expected_tv, never_samples, power_samples, sample_seeds, test

__all__ = [
    "count_spanning_trees",
    "log_count_spanning_trees",
    "enumerate_spanning_trees",
    "tree_key",
    "MAX_ENUMERATED",
    "test",
    "UniformityResult",
    "sample_seeds",
    "power_samples",
    "expected_tv",
    "never_samples",
    "VERDICTS",
    "reachable_trees",
    "reachability",
    "Reachable",
    "ReachabilityError",
]
