"""San Juan 1897 (seed 002; REFERENCE §1.2, §1.5, §3.2): every role, privilege and violet card's effect played out in
the 1897 deck (corn, fruit, sugar, tobacco, coffee), the game end and the tie-break. Expected values are the
rulebook's; the example cards of seed 002 are used where it gives one. Printed costs, VP and copies are in
test_printed_tables.py; the worked examples of seed 002 (Customs House, Conference Hall, ...) in test_1897.py."""
import pytest

import boardrules
from positions import act, city, decline, goods_count, hand, options_of, position as _position, sell, zone

RULES = boardrules.load("san_juan_1897")
_OPTIONS = [{}]


@pytest.fixture(autouse=True, params=[{}, {"new_buildings": True}], ids=["1897", "1897+new_buildings"])
def edition(request):
    """Every rule here holds with and without the New Buildings expansion (seed 002: the expansion adds cards and
    changes nothing of the base game's rules)."""
    _OPTIONS[0] = request.param
    yield
    _OPTIONS[0] = {}


def position(rules, players, **kw):
    return _position(rules, players, options=_OPTIONS[0], **kw)
CORN, FRUIT, SUGAR, TOBACCO, COFFEE = ("corn_granary", "fruit_warehouse", "sugar_factory", "tobacco_warehouse",
                                       "coffee_roastery")
TILES = ["tile_a", "tile_b", "tile_c", "tile_d", "tile_e"]     # tile_a first: 1-1-1-2-2 (REFERENCE §1.2)


def points(game, seat):
    return game.scores()[seat]


def trade_position(extra):
    """Seat 0 and seat 1 each hold goods on corn, sugar and coffee; tile 1-1-1-2-2 is flipped first."""
    base = [CORN, SUGAR, COFFEE]
    return position(RULES, 2, cities={0: base + extra.get(0, []), 1: base + extra.get(1, [])},
                    goods={0: {CORN: "statue", SUGAR: "hero", COFFEE: "palace"},
                           1: {CORN: "statue", SUGAR: "hero", COFFEE: "palace"}}, price_tiles=TILES)


# ============================================================================================ roles (§1.2)
def test_architect_privilege_one_less_others_full_cost():
    """Architect 建築師: everyone may build; the chooser pays 1 less. A Statue (3): seat 0 pays 2; seat 1, with 2
    other cards, cannot build it, but can build the Factory (2)."""
    game = position(RULES, 2, hands={0: ["statue", "hero", "palace"], 1: ["statue", "tower", "well"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="statue")
    assert hand(game, 0) == [] and "statue" in city(game, 0)
    assert game.current_player == 1 and options_of(game, "build", "card") == {"well"}


def test_manufacturer_chooser_produces_two_others_one():
    game = position(RULES, 2, cities={0: [CORN, FRUIT, SUGAR], 1: [CORN, FRUIT]})
    act(game, "choose_role", role="producer")
    act(game, "produce", building=CORN)
    act(game, "produce", building=SUGAR)
    assert goods_count(game, 0) == 2 and game.current_player == 1
    act(game, "produce", building=FRUIT)
    assert goods_count(game, 1) == 1 and game.prompt == "choose_role"


def test_trader_chooser_sells_two_others_one_at_the_flipped_tile():
    """Tile 1-1-1-2-2: coffee 2, sugar 1, corn 1."""
    game = trade_position({})
    act(game, "choose_role", role="trader")
    sell(game, COFFEE)
    sell(game, SUGAR)
    assert len(hand(game, 0)) == 2 + 1 and game.current_player == 1
    sell(game, COFFEE)
    assert len(hand(game, 1)) == 2 and goods_count(game, 1) == 2 and game.prompt == "choose_role"


def test_recruiter_chooser_draws_five_keeps_one_others_two_keep_one():
    top = ["smithy", "crane", "tower", "quarry", "library", "hero", "palace"]
    game = position(RULES, 2, supply_top=top)
    act(game, "choose_role", role="councillor")
    assert options_of(game, "keep", "card") == set(top[:5])
    act(game, "keep", card="library")
    assert options_of(game, "keep", "card") == {"hero", "palace"}
    act(game, "keep", card="hero")
    assert hand(game, 0) == ["library"] and hand(game, 1) == ["hero"] and len(zone(game, "discard")) == 5


def test_explorer_only_the_chooser_draws_one():
    game = position(RULES, 3, supply_top=["hero", "statue"])
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero"] and hand(game, 1) == hand(game, 2) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fair_start_draws_five_six_seven_eight_and_keeps_four(players):
    """REFERENCE §1.1 (fair start, seeds 000 and 002): from the Governor the players draw 5, 6, 7 and 8 cards and
    each keeps 4."""
    game = RULES.new_game(players=players, seed=5, options={"fair_start": True, **_OPTIONS[0]})
    governor = game.to_json()["start_player"]
    for k in range(players):
        seat = (governor + k) % players
        assert game.prompt == "discard" and game.current_player == seat and len(hand(game, seat)) == 5 + k
        for _ in range(1 + k):
            game.apply(game.legal_actions()[0])
        assert len(hand(game, seat)) == 4
    assert game.prompt == "choose_role" and game.current_player == governor
    total = 112 + (29 if _OPTIONS[0] else 0)         # REFERENCE §3.2 / §3.3 (the Cathedral lies beside the roles)
    assert len(zone(game, "supply")) == total - players - sum(5 + k for k in range(players))


def test_hand_limit_seven_at_round_start():
    eight = ["statue", "hero", "palace", "crane", "smithy", "library", "quarry", "tower"]
    seven = ["well", "chapel", "archive", "aqueduct", "carpenter", "prefecture", "market_hall"]
    game = position(RULES, 2, hands={0: eight, 1: seven}, round_start=True)
    assert game.prompt == "discard" and game.current_player == 0
    act(game, "discard", card="statue")
    assert len(hand(game, 0)) == 7 and game.prompt == "choose_role"      # seat 1's 7 are allowed


# ============================================================================================ violet (§1.5)
def test_distillery_production_one_less_violet_full():
    """Distillery 酒廠 (Smithy): production buildings cost its owner 1 less; violet buildings do not."""
    game = position(RULES, 2, hands={1: [SUGAR, "statue", "hero", "palace"]}, cities={1: [CORN, "smithy"]})
    act(game, "choose_role", role="builder")
    assert options_of(game, "build", "card") == {SUGAR, "statue"}
    game = position(RULES, 2, hands={1: [SUGAR, "statue", "hero"]}, cities={1: [CORN, "smithy"]})
    act(game, "choose_role", role="builder")
    assert options_of(game, "build", "card") == {SUGAR}          # sugar mill 3 - 1 = 2; the Statue still 3


def test_gold_mine_only_for_whoever_picked_the_explorer():
    """Gold Mine 金礦: in the Explorer phase, only for the player who picked the Explorer (REFERENCE §1.5)."""
    revealed = ["quarry", "gold_mine", SUGAR, "library"]
    game = position(RULES, 2, cities={1: [CORN, "gold_mine"]}, supply_top=["hero"] + revealed)
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero"] and hand(game, 1) == [] and zone(game, "discard") == []
    assert game.prompt == "choose_role"


def test_gold_mine_keeps_only_the_cheapest_not_any():
    """1897: the owner keeps the cheapest card, not one of his choice (seed 002, REFERENCE §1.5)."""
    game = position(RULES, 2, cities={0: [CORN, "gold_mine"]},
                    supply_top=["hero", "library", TOBACCO, "smithy", FRUIT])     # costs 5, 4, 1, 2
    act(game, "choose_role", role="prospector")
    assert options_of(game, "keep", "card") == {"smithy"}


def test_notary_recruiter_cards_into_hand_discard_from_the_whole_hand():
    """Notary 公證處 (Archive): the drawn cards go into the hand; the owner discards from his whole hand."""
    game = position(RULES, 2, hands={1: ["statue"]}, cities={1: [CORN, "archive"]},
                    supply_top=["smithy", "crane", "tower", "quarry", "library", "hero", "palace"])
    act(game, "choose_role", role="councillor")
    act(game, "keep", card="smithy")
    assert game.current_player == 1 and options_of(game, "discard", "card") == {"hero", "palace", "statue"}
    act(game, "discard", card="statue")
    assert hand(game, 1) == ["hero", "palace"]


def test_hospital_draws_when_at_most_one_card_left_after_building():
    """Hospital 醫院 (Poor House): after building, an owner with 0 or 1 hand card draws 1."""
    game = position(RULES, 2, hands={0: [FRUIT, "statue", "hero"]}, cities={0: [CORN, "poor_house"]},
                    supply_top=["crane"])
    act(game, "choose_role", role="builder")
    act(game, "build", card=FRUIT)                   # 2 - 1 = 1 card: 1 left
    act(game, "pay", card="statue")
    assert hand(game, 0) == ["crane", "hero"]
    game = position(RULES, 2, hands={0: [CORN, "statue", "hero"]}, cities={0: [CORN, "poor_house"]},
                    supply_top=["crane"])
    act(game, "choose_role", role="builder")
    act(game, "build", card=CORN)                    # free: 2 left, nothing drawn
    assert hand(game, 0) == ["hero", "statue"]


def test_underground_market_pays_with_at_most_two_goods():
    """Underground Market 地下市場 (Black Market): 1 or 2 of his goods pay 1 card each, never 3."""
    game = position(RULES, 2, hands={1: ["hero", "statue"]},
                    cities={1: [CORN, FRUIT, SUGAR, "black_market"]},
                    goods={1: {CORN: "smithy", FRUIT: "well", SUGAR: "crane"}})
    act(game, "choose_role", role="builder")
    assert "hero" not in options_of(game, "build", "card")       # 5: 1 card + 2 goods = 3 only
    game = position(RULES, 2, hands={1: ["statue", "tower"]}, cities={1: [CORN, FRUIT, "black_market"]},
                    goods={1: {CORN: "smithy", FRUIT: "well"}})
    act(game, "choose_role", role="builder")
    assert options_of(game, "build", "card") == {"statue", "tower"}   # 3 = 1 card + 2 goods


def test_trading_post_sells_one_more():
    """Trading Post 交易站: a non-Trader sells 2."""
    game = trade_position({1: ["trading_post"]})
    act(game, "choose_role", role="trader")
    decline(game, "sell")
    sell(game, COFFEE)
    assert game.current_player == 1 and game.prompt == "sell"
    sell(game, SUGAR)
    assert goods_count(game, 1) == 1 and len(hand(game, 1)) == 2 + 1 and game.prompt == "choose_role"


def test_factory_draws_after_two_goods():
    """Factory 工廠 (Well): an owner who produced 2 or more goods draws 1; 1 good: nothing."""
    game = position(RULES, 2, cities={0: [CORN, FRUIT, "well"]}, supply_top=["hero", "statue", "palace"])
    act(game, "choose_role", role="producer")
    act(game, "produce", building=CORN)
    act(game, "produce", building=FRUIT)
    assert hand(game, 0) == ["palace"]
    game = position(RULES, 2, cities={1: [CORN, FRUIT, "well"]}, supply_top=["hero", "statue", "palace"])
    act(game, "choose_role", role="producer")
    act(game, "produce", building=CORN)              # seat 1, not the Manufacturer: 1 good
    assert hand(game, 1) == []


def test_small_market_draws_after_two_sales():
    """Small Market 小型市集 (Market Stand): 2 or more sales: 1 more card."""
    game = trade_position({0: ["market_stand"]})
    act(game, "choose_role", role="trader")
    sell(game, COFFEE)
    sell(game, SUGAR)
    assert len(hand(game, 0)) == 2 + 1 + 1
    game = trade_position({1: ["market_stand"]})
    act(game, "choose_role", role="trader")
    decline(game, "sell")
    sell(game, COFFEE)
    assert len(hand(game, 1)) == 2


def test_crane_cannot_cover_itself_or_the_same_building():
    """1897 crane wording (REFERENCE §3.2): any building except the Crane; no same-building replacement."""
    game = position(RULES, 2, hands={0: [SUGAR, "statue", "hero", "palace"]}, cities={0: [CORN, SUGAR, "crane"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="statue")
    assert options_of(game, "build_over", "covered") == {CORN, SUGAR}


def test_chapel_one_card_per_round_before_the_hand_limit():
    """Chapel 小教堂: at round start, before the hand limit, 1 card under it, 1 VP each."""
    eight = ["statue", "hero", "palace", "crane", "smithy", "library", "quarry", "tower"]
    game = position(RULES, 2, hands={0: eight}, cities={0: [CORN, "chapel"]}, round_start=True)
    assert game.prompt == "tuck"
    act(game, "tuck", card="palace")
    assert game.prompt == "choose_role" and len(hand(game, 0)) == 7      # no discard: 7 left
    assert points(game, 0)["parts"]["chapel"] == 1


def test_lighthouse_hand_limit_twelve():
    """Lighthouse 燈塔 (Tower): the owner's limit is 12."""
    thirteen = ["statue", "hero", "palace", "crane", "smithy", "library", "quarry", "chapel", "aqueduct", "well",
                "archive", "prefecture", "carpenter"]
    game = position(RULES, 2, hands={0: thirteen}, cities={0: [CORN, "tower"]}, round_start=True)
    assert game.prompt == "discard"
    act(game, "discard", card="statue")
    assert len(hand(game, 0)) == 12 and game.prompt == "choose_role"


def test_canal_produces_one_more():
    """Canal 運河 (Aqueduct): a non-Manufacturer produces 2, the Manufacturer 3."""
    game = position(RULES, 2, cities={0: [], 1: [CORN, FRUIT, SUGAR, "aqueduct"]})
    act(game, "choose_role", role="producer")       # seat 0 has no production building
    assert game.current_player == 1
    act(game, "produce", building=CORN)
    act(game, "produce", building=FRUIT)
    assert goods_count(game, 1) == 2 and game.prompt == "choose_role"
    game = position(RULES, 2, cities={0: [CORN, FRUIT, SUGAR, TOBACCO, "aqueduct"]})
    act(game, "choose_role", role="producer")
    for b in (CORN, FRUIT, SUGAR):
        act(game, "produce", building=b)
    assert goods_count(game, 0) == 3 and game.current_player == 1


def test_lumber_yard_draws_after_paying_for_a_violet_building_only():
    """Lumber Yard 伐木場 (Carpenter): 1 card after paying for a violet building; none for production."""
    game = position(RULES, 2, hands={0: ["statue", "hero", "palace"]}, cities={0: [CORN, "carpenter"]},
                    supply_top=["crane"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="statue")
    assert hand(game, 0) == ["crane"]
    game = position(RULES, 2, hands={0: [FRUIT, "hero"]}, cities={0: [CORN, "carpenter"]}, supply_top=["crane"])
    act(game, "choose_role", role="builder")
    act(game, "build", card=FRUIT)
    assert hand(game, 0) == []


def test_resort_keeps_two():
    """Resort 渡假村 (Prefecture): keep 2 instead of 1 (2 of 2 for a non-Recruiter, 2 of 5 for the Recruiter)."""
    top = ["smithy", "crane", "tower", "quarry", "library", "hero", "palace"]
    game = position(RULES, 2, cities={1: [CORN, "prefecture"]}, supply_top=top)
    act(game, "choose_role", role="councillor")
    act(game, "keep", card="library")
    assert hand(game, 1) == ["hero", "palace"]
    game = position(RULES, 2, cities={0: [CORN, "prefecture"]}, supply_top=top)
    act(game, "choose_role", role="councillor")
    act(game, "keep", card="library")
    act(game, "keep", card="crane")
    assert hand(game, 0) == ["crane", "library"]


def test_large_market_one_extra_card_once_per_phase():
    """Large Market 大型市集 (Market Hall): 1 more card if he sold, however many he sold; none if he sold nothing."""
    game = trade_position({0: ["market_hall"]})
    act(game, "choose_role", role="trader")
    sell(game, COFFEE)
    sell(game, SUGAR)
    assert len(hand(game, 0)) == 2 + 1 + 1
    game = trade_position({1: ["market_hall"]})
    act(game, "choose_role", role="trader")
    sell(game, COFFEE)
    sell(game, SUGAR)
    decline(game, "sell")
    assert hand(game, 1) == []


def test_building_supplies_violet_one_less_production_full():
    """Building Supplies 建材行 (Quarry): violet buildings cost its owner 1 less, production buildings do not."""
    game = position(RULES, 2, hands={1: [SUGAR, "statue", "hero", "palace"]}, cities={1: [CORN, "quarry"]})
    act(game, "choose_role", role="builder")
    game2 = position(RULES, 2, hands={1: [SUGAR, "statue", "hero"]}, cities={1: [CORN, "quarry"]})
    act(game2, "choose_role", role="builder")
    assert options_of(game, "build", "card") == {SUGAR, "statue"}
    assert options_of(game2, "build", "card") == {"statue"}       # statue 3 - 1 = 2; sugar mill still 3


def test_publishing_house_doubles_the_chooser_privilege():
    """Publishing House 出版公司 (Library): the chooser's privilege doubled: Explorer draws 2, Recruiter draws 8;
    not for a non-chooser."""
    game = position(RULES, 3, cities={0: [CORN, "library"], 1: [CORN, "library"]},
                    supply_top=["hero", "statue", "palace"])
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero", "statue"] and hand(game, 1) == []
    game = position(RULES, 3, cities={0: [CORN, "library"]})
    act(game, "choose_role", role="councillor")
    assert len(zone(game, "looking", 0)) == 2 + 3 + 3


def test_city_hall_one_per_violet_building_itself_included():
    """City Hall 市政廳: +1 per violet building (itself included); production buildings do not count."""
    game = position(RULES, 2, cities={0: [CORN, SUGAR, "statue", "well", "city_hall"]})
    assert points(game, 0)["parts"]["city_hall"] == 3


def test_city_square_four_six_eight():
    """City Square 城市廣場 (Triumphal Arch): 4 / 6 / 8 for 1 / 2 / 3 different monuments."""
    for monuments, bonus in ((["statue"], 4), (["statue", "hero"], 6), (["statue", "hero", "victory_column"], 8)):
        game = position(RULES, 2, cities={0: [CORN, "triumphal_arch"] + monuments})
        assert points(game, 0)["parts"]["triumphal_arch"] == bonus


def test_conference_hall_is_the_1897_rule_not_the_first_edition():
    """Conference Hall 會議廳: 1 per production building + 1 per kind (1st ed. would give 2 per building = 8)."""
    game = position(RULES, 2, cities={0: [CORN, CORN, FRUIT, COFFEE, "guild_hall"]})
    assert points(game, 0)["parts"]["guild_hall"] == 4 + 3


# ============================================================================================ end and tie-break
ELEVEN = [CORN] * 4 + [FRUIT] * 7


def test_game_ends_after_the_architect_phase_with_a_twelfth_building():
    """REFERENCE §1.2, seed 002: the game ends at the end of the Architect phase in which someone has 12 buildings;
    the others still build in that phase; the round is not finished."""
    game = position(RULES, 3, hands={0: [CORN], 1: [CORN, "statue"]}, cities={0: ELEVEN})
    act(game, "choose_role", role="builder")
    act(game, "build", card=CORN)
    assert not game.is_over and game.current_player == 1
    act(game, "build", card=CORN)
    assert game.is_over and game.legal_actions() == []
    assert city(game, 1) == [CORN, CORN]
    assert [s["total"] for s in game.scores()] == [4 + 7 + 1, 2, 1] and game.winners() == [0]


def test_eleven_buildings_do_not_end_the_game():
    game = position(RULES, 2, hands={0: [CORN]}, cities={0: ELEVEN[:10]})
    act(game, "choose_role", role="builder")
    act(game, "build", card=CORN)
    assert not game.is_over and game.prompt == "choose_role"


def test_tie_break_hand_cards_plus_goods():
    """Equal points: most hand cards plus goods wins (REFERENCE §1.2, seed 002)."""
    game = position(RULES, 2, hands={0: [CORN, "tower", "smithy"], 1: ["palace", "guild_hall"]},
                    cities={0: ELEVEN, 1: ["hero", "victory_column", "statue"]}, goods={0: {CORN: "crane"}})
    act(game, "choose_role", role="builder")
    act(game, "build", card=CORN)
    assert game.is_over and [s["total"] for s in game.scores()] == [12, 12]
    assert game.winners() == [0]                      # 2 cards + 1 good against 2 cards
