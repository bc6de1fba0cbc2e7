"""Tests of mazegraph.solvers, one file per module (tests/solvers/test_<module>.py)."""
