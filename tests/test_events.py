"""Events (Game.events, Game.log_lines): what happened, as each seat may know it. Hidden cards are not named to a
seat that cannot see them (swapping hidden cards changes nothing that seat is told until it sees them), the events
are saved with the game, and decisions the engine took itself are among them."""
from __future__ import annotations

import json
import random

import pytest

import boardrules
from boardrules import StateError, UsageError

_RULES: dict = {}


def rules_of(gid):
    if gid not in _RULES:
        _RULES[gid] = boardrules.load(gid)
    return _RULES[gid]


def played(gid, players, seed, steps=None):
    game = rules_of(gid).new_game(players, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not game.is_over and (steps is None or n < steps):
        game.apply(rng.choice(game.legal_actions()))
        n += 1
    return game


def sees(rules, place, seat):
    """Whether ``seat`` sees a card in ``place`` (an event's "from" or "to"), by the content's own visibility."""
    m = rules.model
    if "pile" in place:
        return m.piles[m.pile_index[place["pile"]]].visibility == "public"
    z = m.zones[m.zone_index[place["zone"]]]
    return z.visibility in ("public", "top") or (z.visibility == "owner" and place.get("seat") == seat)


def test_a_seat_sees_its_own_draws_and_only_the_count_of_the_others():
    rules = rules_of("san_juan")
    game = played("san_juan", 3, seed=2, steps=30)
    full = game.events(full=True)
    hidden_moves = [e for e in full if e["type"] == "move" and not sees(rules, e["from"], 0)
                    and not sees(rules, e["to"], 0)]
    assert len(hidden_moves) > 20       # cards dealt and drawn into other hands, goods face down, ...
    for seat in (0, None):
        for e in game.events(seat):
            if e["type"] == "move":
                if seat is None:        # a spectator sees what every seat sees
                    seen = any(all(sees(rules, e[k], s) for s in range(3)) for k in ("from", "to"))
                else:
                    seen = sees(rules, e["from"], seat) or sees(rules, e["to"], seat)
                assert (e["card"] is not None) == seen, e
                assert e["card"] is not None or e["count"] >= 1
    own = [e for e in game.events(0) if e["type"] == "move" and e["to"] == {"zone": "hand", "seat": 0}]
    other = [e for e in game.events(0) if e["type"] == "move" and e["to"] == {"zone": "hand", "seat": 1}]
    assert own and all(e["card"] for e in own)
    assert other and all(e["card"] is None and e["count"] >= 1 for e in other)
    # what seat 0 is told of seat 1's hand adds up to what seat 1 was dealt and drew
    assert sum(e["count"] for e in other) == sum(1 for e in full if e["type"] == "move"
                                                 and e["to"] == {"zone": "hand", "seat": 1})


def test_a_decision_naming_a_hidden_card_names_it_to_the_decider_only():
    for seed in range(40):
        game = played("san_juan", 3, seed=seed)
        masked = [(i, e) for i, e in enumerate(game.events(0)) if e["type"] == "decision" and e.get("hidden")]
        if masked:
            break
    assert masked, "no game of 40 has a seat keep or tuck a card the others cannot see"
    i, e = masked[0]
    assert e["seat"] != 0 and "args" not in e["action"] and "a hidden card" in e["text"]
    theirs = game.events(e["seat"], since=e["index"])[0]
    assert theirs["index"] == e["index"] and "hidden" not in theirs and theirs["action"]["args"]
    assert theirs["text"] != e["text"]
    assert game.log_lines(e["seat"]) != game.log_lines(0)
    assert game.log_lines(full=True) != game.log_lines()


def swapped(rules, data, seat, rng):
    """The saved state with two cards of different types swapped between places hidden from ``seat``."""
    places = [(z.id, h) for z in rules.model.zones for h in range(len(data["zones"][z.id]))
              if z.visibility == "hidden" and z.id != "box" or (z.visibility == "owner" and h != seat)]
    cards = [(z, h, i, name) for z, h in places for i, name in enumerate(data["zones"][z][h])]
    rng.shuffle(cards)
    for a in cards[:20]:
        for b in cards:
            if a[3].split("#")[0] != b[3].split("#")[0]:
                new = json.loads(json.dumps(data))
                new["zones"][a[0]][a[1]][a[2]], new["zones"][b[0]][b[1]][b[2]] = b[3], a[3]
                return new
    return None


def explained(rules, events, j, seat):
    """Whether event ``j`` of what ``seat`` is told may differ between two games that differ in hidden cards: it
    shows a card moving from or to a place ``seat`` sees, or a decision naming a card the next events show moving
    where ``seat`` sees it."""
    e = events[j]
    if e["type"] == "move":
        return e["card"] is not None and (sees(rules, e["from"], seat) or sees(rules, e["to"], seat))
    if e["type"] == "decision" and e["seat"] != seat and "hidden" not in e:
        return any(x["type"] == "move" and x["card"] is not None for x in events[j + 1:j + 6])
    return False


@pytest.mark.parametrize("gid, hidden_moves", [("san_juan", 10), ("puerto_rico", 1), ("burgundy_cards", 10)])
# (Puerto Rico hides little; the card game's round piles and hands hide much, its discard pile is face up)
def test_swapping_hidden_cards_changes_nothing_a_seat_is_told_until_it_sees_them(gid, hidden_moves):
    rules = rules_of(gid)
    rng = random.Random(5)
    compared = hidden_told = 0
    for seed in range(3):
        for steps in (5, 40):
            game = played(gid, 3, seed, steps)
            data = game.to_json()
            for seat in range(3):
                new = swapped(rules, data, seat, rng)
                if new is None:
                    continue
                try:
                    other = rules.game_from_json(new, check_history=False)
                except StateError:
                    continue
                a = rules.game_from_json(data, check_history=False)
                start = a.event_count
                assert other.event_count == start and other.events(seat) == a.events(seat)
                pick = random.Random(seed)
                for _ in range(60):
                    if a.is_over:
                        break
                    action = pick.choice(a.legal_actions())
                    if action not in other.legal_actions():
                        break       # the seat to act holds a swapped card: the games part here
                    a.apply(action)
                    other.apply(action)
                mine, theirs = a.events(seat, since=start), other.events(seat, since=start)
                j = next((i for i, (x, y) in enumerate(zip(mine, theirs)) if x != y), min(len(mine), len(theirs)))
                if j < min(len(mine), len(theirs)):
                    assert explained(rules, mine, j, seat) or explained(rules, theirs, j, seat), (mine[j], theirs[j])
                compared += j
                hidden_told += sum(1 for e in mine[:j] if e["type"] == "move" and e["card"] is None)
    assert compared > 100 and hidden_told >= hidden_moves


@pytest.mark.parametrize("gid", ["san_juan", "puerto_rico", "burgundy_cards"])
def test_events_and_the_log_survive_json_and_go_on_as_if_never_saved(gid):
    rules = rules_of(gid)
    game = played(gid, 3, seed=4, steps=60)
    text = json.dumps(game.to_json())
    back = rules.game_from_json(json.loads(text))
    assert back.event_count == game.event_count > 100
    for seat in (None, 0, 1, 2):
        assert back.events(seat) == game.events(seat)
        assert back.log_lines(seat) == game.log_lines(seat)
    assert back.events(full=True) == game.events(full=True)
    assert back.to_json() == json.loads(text)
    rng = random.Random(1)
    for _ in range(40):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        game.apply(action)
        back.apply(action)
    assert back.events(full=True) == game.events(full=True) and back.to_json() == game.to_json()


def test_forced_decisions_are_events_but_not_history():
    game = played("puerto_rico", 3, seed=1)
    forced = [e for e in game.events() if e["type"] == "decision" and e["forced"]]
    chosen = [e for e in game.events() if e["type"] == "decision" and not e["forced"]]
    assert forced and len(chosen) == len(game.history)
    assert all(e["text"].endswith("(no other choice)") for e in forced)
    assert sum(line.endswith("(no other choice)") for line in game.log_lines()) == len(forced)
    assert game.events()[-1]["type"] == "end" and game.events()[-1]["reason"] == game.end_reason


def test_since_gives_what_is_new():
    game = played("san_juan", 2, seed=3, steps=10)
    mark = game.event_count
    game.apply(game.legal_actions()[0])
    new = game.events(1, since=mark)
    assert new and new[0]["index"] == mark and new == [e for e in game.events(1) if e["index"] >= mark]
    assert game.events(1, since=game.event_count) == []


def test_a_game_without_a_log_records_nothing():
    game = rules_of("san_juan").new_game(2, seed=1, log=False)
    game.apply(game.legal_actions()[0])
    assert game.event_count == 0 and game.events() == [] and game.log_lines() == []
    assert game.to_json()["events"] is None


def test_a_forged_or_malformed_event_is_refused():
    rules = rules_of("san_juan")
    data = played("san_juan", 2, seed=3, steps=10).to_json()
    forged = json.loads(json.dumps(data))
    move = next(e for e in forged["events"] if e[0] == "move")
    move[1] = next(e[1] for e in forged["events"] if e[0] == "move" and e[1] != move[1])
    with pytest.raises(StateError, match="events differs"):
        rules.game_from_json(forged)
    bad = json.loads(json.dumps(data))
    bad["events"][0] = ["move", "no such card", ["zone", "hand", 0], ["zone", "hand", 1]]
    with pytest.raises(StateError, match=r"events\[0\]"):
        rules.game_from_json(bad, check_history=False)
    old = json.loads(json.dumps(data))
    del old["events"]       # a state saved before events were recorded: read, with no events
    assert rules.game_from_json(old, check_history=False).event_count == 0


def test_bad_arguments_are_usage_errors():
    game = played("san_juan", 2, seed=3, steps=3)
    for call in (lambda: game.events(5), lambda: game.events(0, since=-1), lambda: game.events(0, since="1"),
                 lambda: game.log_lines(2)):
        with pytest.raises(UsageError):
            call()


def test_the_record_stops_growing_at_its_limit_and_is_still_saved_and_read(monkeypatch):
    from boardrules.compiled import kernel as compiled_kernel
    from boardrules.engine import kernel, serialize, state

    for module in (kernel, compiled_kernel, state, serialize):
        monkeypatch.setattr(module, "MAX_STATE_EVENTS", 60)
    game = played("san_juan", 2, seed=3, steps=40)
    assert game.event_count == 60 and len(game.history) == 40
    back = rules_of("san_juan").game_from_json(json.loads(json.dumps(game.to_json())))
    assert back.events(full=True) == game.events(full=True)
    game.apply(game.legal_actions()[0])
    assert game.event_count == 60
    data = game.to_json()
    data["events"].append(["round", 99])
    with pytest.raises(StateError, match="more than a saved state may hold"):
        rules_of("san_juan").game_from_json(data)
