"""Content as it travels to the workers of a batch (:mod:`boardrules.play.batch`): a packaged game by its id, a file
by the text of every file it reads (a variant and the files it extends or includes), written by each worker into a
folder of its own under the system's temporary folder, named by the content's checksum.
"""
from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from pathlib import Path, PurePosixPath

import attrs

from ..api.rules import Rules, load
from ..content import cache
from ..content.confine import root_of
from ..content.paths import packaged_games
from ..content.sources import load_sourced, resolve
from ..errors import UsageError

__all__ = ["Bundle"]


@attrs.frozen
class Bundle:
    """A source as it travels to a worker: ``label`` is what the user named; a packaged game is its id
    (``files`` empty), a file is ``entry`` (its path inside the bundle) and ``files``, the (path, bytes) of every
    file of the user's it reads, relative to its folder. ``digest`` is a checksum of all of that."""

    label: str
    entry: str
    files: tuple = ()
    digest: str = ""

    @classmethod
    def of(cls, label: str) -> "Bundle":
        """Packs a source up (raises ContentError if it names nothing or does not load)."""
        if label in packaged_games():
            return cls(label, label, (), _digest(label, ()))
        path = resolve(label)
        root = Path(root_of(path))
        files = []
        sourced = cache.lookup(path) or load_sourced(path)  # (the cache knows the files of content it holds)
        for name in sourced.files:
            real = Path(os.path.realpath(name))
            if real.is_relative_to(root):            # the others are packaged games, named by id
                files.append((real.relative_to(root).as_posix(), real.read_bytes()))
        entry = Path(os.path.realpath(path)).relative_to(root).as_posix()
        files = tuple(sorted(dict(files).items()))
        return cls(label, entry, files, _digest(entry, files))

    def to_json(self) -> dict:
        return {"source": self.label, "entry": self.entry, "digest": self.digest,
                "files": {rel: data.decode("utf-8", "surrogateescape") for rel, data in self.files}}

    @classmethod
    def from_json(cls, data) -> "Bundle":
        """A bundle from :meth:`to_json` output (a records file's header); UsageError if it is not one: a path
        that would leave the bundle's folder, or files that do not match their checksum."""
        try:
            label, entry, digest = str(data["source"]), str(data["entry"]), str(data["digest"])
            files = tuple(sorted((str(rel), text.encode("utf-8", "surrogateescape"))
                                 for rel, text in (data.get("files") or {}).items()))
        except (KeyError, TypeError, AttributeError, UnicodeError):
            raise UsageError("not a source of a records file's header") from None
        if files:
            for rel in [entry] + [rel for rel, _ in files]:
                parts = PurePosixPath(rel).parts
                if not parts or rel.startswith("/") or ".." in parts or "\\" in rel or ":" in rel \
                        or any(ch < " " for ch in rel):
                    raise UsageError(f"source {label!r}: {rel!r} is not a file name inside its folder")
            names = {rel for rel, _ in files}
            for rel in names:       # a file is no folder of another ("sub" and "sub/x.yaml" cannot both be files)
                parents = PurePosixPath(rel).parents
                if any(str(folder) in names for folder in parents):
                    raise UsageError(f"source {label!r}: {rel!r} lies in {next(str(f) for f in parents if str(f) in names)!r}, "
                                     "which is a file of the source too")
            if entry not in names:
                raise UsageError(f"source {label!r}: its entry {entry!r} is not one of its files")
            if _digest(entry, files) != digest:
                raise UsageError(f"source {label!r}: its files do not match their checksum")
        elif entry not in packaged_games() or entry != label:
            raise UsageError(f"source {label!r} is neither a packaged game nor files")
        elif digest != _digest(entry, ()):
            raise UsageError(f"source {label!r}: not the checksum of a packaged game")
        return cls(label, entry, files, digest)

    def open(self) -> Rules:
        """The rules of this source, loaded once per process (from the text it was sent, for a file)."""
        rules = _OPENED.get(self.digest)
        if rules is None:
            if not self.files:
                rules = load(self.entry)
            else:
                folder = _bundle_folder() / self.digest[:32]
                try:
                    for rel, data in self.files:
                        target = folder / rel
                        if not target.is_file() or target.read_bytes() != data:
                            target.parent.mkdir(parents=True, exist_ok=True)
                            part = target.with_name(f".{target.name}.{os.getpid()}.part")
                            part.write_bytes(data)
                            os.replace(part, target)        # whole or not at all, whatever other workers do
                except OSError as exc:
                    raise UsageError(f"source {self.label!r}: cannot write its files into {folder} "
                                     f"({exc.strerror or exc})") from None
                rules = load(folder / self.entry)
            _OPENED[self.digest] = rules
        return rules


_OPENED: dict[str, Rules] = {}      # digest -> rules, per process


def _digest(entry: str, files: tuple) -> str:
    if not files:
        return hashlib.sha256(f"packaged\n{entry}".encode()).hexdigest()
    h = hashlib.sha256(f"files\n{entry}\n".encode())
    for rel, data in files:
        h.update(f"{rel}\n{len(data)}\n".encode())
        h.update(data)
    return h.hexdigest()


def _bundle_folder() -> Path:
    """Where workers write the files they are sent: a folder of this user's under the temporary folder (one
    folder per content checksum below it, kept so that the content cache finds it again next time)."""
    base = Path(tempfile.gettempdir())
    uid = os.getuid() if hasattr(os, "getuid") else None
    folder = base / f"boardrules-batch-{uid if uid is not None else 'user'}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        st = os.lstat(folder)
        if stat.S_ISDIR(st.st_mode) and (uid is None or st.st_uid == uid):
            return folder
    except OSError:
        pass
    return Path(tempfile.mkdtemp(prefix="boardrules-batch-"))     # someone else's folder, or none: a new one
