"""Observations (boardrules.ai.Observer): made from a seat's view alone, laid out in named slices derived from the
content, and blind to what the seat may not see: swapping hidden cards between places hidden from a seat changes
none of its observations."""
from __future__ import annotations

import json
import pathlib
import random
from collections import Counter

import pytest

import boardrules
from boardrules import StateError, UsageError
from boardrules.ai import Observer
from random_games import ROOT, SOURCES, random_game, rules_of


@pytest.mark.parametrize("source, players", SOURCES, ids=[pathlib.Path(s).stem for s, _ in SOURCES])
def test_the_layout_names_every_number_once(source, players):
    obs = Observer(rules_of(source), players)
    at, names = 0, set()
    for s in obs.layout:
        assert s["start"] == at and s["stop"] > s["start"] and s["name"] not in names
        assert s["labels"] is None or len(s["labels"]) == s["stop"] - s["start"]
        at, names = s["stop"], names | {s["name"]}
    assert at == obs.size
    assert json.loads(json.dumps(obs.layout)) == obs.layout          # machine-readable as it is
    m = rules_of(source).model
    for z in m.zones:       # every zone of the content has its slices, per holder
        holders = [z.id] if z.scope == "shared" else [f"{z.id}/seat+{k}" for k in range(players)]
        assert {f"zone/{h}/count" for h in holders} <= names
    assert {f"counter/{c.id}" for c in m.counters} <= names


@pytest.mark.parametrize("source, players", SOURCES, ids=[pathlib.Path(s).stem for s, _ in SOURCES])
def test_observations_come_from_the_view_alone(source, players):
    rules = rules_of(source)
    obs = Observer(rules, players)
    game = rules.new_game(players, seed=3, log=False)
    rng = random.Random(3)
    while True:
        for seat in (*range(players), None):
            view = game.view(seat)
            vector = obs.vector(game, seat)
            assert len(vector) == obs.size and all(isinstance(x, float) for x in vector)
            assert vector == obs.from_view(view)
            assert obs.string(game, seat) == json.dumps(view, sort_keys=True, separators=(",", ":"))
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    final = obs.slices(obs.vector(game, 0))
    scores = {s["seat"]: s["total"] for s in game.scores()}
    assert final["over"] == 1.0
    assert final["score"] == {f"seat+{k}": float(scores[k]) for k in range(players)}
    assert final["winner"] == {f"seat+{k}": float(k in game.winners()) for k in range(players)}


def test_the_slices_say_what_a_player_sees():
    """San Juan: your own hand card by card, the others' hands by their size only; seats counted from you."""
    game = random_game("san_juan", 3, seed=4, steps=25)
    obs = Observer.of(game)
    seat = game.current_player
    view = game.view(seat)
    got = obs.slices(obs.vector(game, seat))
    own = Counter(view["zones"]["hand"][seat])
    assert {k: v for k, v in got["zone/hand/seat+0/cards"].items() if v} == {k: float(n) for k, n in own.items()}
    assert got["zone/hand/seat+0/count"] == len(view["zones"]["hand"][seat])
    for k in (1, 2):
        other = (seat + k) % 3
        assert got[f"zone/hand/seat+{k}/count"] == view["zones"]["hand"][other]["count"] > 0
        assert not any(got[f"zone/hand/seat+{k}/cards"].values())
    assert got["zone/supply/count"] == view["zones"]["supply"]["count"]
    assert not any(got["zone/supply/cards"].values())
    assert got["current_player"]["seat+0"] == 1.0 and got["you_act"] == 1.0
    kinds = {a["kind"] for a in view["legal_actions"]}
    assert {k for k, v in got["pending"].items() if v} == kinds
    waiting = obs.slices(obs.vector(game, (seat + 1) % 3))        # the next seat: the one to act is seat+2 for it
    assert waiting["current_player"]["seat+2"] == 1.0 and waiting["you_act"] == 0.0
    assert not any(waiting["pending"].values())


def hidden_places(rules, data, seat):
    """(zone, holder) of every place of a saved state whose cards ``seat`` may not see."""
    out = []
    for z in rules.model.zones:
        for holder in range(len(data["zones"][z.id])):
            if z.visibility == "hidden" or (z.visibility == "owner" and holder != seat):
                out.append((z.id, holder))
    return out


def swapped(rules, data, seat, rng):
    """A copy of the saved state with two cards of different types swapped between places hidden from ``seat``
    (or within one), and the seats that own a place the swap touched; None if there is no such pair."""
    cards = [(z, h, i, name) for z, h in hidden_places(rules, data, seat)
             for i, name in enumerate(data["zones"][z][h])]
    rng.shuffle(cards)
    for a in cards[:20]:
        for b in cards:
            if a[3].split("#")[0] != b[3].split("#")[0]:
                new = json.loads(json.dumps(data))
                new["zones"][a[0]][a[1]][a[2]], new["zones"][b[0]][b[1]][b[2]] = b[3], a[3]
                owners = {x[1] for x in (a, b) if len(data["zones"][x[0]]) > 1}
                return new, owners
    return None


@pytest.mark.parametrize("source, players", SOURCES, ids=[pathlib.Path(s).stem for s, _ in SOURCES])
def test_swapping_hidden_cards_changes_no_observation_of_a_seat_that_cannot_see_them(source, players):
    rules = rules_of(source)
    obs = Observer(rules, players)
    rng = random.Random(7)
    swaps = seen_by_owner = 0
    for seed in range(4):
        for steps in (0, 15, 40, 90):
            game = random_game(source, players, seed, steps)
            data = game.to_json()
            for seat in range(players):
                got = swapped(rules, data, seat, rng)
                if got is None:
                    continue
                new, owners = got
                try:
                    other = rules.game_from_json(new, check_history=False)
                except StateError:      # a swap the pending decision's frames cannot accept: try another state
                    continue
                assert other.to_json()["zones"] != data["zones"]
                assert obs.string(other, seat) == obs.string(game, seat)
                assert obs.vector(other, seat) == obs.vector(game, seat)
                swaps += 1
                for owner in owners - {seat}:       # the owner of a hand sees the swap: the test could fail
                    if obs.vector(other, owner) != obs.vector(game, owner):
                        seen_by_owner += 1
    assert swaps >= 20
    if any(z.visibility == "owner" for z in rules.model.zones):
        assert seen_by_owner > 0


def test_an_observer_is_for_its_own_ruleset_and_player_count():
    obs = Observer(rules_of("san_juan"), 3)
    with pytest.raises(UsageError, match="not of the observer"):
        obs.vector(rules_of("san_juan").new_game(2, seed=1), 0)
    with pytest.raises(UsageError):
        obs.vector(rules_of("san_juan").new_game(3, seed=1), 3)
    with pytest.raises(UsageError, match="not a view"):
        obs.from_view({"you": 0})
    with pytest.raises(UsageError):
        Observer.of("san_juan")


def test_the_pending_slice_names_the_kinds_of_the_action_space():
    from boardrules.ai import ActionSpace

    for source, players in SOURCES:
        obs = Observer(rules_of(source), players)
        pending = next(s for s in obs.layout if s["name"] == "pending")
        assert pending["labels"] == sorted({e.kind for e in ActionSpace(rules_of(source), players).entries})


def test_content_without_a_fixed_action_space_is_still_observed(tmp_path):
    """A number chosen between bounds that follow the state has no fixed action space; it has observations."""
    text = (ROOT / "tests" / "games" / "harbor" / "game.yaml").read_text(encoding="utf-8")
    old = "choose_number: {action: take, min: 0, max: 2,"
    assert old in text
    (tmp_path / "game.yaml").write_text(text.replace(old, "choose_number: {action: take, min: 0, max: {counter: coins},"),
                                        encoding="utf-8")
    rules = boardrules.load(tmp_path)
    obs = Observer(rules, 2)
    game = rules.new_game(2, seed=1)
    rng = random.Random(1)
    while not game.is_over:
        seat = game.current_player
        got = obs.slices(obs.vector(game, seat))
        assert got["you_act"] == 1.0
        assert {k for k, v in got["pending"].items() if v} == {a.kind for a in game.legal_actions()}
        game.apply(rng.choice(game.legal_actions()))


BOUNDED = [(s, p, None) for s, p in SOURCES] + [("puerto_rico", 3, "expansions")]


@pytest.mark.parametrize("source, players, preset", BOUNDED,
                         ids=[pathlib.Path(s).stem + (f"-{p}" if p else "") for s, _, p in BOUNDED])
def test_every_observation_lies_within_the_bounds_read_off_the_content(source, players, preset):
    rules = rules_of(source)
    obs = Observer(rules, players, preset=preset)
    assert len(obs.low) == len(obs.high) == obs.size
    assert all(lo < hi for lo, hi in zip(obs.low, obs.high))        # no slice is a single point
    for s in obs.layout:                                             # the layout gives the same bounds per slice
        lows, highs = obs.low[s["start"]:s["stop"]], obs.high[s["start"]:s["stop"]]
        assert (s["low"], s["high"]) == ((lows[0], highs[0]) if s["labels"] is None else (lows, highs))
    copies = Counter(t.id for t in rules.model.instance_types)
    named = obs.slices(obs.high)
    for s in obs.layout:
        if s["name"].endswith("/cards"):                             # a card type's slot: its copies at most
            assert named[s["name"]] == {t: copies[t] for t in s["labels"]}
        if s["name"] in ("over", "you_act", "pending", "winner", "current_player", "role"):
            assert set(obs.high[s["start"]:s["stop"]]) == {1.0}
    rng = random.Random(11)
    for seed in range(2):
        game = rules.new_game(players, seed=seed, options=obs.options, log=False)
        while True:
            for seat in (*range(players), None):
                v = obs.vector(game, seat)
                out = [(s["name"], v[i]) for s in obs.layout for i in range(s["start"], s["stop"])
                       if not obs.low[i] <= v[i] <= obs.high[i]]
                assert not out, out[:5]
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))


LADDER = ROOT / "tests" / "games" / "ladder" / "game.yaml"


def test_a_track_shows_each_seats_highest_space_and_an_order_tracks_turn_order_from_the_observer():
    rules = boardrules.load(str(LADDER))
    state = rules.new_game(3, seed=1).to_json()
    state["counters"]["ladder"] = [0, 2, 0]
    state["counters"]["depth"] = [1, 0, 4]
    state["tracks"]["ladder"] = {"high": [0, 2, 0], "stack": [2, 0, 1]}
    state["tracks"]["depth"]["high"] = [6, 0, 4]           # seat 0 went down to 6 and came back to 1
    game = rules.game_from_json(state, check_history=False)
    obs = Observer(rules, 3)
    before = obs.slices(obs.vector(game, 1))
    # seat 1 ahead, then on space 0 seat 0 above seat 2 (it arrived later): seen from seat 1, seat 2 plays last
    assert before["track/ladder/rank"] == {"seat+0": 0.0, "seat+1": 2.0, "seat+2": 1.0}
    game.apply({"kind": "climb", "args": {"way": "ladder"}})      # seat 0: 0 -> 2, onto seat 1: on top, first
    named = obs.slices(obs.vector(game, 1))             # seen by seat 1: seat+1 is seat 2, seat+2 is seat 0
    assert named["track/ladder/rank"] == {"seat+0": 1.0, "seat+1": 2.0, "seat+2": 0.0}
    assert named["track/ladder/high"] == {"seat+0": 2.0, "seat+1": 0.0, "seat+2": 2.0}
    assert named["track/depth/high"] == {"seat+0": 0.0, "seat+1": 4.0, "seat+2": 6.0}
    assert named["counter/depth"] == {"seat+0": 0.0, "seat+1": 4.0, "seat+2": 1.0}
    spots = {s["name"]: s for s in obs.layout}
    assert spots["track/depth/high"]["high"] == [9.0] * 3 and spots["track/ladder/rank"]["high"] == [2.0] * 3


def test_a_board_shows_each_cells_marker_and_cover_and_each_seats_pieces_per_node():
    rules = rules_of("amerigo")
    obs = Observer(rules, 4)
    assert obs.size == Observer(rules, 4).size != Observer(rules, 3).size      # fixed per player count
    game = rules.new_game(4, seed=5, log=False)
    rng = random.Random(5)
    for _ in range(60):             # the ships leave the start
        game.apply(rng.choice(game.legal_actions()))
    state = game.to_json()
    board = state["boards"]["map"]
    bdef = rules.model.boards["map"]
    geo = bdef.geometry([tuple(x) for x in board["slots"]], bdef.layout(4)[1])
    land = [i for i, cell in enumerate(geo.laid.cells) if cell.land]
    for k, i in enumerate(land[:8]):        # markers of seats 0 to 3 on the first land cells, covers on the next
        board["markers"][i] = k % 4
    for k, i in enumerate(land[8:14]):
        board["covered"][i] = (k + 1) % 4
    game = rules.game_from_json(state, check_history=False)
    view = game.view(None)["boards"]["map"]
    assert view["markers"] == board["markers"] and view["pieces"] == board["pieces"]
    for you in (0, 3):
        named = obs.slices(obs.vector(game, you))
        assert named["board/map/rotation"] == {f"slot{i + 1}": rot // 90 for i, (_, rot) in enumerate(view["slots"])}
        for k in range(4):
            seat = (you + k) % 4
            marked = [c for c, on in named[f"board/map/marker/seat+{k}"].items() if on]
            assert marked == [geo.node_name(i) for i in land[:8] if (land.index(i)) % 4 == seat]
            covered = [c for c, on in named[f"board/map/covered/seat+{k}"].items() if on]
            assert covered == [geo.node_name(i) for j, i in enumerate(land[8:14]) if (j + 1) % 4 == seat]
            pieces = {node: n for node, n in named[f"board/map/pieces/seat+{k}"].items() if n}
            assert pieces == dict(Counter(view["pieces"][seat])) and sum(pieces.values()) == bdef.pieces[0]
