"""A Gymnasium environment of any game for one learning seat (``boardrules[gymnasium]``):
``boardrules.ai.gymnasium_env``.

The learner plays ``seat``; the other seats are played by ``opponents``, bots with a ``choose(game)`` method (one
for every other seat, or a function ``opponents(seat, seed)`` making the bot of a seat for a game seed; by default
each plays uniformly at random with a generator seeded from the game's seed). The observation is a dict like
PettingZoo's: ``observation``, the :class:`~boardrules.ai.Observer` vector of the learner's seat (float32), and
``action_mask``, the legal mask of the :class:`~boardrules.ai.ActionSpace` (int8; ``action_masks()`` returns it
too, for maskable policies). An action is an index of the space; the episode ends with the game, the reward being
the learner's share of the win (1 / the number of winners if it is one of them, else 0).

An index outside the space or not legal now changes nothing: with ``illegal="penalty"`` (the default, which keeps
the environment steppable by Gymnasium's checker and by policies that ignore the mask) the step returns the same
observation, ``illegal_reward`` (default -1.0) and ``info["illegal"] = True``; with ``illegal="raise"`` it raises
IllegalAction. gymnasium and numpy are imported when the first environment is made.

**Registered ids.** Importing this module (``boardrules.ai.register_gymnasium()`` does it) registers
``boardrules/<game>-v0`` for every packaged game (``<game>`` its id), so
``gymnasium.make("boardrules/<game>-v0", players=3)`` works, its settings passed on as keyword arguments;
``gymnasium.make("boardrules.ai.gymnasium_adapter:boardrules/<game>-v0")`` registers and makes in one call.
``render_mode="ansi"`` returns the game and its last log lines as text; ``"human"`` prints them.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..errors import IllegalAction, UsageError
from ._common import Table, win_shares


class _RandomSeat:
    """Picks uniformly among the legal actions with its own seeded generator."""

    def __init__(self, seed) -> None:
        self.rng = random.Random(seed)

    def choose(self, game):
        actions = game.legal_actions()
        return actions[self.rng.randrange(len(actions))]


def make_env_class():
    import gymnasium as gym
    import numpy as np
    from gymnasium.spaces import Box, Dict, Discrete

    class BoardrulesEnv(gym.Env):
        """A single-agent environment of a boardrules game (see :func:`boardrules.ai.gymnasium_env`)."""

        metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}   # (fps: a nominal pace for human mode)

        def __init__(self, game: Any, players: int | None = None, options: Mapping[str, Any] | None = None,
                     preset: str | None = None, seat: int = 0, opponents: Any = None, illegal: str = "penalty",
                     illegal_reward: float = -1.0, render_mode: str | None = None) -> None:
            if render_mode is not None and render_mode not in self.metadata["render_modes"]:
                raise UsageError(f"render_mode is None, 'ansi' or 'human', got {render_mode!r}")
            if illegal not in ("penalty", "raise"):
                raise UsageError(f"illegal is 'penalty' or 'raise', got {illegal!r}")
            self.table = table = Table(game, players, options, preset)
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
                raise UsageError(f"seat is a seat of the {table.players} players (0 to {table.players - 1}), "
                                 f"got {seat!r}")
            others = [s for s in range(table.players) if s != seat]
            if opponents is not None and not callable(opponents):
                opponents = list(opponents)
                if len(opponents) != len(others) or not all(hasattr(b, "choose") for b in opponents):
                    raise UsageError(f"opponents is a bot with choose(game) for each of the {len(others)} other "
                                     f"seats, or a function (seat, seed) -> bot")
            self.space, self.observer = table.space, table.observer
            self.seat, self.others, self.opponents = seat, others, opponents
            self.illegal, self.illegal_reward = illegal, float(illegal_reward)
            self.render_mode = render_mode
            self.observation_space = Dict({
                "observation": Box(np.array(self.observer.low, np.float32), np.array(self.observer.high, np.float32),
                                   (self.observer.size,), np.float32),
                "action_mask": Box(0, 1, (self.space.size,), np.int8)})
            self.action_space = Discrete(self.space.size)
            self.game = None
            self._bots: dict = {}

        # -------------------------------------------------------------- the episode
        def reset(self, *, seed: int | None = None, options: dict | None = None):
            """A new game, its seed drawn from ``np_random`` (seeded by ``seed``); the others play until the
            learner is to act."""
            super().reset(seed=seed)
            game_seed = int(self.np_random.integers(2**63))
            self.game = self.table.new_game(game_seed)
            if callable(self.opponents):
                self._bots = {s: self.opponents(s, game_seed) for s in self.others}
            elif self.opponents is not None:
                self._bots = dict(zip(self.others, self.opponents))
            else:
                self._bots = {s: _RandomSeat(f"boardrules-gym:{game_seed}:{s}") for s in self.others}
            self._others_play()
            return self._observation(), self._info()

        def step(self, action):
            game = self.game
            if game.is_over:
                raise UsageError("the episode is over: call reset()")
            try:
                self.space.apply(game, action)
            except (IllegalAction, UsageError) as exc:
                if self.illegal == "raise":
                    raise IllegalAction(str(exc)) from None
                return self._observation(), self.illegal_reward, False, False, dict(self._info(), illegal=True)
            self._others_play()
            reward = win_shares(game)[self.seat] if game.is_over else 0.0
            return self._observation(), reward, game.is_over, False, self._info()

        def _others_play(self) -> None:
            game = self.game
            while not game.is_over and game.current_player != self.seat:
                game.apply(self._bots[game.current_player].choose(game))

        def _observation(self):
            return {"observation": np.asarray(self.observer.vector(self.game, self.seat), np.float32),
                    "action_mask": self.action_masks().astype(np.int8)}

        def _info(self) -> dict:
            return {"round": self.game.round}

        def action_masks(self):
            """The legal mask of the learner's decision (all 0 once the game is over), as a numpy array of bools
            (the name maskable policies look for)."""
            if self.game.is_over:
                return np.zeros(self.space.size, bool)
            return np.frombuffer(self.space.mask(self.game), np.uint8).astype(bool)

        def render(self):
            if self.render_mode is None or self.game is None:
                return None
            text = "\n".join([repr(self.game), *self.game.log_lines()[-5:]])
            if self.render_mode == "human":
                print(text)
                return None
            return text

    return BoardrulesEnv


_CLASS = None


def gymnasium_env(game: Any, players: int | None = None, options: Mapping[str, Any] | None = None,
                  preset: str | None = None, **settings: Any):
    """A Gymnasium environment of ``game`` (a packaged id, a path or Rules) for the seat ``seat`` (default 0)
    against ``opponents`` (default: random players); ``settings`` are ``seat``, ``opponents``, ``illegal``,
    ``illegal_reward`` and ``render_mode``."""
    global _CLASS
    if _CLASS is None:
        _CLASS = make_env_class()
    return _CLASS(game, players, options, preset, **settings)


def env_id(game: str) -> str:
    """The Gymnasium id of a packaged game: ``boardrules/<game>-v0``."""
    return f"boardrules/{game}-v0"


def register() -> list[str]:
    """Registers ``boardrules/<game>-v0`` for every packaged game (again: nothing new); returns the ids."""
    import gymnasium as gym

    from ..api.rules import available_games

    ids = []
    for game in available_games():
        ids.append(env_id(game))
        if ids[-1] not in gym.registry:
            gym.register(id=ids[-1], entry_point=f"{__name__}:gymnasium_env", kwargs={"game": game})
    return ids


try:
    import gymnasium  # noqa: F401
except ImportError:     # (the adapter's functions say what to install when they are called)
    pass
else:
    register()
