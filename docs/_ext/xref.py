"""Resolve Python cross-references the way the docstring's author meant them.

Each object is documented once, under its first public name (``mazegraph.generate``,
not ``mazegraph.generators.generate``), but a docstring names things as seen from
the module it is written in: :func:`generate` inside ``mazegraph.generators``,
:meth:`CellGraph.to_networkx` inside ``mazegraph.cellgraph``. When Sphinx finds no
target, this handler looks the name up as Python would from that module, and
links the documented name of the object it finds (by identity). Failing that, a
name that is the suffix of exactly one documented object is linked to it.

A :mod: reference to an existing, undocumented submodule of mazegraph (a
package docstring listing its implementation modules) is shown as code, not a
warning. Anything else unresolved stays a warning (``nitpicky``).
"""

from __future__ import annotations

import importlib
import inspect

from sphinx.util.nodes import make_refnode

_ROLES = {"func": ("function", "method", "classmethod", "staticmethod"),
          "meth": ("method", "classmethod", "staticmethod", "function", "property"),
          "class": ("class", "exception"), "exc": ("exception", "class"),
          "data": ("data", "attribute"), "attr": ("attribute", "data", "property"),
          "mod": ("module",), "obj": None}


def _attribute_path(parts: list[str]):
    """Attribute access from the top package, as Python would (``mazegraph.render`` is the function the
    package exports, not the submodule); a submodule not yet imported is imported."""
    obj = importlib.import_module(parts[0])
    for k, part in enumerate(parts[1:], start=1):
        if inspect.isclass(obj):
            obj = inspect.getattr_static(obj, part)
        elif hasattr(obj, part):
            obj = getattr(obj, part)
        else:
            obj = importlib.import_module(".".join(parts[: k + 1]))
    return obj


def _module_path(parts: list[str]):
    """The longest importable module prefix, then attributes (``mazegraph.solvers.solve``, where the
    package attribute ``solvers`` is a function)."""
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for part in parts[cut:]:
                obj = inspect.getattr_static(obj, part) if inspect.isclass(obj) else getattr(obj, part)
        except AttributeError:
            break
        return obj
    raise LookupError(".".join(parts))


def _lookup(path: str):
    """The object a dotted path names; class attributes are taken without binding."""
    parts = path.split(".")
    try:
        return _attribute_path(parts)
    except Exception:  # noqa: BLE001 - try the other reading
        return _module_path(parts)


def _unwrap(obj):
    return obj.__func__ if isinstance(obj, (classmethod, staticmethod)) else obj


def _documented(env) -> dict[int, str]:
    """id of every documented object -> its documented name (built once per build)."""
    cached = getattr(env, "_mazegraph_documented", None)
    if cached is None:
        cached = {}
        for name, entry in env.get_domain("py").objects.items():
            if entry.aliased or entry.objtype == "module":
                continue
            try:
                cached.setdefault(id(_unwrap(_lookup(name))), name)
            except Exception:  # noqa: BLE001 - a name that does not import is simply not a candidate
                continue
        env._mazegraph_documented = cached
    return cached


def _by_identity(env, node) -> str | None:
    target = node["reftarget"].lstrip("~.")
    module = node.get("py:module")
    klass = node.get("py:class")
    scopes = [s for s in (f"{module}.{klass}" if module and klass else None, module) if s]
    for scope in scopes + [""]:
        try:
            obj = _unwrap(_lookup(f"{scope}.{target}" if scope else target))
        except Exception:  # noqa: BLE001 - not found from this scope
            continue
        name = _documented(env).get(id(obj))
        if name is not None:
            return name
    return None


def _by_suffix(env, node) -> str | None:
    target = node["reftarget"].lstrip("~.")
    kinds = _ROLES[node["reftype"]]
    found = [name for name, entry in env.get_domain("py").objects.items()
             if (name == target or name.endswith("." + target)) and (kinds is None or entry.objtype in kinds)
             and not entry.aliased]
    return found[0] if len(found) == 1 else None


def resolve(app, env, node, contnode):
    if node.get("refdomain") != "py" or node.get("reftype") not in _ROLES:
        return None
    name = _by_identity(env, node) or _by_suffix(env, node)
    if name is None:
        return None
    entry = env.get_domain("py").objects[name]
    return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, name)


def quiet_submodules(app, domain, node) -> bool | None:
    """True (no warning) for a :mod: reference to a real, undocumented mazegraph submodule."""
    if node.get("refdomain") != "py" or node.get("reftype") != "mod":
        return None
    target = node["reftarget"]
    module = node.get("py:module") or ""
    if target.startswith("."):
        target = module + target
    for name in (target, f"{module}.{target}"):
        if name.startswith("mazegraph."):
            try:
                importlib.import_module(name)
            except ImportError:
                continue
            return True
    return None


def setup(app):
    app.connect("missing-reference", resolve)
    app.connect("warn-missing-reference", quiet_submodules)
    return {"parallel_read_safe": True, "version": "1"}
