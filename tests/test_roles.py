"""The five roles of San Juan: each role's action (for everyone) and privilege (for the chooser only),
the round structure, the hand limit and the fair start.

Rules: /work/shared/rules/REFERENCE.md sections 1.1-1.3 and the printed Chinese rulebook (seed 000).
"""
import boardrules
import pytest

from positions import act, city, decline, sell, goods_count, hand, options_of, position, role_order, zone

RULES = boardrules.load("san_juan")

PRICES = {  # trading-house tiles (indigo, sugar, tobacco, coffee, silver), REFERENCE 1.2
    "tile_a": (1, 1, 1, 2, 2),
    "tile_b": (1, 1, 2, 2, 2),
    "tile_c": (1, 1, 2, 2, 3),
    "tile_d": (1, 2, 2, 2, 3),
    "tile_e": (1, 2, 2, 3, 3),
}


def discard_size(game):
    return len(zone(game, "discard"))


# ---------------------------------------------------------------------- the position helper
def test_position_loads_and_round_trips():
    """The test helper builds the requested position, and its JSON state loads back unchanged."""
    game = position(RULES, 3, hands={0: ["library", "quarry"], 2: ["smithy"]},
                    cities={0: ["indigo_plant", "chapel"], 1: ["sugar_mill"]},
                    goods={1: {"sugar_mill": "hero"}}, tucked={0: 2}, supply_top=["palace", "crane"],
                    start_player=1)
    assert game.prompt == "choose_role" and game.current_player == 1
    assert hand(game, 0) == ["library", "quarry"] and hand(game, 1) == [] and hand(game, 2) == ["smithy"]
    assert city(game, 0) == ["chapel", "indigo_plant"] and city(game, 2) == ["indigo_plant"]
    assert goods_count(game, 1) == 1 and goods_count(game, 0) == 0
    data = game.to_json()
    assert len(data["piles"]["tucked"]["chapel#1"]) == 2
    assert [c.split("#")[0] for c in data["zones"]["supply"][0][-2:]] == ["crane", "palace"]  # palace drawn first
    assert data["fresh"] == [] and data["flow"][-1]["data"] == [1, 2, 0]
    every = [c for zones in data["zones"].values() for owned in zones for c in owned]
    every += [c for p in data["piles"].values() for cards in p.values() for c in cards]
    assert len(every) == len(set(every)) == 230  # the double-deck's two sets: 220 buildings and 10 tiles
    assert len(data["zones"]["box"][0]) == 115   # a 2-4 player game leaves the second set in the box
    again = RULES.game_from_json(data, check_history=False)
    assert again.to_json() == data
    assert role_order(2, 1) == [1, 0, 1]


# ---------------------------------------------------------------------- round structure
def test_roles_are_picked_from_the_governor_each_role_once():
    """Starting with the Governor every player picks a different role; the role runs for everyone, the
    chooser first; then the Governor passes to the left (seed 000: 長官把長官卡交給下一位玩家)."""
    game = position(RULES, 3, cities={0: [], 1: [], 2: []}, start_player=1)
    assert game.current_player == 1 and len(game.legal_actions()) == 5
    act(game, "choose_role", role="builder")
    assert game.current_player == 2
    assert options_of(game, "choose_role", "role") == {"producer", "trader", "councillor", "prospector"}
    act(game, "choose_role", role="trader")
    assert game.current_player == 0
    assert options_of(game, "choose_role", "role") == {"producer", "councillor", "prospector"}
    act(game, "choose_role", role="producer")
    # round 2: the Governor is now seat 2 and all five roles are back
    assert game.to_json()["round"] == 2
    assert game.current_player == 2 and len(game.legal_actions()) == 5


def test_a_player_must_pick_a_role_but_may_decline_its_action():
    """Everyone may decline the action of a role (seed 000: 所有玩家皆可放棄行使該職業牌的特權或行動)."""
    game = position(RULES, 2, hands={0: ["sugar_mill", "statue"], 1: ["indigo_plant", "smithy"]})
    assert all(a.kind == "choose_role" for a in game.legal_actions())  # no pass at the role choice
    act(game, "choose_role", role="builder")
    assert game.prompt == "build" and game.current_player == 0
    decline(game)
    assert game.prompt == "build" and game.current_player == 1
    decline(game)
    assert hand(game, 0) == ["statue", "sugar_mill"] and hand(game, 1) == ["indigo_plant", "smithy"]


# ---------------------------------------------------------------------- builder
def test_builder_privilege_makes_the_chooser_pay_one_card_less():
    """Builder: everyone may build one building, paying its cost in hand cards; the chooser pays 1 less
    (seed 000: 興建建築時少消耗1張手牌). A player who cannot pay cannot build."""
    game = position(RULES, 2, hands={0: ["tobacco_storage", "statue", "hero"],
                                     1: ["tobacco_storage", "statue", "hero"]})
    act(game, "choose_role", role="builder")
    assert "tobacco_storage" in options_of(game, "build", "card")
    act(game, "build", card="tobacco_storage")   # cost 3 - 1 = 2: both other cards are paid
    assert city(game, 0) == ["indigo_plant", "tobacco_storage"] and hand(game, 0) == []
    assert discard_size(game) == 2
    # seat 1 pays the full 3 and holds only 2 other cards: nothing is affordable, and seat 1 picks next
    assert game.current_player == 1 and game.prompt == "choose_role"
    assert city(game, 1) == ["indigo_plant"] and len(hand(game, 1)) == 3


def test_builder_pays_with_cards_of_choice():
    """The builder chooses which hand cards pay the cost, and the paid cards go face down to the discard."""
    game = position(RULES, 2, hands={0: ["sugar_mill", "statue", "hero", "palace"]}, start_player=1)
    act(game, "choose_role", role="builder")   # seat 1 chooses; seat 0 is not the chooser: sugar mill costs 2
    assert game.current_player == 0
    act(game, "build", card="sugar_mill")
    assert game.prompt == "pay" and options_of(game, "pay", "card") == {"statue", "hero", "palace"}
    act(game, "pay", card="statue")
    act(game, "pay", card="hero")
    assert hand(game, 0) == ["palace"] and city(game, 0) == ["indigo_plant", "sugar_mill"]
    assert sorted(c.split("#")[0] for c in zone(game, "discard")) == ["hero", "statue"]


def test_builder_any_number_of_production_buildings_but_each_violet_once():
    """Any number of production buildings of a kind, but each violet building only once per player
    (seed 000: 玩家可以建設不限數目的生產建築,但對於每種特殊(紫色)建築只可興建一座)."""
    game = position(RULES, 2, hands={0: ["indigo_plant", "statue", "victory_column", "sugar_mill", "hero"]},
                    cities={0: ["indigo_plant", "statue"]})
    act(game, "choose_role", role="builder")
    buildable = options_of(game, "build", "card")
    assert "indigo_plant" in buildable and "victory_column" in buildable
    assert "statue" not in buildable


def test_builder_builds_only_one_building_per_phase():
    game = position(RULES, 2, hands={0: ["indigo_plant", "indigo_plant", "indigo_plant"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")       # costs 0 for the Builder
    assert city(game, 0) == ["indigo_plant", "indigo_plant"]
    assert game.prompt == "choose_role"            # seat 1 had nothing; the phase is over
    assert hand(game, 0) == ["indigo_plant", "indigo_plant"]


# ---------------------------------------------------------------------- producer
def test_producer_chooser_produces_two_others_one():
    """Producer: everyone puts 1 face-down card from the draw pile on an empty production building; the
    chooser may produce 2 (seed 000: 選擇生產者玩家可以最多生產兩個產品其他玩家只能生產一個產品)."""
    game = position(RULES, 2, cities={0: ["indigo_plant", "sugar_mill", "coffee_roaster"],
                                      1: ["indigo_plant", "sugar_mill"]},
                    supply_top=["hero", "statue", "palace", "crane"])
    act(game, "choose_role", role="producer")
    assert options_of(game, "produce", "building") == {"indigo_plant", "sugar_mill", "coffee_roaster"}
    act(game, "produce", building="coffee_roaster")
    act(game, "produce", building="sugar_mill")
    assert goods_count(game, 0) == 2                      # the third building stays empty
    assert game.current_player == 1 and game.prompt == "produce"
    act(game, "produce", building="indigo_plant")
    assert goods_count(game, 1) == 1                      # one only: the phase is over
    assert game.prompt == "choose_role"
    data = game.to_json()
    assert data["piles"]["goods"][[c for c in data["zones"]["city"][0] if c.startswith("coffee")][0]] == ["hero#1"]


def test_producer_cannot_produce_on_a_full_building():
    """A production building holds at most 1 good; a full building cannot produce (seed 000:
    若該建築生產的產品沒有被賣出,則本回合該建築不能生產產品)."""
    game = position(RULES, 2, cities={0: ["indigo_plant", "sugar_mill"]},
                    goods={0: {"indigo_plant": "statue"}})
    act(game, "choose_role", role="producer")
    act(game, "produce", building="sugar_mill")   # indigo is full; sugar was the only choice offered
    assert goods_count(game, 0) == 2
    assert game.current_player == 1


def test_producer_needs_production_buildings():
    """Violet buildings never hold goods."""
    game = position(RULES, 2, cities={0: ["smithy", "statue"], 1: ["indigo_plant"]})
    act(game, "choose_role", role="producer")
    assert game.current_player == 1 and options_of(game, "produce", "building") == {"indigo_plant"}


# ---------------------------------------------------------------------- trader
def test_trader_price_from_the_flipped_tile_chooser_sells_two():
    """Trader: the chooser flips the top trading-house tile; everyone may sell 1 good for the number of cards
    the tile shows for it; the chooser may sell 2 (seed 000: 選擇商人的玩家獲的特權可以賣最多兩件產品)."""
    game = position(RULES, 2,
                    cities={0: ["indigo_plant", "coffee_roaster", "silver_smelter"],
                            1: ["sugar_mill", "silver_smelter"]},
                    goods={0: {"indigo_plant": "statue", "coffee_roaster": "statue", "silver_smelter": "statue"},
                           1: {"sugar_mill": "hero", "silver_smelter": "hero"}},
                    price_tiles=["tile_e", "tile_a", "tile_b", "tile_c", "tile_d"])
    act(game, "choose_role", role="trader")
    assert zone(game, "price_shown") == ["tile_e#1"]
    sell(game, "coffee_roaster")      # 3 cards on tile 1-2-2-3-3
    sell(game, "silver_smelter")      # 3 cards
    assert len(hand(game, 0)) == 6 and goods_count(game, 0) == 1   # the indigo stays: only 2 sales
    assert game.current_player == 1
    sell(game, "sugar_mill")          # 2 cards, and only one sale for a non-trader
    assert len(hand(game, 1)) == 2 and goods_count(game, 1) == 1
    assert game.prompt == "choose_role"
    # the sold goods went to the discard pile
    assert sorted(c.split("#")[0] for c in zone(game, "discard")) == ["hero", "statue", "statue"]


def test_trading_house_tiles_cycle_in_a_fixed_order():
    """After the trader phase the open tile goes to the bottom of the stack, so the tiles come back in
    the same order (seed 000: 將已翻開的商行牌放回商行牌堆最下面,遊戲中商行牌的次序將不會改變)."""
    order = ["tile_c", "tile_a", "tile_e", "tile_b", "tile_d"]
    game = position(RULES, 2, cities={0: [], 1: []}, price_tiles=order)
    used = []
    for _ in range(7):
        governor = game.current_player
        act(game, "choose_role", role="trader")        # nobody has goods: nothing to decide
        used.append(zone(game, "price_tiles")[0].split("#")[0])   # the tile just put at the bottom
        assert zone(game, "price_shown") == []
        act(game, "choose_role", role="builder")
        act(game, "choose_role", role="producer")
        assert game.current_player == 1 - governor     # next round, next Governor
    assert used == order + order[:2]


@pytest.mark.parametrize("tile", sorted(PRICES))
def test_trading_house_tile_prices(tile):
    """Each tile gives its printed price for each of the five goods (REFERENCE 1.2)."""
    others = [t for t in sorted(PRICES) if t != tile]
    producers = ["indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster", "silver_smelter"]
    got = []
    for building in producers:
        game = position(RULES, 2, cities={0: [building], 1: []}, goods={0: {building: "hero"}},
                        price_tiles=[tile] + others)
        act(game, "choose_role", role="trader")
        sell(game, building)
        got.append(len(hand(game, 0)))
    assert tuple(got) == PRICES[tile]


# ---------------------------------------------------------------------- councillor
def test_councillor_chooser_draws_five_keeps_one_others_two_keep_one():
    """Councillor: everyone draws 2 and keeps 1; the chooser draws 5 instead (seed 000: 摸取5張選1張).
    The other cards go to the discard pile."""
    game = position(RULES, 2, supply_top=["statue", "hero", "palace", "crane", "smithy", "library", "quarry"])
    act(game, "choose_role", role="councillor")
    assert game.prompt == "keep" and game.current_player == 0
    assert options_of(game, "keep", "card") == {"statue", "hero", "palace", "crane", "smithy"}
    act(game, "keep", card="palace")
    assert hand(game, 0) == ["palace"] and len(zone(game, "discard")) == 4
    assert game.current_player == 1 and options_of(game, "keep", "card") == {"library", "quarry"}
    act(game, "keep", card="quarry")
    assert hand(game, 1) == ["quarry"] and len(zone(game, "discard")) == 5
    assert game.prompt == "choose_role"


# ---------------------------------------------------------------------- prospector
def test_prospector_only_the_chooser_draws_one():
    """Prospector: the chooser draws 1 card; the other players do nothing (seed 000: 其他玩家則沒有任何動作)."""
    game = position(RULES, 3, hands={1: ["smithy"]}, supply_top=["hero", "statue"])
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero"]
    assert hand(game, 1) == ["smithy"] and hand(game, 2) == []
    assert game.current_player == 1 and game.prompt == "choose_role"


def test_empty_draw_pile_is_refilled_from_the_shuffled_discards():
    """When the draw pile runs out the discard pile is shuffled into a new draw pile (seed 000:
    當摸牌堆沒有牌了,將棄牌堆的牌洗混,作為新的摸牌堆)."""
    game = position(RULES, 2, supply_top=["hero", "statue"], cities={0: [], 1: []})
    data = game.to_json()
    pile = data["zones"]["supply"][0]
    data["zones"]["discard"] = [pile[:-2]]          # everything but the top 2 cards is in the discard pile
    data["zones"]["supply"] = [pile[-2:]]
    game = RULES.game_from_json(data, check_history=False)
    act(game, "choose_role", role="councillor")     # draws 5: 2 from the pile, 3 after the reshuffle
    assert game.prompt == "keep" and len(zone(game, "looking", 0)) == 5
    assert {"hero", "statue"} <= options_of(game, "keep", "card")
    assert len(zone(game, "discard")) == 0
    assert len(zone(game, "supply")) == len(pile) - 5


# ---------------------------------------------------------------------- hand limit
def test_hand_limit_seven_at_round_start():
    """At the start of each round every player with more than 7 cards discards down to 7 of his choice
    (seed 000: 手牌上限是7張)."""
    many = ["statue", "hero", "palace", "crane", "smithy", "library", "quarry", "chapel", "tower"]
    game = position(RULES, 2, hands={0: many, 1: many[:7]}, round_start=True)
    assert game.prompt == "discard" and game.current_player == 0
    act(game, "discard", card="palace")
    act(game, "discard", card="hero")
    assert sorted(hand(game, 0)) == sorted(c for c in many if c not in ("palace", "hero"))
    assert len(hand(game, 1)) == 7           # exactly 7: nothing to discard
    assert game.prompt == "choose_role"


def test_hand_limit_is_checked_only_at_round_start():
    """The limit is only checked at the round start: during a round a hand may hold more than 7 cards."""
    seven = ["statue", "hero", "palace", "crane", "smithy", "library", "quarry"]
    game = position(RULES, 2, hands={0: seven}, cities={0: [], 1: []}, supply_top=["tower"])
    act(game, "choose_role", role="prospector")
    assert len(hand(game, 0)) == 8
    act(game, "choose_role", role="producer")           # seat 1
    act(game, "choose_role", role="trader")             # seat 0 again
    assert len(hand(game, 0)) == 8                      # still 8 during the whole round
    assert game.to_json()["round"] == 2
    # round 2 starts: seat 0 must now discard one card
    assert game.prompt == "discard" and game.current_player == 0
    act(game, "discard", card="tower")
    assert len(hand(game, 0)) == 7 and game.prompt == "choose_role"


# ---------------------------------------------------------------------- setup
def test_normal_setup_four_cards_and_an_indigo_plant():
    """Each player starts with an Indigo Plant in his city and 4 hand cards (REFERENCE 1.1)."""
    game = RULES.new_game(players=4, seed=11, options={"fair_start": False})
    data = game.to_json()
    assert [len(h) for h in data["zones"]["hand"]] == [4, 4, 4, 4]
    assert [[c.split("#")[0] for c in cty] for cty in data["zones"]["city"]] == [["indigo_plant"]] * 4
    assert len(data["zones"]["supply"][0]) == 110 - 4 - 16
    assert game.prompt == "choose_role" and game.current_player == data["start_player"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fair_start_draws_five_six_seven_eight_and_keeps_four(players):
    """Fair start: from the Governor the players draw 5, 6, 7 and 8 cards, keep 4 and discard the rest
    (seed 000: 第一個人應該摸5張,第二個人6張,第三人7張,第四人8張,然後選4張)."""
    game = RULES.new_game(players=players, seed=5, options={"fair_start": True})
    governor = game.to_json()["start_player"]
    for k in range(players):
        seat = (governor + k) % players
        assert game.prompt == "discard" and game.current_player == seat
        assert len(hand(game, seat)) == 5 + k
        for _ in range(1 + k):
            assert game.current_player == seat
            game.apply(game.legal_actions()[0])
        assert len(hand(game, seat)) == 4
    assert game.prompt == "choose_role" and game.current_player == governor
    assert len(zone(game, "discard")) == sum(1 + k for k in range(players))
    assert len(zone(game, "supply")) == 110 - players - sum(5 + k for k in range(players))
