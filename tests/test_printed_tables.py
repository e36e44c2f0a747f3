"""Every printed number of every packaged edition, checked through play (legal actions, cards, scores), against
literal tables copied from the rulebooks. The expected values below are typed in from the sources cited on each
table; nothing on the expected side is read from the content or the engine.

Editions: ``san_juan`` (1st edition, 2-4 players, plus the 5-8 player double-deck variant) and ``san_juan_1897``
with and without the ``new_buildings`` option.
"""
import collections

import pytest

import boardrules
from positions import act, decline, hand, options_of, position

SJ = boardrules.load("san_juan")
SJ97 = boardrules.load("san_juan_1897")
NB = {"new_buildings": True}

# ------------------------------------------------------------------------------------------------ printed tables
# REFERENCE §1.4 (production) and §1.5 (violet), seed 000: id: (copies, cost, VP)
FIRST_EDITION = {
    "indigo_plant": (10, 1, 1), "sugar_mill": (8, 2, 1), "tobacco_storage": (8, 3, 2), "coffee_roaster": (8, 4, 2),
    "silver_smelter": (8, 5, 3),
    "smithy": (3, 1, 1), "gold_mine": (3, 1, 1), "archive": (3, 1, 1), "poor_house": (3, 2, 1),
    "black_market": (3, 2, 1), "trading_post": (3, 2, 1), "well": (3, 2, 1), "market_stand": (3, 2, 1),
    "crane": (3, 2, 1), "chapel": (3, 3, 2), "tower": (3, 3, 2), "aqueduct": (3, 3, 2), "carpenter": (3, 3, 2),
    "prefecture": (3, 3, 2), "market_hall": (3, 4, 2), "quarry": (3, 4, 2), "library": (3, 5, 3),
    "statue": (3, 3, 3), "victory_column": (3, 4, 4), "hero": (3, 5, 5),
    "guild_hall": (2, 6, 0), "city_hall": (2, 6, 0), "triumphal_arch": (2, 6, 0), "palace": (2, 6, 0),
}
VIOLET_1897 = {k: v for k, v in FIRST_EDITION.items()
               if k not in ("indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster", "silver_smelter")}
# REFERENCE §3.2, seed 002: copies 10/8/9/9/8 and costs 1-5 (sugar mill 3: rules_choices sugar_mill_cost_1897);
# the VP 1/1/2/2/3 are the content's documented choice (rules_choices production_vp_1897).
PRODUCTION_1897 = {"corn_granary": (10, 1, 1), "fruit_warehouse": (8, 2, 1), "sugar_factory": (9, 3, 2),
                   "tobacco_warehouse": (9, 4, 2), "coffee_roastery": (8, 5, 3)}
EDITION_1897 = {**PRODUCTION_1897, **VIOLET_1897}
# REFERENCE §3.3, seed 002: 9 types x 3 + Residence x 2 = 29, and the single Cathedral. Hut (2, 1 VP),
# School (3, 2 VP) and the 0 VP of the Residence and the Cathedral are the documented choice
# rules_choices new_buildings_unknown_values (REFERENCE §10 item 2).
NEW_BUILDINGS = {
    "guard_room": (3, 1, 1), "office": (3, 1, 1), "hut": (3, 2, 1), "park": (3, 3, 2), "customs_office": (3, 3, 2),
    "harbor": (3, 4, 2), "bank": (3, 4, 2), "goldsmith": (3, 5, 2), "school": (3, 3, 2), "residence": (2, 6, 0),
    "cathedral": (1, 7, 0),
}
EDITION_1897_NB = {**EDITION_1897, **NEW_BUILDINGS}

# REFERENCE §1.2 (prices for indigo, sugar, tobacco, coffee, silver), seed 000; §3.2 for 1897 (corn, fruit, sugar,
# tobacco, coffee by rank, seed 002's Trader examples). Tile ids name the printed sequence (tile_a = 1-1-1-2-2).
TILES = {"tile_a": (1, 1, 1, 2, 2), "tile_b": (1, 1, 2, 2, 2), "tile_c": (1, 1, 2, 2, 3),
         "tile_d": (1, 2, 2, 2, 3), "tile_e": (1, 2, 2, 3, 3)}
GOODS_1ST = ["indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster", "silver_smelter"]
GOODS_1897 = ["corn_granary", "fruit_warehouse", "sugar_factory", "tobacco_warehouse", "coffee_roastery"]

EDITIONS = {"1st": (SJ, {}, FIRST_EDITION, "indigo_plant"),
            "1897": (SJ97, {}, EDITION_1897, "corn_granary"),
            "1897+nb": (SJ97, NB, EDITION_1897_NB, "corn_granary")}
FILLERS = ["statue", "hero", "victory_column", "tower", "crane", "well", "chapel", "smithy"]


def in_play(game):
    """Card type -> instances in the game (the box, the unused second set, left out)."""
    d = game.to_json()
    cards = [c for z, owners in d["zones"].items() if z != "box" for o in owners for c in o]
    cards += [c for p in d["piles"].values() for cs in p.values() for c in cs]
    return collections.Counter(c.split("#")[0] for c in cards)


def fillers(card, n):
    return [f for f in FILLERS if f != card][:n]


def cases(edition):
    rules, options, table, _ = EDITIONS[edition]
    return [(edition, card) for card in table]


ALL_CARDS = cases("1st") + cases("1897") + [c for c in cases("1897+nb") if c[1] in NEW_BUILDINGS]


# ------------------------------------------------------------------------------------------------ copies
@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_copies_of_every_card(edition, players):
    """Every building's number of copies, and no building that the edition does not print."""
    rules, options, table, _ = EDITIONS[edition]
    counts = in_play(rules.new_game(players, seed=players, options=options))
    buildings = {k: n for k, n in counts.items() if not k.startswith("tile_")}
    assert buildings == {k: v[0] for k, v in table.items()}
    # REFERENCE §1.1 110 cards (42 + 68); §3.2 112 (44 + 68); §3.3 + 29 + the Cathedral
    assert sum(buildings.values()) == {"1st": 110, "1897": 112, "1897+nb": 142}[edition]
    assert sorted(k for k in counts if k.startswith("tile_")) == sorted(TILES)


# ------------------------------------------------------------------------------------------------ cost
@pytest.mark.parametrize("edition,card", ALL_CARDS)
def test_printed_cost(edition, card):
    """A player without the Builder's privilege and without discounts can build the card with exactly its cost in
    other hand cards, and cannot with one card fewer (REFERENCE §1.2: pay its cost in hand cards)."""
    rules, options, table, start = EDITIONS[edition]
    cost = table[card][1]
    for n, buildable in ((cost, True), (cost - 1, False)):
        in_hand = fillers(card, n) + ([] if card == "cathedral" else [card])   # the Cathedral is beside the roles
        game = position(rules, 2, hands={1: in_hand}, options=options)
        act(game, "choose_role", role="builder")      # seat 0 (empty hand) chooses; seat 1 builds, no privilege
        while game.current_player == 0 and game.prompt == "build":
            decline(game, "build")
        offered = game.current_player == 1 and game.prompt == "build" and card in options_of(game, "build", "card")
        assert offered == buildable, (card, n)     # (with nothing buildable seat 1 is not even asked)


@pytest.mark.parametrize("edition,card", [c for c in ALL_CARDS if c[1] != "cathedral"])
def test_a_violet_building_once_per_player_production_any_number(edition, card):
    """REFERENCE §1.2: any number of production buildings, each violet building at most once per player."""
    rules, options, table, start = EDITIONS[edition]
    game = position(rules, 2, hands={1: [card] + fillers(card, 6)}, cities={1: [start, card]}, options=options)
    act(game, "choose_role", role="builder")
    while game.current_player == 0 and game.prompt == "build":
        decline(game, "build")
    production = card in GOODS_1ST + GOODS_1897
    offered = game.current_player == 1 and game.prompt == "build" and card in options_of(game, "build", "card")
    assert offered == production


# ------------------------------------------------------------------------------------------------ VP
@pytest.mark.parametrize("edition,card", ALL_CARDS)
def test_printed_vp(edition, card):
    rules, options, table, start = EDITIONS[edition]
    if card == "cathedral":
        game = position(rules, 2, options=options)
        d = game.to_json()
        d["zones"]["city"][0].append(d["zones"]["cathedral_spot"][0].pop())
        game = rules.game_from_json(d, check_history=False)
    else:
        game = position(rules, 2, cities={0: [start, card]}, options=options)
    assert game.scores()[0]["parts"]["buildings"] == 1 + table[card][2]     # the starting building is 1 VP


# ------------------------------------------------------------------------------------------------ trading houses
@pytest.mark.parametrize("edition", ["1st", "1897"])
@pytest.mark.parametrize("tile", sorted(TILES))
def test_trading_house_tile_prices(edition, tile):
    """The Trader flips the top tile and a player selling one good draws what the tile shows for it."""
    rules, _, _, start = EDITIONS[edition]
    goods = GOODS_1ST if edition == "1st" else GOODS_1897
    order = [tile] + [t for t in sorted(TILES) if t != tile]
    drawn = []
    for building in goods:
        city = [start] if building == start else [start, building]
        game = position(rules, 2, cities={0: city}, goods={0: {building: "statue"}}, price_tiles=order)
        act(game, "choose_role", role="trader")
        act(game, "sell", building=building, piles={"goods": 1})
        drawn.append(len(hand(game, 0)))
    assert tuple(drawn) == TILES[tile]


def test_the_flipped_tile_goes_to_the_bottom():
    """REFERENCE §1.2: the Trader flips the top tile (here e, 1-2-2-3-3: silver 3) and after the phase it goes to the
    bottom of the stack. (The full cycle is tests/test_roles.py::test_trading_house_tiles_cycle_in_a_fixed_order.)"""
    game = position(SJ, 2, cities={0: ["indigo_plant", "silver_smelter"]}, goods={0: {"silver_smelter": "statue"}},
                    price_tiles=["tile_e", "tile_a", "tile_b", "tile_c", "tile_d"])
    act(game, "choose_role", role="trader")
    act(game, "sell", building="silver_smelter", piles={"goods": 1})
    assert len(hand(game, 0)) == 3                   # tile e: silver 3
    d = game.to_json()
    assert [c.split("#")[0] for c in d["zones"]["price_tiles"][0]][0] == "tile_e"   # now at the bottom


# ------------------------------------------------------------------------------------------------ set-up
@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_per_player_count(edition, players):
    """REFERENCE §1.1 / §3.2: each player starts with the starting production building in play and 4 hand cards;
    the rest is the face-down draw pile; 5 roles; 2 players use 3 roles a round (§1.3)."""
    rules, options, table, start = EDITIONS[edition]
    total = {"1st": 110, "1897": 112, "1897+nb": 141}[edition]      # the Cathedral lies beside the roles
    game = rules.new_game(players, seed=5, options=options)
    d = game.to_json()
    assert [[c.split("#")[0] for c in owned] for owned in d["zones"]["city"]] == [[start]] * players
    assert [len(h) for h in d["zones"]["hand"]] == [4] * players
    assert len(d["zones"]["supply"][0]) == total - 5 * players
    assert {a.args["role"] for a in game.legal_actions()} == {"builder", "producer", "trader", "councillor",
                                                               "prospector"}
    if edition.startswith("1897"):
        with pytest.raises(ValueError):
            rules.new_game(5, seed=1, options=options)       # seed 002: 2-4 players


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_two_players_governor_opponent_governor(edition):
    """REFERENCE §1.3: 2 players: Governor, opponent, Governor; then the Governor card passes."""
    rules, options, _, _ = EDITIONS[edition]
    game = position(rules, 2, options=options)
    seats = []
    for role in ("prospector", "councillor", "trader"):
        seats.append(game.current_player)
        act(game, "choose_role", role=role)
        while game.prompt not in ("choose_role", None) and game.round == 1:
            game.apply(game.legal_actions()[0])
    assert seats == [0, 1, 0]
    assert game.round == 2 and game.current_player == 1
