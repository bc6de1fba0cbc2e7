"""Declared parameters: one description per option, from which checks, CLI parsing and help derive.

A public function or a registered algorithm declares each of its parameters once
as a :class:`Param` (a name, a :class:`Kind` saying which values are allowed, a
default and a line of help). Everything that takes the parameter derives from that
declaration: the check at the door (:meth:`Param.check`, which raises the
declared :class:`~mazegraph.errors.MazeError` subclass with a message naming the
parameter, the allowed values and what was given), the command line's
``--option name=value`` (:meth:`Param.parse`), and help text such as
``mazegraph algorithms --verbose`` (:meth:`Param.describe`). A public function
declares its parameters with :func:`checked`, which checks every declared
argument on each call before the function's body runs.

>>> from mazegraph.params import Param, Number
>>> p = Param("p_close", Number(0, 1), 0.5, "chance to close a run")
>>> p.check(0.25), p.parse("0.3"), p.describe()
(0.25, 0.3, 'p_close: a number in [0, 1] (default 0.5): chance to close a run')
>>> p.check(2)
Traceback (most recent call last):
  ...
mazegraph.errors.InvalidOptionError: p_close must be a number in [0, 1]; got 2
"""

from __future__ import annotations

import functools
import inspect
import json
import math
import numbers
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .errors import InvalidOptionError, InvalidSeedError, MazeError, NotACellError

__all__ = [
    "Kind", "Number", "Choice", "Flag", "Text", "Strings", "Cell", "Cells", "Names", "Mapping", "Either", "Instance",
    "Seed",
    "Param", "REQUIRED", "check_all", "checked", "MAZE", "SEED", "START", "GOAL",
]


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


#: The default of a parameter that has none: None is then refused like any other bad value.
REQUIRED = _Required()


class Kind:
    """A set of allowed values: checks a value, parses command-line text, describes itself."""

    def check(self, value, cells=None):
        """Return ``value`` normalised (e.g. numpy scalars as Python ones); raise ``ValueError`` if not allowed."""
        raise NotImplementedError

    def parse(self, text: str):
        """The value a command-line string stands for (checked afterwards by :meth:`check`)."""
        return text

    def describe(self) -> str:
        """What is allowed, as a noun phrase: ``"a number in [0, 1]"``."""
        raise NotImplementedError


def _real(value) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise ValueError
    value = float(value)
    if not math.isfinite(value):
        raise ValueError
    return value


@dataclass(frozen=True)
class Number(Kind):
    """A finite number in a range; ``integer=True`` for whole numbers only.

    Parameters
    ----------
    low, high : float or None
        Bounds (None: unbounded on that side).
    low_open, high_open : bool
        Whether the bound itself is excluded.
    integer : bool
        Whole numbers only (``3`` and ``3.0`` are not the same option to every
        algorithm, so floats are refused).
    """

    low: float | None = None
    high: float | None = None
    low_open: bool = False
    high_open: bool = False
    integer: bool = False

    def check(self, value, cells=None):
        if self.integer:
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
                raise ValueError
            value = int(value)
        else:
            value = _real(value)
        if self.low is not None and (value < self.low or (self.low_open and value == self.low)):
            raise ValueError
        if self.high is not None and (value > self.high or (self.high_open and value == self.high)):
            raise ValueError
        return value

    def parse(self, text: str):
        return int(text) if self.integer else float(text)

    def describe(self) -> str:
        noun = "an integer" if self.integer else "a number"
        fmt = (lambda x: str(int(x))) if self.integer else (lambda x: f"{x:g}")
        if self.low is not None and self.high is not None:
            left, right = "(" if self.low_open else "[", ")" if self.high_open else "]"
            return f"{noun} in {left}{fmt(self.low)}, {fmt(self.high)}{right}"
        if self.low is not None:
            return f"{noun} {'>' if self.low_open else '>='} {fmt(self.low)}"
        if self.high is not None:
            return f"{noun} {'<' if self.high_open else '<='} {fmt(self.high)}"
        return noun


@dataclass(frozen=True)
class Choice(Kind):
    """One of a fixed set of strings."""

    values: tuple[str, ...]

    def check(self, value, cells=None):
        if not isinstance(value, str) or value not in self.values:
            raise ValueError
        return value

    def describe(self) -> str:
        return "one of " + ", ".join(map(repr, self.values))


@dataclass(frozen=True)
class Flag(Kind):
    """True or False (``yes``/``no``, ``1``/``0`` on the command line)."""

    def check(self, value, cells=None):
        if not isinstance(value, (bool, np.bool_)):
            raise ValueError
        return bool(value)

    def parse(self, text: str):
        word = text.strip().lower()
        if word in ("true", "yes", "1", "on"):
            return True
        if word in ("false", "no", "0", "off"):
            return False
        raise ValueError

    def describe(self) -> str:
        return "true or false"


@dataclass(frozen=True)
class Text(Kind):
    """Any string (a name, a path) of at most ``max_length`` characters."""

    max_length: int = 4096

    def check(self, value, cells=None):
        if not isinstance(value, str) or len(value) > self.max_length:
            raise ValueError
        return value

    def describe(self) -> str:
        return "a string"


def _plain(a, b) -> bool:
    """Whether ``a`` is written like ``b``: bools, floats and ints are not one another, tuples agree element-wise."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_plain(x, y) for x, y in zip(a, b))

    def sort(x):
        if isinstance(x, (bool, np.bool_)):
            return "bool"
        if isinstance(x, numbers.Integral):
            return "int"
        if isinstance(x, numbers.Real):
            return "real"
        return "other"

    return sort(a) == sort(b)


def cell_label(value, cells):
    """The label of ``cells`` that ``value`` names, found without coercion.

    ``(0.5, 0.5)`` does not name cell ``(0, 0)``, nor ``True`` cell ``1``: a
    label must be written as the tessellation writes it (a list stands for a
    tuple, as JSON has no tuples).

    Raises
    ------
    NotACellError
        If ``value`` is not a cell of ``cells``; the message shows what cells look like.
    """
    label = _tuples(value)
    labels = cells.labels
    coords = getattr(labels, "coords", None)
    if coords is not None:  # package tessellations: a tuple of whole numbers, compared exactly
        if isinstance(label, tuple) and len(label) == coords.shape[1] and all(map(_whole, label)):
            label = tuple(int(x) for x in label)
            try:
                labels.index(label)
                return label
            except (NotACellError, OverflowError):
                pass
    elif isinstance(label, Hashable):  # a user graph's node labels: the same value written the same way
        try:
            index = labels.index(label)
        except (NotACellError, TypeError, ValueError):
            index = None
        if index is not None and _plain(label, labels[index]):
            return labels[index]
    example = labels[0] if len(labels) else None
    raise NotACellError(f"{value!r} is not a cell of this tessellation (cells look like {example!r})")


def _whole(x) -> bool:
    return type(x) is int or (isinstance(x, numbers.Integral) and not isinstance(x, (bool, np.bool_)))


def _tuples(value):
    if isinstance(value, list) or (isinstance(value, np.ndarray) and value.ndim == 1):
        return tuple(_tuples(x) for x in value)
    if isinstance(value, np.generic):
        return value.item()
    return value


@dataclass(frozen=True)
class Cell(Kind):
    """One cell label, e.g. a start: checked against the tessellation when one is given.

    Without a tessellation any hashable value passes (lists become tuples); with
    one, the label must be one of its cells as written (see ``cell_label`` in this module).
    """

    def check(self, value, cells=None):
        if cells is not None:
            return cell_label(value, cells)
        label = _tuples(value)
        if not isinstance(label, Hashable) or isinstance(label, (bytes, float)):
            raise ValueError
        return label

    def parse(self, text: str):
        return _label(text)

    def describe(self) -> str:
        return "a cell label (0,0 on the command line)"


@dataclass(frozen=True)
class Cells(Kind):
    """``count`` cell labels of the tessellation, e.g. an (entrance, exit) pair.

    Checked against the tessellation when one is given (each must be a cell, as
    :class:`Cell` checks one); normalised to a tuple of labels. On the command
    line cells are separated by ``;`` and coordinates by ``,``: ``0,0;5,7``.
    """

    count: int = 2

    def check(self, value, cells=None):
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != self.count:
            raise ValueError
        return tuple(Cell().check(x, cells) for x in value)

    def parse(self, text: str):
        return tuple(_label(part) for part in text.split(";"))

    def describe(self) -> str:
        what = "a pair of cells" if self.count == 2 else f"{self.count} cells"
        return f"{what} ({';'.join(['0,0'] * self.count)} on the command line)"


def _label(text: str):
    parts = [p.strip() for p in text.split(",")]
    values = tuple(int(p) for p in parts)
    return values[0] if len(values) == 1 else values


@dataclass(frozen=True)
class Names(Kind):
    """A name from a registry, or (``several=True``) also a list of ``count`` names.

    ``known`` returns the names that exist, asked at check time so names
    registered later are accepted; ``exclude`` are refused (e.g. an algorithm
    cannot be its own base).
    """

    known: Callable[[], Sequence[str]]
    what: str = "a name"
    several: bool = False
    exclude: tuple[str, ...] = ()

    def check(self, value, cells=None):
        allowed = set(self.known()) - set(self.exclude)
        if isinstance(value, str):
            if value not in allowed:
                raise ValueError
            return value
        if self.several and isinstance(value, Sequence) and value and all(isinstance(v, str) for v in value):
            if not set(value) <= allowed:
                raise ValueError
            return tuple(value)
        raise ValueError

    def parse(self, text: str):
        parts = [p.strip() for p in text.split(",")]
        return parts[0] if len(parts) == 1 else parts

    def describe(self) -> str:
        names = ", ".join(sorted(set(self.known()) - set(self.exclude)))
        extra = " (or a list of them)" if self.several else ""
        return f"{self.what}{extra}: {names}"


@dataclass(frozen=True)
class Mapping(Kind):
    """A dict with string keys (JSON on the command line)."""

    def check(self, value, cells=None):
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise ValueError
        return dict(value)

    def parse(self, text: str):
        return json.loads(text)

    def describe(self) -> str:
        return "a dict of names to values"


@dataclass(frozen=True)
class Either(Kind):
    """A value allowed by any of several kinds, tried in order."""

    kinds: tuple[Kind, ...]

    def check(self, value, cells=None):
        for kind in self.kinds:
            try:
                return kind.check(value, cells)
            except ValueError:
                continue
        raise ValueError

    def parse(self, text: str):
        for kind in self.kinds:
            try:
                return kind.parse(text)
            except ValueError:
                continue
        raise ValueError

    def describe(self) -> str:
        return " or ".join(kind.describe() for kind in self.kinds)


@dataclass(frozen=True)
class Strings(Kind):
    """A list (or tuple) of at most ``max_count`` strings; normalised to a list."""

    max_count: int = 10_000

    def check(self, value, cells=None):
        if isinstance(value, (str, bytes, dict)) or not isinstance(value, (Sequence, np.ndarray)):
            raise ValueError
        if len(value) > self.max_count or not all(isinstance(v, str) for v in value):
            raise ValueError
        return list(value)

    def parse(self, text: str):
        return [part.strip() for part in text.split(",")]

    def describe(self) -> str:
        return "a list of strings"


@dataclass(frozen=True)
class Instance(Kind):
    """An object of one of ``types`` (a maze, a graph, a table), described as ``what``.

    ``types`` may be a callable returning the types, for types whose module
    imports this one.
    """

    types: tuple | Callable[[], tuple]
    what: str

    def check(self, value, cells=None):
        types = self.types() if callable(self.types) else self.types
        if not isinstance(value, types):
            raise ValueError
        return value

    def describe(self) -> str:
        return self.what


@dataclass(frozen=True)
class Seed(Kind):
    """A random seed: a non-negative int, a numpy ``SeedSequence`` or ``Generator`` (None: fresh entropy)."""

    def check(self, value, cells=None):
        if isinstance(value, (np.random.Generator, np.random.SeedSequence)):
            return value
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral) or value < 0:
            raise ValueError
        return int(value)

    def parse(self, text: str):
        return int(text)

    def describe(self) -> str:
        return "a non-negative int, a numpy.random.SeedSequence or a numpy.random.Generator"


@dataclass(frozen=True)
class Param:
    """One declared parameter.

    Parameters
    ----------
    name : str
    kind : Kind
        The values allowed.
    default : object
        The value when the parameter is not given. ``None`` as a default
        means "not set" and is always allowed; :data:`REQUIRED` (the default
        default) means the parameter has no default.
    help : str
        One line for help text.
    error : type
        The :class:`~mazegraph.errors.MazeError` subclass a bad value raises.
    """

    name: str
    kind: Kind
    default: Any = REQUIRED
    help: str = ""
    error: type[MazeError] = field(default=InvalidOptionError)

    def check(self, value, cells=None, owner: str = ""):
        """``value`` normalised, or the declared error naming the parameter and what is allowed."""
        if value is None and self.default is None:
            return None
        try:
            return self.kind.check(value, cells)
        except NotACellError as error:  # names the cell and what cells look like; add whose it is
            where = f"{owner}: " if owner else ""
            raise NotACellError(f"{where}{self.name}: {error}") from None
        except MazeError:
            raise
        except (ValueError, TypeError):
            where = f"{owner}: " if owner else ""
            none = ", or None" if self.default is None else ""
            raise self.error(f"{where}{self.name} must be {self.kind.describe()}{none}; got {shown(value)}") from None

    def parse(self, text: str, owner: str = ""):
        """The value of command-line ``text`` (``none`` for None where allowed), checked."""
        if text.strip().lower() == "none" and self.default is None:
            return None
        try:
            value = self.kind.parse(text)
        except (ValueError, TypeError, json.JSONDecodeError):
            where = f"{owner}: " if owner else ""
            raise self.error(f"{where}{self.name} must be {self.kind.describe()}; got {text!r}") from None
        return self.check(value, owner=owner)

    def describe(self) -> str:
        """``name: kind (default d): help``, one line."""
        default = "" if self.default is None or self.default is REQUIRED else f" (default {self.default!r})"
        text = f"{self.name}: {self.kind.describe()}{default}"
        return f"{text}: {self.help}" if self.help else text


def shown(value, limit: int = 80) -> str:
    """``repr(value)`` on one line, cut to about ``limit`` characters (for messages)."""
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_all(params: Sequence[Param], values: dict, cells=None, owner: str = "") -> dict:
    """Every declared parameter's value (given or default), checked; unknown names refused.

    Raises
    ------
    InvalidOptionError
        If a name is not declared; the message lists the declared names.
    """
    known = {p.name: p for p in params}
    unknown = sorted(set(values) - set(known))
    missing = [name for name, p in known.items() if p.default is REQUIRED and name not in values]
    if missing:
        where = f"{owner} " if owner else ""
        raise InvalidOptionError(f"{where}needs option(s) {', '.join(missing)}")
    if unknown:
        takes = ", ".join(known) or "no options"
        where = f"{owner} " if owner else ""
        raise InvalidOptionError(f"{where}does not take option(s) {', '.join(unknown)}; it takes {takes}")
    return {
        name: p.check(values[name], cells, owner) if name in values else p.default for name, p in known.items()
    }


def _cells_of(value):
    """The CellGraph of a maze (``.cells``) or the value itself when it is one; else None."""
    CellGraph = _cellgraph_type()  # noqa: N806 - a class

    if isinstance(value, CellGraph):
        return value
    cells = getattr(value, "cells", None)
    return cells if isinstance(cells, CellGraph) else None


def checked(*params: Param, cells: str | None = None):
    """Decorator: check the declared parameters of a public function on every call.

    Each :class:`Param` names an argument of the decorated function; its value
    (given or default) is checked by :meth:`Param.check` and replaced by the
    normalised value before the body runs, so a bad value stops at the door with
    the declared :class:`~mazegraph.errors.MazeError` subclass and a message
    naming the function, the argument and what is allowed. Arguments not
    declared are passed on unchecked. ``cells`` names the argument (a maze, or a
    :class:`~mazegraph.CellGraph`) whose cells the :class:`Cell` and
    :class:`Cells` arguments must be; declare it first. The declarations stay
    on the function as ``params``.

    Examples
    --------
    >>> @checked(Param("n", Number(1, 10, integer=True), 1, "how many"))
    ... def repeat(word, n=1):
    ...     return word * n
    >>> repeat("ab", n=2)
    'abab'
    >>> repeat("ab", n=0)
    Traceback (most recent call last):
      ...
    mazegraph.errors.InvalidOptionError: repeat: n must be an integer in [1, 10]; got 0
    """

    def wrap(function):
        signature = inspect.signature(function)
        missing = [p.name for p in params if p.name not in signature.parameters]
        if missing:
            raise TypeError(f"{function.__qualname__} has no parameter(s) {', '.join(missing)} to check")
        owner = function.__name__
        for p in params:  # a declaration that disagrees with the signature's default fails at import
            default = signature.parameters[p.name].default
            if default is not None and default is not inspect.Parameter.empty:
                p.check(default, owner=owner)
        kinds = [q.kind for q in signature.parameters.values()]
        positional = [q.name for q in signature.parameters.values() if q.kind is q.POSITIONAL_OR_KEYWORD]
        by_name = inspect.Parameter.POSITIONAL_ONLY not in kinds and inspect.Parameter.VAR_POSITIONAL not in kinds
        cell_kinds = {p.name for p in params if cells is not None and isinstance(p.kind, (Cell, Cells))}

        def check(arguments: dict) -> None:
            for p in params:
                if p.name in arguments:
                    where = _cells_of(arguments.get(cells)) if p.name in cell_kinds else None
                    arguments[p.name] = p.check(arguments[p.name], where, owner)

        @functools.wraps(function)
        def entry(*args, **kwargs):
            if by_name and len(args) <= len(positional) and not any(k in kwargs for k in positional[: len(args)]):
                arguments = dict(zip(positional, args), **kwargs)  # every argument by name, without bind()
                check(arguments)
                return function(**arguments)
            bound = signature.bind(*args, **kwargs)  # Python's own TypeError for a call that does not fit
            check(bound.arguments)
            return function(*bound.args, **bound.kwargs)

        entry.params = params
        return entry

    return wrap


@functools.cache
def _cellgraph_type() -> type:
    from .cellgraph import CellGraph

    return CellGraph


_MAZE_TYPES: list[type] = []


def declare_maze_type(cls: type) -> type:
    """Record ``cls`` as the maze type :data:`MAZE` accepts.

    :mod:`mazegraph.maze` calls this when it is imported: this module sits
    below it (the tessellation layer declares its parameters here too), so it
    cannot import it. Any Maze in existence was made after that import.
    """
    _MAZE_TYPES.append(cls)
    return cls


def _maze_types() -> tuple:
    return tuple(_MAZE_TYPES)


# Parameters many public functions share, declared once.
#: A maze (required).
MAZE = Param("maze", Instance(_maze_types, "a mazegraph.Maze (make one with mg.generate or mg.Maze)"), help="the maze")
#: A seed; None draws fresh entropy.
SEED = Param("seed", Seed(), None, "the random seed", error=InvalidSeedError)
#: A start cell; None for the maze's own.
START = Param("start", Cell(), None, "the cell to start from (default: the maze's start)")
#: A goal cell; None for the maze's own.
GOAL = Param("goal", Cell(), None, "the cell to reach (default: the maze's goal)")
