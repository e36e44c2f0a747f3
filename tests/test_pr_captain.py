"""The Captain (船长): mandatory loading, one kind per ship and no kind on two ships, the largest-fit ship, turns
going round until nobody can load, the Captain's point, the Harbor and the Wharf, storage at the end and the full
ships emptied (seed 001 四、船长, 五、紫色建筑物 4, 8, 11, 12; REFERENCE 4.4 "Wharf", "Captain phase")."""
import pytest

from pr_positions import (act, assert_conserved, cargo, counter, decline, finish_phase, goods_of, kinds, offered,
                          points, pr_position, ship, state)


def captain(players=3, **kw):
    game = pr_position(players, **kw)
    act(game, "choose_role", role="captain")
    return game


FULL = {"ship_4": ("indigo", 4), "ship_5": ("sugar", 5), "ship_6": ("corn", 6)}     # nothing else can ship


# ---------------------------------------------------------------------- loading
def test_loading_is_mandatory_while_a_cargo_ship_takes_something():
    """任何人依据規则,只要有物资可以运上船,就必须要将物资运上船 (玩家可以自愿执行角色卡的行动(例外:船长))."""
    game = captain(goods={0: {"corn": 1, "coffee": 1}, 1: {"sugar": 1}})
    assert game.current_player == 0 and kinds(game) == {"ship"}          # no pass
    assert offered(game, "ship", "kind") == ["coffee", "corn"]          # 如果有两种以上的物资可以选择,他可以自由选择恰一种
    ship(game, 0, "coffee", "ship_4")
    assert game.current_player == 1 and kinds(game) <= {"ship", "load_ship"}
    assert "pass" not in kinds(game)


def test_one_kind_per_ship_and_no_kind_on_two_ships():
    """每一艘货船只能够存放一种商品; 任何一种商品只能够放在一艘货船上: corn already on the 4-ship may go only there (3 of his
    5), though the empty 5- and 6-ships would take all five; his sugar may not go on the corn ship."""
    game = captain(cargo={"ship_4": ("corn", 1)}, goods={0: {"corn": 5, "sugar": 2}})
    act(game, "ship", kind="corn")                   # a single ship takes corn: loaded at once
    assert cargo(game) == {"ship_4": ("corn", 4)} and goods_of(game, 0) == {"corn": 2, "sugar": 2}
    # nobody else can ship: his second turn, sugar only (the corn has no ship left)
    assert game.current_player == 0 and game.prompt == "load_ship"
    assert offered(game, "load_ship", "ship") == ["ship_5", "ship_6"]
    act(game, "load_ship", ship="ship_6")
    assert points(game, 0) == 3 + 1 + 2
    assert cargo(game) == {"ship_6": ("sugar", 2)}      # the phase is over: the full corn ship was emptied
    assert_conserved(game)


def test_a_kind_whose_ship_is_full_cannot_go_on_an_empty_ship():
    """The corn ship is full: corn may not start a second ship, so the player with only corn cannot ship and is
    not asked."""
    game = captain(cargo={"ship_4": ("corn", 4)}, goods={0: {"corn": 3}, 1: {"sugar": 1}})
    assert game.current_player == 1
    assert goods_of(game, 0) == {"corn": 3}


@pytest.mark.parametrize("corn, ships", [(3, ["ship_4", "ship_5", "ship_6"]), (5, ["ship_5", "ship_6"]),
                                         (6, ["ship_6"]), (9, ["ship_6"])])
def test_he_must_choose_a_ship_that_takes_the_most_of_his_goods(corn, ships):
    """当玩家选定物资种类运上船时有两艘船以上可以选择,他必须优先选择使得他运输较多物资上船的那艘。如果没有差別,则他可以自由选择;
    当玩家选定要将某种物资运上船的时候,他必须能运多少上船就运多少上船. Another player's sugar keeps the phase going."""
    game = captain(goods={0: {"corn": corn}, 1: {"sugar": 1}})
    if len(ships) > 1:
        assert game.prompt == "load_ship" and offered(game, "load_ship", "ship") == ships
        act(game, "load_ship", ship=ships[-1])
    loaded = min(corn, 6)
    assert cargo(game) == {ships[-1]: ("corn", loaded)}
    assert goods_of(game, 0) == ({"corn": corn - loaded} if corn > loaded else {})
    assert points(game, 0) == loaded + 1


def test_a_full_ship_takes_nothing_more_and_what_is_left_stays_with_the_player():
    """任何一艘已满的货船就不能再收商品: 7 corn, room for 3 on the corn ship; the other 4 may not go on another ship."""
    game = captain(cargo={"ship_5": ("corn", 2)}, goods={0: {"corn": 7}, 1: {"sugar": 1}})
    assert cargo(game)["ship_5"] == ("corn", 5)
    assert goods_of(game, 0) == {"corn": 4}
    assert points(game, 0) == 3 + 1
    ship(game, 1, "sugar", "ship_4")
    finish_phase(game)
    assert goods_of(game, 0) == {"corn": 1}          # the rest spoils but one
    assert "ship_5" not in cargo(game)              # the full ship was emptied


def test_turns_go_round_until_nobody_can_load():
    """物资运输的轮替会一直重复,直到所有人都无法将物资运上船为止; 在船长阶段一个玩家可能被轮到多次 ... 但每次只能装一类货物:
    seat 0 ships corn, seat 1 sugar, seat 0 coffee on his second turn, seat 1 cannot ship indigo (no ship left)."""
    game = captain(goods={0: {"corn": 2, "coffee": 1}, 1: {"sugar": 3, "indigo": 1}})
    ship(game, 0, "corn", "ship_4")
    assert game.current_player == 1
    ship(game, 1, "sugar", "ship_5")           # 3 sugar: the 5- and 6-ships take 3 each
    # seat 2 has nothing; seat 0's coffee can go only on the 6-ship, and seat 1's indigo nowhere: the engine makes
    # the single answers, the phase ends, and the next player chooses a role
    assert game.prompt == "choose_role" and game.current_player == 1
    assert cargo(game) == {"ship_4": ("corn", 2), "ship_5": ("sugar", 3), "ship_6": ("coffee", 1)}
    assert points(game, 0) == 2 + 1 + 1 and points(game, 1) == 3
    assert goods_of(game, 0) == {} and goods_of(game, 1) == {"indigo": 1}


def test_the_captain_scores_one_more_on_his_first_shipment_only():
    """船长在他第一次装货时获得额外的一分(他的特权); 但船长本身没有物资运上船,则他拿不到这一分."""
    game = captain(goods={0: {"corn": 1, "sugar": 1}, 1: {"indigo": 1}})
    ship(game, 0, "corn", "ship_4")
    ship(game, 1, "indigo", "ship_5")
    ship(game, 0, "sugar")
    assert points(game, 0) == 1 + 1 + 1 and points(game, 1) == 1
    assert_conserved(game)
    game = captain(goods={1: {"indigo": 1}})
    ship(game, 1, "indigo", "ship_5")
    assert points(game, 0) == 0 and points(game, 1) == 1


def test_the_captains_first_shipment_may_come_on_a_later_turn():
    """The Captain, with only his Wharf able to take his goods, waits; he ships on a later turn: still his first
    shipment, so one point more."""
    game = captain(cities={0: [("wharf", 1)]}, goods={0: {"coffee": 2}, 1: {"corn": 1}},
                   cargo={"ship_4": ("coffee", 4)})
    assert game.current_player == 0 and "pass" in kinds(game)
    decline(game)
    ship(game, 1, "corn", "ship_5")
    assert game.current_player == 0
    act(game, "ship", kind="coffee")                 # the Wharf: no other ship takes coffee
    assert points(game, 0) == 2 + 1


# ---------------------------------------------------------------------- the Harbor and the Wharf
def test_the_harbor_adds_a_point_to_every_shipment():
    """港口: 在船长阶段,港口的占有者每次装载货物时,都可以多获得一个胜利分数; 在同一次船长出现时,港口的作用可以进行很多次."""
    game = captain(cities={1: [("harbor", 1)], 2: ["harbor"]}, goods={1: {"corn": 1, "sugar": 2}, 2: {"indigo": 1}})
    ship(game, 1, "corn", "ship_4")
    ship(game, 2, "indigo", "ship_5")
    ship(game, 1, "sugar")
    assert points(game, 1) == 1 + 1 + 2 + 1
    assert points(game, 2) == 1                      # his Harbor is empty


def test_the_wharf_ships_every_barrel_of_one_kind_even_one_already_on_a_cargo_ship():
    """码头: 他无需使用三艘运输船,而是直接将某一类的所有货物标志物放回到公共堆里,并获得相应的胜利分数; 那艘属于他的"船坞船"
    可以装载已经出现在其他运输船的货物; 如果一个玩家使用他的船坞的话,他必须装载所选类别的所有货物。但此时他并非必须选择他拥有
    数量最多的那一种."""
    game = captain(cities={1: [("wharf", 1)]}, goods={1: {"corn": 6, "coffee": 2}},
                   cargo={"ship_4": ("corn", 3)})
    assert game.current_player == 1
    act(game, "ship", kind="corn")
    assert offered(game, "load_ship", "ship") == ["ship_4", "wharf"]
    act(game, "load_ship", ship="wharf")
    assert goods_of(game, 1) == {"coffee": 2} and points(game, 1) == 6
    assert cargo(game) == {"ship_4": ("corn", 3)}
    assert_conserved(game)


def test_the_wharf_may_take_a_kind_he_has_few_of_and_a_kind_another_wharf_shipped():
    """此时他并非必须选择他拥有数量最多的那一种; 那艘属于他的"船坞船" ... 可以装载 ... 其他人通过别的船坞运送过的货物: every ship is
    full; seat 0 ships his one coffee on his Wharf (not his three tobacco), then seat 1 his coffee on his own."""
    game = captain(cities={0: [("wharf", 1)], 1: [("wharf", 1)]}, cargo=FULL,
                   goods={0: {"coffee": 1, "tobacco": 3}, 1: {"coffee": 2}})
    assert offered(game, "ship", "kind") == ["coffee", "tobacco"]
    act(game, "ship", kind="coffee")
    assert points(game, 0) == 1 + 1 and goods_of(game, 0) == {"tobacco": 3}
    assert game.current_player == 1 and offered(game, "ship", "kind") == ["coffee"]
    act(game, "ship", kind="coffee")
    assert points(game, 1) == 2 and goods_of(game, 1) == {}
    assert_conserved(game)


def test_the_wharf_is_used_once_per_phase():
    """船坞在每次船长阶段只能使用一次。但何时使用由他自己决定: every ship is full; after his coffee on the Wharf, his tobacco
    has nowhere to go."""
    game = captain(cities={0: [("wharf", 1)]}, goods={0: {"coffee": 2, "tobacco": 1}}, cargo=FULL)
    assert "pass" in kinds(game) and offered(game, "ship", "kind") == ["coffee", "tobacco"]
    act(game, "ship", kind="coffee")
    assert points(game, 0) == 2 + 1
    assert game.prompt != "ship"                        # loading is over: storage
    finish_phase(game)
    assert goods_of(game, 0) == {"tobacco": 1}


def test_a_wharf_owner_who_can_load_a_cargo_ship_must_ship_but_may_use_his_wharf_instead():
    """当轮到他在同一船长阶段再次行动时,他必须像往常一样,将另一类货物装载到运输船上,只要他还能这么做: with the Wharf used, his
    sugar must go on a cargo ship."""
    game = captain(cities={0: [("wharf", 1)]}, goods={0: {"corn": 3, "sugar": 1}})
    assert "pass" not in kinds(game)
    act(game, "ship", kind="corn")
    assert offered(game, "load_ship", "ship") == ["ship_4", "ship_5", "ship_6", "wharf"]
    act(game, "load_ship", ship="wharf")
    # his sugar is the one kind left (the engine names it for him); the Wharf is used: cargo ships only
    assert game.current_player == 0 and game.prompt == "load_ship"
    assert offered(game, "load_ship", "ship") == ["ship_4", "ship_5", "ship_6"]
    ship(game, 0, "sugar", "ship_4")
    assert points(game, 0) == 3 + 1 + 1


def test_an_empty_wharf_is_no_ship():
    game = captain(cities={0: ["wharf"]}, goods={0: {"coffee": 2}}, cargo=FULL)
    assert game.prompt != "ship"
    assert points(game, 0) == 0


# ---------------------------------------------------------------------- the end of the phase
def test_each_player_keeps_one_barrel_and_the_rest_spoils():
    """从船长开始,每个玩家必须选择手中余下的商品中的一份(并非一种,而是只有一份)留下,其余归还银行."""
    game = captain(goods={0: {"coffee": 2, "corn": 3}, 1: {"sugar": 2}}, cargo=FULL)
    assert game.current_player == 0 and offered(game, "keep", "kept") == ["coffee", "corn"]
    act(game, "keep", kept="coffee")
    assert goods_of(game, 0) == {"coffee": 1}
    assert goods_of(game, 1) == {"sugar": 1}         # one kind: no choice to make
    assert game.prompt == "choose_role"
    assert_conserved(game)


@pytest.mark.parametrize("warehouses, stored", [(["small_warehouse"], 1), (["large_warehouse"], 2)])
def test_a_warehouse_keeps_every_barrel_of_its_kinds_and_the_single_barrel_besides(warehouses, stored):
    """小仓库: 玩家可以选择一种商品(是一种不是一份),他所持有的该种商品全部不会腐败; 大仓库: 可以选择二种商品 (plus the one barrel
    everyone keeps)."""
    game = captain(cities={0: [(w, 1) for w in warehouses]},
                   goods={0: {"corn": 3, "sugar": 2, "coffee": 2, "tobacco": 1}}, cargo=FULL)
    for good in ["corn", "sugar"][:stored]:
        assert game.prompt == "store"
        act(game, "store", kept=good)
    act(game, "keep", kept="coffee")
    expected = {"corn": 3, "sugar": 2, "coffee": 1} if stored == 2 else {"corn": 3, "coffee": 1}
    assert goods_of(game, 0) == expected


def test_an_empty_warehouse_keeps_nothing_more():
    game = captain(cities={0: ["large_warehouse"]}, goods={0: {"corn": 3, "sugar": 2}}, cargo=FULL)
    assert game.prompt == "keep"
    act(game, "keep", kept="corn")
    assert goods_of(game, 0) == {"corn": 1}


def test_a_warehouse_with_fewer_kinds_than_it_stores_keeps_them_all():
    game = captain(cities={0: [("large_warehouse", 1)]}, goods={0: {"corn": 3}}, cargo=FULL)
    assert game.prompt == "choose_role"
    assert goods_of(game, 0) == {"corn": 3}


def test_full_ships_are_emptied_and_the_others_keep_their_cargo():
    """船长检查各艘船上是否已经完全载满物资,倘若完全载满,则船长将船上的物资送回旧大陆(即归还银行);倘若没有载满,则放着不动."""
    game = captain(cargo={"ship_4": ("indigo", 3), "ship_5": ("sugar", 2)}, goods={0: {"indigo": 1, "corn": 1}})
    ship(game, 0, "indigo")                          # fills the 4-ship
    ship(game, 0, "corn")                            # the 6-ship: 1 corn
    finish_phase(game)
    assert cargo(game) == {"ship_5": ("sugar", 2), "ship_6": ("corn", 1)}
    assert_conserved(game)


def test_the_points_go_on_when_the_chips_run_out_and_the_game_ends_after_the_round():
    """倘若所有的分数方块被分光,则游戏结束事件发生。没有拿到分数方块但是有应得分数的,得到的分数仍然要计算 (2 chips left, 4
    points scored: 2 owed)."""
    game = pr_position(3, vp={2: 73}, goods={1: {"corn": 3}})
    assert counter(game, "vp_chips") == 2
    act(game, "choose_role", role="captain")
    ship(game, 1, "corn", "ship_4")
    assert points(game, 1) == 3 and counter(game, "vp_chips") == 0 and counter(game, "vp_owed") == 1
    assert game.prompt == "choose_role" and not game.is_over
    assert state(game)["ending"] is not None
    for role in ("builder", "trader"):
        act(game, "choose_role", role=role)
        finish_phase(game)
    assert game.is_over and game.round == 1 and game.end_reason == "the victory point chips ran out"
    assert game.scores()[1]["parts"]["shipping"] == 3
    assert_conserved(game)
