"""San Juan 1897 with the New Buildings expansion (option new_buildings; seed 002, REFERENCE §3.2-3.3): the rules of
the new cards that tests/test_1897.py does not reach yet, each played out as the rulebook words it. Printed costs,
VP and copies: test_printed_tables.py."""
import boardrules
from positions import act, city, decline, goods_count, hand, options_of, position, sell

RULES = boardrules.load("san_juan_1897")
NB = {"new_buildings": True}
CORN, FRUIT, SUGAR = "corn_granary", "fruit_warehouse", "sugar_factory"
TILES = ["tile_a", "tile_b", "tile_c", "tile_d", "tile_e"]


def points(game, seat):
    return game.scores()[seat]


def with_cathedral(game, seat):
    """The Cathedral moved from beside the roles into a seat's city (as if built)."""
    d = game.to_json()
    d["zones"]["city"][seat].append(d["zones"]["cathedral_spot"][0].pop())
    return RULES.game_from_json(d, check_history=False)


# ------------------------------------------------------------------------------------------------ School 學校
def test_school_not_in_the_builder_phase_it_was_built():
    """REFERENCE §3.3 (seed 002): the School draws at the end of every builder phase except the one in which it was
    built. Seat 0 builds it as his 2nd building while both others have 3: strictly fewest, yet no card."""
    game = position(RULES, 3, hands={0: ["school", "statue", "hero"]},
                    cities={0: [CORN], 1: [CORN, "well", "tower"], 2: [CORN, "well", "tower"]},
                    options=NB, supply_top=["palace"])
    act(game, "choose_role", role="builder")
    act(game, "build", card="school")                # 3 - 1 = 2 cards
    while game.prompt == "pay":
        game.apply(game.legal_actions()[0])
    assert game.prompt == "choose_role" and "school" in city(game, 0)
    assert hand(game, 0) == []                       # the palace stays on the draw pile


def test_school_draws_in_a_later_builder_phase():
    """The same seat with the School already built: strictly fewest buildings at the phase end: 1 card."""
    game = position(RULES, 3, cities={0: [CORN, "school"], 1: [CORN, "well", "tower"], 2: [CORN, "well", "tower"]},
                    options=NB, supply_top=["palace"])
    act(game, "choose_role", role="builder")
    assert hand(game, 0) == ["palace"]


# ------------------------------------------------------------------------------------------------ Office 辦事處
def test_office_exchanges_one_or_two_cards_or_none():
    """REFERENCE §3.3: at round start the owner may discard 1-2 hand cards and draw as many (first of all effects)."""
    game = position(RULES, 2, hands={0: ["statue", "hero", "palace"]}, cities={0: [CORN, "office"]},
                    supply_top=["library", "archive"], options=NB, round_start=True)
    act(game, "exchange", card="statue")
    decline(game, "exchange")
    assert hand(game, 0) == ["hero", "library", "palace"]              # one out, one in
    game = position(RULES, 2, hands={0: ["statue", "hero", "palace"]}, cities={0: [CORN, "office"]},
                    supply_top=["library", "archive"], options=NB, round_start=True)
    act(game, "exchange", card="statue")
    act(game, "exchange", card="hero")
    assert "exchange" not in {a.kind for a in game.legal_actions()}    # at most two
    assert hand(game, 0) == ["archive", "library", "palace"]
    game = position(RULES, 2, hands={0: ["statue"]}, cities={0: [CORN, "office"]}, options=NB, round_start=True)
    decline(game, "exchange")
    assert hand(game, 0) == ["statue"]
    game = position(RULES, 2, hands={1: ["statue"]}, cities={0: [CORN, "office"]}, options=NB, round_start=True)
    assert "exchange" not in {a.kind for a in game.legal_actions()}    # only for its owner


# ------------------------------------------------------------------------------------------------ Customs Office
def test_customs_office_holds_at_most_one_good_and_adds_no_sale():
    """REFERENCE §3.3: a good on it at the start of each Recruiter phase (max 1 good, like any building); its good
    sells for 2 whatever the tile; it adds no extra sale (a non-Trader still sells 1)."""
    game = position(RULES, 2, cities={1: [CORN, "customs_office"]}, goods={1: {"customs_office": "statue",
                                                                               CORN: "hero"}},
                    options=NB, supply_top=["palace", "well", "tower", "smithy", "crane", "quarry", "chapel"],
                    price_tiles=TILES)
    act(game, "choose_role", role="councillor")
    assert goods_count(game, 1) == 2                  # already full: no second good
    while game.prompt == "keep":
        game.apply(game.legal_actions()[0])
    act(game, "choose_role", role="trader")           # seat 1 chooses the Trader: privilege, 2 sales
    sell(game, "customs_office")
    sell(game, CORN)
    assert len(hand(game, 1)) == 1 + 2 + 1            # kept 1 from the Recruiter; 2 for the good; corn 1


def test_customs_office_non_trader_sells_only_one():
    game = position(RULES, 2, cities={1: [CORN, "customs_office"]}, goods={1: {"customs_office": "statue",
                                                                               CORN: "hero"}},
                    options=NB, price_tiles=TILES)
    act(game, "choose_role", role="trader")           # seat 0 chooses; seat 1 is not the Trader
    assert game.current_player == 1
    sell(game, "customs_office")
    assert goods_count(game, 1) == 1 and len(hand(game, 1)) == 2 and game.prompt == "choose_role"


# ------------------------------------------------------------------------------------------------ Harbor 港口
def test_harbor_one_good_per_phase_scores_one():
    """REFERENCE §3.3: one of the goods the owner sold goes under the Harbor (not the discard pile), 1 VP each; the
    other goods sold are discarded."""
    game = position(RULES, 2, cities={0: [CORN, FRUIT, "harbor"]}, goods={0: {CORN: "statue", FRUIT: "hero"}},
                    options=NB, price_tiles=TILES)
    act(game, "choose_role", role="trader")
    sell(game, CORN)
    sell(game, FRUIT)
    s = points(game, 0)
    assert s["parts"]["chapel"] == 1 and s["total"] == 1 + 1 + 2 + 1
    game = position(RULES, 2, cities={0: [CORN, FRUIT], 1: [CORN, "harbor"]}, options=NB,
                    goods={0: {CORN: "statue"}}, price_tiles=TILES)
    act(game, "choose_role", role="trader")          # the Harbor's owner sells nothing: no card under it
    sell(game, CORN)
    assert points(game, 1)["parts"]["chapel"] == 0 and points(game, 0)["parts"]["chapel"] == 0


# ------------------------------------------------------------------------------------------------ Goldsmith 銀行
def test_goldsmith_acts_for_an_owner_who_did_not_pick_the_explorer():
    """The content's documented reading (notes on the Goldsmith: every Explorer phase, for every owner): seat 1 owns
    it, seat 0 picks the Explorer and draws; seat 1 reveals a card nobody has built and may keep it."""
    game = position(RULES, 2, cities={1: [CORN, "goldsmith"]}, supply_top=["hero", "library"], options=NB)
    act(game, "choose_role", role="prospector")
    assert game.current_player == 1 and options_of(game, "keep", "card") == {"library"}
    act(game, "keep", card="library")
    assert hand(game, 0) == ["hero"] and hand(game, 1) == ["library"]


def test_goldsmith_not_a_card_its_owner_built():
    """No player, the owner included, may have built it."""
    game = position(RULES, 2, cities={0: [CORN, "goldsmith", "statue"]}, supply_top=["hero", "statue"],
                    options=NB)
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero"]


# ------------------------------------------------------------------------------------------------ Guard Room 堡壘
def test_guard_room_owner_keeps_seven_without_it_all_keep_seven():
    """REFERENCE §3.3: with a Guard Room in play, players with neither a Guard Room nor a Tower keep 6; the owner 7.
    Without any Guard Room everybody keeps 7."""
    eight = ["statue", "hero", "palace", "tower", "well", "smithy", "crane", "quarry"]
    eight2 = ["archive", "poor_house", "black_market", "trading_post", "market_stand", "carpenter", "prefecture",
              "market_hall"]
    game = position(RULES, 2, hands={0: eight, 1: eight2}, cities={0: [CORN, "guard_room"]}, options=NB,
                    round_start=True)
    while game.prompt == "discard":
        game.apply(game.legal_actions()[0])
    assert [len(hand(game, s)) for s in range(2)] == [7, 6]
    game = position(RULES, 2, hands={0: eight, 1: eight2}, options=NB, round_start=True)
    while game.prompt == "discard":
        game.apply(game.legal_actions()[0])
    assert [len(hand(game, s)) for s in range(2)] == [7, 7]


# ------------------------------------------------------------------------------------------------ Residence 住宅
def test_residence_fifth_group_scores_nothing():
    """REFERENCE §3.3 (seed 002): groups of 3 buildings of one cost and different types: 4, 3, 2, 1, then 0.
    Five cost-1 groups (corn + two others each) score 4+3+2+1 = 10, not more."""
    ones = [CORN] * 5 + ["smithy"] * 3 + ["gold_mine"] * 3 + ["archive"] * 2 + ["guard_room"] * 2
    game = position(RULES, 2, cities={0: ones + ["residence"]}, options=NB)
    assert points(game, 0)["parts"]["residence"] == 10
    game = position(RULES, 2, cities={0: [CORN, CORN, CORN, "residence"]}, options=NB)
    assert points(game, 0)["parts"]["residence"] == 0     # three of one type are no group
    game = position(RULES, 2, cities={0: [CORN, "smithy", "gold_mine", "residence"]}, options=NB)
    assert points(game, 0)["parts"]["residence"] == 4


# ------------------------------------------------------------------------------------------------ Cathedral 主教座堂
def test_cathedral_counts_only_the_other_players_six_cost_buildings():
    """REFERENCE §3.3 (seed 002): 4/3/2/1 for the first four 6-cost buildings of the other players; own ones do
    not count."""
    for others, expected in (([], 0), (["palace"], 4), (["palace", "city_hall"], 7),
                             (["palace", "city_hall", "guild_hall"], 9)):
        game = position(RULES, 3, cities={0: [CORN, "triumphal_arch"], 1: [CORN] + others[:2],
                                          2: [CORN] + others[2:]}, options=NB)
        game = with_cathedral(game, 0)
        assert points(game, 0)["parts"]["cathedral"] == expected, others


def test_cathedral_is_built_from_beside_the_roles_at_full_cost():
    """Any player may build it instead of a hand card: a non-Architect pays 7 from his hand; it is then gone from
    beside the roles."""
    seven = ["statue", "hero", "palace", "tower", "well", "smithy", "crane"]
    game = position(RULES, 2, hands={1: seven}, options=NB)
    act(game, "choose_role", role="builder")
    assert game.current_player == 1 and "cathedral" in options_of(game, "build", "card")
    act(game, "build", card="cathedral")
    while game.prompt == "pay":
        game.apply(game.legal_actions()[0])
    assert "cathedral" in city(game, 1) and hand(game, 1) == []
    assert game.to_json()["zones"]["cathedral_spot"] == [[]]


def test_no_cathedral_without_the_expansion():
    seven = ["statue", "hero", "palace", "tower", "well", "smithy", "crane", "quarry"]
    game = position(RULES, 2, hands={1: seven})
    act(game, "choose_role", role="builder")
    assert "cathedral" not in options_of(game, "build", "card")


def test_customs_office_good_for_every_owner_and_it_pays_like_any_good():
    """REFERENCE §3.3: the good comes at the start of every Recruiter phase, whoever chose it; it is an ordinary good,
    so the Underground Market may pay with it: a Statue (3) with 1 card + 2 goods."""
    game = position(RULES, 2, cities={1: [CORN, "customs_office"]}, options=NB)
    act(game, "choose_role", role="councillor")       # seat 0 chooses
    assert goods_count(game, 1) == 1
    game = position(RULES, 2, hands={1: ["statue", "tower"]}, options=NB,
                    cities={1: [CORN, "customs_office", "black_market"]},
                    goods={1: {"customs_office": "hero", CORN: "well"}})
    act(game, "choose_role", role="builder")
    assert game.current_player == 1 and options_of(game, "build", "card") == {"statue", "tower"}
    game = position(RULES, 2, hands={1: ["statue", "tower"]}, options=NB, cities={1: [CORN, "black_market"]},
                    goods={1: {CORN: "well"}})
    act(game, "choose_role", role="builder")          # the control: one good only, 1 card + 1 good = 2
    assert game.current_player != 1 or "statue" not in options_of(game, "build", "card")


def test_every_hut_owner_draws_when_nobody_sold():
    game = position(RULES, 3, cities={1: [CORN, "hut"], 2: [CORN, "hut"]}, options=NB, supply_top=["hero", "statue"])
    act(game, "choose_role", role="trader")           # seat 0 chooses; no good anywhere
    assert hand(game, 0) == [] and hand(game, 1) == ["hero"] and hand(game, 2) == ["statue"]
