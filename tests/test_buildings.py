"""The 24 violet buildings of San Juan (1st edition), one or more tests each, with the edge cases of
REFERENCE.md sections 1.5-1.6 and of the printed Chinese rulebook (seed 000, 特殊建築).

Every test builds a position (tests/positions.py), plays the actions a player would, and checks what a
player would see: hands, cities, goods, the discard pile, the legal choices and the score.
"""
import boardrules
import pytest

from positions import act, city, cover, decline, goods_count, hand, options_of, pile, position, sell, zone

RULES = boardrules.load("san_juan")


def types(names):
    return sorted(n.split("#")[0] for n in names)


def discard(game):
    return types(zone(game, "discard"))


def points(game, seat):
    return game.scores()[seat]


# ====================================================================== the deck
DECK = {  # id: (copies, cost, VP), REFERENCE 1.4-1.5
    "indigo_plant": (10, 1, 1), "sugar_mill": (8, 2, 1), "tobacco_storage": (8, 3, 2),
    "coffee_roaster": (8, 4, 2), "silver_smelter": (8, 5, 3),
    "smithy": (3, 1, 1), "gold_mine": (3, 1, 1), "archive": (3, 1, 1), "poor_house": (3, 2, 1),
    "black_market": (3, 2, 1), "trading_post": (3, 2, 1), "well": (3, 2, 1), "market_stand": (3, 2, 1),
    "crane": (3, 2, 1), "chapel": (3, 3, 2), "tower": (3, 3, 2), "aqueduct": (3, 3, 2), "carpenter": (3, 3, 2),
    "prefecture": (3, 3, 2), "market_hall": (3, 4, 2), "quarry": (3, 4, 2), "library": (3, 5, 3),
    "statue": (3, 3, 3), "victory_column": (3, 4, 4), "hero": (3, 5, 5),
    "guild_hall": (2, 6, 0), "city_hall": (2, 6, 0), "triumphal_arch": (2, 6, 0), "palace": (2, 6, 0),
}


def test_deck_110_cards_42_production_68_violet():
    """110 building cards: 42 production and 68 violet, 24 violet types (seed 000: 110張建築牌,其中68張特殊建築)."""
    cards = {c.id: c for c in RULES.cards if "building" in c.tags}
    assert {k: (c.copies, c.attrs["cost"], c.attrs["vp"]) for k, c in cards.items()} == DECK
    assert sum(c.copies for c in cards.values() if "production" in c.tags) == 42
    assert sum(c.copies for c in cards.values() if "violet" in c.tags) == 68
    assert len([c for c in cards.values() if "violet" in c.tags]) == 24


# ====================================================================== Smithy 鐵匠坊
def test_smithy_production_buildings_cost_one_less():
    """Smithy: production buildings cost its owner 1 card less, violet buildings do not
    (seed 000: 建設生產型建築時可少花1張牌,對於建設紫色建築無效)."""
    # seat 1 chooses the Builder; seat 0 owns the Smithy and is not the chooser
    game = position(RULES, 2, hands={0: ["tobacco_storage", "statue", "hero"]},
                    cities={0: ["indigo_plant", "smithy"]}, start_player=1)
    act(game, "choose_role", role="builder")
    assert game.current_player == 0
    # tobacco storage: 3 - 1 = 2, payable with the 2 other cards; the statue still costs 3
    assert options_of(game, "build", "card") == {"tobacco_storage"}
    act(game, "build", card="tobacco_storage")
    assert hand(game, 0) == [] and "tobacco_storage" in city(game, 0)


def test_smithy_stacks_with_the_builder_privilege_never_below_zero():
    """Discounts stack and the cost never goes below 0 (seed 000: 建築的興建費用不可小於0)."""
    game = position(RULES, 2, hands={0: ["indigo_plant", "statue"]}, cities={0: ["smithy"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")        # 1 - 1 (Builder) - 1 (Smithy) = 0
    assert hand(game, 0) == ["statue"] and city(game, 0) == ["indigo_plant", "smithy"]


# ====================================================================== Gold Mine 金礦
GOLD_DIFFERENT = ["hero", "indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster"]   # costs 1,2,3,4
GOLD_TIE = ["hero", "indigo_plant", "sugar_mill", "tobacco_storage", "smithy"]                 # 1,2,3,1


def test_gold_mine_all_costs_differ_keep_one_of_choice():
    """Gold Mine: the Prospector's owner reveals 4 cards after his draw; if all 4 costs differ he keeps one
    of his choice (1st edition, seed 000: 他可以從這4張牌中選擇1張) and the rest are discarded."""
    game = position(RULES, 2, cities={0: ["indigo_plant", "gold_mine"]}, supply_top=GOLD_DIFFERENT)
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero"]                 # the Prospector's draw comes first
    assert game.prompt == "keep" and game.current_player == 0
    assert options_of(game, "keep", "card") == {"indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster"}
    act(game, "keep", card="tobacco_storage")        # not the cheapest: the 1st edition lets him choose
    assert hand(game, 0) == ["hero", "tobacco_storage"]
    assert discard(game) == ["coffee_roaster", "indigo_plant", "sugar_mill"]
    assert zone(game, "revealed") == []


def test_gold_mine_keeping_is_optional():
    """He "may" keep one (seed 000: 他可以...; 玩家也可以選擇不使用建築功能): declining discards all 4."""
    game = position(RULES, 2, cities={0: ["indigo_plant", "gold_mine"]}, supply_top=GOLD_DIFFERENT)
    act(game, "choose_role", role="prospector")
    decline(game, "keep")
    assert hand(game, 0) == ["hero"] and len(zone(game, "discard")) == 4


def test_gold_mine_two_equal_costs_discard_all_four():
    """If at least two revealed costs are equal, all 4 cards are discarded and he gets nothing
    (seed 000: 如果有至少2張牌的花費一樣,則棄掉4張牌,玩家什麼也得不到)."""
    game = position(RULES, 2, cities={0: ["indigo_plant", "gold_mine"]}, supply_top=GOLD_TIE)
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero"]
    assert discard(game) == ["indigo_plant", "smithy", "sugar_mill", "tobacco_storage"]
    assert game.prompt == "choose_role" and game.current_player == 1


def test_gold_mine_only_for_the_prospector():
    """Only the player who chose the Prospector prospects; another owner's Gold Mine does nothing
    (seed 000: 當進行採礦的動作時 - only the chooser takes the prospecting action; REFERENCE 1.5)."""
    game = position(RULES, 2, cities={1: ["indigo_plant", "gold_mine"]}, supply_top=GOLD_DIFFERENT)
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero"] and hand(game, 1) == []
    assert zone(game, "revealed") == [] and zone(game, "discard") == []
    assert game.prompt == "choose_role"


def test_gold_mine_is_not_doubled_by_the_library():
    """The Library doubles the Prospector's draw (2 cards) but not the Gold Mine: still 4 cards revealed,
    one kept (REFERENCE 1.6, an inference)."""
    game = position(RULES, 3, cities={0: ["gold_mine", "library"]},
                    supply_top=["hero", "statue", "indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster",
                                "silver_smelter", "smithy", "crane", "tower"])
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero", "statue"]
    assert options_of(game, "keep", "card") == {"indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster"}
    act(game, "keep", card="coffee_roaster")
    assert game.prompt == "choose_role"           # no second reveal
    assert len(zone(game, "discard")) == 3


# ====================================================================== Archive 檔案館
def test_archive_councillor_draws_into_hand_and_discards_from_the_whole_hand():
    """Archive: the drawn cards go into the hand, then the owner discards the required number from his whole
    hand, old cards included (seed 000: 他可以通過棄掉部分原來的手牌來代替棄掉摸來的新牌)."""
    game = position(RULES, 2, hands={1: ["statue"]}, cities={1: ["indigo_plant", "archive"]},
                    supply_top=["smithy", "crane", "tower", "quarry", "library", "hero", "palace"])
    act(game, "choose_role", role="councillor")
    act(game, "keep", card="smithy")                # seat 0 (chooser, no Archive) keeps 1 of 5
    assert game.current_player == 1 and game.prompt == "discard"
    assert hand(game, 1) == ["hero", "palace", "statue"]
    assert options_of(game, "discard", "card") == {"hero", "palace", "statue"}
    act(game, "discard", card="statue")             # the old card goes, both new ones stay
    assert hand(game, 1) == ["hero", "palace"]
    assert game.prompt == "choose_role"


def test_archive_for_the_councillor_draws_five_into_hand_discards_four():
    game = position(RULES, 2, hands={0: ["statue", "hero"]}, cities={0: ["archive"]},
                    supply_top=["smithy", "crane", "tower", "quarry", "library"])
    act(game, "choose_role", role="councillor")
    assert len(hand(game, 0)) == 7 and game.prompt == "discard"
    for card in ("statue", "hero", "smithy", "crane"):
        act(game, "discard", card=card)
    assert hand(game, 0) == ["library", "quarry", "tower"]


# ====================================================================== Poor House 貧民院
def test_poor_house_draws_when_one_card_left_after_building():
    """Poor House: after building, an owner holding 0 or 1 card draws 1 (seed 000: 在建設一個建築後如果手牌為0或1)."""
    game = position(RULES, 2, hands={0: ["sugar_mill", "statue", "hero"]}, cities={0: ["poor_house"]},
                    supply_top=["crane"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="sugar_mill")           # 2 - 1 = 1 card
    act(game, "pay", card="statue")
    assert hand(game, 0) == ["crane", "hero"]


def test_poor_house_draws_when_no_card_left():
    game = position(RULES, 2, hands={0: ["sugar_mill", "statue"]}, cities={0: ["poor_house"]}, supply_top=["crane"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="sugar_mill")           # the statue pays: 0 cards left
    assert hand(game, 0) == ["crane"]


def test_poor_house_nothing_with_two_cards_left():
    game = position(RULES, 2, hands={0: ["indigo_plant", "statue", "hero"]}, cities={0: ["poor_house"]},
                    supply_top=["crane"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")         # free for the Builder: 2 cards left
    assert hand(game, 0) == ["hero", "statue"]


def test_poor_house_nothing_if_nothing_built():
    """No compensation when the owner builds nothing (seed 000: 如果建設階段什麼都沒有建設,則不能獲得任何補償)."""
    game = position(RULES, 2, hands={0: ["hero"]}, cities={0: ["poor_house"]}, supply_top=["crane"])
    act(game, "choose_role", role="builder")        # the hero is not affordable: no build, no card
    assert hand(game, 0) == ["hero"]
    game = position(RULES, 2, hands={0: ["indigo_plant"]}, cities={0: ["poor_house"]}, supply_top=["crane"])
    act(game, "choose_role", role="builder")
    decline(game, "build")                          # could build, chose not to
    assert hand(game, 0) == ["indigo_plant"]


def test_poor_house_after_carpenter():
    """With a Carpenter the Carpenter draw comes first; only if he then holds fewer than 2 cards does the Poor
    House draw (seed 000: 先執行木工坊的能力,如果之後手牌扔不到2張,才可以使用貧民院的能力)."""
    game = position(RULES, 2, hands={0: ["statue", "hero", "palace", "tower"]},
                    cities={0: ["carpenter", "poor_house"]}, supply_top=["crane", "smithy"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="statue")               # 3 - 1 = 2 cards: 1 card left
    act(game, "pay", card="hero")
    act(game, "pay", card="palace")
    # Carpenter: 1 -> 2 cards; then the Poor House sees 2 cards and gives nothing
    assert hand(game, 0) == ["crane", "tower"]


def test_poor_house_does_not_reward_its_own_build():
    """A violet building works from the end of the builder phase in which it was built
    (seed 000: 特殊功效在建設該建築的建設階段結束後立即生效): building the Poor House with 1 card left draws nothing."""
    game = position(RULES, 2, hands={0: ["poor_house", "statue", "hero"]}, supply_top=["crane"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="poor_house")           # 2 - 1 = 1 card
    act(game, "pay", card="statue")
    assert hand(game, 0) == ["hero"]


# ====================================================================== Black Market 黑市
BLACK_MARKET_CITY = ["black_market", "indigo_plant", "sugar_mill", "coffee_roaster"]
THREE_GOODS = {"indigo_plant": "statue", "sugar_mill": "statue", "coffee_roaster": "statue"}


def test_black_market_pay_with_one_good():
    """Black Market: the owner may pay with 1 or 2 of his goods, each worth 1 card
    (seed 000: 可以選擇用1-2個已有的產品來代替建設花費)."""
    game = position(RULES, 2, hands={0: ["tobacco_storage", "hero", "palace"]}, cities={0: BLACK_MARKET_CITY},
                    goods={0: THREE_GOODS}, start_player=1)
    act(game, "choose_role", role="builder")        # seat 1 is the Builder: seat 0 pays the full 3
    act(game, "build", card="tobacco_storage")
    assert {"pile": "goods", "on": "coffee_roaster"} in [a.args for a in game.legal_actions()]
    act(game, "pay", pile="goods", on="coffee_roaster")
    act(game, "pay", card="hero")
    act(game, "pay", card="palace")
    assert goods_count(game, 0) == 2 and hand(game, 0) == []
    assert "tobacco_storage" in city(game, 0)
    assert discard(game) == ["hero", "palace", "statue"]     # the good went face down to the discard pile


def test_black_market_at_most_two_goods():
    """Never more than 2 goods (seed 000: 最多棄掉2個產品使得建築消耗減2): after 2 goods only cards are offered."""
    game = position(RULES, 2, hands={0: ["tobacco_storage", "hero", "palace"]}, cities={0: BLACK_MARKET_CITY},
                    goods={0: THREE_GOODS}, start_player=1)
    act(game, "choose_role", role="builder")
    act(game, "build", card="tobacco_storage")
    act(game, "pay", pile="goods", on="indigo_plant")
    act(game, "pay", pile="goods", on="sugar_mill")
    assert options_of(game, "pay", "card") == {"hero", "palace"}
    assert all(a.args.get("pile") is None for a in game.legal_actions())
    act(game, "pay", card="hero")
    assert goods_count(game, 0) == 1 and hand(game, 0) == ["palace"]


def test_black_market_three_goods_do_not_pay_three():
    """Cost 3 with only the building in hand and 3 goods: the goods cover at most 2, so it cannot be built."""
    game = position(RULES, 2, hands={0: ["tobacco_storage"]}, cities={0: BLACK_MARKET_CITY},
                    goods={0: THREE_GOODS}, start_player=1)
    act(game, "choose_role", role="builder")        # seat 1 builds nothing; seat 0 pays the full 3
    assert game.prompt == "choose_role"             # seat 0 was not even asked to build
    assert city(game, 0) == sorted(BLACK_MARKET_CITY) and goods_count(game, 0) == 3


def test_black_market_two_goods_pay_a_whole_building():
    """The Builder (cost 3 - 1 = 2) pays a Tobacco Storage with his 2 goods and no card."""
    game = position(RULES, 2, hands={0: ["tobacco_storage"]}, cities={0: BLACK_MARKET_CITY},
                    goods={0: {"indigo_plant": "statue", "sugar_mill": "hero"}})
    act(game, "choose_role", role="builder")
    act(game, "build", card="tobacco_storage")      # both goods must go: paid without a question
    assert "tobacco_storage" in city(game, 0) and goods_count(game, 0) == 0
    assert discard(game) == ["hero", "statue"]


def test_without_black_market_goods_do_not_pay():
    game = position(RULES, 2, hands={0: ["tobacco_storage", "hero"]},
                    cities={0: ["indigo_plant", "sugar_mill"]}, goods={0: {"indigo_plant": "statue",
                                                                            "sugar_mill": "statue"}})
    act(game, "choose_role", role="builder")         # cost 2, one other card
    assert "tobacco_storage" not in options_of(game, "build", "card")


# ====================================================================== Trading Post 商棧
FOUR_PRODUCERS = ["indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster"]


def trade_position(extra):
    """Both seats own 4 full production buildings (+ ``extra[seat]``); seat 0 is the Governor; the first
    trading-house tile is 1-1-1-2-2 (indigo 1, sugar 1, tobacco 1, coffee 2)."""
    goods_cards = {0: ["statue", "hero", "palace", "tower"], 1: ["crane", "smithy", "library", "quarry"]}
    cities = {seat: FOUR_PRODUCERS + extra.get(seat, []) for seat in (0, 1)}
    goods = {seat: dict(zip(FOUR_PRODUCERS, goods_cards[seat])) for seat in (0, 1)}
    return position(RULES, 2, cities=cities, goods=goods,
                    price_tiles=["tile_a", "tile_b", "tile_c", "tile_d", "tile_e"])


def test_trading_post_non_trader_sells_two():
    """Trading Post: sell 1 more good: a non-Trader 2, the Trader 3 (seed 000)."""
    game = trade_position({1: ["trading_post"]})
    act(game, "choose_role", role="trader")
    sell(game, "coffee_roaster")                   # seat 0, the Trader, no Trading Post: 2 sales
    sell(game, "tobacco_storage")
    assert game.current_player == 1 and goods_count(game, 0) == 2
    sell(game, "coffee_roaster")                   # seat 1, not the Trader, Trading Post: 2 sales
    assert game.prompt == "sell" and game.current_player == 1
    sell(game, "sugar_mill")
    assert goods_count(game, 1) == 2 and game.prompt == "choose_role"
    assert len(hand(game, 1)) == 2 + 1               # tile 1-1-1-2-2: coffee 2, sugar 1


def test_trading_post_trader_sells_three():
    game = trade_position({0: ["trading_post"]})
    act(game, "choose_role", role="trader")
    for building in ("coffee_roaster", "tobacco_storage", "sugar_mill"):
        assert game.current_player == 0
        sell(game, building)
    assert goods_count(game, 0) == 1 and game.current_player == 1


# ====================================================================== Well 水井
def test_well_draws_after_producing_two_as_non_producer():
    """Well: an owner who produced at least 2 goods draws 1 card, Producer or not (seed 000: 這與他是不是生產者無關)."""
    game = position(RULES, 2, cities={1: ["indigo_plant", "sugar_mill", "well", "aqueduct"]},
                    supply_top=["hero", "statue", "palace", "crane"])
    act(game, "choose_role", role="producer")      # seat 0 produces on its Indigo Plant
    act(game, "produce", building="indigo_plant")
    act(game, "produce", building="indigo_plant")  # seat 1
    act(game, "produce", building="sugar_mill")    # 2 goods thanks to the Aqueduct
    assert goods_count(game, 1) == 2 and hand(game, 1) == ["crane"]


def test_well_draws_for_the_producer_with_two_goods():
    game = position(RULES, 2, cities={0: ["indigo_plant", "sugar_mill", "well"]},
                    supply_top=["hero", "statue", "palace"])
    act(game, "choose_role", role="producer")
    act(game, "produce", building="indigo_plant")
    act(game, "produce", building="sugar_mill")
    assert hand(game, 0) == ["palace"]


def test_well_nothing_for_one_good():
    game = position(RULES, 2, cities={0: ["indigo_plant", "sugar_mill", "well"]},
                    supply_top=["hero", "statue", "palace"])
    act(game, "choose_role", role="producer")
    act(game, "produce", building="indigo_plant")
    decline(game, "produce")                       # the Producer produces only 1
    assert goods_count(game, 0) == 1 and hand(game, 0) == []


# ====================================================================== Market Stand 交易站
def test_market_stand_draws_one_after_two_sales():
    """Market Stand: an owner who sold at least 2 goods draws 1 more card (seed 000: 至少賣出了2個產品)."""
    game = trade_position({0: ["market_stand"]})
    act(game, "choose_role", role="trader")
    sell(game, "coffee_roaster")                   # 2 cards
    sell(game, "sugar_mill")                       # 1 card
    assert len(hand(game, 0)) == 2 + 1 + 1


def test_market_stand_nothing_after_one_sale():
    game = trade_position({1: ["market_stand"]})
    act(game, "choose_role", role="trader")
    decline(game, "sell")                          # seat 0 sells nothing
    sell(game, "coffee_roaster")                   # seat 1 sells once (not the Trader)
    assert len(hand(game, 1)) == 2


# ====================================================================== Crane 起重機
def test_crane_pays_the_difference():
    """Crane: build over one of your buildings, paying the difference of the costs
    (seed 000: 花費為新舊建築的建設花費差值); the covered building stays under the new one."""
    game = position(RULES, 2, hands={0: ["coffee_roaster", "hero", "palace", "statue"]},
                    cities={0: ["crane", "sugar_mill"]}, start_player=1)
    act(game, "choose_role", role="builder")       # seat 0 is not the Builder
    act(game, "build", card="coffee_roaster")
    cover(game, "sugar_mill")  # 4 - 2 = 2 cards
    act(game, "pay", card="hero")
    act(game, "pay", card="palace")
    assert hand(game, 0) == ["statue"]
    assert city(game, 0) == ["coffee_roaster", "crane"]
    # The seed keeps the covered card under the new one (被蓋掉的建築不進入棄牌堆,只是被蓋在下面); REFERENCE 1.6
    # cites a FAQ that discards it. The seed is the printed rule.
    assert types(pile(game, "covered", "coffee_roaster", 0)) == ["sugar_mill"]
    assert "sugar_mill" not in discard(game)


def test_crane_cheaper_building_costs_nothing_and_refunds_nothing():
    """Replacing a more expensive building costs 0 and gives nothing back (REFERENCE 1.6)."""
    game = position(RULES, 2, hands={0: ["statue", "palace"]}, cities={0: ["crane", "hero"]}, start_player=1)
    act(game, "choose_role", role="builder")
    act(game, "build", card="statue")
    cover(game, "hero")
    assert hand(game, 0) == ["palace"] and city(game, 0) == ["crane", "statue"]
    assert discard(game) == []


def test_crane_may_build_normally():
    game = position(RULES, 2, hands={0: ["statue", "palace", "hero"]}, cities={0: ["crane", "indigo_plant"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="statue")
    decline(game, "build_over")
    assert city(game, 0) == ["crane", "indigo_plant", "statue"] and hand(game, 0) == []


def test_crane_cannot_cover_the_crane_or_the_same_building():
    """The Crane itself cannot be covered, nor a building with a copy of itself
    (seed 000: 你不可以蓋掉你的起重機 ... 不可用新的建築去蓋一個相同的建築)."""
    game = position(RULES, 2, hands={0: ["indigo_plant", "statue", "hero", "palace"]},
                    cities={0: ["crane", "indigo_plant", "tower"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="indigo_plant")
    assert options_of(game, "build_over", "covered") == {"tower"}


def test_crane_cannot_build_a_copy_over_itself_for_free():
    """Covering a Coffee Roaster with a Coffee Roaster would cost 0; it is not allowed, so a player with no
    other hand card cannot build it at all."""
    game = position(RULES, 2, hands={0: ["coffee_roaster"]}, cities={0: ["crane", "coffee_roaster", "indigo_plant"]},
                    start_player=1)
    act(game, "choose_role", role="builder")
    assert "coffee_roaster" not in options_of(game, "build", "card")
    game = position(RULES, 2, hands={0: ["coffee_roaster"]}, cities={0: ["crane", "tobacco_storage"]},
                    start_player=1)
    act(game, "choose_role", role="builder")       # over the Tobacco Storage it costs 4 - 3 = 1: still no
    assert "coffee_roaster" not in options_of(game, "build", "card")
    game = position(RULES, 2, hands={0: ["coffee_roaster"]}, cities={0: ["crane", "silver_smelter"]},
                    start_player=1)
    act(game, "choose_role", role="builder")       # over the Silver Smelter it costs 0
    act(game, "build", card="coffee_roaster")
    cover(game, "silver_smelter")
    assert city(game, 0) == ["coffee_roaster", "crane"]


def test_crane_covered_good_is_discarded():
    """Covering a production building with a good discards the good (seed 000: 如果蓋掉有產品的生產建築,則該產品直接棄掉)."""
    game = position(RULES, 2, hands={0: ["coffee_roaster", "hero", "palace"]}, cities={0: ["crane", "sugar_mill"]},
                    goods={0: {"sugar_mill": "statue"}})
    act(game, "choose_role", role="builder")
    act(game, "build", card="coffee_roaster")
    cover(game, "sugar_mill")  # 4 - 1 - 2 = 1 card
    act(game, "pay", card="hero")
    assert goods_count(game, 0) == 0
    assert discard(game) == ["hero", "statue"]


def test_crane_covered_chapel_keeps_its_cards_and_they_score():
    """A covered Chapel keeps its tucked cards and they still score; only the new building's VP counts
    (seed 000: 如果蓋掉禮拜堂,不影響之前已經埋在禮拜堂下的牌,他們仍正常計分)."""
    game = position(RULES, 2, hands={0: ["hero", "statue"]}, cities={0: ["crane", "chapel"]}, tucked={0: 3})
    assert points(game, 0)["parts"] == {"buildings": 1 + 2, "chapel": 3}
    act(game, "choose_role", role="builder")
    act(game, "build", card="hero")
    cover(game, "chapel")      # 5 - 1 - 3 = 1: the statue
    assert city(game, 0) == ["crane", "hero"]
    assert points(game, 0)["parts"] == {"buildings": 1 + 5, "chapel": 3}
    assert points(game, 0)["total"] == 9


def test_crane_covered_building_loses_its_function():
    """The covered building stops working at once: a covered Chapel takes no more cards."""
    game = position(RULES, 2, hands={0: ["hero", "statue", "palace"]}, cities={0: ["crane", "chapel"], 1: []},
                    tucked={0: 1}, supply_top=["tower", "smithy"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="hero")
    cover(game, "chapel")
    act(game, "pay", card="statue")
    act(game, "choose_role", role="producer")
    act(game, "choose_role", role="trader")
    # round 2 starts: seat 0 still holds a card but has no Chapel to tuck it under
    assert game.to_json()["round"] == 2 and game.prompt == "choose_role"


def test_crane_does_not_add_a_building_no_game_end():
    """Building over does not change the number of buildings, so an 11-building city that builds over
    stays at 11 and the game does not end (REFERENCE 1.6)."""
    eleven = ["crane", "indigo_plant", "indigo_plant", "indigo_plant", "sugar_mill", "sugar_mill",
              "tobacco_storage", "coffee_roaster", "silver_smelter", "statue", "tower"]
    game = position(RULES, 2, hands={0: ["hero", "palace"]}, cities={0: eleven})
    act(game, "choose_role", role="builder")
    act(game, "build", card="hero")
    cover(game, "tower")
    assert len(game.to_json()["zones"]["city"][0]) == 11
    assert not game.is_over and game.prompt == "choose_role"


def test_crane_covered_violet_type_may_be_built_again():
    """A covered building may be built again from another copy (seed 000: 被蓋掉的建築如果再次被抓到仍可建設)."""
    game = position(RULES, 2, hands={0: ["hero", "statue", "tower", "palace", "library", "quarry"]},
                    cities={0: ["crane", "tower"], 1: []})
    act(game, "choose_role", role="builder")
    assert "tower" not in options_of(game, "build", "card")   # he owns one
    act(game, "build", card="hero")
    cover(game, "tower")       # 5 - 1 - 3 = 1
    act(game, "pay", card="statue")
    act(game, "choose_role", role="producer")      # seat 1
    act(game, "choose_role", role="trader")        # seat 0
    act(game, "choose_role", role="builder")       # round 2, seat 1 is the Governor
    assert game.current_player == 0
    assert "tower" in options_of(game, "build", "card")


# ====================================================================== Chapel 禮拜堂
def test_chapel_tucks_at_round_start_before_the_hand_limit():
    """Chapel: at the start of each round the owner may tuck 1 hand card under it, before the hand limit
    is checked (seed 000: 這個動作在長官檢查手牌上限之前進行); each tucked card is 1 VP."""
    eight = ["statue", "hero", "palace", "crane", "smithy", "library", "quarry", "tower"]
    game = position(RULES, 2, hands={0: eight}, cities={0: ["chapel"]}, round_start=True)
    assert game.prompt == "tuck" and game.current_player == 0
    assert options_of(game, "tuck", "card") == set(eight)
    act(game, "tuck", card="palace")
    # 7 cards left: no discard, straight to the role choice
    assert game.prompt == "choose_role" and len(hand(game, 0)) == 7
    assert points(game, 0)["parts"]["chapel"] == 1
    assert len(pile(game, "tucked", "chapel", 0)) == 1


def test_chapel_tuck_is_optional():
    game = position(RULES, 2, hands={0: ["statue", "hero"]}, cities={0: ["chapel"]}, tucked={0: 2},
                    round_start=True)
    decline(game, "tuck")
    assert hand(game, 0) == ["hero", "statue"] and points(game, 0)["parts"]["chapel"] == 2


def test_chapel_only_one_card_per_round():
    game = position(RULES, 2, hands={0: ["statue", "hero"]}, cities={0: ["chapel"]}, round_start=True)
    act(game, "tuck", card="statue")
    assert game.prompt == "choose_role" and hand(game, 0) == ["hero"]


# ====================================================================== Tower 塔樓
def test_tower_hand_limit_twelve():
    """Tower: the owner's hand limit is 12 instead of 7 (seed 000: 擁有塔樓的玩家手牌上限為12張)."""
    thirteen = ["statue", "hero", "palace", "crane", "smithy", "library", "quarry", "chapel", "aqueduct",
                "well", "archive", "prefecture", "carpenter"]
    game = position(RULES, 2, hands={0: thirteen, 1: thirteen[:8]}, cities={0: ["tower"]}, round_start=True)
    assert game.prompt == "discard" and game.current_player == 0
    act(game, "discard", card="statue")            # 13 -> 12
    assert len(hand(game, 0)) == 12
    assert game.current_player == 1                # seat 1 has no Tower: 8 -> 7
    act(game, "discard", card="hero")
    assert len(hand(game, 1)) == 7 and game.prompt == "choose_role"


def test_tower_checked_only_at_round_start():
    """Over 12 during the round is allowed; the limit applies at the next round start."""
    twelve = ["statue", "hero", "palace", "crane", "smithy", "library", "quarry", "chapel", "aqueduct",
              "well", "archive", "prefecture"]
    game = position(RULES, 2, hands={0: twelve}, cities={0: ["tower"], 1: []}, supply_top=["carpenter"])
    act(game, "choose_role", role="prospector")
    assert len(hand(game, 0)) == 13
    act(game, "choose_role", role="producer")
    act(game, "choose_role", role="trader")
    assert game.prompt == "discard" and game.current_player == 0
    act(game, "discard", card="carpenter")
    assert len(hand(game, 0)) == 12 and game.prompt == "choose_role"


# ====================================================================== Aqueduct 水渠
def test_aqueduct_non_producer_produces_two():
    """Aqueduct: produce 1 more good: a non-Producer 2, the Producer 3 (seed 000)."""
    game = position(RULES, 2, cities={0: [], 1: ["indigo_plant", "sugar_mill", "coffee_roaster", "aqueduct"]})
    act(game, "choose_role", role="producer")
    assert game.current_player == 1
    act(game, "produce", building="indigo_plant")
    act(game, "produce", building="sugar_mill")
    assert goods_count(game, 1) == 2 and game.prompt == "choose_role"


def test_aqueduct_producer_produces_three():
    game = position(RULES, 2, cities={0: ["indigo_plant", "sugar_mill", "coffee_roaster", "silver_smelter",
                                          "aqueduct"]})
    act(game, "choose_role", role="producer")
    for building in ("indigo_plant", "sugar_mill", "coffee_roaster"):
        act(game, "produce", building=building)
    assert goods_count(game, 0) == 3 and game.current_player == 1


# ====================================================================== Carpenter 木工坊
def test_carpenter_draws_after_paying_for_a_violet_building():
    """Carpenter: after paying for a violet building the owner draws 1 card; the card cannot help pay
    (seed 000: 他可以在支付完建設費用之後從摸牌堆摸1張到手牌 ... 不能在支付前獲得這張手牌)."""
    game = position(RULES, 2, hands={0: ["statue", "hero", "palace"]}, cities={0: ["carpenter"]},
                    supply_top=["crane"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="statue")              # 3 - 1 = 2: hero and palace
    assert hand(game, 0) == ["crane"]


def test_carpenter_draws_for_a_free_violet_building():
    """Even a violet building that costs nothing (Quarry + Builder: a Crane for 0) gives the Carpenter card."""
    game = position(RULES, 2, hands={0: ["crane"]}, cities={0: ["carpenter", "quarry"]}, supply_top=["tower"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="crane")
    assert hand(game, 0) == ["tower"]


def test_carpenter_card_cannot_pay_for_the_building():
    """A non-Builder with a Statue and 2 other cards cannot pay 3: the Carpenter card comes too late."""
    game = position(RULES, 2, hands={0: ["statue", "hero", "palace"]}, cities={0: ["carpenter"]},
                    supply_top=["crane"], start_player=1)
    act(game, "choose_role", role="builder")
    assert "statue" not in options_of(game, "build", "card")


def test_carpenter_nothing_for_production_buildings():
    game = position(RULES, 2, hands={0: ["sugar_mill", "hero"]}, cities={0: ["carpenter"]}, supply_top=["crane"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="sugar_mill")
    assert hand(game, 0) == []


def test_carpenter_not_for_itself():
    """Not on the turn the Carpenter itself is built (seed 000: 建設木工坊的那一輪也不能立即生效)."""
    game = position(RULES, 2, hands={0: ["carpenter", "hero", "palace"]}, supply_top=["crane"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="carpenter")           # 3 - 1 = 2
    assert hand(game, 0) == [] and "carpenter" in city(game, 0)


# ====================================================================== Prefecture 官邸
def test_prefecture_non_councillor_keeps_both():
    """Prefecture: keep 2 cards instead of 1: a non-Councillor 2 of 2, the Councillor 2 of 5 (seed 000)."""
    game = position(RULES, 2, cities={1: ["prefecture"]},
                    supply_top=["smithy", "crane", "tower", "quarry", "library", "hero", "palace"])
    act(game, "choose_role", role="councillor")
    act(game, "keep", card="library")
    # 2 of 2: nothing to choose, both are kept without a question; the next role choice is pending
    assert hand(game, 1) == ["hero", "palace"]
    assert len(zone(game, "discard")) == 4
    assert game.prompt == "choose_role" and game.current_player == 1


def test_prefecture_costs_three():
    """The 1st-edition Prefecture costs 3 (REFERENCE 1.5 [C]: one 2nd-edition list prints 4; the seed's
    deck is the 1st edition): a non-Builder pays it with 3 cards."""
    game = position(RULES, 2, hands={0: ["prefecture", "statue", "hero", "palace"]}, start_player=1)
    act(game, "choose_role", role="builder")
    act(game, "build", card="prefecture")
    assert hand(game, 0) == [] and "prefecture" in city(game, 0)


def test_prefecture_councillor_keeps_two_of_five():
    game = position(RULES, 2, cities={0: ["prefecture"]},
                    supply_top=["smithy", "crane", "tower", "quarry", "library", "hero", "palace"])
    act(game, "choose_role", role="councillor")
    act(game, "keep", card="library")
    assert options_of(game, "keep", "card") == {"smithy", "crane", "tower", "quarry"}
    act(game, "keep", card="crane")
    assert hand(game, 0) == ["crane", "library"] and len(zone(game, "discard")) == 3


# ====================================================================== Market Hall 交易大廳
def test_market_hall_one_extra_card_once_per_phase():
    """Market Hall: selling at least 1 good gives 1 extra card, however many are sold
    (seed 000: 不管賣出多少產品都只能額外獲得1張)."""
    game = trade_position({0: ["market_hall"]})
    act(game, "choose_role", role="trader")
    sell(game, "coffee_roaster")                   # 2 (tile 1-1-1-2-2)
    sell(game, "sugar_mill")                       # 1
    assert len(hand(game, 0)) == 2 + 1 + 1


def test_market_hall_one_sale():
    game = trade_position({1: ["market_hall"]})
    act(game, "choose_role", role="trader")
    decline(game, "sell")
    sell(game, "indigo_plant")                     # 1 + 1
    assert len(hand(game, 1)) == 2


def test_market_hall_nothing_without_a_sale():
    game = trade_position({1: ["market_hall"]})
    act(game, "choose_role", role="trader")
    decline(game, "sell")
    decline(game, "sell")
    assert hand(game, 1) == []


# ====================================================================== Quarry 採石場
def test_quarry_violet_buildings_cost_one_less():
    """Quarry: violet buildings cost the owner 1 less, production buildings do not."""
    game = position(RULES, 2, hands={0: ["statue", "tobacco_storage", "hero"]}, cities={0: ["quarry"]},
                    start_player=1)
    act(game, "choose_role", role="builder")
    assert options_of(game, "build", "card") == {"statue"}     # 3 - 1 = 2; tobacco still 3
    act(game, "build", card="statue")
    assert hand(game, 0) == []


def test_quarry_builder_builds_a_crane_for_free():
    """Seed 000 example: 一名擁有採石場的建築工可以免費建造一個起重機 (2 - 1 - 1 = 0)."""
    game = position(RULES, 2, hands={0: ["crane", "hero"]}, cities={0: ["quarry"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="crane")
    assert hand(game, 0) == ["hero"] and "crane" in city(game, 0)


# ====================================================================== Library 圖書館
def test_library_councillor_draws_eight():
    """Library: the chooser's privilege is doubled: the Councillor draws 2 + 6 = 8 (seed 000: 議員可以摸8張牌來選)."""
    top = ["smithy", "crane", "tower", "quarry", "statue", "hero", "palace", "chapel"]
    game = position(RULES, 3, cities={0: ["library"]}, supply_top=top)
    act(game, "choose_role", role="councillor")
    assert options_of(game, "keep", "card") == set(top)
    act(game, "keep", card="palace")
    assert hand(game, 0) == ["palace"]
    assert set(top) - {"palace"} <= set(discard(game))


def test_library_builder_two_less():
    game = position(RULES, 3, hands={0: ["hero", "statue", "palace", "tower"]}, cities={0: ["library"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="hero")                # 5 - 2 = 3: everything else
    assert hand(game, 0) == [] and "hero" in city(game, 0)
    game = position(RULES, 3, hands={0: ["tobacco_storage", "statue"]}, cities={0: ["library"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="tobacco_storage")     # 3 - 2 = 1
    assert hand(game, 0) == []


def test_library_producer_three():
    game = position(RULES, 3, cities={0: ["library", "indigo_plant", "sugar_mill", "coffee_roaster",
                                          "silver_smelter"]})
    act(game, "choose_role", role="producer")
    for building in ("indigo_plant", "sugar_mill", "coffee_roaster"):
        act(game, "produce", building=building)
    assert goods_count(game, 0) == 3 and game.current_player == 1


def test_library_trader_three():
    cities = {0: ["library", "indigo_plant", "sugar_mill", "coffee_roaster", "silver_smelter"]}
    game = position(RULES, 3, cities=cities,
                    goods={0: dict(zip(cities[0][1:], ["statue", "hero", "palace", "tower"]))})
    act(game, "choose_role", role="trader")
    for building in ("indigo_plant", "sugar_mill", "coffee_roaster"):
        sell(game, building)
    assert goods_count(game, 0) == 1 and game.current_player == 1


def test_library_with_aqueduct_producer_four_and_trading_post_trader_four():
    """Seed 000: 一名擁有圖書館的生產者玩家可以最多生產4件產品; 一名擁有圖書館的商人玩家可以賣出4件產品."""
    five = ["indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster", "silver_smelter"]
    game = position(RULES, 3, cities={0: ["library", "aqueduct"] + five})
    act(game, "choose_role", role="producer")
    for building in five[:4]:
        act(game, "produce", building=building)
    assert goods_count(game, 0) == 4 and game.current_player == 1
    game = position(RULES, 3, cities={0: ["library", "trading_post"] + five},
                    goods={0: dict(zip(five, ["statue", "hero", "palace", "tower", "crane"]))})
    act(game, "choose_role", role="trader")
    for building in five[:4]:
        sell(game, building)
    assert goods_count(game, 0) == 1 and game.current_player == 1


def test_library_with_prefecture_councillor_eight_keep_two():
    """Seed 000: 擁有圖書館的議員玩家摸8選2."""
    top = ["smithy", "crane", "tower", "quarry", "statue", "hero", "palace", "chapel"]
    game = position(RULES, 3, cities={0: ["library", "prefecture"]}, supply_top=top)
    act(game, "choose_role", role="councillor")
    assert options_of(game, "keep", "card") == set(top)
    act(game, "keep", card="hero")
    act(game, "keep", card="palace")
    assert hand(game, 0) == ["hero", "palace"]


def test_library_prospector_two():
    game = position(RULES, 3, cities={0: ["library"]}, supply_top=["hero", "statue", "palace"])
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero", "statue"]


def test_library_only_for_the_chooser():
    game = position(RULES, 3, cities={1: ["library"]}, supply_top=["hero", "statue", "palace"])
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero"] and hand(game, 1) == []


def test_library_two_players_once_per_round_governor_chooses():
    """With 2 players the Library works once per round; the Governor decides which of his two roles it
    doubles (seed 000: 長官玩家自己選擇是在第一個角色使用還是第二個角色使用)."""
    game = position(RULES, 2, hands={0: ["hero", "statue", "palace"]},
                    cities={0: ["library", "indigo_plant", "sugar_mill", "coffee_roaster", "silver_smelter"], 1: []})
    act(game, "choose_role", role="builder")
    assert game.prompt == "use_library" and game.current_player == 0
    decline(game, "use_library")                   # keep it for the Producer
    # only the normal privilege: the hero costs 4 and he holds 2 other cards
    assert options_of(game, "build", "card") == {"statue"}
    decline(game, "build")
    act(game, "choose_role", role="prospector")    # seat 1
    act(game, "choose_role", role="producer")      # seat 0 again
    assert game.prompt == "use_library"
    act(game, "use_library", use="double")
    for building in ("indigo_plant", "sugar_mill", "coffee_roaster"):
        act(game, "produce", building=building)
    assert goods_count(game, 0) == 3


def test_library_two_players_used_once_not_again():
    game = position(RULES, 2, cities={0: ["library", "indigo_plant", "sugar_mill", "coffee_roaster",
                                          "silver_smelter"], 1: []},
                    supply_top=["hero", "statue", "palace"])
    act(game, "choose_role", role="prospector")
    act(game, "use_library", use="double")
    assert hand(game, 0) == ["hero", "statue"]
    act(game, "choose_role", role="builder")       # seat 1
    act(game, "choose_role", role="producer")      # seat 0: no Library this round any more
    assert game.prompt == "produce"
    act(game, "produce", building="indigo_plant")
    act(game, "produce", building="sugar_mill")
    assert goods_count(game, 0) == 2 and game.prompt == "choose_role"   # round 2 already


def test_library_two_players_next_round_again():
    game = position(RULES, 2, cities={0: ["library"], 1: []}, supply_top=["hero", "statue", "palace", "crane",
                                                                       "smithy"])
    act(game, "choose_role", role="prospector")
    act(game, "use_library", use="double")
    act(game, "choose_role", role="builder")
    act(game, "choose_role", role="trader")        # round 1 is over; seat 1 is the Governor
    act(game, "choose_role", role="builder")
    act(game, "choose_role", role="prospector")    # seat 0: the Library is fresh again this round
    assert game.prompt == "use_library"
    act(game, "use_library", use="double")
    assert len(hand(game, 0)) == 4


# ====================================================================== Monuments
@pytest.mark.parametrize("monument, vp", [("statue", 3), ("victory_column", 4), ("hero", 5)])
def test_monuments_score_their_vp(monument, vp):
    """Statue / Victory Column / Hero: no function, 3 / 4 / 5 VP; one of each per player (seed 000)."""
    game = position(RULES, 2, hands={0: [monument, "palace", "tower", "quarry", "library", "smithy"]},
                    cities={0: ["indigo_plant", monument]})
    assert points(game, 0)["total"] == 1 + vp
    act(game, "choose_role", role="builder")
    assert monument not in options_of(game, "build", "card")


# ====================================================================== 6-cost buildings
def test_guild_hall_two_per_production_building():
    """Guild Hall: +2 VP per production building (1st edition, seed 000: 每個生產型建築額外獲得2點VP)."""
    game = position(RULES, 2, cities={0: ["guild_hall", "indigo_plant", "indigo_plant", "sugar_mill", "statue"]})
    s = points(game, 0)
    assert s["parts"]["guild_hall"] == 6
    assert s["total"] == 0 + 1 + 1 + 1 + 3 + 6


def test_city_hall_one_per_violet_building_itself_included():
    """City Hall: +1 VP per violet building, itself included (seed 000: 市政廳本身也算在內)."""
    game = position(RULES, 2, cities={0: ["city_hall", "statue", "smithy", "indigo_plant", "sugar_mill"]})
    s = points(game, 0)
    assert s["parts"]["city_hall"] == 3
    assert s["total"] == 0 + 3 + 1 + 1 + 1 + 3


@pytest.mark.parametrize("monuments, bonus", [([], 0), (["statue"], 4), (["statue", "hero"], 6),
                                              (["statue", "victory_column", "hero"], 8)])
def test_triumphal_arch_four_six_eight(monuments, bonus):
    """Triumphal Arch: +4 / +6 / +8 VP for 1 / 2 / 3 monuments (seed 000)."""
    game = position(RULES, 2, cities={0: ["triumphal_arch", "indigo_plant"] + monuments})
    vp = {"statue": 3, "victory_column": 4, "hero": 5}
    s = points(game, 0)
    assert s["parts"].get("triumphal_arch", 0) == bonus
    assert s["total"] == 1 + sum(vp[m] for m in monuments) + bonus


def test_palace_computed_last():
    """Palace: +1 VP per full 4 VP of everything else, chapel cards and other bonuses included; it is
    computed last (seed 000: 該計算在最後進行,就是計算完禮拜堂、市政廳、工會大廳、凱鏇門的VP後進行)."""
    game = position(RULES, 2, cities={0: ["palace", "city_hall", "chapel", "statue", "indigo_plant"]}, tucked={0: 3})
    s = points(game, 0)
    # buildings 0 + 0 + 2 + 3 + 1 = 6, chapel 3, city hall 4 violet -> 13 -> Palace +3
    assert s["parts"]["buildings"] == 6 and s["parts"]["chapel"] == 3 and s["parts"]["city_hall"] == 4
    assert s["parts"]["palace"] == 3
    assert s["total"] == 16


def test_palace_rounds_down():
    game = position(RULES, 2, cities={0: ["palace", "statue", "indigo_plant", "indigo_plant", "indigo_plant"]})
    s = points(game, 0)          # 6 other VP -> 1
    assert s["parts"]["palace"] == 1 and s["total"] == 7


# ====================================================================== effects start after the builder phase
def test_violet_building_works_right_after_its_builder_phase():
    """A violet building works from the end of the builder phase in which it was built: a Library built in
    the Builder phase doubles the Governor's next role in the same round (seed 000)."""
    game = position(RULES, 2, hands={0: ["library", "hero", "statue", "palace", "tower"]},
                    cities={0: ["indigo_plant", "sugar_mill", "coffee_roaster"], 1: []})
    act(game, "choose_role", role="builder")
    act(game, "build", card="library")             # 5 - 1 = 4 cards
    assert "library" in city(game, 0) and hand(game, 0) == []
    act(game, "choose_role", role="trader")        # seat 1
    act(game, "choose_role", role="producer")      # seat 0
    assert game.prompt == "use_library"
    act(game, "use_library", use="double")
    for building in ("indigo_plant", "sugar_mill", "coffee_roaster"):
        act(game, "produce", building=building)
    assert goods_count(game, 0) == 3


def test_quarry_does_not_discount_itself():
    """A Quarry is not active while it is being paid for: it costs the Builder 4 - 1 = 3, not 2."""
    game = position(RULES, 2, hands={0: ["quarry", "hero", "statue"]})
    act(game, "choose_role", role="builder")
    assert "quarry" not in options_of(game, "build", "card")
