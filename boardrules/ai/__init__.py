"""For bots and learning agents: a fixed integer action space with a legal mask (``space``), derived from a game's
compiled content, so every packaged game, every variant and every house-rule file has one; nothing here knows a
game.

See the docs page ``docs/ai.md``.
"""
from __future__ import annotations

from .space import ActionSpace, Entry

__all__ = ["ActionSpace", "Entry"]
