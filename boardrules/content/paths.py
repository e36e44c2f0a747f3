"""Where packaged content and schemas live: inside the wheel, or beside the package in a checkout."""
from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent


def data_dir(name: str) -> Path:
    """``content``, ``schemas`` or ``examples``: ``boardrules/_data/<name>`` in a wheel, ``<repo>/<name>`` in a
    checkout."""
    packaged = _HERE / "_data" / name
    if packaged.is_dir():
        return packaged
    return _HERE.parent / name


def packaged_games() -> dict[str, Path]:
    """Game id -> its manifest, for every game packaged with boardrules."""
    root = data_dir("content")
    return {p.parent.name: p for p in sorted(root.glob("*/game.yaml"))}
