"""Tests of mazegraph.numberlink, one file per module (tests/numberlink/test_<module>.py)."""
