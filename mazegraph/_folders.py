"""Output folders: made on demand, with one clear error when they cannot be."""

from __future__ import annotations

from pathlib import Path

from .errors import OutputPathError


def make_folder(path) -> Path:
    """Make the folder ``path`` (and its parents) if needed and return it as a Path.

    Raises
    ------
    OutputPathError
        If the folder cannot be created (a read-only place, a file in the way, ...).
    """
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputPathError(f"cannot create the folder {folder}: {error.strerror or error}") from None
    return folder
