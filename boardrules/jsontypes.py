"""The JSON shapes of the public API, as typed dicts: what ``Action.to_json()``, ``Game.scores()`` and
``Game.history`` return, and what ``Game.apply`` accepts besides an ``Action``."""
from __future__ import annotations

from typing import Any, TypedDict


class ActionJSON(TypedDict):
    """An action as JSON: ``{"kind": "pass", "args": {"decision": "<kind>"}}``; card arguments are content ids."""

    kind: str
    args: dict[str, Any]


class SeatScore(TypedDict):
    """One seat's final score: its total and the named parts (in scoring order) that make it."""

    seat: int
    total: int
    parts: dict[str, int]
