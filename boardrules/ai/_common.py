"""What the adapters share: a ruleset from a packaged id, a path or Rules; its action space and observer; the
reward of a finished game; seeds drawn from a numpy generator. Nothing here imports an adapter's package."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..actions import short
from ..api.rules import Rules, load
from ..errors import UsageError
from .observe import Observer
from .space import ActionSpace


def rules_of(game: Any) -> Rules:
    """``game`` as Rules: Rules as they are, else a packaged game's id or a path of a game or variant file."""
    if isinstance(game, Rules):
        return game
    if isinstance(game, str) or hasattr(game, "__fspath__"):
        return load(game)
    raise UsageError(f"expected a packaged game's id, a path or the Rules of a game, got {short(game)}")


class Table:
    """A ruleset laid out for one player count and options: its ActionSpace and Observer."""

    def __init__(self, game: Any, players: int | None, options: Mapping[str, Any] | None,
                 preset: str | None) -> None:
        self.rules = rules_of(game)
        self.players = self.rules.players.start if players is None else players
        self.space = ActionSpace(self.rules, self.players, options, preset)
        self.options = self.space.options
        self.observer = Observer(self.rules, self.players, self.options)

    def __deepcopy__(self, memo) -> "Table":
        return self         # (shared by every copy of a state that holds it: it never changes)

    def new_game(self, seed: int):
        return self.rules.new_game(self.players, seed=seed, options=self.options, log=False)


def win_shares(game) -> list[float]:
    """Per seat: 1 / the number of winners for each winner of a finished game, 0 for the others."""
    winners = game.winners()
    out = [0.0] * game.players
    for w in winners:
        out[w] = 1.0 / len(winners)
    return out
