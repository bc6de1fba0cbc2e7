"""Tests of mazegraph.formats, one file per module (tests/formats/test_<module>.py)."""
