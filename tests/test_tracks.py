"""Bounded tracks (the tracks family) on the engine's own test game (tests/games/ladder): a depth track whose marked
spaces score once when reached or passed, steps past the end lost (and a bonus once per climb when any was), the
best space reached scored at the end; and the ladder, an order track with stacking whose order is the turn order."""
import json
import pathlib
import random
import re

import pytest

import boardrules
from boardrules import ContentError, StateError
from edits import edited
from random_games import kernel_game, plain_and_generated

GAME = pathlib.Path(__file__).parent / "games" / "ladder" / "game.yaml"
DIVE = {"kind": "climb", "args": {"way": "dive"}}
CLIMB = {"kind": "climb", "args": {"way": "ladder"}}


@pytest.fixture(scope="module")
def rules():
    return boardrules.load(str(GAME))


def at(rules, players=3, seed=1, counters=None, tracks=None, hands=None):
    """The game's first decision (seat 0 to climb), with counters, the tracks' own state and the hands rewritten."""
    g = rules.new_game(players, seed=seed)
    state = g.to_json()
    for cid, values in (counters or {}).items():
        state["counters"][cid] = values
    for tid, entry in (tracks or {}).items():
        state["tracks"][tid].update(entry)
    for seat, n in (hands or {}).items():        # n tokens from the pool into a seat's hand
        pool = state["zones"]["pool"][0]
        state["zones"]["hand"][seat] += pool[len(pool) - n:]
        del pool[len(pool) - n:]
    return rules.game_from_json(json.loads(json.dumps(state)), check_history=False)


def state(g):
    return g.to_json()


def located(err):
    return re.search(r"game\.yaml:\d+:\d+", str(err.value)) is not None


def variant(tmp_path, old, new):
    return edited(GAME, tmp_path, old, new)


# ---------------------------------------------------------------- thresholds
def test_one_advance_past_several_marked_spaces_scores_each_once_in_order(rules):
    g = at(rules, hands={0: 5})         # seat 0 draws a sixth token and dives 6: past 3 and 5, short of 8
    g.apply(DIVE)
    s = state(g)
    assert s["counters"]["depth"][0] == 6
    assert s["counters"]["points"][0] == 3 + 5
    assert s["tracks"]["depth"]["high"][0] == 6
    assert s["counters"]["bonus"][0] == 0       # nothing lost


def test_a_space_scores_on_reach_and_never_again_after_moving_back_and_forward(rules):
    g = at(rules, counters={"depth": [4, 0, 0]}, tracks={"depth": {"high": [5, 0, 0]}}, hands={0: 0})
    g.apply(DIVE)                       # 4 -> 5: space 5 was already reached (high 5): nothing scores
    s = state(g)
    assert s["counters"]["depth"][0] == 5 and s["counters"]["points"][0] == 0
    g = at(rules, counters={"depth": [2, 0, 0]}, tracks={"depth": {"high": [2, 0, 0]}}, hands={0: 0})
    g.apply(DIVE)                       # 2 -> 3: reached for the first time
    assert state(g)["counters"]["points"][0] == 3


def test_retreat_fires_nothing_and_lowers_only_the_marker(rules):
    from boardrules.engine.kernel import Kernel
    from boardrules.lang.load import load_model
    from boardrules.model.tracks import Advance
    model = load_model(str(GAME))
    k = Kernel(model, 2, 1, {}, True).start()
    t = model.tracks[model.track_index["depth"]]
    back = Advance(t, lambda g, env: 0, lambda g, env: 2, back=True)
    forward = Advance(t, lambda g, env: 0, lambda g, env: 4)

    class F:
        env = {"you": 0}
    depth = len(k.stack)
    assert forward.exec(k, F) is True   # 0 -> 4 passes space 3: its reaction is pushed, with $space bound
    assert [f.env["space"] for f in k.stack[depth:]] == [3] and k.stack[-1].env["points"] == 3
    del k.stack[depth:]
    F.env["forfeited"] = 7
    assert back.exec(k, F) is False and len(k.stack) == depth   # 4 -> 2: nothing fires, nothing is bound
    assert F.env["forfeited"] == 7
    assert k.counters[t.counter][0] == 2 and k.tracks[t.index][0][0] == 4
    assert forward.exec(k, F) is True   # 2 -> 6 passes 3 again (already passed) and reaches 5 (new)
    assert [f.env["space"] for f in k.stack[depth:]] == [5]
    assert k.counters[t.counter][0] == 6 and k.tracks[t.index][0][0] == 6


def test_several_spaces_in_one_advance_fire_lowest_first(rules):
    from boardrules.engine.kernel import Kernel
    from boardrules.lang.load import load_model
    from boardrules.model.tracks import Advance
    model = load_model(str(GAME))
    k = Kernel(model, 2, 1, {}, True).start()
    t = model.tracks[model.track_index["depth"]]

    class F:
        env = {"you": 1}
    depth = len(k.stack)
    Advance(t, lambda g, env: 1, lambda g, env: 20).exec(k, F)
    # the stack runs its top first: 3, then 5, then 8
    assert [f.env["space"] for f in reversed(k.stack[depth:])] == [3, 5, 8]
    assert F.env["forfeited"] == 11


def test_at_the_end_the_rest_is_forfeited_and_bound_once_per_climb(rules):
    g = at(rules, counters={"depth": [7, 0, 0]}, tracks={"depth": {"high": [7, 0, 0]}}, hands={0: 3})
    g.apply(DIVE)                       # 7 + 4 = 11: stops on 9, two steps lost, space 8 scores
    s = state(g)
    assert s["counters"]["depth"][0] == 9
    assert s["counters"]["points"][0] == 8
    assert s["counters"]["bonus"][0] == 2       # once, however many steps were lost


def test_the_steps_past_the_end_of_a_convert_track_go_to_its_counter(rules):
    g = at(rules, counters={"ladder": [5, 0, 0]}, tracks={"ladder": {"high": [5, 0, 0]}})
    g.apply(CLIMB)                      # 5 + 2: ends on 6, one step into the spare counter
    s = state(g)
    assert s["counters"]["ladder"][0] == 6 and s["counters"]["spare"][0] == 1


def test_the_best_space_reached_scores_at_the_end(rules):
    g = at(rules, counters={"depth": [2, 0, 0]}, tracks={"depth": {"high": [6, 0, 0]}}, hands={0: 0})
    part = {s["seat"]: s for s in g.scores()}
    assert part[0]["parts"]["best"] == 5        # reached 6 once (now back on 2): space 5's points


# ---------------------------------------------------------------- the order track
@pytest.mark.parametrize("loop", ["turns", "for_each_player"])
def test_a_marker_moving_onto_an_occupied_space_goes_on_top_and_plays_first(rules, loop, tmp_path):
    if loop == "for_each_player":       # the same game, its turns written as a for_each_player in track order
        rules = boardrules.load(str(variant(tmp_path, "- turns:\n            order: each\n", "- for_each_player:\n")))
    g = at(rules, counters={"ladder": [0, 2, 0]}, tracks={"ladder": {"high": [0, 2, 0], "stack": [2, 0, 1]}})
    # round 1 order was fixed at the start: seat 0 first (the stack says seat 1 is on top, but this position was
    # written after the turns began), so every seat climbs the ladder once: 0 -> 2 onto seat 1, then 1 -> 4, 2 -> 2
    for _ in range(3):
        g.apply(CLIMB)
    s = state(g)
    assert s["counters"]["ladder"] == [2, 4, 2]
    assert s["tracks"]["ladder"]["stack"] == [0, 1, 2]      # seat 2 arrived last on space 2: on top of seat 0
    assert g.current_player == 1        # round 2: furthest first...
    g.apply(DIVE)
    assert g.current_player == 2        # ... then the top of the stack on space 2, then the one under it
    g.apply(DIVE)
    assert g.current_player == 0


def test_a_position_sets_markers_as_reached_and_stacks_them_in_the_order_named(rules):
    from boardrules.testing import position
    g = position(rules, 3, counters={"depth": {0: 4}, "ladder": {2: 3, 0: 3}})
    s = g.to_json()
    assert s["counters"]["depth"] == [4, 0, 0] and s["tracks"]["depth"]["high"] == [4, 0, 0]
    assert s["tracks"]["ladder"]["stack"][-2:] == [2, 0]        # seat 0 named last: on top of seat 2
    assert [g.tie_breaks(seat) for seat in range(3)] == [[2], [0], [1]]


def test_markers_behind_breaks_ties_for_the_one_ahead(rules):
    g = at(rules, counters={"ladder": [3, 3, 1]}, tracks={"ladder": {"high": [3, 3, 1], "stack": [2, 1, 0]}})
    assert [g.tie_breaks(s) for s in range(3)] == [[2], [1], [0]]


# ---------------------------------------------------------------- what the players see
def test_every_view_shows_who_is_on_top_after_a_marker_lands_on_an_occupied_space(rules):
    g = at(rules, counters={"ladder": [0, 2, 0]}, tracks={"ladder": {"high": [0, 2, 0], "stack": [2, 0, 1]}})
    assert g.view(2)["tracks"]["ladder"] == {"high": [0, 2, 0], "stack": [2, 0, 1]}
    g.apply(CLIMB)                      # seat 0: 0 -> 2, onto seat 1's marker
    for seat in (None, 0, 1, 2):        # public: every seat and a spectator see the same
        view = g.view(seat)
        assert view["counters"]["ladder"] == [2, 2, 0]
        assert view["tracks"]["ladder"] == {"high": [2, 2, 0], "stack": [2, 1, 0]}     # seat 0 on top of seat 1
        assert view["tracks"]["depth"] == {"high": [0, 0, 0]}          # not an order track: no stack


def test_the_view_shows_the_highest_space_reached_after_a_retreat(rules, tmp_path):
    back = boardrules.load(str(variant(tmp_path, "- advance: {track: ladder, by: 2, as: extra}",
                                       "- retreat: {track: depth, by: 2}")))
    g = at(back, counters={"depth": [5, 0, 0]}, tracks={"depth": {"high": [5, 0, 0]}})
    g.apply(CLIMB)                      # seat 0 retreats 5 -> 3 on the depth track
    view = g.view(1)
    assert view["counters"]["depth"] == [3, 0, 0]
    assert view["tracks"]["depth"]["high"] == [5, 0, 0]


def test_a_game_without_tracks_shows_no_tracks():
    assert "tracks" not in boardrules.load("san_juan").new_game(3, seed=1).view(0)


# ---------------------------------------------------------------- saving and replaying
def test_the_same_seed_and_actions_replay_exactly_and_round_trip_through_json(rules):
    for seed in (1, 2, 3):
        a = rules.new_game(3, seed=seed)
        pick = random.Random(seed)
        halfway = None
        while not a.is_over:
            a.apply(pick.choice(a.legal_actions()))
            if halfway is None and len(a.history) == 4:
                halfway = json.loads(json.dumps(a.to_json()))
        b = rules.replay(3, seed, actions=a.history)
        assert b.to_json() == a.to_json()
        c = rules.game_from_json(halfway)
        for action in a.history[4:]:
            c.apply(action)
        assert c.to_json() == a.to_json()
        assert rules.game_from_json(json.loads(json.dumps(a.to_json()))).to_json() == a.to_json()


def test_the_generated_code_plays_the_tracks_as_the_closures_do():
    plain, generated, made = plain_and_generated(GAME)
    assert made and generated.generated
    for seed in (1, 2):
        assert kernel_game(generated, 3, seed) == kernel_game(plain, 3, seed)


@pytest.mark.parametrize("change, path", [
    ({"counters": {"depth": [10, 0, 0]}}, "counters.depth[0]"),
    ({"tracks": {"depth": {"high": [0, 0, 0]}}, "counters": {"depth": [2, 0, 0]}}, "tracks.depth.high"),
    ({"tracks": {"ladder": {"high": [0, 0, 0], "stack": [0, 0, 1]}}}, "tracks.ladder.stack"),
    ({"tracks": {"ladder": {"high": [0, 0, 0], "stack": [0, 1]}}}, "tracks.ladder.stack"),
    ({"tracks": {"depth": {"high": [0, 0, 0], "stack": [0, 1, 2]}}}, "tracks.depth.stack"),
])
def test_a_bad_saved_track_is_a_state_error_naming_its_path(rules, change, path):
    s = rules.new_game(3, seed=1).to_json()
    for cid, v in change.get("counters", {}).items():
        s["counters"][cid] = v
    for tid, v in change.get("tracks", {}).items():
        s["tracks"][tid].update(v)
    with pytest.raises(StateError) as err:
        rules.game_from_json(s, check_history=False)
    assert path in str(err.value)


# ---------------------------------------------------------------- content errors
@pytest.mark.parametrize("old, new, words", [
    ('"8": {points: 8}', '"10": {points: 8}', "space '10' is not on the track"),
    ("length: 9", "length: -1", "at least 1 space"),
    ("    order: true", "    order: true\n    scope: shared", "an order track decides the players' turn order"),
    ("- add: {counter: points, value: $points}", "- add: {counter: depth, value: 1}", "'depth' is a track"),
    ("event: passed_mark", "event: passed_marker", "unknown event 'passed_marker'"),
    ("by_track: ladder", "by_track: depth", "'depth' is not an order track"),
    ('"3": {points: 3}', '"3": {you: 3}', "attribute 'you' would be bound as $you"),
])
def test_bad_tracks_are_content_errors_at_their_line(tmp_path, old, new, words):
    with pytest.raises(ContentError) as err:
        boardrules.load(str(variant(tmp_path, old, new)))
    assert located(err) and words in str(err.value)


def test_the_rules_pages_say_the_advance_as_a_rulebook_would(rules):
    texts = [str(n.text) for n in rules.model.nodes.values()]
    assert "move your marker on the depth track up the number of cards in your hand spaces, no further than space 9 " \
           "(the steps past it are lost); for each marked space (3, 5, 8) it reaches or passes for the first time, " \
           "you reach or pass a marked space" in texts
    assert "move your marker on the ladder up 2 spaces, no further than space 6 (the steps past it go to spare " \
           "steps instead)" in texts
    assert any(t.startswith("each player in the order of the ladder (the furthest first, the top of a stack first)")
               for t in texts)
    assert any(t.startswith("if some steps went past the end of the depth track") for t in texts)


def test_a_house_rule_changes_a_track_in_place(tmp_path):
    """A variant edits a track like any section entry: a deeper space marked, the rest of the track kept."""
    base = tmp_path / "ladder"
    base.mkdir()
    (base / "game.yaml").write_text(GAME.read_text())
    house = tmp_path / "deeper.yaml"
    house.write_text("extends: ladder/game.yaml\nid: deeper\ntitle: Deeper\n"
                     "tracks:\n  change:\n    depth:\n      length: 12\n"
                     "      spaces: {\"3\": {points: 3}, \"5\": {points: 5}, \"8\": {points: 8}, \"11\": {points: 11}}\n")
    rules = boardrules.load(str(house))
    g = rules.new_game(3, seed=1)
    depth = g.to_json()["tracks"]["depth"]
    assert len(depth["high"]) == 3
    model = rules.model
    track = model.tracks[model.track_index["depth"]]
    assert track.length == 12 and boardrules.load(str(GAME)).model.tracks[model.track_index["depth"]].length == 9
