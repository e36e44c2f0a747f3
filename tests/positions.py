"""Test positions for San Juan: a new game whose zones are rewritten through the JSON state format.

``position(rules, 4, hands={0: ["library", "quarry"]}, cities={0: ["indigo_plant", "crane"]})`` gives a game
in round 1 at the role choice of ``start_player`` (the Governor), with exactly the requested cards in hands
and cities, every other building card in the draw pile, and all city buildings active.
"""
from __future__ import annotations

import copy

#: The JSON zones whose cards belong to the game's card pool (the trading-house tiles stay where they are).
_PLAYER_ZONES = ("hand", "looking", "city")
_SHARED_ZONES = ("supply", "discard", "revealed")


def _type_of(instance: str) -> str:
    return instance.split("#", 1)[0]


def role_order(players: int, start_player: int) -> list[int]:
    """The seats that pick a role this round, in order: every seat from the Governor, or in a two-player game
    Governor, opponent, Governor (seed 000: 長官-對手-長官)."""
    offsets = [0, 1, 0] if players == 2 else list(range(players))
    return [(start_player + k) % players for k in offsets]


def position(rules, players, *, hands=None, cities=None, goods=None, tucked=None, supply_top=None,
             start_player=0, seed=0, options=None, price_tiles=None, round_start=False):
    """A game in round 1, seat ``start_player`` (the Governor) to choose a role.

    hands:      {seat: [card id, ...]}  the seat's hand (default: empty).
    cities:     {seat: [card id, ...]}  the seat's buildings (default: the game's starting building, as at setup).
    goods:      {seat: {building: good card id, or a list of them}}  a face-down good on that seat's
                building; ``building`` is a card id (a list fills that many copies of it in order) or an
                instance name such as ``"indigo_plant#3"``.
    tucked:     {seat: n}  n cards tucked under the seat's Chapel (it must be in ``cities``).
    supply_top: [card id, ...]  the next cards drawn, in drawing order: ``supply_top[0]`` is drawn first
                (it becomes the last element of the ``supply`` list, the top of the pile).
    price_tiles: [tile id, ...]  the trading-house tiles in the order they will be flipped (first flipped
                first); default: the order the seed shuffled.
    round_start: if True the position begins just before the round-start steps of round 1 (Chapel tucks,
                then the hand limit), instead of at the role choice after them.

    Every free copy of a building (including the 4 starting Indigo Plants) goes to the draw pile; copies are
    taken lowest copy number first.
    """
    opts = dict(options or {})
    opts.setdefault("fair_start", False)
    if opts["fair_start"]:
        raise ValueError("positions start from a game without the fair start (its first decision is a discard)")
    game = rules.new_game(players=players, seed=seed, options=opts)
    d = copy.deepcopy(game.to_json())
    assert d["pending"]["node"] == "round/roles", d["pending"]

    # 1. every building card goes back to the draw pile, keeping the seeded order of the pile below
    pool = list(d["zones"]["supply"][0])
    for z in _SHARED_ZONES[1:]:
        pool += d["zones"][z][0]
        d["zones"][z] = [[]]
    starting = _type_of(d["zones"]["city"][0][0])     # the building every player starts with in this game
    for z in _PLAYER_ZONES:
        for owned in d["zones"][z]:
            pool += owned
        d["zones"][z] = [[] for _ in range(players)]
    for pile in d["piles"].values():
        for cards in pile.values():
            pool += cards
    d["piles"] = {p: {} for p in d["piles"]}
    # an unordered index of free copies by type, lowest copy number first
    free: dict[str, list[str]] = {}
    for name in sorted(pool, key=lambda n: (_type_of(n), int(n.split("#")[1]))):
        free.setdefault(_type_of(name), []).append(name)
    taken: set[str] = set()

    def take(card_id: str) -> str:
        if "#" in card_id:
            if card_id in taken or card_id not in free.get(_type_of(card_id), []):
                raise ValueError(f"card {card_id!r} is not free")
            free[_type_of(card_id)].remove(card_id)
        else:
            copies = free.get(card_id)
            if not copies:
                raise ValueError(f"no free copy of {card_id!r} left")
            card_id = copies.pop(0)
        taken.add(card_id)
        return card_id

    def take_any() -> str:
        # filler cards (tucked cards) come from the bottom of the draw pile, not from any named type in use
        for name in pool:
            if name not in taken and name in free.get(_type_of(name), []):
                return take(name)
        raise ValueError("no free card left")

    # 2. the requested zones
    hands = hands or {}
    cities = cities or {}
    for seat in range(players):
        d["zones"]["city"][seat] = [take(c) for c in cities.get(seat, [starting])]
    for seat, cards in hands.items():
        d["zones"]["hand"][seat] = [take(c) for c in cards]
    for seat, placed in (goods or {}).items():
        city = d["zones"]["city"][seat]
        for building, good_ids in placed.items():
            good_ids = [good_ids] if isinstance(good_ids, str) else list(good_ids)
            hosts = [c for c in city if c == building or _type_of(c) == building]
            hosts = [c for c in hosts if c not in d["piles"]["goods"]]
            if len(hosts) < len(good_ids):
                raise ValueError(f"seat {seat} has no free {building!r} for {len(good_ids)} good(s)")
            for host, good in zip(hosts, good_ids):
                d["piles"]["goods"][host] = [take(good)]
    for seat, n in (tucked or {}).items():
        chapels = [c for c in d["zones"]["city"][seat] if _type_of(c) == "chapel"]
        if not chapels:
            raise ValueError(f"seat {seat} has no Chapel to tuck cards under")
        d["piles"]["tucked"][chapels[0]] = [take_any() for _ in range(n)]
    top = [take(c) for c in (supply_top or [])]

    # 3. the draw pile: everything left, in the seeded order, with supply_top on top (end of the list)
    d["zones"]["supply"] = [[c for c in pool if c not in taken] + list(reversed(top))]
    if price_tiles is not None:
        tiles = d["zones"]["price_tiles"][0]
        if sorted(tiles) != sorted(f"{t}#1" if "#" not in t else t for t in price_tiles):
            raise ValueError(f"price_tiles must name every tile once: {sorted(tiles)}")
        d["zones"]["price_tiles"] = [[f"{t}#1" if "#" not in t else t for t in reversed(price_tiles)]]

    # 4. the flow: the Governor's role choice (or the round start), nothing fresh, nothing counted
    d["start_player"] = start_player
    d["fresh"] = []
    d["history"] = []
    d["moves_round"] = 0
    d["counters"] = {k: [0] * len(v) for k, v in d["counters"].items()}
    if round_start:
        d["round"] = 0
        d["flow"] = [f for f in d["flow"] if f["node"] in ("setup", "round/loop")]
        d["pending"] = None
    else:
        roles_frame = d["flow"][-1]
        assert roles_frame["node"] == "round/roles"
        roles_frame["data"] = role_order(players, start_player)
        d["pending"] = {"node": "round/roles", "player": roles_frame["data"][0]}
    return rules.game_from_json(d, check_history=False)


# ---------------------------------------------------------------------- small helpers for the tests
def act(game, kind, **args):
    """Applies ``{"kind": kind, "args": args}``. When that exact action is not legal, applies the one legal
    action of that kind whose args include ``args`` (e.g. ``build_over`` of a building that also shows its
    ``piles``), so a test names only what matters; the unmatched exact form raises IllegalAction."""
    matches = [a for a in game.legal_actions()
               if a.kind == kind and all(a.args.get(k) == v for k, v in args.items())]
    exact = [a for a in matches if a.args == args]
    if exact or len(matches) != 1:
        game.apply({"kind": kind, "args": args})
    else:
        game.apply(matches[0])


def cover(game, building, **args):
    """Builds over ``building`` with the Crane. When it is the only building that can be covered and building
    without covering is not offered (the full price cannot be paid), the engine takes that single answer itself
    and there is nothing to apply."""
    if game.prompt == "build_over":
        act(game, "build_over", covered=building, **args)
    else:
        assert game.prompt != "build", "the build was not made"


def sell(game, building):
    """Sells the good on the acting seat's building of that type."""
    game.apply({"kind": "sell", "args": {"building": building, "piles": {"goods": 1}}})


def decline(game, decision=None):
    """Declines the pending optional decision (``pass``)."""
    game.apply({"kind": "pass", "args": {"decision": decision or game.prompt}})


def hand(game, seat) -> list[str]:
    """The card ids (no copy numbers) in a seat's hand, sorted."""
    return sorted(_type_of(c) for c in game.to_json()["zones"]["hand"][seat])


def city(game, seat) -> list[str]:
    """The card ids of a seat's top-level buildings, sorted."""
    return sorted(_type_of(c) for c in game.to_json()["zones"]["city"][seat])


def zone(game, zone_id, seat=0) -> list[str]:
    """The instance names in a zone (a shared zone: seat 0), in order (the top of a pile is the end)."""
    return list(game.to_json()["zones"][zone_id][seat])


def pile(game, pile_id, host_type, seat) -> list[str]:
    """The instance names in a pile on the seat's (top-level) building of type ``host_type``."""
    d = game.to_json()
    hosts = [c for c in d["zones"]["city"][seat] if _type_of(c) == host_type]
    assert hosts, f"seat {seat} has no {host_type}"
    return list(d["piles"][pile_id].get(hosts[0], []))


def goods_count(game, seat) -> int:
    d = game.to_json()
    return sum(len(d["piles"]["goods"].get(c, [])) for c in d["zones"]["city"][seat])


def actions(game) -> list[dict]:
    """The legal actions as JSON dicts."""
    return [a.to_json() for a in game.legal_actions()]


def options_of(game, kind, arg) -> set:
    """The values of ``args[arg]`` over the legal actions of that kind, e.g. the buildable cards."""
    return {a["args"][arg] for a in actions(game) if a["kind"] == kind}
