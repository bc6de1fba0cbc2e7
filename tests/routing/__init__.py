"""Tests of mazegraph.routing, one file per module (tests/routing/test_<module>.py)."""
