"""Bots for self-play, tests, benchmarks and balance reports: a random bot, a greedy heuristic bot and a search bot
(``mcts``, in :mod:`boardrules.play.search`).

>>> import boardrules
>>> from boardrules.play.bots import RandomBot, play_out, seat_seed
>>> game = boardrules.load(boardrules.available_games()[0]).new_game(players=3, seed=1, log=False)
>>> play_out(game, [RandomBot(seat_seed(1, seat)) for seat in range(3)]).is_over
True
"""
from __future__ import annotations

import random

from .greedy import GreedyBot
from .search import MCTSBot

__all__ = ["BOTS", "GreedyBot", "MCTSBot", "RandomBot", "bot_names", "bot_spec", "bots_help", "make_bots", "parse_bot",
           "play_out", "random_bots", "seat_seed"]


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


BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}


def parse_bot(spec: str) -> tuple[str, dict]:
    """The bot name and its settings from one seat's entry: ``greedy``, or a name with settings after colons,
    ``mcts:iterations=50:rollout_depth=10`` (the settings a bot takes are its class's ``SETTINGS``; ``none`` for a
    setting that may be None). Raises ValueError naming what is wrong: an unknown bot or setting, a value of the
    wrong kind, a setting given twice, or one the bot refuses."""
    name, *pairs = [part.strip() for part in str(spec).strip().lower().split(":")]
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})")
    kinds = getattr(BOTS[name], "SETTINGS", {})
    settings: dict = {}
    for pair in pairs:
        key, eq, text = (part.strip() for part in pair.partition("="))
        if not kinds:
            raise ValueError(f"{name} takes no settings, got {pair!r}")
        if key not in kinds or not eq:
            raise ValueError(f"{name}: {pair!r} is not one of its settings, written KEY=VALUE ({', '.join(kinds)})")
        if key in settings:
            raise ValueError(f"{name}: {key} given twice")
        settings[key] = _setting(name, key, kinds[key], text)
    if settings:
        try:
            BOTS[name](0, None, **settings)        # (the bot checks its own settings; rules are not read here)
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from None
    return name, settings


def _setting(name: str, key: str, kind: str, text: str):
    if kind == "count or none" and text == "none":
        return None
    try:
        if kind.startswith("count"):
            return int(text)
        if kind == "number":
            return float(text) if any(c in text for c in ".e") or text in ("inf", "nan") else int(text)
    except ValueError:
        raise ValueError(f"{name}: {key}={text!r} is not a {'whole number' if kind.startswith('count') else 'number'}"
                         f"{' or none' if kind.endswith('none') else ''}") from None
    return text


def bot_spec(name: str, settings: dict) -> str:
    """The entry :func:`parse_bot` reads back: ``mcts:iterations=50:rollout_depth=10``."""
    return name + "".join(f":{k}={'none' if v is None else v}" for k, v in settings.items())


def bot_names(names, players: int) -> list[str]:
    """One bot entry per seat from "greedy" (every seat) or "greedy,random,random" (one per seat), each a name with
    its settings if any (``mcts:iterations=50``, see :func:`parse_bot`), written the same way whatever the case and
    spacing given; raises ValueError for an unknown name or setting or a list of the wrong length."""
    if isinstance(names, str):
        names = names.split(",")
    names = [bot_spec(*parse_bot(n)) for n in names]
    if not names:
        raise ValueError(f"unknown bot '' (bots: {', '.join(BOTS)})")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"{len(names)} bots for {players} players: give one name, or one per seat")
    return names


def make_bots(names, seed: int, rules, players: int) -> list:
    """The bots for one game: ``names`` is one bot entry for every seat or a comma list (one per seat), an entry a
    name with its settings if any (``mcts:iterations=50:seconds=1``); each bot is seeded from the game seed and its
    seat (see :func:`seat_seed`)."""
    out = []
    for seat, entry in enumerate(bot_names(names, players)):
        name, settings = parse_bot(entry)
        cls = BOTS[name]
        out.append(cls(seat_seed(seed, seat)) if cls is RandomBot else cls(seat_seed(seed, seat), rules, **settings))
    return out


def bots_help() -> str:
    """The bots a command line may name, for its help: every registered bot, and how settings are written."""
    tuned = [n for n, cls in BOTS.items() if getattr(cls, "SETTINGS", None)]
    out = ", ".join(BOTS)
    if tuned:
        example = tuned[0]
        keys = list(BOTS[example].SETTINGS)
        out += (f"; settings after colons, e.g. {example}:{keys[0]}=50 (" + "; ".join(
            f"{n}: {', '.join(BOTS[n].SETTINGS)}" for n in tuned) + ")")
    return out
