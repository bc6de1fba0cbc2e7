"""Write one API page per public module, listing every name of its ``__all__``.

Run at ``builder-inited``: each module page has its docstring, an ``autosummary``
table per kind of object, and a hidden toctree of one page per object (written
here too, not by autosummary's stub generation, which cannot list an object under
a name outside the page's module). An object reachable under
several names (``mazegraph.braid`` is ``mazegraph.routing.braid``) gets one
page, under the first name in :data:`MODULES` order; later modules link to it.
Pages are regenerated on every build, so a name added to an ``__all__`` appears
without editing the docs.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import types
from pathlib import Path

# (module, one line shown in the API index); order decides each object's canonical name
MODULES = [
    ("mazegraph", "top level: ``import mazegraph as mg``"),
    ("mazegraph.tessellations", "tessellations as graphs, and their registry"),
    ("mazegraph.generators", "maze generators, their registry and the contract of an algorithm"),
    ("mazegraph.generators.plugins", "generators from installed packages: the entry-point group"),
    ("mazegraph.params", "declared options: checks, command-line parsing and help"),
    ("mazegraph.structure", "facts about a tessellation that algorithms ask (rows, boxes, duals, ...)"),
    ("mazegraph.metrics", "texture metrics"),
    ("mazegraph.metric_info", "labels, units and definitions of the metric columns"),
    ("mazegraph.routing", "maze operations: braid, sparsify, unicursal, bottlenecks, ..."),
    ("mazegraph.solvers", "Pullen's solving algorithms"),
    ("mazegraph.symmetry", "symmetric mazes"),
    ("mazegraph.runner", "the experiment runner"),
    ("mazegraph.runner.provenance", "what made an output"),
    ("mazegraph.runner.schema", "the columns of an experiment's rows"),
    ("mazegraph.uniformity", "spanning-tree counts and uniformity tests"),
    ("mazegraph.uniformity.reachable", "which spanning trees an algorithm can make at all"),
    ("mazegraph.uniformity.models", "the reachability models behind it"),
    ("mazegraph.uniformity.ust", "uniform spanning trees: degree laws and the 5/4 scaling"),
    ("mazegraph.numberlink", "Numberlink puzzles"),
    ("mazegraph.plot", "figures of experiments and research checks"),
    ("mazegraph.plot.texture", "texture figures and their labels"),
    ("mazegraph.drawing", "drawing mazes as SVG, PNG or PDF, or into a matplotlib Axes (mg.render)"),
    ("mazegraph.formats", "reading and writing mazes and graphs: ASCII art, pixel images, mazelib, GraphML, GML"),
    ("mazegraph.warmup", "compiling the kernels ahead of time"),
    ("mazegraph.reproduce.pullen", "Pullen's generation table"),
    ("mazegraph.reproduce.solvers", "Pullen's solving table"),
    ("mazegraph.reproduce.atlas", "the texture atlas"),
    ("mazegraph.reproduce.ust_lattices", "exact uniform-spanning-tree degree laws on lattices"),
    ("mazegraph.cellgraph", "the compiled arrays behind every tessellation"),
    ("mazegraph.nxview", "the networkx view of a tessellation, built in bulk from its arrays"),
    ("mazegraph.maze", "the Maze class"),
    ("mazegraph.errors", "the MazeError hierarchy"),
]

KINDS = [("modules", "Modules"), ("classes", "Classes"), ("exceptions", "Exceptions"),
         ("functions", "Functions"), ("data", "Constants")]


def _kind(obj) -> str:
    if isinstance(obj, types.ModuleType):
        return "modules"
    if inspect.isclass(obj):
        return "exceptions" if issubclass(obj, BaseException) else "classes"
    if callable(obj):
        return "functions"
    return "data"


def _public_names(module) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is None:
        raise RuntimeError(f"{module.__name__} has no __all__: the API pages list __all__")
    return list(names)


_DIRECTIVE = {"classes": "autoclass", "exceptions": "autoexception", "functions": "autofunction"}


def _constant_doc(obj, name: str) -> str:
    """The ``#:`` comment (or string after the assignment) documenting a constant where it is defined."""
    try:
        from sphinx.pycode import ModuleAnalyzer
    except ImportError:  # outside a Sphinx build (the tests): no documentation comments
        return ""
    for modname, module in sorted(sys.modules.items()):
        if not modname.startswith("mazegraph") or getattr(module, name, None) is not obj:
            continue
        try:
            docs = ModuleAnalyzer.for_module(modname).find_attr_docs()
        except Exception:  # noqa: BLE001 - a module without source: look elsewhere
            continue
        if ("", name) in docs:
            return "\n".join(docs[("", name)]).strip()
    return ""


def _value(obj) -> str:
    """A short text of a constant's value: its repr, or its type and size when that is long."""
    text = repr(obj)
    if len(text) <= 90:
        return text
    size = f" of {len(obj)} entries" if hasattr(obj, "__len__") else ""
    return f"<{type(obj).__name__}{size}>"


def _stub(full: str, kind: str) -> str:
    """The page of one object."""
    module, _, name = full.rpartition(".")
    lines = [full, "=" * len(full), "", f".. currentmodule:: {module}", ""]
    if kind == "data":
        obj = getattr(importlib.import_module(module), name)
        value = _value(obj).replace("\n", " ")
        lines += [f".. py:data:: {name}", f"   :value: {value}", ""]
        lines += ["   " + line if line else "" for line in _constant_doc(obj, name).splitlines()]
        return "\n".join(lines) + "\n"
    lines.append(f".. {_DIRECTIVE[kind]}:: {name}")
    if kind == "classes":
        lines += ["   :members:", "   :show-inheritance:"]
    elif kind == "exceptions":
        lines += ["   :show-inheritance:"]
    return "\n".join(lines) + "\n"


def _constants_table(entries: list[str]) -> list[str]:
    """Constants as a table of name and first line of their comment (autosummary would show the
    docstring of the value's type, e.g. tuple's)."""
    lines = [".. list-table::", "   :widths: 30 70", ""]
    for full in entries:
        module, _, name = full.rpartition(".")
        obj = getattr(importlib.import_module(module), name)
        summary = _constant_doc(obj, name).split("\n\n")[0].replace("\n", " ") or f"``{_value(obj)}``"
        lines += [f"   * - :data:`~{full}`", f"     - {summary}"]
    return lines + [""]


def _relative(full: str, modname: str) -> str:
    """How an autosummary table on ``modname``'s page names ``full`` (autosummary wants own names bare)."""
    if full.startswith(modname + "."):
        rest = full[len(modname) + 1:]
        return rest if "." not in rest else f"~{rest}"
    return f"~{full}"


def _is_module(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def _canonical() -> dict[int, str]:
    """id of every public object -> the name its page has: the first in MODULES order that is not also
    a module's name (``mazegraph.solvers`` is a module; the function is documented as
    ``mazegraph.solvers.solvers``)."""
    names: dict[int, str] = {}
    for modname, _ in MODULES:
        module = importlib.import_module(modname)
        for name in _public_names(module):
            obj = getattr(module, name)
            full = f"{modname}.{name}"
            # numbers and strings may be the same object by accident (interning); everything else by design
            if isinstance(obj, (types.ModuleType, int, float, str, bytes)) or id(obj) in names or _is_module(full):
                continue
            names[id(obj)] = full
    return names


def pages() -> dict[str, str]:
    """The text of every API page, by path below ``api/`` without suffix (``generated/NAME`` per object)."""
    canonical = _canonical()
    out: dict[str, str] = {}
    index = ["API reference", "=============", "",
             "One page per public module, listing every name of its ``__all__``; an object exported",
             "under several names is documented once, under the first in this list.", "",
             ".. toctree::", "   :hidden:", ""]
    index += [f"   {name}" for name, _ in MODULES]
    index += ["", ".. list-table::", "   :widths: 35 65", ""]
    for name, summary in MODULES:
        index += [f"   * - :mod:`{name}`", f"     - {summary}"]
    out["index"] = "\n".join(index) + "\n"

    for modname, _ in MODULES:
        module = importlib.import_module(modname)
        groups: dict[str, list[str]] = {kind: [] for kind, _ in KINDS}
        own: list[str] = []  # stubs this page puts in its toctree
        for name in _public_names(module):
            obj = getattr(module, name)
            kind = _kind(obj)
            if kind == "modules":
                groups[kind].append(obj.__name__)
                continue
            full = f"{modname}.{name}"
            page = canonical.get(id(obj), full)
            groups[kind].append(page)
            if page == full:
                own.append(full)
                out[f"generated/{full}"] = _stub(full, kind)
        lines = [modname, "=" * len(modname), "", f".. automodule:: {modname}", ""]
        if own:
            lines += [".. toctree::", "   :hidden:", ""] + [f"   generated/{full}" for full in own] + [""]
        for kind, title in KINDS:
            entries = groups[kind]
            if not entries:
                continue
            lines += [title, "-" * len(title), ""]
            if kind == "modules":
                lines += [f"- :mod:`{entry}`" for entry in entries] + [""]
                continue
            if kind == "data":
                lines += _constants_table(entries)
                continue
            lines += [".. autosummary::", "   :nosignatures:", ""]
            lines += [f"   {_relative(entry, modname)}" for entry in entries] + [""]
        out[modname] = "\n".join(lines)
    return out


def write_pages(app) -> None:
    folder = Path(app.srcdir) / "api"
    (folder / "generated").mkdir(parents=True, exist_ok=True)
    wanted = pages()
    for name, text in wanted.items():
        path = folder / f"{name}.rst"
        if not path.exists() or path.read_text(encoding="utf-8") != text:  # unchanged files keep their mtime
            path.write_text(text, encoding="utf-8")
    for path in (folder / "generated").glob("*.rst"):  # names no longer public
        if f"generated/{path.stem}" not in wanted:
            path.unlink()


def setup(app):
    app.connect("builder-inited", write_pages)
    return {"parallel_read_safe": True, "version": "1"}
