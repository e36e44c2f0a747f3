"""Simple bots for self-play, tests and benchmarks.

>>> import boardrules
>>> from boardrules.bots import RandomBot, play_out, seat_seed
>>> game = boardrules.load(boardrules.available_games()[0]).new_game(players=3, seed=1, log=False)
>>> play_out(game, [RandomBot(seat_seed(1, seat)) for seat in range(3)]).is_over
True
"""
from __future__ import annotations

import random

__all__ = ["RandomBot", "play_out", "random_bots", "seat_seed"]


class RandomBot:
    """Picks uniformly among the legal actions, with its own random generator (never the game's)."""

    __slots__ = ("seed", "rng")

    def __init__(self, seed):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, game):
        return self.rng.choice(game.legal_actions())

    def __repr__(self):
        return f"RandomBot({self.seed!r})"


def seat_seed(seed: int, seat: int) -> str:
    """The bot seed for ``seat`` in the game played with ``seed``: distinct per (seed, seat), stable across runs
    and Python processes (string seeds are hashed with SHA-512 by :class:`random.Random`)."""
    return f"boardrules-bot:{seed}:{seat}"


def random_bots(seed: int, players: int) -> list[RandomBot]:
    """One RandomBot per seat, seeded from the game seed and the seat."""
    return [RandomBot(seat_seed(seed, seat)) for seat in range(players)]


def play_out(game, bots):
    """Lets ``bots`` (one per seat) play ``game`` until it is over; returns the game."""
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    return game
