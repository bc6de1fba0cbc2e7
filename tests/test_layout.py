"""Test files mirror the modules they test (issue 13).

``tests/<pkg>/test_<m>.py`` tests ``mazegraph/<pkg>/<m>.py`` (or ``_<m>.py``, or the sub-package
``<m>/``); ``tests/<pkg>/test_<pkg>.py`` tests what the package's ``__init__.py`` itself defines;
``tests/test_<x>.py`` tests the top-level module ``mazegraph/<x>.py`` (or ``_<x>.py``). A test file
that tests no one module is listed below with its reason. Helpers (``conftest.py``, ``_*.py``,
``*_cases.py``) are not test files and may sit anywhere.

The bug this catches: a new ``tests/test_gen_foo.py`` beside the mirror, a test file left behind
for a module that was deleted or renamed, or a test folder for no package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
PACKAGE = TESTS.parent / "mazegraph"

#: top-level test files that test no one module, each with why
CROSS_CUTTING = {
    "test_cli_commands.py": "every CLI command checked against the Python API of the package it calls",
    "test_cli_errors.py": "every user error of the CLI, whichever package raises it: one stderr line, exit 1",
    "test_cli_process.py": "the CLI as a process: version, lazy start-up, a closed pipe, Ctrl-C",
    "test_conformance.py": "every registered algorithm on every registered tessellation at tiny and odd sizes",
    "test_docs.py": "the documentation site covers every public name of every module",
    "test_entry_checks.py": "bad values at the public entries of every package",
    "test_fidelity_rows.py": "Daedalus-faithful hunt and kill, Eller, Sidewinder, division against mazegraph/reference",
    "test_fidelity_walls.py":
        "Daedalus-faithful Prim, Growing Tree, Binary Tree, wall adding, against mazegraph/reference",
    "test_fingerprints.py": "every maze, start/goal and metric of the fixed case set, bit for bit",
    "test_focus.py": "wall adding (focus='wall') over every algorithm and planar tessellation, and applicability",
    "test_fuzz.py": "hostile values at every public entry and CLI command (tests/fuzz_cases.py)",
    "test_layout.py": "this file: the layout of tests/ itself",
    "test_packaging.py": "one version, CITATION.cff and the license across pyproject.toml and the package",
    "test_readme.py": "the README's examples run as written",
}

#: tests/<pkg>/test_<pkg>.py of a package whose __init__.py only re-exports: still to split by module
UNSPLIT = {
    "metrics/test_metrics.py": "hand-made mazes and brute force over every metric at once",
    "numberlink/test_numberlink.py": "generator, solver, drawing, CLI at once; being edited on another branch",
}


def defines_something(init: Path) -> bool:
    """Whether a package's ``__init__.py`` defines a public function or class of its own."""
    tree = ast.parse(init.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_") for node in tree.body
    )


def problems(tests: Path, package: Path, cross_cutting=CROSS_CUTTING, unsplit=UNSPLIT) -> list[str]:
    """Every test file or folder under ``tests`` that mirrors no module of ``package``, one line each."""
    found = []
    for folder in sorted(p for p in tests.rglob("*") if p.is_dir()):
        relative = folder.relative_to(tests)
        if relative.parts[0] in ("data", "__pycache__") or relative.name == "__pycache__":
            continue
        if not (package / relative / "__init__.py").exists():
            found.append(f"tests/{relative.as_posix()}/ mirrors no package mazegraph/{relative.as_posix()}/")
        elif not (folder / "__init__.py").exists():
            found.append(f"tests/{relative.as_posix()}/ has no __init__.py (test basenames repeat across folders)")
    for path in sorted(tests.rglob("test_*.py")):
        relative = path.relative_to(tests)
        if relative.parts[0] == "data":
            continue
        name = path.stem.removeprefix("test_")
        folder = package.joinpath(*relative.parts[:-1])
        if len(relative.parts) == 1 and relative.name in cross_cutting:
            continue
        if any((folder / f).exists() for f in (f"{name}.py", f"_{name}.py", f"{name}/__init__.py")):
            continue
        if len(relative.parts) > 1 and name == relative.parts[-2]:
            if defines_something(folder / "__init__.py") or relative.as_posix() in unsplit:
                continue
            found.append(f"tests/{relative.as_posix()}: mazegraph/{relative.parts[-2]}/__init__.py only "
                         "re-exports; test each module in its own file")
            continue
        where = "/".join((*relative.parts[:-1], f"{name}.py"))
        found.append(f"tests/{relative.as_posix()} mirrors no module mazegraph/{where}")
    for listed in (*cross_cutting, *unsplit):
        if not (tests / listed).exists():
            found.append(f"tests/{listed} is listed in test_layout.py but does not exist")
    return found


def test_every_test_file_mirrors_a_module():
    assert problems(TESTS, PACKAGE) == []


def test_every_listed_file_has_a_reason():
    assert all(reason.strip() for reason in (*CROSS_CUTTING.values(), *UNSPLIT.values()))


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("test_gen_foo.py", "tests/test_gen_foo.py mirrors no module mazegraph/gen_foo.py"),
        ("generators/test_gone.py", "tests/generators/test_gone.py mirrors no module mazegraph/generators/gone.py"),
        ("nosuch/test_x.py", "tests/nosuch/ mirrors no package mazegraph/nosuch/"),
        ("routing/test_routing.py", "tests/routing/test_routing.py: mazegraph/routing/__init__.py only re-exports"),
        ("structure/test_box.py", "tests/structure/ has no __init__.py"),
    ],
)
def test_a_file_beside_the_mirror_is_named(tmp_path, path, message):
    """The checker itself, on a small copy of the rules: each misplaced file is reported by name."""
    package = tmp_path / "mazegraph"
    for module in ("maze.py", "generators/__init__.py", "generators/kruskal.py", "routing/__init__.py",
                   "structure/__init__.py", "structure/box.py"):
        (package / module).parent.mkdir(parents=True, exist_ok=True)
        (package / module).write_text("from .x import y\n" if module == "routing/__init__.py" else "")
    tests = tmp_path / "tests"
    for good in ("test_maze.py", "test_docs.py", "generators/__init__.py", "generators/test_kruskal.py"):
        (tests / good).parent.mkdir(parents=True, exist_ok=True)
        (tests / good).write_text("")
    assert problems(tests, package, cross_cutting={"test_docs.py": "docs"}, unsplit={}) == []
    (tests / path).parent.mkdir(parents=True, exist_ok=True)
    (tests / path).write_text("")
    if not path.startswith("structure/"):
        (tests / path).parent.joinpath("__init__.py").write_text("")
    found = problems(tests, package, cross_cutting={"test_docs.py": "docs"}, unsplit={})
    assert found and found[0].startswith(message) and all(path.split("/")[0] in line for line in found), found
