"""Amerigo's rules from the rulebook's words (COB-AMERIGO.md section 2; the acceptance tests of 3.6): the set-up,
the cube tower and the action points, the skip rule, gold instead of an action, the tracks' ends, the pirates, the
markets, and the final scoring. The map, the ships, trading posts and building are in tests/test_amerigo_map.py."""
import pytest

import boardrules
from boardrules.testing import act, counter, offered, position, zone

#: Pirates of strength 0 all game: a test that plays on to the end keeps its cannons.
NO_PIRATES = {"pirates": ["pirate_0"], "pirates_hidden": ["pirate_0"], "pirates_out": []}
COLOURS = ("blue", "black", "red", "brown", "green", "yellow", "white")


@pytest.fixture(scope="module")
def rules():
    return boardrules.load("amerigo")


def cubes(**counts):
    """A list of cube ids: cubes(red=4, blue=2) -> ['red_cube'] * 4 + ['blue_cube'] * 2."""
    return [f"{c}_cube" for c, n in counts.items() for _ in range(n)]


def cube_counts(g):
    """Per colour, the cubes in the storage spaces, the tower, the tray and the centre."""
    d = g.to_json()["zones"]
    out = dict.fromkeys(COLOURS, 0)
    for z in ("storage", "tower", "tray", "action_area"):
        for inst in d[z][0]:
            out[inst.split("_cube", 1)[0]] += 1
    return out


def at_action(rules, players=2, centre=None, storage=(), tower=(), **kw):
    """A game at the first player's choice of action in the first phase (blue), with the centre, the storage
    spaces and the tower as given (what they do not hold goes back to the box)."""
    g = position(rules, players, zones={"action_area": centre or cubes(blue=3), "storage": list(storage),
                                        "tower": list(tower), **kw.pop("zones", {})}, **kw)
    assert g.legal_actions()[0].kind == "perform", g.legal_actions()
    return g


def take_gold_all_phase(g):
    """Every player still to act in this phase takes gold instead."""
    while g.legal_actions() and g.legal_actions()[0].kind == "perform":
        act(g, "perform", action="gold")


# ---------------------------------------------------------------- the set-up
@pytest.mark.parametrize("players, revealed", [(2, 6), (3, 8), (4, 10)])
def test_setup_follows_the_player_count(rules, players, revealed):
    g = rules.new_game(players=players, seed=3)
    assert sum(cube_counts(g).values()) == 49 and set(cube_counts(g).values()) == {7}
    assert len(zone(g, "production_area")) == revealed
    # five pirate markers face down on their spaces, one face up, the sixth out of the game unseen
    assert len(zone(g, "pirates")) == 1 and len(zone(g, "pirates_hidden")) == 4
    assert len(zone(g, "progress_left")) == 4 and len(zone(g, "progress_right")) == 4
    # the time markers: 5 on top
    assert zone(g, "time_stack")[-1] == "time_5"
    # starting gold: 0, 1, 2, 3 by position on the special-action track (the top disc starts)
    order = sorted(range(players), key=lambda s: boardrules.testing.counter(g, "gold", s))
    assert [counter(g, "gold", s) for s in order] == list(range(players))
    for seat in range(players):
        assert len(zone(g, "villages", seat)) == 16
        assert counter(g, "vp", seat) == 0 and counter(g, "cannons", seat) == 0


# ---------------------------------------------------------------- action points and availability
def test_the_colours_in_the_centre_are_available_each_with_as_many_points_as_the_largest_colour(rules):
    g = at_action(rules, centre=cubes(red=4, blue=2, black=2), counters={"gold": {0: 0, 1: 0}})
    assert sorted(offered(g, "perform", "action")) == ["black", "blue", "gold", "red"]
    act(g, "perform", action="black")
    assert offered(g, "spend_points", "points_spent") == [1, 2, 3, 4]
    act(g, "spend_points", points_spent=4)
    assert counter(g, "cannons", 0) == 4


def test_gold_instead_of_an_action_is_one_per_three_cubes_rounded_up(rules):
    g = at_action(rules, centre=cubes(red=4, blue=3, black=3), counters={"gold": {0: 0, 1: 0}})
    act(g, "perform", action="gold")
    assert counter(g, "gold", 0) == 4                    # 10 cubes -> 4


def test_the_progress_token_makes_gold_instead_one_per_two_cubes(rules):
    g = at_action(rules, centre=cubes(red=4, blue=3, black=2), counters={"gold": {0: 0, 1: 0}},
                  zones={"progress_tokens": {0: ["gold_half"]}})
    act(g, "perform", action="gold")
    assert counter(g, "gold", 0) == 5                    # 9 cubes -> 5


def test_gold_buys_action_points_one_each(rules):
    g = at_action(rules, centre=cubes(black=2), counters={"gold": {0: 3, 1: 0}})
    act(g, "perform", action="black")
    assert sorted(offered(g, "buy_points", "extra")) == [0, 1, 2, 3]
    act(g, "buy_points", extra=3)
    act(g, "spend_points", points_spent=5)
    assert counter(g, "cannons", 0) == 5 and counter(g, "gold", 0) == 0


def test_a_permanent_progress_token_adds_two_points_to_its_colour_only(rules):
    g = at_action(rules, centre=cubes(black=2, red=1),
                  zones={"progress_tokens": {0: ["ap_black"], 1: ["ap_red"]}, **NO_PIRATES},
                  counters={"gold": {0: 0, 1: 0}})
    act(g, "perform", action="black")
    assert max(offered(g, "spend_points", "points_spent")) == 4
    act(g, "spend_points", points_spent=4)
    assert counter(g, "cannons", 0) == 4
    act(g, "perform", action="black")                       # seat 1's token is for red
    assert max(offered(g, "spend_points", "points_spent")) == 2
    act(g, "spend_points", points_spent=2)
    assert counter(g, "cannons", 1) == 2


def test_the_red_green_swap_makes_red_available_when_only_green_came_out(rules):
    g = at_action(rules, centre=cubes(green=2), zones={"progress_tokens": {0: ["swap_red_green"]}})
    assert "red" in offered(g, "perform", "action")
    act(g, "perform", action="gold")
    assert "red" not in offered(g, "perform", "action")     # seat 1 has no swap token


def test_a_skipped_phase_gives_nobody_an_action_or_gold(rules):
    # no cube of any colour is left to drop: after the blue phase every phase is skipped, and the round ends
    g = at_action(rules, centre=cubes(blue=3), counters={"gold": {0: 0, 1: 0}})
    take_gold_all_phase(g)
    assert g.round == 2 or g.is_over
    assert counter(g, "gold", 0) == 1 and counter(g, "gold", 1) == 1


def test_each_phase_drops_only_its_own_colour_and_nothing_is_lost(rules):
    g = rules.new_game(players=3, seed=11)
    from boardrules.play.bots import random_bots
    bots = random_bots(11, 3)
    while not g.is_over:
        assert set(cube_counts(g).values()) == {7}
        if g.legal_actions()[0].kind == "perform":
            assert zone(g, "action_area")            # a phase where nothing fell out is skipped
        g.apply(bots[g.current_player].choose(g))


# ---------------------------------------------------------------- the tracks' ends
def test_cannons_at_the_track_end_forfeit_the_rest_for_two_gold(rules):
    g = at_action(rules, centre=cubes(black=4), counters={"gold": {0: 0, 1: 0}, "cannons": {0: 11}})
    act(g, "perform", action="black")
    act(g, "spend_points", points_spent=4)
    assert counter(g, "cannons", 0) == 12 and counter(g, "gold", 0) == 2


def test_gold_past_twelve_becomes_points_at_once(rules):
    g = at_action(rules, centre=cubes(blue=4, black=4, red=4), counters={"gold": {0: 11, 1: 0}})
    act(g, "perform", action="gold")
    assert counter(g, "gold", 0) == 12 and counter(g, "vp", 0) == 3


def test_reaching_a_numbered_progress_space_takes_a_token_from_either_half(rules):
    g = at_action(rules, centre=cubes(brown=3), counters={"gold": {0: 0, 1: 0}},
                  zones={"progress_left": ["end_seven"], "progress_right": ["half_loss"]})
    act(g, "perform", action="brown")
    act(g, "spend_points", points_spent=3)
    assert sorted(offered(g, "take_token", "token")) == ["end_seven", "half_loss"]
    act(g, "take_token", token="end_seven")
    assert zone(g, "progress_tokens", 0) == ["end_seven"]
    assert counter(g, "progress_track", 0) == 3


# ---------------------------------------------------------------- the pirates
def at_round_end(rules, pirates, players=2, **kw):
    """Plays the rest of round 1 without changing anything (the red, green or yellow action, taking nothing), with
    these face-up pirate markers and no gold: the game at the first decision of round 2, after the pirates' attack.
    Only red, green and yellow cubes are in play, so the other phases are skipped."""
    counters = {"gold": dict.fromkeys(range(players), 0), **kw.pop("counters", {})}
    g = at_action(rules, players=players, centre=cubes(yellow=1), storage=cubes(yellow=6, red=7, green=7),
                  zones={"pirates": pirates, "pirates_hidden": ["pirate_0"], "pirates_out": [],
                         **kw.pop("zones", {})}, counters=counters, **kw)
    while g.round == 1:
        kinds = {a.kind for a in g.legal_actions()}
        if kinds == {"perform"}:
            act(g, "perform", action=next(c for c in ("yellow", "red", "green") if c in offered(g, "perform", "action")))
        else:
            assert kinds <= {"buy", "plan_tile", "build", "pass"}, kinds
            act(g, "pass", decision=next(iter(kinds - {"pass"})))
    return g


@pytest.mark.parametrize("cannons, vp, after_cannons, after_vp", [
    (5, 20, 0, 13),         # strength 7 against 5 cannons: all cannons spent and the whole 7 lost, not 2
    (9, 20, 2, 20),         # 9 cannons repel 7: 7 cannons spent
    (7, 20, 0, 20),         # exactly enough
    (0, 4, 0, 0),           # points never fall below 0
])
def test_the_pirates_take_the_cannons_or_their_whole_strength_in_points(rules, cannons, vp, after_cannons,
                                                                         after_vp):
    g = at_round_end(rules, ["pirate_3", "pirate_4"], counters={"cannons": {0: cannons}, "vp": {0: vp},
                                                                "gold": {0: 0, 1: 0}})
    assert counter(g, "cannons", 0) == after_cannons and counter(g, "vp", 0) == after_vp


def test_half_loss_loses_half_the_strength_rounded_up_after_spending_the_cannons(rules):
    g = at_round_end(rules, ["pirate_3", "pirate_4"], counters={"cannons": {0: 5}, "vp": {0: 20}},
                     zones={"progress_tokens": {0: ["half_loss"]}})
    assert counter(g, "cannons", 0) == 0 and counter(g, "vp", 0) == 16


def test_the_pirate_token_makes_the_pirates_two_stronger_for_the_others_only(rules):
    g = at_round_end(rules, ["pirate_3"], counters={"cannons": {0: 3, 1: 3}, "vp": {0: 10, 1: 10}},
                     zones={"progress_tokens": {0: ["pirates_plus"]}})
    assert counter(g, "cannons", 0) == 0 and counter(g, "vp", 0) == 10     # 3 against 3: repelled
    assert counter(g, "cannons", 1) == 0 and counter(g, "vp", 1) == 5      # 5 against 3: 5 lost


def test_repelling_the_pirates_with_the_token_gives_two_gold_even_at_strength_zero(rules):
    g = at_round_end(rules, ["pirate_0"], zones={"progress_tokens": {0: ["repel_gold"]}})
    assert counter(g, "gold", 0) == 2 and counter(g, "gold", 1) == 0


# ---------------------------------------------------------------- a new round
def test_a_new_round_reveals_a_pirate_ages_the_progress_area_refreshes_production_and_removes_a_time_marker(rules):
    g = at_round_end(rules, ["pirate_0"], players=3, zones={"progress_left": ["end_seven", "gold_3"],
                                                             "progress_right": ["half_loss"]})
    assert g.round == 2
    assert len(zone(g, "pirates")) == 2
    right = zone(g, "progress_right")
    assert sorted(right) == ["end_seven", "gold_3"] and len(zone(g, "progress_left")) == 4
    assert "half_loss" not in zone(g, "progress_left") + zone(g, "progress_right")
    assert len(zone(g, "production_area")) == 8
    assert zone(g, "time_stack")[-1] == "time_4"


# ---------------------------------------------------------------- final scoring
def test_commodities_score_their_count_times_one_more_than_their_production_tokens(rules):
    g = position(rules, 2, counters={"c3": {0: 3}}, zones={"production": {0: ["c3_ii_2", "c3_ii_4"]}})
    parts = g.scores()[0]["parts"]
    assert parts["commodities"] == 9                # 3 sugar x (2 tokens + 1); the tokens' costs do not count


# ---------------------------------------------------------------- saved games
def test_a_saved_game_mid_action_loads_and_a_word_the_game_does_not_know_is_refused(rules):
    g = at_action(rules, centre=cubes(black=2), counters={"gold": {0: 3, 1: 0}})
    act(g, "perform", action="black")                  # the gold question is pending: the action's colour held
    d = g.to_json()
    assert rules.game_from_json(d, check_history=False).to_json() == d
    frames = [f for f in d["flow"] if "action_colour" in f["env"]]
    assert frames and all(f["env"]["action_colour"] == "black" for f in frames)
    for f in frames:
        f["env"]["action_colour"] = "purple"
    with pytest.raises(boardrules.StateError, match=r"env\.action_colour: 'purple' is not a word of this game"):
        rules.game_from_json(d, check_history=False)


# ---------------------------------------------------------------- the example variant: a tower with shelves
def test_the_shelf_variant_keeps_at_most_three_shelves_of_three_cubes_in_the_tower():
    import pathlib
    shelf = boardrules.load(pathlib.Path(__file__).resolve().parents[1] / "examples" / "amerigo_shelf.yaml")
    from boardrules.play.bots import random_bots
    tower = shelf.model.zone_index["tower"]
    for seed in range(3):
        g = shelf.new_game(players=3, seed=seed)
        bots = random_bots(seed, 3)
        while not g.is_over:
            assert len(g._k.zones[tower][0]) <= 9
            g.apply(bots[g.current_player].choose(g))
        assert set(cube_counts(g).values()) == {7}


# ---------------------------------------------------------------- planning, production, the special action
def test_planning_costs_one_point_a_village_tile_and_its_size_a_neutral_one_at_most_one_neutral_a_phase(rules):
    g = at_action(rules, centre=cubes(red=5))
    act(g, "perform", action="red")
    offer = offered(g, "plan_tile", "tile")
    assert "neutral_6" not in offer and "neutral_5u" in offer and "village_4o" in offer
    act(g, "plan_tile", tile="neutral_3l")                   # 3 of 5 points
    offer = offered(g, "plan_tile", "tile")
    assert not any(t.startswith("neutral") for t in offer)  # one neutral tile a phase
    act(g, "plan_tile", tile="village_4o")
    act(g, "plan_tile", tile="village_1")                    # 5 points spent: the action ends
    assert sorted(zone(g, "planned", 0)) == ["neutral_3l", "village_1", "village_4o"]
    assert g.current_player == 1


def test_the_planning_token_allows_two_neutral_tiles_in_one_action(rules):
    g = at_action(rules, centre=cubes(red=4), zones={"progress_tokens": {0: ["plan_two"]}})
    act(g, "perform", action="red")
    act(g, "plan_tile", tile="neutral_1")
    assert "neutral_2" in offered(g, "plan_tile", "tile")    # a second neutral tile
    act(g, "plan_tile", tile="neutral_2")
    assert not any(t.startswith("neutral") for t in offered(g, "plan_tile", "tile"))    # not a third


def test_production_tokens_are_bought_while_their_costs_fit_the_points(rules):
    g = at_action(rules, centre=cubes(yellow=5), zones={"production_area": ["c1_ii_2", "c2_ii_3", "c3_ii_4"]})
    act(g, "perform", action="yellow")
    assert sorted(offered(g, "buy", "token")) == ["c1_ii_2", "c2_ii_3", "c3_ii_4"]
    act(g, "buy", token="c2_ii_3")
    assert offered(g, "buy", "token") == ["c1_ii_2"]         # 2 points left
    act(g, "buy", token="c1_ii_2")
    assert sorted(zone(g, "production", 0)) == ["c1_ii_2", "c2_ii_3"]


def test_the_special_action_is_the_colour_of_the_space_under_your_disc_with_its_tokens(rules):
    # space 2 of the special-action track is black; the black token adds 2
    g = at_action(rules, centre=cubes(white=3), counters={"special_track": {0: 2}},
                  zones={"progress_tokens": {0: ["ap_black"]}})
    assert "special" in offered(g, "perform", "action")
    act(g, "perform", action="special")
    assert max(offered(g, "spend_points", "points_spent")) == 5
    act(g, "spend_points", points_spent=5)
    assert counter(g, "cannons", 0) == 5
    # seat 1's disc is on the start space: no special action
    assert sorted(offered(g, "perform", "action")) == ["gold", "white"]


def test_white_moves_the_disc_on_top_of_a_stack_it_reaches(rules):
    # (the phase's order was fixed as it began: seat 0 first)
    g = at_action(rules, centre=cubes(white=2), counters={"special_track": {0: 0, 1: 2}})
    assert g.tie_breaks(1) > g.tie_breaks(0)
    act(g, "perform", action="white")
    act(g, "spend_points", points_spent=2)                      # seat 0 reaches space 2, on top of seat 1
    assert counter(g, "special_track", 0) == 2 and g.tie_breaks(0) > g.tie_breaks(1)


def test_the_eight_point_token_is_used_once_for_each_ship(rules):
    g = at_action(rules, centre=cubes(blue=1), counters={"ships_out": {0: 1}}, zones={"progress_tokens": {0: ["blue_eight"]}})
    act(g, "perform", action="blue")
    act(g, "use_token", use="use_eight")
    assert zone(g, "used_tokens", 0) == ["blue_eight"]
    geo = g._k.boards["map"].geo
    from boardrules.model import boards as B
    start = len(geo.laid.cells)
    far = {geo.node_name(n) for n in B.reachable(geo.graph, start, 9, lambda n: False)}
    assert set(offered(g, "sail", "to")) - {"edge1"} == far
    act(g, "sail", to="edge1")
    assert set(offered(g, "sail", "to")) - {"edge1"} == far    # the second ship has the 9 points too


def test_points_instead_of_an_action_is_one_point_a_cube_once(rules):
    g = at_action(rules, centre=cubes(blue=3, red=2), zones={"progress_tokens": {0: ["points_instead"]}})
    act(g, "perform", action="points")
    assert counter(g, "vp", 0) == 5 and zone(g, "used_tokens", 0) == ["points_instead"]


@pytest.mark.parametrize("token, part, value", [("end_seven", "end_seven", 7), ("end_gold", "end_gold", 4),
                                                 ("end_posts", "end_posts", 3)])
def test_the_final_scoring_tokens_score_at_the_end(rules, token, part, value):
    g = position(rules, 2, zones={"progress_tokens": {0: [token]}}, counters={"gold": {0: 4}, "posts": {0: 3}})
    score = g.scores()[0]
    assert score["parts"]["gold"] == 4 and sum(v for k, v in score["parts"].items() if k not in
                                                ("gold", "vp", "commodities", "progress_track", "special_track")) == value


# ---------------------------------------------------------------- fewer points than a track could take (spend_fewer)
def test_a_player_may_spend_fewer_points_than_the_track_could_take(rules):
    # seed 004: "玩家每花費1個行動點數,便可將…砲彈軌的玩家指示物往右移動1格": one space per point spent
    g = at_action(rules, centre=cubes(black=4), counters={"gold": {0: 0, 1: 0}, "cannons": {0: 5}})
    act(g, "perform", action="black")
    assert offered(g, "spend_points", "points_spent") == [1, 2, 3, 4]
    act(g, "spend_points", points_spent=2)
    assert counter(g, "cannons", 0) == 7 and counter(g, "gold", 0) == 0 and g.current_player == 1


@pytest.mark.parametrize("spent, cannons, gold", [(2, 12, 0), (3, 12, 2), (4, 12, 2)])
def test_points_are_lost_for_two_gold_only_past_the_tracks_end(rules, spent, cannons, gold):
    # cannons on 10: 2 points reach the end exactly and lose nothing; a third point spent is lost, for 2 gold
    g = at_action(rules, centre=cubes(black=4), counters={"gold": {0: 0, 1: 0}, "cannons": {0: 10}})
    act(g, "perform", action="black")
    act(g, "spend_points", points_spent=spent)
    assert counter(g, "cannons", 0) == cannons and counter(g, "gold", 0) == gold


@pytest.mark.parametrize("spent, token", [(1, False), (2, True)])
def test_spending_fewer_progress_points_stops_short_of_a_numbered_space(rules, spent, token):
    g = at_action(rules, centre=cubes(brown=4), counters={"gold": {0: 0, 1: 0}, "progress_track": {0: 1}},
                  zones={"progress_left": ["end_seven"], "progress_right": []})
    act(g, "perform", action="brown")
    act(g, "spend_points", points_spent=spent)
    assert counter(g, "progress_track", 0) == 1 + spent
    assert (zone(g, "progress_tokens", 0) == ["end_seven"]) is token      # the only token, taken at once
