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
import math
import os
import re
import reprlib
import time
from pathlib import Path

from ..errors import UsageError
from ..limits import MAX_NUMBER, MAX_PLAYERS, MAX_RECORD_BYTES, MAX_RECORD_ITEMS, MAX_RECORD_TEXT, \
    MAX_RECORDS_HEADER_BYTES

__all__ = ["check_record", "open_writer", "read_records", "records_format", "scan_records", "RecordsFile"]

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
                named = x.get("source") if isinstance(x, dict) else x
                if named != y.get("source"):
                    raise UsageError(f"{path} holds another study: its source {k + 1} is {_short(named)}, "
                                     f"not {y.get('source')!r}")
                if x != y:
                    raise UsageError(f"{path} holds another study: source {y['source']!r} has changed since "
                                     "(its files are not the same)")
        if a.get(key) != b[key]:
            raise UsageError(f"{path} holds another study: its {key} {_short(a.get(key))} differ from this run's "
                             f"{b[key]!r}")
    raise UsageError(f"{path} holds another study")


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
    :func:`read_records`.

    Every record is checked against the header before it is passed on (:func:`check_record`), whatever the format:
    anything that is not a whole game record of this study is a UsageError naming the file and the line (the
    row, in a Parquet part)."""
    fmt = records_format(path)
    return _read_jsonl(Path(path), on_record, on_header) if fmt == "jsonl" else \
        _read_parquet(Path(path), on_record, on_header)


class _Shape:
    """What a record of one study must look like: its player count and number of sources, from the header."""

    def __init__(self, header, where: str):
        players = header.get("players") if isinstance(header, dict) else None
        sources = header.get("sources") if isinstance(header, dict) else None
        if not (_whole(players) and 1 <= players <= MAX_PLAYERS and isinstance(sources, list) and sources
                and len(sources) <= MAX_RECORD_ITEMS):
            raise UsageError(f"{where}: not the header of a boardrules study (its players or sources)")
        self.players, self.sources = players, len(sources)
        self.seen: set = set()


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _number(v) -> bool:
    return (_whole(v) or isinstance(v, float)) and not isinstance(v, bool) and math.isfinite(v) \
        and abs(v) <= MAX_NUMBER


def _text(v) -> bool:
    return isinstance(v, str) and len(v) <= MAX_RECORD_TEXT


def _per_seat(value, players: int, each, what: str) -> list:
    if not isinstance(value, list) or len(value) != players:
        raise _Bad(f"{what} is not a list of one entry per seat ({players})")
    return [each(v, f"{what}[{seat}]") for seat, v in enumerate(value)]


class _Bad(Exception):
    """A record's field that is not what it must be (turned into a UsageError naming the file and line)."""


def _plain(x):
    return int(x) if isinstance(x, float) and x.is_integer() else x


def check_record(value, players: int, sources: int) -> dict:
    """A game record read back, checked field by field against its study (``players`` seats, ``sources``
    sources), as a new dict of exactly the record's fields; ``ValueError`` saying which field is wrong otherwise.
    Strict: a yes/no is not a number, a seat is one of the game's seats, points are whole numbers within
    ``MAX_NUMBER`` (a float only where it is a whole number, as Parquet holds them), texts and lists are bounded.
    """
    try:
        return _check_record(value, players, sources)
    except _Bad as exc:
        raise ValueError(str(exc)) from None


def _check_record(rec, players: int, sources: int) -> dict:
    if not isinstance(rec, dict):
        raise _Bad("not a game record (a JSON object)")
    missing = [k for k in FIELDS if k not in rec]
    if missing:
        raise _Bad(f"not a game record: no {', '.join(missing)}")

    def whole(v, what, lo=0, hi=MAX_NUMBER):
        if not _whole(v) or not lo <= v <= hi:
            within = "that fits in 64 bits" if hi == MAX_SEED else f"from {lo} to {hi:,}" if lo < hi else str(lo)
            raise _Bad(f"{what} is not a whole number {within}: {_short(v)}"
                       + (" (true and false are not numbers)" if isinstance(v, bool) else ""))
        return v

    def number(v, what):       # points are whole numbers (Parquet holds them as floats)
        if not _number(v) or not float(v).is_integer():
            raise _Bad(f"{what} is not a whole number of points within {MAX_NUMBER:,}: {_short(v)}")
        return int(v)

    def text(v, what):
        if not _text(v):
            raise _Bad(f"{what} is not a text of at most {MAX_RECORD_TEXT} characters: {_short(v)}")
        return v

    def texts(v, what):
        if not isinstance(v, list) or len(v) > MAX_RECORD_ITEMS:
            raise _Bad(f"{what} is not a list of at most {MAX_RECORD_ITEMS} texts")
        return [text(x, f"{what}[{i}]") for i, x in enumerate(v)]

    def parts(v, what):
        if not isinstance(v, dict) or len(v) > MAX_RECORD_ITEMS:
            raise _Bad(f"{what} is not a mapping of at most {MAX_RECORD_ITEMS} scoring parts")
        return {text(k, f"{what} key"): number(x, f"{what}[{_short(k)}]") for k, x in v.items()}

    out = {
        "source": text(rec["source"], "source"),
        "source_index": whole(rec["source_index"], "source_index", 0, sources - 1),
        "seed": whole(rec["seed"], "seed", -MAX_SEED, MAX_SEED),
        "game": text(rec["game"], "game"),
        "players": whole(rec["players"], "players", players, players),
        "bots": _per_seat(rec["bots"], players, text, "bots"),
        "scores": _per_seat(rec["scores"], players, number, "scores"),
        "parts": _per_seat(rec["parts"], players, parts, "parts"),
        "winners": rec["winners"],
        "rounds": whole(rec["rounds"], "rounds"),
        "end_reason": None if rec["end_reason"] is None else text(rec["end_reason"], "end_reason"),
        "decisions": whole(rec["decisions"], "decisions"),
        "acquired": _per_seat(rec["acquired"], players, texts, "acquired"),
    }
    winners = rec["winners"]
    if not isinstance(winners, list) or not winners or len(winners) > players \
            or not all(_whole(w) and 0 <= w < players for w in winners) or len(set(winners)) != len(winners):
        raise _Bad(f"winners is not a list of distinct seats from 0 to {players - 1}: {_short(winners)}")
    return out


def _short(value) -> str:
    return _REPR.repr(value)


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlong = 3, 40, 40, 40


FIELDS = ("source", "source_index", "seed", "game", "players", "bots", "scores", "parts", "winners", "rounds",
          "end_reason", "decisions", "acquired")
MAX_SEED = 2 ** 63 - 1      # a seed fits a Parquet int64


def _take(value, shape: _Shape, on_record, where) -> None:
    """Passes a record read back, checked (:func:`check_record`), to ``on_record``, unless a record of the same
    game came before; UsageError naming ``where`` if it is not a whole record of this study."""
    try:
        rec = _check_record(value, shape.players, shape.sources)
    except _Bad as exc:
        raise UsageError(f"{where}: {exc}") from None
    key = (rec["source_index"], rec["seed"])
    if key not in shape.seen:
        shape.seen.add(key)
        try:
            on_record(rec)
        except UsageError as exc:           # a record of another study, say
            raise UsageError(f"{where}: {exc}") from None


def _no_constant(name):
    raise ValueError(f"{name} is not a number a records file holds")


def _json(line: bytes):
    return json.loads(line, parse_constant=_no_constant)


def _read_jsonl(path: Path, on_record, on_header):
    if not path.is_file():
        raise UsageError(f"no records file {path}")
    header, shape, end, pos, i = None, None, 0, 0, 0
    try:
        f = open(path, "rb")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    with f:
        while True:
            limit = (MAX_RECORDS_HEADER_BYTES if header is None else MAX_RECORD_BYTES) + 1
            line = f.readline(limit)
            if not line:
                break
            i += 1
            if not line.endswith(b"\n"):
                if len(line) == limit:
                    raise UsageError(f"{path}, line {i}: longer than {limit - 1:,} bytes, not a "
                                     f"{'study header' if header is None else 'game record'}")
                break                   # the end of the file: cut off mid-write, or whole but with no newline
            pos += len(line)
            if not line.strip():
                end = pos
                continue
            try:
                value = _json(line)
            except ValueError as exc:
                raise UsageError(f"{path}, line {i}: not a JSON record ({exc})") from None
            except RecursionError:
                raise UsageError(f"{path}, line {i}: not a JSON record (nested too deeply)") from None
            if header is None:
                if not isinstance(value, dict) or not isinstance(value.get("study"), dict):
                    raise UsageError(f"{path} is not a boardrules records file (its first line has no study header)")
                header = value["study"]
                if on_header is not None:
                    on_header(header)
                shape = _Shape(header, f"{path}, line {i}")
            else:
                _take(value, shape, on_record, f"{path}, line {i}")
            end = pos
    if header is None:
        raise UsageError(f"{path} is not a boardrules records file (it has no study header)")
    return header, end


def _from_row(row: dict) -> dict:
    """A Parquet row as the record JSON Lines would hold: its maps (lists of key-value pairs) as mappings, where
    they are such lists; anything else is left for :func:`check_record` to refuse."""
    parts = row.get("parts")
    if isinstance(parts, list):
        row["parts"] = [dict(p) if isinstance(p, list) and all(isinstance(kv, tuple) and len(kv) == 2 for kv in p)
                        and len({kv[0] for kv in p if isinstance(kv[0], str)}) == len(p) else p for p in parts]
    return row


def _part_number(part: Path) -> int | None:
    """The number of a part file's name (``part-00012.parquet``: 12), None for any other name."""
    found = re.fullmatch(r"part-([0-9]{1,9})\.parquet", part.name)
    return int(found.group(1)) if found else None


def _parts(path: Path) -> list[Path]:
    """The part files of a records folder, in order; UsageError for a file named like one that is not one."""
    found = list(path.glob("part-*.parquet"))
    for part in found:
        if _part_number(part) is None or not part.is_file():
            raise UsageError(f"{part}: not a part of a records folder (parts are regular files named "
                             "part-NNNNN.parquet)")
    return sorted(found, key=_part_number)


def _read_parquet(path: Path, on_record, on_header):
    where = path / HEADER
    if not where.is_file():
        raise UsageError(f"no records folder {path} (it has no {HEADER})")
    try:
        if where.stat().st_size > MAX_RECORDS_HEADER_BYTES:
            raise UsageError(f"{where}: longer than {MAX_RECORDS_HEADER_BYTES:,} bytes, not a study header")
        header = _json(where.read_bytes())["study"]
    except OSError as exc:
        raise UsageError(f"cannot read {where}: {exc.strerror or exc}") from None
    except (ValueError, KeyError, TypeError, IndexError, RecursionError):
        raise UsageError(f"{where} is not a boardrules study header") from None
    if not isinstance(header, dict):
        raise UsageError(f"{where} is not a boardrules study header")
    if on_header is not None:
        on_header(header)
    shape = _Shape(header, str(where))
    pa = _pyarrow()
    for part in _parts(path):
        try:
            source = pa.parquet.ParquetFile(part)
            names = set(source.schema_arrow.names)
            lacking = [k for k in FIELDS if k not in names]
            if lacking:
                raise UsageError(f"{part}: not a part of a records folder (no column {', '.join(lacking)})")
            row = 0
            for batch in source.iter_batches(batch_size=1000, columns=list(FIELDS)):
                for value in batch.to_pylist():
                    row += 1
                    _take(_from_row(value), shape, on_record, f"{part}, row {row}")
        except UsageError:
            raise
        except (OSError, pa.ArrowException, ValueError, TypeError, KeyError, IndexError) as exc:
            raise UsageError(f"{part}: not a readable Parquet file ({_short(str(exc))})") from None
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
    """An exclusive lock on an open file, held until it is closed: two runs never write one study at once.

    The lock is this process's alone: a process forked while it is held (a worker of the batch) lets go of its
    copy of the file at once (:func:`_let_go_in_child`), so a run that is killed leaves no lock behind in workers
    that outlive it."""
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
    _LOCKED.add(f.fileno())


def _unlock(f) -> None:
    """Closes a locked file (which lets the lock go)."""
    if not f.closed:
        _LOCKED.discard(f.fileno())
        f.close()


_LOCKED: set = set()        # descriptors of the records files this process has locked


def _let_go_in_child() -> None:
    """In a forked child: the descriptors of the locked records files point at the null device instead (an flock
    belongs to the open file, which the child shares until it lets go of it); the numbers stay in use, so nothing
    else of the child's lands on them."""
    if not _LOCKED:
        return
    null = os.open(os.devnull, os.O_RDWR)
    try:
        for fd in _LOCKED:
            try:
                os.dup2(null, fd)
            except OSError:
                pass
    finally:
        os.close(null)
    _LOCKED.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_let_go_in_child)


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
        _unlock(handle)
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
        _unlock(self.f)


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
        self.next = max((_part_number(p) for p in _parts(path)), default=-1) + 1

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
            _unlock(self.lock)
