"""The tessellation registry: sizes as text and as tuples, specs, and the layering of the modules."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mazegraph as mg
from mazegraph.tessellations import TESSELLATIONS, from_spec, from_text, parse_size

T = mg.tessellations
PACKAGE = Path(mg.__file__).parent


def _seeded(entry, seed):
    return {"seed": seed} if "seed" in entry.options else {}


@pytest.mark.parametrize("name", sorted(TESSELLATIONS))
def test_every_entry_builds_its_example_and_its_spec_rebuilds_it(name):
    entry = TESSELLATIONS[name]
    cells = T.build(name, *entry.arguments(entry.example), **_seeded(entry, 5))
    assert cells.n_cells > 1 and cells.spec is not None
    again = from_spec(cells.spec)
    assert again.n_cells == cells.n_cells and (again.edges == cells.edges).all()
    # the example size is given as the size's numbers, as the command line writes it
    assert from_text(name, "x".join(map(str, entry.example)), seed=5).same_as(cells)
    assert from_text(name, seed=5).same_as(cells)  # no size: the example


@pytest.mark.parametrize("name", sorted(TESSELLATIONS))
def test_every_entry_is_registered_by_the_module_that_builds_it(name):
    entry = TESSELLATIONS[name]
    module = importlib.import_module(entry.cells.__module__)
    assert module.__name__.startswith("mazegraph.tessellations.")
    assert getattr(module, entry.cells.__name__) is entry.cells
    assert entry.cells.__name__ == f"{name}_cells"
    # the size parameters are the builder's leading parameters, in order
    assert entry.params == tuple(p for p in entry.cells.__code__.co_varnames[: len(entry.params)])


def test_grid_takes_its_sizes_as_one_shape():
    entry = TESSELLATIONS["grid"]
    assert entry.variadic and entry.arguments([3, 4, 2]) == ((3, 4, 2),)
    assert from_text("grid", "3x4x2").same_as(T.grid_cells((3, 4, 2)))
    assert from_text("grid", "7").same_as(T.grid_cells((7,)))
    with pytest.raises(mg.InvalidSizeError, match="one or more sizes"):
        entry.check_size(())
    assert not TESSELLATIONS["sigma"].variadic and TESSELLATIONS["sigma"].arguments([3, 4]) == (3, 4)


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("orthogonal", "4", "takes 2 size"),
        ("orthogonal", "4x5x6", "takes 2 size"),
        ("theta", "4x5", "takes 1 size"),
        ("mask", "4", "takes 0 size"),
        ("orthogonal", "4 by 5", "whole numbers joined by 'x'"),
        ("orthogonal", "0x4", "rows must be at least 1"),
    ],
)
def test_from_text_refuses_with_what_to_change(name, text, message):
    with pytest.raises(mg.InvalidSizeError, match=message):
        from_text(name, text)


def test_from_text_gives_the_seed_only_to_random_builders():
    assert not from_text("voronoi", "60", seed=1).same_as(from_text("voronoi", "60", seed=2))
    assert from_text("voronoi", "60", seed=1).same_as(T.voronoi_cells(60, seed=1))
    assert from_text("sigma", "3x4", seed=1).same_as(T.sigma_cells(3, 4))  # sigma takes no seed
    with pytest.raises(mg.UnknownTessellationError, match="known tessellations"):
        from_text("hexagonal", "3x3")


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=5), st.sampled_from(["x", "X", "×"]))
def test_parse_size_reads_what_format_writes(numbers, sep):
    assert parse_size(sep.join(map(str, numbers))) == tuple(numbers)


def test_parse_size_of_nothing_is_no_size():
    assert parse_size("") == () and parse_size("  ") == ()
    with pytest.raises(mg.InvalidSizeError):
        parse_size("3x")


def test_runner_and_cli_take_sizes_from_the_registry():
    from mazegraph.runner.config import load_config
    from mazegraph.runner.worker import build_cells

    assert build_cells("grid", (3, 4, 2), "{}").same_as(T.grid_cells((3, 4, 2)))
    assert build_cells("sigma", (3, 4), "{}").same_as(T.sigma_cells(3, 4))
    config = {"root_seed": 1, "seeds": 2, "algorithms": [{"name": "kruskal"}], "tessellations": [{"name": "grid"}]}
    with pytest.raises(mg.ConfigError, match=r"e\.g\. \[\[5, 6, 3\]\]"):  # the example as a size, not nested
        load_config(config)


# -- layering: the tessellation layer has no import cycle ------------------------------------------


def _module_imports(path: Path) -> tuple[str, set[str]]:
    """A module's dotted name and the package modules it imports, at module level or inside a function."""
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(relative.parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    name = ".".join(parts)
    here = parts if is_package else parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join(base + (node.module.split(".") if node.module else []))
            if node.module is None:  # from . import x: the submodules x
                found |= {f"{module}.{alias.name}" for alias in node.names}
            else:
                found.add(module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return name, {m for m in found if m.split(".")[0] == "mazegraph"}


def test_no_import_cycle_through_the_tessellation_layer():
    # imports inside functions count too: moving one there hides a cycle, it does not remove it
    graph = nx.DiGraph()
    for path in PACKAGE.rglob("*.py"):
        name, imports = _module_imports(path)
        graph.add_node(name)
        graph.add_edges_from((name, m) for m in imports if m != name)
    layer = {n for n in graph if n.startswith("mazegraph.tessellations")} | {
        "mazegraph.cellgraph", "mazegraph.nxview", "mazegraph._csr",
    }
    cycles = [c for c in nx.strongly_connected_components(graph) if len(c) > 1 and c & layer]
    assert cycles == []
    # and the compile step is part of the layer, not above it
    assert "mazegraph._compile" not in graph and nx.has_path(graph, "mazegraph.tessellations.compile",
                                                             "mazegraph.tessellations.registry")


def test_unknown_tessellation_lists_names():
    with pytest.raises(mg.UnknownTessellationError) as info:
        T.build("hexagonal", 3, 3)
    assert "orthogonal" in str(info.value) and "sigma" in str(info.value)


def test_build_wrong_number_of_sizes():
    with pytest.raises(mg.InvalidSizeError, match="rows x cols"):
        T.build("orthogonal", 3)
