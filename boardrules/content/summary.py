"""A packaged game's name card without loading it: its id, title, player counts and options' defaults read from its
manifest alone (and, for a variant, its base's manifest and the variant's operations on those sections), so that
``boardrules list`` answers at once on a cold cache. Nothing is checked here: ``load`` and ``validate`` do that,
and a manifest this reader does not understand returns None (the caller loads the game instead)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .paths import packaged_games
from .yamlio import load_yaml

_MAX_CHAIN = 8


def summary(gid: str) -> dict[str, Any] | None:
    """``{"id", "title", "players": (min, max), "options": {id: default}}`` of packaged game ``gid``, or None."""
    try:
        return _summary(packaged_games()[gid], 0)
    except Exception:       # anything unexpected: the caller loads the game the full way (which says why)
        return None


def _summary(path: Path, depth: int) -> dict[str, Any] | None:
    data = load_yaml(path).data
    if not isinstance(data, dict) or depth > _MAX_CHAIN:
        return None
    base = data.get("extends")
    if base is None:
        players = data["players"]
        options = {k: spec.get("default") for k, spec in (data.get("options") or {}).items()}
        return {"id": data["id"], "title": data["title"], "players": (players["min"], players["max"]),
                "options": options}
    games = packaged_games()
    if base not in games:
        return None
    out = _summary(games[base], depth + 1)
    if out is None:
        return None
    out["id"], out["title"] = data.get("id", out["id"]), data.get("title", out["title"])
    players = data.get("players") or {}
    low, high = out["players"]
    changed = {**players.get("change", {}), **players.get("replace", {})}
    out["players"] = (changed.get("min", low), changed.get("max", high))
    ops = data.get("options") or {}
    options = dict(ops["replace"]) if "replace" in ops else None
    out["options"] = {k: spec.get("default") for k, spec in options.items()} if options is not None \
        else out["options"]
    for key in ops.get("remove", []):
        out["options"].pop(key, None)
    for key, spec in (ops.get("add") or {}).items():
        out["options"][key] = spec.get("default")
    for key, spec in (ops.get("change") or {}).items():
        if "default" in spec:
            out["options"][key] = spec["default"]
    return out


def manifest_extends(path: Path) -> str | None:
    """The ``extends`` of a variant file (None for a game file, or a file this reader cannot read: the loader
    reports it)."""
    try:
        data = load_yaml(Path(path)).data
    except Exception:       # noqa: BLE001 - not a readable variant: the loader reports it
        return None
    return str(data["extends"]) if isinstance(data, dict) and "extends" in data else None
