"""The output folder: a Parquet dataset of finished chunks, with a manifest readers skip.

::

    OUT/
      _experiment.json                what made the rows: config, columns, provenance of every run
      part-<run>-<n>.parquet          rows of one finished chunk, written to a temp name then renamed

``pandas.read_parquet(OUT)``, ``pyarrow.dataset.dataset(OUT)`` and
``dask.dataframe.read_parquet(OUT)`` read the folder as one table: Parquet
readers skip files whose names start with ``_`` or ``.`` (the manifest, parts
being written). Every part carries the same record in its key-value metadata
(key ``mazegraph``: format, run, config hash, provenance), so a part copied
elsewhere still says what made it. :func:`mazegraph.load_results` reads the
folder in config order.

A part appears whole or not at all, so after any interruption the finished rows
are exactly the parts present; their ``spawn_key`` column tells which tasks are
done. Only the driver writes here (workers return rows), so the folder need not
be shared with remote Dask workers.

A finished folder can take more replicates: run its config with a larger
``seeds`` and only the new replicates are made (a task's seed does not depend
on ``seeds``); any other change is refused, naming the field.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import secrets
from pathlib import Path

from ..errors import ConfigError, ExperimentError, OutputPathError
from .config import canonical_json
from .provenance import provenance

__all__ = ["Store", "MANIFEST", "FORMAT", "VERSION", "read_manifest", "config_hash"]

FORMAT = "mazegraph.experiment"
VERSION = 2
MANIFEST = "_experiment.json"
_LEGACY_MANIFEST = "experiment.json"  # format 1: beside the parts, where Parquet readers trip on it
METADATA_KEY = b"mazegraph"


def config_hash(identity: dict) -> str:
    """A short hash of a config's identity without ``seeds`` (what every part of a folder shares)."""
    fixed = {k: v for k, v in identity.items() if k != "seeds"}
    return hashlib.blake2b(canonical_json(fixed).encode("utf-8"), digest_size=8).hexdigest()


def read_manifest(folder) -> dict:
    """The manifest of an experiment folder.

    Raises
    ------
    ExperimentError
        If the folder has no manifest, an unreadable one, or one of another
        format (with what to do about it).
    """
    folder = Path(folder)
    manifest = folder / MANIFEST
    if not manifest.exists():
        if (folder / _LEGACY_MANIFEST).exists():
            raise ExperimentError(
                f"{folder} was written by an earlier mazegraph (experiment.json, format 1, without typed columns "
                f"or provenance); run its config into a new folder (its rows come out the same), or read the old "
                f"parts as they are with pandas.read_parquet(sorted(Path({str(folder)!r}).glob('part-*.parquet')))"
            )
        raise ExperimentError(f"{folder} is not an experiment folder (no {MANIFEST})")
    try:
        saved = json.loads(manifest.read_text(encoding="utf-8"))
        saved["config"], saved["metrics"]  # noqa: B018 - the fields every manifest has
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ExperimentError(f"{manifest} is unreadable ({error}); move the folder away and rerun") from None
    if not isinstance(saved, dict) or saved.get("format") != FORMAT:
        raise ExperimentError(f"{manifest} is not a mazegraph experiment manifest")
    if saved.get("version") != VERSION:
        raise ExperimentError(
            f"{manifest} has format version {saved.get('version')!r}; this mazegraph reads version {VERSION}"
        )
    return saved


class Store:
    """An experiment's output folder (see the module docstring)."""

    def __init__(self, folder: Path, manifest: dict, run: str):
        self.folder = folder
        self.manifest = manifest
        self.run = run
        self._count = 0
        record = {
            "format": FORMAT,
            "version": VERSION,
            "run": run,
            "config_hash": config_hash(manifest["config"]),
            "provenance": manifest["runs"][-1]["provenance"],
        }
        self._metadata = {METADATA_KEY: json.dumps(record, sort_keys=True).encode("utf-8")}

    @property
    def metrics(self) -> tuple[str, ...]:
        """The metric columns of the rows in this folder."""
        return tuple(self.manifest["metrics"])

    @classmethod
    def open(cls, out, identity: dict, metrics: tuple[str, ...], info: dict | None = None) -> Store:
        """Open (resume or extend) or create the folder for a config.

        Parameters
        ----------
        out : path
        identity : dict
            The config's identity (:meth:`Config.identity`).
        metrics : tuple of str
            The plan's metric columns; a folder created for "all metrics" keeps
            the set it was created with, so every part has the same columns.
        info : dict, optional
            ``source``, ``name``, ``description`` of the config, recorded.

        Raises
        ------
        ConfigError
            If the folder holds rows of a different config (naming the
            fields), or of more replicates than ``seeds`` asks for.
        ExperimentError
            If the folder is of another format or holds parts without a manifest.
        OutputPathError
            If the folder cannot be created or written.
        """
        folder = Path(out)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OutputPathError(f"cannot create {folder}: {error.strerror or error}") from None
        for stale in folder.glob(".part-*.tmp"):  # left by a run killed while writing
            stale.unlink(missing_ok=True)
        run = datetime.datetime.now().strftime("%Y%m%dT%H%M%S") + "-" + secrets.token_hex(3)
        this_run = {"run": run, "seeds": identity["seeds"], "provenance": provenance(identity, identity["root_seed"])}
        if (folder / MANIFEST).exists() or (folder / _LEGACY_MANIFEST).exists():
            saved = read_manifest(folder)
            old = saved["config"]
            fields = [k for k in sorted(set(old) | set(identity)) if k != "seeds" and old.get(k) != identity.get(k)]
            if fields:
                raise ConfigError(
                    f"config: differs from the one whose rows are in {folder} (field(s): {', '.join(fields)}); "
                    "to resume or add replicates, change only seeds; for a new experiment, use a new output folder"
                )
            if identity["seeds"] < old["seeds"]:
                raise ConfigError(
                    f"config: seeds: {folder} holds {old['seeds']} replicates per task and the config asks for "
                    f"{identity['seeds']}; use seeds >= {old['seeds']} (only new replicates are made), or a new "
                    "output folder"
                )
            saved["config"] = identity  # the same, or with more replicates
            saved.setdefault("runs", []).append(this_run)
            _atomic_write(folder / MANIFEST, _dump(saved))
            return cls(folder, saved, run)
        if any(folder.glob("part-*.parquet")):
            raise ExperimentError(f"{folder} holds Parquet parts but no {MANIFEST}; use a new output folder")
        data = {
            "format": FORMAT,
            "version": VERSION,
            "config": identity,
            "metrics": list(metrics),
            **(info or {}),
            "created": this_run["provenance"]["created"],
            "runs": [this_run],
        }
        _atomic_write(folder / MANIFEST, _dump(data))
        return cls(folder, data, run)

    def set_columns(self, columns: dict) -> None:
        """Record the column layout (:meth:`RowSchema.describe`) in the manifest."""
        if self.manifest.get("columns") != columns:
            self.manifest["columns"] = columns
            _atomic_write(self.folder / MANIFEST, _dump(self.manifest))

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
        """Write one chunk's rows as a new part, atomically, with the run's record in its metadata."""
        import pyarrow.parquet as pq

        self._count += 1
        name = f"part-{self.run}-{self._count:05d}.parquet"
        temp = self.folder / f".{name}.tmp"
        metadata = {**(table.schema.metadata or {}), **self._metadata}
        try:
            pq.write_table(table.replace_schema_metadata(metadata), temp)
            os.replace(temp, self.folder / name)
        except OSError as error:
            temp.unlink(missing_ok=True)
            raise OutputPathError(f"cannot write {self.folder / name}: {error.strerror or error}") from None
        return self.folder / name

    def read(self, schema):
        """All rows written so far, as one ``pyarrow.Table`` with ``schema``."""
        return read_parts(self.parts(), schema)


def read_parts(parts, schema):
    """Parquet parts as one ``pyarrow.Table`` with ``schema``.

    Raises
    ------
    ExperimentError
        If a part cannot be read with that schema (naming it).
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    tables = []
    for part in parts:
        try:
            tables.append(pq.read_table(part, schema=schema))
        except Exception as error:  # noqa: BLE001
            raise ExperimentError(f"cannot read {part} ({error}); delete it to redo its mazes") from None
    return pa.concat_tables(tables) if tables else schema.empty_table()


def _dump(data: dict) -> bytes:
    return json.dumps(data, indent=2, sort_keys=True).encode("utf-8")


def _atomic_write(path: Path, data: bytes) -> None:
    temp = path.with_name(f".{path.name}.tmp")
    try:
        temp.write_bytes(data)
        os.replace(temp, path)
    except OSError as error:
        raise OutputPathError(f"cannot write {path}: {error.strerror or error}") from None
