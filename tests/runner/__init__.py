"""Tests of mazegraph.runner, one file per module (tests/runner/test_<module>.py)."""
