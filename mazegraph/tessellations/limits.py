"""How many cells a tessellation may have here: checked before anything is allocated.

Every builder knows its cell count from its sizes before it builds, and declares
at registration how many bytes a cell costs at the peak of building its arrays
(``bytes_per_cell``, measured with ``benchmarks/bytes_per_cell.py``); the
``networkx`` view costs ``NX_BYTES_PER_CELL`` more. A request whose estimate
exceeds half of this machine's memory is refused with
:class:`~mazegraph.errors.InvalidSizeError`, which gives the estimate and the
limit, instead of dying in numpy's ``MemoryError`` after allocating gigabytes.

The memory is the physical memory, or where that is lower the process's data limit
(``ulimit -d``) or what its address-space limit (``ulimit -v``) leaves unmapped. On a big machine, or to refuse
smaller requests, set the environment variable ``MAZEGRAPH_MAX_CELLS`` to the
largest number of cells to allow; it replaces the estimate.

>>> import mazegraph as mg
>>> mg.tessellations.orthogonal(10**6, 10**6)  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
mazegraph.errors.InvalidSizeError: orthogonal: 1,000,000,000,000 cells would take about 500 TB ...
"""

from __future__ import annotations

import math
import os

from ..errors import InvalidSizeError

__all__ = ["ENV", "MEMORY_SHARE", "NX_BYTES_PER_CELL", "BYTES_PER_CELL", "memory_bytes", "max_cells", "check_cells"]

#: The environment variable that sets the largest number of cells a tessellation may have.
ENV = "MAZEGRAPH_MAX_CELLS"
#: The share of the machine's memory one tessellation may take.
MEMORY_SHARE = 0.5
#: Bytes per cell the ``networkx.Graph`` view adds to the arrays (measured: 610 to 1,090 B; see
#: ``benchmarks/bytes_per_cell.py``).
NX_BYTES_PER_CELL = 1200
#: Peak bytes per cell of building each tessellation's arrays, by name; filled in by the
#: ``tessellation`` decorator from its ``bytes_per_cell``.
BYTES_PER_CELL: dict[str, float] = {}


def memory_bytes() -> int:
    """The memory this process may use: physical memory, or a lower ``RLIMIT_AS``/``RLIMIT_DATA``."""
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):  # not POSIX: assume a modest machine
        memory = 8 * 2**30
    try:
        import resource
    except ImportError:  # Windows
        return int(memory)
    for limit in (resource.RLIMIT_AS, getattr(resource, "RLIMIT_DATA", None)):
        if limit is None:
            continue
        soft, _ = resource.getrlimit(limit)
        if soft != resource.RLIM_INFINITY and soft > 0:
            if limit == resource.RLIMIT_AS:  # the address space already mapped (libraries, numba) counts
                soft = max(soft - _address_space(), 0)
            memory = min(memory, soft)
    return int(memory)


def _address_space() -> int:
    """Bytes of address space this process maps now (Linux; 0 where unknown)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return 0


def _from_environment() -> int | None:
    text = os.environ.get(ENV, "").strip()
    if not text:
        return None
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        value = 0
    if value < 1:
        raise InvalidSizeError(f"the environment variable {ENV}={text!r} must be a whole number of cells >= 1")
    return value


def max_cells(bytes_per_cell: float) -> int:
    """The most cells a tessellation costing ``bytes_per_cell`` may have here.

    ``MAZEGRAPH_MAX_CELLS`` when set, else ``MEMORY_SHARE`` of
    ``memory_bytes()`` divided by ``bytes_per_cell``.
    """
    fixed = _from_environment()
    if fixed is not None:
        return fixed
    return int(MEMORY_SHARE * memory_bytes() // bytes_per_cell)


def _bytes(n: float) -> str:
    try:
        n = float(n)
    except OverflowError:
        return "more than 10**308 bytes"
    if n >= 1e18:
        return f"{n:.0e} bytes"
    for unit in ("B", "kB", "MB", "GB", "TB", "PB"):
        if n < 1000:
            return f"{n:.0f} {unit}"
        n /= 1000
    return f"{n:.0f} EB"


def check_cells(name: str, n_cells: int, bytes_per_cell: float | None = None) -> int:
    """Return ``n_cells``, or refuse a tessellation that would not fit.

    Parameters
    ----------
    name : str
        The tessellation (its registry entry gives ``bytes_per_cell`` when not
        given), or a description for the message.
    n_cells : int
        The number of cells asked for (a Python int: no overflow).
    bytes_per_cell : float, optional
        Peak bytes per cell of the thing about to be built.

    Raises
    ------
    InvalidSizeError
        Saying the estimate, the limit and how to raise it.
    """
    if bytes_per_cell is None:
        bytes_per_cell = BYTES_PER_CELL[name]
    limit = max_cells(bytes_per_cell)
    if n_cells <= limit:
        return n_cells
    fixed = _from_environment() is not None
    why = (f"{ENV} allows {limit:,}" if fixed else
           f"the limit here is {limit:,} ({MEMORY_SHARE:.0%} of the {_bytes(memory_bytes())} of memory this process "
           "may use)")
    count = f"{n_cells:,}" if n_cells < 10**30 else f"about 10**{int(math.log10(n_cells))}"
    raise InvalidSizeError(
        f"{name}: {count} cells would take about {_bytes(n_cells * bytes_per_cell)} "
        f"({bytes_per_cell:,.0f} bytes per cell); {why}: ask for fewer cells, or set the "
        f"environment variable {ENV} to allow more"
    )
