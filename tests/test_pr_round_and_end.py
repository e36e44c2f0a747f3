"""The round (doubloons on the roles nobody chose), the three game-end triggers finishing the round, and the final
scoring with its tie-break (seed 001 三、游戏进行方式, 角色卡, 六、游戏结束方式; REFERENCE 4.4)."""
import pytest

from pr_positions import ROLE, act, assert_conserved, counter, finish_phase, money, pr_position, ship, state


def choose(game, role):
    act(game, "choose_role", role=role)
    finish_phase(game)


def coins(game):
    return dict(zip(ROLE, state(game)["counters"]["coins"]))


# ---------------------------------------------------------------------- doubloons on the roles
def test_each_role_nobody_chose_gets_a_doubloon_every_round_and_its_chooser_takes_them_all():
    """由总督在余下的3个没有人选择的角色卡上,从银行各取1元放在上边(无论原先有没有任何钱在上头;换句话说角色卡上的钱可能越来越多);
    选择角色卡时 倘若角色卡上有钱,则该玩家可以把上面的钱一并拿走."""
    game = pr_position(3, money={0: 0, 1: 0, 2: 0})
    bank = counter(game, "bank")
    for role in ("trader", "builder", "settler"):
        choose(game, role)
    assert coins(game) == {"settler": 0, "mayor": 1, "builder": 0, "craftsman": 1, "trader": 0, "captain": 1,
                           "prospector": 0, "second_prospector": 0}
    assert counter(game, "bank") == bank - 3
    # round 2 (seat 1 is Governor): the Mayor, Craftsman and Captain are left again
    for role in ("trader", "builder", "settler"):
        choose(game, role)
    assert coins(game)["mayor"] == coins(game)["craftsman"] == coins(game)["captain"] == 2
    # round 3: seat 2 is Governor and takes the Captain with its 2 doubloons
    assert game.current_player == 2
    act(game, "choose_role", role="captain")
    assert money(game, 2) == 2 and coins(game)["captain"] == 0
    assert_conserved(game)


def test_a_chosen_role_gets_no_doubloon_and_keeps_none():
    game = pr_position(4, coins={"trader": 3})
    for role in ("trader", "builder", "settler", "prospector"):
        choose(game, role)
    assert coins(game) == {"settler": 0, "mayor": 1, "builder": 0, "craftsman": 1, "trader": 0, "captain": 1,
                           "prospector": 0, "second_prospector": 0}


def test_when_the_bank_runs_dry_payments_go_on_and_are_counted():
    """The content's choice (rules_choices bank_never_runs_dry): with the bank empty a player is still paid; the
    game counts what the bank owes, so the 54 doubloons balance."""
    game = pr_position(4, money={0: 40, 1: 10, 2: 0, 3: 0}, coins={"prospector": 1})
    assert counter(game, "bank") == 54 - 50 - 1
    for role in ("prospector", "builder", "trader", "settler"):
        choose(game, role)
    # the Prospector's privilege takes 1 (2 left), then the 3 roles left need 3: the bank pays 2 and owes 1
    assert money(game, 0) == 40 + 1 + 1
    assert counter(game, "bank") == 0 and counter(game, "bank_owed") == 1
    assert sum(coins(game).values()) == 3
    assert_conserved(game)


# ---------------------------------------------------------------------- the end of the game
def test_a_twelfth_city_space_ends_the_game_after_the_round_and_the_others_still_build():
    """在建筑师出现时,至少有一个人将12个建筑空格盖满; 游戏结束事件发生之后,所有人选完角色并执行各角色代表的行动(与特权)后,游戏告
    结束. Seat 0 fills his 12th space as the first Builder of the round; seat 1 still builds in that phase, and the
    other two still choose their roles."""
    city = ["guild_hall", "residence", "fortress", "customs_house", "city_hall", "small_market"]     # 11 spaces
    game = pr_position(4, cities={0: city}, money={0: 5, 1: 5})
    act(game, "choose_role", role="builder")
    act(game, "build", building="hacienda")
    assert game.current_player == 1 and game.prompt == "build"
    act(game, "build", building="hacienda")
    finish_phase(game)
    assert not game.is_over and game.current_player == 1 and game.prompt == "choose_role"
    for role in ("trader", "settler", "prospector"):
        assert not game.is_over and game.round == 1
        choose(game, role)
    assert game.is_over and game.round == 1
    assert game.end_reason == "a player filled the twelfth space of his city"
    assert game.current_player is None and game.legal_actions() == []
    assert_conserved(game)


def test_the_chips_running_out_in_the_first_phase_still_lets_every_player_choose():
    game = pr_position(3, vp={1: 74}, goods={0: {"corn": 2}})
    act(game, "choose_role", role="captain")
    ship(game, 0, "corn", "ship_4")
    finish_phase(game)
    assert counter(game, "vp_chips") == 0 and not game.is_over
    choose(game, "builder")
    assert not game.is_over
    choose(game, "settler")
    assert game.is_over and game.end_reason == "the victory point chips ran out"
    assert game.scores()[0]["parts"]["shipping"] == 3 and counter(game, "vp_owed") == 2


def test_two_players_finish_all_six_role_choices():
    """The 2-player round is six choices: a trigger in the first phase lets the other five follow."""
    game = pr_position(2, vp={1: 64}, goods={0: {"corn": 1}})
    act(game, "choose_role", role="captain")
    ship(game, 0, "corn", "ship_6")
    finish_phase(game)
    assert counter(game, "vp_chips") == 0
    for role in ("builder", "settler", "trader", "prospector", "craftsman"):
        assert not game.is_over
        choose(game, role)
    assert game.is_over and game.round == 1


def test_no_trigger_no_end():
    game = pr_position(3)
    for role in ("builder", "settler", "trader"):
        choose(game, role)
    assert not game.is_over and game.round == 2


# ---------------------------------------------------------------------- scoring and the tie-break
def test_the_score_is_shipping_points_plus_building_points_plus_the_large_buildings_bonus():
    """所有人计算各人的总点数: 1. 将物资运回旧大陆时获得的分数总和; 2. 个人游戏板上所有建筑物右上角红色数字总和(不论其上有没有
    拓荒者); 3. 所有有殖民驻守的大型建筑物上提示的特殊分数总和."""
    game = pr_position(3, vp={0: 17}, cities={0: [("city_hall", 1), "harbor", "small_indigo_plant"]})
    score = game.scores()[0]
    assert score["parts"]["shipping"] == 17
    assert score["parts"]["buildings"] == 4 + 3 + 1
    assert score["parts"]["city_hall"] == 2
    assert score["total"] == 17 + 8 + 2


@pytest.mark.parametrize("money_a, goods_a, money_b, goods_b, winners", [
    (5, {}, 3, {"corn": 3}, [1]),              # 5 against 3 + 3
    (5, {"coffee": 1}, 3, {"corn": 2}, [0]),   # goods count one each, whatever their kind
    (4, {}, 2, {"corn": 2}, [0, 1]),           # still even: both win
])
def test_a_tie_on_points_goes_to_the_most_doubloons_plus_goods(money_a, goods_a, money_b, goods_b, winners):
    """REFERENCE 4.4 Tie-break: doubloons + goods. Seats 0 and 1 have 5 points each; seat 2 has fewer."""
    game = pr_position(3, vp={0: 5, 1: 5, 2: 4}, money={0: money_a, 1: money_b, 2: 20},
                       goods={0: goods_a, 1: goods_b})
    assert game.tie_breaks(0) == [money_a + sum(goods_a.values())]
    assert game.winners() == winners


def test_the_most_points_win_whatever_the_doubloons():
    game = pr_position(3, vp={0: 6, 1: 5}, money={0: 0, 1: 20})
    assert game.winners() == [0]

