"""A cache of merged, schema-checked content, so that loading unchanged content skips YAML parsing and schema
validation (most of ``load()``'s time); the compiled model is made from it again, which is quick.

An entry is written only for content that loaded without a single problem, so errors always come from a full
load, with their file:line:column. It is keyed by the game file's real path and found valid only when the engine
(every module and schema of this boardrules) and every file that went into the content are byte for byte the same.
Entries are JSON with a checksum: a damaged or foreign entry is ignored (and the content loaded in full), never
trusted in part and never executed. The file:line:column of every value is kept beside an entry (``<key>.where``,
its checksum in the entry) and read only when an issue is reported, which for cached content is rare. ``BOARDRULES_CACHE=0`` turns the cache off; ``BOARDRULES_CACHE_DIR`` moves it
(default: ``$XDG_CACHE_HOME/boardrules``, else ``~/.cache/boardrules``).
"""
from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path

from .merge import Sourced
from .paths import data_dir
from .located import read_regular_file

FORMAT = 3
MAX_ENTRY = 20_000_000      # bytes: larger than any content the loader accepts
MAX_ENTRIES = 100           # entries kept; the oldest go first (a house-rule writer loads many versions)
_memo: dict[str, str] = {}  # entries read or written in this process: key -> entry text


def cache_dir() -> Path | None:
    if os.environ.get("BOARDRULES_CACHE", "1") == "0":
        return None
    place = os.environ.get("BOARDRULES_CACHE_DIR")
    if place:
        return Path(place)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "boardrules"


@lru_cache(maxsize=None)
def engine_stamp() -> str:
    """What the cached content depends on besides its own files: this boardrules' code and schemas."""
    h = hashlib.sha256(f"format {FORMAT}".encode())
    here = Path(__file__).resolve().parent.parent
    for p in sorted([*here.rglob("*.py"), *data_dir("schemas").glob("*.json")]):
        h.update(str(p.relative_to(p.parent.parent)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def _key(path: Path) -> str:
    return hashlib.sha256(f"{os.path.realpath(path)}\n{engine_stamp()}".encode()).hexdigest()


def _file_hash(name: str) -> str:
    return hashlib.sha256(read_regular_file(name, MAX_ENTRY)).hexdigest()


def _pairs(table: dict) -> list:
    return [[list(k), list(v)] for k, v in table.items()]


def lookup(path: Path) -> Sourced | None:
    """The cached merged content for ``path``, or None (no entry, an old one, or anything odd about it)."""
    folder = cache_dir()
    if folder is None:
        return None
    key = _key(path)
    try:
        text = _memo.get(key)
        if text is None:
            text = read_regular_file(os.fspath(folder / f"{key}.json"), MAX_ENTRY).decode("utf-8")
        entry = json.loads(text)
        body = entry["body"]
        if entry["sum"] != hashlib.sha256(body.encode()).hexdigest():
            return None
        doc = json.loads(body)
        if doc["stamp"] != engine_stamp() or any(_file_hash(f) != h for f, h in doc["hashes"]):
            return None
        if not isinstance(doc["positions"], str):
            return None

        def positions(where=folder / f"{key}.where", expected=doc["positions"]):
            """The file:line:column of every value, kept beside the entry and read only when an issue needs it."""
            try:
                text = read_regular_file(os.fspath(where), MAX_ENTRY)
                if hashlib.sha256(text).hexdigest() != expected:
                    return {}, {}
                table = json.loads(text)
                return ({tuple(k): tuple(v) for k, v in table["origin"]},
                        {tuple(k): tuple(v) for k, v in table["keys"]})
            except Exception:   # noqa: BLE001 - gone or odd: issues then name the file without a line
                return {}, {}
        merged = Sourced(doc["data"], None, None, list(doc["files"]), dict(doc["removed"]), positions)
    except Exception:       # noqa: BLE001 - whatever is wrong with an entry, the answer is a full load
        return None
    _memo[key] = text
    return merged


def save(path: Path, merged: Sourced) -> None:
    """Keeps ``merged`` for the next load of ``path``; silently does nothing where it cannot (a read-only disk,
    content that JSON would change)."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        if json.loads(json.dumps(merged.data)) != merged.data:     # e.g. a mapping with number keys
            return
        where = json.dumps({"origin": _pairs(merged.origin), "keys": _pairs(merged.keys)},
                           ensure_ascii=False).encode("utf-8")
        body = json.dumps({"stamp": engine_stamp(), "hashes": [[f, _file_hash(f)] for f in merged.files],
                           "data": merged.data, "positions": hashlib.sha256(where).hexdigest(),
                           "files": merged.files, "removed": merged.removed}, ensure_ascii=False)
        text = json.dumps({"sum": hashlib.sha256(body.encode()).hexdigest(), "body": body}, ensure_ascii=False)
        key = _key(path)
        _memo[key] = text
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        _write(folder, f"{key}.where", where)       # the positions first: an entry never names a missing file
        _write(folder, f"{key}.json", text.encode("utf-8"))
        _prune(folder)
    except (OSError, TypeError, ValueError):
        return


def _write(folder: Path, name: str, data: bytes) -> None:
    import tempfile     # only when an entry is written: a load from the cache does without it

    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, folder / name)
    except BaseException:
        os.unlink(tmp)
        raise


def _prune(folder: Path) -> None:
    entries = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
    for old in entries[:max(0, len(entries) - MAX_ENTRIES)]:
        old.unlink(missing_ok=True)
        old.with_suffix(".where").unlink(missing_ok=True)
