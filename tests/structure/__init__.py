"""Tests of mazegraph.structure, one file per module (tests/structure/test_<module>.py)."""
