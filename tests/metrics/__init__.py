"""Tests of mazegraph.metrics, one file per module (tests/metrics/test_<module>.py)."""
