"""Installed plugins: the ``mazegraph.algorithms`` entry-point group (mazegraph/generators/plugins.py).

Each test installs a fake distribution (a ``*.dist-info`` folder with an
``entry_points.txt``, which is all :mod:`importlib.metadata` reads) into a
temporary folder put on the path of a fresh interpreter, so nothing leaks into
this session's registry.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PLUGIN = '''
import numpy as np
import mazegraph as mg
from scipy.sparse.csgraph import depth_first_order


def dfs_tree(cells, rng):
    """A depth-first tree from cell 0 in index order (deterministic; a test plugin)."""
    _, parent = depth_first_order(cells.adjacency(), 0, directed=False)
    mask = np.zeros(cells.n_edges, dtype=bool)
    for v in np.flatnonzero(parent >= 0):
        mask[cells.edge_index(parent[v], v)] = True
    return mask


def register():
    mg.register_algorithm("dfs_plugin", dfs_tree, summary="depth-first tree from cell 0 (test plugin)")
'''


def install(folder: Path, entry_points: str, module: str | None = PLUGIN) -> None:
    """Write a fake installed distribution ``fakeplug`` with the given entry points into ``folder``."""
    if module is not None:
        (folder / "fakeplug.py").write_text(module)
    info = folder / "fakeplug-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fakeplug\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(textwrap.dedent(entry_points))


def run(folder: Path, code: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(folder), str(ROOT)]))
    command = [sys.executable, "-c", textwrap.dedent(code)] if code else [sys.executable, "-m", "mazegraph", *args]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)


def test_a_function_entry_point_registers_on_first_lookup(tmp_path):
    install(tmp_path, '[mazegraph.algorithms]\ndfs = fakeplug:register\n')
    result = run(tmp_path, """
        import networkx as nx
        import mazegraph as mg
        from mazegraph.generators import plugins
        G = mg.tessellations.orthogonal(5, 6)
        M = mg.generate(G, "dfs_plugin", seed=3)
        T = M.to_networkx()
        print(plugins._searched, nx.is_tree(T), T.number_of_nodes(), M.meta["algorithm"])
        print("dfs_plugin" in mg.algorithms(), plugins.load_plugins())
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "True", "30", "dfs_plugin", "True", "[]"]


def test_plugins_are_not_searched_when_built_in_names_suffice(tmp_path):
    install(tmp_path, '[mazegraph.algorithms]\ndfs = fakeplug:register\n')
    result = run(tmp_path, """
        import mazegraph as mg
        from mazegraph.generators import plugins
        mg.generate(mg.tessellations.build("orthogonal", 3, 3), "kruskal", seed=1)
        print(plugins._searched, "fakeplug" in __import__("sys").modules)
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "False"]


def test_a_module_entry_point_registers_on_import_and_the_cli_lists_it(tmp_path):
    install(tmp_path, '[mazegraph.algorithms]\ndfs = fakeplug\n', PLUGIN + "\nregister()\n")
    listing = run(tmp_path, "", "algorithms")
    assert listing.returncode == 0, listing.stderr
    assert "dfs_plugin" in listing.stdout and "test plugin" in listing.stdout
    made = run(tmp_path, "", "generate", "-a", "dfs_plugin", "-t", "orthogonal", "--size", "4x4")
    assert made.returncode == 0, made.stderr
    assert made.stdout.lstrip().startswith("<?xml") or "<svg" in made.stdout[:500]


@pytest.mark.parametrize(
    ("entry", "module", "error"),
    [
        ("dfs = fakeplug_missing:register", None, "ModuleNotFoundError"),
        ("dfs = fakeplug:register", "def register():\n    raise RuntimeError('no luck')\n", "no luck"),
    ],
)
def test_a_broken_plugin_warns_by_name_and_the_rest_still_works(tmp_path, entry, module, error):
    install(tmp_path, f"[mazegraph.algorithms]\n{entry}\n", module)
    result = run(tmp_path, """
        import warnings
        import mazegraph as mg
        from mazegraph.generators.plugins import PluginWarning
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            names = mg.algorithms()
        print("wilson" in names, [type(w.message).__name__ for w in caught])
        print(caught[0].message)
        try:
            mg.generate(mg.tessellations.build("orthogonal", 3, 3), "dfs_plugin")
        except mg.MazeError as e:
            print(type(e).__name__)
    """)
    assert result.returncode == 0, result.stderr
    first, message, last = result.stdout.splitlines()
    assert first == "True ['PluginWarning']"
    assert "'dfs'" in message and error in message
    assert last == "UnknownAlgorithmError"
