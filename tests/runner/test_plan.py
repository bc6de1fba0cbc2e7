"""mazegraph.runner.plan: task keys are the hash of each task description."""

from __future__ import annotations


def test_task_keys_are_the_hash_of_each_task_description():
    from mazegraph.runner.config import load_config
    from mazegraph.runner.plan import _SENTINEL, make_plan, replicate_keys, task_key

    cfg = load_config(
        {
            "root_seed": 2,
            "seeds": 3,
            "metrics": [],
            "algorithms": [
                {"name": "growing_tree", "options": {"policy": "newest"}},
                {"name": "kruskal", "focus": "wall"},
            ],
            "tessellations": [{"name": "orthogonal", "sizes": [[3, 4], [2, 2]]}],
        }
    )
    for task in make_plan(cfg).tasks:  # the plan's shortcut against the definition, task by task
        a, i, j, r = task.order
        algo, entry = cfg.algorithms[a], cfg.tessellations[i]
        assert task.key == task_key(
            {
                "algorithm": algo.name,
                "options": algo.options,
                "focus": algo.focus,
                "tessellation": entry.name,
                "tessellation_options": entry.options,
                "size": list(entry.sizes[j]),
                "replicate": r,
            }
        )
    tricky = {"algorithm": "x", "options": {"é": "ü\n", "replicate": _SENTINEL, "z": [1.5, None]}}
    assert replicate_keys(tricky, 4) == [task_key({**tricky, "replicate": r}) for r in range(4)]


def test_chunks_cover_every_task_once_in_order_and_the_last_ones_are_cut_small():
    import math

    from mazegraph.runner.config import load_config
    from mazegraph.runner.plan import TAIL_PIECES, make_chunks, make_plan

    cfg = load_config(
        {
            "root_seed": 2,
            "seeds": 50,
            "metrics": [],
            "algorithms": [{"name": "kruskal"}, {"name": "wilson", "focus": "wall"}],
            "tessellations": [{"name": "orthogonal", "sizes": [[3, 4], [5, 5]]}],
        }
    )
    plan = make_plan(cfg)
    ordered = sorted(plan.tasks, key=lambda t: (t.tessellation, t.order))
    expected = [(t.algorithm, t.options, t.focus, t.replicate, t.key) for t in ordered]
    size_of = {t.key: plan.tessellations[t.tessellation][1] for t in plan.tasks}
    for workers, chunk_size in ((1, None), (2, None), (3, None), (2, 7)):
        chunks = make_chunks(plan, plan.tasks, workers, chunk_size)
        assert [task for chunk in chunks for task in chunk.tasks] == expected
        for chunk in chunks:  # never empty, one tessellation size each
            assert chunk.tasks and {size_of[task[4]] for task in chunk.tasks} == {chunk.size}
        per = chunk_size or math.ceil(len(plan.tasks) / (4 * workers))  # CHUNKS_PER_WORKER = 4
        whole = [list(c.tasks) for c in make_chunks(plan, plan.tasks, 1, per)]  # cut at `per`, nothing split
        if chunk_size is not None or workers == 1:
            assert [list(c.tasks) for c in chunks] == whole
            continue
        # the last `workers` chunks of the uncut layout, each cut in TAIL_PIECES nearly equal pieces
        tail = [list(c.tasks) for c in chunks[len(whole) - workers :]]
        assert [list(c.tasks) for c in chunks[: len(whole) - workers]] == whole[:-workers]
        assert len(tail) == workers * TAIL_PIECES
        assert [t for piece in tail for t in piece] == [t for chunk in whole[-workers:] for t in chunk]
        for k, chunk in enumerate(whole[-workers:]):
            pieces = tail[k * TAIL_PIECES : (k + 1) * TAIL_PIECES]
            assert [t for piece in pieces for t in piece] == chunk
            assert max(map(len, pieces)) == math.ceil(len(chunk) / TAIL_PIECES)
