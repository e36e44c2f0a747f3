"""The Settler (拓荒者) and the buildings that act in its phase: Hacienda, Construction Hut, Hospice (seed 001 四、拓荒者
and 五、紫色建筑物 2, 3, 5; REFERENCE 4.4 "Hacienda + Hospice", "Hospice / University colonist source")."""
import pytest

from pr_positions import (INDEX, act, assert_conserved, colonists_on, counter, decline, finish_phase, offered,
                          pr_position, state, type_of, zone)

ROW = ["coffee_plantation", "tobacco_plantation", "sugar_plantation", "corn_plantation"]


def settler(players=3, **kw):
    kw.setdefault("row", ROW[:players + 1])
    game = pr_position(players, **kw)
    act(game, "choose_role", role="settler")
    return game


def test_the_settler_may_take_a_quarry_the_others_only_a_face_up_plantation():
    """拓荒者角色的选取者,可以随即获得一个采石场(他的特权)或者正面向上的种植园牌片之一; 所有其他玩家依次获得一个正面向上的
    种植园牌片(但不能是采石场!)."""
    game = settler()
    assert game.current_player == 0
    assert offered(game, "settle", "tile") == sorted(ROW + ["quarry"])
    act(game, "settle", tile="quarry")
    assert game.current_player == 1
    assert offered(game, "settle", "tile") == sorted(ROW)
    act(game, "settle", tile="coffee_plantation")
    assert game.current_player == 2
    assert offered(game, "settle", "tile") == sorted(ROW[1:])
    act(game, "settle", tile="sugar_plantation")
    assert zone(game, "island", 0) == ["indigo_plantation", "quarry"]
    assert zone(game, "island", 1) == ["coffee_plantation", "indigo_plantation"]
    assert zone(game, "island", 2) == ["corn_plantation", "sugar_plantation"]
    assert_conserved(game)


def test_taking_a_plantation_is_optional():
    """玩家可以自愿执行角色卡的行动: anyone may take nothing."""
    game = settler()
    decline(game)
    assert game.current_player == 1 and zone(game, "island", 0) == ["indigo_plantation"]


def test_a_construction_hut_lets_another_player_take_a_quarry():
    """建筑小屋: 在拓荒者阶段,轮到建筑小屋的占有者行动时,他可以不拿取正面向上的种植园牌片,而是拿取一个采石场作为替代."""
    game = settler(cities={1: [("construction_hut", 1)], 2: ["construction_hut"]})
    act(game, "settle", tile="coffee_plantation")
    assert "quarry" in offered(game, "settle", "tile")                  # seat 1: occupied hut
    act(game, "settle", tile="quarry")
    assert "quarry" not in offered(game, "settle", "tile")              # seat 2: an empty hut does nothing
    assert zone(game, "island", 1) == ["indigo_plantation", "quarry"]


def test_the_settler_with_a_construction_hut_still_takes_one_quarry():
    """提示 即使拓荒者角色拥有建筑小屋,他也只能获得一个采石场."""
    game = settler(cities={0: [("construction_hut", 1)]})
    quarries = len(zone(game, "quarry_stack"))
    act(game, "settle", tile="quarry")
    assert zone(game, "island", 0).count("quarry") == 1
    assert len(zone(game, "quarry_stack")) == quarries - 1
    assert game.current_player == 1


def test_no_quarry_when_the_quarries_are_gone():
    """假如公共堆的采石场被取光,那么拓荒者角色选取者的特权和建筑小屋均无效."""
    game = settler(cities={1: [("construction_hut", 1)]}, quarries_left=0)
    assert offered(game, "settle", "tile") == sorted(ROW)
    act(game, "settle", tile="corn_plantation")
    assert "quarry" not in offered(game, "settle", "tile")


def test_a_full_island_takes_no_tile():
    """如果某个玩家岛上的所有12块土地已被占满,他就不能在拓荒者阶段获得新的牌片."""
    game = settler(islands={0: ["quarry"] * 4 + ["sugar_plantation"] * 8,
                            1: ["tobacco_plantation"] * 8 + ["quarry"] * 3})
    assert game.current_player == 1                     # the Settler's turn is skipped
    act(game, "settle", tile="corn_plantation")
    assert len(zone(game, "island", 1)) == 12


def test_the_hacienda_draws_a_face_down_plantation_first_then_the_face_up_one():
    """农庄: 当拓荒者出现时,玩家可以(也可以不要)从背面朝上的种植园中抽取一张,放在自己的郊区空格上。然后才从正面朝上的种植园中
    选择方块(当自己是拓荒者的时候,可以选择采石场). It works for any player, not only the Settler."""
    game = settler(cities={1: [("hacienda", 1)]})
    act(game, "settle", tile="corn_plantation")
    assert game.current_player == 1 and game.prompt == "hacienda"
    stack = state(game)["zones"]["plantation_stack"][0]
    top = stack[-1]
    act(game, "hacienda", hacienda_draw="draw")
    assert state(game)["zones"]["plantation_stack"][0] == stack[:-1]
    assert top in state(game)["zones"]["island"][1]                 # placed on his island, not discarded
    assert game.prompt == "settle" and game.current_player == 1
    assert offered(game, "settle", "tile") == sorted(ROW[:3])      # no quarry: he is not the Settler
    act(game, "settle", tile="coffee_plantation")
    assert len(zone(game, "island", 1)) == 3
    assert_conserved(game)


def test_the_hacienda_may_be_declined_and_an_empty_hacienda_does_nothing():
    game = settler(cities={0: [("hacienda", 1)], 1: ["hacienda"]})
    assert game.prompt == "hacienda"
    decline(game)
    assert game.prompt == "settle" and game.current_player == 0
    act(game, "settle", tile="quarry")
    assert game.current_player == 1 and game.prompt == "settle"       # his Hacienda has no colonist


def test_no_hacienda_draw_once_the_face_down_stack_is_empty():
    """当背面朝上的种植园已经没了,就不可以抽郊区空格 (REFERENCE 4.4: no Hacienda draw once the stacks are empty)."""
    game = settler(cities={0: [("hacienda", 1)]}, stack=0)
    assert game.prompt == "settle" and game.current_player == 0


def test_no_hacienda_draw_on_a_full_island_and_none_after_it_fills_the_twelfth_space():
    game = settler(islands={0: ["quarry"] * 4 + ["sugar_plantation"] * 7,
                            1: ["tobacco_plantation"] * 8 + ["quarry"] * 4},
                   cities={0: [("hacienda", 1)], 1: [("hacienda", 1)]})
    act(game, "hacienda", hacienda_draw="draw")
    assert len(zone(game, "island", 0)) == 12
    assert game.current_player == 2                    # seat 0 has no space left; seat 1's island is full


def test_the_hacienda_tile_gets_no_colonist_from_the_hospice():
    """提示 如果玩家因为占有农庄而获得一张额外的扣放牌片,他不能因此再获得一个拓荒者 (REFERENCE 4.4: Hacienda + Hospice)."""
    game = settler(islands={0: []}, cities={0: [("hacienda", 1), ("hospice", 1)]})
    top = state(game)["zones"]["plantation_stack"][0][-1]
    act(game, "hacienda", hacienda_draw="draw")
    assert "quarry" in offered(game, "settle", "tile")     # the Settler may still take his quarry
    act(game, "settle", tile="coffee_plantation")
    d = state(game)
    held = {c: d["counters"]["colonists"][INDEX[c]] for c in d["zones"]["island"][0]}
    assert len(held) == 2 and held.pop(top) == 0       # the face-down tile: no colonist
    assert [(type_of(c), n) for c, n in held.items()] == [("coffee_plantation", 1)]
    assert_conserved(game)


@pytest.mark.parametrize("tile", ["sugar_plantation", "quarry"])
def test_the_hospice_puts_a_colonist_from_the_supply_on_the_tile_taken(tile):
    """收容院: 在拓荒者阶段,收容院的占有者如果拿取了一个牌片(种植园或采石场),他可以立即从公共堆里得到一个拓荒者,并将其放在
    同一牌片上."""
    game = settler(islands={0: []}, cities={0: [("hospice", 1)]})
    supply, ship = counter(game, "colonist_supply"), counter(game, "colonist_ship")
    act(game, "settle", tile=tile)
    assert colonists_on(game, 0, tile, "island") == [1]
    assert counter(game, "colonist_supply") == supply - 1 and counter(game, "colonist_ship") == ship
    assert_conserved(game)


@pytest.mark.parametrize("supply, ship, on_tile, supply_after, ship_after", [
    (4, 3, 1, 3, 3),        # from the supply
    (0, 3, 1, 0, 2),        # 倘若银行没有拓荒者了,他可以直接从拓荒船上拿
    (0, 0, 0, 0, 0),        # 倘若拓荒船上也没了,则他就无法得到拓荒者
])
def test_the_hospice_colonist_comes_from_the_supply_else_the_ship_else_none(supply, ship, on_tile, supply_after,
                                                                           ship_after):
    game = settler(islands={0: []}, cities={0: [("hospice", 1)]}, colonist_supply=supply, colonist_ship=ship)
    act(game, "settle", tile="coffee_plantation")
    assert colonists_on(game, 0, "coffee_plantation", "island") == [on_tile]
    assert counter(game, "colonist_supply") == supply_after and counter(game, "colonist_ship") == ship_after


def test_an_empty_hospice_gives_no_colonist_and_nothing_taken_gets_none():
    game = settler(islands={1: []}, cities={0: [("hospice", 1)], 1: ["hospice"]})
    supply = counter(game, "colonist_supply")
    decline(game)                                        # seat 0 takes nothing: no colonist
    act(game, "settle", tile="coffee_plantation")        # seat 1's Hospice is empty
    assert colonists_on(game, 1, "coffee_plantation", "island") == [0]
    assert counter(game, "colonist_supply") == supply


def test_the_settler_discards_the_face_up_plantations_left_and_turns_up_n_plus_one():
    """拓荒者这一角色的选取者,把未被取走的种植园牌片正面向上放进弃牌堆; 从新牌堆里翻出新的种植园牌片,其数量比参加玩家的人数多
    一个N+1."""
    game = settler(4, row=ROW + ["indigo_plantation"])
    stack = state(game)["zones"]["plantation_stack"][0]
    act(game, "settle", tile="coffee_plantation")
    act(game, "settle", tile="tobacco_plantation")
    decline(game)
    decline(game)
    assert game.prompt == "choose_role"
    assert zone(game, "plantation_discard") == sorted(["sugar_plantation", "corn_plantation", "indigo_plantation"])
    row = state(game)["zones"]["plantation_row"][0]
    assert len(row) == 5 and set(row) == set(stack[-5:])            # the five from the top of the stack
    assert state(game)["zones"]["plantation_stack"][0] == stack[:-5]
    assert_conserved(game)


def test_when_the_stack_runs_short_the_discards_are_shuffled_in():
    """倘若种植园不够了,他要在发完之后将弃置的方块回收,洗好之后背面朝上,将备选方块补满N+1个: with 2 face-down tiles left
    and 3 discarded, the new row still has N+1 = 4 tiles."""
    game = settler(3, stack=2)
    act(game, "settle", tile="coffee_plantation")
    finish_phase(game)
    assert len(state(game)["zones"]["plantation_row"][0]) == 4
    assert len(state(game)["zones"]["plantation_stack"][0]) + len(state(game)["zones"]["plantation_discard"][0]) == 1
    assert_conserved(game, tiles=False)


def test_when_no_plantation_is_left_the_row_stays_short():
    """倘若连续重复这个步骤仍然无法补足,则之后拓荒者出现的时候就不再提供玩家新的备选方块: with one face-down tile and
    nothing discarded, the new row has what there is."""
    game = settler(3, stack=1)
    for tile in ("coffee_plantation", "tobacco_plantation", "sugar_plantation"):
        act(game, "settle", tile=tile)
    # the Settler and the two others took three of the four; the corn goes to the discard, then the row is dealt
    assert game.prompt == "choose_role"
    assert len(state(game)["zones"]["plantation_row"][0]) == 2
    assert zone(game, "plantation_stack") == [] and zone(game, "plantation_discard") == []
