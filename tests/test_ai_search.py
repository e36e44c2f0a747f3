"""The search bot (``mcts``, boardrules.play.search): information-set MCTS over samples of what its seat cannot
see. It beats random players clearly, its choices depend only on what its seat sees (hidden cards swapped, the same
search), it is reproducible from its seed, and it plays wherever bots are named."""
from __future__ import annotations

import json
import pathlib
import random

import pytest
from click.testing import CliRunner

import boardrules
from boardrules import StateError
from boardrules.api.resample import hidden_places
from boardrules.play.bots import BOTS, MCTSBot, RandomBot, bot_names, make_bots, seat_seed
from boardrules.play.cli import cli

MARKET = pathlib.Path(__file__).parent / "games" / "market" / "game.yaml"
SMALL = {"iterations": 20, "determinisations": 2, "rollout_depth": 10}
_RULES: dict = {}


def rules_of(source):
    if source not in _RULES:
        _RULES[source] = boardrules.load(source)
    return _RULES[source]


def test_it_beats_three_random_players_in_san_juan():
    rules = rules_of("san_juan")
    games, wins = 24, 0.0
    for seed in range(games):
        game = rules.new_game(4, seed=seed, log=False)
        bots = [MCTSBot(seat_seed(seed, 0), rules, **SMALL)] + [RandomBot(seat_seed(seed, s)) for s in (1, 2, 3)]
        while not game.is_over:
            game.apply(bots[game.current_player].choose(game))
        winners = game.winners()
        wins += (0 in winners) / len(winners)
    assert wins / games >= 0.6, f"won {wins} of {games} (a random seat wins a quarter)"


def swapped(rules, data, seat, rng):
    """The saved state with a card of another seat's hand (or, in a game without hands, of any hidden place) swapped
    with a card of another type in a place hidden from ``seat`` (the places a sample deals again: not the box, whose
    copies stay out of the game)."""
    places = [(what, cards) for kind, what, cards in hidden_places(rules.model, data, seat) if kind == "zone"]
    hands = [(cards, i) for (z, h), cards in places if len(data["zones"][z]) > 1 for i in range(len(cards))]
    others = [(cards, i) for _, cards in places for i in range(len(cards))]
    hands = hands or list(others)
    rng.shuffle(hands)
    rng.shuffle(others)
    for a, i in hands:
        for b, j in others:
            if a[i].split("#")[0] != b[j].split("#")[0]:
                a[i], b[j] = b[j], a[i]
                return data
    return None


@pytest.mark.parametrize("source", ["san_juan", "puerto_rico", "burgundy_cards"])
def test_it_never_peeks_at_cards_its_seat_cannot_see(source):
    rules = rules_of(source)
    rng = random.Random(3)
    compared = 0
    for seed in range(6):
        game = rules.new_game(3, seed=seed, log=False)
        for _ in range(rng.randrange(5, 60)):
            game.apply(rng.choice(game.legal_actions()))
        while not game.is_over and len(game.legal_actions()) < 2:
            game.apply(game.legal_actions()[0])
        if game.is_over:
            continue
        seat, data = game.current_player, game.to_json()
        new = swapped(rules, json.loads(json.dumps(data)), seat, rng)
        if new is None:
            continue
        try:
            other = rules.game_from_json(new, check_history=False)
        except StateError:
            continue
        assert other.view(seat) == game.view(seat)
        assert other.to_json()["zones"] != data["zones"]          # the hidden cards really are elsewhere
        one, two = MCTSBot("peek", rules, **SMALL), MCTSBot("peek", rules, **SMALL)
        assert one.choose(game) == two.choose(other)
        assert one.last_search == two.last_search                 # the whole search, not only its outcome
        compared += 1
    assert compared >= 3


def test_it_never_reads_a_number_another_seat_keeps_face_down():
    """Puerto Rico's victory point chips lie face down (seen by their owner alone): the same position with another
    seat holding 7 more chips, which the searching seat cannot see, gives the same search; its own chips do count."""
    rules = rules_of("puerto_rico")
    rng = random.Random(5)
    compared = 0
    for seed in range(40):
        game = rules.new_game(3, seed=seed, log=False)
        while not game.is_over and not (len(game.legal_actions()) >= 2 and any(
                n for s, n in enumerate(game.to_json()["counters"]["vp"]) if s != game.current_player)):
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            continue
        seat, data = game.current_player, game.to_json()
        other_seat = next(s for s, n in enumerate(data["counters"]["vp"]) if s != seat and n)
        edited = json.loads(json.dumps(data))
        edited["counters"]["vp"][other_seat] += 7
        other = rules.game_from_json(edited, check_history=False)
        assert other.view(seat) == game.view(seat)
        one, two = MCTSBot("chips", rules, **SMALL), MCTSBot("chips", rules, **SMALL)
        one.choose(game)
        two.choose(other)
        assert one.last_search == two.last_search, f"seed {seed}: the search read seat {other_seat}'s chips"
        compared += 1
        if compared == 3:
            break
    assert compared == 3


def test_the_same_seed_plays_the_same_game_and_another_seed_searches_differently():
    rules = rules_of("san_juan")

    def played(seed):
        game = rules.new_game(2, seed=5, log=False)
        bots = [MCTSBot(seed, rules, **SMALL), RandomBot(1)]
        for _ in range(40):
            game.apply(bots[game.current_player].choose(game))
        return game.history, bots[0].last_search

    assert played("a") == played("a")
    assert played("a") != played("b")


def test_its_choice_is_legal_and_the_most_visited():
    rules = rules_of("san_juan")
    game = rules.new_game(3, seed=2, log=False)
    bot = MCTSBot(0, rules, **SMALL)
    rng = random.Random(0)
    for _ in range(30):
        actions = game.legal_actions()
        chosen = bot.choose(game)
        assert chosen in actions
        if len(actions) > 1:
            assert [a for a, _, _ in bot.last_search] == actions
            assert sum(v for _, v, _ in bot.last_search) == SMALL["iterations"]
            assert max(bot.last_search, key=lambda s: (s[1], s[2]))[0] == chosen     # most visited
        game.apply(rng.choice(actions))
    assert bot.stats["searches"] == 30 and bot.stats["iterations"] == 30 * SMALL["iterations"]


def test_bad_settings_are_refused():
    rules = rules_of("san_juan")
    for bad in ({"iterations": 0}, {"determinisations": 0}, {"rollout": "smart"}, {"rollout_depth": -1}):
        with pytest.raises(ValueError):
            MCTSBot(0, rules, **bad)


def test_greedy_rollouts_play_too():
    rules = rules_of(MARKET)
    game = rules.new_game(2, seed=1, log=False)
    bots = [MCTSBot(1, rules, iterations=10, rollout="greedy", rollout_depth=None), RandomBot(2)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    assert bots[0].stats["searches"] > 0 and bots[0].stats["steps"] > 0


def test_it_is_a_bot_of_simulate_and_compare():
    assert BOTS["mcts"] is MCTSBot
    assert bot_names("mcts,random", 2) == ["mcts", "random"]
    seats = make_bots("mcts,random", 7, rules_of("san_juan"), 2)
    assert isinstance(seats[0], MCTSBot) and seats[0].seed == seat_seed(7, 0)
    out = CliRunner().invoke(cli, ["simulate", str(MARKET), "-n", "1", "-p", "2", "-w", "1", "--bots", "mcts,random"])
    assert out.exit_code == 0, out.output
    assert "bots mcts,random" in out.stdout and "1 games" in out.stdout or "1 game" in out.stdout
