"""The output folder: a manifest and one Parquet part file per finished chunk.

::

    OUT/
      experiment.json                 what made the rows (the config's identity) and the metric columns
      part-<run>-<n>.parquet          rows of one finished chunk, written to a temp name then renamed

A part appears whole or not at all, so after any interruption the finished rows
are exactly the parts present; their ``spawn_key`` column tells which tasks are
done. Only the driver writes here (workers return rows), so the folder need not
be shared with remote Dask workers.
"""

from __future__ import annotations

import datetime
import json
import os
import secrets
from pathlib import Path

from ..errors import ConfigError, ExperimentError, OutputPathError

__all__ = ["Store"]

_FORMAT = "mazegraph.experiment"
_VERSION = 1
MANIFEST = "experiment.json"


class Store:
    """An experiment's output folder (see the module docstring)."""

    def __init__(self, folder: Path, metrics: tuple[str, ...]):
        self.folder = folder
        self.metrics = metrics
        self._run = datetime.datetime.now().strftime("%Y%m%dT%H%M%S") + "-" + secrets.token_hex(3)
        self._count = 0

    @classmethod
    def open(cls, out, identity: dict, metrics: tuple[str, ...], source: str | None = None) -> Store:
        """Open (resume) or create the folder for a config.

        Returns a store whose ``metrics`` are the metric columns of the rows
        already there (for a config that asks for "all metrics", the set found
        when the folder was created), so every part has the same columns.

        Raises
        ------
        ConfigError
            If the folder holds rows of a different config.
        OutputPathError
            If the folder cannot be created or written.
        """
        folder = Path(out)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OutputPathError(f"cannot create {folder}: {error.strerror or error}") from None
        manifest = folder / MANIFEST
        for stale in folder.glob(".part-*.tmp"):  # left by a run killed while writing
            stale.unlink(missing_ok=True)
        if manifest.exists():
            try:
                saved = json.loads(manifest.read_text(encoding="utf-8"))
                old, old_metrics = saved["config"], tuple(saved["metrics"])
            except (OSError, ValueError, KeyError, TypeError) as error:
                raise ExperimentError(f"{manifest} is unreadable ({error}); move the folder away and rerun") from None
            if saved.get("format") != _FORMAT:
                raise ExperimentError(f"{manifest} is not a mazegraph experiment manifest")
            if old != identity:
                fields = [k for k in sorted(set(old) | set(identity)) if old.get(k) != identity.get(k)]
                raise ConfigError(
                    f"config: differs from the one whose rows are in {folder} (field(s): {', '.join(fields)}); "
                    "to resume, use the same config; for a new experiment, use a new output folder"
                )
            return cls(folder, old_metrics)
        if any(folder.glob("part-*.parquet")):
            raise ExperimentError(f"{folder} holds Parquet parts but no {MANIFEST}; use a new output folder")
        data = {
            "format": _FORMAT,
            "version": _VERSION,
            "config": identity,
            "metrics": list(metrics),
            "source": source,
            "created": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        }
        _atomic_write(manifest, json.dumps(data, indent=2, sort_keys=True).encode("utf-8"))
        return cls(folder, tuple(metrics))

    def parts(self) -> list[Path]:
        """The finished part files, in name order."""
        return sorted(self.folder.glob("part-*.parquet"))

    def done_keys(self) -> set[int]:
        """Spawn keys of the rows already written."""
        import pyarrow.parquet as pq

        keys: set[int] = set()
        for part in self.parts():
            try:
                keys.update(pq.read_table(part, columns=["spawn_key"]).column(0).to_pylist())
            except Exception as error:  # noqa: BLE001 - pyarrow raises several types
                raise ExperimentError(f"cannot read {part} ({error}); delete it to redo its mazes") from None
        return keys

    def write(self, table) -> Path:
        """Write one chunk's rows as a new part, atomically."""
        import pyarrow.parquet as pq

        self._count += 1
        name = f"part-{self._run}-{self._count:05d}.parquet"
        temp = self.folder / f".{name}.tmp"
        try:
            pq.write_table(table, temp)
            os.replace(temp, self.folder / name)
        except OSError as error:
            temp.unlink(missing_ok=True)
            raise OutputPathError(f"cannot write {self.folder / name}: {error.strerror or error}") from None
        return self.folder / name

    def read(self, schema):
        """All rows written so far, as one ``pyarrow.Table`` with ``schema``."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        tables = []
        for part in self.parts():
            try:
                tables.append(pq.read_table(part, schema=schema))
            except Exception as error:  # noqa: BLE001
                raise ExperimentError(f"cannot read {part} ({error}); delete it to redo its mazes") from None
        return pa.concat_tables(tables) if tables else schema.empty_table()


def _atomic_write(path: Path, data: bytes) -> None:
    temp = path.with_name(f".{path.name}.tmp")
    try:
        temp.write_bytes(data)
        os.replace(temp, path)
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None
