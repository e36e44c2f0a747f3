"""The Mayor (市长): the privilege colonist, the colonist ship shared out one at a time, placing and rearranging,
San Juan as the waiting place, and refilling the ship (seed 001 四、市长; REFERENCE 4.4 "Mayor")."""
import pytest

from pr_positions import (act, assert_conserved, colonists_on, counter, decline, finish_phase, kinds, mayor, offered,
                          pr_position, state)


def waiting(game, players):
    return [counter(game, "san_juan", s) for s in range(players)]


def test_the_mayor_takes_one_colonist_from_the_supply_and_the_ship_is_shared_one_at_a_time():
    """市长选取者,随即可以从公共堆(而不是从拓荒船上!)里拿到一个拓荒者(特权); 将拓荒船上的拓荒者分配给所有人,从他自己开始:
    每个玩家依次获得一个拓荒者,直到拓荒船空载为止. Four players, six on the ship: 2, 2, 1, 1 from the Mayor (seat 2), and
    the Mayor's extra one from the supply. Nobody has a circle here, so every colonist waits in San Juan."""
    game = pr_position(4, governor=2, islands={s: [] for s in range(4)}, colonist_ship=6, colonist_supply=73)
    mayor(game)
    assert waiting(game, 4) == [1, 1, 2 + 1, 2]
    assert counter(game, "colonist_supply") == 73 - 1 - 4     # the privilege, then the refill (4 players)
    assert counter(game, "colonist_ship") == 4
    assert_conserved(game)


def test_no_privilege_colonist_when_the_supply_is_empty():
    """如果公共堆里的拓荒者用光,市长就不能再使用他的特权 (the ship's colonists are still shared)."""
    game = pr_position(3, islands={s: [] for s in range(3)}, colonist_ship=3, colonist_supply=0)
    mayor(game)
    assert waiting(game, 3) == [1, 1, 1]


def test_each_player_places_his_colonists_one_at_a_time_the_mayor_first():
    """每个玩家可以把这些新的拓荒者 ... 随意在他的各个牌片上重新分配; 首先由市长分配自己的拓荒者,然后是下一个玩家."""
    game = pr_position(3, islands={0: ["corn_plantation", "coffee_plantation"], 1: ["sugar_plantation"], 2: []},
                       cities={0: ["coffee_roaster"]}, colonist_ship=3)
    mayor(game)            # seat 0: 1 + 1, seat 1: 1, seat 2: 1
    assert game.current_player == 0 and game.prompt == "place_colonist"
    assert offered(game, "place_colonist", "spot") == ["coffee_plantation", "coffee_roaster", "corn_plantation"]
    act(game, "place_colonist", spot="coffee_roaster")
    assert game.current_player == 0
    act(game, "place_colonist", spot="coffee_plantation")
    # seat 1 has one colonist and one circle: placed for him; seat 2 has no circle: his colonist waits
    assert game.prompt == "choose_role"
    assert colonists_on(game, 0, "coffee_roaster") == [1] and colonists_on(game, 0, "coffee_plantation") == [1]
    assert colonists_on(game, 0, "corn_plantation") == [0]
    assert colonists_on(game, 1, "sugar_plantation") == [1]
    assert waiting(game, 3) == [0, 0, 1]
    assert_conserved(game)


def test_a_player_must_fill_every_empty_circle_he_can():
    """任何玩家都不能"自愿"将拓荒者放进圣胡安的"中转站";只要有空位圆圈能够占据,他就必须占据: while he has colonists and
    circles are empty there is no way to stop placing."""
    game = pr_position(3, islands={0: ["corn_plantation", "sugar_plantation", "indigo_plantation"]},
                       cities={0: ["large_indigo_plant"]}, san_juan={0: 2}, colonist_ship=3)
    mayor(game)           # 2 waiting + 1 privilege + 1 from the ship = 4, 6 circles
    for _ in range(4):
        assert game.current_player == 0 and game.prompt == "place_colonist"
        assert kinds(game) == {"place_colonist"}            # no pass, no "done"
        act(game, "place_colonist", spot=offered(game, "place_colonist", "spot")[0])
    assert counter(game, "san_juan", 0) == 0


def test_colonists_beyond_the_circles_wait_in_san_juan():
    """如果一个玩家无法安置他所有拓荒者的话,他可以把多余的标志物放在圣胡安城的"中转站"."""
    game = pr_position(3, islands={0: [("corn_plantation", 1)]}, cities={0: ["small_market"]}, san_juan={0: 3},
                       colonist_ship=3)
    mayor(game)           # 3 + 1 + 1 = 5 waiting, one empty circle
    finish_phase(game)
    assert colonists_on(game, 0, "small_market") == [1] and colonists_on(game, 0, "corn_plantation") == [1]
    assert counter(game, "san_juan", 0) == 4
    assert_conserved(game)


def test_a_player_may_take_every_colonist_back_and_place_them_again():
    """所有玩家而之前部署的任何拓荒者,可以在此时重新部署: the colonist on his corn plantation moves to his new coffee
    roaster; the indigo plantation keeps its colonist only if he puts it back."""
    game = pr_position(3, islands={1: [("corn_plantation", 1), ("coffee_plantation", 1)]},
                       cities={1: ["coffee_roaster"]}, colonist_ship=0, colonist_supply=56)
    mayor(game)
    assert game.current_player == 1 and game.prompt == "rearrange"
    act(game, "rearrange", rearrange="all")
    assert counter(game, "san_juan", 1) == 2
    assert offered(game, "place_colonist", "spot") == ["coffee_plantation", "coffee_roaster", "corn_plantation"]
    act(game, "place_colonist", spot="coffee_roaster")
    act(game, "place_colonist", spot="coffee_plantation")
    assert colonists_on(game, 1, "corn_plantation") == [0]
    assert colonists_on(game, 1, "coffee_roaster") == [1] and colonists_on(game, 1, "coffee_plantation") == [1]
    assert_conserved(game)


def test_keeping_the_colonists_where_they_are_still_fills_the_new_circles():
    game = pr_position(3, islands={1: [("corn_plantation", 1), "coffee_plantation"]}, colonist_ship=3)
    mayor(game)
    finish_phase(game)                  # seat 1 keeps: his one new colonist must go on the coffee plantation
    assert colonists_on(game, 1, "corn_plantation") == [1] and colonists_on(game, 1, "coffee_plantation") == [1]


@pytest.mark.parametrize("empty_circles, ship", [(5, 5), (2, 3), (0, 3)])
def test_the_ship_is_refilled_with_one_colonist_per_empty_building_circle_at_least_one_per_player(empty_circles, ship):
    """市长要统计所有人的建筑物(只有建筑物)上还没有拓荒者在位的空圈圈 ... 倘若空圈圈数量少于玩家人数,则放在拓荒船上的人数等于
    玩家人数. Empty plantation circles do not count. Here nobody has a colonist to place (the ship is empty)."""
    cities = {1: [("large_indigo_plant", 3 - min(3, empty_circles))],
              2: [("coffee_roaster", 2 - max(0, empty_circles - 3))]}
    game = pr_position(3, islands={0: ["corn_plantation"] * 4}, cities=cities, colonist_ship=0, colonist_supply=40)
    mayor(game)          # the Mayor's privilege colonist goes on a plantation
    finish_phase(game)
    assert counter(game, "colonist_ship") == ship
    supply = 40 - 1 - ship
    assert counter(game, "colonist_supply") == supply


def test_two_players_refill_the_ship_with_at_least_two():
    """The 2-player variant: 2 colonists on the ship at the start (40 + 2), and the minimum is the player count."""
    game = pr_position(2, cities={1: [("coffee_roaster", 2)]})
    assert counter(game, "colonist_ship") == 2
    mayor(game)
    finish_phase(game)
    assert counter(game, "colonist_ship") == 2


def test_the_refill_counts_the_circles_left_empty_after_everyone_placed():
    """The count is made last (最后一步), after the placing: two colonists for four empty circles leave two."""
    game = pr_position(3, islands={0: []}, cities={0: [("large_indigo_plant", 0), ("coffee_roaster", 1)]},
                       colonist_ship=3, colonist_supply=30)
    mayor(game)          # seat 0: 1 privilege + 1 ship, 4 empty circles
    decline(game)                                   # he keeps the colonist on his roaster
    act(game, "place_colonist", spot="large_indigo_plant")
    act(game, "place_colonist", spot="coffee_roaster")
    finish_phase(game)
    assert sum(colonists_on(game, 0, "large_indigo_plant") + colonists_on(game, 0, "coffee_roaster")) == 1 + 2
    assert counter(game, "colonist_ship") == 3       # 2 empty circles left: the minimum of 3 players


def test_a_short_supply_ends_the_game_after_the_round_and_the_ship_takes_what_is_left():
    """当银行的拓荒者因为任何原因不够了,则游戏结束事件发生; 游戏结束事件发生之后,所有人选完角色并执行各角色代表的行动后,游戏告结束.
    The supply has 2 colonists when the ship needs 3 (one per player)."""
    game = pr_position(3, islands={s: [] for s in range(3)}, colonist_ship=3, colonist_supply=3)
    mayor(game)          # the privilege takes one: 2 left for a ship of 3
    assert counter(game, "colonist_ship") == 2 and counter(game, "colonist_supply") == 0
    assert not game.is_over and game.current_player == 1
    for role in ("trader", "builder"):
        assert not game.is_over
        act(game, "choose_role", role=role)
        finish_phase(game)
    assert game.is_over and game.round == 1
    assert game.end_reason == "the colonist supply could not fill the colonist ship"


def test_a_supply_that_exactly_refills_the_ship_does_not_end_the_game():
    game = pr_position(3, islands={s: [] for s in range(3)}, colonist_ship=3, colonist_supply=4)
    mayor(game)          # 1 for the privilege, 3 for the ship: 0 left
    assert counter(game, "colonist_ship") == 3 and counter(game, "colonist_supply") == 0
    for role in ("trader", "builder"):
        act(game, "choose_role", role=role)
        finish_phase(game)
    assert not game.is_over and game.round == 2
    assert state(game)["ending"] is None


def test_colonists_move_only_in_the_mayor_phase():
    """只有在市长阶段,玩家才能调整拓荒者的分布: a new building bought with colonists waiting in San Juan stays empty."""
    game = pr_position(3, san_juan={0: 2}, money={0: 10})
    act(game, "choose_role", role="builder")
    act(game, "build", building="small_market")
    finish_phase(game)
    assert colonists_on(game, 0, "small_market") == [0] and counter(game, "san_juan", 0) == 2


def test_the_mayor_may_take_the_extra_colonist_or_leave_it():
    """市长选取者,随即可以从公共堆里拿到一个拓荒者 (seed 001: "may first take one colonist from the colonist supply"):
    the Mayor is asked, and only the Mayor; leaving it changes nothing else of the phase."""
    game = pr_position(3, islands={s: [] for s in range(3)}, colonist_ship=3, colonist_supply=20)
    act(game, "choose_role", role="mayor")
    assert game.current_player == 0 and kinds(game) == {"take_colonist", "pass"}
    decline(game)
    assert waiting(game, 3) == [1, 1, 1]                     # the ship's three only
    assert counter(game, "colonist_supply") == 20 - 3         # the refill took 3 (one per player), nothing else


def test_leaving_the_extra_colonist_can_keep_the_game_from_ending():
    """The rulebook's "may" matters: with 3 in the supply and a ship that needs 3, taking the extra colonist leaves 2
    and ends the game after the round; leaving it fills the ship and the game goes on (rules choice mayor_may)."""
    for take, ends in ((True, True), (False, False)):
        game = pr_position(3, islands={s: [] for s in range(3)}, colonist_ship=3, colonist_supply=3)
        mayor(game, take=take)
        for role in ("trader", "builder"):
            act(game, "choose_role", role=role)
            finish_phase(game)
        assert game.is_over is ends, take
