"""The Craftsman (监管) with the Factory, and the Trader (商人) with the markets and the Office (seed 001 四、监管, 商人 and
五、生产建筑, 紫色建筑物 1, 6, 7, 9; REFERENCE 4.4 "Trader")."""
import pytest

from pr_positions import (PRICES, act, assert_conserved, decline, finish_phase, goods_of, money, offered, pr_position,
                          zone)


def craftsman(players=3, **kw):
    game = pr_position(players, **kw)
    act(game, "choose_role", role="craftsman")
    return game


# ---------------------------------------------------------------------- production
def test_production_needs_an_occupied_plantation_and_an_occupied_circle_of_the_matching_building():
    """任何一块有拓荒者驻守的染料田加上一名在染料厂工作的拓荒者(不能重复计算)获得一份染料: 3 occupied indigo plantations and 2
    colonists in the large indigo plant make 2; an empty sugar plantation with a full sugar mill makes none; a
    building with colonists but no plantation makes none; plantations without a building make none."""
    game = craftsman(islands={1: [("indigo_plantation", 1)] * 3 + ["sugar_plantation", ("tobacco_plantation", 1),
                                                                   ("coffee_plantation", 1)]},
                     cities={1: [("large_indigo_plant", 2), ("large_sugar_mill", 3), ("coffee_roaster", 0)],
                             2: [("small_indigo_plant", 1)]})
    finish_phase(game)
    assert goods_of(game, 1) == {"indigo": 2}
    assert goods_of(game, 2) == {}                 # his start plantation has no colonist
    assert_conserved(game)


def test_occupied_corn_plantations_need_no_building():
    """玉米作物不需要任何生产建筑 ... 每一个被占据的玉米种植园在监管阶段都直接出产一个黄色货物."""
    game = craftsman(islands={1: [("corn_plantation", 1)] * 3 + ["corn_plantation"]})
    finish_phase(game)
    assert goods_of(game, 1) == {"corn": 3}


def test_more_circles_than_plantations_make_as_many_as_the_plantations():
    """此外玩家还必须有同样数量被占据的种植园: 3 colonists in a tobacco storage, 1 occupied tobacco plantation: 1."""
    game = craftsman(islands={2: [("tobacco_plantation", 1)]}, cities={2: [("tobacco_storage", 3)]})
    finish_phase(game)
    assert goods_of(game, 2) == {"tobacco": 1}


def test_a_short_supply_serves_the_players_in_order_from_the_craftsman():
    """倘若银行中某种商品资源将要耗尽,则所有人从监管开始,依照上下家次序依序获得收成。若商品资源已经耗尽,之后的人就拿不到收成了:
    seat 1 is the Craftsman; with 3 corn left, seat 1 takes 2, seat 2 the last one, seat 0 none."""
    corn = [("corn_plantation", 1)] * 2
    game = pr_position(3, governor=1, islands={0: corn, 1: corn, 2: corn}, barrels_left={"corn": 3})
    act(game, "choose_role", role="craftsman")
    finish_phase(game)                              # no extra corn: the supply is empty
    assert [goods_of(game, s) for s in (1, 2, 0)] == [{"corn": 2}, {"corn": 1}, {}]
    assert_conserved(game, barrels=50 - 7)


def test_the_craftsman_takes_one_more_of_a_kind_he_produced_after_everyone():
    """监管阶段的最后一步是,监管从公共堆中为自己再多拿取一个标志物(他的特权),该货物必须属于他刚刚生产过的货物中的一种."""
    game = craftsman(islands={0: [("corn_plantation", 1), ("sugar_plantation", 1), "coffee_plantation"],
                              1: [("corn_plantation", 1)]},
                     cities={0: [("small_sugar_mill", 1), ("coffee_roaster", 1)]})
    assert game.current_player == 0 and game.prompt == "take_extra"     # the others have produced already
    assert goods_of(game, 1) == {} and zone(game, "produced", 1) == ["corn"]
    assert offered(game, "take_extra", "extra") == ["corn", "sugar"]    # not coffee: he made none
    act(game, "take_extra", extra="sugar")
    assert goods_of(game, 0) == {"corn": 1, "sugar": 2} and goods_of(game, 1) == {"corn": 1}
    assert_conserved(game)


def test_only_the_craftsman_gets_the_extra_good():
    game = craftsman(islands={1: [("corn_plantation", 1)]})
    assert game.prompt == "choose_role"             # the Craftsman made nothing: no privilege; nobody else has one
    assert goods_of(game, 1) == {"corn": 1}


def test_no_extra_good_when_that_kind_is_gone_or_nothing_was_produced():
    """监管若没有任何收成,或者银行商品资源耗尽则无法行使特权: he made the last sugar and a corn; only corn is offered."""
    game = craftsman(islands={0: [("sugar_plantation", 1), ("corn_plantation", 1)]},
                     cities={0: [("small_sugar_mill", 1)]}, barrels_left={"sugar": 1})
    assert offered(game, "take_extra", "extra") == ["corn"]
    game = craftsman(islands={0: [("sugar_plantation", 1)]}, cities={0: [("small_sugar_mill", 1)]},
                     barrels_left={"sugar": 1})
    assert game.prompt == "choose_role" and goods_of(game, 0) == {"sugar": 1}


@pytest.mark.parametrize("kinds, paid", [(1, 0), (2, 1), (3, 2), (4, 3), (5, 5)])
def test_the_factory_pays_by_the_number_of_kinds_produced(kinds, paid):
    """大工厂: 生产两类货物时获得1杜布隆,三类货物时2杜布隆,四类货物时3杜布隆,所有种类货物时5杜布隆。每类货物的数量没有影响
    (the owner is not the Craftsman; two of each kind)."""
    crops = ["corn", "indigo", "sugar", "tobacco", "coffee"][:kinds]
    buildings = {"indigo": ("large_indigo_plant", 2), "sugar": ("large_sugar_mill", 2),
                 "tobacco": ("tobacco_storage", 2), "coffee": ("coffee_roaster", 2)}
    game = craftsman(islands={1: [(c + "_plantation", 1) for c in crops for _ in range(2)]},
                     cities={1: [buildings[c] for c in crops if c in buildings] + [("factory", 1)]}, money={1: 0})
    finish_phase(game)
    assert goods_of(game, 1) == {c: 2 for c in crops}
    assert money(game, 1) == paid


def test_an_empty_factory_pays_nothing():
    game = craftsman(islands={1: [("corn_plantation", 1), ("indigo_plantation", 1)]},
                     cities={1: [("small_indigo_plant", 1), "factory"]}, money={1: 0})
    finish_phase(game)
    assert goods_of(game, 1) == {"corn": 1, "indigo": 1} and money(game, 1) == 0


# ---------------------------------------------------------------------- the Trader
def trader(players=3, **kw):
    game = pr_position(players, **kw)
    act(game, "choose_role", role="trader")
    return game


@pytest.mark.parametrize("good", ["corn", "indigo", "sugar", "tobacco", "coffee"])
def test_the_prices_and_the_traders_privilege(good):
    """玉米值0元,染料值1元,蔗糖值2元,烟草值3元,咖啡值4元。商人本身将商品卖给商店可多得1元(特权); 在商会"出售"玉米是完全许可的."""
    game = trader(goods={0: {good: 1}, 1: {good: 1}}, money={0: 0, 1: 0})
    act(game, "sell", barrel=good)
    assert money(game, 0) == PRICES[good] + 1
    assert zone(game, "trading_house") == [good]
    assert game.current_player == 2 or game.prompt == "choose_role"     # seat 1 may not sell the same kind
    assert money(game, 1) == 0 and goods_of(game, 1) == {good: 1}
    assert_conserved(game)


def test_one_sale_each_and_the_trader_gets_nothing_without_a_sale():
    """随后其他每个玩家都可以依次出售货物,数量最多为一个; 商人选取者,如果没有出售货物,也不能获得那额外的1个杜布隆."""
    game = trader(goods={0: {"coffee": 2}, 1: {"sugar": 2, "indigo": 1}}, money={0: 0, 1: 0})
    decline(game)
    assert money(game, 0) == 0 and game.current_player == 1
    act(game, "sell", barrel="sugar")
    assert money(game, 1) == 2
    assert game.prompt == "choose_role"              # seat 2 has nothing; nobody sells twice
    assert goods_of(game, 1) == {"sugar": 1, "indigo": 1}


def test_the_house_takes_only_kinds_it_does_not_hold():
    """商店只会接受不同物品的买卖。凡是商店中已经有的商品,任何人不得贩卖给商人."""
    game = trader(house=["sugar"], goods={0: {"sugar": 1, "indigo": 1, "corn": 1}, 1: {"indigo": 1, "coffee": 1}})
    assert offered(game, "sell", "barrel") == ["corn", "indigo"]
    act(game, "sell", barrel="indigo")
    assert offered(game, "sell", "barrel") == ["coffee"]


def test_a_full_house_ends_the_selling_and_is_emptied_at_the_end_of_the_phase():
    """商店只有四格商品的空间。在任何一圈当中,只要商店的空间满了,任何人在该圈将无法贩卖商品; 倘若已经有四个,商人将商店中商品
    清空放回银行."""
    game = trader(house=["corn", "indigo", "sugar"], goods={0: {"coffee": 1}, 1: {"tobacco": 1}})
    act(game, "sell", barrel="coffee")
    assert game.prompt == "choose_role"              # the house is full: seat 1 cannot sell his tobacco
    assert goods_of(game, 1) == {"tobacco": 1}
    assert zone(game, "trading_house") == []
    assert_conserved(game)


def test_a_house_that_is_not_full_keeps_its_goods():
    """倘若不满四个,则仍然将商品放在商店中."""
    game = trader(house=["corn"], goods={0: {"coffee": 1}, 1: {"tobacco": 1}})
    act(game, "sell", barrel="coffee")
    act(game, "sell", barrel="tobacco")
    assert game.prompt == "choose_role"
    assert zone(game, "trading_house") == ["coffee", "corn", "tobacco"]


def test_the_office_sells_a_kind_the_house_holds_but_not_into_a_full_house():
    """分商会: 玩家可以不受商店不收不同种类商品的限制 ... 但玩家仍然只能每次卖一个商品; 如果商会已经被填满,那么分商会无法使用."""
    game = trader(house=["coffee", "coffee"], cities={1: [("office", 1)], 2: [("office", 1)]},
                  goods={1: {"coffee": 2}, 2: {"coffee": 1}}, money={1: 0, 2: 0})
    act(game, "sell", barrel="coffee")
    assert money(game, 1) == 4 and goods_of(game, 1) == {"coffee": 1}           # one sale
    act(game, "sell", barrel="coffee")
    assert game.prompt == "choose_role"              # four coffee: full, then emptied
    assert zone(game, "trading_house") == []
    game = trader(house=["coffee", "corn", "indigo", "sugar"], cities={1: [("office", 1)]}, goods={1: {"coffee": 1}})
    assert game.prompt == "choose_role" and goods_of(game, 1) == {"coffee": 1}


def test_an_empty_office_does_nothing():
    game = trader(house=["coffee"], cities={1: ["office"]}, goods={1: {"coffee": 1, "corn": 1}})
    assert offered(game, "sell", "barrel") == ["corn"]


@pytest.mark.parametrize("markets, bonus", [([], 0), (["small_market"], 1), (["large_market"], 2),
                                            (["small_market", "large_market"], 3)])
def test_the_markets_add_to_every_sale_of_their_owner(markets, bonus):
    """小市场 ... 只要有卖商品进商店,就可多得一元; 大市场 ... 可以从银行多获得2个杜布隆; 一起作用时多得三元 (corn: 0 + bonus;
    the Trader adds his 1)."""
    game = trader(cities={0: [(m, 1) for m in markets], 1: [(m, 1) for m in markets]},
                  goods={0: {"corn": 1}, 1: {"indigo": 1}}, money={0: 0, 1: 0})
    act(game, "sell", barrel="corn")
    act(game, "sell", barrel="indigo")
    assert money(game, 0) == 0 + 1 + bonus
    assert money(game, 1) == 1 + bonus


def test_an_empty_market_adds_nothing_and_a_market_pays_nothing_without_a_sale():
    game = trader(cities={0: [("small_market", 1)], 1: ["large_market"]}, goods={0: {"corn": 1}, 1: {"indigo": 1}},
                  money={0: 0, 1: 0})
    decline(game)
    act(game, "sell", barrel="indigo")
    assert money(game, 0) == 0 and money(game, 1) == 1
