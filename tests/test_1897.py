"""San Juan 1897 (seed 002) and its New Buildings expansion (the option new_buildings), built on the 1st edition."""
import collections

import pytest

import boardrules
from playing import assert_every_card_once, play_random
from positions import act, city, cover, hand, options_of, position

RULES = boardrules.load("san_juan_1897")
NB = {"new_buildings": True}
TYPES = {t.id: t for t in RULES.cards}


def points(game, seat):
    return game.scores()[seat]


def counts(game):
    d = game.to_json()
    cards = [c for z, owners in d["zones"].items() if z != "box" for o in owners for c in o]
    cards += [c for p in d["piles"].values() for cs in p.values() for c in cs]
    return collections.Counter(c.split("#")[0] for c in cards)


# ---------------------------------------------------------------------------------------------- the edition
def test_components():
    c = counts(RULES.new_game(3, seed=1))
    production = {k: c[k] for k in ("corn_granary", "fruit_warehouse", "sugar_factory", "tobacco_warehouse",
                                     "coffee_roastery")}
    assert production == {"corn_granary": 10, "fruit_warehouse": 8, "sugar_factory": 9, "tobacco_warehouse": 9,
                          "coffee_roastery": 8}
    violet = sum(n for k, n in c.items() if "violet" in TYPES[k].tags)
    assert violet == 68 and "indigo_plant" not in c and "cathedral" not in c
    assert RULES.players == range(2, 5) and "new_buildings" in RULES.options


def test_names_follow_the_seed():
    assert TYPES["smithy"].name == {"en": "Distillery", "zh": "酒廠"}
    assert TYPES["victory_column"].name["zh"] == "凱旋門" and TYPES["triumphal_arch"].name["zh"] == "城市廣場"
    assert {r.id: r.name["zh"] for r in RULES.roles} == {"builder": "建築師", "producer": "製造商", "trader": "貿易商",
                                                         "councillor": "招募官", "prospector": "探險家"}


def test_everyone_starts_with_a_corn_granary():
    d = RULES.new_game(4, seed=2).to_json()
    assert all([c.split("#")[0] for c in owned] == ["corn_granary"] for owned in d["zones"]["city"])


def test_architect_with_distillery_and_publishing_house_builds_a_sugar_mill_free():
    """Seed 002 example: -1 privilege, -1 Distillery, doubled privilege -1 = -3 on production buildings."""
    game = position(RULES, 3, hands={0: ["sugar_factory"]}, cities={0: ["corn_granary", "smithy", "library"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="sugar_factory")
    assert "sugar_factory" in city(game, 0) and hand(game, 0) == []


def test_trader_example_sells_three_goods_for_seven_cards():
    """Seed 002: a Trader with a Trading Post and a Large Market sells corn, sugar and coffee on a tile that pays
    1, 2 and 3, and draws 1 more for the Large Market: 7 cards."""
    game = position(RULES, 3, cities={0: ["corn_granary", "sugar_factory", "coffee_roastery", "trading_post",
                                          "market_hall"]},
                    goods={0: {"corn_granary": "statue", "sugar_factory": "hero", "coffee_roastery": "palace"}},
                    price_tiles=["tile_c", "tile_a", "tile_b", "tile_d", "tile_e"])
    act(game, "choose_role", role="trader")
    for building in ("corn_granary", "sugar_factory", "coffee_roastery"):
        act(game, "sell", building=building, piles={"goods": 1})
    assert len(hand(game, 0)) == 7


def test_building_supplies_architect_builds_a_crane_free():
    game = position(RULES, 2, hands={0: ["crane"]}, cities={0: ["corn_granary", "quarry"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="crane")
    assert "crane" in city(game, 0)


@pytest.mark.parametrize("new,old,paid", [("palace", "chapel", 3), ("statue", "tobacco_warehouse", 0)])
def test_crane_examples(new, old, paid):
    """Seed 002: the Customs House (6) over the Chapel (3) costs 3; a Statue (3) over Tobacco Storage (4) costs 0
    and refunds nothing."""
    filler = ["coffee_roastery", "fruit_warehouse", "corn_granary", "fruit_warehouse"]
    game = position(RULES, 2, hands={0: ["hero"], 1: [new] + filler}, cities={1: ["corn_granary", "crane", old]})
    act(game, "choose_role", role="builder")         # seat 0 (the Architect) cannot build; seat 1 has no privilege
    before = len(hand(game, 1))
    act(game, "build", card=new)
    cover(game, old)
    while game.prompt == "pay":
        act(game, "pay", card=game.legal_actions()[0].args["card"])
    assert before - 1 - len(hand(game, 1)) == paid


@pytest.mark.parametrize("revealed,kept", [
    (["library", "carpenter", "smithy", "sugar_factory"], None),            # two cost 3: nothing kept
    (["quarry", "gold_mine", "sugar_factory", "library"], "gold_mine"),     # the cheapest is kept
])
def test_gold_mine_keeps_the_cheapest(revealed, kept):
    game = position(RULES, 2, cities={0: ["corn_granary", "gold_mine"]}, supply_top=["hero"] + revealed)
    act(game, "choose_role", role="prospector")      # draws the hero, then the Gold Mine reveals four
    if kept:
        assert {a.args.get("card") for a in game.legal_actions()} == {kept, None}
        act(game, "keep", card=kept)
    assert sorted(hand(game, 0)) == sorted(["hero"] + ([kept] if kept else []))


def test_underground_market_example():
    """Seed 002: building the Publishing House (5), Mary discards the goods on her corn granary and sugar mill and
    pays 3 cards from her hand."""
    game = position(RULES, 2, hands={1: ["library", "statue", "hero", "palace", "tower"]},
                    cities={1: ["corn_granary", "sugar_factory", "black_market"]},
                    goods={1: {"corn_granary": "smithy", "sugar_factory": "well"}}, start_player=1)
    act(game, "choose_role", role="builder")      # seat 1 is the Architect: 5 - 1 = 4 to pay
    act(game, "build", card="library")
    act(game, "pay", pile="goods", on="corn_granary")
    act(game, "pay", pile="goods", on="sugar_factory")
    act(game, "pay", card="statue")
    act(game, "pay", card="hero")
    assert hand(game, 1) == ["palace", "tower"] and "library" in city(game, 1)


def test_large_market_example_draws_four():
    game = position(RULES, 2, cities={0: ["corn_granary", "fruit_warehouse", "tobacco_warehouse", "market_hall"]},
                    goods={0: {"fruit_warehouse": "smithy", "tobacco_warehouse": "well"}}, price_tiles=["tile_c", "tile_a", "tile_b", "tile_d", "tile_e"])
    act(game, "choose_role", role="trader")
    act(game, "sell", building="fruit_warehouse", piles={"goods": 1})
    act(game, "sell", building="tobacco_warehouse", piles={"goods": 1})
    assert len(hand(game, 0)) == 1 + 2 + 1


def end_score(rules, buildings, tucked=0, options=None):
    game = position(rules, 2, cities={0: buildings}, tucked={0: tucked} if tucked else None, options=options)
    return points(game, 0)


def test_conference_hall_example():
    """3 corn granaries, 1 fruit warehouse, 2 sugar mills: 6 buildings + 3 kinds = 9."""
    s = end_score(RULES, ["corn_granary"] * 3 + ["fruit_warehouse"] + ["sugar_factory"] * 2 + ["guild_hall"])
    assert s["parts"]["guild_hall"] == 9


def test_city_hall_example():
    s = end_score(RULES, ["corn_granary", "poor_house", "aqueduct", "carpenter", "chapel", "quarry", "library",
                          "statue", "palace", "city_hall"])
    assert s["parts"]["city_hall"] == 9


def test_customs_house_example():
    """Seed 002 (海關大樓): Mary has 34 VP before her Customs House is counted; it adds 34 // 4 = 8, total 42, and it
    is counted last, after the Chapel cards and the Conference Hall bonus.
    Printed VP (REFERENCE §1.5): corn granary 1, Great Person 5, Triumphal Arch 4, Statue 3, Publishing House 3,
    Building Supplies 2, Chapel 2, Canal 2, Conference Hall and Customs House 0 = 22; the Conference Hall scores
    1 production building + 1 kind = 2; 10 cards under the Chapel: 22 + 2 + 10 = 34."""
    s = end_score(RULES, ["corn_granary", "guild_hall", "palace", "hero", "victory_column", "statue", "library",
                          "quarry", "chapel", "aqueduct"], tucked=10)
    assert s["parts"] == {"buildings": 22, "chapel": 10, "guild_hall": 2, "palace": 8}
    assert s["total"] == 42 and list(s["parts"])[-1] == "palace"
    # one card fewer under the Chapel: 33 // 4 = 8 still; three fewer: 31 // 4 = 7 (rounded down)
    assert end_score(RULES, ["corn_granary", "guild_hall", "palace", "hero", "victory_column", "statue", "library",
                             "quarry", "chapel", "aqueduct"], tucked=7)["parts"]["palace"] == 7


def test_city_square_example():
    s = end_score(RULES, ["corn_granary", "statue", "victory_column", "triumphal_arch"])
    assert s["parts"]["triumphal_arch"] == 6
    s = end_score(RULES, ["corn_granary", "statue", "victory_column", "triumphal_arch", "city_hall"])
    assert s["parts"]["triumphal_arch"] == 6 and s["parts"]["city_hall"] == 4


# ---------------------------------------------------------------------------------------------- New Buildings
def test_new_buildings_components():
    c = counts(RULES.new_game(3, seed=1, options=NB))
    new = {k: n for k, n in c.items() if "new_building" in TYPES[k].tags}
    assert sum(n for k, n in new.items() if k != "cathedral") == 29
    assert new["residence"] == 2 and new["cathedral"] == 1 and new["office"] == 3
    d = RULES.new_game(3, seed=1, options=NB).to_json()
    assert [c.split("#")[0] for c in d["zones"]["cathedral_spot"][0]] == ["cathedral"]


def test_park_examples():
    """Seed 002: the Publishing House (5) over the Park costs 0; the Cathedral (7) over the Park costs 1, and 0 for
    the Architect."""
    game = position(RULES, 2, hands={1: ["library", "statue"]}, cities={1: ["corn_granary", "crane", "park"]},
                    options=NB)
    act(game, "choose_role", role="councillor")
    act(game, "keep", card=game.legal_actions()[0].args["card"])
    act(game, "keep", card=game.legal_actions()[0].args["card"])
    act(game, "choose_role", role="prospector")
    act(game, "choose_role", role="builder")
    act(game, "pass", decision="build")
    act(game, "build", card="library")
    cover(game, "park")
    assert "library" in city(game, 1) and "statue" in hand(game, 1)

    game = position(RULES, 2, hands={0: []}, cities={0: ["corn_granary", "crane", "park"]}, options=NB)
    act(game, "choose_role", role="builder")
    act(game, "build", card="cathedral")             # from beside the roles, not from the hand
    cover(game, "park")           # 7 - 6 - 1 (Architect) = 0
    assert "cathedral" in city(game, 0)


@pytest.mark.parametrize("buildings,parts", [
    # seed 002 (住宅), Mary: 3 different cost-2 buildings (4) and 3 different cost-6 buildings (3) = 7; her three
    # cost-3 buildings are not all different. Printed VP 1+1+1+1+1+2+2+2 = 11; the Conference Hall 5 production
    # buildings + 3 kinds = 8; the Customs House (counted last): (11 + 8 + 7) // 4 = 6.
    (["corn_granary", "corn_granary", "fruit_warehouse", "black_market", "well", "sugar_factory", "sugar_factory",
      "aqueduct", "palace", "guild_hall", "residence"],
     {"buildings": 11, "chapel": 0, "guild_hall": 8, "residence": 7, "palace": 6}),
    # seed 002, Devin: the two corn granaries go into two different cost-1 groups: 4+3+2+1 = 10. Printed VP 12;
    # the City Hall counts his 9 violet buildings; the Customs House (12 + 9 + 10) // 4 = 7.
    (["corn_granary", "corn_granary", "archive", "gold_mine", "guard_room", "office", "carpenter", "sugar_factory",
      "aqueduct", "palace", "city_hall", "residence"],
     {"buildings": 12, "chapel": 0, "city_hall": 9, "residence": 10, "palace": 7}),
])
def test_residence_examples(buildings, parts):
    s = end_score(RULES, buildings, options=NB)
    assert s["parts"] == parts and s["total"] == sum(parts.values())
    assert list(s["parts"])[-1] == "palace"


def test_cathedral_example():
    """Others built 2 Conference Halls, 2 City Halls, a Residence and a Customs House: 4+3+2+1 = 10."""
    game = position(RULES, 3, cities={0: ["corn_granary"],
                                      1: ["corn_granary", "guild_hall", "city_hall", "residence"],
                                      2: ["corn_granary", "guild_hall", "city_hall", "palace"]}, options=NB)
    d = game.to_json()
    d["zones"]["city"][0].append(d["zones"]["cathedral_spot"][0].pop())
    game = RULES.game_from_json(d, check_history=False)
    assert points(game, 0)["parts"]["cathedral"] == 10
    assert points(game, 1)["parts"].get("cathedral") is None


def test_customs_office_holds_a_good_that_sells_for_two():
    game = position(RULES, 2, cities={0: ["corn_granary", "customs_office"]}, options=NB,
                    supply_top=["statue", "hero", "palace", "well", "tower", "smithy", "crane", "quarry"],
                    price_tiles=["tile_a", "tile_b", "tile_c", "tile_d", "tile_e"])
    act(game, "choose_role", role="councillor")      # the Customs Office takes the top card as a good first
    d = game.to_json()
    office = next(c for c in d["zones"]["city"][0] if c.startswith("customs_office"))
    assert [c.split("#")[0] for c in d["piles"]["goods"][office]] == ["statue"]
    act(game, "keep", card=game.legal_actions()[0].args["card"])
    act(game, "keep", card=game.legal_actions()[0].args["card"])
    act(game, "choose_role", role="trader")           # seat 1 chooses; it has no goods, so seat 0 sells at once
    before = len(hand(game, 1))
    act(game, "sell", building="customs_office", piles={"goods": 1})
    assert len(hand(game, 0)) == 1 + 2                 # 2 cards, whatever the tile says
    assert len(hand(game, 1)) == before


def test_harbor_keeps_one_sold_good_for_a_point():
    game = position(RULES, 2, cities={0: ["corn_granary", "fruit_warehouse", "harbor"]},
                    goods={0: {"corn_granary": "statue", "fruit_warehouse": "hero"}}, options=NB)
    act(game, "choose_role", role="trader")
    act(game, "sell", building="corn_granary", piles={"goods": 1})
    act(game, "sell", building="fruit_warehouse", piles={"goods": 1})
    d = game.to_json()
    harbor = next(c for c in d["zones"]["city"][0] if c.startswith("harbor"))
    assert len(d["piles"]["tucked"][harbor]) == 1
    assert points(game, 0)["parts"]["chapel"] == 1


def finish_round(game):
    """Plays the rest of the round with the simplest choices (roles in a fixed preference, declining when possible),
    stopping at the very start of the next round."""
    r = game.round
    while game.round == r and not game.is_over:
        legal = game.legal_actions()
        roles = [a for a in legal if a.kind == "choose_role"]
        passes = [a for a in legal if a.kind == "pass"]
        if roles:
            order = ["prospector", "trader", "producer", "councillor", "builder"]
            game.apply(min(roles, key=lambda a: order.index(a.args["role"])))
        else:
            game.apply(passes[0] if passes else legal[0])


def test_bank_once_per_game_any_number():
    """Seed 002 (教堂): once per game, at the start of a round before the hand limit, the Bank's owner may put any
    number of hand cards under it; each is 1 VP at the end. Round 1 he puts two of three; in round 2 the Bank is
    no longer offered, though he holds cards."""
    game = position(RULES, 2, hands={0: ["statue", "hero", "palace"], 1: ["tower", "well"]},
                    cities={0: ["corn_granary", "bank"]}, options=NB, round_start=True)
    assert game.current_player == 0 and options_of(game, "bank", "card") == {"statue", "hero", "palace"}
    act(game, "bank", card="statue")
    act(game, "bank", card="hero")
    assert options_of(game, "bank", "card") == {"palace"}          # any number: a third is still allowed
    act(game, "pass", decision="bank")
    assert hand(game, 0) == ["palace"]
    assert "bank" not in {a.kind for a in game.legal_actions()}    # the opponent has no Bank
    finish_round(game)                                              # seat 0 prospects: a card more in hand
    assert game.round == 2 and len(hand(game, 0)) == 2
    while game.prompt != "choose_role":                            # the whole round start of round 2
        assert "bank" not in {a.kind for a in game.legal_actions()}
        game.apply(game.legal_actions()[0])
    assert len(hand(game, 0)) == 2
    s = points(game, 0)
    assert s["parts"]["chapel"] == 2 and s["total"] == 1 + 2 + 2    # corn granary 1, Bank 2, two cards


def test_bank_not_yet_used_works_in_a_later_round():
    """The control for the test above: a Bank owner with no hand card at the start of round 1 has not used it;
    in round 2 (after prospecting a card) it is offered, and the card goes under it."""
    game = position(RULES, 2, hands={1: ["tower"]}, cities={0: ["corn_granary", "bank"]}, options=NB,
                    supply_top=["hero"], round_start=True)
    assert "bank" not in {a.kind for a in game.legal_actions()}
    finish_round(game)
    assert game.round == 2 and hand(game, 0) == ["hero"]
    while game.prompt != "choose_role" and "bank" not in {a.kind for a in game.legal_actions()}:
        game.apply(game.legal_actions()[0])
    assert game.current_player == 0 and options_of(game, "bank", "card") == {"hero"}
    act(game, "bank", card="hero")
    assert hand(game, 0) == [] and points(game, 0)["parts"]["chapel"] == 1


def test_office_exchanges_before_the_chapel_and_the_hand_limit():
    hand0 = ["statue", "hero", "palace", "tower", "well", "smithy", "crane", "quarry"]
    game = position(RULES, 2, hands={0: hand0}, cities={0: ["corn_granary", "office", "chapel"]},
                    supply_top=["library", "archive"], options=NB, round_start=True)
    assert game.prompt == "exchange"
    act(game, "exchange", card="statue")
    act(game, "exchange", card="hero")                 # draws 2
    assert "library" in hand(game, 0) and "archive" in hand(game, 0)
    assert game.prompt == "tuck"                       # then the Chapel, then the hand limit


def test_guard_room_lowers_the_others_hand_limit():
    nine = ["statue", "hero", "palace", "tower", "well", "smithy", "crane", "quarry", "library"]
    eight = ["archive", "poor_house", "black_market", "trading_post", "market_stand", "carpenter", "prefecture",
             "market_hall"]
    game = position(RULES, 3, hands={0: nine[:8], 1: eight, 2: ["aqueduct"] * 3 + ["chapel"] * 3 + ["gold_mine"] * 2},
                    cities={0: ["corn_granary", "guard_room"], 2: ["corn_granary", "tower"]}, options=NB,
                    round_start=True)
    while game.prompt == "discard":
        act(game, "discard", card=game.legal_actions()[0].args["card"])
    assert [len(hand(game, s)) for s in range(3)] == [7, 6, 8]


def test_goldsmith_takes_a_card_nobody_has_built():
    game = position(RULES, 2, cities={0: ["corn_granary", "goldsmith", "smithy"]}, supply_top=["hero", "library"],
                    options=NB)
    act(game, "choose_role", role="prospector")       # draws the hero; the Goldsmith reveals the Library
    act(game, "keep", card="library")
    assert sorted(hand(game, 0)) == ["hero", "library"]
    game = position(RULES, 2, cities={0: ["corn_granary", "goldsmith"], 1: ["corn_granary", "library"]},
                    supply_top=["hero", "library"], options=NB)
    act(game, "choose_role", role="prospector")       # somebody built a Library: it is discarded
    assert hand(game, 0) == ["hero"]


def test_school_draws_for_the_player_with_strictly_fewest_buildings():
    game = position(RULES, 3, cities={0: ["corn_granary", "school"], 1: ["corn_granary", "well", "tower"],
                                      2: ["corn_granary", "well"]}, options=NB, supply_top=["hero"])
    act(game, "choose_role", role="builder")     # nobody has a card to build: the phase ends at once
    assert hand(game, 0) == ["hero"]            # 2 buildings: nobody has fewer, seat 1 has more
    game = position(RULES, 2, cities={0: ["corn_granary", "school"], 1: ["corn_granary", "well"]}, options=NB,
                    supply_top=["hero"])
    act(game, "choose_role", role="builder")
    assert hand(game, 0) == []                   # a tie is not the fewest


def test_hut_draws_when_nobody_sold():
    game = position(RULES, 2, cities={0: ["corn_granary", "hut"]}, options=NB, supply_top=["hero"])
    act(game, "choose_role", role="trader")
    assert hand(game, 0) == ["hero"]
    game = position(RULES, 2, cities={0: ["corn_granary", "hut"], 1: ["corn_granary"]}, options=NB,
                    goods={1: {"corn_granary": "statue"}})
    act(game, "choose_role", role="trader")
    act(game, "sell", building="corn_granary", piles={"goods": 1})
    assert hand(game, 0) == []


@pytest.mark.parametrize("options", [{}, NB])
def test_random_games(options):
    ends = 0
    for seed in range(40):
        players = 2 + seed % 3
        game = play_random(RULES, players, seed, options)
        assert_every_card_once(game)
        d = game.to_json()
        assert RULES.game_from_json(d).to_json() == d
        assert RULES.replay(players, seed, options, game.history, log=False).to_json() == d
        # the end reason checked against the rule (REFERENCE §1.2, seed 002), not only its label
        roles = [a["args"]["role"] for a in game.history if a["kind"] == "choose_role"]
        if game.end_reason == "someone has 12 buildings":
            assert max(len(c) for c in d["zones"]["city"]) >= 12 and roles[-1] == "builder"
            ends += 1
        else:
            assert "frozen" in game.end_reason
            assert d["zones"]["supply"] == [[]] and d["zones"]["discard"] == [[]]
    assert ends >= 35


def test_cards_under_a_covered_harbor_or_bank_still_score():
    """Seed 002: a building over the Harbor (or the Bank) with the Crane leaves its cards, which still score."""
    game = position(RULES, 2, hands={0: ["library"]},
                    cities={0: ["corn_granary", "crane", "harbor"]}, goods={0: {"corn_granary": "statue"}}, options=NB)
    act(game, "choose_role", role="trader")
    act(game, "sell", building="corn_granary", piles={"goods": 1})        # the good goes under the Harbor
    act(game, "choose_role", role="prospector")
    act(game, "choose_role", role="builder")
    act(game, "build", card="library")
    cover(game, "harbor", piles={"tucked": 1})       # 5 - 4 - 1 = 0
    assert "library" in city(game, 0) and "harbor" not in city(game, 0)
    assert points(game, 0)["parts"]["chapel"] == 1
