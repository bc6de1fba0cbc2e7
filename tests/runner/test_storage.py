"""Output folders guard their rows: checksummed parts of one experiment, and one driver at a time."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import mazegraph as mg
from mazegraph.runner import storage

ROOT = Path(__file__).resolve().parents[2]
CONFIG = {
    "root_seed": 3,
    "seeds": 4,
    "metrics": ["dead_end_pct"],
    "algorithms": [{"name": "kruskal"}, {"name": "growing_tree", "options": {"policy": "newest"}}],
    "tessellations": [{"name": "orthogonal", "sizes": [[4, 5]]}, {"name": "theta", "sizes": [3]}],
}
N = 2 * 2 * 4


def _run(out, cfg=CONFIG, **kwargs):
    return mg.experiment(cfg, out=out, backend="serial", progress=False, chunk_size=4, **kwargs)


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    out = tmp_path_factory.mktemp("folders") / "run"
    return out, _run(out)


def _copy(finished, tmp_path) -> Path:
    out = tmp_path / "copy"
    shutil.copytree(finished[0], out)
    return out


def _rewrite(part: Path, change) -> None:
    """Rewrite a part as an editor would: new values, the file's metadata kept."""
    table = pq.read_table(part)
    pq.write_table(change(table).replace_schema_metadata(table.schema.metadata), part)


# -- checksums and config hashes ---------------------------------------------------------------------


def test_every_part_records_the_checksum_of_its_rows_and_the_config_hash(finished):
    out, _ = finished
    manifest = json.loads((out / storage.MANIFEST).read_text())
    parts = sorted(out.glob("part-*.parquet"))
    assert len(parts) == 4
    for part in parts:
        table = pq.read_table(part)
        record = json.loads(table.schema.metadata[b"mazegraph"])
        assert record["config_hash"] == storage.config_hash(manifest["config"])
        assert record["checksum"] == storage.table_checksum(table)


def test_the_checksum_sees_every_column_and_ignores_how_the_rows_are_stored(finished):
    table = pq.read_table(sorted(finished[0].glob("part-*.parquet"))[0])
    reference = storage.table_checksum(table)
    # the same rows, stored differently: other chunks, no metadata, dictionaries decoded
    rechunked = pa.concat_tables([table.slice(0, 1), table.slice(1)]).replace_schema_metadata(None)
    assert storage.table_checksum(rechunked) == reference
    seen = set()
    for k, name in enumerate(table.column_names):  # one value changed in any one column changes the checksum
        column = table.column(name).combine_chunks()
        if pa.types.is_dictionary(column.type):
            column = column.dictionary_decode()
        values = column.to_pylist()
        first = values[0]
        if isinstance(first, str):
            values[0] = first + "x"
        elif isinstance(first, list):
            values[0] = [*first, 1]
        elif first is None:
            values[0] = "x" if pa.types.is_string(column.type) else 1
        else:
            values[0] = first + 1
        changed = table.set_column(k, name, pa.array(values, column.type))
        seen.add(storage.table_checksum(changed))
    assert reference not in seen and len(seen) == table.num_columns


def test_an_edited_part_is_refused_on_resume_and_when_read(finished, tmp_path):
    out = _copy(finished, tmp_path)
    part = sorted(out.glob("part-*.parquet"))[1]
    column = pq.read_table(part).column_names.index("dead_end_pct")

    def edit(table):
        values = table.column("dead_end_pct").to_pylist()
        values[2] += 1.0
        return table.set_column(column, "dead_end_pct", pa.array(values, pa.float64()))

    _rewrite(part, edit)
    message = rf"{part} was changed after it was written .* delete it to have its 4 mazes made again"
    with pytest.raises(mg.ExperimentError, match=message):
        _run(out, dict(CONFIG, seeds=5))  # resuming (here: adding a replicate)
    with pytest.raises(mg.ExperimentError, match=message):
        mg.load_results(out)
    edited = mg.load_results(out, verify=False)  # read as it is, on request
    assert (edited["dead_end_pct"] != finished[1]["dead_end_pct"]).sum() == 1
    part.unlink()  # as the message says: its mazes are made again, the same as before
    redone = _run(out)
    assert redone.drop(columns="time_ns").equals(finished[1].drop(columns="time_ns"))


def test_a_part_of_another_experiment_is_refused(finished, tmp_path):
    out = _copy(finished, tmp_path)
    other = tmp_path / "other"
    _run(other, dict(CONFIG, root_seed=4))
    stranger = sorted(other.glob("part-*.parquet"))[0]
    shutil.copy(stranger, out / ("part-zzz-" + stranger.name[5:]))
    with pytest.raises(mg.ExperimentError, match=r"part-zzz-.* belongs to another experiment \(config hash "):
        _run(out)
    with pytest.raises(mg.ExperimentError, match="belongs to another experiment"):
        mg.load_results(out)


def test_a_part_without_a_record_and_a_part_copied_twice_are_refused(finished, tmp_path):
    out = _copy(finished, tmp_path)
    parts = sorted(out.glob("part-*.parquet"))
    twin = out / ("part-zzz-" + parts[0].name[5:])
    shutil.copy(parts[0], twin)
    with pytest.raises(mg.ExperimentError, match=rf"{parts[0]} and {twin} both hold the maze with spawn key"):
        _run(out)
    twin.unlink()
    table = pq.read_table(parts[0])
    record = json.loads(table.schema.metadata[b"mazegraph"])
    del record["checksum"]  # as an earlier mazegraph wrote it
    pq.write_table(table.replace_schema_metadata({b"mazegraph": json.dumps(record).encode()}), parts[0])
    with pytest.raises(mg.ExperimentError, match=rf"{parts[0]} has no checksum .*verify=False"):
        _run(out)
    pq.write_table(table.replace_schema_metadata(None), parts[0])  # the same rows, no record
    with pytest.raises(mg.ExperimentError, match=rf"{parts[0]} carries no mazegraph record"):
        _run(out)


# -- one driver per folder ---------------------------------------------------------------------------


def test_a_second_driver_on_the_same_folder_is_refused(tmp_path, monkeypatch):
    out = tmp_path / "run"
    original = storage.Store.write
    second = []

    def write_and_start_another(self, table):
        if not second:  # the first driver holds the folder: a second one starts now
            with pytest.raises(mg.ExperimentError) as info:
                _run(out)
            second.append(str(info.value))
        return original(self, table)

    monkeypatch.setattr(storage.Store, "write", write_and_start_another)
    df = _run(out)
    assert second[0].startswith(f"{out} is being written by another experiment (process {os.getpid()} on ")
    assert "--wait" in second[0]
    keys = [k for p in out.glob("part-*.parquet") for k in pq.read_table(p, columns=["spawn_key"])[0].to_pylist()]
    assert len(df) == N and sorted(keys) == sorted(df["spawn_key"])  # every maze written once
    monkeypatch.setattr(storage.Store, "write", original)
    _run(out)  # the lock was released when the first driver finished


def test_a_second_driver_can_wait_for_the_first(tmp_path, monkeypatch):
    out = tmp_path / "run"
    out.mkdir()
    holder = storage.FolderLock(out)
    holder.acquire()  # a driver holding the folder
    waiting = threading.Event()
    monkeypatch.setattr(storage, "_notify_waiting", lambda folder, who: waiting.set())
    result = {}

    def second():
        try:
            result["df"] = _run(out, wait=True)
        except BaseException as error:  # noqa: BLE001 - reported below
            result["error"] = error

    thread = threading.Thread(target=second)
    thread.start()
    assert waiting.wait(timeout=120), result  # it found the folder busy and waits ...
    assert not list(out.glob("part-*.parquet"))  # ... without writing
    holder.release()
    thread.join(timeout=300)
    assert "error" not in result and len(result["df"]) == N


def test_the_lock_of_a_killed_driver_is_taken_over(tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    code = (
        "import os, signal, sys\n"
        "from mazegraph.runner.storage import FolderLock\n"
        "FolderLock(sys.argv[1]).acquire()\n"
        "print(os.getpid(), flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    killed = subprocess.run([sys.executable, "-c", code, str(out)], env=env, capture_output=True, text=True,
                            timeout=120)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert json.loads((out / storage.LOCK).read_text())["pid"] == int(killed.stdout)  # its lock file remains
    assert len(_run(out)) == N
    assert (out / storage.LOCK).read_text() == ""  # released when done
