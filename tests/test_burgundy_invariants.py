"""The Castles of Burgundy card game over many random games: every card in exactly one place, counts never
negative, silver and workers never more than exist, the game ends after round E, and JSON round-trip and replay
give the same game."""
import json
import random

import pytest

import boardrules

RULES = boardrules.load("burgundy_cards")
CARDS = len(RULES.model.instance_names)
WORKERS, SILVER = 22, 16


def random_game(players, seed, stop_at=None, options=None):
    game = RULES.new_game(players, seed=seed, log=False, options=options)
    rnd = random.Random(seed * 31 + players)
    steps = 0
    while not game.is_over and (stop_at is None or steps < stop_at):
        game.apply(rnd.choice(game.legal_actions()))
        steps += 1
    return game


def check(game, unlimited=False):
    """With the unlimited_supply option the supply makes up what it lacks, so more may be held than exist."""
    d = game.to_json()
    names = [c for owners in d["zones"].values() for cards in owners for c in cards]
    assert len(names) == len(set(names)) == CARDS, "a card is lost or in two places"
    counters = d["counters"]
    assert all(v >= 0 for row in counters.values() for v in row)
    if unlimited:
        assert sum(counters["worker_cards"]) + counters["worker_supply"][0] >= WORKERS
        assert sum(counters["silver"]) + counters["silver_supply"][0] >= SILVER
    else:
        assert sum(counters["worker_cards"]) + counters["worker_supply"][0] == WORKERS
        assert sum(counters["silver"]) + counters["silver_supply"][0] == SILVER
    assert all(len(cards) <= 3 for cards in d["zones"]["project_area"])
    assert all(len(cards) <= 2 for cards in d["zones"]["hand"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_thousand_random_games_keep_every_card_and_count(players):
    for seed in range(1000):
        game = random_game(players, seed)
        assert game.is_over and game.round == 5 and game.legal_actions() == []
        check(game)
        scores = game.scores()
        assert all(s["total"] == sum(s["parts"].values()) >= 0 for s in scores)
        assert game.winners()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_round_trip_and_replay_at_random_points(players):
    rnd = random.Random(players)
    for seed in range(15):
        game = random_game(players, seed, stop_at=rnd.randrange(0, 300))
        check(game)
        data = game.to_json()
        again = RULES.game_from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data and again.legal_actions() == game.legal_actions()
        bot = random.Random(seed)
        while not game.is_over:
            a = bot.choice(game.legal_actions())
            game.apply(a)
            again.apply(a.to_json())
        assert again.to_json() == game.to_json()
        replayed = RULES.replay(players=players, seed=seed, options={}, actions=game.history, log=False)
        assert replayed.to_json() == game.to_json() and replayed.scores() == game.scores()


def test_hidden_cards_never_reach_another_seat_or_their_owner():
    """The face-down piles are hidden from everyone, their owners included; a hand only from the others."""
    game = random_game(4, 3, stop_at=40)
    for seat in range(4):
        v = game.view(seat)
        assert all(isinstance(p, dict) and set(p) == {"count"} for p in v["zones"]["round_pile"])
        assert all((s == seat) == isinstance(h, list) for s, h in enumerate(v["zones"]["hand"]))
        assert set(v["zones"]["draw_deck"]) == {"count"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_other_readings_of_empty_piles_and_supplies_keep_every_card_and_count(players):
    """Options on_pile_empty=borrow and unlimited_supply: random games still end after round E with every
    card in one place and no count below 0, and replay to the same game."""
    options = {"on_pile_empty": "borrow", "unlimited_supply": True}
    for seed in range(50):
        game = random_game(players, seed, options=options)
        assert game.is_over and game.round == 5
        check(game, unlimited=True)
        replayed = RULES.replay(players=players, seed=seed, options=options, actions=game.history, log=False)
        assert replayed.to_json() == game.to_json()
