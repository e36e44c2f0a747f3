"""``Rules``: a loaded game, the factory for games."""
from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from ..actions import Action
from ..content.paths import packaged_games
from ..engine import serialize
from ..engine.kernel import Kernel
from ..errors import IllegalAction
from ..lang.load import load_model
from ..jsontypes import ActionJSON
from ..model.records import CardType, GameDef, RoleDef
from .game import Game


class Rules:
    """A game's compiled content. Create games with :meth:`new_game`."""

    def __init__(self, model: GameDef) -> None:
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
    def options(self) -> dict[str, Any]:
        """Option id -> default value."""
        return {k: o.default for k, o in self.model.options.items()}

    @property
    def content(self) -> dict[str, Any]:
        """The merged content (after includes and variant overlays) as plain data: a game file that could have
        been written by hand."""
        import copy
        return copy.deepcopy(self.model.raw["content"])

    @property
    def cards(self) -> list[CardType]:
        """Card types (id, name, copies, tags, attrs), in content order."""
        return list(self.model.types)

    @property
    def roles(self) -> list[RoleDef]:
        return list(self.model.roles)

    def __repr__(self) -> str:
        return f"<Rules {self.id!r}: {self.title}, {self.players.start}-{self.players.stop - 1} players>"

    # ------------------------------------------------------------------ games
    @property
    def presets(self) -> dict[str, dict[str, Any]]:
        """Named bundles of option values: name -> {option: value}."""
        return {k: dict(p["options"]) for k, p in self.model.presets.items()}

    def check_options(self, options: Mapping[str, Any] | None, players: int | None = None,
                      preset: str | None = None) -> dict[str, Any]:
        """The full option values for a game: defaults, then the preset, then ``options``. Unknown options or
        values, options not allowed for this player count, and options that exclude each other are errors."""
        chosen = self.options
        requested = {}
        if preset is not None:
            if preset not in self.model.presets:
                raise ValueError(f"unknown preset {preset!r} for {self.id} (presets: {', '.join(self.presets) or 'none'})")
            requested.update(self.model.presets[preset]["options"])
        requested.update(options or {})
        for key, value in requested.items():
            opt = self.model.options.get(key)
            if opt is None:
                raise ValueError(f"unknown option {key!r} for {self.id} (options: {', '.join(chosen) or 'none'})")
            allowed = opt.values if opt.values is not None else (
                [True, False] if isinstance(opt.default, bool) else None)
            if allowed is not None and value not in allowed:
                raise ValueError(f"option {key!r} takes one of {allowed}, got {value!r}")
            chosen[key] = value
        for key, value in chosen.items():
            opt = self.model.options[key]
            if not value or value == opt.default:
                continue
            if players is not None and opt.players is not None and players not in opt.players:
                raise ValueError(f"option {key!r} is for {', '.join(map(str, opt.players))} players, not {players}")
            for other in opt.excludes:
                if chosen.get(other) and chosen.get(other) != self.model.options[other].default:
                    raise ValueError(f"options {key!r} and {other!r} cannot be used together")
        return chosen

    def new_game(self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None, log: bool = True,
                 preset: str | None = None) -> Game:
        """A new game, already advanced to its first decision. ``log=False`` skips the readable log;
        ``preset`` names a bundle of option values (``options`` override it)."""
        if players not in self.players:
            raise ValueError(f"{self.title} is for {self.players.start}-{self.players.stop - 1} players, not {players}")
        if not isinstance(seed, int):
            raise ValueError(f"the seed must be an integer, got {seed!r}")
        kernel = Kernel(self.model, players, seed, self.check_options(options, players, preset), log)
        return Game(self, kernel.start())

    def replay(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
               actions: Iterable[Action | ActionJSON] = (), log: bool = True, preset: str | None = None) -> Game:
        """Plays ``actions`` (Actions or their JSON) from a new game; raises IllegalAction where one does not fit."""
        game = self.new_game(players, seed, options, log, preset)
        for i, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise IllegalAction(f"action {i} of the replay: {exc}") from None
        return game

    def game_from_json(self, data: Mapping[str, Any]) -> Game:
        """A game from :meth:`Game.to_json` output (also a hand-edited one, if it is consistent)."""
        return Game(self, serialize.from_json(self.model, data, self.check_options))


def load(source: str | os.PathLike[str]) -> Rules:
    """Loads a packaged game by id (see ``available_games()``) or a game file or directory by path."""
    return Rules(load_model(source))


def available_games() -> list[str]:
    """The ids of the games packaged with boardrules."""
    return list(packaged_games())
