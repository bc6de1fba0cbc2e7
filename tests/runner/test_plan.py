"""mazegraph.runner.plan: task keys are the hash of each task description."""

from __future__ import annotations


def test_task_keys_are_the_hash_of_each_task_description():
    from mazegraph.runner.config import load_config
    from mazegraph.runner.plan import _SENTINEL, make_plan, replicate_keys, task_key

    cfg = load_config({"root_seed": 2, "seeds": 3, "metrics": [], "algorithms": [
        {"name": "growing_tree", "options": {"policy": "newest"}}, {"name": "kruskal", "focus": "wall"}],
        "tessellations": [{"name": "orthogonal", "sizes": [[3, 4], [2, 2]]}]})
    for task in make_plan(cfg).tasks:  # the plan's shortcut against the definition, task by task
        a, i, j, r = task.order
        algo, entry = cfg.algorithms[a], cfg.tessellations[i]
        assert task.key == task_key({"algorithm": algo.name, "options": algo.options, "focus": algo.focus,
                                     "tessellation": entry.name, "tessellation_options": entry.options,
                                     "size": list(entry.sizes[j]), "replicate": r})
    tricky = {"algorithm": "x", "options": {"é": "ü\n", "replicate": _SENTINEL, "z": [1.5, None]}}
    assert replicate_keys(tricky, 4) == [task_key({**tricky, "replicate": r}) for r in range(4)]
