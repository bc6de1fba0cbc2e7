"""mazegraph.metric_info: the metric table covers every summary key."""

from __future__ import annotations

from mazegraph.metric_info import METRICS, metric_info


def test_metric_table_covers_the_summary_keys():
    from mazegraph.metrics import SUMMARY_KEYS

    assert set(SUMMARY_KEYS) <= set(METRICS)
    for name in SUMMARY_KEYS:
        info = metric_info(name)
        assert info.label and info.definition and info.name == name
    assert metric_info("bias_north_south").unit == "ratio"
