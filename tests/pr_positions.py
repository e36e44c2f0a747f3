"""Test positions for Puerto Rico: a new game whose state is rewritten through the JSON state format.

``pr_position(3, islands={0: [("quarry", 1)]}, cities={0: [("university", 1)]}, money={0: 10})`` gives a game in
round 1 at the role choice of ``governor``, with exactly the requested tiles, buildings, goods, money and colonists.
Everything a position puts somewhere is taken from where the rules keep it (colonists from the supply, doubloons
from the bank, barrels from the goods supply, tiles from the stacks, buildings from the supply), so the counts the
rules conserve stay right unless a test overrides a supply on purpose (``colonist_supply=``, ``colonist_ship=``,
``barrels_left=``, ``stack=``), which it then says.
"""
from __future__ import annotations

import copy

import boardrules

RULES = boardrules.load("puerto_rico")
MODEL = RULES.model
NAMES = MODEL.instance_names
INDEX = {name: i for i, name in enumerate(NAMES)}
ROLE = {r.id: r.index for r in MODEL.roles}

CROPS = ("corn", "indigo", "sugar", "tobacco", "coffee")
PRICES = {"corn": 0, "indigo": 1, "sugar": 2, "tobacco": 3, "coffee": 4}     # seed 001: 玉米值0元 ... 咖啡值4元
SHIP_SIZES = {"ship_4": 4, "ship_5": 5, "ship_6": 6, "ship_7": 7, "ship_8": 8}
#: the printed totals (seed 001 and REFERENCE 4.1-4.2) of the pieces in play, by player count
COLONISTS = {2: 40 + 2, 3: 55 + 3, 4: 75 + 4, 5: 95 + 5}
VP_CHIPS = {2: 65, 3: 75, 4: 100, 5: 122}
DOUBLOONS = 54


def type_of(name: str) -> str:
    return name.split("#", 1)[0]


def attr(name: str, key: str):
    return MODEL.instance_types[INDEX[name]].attrs.get(key)


def role_order(players: int, governor: int) -> list[int]:
    """The seats that choose a role in round 1, in order: every seat from the Governor, or in the 2-player variant
    Governor, other, Governor, other, Governor, other (REFERENCE 4.2)."""
    offsets = [0, 1, 0, 1, 0, 1] if players == 2 else list(range(players))
    return [(governor + k) % players for k in offsets]


def start_tile(players: int, rank: int) -> str:
    """The starting plantation of the seat ``rank`` places after the Governor (seed 001 布局 3; 2 players: the
    Governor indigo, the other corn)."""
    indigo = {2: 1, 3: 2, 4: 2, 5: 3}[players]
    return "indigo_plantation" if rank < indigo else "corn_plantation"


def _entries(items):
    """``["quarry", ("coffee_roaster", 2)]`` -> ``[("quarry", 0), ("coffee_roaster", 2)]``."""
    return [(x, 0) if isinstance(x, str) else (x[0], x[1]) for x in items]


def pr_position(players=3, *, governor=0, islands=None, cities=None, goods=None, money=None, san_juan=None,
                row=None, cargo=None, house=None, coins=None, vp=None, colonist_supply=None, colonist_ship=None,
                barrels_left=None, stack=None, quarries_left=None, seed=0, options=None):
    """A game in round 1, seat ``governor`` to choose the first role.

    islands:  {seat: [tile or (tile, colonists)]}  the seat's whole island (default: the rulebook's starting
              plantation for its seat, without a colonist, as at set-up).
    cities:   {seat: [building or (building, colonists)]}
    goods:    {seat: {good: n}}   barrels taken from the goods supply.
    money:    {seat: n}           doubloons (the difference goes to or comes from the bank).
    san_juan: {seat: n}           colonists waiting in San Juan (from the supply).
    row:      [plantation ...]    the face-up plantations (the dealt ones go back under the stack).
    cargo:    {ship id: (good, n)}  barrels on a cargo ship (``ship_4`` ... ``ship_8``, those in this game).
    house:    [good ...]          barrels in the trading house.
    coins:    {role: n}           doubloons lying on a role (from the bank).
    vp:       {seat: n}           shipping points already scored (from the chips).
    colonist_supply, colonist_ship: set the supply or the ship to exactly this many (not conserved).
    barrels_left: {good: n}       leave only n barrels of that good in the supply (the rest go to the box).
    stack:    n                   leave only n face-down plantations (the rest go to the box).
    quarries_left: n              leave only n quarries (the rest go to the box).
    """
    game = RULES.new_game(players, seed=seed, options=options)
    d = copy.deepcopy(game.to_json())
    assert d["pending"]["node"] == d["flow"][-1]["node"], d["pending"]
    zones, counters = d["zones"], d["counters"]

    def shared(zone):
        return zones[zone][0]

    def take(zone, card_type, where=None):
        source = shared(zone) if where is None else where
        name = next((c for c in source if type_of(c) == card_type), None)
        if name is None:
            raise ValueError(f"no free {card_type!r} in {zone}")
        source.remove(name)
        return name

    def place_colonists(name, n):
        counters["colonists"][INDEX[name]] = n
        counters["colonist_supply"][0] -= n

    islands_asked = islands
    # every island back to its stack: the starting tiles are dealt again below, by the Governor's seat
    for seat in range(players):
        for name in zones["island"][seat]:
            (shared("quarry_stack") if type_of(name) == "quarry" else shared("plantation_stack")).append(name)
        zones["island"][seat] = []
    islands = dict(islands or {})
    for rank in range(players):       # the starting tiles after the islands a test asks for
        seat = (governor + rank) % players
        if seat not in islands:
            islands[seat] = [start_tile(players, rank)]
    islands = {seat: islands[seat] for seat in sorted(islands, key=lambda s: s not in (islands_asked or {}))}
    if row is not None:
        shared("plantation_stack")[:0] = shared("plantation_row")     # under the stack, keeping the seed's top
        zones["plantation_row"] = [[take("plantation_stack", t) for t in row]]
    for seat, tiles in islands.items():
        for tile, n in _entries(tiles):
            if tile == "quarry":
                name = take("quarry_stack", tile)
            elif any(type_of(c) == tile for c in shared("plantation_stack")):
                name = take("plantation_stack", tile)
            else:       # the face-up row is one short then (a test that cares gives ``row``)
                name = take("plantation_row", tile)
            zones["island"][seat].append(name)
            place_colonists(name, n)
    for seat, buildings in sorted((cities or {}).items()):
        for building, n in _entries(buildings):
            name = take("building_supply", building)
            zones["city"][seat].append(name)
            place_colonists(name, n)
    for seat, held in sorted((goods or {}).items()):
        for good, n in held.items():
            zones["goods"][seat] += [take("barrel_supply", good) for _ in range(n)]
    for ship_type, (good, n) in sorted((cargo or {}).items()):
        ship = next((c for c in shared("cargo_ships") if type_of(c) == ship_type), None)
        if ship is None:
            raise ValueError(f"no {ship_type} in a {players}-player game")
        d["piles"]["cargo"][ship] = [take("barrel_supply", good) for _ in range(n)]
    for good in house or ():
        shared("trading_house").append(take("barrel_supply", good))
    for seat, n in sorted((money or {}).items()):
        counters["bank"][0] += counters["doubloons"][seat] - n
        counters["doubloons"][seat] = n
    for role, n in sorted((coins or {}).items()):
        counters["coins"][ROLE[role]] = n
        counters["bank"][0] -= n
    for seat, n in sorted((san_juan or {}).items()):
        counters["san_juan"][seat] = n
        counters["colonist_supply"][0] -= n
    for seat, n in sorted((vp or {}).items()):
        chips = min(n, counters["vp_chips"][0])
        counters["vp_chips"][0] -= chips
        counters["vp_owed"][0] += n - chips
        counters["vp"][seat] = n
    for good, n in sorted((barrels_left or {}).items()):
        left = [c for c in shared("barrel_supply") if type_of(c) == good]
        for name in left[n:]:
            shared("barrel_supply").remove(name)
            shared("box").append(name)
    if stack is not None:
        shared("box").extend(shared("plantation_stack")[:-stack or None] if stack else shared("plantation_stack"))
        zones["plantation_stack"] = [shared("plantation_stack")[-stack:] if stack else []]
    if quarries_left is not None:
        shared("box").extend(shared("quarry_stack")[quarries_left:])
        zones["quarry_stack"] = [shared("quarry_stack")[:quarries_left]]
    if colonist_supply is not None:
        counters["colonist_supply"][0] = colonist_supply
    if colonist_ship is not None:
        counters["colonist_ship"][0] = colonist_ship
    if min(counters["bank"][0], counters["colonist_supply"][0]) < 0:
        raise ValueError("the position takes more doubloons or colonists than the game has")

    # the flow: the Governor's first role choice, nothing chosen yet
    d["start_player"] = governor
    d["history"] = []
    roles_frame = d["flow"][-1]
    roles_frame["data"] = role_order(players, governor)
    d["pending"] = {"node": roles_frame["node"], "player": governor}
    return RULES.game_from_json(d, check_history=False)


# ---------------------------------------------------------------------- reading a game
def state(game):
    return game.to_json()


def counter(game, name, seat=0):
    """A player's counter (``doubloons``, ``vp``, ``san_juan``), or a shared one with seat 0."""
    return game.to_json()["counters"][name][seat]


def money(game, seat):
    return counter(game, "doubloons", seat)


def points(game, seat):
    return counter(game, "vp", seat)


def zone(game, zone_id, seat=0) -> list[str]:
    """The card ids (no copy numbers) in a zone, sorted; shared zones with seat 0."""
    return sorted(type_of(c) for c in game.to_json()["zones"][zone_id][seat])


def goods_of(game, seat) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in game.to_json()["zones"]["goods"][seat]:
        out[type_of(c)] = out.get(type_of(c), 0) + 1
    return out


def colonists_on(game, seat, card_type, zone_id=None) -> list[int]:
    """The colonists on each of the seat's tiles or buildings of that type, in the order they were placed."""
    d = game.to_json()
    zones = [zone_id] if zone_id else ["island", "city"]
    return [d["counters"]["colonists"][INDEX[c]] for z in zones for c in d["zones"][z][seat] if type_of(c) == card_type]


def cargo(game) -> dict[str, tuple[str, int]]:
    """Each cargo ship's load: ``{"ship_5": ("corn", 3)}`` (empty ships are left out)."""
    out = {}
    for ship, held in game.to_json()["piles"]["cargo"].items():
        if held:
            kinds = {type_of(c) for c in held}
            assert len(kinds) == 1, f"{ship} carries {sorted(kinds)}"
            out[type_of(ship)] = (kinds.pop(), len(held))
    return out


def offered(game, kind, arg) -> list:
    """The values of ``args[arg]`` over the legal actions of that kind, sorted."""
    return sorted(a.args[arg] for a in game.legal_actions() if a.kind == kind)


def kinds(game) -> set[str]:
    return {a.kind for a in game.legal_actions()}


def act(game, kind, /, **args):
    """Applies the one legal action of that kind whose args include ``args`` (a test names only what matters,
    e.g. a ship without its cargo count); the exact form is applied when it is legal, or when several or no
    actions match (then ``IllegalAction`` says so)."""
    matches = [a for a in game.legal_actions()
               if a.kind == kind and all(a.args.get(k) == v for k, v in args.items())]
    exact = [a for a in matches if a.args == args]
    if exact or len(matches) != 1:
        game.apply({"kind": kind, "args": args})
    else:
        game.apply(matches[0])


def mayor(game, take=True):
    """The Mayor chosen, and his privilege colonist taken (or, ``take=False``, left in the supply) when the supply
    has one: the privilege is a "may" (seed 001 可以; rules choice ``mayor_may``)."""
    act(game, "choose_role", role="mayor")
    if "take_colonist" in kinds(game):
        if take:
            act(game, "take_colonist", extra_colonist="take")
        else:
            decline(game)
    return game


def ship(game, seat, good, on=None):
    """``seat`` ships ``good`` (on the ship ``on``: ``ship_5``, or ``wharf`` for his own ship), making the two
    decisions the engine asks; a decision with a single answer is taken by the engine itself, so the test checks
    the result (the cargo, the points)."""
    if game.prompt == "ship":
        assert game.current_player == seat, (game.current_player, seat)
        act(game, "ship", kind=good)
    if game.prompt == "load_ship" and game.current_player == seat:
        assert on is not None, f"several ships take it: {offered(game, 'load_ship', 'ship')}"
        act(game, "load_ship", ship=on)


def decline(game):
    """Declines the pending optional decision."""
    passes = [a for a in game.legal_actions() if a.kind == "pass"]
    assert len(passes) == 1, f"nothing to decline: {game.legal_actions()}"
    game.apply(passes[0])


def finish_phase(game):
    """Declines every optional decision until the current role's phase is over (a role choice is pending or the
    game is over). A mandatory decision with several answers is an error here: the test must make it itself."""
    while not game.is_over and game.prompt != "choose_role":
        acts = game.legal_actions()
        passes = [a for a in acts if a.kind == "pass"]
        assert passes or len(acts) == 1, f"a mandatory decision for the test to make: {acts}"
        game.apply(passes[0] if passes else acts[0])


# ---------------------------------------------------------------------- what the rules conserve
def in_play(game, d=None) -> list[str]:
    """Every card instance outside the box (``d``: the game's JSON state, when the caller has it)."""
    d = game.to_json() if d is None else d
    box = set(d["zones"]["box"][0])
    names = [c for owners in d["zones"].values() for cards in owners for c in cards]
    names += [c for pile in d["piles"].values() for cards in pile.values() for c in cards]
    return [c for c in names if c not in box]


def assert_conserved(game, colonists=None, chips=None, barrels=None, tiles=None, d=None):
    """The printed totals hold: colonists (supply + ship + San Juan + on tiles and buildings), doubloons (players +
    roles + bank - what the bank paid after it ran dry = 54), shipping points (chips taken + points owed), every
    card in exactly one place, barrels, plantations and quarries in play, and no counter below zero (``d``: the
    game's JSON state, when the caller has it; ``tiles=False`` when a test took plantations out of the game)."""
    d = game.to_json() if d is None else d
    players = d["players"]
    c = {k: sum(v) for k, v in d["counters"].items()}
    assert all(v >= 0 for row in d["counters"].values() for v in row), "a counter below zero"
    assert c["colonist_supply"] + c["colonist_ship"] + c["san_juan"] + c["colonists"] == \
        (COLONISTS[players] if colonists is None else colonists), "colonists"
    assert c["doubloons"] + c["coins"] + c["bank"] - c["bank_owed"] == DOUBLOONS, "doubloons"
    assert c["vp"] == (VP_CHIPS[players] if chips is None else chips) - c["vp_chips"] + c["vp_owed"], "VP chips"
    names = [x for owners in d["zones"].values() for cards in owners for x in cards]
    names += [x for pile in d["piles"].values() for cards in pile.values() for x in cards]
    assert len(names) == len(set(names)) == len(NAMES), "a card lost or in two places"
    played = in_play(game, d)
    count = {}
    for n in played:
        t = MODEL.instance_types[INDEX[n]]
        for tag in ("barrel", "crop", "quarry", "building"):
            if tag in t.tags:
                count[tag] = count.get(tag, 0) + 1
    two = players == 2
    assert count.get("barrel", 0) == ((40 if two else 50) if barrels is None else barrels), "barrels"
    if tiles is None:
        assert count.get("crop", 0) == (35 if two else 50), "plantations"
        assert count.get("quarry", 0) == (5 if two else 8), "quarries"
    assert count.get("building", 0) == (29 if two else 49), "buildings"
    # where they may be: barrels in the supply, with players, in the house or on a ship; no piece anywhere else
    barrel_places = {"barrel_supply", "goods", "produced", "kept_goods", "trading_house"}
    for zid, owners in d["zones"].items():
        if zid == "box":
            continue
        for cards in owners:
            for x in cards:
                t = MODEL.instance_types[INDEX[x]]
                if "barrel" in t.tags:
                    assert zid in barrel_places, f"{x} in {zid}"
                elif "quarry" in t.tags:
                    assert zid in ("quarry_stack", "island"), f"{x} in {zid}"
                elif "crop" in t.tags:
                    assert zid in ("plantation_stack", "plantation_row", "plantation_discard", "island"), \
                        f"{x} in {zid}"
                elif "building" in t.tags:
                    assert zid in ("building_supply", "city"), f"{x} in {zid}"
