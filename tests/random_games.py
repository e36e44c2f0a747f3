"""Games played by seeded random choices, for the tests that look at a game part-way (observations, samples): each
source's rules loaded once."""
from __future__ import annotations

import pathlib
import random

import boardrules
from boardrules.content.paths import packaged_games

ROOT = pathlib.Path(__file__).resolve().parents[1]
#: every packaged game at 3 players, and a variant file at 4
SOURCES = [(gid, 3) for gid in packaged_games()] + [(str(ROOT / "examples" / "new_role.yaml"), 4)]
_RULES: dict = {}


def rules_of(source):
    if source not in _RULES:
        _RULES[source] = boardrules.load(source)
    return _RULES[source]


def random_game(source, players, seed, steps):
    """A new game of ``source`` after ``steps`` random choices (fewer if it ends first)."""
    game = rules_of(source).new_game(players, seed=seed, log=False)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game
