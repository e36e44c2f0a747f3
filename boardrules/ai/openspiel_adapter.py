"""Any game as an OpenSpiel game (``boardrules[openspiel]``): ``boardrules.ai.openspiel_game``.

One Python game is registered with ``pyspiel.register_game``: ``python_boardrules``, with the parameters ``game``
(a packaged id or the path of a game or variant file), ``players`` (0: the fewest the game allows), ``options`` (a
JSON object of option values, or ``""``), ``preset`` and ``seeds``. Its type: sequential, imperfect information,
explicit stochastic, general sum (each seat's return is its share of the win: 1 / the number of winners, or 0),
terminal rewards, observations (a string and a tensor) and information-state strings (no information-state
tensor). Observers: a seat's (private information of one player, public information), with or without perfect
recall, and the public one (no private information: what a spectator sees, the same for every seat).

**Chance.** A boardrules game draws everything random (the shuffles, every later draw of its generator) from its
seed, so the whole chance of a game is its seed: the first node of each game is a chance node with ``seeds``
equally likely outcomes (default 1,000), outcome ``k`` starting the game with seed ``k``. Then the players act with
the indexes of the :class:`~boardrules.ai.ActionSpace` (an index not legal now, or a seed outside the chance node's
outcomes, raises IllegalAction and changes nothing); observations are the :class:`~boardrules.ai.Observer`'s,
from each seat's view alone, with the layout's slices as the observer's named pieces. pyspiel is imported when
this module is.

**Information states** (perfect recall) are made from the same observations: a seat's information-state string is
its observation string now, then a line ``history <sha-256>`` of everything the seat has observed since the deal:
its observation string after the deal and after every later decision, and its own decisions' indexes (another seat's
decision enters only by what the seat then observes). Two histories a seat cannot tell apart give the same string;
the chance outcome (the seed) enters only by what it deals to the seat's view. A state starts recording this the
first time it is asked (it plays its game again from the deal once, then adds each decision's observations as it
goes; its clones go on recording): a game never asked pays nothing. Each seat's record is a chain of SHA-256 hex
digests, so it survives a clone and a serialisation.

**Resampling** (``resample_from_infostate``, for OpenSpiel's information-set search, e.g. the Python
``ISMCTSBot``): a state the seat cannot tell from this one, made by :meth:`boardrules.Game.resample` with a seed
drawn from the given probability sampler. The sample carries the seat's record, so its information-state string
for that seat is this state's; each other seat's record in the sample is made from the seat's record and the other
seat's number (what the searching seat knows of that history), so a sample's later information states are keyed
consistently within one search. (OpenSpiel's C++ ``ISMCTSBot`` cannot drive Python games: it fails on OpenSpiel's
own Python games too.)
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from ..api.rules import available_games
from ..errors import IllegalAction, UsageError
from ._common import Table, win_shares

NAME = "python_boardrules"
#: the chance outcomes (game seeds) of the first node, unless the ``seeds`` parameter says otherwise
SEEDS = 1000
#: the longest game the type declares (OpenSpiel wants a bound): decisions of one game, chance node included
MAX_LENGTH = 100_000

_DEFAULTS = {"game": available_games()[0] if available_games() else "", "players": 0, "options": "", "preset": "",
             "seeds": SEEDS}
_TABLES: dict = {}

_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="boardrules game (any packaged game or content file)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=16,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS)


def _table(params: dict) -> Table:
    key = (str(params["game"]), int(params["players"]), str(params["options"]), str(params["preset"]))
    if key not in _TABLES:
        try:
            options = json.loads(params["options"]) if params["options"] else None
        except ValueError:
            raise UsageError(f"the options parameter is a JSON object of option values, got {params['options']!r}") \
                from None
        table = Table(params["game"], params["players"] or None, options, params["preset"] or None)
        table.key = key
        _TABLES[key] = table
    return _TABLES[key]


def _table_of(key: tuple) -> Table:
    return _table(dict(zip(("game", "players", "options", "preset"), key)))


class BoardrulesGame(pyspiel.Game):
    """An OpenSpiel game of a boardrules ruleset, player count and options (see the module's notes)."""

    def __init__(self, params: dict | None = None) -> None:
        params = dict(_DEFAULTS, **(params or {}))
        self.table = table = _table(params)
        self.seeds = int(params["seeds"])
        if self.seeds < 1:
            raise UsageError(f"seeds is at least 1, got {self.seeds}")
        info = pyspiel.GameInfo(num_distinct_actions=table.space.size, max_chance_outcomes=self.seeds,
                                num_players=table.players, min_utility=0.0, max_utility=1.0, utility_sum=None,
                                max_game_length=MAX_LENGTH)
        super().__init__(_TYPE, info, params)

    def new_initial_state(self) -> "BoardrulesState":
        return BoardrulesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None:
            return BoardrulesObserver(self.table, params)
        private, recall = iig_obs_type.private_info, iig_obs_type.perfect_recall
        if private == pyspiel.PrivateInfoType.NONE and iig_obs_type.public_info and not recall:
            return BoardrulesObserver(self.table, params, public=True)
        if private != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("boardrules games observe what one seat sees (private information of a single "
                             "player, public information), now or with perfect recall, or what a spectator sees "
                             "(public information only, now)")
        if recall:
            return InformationStateObserver(self.table, params)
        return BoardrulesObserver(self.table, params)


class BoardrulesState(pyspiel.State):
    """A state: before the chance node, the seed is not drawn; then a boardrules Game."""

    def __init__(self, game: BoardrulesGame) -> None:
        super().__init__(game)
        self.seeds = game.seeds
        self._held = _Held(game.table, None)

    @property
    def table(self) -> Table:
        return self._held.table

    @property
    def game(self):
        """The boardrules Game (None before the chance node)."""
        return self._held.game

    def current_player(self) -> int:
        if self.game is None:
            return pyspiel.PlayerId.CHANCE
        if self.game.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.game.current_player

    def _legal_actions(self, player: int) -> list[int]:
        if self.game is None or self.game.is_over or player != self.game.current_player:
            return []
        return sorted(self.table.space.indices(self.game))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(k, 1.0 / self.seeds) for k in range(self.seeds)]

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            if not 0 <= action < self.seeds:
                raise IllegalAction(f"the chance node's outcomes are the seeds 0 to {self.seeds - 1}, got {action}")
            self._held = _Held(self.table, self.table.new_game(int(action)))
        else:
            held = self._held
            actor = held.game.current_player
            self.table.space.apply(held.game, action)
            if held.trace is not None:
                _observed(held.trace, self.table, held.game, actor, action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.table.space.describe(action)

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.table.players
        return win_shares(self.game)

    def __str__(self) -> str:
        return "(no seed drawn yet)" if self.game is None else repr(self.game)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "BoardrulesState":
        """A state that seat ``player_id`` cannot tell from this one, with the same information-state string for
        it (see the module's notes); the sample's seed comes from ``probability_sampler()``. Before the chance node,
        and at the end, a clone."""
        sample = self.clone()
        held = self._held
        if held.game is None or held.game.is_over:
            return sample
        if held.trace is None:
            held.trace = _replayed(held.table, held.game)
        seed = int(float(probability_sampler()) * 2**53)
        mine = held.trace[player_id]
        trace = [mine if seat == player_id else _chained(mine, ["seat", seat]) for seat in range(len(held.trace))]
        sample._held = _Held(held.table, held.game.resample(player_id, seed), trace)
        return sample


class _Held:
    """A state's table and game, and once an information state was asked for, its ``trace``: per seat the last
    SHA-256 hex digest of the chain of what the seat has observed (see the module's notes). OpenSpiel clones a Python
    state with deepcopy (a copy of this holds the game's clone, the same table and the same trace, whose strings
    never change) and serialises it with pickle (the table's parameters, the game's JSON and the trace)."""

    __slots__ = ("table", "game", "trace")

    def __init__(self, table: Table, game, trace: list | None = None) -> None:
        self.table, self.game, self.trace = table, game, trace

    def __deepcopy__(self, memo) -> "_Held":
        return _Held(self.table, None if self.game is None else self.game.clone(),
                     None if self.trace is None else list(self.trace))

    def __reduce__(self):
        return _held_from, (self.table.key, None if self.game is None else self.game.to_json(), self.trace)


def _held_from(key: tuple, data, trace=None) -> _Held:
    table = _table_of(key)
    if trace is not None and (not isinstance(trace, list) or len(trace) != table.players
                              or not all(isinstance(t, str) for t in trace)):
        raise UsageError("a serialised state's information-state record is one text per seat")
    return _Held(table, None if data is None else table.rules.game_from_json(data, check_history=False), trace)


class BoardrulesObserver:
    """OpenSpiel's PyObserver: ``tensor`` is the Observer vector of a seat, ``dict`` its named slices."""

    def __init__(self, table: Table, params, public: bool = False) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.observer = table.observer
        self.public = public        # what a spectator sees, whichever seat asks
        self.tensor = np.zeros(self.observer.size, np.float32)
        self.dict = {s["name"]: self.tensor[s["start"]:s["stop"]] for s in self.observer.layout}

    def set_from(self, state: BoardrulesState, player: int) -> None:
        if state.game is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.observer.vector(state.game, None if self.public else player)

    def string_from(self, state: BoardrulesState, player: int) -> str:
        return "" if state.game is None else self.observer.string(state.game, None if self.public else player)


class InformationStateObserver:
    """OpenSpiel's PyObserver for information states (perfect recall): strings only (see the module's notes)."""

    def __init__(self, table: Table, params) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.observer = table.observer
        self.tensor = None
        self.dict: dict = {}

    def set_from(self, state: BoardrulesState, player: int) -> None:
        pass

    def string_from(self, state: BoardrulesState, player: int) -> str:
        held = state._held
        if held.game is None:
            return ""
        if held.trace is None:
            held.trace = _replayed(held.table, held.game)
        return f"{self.observer.string(held.game, player)}\nhistory {held.trace[player]}"


def _chained(digest: str, item) -> str:
    return hashlib.sha256(json.dumps([digest, item]).encode()).hexdigest()


def _observed(trace: list, table: Table, game, actor: int | None, index: int | None) -> None:
    """Adds to each seat's trace what it observes after a decision: its observation string, and the decision's
    index if it was its own."""
    for seat, digest in enumerate(trace):
        mine = index if actor == seat else None
        trace[seat] = _chained(digest, [mine, table.observer.string(game, seat)])


def _replayed(table: Table, game) -> list:
    """The traces of ``game``, made by playing it again from its deal (its seed) through its history."""
    g = table.new_game(game.seed)
    trace = [""] * table.players
    _observed(trace, table, g, None, None)
    for action in game.history:
        actor = g.current_player
        index = table.space.index(g, action)
        table.space.apply(g, index)
        _observed(trace, table, g, actor, index)
    return trace


pyspiel.register_game(_TYPE, BoardrulesGame)


def openspiel_game(game: Any, players: int | None = None, options: dict | None = None, preset: str | None = None,
                   seeds: int = SEEDS):
    """``pyspiel.load_game`` of ``game`` (a packaged id or the path of a game or variant file) as the registered
    ``python_boardrules`` game."""
    if not isinstance(game, str) and not hasattr(game, "__fspath__"):
        raise UsageError(f"an OpenSpiel game is named by a packaged game's id or a path, got {game!r}")
    params = {"game": str(game), "players": int(players or 0), "options": json.dumps(options or {}, sort_keys=True)
              if options else "", "preset": preset or "", "seeds": int(seeds)}
    return pyspiel.load_game(NAME, params)
