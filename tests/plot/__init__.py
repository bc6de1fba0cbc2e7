"""Tests of mazegraph.plot, one file per module (tests/plot/test_<module>.py)."""
