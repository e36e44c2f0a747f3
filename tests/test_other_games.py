"""The kernel is not San Juan-shaped: a small test game pays with money (a counter), buys from a shared market,
and scores differently, all from YAML."""
import json
import pathlib
import random

import pytest

import boardrules

GAME = pathlib.Path(__file__).parent / "games" / "market" / "game.yaml"
RULES = boardrules.load(GAME)


def play(players, seed):
    game = RULES.new_game(players, seed=seed)
    rnd = random.Random(seed)
    while not game.is_over:
        game.apply(rnd.choice(game.legal_actions()))
    return game


def counters(game):
    return game.to_json()["counters"]


def test_loads_and_describes_itself():
    assert RULES.id == "market" and RULES.players == range(2, 4)
    fair = next(t for t in RULES.cards if t.id == "fair")
    assert fair.name == {"en": "Fair", "zh": "市集"}
    assert fair.texts == ["After you buy, if the card you buy is a big card: add 2 to your money."]


def test_money_is_a_counter_and_buying_pays_into_the_bank():
    game = RULES.new_game(2, seed=0)
    assert counters(game)["money"] == [2, 3]
    game.apply({"kind": "choose_role", "args": {"role": "mason"}})
    legal = {a.args.get("card") for a in game.legal_actions()}
    assert legal == {"hut", "mill", None}             # price - 1 for the chooser: mill 2, fair 3 is too dear
    game.apply({"kind": "buy", "args": {"card": "mill"}})
    assert counters(game)["money"][0] == 0 and counters(game)["bank"] == [2]
    # no decision was needed to pay: money is fungible
    assert game.prompt == "buy" and game.current_player == 1
    game.apply({"kind": "buy", "args": {"card": "mill"}})    # full price 3 for the other player
    assert counters(game)["money"] == [0, 0] and counters(game)["bank"] == [5]


def test_a_modifier_from_a_bought_building_raises_income():
    game = RULES.new_game(2, seed=0)
    game.apply({"kind": "choose_role", "args": {"role": "mason"}})
    game.apply({"kind": "buy", "args": {"card": "mill"}})
    game.apply({"kind": "pass", "args": {"decision": "buy"}})
    game.apply({"kind": "choose_role", "args": {"role": "merchant"}})
    # seat 1 chose the Merchant: income 1 + 1 privilege; seat 0's Mill works from the next phase on: 1 + 1
    assert counters(game)["money"] == [2, 5]


@pytest.mark.parametrize("players", [2, 3])
def test_random_games_end_with_money_never_negative(players):
    for seed in range(60):
        game = play(players, seed)
        assert game.end_reason == "the market is empty"
        assert game.to_json()["zones"]["market"] == [[]]      # the rule behind the label
        c = counters(game)
        assert all(v >= 0 for v in c["money"] + c["bank"])
        estates = game.to_json()["zones"]["estate"]
        assert sum(map(len, estates)) == 10
        again = RULES.game_from_json(json.loads(json.dumps(game.to_json())))
        assert again.to_json() == game.to_json()
        assert RULES.replay(players, seed, {}, game.history).to_json() == game.to_json()
