"""Every printed number of the Castles of Burgundy card game (seed 003, COB-AMERIGO.md section 1), each from a
position where the printed value and its nearest wrong neighbour give different results (issue 42): the set-up per
player count (what each storage starts with, how the supplies are split, the starting workers in turn order), the
"All 7" cards' order, the action cards per type, who takes the start-player card on a sale, the display at a round's
end, the edges of the scoring tables and the tie-break.

The expected values are typed in from the seed; nothing on the expected side is read from the content.
``tests/printed_mutants.py`` changes each number in a scratch copy of the content and checks a test here fails."""
from __future__ import annotations

import collections

import pytest

import boardrules
from boardrules.testing import act, counter, position, zone
from test_burgundy_cards import answer, finish_round, play, turn_of

GOODS = ("light_goods", "medium_goods", "dark_goods")
ANIMALS = ("hen", "cow", "sheep", "pig")
# seed 003 / COB-AMERIGO 1.2: the 114 action cards by type
ACTION_CARDS = {"castle": 12, "mine": 12, "cloister": 12, "knowledge": 18, "ship": 18, "pasture": 18, "building": 24}
# 配置 7: from the start player on, clockwise: 0, then 1 each, the last 2
STARTING_WORKERS = {2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 1, 2]}
ALL_ZONES = ("draw_deck", "card_display", "round_pile", "hand", "storage", "goods_left", "goods_right",
             "animals_left", "animals_right", "discard", "project_area")


@pytest.fixture(scope="module")
def rules():
    return boardrules.load("burgundy_cards")


def every_card(g):
    """Every card id of the game, one entry per copy, wherever it lies (the box aside)."""
    d = g.to_json()["zones"]
    return [c.split("#")[0] for z in ALL_ZONES for held in d[z] for c in held]


def card_type(card):
    prefix = card.rsplit("_", 1)[0]
    return prefix if prefix in ACTION_CARDS else "building"


# ---------------------------------------------------------------- the set-up per player count
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_storage_starts_with_one_goods_card_one_animal_and_one_silver(rules, players):
    for seed in range(3):
        g = rules.new_game(players, seed=seed)
        for seat in range(players):
            held = zone(g, "storage", seat)
            assert sum(c in GOODS for c in held) == 1 and sum(c in ANIMALS for c in held) == 1 and len(held) == 2
            assert counter(g, "silver", seat) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_other_goods_and_animals_make_two_piles_of_nearly_the_same_size(rules, players):
    g = rules.new_game(players, seed=5)
    left, right = len(zone(g, "goods_left")), len(zone(g, "goods_right"))
    assert left + right == 18 - players and abs(left - right) <= 1
    left, right = len(zone(g, "animals_left")), len(zone(g, "animals_right"))
    assert left + right == 20 - players and abs(left - right) <= 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_supply_holds_22_workers_and_16_silver(rules, players):
    g = rules.new_game(players, seed=2)
    seats = range(players)
    assert counter(g, "worker_supply") + sum(counter(g, "worker_cards", s) for s in seats) == 22
    assert counter(g, "silver_supply") + sum(counter(g, "silver", s) for s in seats) == 16


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_workers_in_turn_order(rules, players):
    for seed in range(4):
        g = rules.new_game(players, seed=seed)
        start = g.view()["start_player"]
        order = [(start + i) % players for i in range(players)]
        assert [counter(g, "worker_cards", s) for s in order] == STARTING_WORKERS[players]


def test_the_cards_of_the_box(rules):
    cards = collections.Counter(every_card(rules.new_game(4, seed=1)))
    by_type = collections.Counter()
    for card, n in cards.items():
        if card not in GOODS + ANIMALS:
            by_type[card_type(card)] += n
    assert dict(by_type) == ACTION_CARDS and sum(by_type.values()) == 114
    assert [cards[c] for c in GOODS] == [6, 6, 6] and [cards[a] for a in ANIMALS] == [5, 5, 5, 5]


# ---------------------------------------------------------------- the "All 7" cards: 4 on top, then 3, 2, 1
ESTATE_BUT_KNOWLEDGE = {"estate_castle": ["castle_1"], "estate_silver_mine": ["mine_1"],
                        "estate_cloister": ["cloister_1"], "estate_ship": ["ship_1"],
                        "estate_pasture": ["pasture_1"], "estate_building": ["bank_3"]}


@pytest.mark.parametrize("before, taken, points", [(0, "all_seven_4", 4), (1, "all_seven_3", 3),
                                                   (2, "all_seven_2", 2), (3, "all_seven_1", 1)])
def test_the_all_seven_cards_go_4_3_2_1(rules, before, taken, points):
    """Seat 0 completes its seven types after ``before`` others did (their cards already taken)."""
    gone = ["all_seven_4", "all_seven_3", "all_seven_2", "all_seven_1"][:before]
    estate = {z: {0: cards} for z, cards in ESTATE_BUT_KNOWLEDGE.items()}
    g = turn_of(rules, players=4, zones={"hand": {0: ["ship_2", "pasture_5"]}, "project_area": {0: ["knowledge_2"]},
                                         "bonuses": {1: gone}, **estate})
    play(g, "ship_2", "place_project")
    answer(g, "place_project", card="knowledge_2")
    assert zone(g, "bonuses", 0) == [taken]
    assert g.scores()[0]["parts"]["bonus_cards"] == points


@pytest.mark.parametrize("players, first", [(2, 4), (3, 4), (4, 4)])
def test_with_fewer_players_the_first_all_seven_card_is_still_the_4(rules, players, first):
    assert zone(rules.new_game(players, seed=1), "all_seven")[-1] == f"all_seven_{first}"


# ---------------------------------------------------------------- a sale takes the start-player card
def test_whoever_sells_takes_the_start_player_card_and_starts_the_next_round(rules):
    # seat 0 starts; seat 1 sells its medium goods with a 3
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "ship_2"], 1: ["knowledge_3", "ship_4"], 2: ["ship_5", "ship_6"]},
                              "storage": {1: ["medium_goods"]}},
                counters={"worker_cards": {0: 0, 1: 0, 2: 0}, "start_card_holder": 0})
    play(g, "ship_1", "take_silver")
    play(g, "knowledge_3", "sell_goods")
    answer(g, "sell_goods", goods="medium_goods")
    assert counter(g, "start_card_holder") == 1 and counter(g, "start_card_claimed") == 1
    finish_round(g, sell=False)
    assert g.view()["start_player"] == 1


def test_a_sale_of_two_cards_gives_two_silver(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "ship_2"]}, "storage": {0: ["light_goods", "light_goods"]}},
                counters={"worker_cards": {0: 0}, "silver": {0: 0}, "silver_supply": 10})
    play(g, "ship_1", "sell_goods")
    answer(g, "sell_goods", goods="light_goods")
    assert counter(g, "silver", 0) == 2


# ---------------------------------------------------------------- the display at a round's end
def test_the_display_is_discarded_and_laid_out_anew_at_a_rounds_end(rules):
    # seat 0 plays the round's last two cards (the others have none left); three cards are left in the display
    left = ["castle_5", "mine_6", "cloister_3"]
    g = turn_of(rules, players=2, zones={"hand": {0: ["ship_1", "ship_2"], 1: []}, "card_display": left},
                on={"castle_5": {"display_row": 5}, "mine_6": {"display_row": 6}, "cloister_3": {"display_row": 3}},
                counters={"worker_cards": {0: 0, 1: 0}, "silver": {0: 0, 1: 0}})
    play(g, "ship_1", "take_silver")
    play(g, "ship_2", "take_silver")
    assert g.round == 2
    assert set(left) <= set(zone(g, "discard"))                 # every card left went onto the discard pile
    assert len(zone(g, "card_display")) == 7 and not set(left) & set(zone(g, "card_display"))


# ---------------------------------------------------------------- take 1 silver, top up to 2 workers
def test_taking_silver_takes_one(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "pasture_5"]}}, counters={"silver": {0: 0}, "silver_supply": 5})
    play(g, "ship_1", "take_silver")
    assert counter(g, "silver", 0) == 1 and counter(g, "silver_supply") == 4


# ---------------------------------------------------------------- scoring: the edges of the tables
@pytest.mark.parametrize("animals, points", [
    ([], 0), (["hen"], 0), (["hen", "hen", "hen"], 0), (["hen", "cow"], 1), (["hen", "hen", "cow"], 1),
    (["hen", "cow", "pig"], 2), (["hen", "cow", "pig", "sheep"], 4), (["hen", "cow", "pig", "sheep", "pig"], 4)])
def test_animals_score_0_0_1_2_4_for_0_to_4_kinds(rules, animals, points):
    g = position(rules, 2, zones={"storage": {0: animals}})
    assert g.scores()[0]["parts"]["animals"] == points


@pytest.mark.parametrize("castles, points", [(1, 0), (2, 0), (3, 3), (4, 3), (5, 3), (6, 6)])
def test_a_triple_needs_three_cards_of_a_type(rules, castles, points):
    cards = [f"castle_{i}" for i in range(1, 7)][:castles]
    g = position(rules, 2, zones={"estate_castle": {0: cards}})
    assert g.scores()[0]["parts"]["triples"] == points


@pytest.mark.parametrize("stack, cards, points", [
    ("estate_cloister", ["cloister_1", "cloister_2", "cloister_3"], 6),
    ("estate_castle", ["castle_1", "castle_2", "castle_3"], 3),
    ("estate_building", ["bank_1", "church_4", "market_2"], 3)])
def test_a_cloister_triple_scores_6(rules, stack, cards, points):
    g = position(rules, 2, zones={stack: {0: cards}})
    assert g.scores()[0]["parts"]["triples"] == points


def test_a_first_bonus_card_scores_1_and_a_sold_goods_card_1(rules):
    g = position(rules, 2, zones={"bonuses": {0: ["first_castle"]}, "sold": {0: ["light_goods", "dark_goods"]}})
    parts = g.scores()[0]["parts"]
    assert parts["bonus_cards"] == 1 and parts["sold_goods"] == 2


def test_the_start_player_card_scores_1(rules):
    g = position(rules, 2, counters={"start_card_holder": 1})
    assert g.scores()[1]["parts"]["start_card"] == 1 and g.scores()[0]["parts"].get("start_card", 0) == 0


@pytest.mark.parametrize("workers, silver, storage, winner", [
    ({0: 0, 1: 2}, {0: 0, 1: 0}, {0: ["light_goods"], 1: []}, 1),     # 1 card against 2 workers
    ({0: 0, 1: 0}, {0: 0, 1: 2}, {0: ["light_goods"], 1: []}, 1),     # against 2 silver
    ({0: 1, 1: 0}, {0: 1, 1: 0}, {0: [], 1: ["dark_goods"]}, 0),      # a worker and a silver against a card
])
def test_a_tie_goes_to_the_most_cards_left_in_storage(rules, workers, silver, storage, winner):
    # seat 0 holds the start-player card (1 point), seat 1 a victory point card: 1 point each
    g = position(rules, 2, zones={"storage": storage},
                 counters={"worker_cards": workers, "silver": silver, "start_card_holder": 0, "vp": {0: 0, 1: 1}})
    scores = g.scores()
    assert scores[0]["total"] == scores[1]["total"] == 1
    assert g.winners() == [winner]


# ---------------------------------------------------------------- 3 workers or silver for a point
def test_three_workers_are_needed_to_pay_a_point_with_workers_alone(rules):
    g = turn_of(rules, zones={"hand": {0: ["ship_1", "pasture_5"]}}, counters={"worker_cards": {0: 2}, "silver": {0: 4}})
    play(g, "ship_1", "convert_to_points")
    assert sorted(a.args["returned"] for a in g.legal_actions() if a.kind == "convert_to_points") == [
        "a_worker_and_two_silver", "three_silver", "two_workers_and_a_silver"]
