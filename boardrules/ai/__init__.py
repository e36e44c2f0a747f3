"""For bots and learning agents: a fixed integer action space with a legal mask (``space``), and observations per
seat, a string and a flat numeric vector with a named layout (``observe``). Both are derived from a game's compiled
content, so every packaged game, every variant and every house-rule file has them; nothing here knows a game.

See the docs page ``docs/ai.md``.
"""
from __future__ import annotations

from .observe import Observer
from .space import ActionSpace, Entry

__all__ = ["ActionSpace", "Entry", "Observer"]
