"""The Builder (建筑师) and the University (seed 001 四、建筑师, 采石场 and 五、以下规则对所有建筑有效, 大学; REFERENCE 4.3-4.4)."""
import pytest

from pr_positions import act, assert_conserved, colonists_on, counter, decline, money, offered, pr_position, zone

LARGE = ["city_hall", "customs_house", "fortress", "guild_hall", "residence"]


def builder(players=3, **kw):
    game = pr_position(players, **kw)
    act(game, "choose_role", role="builder")
    return game


def test_the_builder_pays_one_less_and_the_others_the_full_price():
    """选择这一角色的人,可以立刻建造一个建筑物,只要他向银行支付建筑上所标出的价格减去1个杜布隆(他的特权); 之后其他玩家也可以
    轮流修建一个建筑物."""
    game = builder(money={0: 5, 1: 5, 2: 4})
    bank = counter(game, "bank")
    act(game, "build", building="office")          # 5 - 1
    assert money(game, 0) == 1
    assert game.current_player == 1
    act(game, "build", building="office")          # 5
    assert money(game, 1) == 0
    assert game.current_player == 2
    assert "office" not in offered(game, "build", "building")      # 5 > 4 (and none left)
    assert "hospice" in offered(game, "build", "building")
    act(game, "build", building="hospice")
    assert money(game, 2) == 0
    assert counter(game, "bank") == bank + 4 + 5 + 4
    assert_conserved(game)


@pytest.mark.parametrize("cash", [0, 1, 2, 3])
def test_only_what_he_can_pay_is_offered(cash):
    """Seed 001: he builds by paying the price; nobody may go into debt."""
    game = builder(money={0: 20, 1: cash})
    decline(game)
    prices = {"small_indigo_plant": 1, "small_market": 1, "small_sugar_mill": 2, "hacienda": 2,
              "construction_hut": 2, "large_indigo_plant": 3, "small_warehouse": 3}
    can = sorted(b for b, p in prices.items() if p <= cash)
    if can:
        assert offered(game, "build", "building") == can
    else:
        assert game.current_player == 2                # nothing to build: no decision for him


def test_building_is_optional_and_the_privilege_is_not_paid_out_without_a_building():
    """即使建筑师没有造任何建筑,他也不能将那1个杜布隆(特权)取走."""
    game = builder(money={0: 3})
    decline(game)
    assert money(game, 0) == 3


def test_one_building_of_each_kind_per_player():
    """每个建筑物每个玩家只能建造一次; 任何玩家都不允许建造多于一个建筑物 (in a phase)."""
    game = builder(cities={0: ["small_market"], 1: ["small_indigo_plant"]}, money={0: 20, 1: 20})
    assert "small_market" not in offered(game, "build", "building")
    assert "small_indigo_plant" in offered(game, "build", "building")
    act(game, "build", building="small_indigo_plant")
    assert game.current_player == 1                 # one building only
    assert "small_indigo_plant" not in offered(game, "build", "building")
    assert "small_market" in offered(game, "build", "building")


def test_a_building_is_gone_when_its_copies_are_built():
    """当整个游戏中同一种建筑盖完了,任何人都不能再盖相同的建筑 (two Offices; one Guild Hall)."""
    game = builder(cities={1: ["office", "guild_hall"], 2: ["office"]}, money={0: 20})
    assert "office" not in offered(game, "build", "building")
    assert "guild_hall" not in offered(game, "build", "building")
    assert set(LARGE) - {"guild_hall"} <= set(offered(game, "build", "building"))


def test_twelve_city_spaces_with_large_buildings_taking_two():
    """任何人都不能修建多于12个城区的建筑。只有一个空地的人,不能修建大型建筑物 (如果是大型建筑,他需要两块相邻的空白地)."""
    game = builder(cities={0: ["guild_hall", "residence", "small_market", "hacienda", "construction_hut",
                               "small_warehouse", "hospice", "office"],                       # 2 x 2 + 6 = 10 spaces
                           1: ["city_hall", "small_indigo_plant", "small_sugar_mill", "large_indigo_plant",
                               "large_sugar_mill", "office", "factory", "harbor", "wharf", "university"]},   # 11
                   money={0: 12, 1: 12})
    assert {"fortress", "customs_house"} <= set(offered(game, "build", "building"))
    act(game, "build", building="fortress")                       # his 11th and 12th spaces
    assert "fortress" in zone(game, "city", 0)
    assert game.current_player == 1
    buildable = offered(game, "build", "building")
    assert "large_warehouse" in buildable and "customs_house" not in buildable     # one space left
    act(game, "build", building="large_warehouse")
    assert_conserved(game)


def test_a_full_city_builds_nothing():
    """The Builder's city has its 12 spaces filled: he is skipped, even with 30 doubloons."""
    full = ["guild_hall", "residence", "fortress", "customs_house", "city_hall", "small_market", "hacienda"]
    game = builder(cities={0: full}, money={0: 30, 1: 0, 2: 1})
    assert game.current_player == 2 and game.prompt == "build"     # seat 1 cannot pay anything either
    assert money(game, 0) == 30


@pytest.mark.parametrize("quarries, building, price", [
    (1, "small_market", 0),         # 1 - 1: a first-column building
    (2, "small_market", 0),         # the second quarry does not count in the first column
    (2, "hospice", 2),              # 4 - 2
    (3, "hospice", 2),              # the second column counts two
    (3, "factory", 4),              # 7 - 3
    (4, "wharf", 6),                # 9 - 3: the third column
    (4, "fortress", 6),             # 10 - 4
])
def test_occupied_quarries_lower_a_price_by_at_most_the_column(quarries, building, price):
    """玩家修建第一列中的建筑时,最多只能有一个采石场起效,第二列的建筑有两个起效,第三列的有三个起效,第四列的有四个起效
    (here a player who is not the Builder)."""
    for cash, can in ((price, True), (price - 1, False)):
        if cash < 0:
            continue
        game = builder(islands={1: [("quarry", 1)] * quarries}, money={1: cash})
        decline(game)
        assert (building in offered(game, "build", "building")) is can, (cash, offered(game, "build", "building"))
        if can:
            act(game, "build", building=building)
            assert money(game, 1) == 0


def test_an_unoccupied_quarry_lowers_nothing():
    """每个有人占据的采石场,都会将该玩家的建造费用降低1个杜布隆 (only occupied ones): one of three quarries occupied,
    3 doubloons: the Large Sugar Mill (4 - 1) but not the Office (5 - 1)."""
    game = builder(islands={1: ["quarry", "quarry", ("quarry", 1)]}, money={1: 3})
    decline(game)
    assert "large_sugar_mill" in offered(game, "build", "building")
    assert "office" not in offered(game, "build", "building")


def test_the_price_never_goes_below_zero():
    """因采石场減少的成本和建筑师本身減少的成本相加是可以減少的总成本,但每座建筑物最少只能免费,银行不会倒贴:
    the Builder with an occupied quarry builds a Small Market (1 - 1 - 1) for nothing, and gets nothing back."""
    game = builder(islands={0: [("quarry", 1)]}, money={0: 0})
    bank = counter(game, "bank")
    assert {"small_market", "small_indigo_plant", "hacienda", "construction_hut", "small_sugar_mill"} == \
        set(offered(game, "build", "building"))
    act(game, "build", building="small_market")
    assert money(game, 0) == 0 and counter(game, "bank") == bank
    assert_conserved(game)


# ---------------------------------------------------------------------- the University
def test_the_university_puts_a_colonist_from_the_supply_on_the_building_just_built():
    """大学: 在建筑师阶段,如果大学的占有者制造了一个建筑物,他可以立刻从公公堆中取得一个拓荒者,并放在同一建筑上."""
    game = builder(cities={1: [("university", 1)]}, money={1: 10})
    supply = counter(game, "colonist_supply")
    decline(game)
    act(game, "build", building="small_market")
    assert colonists_on(game, 1, "small_market") == [1]
    assert counter(game, "colonist_supply") == supply - 1
    assert_conserved(game)


@pytest.mark.parametrize("supply, ship, on_building, ship_after", [(0, 2, 1, 1), (0, 0, 0, 0)])
def test_the_university_colonist_comes_from_the_ship_when_the_supply_is_empty_else_none(supply, ship, on_building,
                                                                                       ship_after):
    """如果公共堆里已经没有拓荒者可用的话,他可以从拓荒船上拿走一个。如果船上也没有的话,他就空手而归."""
    game = builder(cities={0: [("university", 1)]}, money={0: 10}, colonist_supply=supply, colonist_ship=ship)
    act(game, "build", building="harbor")
    assert colonists_on(game, 0, "harbor") == [on_building]
    assert counter(game, "colonist_ship") == ship_after


def test_the_university_does_nothing_for_itself_or_when_empty():
    """A building works only with a colonist on it: the University just built is empty, and so is an unoccupied one."""
    game = builder(cities={1: ["university"]}, money={0: 10, 1: 10})
    act(game, "build", building="university")
    assert colonists_on(game, 0, "university") == [0]
    act(game, "build", building="small_market")
    assert colonists_on(game, 1, "small_market") == [0]


@pytest.mark.parametrize("swap, factory, university", [(False, 7, 8), (True, 8, 7)])
def test_the_price_swap_option_with_quarries(swap, factory, university):
    """The University-Factory price swap (seed 001: 基本版大学与工厂价格对调) changes the price; the column (3) stays."""
    for building, price in (("factory", factory), ("university", university)):
        game = builder(islands={1: [("quarry", 1)] * 3}, money={1: price - 3},
                       options={"university_factory_swap": swap})
        decline(game)
        assert building in offered(game, "build", "building")
        act(game, "build", building=building)
        assert money(game, 1) == 0
        game = builder(islands={1: [("quarry", 1)] * 3}, money={1: price - 4},
                       options={"university_factory_swap": swap})
        decline(game)
        assert building not in offered(game, "build", "building")
