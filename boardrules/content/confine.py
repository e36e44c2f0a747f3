"""Keeping a game to its own files.

A game's files may pull in (``include:``, ``extends:``) only regular files inside the game's own folder tree, or a
packaged game by id. Content is often downloaded from strangers: without this, a variant naming ``/etc/passwd``,
``../../secret.yaml`` or a symlink to either would have us read that file (and quote its start in an error), and
one naming a FIFO would block the loader forever. The file the user names may live anywhere; its folder is the
root everything it pulls in must stay under.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path, PurePath

from .located import not_regular


class Refused(Exception):
    """A reference that leaves the game's folder or names something other than a regular file: why, and a fix."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.message, self.hint = message, hint


def root_of(top: Path) -> Path:
    """The folder a load is confined to: the one holding the file the user named (symlinks resolved)."""
    return Path(os.path.realpath(top)).parent


def confined(name: str, relative_to: Path, root: Path, *, directory_means=None) -> Path:
    """The file ``name`` (written in a file in ``relative_to``) names, if it is a regular file under ``root``.

    ``directory_means``: the file to use when ``name`` is a folder (``game.yaml`` for ``extends:``).
    Raises Refused; never opens anything."""
    outside = f"{name!r} is outside this game's folder ({root})"
    fix = "a game may only use files in its own folder or below it, and packaged games by id; copy the file here"
    if any(ch < " " or ch == "\x7f" for ch in name):
        # (a NUL byte makes the OS calls below raise ValueError; no file name a game uses holds a control character)
        raise Refused(f"{name!r} holds a control character", "a file name is plain text")
    if PurePath(name).is_absolute() or PurePath(name).drive:
        raise Refused(f"{name!r} is an absolute path", fix)
    path = Path(os.path.abspath(Path(relative_to) / name))     # the user may have named a relative path
    # Lexically first ('..' that climbs out), then with symlinks followed (a link that points out).
    if not _under(Path(os.path.normpath(path)), root):
        raise Refused(outside, fix)
    real = Path(os.path.realpath(path))
    if not _under(real, root):
        raise Refused(f"{name!r} leads outside this game's folder ({root}) through a symbolic link", fix)
    try:
        mode = os.stat(real).st_mode
        if directory_means is not None and stat.S_ISDIR(mode):
            real = real / directory_means
            mode = os.stat(real).st_mode
    except FileNotFoundError:
        raise Refused(f"{name!r} not found (looked in {relative_to})") from None
    except OSError as exc:
        raise Refused(f"cannot look at {name!r}: {exc.strerror or exc}") from None
    kind = not_regular(mode)
    if kind:
        raise Refused(f"{name!r} is {kind}, not a regular file", "content must be plain YAML files")
    return real


def _under(path: Path, root: Path) -> bool:
    path, root = Path(os.path.normcase(path)), Path(os.path.normcase(root))
    return path == root or root in path.parents
