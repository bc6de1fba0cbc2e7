"""Tests of mazegraph.tessellations, one file per module (tests/tessellations/test_<module>.py)."""
