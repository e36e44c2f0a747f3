"""Every printed number of Amerigo (seed 004, COB-AMERIGO.md section 2), each from a position where the printed value
and its nearest wrong neighbour give different results (issue 42): the landscape tiles' costs and their points per
island size, the production tokens' costs per commodity, the progress tokens' values, the number of trading posts,
the island-completion payout per post and the production printed on the player boards.

The expected values are typed in from the seed's tables; nothing on the expected side is read from the content.
``tests/printed_mutants.py`` changes each number in a scratch copy of the content and checks a test here fails."""
from __future__ import annotations

import collections

import pytest

import boardrules
from boardrules.model import boards as B
from boardrules.testing import act, counter, offered, zone
from test_amerigo import cubes
from test_amerigo_islands import at_action, geometry, island_with_sites, lone_site, name, on_board, planned


@pytest.fixture(scope="module")
def rules():
    return boardrules.load("amerigo")


# seed 004 中立景觀板塊: shape: (action points, points on a small island, points on a big one)
NEUTRAL = {"neutral_1": (1, 2, 3), "neutral_2": (2, 4, 6), "neutral_3i": (3, 6, 9), "neutral_3l": (3, 6, 9),
           "neutral_4i": (4, 8, 12), "neutral_4o": (4, 8, 12), "neutral_5u": (5, 10, 15), "neutral_6": (6, 12, 18)}
# 村莊板塊: every shape 1 action point, 1 point on a small island, 2 on a big one
VILLAGE = {v: (1, 1, 2) for v in ("village_1", "village_2", "village_3i", "village_3l", "village_4i", "village_4o")}
TILES = {**NEUTRAL, **VILLAGE}
# 生產板塊 (50): per commodity three of cost 2, four of cost 3, three of cost 4
PRODUCTION_COSTS = {2: 3, 3: 4, 4: 3}
COMMODITIES = ("c1", "c2", "c3", "c4", "c5")


def plan_offer(rules, points, tile=None):
    """The tiles offered to a red action of ``points`` action points."""
    g = at_action(rules, cubes(red=points))
    act(g, "perform", action="red")
    return offered(g, "plan_tile", "tile")


# ---------------------------------------------------------------- the landscape tiles: costs
@pytest.mark.parametrize("tile", sorted(NEUTRAL))
def test_a_neutral_tile_costs_its_size_in_action_points(rules, tile):
    cost = NEUTRAL[tile][0]
    assert tile in plan_offer(rules, cost)
    if cost > 1:
        assert tile not in plan_offer(rules, cost - 1)


def test_every_village_tile_costs_one_action_point(rules):
    assert set(VILLAGE) <= set(plan_offer(rules, 1))


def test_two_points_plan_two_village_tiles_of_any_size(rules):
    g = at_action(rules, cubes(red=2))
    act(g, "perform", action="red")
    act(g, "plan_tile", tile="village_4o")
    assert "village_4i" in offered(g, "plan_tile", "tile")      # 1 point left: a second one
    act(g, "plan_tile", tile="village_4i")
    assert sorted(zone(g, "planned", 0)) == ["village_4i", "village_4o"]


# ---------------------------------------------------------------- the landscape tiles: points per island size
def build_scores(rules, tile, big):
    """Seat 0 builds ``tile`` on a big or a small island where it has a trading post, without completing it:
    the points it scores."""
    g = planned(rules, [tile], cubes(green=6), players=4, zones={"villages": {0: []}})
    geo = geometry(g)
    size = TILES[tile][0] if tile in NEUTRAL else int(tile.split("_")[1][0])
    candidates = []
    for part in geo.regions:
        sites = [i for i in part if geo.laid.cells[i].mark == "site"]
        if sites and (len(part) >= 20) == big and len(part) >= size + 3:
            candidates.append((len(part), sorted(part), sites[0]))
    for _, part, site in sorted(candidates):
        g2 = on_board(g, markers={name(geo, site): 0})
        act(g2, "perform", action="green")
        builds = [a for a in g2.legal_actions() if a.kind == "build" and a.args["piece"] == tile]
        if builds:
            before = counter(g2, "vp", 0)
            g2.apply(builds[0])
            return counter(g2, "vp", 0) - before
    raise AssertionError(f"no {'big' if big else 'small'} island of the map takes {tile}")


@pytest.mark.parametrize("tile", sorted(TILES))
def test_a_tile_scores_its_small_or_big_island_points(rules, tile):
    _, small, big = TILES[tile]
    assert build_scores(rules, tile, big=True) == big
    assert build_scores(rules, tile, big=False) == small


# ---------------------------------------------------------------- production tokens
def cheapest(rules, token):
    """The fewest yellow action points that can buy ``token``."""
    for points in range(1, 7):
        g = at_action(rules, cubes(yellow=points), zones={"production_area": [token]})
        act(g, "perform", action="yellow")
        if token in offered(g, "buy", "token") or zone(g, "production", 0) == [token]:
            return points
    return None


def test_the_production_tokens_cost_two_three_or_four_three_four_and_three_of_each_commodity(rules):
    g = rules.new_game(players=4, seed=1)          # four players use all 50
    d = g.to_json()["zones"]
    tokens = [t.split("#")[0] for z in ("production_ii", "production_iii", "production_iv", "production_area")
              for t in d[z][0]]
    assert len(tokens) == 50
    cost = {t: cheapest(rules, t) for t in set(tokens)}
    for commodity in COMMODITIES:
        mine = [t for t in tokens if t.startswith(commodity + "_")]
        assert collections.Counter(cost[t] for t in mine) == PRODUCTION_COSTS, commodity


# ---------------------------------------------------------------- the production printed on the player board
@pytest.mark.parametrize("commodity", COMMODITIES)
def test_the_board_counts_as_one_production_token_of_each_commodity(rules, commodity):
    from boardrules.testing import position
    g = position(rules, 2, counters={commodity: {0: 2}}, zones={"production": {0: []}})
    assert g.scores()[0]["parts"]["commodities"] == 2           # 2 goods x (0 tokens + the board's 1)
    token = f"{commodity}_ii_2"
    g = position(rules, 2, counters={commodity: {0: 2}}, zones={"production": {0: [token]}})
    assert g.scores()[0]["parts"]["commodities"] == 4           # 2 goods x (1 token + 1)


# ---------------------------------------------------------------- progress tokens
def spend_max(g, colour):
    act(g, "perform", action=colour)
    return max(offered(g, "spend_points", "points_spent"))


@pytest.mark.parametrize("token, colour, more", [
    ("ap_black", "black", 2), ("ap_brown", "brown", 2), ("ap_black_yellow", "black", 1),
    ("ap_brown_green", "brown", 1), ("ap_black_yellow", "brown", 0), ("ap_brown_green", "black", 0),
    ("ap_blue_red", "black", 0), ("ap_red", "brown", 0)])
def test_action_point_tokens_on_the_track_actions(rules, token, colour, more):
    g = at_action(rules, cubes(**{colour: 2}), zones={"progress_tokens": {0: [token]}})
    assert spend_max(g, colour) == 2 + more


@pytest.mark.parametrize("token, more", [("ap_red", 2), ("ap_blue_red", 1), ("ap_brown_green", 0)])
def test_action_point_tokens_on_the_red_action(rules, token, more):
    g = at_action(rules, cubes(red=1), zones={"progress_tokens": {0: [token]}})
    act(g, "perform", action="red")
    offer = offered(g, "plan_tile", "tile")
    assert max(NEUTRAL[t][0] for t in offer if t in NEUTRAL) == 1 + more


@pytest.mark.parametrize("token, more", [("ap_yellow", 2), ("ap_black_yellow", 1)])
def test_action_point_tokens_on_the_yellow_action(rules, token, more):
    area = ["c1_ii_2", "c2_ii_3", "c3_ii_4"]
    g = at_action(rules, cubes(yellow=1), zones={"progress_tokens": {0: [token]}, "production_area": area})
    act(g, "perform", action="yellow")
    assert offered(g, "buy", "token") == area[:more]


@pytest.mark.parametrize("token, more", [("ap_green", 2), ("ap_brown_green", 1)])
def test_action_point_tokens_on_the_green_action(rules, token, more):
    tiles = ["neutral_1", "neutral_2", "neutral_3i", "neutral_4i"]
    g = planned(rules, tiles, cubes(green=1), zones={"progress_tokens": {0: [token]}})
    geo = geometry(g)
    _, sites = island_with_sites(geo, 1, big=True)
    g = on_board(g, markers={name(geo, sites[0]): 0})
    act(g, "perform", action="green")
    pieces = {a.args["piece"] for a in g.legal_actions() if a.kind == "build"}
    assert max(NEUTRAL[t][0] for t in pieces) == 1 + more


@pytest.mark.parametrize("token, steps", [("ap_blue", 3), ("ap_blue_red", 2), ("ap_black", 1)])
def test_action_point_tokens_on_the_blue_action(rules, token, steps):
    g = at_action(rules, cubes(blue=1), counters={"ships_out": {0: 1}}, zones={"progress_tokens": {0: [token]}})
    act(g, "perform", action="blue")
    geo = geometry(g)
    start = len(geo.laid.cells)
    reach = {geo.node_name(n) for n in B.reachable(geo.graph, start, steps, lambda n: False)}
    assert set(offered(g, "sail", "to")) - {"edge1"} == reach


@pytest.mark.parametrize("token, gold", [("gold_3", 3), ("gold_5", 5)])
def test_the_gold_tokens_give_three_and_five_gold(rules, token, gold):
    g = at_action(rules, cubes(brown=3), zones={"progress_left": [token], "progress_right": []})
    act(g, "perform", action="brown")
    act(g, "spend_points", points_spent=3)
    assert counter(g, "gold", 0) == gold and zone(g, "used_tokens", 0) == [token]


def found_lone_post(rules, **kw):
    """Seat 0's ship at the anchor of an island of one site, in a blue action: the game at the post's question."""
    g = at_action(rules, cubes(blue=1), counters={"ships_out": {0: 1, 1: 1}, **kw.pop("counters", {})}, **kw)
    geo = geometry(g)
    site, anchor = lone_site(geo)
    g = on_board(g, pieces={0: [name(geo, anchor), "edge1"]})
    act(g, "perform", action="blue")
    act(g, "sail", to=name(geo, anchor))
    act(g, "sail", to="edge1")
    return g, name(geo, site)


def test_the_post_token_gives_one_gold_per_trading_post(rules):
    g, site = found_lone_post(rules, zones={"progress_tokens": {0: ["gold_per_post"]}})
    act(g, "found_post", site=site)
    assert counter(g, "gold", 0) == 1


@pytest.mark.parametrize("players", [2, 3])
def test_the_pirate_token_adds_two_to_every_other_players_pirates(rules, players):
    from test_amerigo import at_round_end
    g = at_round_end(rules, ["pirate_1"], players=players,
                     counters={"cannons": dict.fromkeys(range(players), 2), "vp": dict.fromkeys(range(players), 10)},
                     zones={"progress_tokens": {0: ["pirates_plus"]}})
    assert counter(g, "vp", 0) == 10
    for seat in range(1, players):
        assert counter(g, "vp", seat) == 10 - 3                 # strength 1 + 2 against 2 cannons: 3 lost


# ---------------------------------------------------------------- trading posts: twelve each
@pytest.mark.parametrize("posts, can", [(11, True), (12, False)])
def test_a_player_has_twelve_trading_posts(rules, posts, can):
    g, site = found_lone_post(rules, counters={"posts": {0: posts}})
    assert ("found_post" in {a.kind for a in g.legal_actions()}) is can


# ---------------------------------------------------------------- completing an island: 1, 3, 6, 10 x the time value
@pytest.mark.parametrize("mine, theirs, time, pay_mine, pay_theirs", [
    (1, 1, 5, 1 * 5, 1 * 5), (1, 2, 5, 1 * 5, 3 * 5), (1, 3, 3, 1 * 3, 6 * 3), (4, 0, 2, 10 * 2, 0)])
def test_completing_a_big_island_pays_each_player_by_the_posts_there(rules, mine, theirs, time, pay_mine, pay_theirs):
    stack = [f"time_{v}" for v in range(2, time + 1)]
    g = planned(rules, ["village_1"], cubes(green=1), players=2, zones={"time_stack": stack})
    geo = geometry(g)
    part, sites = island_with_sites(geo, 4, big=True)
    last = next(j for j in B.neighbours(geo.laid, sites[0]) if j in part and j not in sites)
    markers = {name(geo, s): 0 for s in sites[:mine]}
    markers.update({name(geo, s): 1 for s in sites[mine:mine + theirs]})
    rest = [i for i in part if i != last and name(geo, i) not in markers]
    g = on_board(g, markers=markers, covered={name(geo, i): 1 for i in rest})
    act(g, "perform", action="green")
    act(g, "build", piece="village_1", at=name(geo, last), turn=0)
    # seat 0: +3 for completing it, the village tile on a big island 2, its posts' pay; the chest's 3 gold
    assert counter(g, "vp", 0) == 3 + 2 + pay_mine and counter(g, "gold", 0) == 3
    assert counter(g, "vp", 1) == pay_theirs


def test_an_island_completed_in_round_five_pays_with_the_time_value_one(rules):
    g, site = found_lone_post(rules, zones={"time_stack": []})
    act(g, "found_post", site=site)
    assert counter(g, "vp", 0) == 3 + 3 + 1                    # first post 3, completing 3, 1 post x 1
