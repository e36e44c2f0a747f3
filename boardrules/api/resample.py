"""Determinisation: a full game that one seat could not tell from the real one (``Game.resample``).

What a seat sees is its view; what it does not see is which card lies in each place hidden from it (a draw pile and
its order, the other seats' hands, face-down piles on cards) and the random generator's state. A sample deals the
hidden cards again among those places, each place keeping its count, and draws a new generator state from the
sample's seed. Cards only change places with cards that began the game in the same zone (the content's ``start``
of their type: the cards of one deck mix with each other, never with another deck's); the box (the copies a game
leaves out) keeps its cards, and so do cards the flow is working with (named by a variable of a frame), cards
something lies on, and cards that hold a count.

When the pending decision is another seat's, a deal that leaves it nothing to ask (its new hand cannot answer the
question it is being asked) is not consistent with what the seat sees, and is dealt again; after ``TRIES`` deals the
acting seat's own hidden places keep their cards.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from ..engine.rng import seed_state
from ..errors import StateError
from . import arguments as args

#: deals tried before the acting seat's own hidden cards are left in place (see ``resample``)
TRIES = 100



def _names_in(value, out: set) -> None:
    """Every text in a frame's variables (the card copies among them are the ones the flow is working with)."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _names_in(v, out)
    elif isinstance(value, list):
        for v in value:
            _names_in(v, out)


def kept_in_place(model, data: dict[str, Any]) -> set:
    """The card copies of a saved game that keep their place in any sample: those the flow is working with, those
    something lies on and those holding a count."""
    fixed: set = set()
    for frame in data["flow"]:
        _names_in(frame.get("env"), fixed)
    for p in model.piles:
        fixed.update(data["piles"].get(p.id, {}))
    for c in model.counters:
        if c.scope == "card":
            fixed.update(model.instance_names[i] for i, n in enumerate(data["counters"][c.id]) if n)
    return fixed


def hidden_places(model, data: dict[str, Any], player: int | None) -> list[tuple[str, Any, list]]:
    """(``"zone"`` or ``"pile"``, which: (zone id, holder) or (pile id, host), the list of card names) for every
    place of the saved state ``data`` whose cards ``player`` cannot see (None: a spectator), the box left out."""
    out = []
    for z in model.zones:
        if z.index == model.box:
            continue
        for holder, cards in enumerate(data["zones"][z.id]):
            if z.visibility == "hidden" or (z.visibility == "owner" and holder != player):
                out.append(("zone", (z.id, holder), cards))
    for p in model.piles:
        if p.visibility != "public":
            for host, cards in data["piles"].get(p.id, {}).items():
                out.append(("pile", (p.id, host), cards))
    return out


def resample(game: Any, player: int | None, seed: int | None) -> Any:
    """A game consistent with everything ``player`` sees in ``game`` (a :class:`~boardrules.api.game.Game`; see
    ``Game.resample``), as a new Game."""
    player = args.seat(player, game.players)
    seed = args.seed(seed)
    rules = game.rules
    model = rules.model
    data = game.to_json()
    fixed = kept_in_place(model, data)
    start = {name: model.instance_types[i].start for name, i in model.instance_index.items()}
    data["seed"] = seed
    data["rng"] = type(data["rng"])(seed_state(seed))
    data["history"] = []        # the real history tells what the seat did not see (another seat's choices)
    data["events"] = None       # so do the real events (the full record names every card)
    rng = random.Random(seed)
    for _ in range(TRIES):
        sample = _dealt(rules, data, player, fixed, start, rng)
        if sample is not None:
            return sample
    # The pending decision is another seat's and almost no deal of its hidden cards lets it be asked: deal again
    # everything but that seat's own places.
    acting = game.current_player
    for kind, (what, holder), cards in hidden_places(model, data, player):
        if kind == "zone" and holder == acting and model.zones[model.zone_index[what]].scope != "shared":
            fixed.update(cards)
    sample = _dealt(rules, data, player, fixed, start, rng)
    return sample if sample is not None else rules.game_from_json(data, check_history=False)


def _dealt(rules, data, player, fixed, start, rng) -> Any:
    """``data`` with the hidden cards not ``fixed`` dealt again (each among the places of its deck), as a game; None
    when the deal leaves the pending decision nothing to ask (another seat's question that its new cards cannot
    answer): such a deal is not consistent with what ``player`` sees, a question being asked."""
    data = copy.deepcopy(data)
    slots: dict = {}        # the zone a card's type starts in -> [(a place's list, position)]
    for _, _, cards in hidden_places(rules.model, data, player):
        for i, name in enumerate(cards):
            if name not in fixed:
                slots.setdefault(start[name], []).append((cards, i))
    for family in slots.values():
        dealt = [cards[i] for cards, i in family]
        rng.shuffle(dealt)
        for (cards, i), name in zip(family, dealt):
            cards[i] = name
    try:
        return rules.game_from_json(data, check_history=False)
    except StateError:
        return None
