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


# ---------------------------------------------------------------------- a heuristic bot
class GreedyBot:
    """A simple heuristic player, steered by the game's ``play`` hints (:class:`boardrules.model.records.PlayHints`):

    - Acquire (``play.acquire``): the card with the most value per card it will pay (the real amount, found by
      trying the payment on a copy of the game: discounts, privileges and refunds included); bigger value on ties.
      A card worth 0 that scores at the end (it has a ``score`` effect) counts as ``BONUS_VALUE``.
    - Pay and discard: the least valuable card first (lowest value, then lowest price); anything that is not a card
      before cards.
    - Keep (``play.keep``): the most valuable card.
    - Roles: one that lets it acquire, else one for each ``play.benefit`` kind in order, else one that lets it keep
      or discard cards (found by choosing each role on a copy of the game and reading only the kind of its own
      first decision, never hidden cards), else a random one.
    - Benefits: whenever it may. The ``play.decline`` kinds are declined.
    - A choice among the content's fixed answers: the one that leads soonest to a decision worth having (tried on a
      copy of the game, as for roles).
    - Anything else, including action kinds the hints do not name: uniformly random with its own seeded generator.

    It reads roles from the actions, card values from ``rules.cards`` and everything else from the hints, so it
    plays any game written as content; in a game without hints it is a random bot that pays with cheap cards.
    """

    PAY_KINDS = ("pay",)            # the engine's own kinds: paying, discarding down, passing, choosing a role
    DISCARD_KINDS = ("discard",)
    ROLE_KIND = "choose_role"
    BONUS_VALUE = 4

    def __init__(self, seed, rules):
        self.seed = seed
        self.rules = rules
        self.rng = random.Random(seed)
        hints = rules.model.play
        self.acquire, self.keep, self.benefit, self.decline = hints.acquire, hints.keep, hints.benefit, hints.decline
        # why take a role, best first: each entry is a set of action kinds its first decision may offer
        self.role_targets = (self.acquire, *((kind,) for kind in self.benefit), self.keep + self.DISCARD_KINDS)
        self.values = {}
        for card in rules.cards:
            value, price = _number(card.attrs.get(hints.value)), _number(card.attrs.get(hints.price))
            if value == 0 and any(isinstance(e, dict) and "score" in e for e in card.effects):
                value = self.BONUS_VALUE
            self.values[card.id] = (value, price)

    def __repr__(self):
        return f"GreedyBot({self.seed!r})"

    # ------------------------------------------------------------------ choosing
    def choose(self, game):
        actions = game.legal_actions()
        try:
            choice = self._choose(game, actions)
        except Exception:       # a game shape the heuristics do not understand: never crash, play at random
            choice = None
        return choice if choice is not None else self.rng.choice(actions)

    def _choose(self, game, actions):
        kinds = {a.kind for a in actions}
        real = [a for a in actions if a.kind != "pass"]
        passes = [a for a in actions if a.kind == "pass"]
        if not real:
            return None
        if kinds & set(self.acquire):
            return self._best_acquisition(game, [a for a in actions if a.kind in self.acquire])
        if self.ROLE_KIND in kinds:
            return self._best_role(game, [a for a in actions if a.kind == self.ROLE_KIND])
        if all(a.kind in self.PAY_KINDS + self.DISCARD_KINDS for a in real):
            return min(real, key=self._value)
        if all(a.kind in self.keep for a in real):
            return max(real, key=self._value)
        if all(a.kind in self.benefit for a in real):
            return self.rng.choice(real)
        if all(a.kind in self.decline for a in real) and passes:
            return passes[0]
        if len(real) > 1 and all(_is_answer(a) for a in real):
            # a choice among fixed answers (which action to take with a value, say): the one that leads soonest to
            # a decision worth having, as for roles
            return self._best_role(game, real)
        return None

    def _value(self, action):
        """(value, price) of the card an action names; below every card for anything else."""
        card = action.args.get("card")
        if isinstance(card, str) and card in self.values:
            return self.values[card]
        return (-1, -1)

    def _best_acquisition(self, game, offers):
        best, best_key = None, None
        for a in offers:
            value, _ = self._value(a)
            spent = self._spent(game, a)
            per_card = value / spent if spent > 0 else value * 2.0
            key = (per_card, value)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _best_role(self, game, roles):
        ranked = []
        for a in roles:
            rank = self._role_rank(game, a)
            if rank is not None:
                ranked.append((rank, a))
        if ranked:
            return min(ranked, key=lambda ra: ra[0])[1]
        return self.rng.choice(roles)

    # ------------------------------------------------------------------ trying moves on a copy
    def _role_rank(self, game, action):
        """The index in ``role_targets`` of the first useful decision the role gives this bot, or None."""
        me = game.current_player
        g = game.clone()
        g.apply(action)
        for _ in range(12):
            if g.is_over or g.current_player != me:
                return None
            acts = g.legal_actions()
            kinds = {a.kind for a in acts}
            for rank, target in enumerate(self.role_targets):
                if kinds & set(target):
                    return rank
            if kinds & set(self.PAY_KINDS):
                return None
            g.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
        return None

    def _spent(self, game, action):
        """What acquiring by ``action`` takes from this bot: cards leaving its hidden zones plus counters (money)."""
        me = game.current_player
        before_cards, before_counters, held = _holdings(game, me)
        tableau_before = _tableau_size(game, me)
        g = game.clone()
        g.apply(action)
        for _ in range(40):
            if g.is_over or g.current_player != me or _tableau_size(g, me) > tableau_before:
                break
            acts = g.legal_actions()
            if all(a.kind in self.PAY_KINDS for a in acts):
                g.apply(min(acts, key=self._value))
            else:
                g.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
        after_cards, after_counters, _ = _holdings(g, me)
        spent = before_cards - after_cards - (1 if action.args.get("card") in held else 0)
        spent += sum(max(0, b - a) for b, a in zip(before_counters, after_counters))
        return max(spent, 0)


def _is_answer(action) -> bool:
    """An action that answers with one of the content's fixed words (not a card, not a number)."""
    return len(action.args) == 1 and isinstance(next(iter(action.args.values())), str) and "card" not in action.args


def _number(value) -> float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def _card_id(entry):
    return entry if isinstance(entry, str) else entry["card"]


def _holdings(game, seat):
    """(cards in the seat's owner-only zones, the seat's counters, the ids of those cards), as the seat sees them."""
    d = game.rules.model
    seen = game.view(seat)
    cards = 0
    held = set()
    for z in d.zones:
        if z.scope == "player" and z.visibility == "owner":
            mine = seen["zones"][z.id][seat]
            cards += len(mine)
            held.update(_card_id(e) for e in mine)
    counters = [seen["counters"][c.id][seat] for c in d.counters if c.scope == "player"]
    return cards, counters, held


def _tableau_size(game, seat):
    seen = game.view(seat)["zones"]
    return sum(len(seen[z.id][seat]) for z in game.rules.model.zones if z.tableau and z.scope == "player")


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
