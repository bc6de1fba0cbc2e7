"""Fixtures shared by the experiment runner's tests: the reference rows, and a plugin of test algorithms."""

from __future__ import annotations

import textwrap

import pytest

import mazegraph as mg
from mazegraph.runner import config as config_module

from ._runner import BASE, PLUGIN


@pytest.fixture(scope="module")
def clean():
    """The reference rows: BASE run serially, in memory."""
    return mg.experiment(BASE, backend="serial", progress=False)


@pytest.fixture
def plugin(tmp_path):
    """A plugin file registering test algorithms; unregistered afterwards."""
    path = tmp_path / "test_plugin.py"
    path.write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    yield str(path)
    for name in ("test_flaky", "test_die"):
        if name in mg.algorithms():
            mg.unregister_algorithm(name)
    config_module._LOADED.discard(str(path))
