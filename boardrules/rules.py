"""``Rules``: a loaded game, the factory for games."""
from __future__ import annotations

from .errors import IllegalAction
from .loader import load_model


class Rules:
    """A game's compiled content. Create games with :meth:`new_game`."""

    def __init__(self, model):
        self.model = model

    # ------------------------------------------------------------------ description
    @property
    def id(self) -> str:
        return self.model.id

    @property
    def title(self) -> str:
        return self.model.title

    @property
    def players(self) -> range:
        """The supported player counts, e.g. ``range(2, 5)``."""
        return range(self.model.min_players, self.model.max_players + 1)

    @property
    def options(self) -> dict:
        """Option id -> default value."""
        return {k: o.default for k, o in self.model.options.items()}

    @property
    def cards(self) -> list:
        """Card types (id, name, copies, tags, attrs), in content order."""
        return list(self.model.types)

    @property
    def roles(self) -> list:
        return list(self.model.roles)

    def __repr__(self):
        return f"<Rules {self.id!r}: {self.title}, {self.players.start}-{self.players.stop - 1} players>"

    # ------------------------------------------------------------------ games
    def check_options(self, options) -> dict:
        chosen = self.options
        for key, value in (options or {}).items():
            opt = self.model.options.get(key)
            if opt is None:
                raise ValueError(f"unknown option {key!r} for {self.id} (options: {', '.join(chosen) or 'none'})")
            allowed = opt.values if opt.values is not None else (
                [True, False] if isinstance(opt.default, bool) else None)
            if allowed is not None and value not in allowed:
                raise ValueError(f"option {key!r} takes one of {allowed}, got {value!r}")
            chosen[key] = value
        return chosen

    def new_game(self, players: int, seed: int = 0, options: dict | None = None, log: bool = True):
        """A new game, already advanced to its first decision. ``log=False`` skips the readable log."""
        from .game import Game
        if players not in self.players:
            raise ValueError(f"{self.title} is for {self.players.start}-{self.players.stop - 1} players, not {players}")
        if not isinstance(seed, int):
            raise ValueError(f"the seed must be an integer, got {seed!r}")
        return Game(self, players, seed, self.check_options(options), log)

    def replay(self, players: int, seed: int, options: dict | None = None, actions=(), log: bool = True):
        """Plays ``actions`` (Actions or their JSON) from a new game; raises IllegalAction where one does not fit."""
        game = self.new_game(players, seed, options, log)
        for i, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise IllegalAction(f"action {i} of the replay: {exc}") from None
        return game

    def game_from_json(self, data):
        """A game from :meth:`Game.to_json` output (also a hand-edited one, if it is consistent)."""
        from .serialize import game_from_json
        return game_from_json(self, data)


def load(source) -> Rules:
    """Loads a packaged game by id (see ``available_games()``) or a game file or directory by path."""
    return Rules(load_model(source))
