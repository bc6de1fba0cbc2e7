"""Tests of mazegraph.reproduce, one file per module (tests/reproduce/test_<module>.py)."""
