"""Every printed number of every Puerto Rico building, checked through play against a table typed in from the
sources: seed 001 五、游戏建筑物说明 (cost $, level L = column and VP, 产 = circles of the production buildings, 座 =
copies) and REFERENCE 4.3. Nothing on the expected side is read from the content or the engine."""
import pytest

from pr_positions import act, colonists_on, counter, decline, mayor, offered, pr_position

# id: (copies, cost, VP, circles, column)
BUILDINGS = {
    "small_indigo_plant": (4, 1, 1, 1, 1), "small_sugar_mill": (4, 2, 1, 1, 1),
    "large_indigo_plant": (3, 3, 2, 3, 2), "large_sugar_mill": (3, 4, 2, 3, 2),
    "tobacco_storage": (3, 5, 3, 3, 3), "coffee_roaster": (3, 6, 3, 2, 3),
    "small_market": (2, 1, 1, 1, 1), "hacienda": (2, 2, 1, 1, 1), "construction_hut": (2, 2, 1, 1, 1),
    "small_warehouse": (2, 3, 1, 1, 1), "hospice": (2, 4, 2, 1, 2), "office": (2, 5, 2, 1, 2),
    "large_market": (2, 5, 2, 1, 2), "large_warehouse": (2, 6, 2, 1, 2), "factory": (2, 7, 3, 1, 3),
    "university": (2, 8, 3, 1, 3), "harbor": (2, 8, 3, 1, 3), "wharf": (2, 9, 3, 1, 3),
    "guild_hall": (1, 10, 4, 1, 4), "residence": (1, 10, 4, 1, 4), "fortress": (1, 10, 4, 1, 4),
    "customs_house": (1, 10, 4, 1, 4), "city_hall": (1, 10, 4, 1, 4),
}


def test_the_table_is_the_rulebooks_49_buildings():
    """一共有17种紫色建筑物:12种小型建筑物各有两个,5种大型建筑物只有一个; 20个生产用途建筑物."""
    assert len(BUILDINGS) == 23
    assert sum(v[0] for v in BUILDINGS.values()) == 49


@pytest.mark.parametrize("building", sorted(BUILDINGS))
def test_copies_for_sale_at_the_start(building):
    game = pr_position(4)
    d = game.to_json()
    assert sum(c.split("#")[0] == building for c in d["zones"]["building_supply"][0]) == BUILDINGS[building][0]


def build_offered(building, cash, quarries):
    """Is ``building`` offered to a player who is not the Builder, with ``cash`` doubloons and occupied quarries?"""
    game = pr_position(3, islands={1: [("quarry", 1)] * quarries}, money={1: cash})
    act(game, "choose_role", role="builder")
    decline(game)
    if game.current_player != 1:
        return False, game
    return building in offered(game, "build", "building"), game


@pytest.mark.parametrize("building", sorted(BUILDINGS))
def test_price_and_column(building):
    """The price is the number in the first circle; each occupied quarry takes 1 off, up to the column (level)."""
    _, cost, _, _, column = BUILDINGS[building]
    assert build_offered(building, cost, 0)[0]
    assert not build_offered(building, cost - 1, 0)[0]
    can, game = build_offered(building, cost - column, 4)
    assert can
    act(game, "build", building=building)
    assert counter(game, "doubloons", 1) == 0
    if cost - column - 1 >= 0:
        assert not build_offered(building, cost - column - 1, 4)[0]


@pytest.mark.parametrize("building", sorted(BUILDINGS))
def test_victory_points(building):
    """每个建筑物右上角的棕红色数字表示,该建筑在游戏结束时能够带来的胜利分数(无论是否被占据)."""
    game = pr_position(3, cities={0: [building]})
    assert game.scores()[0]["parts"]["buildings"] == BUILDINGS[building][2]


@pytest.mark.parametrize("building", sorted(BUILDINGS))
def test_circles(building):
    """每个牌片上标有1到3个圆。每一个此类圆环上都能且只能放置一个拓荒者: five colonists wait in San Juan for a player whose
    only tile is this building; the Mayor phase fills its circles and the rest keep waiting."""
    game = pr_position(3, islands={1: []}, cities={1: [building]}, san_juan={1: 5}, colonist_ship=0)
    mayor(game)
    while game.prompt == "place_colonist" and game.current_player == 1:
        act(game, "place_colonist", spot=building)
    circles = BUILDINGS[building][3]
    assert colonists_on(game, 1, building) == [circles]
    assert counter(game, "san_juan", 1) == 5 - circles
