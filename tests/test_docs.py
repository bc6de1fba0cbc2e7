"""The documentation site's generated parts: API pages cover every public name, once; references resolve.

The site itself is built (and its tutorials run) by ``python -m sphinx -W docs docs/_build/html``;
these tests check, without Sphinx where they can, the pieces of docs/_ext that decide what it shows.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from pathlib import Path

import pytest

import mazegraph as mg

DOCS = Path(__file__).resolve().parents[1] / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
apipages = importlib.import_module("apipages")

# top-level parts of the package that are not public modules (data, entry points, private helpers)
NOT_API = {"cli", "reference", "reproduce"}


@pytest.fixture(scope="module")
def pages():
    return apipages.pages()


def _entries(text: str) -> list[str]:
    """The names an API page's autosummary tables list, as written (``~`` dropped)."""
    return [m.group(1).lstrip("~") for m in re.finditer(r"^   (~?[\w.]+)$", text, re.M)]


def test_every_public_name_is_listed_on_its_module_page(pages):
    for modname, _ in apipages.MODULES:
        module = importlib.import_module(modname)
        listed = {entry.rsplit(".", 1)[-1] for entry in _entries(pages[modname])}
        listed |= {m.group(1).rsplit(".", 1)[-1] for m in re.finditer(r":(?:mod|data):`~?([\w.]+)`", pages[modname])}
        missing = set(module.__all__) - listed
        assert not missing, f"{modname} page lacks {sorted(missing)}"


def test_each_object_has_one_page_under_a_name_that_imports_to_it(pages):
    stubs = [name.removeprefix("generated/") for name in pages if name.startswith("generated/")]
    seen: dict[int, str] = {}
    for full in stubs:
        module, _, name = full.rpartition(".")
        obj = getattr(importlib.import_module(module), name)
        if not isinstance(obj, (int, float, str, bytes)):
            assert id(obj) not in seen, f"{full} and {seen[id(obj)]} document the same object"
            seen[id(obj)] = full
    assert "mazegraph.generate" in stubs and "mazegraph.generators.generate" not in stubs
    # a function named like a module is documented inside it, so the two never share a name
    assert "mazegraph.solvers.solvers" in stubs and "mazegraph.solvers" not in stubs
    assert "mazegraph.render" in stubs  # no module has that name: the drawing package is mazegraph.drawing


def test_every_public_module_of_the_package_has_a_page():
    documented = {name for name, _ in apipages.MODULES}
    for info in pkgutil.iter_modules(mg.__path__):
        name = f"mazegraph.{info.name}"
        if info.name.startswith("_") or info.name in NOT_API:
            continue
        assert name in documented, f"{name} has no API page: add it to MODULES in docs/_ext/apipages.py"


def test_module_pages_link_where_an_object_is_documented(pages):
    # mazegraph.routing.braid is mazegraph.braid: the routing page lists the top-level page's name
    assert "   ~mazegraph.braid" in pages["mazegraph.routing"].splitlines()
    assert "generated/mazegraph.routing.braid" not in pages


def test_cross_references_resolve_as_python_would_from_the_docstring_module():
    pytest.importorskip("sphinx")
    xref = importlib.import_module("xref")
    assert xref._lookup("mazegraph.render") is mg.render  # the package attribute, not the submodule
    assert xref._lookup("mazegraph.solvers.solve") is mg.solve  # through the submodule, past the function
    assert xref._lookup("mazegraph.Maze.to_json") is mg.Maze.__dict__["to_json"]
    with pytest.raises(LookupError):
        xref._lookup("mazegraph.no_such_thing")


def test_tutorials_are_listed_and_each_has_a_title():
    tutorials = sorted((DOCS / "tutorials").glob("tutorial_*.py"))
    assert len(tutorials) == 5
    for path in tutorials:
        docstring = path.read_text(encoding="utf-8").split('"""')[1].strip().splitlines()
        assert len(docstring) >= 2 and set(docstring[1]) == {"="}, f"{path.name} needs a title underlined with ="
