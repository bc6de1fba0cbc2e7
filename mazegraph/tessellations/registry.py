"""The tessellation registry: each tessellation's name, size parameters and array builder.

Every tessellation module registers its ``*_cells`` builder with the
:func:`tessellation` decorator; :func:`build`, :func:`from_spec` and
:func:`from_text` find it here by name. An entry knows how its sizes are given
(:attr:`Tessellation.variadic`), so callers that hold a size as a tuple of
numbers, such as ``12x16`` from the command line or a row of an experiment,
turn it into the builder's arguments with :meth:`Tessellation.arguments`
instead of special-casing a tessellation.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

from ..cellgraph import CellGraph
from ..errors import InvalidOptionError, InvalidSizeError, MazeFormatError, UnknownTessellationError
from .limits import BYTES_PER_CELL

__all__ = [
    "Tessellation",
    "TESSELLATIONS",
    "tessellation",
    "lookup",
    "names",
    "build",
    "from_spec",
    "from_text",
    "parse_size",
]


@dataclass(frozen=True)
class Tessellation:
    """A registry entry: how to build a tessellation from its sizes.

    Attributes
    ----------
    name : str
        The name :func:`build` and the command line take.
    cells : callable
        The builder, ``cells(*arguments, **options) -> CellGraph``.
    params : tuple of str
        The builder's size parameters, in order (``("rows", "cols")``).
    summary : str
        One line for ``mazegraph tessellations``.
    example : tuple of int
        A size for the gallery and for the command line without ``--size``,
        as the numbers of the size (``(5, 6, 3)`` for a 3D grid).
    variadic : bool
        True when the builder's one parameter takes any number of sizes as one
        tuple (``grid(shape)``); then the size ``(5, 6, 3)`` is passed as
        ``cells((5, 6, 3))``. Otherwise each number is its own argument.
    bytes_per_cell : int
        Memory a cell costs at the peak of building the arrays (measured with
        ``benchmarks/bytes_per_cell.py``, with a margin);
        ``check_cells`` (:mod:`mazegraph.tessellations.limits`) refuses sizes that
        would not fit before anything is allocated.
    """

    name: str
    cells: Callable[..., CellGraph]
    params: tuple[str, ...]
    summary: str
    example: tuple[int, ...] = ()
    variadic: bool = False
    bytes_per_cell: int = 1000

    @property
    def options(self) -> tuple[str, ...]:
        """The builder's keyword arguments that are not size parameters (e.g. ``seed``)."""
        names = inspect.signature(self.cells).parameters
        return tuple(name for name in names if name not in self.params)

    def describe_size(self) -> str:
        """How a size is written: ``"rows x cols"``, ``"shape (AxBx...)"`` or ``"no size"``."""
        if self.variadic:
            return f"{self.params[0]} (AxBx...)"
        return " x ".join(self.params) or "no size"

    def check_size(self, size) -> tuple[int, ...]:
        """Return ``size`` as a tuple after checking how many numbers it holds.

        The numbers themselves are checked by the builder.

        Raises
        ------
        InvalidSizeError
            If a fixed-size tessellation gets the wrong count, or a variadic one none.

        Examples
        --------
        >>> from mazegraph.tessellations import TESSELLATIONS
        >>> TESSELLATIONS["grid"].check_size([4, 5, 3])
        (4, 5, 3)
        >>> TESSELLATIONS["orthogonal"].check_size([4])
        Traceback (most recent call last):
          ...
        mazegraph.errors.InvalidSizeError: orthogonal takes 2 size(s) (rows x cols), got 1
        """
        size = tuple(size)
        if self.variadic:
            if not size:
                raise InvalidSizeError(f"{self.name} takes one or more sizes ({self.describe_size()}), got none")
        elif len(size) != len(self.params):
            raise InvalidSizeError(
                f"{self.name} takes {len(self.params)} size(s) ({self.describe_size()}), got {len(size)}"
            )
        return size

    def arguments(self, size) -> tuple:
        """The builder's positional arguments for a size given as its numbers.

        Examples
        --------
        >>> from mazegraph.tessellations import TESSELLATIONS
        >>> TESSELLATIONS["grid"].arguments((4, 5, 3)), TESSELLATIONS["sigma"].arguments((4, 5))
        (((4, 5, 3),), (4, 5))
        """
        size = self.check_size(size)
        return (size,) if self.variadic else size


TESSELLATIONS: dict[str, Tessellation] = {}


def tessellation(name: str, params: tuple[str, ...], summary: str, example: tuple = (), *, variadic: bool = False,
                 bytes_per_cell: int = 1000):
    """Decorator: register a ``*_cells`` builder under ``name`` (used by the package's tessellation modules)."""

    def register(cells: Callable[..., CellGraph]) -> Callable[..., CellGraph]:
        TESSELLATIONS[name] = Tessellation(name, cells, tuple(params), summary, tuple(example), variadic,
                                           int(bytes_per_cell))
        BYTES_PER_CELL[name] = int(bytes_per_cell)
        return cells

    return register


def lookup(name: str) -> Tessellation:
    """The registry entry of ``name``.

    Raises
    ------
    UnknownTessellationError
        If there is none; the message lists the known names.
    """
    try:
        return TESSELLATIONS[name]
    except (KeyError, TypeError):
        raise UnknownTessellationError(name, TESSELLATIONS) from None


def names() -> list[str]:
    """The names of the tessellations :func:`build` knows, sorted.

    Examples
    --------
    >>> import mazegraph as mg
    >>> "sigma" in mg.tessellations.names()
    True
    """
    return sorted(TESSELLATIONS)


def build(name: str, *sizes, **options) -> CellGraph:
    """Build a tessellation's compiled arrays by name, without a networkx graph.

    This is the array path: a million cells take well under a second here,
    while their ``networkx.Graph`` view (the tessellation functions such as
    :func:`~mazegraph.tessellations.orthogonal`, or ``.to_networkx()``) costs
    seconds and hundreds of megabytes. Every function of the package accepts
    the CellGraph as it accepts the graph.

    Parameters
    ----------
    name : str
        One of :func:`names`.
    *sizes : int
        Its size parameters in order (``rows, cols``; ``radius``; ``rings``;
        for ``grid`` one tuple, the shape).
    **options
        Other keyword arguments of the builder (e.g. ``seed`` for ``voronoi``).

    Returns
    -------
    CellGraph
        Call ``.to_networkx()`` on it for the graph.

    Raises
    ------
    UnknownTessellationError
        If ``name`` is unknown; the message lists the known names.
    InvalidSizeError
        If the number of sizes is wrong or a size is invalid.
    InvalidOptionError
        If an option is not one the builder takes.

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.tessellations.build("orthogonal", 1000, 1000)
    <CellGraph orthogonal: 1000000 cells, 1998000 edges>
    """
    entry = lookup(name)
    if len(sizes) != len(entry.params):
        raise InvalidSizeError(
            f"{name} takes {len(entry.params)} size(s) ({' x '.join(entry.params)}), got {len(sizes)}"
        )
    unknown = set(options) - set(entry.options)
    if unknown:
        raise InvalidOptionError(f"{name} does not take option(s) {', '.join(sorted(unknown))}")
    return entry.cells(*sizes, **options)


def parse_size(text: str) -> tuple[int, ...]:
    """Parse a size written as text: ``"12x16"``, ``"8"``, ``"4x5x3"``; ``""`` is no size.

    Raises
    ------
    InvalidSizeError
        If a part is not a whole number.

    Examples
    --------
    >>> from mazegraph.tessellations import parse_size
    >>> parse_size("12x16"), parse_size("4X5×3"), parse_size("")
    ((12, 16), (4, 5, 3), ())
    """
    if not text.strip():
        return ()
    parts = text.lower().replace("×", "x").split("x")
    try:
        return tuple(int(p) for p in parts)
    except ValueError:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise InvalidSizeError(f"size {shown!r} should be whole numbers joined by 'x', e.g. 12x12 or 8") from None


def from_text(name: str, size: str | None = None, seed: int | None = None) -> CellGraph:
    """Build a tessellation from its name and a size written as text, as the command line does.

    Parameters
    ----------
    name : str
        One of :func:`names`.
    size : str, optional
        Its size as :func:`parse_size` reads it (``"12x16"``; ``"5x6x3"`` for a
        3D grid); the entry's example size when omitted.
    seed : int, optional
        Given to builders that are random themselves (``voronoi``), so the same
        command makes the same cells; ignored by the others.

    Returns
    -------
    CellGraph

    Raises
    ------
    UnknownTessellationError
        If ``name`` is unknown.
    InvalidSizeError
        If the size is not whole numbers joined by ``x``, has the wrong count,
        or the builder rejects it.

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.tessellations.from_text("grid", "4x5x3")
    <CellGraph grid: 60 cells, 133 edges>
    >>> mg.tessellations.from_text("voronoi", "40", seed=1).n_cells
    40
    """
    entry = lookup(name)
    numbers = parse_size(size) if size else entry.example
    options = {"seed": seed} if "seed" in entry.options else {}
    return entry.cells(*entry.arguments(numbers), **options)


def from_spec(spec: dict) -> CellGraph:
    """Rebuild a tessellation from the ``spec`` dict a CellGraph carries.

    Raises
    ------
    MazeFormatError
        If the spec is not a dict or lacks its name or a size parameter.
    UnknownTessellationError
        If the name is unknown.

    Examples
    --------
    >>> import mazegraph as mg
    >>> mg.tessellations.from_spec({"tessellation": "sigma", "rows": 3, "cols": 4})
    <CellGraph sigma: 12 cells, 23 edges>
    """
    if not isinstance(spec, dict):
        raise MazeFormatError(f"a tessellation spec is a dict such as {{'tessellation': 'sigma', 'rows': 3, "
                              f"'cols': 4}}, got {type(spec).__name__}")
    if spec.get("tessellation") == "graph":
        return CellGraph.from_dict(spec)
    if "tessellation" not in spec:
        raise MazeFormatError("tessellation spec lacks the field 'tessellation'")
    entry = lookup(spec["tessellation"])
    missing = [p for p in entry.params if p not in spec]
    if missing:
        raise MazeFormatError(f"{entry.name} spec lacks the field(s) {', '.join(missing)}")
    arguments = {k: v for k, v in spec.items() if k != "tessellation"}
    try:
        return entry.cells(**arguments)
    except TypeError as error:
        raise MazeFormatError(f"malformed {entry.name} spec {spec!r}: {error}") from None
