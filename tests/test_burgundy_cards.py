"""The Castles of Burgundy card game, from the rulebook's words (seed 003; COB-AMERIGO.md section 1).

Each test sets up the position a rule talks about with boardrules.testing and checks what a player may and may not
do. The printed die values are reconstructed (rules choice reconstructed_values), so the tests name the cards they
use and the value each shows in its id (castle_3 shows a 3).
"""
from __future__ import annotations

import pytest

import boardrules
from boardrules.content.paths import packaged_games
from boardrules.testing import act, counter, decline, offered, position, zone

GAME = "burgundy_cards"


@pytest.fixture(scope="module")
def rules():
    assert GAME in packaged_games()
    return boardrules.load(GAME)


def turn_of(rules, players=3, **kw):
    """A position at seat 0's first decision of the game (the start player plays first). A position that names
    zones empties every player's face-down pile too, so that the copies it names are free."""
    if "zones" in kw:
        kw["zones"] = {"round_pile": {s: [] for s in range(players)}, **kw["zones"]}
    return position(rules, players, first=0, **kw)


def answer(game, kind, /, **args):
    """Applies the answer, unless the engine took it itself (the only answer of a decision is not asked)."""
    if any(a.kind == kind and all(a.args.get(k) == v for k, v in args.items()) for a in game.legal_actions()):
        act(game, kind, **args)


def play(game, card, use):
    answer(game, "play_hand_card", played=card)
    answer(game, "use_value", action=use)


# ---------------------------------------------------------------- workers: one step each, 6 and 1 side by side
def test_a_worker_turns_a_1_into_a_6(rules):
    g = turn_of(rules, zones={"hand": {0: ["castle_1", "pasture_5"]},
                              "card_display": ["ship_2", "ship_6", "ship_4", "mine_3"]},
                on={"ship_2": {"display_row": 3}, "ship_6": {"display_row": 6}, "ship_4": {"display_row": 4},
                    "mine_3": {"display_row": 1}},
                counters={"worker_cards": {0: 1}, "worker_supply": 10})
    play(g, "castle_1", "take_from_row")
    # row 1 for free, row 6 one step away from 1 and from 6; rows 3 and 4 are out of reach
    assert offered(g, "take_from_row", "card") == ["mine_3", "ship_6"]
    answer(g, "take_from_row", card="ship_6")
    assert zone(g, "project_area", 0) == ["ship_6"]
    assert counter(g, "worker_cards", 0) == 0 and counter(g, "worker_supply") == 11


@pytest.mark.parametrize("workers, can", [(2, False), (3, True)])
def test_a_2_becomes_a_5_for_three_workers(rules, workers, can):
    g = turn_of(rules, zones={"hand": {0: ["mine_2", "pasture_5"]}, "card_display": ["pasture_1"]},
                on={"pasture_1": {"display_row": 5}}, counters={"worker_cards": {0: workers}})
    answer(g, "play_hand_card", played="mine_2")
    assert ("take_from_row" in offered(g, "use_value", "action")) is can
    if can:
        answer(g, "use_value", action="take_from_row")
        answer(g, "take_from_row", card="pasture_1")
        assert counter(g, "worker_cards", 0) == 0


def test_the_die_value_alone_reaches_its_row_for_free(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_4", "pasture_5"]},
                              "card_display": ["castle_1", "mine_6", "castle_2"]},
                on={"castle_1": {"display_row": 4}, "mine_6": {"display_row": 4}, "castle_2": {"display_row": 3}},
                counters={"worker_cards": {0: 0}})
    play(g, "ship_4", "take_from_row")
    assert offered(g, "take_from_row", "card") == ["castle_1", "mine_6"]


# ---------------------------------------------------------------- the display's rows
@pytest.mark.parametrize("players, size, by_turn", [(2, 7, 6), (3, 10, 6), (4, 13, 12)])
def test_the_display_layout(rules, players, size, by_turn):
    for seed in range(5):
        g = rules.new_game(players, seed=seed)
        d = g.to_json()
        cards = d["zones"]["card_display"][0]
        assert len(cards) == size
        index = {name: i for i, name in enumerate(rules.model.instance_names)}
        rows = [d["counters"]["display_row"][index[c]] for c in cards]
        # the first 6 (12 with 4 players) one to each row, 1 to 6 in turn, whatever value they show ...
        assert rows[:by_turn] == [1, 2, 3, 4, 5, 6] * (by_turn // 6)
        # ... every later card to the row of its own die value
        for c, row in zip(cards[by_turn:], rows[by_turn:]):
            assert row == rules.model.attr_tables["die"][index[c]]


def test_an_empty_row_offers_nothing_to_take(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_3", "pasture_5"]}, "card_display": ["castle_5"]},
                on={"castle_5": {"display_row": 5}}, counters={"worker_cards": {0: 0}})
    answer(g, "play_hand_card", played="ship_3")
    assert "take_from_row" not in offered(g, "use_value", "action")


# ---------------------------------------------------------------- the project area holds three
def test_a_fourth_project_makes_room_first(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_2", "pasture_5"]}, "card_display": ["castle_5"],
                              "project_area": {0: ["mine_1", "knowledge_3", "pasture_6"]}},
                on={"castle_5": {"display_row": 2}})
    play(g, "ship_2", "take_from_row")
    answer(g, "take_from_row", card="castle_5")
    assert g.legal_actions()[0].kind == "make_room"
    assert offered(g, "make_room", "card") == ["knowledge_3", "mine_1", "pasture_6"]
    answer(g, "make_room", card="knowledge_3")
    assert sorted(zone(g, "project_area", 0)) == ["castle_5", "mine_1", "pasture_6"]
    assert zone(g, "discard")[:2] == ["ship_2", "knowledge_3"]


# ---------------------------------------------------------------- placing a project: the value must match
def test_a_project_is_placed_with_its_own_value(rules):
    g = turn_of(rules, zones={"hand": {0: ["castle_4", "pasture_5"]}, "project_area": {0: ["mine_4", "mine_5"]}},
                counters={"worker_cards": {0: 0}, "silver_supply": 10})
    play(g, "castle_4", "place_project")
    answer(g, "place_project", card="mine_4")            # the only project showing a 4
    assert zone(g, "estate_silver_mine", 0) == ["mine_4"] and zone(g, "project_area", 0) == ["mine_5"]
    assert counter(g, "silver", 0) == 2 + 1          # a mine's bonus: 2 silver (1 from set-up)


def test_a_hand_card_never_goes_straight_into_the_estate(rules):
    g = turn_of(rules, zones={"hand": {0: ["castle_4", "pasture_5"]}, "project_area": {0: []}})
    answer(g, "play_hand_card", played="castle_4")
    assert "place_project" not in offered(g, "use_value", "action")


# ---------------------------------------------------------------- selling goods
@pytest.mark.parametrize("die", [3, 4])
def test_3_and_4_both_sell_the_medium_goods(rules, die):
    card = f"knowledge_{die}"
    g = turn_of(rules, zones={"hand": {0: [card, "pasture_5"]},
                              "storage": {0: ["medium_goods", "medium_goods", "light_goods", "hen"]}},
                counters={"worker_cards": {0: 0}, "silver": {0: 0}, "silver_supply": 10})
    play(g, card, "sell_goods")
    answer(g, "sell_goods", goods="medium_goods")         # the light goods are out of reach without a worker
    assert zone(g, "sold", 0) == ["medium_goods", "medium_goods"]       # all of that shade
    assert sorted(zone(g, "storage", 0)) == ["hen", "light_goods"]
    assert counter(g, "silver", 0) == 2                                # 1 silver per card
    assert counter(g, "start_card_holder") == 0 and counter(g, "start_card_claimed") == 1


def test_selling_needs_a_goods_card_of_the_shade(rules):
    g = turn_of(rules, zones={"hand": {0: ["knowledge_6", "pasture_5"]}, "storage": {0: ["light_goods"]}},
                counters={"worker_cards": {0: 1}})
    answer(g, "play_hand_card", played="knowledge_6")
    # 6 -> 1 is one step: the light shade (1-2) is in reach, so the sale is offered; with no worker it is not
    assert "sell_goods" in offered(g, "use_value", "action")
    g = turn_of(rules, zones={"hand": {0: ["knowledge_4", "pasture_5"]}, "storage": {0: ["light_goods"]}},
                counters={"worker_cards": {0: 1}})
    answer(g, "play_hand_card", played="knowledge_4")
    assert "sell_goods" not in offered(g, "use_value", "action")


def test_selling_does_not_change_the_turn_order_of_the_round(rules):
    g = turn_of(rules, zones={"hand": {0: ["knowledge_5", "pasture_5"], 1: ["knowledge_5", "pasture_4"],
                                       2: ["ship_1", "ship_2"]}, "storage": {1: ["dark_goods"]}},
                counters={"worker_cards": {0: 0, 1: 0}})
    play(g, "knowledge_5", "take_silver")
    assert g.current_player == 1
    answer(g, "play_hand_card", played=g.legal_actions()[0].args["played"])
    # seat 1 sells if it can; either way seat 2 plays next, then seat 0 again
    while g.current_player == 1:
        act(g, g.legal_actions()[0].kind, **g.legal_actions()[0].args)
    assert g.current_player == 2


# ---------------------------------------------------------------- workers and silver
def test_top_up_workers_to_two(rules):
    for held, after in [(0, 2), (1, 2), (3, 3)]:
        g = turn_of(rules, zones={"hand": {0: ["ship_1", "pasture_5"]}}, counters={"worker_cards": {0: held}})
        play(g, "ship_1", "take_workers")
        assert counter(g, "worker_cards", 0) == after


def test_knowledge_gives_two_workers_however_many_you_hold(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_3", "pasture_5"]}, "project_area": {0: ["knowledge_3"]}},
                counters={"worker_cards": {0: 5}, "worker_supply": 10})
    play(g, "ship_3", "place_project")
    answer(g, "place_project", card="knowledge_3")
    assert counter(g, "worker_cards", 0) == 7


def test_an_empty_supply_gives_what_is_left(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "pasture_5"]}}, counters={"silver_supply": 0, "silver": {0: 0}})
    play(g, "ship_1", "take_silver")
    assert counter(g, "silver", 0) == 0


def test_three_workers_or_silver_make_a_point(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "pasture_5"]}}, counters={"worker_cards": {0: 4}, "silver": {0: 3}})
    play(g, "ship_1", "convert_to_points")
    assert offered(g, "convert_to_points", "returned") == ["a_worker_and_two_silver", "three_silver",
                                                           "three_workers", "two_workers_and_a_silver"]
    assert not any(a.kind == "pass" for a in g.legal_actions())       # the first point is the action itself
    act(g, "convert_to_points", returned="three_workers")
    # 1 worker and 3 silver left: another point may be taken, or not
    assert offered(g, "convert_to_points", "returned") == ["a_worker_and_two_silver", "three_silver"]
    act(g, "convert_to_points", returned="a_worker_and_two_silver")
    assert (counter(g, "vp", 0), counter(g, "worker_cards", 0), counter(g, "silver", 0)) == (2, 0, 1)
    assert g.current_player != 0 or not any(a.kind == "convert_to_points" for a in g.legal_actions())


def test_taking_points_stops_when_the_player_says_so(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "pasture_5"]}}, counters={"worker_cards": {0: 6}, "silver": {0: 0}})
    play(g, "ship_1", "convert_to_points")       # three workers, the only answer, for the first point
    assert counter(g, "vp", 0) == 1
    decline(g)
    assert (counter(g, "vp", 0), counter(g, "worker_cards", 0)) == (1, 3)


def test_buying_three_cards_with_silver(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "pasture_5"]}}, top={"draw_deck": ["castle_6", "mine_2", "ship_5"]},
                counters={"silver": {0: 2}, "worker_cards": {0: 0}, "silver_supply": 10})
    play(g, "ship_1", "take_silver")             # 3 silver: cards may be bought after the action too
    act(g, "buy_cards", buy="buy")
    assert counter(g, "silver", 0) == 0
    assert offered(g, "keep_card", "card") == ["castle_6", "mine_2", "ship_5"]
    answer(g, "keep_card", card="mine_2")
    answer(g, "use_card", use="new_project")
    assert zone(g, "project_area", 0) == ["mine_2"]
    assert {"castle_6", "ship_5"} <= set(zone(g, "discard"))


def test_a_bought_card_may_be_used_for_its_value(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "pasture_5"]}, "card_display": ["pasture_3"]},
                on={"pasture_3": {"display_row": 5}}, top={"draw_deck": ["castle_5", "mine_2", "ship_1"]},
                counters={"silver": {0: 2}, "worker_cards": {0: 0}, "silver_supply": 10})
    play(g, "ship_1", "take_silver")
    act(g, "buy_cards", buy="buy")
    answer(g, "keep_card", card="castle_5")
    answer(g, "use_card", use="its_value")
    answer(g, "use_value", action="take_from_row")
    answer(g, "take_from_row", card="pasture_3")
    assert zone(g, "project_area", 0) == ["pasture_3"]


# ---------------------------------------------------------------- the estate, cloisters and the bonus races
def test_a_cloister_may_join_the_castles_and_completes_their_triple(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_2", "pasture_5"]}, "project_area": {0: ["cloister_2"]},
                              "estate_castle": {0: ["castle_1", "castle_3"]}})
    play(g, "ship_2", "place_project")
    answer(g, "place_project", card="cloister_2")
    assert offered(g, "join_stack", "stack") == ["castle", "cloister"]    # only stacks that hold a card
    answer(g, "join_stack", stack="castle")
    assert sorted(zone(g, "estate_castle", 0)) == ["castle_1", "castle_3", "cloister_2"]
    assert zone(g, "bonuses", 0) == ["first_castle"]
    assert "first_castle" not in zone(g, "first_bonuses")


def test_a_cloister_stays_with_the_cloisters_when_it_wants(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_2", "pasture_5"]}, "project_area": {0: ["cloister_2"]},
                              "estate_castle": {0: ["castle_1"]}})
    play(g, "ship_2", "place_project")
    answer(g, "place_project", card="cloister_2")
    answer(g, "join_stack", stack="cloister")
    assert zone(g, "estate_cloister", 0) == ["cloister_2"]


def test_the_first_triple_of_a_type_only_takes_the_bonus(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_2", "pasture_5"]}, "project_area": {0: ["pasture_2"]},
                              "estate_pasture": {0: ["pasture_1", "pasture_3"], 1: ["pasture_4", "pasture_5",
                                                                                  "pasture_6"]},
                              "bonuses": {1: ["first_pasture"]}})
    play(g, "ship_2", "place_project")
    answer(g, "place_project", card="pasture_2")
    assert zone(g, "bonuses", 0) == []          # seat 1 completed a pasture triple first


def test_all_seven_types_take_the_top_all_seven_card(rules):
    estate = {"estate_castle": {0: ["castle_1"]}, "estate_silver_mine": {0: ["mine_1"]},
              "estate_cloister": {0: ["cloister_1"]}, "estate_ship": {0: ["ship_1"]},
              "estate_pasture": {0: ["pasture_1"]}, "estate_building": {0: ["bank_3"]}}
    g = turn_of(rules, players=4, zones={"hand": {0: ["ship_2", "pasture_5"]}, "project_area": {0: ["knowledge_2"]},
                                         **estate})
    play(g, "ship_2", "place_project")
    answer(g, "place_project", card="knowledge_2")
    assert zone(g, "bonuses", 0) == ["all_seven_4"]


def test_a_cloister_on_another_stack_no_longer_counts_as_a_cloister(rules):
    estate = {"estate_castle": {0: ["castle_1", "cloister_1"]}, "estate_silver_mine": {0: ["mine_1"]},
              "estate_ship": {0: ["ship_1"]}, "estate_pasture": {0: ["pasture_1"]}, "estate_building": {0: ["bank_3"]}}
    g = turn_of(rules, zones={"hand": {0: ["ship_2", "pasture_5"]}, "project_area": {0: ["knowledge_2"]}, **estate})
    play(g, "ship_2", "place_project")
    answer(g, "place_project", card="knowledge_2")
    assert zone(g, "bonuses", 0) == []


@pytest.mark.parametrize("players, cards", [(2, ["all_seven_3", "all_seven_4"]),
                                            (3, ["all_seven_2", "all_seven_3", "all_seven_4"]),
                                            (4, ["all_seven_1", "all_seven_2", "all_seven_3", "all_seven_4"])])
def test_all_seven_cards_by_player_count(rules, players, cards):
    assert zone(rules.new_game(players, seed=1), "all_seven") == cards
    every = rules.new_game(players, seed=1, options={"all_seven_by_players": False})
    assert zone(every, "all_seven") == ["all_seven_1", "all_seven_2", "all_seven_3", "all_seven_4"]


# ---------------------------------------------------------------- the bonuses of the types and buildings
def place(rules, card, die, **kw):
    hand = f"ship_{die}"
    zones = {"hand": {0: [hand, "pasture_5"]}, "project_area": {0: [card]}, **kw.pop("zones", {})}
    g = turn_of(rules, zones=zones, **kw)
    play(g, hand, "place_project")
    answer(g, "place_project", card=card)
    return g


def test_a_castle_gives_a_free_action_of_any_value(rules):
    g = place(rules, "castle_2", 2, zones={"card_display": ["pasture_6"]}, on={"pasture_6": {"display_row": 5}},
              counters={"worker_cards": {0: 0}})
    assert offered(g, "free_value", "value") == [1, 2, 3, 4, 5, 6]
    answer(g, "free_value", value=5)
    answer(g, "use_value", action="take_from_row")
    answer(g, "take_from_row", card="pasture_6")
    assert zone(g, "project_area", 0) == ["pasture_6"]


def test_ships_and_pastures_take_the_top_of_either_pile(rules):
    g = place(rules, "ship_2", 2, zones={"goods_left": ["light_goods", "dark_goods"], "goods_right": ["medium_goods"],
                                         "storage": {0: []}})
    assert offered(g, "take_goods", "pile") == ["first_pile", "second_pile"]
    answer(g, "take_goods", pile="first_pile")
    assert zone(g, "storage", 0) == ["dark_goods"]          # the top card (listed last)


def test_an_emptied_pile_is_filled_from_the_other(rules):
    g = place(rules, "ship_2", 2, zones={"goods_left": ["light_goods", "dark_goods", "dark_goods", "dark_goods",
                                                        "light_goods"],
                                         "goods_right": ["medium_goods"], "storage": {0: []}})
    answer(g, "take_goods", pile="second_pile")
    assert len(zone(g, "goods_left")) + len(zone(g, "goods_right")) == 5
    assert zone(g, "goods_right") and zone(g, "goods_left")


@pytest.mark.parametrize("building, die, silver, vp", [("bank_3", 3, 3, 0), ("watchtower_4", 4, 0, 1)])
def test_bank_and_watchtower(rules, building, die, silver, vp):
    g = place(rules, building, die, counters={"silver": {0: 0}, "silver_supply": 10, "vp": {0: 0}})
    assert counter(g, "silver", 0) == silver and counter(g, "vp", 0) == vp


@pytest.mark.parametrize("building, die, takes", [
    ("church_4", 4, ["castle_5", "cloister_3", "mine_6"]),
    ("market_1", 1, ["pasture_2", "ship_3"]),
    ("carpenters_workshop_1", 1, ["bank_1", "knowledge_4"]),
])
def test_church_market_and_workshop_take_their_types_from_any_row(rules, building, die, takes):
    display = ["castle_5", "cloister_3", "mine_6", "pasture_2", "ship_3", "bank_1", "knowledge_4"]
    g = place(rules, building, die, zones={"card_display": display},
              on={c: {"display_row": i + 1} for i, c in enumerate(display[:6])})
    assert offered(g, "take_project", "project") == sorted(takes)
    answer(g, "take_project", project=takes[0])
    assert zone(g, "project_area", 0) == [takes[0]]


def test_city_hall_places_another_project_with_no_die(rules):
    g = place(rules, "city_hall_5", 5, zones={"project_area": {0: ["city_hall_5", "mine_1"]}},
              counters={"silver": {0: 0}, "silver_supply": 10})
    answer(g, "place_project", card="mine_1")            # a 1 although the die showed 5
    assert zone(g, "estate_silver_mine", 0) == ["mine_1"] and counter(g, "silver", 0) == 2


def test_warehouse_sells_a_shade_and_takes_the_start_card(rules):
    g = place(rules, "warehouse_1", 1, zones={"storage": {0: ["dark_goods", "dark_goods", "light_goods"]}},
              counters={"silver": {0: 0}, "silver_supply": 10})
    answer(g, "sell_goods", goods="dark_goods")
    assert zone(g, "sold", 0) == ["dark_goods", "dark_goods"] and counter(g, "silver", 0) == 2
    assert counter(g, "start_card_claimed") == 1 and counter(g, "start_card_holder") == 0


def test_boarding_house_takes_from_any_of_the_four_piles(rules):
    g = place(rules, "boarding_house_6", 6, zones={"animals_left": ["cow"], "animals_right": ["pig"],
                                                   "storage": {0: []}})
    assert offered(g, "take_from_pile", "kind") == ["animals", "goods"]
    answer(g, "take_from_pile", kind="animals")
    answer(g, "take_animal", pile="second_pile")
    assert zone(g, "storage", 0) == ["pig"]


# ---------------------------------------------------------------- the round end and the start-player card
def finish_round(g, sell=True):
    """Plays the rest of the round with the first legal action each time (never a sale, unless ``sell``)."""
    start_round = g.view()["round"]
    while not g.is_over and g.view()["round"] == start_round:
        legal = [a for a in g.legal_actions() if sell or (a.kind != "sell_goods" and a.args.get("action") != "sell_goods")]
        act(g, legal[0].kind, **legal[0].args)


def test_a_claimed_start_card_makes_its_holder_start(rules):
    g = turn_of(rules, counters={"start_card_holder": 2, "start_card_claimed": 1})
    finish_round(g, sell=False)
    assert g.view()["start_player"] == 2 and counter(g, "start_card_claimed") == 0


def test_an_unclaimed_start_card_passes_to_the_left(rules):
    g = turn_of(rules, counters={"start_card_holder": 0})
    finish_round(g, sell=False)
    assert g.view()["start_player"] == 1 and counter(g, "start_card_holder") == 1


def test_each_player_plays_six_cards_a_round_from_a_pile_nobody_sees(rules):
    g = rules.new_game(3, seed=4)
    v = g.view(0)
    assert v["zones"]["round_pile"][0] == {"count": 4}        # hidden from its owner too
    assert v["zones"]["hand"][1] == {"count": 2}
    while g.view()["round"] == 1:
        a = g.legal_actions()[0]
        act(g, a.kind, **a.args)
    assert sum(": play " in line for line in g.log_lines()) == 18


# ---------------------------------------------------------------- scoring
def score(rules, **kw):
    g = turn_of(rules, **kw)
    return {s["seat"]: s for s in g.scores()}


def test_animals_score_by_kinds(rules):
    s = score(rules, zones={"storage": {0: ["hen", "cow", "sheep", "pig"], 1: ["hen", "hen", "cow", "sheep"],
                                        2: ["pig", "pig", "cow"]}})
    assert [s[i]["parts"]["animals"] for i in range(3)] == [4, 2, 1]


def test_triples_score_and_the_start_card_adds_a_point(rules):
    s = score(rules, zones={"estate_cloister": {0: ["cloister_1", "cloister_2", "cloister_3"]},
                            "estate_castle": {1: ["castle_1", "castle_2", "castle_3", "castle_4"]},
                            "estate_building": {2: ["bank_3", "church_4", "city_hall_5"]}},
              counters={"start_card_holder": 1})
    assert [s[i]["parts"]["triples"] for i in range(3)] == [6, 3, 3]
    assert [s[i]["parts"]["start_card"] for i in range(3)] == [0, 1, 0]


def test_the_game_ends_after_round_e(rules):
    g = rules.new_game(2, seed=3)
    while not g.is_over:
        a = g.legal_actions()[0]
        act(g, a.kind, **a.args)
    assert g.view()["round"] == 5


# ---------------------------------------------------------------- the example house rule (examples/burgundy_short.yaml)
def test_the_short_house_rule_ends_after_round_d_and_pays_3_silver_for_a_mine():
    import pathlib

    short = boardrules.load(pathlib.Path(__file__).resolve().parents[1] / "examples" / "burgundy_short.yaml")
    g = place(short, "mine_4", 4, counters={"silver": {0: 0}, "silver_supply": 10})
    assert counter(g, "silver", 0) == 3
    g = short.new_game(2, seed=3)
    while not g.is_over:
        a = g.legal_actions()[0]
        act(g, a.kind, **a.args)
    assert g.round == 4
    assert short.new_game(2, seed=1).options["silver_purchases_per_turn"] == 1


# ---------------------------------------------------------------- option on_pile_empty (rules choice empty_pile, A7)
def goods_run_out(rules, reading):
    """Seat 0 places a ship and takes the last card of the second goods pile; then it is seat 1's turn to place a
    ship of its own."""
    g = turn_of(rules, zones={"hand": {0: ["ship_2", "pasture_5"], 1: ["knowledge_3", "pasture_4"]},
                              "project_area": {0: ["ship_2"], 1: ["ship_3"]},
                              "goods_left": ["light_goods", "dark_goods", "dark_goods"], "goods_right": ["medium_goods"],
                              "storage": {0: [], 1: []}},
                counters={"silver": {0: 0, 1: 0}}, options={"on_pile_empty": reading})
    play(g, "ship_2", "place_project")
    answer(g, "place_project", card="ship_2")
    act(g, "take_goods", pile="second_pile")
    assert zone(g, "storage", 0) == ["medium_goods"]
    return g


def test_by_default_an_emptied_goods_pile_is_made_again_from_the_other(rules):
    g = goods_run_out(rules, "split")
    # the top half of the three cards left (rounded down) moves onto the empty pile
    assert zone(g, "goods_left") == ["light_goods", "dark_goods"] and zone(g, "goods_right") == ["dark_goods"]
    assert g.current_player == 1
    play(g, "knowledge_3", "place_project")
    answer(g, "place_project", card="ship_3")
    assert offered(g, "take_goods", "pile") == ["first_pile", "second_pile"]     # still two cards to choose from


def test_borrow_leaves_the_empty_pile_empty(rules):
    g = goods_run_out(rules, "borrow")
    assert zone(g, "goods_left") == ["light_goods", "dark_goods", "dark_goods"] and zone(g, "goods_right") == []
    assert g.current_player == 1
    play(g, "knowledge_3", "place_project")
    answer(g, "place_project", card="ship_3")
    # no choice between piles: seat 1 gets the top card of the first pile, and the second stays empty
    assert not any(a.kind == "take_goods" for a in g.legal_actions())
    assert zone(g, "storage", 1) == ["dark_goods"]
    assert zone(g, "goods_left") == ["light_goods", "dark_goods"] and zone(g, "goods_right") == []


@pytest.mark.parametrize("reading, left, right", [("split", ["hen"], ["cow"]),
                                                  ("borrow", ["hen", "cow"], [])])
def test_the_animal_piles_follow_the_same_option(rules, reading, left, right):
    g = place(rules, "pasture_4", 4, zones={"animals_left": ["hen", "cow"], "animals_right": ["pig"],
                                            "storage": {0: []}},
              options={"on_pile_empty": reading})
    act(g, "take_animal", pile="second_pile")
    assert zone(g, "storage", 0) == ["pig"]
    assert (zone(g, "animals_left"), zone(g, "animals_right")) == (left, right)


@pytest.mark.parametrize("reading", ["split", "borrow"])
def test_with_both_piles_empty_a_gain_gives_nothing_either_way(rules, reading):
    g = place(rules, "ship_4", 4, zones={"goods_left": [], "goods_right": [], "storage": {0: ["hen"]}},
              options={"on_pile_empty": reading})
    assert not any(a.kind == "take_goods" for a in g.legal_actions())
    assert zone(g, "storage", 0) == ["hen"]


# ---------------------------------------------------------------- option unlimited_supply (rules choice supply_limits, A10)
@pytest.mark.parametrize("unlimited, got", [(False, 1), (True, 2)])
def test_topping_up_workers_from_a_short_supply(rules, unlimited, got):
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "pasture_5"]}},
                counters={"worker_cards": {0: 0}, "worker_supply": 1}, options={"unlimited_supply": unlimited})
    play(g, "ship_1", "take_workers")
    assert counter(g, "worker_cards", 0) == got
    assert counter(g, "worker_supply") == 0


@pytest.mark.parametrize("unlimited, got", [(False, 0), (True, 1)])
def test_taking_silver_from_an_empty_supply(rules, unlimited, got):
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "pasture_5"]}},
                counters={"silver": {0: 0}, "silver_supply": 0}, options={"unlimited_supply": unlimited})
    play(g, "ship_1", "take_silver")
    assert counter(g, "silver", 0) == got and counter(g, "silver_supply") == 0


@pytest.mark.parametrize("unlimited, workers, silver", [(False, 5 + 1, 1), (True, 5 + 2, 2)])
def test_bonuses_and_sales_from_a_short_supply(rules, unlimited, workers, silver):
    # a knowledge card gives 2 workers, a sale 1 silver per card: the supply holds only 1 of each
    g = place(rules, "knowledge_3", 3, counters={"worker_cards": {0: 5}, "worker_supply": 1},
              options={"unlimited_supply": unlimited})
    assert counter(g, "worker_cards", 0) == workers
    g = turn_of(rules, zones={"hand": {0: ["mine_5", "pasture_1"]}, "storage": {0: ["dark_goods", "dark_goods"]}},
                counters={"worker_cards": {0: 0}, "silver": {0: 0}, "silver_supply": 1},
                options={"unlimited_supply": unlimited})
    play(g, "mine_5", "sell_goods")
    answer(g, "sell_goods", goods="dark_goods")
    assert zone(g, "sold", 0) == ["dark_goods", "dark_goods"] and counter(g, "silver", 0) == silver


def test_an_unlimited_supply_still_takes_back_what_is_returned(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "pasture_5"]}},
                counters={"worker_cards": {0: 3}, "silver": {0: 0}, "worker_supply": 0},
                options={"unlimited_supply": True})
    play(g, "ship_1", "convert_to_points")          # three workers, the only answer, for a point
    assert counter(g, "vp", 0) == 1 and counter(g, "worker_supply") == 3


# ---------------------------------------------------------------- buying cards during an action (rules choice silver_purchase)
def castle_with_silver(rules, silver, **kw):
    """Seat 0 places a castle (its value from a ship 2) holding ``silver``; the draw deck's top is a mine 1."""
    g = turn_of(rules, zones={"hand": {0: ["ship_2", "pasture_5"], 1: ["ship_4", "ship_5"], 2: ["ship_6", "mine_6"]},
                              "project_area": {0: ["castle_2"]}},
                top={"draw_deck": ["mine_1", "ship_3", "castle_6"]},
                counters={"silver": {0: silver}, "silver_supply": 10, "worker_cards": {0: 0}}, **kw)
    play(g, "ship_2", "place_project")
    answer(g, "place_project", card="castle_2")
    return g


def test_cards_may_be_bought_between_placing_a_castle_and_its_free_action(rules):
    # seed 003: "这个动作可以在玩家执行一般行动前、后,或是过程中执行" -- before, after or during the action
    g = castle_with_silver(rules, 3)
    assert zone(g, "estate_castle", 0) == ["castle_2"]
    assert {a.kind for a in g.legal_actions()} == {"buy_cards", "pass"}     # the free action waits
    act(g, "buy_cards", buy="buy")
    answer(g, "keep_card", card="mine_1")
    answer(g, "use_card", use="new_project")
    assert zone(g, "project_area", 0) == ["mine_1"] and counter(g, "silver", 0) == 0
    # the castle's free action, with any value: the bought mine is placed with a 1
    act(g, "free_value", value=1)
    answer(g, "use_value", action="place_project")
    answer(g, "place_project", card="mine_1")
    assert zone(g, "estate_silver_mine", 0) == ["mine_1"] and counter(g, "silver", 0) == 2


def test_with_fewer_than_three_silver_the_free_action_follows_at_once(rules):
    g = castle_with_silver(rules, 2)
    assert {a.kind for a in g.legal_actions()} == {"free_value"}


def test_once_a_turn_counts_a_purchase_during_the_action(rules):
    g = castle_with_silver(rules, 6, options={"silver_purchases_per_turn": 1})
    act(g, "buy_cards", buy="buy")
    answer(g, "keep_card", card="mine_1")
    answer(g, "use_card", use="new_project")
    act(g, "free_value", value=5)
    answer(g, "use_value", action="take_silver")
    assert counter(g, "silver", 0) == 4 and g.current_player == 1      # no second purchase after the action
