"""San Juan 1897, New Buildings: the Customs Office holds at most one good, like any building (REFERENCE §3.3:
"at the start of each councillor phase the owner puts the top card face down on it as a good (max 1 good, like
any building)")."""
import boardrules
from positions import act, goods_count, position

RULES = boardrules.load("san_juan_1897")


def test_a_customs_office_that_holds_a_good_gets_no_second_one():
    game = position(RULES, 2, cities={0: ["corn_granary", "customs_office"]}, options={"new_buildings": True},
                    goods={0: {"customs_office": "statue"}}, supply_top=["hero", "palace", "well"])
    assert goods_count(game, 0) == 1
    act(game, "choose_role", role="councillor")
    assert goods_count(game, 0) == 1, "still one good on the Customs Office"


def test_an_empty_customs_office_gets_one_good():
    game = position(RULES, 2, cities={0: ["corn_granary", "customs_office"]}, options={"new_buildings": True},
                    supply_top=["hero", "palace", "well"])
    act(game, "choose_role", role="councillor")
    assert goods_count(game, 0) == 1
