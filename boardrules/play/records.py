"""Records that outlive the run: the games of a study written as they finish, read back to resume it or to report.

Two formats, chosen by the name:

- ``*.jsonl`` (JSON Lines, always available): the first line is the study's header, ``{"study": {...}}``, and every
  other line one game's record. Lines are appended and flushed chunk by chunk; a run that stops half-way through a
  line leaves a last line that is not JSON, which resuming cuts off before it appends.
- ``*.parquet`` (needs pyarrow: ``pip install 'boardrules[parquet]'``): a folder of Parquet files, ``_study.json``
  (the header) and ``part-00000.parquet``, ``part-00001.parquet``, ... each written whole (to a temporary name, then
  renamed) every few thousand games and when the run ends or is interrupted. Readers of a Parquet dataset skip
  files whose names start with ``_``, so ``pandas.read_parquet(folder)`` and
  ``polars.read_parquet(folder + "/*.parquet")`` read the games.

The record schema is documented on the docs page ``batch.md``.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

from ..errors import UsageError

__all__ = ["open_writer", "read_records", "records_format", "scan_records", "RecordsFile"]

PARQUET_ROWS = 5000         # records per Parquet part file at most
PARQUET_SECONDS = 60.0      # and a part at least this often while games arrive
HEADER = "_study.json"


def records_format(path) -> str:
    """``"jsonl"`` or ``"parquet"`` from a file name; UsageError for anything else."""
    name = str(path).lower().rstrip("/\\")
    if name.endswith((".jsonl", ".ndjson")):
        return "jsonl"
    if name.endswith(".parquet"):
        return "parquet"
    raise UsageError(f"a records file is .jsonl (JSON Lines) or .parquet (a folder of Parquet files), got {path}")


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise UsageError("Parquet records need pyarrow: pip install 'boardrules[parquet]' "
                         "(or write JSON Lines: --out FILE.jsonl)") from None
    return pyarrow


def _comparable(header: dict) -> dict:
    """The parts of a header that must match to resume a study: not the number of games, nor the options as they
    were asked for (the same full options may be asked for in several ways)."""
    return {k: v for k, v in header.items() if k not in ("games", "asked")}


def check_same_study(found: dict, wanted: dict, path) -> None:
    """UsageError naming the first difference when the header ``found`` in ``path`` is not this study's."""
    if not isinstance(found, dict) or found.get("format") != wanted["format"]:
        raise UsageError(f"{path} is not a boardrules records file of format {wanted['format']}")
    a, b = _comparable(found), _comparable(wanted)
    if a == b:
        return
    for key in sorted(b, key=lambda k: k != "sources"):        # the sources first: the plainest difference
        if key == "sources" and isinstance(a.get(key), list) and len(a[key]) == len(b[key]):
            for k, (x, y) in enumerate(zip(a[key], b[key])):
                if x.get("source") != y.get("source"):
                    raise UsageError(f"{path} holds another study: its source {k + 1} is {x.get('source')!r}, "
                                     f"not {y.get('source')!r}")
                if x != y:
                    raise UsageError(f"{path} holds another study: source {y['source']!r} has changed since "
                                     "(its files are not the same)")
        if a.get(key) != b[key]:
            raise UsageError(f"{path} holds another study: its {key} {a.get(key)!r} differ from this run's "
                             f"{b[key]!r}")
    raise UsageError(f"{path} holds another study")


def _record_keys_ok(rec) -> bool:
    return isinstance(rec, dict) and isinstance(rec.get("source_index"), int) and isinstance(rec.get("seed"), int)


# ---------------------------------------------------------------------- reading
def read_records(path) -> tuple[dict, list[dict], int | None]:
    """(header, records, end) of a records file: ``end`` is, for JSON Lines, the byte offset after the last
    whole record (a cut-off last line is left out). A record whose key came before is left out too. UsageError
    if the file is not a records file. Holds every record in memory: :func:`scan_records` does not."""
    records: list[dict] = []
    header, end = scan_records(path, records.append)
    return header, records, end


def scan_records(path, on_record, on_header=None) -> tuple[dict, int | None]:
    """Reads a records file one record at a time, so a study of millions of games is never all in memory:
    ``on_header(header)`` is called first (it may raise to stop before any record is read), then
    ``on_record(record)`` once per game (a record whose key came before is left out). Returns (header, end), as
    :func:`read_records`."""
    fmt = records_format(path)
    return _read_jsonl(Path(path), on_record, on_header) if fmt == "jsonl" else \
        _read_parquet(Path(path), on_record, on_header)


def _take(rec, seen, on_record, where) -> None:
    """Passes a record read back to ``on_record``, unless a record of the same game came before (UsageError naming
    ``where`` if it is not a game record)."""
    if not _record_keys_ok(rec):
        raise UsageError(f"{where}: not a game record")
    key = (rec["source_index"], rec["seed"])
    if key not in seen:
        seen.add(key)
        on_record(rec)


def _read_jsonl(path: Path, on_record, on_header):
    if not path.is_file():
        raise UsageError(f"no records file {path}")
    seen, header, end, pos = set(), None, 0, 0
    with open(path, "rb") as f:
        for i, line in enumerate(f):
            last = not line.endswith(b"\n")    # the end of the file: a line cut off mid-write, or not yet ended
            pos += len(line)
            if last:
                break                       # cut off, or whole but with no newline: written again on resume
            if not line.strip():
                end = pos
                continue
            try:
                value = json.loads(line)
            except ValueError:
                raise UsageError(f"{path}, line {i + 1}: not a JSON record") from None
            if header is None:
                if not isinstance(value, dict) or not isinstance(value.get("study"), dict):
                    raise UsageError(f"{path} is not a boardrules records file (its first line has no study header)")
                header = value["study"]
                if on_header is not None:
                    on_header(header)
            else:
                _take(value, seen, on_record, f"{path}, line {i + 1}")
            end = pos
    if header is None:
        raise UsageError(f"{path} is not a boardrules records file (it has no study header)")
    return header, end


def _read_parquet(path: Path, on_record, on_header):
    if not (path / HEADER).is_file():
        raise UsageError(f"no records folder {path} (it has no {HEADER})")
    try:
        header = json.loads((path / HEADER).read_text(encoding="utf-8"))["study"]
    except (ValueError, KeyError, TypeError):
        raise UsageError(f"{path / HEADER} is not a boardrules study header") from None
    if on_header is not None:
        on_header(header)
    pa = _pyarrow()
    seen = set()
    for part in sorted(path.glob("part-*.parquet")):
        try:
            table = pa.parquet.read_table(part)
        except (OSError, pa.ArrowException) as exc:
            raise UsageError(f"{part}: not a readable Parquet file ({exc})") from None
        for row in table.to_pylist():
            rec = _from_row(row)
            _take(rec, seen, on_record, str(part))
    return header, None


# ---------------------------------------------------------------------- writing
class RecordsFile:
    """An open records file: ``existing`` holds the records read back (on resume), ``write`` appends a chunk."""

    existing: list

    def write(self, records: list[dict]) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


def _lock(f, path) -> None:
    """An exclusive lock on an open file, held until it is closed: two runs never write one study at once."""
    try:
        import fcntl
    except ImportError:         # no advisory locks on this system
        return
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.close()
        raise UsageError(f"{path} is being written by another run: wait for it to end, or name another file") \
            from None


def open_writer(path, study, resume: bool, on_record=None) -> RecordsFile:
    """Opens ``path`` for the records of ``study``. Without ``resume`` the file must not exist; with it, a file
    that exists must hold this study (UsageError otherwise), and its games are read back, one at a time, into
    ``on_record`` (without it, into the writer's ``existing`` list). Nothing is written before every check has
    passed, and the file stays locked against other runs until it is closed."""
    fmt = records_format(path)
    path = Path(path)
    header = study.header()
    if fmt == "parquet":
        _pyarrow()
    exists = path.exists()
    if exists and not resume:
        raise UsageError(f"{path} exists: add --resume to go on with the study it holds, or name another file")
    if not exists and not path.parent.is_dir():
        raise UsageError(f"cannot write {path}: no directory {path.parent}")
    try:
        if fmt == "jsonl":
            handle = open(path, "r+b" if exists else "xb")
        else:
            if not exists:
                path.mkdir()
            handle = open(path / ".lock", "ab")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    _lock(handle, path)
    try:
        existing, end = [], None
        if exists:
            keys = study.keys()
            back = existing.append if on_record is None else on_record

            def ours(rec):
                if (rec["source_index"], rec["seed"]) in keys:
                    back(rec)
            _, end = scan_records(path, ours, lambda found: check_same_study(found, header, path))
        writer = _JsonlWriter(handle, path, header, end) if fmt == "jsonl" else \
            _ParquetWriter(handle, path, header, exists)
    except BaseException:
        handle.close()
        if not exists and fmt == "jsonl":
            path.unlink()
        raise
    writer.existing = existing
    return writer


class _JsonlWriter(RecordsFile):
    def __init__(self, f, path: Path, header: dict, end: int | None):
        self.f = f
        try:
            if end is not None:
                f.truncate(end)         # a cut-off last line goes
                f.seek(end)
            else:
                f.write(json.dumps({"study": header}, ensure_ascii=False).encode("utf-8") + b"\n")
                f.flush()
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None

    def write(self, records):
        self.f.write(b"".join(json.dumps(r, ensure_ascii=False).encode("utf-8") + b"\n" for r in records))
        self.f.flush()

    def close(self):
        self.f.close()


def _schema(pa):
    return pa.schema([
        ("source", pa.string()),
        ("source_index", pa.int64()),
        ("seed", pa.int64()),
        ("game", pa.string()),
        ("players", pa.int64()),
        ("bots", pa.list_(pa.string())),
        ("scores", pa.list_(pa.float64())),
        ("parts", pa.list_(pa.map_(pa.string(), pa.float64()))),
        ("winners", pa.list_(pa.int64())),
        ("rounds", pa.int64()),
        ("end_reason", pa.string()),
        ("decisions", pa.int64()),
        ("acquired", pa.list_(pa.list_(pa.string()))),
    ])


def _to_row(rec: dict) -> dict:
    row = dict(rec)
    row["parts"] = [list(p.items()) for p in rec["parts"]]
    row["end_reason"] = None if rec["end_reason"] is None else str(rec["end_reason"])
    return row


def _plain(x):
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _from_row(row: dict) -> dict:
    rec = dict(row)
    rec["scores"] = [_plain(x) for x in row["scores"] or []]
    rec["parts"] = [{k: _plain(v) for k, v in (p or [])} for p in row["parts"] or []]
    return rec


class _ParquetWriter(RecordsFile):
    def __init__(self, lock, path: Path, header: dict, exists: bool):
        self.pa = _pyarrow()
        self.lock = lock
        self.path = path
        self.buffer: list = []
        self.last = time.monotonic()
        try:
            if not exists:
                text = json.dumps({"study": header}, ensure_ascii=False)
                tmp = path / f".{HEADER}.part"
                tmp.write_text(text + "\n", encoding="utf-8")
                os.replace(tmp, path / HEADER)
            for stale in path.glob(".part-*"):       # a part that was being written when a run stopped
                stale.unlink()
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
        numbers = [int(p.stem.split("-", 1)[1]) for p in path.glob("part-*.parquet")
                   if p.stem.split("-", 1)[1].isdigit()]
        self.next = max(numbers, default=-1) + 1

    def write(self, records):
        self.buffer.extend(records)
        if len(self.buffer) >= PARQUET_ROWS or time.monotonic() - self.last >= PARQUET_SECONDS:
            self.flush()

    def flush(self):
        if not self.buffer:
            return
        pa = self.pa
        table = pa.Table.from_pylist([_to_row(r) for r in self.buffer], schema=_schema(pa))
        name = f"part-{self.next:05d}.parquet"
        tmp = self.path / f".{name}"
        pa.parquet.write_table(table, tmp)
        os.replace(tmp, self.path / name)       # a part is there whole or not at all
        self.next += 1
        self.buffer = []
        self.last = time.monotonic()

    def close(self):
        try:
            self.flush()
        finally:
            self.lock.close()
