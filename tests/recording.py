"""Recorded outputs (rules-page snapshots, golden playthroughs): compared with their file, or in update mode written
to it. Every file an update run rewrites is listed in the run's summary (conftest.py), so that accepting a change
is never silent: a rule slip that changes a recording shows up in the list even when the run passes."""
from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REWRITTEN: list[str] = []       # files this run rewrote, for the summary


def check(path: Path, text: str, variable: str) -> None:
    """``text`` must be what ``path`` holds; with the environment variable ``variable`` set to 1, a difference is
    written to the file and reported instead."""
    name = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    if os.environ.get(variable) == "1":
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            REWRITTEN.append(name)
        return
    if not path.exists():
        pytest.fail(f"no recording {name}: run with {variable}=1 to make it, and read it")
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), text.splitlines(True), f"recorded/{name}",
                                            f"now/{name}", n=2))
        pytest.fail(f"{name} differs from its recording ({variable}=1 to accept, then read the diff):\n{diff[:6000]}")
