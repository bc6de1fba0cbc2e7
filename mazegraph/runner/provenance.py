"""What made an output: versions of mazegraph and its numeric stack, the config, the root seed, the date.

Every experiment folder (its ``_experiment.json`` and each Parquet part's
key-value metadata) and every reproduce folder's ``config.json`` carries this
record, so a table can be traced to the code and settings that made it.
"""

from __future__ import annotations

import datetime
import importlib.metadata
import json
import platform
import sys
from pathlib import Path

from ..errors import OutputPathError

__all__ = ["provenance", "versions", "write_config"]

_PACKAGES = ("numpy", "numba", "networkx", "scipy", "pandas", "pyarrow")


def versions() -> dict[str, str | None]:
    """Versions of mazegraph, Python and the packages the numbers depend on (None: not installed).

    Examples
    --------
    >>> from mazegraph.runner.provenance import versions
    >>> sorted(versions())[:3]
    ['mazegraph', 'networkx', 'numba']
    """
    import mazegraph  # at call time the package is initialised

    found: dict[str, str | None] = {"mazegraph": mazegraph.__version__, "python": platform.python_version()}
    for name in _PACKAGES:
        module = sys.modules.get(name)
        version = getattr(module, "__version__", None)
        if version is None:
            try:
                version = importlib.metadata.version(name)
            except importlib.metadata.PackageNotFoundError:
                version = None
        found[name] = version
    return found


def provenance(config: dict | None = None, root_seed: int | None = None) -> dict:
    """A record of what made an output, as plain JSON-ready values.

    Parameters
    ----------
    config : dict, optional
        The settings that decide the output (an experiment config's identity,
        or a reproduce table's parameters).
    root_seed : int, optional
        The seed every random draw derives from.

    Returns
    -------
    dict
        ``versions`` (see :func:`versions`), ``platform``, ``created`` (local
        time, ISO 8601 with offset), ``root_seed`` and ``config``.

    Examples
    --------
    >>> from mazegraph.runner.provenance import provenance
    >>> record = provenance({"seeds": 3}, root_seed=7)
    >>> record["root_seed"], record["config"], "numba" in record["versions"]
    (7, {'seeds': 3}, True)
    """
    return {
        "versions": versions(),
        "platform": platform.platform(terse=True),
        "created": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "root_seed": root_seed,
        "config": config,
    }


def write_config(folder, config: dict, root_seed: int | None = None, name: str = "config.json"):
    """Write ``config.json`` (the settings and their :func:`provenance`) into a reproduce folder.

    Returns
    -------
    pathlib.Path
        The file written.

    Raises
    ------
    OutputPathError
        If it cannot be written.
    """
    path = Path(folder) / name
    record = {**config, "provenance": provenance(config, root_seed)}
    try:
        path.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None
    return path
