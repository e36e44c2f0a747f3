"""Puerto Rico's expansions from the rules' words (REFERENCE 5 and 6, and the rules choices recorded in
content/puerto_rico/game.yaml): Expansion I, the New Buildings (option new_buildings), and Expansion II, the
Nobles (option nobles). Positions use new_buildings=all (every building for sale, no draft to make first)."""
import os
import random

import pytest

from pr_positions import (COLONISTS, INDEX, RULES, act, counter, decline, finish_phase, goods_of, mayor, money, offered,
                          points, pr_position, type_of, zone)

ALL = {"new_buildings": "all"}
BOTH = {"new_buildings": "all", "nobles": True}
NOBLES = {"nobles": True}       # two of each noble building
CROPS = ["sugar_plantation", "coffee_plantation", "tobacco_plantation", "corn_plantation"]


def position(players=3, options=ALL, nobles=None, **kw):
    """A position (see pr_position); ``nobles``: {(seat, card type): n} makes n of the colonists on that card of
    the seat's island or city nobles (taken from the noble supply; the colonists go back to the supply)."""
    game = pr_position(players, options=options, **kw)
    if not nobles:
        return game
    d = game.to_json()
    for (seat, card_type), n in nobles.items():
        name = next(c for z in ("island", "city") for c in d["zones"][z][seat] if type_of(c) == card_type)
        assert d["counters"]["colonists"][INDEX[name]] >= n
        d["counters"]["nobles"][INDEX[name]] = n
        d["counters"]["noble_supply"][0] -= n
        d["counters"]["colonist_supply"][0] += n
    return RULES.game_from_json(d, check_history=False)


def role(game, name):
    if name == "mayor":
        return mayor(game)
    act(game, "choose_role", role=name)
    return game


def nobles_of(game, seat):
    d = game.to_json()
    on = sum(d["counters"]["nobles"][INDEX[c]] for z in ("island", "city") for c in d["zones"][z][seat])
    return on + d["counters"]["san_juan_nobles"][seat]


def on_card(game, seat, card_type, counter_id="colonists"):
    d = game.to_json()
    return [d["counters"][counter_id][INDEX[c]] for z in ("island", "city") for c in d["zones"][z][seat]
            if type_of(c) == card_type]


# ---------------------------------------------------------------------- Expansion I: the New Buildings
@pytest.mark.parametrize("plant,indigo", [("large_indigo_plant", 2), ("small_indigo_plant", 1)])
def test_the_aqueduct_adds_one_barrel_only_for_an_occupied_large_plant_that_produced(plant, indigo):
    """Aqueduct: +1 indigo if the owner produced indigo in his Large Indigo Plant; a small plant does not count."""
    game = role(position(islands={0: [("indigo_plantation", 1)]}, cities={0: [("aqueduct", 1), (plant, 1)]}),
                "craftsman")
    finish_phase(game)
    assert goods_of(game, 0) == {"indigo": indigo}


def test_a_taken_plantation_may_become_a_forest_that_holds_no_colonist():
    """Forest House: instead of placing the plantation face up, place it face down as a forest (never occupied)."""
    game = role(position(islands={0: ["corn_plantation"]}, row=CROPS, cities={0: [("forest_house", 1)]}), "settler")
    act(game, "settle", tile="sugar_plantation")
    act(game, "forest")
    assert zone(game, "island", 0) == ["corn_plantation", "forest"]
    assert "sugar_plantation" not in zone(game, "plantation_discard") + zone(game, "plantation_row")
    d = game.to_json()
    forest = next(c for c in d["zones"]["island"][0] if type_of(c) == "forest")
    assert RULES.model.instance_types[INDEX[forest]].attrs["circles"] == 0


def test_a_hospice_colonist_on_a_plantation_turned_forest_goes_to_san_juan():
    """REFERENCE 5.2: Forest House + Hospice: the Hospice colonist goes to San Juan."""
    game = role(position(row=CROPS, cities={0: [("forest_house", 1), ("hospice", 1)]}), "settler")
    act(game, "settle", tile="coffee_plantation")
    act(game, "forest")
    assert counter(game, "san_juan", 0) == 1
    assert on_card(game, 0, "forest") == [0]


def test_only_a_crop_plantation_can_become_a_forest():
    game = role(position(row=CROPS, cities={0: [("forest_house", 1), ("construction_hut", 1)]}), "settler")
    act(game, "settle", tile="quarry")
    assert game.prompt != "forest"


@pytest.mark.parametrize("forests,quarries,price", [(2, 0, 9), (4, 0, 8), (5, 0, 8), (4, 4, 4)])
def test_every_two_forests_lower_any_price_by_one_beside_the_quarries_without_a_column_cap(forests, quarries, price):
    """Each 2 forests = -1 doubloon on any building, not capped by column; it adds to the quarry discount. The
    Guild Hall (10, column 4): 4 forests and 4 quarries make it 10 - 2 - 4 = 4 for a seat that is not the Builder."""
    island = [("quarry", 1)] * quarries
    game = position(islands={1: island}, cities={1: [("forest_house", 1)]}, money={1: price})
    d = game.to_json()
    for _ in range(forests):     # forests straight from their supply, as the Forest House would put them
        d["zones"]["island"][1].append(d["zones"]["forest_supply"][0].pop())
    game = role(RULES.game_from_json(d, check_history=False), "builder")
    decline(game)
    assert "guild_hall" in offered(game, "build", "building")
    game2 = RULES.game_from_json(check_history=False, data=dict(d, counters={**d["counters"], "doubloons": [d["counters"]["doubloons"][0],
                                                                               price - 1, d["counters"]["doubloons"][2]],
                                                   "bank": [d["counters"]["bank"][0] + 1]}))
    role(game2, "builder")
    decline(game2)
    assert "guild_hall" not in offered(game2, "build", "building")


def test_the_black_market_sells_a_colonist_a_good_and_a_point_for_a_doubloon_each():
    """Black Market: return up to 1 colonist (not the one on the Black Market), 1 good and 1 VP chip, each paying 1
    doubloon of the building (so at most 3)."""
    game = role(position(islands={0: [("corn_plantation", 1)]}, cities={0: [("black_market", 1)]},
                         goods={0: {"corn": 1}}, vp={0: 2}, money={0: 2}), "builder")
    assert offered(game, "black_market_colonist", "spot") == ["corn_plantation"]    # never its own colonist
    act(game, "black_market_colonist", spot="corn_plantation")
    act(game, "black_market_good", given="corn")
    act(game, "black_market_point")
    # 2 doubloons + 3 from the Black Market + 1 from the privilege: a 6-doubloon building, but no more
    assert "large_warehouse" in offered(game, "build", "building")
    assert "factory" not in offered(game, "build", "building")
    act(game, "build", building="large_warehouse")
    assert money(game, 0) == 0 and points(game, 0) == 1 and goods_of(game, 0) == {}
    assert on_card(game, 0, "corn_plantation") == [0]


def test_the_storehouse_keeps_three_more_barrels_of_any_kinds():
    """Storehouse: at the end of the Captain phase, keep 3 more barrels of any kinds besides the usual one."""
    game = position(cities={0: [("storehouse", 1)]}, goods={0: {"corn": 2, "indigo": 2, "sugar": 1}})
    d = game.to_json()
    d["zones"]["box"][0] += d["zones"]["cargo_ships"][0]       # no ship to load: everything is kept or lost
    d["zones"]["cargo_ships"][0] = []
    game = role(RULES.game_from_json(d, check_history=False), "captain")
    kept = 0
    while game.prompt in ("keep", "keep_more") and game.current_player == 0:
        act(game, game.prompt, kept=sorted(goods_of(game, 0))[0])
        kept += 1
    assert kept == 4 and sum(goods_of(game, 0).values()) == 4


def test_a_guest_moves_at_the_start_of_his_owners_turn_and_works_at_once():
    """Guesthouse: colonists placed there may move to an empty circle of a building or plantation and activate it
    at once (rules choice guesthouse_any_time: at the start of each of your turns)."""
    game = role(position(islands={0: ["indigo_plantation"]}, cities={0: [("guesthouse", 2)]}), "craftsman")
    assert game.prompt == "move_guest" and game.current_player == 0
    act(game, "move_guest", spot="indigo_plantation")      # the other guest has no empty circle to go to
    finish_phase(game)
    assert on_card(game, 0, "guesthouse") == [1] and on_card(game, 0, "indigo_plantation") == [1]
    assert goods_of(game, 0) == {}      # indigo needs a building: the plantation alone produces nothing
    assert money(game, 0) >= 0


def test_the_trading_post_takes_any_kind_at_its_price_plus_the_privilege_but_no_market():
    """Trading Post: instead of the trading house, sell 1 good of any kind, even one the house holds or when it is
    full, at the normal price; the markets add nothing, the Trader's +1 does."""
    game = role(position(cities={0: [("trading_post", 1), ("large_market", 1)]}, goods={0: {"coffee": 1}},
                         house=["coffee", "corn", "sugar", "indigo"], money={0: 0}), "trader")
    act(game, "sell_privately", barrel="coffee")
    assert money(game, 0) == 4 + 1
    assert goods_of(game, 0) == {}
    assert game.current_player != 0 or game.prompt == "choose_role"    # instead of a house sale: his turn is over


@pytest.mark.parametrize("building,points_won", [("small_market", 0), ("office", 1), ("university", 1),
                                                 ("guild_hall", 2)])
def test_the_church_scores_by_the_column_of_what_its_owner_builds(building, points_won):
    """Church: after the owner builds, +1 VP for a building of column 2 or 3, +2 for a large one, none for column 1."""
    game = role(position(cities={0: [("church", 1)]}, money={0: 10}), "builder")
    act(game, "build", building=building)
    assert points(game, 0) == points_won


def test_the_small_wharf_ships_any_mix_for_a_point_every_two_once_per_phase():
    """Small Wharf: once per phase, ship any number of barrels of any kinds; 1 VP per 2 barrels (the Captain's
    first-shipment point counts, rules choice small_wharf_shipment)."""
    game = position(cities={0: [("small_wharf", 1)]}, goods={0: {"corn": 2, "indigo": 1, "sugar": 2}})
    d = game.to_json()
    d["zones"]["box"][0] += d["zones"]["cargo_ships"][0]
    d["zones"]["cargo_ships"][0] = []
    game = role(RULES.game_from_json(d, check_history=False), "captain")
    act(game, "use_small_wharf")
    for good in ("corn", "corn", "indigo", "sugar", "sugar"):
        act(game, "small_wharf_load", barrel=good)
    assert points(game, 0) == 5 // 2 + 1
    assert goods_of(game, 0) == {}
    assert game.prompt != "use_small_wharf"


def test_the_lighthouse_pays_a_doubloon_a_shipment_and_its_captain_one_more():
    game = position(cities={0: [("lighthouse", 1)]}, goods={0: {"corn": 2}}, money={0: 0})
    game = role(game, "captain")
    if game.prompt == "ship":
        act(game, "ship", kind="corn")
    if game.prompt == "load_ship":
        act(game, "load_ship", ship=offered(game, "load_ship", "ship")[0])
    assert money(game, 0) == 2


def test_the_library_doubles_the_captains_point_and_gives_the_settler_a_second_tile_after_everyone():
    """Library: the owner's privilege doubled: Captain +2 VP, Settler one more tile (after the others)."""
    game = role(position(cities={0: [("library", 1)]}, row=CROPS), "settler")
    act(game, "settle", tile="coffee_plantation")
    act(game, "settle", tile="sugar_plantation")      # seat 1
    act(game, "settle", tile="corn_plantation")       # seat 2
    assert game.current_player == 0 and game.prompt == "settle"
    act(game, "settle", tile="quarry")                # the second tile, a quarry (his privilege) if he likes
    assert zone(game, "island", 0) == sorted(["indigo_plantation", "coffee_plantation", "quarry"])


def test_the_library_doubles_the_builders_discount():
    game = role(position(cities={0: [("library", 1)]}, money={0: 2}), "builder")
    assert "hospice" in offered(game, "build", "building")         # 4 - 2
    assert "office" not in offered(game, "build", "building")      # 5 - 2 > 2


def test_the_specialty_factory_pays_one_less_than_the_most_of_one_kind_but_corn():
    game = role(position(islands={0: [("sugar_plantation", 1)] * 3 + [("corn_plantation", 1)] * 4},
                         cities={0: [("specialty_factory", 1), ("large_sugar_mill", 3)]}, money={0: 0}), "craftsman")
    finish_phase(game)
    assert goods_of(game, 0) == {"sugar": 3, "corn": 4}
    assert money(game, 0) == 3 - 1


def test_the_union_hall_scores_a_point_per_pair_before_any_shipping():
    game = position(cities={0: [("union_hall", 1)]}, goods={0: {"corn": 3, "indigo": 2, "sugar": 1}})
    game = role(game, "captain")
    assert points(game, 0) == 1 + 1


@pytest.mark.parametrize("tiles,expected", [
    ([("corn_plantation", 3)], 1),
    ([("corn_plantation", 6)], 3),
    ([("corn_plantation", 3), ("quarry", 3), ("sugar_plantation", 3)], 6),
    ([("corn_plantation", 2), ("sugar_plantation", 2)], 0)])
def test_the_cloister_scores_sets_of_three_identical_tiles(tiles, expected):
    """Cloister: 1/2/3/4 sets of 3 identical tiles score 1/3/6/10 (rules choice cloister_sets)."""
    island = [(t, 1) for t, n in tiles for _ in range(n)]
    game = position(islands={0: island}, cities={0: [("cloister", 1)]})
    assert game.scores()[0]["parts"]["cloister"] == expected


def test_the_statue_has_no_circle_and_its_points_always_count():
    game = position(cities={0: ["statue"]})
    d = game.to_json()
    statue = next(c for c in d["zones"]["city"][0] if type_of(c) == "statue")
    assert RULES.model.instance_types[INDEX[statue]].attrs["circles"] == 0
    assert RULES.model.instance_types[INDEX[statue]].attrs["vp"] == 8


# ---------------------------------------------------------------------- the draft
def draft_game(players=3, seed=1, **options):
    return RULES.new_game(players, seed=seed, options={"new_buildings": "draft", **options})


def test_the_draft_goes_from_the_governor_in_turn_and_offers_only_buildings_with_a_space_of_their_price():
    game = draft_game()
    governor = game.to_json()["start_player"]
    assert game.prompt == "choose_building" and game.current_player == governor
    prices = {a.args["pick"]: RULES.model.instance_types[INDEX[a.args["pick"] + "#1"]].attrs["cost"]
              for a in game.legal_actions()}
    assert set(prices.values()) == {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
    act(game, "choose_building", pick="small_market")
    assert game.current_player == (governor + 1) % 3
    assert "aqueduct" not in offered(game, "choose_building", "pick")      # the only 1-space is taken
    assert zone(game, "building_supply").count("small_market") == 2          # both tiles go on the board


def test_the_hacienda_and_the_forest_house_exclude_each_other_in_the_draft():
    game = draft_game()
    act(game, "choose_building", pick="forest_house")
    assert "hacienda" not in offered(game, "choose_building", "pick")
    assert "black_market" in offered(game, "choose_building", "pick")


def test_the_draft_fills_twelve_small_and_five_large_spaces_and_boxes_the_rest():
    for seed in range(5):
        game = draft_game(seed=seed, nobles=bool(seed % 2))
        rng = random.Random(seed)
        picks = 0
        while game.prompt == "choose_building":
            game.apply(rng.choice(game.legal_actions()))
            picks += 1
        assert picks == 17
        supply = zone(game, "building_supply")
        violet = [c for c in set(supply) if "violet" in RULES.model.types[RULES.model.type_index[c]].tags]
        large = [c for c in violet if "large_building" in RULES.model.types[RULES.model.type_index[c]].tags]
        assert len(violet) == 17 and len(large) == 5
        assert not ({"hacienda", "forest_house"} <= set(supply))
        assert all(supply.count(c) == 2 for c in violet if c not in large)
        assert zone(game, "draft_pool") == [] and zone(game, "violet_spaces") == []


def test_the_random_set_up_fills_the_same_spaces_by_price():
    for seed in range(5):
        game = RULES.new_game(4, seed=seed, options={"new_buildings": "random"})
        supply = set(zone(game, "building_supply"))
        tags = {c: RULES.model.types[RULES.model.type_index[c]].tags for c in supply}
        costs = sorted(RULES.model.types[RULES.model.type_index[c]].attrs["cost"] for c in supply
                       if "violet" in tags[c])
        assert costs == [1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 10, 10, 10, 10]
        assert not ({"hacienda", "forest_house"} <= supply)


def test_all_is_one_of_every_violet_building():
    game = RULES.new_game(3, seed=1, options={"new_buildings": "all"})
    supply = zone(game, "building_supply")
    violet = [c for c in supply if "violet" in RULES.model.types[RULES.model.type_index[c]].tags]
    assert len(violet) == len(set(violet)) == 12 + 5 + 14


# ---------------------------------------------------------------------- Expansion II: the Nobles
def test_a_noble_takes_a_colonists_place_on_the_ship_at_set_up():
    for players in (3, 4, 5):
        game = RULES.new_game(players, seed=2, options={"nobles": True})
        assert counter(game, "colonist_ship") == players and counter(game, "ship_nobles") == 1
        assert counter(game, "noble_supply") == 19
        assert counter(game, "colonist_supply") + counter(game, "colonist_ship") - 1 == COLONISTS[players]


def test_the_nobles_leave_the_ship_first_to_the_mayor_and_are_placed_first():
    """Rules choice nobles_arrive: on the ship the nobles leave first (to the Mayor), and are placed first."""
    game = RULES.new_game(3, seed=2, options={"nobles": True})
    mayor = game.current_player
    role(game, "mayor")
    finish_phase(game)          # one piece each, each placed on its owner's only plantation
    assert [nobles_of(game, s) for s in range(3)] == [1 if s == mayor else 0 for s in range(3)]
    assert counter(game, "ship_nobles") == 1 and counter(game, "noble_supply") == 18     # the refill's noble


def test_a_noble_works_a_circle_like_a_colonist_and_scores_a_point():
    """A noble occupies a circle like a colonist and activates it; each noble on the board (San Juan too) is 1 VP."""
    game = role(position(options=BOTH, islands={0: [("indigo_plantation", 1)]},
                         cities={0: [("small_indigo_plant", 1)]}, nobles={(0, "small_indigo_plant"): 1}),
                "craftsman")
    finish_phase(game)
    assert goods_of(game, 0) == {"indigo": 1}
    assert nobles_of(game, 0) == 1


def test_the_chapel_pays_a_doubloon_with_a_colonist_and_a_point_with_a_noble():
    game = role(position(options=NOBLES, cities={0: [("chapel", 1)], 1: [("chapel", 1)]},
                         nobles={(1, "chapel"): 1}, money={0: 0, 1: 0}), "craftsman")
    finish_phase(game)
    assert money(game, 0) == 1 + 0 and points(game, 0) == 0
    assert money(game, 1) == 0 and points(game, 1) == 1


def test_the_construction_office_lowers_small_prices_with_a_colonist_and_large_ones_with_a_noble():
    game = role(position(options=NOBLES, cities={1: [("construction_office", 1)], 2: [("construction_office", 1)]},
                         nobles={(2, "construction_office"): 1}, money={0: 0, 1: 3, 2: 8}), "builder")
    decline(game)
    assert "hospice" in offered(game, "build", "building")         # 4 - 1 with a colonist
    assert "guild_hall" not in offered(game, "build", "building")
    decline(game)
    assert "guild_hall" in offered(game, "build", "building")      # 10 - 2 with a noble
    assert "wharf" not in offered(game, "build", "building")       # 9: nothing off a small building


def test_the_royal_supplier_delivers_different_kinds_up_to_the_nobles_for_a_point_each():
    game = position(options=BOTH, islands={0: [("corn_plantation", 1)]}, cities={0: [("royal_supplier", 1)]},
                    nobles={(0, "royal_supplier"): 1, (0, "corn_plantation"): 1}, goods={0: {"corn": 2, "sugar": 1}})
    game = role(game, "captain")
    assert game.prompt == "deliver"
    act(game, "deliver", barrel="corn")
    assert offered(game, "deliver", "barrel") == ["sugar"]       # a different kind
    act(game, "deliver", barrel="sugar")
    assert points(game, 0) == 2 and goods_of(game, 0) == {"corn": 1}


def test_the_jeweler_pays_per_noble_and_counts_as_a_large_production_building_but_not_violet():
    game = role(position(options=BOTH, islands={0: [("corn_plantation", 1)]}, cities={0: [("jeweler", 1)]},
                         nobles={(0, "jeweler"): 1, (0, "corn_plantation"): 1}, money={0: 0}), "craftsman")
    finish_phase(game)
    assert money(game, 0) == 2
    # REFERENCE (Nobles): it counts as a large production building for the Guild Hall (+2) and not as a violet
    # building for the City Hall: said by the scores, not read off the content's tags
    guild = position(options=BOTH, cities={0: [("guild_hall", 1), ("jeweler", 0)]})
    assert guild.scores()[0]["parts"]["guild_hall"] == 2
    city = position(options=BOTH, cities={0: [("city_hall", 1), ("jeweler", 0)]})
    with_violet = position(options=BOTH, cities={0: [("city_hall", 1), ("hospice", 0)]})
    assert city.scores()[0]["parts"]["city_hall"] + 1 == with_violet.scores()[0]["parts"]["city_hall"]


def test_the_villa_brings_one_more_noble_in_the_mayor_phase():
    game = role(position(options=BOTH, cities={1: [("villa", 1)]}), "mayor")
    finish_phase(game)
    assert nobles_of(game, 1) >= 1


# ---------------------------------------------------------------------- whole games with the expansions
GAMES = int(os.environ.get("BOARDRULES_PR_EXPANSION_GAMES", "8"))


@pytest.mark.parametrize("options", [{"new_buildings": "draft"}, {"new_buildings": "random"},
                                     {"new_buildings": "all"}, {"nobles": True},
                                     {"new_buildings": "draft", "nobles": True}],
                         ids=["draft", "random", "all", "nobles", "both"])
def test_random_games_with_the_expansions_end_and_conserve_colonists_nobles_and_doubloons(options):
    """Random play with each expansion and both: nothing negative, nobles never more than the workers on a circle,
    colonists and nobles conserved (supply, ship, San Juan, circles), doubloons conserved, a printed end."""
    for seed in range(GAMES):
        players = 2 + seed % 4
        game = RULES.new_game(players, seed=seed, options=options, log=False)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            d = game.to_json()
            c = {k: sum(v) for k, v in d["counters"].items()}
            assert min(min(v) for v in d["counters"].values()) >= 0
            assert all(n <= w for n, w in zip(d["counters"]["nobles"], d["counters"]["colonists"]))
            workers = c["colonists"] - c["nobles"] + c["san_juan"] - c["san_juan_nobles"]
            assert c["colonist_supply"] + c["colonist_ship"] - c["ship_nobles"] + workers == \
                COLONISTS[players]
            assert c["noble_supply"] + c["ship_nobles"] + c["nobles"] + c["san_juan_nobles"] == \
                (20 if options.get("nobles") else 0)
            assert c["doubloons"] + c["coins"] + c["bank"] - c["bank_owed"] == 54
        assert game.end_reason in {"the colonist supply could not fill the colonist ship",
                                   "the victory point chips ran out", "a player filled the twelfth space of his city"}


# ---------------------------------------------------------------------- more of both expansions
def test_the_land_office_buys_a_face_down_plantation_with_a_colonist_and_sells_one_with_a_noble():
    """Land Office (trader phase): with a colonist, pay 1 doubloon for a face-down plantation; with a noble, remove
    a plantation or forest (not a quarry) for 1 doubloon (rules choice `land_office`)."""
    game = role(position(options=NOBLES, cities={0: [("land_office", 1)], 1: [("land_office", 1)]},
                         islands={1: ["corn_plantation", "quarry"]}, nobles={(1, "land_office"): 1},
                         money={0: 2, 1: 0}), "trader")
    island = len(zone(game, "island", 0))
    act(game, "buy_plantation")
    assert money(game, 0) == 1 and len(zone(game, "island", 0)) == island + 1
    finish_phase_until(game, seat=1)
    assert offered(game, "sell_plantation", "tile") == ["corn_plantation"]         # never the quarry
    act(game, "sell_plantation", tile="corn_plantation")
    assert money(game, 1) == 1 and zone(game, "island", 1) == ["quarry"]


def finish_phase_until(game, seat):
    """Declines decisions until it is ``seat``'s turn to decide."""
    while game.current_player != seat:
        decline(game)


def test_the_hunting_lodge_clears_a_tile_with_a_colonist():
    game = role(position(options=NOBLES, islands={0: [("corn_plantation", 1), "indigo_plantation"]},
                         cities={0: [("hunting_lodge", 1)]}), "settler")
    act(game, "clear_plantation", tile="corn_plantation")
    assert "corn_plantation" not in zone(game, "island", 0)
    assert counter(game, "san_juan", 0) == 1          # its colonist waits in San Juan


@pytest.mark.parametrize("tiles,scores", [((0, 1, 2), True), ((1, 1, 2), False)])
def test_the_hunting_lodge_with_a_noble_scores_two_for_strictly_the_most_empty_spaces(tiles, scores):
    """Rules choice `hunting_lodge`: at the end of the Settler phase, strictly the most empty island spaces (a tie
    scores nothing)."""
    game = role(position(options=NOBLES, islands={seat: ["corn_plantation"] * n for seat, n in enumerate(tiles)},
                         cities={0: [("hunting_lodge", 1)]}, nobles={(0, "hunting_lodge"): 1}), "settler")
    while game.prompt != "choose_role":
        decline(game)
    assert points(game, 0) == (2 if scores else 0)


def test_the_royal_garden_scores_a_point_for_each_noble_and_each_noble_scores_one():
    game = position(options=NOBLES, islands={0: [("corn_plantation", 1)]}, cities={0: [("royal_garden", 1)]},
                    nobles={(0, "royal_garden"): 1, (0, "corn_plantation"): 1})
    parts = game.scores()[0]["parts"]
    assert parts["nobles"] == 2 and parts["royal_garden"] == 2


def test_the_library_gives_a_second_forest_with_the_forest_house():
    """REFERENCE 5.2: Forest House + Library: up to 2 forests in one Settler phase."""
    game = role(position(row=CROPS, cities={0: [("library", 1), ("forest_house", 1)]}), "settler")
    act(game, "settle", tile="coffee_plantation")
    act(game, "forest")
    while game.current_player != 0 or game.prompt != "settle":
        decline(game)
    act(game, "settle", tile="sugar_plantation")
    act(game, "forest")
    assert zone(game, "island", 0).count("forest") == 2


def test_the_library_doubles_the_prospectors_doubloon_and_the_traders_bonus():
    game = role(position(players=4, cities={0: [("library", 1)]}, money={0: 0}), "prospector")
    assert money(game, 0) == 2
    game = role(position(cities={0: [("library", 1)]}, goods={0: {"corn": 1}}, money={0: 0}), "trader")
    act(game, "sell", barrel="corn")
    assert money(game, 0) == 0 + 2


def test_the_small_wharf_is_used_once_per_phase():
    game = position(cities={0: [("small_wharf", 1)]}, goods={0: {"corn": 2, "indigo": 2}})
    d = game.to_json()
    d["zones"]["box"][0] += d["zones"]["cargo_ships"][0]
    d["zones"]["cargo_ships"][0] = []
    game = role(RULES.game_from_json(d, check_history=False), "captain")
    act(game, "use_small_wharf")
    act(game, "small_wharf_load", barrel="corn")
    decline(game)                      # ships one barrel, keeps the rest
    assert counter(game, "small_wharf_used", 0) == 1
    while not game.prompt.startswith("keep") and game.prompt != "choose_role":
        assert game.prompt != "use_small_wharf" or game.current_player != 0
        decline(game)
