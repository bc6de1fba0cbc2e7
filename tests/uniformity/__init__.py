"""Tests of mazegraph.uniformity, one file per module (tests/uniformity/test_<module>.py)."""
