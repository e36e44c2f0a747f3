"""The last stage of validation: a few bounded random games per player count, so that content that loads but
cannot be played (a loop that never ends, an effect that overfills a holder) is reported with a seed that
reproduces it."""
from __future__ import annotations

import random

import attrs

from ..errors import RulesError

MAX_DECISIONS = 20_000      # a game still going after this many decisions is reported as endless


@attrs.frozen
class SmokeFailure:
    players: int
    seed: int
    message: str

    def __str__(self) -> str:
        return f"{self.players} players, seed {self.seed}: {self.message}"


def smoke_test(rules, games: int = 3, max_decisions: int = MAX_DECISIONS) -> SmokeFailure | None:
    """Plays ``games`` random games (seeds 0..games-1) at every player count with default options; the first
    failure, or None."""
    for players in rules.players:
        for seed in range(games):
            failure = _play(rules, players, seed, max_decisions)
            if failure is not None:
                return failure
    return None


def _play(rules, players, seed, max_decisions):
    bot = random.Random(seed)
    try:
        game = rules.new_game(players=players, seed=seed, log=False)
        for _ in range(max_decisions):
            if game.is_over:
                return None
            game.apply(bot.choice(game.legal_actions()))
    except RulesError as exc:
        return SmokeFailure(players, seed, str(exc))
    except ValueError as exc:       # the content's own start checks (options that do not fit a player count)
        return SmokeFailure(players, seed, f"the game cannot start: {exc}")
    return SmokeFailure(players, seed, f"still going after {max_decisions} decisions")
