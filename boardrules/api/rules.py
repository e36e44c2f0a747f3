"""``Rules``: a loaded game, the factory for games."""
from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..actions import Action, fresh, short
from ..content.paths import packaged_games
from ..errors import IllegalAction, StateError, UsageError
from ..jsontypes import ActionJSON
from . import arguments as args
from .game import Game

if TYPE_CHECKING:       # the model and the kernel are imported with the first load (a light ``import boardrules``)
    from ..model.records import CardType, GameDef, RoleDef


class _Probe:
    """Just enough of a game for conditions on options and the player count."""

    def __init__(self, players, options):
        self.players, self.options = players, options


def _shown(options) -> str:
    return ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items())


class Rules:
    """A game's compiled content. Create games with :meth:`new_game`."""

    def __init__(self, model: GameDef, backend: str = "compiled") -> None:
        self.model = model
        self._generated = False
        self._digest: str | None = None
        self._backend = args.backend(backend)
        self._kernel: Any = None        # the kernel class games run on, and why (``boardrules.compiled``)
        self._backend_note = ""

    def _play_ready(self) -> GameDef:
        """The model, its expressions made into generated functions the first time a game is played (not at load:
        loading for the docs or a check needs none of it), and the kernel class its games run on."""
        if not self._generated:
            from ..lang import codegen

            codegen.generate(self.model)        # (nothing if another Rules of this model wrote it already)
            self._generated = True
        if self._kernel is None:
            from ..compiled import kernel_class

            self._kernel, self._backend_note = kernel_class(self.model, self._backend)
        return self.model

    @property
    def backend(self) -> str:
        """Which back end plays this game's games: "compiled" (code written for this game's model) or
        "interpreted" (the reference interpreter: asked for with ``load(..., backend="interpreted")``, or content
        the compiler cannot handle yet; :attr:`backend_note` says which). Both play every game exactly alike."""
        self._play_ready()
        return getattr(self._kernel, "backend", "interpreted")

    @property
    def backend_note(self) -> str:
        """Why :attr:`backend` is what it is, e.g. ``"compiled"`` or ``"interpreted (asked for)"``."""
        self._play_ready()
        return self._backend_note

    # ------------------------------------------------------------------ description
    @property
    def digest(self) -> str:
        """A SHA-256 of the merged content (hex): equal for two loads of the same content, whatever their files'
        paths, so an action space or an observer made for one serves the other."""
        if self._digest is None:
            import hashlib
            import json

            text = json.dumps(self.model.raw.get("content"), sort_keys=True, separators=(",", ":"), default=str)
            self._digest = hashlib.sha256(text.encode()).hexdigest()
        return self._digest

    @property
    def id(self) -> str:
        """The game's id (a packaged game's folder name; a variant's own id)."""
        return self.model.id

    @property
    def title(self) -> str:
        """The game's title, as the rules pages show it."""
        return self.model.title

    @property
    def players(self) -> range:
        """The supported player counts, e.g. ``range(2, 5)``."""
        return range(self.model.min_players, self.model.max_players + 1)

    @property
    def options(self) -> dict[str, Any]:
        """Option id -> default value (a new dict each time, nested values new too)."""
        return {k: fresh(o.default) for k, o in self.model.options.items()}

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
        """Every role the content declares (whether a game uses it depends on its player count and options)."""
        return list(self.model.roles)

    def __repr__(self) -> str:
        return f"<Rules {self.id!r}: {self.title}, {self.players.start}-{self.players.stop - 1} players>"

    # ------------------------------------------------------------------ games
    @property
    def presets(self) -> dict[str, dict[str, Any]]:
        """Named bundles of option values: name -> {option: value} (a new dict each time, nested values new too)."""
        return {k: fresh(p["options"]) for k, p in self.model.presets.items()}

    def check_options(self, options: Mapping[str, Any] | None, players: int | None = None,
                      preset: str | None = None) -> dict[str, Any]:
        """The full option values for a game: defaults, then the preset, then ``options``. Unknown options or
        values, options not allowed for this player count, options that exclude each other and (given
        ``players``) the content's own ``checks:`` are errors (UsageError), all found before any game starts."""
        chosen = self.options
        requested = {}
        preset = args.preset_name(preset)
        options = args.option_mapping(options)
        if players is not None:
            args.player_count(players, self.players, self.title)
        if preset is not None:
            if preset not in self.model.presets:
                raise UsageError(f"unknown preset {preset!r} for {self.id} "
                                 f"(presets: {', '.join(self.presets) or 'none'})")
            requested.update(self.model.presets[preset]["options"])
        requested.update(options)
        for key, value in requested.items():
            opt = self.model.options.get(key)
            if opt is None:
                raise UsageError(f"unknown option {key!r} for {self.id} (options: {', '.join(chosen) or 'none'})")
            chosen[key] = fresh(args.option_value(key, value, opt.default, opt.values))     # the game's own copy
        for key, value in chosen.items():
            opt = self.model.options[key]
            if not value or value == opt.default:
                continue
            if players is not None and opt.players is not None and players not in opt.players:
                raise UsageError(f"option {key!r} is for {', '.join(map(str, opt.players))} players, not {players}")
            for other in opt.excludes:
                if chosen.get(other) and chosen.get(other) != self.model.options[other].default:
                    raise UsageError(f"options {key!r} and {other!r} cannot be used together")
        if players is not None:
            self._content_checks(players, chosen)
        return chosen

    def _content_checks(self, players, options):
        """The content's ``checks:`` (conditions on options and the player count), so a bad combination is a
        UsageError here rather than an error half-way into creating a game. A check that looks at more than
        the options and the player count is left to the game itself."""
        probe = _Probe(players, options)
        for cond, message in self.model.checks:
            try:
                ok = cond(probe, {})
            except Exception:       # noqa: BLE001 - needs real game state: the game checks it when it starts
                continue
            if not ok:
                changed = {k: v for k, v in options.items() if v != self.model.options[k].default}
                raise UsageError(f"{message} (asked for: {_shown(changed) or 'the default options'}, "
                                 f"{players} players)")

    def new_game(self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None,
                 log: bool = True, preset: str | None = None) -> Game:
        """A new game, already advanced to its first decision. ``seed=None`` (the default) draws a seed from the
        operating system's entropy; ``game.seed`` records it. ``log=False`` skips the readable log; ``preset``
        names a bundle of option values (``options`` override it). Bad arguments raise UsageError."""
        args.player_count(players, self.players, self.title)
        seed = args.seed(seed)
        args.flag("log", log)
        chosen = self.check_options(options, players, preset)
        model = self._play_ready()
        Kernel = self._kernel

        kernel = Kernel.setup(model, players, seed, chosen, log)
        return Game(self, kernel.start(), (lambda: Kernel.setup(model, players, seed, dict(chosen), log).start(), 0))

    def replay(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
               actions: Iterable[Action | ActionJSON] = (), log: bool = True, preset: str | None = None) -> Game:
        """Plays ``actions`` (Actions or their JSON) from a new game; raises IllegalAction where one does not fit."""
        if seed is None:
            raise UsageError("replay needs the seed of the game it replays")
        if isinstance(actions, (str, bytes, Mapping)) or not isinstance(actions, Iterable):
            raise UsageError(f"actions must be a list of actions, got {short(actions)} ({type(actions).__name__})")
        game = self.new_game(players, seed, options, log, preset)
        for i, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise IllegalAction(f"action {i} of the replay: {exc}") from None
        return game

    def game_from_json(self, data: Mapping[str, Any], check_history: bool = True) -> Game:
        """A game from :meth:`Game.to_json` output. The game keeps nothing of ``data``: changing it afterwards does
        not change the game. Every part of the state is checked (StateError names the JSON path of a problem), and
        with ``check_history`` (the default) its history must replay from its seed, options and players to this
        very state. ``check_history=False`` skips the replay (it takes about as long as playing the history again)
        and accepts a position edited by hand, as long as it is consistent."""
        args.flag("check_history", check_history)
        if not isinstance(data, Mapping):
            raise StateError(f"a game state is a mapping (the output of Game.to_json()), got {type(data).__name__}")
        from ..engine import serialize      # imported when a state is first read: a lighter import

        try:
            model = self._play_ready()
            kernel = serialize.from_json(model, data, self.check_options, check_history)
            kernel.__class__ = self._kernel     # one state record for both back ends: the class says which plays it
            origin = kernel.clone()     # never played: where a failed action puts the game back from
            return Game(self, kernel, (origin.clone, len(kernel.history)))
        except UsageError as exc:       # the options or player count written in the state
            raise StateError(f"the state's options: {exc}") from None


def load(source: str | os.PathLike[str], backend: str = "compiled") -> Rules:
    """Loads a packaged game by id (see ``available_games()``) or a game file or directory by path. ``backend``:
    "compiled" (the default: code written for the game, falling back to the interpreter for content the compiler
    cannot handle yet) or "interpreted" (the reference interpreter); see :attr:`Rules.backend`."""
    if not isinstance(source, (str, os.PathLike)):
        raise UsageError(f"load() takes a packaged game id or a path, got {short(source)} ({type(source).__name__})")
    from ..lang.load import load_model      # the compiler is imported when content is first loaded

    backend = args.backend(backend)
    return Rules(load_model(source), backend)


def available_games() -> list[str]:
    """The ids of the games packaged with boardrules."""
    return list(packaged_games())
