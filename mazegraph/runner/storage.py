"""The output folder: a Parquet dataset of finished chunks, with a manifest readers skip.

::

    OUT/
      _experiment.json                what made the rows: config, columns, provenance of every run
      _lock                           held (``flock``) by the driver writing here; says who it is
      part-<run>-<n>.parquet          rows of one finished chunk, written to a temp name then renamed

``pandas.read_parquet(OUT)``, ``pyarrow.dataset.dataset(OUT)`` and
``dask.dataframe.read_parquet(OUT)`` read the folder as one table: Parquet
readers skip files whose names start with ``_`` or ``.`` (the manifest, parts
being written). Every part carries the same record in its key-value metadata
(key ``mazegraph``: format, run, config hash, provenance) and its own checksum
of its rows, so a part copied elsewhere still says what made it.
:func:`mazegraph.load_results` reads the folder in config order.

Every part is checked before its rows are trusted (on resume, and when the
folder is read back): a part whose rows no longer match their checksum (edited
after it was written), one of another experiment (another config hash) or one
without the record is **refused** with an :class:`~mazegraph.errors.ExperimentError`
naming the file; nothing is deleted or recomputed behind the user's back (delete
the part to have its mazes made again).

One driver at a time writes a folder: it holds an exclusive lock on ``_lock``
(``fcntl.flock``, released by the system when the process ends, so the lock of a
killed driver is simply taken over). A second driver on the same folder is
refused, naming the holder, or waits for it (``wait=True``, ``--wait``).

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
import socket
import sys
from pathlib import Path

from .._folders import make_folder
from ..errors import ConfigError, ExperimentError, OutputPathError
from .config import canonical_json
from .provenance import provenance

__all__ = [
    "Store",
    "MANIFEST",
    "FORMAT",
    "VERSION",
    "LOCK",
    "read_manifest",
    "config_hash",
    "table_checksum",
    "check_part",
    "check_parts",
    "FolderLock",
]

FORMAT = "mazegraph.experiment"
VERSION = 2
MANIFEST = "_experiment.json"
_LEGACY_MANIFEST = "experiment.json"  # format 1: beside the parts, where Parquet readers trip on it
METADATA_KEY = b"mazegraph"
LOCK = "_lock"  # Parquet readers skip names starting with "_"


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


def table_checksum(table) -> str:
    """A checksum of a table's rows: column names, types and every value (not its metadata or chunking).

    The same rows give the same checksum whether they are in memory or read
    back from Parquet (dictionary columns are compared by their values).
    """
    import numpy as np
    import pyarrow as pa

    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"rows={table.num_rows};".encode())
    for name, column in zip(table.column_names, table.columns):
        array = column.combine_chunks() if column.num_chunks != 1 else column.chunk(0)
        if pa.types.is_dictionary(array.type):
            array = array.dictionary_decode()
        digest.update(f"{name}:{_type_name(array.type)};".encode())
        if array.null_count:
            digest.update(np.packbits(array.is_null().to_numpy(zero_copy_only=False)).tobytes())
        kind = array.type
        if pa.types.is_boolean(kind):
            digest.update(array.fill_null(False).to_numpy(zero_copy_only=False).tobytes())
        elif pa.types.is_integer(kind) or pa.types.is_floating(kind):
            digest.update(np.ascontiguousarray(array.fill_null(0).to_numpy(zero_copy_only=False)).tobytes())
        else:
            digest.update(json.dumps(array.to_pylist(), ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    return "blake2b-128:" + digest.hexdigest()


def _type_name(kind) -> str:
    """A type's name without the list field's name (``item`` in memory, ``element`` from Parquet)."""
    import pyarrow as pa

    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        return f"list<{_type_name(kind.value_type)}>"
    return str(kind)


def part_record(part: Path, metadata) -> dict:
    """The ``mazegraph`` record of a part's key-value metadata.

    Raises
    ------
    ExperimentError
        If the part carries none (it was not written by an experiment).
    """
    try:
        record = json.loads((metadata or {})[METADATA_KEY])
        if not isinstance(record, dict):
            raise TypeError
    except (KeyError, ValueError, TypeError):
        raise ExperimentError(
            f"{part} carries no mazegraph record, so it was not written by an experiment; move it out of {part.parent}"
        ) from None
    return record


def check_part(part: Path, table, expected_hash: str) -> None:
    """Refuse a part that belongs to another experiment or whose rows changed after they were written.

    Raises
    ------
    ExperimentError
        Naming the part and what to do.
    """
    record = part_record(part, table.schema.metadata)
    if record.get("config_hash") != expected_hash:
        raise ExperimentError(
            f"{part} belongs to another experiment (config hash {record.get('config_hash')}, this folder's is "
            f"{expected_hash}); move it out of {part.parent}"
        )
    checksum = record.get("checksum")
    if checksum is None:
        raise ExperimentError(
            f"{part} has no checksum (written by an earlier mazegraph), so its rows cannot be checked; "
            "delete it to have its mazes made again, run the config into a new folder, or read the folder "
            "as it is with mazegraph.load_results(folder, verify=False)"
        )
    if table_checksum(table) != checksum:
        raise ExperimentError(
            f"{part} was changed after it was written (its rows no longer match their checksum); "
            f"delete it to have its {table.num_rows} mazes made again"
        )


class FolderLock:
    """An exclusive lock on an output folder (its ``_lock`` file), held while a driver writes there.

    The lock is an ``flock`` (``msvcrt.locking`` on Windows) of an open file:
    the system releases it when the holder ends, however it ends, so the lock of
    a killed driver is taken over without any clean-up. The file says who holds it
    (pid, host, start time) for the message a second driver gets.
    """

    def __init__(self, folder: Path):
        self.path = Path(folder) / LOCK
        self._fd: int | None = None

    def acquire(self, wait: bool = False) -> None:
        """Take the lock; if another driver holds it, refuse or (``wait``) block until it is free.

        Raises
        ------
        ExperimentError
            If another driver holds the lock and ``wait`` is false.
        OutputPathError
            If the lock file cannot be created.
        """
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise OutputPathError(f"cannot create {self.path}: {error.strerror or error}") from None
        try:
            if not _lock(fd, block=False):
                holder = self.holder()
                if not wait:
                    raise ExperimentError(
                        f"{self.path.parent} is being written by another experiment ({holder}); wait for it to "
                        "finish, use another output folder, or pass --wait (wait=True) to start when it is done"
                    )
                _notify_waiting(self.path.parent, holder)
                _lock(fd, block=True)
            me = {
                "pid": os.getpid(),
                "host": socket.gethostname(),
                "since": datetime.datetime.now().isoformat(timespec="seconds"),
            }
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(me).encode("utf-8"), 0)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def holder(self) -> str:
        """Who holds the lock, as the lock file says."""
        try:
            who = json.loads(self.path.read_text(encoding="utf-8"))
            return f"process {who['pid']} on {who['host']}, since {who['since']}"
        except (OSError, ValueError, KeyError, TypeError):
            return "a process that has not said who it is yet"

    def release(self) -> None:
        """Let go of the lock (also done by the system when this process ends)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
        except OSError:  # pragma: no cover - best effort
            pass
        os.close(fd)  # closing the descriptor releases the lock


def _lock(fd: int, block: bool) -> bool:
    """Lock an open file exclusively; False if another process holds it (and ``block`` is false)."""
    if sys.platform == "win32":  # pragma: no cover - not run on Linux CI
        import msvcrt

        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                return True
            except OSError:
                if not block:
                    return False
                import time

                time.sleep(0.5)
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if block else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    return True


def _notify_waiting(folder: Path, holder: str) -> None:
    print(
        f"mazegraph: {folder} is being written by another experiment ({holder}); waiting for it to finish",
        file=sys.stderr,
        flush=True,
    )


class Store:
    """An experiment's output folder (see the module docstring)."""

    def __init__(self, folder: Path, manifest: dict, run: str, lock: FolderLock | None = None, done=(), checked=()):
        self.folder = folder
        self._done = frozenset(done)
        self._checked = set(checked)  # parts checked when opened or written by this run, under the lock
        self._kept: dict[Path, object] = {}  # part -> the table this run wrote there
        self.manifest = manifest
        self.run = run
        self.lock = lock
        self.config_hash = config_hash(manifest["config"])
        self._count = 0
        self._record = {
            "format": FORMAT,
            "version": VERSION,
            "run": run,
            "config_hash": self.config_hash,
            "provenance": manifest["runs"][-1]["provenance"],
        }

    def close(self) -> None:
        """Release the folder's lock."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def metrics(self) -> tuple[str, ...]:
        """The metric columns of the rows in this folder."""
        return tuple(self.manifest["metrics"])

    @classmethod
    def open(cls, out, identity: dict, metrics: tuple[str, ...], info: dict | None = None, wait: bool = False) -> Store:
        """Open (resume or extend) or create the folder for a config, and lock it (:meth:`close` unlocks).

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
        wait : bool
            If another driver writes the folder, wait for it to finish
            instead of refusing.

        Raises
        ------
        ConfigError
            If the folder holds rows of a different config (naming the
            fields), or of more replicates than ``seeds`` asks for.
        ExperimentError
            If the folder is of another format, holds parts without a
            manifest, or another driver is writing it (and ``wait`` is false).
        OutputPathError
            If the folder cannot be created or written.
        """
        folder = make_folder(out)
        lock = FolderLock(folder)
        lock.acquire(wait)
        try:
            return cls._open_locked(folder, identity, metrics, info, lock)
        except BaseException:
            lock.release()
            raise

    @classmethod
    def _open_locked(cls, folder: Path, identity: dict, metrics, info, lock: FolderLock) -> Store:
        for stale in folder.glob(".part-*.tmp"):  # left by a run killed while writing (no one else writes here)
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
            parts = sorted(folder.glob("part-*.parquet"))
            done = check_parts(parts, config_hash(old))  # before anything changes
            saved["config"] = identity  # the same, or with more replicates
            saved.setdefault("runs", []).append(this_run)
            _atomic_write(folder / MANIFEST, _dump(saved))
            return cls(folder, saved, run, lock, done, parts)
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
        return cls(folder, data, run, lock)

    def set_columns(self, columns: dict) -> None:
        """Record the column layout (:meth:`RowSchema.describe`) in the manifest."""
        if self.manifest.get("columns") != columns:
            self.manifest["columns"] = columns
            _atomic_write(self.folder / MANIFEST, _dump(self.manifest))

    def parts(self) -> list[Path]:
        """The finished part files, in name order."""
        return sorted(self.folder.glob("part-*.parquet"))

    def done_keys(self) -> set[int]:
        """Spawn keys of the rows already written (in parts checked when the folder was opened)."""
        return set(self._done)

    def write(self, table) -> Path:
        """Write one chunk's rows as a new part, atomically, with the run's record in its metadata.

        The table is also kept in memory: :meth:`read` takes the part's rows
        from there instead of reading the file back.
        """
        import pyarrow.parquet as pq

        self._count += 1
        name = f"part-{self.run}-{self._count:05d}.parquet"
        temp = self.folder / f".{name}.tmp"
        record = {**self._record, "checksum": table_checksum(table)}
        metadata = {**(table.schema.metadata or {}), METADATA_KEY: json.dumps(record, sort_keys=True).encode("utf-8")}
        try:
            pq.write_table(table.replace_schema_metadata(metadata), temp)
            os.replace(temp, self.folder / name)
            self._checked.add(self.folder / name)
            self._kept[self.folder / name] = table
        except OSError as error:
            temp.unlink(missing_ok=True)
            raise OutputPathError(f"cannot write {self.folder / name}: {error.strerror or error}") from None
        return self.folder / name

    def read(self, schema):
        """All rows written so far, as one ``pyarrow.Table`` with ``schema``.

        Parts checked when the folder was opened or written by this run (all
        under the lock) are not checked again; any other part is. Parts this
        run wrote are taken from memory, not read back.
        """
        return read_parts(self.parts(), schema, self.config_hash, trusted=self._checked, loaded=self._kept)


def check_parts(parts, expected_hash: str) -> set[int]:
    """Check every part (:func:`check_part`) and that no two hold the same maze; return their spawn keys.

    Raises
    ------
    ExperimentError
        If a part cannot be read, belongs to another experiment, was changed
        after it was written, or holds a maze another part holds too (naming
        the parts).
    """
    keys: dict[int, Path] = {}
    for part in parts:
        table = _read_checked(part, expected_hash)
        for key in table.column("spawn_key").to_pylist():
            if key in keys:
                raise ExperimentError(
                    f"{keys[key]} and {part} both hold the maze with spawn key {key} (were two drivers "
                    "writing this folder?); delete one of them"
                )
            keys[key] = part
    return set(keys)


def _read_checked(part: Path, expected_hash: str | None):
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(part)
    except Exception as error:  # noqa: BLE001 - pyarrow raises several types
        raise ExperimentError(f"cannot read {part} ({error}); delete it to redo its mazes") from None
    if expected_hash is not None:
        check_part(part, table, expected_hash)
    return table


def read_parts(parts, schema, expected_hash: str | None = None, trusted=(), loaded=None):
    """Parquet parts as one ``pyarrow.Table`` with ``schema``.

    Parameters
    ----------
    parts : list of paths
    schema : pyarrow.Schema
    expected_hash : str, optional
        The folder's config hash: if given, every part (but those in
        ``trusted``) is checked (:func:`check_part`) before its rows are used.
    trusted : collection of paths
        Parts known to be good (checked or written by the caller).
    loaded : dict of path to pyarrow.Table, optional
        Rows of some parts that the caller holds in memory (the tables it
        wrote there): used instead of reading those files back.

    Raises
    ------
    ExperimentError
        If a part cannot be read with that schema, belongs to another
        experiment or was changed (naming it).
    """
    import pyarrow as pa

    tables = []
    loaded = loaded or {}
    for part in parts:
        table = loaded.get(part)
        if table is None:
            table = _read_checked(part, None if part in trusted else expected_hash)
        try:
            if table.schema.equals(schema, check_metadata=False):
                table = table.replace_schema_metadata(schema.metadata)
            else:
                table = table.select(schema.names).cast(schema)
        except Exception as error:  # noqa: BLE001
            raise ExperimentError(f"cannot read {part} ({error}); delete it to redo its mazes") from None
        tables.append(table)
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
