"""Invariants over many random games: no card lost or duplicated, games end, exact JSON round-trip and replay,
and an illegal action never changes the state."""
import json
import random

import pytest

import boardrules
from boardrules import IllegalAction, StateError

RULES = boardrules.load("san_juan")
BUILDINGS = sum(t.copies for t in RULES.cards if "building" in t.tags)


def all_places(game):
    """Every card instance named in the full JSON state, wherever it is."""
    d = game.to_json()
    names = [c for owners in d["zones"].values() for cards in owners for c in cards]
    names += [c for hosts in d["piles"].values() for cards in hosts.values() for c in cards]
    return names


def check_conservation(game):
    names = all_places(game)
    assert len(names) == len(set(names)), "a card is in two places"
    assert len(names) == len(RULES.model.instance_names), "a card went missing"
    boxed = set(game.to_json()["zones"]["box"][0])
    in_play = [n for n in names if n not in boxed]
    buildings = sum(1 for n in in_play if "building" in RULES.model.instance_types[RULES.model.instance_index[n]].tags)
    assert buildings == {2: 110, 3: 110, 4: 110, 5: 145, 6: 176, 7: 210, 8: 220}[game.players]


def random_game(players, seed, stop_at=None, log=False):
    game = RULES.new_game(players, seed=seed, log=log)
    rnd = random.Random(seed * 31 + players)
    steps = 0
    while not game.is_over and (stop_at is None or steps < stop_at):
        game.apply(rnd.choice(game.legal_actions()))
        steps += 1
    return game


def test_card_count_is_110_buildings():
    assert BUILDINGS == 110
    assert sum(t.copies for t in RULES.cards if "production" in t.tags) == 42
    assert sum(t.copies for t in RULES.cards if "violet" in t.tags) == 68
    assert len([t for t in RULES.cards if "violet" in t.tags]) == 24


@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games_end_with_every_card_accounted_for(players):
    ends = {}
    for seed in range(350):
        game = random_game(players, seed)
        assert game.is_over and game.current_player is None and game.legal_actions() == []
        check_conservation(game)
        d = game.to_json()
        assert all(v >= 0 for row in d["counters"].values() for v in row)
        scores = game.scores()
        assert all(s["total"] == sum(s["parts"].values()) >= 0 for s in scores)
        assert set(game.winners()) <= set(range(players)) and game.winners()
        cities = [len(c) for c in d["zones"]["city"]]
        if game.end_reason == "someone has 12 buildings":
            assert max(cities) >= 12
        ends[game.end_reason] = ends.get(game.end_reason, 0) + 1
    assert ends.get("someone has 12 buildings", 0) > 300


def test_legal_actions_never_empty_before_the_end():
    game = RULES.new_game(3, seed=5)
    rnd = random.Random(5)
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, "no legal action in a game that is not over"
        assert len(set(actions)) == len(actions), "duplicate legal actions"
        game.apply(rnd.choice(actions))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_round_trip_and_clone_at_random_points(players):
    rnd = random.Random(players)
    for seed in range(40):
        game = random_game(players, seed, stop_at=rnd.randrange(0, 500))
        check_conservation(game)
        data = game.to_json()
        text = json.dumps(data)
        again = RULES.game_from_json(json.loads(text))
        assert again.to_json() == data
        assert again.legal_actions() == game.legal_actions()
        twin = game.clone()
        # all three continue identically with the same choices
        bot = random.Random(seed)
        while not game.is_over:
            a = bot.choice(game.legal_actions())
            game.apply(a)
            again.apply(a.to_json())
            twin.apply(a)
        assert again.to_json() == game.to_json() == twin.to_json()


def test_clone_is_independent():
    game = random_game(4, 3, stop_at=50)
    before = game.to_json()
    twin = game.clone()
    rnd = random.Random(0)
    while not twin.is_over:
        twin.apply(rnd.choice(twin.legal_actions()))
    assert game.to_json() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_reproduces_the_final_state(players):
    for seed in range(25):
        game = random_game(players, seed)
        again = RULES.replay(players=players, seed=seed, options={}, actions=game.history, log=False)
        assert again.to_json() == game.to_json()
        assert again.scores() == game.scores()


def test_new_games_start_alike_however_many_games_were_played_before_them():
    """A rules object sets up each player count once and starts every new game from a copy of that set-up: games
    played to the end from it leave the next game exactly as a freshly loaded rules object starts it."""
    for seed in range(6):
        random_game(3, seed)
    fresh = boardrules.load("san_juan").new_game(3, seed=99, log=False)
    again = RULES.new_game(3, seed=99, log=False)
    assert again.to_json() == fresh.to_json()
    assert again.legal_actions() == fresh.legal_actions()


def _scribble(value):
    """Changes every list and dict inside a JSON value, in place."""
    if isinstance(value, list):
        for x in value:
            _scribble(x)
        value.append("scribbled")
    elif isinstance(value, dict):
        for x in list(value.values()):
            _scribble(x)
        value["scribbled"] = 1


@pytest.mark.parametrize("game_id", ["san_juan", "puerto_rico"])
def test_the_json_state_shares_nothing_with_the_game(game_id):
    """A server may change the state it was given (to hide a hand, say): the game it came from stays as it was."""
    rules = boardrules.load(game_id)
    rnd = random.Random(5)
    game = rules.new_game(4, seed=5)
    for _ in range(150):
        state = game.to_json()
        before = json.dumps(state, sort_keys=True)
        _scribble(state)
        assert json.dumps(game.to_json(), sort_keys=True) == before
        game.apply(rnd.choice(game.legal_actions()))


@pytest.mark.parametrize("game_id", ["san_juan", "puerto_rico"])
def test_a_game_read_from_json_shares_nothing_with_the_state_it_was_read_from(game_id):
    """The caller may reuse the mapping it passed in: the game read from it (and the first state an action that
    fails puts it back to) stays as it was read."""
    rules = boardrules.load(game_id)
    rnd = random.Random(8)
    game = rules.new_game(4, seed=8)
    for _ in range(120):
        game.apply(rnd.choice(game.legal_actions()))
    state = game.to_json()
    before = json.dumps(state, sort_keys=True)
    again = rules.game_from_json(state)
    _scribble(state)
    assert json.dumps(again.to_json(), sort_keys=True) == before
    from boardrules.engine import serialize

    assert serialize.to_json(again._rebuilt(again._k.history)) == json.loads(before)


def test_same_seed_same_game_and_other_seed_other_game():
    a, b, c = random_game(4, 11), random_game(4, 11), random_game(4, 12)
    assert a.to_json() == b.to_json()
    assert a.to_json()["zones"] != c.to_json()["zones"]


def test_illegal_actions_raise_and_change_nothing():
    rnd = random.Random(9)
    for seed in range(30):
        game = random_game(3, seed, stop_at=rnd.randrange(0, 300))
        if game.is_over:
            continue
        before = game.to_json()
        legal = game.legal_actions()
        bad = [
            {"kind": "build", "args": {"card": "no_such_card"}},
            {"kind": legal[0].kind, "args": {"card": "palace", "extra": 1}},
            {"kind": "choose_role"},
            {"args": {}},
            "build library",
            None,
            42,
            {"kind": legal[0].kind, "args": dict(legal[0].args), "more": True},
        ]
        other = [a for a in RULES.new_game(2, seed=seed + 100).legal_actions() if a not in legal]
        for action in bad + other[:3]:
            with pytest.raises(IllegalAction):
                game.apply(action)
            assert game.to_json() == before
        assert isinstance(IllegalAction("x"), ValueError)


def test_no_action_after_the_end():
    game = random_game(2, 1)
    with pytest.raises(IllegalAction, match="over"):
        game.apply({"kind": "choose_role", "args": {"role": "builder"}})


def test_hand_edited_state_with_a_duplicated_card_is_rejected():
    game = RULES.new_game(2, seed=1)
    data = game.to_json()
    card = data["zones"]["hand"][0][0]
    data["zones"]["hand"][1].append(card)
    with pytest.raises(StateError, match="appears twice"):
        RULES.game_from_json(data)


def test_hand_edited_state_with_a_missing_card_or_unknown_zone_is_rejected():
    data = RULES.new_game(2, seed=1).to_json()
    data["zones"]["hand"][0].pop()
    with pytest.raises(StateError, match="nowhere"):
        RULES.game_from_json(data)
    data = RULES.new_game(2, seed=1).to_json()
    data["zones"]["attic"] = [[]]
    with pytest.raises(StateError, match="unknown zone 'attic'"):
        RULES.game_from_json(data)
    data = RULES.new_game(2, seed=1).to_json()
    del data["seed"]
    with pytest.raises(StateError, match="seed"):
        RULES.game_from_json(data)


def test_hand_edited_state_that_is_consistent_loads():
    """A consistent hand-edited position loads when the history check is off (``check_history=False``)."""
    game = RULES.new_game(2, seed=1)
    data = game.to_json()
    # swap a hand card with the top of the draw pile: still every card once
    top = data["zones"]["supply"][0].pop()
    data["zones"]["supply"][0].append(data["zones"]["hand"][0].pop())
    data["zones"]["hand"][0].append(top)
    loaded = RULES.game_from_json(data, check_history=False)
    assert loaded.to_json()["zones"]["hand"][0][-1] == top


def test_view_hides_other_hands_and_the_draw_pile():
    game = random_game(3, 4, stop_at=30)
    seat = game.current_player
    v = game.view(seat)
    hands = v["zones"]["hand"]
    for s, h in enumerate(hands):
        if s == seat:
            assert isinstance(h, list)
        else:
            assert set(h) == {"count"}
    assert set(v["zones"]["supply"]) == {"count"}
    assert "legal_actions" in v
    spectator = game.view(None)
    assert all(set(h) == {"count"} for h in spectator["zones"]["hand"])
    assert "legal_actions" not in spectator
    json.dumps(v)
    # goods are face down: only their number shows
    for city in v["zones"]["city"]:
        for entry in city:
            if isinstance(entry, dict) and "goods" in entry.get("piles", {}):
                assert isinstance(entry["piles"]["goods"], int)


@pytest.mark.parametrize("game_id", ["san_juan", "puerto_rico"])
def test_a_tree_of_clones_each_playing_on_stays_what_its_own_history_replays_to(game_id):
    """Clones share what neither has changed yet (the lists of cards in zones): the original, its clones and their
    clones, each playing different moves after the split, must each be exactly the game its history replays to."""
    rules = boardrules.load(game_id)
    root = rules.new_game(4, seed=5, log=False)
    rnd = random.Random(7)
    games = [root]
    for step in range(240):
        g = games[rnd.randrange(len(games))]
        if g.is_over:
            continue
        if step % 15 == 0 and len(games) < 12:
            games.append(g.clone())
        g.apply(rnd.choice(g.legal_actions()))
    for g in games:
        again = rules.replay(players=4, seed=5, options={}, actions=g.history, log=False)
        assert again.to_json() == g.to_json()
        # what is derived from the state and shared between clones until written (which cards each seat owns and
        # which work, where each card lies) is what the replayed game derives, and the choices offered agree
        for derived in ("owned", "active", "loc", "pile_hosts"):
            assert getattr(again._k, derived) == getattr(g._k, derived), derived
        assert [a.to_json() for a in again.legal_actions()] == [a.to_json() for a in g.legal_actions()]
