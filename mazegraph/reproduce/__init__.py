"""Reproductions of published tables: ``mazegraph reproduce NAME``."""
