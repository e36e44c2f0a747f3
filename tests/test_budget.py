"""Points to spend on one action (the budgets family: `budget`, `spend`, `most_of_a_kind`, `kinds`), phases by a
fixed list of kinds with computed availability, and two markets (ageing and refreshed), on the engine's own test
game (tests/games/tally): in each phase the tokens of its kind go into a jar, some fall into the centre, and each
player in turn takes one action available there (or coins instead), with as many points to spend as the largest
number of the centre's tokens of one kind."""
import json
import pathlib
import random

import pytest

import boardrules
from boardrules import ContentError, StateError
from boardrules.play.bots import make_bots, play_out
from boardrules.testing import act, counter, position, zone
from edits import edited
from random_games import kernel_game, plain_and_generated

GAME = pathlib.Path(__file__).parent / "games" / "tally" / "game.yaml"


@pytest.fixture(scope="module")
def rules():
    return boardrules.load(str(GAME))


def variant(tmp_path, old, new, count=1):
    return edited(GAME, tmp_path, old, new, count)


def cards(g, zone_id, seat=0):
    """The instances (``shard#2``) in a zone, bottom first."""
    return list(g.to_json()["zones"][zone_id][seat])


def advance_all(g):
    """Advances one step at a time while the action offers it; returns how many steps."""
    n = 0
    while any(a.kind == "advance" for a in g.legal_actions()):
        act(g, "advance", how="step")
        n += 1
    return n


def kinds_of(actions):
    return sorted(a.args["action"] for a in actions if a.kind == "act")


def at_first_choice(rules, players=2, **kw):
    """A game at the first phase's first choice, with the centre and coins as given (the centre's tokens decide
    what is available and how many points an action gives)."""
    g = position(rules, players, **kw)
    assert g.legal_actions()[0].kind == "act"
    return g


# ---------------------------------------------------------------- numbers over kinds
def test_the_points_of_an_action_are_the_largest_number_of_tokens_of_one_kind_in_the_centre(rules):
    g = at_first_choice(rules, zones={"centre": ["sun", "moon", "moon", "moon", "star", "star"]},
                        counters={"coins": {0: 0, 1: 0}})
    assert kinds_of(g.legal_actions()) == ["coins", "moon", "star", "sun"]
    act(g, "act", action="sun")
    # no coins to pay for more: 3 points (three moons), one step each
    assert advance_all(g) == 3 and counter(g, "steps", 0) == 3
    assert g.current_player == 1


def points_of_sun(rules, centre):
    """The points seat 0 (no lens, no coins) has for the sun action with these tokens in the centre."""
    g = at_first_choice(rules, zones={"centre": centre}, counters={"coins": {0: 0, 1: 0}})
    act(g, "act", action="sun")
    return advance_all(g)


REACH = "reach: {base: {most_of_a_kind: {in: {zone: centre}, by: kind}}"


@pytest.mark.parametrize("base, expected", [
    ("{most_of_a_kind: {in: {zone: centre}, by: kind}}", 3),    # sun, lens, lens: three of kind 'sun'
    ("{most_of_a_kind: {in: {zone: centre}}}", 2),              # by card id: two lenses
    ("{kinds: {in: {zone: centre}}}", 3),                       # sun, lens, moon
    ("{kinds: {in: {zone: centre}, by: kind}}", 2),             # sun, moon
])
def test_most_of_a_kind_and_kinds_count_by_card_id_or_by_an_attribute(tmp_path, base, expected):
    r = boardrules.load(str(variant(tmp_path, REACH, "reach: {base: " + base)))
    assert points_of_sun(r, ["sun", "lens", "lens", "moon"]) == expected


def test_most_of_a_kind_of_one_token_is_one(rules):
    assert points_of_sun(rules, ["sun"]) == 1


# ---------------------------------------------------------------- the budget
def test_a_lens_adds_two_points_to_its_owner_only_and_only_for_an_action_of_its_kind(rules):
    g = at_first_choice(rules, zones={"centre": ["sun", "sun", "moon"], "tableau": {0: ["lens"]}},
                        counters={"coins": {0: 0, 1: 0}})
    act(g, "act", action="sun")         # seat 0 owns a sun lens: 2 + 2 points
    assert advance_all(g) == 4 and counter(g, "steps", 0) == 4
    act(g, "act", action="sun")         # seat 1 owns none: 2 points
    assert advance_all(g) == 2 and counter(g, "steps", 1) == 2
    g = at_first_choice(rules, zones={"centre": ["sun", "sun", "moon"], "tableau": {0: ["lens"]},
                                      "older": ["idol", "idol"], "newer": ["shard", "shard"]},
                        counters={"coins": {0: 0, 1: 0}})
    act(g, "act", action="moon")        # not the lens's kind: 2 points, so at most one idol
    act(g, "buy", relic="idol")
    # no point left for anything: the action ends there, and the next player chooses
    assert g.current_player == 1 and kinds_of(g.legal_actions()) == ["coins", "moon", "sun"]
    assert zone(g, "tableau", 0) == ["lens", "idol"] or sorted(zone(g, "tableau", 0)) == ["idol", "lens"]


def test_buying_points_costs_coins_one_each_and_cannot_exceed_the_coins(rules):
    g = at_first_choice(rules, zones={"centre": ["sun", "moon"]}, counters={"coins": {0: 3, 1: 0}})
    act(g, "act", action="sun")
    assert sorted(a.args["extra"] for a in g.legal_actions()) == [0, 1, 2, 3]
    act(g, "more_points", extra=2)
    assert counter(g, "coins", 0) == 1
    assert advance_all(g) == 3 and counter(g, "steps", 0) == 3        # 1 point, 2 paid for


def test_extra_points_stop_at_the_most_the_content_allows(rules):
    g = at_first_choice(rules, zones={"centre": ["sun"]}, counters={"coins": {0: 9, 1: 0}})
    act(g, "act", action="sun")
    assert sorted(a.args["extra"] for a in g.legal_actions()) == [0, 1, 2, 3, 4, 5]    # most: 5, not 9


def test_unspent_points_are_lost_when_the_action_ends(rules):
    g = at_first_choice(rules, zones={"centre": ["sun", "sun", "sun", "moon"]}, counters={"coins": {0: 0, 1: 0}})
    act(g, "act", action="sun")
    act(g, "advance", how="step")
    act(g, "pass")                         # 2 of 3 points left unspent
    assert g.current_player == 1 and counter(g, "steps", 0) == 1
    assert not any("points" in f["env"] for f in g.to_json()["flow"])     # no budget is open between actions
    act(g, "act", action="sun")            # the next player: 3 again, not 3 + 2
    assert advance_all(g) == 3


def test_two_players_may_take_the_same_action(rules):
    g = at_first_choice(rules, zones={"centre": ["moon", "moon", "sun"]}, counters={"coins": {0: 0, 1: 0}})
    assert kinds_of(g.legal_actions()) == ["coins", "moon", "sun"]     # what lies in the centre, and coins
    act(g, "act", action="moon")
    act(g, "pass")                          # buys nothing
    assert g.current_player == 1 and kinds_of(g.legal_actions()) == ["coins", "moon", "sun"]
    act(g, "act", action="moon")
    assert g.current_player == 1 and {a.kind for a in g.legal_actions()} == {"buy", "pass"}


def test_with_a_prism_a_moon_counts_as_a_star_for_its_owner_only(rules):
    g = at_first_choice(rules, zones={"centre": ["moon", "moon"], "tableau": {0: ["prism"]}, "stall": ["trinket"]},
                        counters={"coins": {0: 0, 1: 0}})
    assert kinds_of(g.legal_actions()) == ["coins", "moon", "star"]
    act(g, "act", action="star")        # 2 points (two moons): take the stall's one trinket
    act(g, "take", card="trinket")
    assert sorted(zone(g, "tableau", 0)) == ["prism", "trinket"]
    assert g.current_player == 1 and kinds_of(g.legal_actions()) == ["coins", "moon"]


def test_coins_instead_of_an_action_are_a_third_of_the_centre_rounded_up(rules):
    for tokens, coins in ((1, 1), (3, 1), (4, 2), (6, 2), (7, 3)):
        g = at_first_choice(rules, zones={"centre": ["moon"] * min(tokens, 5) + ["sun"] * max(0, tokens - 5)},
                            counters={"coins": {0: 0, 1: 0}})
        act(g, "act", action="coins")
        assert counter(g, "coins", 0) == coins, tokens


def test_a_phase_where_no_token_falls_is_skipped_and_nobody_acts(tmp_path):
    # every token stays in the jar: no phase has a token in the centre, so nobody ever has a choice
    path = variant(tmp_path, "keep: [1, 2, 3]", "keep: [20]")
    r = boardrules.load(str(path))
    g = r.new_game(2, seed=4)
    assert g.is_over and g.history == []
    assert [s["total"] for s in g.scores()] == [0, 0]


def test_only_the_phases_with_tokens_falling_are_played(rules):
    for seed in range(15):
        g = rules.new_game(2, seed=seed)
        pick = random.Random(seed)
        while not g.is_over:
            acts = g.legal_actions()
            if acts[0].kind == "act":       # a phase's first choice: its centre holds tokens
                assert zone(g, "centre"), seed
                in_centre = {c.split("#")[0] for c in zone(g, "centre")}
                prism = "prism" in zone(g, "tableau", g.current_player) and "moon" in in_centre
                assert set(kinds_of(acts)) == in_centre | {"coins"} | ({"star"} if prism else set())
            g.apply(pick.choice(acts))


def test_spending_more_than_is_left_stops_the_game_with_a_rules_error(tmp_path):
    path = variant(tmp_path, "- spend: {amount: 1}", "- spend: {amount: 10}")
    g = at_first_choice(boardrules.load(str(path)), zones={"centre": ["sun"]}, counters={"coins": {0: 0, 1: 0}})
    act(g, "act", action="sun")
    with pytest.raises(boardrules.RulesError, match="spends 10 points from the budget \\$points, which has 1 left"):
        act(g, "advance", how="step")


# ---------------------------------------------------------------- markets
def test_the_older_half_of_the_market_is_discarded_the_newer_slides_over_and_two_new_relics_refill_it(rules):
    checked = 0
    for seed in range(20):
        g = rules.new_game(3, seed=seed)
        pick = random.Random(seed)
        while not g.is_over and g.to_json()["round"] == 1:
            before = {z: cards(g, z) for z in ("older", "newer", "deck", "discard", "stall", "crates")}
            last = pick.choice(g.legal_actions())
            g.apply(last)
        if g.is_over or last.kind in ("buy", "take"):       # (round 1's last action took from a market itself)
            continue
        checked += 1
        assert sorted(cards(g, "older")) == sorted(before["newer"])
        assert sorted(cards(g, "newer")) == sorted(before["deck"][-2:])     # the top two of the deck
        assert set(before["older"]) <= set(cards(g, "discard"))
        # the stall was refreshed: last round's trinkets discarded, the next three of the crates (three players)
        assert set(before["stall"]) <= set(cards(g, "discard"))
        assert sorted(cards(g, "stall")) == sorted(before["crates"][-3:])
    assert checked >= 8


# ---------------------------------------------------------------- whole games, saving and replaying
@pytest.mark.parametrize("players", [2, 3])
def test_random_and_greedy_bots_finish_games(rules, players):
    for seed in range(4):
        g = rules.new_game(players, seed=seed)
        play_out(g, make_bots("greedy,random" if players == 2 else "greedy,random,random", seed, rules, players))
        assert g.is_over


def test_json_round_trip_and_replay_give_the_same_game_also_saved_inside_a_budget(rules):
    for seed in (1, 2, 3):
        a = rules.new_game(3, seed=seed)
        pick = random.Random(seed)
        inside = None
        while not a.is_over:
            a.apply(pick.choice(a.legal_actions()))
            if inside is None and a.legal_actions()[0].kind in ("more_points", "advance", "buy", "take"):
                inside = (json.loads(json.dumps(a.to_json())), len(a.history))
        assert inside is not None
        assert rules.replay(3, seed, actions=a.history).to_json() == a.to_json()
        saved, n = inside
        assert any("points" in f["env"] for f in saved["flow"]) or saved["pending"]["node"].endswith("buy")
        c = rules.game_from_json(saved)
        for action in a.history[n:]:
            c.apply(action)
        assert c.to_json() == a.to_json()


def test_a_saved_budget_with_negative_points_is_a_state_error_naming_its_json_path(rules):
    g = at_first_choice(rules, zones={"centre": ["sun", "sun"]}, counters={"coins": {0: 0, 1: 0}})
    act(g, "act", action="sun")
    state = json.loads(json.dumps(g.to_json()))
    i = next(i for i, f in enumerate(state["flow"]) if "points" in f["env"])
    state["flow"][i]["env"]["points"] = -1
    with pytest.raises(StateError, match=rf"flow\[{i}\]\.env\.points: the points left in a budget are a number, 0 "
                                         r"or more, not -1"):
        rules.game_from_json(state)


def test_the_generated_code_plays_budgets_as_the_closures_do():
    plain, generated, made = plain_and_generated(GAME)
    assert made and generated.generated
    for seed in (1, 2, 3):
        assert kernel_game(generated, 3, seed) == kernel_game(plain, 3, seed)


# ---------------------------------------------------------------- bad content
def error_of(path):
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    return str(err.value)


def test_a_spend_outside_any_budget_is_a_content_error_at_its_line(tmp_path):
    text = GAME.read_text()
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "add: {counter: coins, value: {div:" in s)
    path = variant(tmp_path, "- add: {counter: coins, value: {div:",
                   "- spend: {amount: 1}\n                            - add: {counter: coins, value: {div:")
    msg = error_of(path)
    assert f"game.yaml:{line}:" in msg and "spends from the budget $points, which no enclosing 'budget' step sets" in msg


def test_a_spend_from_a_budget_of_another_name_is_a_content_error(tmp_path):
    msg = error_of(variant(tmp_path, "- spend: {amount: $taken}", "- spend: {budget: pts, amount: $taken}"))
    assert "spends from the budget $pts" in msg and "(the budgets here: $points)" in msg
    assert "game.yaml:" in msg


def test_extra_points_from_a_counter_nobody_holds_or_at_rate_zero_are_a_content_error(tmp_path):
    msg = error_of(variant(tmp_path, "extra: {counter: coins, rate: 1, most: 5, action: more_points}",
                           "extra: {counter: cions, rate: 0, most: 5, action: more_points}"))
    assert "unknown counter 'cions'" in msg and "each extra point takes at least 1 of the counter" in msg
    assert msg.count("game.yaml:") >= 2


def test_an_unknown_attribute_to_count_kinds_by_is_a_content_error_at_its_column(tmp_path):
    msg = error_of(variant(tmp_path, "most_of_a_kind: {in: {zone: centre}, by: kind}",
                           "most_of_a_kind: {in: {zone: centre}, by: knd}"))
    assert "unknown attribute 'knd'" in msg and "game.yaml:" in msg


# ---------------------------------------------------------------- the rules pages
def test_the_rules_pages_say_the_budget_like_a_rulebook(tmp_path):
    from boardrules.docgen.site import write_game_pages
    text = "\n".join(p.read_text() for p in write_game_pages(str(GAME), tmp_path))
    assert "points to spend; first you may take more points (at most 5), paying 1 of your coins for each; the " \
           "points you do not spend are lost" in text
