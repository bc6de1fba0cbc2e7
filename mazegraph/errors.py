"""The exceptions mazegraph raises.

Every error the toolkit raises on bad input is a :class:`MazeError`, so a caller
can catch them all at once; each subclass also derives from the built-in
exception a Python user would expect (``ValueError``, ``OSError``), so existing
``except ValueError`` code keeps working.
"""

from __future__ import annotations

__all__ = [
    "MazeError",
    "InvalidSizeError",
    "UnknownNameError",
    "UnknownTessellationError",
    "UnknownAlgorithmError",
    "InvalidSeedError",
    "DisconnectedGraphError",
    "NotACellError",
    "MissingAttributeError",
    "UnsupportedError",
    "NoSolutionError",
    "OutputPathError",
    "MazeFormatError",
    "InvalidOptionError",
    "DrawingOptionError",
    "GluingError",
    "InvalidMaskError",
    "ConfigError",
    "ExperimentError",
    "PuzzleError",
    "PuzzleFormatError",
    "GenerationError",
    "TooManyTreesError",
    "NotATreeError",
    "UnknownSolverError",
]


class MazeError(Exception):
    """Base class of every error mazegraph raises on bad input."""


class InvalidSizeError(MazeError, ValueError):
    """A size argument is not a whole number of at least the allowed minimum."""


class UnknownNameError(MazeError, ValueError):
    """A name that is not in one of mazegraph's registries.

    Parameters
    ----------
    kind : str
        What was looked up, e.g. ``"algorithm"``.
    name : str
        The name that was asked for.
    known : iterable of str
        The names that exist; the message lists them.
    """

    def __init__(self, kind: str, name: str, known):
        self.kind = kind
        self.name = name
        self.known = sorted(known)
        super().__init__(
            f"unknown {kind} {name!r}; known {kind}s: {', '.join(self.known)}"
        )


class UnknownTessellationError(UnknownNameError):
    """A tessellation name that mazegraph does not know."""

    def __init__(self, name: str, known):
        super().__init__("tessellation", name, known)


class UnknownAlgorithmError(UnknownNameError):
    """An algorithm name that is not in the generator registry."""

    def __init__(self, name: str, known):
        super().__init__("algorithm", name, known)


class InvalidSeedError(MazeError, TypeError):
    """A seed that is not an int, SeedSequence, numpy Generator or None."""


class DisconnectedGraphError(MazeError, ValueError):
    """A graph whose cells do not form one connected piece."""


class NotACellError(MazeError, ValueError):
    """A cell label (start, goal, ...) that is not a node of the tessellation."""


class MissingAttributeError(MazeError, ValueError):
    """A node, edge or graph attribute that an operation needs is absent, or one that is
    malformed (a ``pos`` that is not finite coordinates, a ``row`` that is not a whole
    number, a ``wall`` that is not a polyline); the message names the node or edge."""


class UnsupportedError(MazeError, ValueError):
    """An operation that cannot run on the given tessellation or maze."""


class NoSolutionError(MazeError, ValueError):
    """No path of open passages joins the requested cells."""


class OutputPathError(MazeError, OSError):
    """An output path that cannot be written, or has an unknown suffix."""


class MazeFormatError(MazeError, ValueError):
    """A serialised maze (JSON, ASCII art, a wall bitmap or array, GraphML...) that is malformed;
    for text and pictures the message names the line and column or the pixel."""


class InvalidOptionError(MazeError, TypeError):
    """An option that the chosen algorithm does not take, or a bad option value."""


class DrawingOptionError(InvalidOptionError, ValueError):
    """A drawing option that cannot be used: a ``scale``, ``size`` or ``dpi`` that is
    not a positive finite number in its range or would make a picture too large,
    options that exclude each other (``scale`` and ``size``; ``ax`` and ``path``),
    or an option the drawn object's renderer does not take."""


class GluingError(MazeError, ValueError):
    """A glued-surface (planair) description that does not make a valid maze surface.

    Raised for an unknown section or side, a side linked twice, linked sides of
    different lengths, overlapping sections in the net, or a gluing whose result
    is not a simple graph (a cell glued to itself or to a cell it already touches).
    """


class InvalidMaskError(InvalidSizeError):
    """A mask (the shape of a masked maze) that gives no cells.

    Raised for a mask with no open cell, of an unknown type, an array that is
    not 2D or not boolean, or a file that does not exist or cannot be read. A
    mask plays the part of a size, so this is an :class:`InvalidSizeError`.
    """


class ConfigError(MazeError, ValueError):
    """An experiment config that is malformed; the message names the field.

    Raised for a missing, unknown or misspelled field, a value of the wrong
    type, an unknown algorithm, tessellation or metric, a size the tessellation
    rejects, an algorithm that cannot run on a tessellation, or a config that
    differs from the one whose rows are already in the output folder.
    """


class ExperimentError(MazeError, RuntimeError):
    """An experiment run that cannot go on: workers keep dying, a Dask scheduler
    cannot be reached, or the output folder holds unreadable parts. Rows
    finished so far stay in the output folder; rerunning resumes.
    """


class PuzzleError(MazeError, ValueError):
    """A Numberlink puzzle, or a solution of one, that breaks the rules: a number
    on a solid cell, two numbers on one cell, a path that is not simple or
    leaves cells uncovered."""


class PuzzleFormatError(MazeError, ValueError):
    """A Numberlink puzzle file (text or JSON) that is malformed; the message gives
    the line and column and what was expected."""


class GenerationError(MazeError, RuntimeError):
    """A generator that gave up: no puzzle met the requested options (a unique
    solution, quality filters, a number of pairs) within its attempts."""


class TooManyTreesError(InvalidSizeError):
    """A graph with more spanning trees than an enumeration or uniformity test allows.

    Enumerating trees (and testing a generator against them) is for tiny graphs;
    count larger ones with ``mazegraph.uniformity.count_spanning_trees`` or
    ``log_count_spanning_trees``.
    """


class NotATreeError(MazeError, ValueError):
    """A maze that is not a spanning tree (it has a loop or an unreached cell)
    where a perfect maze is needed, e.g. by the uniformity test."""


class UnknownSolverError(UnknownNameError):
    """A solving method that is not in the solver registry (see :func:`mazegraph.solvers`)."""

    def __init__(self, name: str, known):
        super().__init__("solver", name, known)
