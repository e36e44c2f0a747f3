"""The Crane, from the rulebook's words (seed 000, 起重機): "舊的建築將立即失去作用" (the old building loses its function
at once) and "如果蓋掉有產品的生產建築,則該產品直接棄掉" (a good on a covered production building is discarded).

So a building chosen to be covered helps nothing from that moment: not the cost of the build that covers it, not
its payment, not what happens after paying. And a player who builds without covering pays the full price, so
"build without covering" is offered only to a player who can pay it.
"""
import pytest

import boardrules
from positions import act, city, cover, decline, hand, position

RULES = boardrules.load("san_juan")


def build_with_crane(hands, cities, **kw):
    """A two-player game in which seat 0 (the Governor) takes the Builder and passes, so seat 1, who holds the
    Crane, builds without the Builder's privilege."""
    game = position(RULES, 2, hands={0: [], **hands}, cities={0: ["indigo_plant"], **cities}, **kw)
    act(game, "choose_role", role="builder")
    if game.current_player == 0:
        decline(game)
    assert game.current_player == 1
    return game


def pay_all(game):
    while game.prompt == "pay":
        act(game, "pay", **game.legal_actions()[0].args)


@pytest.mark.parametrize("helper", ["quarry", "smithy"])
def test_a_covered_discount_building_does_not_discount_the_build_that_covers_it(helper):
    # Library (5, violet) over a Quarry (4): 5 - 4 = 1 card, not 0 (the Quarry's -1 for violet is gone).
    # Silver Smelter (5, production) over a Smithy (1): 5 - 1 = 4 cards, not 3 (the Smithy's -1 is gone).
    new = "library" if helper == "quarry" else "silver_smelter"
    price = 1 if helper == "quarry" else 4
    filler = ["statue", "hero", "palace", "tower"][:price]
    game = build_with_crane({1: [new] + filler}, {1: ["indigo_plant", "crane", helper]})
    act(game, "build", card=new)
    cover(game, helper)
    pay_all(game)
    assert hand(game, 1) == [], f"building over the {helper} costs {price} cards"
    assert new in city(game, 1) and helper not in city(game, 1)


def test_a_covered_quarry_is_no_reason_to_offer_a_build():
    # Library over the Quarry costs 1 card; with no other card in hand the Library cannot be built at all
    # (the cheapest cover is the Quarry: over the Indigo Plant it costs 5 - 1 - 1 = 3).
    game = build_with_crane({1: ["library"]}, {1: ["indigo_plant", "crane", "quarry"]})
    assert game.prompt == "choose_role", "seat 1 had nothing to build, so the Builder phase is over"
    assert hand(game, 1) == ["library"] and "quarry" in city(game, 1)


def test_a_covered_carpenter_draws_nothing_for_the_build_that_covers_it():
    # Carpenter (3): after building a violet building, draw 1 card. Tower (3, violet) over the Carpenter costs 0;
    # the Carpenter has lost its function, so its owner draws nothing.
    game = build_with_crane({1: ["tower"]}, {1: ["indigo_plant", "crane", "carpenter"]},
                            supply_top=["statue", "hero"])
    act(game, "build", card="tower")
    cover(game, "carpenter")
    pay_all(game)
    assert hand(game, 1) == [] and "tower" in city(game, 1)


def test_a_good_on_a_covered_production_building_cannot_pay_for_the_build():
    # Black Market: pay with up to two goods. Tobacco Storage (3) over the Indigo Plant (1) costs 2; the good on
    # the Indigo Plant is discarded as it is covered, so only the hand card and the Sugar Mill's good may pay.
    game = build_with_crane({1: ["tobacco_storage", "statue"]},
                            {1: ["indigo_plant", "crane", "black_market", "sugar_mill"]},
                            goods={1: {"indigo_plant": "hero", "sugar_mill": "palace"}})
    act(game, "build", card="tobacco_storage")
    cover(game, "indigo_plant")
    offered = [a.args for a in game.legal_actions() if a.kind == "pay"]
    assert {"pile": "goods", "on": "indigo_plant"} not in offered
    pay_all(game)
    d = game.to_json()
    assert hand(game, 1) == [] and "tobacco_storage" in city(game, 1)
    assert not any(d["piles"]["goods"].get(c) for c in d["zones"]["city"][1]), "both goods are gone"


def test_building_without_covering_is_offered_only_at_full_price():
    # Library (5) over the Tower (3) costs 2, which the two other hand cards pay; without covering it costs 5,
    # which this player cannot pay, so "build without covering" is not offered.
    game = build_with_crane({1: ["library", "statue", "hero"]}, {1: ["indigo_plant", "crane", "tower"]})
    act(game, "build", card="library")
    # the Tower is the only building to cover and not covering is not offered: no question is left to ask
    assert game.prompt != "build_over"
    assert hand(game, 1) == [] and "library" in city(game, 1) and "tower" not in city(game, 1)


def test_building_without_covering_is_offered_when_the_full_price_can_be_paid():
    game = build_with_crane({1: ["library"] + ["statue", "hero", "palace", "well", "smithy"]},
                            {1: ["indigo_plant", "crane", "tower"]})
    act(game, "build", card="library")
    assert "pass" in {a.kind for a in game.legal_actions()}
    decline(game)
    pay_all(game)
    assert hand(game, 1) == [] and {"library", "tower"} <= set(city(game, 1))
