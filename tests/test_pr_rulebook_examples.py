"""Every worked example of the Puerto Rico rulebook (shared seed 001, marked 例如 / 实例), set up as the rulebook
describes it and played on the engine: what the player may do, what he may not, and what results."""
import pytest

from pr_positions import (act, assert_conserved, colonists_on, finish_phase, goods_of, kinds, money, offered,
                          points, pr_position, zone)


# ---------------------------------------------------------------------- the quarries (建筑师, 采石场 提示)
@pytest.mark.parametrize("building, price", [("construction_hut", 1), ("office", 3), ("harbor", 5), ("city_hall", 7)])
def test_three_occupied_quarries_lower_each_column_by_at_most_its_number(building, price):
    """例如,一个占据了3个采石场的玩家必须支付如下的建造费用:建筑小屋:1;分商会:3;港口:5;市政厅:7.
    A player (not the Builder) with 3 occupied quarries pays Construction Hut 2-1, Office 5-2, Harbor 8-3, City
    Hall 10-3: the first column counts one quarry, the second two, the third and fourth three (all he has)."""
    for cash, can in ((price, True), (price - 1, False)):
        game = pr_position(3, islands={1: [("quarry", 1)] * 3}, money={1: cash})
        act(game, "choose_role", role="builder")        # seat 0 is the Builder
        act(game, "pass")                               # ... and builds nothing
        assert game.current_player == 1
        assert (building in offered(game, "build", "building")) is can
        if can:
            act(game, "build", building=building)
            assert money(game, 1) == 0 and building in zone(game, "city", 1)
            assert_conserved(game)


def test_the_builder_with_five_doubloons_and_four_quarries_builds_a_ten_doubloon_building():
    """例如,一个玩家可能只靠五元与四个采石场,以建筑师本身的身分盖出四级10元的商会.
    10 - 4 quarries (fourth column) - 1 (the Builder's privilege) = 5 doubloons."""
    game = pr_position(3, islands={0: [("quarry", 1)] * 4}, money={0: 5})
    act(game, "choose_role", role="builder")
    large = {"guild_hall", "residence", "fortress", "customs_house", "city_hall"}
    assert large <= set(offered(game, "build", "building"))
    act(game, "build", building="guild_hall")
    assert money(game, 0) == 0 and "guild_hall" in zone(game, "city", 0)
    assert_conserved(game)


def test_without_the_privilege_five_doubloons_and_four_quarries_are_one_short():
    """The same player when another player is the Builder: 10 - 4 = 6 doubloons, one more than he has; and a fifth
    quarry would not help (the fourth column counts four)."""
    game = pr_position(3, islands={1: [("quarry", 1)] * 5}, money={1: 5})
    act(game, "choose_role", role="builder")
    act(game, "pass")
    assert game.current_player == 1
    assert "guild_hall" not in offered(game, "build", "building")
    assert "harbor" in offered(game, "build", "building")           # 8 - 3


# ---------------------------------------------------------------------- the Prospector (淘金者)
def test_a_prospector_with_two_doubloons_on_it_gives_three():
    """例如 一个玩家选择了一张放有2杜布隆的淘金者,那他就能获得总共3杜布隆.
    The other players do nothing in the Prospector's phase."""
    game = pr_position(4, money={0: 0, 1: 0, 2: 0, 3: 0}, coins={"prospector": 2})
    act(game, "choose_role", role="prospector")
    assert money(game, 0) == 3
    assert [money(game, s) for s in (1, 2, 3)] == [0, 0, 0]
    assert game.current_player == 1 and game.prompt == "choose_role"    # nothing for anyone else to do
    assert_conserved(game)


# ---------------------------------------------------------------------- the Office (分商会)
def test_two_office_owners_each_sell_a_tobacco_to_a_house_that_holds_one():
    """实例 商会里已经有一个烟草货物标志物。现在轮到分商会的占有者行动,他卖出了一个烟草。然后轮到另一个占有分商会的玩家,
    他也可以出售一个烟草。 A player without an Office may not sell tobacco there."""
    game = pr_position(4, house=["tobacco"],
                       cities={1: [("office", 1)], 2: [("office", 1)]},
                       goods={0: {"tobacco": 1, "corn": 1}, 1: {"tobacco": 1}, 2: {"tobacco": 1}},
                       money={0: 0, 1: 0, 2: 0})
    act(game, "choose_role", role="trader")
    assert offered(game, "sell", "barrel") == ["corn"]          # the Trader has no Office: no second tobacco
    act(game, "pass")
    assert game.current_player == 1 and offered(game, "sell", "barrel") == ["tobacco"]
    act(game, "sell", barrel="tobacco")
    assert game.current_player == 2 and offered(game, "sell", "barrel") == ["tobacco"]
    act(game, "sell", barrel="tobacco")
    assert zone(game, "trading_house") == ["tobacco"] * 3
    assert [money(game, s) for s in (0, 1, 2)] == [0, 3, 3]          # tobacco 3, no privilege for them
    assert_conserved(game)


# ---------------------------------------------------------------------- the Factory (大工厂)
def factory_owner(barrels_left):
    """工厂的占有者拥有3块玉米种植园、3块甘蔗种植园和1块烟草种植园,以及对应的生产建筑 (all occupied)."""
    return pr_position(3, islands={1: [("corn_plantation", 1)] * 3 + [("sugar_plantation", 1)] * 3
                                   + [("tobacco_plantation", 1)]},
                       cities={1: [("large_sugar_mill", 3), ("tobacco_storage", 1), ("factory", 1)]},
                       money={1: 0}, barrels_left=barrels_left)


def test_the_factory_pays_for_the_kinds_actually_produced():
    """实例 ... 在当前的监管阶段,他生产了2个糖和1个烟草,因为公共堆里面已经没有玉米且只有两个糖了。他从银行获得1杜布隆,
    由于他生产了两类货物。 (The Craftsman is another player, who produces nothing.)"""
    game = factory_owner({"corn": 0, "sugar": 2})
    act(game, "choose_role", role="craftsman")
    assert goods_of(game, 1) == {"sugar": 2, "tobacco": 1}
    assert money(game, 1) == 1
    assert_conserved(game, barrels=50 - 10 - 9)       # the corn and all but two sugar are out of the game


def test_the_same_factory_with_a_full_supply_pays_for_three_kinds():
    """The same island with the goods in the supply: 3 corn, 3 sugar, 1 tobacco, three kinds: 2 doubloons
    (生产两类货物时获得1杜布隆,三类货物时2杜布隆)."""
    game = factory_owner({})
    act(game, "choose_role", role="craftsman")
    assert goods_of(game, 1) == {"corn": 3, "sugar": 3, "tobacco": 1}
    assert money(game, 1) == 2


# ---------------------------------------------------------------------- the Harbor and the Wharf (港口, 码头)
def test_the_harbor_and_wharf_example():
    """实例 港口(以及一座船坞)的占有者只能将他5个烟草中的3个装到"烟草船"上,因为这样它就已经满了。于是他获得3+1分。在下次轮到他
    送货时,他又把2个糖放到了对应的船上:2+1分。后来他又用自己的船坞进行了一次运送,他直接把剩下的两个烟草标志物放回公共堆:
    再获得2+1分。总而言之,通过港口,他在这一船长阶段赢得3分的额外胜利分数。"""
    game = pr_position(3, cities={1: [("harbor", 1), ("wharf", 1)]},
                       goods={1: {"tobacco": 5, "sugar": 2}},
                       cargo={"ship_4": ("tobacco", 1), "ship_5": ("sugar", 1)})     # tobacco ship: room for 3
    act(game, "choose_role", role="captain")            # seat 0 is the Captain and has nothing to ship
    assert game.current_player == 1
    act(game, "ship", kind="tobacco")
    assert offered(game, "load_ship", "ship") == ["ship_4", "wharf"]   # the ship that carries tobacco, or his own
    act(game, "load_ship", ship="ship_4")
    assert points(game, 1) == 3 + 1 and goods_of(game, 1) == {"tobacco": 2, "sugar": 2}
    assert game.current_player == 1                     # nobody else can ship: his next turn comes at once
    act(game, "ship", kind="sugar")
    act(game, "load_ship", ship="ship_5")
    assert points(game, 1) == 3 + 1 + 2 + 1 and goods_of(game, 1) == {"tobacco": 2}
    # the tobacco ship is full and no other ship may take tobacco: only his own ship takes it, and he may decline
    assert "pass" in kinds(game)
    act(game, "ship", kind="tobacco")                   # the Wharf is the one ship left: no other choice
    assert points(game, 1) == 3 + 1 + 2 + 1 + 2 + 1 and goods_of(game, 1) == {}
    assert points(game, 0) == 0 and points(game, 2) == 0
    finish_phase(game)
    assert_conserved(game)


# ---------------------------------------------------------------------- the large buildings (大型特殊功能建筑)
def final_parts(game, seat):
    return game.scores()[seat]["parts"]


def test_the_guild_hall_example():
    """实例 在游戏结束时,公会大厅的占有者拥有大、小蔗糖磨坊、小靛蓝作坊和咖啡烘烤房:他获得额外的6个胜利分数
    (2 per large production building, 1 per small one, occupied or not)."""
    game = pr_position(3, cities={0: [("guild_hall", 1), "large_sugar_mill", "small_sugar_mill", "small_indigo_plant",
                                      "coffee_roaster"]})
    parts = final_parts(game, 0)
    assert parts["guild_hall"] == 2 + 1 + 1 + 2
    assert parts["buildings"] == 4 + 2 + 1 + 1 + 3                 # the printed points of every building
    assert game.scores()[0]["total"] == 11 + 6


@pytest.mark.parametrize("tiles, bonus", [(10, 5), (9, 4), (1, 4), (11, 6), (12, 7)])
def test_the_residence_counts_the_filled_island_spaces(tiles, bonus):
    """实例 在游戏结束时,居民区的占有者在他的12块岛区上放有10个种植园或采石场,他获得额外的5个胜利分数
    (9 or fewer 4, 10 5, 11 6, 12 7; occupied or not)."""
    island = (["quarry"] * 4 + ["sugar_plantation"] * 8)[:tiles]
    game = pr_position(3, islands={0: island}, cities={0: [("residence", 1)]})
    assert final_parts(game, 0)["residence"] == bonus


@pytest.mark.parametrize("on_board, bonus", [(20, 6), (18, 6), (17, 5), (3, 1)])
def test_the_fortress_counts_every_colonist_on_the_board(on_board, bonus):
    """实例 在游戏结束时,堡垒的占有者在他的种植园、采石场、建筑物和圣胡安总共有20个拓荒者,他获得额外的6个胜利分数
    (one per three, rounded down). Here: 9 in buildings, 6 on tiles and the rest in San Juan."""
    city = [("fortress", 1), ("large_indigo_plant", 3), ("tobacco_storage", 3), ("coffee_roaster", 2)]
    island = [("quarry", 1)] * 3 + [("sugar_plantation", 1)] * 3
    if on_board < 15:
        city, island = [("fortress", 1)], [("quarry", 1)] * (on_board - 1)
    game = pr_position(3, islands={0: island}, cities={0: city}, san_juan={0: max(0, on_board - 15)})
    assert final_parts(game, 0)["fortress"] == bonus
    assert_conserved(game)


@pytest.mark.parametrize("vp, bonus", [(23, 5), (24, 6), (3, 0)])
def test_the_customs_house_counts_the_shipping_points(vp, bonus):
    """实例 在游戏结束时,海关占有者的1分和5分计分圆片总共有23分,他获得额外的5个胜利分数 (one per four; building points do
    not count: the Customs House's own 4 are left out)."""
    game = pr_position(3, cities={0: [("customs_house", 1), "harbor", "wharf"]}, vp={0: vp})
    parts = final_parts(game, 0)
    assert parts["customs_house"] == bonus
    assert parts["shipping"] == vp and parts["buildings"] == 4 + 3 + 3
    assert_conserved(game)


def test_the_city_hall_example():
    """实例 在游戏结束时,一个玩家拥有如下的紫色建筑物:农庄、建筑小屋、分商会、大仓库、港口、官邸和市政厅(被占据),他获得额外的
    7个胜利分数 (every violet building, small or large, occupied or not, the City Hall itself included; production
    buildings do not count)."""
    game = pr_position(3, cities={0: ["hacienda", "construction_hut", "office", "large_warehouse", "harbor",
                                      "residence", ("city_hall", 1), "small_indigo_plant", "coffee_roaster"]})
    assert final_parts(game, 0)["city_hall"] == 7


@pytest.mark.parametrize("building", ["guild_hall", "residence", "fortress", "customs_house", "city_hall"])
def test_an_unoccupied_large_building_scores_only_its_four_printed_points(building):
    """Seed 001 六、游戏结束方式 3: only the large buildings with a colonist on them give their extra points; every
    building's printed points count, occupied or not."""
    game = pr_position(3, cities={0: [building, "small_indigo_plant", "large_sugar_mill", "harbor"]},
                       islands={0: ["quarry"] * 8 + ["sugar_plantation"] * 4}, san_juan={0: 12}, vp={0: 20})
    parts = final_parts(game, 0)
    assert parts.get(building, 0) == 0
    assert parts["buildings"] == 4 + 1 + 2 + 3
    assert game.scores()[0]["total"] == 10 + 20


# ---------------------------------------------------------------------- the hints that read as examples
def test_the_small_and_large_market_together_give_three_more():
    """如果一个玩家同时占有大小市场大厅,他在出售货物时可以获得比正常多3个的杜布隆 (a non-Trader selling sugar: 2 + 3)."""
    game = pr_position(3, cities={1: [("small_market", 1), ("large_market", 1)]}, goods={1: {"sugar": 1}},
                       money={1: 0})
    act(game, "choose_role", role="trader")           # seat 0, the Trader, has nothing to sell
    assert game.current_player == 1
    act(game, "sell", barrel="sugar")
    assert money(game, 1) == 5


def test_both_warehouses_keep_three_kinds_and_one_barrel_of_a_fourth():
    """如果一个玩家同时占有大小仓库,他可以随意保存3类货物,以及第4类货物中的一个 (every ship is full: nothing ships)."""
    game = pr_position(3, cities={0: [("small_warehouse", 1), ("large_warehouse", 1)]},
                       goods={0: {"corn": 2, "sugar": 2, "coffee": 3, "tobacco": 2, "indigo": 1}},
                       cargo={"ship_4": ("indigo", 4), "ship_5": ("sugar", 5), "ship_6": ("corn", 6)})
    act(game, "choose_role", role="captain")
    for good in ("corn", "coffee", "tobacco"):
        assert game.current_player == 0 and game.prompt == "store"
        act(game, "store", kept=good)
    assert offered(game, "keep", "kept") == ["indigo", "sugar"]
    act(game, "keep", kept="sugar")
    assert goods_of(game, 0) == {"corn": 2, "coffee": 3, "tobacco": 2, "sugar": 1}
    assert_conserved(game)


def test_the_university_gives_one_colonist_even_to_a_building_with_three_circles():
    """提示 假如他建造的是含有多于一个圆的生产建筑,他依然只能获得一个拓荒者."""
    game = pr_position(3, cities={0: [("university", 1)]}, money={0: 10})
    act(game, "choose_role", role="builder")
    act(game, "build", building="tobacco_storage")
    assert colonists_on(game, 0, "tobacco_storage") == [1]
    assert_conserved(game)


def test_an_indigo_producer_makes_at_most_four_with_both_indigo_plants():
    """提示 请注意任何相同的建筑只能盖一座,因此每次监管出现,染料厂与蔗糖厂的最大产能为4: the small and the large indigo plant
    together hold 4 colonists, so 6 occupied indigo plantations make 4 indigo."""
    game = pr_position(3, islands={0: [("indigo_plantation", 1)] * 6},
                       cities={0: [("small_indigo_plant", 1), ("large_indigo_plant", 3)]})
    act(game, "choose_role", role="craftsman")
    finish_phase(game)
    assert goods_of(game, 0) == {"indigo": 4}
