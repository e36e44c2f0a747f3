"""Determinisation (``Game.resample``): a sample is a full game its seat cannot tell from the real one, it passes the
state checks and plays on, and over many samples each hidden card reaches every hidden place its deck can reach."""
from __future__ import annotations

import json
import pathlib
import random
from collections import defaultdict

import pytest

import boardrules
from boardrules import UsageError
from boardrules.api.resample import hidden_places
from random_games import SOURCES, random_game, rules_of

IDS = [pathlib.Path(s).stem for s, _ in SOURCES]


def state(game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


@pytest.mark.parametrize("source, players", SOURCES, ids=IDS)
def test_a_sample_looks_the_same_to_its_seat_passes_the_checks_and_plays_on(source, players):
    rules = rules_of(source)
    others_differ = 0
    for steps in (0, 20, 60):
        game = random_game(source, players, seed=steps, steps=steps)
        before = state(game)
        for seat in (*range(players), None):
            for n in range(8):
                sample = game.resample(seat, seed=n)
                assert sample.view(seat) == game.view(seat)
                if seat == game.current_player:
                    assert sample.legal_actions() == game.legal_actions()
                again = rules.game_from_json(sample.to_json(), check_history=False)      # the state checks
                assert state(again) == state(sample)
                assert sample.seed == n and sample.history == []
                others_differ += any(sample.view(s) != game.view(s) for s in range(players) if s != seat)
        assert state(game) == before            # the game sampled from is not changed
    rng = random.Random(1)
    while not sample.is_over:          # a sample is a game like any other
        sample.apply(rng.choice(sample.legal_actions()))
    assert sample.winners()
    if any(z.visibility == "owner" for z in rules.model.zones):
        assert others_differ        # the other seats' hands were dealt again: they see it


def test_each_hidden_card_reaches_every_hidden_place_of_its_deck():
    rules = rules_of("san_juan")
    game = random_game("san_juan", 3, seed=4, steps=30)
    seat = 0
    model = rules.model
    data = game.to_json()

    def places(d):
        """card -> its hidden place: a zone and holder, or a face-down pile (whatever card it lies on)."""
        out = {}
        for kind, (what, holder), cards in hidden_places(model, d, seat):
            for name in cards:
                out[name] = (what, holder) if kind == "zone" else ("pile", what)
        return out

    start = {name: model.instance_types[i].start for name, i in model.instance_index.items()}
    original = places(data)
    room = defaultdict(lambda: defaultdict(int))        # deck -> place -> its cards
    for name, place in original.items():
        room[start[name]][place] += 1
    reached = defaultdict(set)
    types_in = defaultdict(set)
    for n in range(400):
        sample = places(game.resample(seat, seed=n).to_json())
        assert sorted(sample) == sorted(original)       # the same cards are hidden, each in one place
        for name, place in sample.items():
            assert room[start[name]][place] > 0, f"{name} left its deck for {place}"
            reached[name].add(place)
            types_in[place].add(name.split("#")[0])
    moved = [name for name in original if len(reached[name]) > 1]
    assert len(moved) > 50          # the draw pile, the other hands, the face-down piles mix
    for name in moved:
        wide = {p for p, n in room[start[name]].items() if n >= 3}
        assert wide <= reached[name], (name, wide - reached[name])
    for deck, rooms in room.items():
        kinds = {name.split("#")[0] for name in moved if start[name] == deck}
        for place in rooms:
            assert kinds <= types_in[place], (place, kinds - types_in[place])
    assert {p[0] for p in room[model.zone_index["supply"]]} >= {"supply", "hand", "pile"}


def test_the_same_seed_gives_the_same_sample_and_another_seed_another():
    game = random_game("san_juan", 4, seed=2, steps=12)
    a, b, c = game.resample(1, seed=5), game.resample(1, seed=5), game.resample(1, seed=6)
    assert state(a) == state(b) != state(c)
    assert isinstance(game.resample(1).seed, int)        # no seed: one from the operating system


def test_bad_arguments_are_usage_errors():
    game = random_game("san_juan", 3, seed=1, steps=3)
    for seat in (3, -1, "0", 1.0):
        with pytest.raises(UsageError):
            game.resample(seat, seed=1)
    for seed in (-1, 2 ** 64, "1", 1.5):
        with pytest.raises(UsageError):
            game.resample(0, seed=seed)


def test_a_card_the_flow_is_working_with_keeps_its_place():
    """San Juan: the card being built waits, named by a variable of the flow, in a place only its builder sees; a
    sample for another seat leaves it there (dealing it again would change what is being built)."""
    rules = rules_of("san_juan")
    game = rules.new_game(3, seed=3, log=False)
    rng = random.Random(3)
    checked = 0
    while not game.is_over and checked < 5:
        data = game.to_json()
        named = {v for f in data["flow"] for v in (f.get("env") or {}).values() if isinstance(v, str)}
        for seat in range(3):
            held = [(w, name) for kind, w, cards in hidden_places(rules.model, data, seat) for name in cards
                    if name in named]
            for n in range(5):
                sample = game.resample(seat, seed=n).to_json()
                for (zone, holder), name in held:
                    assert name in sample["zones"][zone][holder]
            checked += bool(held)
        game.apply(rng.choice(game.legal_actions()))
    assert checked >= 5
