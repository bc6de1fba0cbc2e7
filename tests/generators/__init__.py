"""Tests of mazegraph.generators, one file per module (tests/generators/test_<module>.py)."""
