"""Amerigo's map in play, from the rulebook's words (COB-AMERIGO.md 2.6 (1) and (5), 3.6): ships, trading posts,
building landscape tiles and completing islands. The positions are found on the map by its geometry (an island
of one site, an island with several sites), so a transcribed printed map keeps these tests meaningful."""
import pytest

import boardrules
from boardrules.model import boards as B
from boardrules.testing import act, counter, offered, position, zone
from test_amerigo import NO_PIRATES, cubes



@pytest.fixture(scope="module")
def rules():
    return boardrules.load("amerigo")


def geometry(g):
    """The laid map's Geometry (cells, regions, movement graph)."""
    return g._k.boards["map"].geo


def name(geo, node):
    return geo.node_name(node)


def on_board(g, pieces=None, markers=None, covered=None):
    """The game with the map's state changed: pieces {seat: [node names]}, markers {cell name: seat},
    covered {cell name: seat}; checked like any saved game."""
    d = g.to_json()
    board = d["boards"]["map"]
    geo = geometry(g)
    index = {name(geo, i): i for i in range(len(geo.laid.cells))}
    for seat, nodes in (pieces or {}).items():
        board["pieces"][seat] = list(nodes)
    for cell, seat in (markers or {}).items():
        board["markers"][index[cell]] = seat
    for cell, seat in (covered or {}).items():
        board["covered"][index[cell]] = seat
    return g.rules.game_from_json(d, check_history=False)


def at_action(rules, centre, players=2, **kw):
    zones = {"action_area": centre, "storage": [], "tower": [], **NO_PIRATES, **kw.pop("zones", {})}
    counters = {"gold": dict.fromkeys(range(players), 0), **kw.pop("counters", {})}
    g = position(rules, players, zones=zones, counters=counters, **kw)
    assert g.legal_actions()[0].kind == "perform"
    return g


def lone_site(geo):
    """(site cell, its anchor) of an island of one cell, a site."""
    for part in geo.regions:
        if len(part) == 1 and geo.laid.cells[part[0]].mark == "site":
            site = part[0]
            anchor = next(j for j in B.neighbours(geo.laid, site) if geo.laid.cells[j].mark == "anchor")
            return site, anchor
    raise AssertionError("the map has no island of a single site")


def island_with_sites(geo, least, big=None, size=1):
    """The smallest island of at least ``size`` cells with at least ``least`` sites (big or small if asked):
    (cells, sites)."""
    found = []
    for part in geo.regions:
        sites = [i for i in part if geo.laid.cells[i].mark == "site"]
        if len(sites) >= least and len(part) >= size and (big is None or (len(part) >= 20) == big):
            found.append((len(part), part, sites))
    assert found, f"no island with {least} sites"
    _, part, sites = min(found)
    return list(part), sites


# ---------------------------------------------------------------- ships
def test_the_first_blue_action_puts_both_ships_on_frame_spaces_for_free(rules):
    g = at_action(rules, cubes(blue=1))
    act(g, "perform", action="blue")
    geo = geometry(g)
    frame = {name(geo, n) for n in range(len(geo.laid.cells), len(geo.graph.links))}
    assert set(offered(g, "place_ship", "to")) == frame             # any frame space, however far
    far = sorted(frame)[len(frame) // 2]
    act(g, "place_ship", to=far)
    act(g, "place_ship", to=far)                                    # frame spaces hold any number of ships
    # then the action's 1 point moves each ship one step
    steps = {name(geo, n) for n in geo.graph.links[len(geo.laid.cells) + int(far[4:]) - 1]}
    assert set(offered(g, "sail", "to")) == steps | {far}


def test_each_point_moves_each_ship_one_step_and_a_ship_passes_but_does_not_stop_on_a_taken_space(rules):
    g = at_action(rules, cubes(blue=3), counters={"ships_out": {0: 1, 1: 1}})
    geo = geometry(g)
    water = [i for i, c in enumerate(geo.laid.cells) if not c.land]
    # a straight line of four water cells: ship A at the start, seat 1's ship next to it
    line = next((a, a + 1, a + 2, a + 3) for a in water
                if all(b in water and b // geo.laid.width == a // geo.laid.width for b in (a + 1, a + 2, a + 3)))
    a, b, c, d = (name(geo, x) for x in line)
    edge = name(geo, len(geo.laid.cells))
    g = on_board(g, pieces={0: [a, edge], 1: [b, edge]})
    act(g, "perform", action="blue")
    dests = offered(g, "sail", "to")
    assert c in dests and d in dests and b not in dests             # passes seat 1's ship, may not stop on it
    reach = B.reachable(geo.graph, line[0], 3, lambda n: False)
    assert {x for x in dests if x != a} <= {name(geo, n) for n in reach}


# ---------------------------------------------------------------- trading posts
def test_a_trading_post_on_an_island_of_one_site_discovers_and_completes_it(rules):
    g = at_action(rules, cubes(blue=1), counters={"ships_out": {0: 1, 1: 1}})
    geo = geometry(g)
    site, anchor = lone_site(geo)
    g = on_board(g, pieces={0: [name(geo, anchor), "edge1"]})
    act(g, "perform", action="blue")
    act(g, "sail", to=name(geo, anchor))                            # stays at the anchor
    act(g, "sail", to="edge1")
    assert offered(g, "found_post", "site") == [name(geo, site)]
    act(g, "found_post", site=name(geo, site))
    # first post on the island +3, completing it +3, one post there: 1 x the time value 5 (round 1)
    assert counter(g, "vp", 0) == 3 + 3 + 5
    assert counter(g, "posts", 0) == 1


def test_a_ship_at_an_anchor_whose_site_is_taken_cannot_found_a_post(rules):
    g = at_action(rules, cubes(blue=1), counters={"ships_out": {0: 1, 1: 1}})
    geo = geometry(g)
    site, anchor = lone_site(geo)
    g = on_board(g, pieces={0: [name(geo, anchor), "edge1"]}, markers={name(geo, site): 1})
    act(g, "perform", action="blue")
    act(g, "sail", to=name(geo, anchor))
    act(g, "sail", to="edge1")
    assert "found_post" not in {a.kind for a in g.legal_actions()}


# ---------------------------------------------------------------- building
def planned(rules, tiles, centre, players=2, **kw):
    zones = {"planned": {0: tiles}, **kw.pop("zones", {})}
    return at_action(rules, centre, players=players, zones=zones, **kw)


def test_a_tile_is_built_only_on_an_island_with_your_trading_post_next_to_it_or_to_a_tile(rules):
    g = planned(rules, ["neutral_1"], cubes(green=1))
    geo = geometry(g)
    part, sites = island_with_sites(geo, 2, big=True)
    g = on_board(g, markers={name(geo, sites[0]): 0, name(geo, sites[1]): 1})
    act(g, "perform", action="green")
    spots = set(offered(g, "build", "at"))
    next_to_mine = {name(geo, j) for j in B.neighbours(geo.laid, sites[0]) if geo.laid.cells[j].land}
    assert spots == next_to_mine                                    # not next to seat 1's post, not elsewhere


def test_building_takes_the_commodities_covered_and_scores_the_tile_for_the_island_size(rules):
    g = planned(rules, ["neutral_1"], cubes(green=1))
    geo = geometry(g)
    for part in geo.regions:
        if len(part) < 20:
            continue
        goods = [i for i in part if geo.laid.cells[i].item]
        post = next((s for s in part if geo.laid.cells[s].mark == "site"
                     and any(j in goods for j in B.neighbours(geo.laid, s))), None)
        if post is not None:
            break
    cell = next(j for j in B.neighbours(geo.laid, post) if j in goods)
    item = geo.laid.cells[cell].item
    g = on_board(g, markers={name(geo, post): 0})
    act(g, "perform", action="green")
    act(g, "build", piece="neutral_1", at=name(geo, cell), turn=0)
    assert counter(g, item, 0) == 1
    assert counter(g, "vp", 0) == 3                                 # a monomino on a big island: 3
    assert zone(g, "built_tiles") == ["neutral_1"] and zone(g, "planned", 0) == []


def test_completing_an_island_pays_each_player_the_triangular_number_of_posts_times_the_time_value(rules):
    g = planned(rules, ["village_1"], cubes(green=1), players=3)
    geo = geometry(g)
    part, sites = island_with_sites(geo, 1, big=False, size=3)
    # every cell of a small island filled but one beside a post of seat 0: seat 0 completes it by building
    post = sites[0]
    last = next(j for j in B.neighbours(geo.laid, post) if j in part)
    rest = [i for i in part if i not in (post, last)]
    g = on_board(g, markers={name(geo, post): 0}, covered={name(geo, i): 1 for i in rest})
    act(g, "perform", action="green")
    act(g, "build", piece="village_1", at=name(geo, last), turn=0)
    # completer +3, one post there: 1 x 5; the village tile on a small island: 1
    assert counter(g, "vp", 0) == 3 + 5 + 1
    assert counter(g, "chests", 0) == 0                              # a small island has no chest


def test_three_posts_on_a_big_island_completed_in_round_two_pay_six_times_four(rules):
    g = planned(rules, ["village_1"], cubes(green=1), players=2,
                zones={"time_stack": ["time_2", "time_3", "time_4"]})       # round 2: the 5 is gone
    geo = geometry(g)
    part, sites = island_with_sites(geo, 4, big=True)
    last = next(j for j in B.neighbours(geo.laid, sites[0]) if j in part and j not in sites)
    markers = {name(geo, s): 1 for s in sites[1:4]}
    markers[name(geo, sites[0])] = 0
    rest = [i for i in part if i != last and name(geo, i) not in markers]
    g = on_board(g, markers=markers, covered={name(geo, i): 1 for i in rest})
    act(g, "perform", action="green")
    act(g, "build", piece="village_1", at=name(geo, last), turn=0)
    # seat 0: +3 completing, the chest's 3 gold, 1 post: 1 x 4, the tile on a big island: 2
    assert counter(g, "vp", 0) == 3 + 4 + 2 and counter(g, "gold", 0) == 3 and counter(g, "chests", 0) == 1
    # seat 1: 3 posts: 6 x 4
    assert counter(g, "vp", 1) == 24
