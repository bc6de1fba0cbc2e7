"""Tests of mazegraph.drawing, one file per module (tests/drawing/test_<module>.py)."""
