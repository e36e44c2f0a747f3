"""Content as data with positions: a loaded document that knows the line and column of every value, and the
careful reading of a file (regular files only, bounded). Parsing YAML is ``yamlio``'s job; this module imports no
parser, so using loaded content stays a light import."""
from __future__ import annotations

import os
import stat

import attrs

from ..errors import ContentError, ContentIssue


def path_to_str(path: tuple) -> str:
    """("cards", 3, "copies") -> "cards[3].copies"; () -> ""."""
    text = ""
    for step in path:
        if isinstance(step, int):
            text += f"[{step}]"
        else:
            text += f".{step}" if text else str(step)
    return text


@attrs.frozen
class Located:
    """A loaded YAML document plus the (line, column) of every value in it."""

    file: str
    data: object
    positions: dict[tuple, tuple[int, int]]
    keys: dict[tuple, tuple[int, int]] = attrs.field(factory=dict)   # path -> position of its mapping key
    size: int = 0       # bytes of the text it was read from

    def where(self, path: tuple) -> tuple[int | None, int | None]:
        """Position of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        for end in range(len(path), -1, -1):
            if path[:end] in self.positions:
                return self.positions[path[:end]]
        return None, None

    def issue(self, path: tuple, message: str, hint: str | None = None, at_key: bool = False) -> ContentIssue:
        """An issue located at `path` (at its key, for problems with the key itself)."""
        path = tuple(path)
        line, column = self.keys[path] if at_key and path in self.keys else self.where(path)
        return ContentIssue(self.file, line, column, path_to_str(tuple(path)), message, hint)


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))


def not_regular(mode: int) -> str | None:
    """What a non-regular file is ("a FIFO (named pipe)", ...), or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_regular_file(file: str, max_bytes: int) -> bytes:
    """The bytes of a regular file, refusing anything else *before* opening it: opening a FIFO blocks until
    someone writes to it, and a device can be endless."""
    try:
        kind = not_regular(os.stat(file).st_mode)
        if kind:
            _fail(file, f"this is {kind}, not a regular file", hint="content must be plain YAML files")
        # O_NONBLOCK: if the path was swapped for a FIFO since the stat, the open still returns at once and the
        # fstat below refuses it.
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            kind = not_regular(info.st_mode)
            if kind:
                _fail(file, f"this is {kind}, not a regular file", hint="content must be plain YAML files")
            if info.st_size > max_bytes:
                _fail(file, f"the file is too large ({info.st_size} bytes, the limit is {max_bytes})")
            return handle.read(max_bytes + 1)
    except FileNotFoundError:
        _fail(file, "file not found")
    except OSError as exc:
        _fail(file, f"cannot read the file: {exc.strerror or exc}")


def _fail(file, message, line=None, column=None, path=(), hint=None):
    raise ContentError([ContentIssue(file, line, column, path_to_str(path), message, hint)])
