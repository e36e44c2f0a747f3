"""Puerto Rico's set-up by player count (seed 001 二、布局; REFERENCE 4.1-4.2) and the official 2-player variant
(REFERENCE 4.2), and the order in which roles are chosen, checked on new games through the public API."""
import pytest

from pr_positions import (COLONISTS, DOUBLOONS, RULES, VP_CHIPS, assert_conserved, attr, counter, finish_phase,
                          in_play, money, offered, pr_position, start_tile, type_of, zone)

# REFERENCE 4.2: players -> doubloons each, VP chips, colonists in the supply, roles, cargo ships, face-up plantations
TABLE = {
    2: dict(doubloons=3, chips=65, supply=40, roles=7, ships=[4, 6], row=3),
    3: dict(doubloons=2, chips=75, supply=55, roles=6, ships=[4, 5, 6], row=4),
    4: dict(doubloons=3, chips=100, supply=75, roles=7, ships=[5, 6, 7], row=5),
    5: dict(doubloons=4, chips=122, supply=95, roles=8, ships=[6, 7, 8], row=6),
}
STARTS = {  # the starting plantation of each seat from the Governor on (seed 001: 第1、2家为染料田 ...)
    2: ["indigo_plantation", "corn_plantation"],
    3: ["indigo_plantation", "indigo_plantation", "corn_plantation"],
    4: ["indigo_plantation", "indigo_plantation", "corn_plantation", "corn_plantation"],
    5: ["indigo_plantation"] * 3 + ["corn_plantation"] * 2,
}
SEEDS = range(6)      # different Governors and different shuffles


def counts(game):
    """The pieces in play by card id (the box holds what this player count does not use)."""
    out = {}
    for name in in_play(game):
        out[type_of(name)] = out.get(type_of(name), 0) + 1
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", SEEDS)
def test_each_player_gets_his_doubloons_and_his_starting_plantation_by_seat(players, seed):
    """Seed 001: N-1 doubloons each (3 players 2, 4 players 3, 5 players 4; 2 players: 3 each), one plantation by
    seat from the Governor (3: indigo, indigo, corn; 4: I, I, C, C; 5: I, I, I, C, C; 2: indigo, corn), on the
    island, with no colonist yet (the first Mayor brings them)."""
    game = RULES.new_game(players, seed=seed)
    d = game.to_json()
    governor = d["start_player"]
    assert game.current_player == governor
    assert [money(game, s) for s in range(players)] == [TABLE[players]["doubloons"]] * players
    assert counter(game, "bank") == DOUBLOONS - players * TABLE[players]["doubloons"]
    islands = [zone(game, "island", (governor + k) % players) for k in range(players)]
    assert islands == [[t] for t in STARTS[players]]
    assert [start_tile(players, k) for k in range(players)] == STARTS[players]     # the helper agrees
    assert sum(d["counters"]["colonists"]) == 0 and sum(d["counters"]["san_juan"]) == 0
    assert all(zone(game, z, s) == [] for z in ("city", "goods") for s in range(players))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_bank_holds_chips_colonists_ships_and_plantations_by_player_count(players):
    """Seed 001 / REFERENCE 4.2: VP chips 75/100/122 (2 players 65); colonists 55/75/95 in the supply (40) and N on
    the colonist ship; ships 4-5-6 / 5-6-7 / 6-7-8 (4 and 6); N+1 face-up plantations, the rest face down; all
    quarries face up; every building for sale; the trading house empty; no doubloon on a role."""
    row = TABLE[players]
    for seed in SEEDS:
        game = RULES.new_game(players, seed=seed)
        assert counter(game, "vp_chips") == row["chips"] == VP_CHIPS[players]
        assert counter(game, "colonist_supply") == row["supply"]
        assert counter(game, "colonist_ship") == players
        assert row["supply"] + players == COLONISTS[players]
        ships = sorted(attr(c, "ship_size") for c in game.to_json()["zones"]["cargo_ships"][0])
        assert ships == row["ships"]
        assert game.to_json()["piles"]["cargo"] == {} or all(not v for v in game.to_json()["piles"]["cargo"].values())
        assert len(zone(game, "plantation_row")) == row["row"] == players + 1
        assert "quarry" not in zone(game, "plantation_row") + zone(game, "plantation_stack")
        assert zone(game, "trading_house") == [] and zone(game, "plantation_discard") == []
        assert sum(game.to_json()["counters"]["coins"]) == 0
        assert_conserved(game)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_three_to_five_players_use_every_piece_of_the_box(players):
    """Seed 001 一、游戏道具: 8 quarries; plantations coffee 8, tobacco 9, corn 10, sugar 11, indigo 12; goods coffee 9,
    tobacco 9, corn 10, sugar 11, indigo 11; 49 buildings: 20 production buildings (small indigo and sugar 4 each,
    the large ones 3 each), 12 small violet buildings two each, 5 large ones one each."""
    c = counts(RULES.new_game(players, seed=1))
    assert c["quarry"] == 8
    assert [c[k + "_plantation"] for k in ("coffee", "tobacco", "corn", "sugar", "indigo")] == [8, 9, 10, 11, 12]
    assert [c[k] for k in ("coffee", "tobacco", "corn", "sugar", "indigo")] == [9, 9, 10, 11, 11]
    production = ["small_indigo_plant", "small_sugar_mill", "large_indigo_plant", "large_sugar_mill",
                  "tobacco_storage", "coffee_roaster"]
    assert [c[b] for b in production] == [4, 4, 3, 3, 3, 3]
    small = ["small_market", "hacienda", "construction_hut", "small_warehouse", "hospice", "office", "large_market",
             "large_warehouse", "factory", "university", "harbor", "wharf"]
    large = ["guild_hall", "residence", "fortress", "customs_house", "city_hall"]
    assert [c[b] for b in small] == [2] * 12 and [c[b] for b in large] == [1] * 5
    assert sum(c[b] for b in production + small + large) == 49


def test_the_two_player_variant_removes_pieces():
    """REFERENCE 4.2, the official 2-player variant: 3 fewer plantations of each kind, 5 quarries, 2 fewer goods of
    each kind (corn 8, indigo 9, sugar 9, tobacco 7, coffee 7), two of each production building and one of each
    violet building, small and large; the trading house is unchanged."""
    for seed in SEEDS:
        c = counts(RULES.new_game(2, seed=seed))
        assert [c[k + "_plantation"] for k in ("coffee", "tobacco", "corn", "sugar", "indigo")] == [5, 6, 7, 8, 9]
        assert c["quarry"] == 5
        assert [c[k] for k in ("corn", "indigo", "sugar", "tobacco", "coffee")] == [8, 9, 9, 7, 7]
        for b in ("small_indigo_plant", "small_sugar_mill", "large_indigo_plant", "large_sugar_mill",
                  "tobacco_storage", "coffee_roaster"):
            assert c[b] == 2, b
        for b in ("small_market", "hacienda", "construction_hut", "small_warehouse", "hospice", "office",
                  "large_market", "large_warehouse", "factory", "university", "harbor", "wharf",
                  "guild_hall", "residence", "fortress", "customs_house", "city_hall"):
            assert c[b] == 1, b
        assert "ship_5" not in c and "ship_7" not in c and "ship_8" not in c


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_roles_by_player_count(players):
    """Seed 001: 6 roles for 3 players (no Prospector), 7 for 4 (one Prospector), 8 for 5 (two); the 2-player
    variant removes one Prospector (7 roles)."""
    game = RULES.new_game(players, seed=2)
    roles = offered(game, "choose_role", "role")
    base = ["builder", "captain", "craftsman", "mayor", "settler", "trader"]
    prospectors = {2: 1, 3: 0, 4: 1, 5: 2}[players]
    assert sorted(r for r in roles if "prospector" not in r) == base
    assert len([r for r in roles if "prospector" in r]) == prospectors
    assert len(roles) == TABLE[players]["roles"]


def test_the_face_down_plantations_are_hidden_from_every_player():
    """Seed 001: 其余的背面朝上堆好: a view shows how many face-down plantations there are, not which."""
    game = RULES.new_game(4, seed=3)
    for seat in (0, 1, 2, 3, None):
        view = game.view(seat)
        assert view["zones"]["plantation_stack"] == {"count": len(game.to_json()["zones"]["plantation_stack"][0])}
        assert view["zones"]["plantation_row"] == [type_of(c) for c in game.to_json()["zones"]["plantation_row"][0]]


def choose_and_finish(game, role):
    game.apply({"kind": "choose_role", "args": {"role": role}})
    finish_phase(game)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_chooses_one_role_from_the_governor_and_the_governor_passes_left(players):
    """Seed 001 三、游戏进行方式: the Governor chooses first, then each player to his left chooses one of the roles
    left; after everyone has chosen, 1 doubloon goes on each role nobody chose and the Governor card passes to the
    next player. A chosen role cannot be chosen again that round."""
    game = pr_position(players, governor=1)
    chosen = {3: ["trader", "builder", "settler"], 4: ["prospector", "builder", "trader", "settler"],
              5: ["prospector", "builder", "trader", "settler", "second_prospector"]}[players]
    order = []
    for role in chosen:
        order.append(game.current_player)
        assert role in offered(game, "choose_role", "role")
        choose_and_finish(game, role)
        if game.round == 1:
            assert role not in offered(game, "choose_role", "role")
    assert order == [(1 + k) % players for k in range(players)]
    assert game.round == 2 and game.current_player == 2 and game.to_json()["start_player"] == 2
    coins = game.to_json()["counters"]["coins"]
    roles = {r.id: r.index for r in RULES.model.roles}
    left = set(offered(game, "choose_role", "role"))
    assert len(left) == TABLE[players]["roles"]            # every role is free again in the new round
    for role in left:
        assert coins[roles[role]] == (0 if role in chosen else 1), role
    assert_conserved(game)


def test_two_players_choose_governor_other_three_times_and_one_role_is_left_with_a_doubloon():
    """REFERENCE 4.2, 2-player variant: Governor, other, Governor, other, Governor, other, until each has chosen
    three roles; 1 doubloon goes on the one role left; then the Governor card passes."""
    game = pr_position(2, governor=1)
    choosers = []
    for role in ["prospector", "trader", "settler", "builder", "craftsman", "captain"]:
        choosers.append(game.current_player)
        choose_and_finish(game, role)
    assert choosers == [1, 0, 1, 0, 1, 0]
    assert game.round == 2 and game.current_player == 0 and game.to_json()["start_player"] == 0
    coins = dict(zip([r.id for r in RULES.model.roles], game.to_json()["counters"]["coins"]))
    assert coins["mayor"] == 1
    assert sum(coins.values()) == 1
    # the second round: the new Governor, then the other, three times each
    choosers = []
    for role in ["mayor", "prospector", "trader", "settler", "builder", "craftsman"]:
        choosers.append(game.current_player)
        choose_and_finish(game, role)
    assert choosers == [0, 1, 0, 1, 0, 1]
    assert game.round == 3 and game.current_player == 1
    assert_conserved(game)
