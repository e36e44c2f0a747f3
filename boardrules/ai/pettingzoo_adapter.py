"""A PettingZoo AEC environment of any game (``boardrules[pettingzoo]``): ``boardrules.ai.pettingzoo_env``.

Agents ``player_0`` .. ``player_<n-1>`` are the seats. Each agent's observation is a dict: ``observation``, the
:class:`~boardrules.ai.Observer` vector of its seat (float32), and ``action_mask``, the legal mask of the
:class:`~boardrules.ai.ActionSpace` (int8; all 0 when it is not the agent's turn). An action is an index of the
space. Rewards come at the end of the game: each winner gets 1 / the number of winners, the others 0. pettingzoo
and numpy are imported when the first environment is made.

An index not legal now changes nothing: with ``illegal="raise"`` (the default) ``step`` raises IllegalAction; with
``illegal="penalty"`` the agent stays to act, its reward for the step is ``illegal_reward`` (default -1.0) and its
info says ``illegal: True`` (for checkers and policies that step without the mask, such as PettingZoo's
``state_test``).

``state()`` is the whole game as numbers, for centralised critics: every seat's observation vector, seat 0's first,
each from its own seat (so it holds every hidden card), within ``state_space``. ``render_mode="ansi"`` returns the
game and its last log lines as text; ``"human"`` prints them.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import IllegalAction, UsageError
from ._common import Table, win_shares


def make_env_class():
    import numpy as np
    from gymnasium.spaces import Box, Dict, Discrete
    from pettingzoo import AECEnv

    class BoardrulesAEC(AECEnv):
        """An AEC environment of a boardrules game (see :func:`boardrules.ai.pettingzoo_env`)."""

        metadata = {"render_modes": ["ansi", "human"], "render_fps": 4, "name": "boardrules",
                    "is_parallelizable": False}     # (fps: a nominal pace for human mode)

        def __init__(self, game: Any, players: int | None = None, options: Mapping[str, Any] | None = None,
                     preset: str | None = None, render_mode: str | None = None, illegal: str = "raise",
                     illegal_reward: float = -1.0) -> None:
            super().__init__()
            if render_mode is not None and render_mode not in self.metadata["render_modes"]:
                raise UsageError(f"render_mode is None, 'ansi' or 'human', got {render_mode!r}")
            if illegal not in ("raise", "penalty"):
                raise UsageError(f"illegal is 'raise' or 'penalty', got {illegal!r}")
            self.illegal, self.illegal_reward = illegal, float(illegal_reward)
            self.table = table = Table(game, players, options, preset)
            self.space, self.observer = table.space, table.observer
            self.render_mode = render_mode
            self.metadata = dict(self.metadata, name=f"boardrules_{table.rules.id}")
            self.possible_agents = [f"player_{seat}" for seat in range(table.players)]
            self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
            size = self.observer.size
            self.observation_spaces = {a: Dict({
                "observation": Box(np.array(self.observer.low, np.float32), np.array(self.observer.high, np.float32),
                                   (size,), np.float32),
                "action_mask": Box(0, 1, (self.space.size,), np.int8)}) for a in self.possible_agents}
            self.action_spaces = {a: Discrete(self.space.size) for a in self.possible_agents}
            n = table.players
            self.state_space = Box(np.array(self.observer.low * n, np.float32),
                                   np.array(self.observer.high * n, np.float32), (size * n,), np.float32)
            self.game = None
            self._seeds = np.random.default_rng()

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

        def reset(self, seed: int | None = None, options: dict | None = None) -> None:
            """A new game: its seed is ``seed``, else drawn from the generator the last seed started."""
            if seed is not None:
                self._seeds = np.random.default_rng(seed)
            self.game = self.table.new_game(int(self._seeds.integers(2**63)))
            self.agents = self.possible_agents[:]
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos = {a: {} for a in self.agents}
            self.agent_selection = self.possible_agents[self.game.current_player]

        def observe(self, agent):
            seat = self._seat[agent]
            mask = np.zeros(self.space.size, np.int8)
            if not self.game.is_over and self.game.current_player == seat:
                mask[:] = np.frombuffer(self.space.mask(self.game), np.uint8)
            return {"observation": np.asarray(self.observer.vector(self.game, seat), np.float32),
                    "action_mask": mask}

        def step(self, action) -> None:
            """Plays the index ``action`` for the agent to act (None for an agent whose game is over). An index
            outside the space or not legal now raises IllegalAction and changes nothing."""
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            if action is None and self.illegal == "raise":
                raise IllegalAction(f"{agent} is to act: None is only for an agent whose game is over")
            try:
                self.space.apply(self.game, action)
            except (IllegalAction, UsageError):
                if self.illegal == "raise":
                    raise
                self._clear_rewards()
                self._cumulative_rewards[agent] = 0.0
                self.rewards[agent] = self.illegal_reward
                self.infos[agent] = {"illegal": True}
                self._accumulate_rewards()
                return
            self.infos[agent] = {}
            self._cumulative_rewards[agent] = 0.0
            game = self.game
            if game.is_over:
                shares = win_shares(game)
                for a in self.agents:
                    self.rewards[a] = shares[self._seat[a]]
                    self.terminations[a] = True
            else:
                self._clear_rewards()
                self.agent_selection = self.possible_agents[game.current_player]
            self._accumulate_rewards()

        def render(self):
            if self.render_mode is None or self.game is None:
                return None
            text = "\n".join([repr(self.game), *self.game.log_lines()[-5:]])
            if self.render_mode == "human":
                print(text)
                return None
            return text

        def close(self) -> None:
            pass

        def state(self):
            """Every seat's observation vector, seat 0's first, as one float32 array (see the module's notes):
            what a centralised critic may read, never a seat's policy."""
            game, observer = self.game, self.observer
            return np.asarray([x for seat in range(self.table.players) for x in observer.vector(game, seat)],
                              np.float32)

    return BoardrulesAEC


_CLASS = None


def pettingzoo_env(game: Any, players: int | None = None, options: Mapping[str, Any] | None = None,
                   preset: str | None = None, render_mode: str | None = None, **settings: Any):
    """A PettingZoo AEC environment of ``game`` (a packaged id, a path of a game or variant file, or Rules) for
    ``players`` seats (default: the fewest the game allows) and ``options``; ``settings`` are ``illegal`` and
    ``illegal_reward``."""
    global _CLASS
    if _CLASS is None:
        _CLASS = make_env_class()
    return _CLASS(game, players, options, preset, render_mode, **settings)
