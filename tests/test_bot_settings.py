"""Bots as the command line names them: every registered bot in the help of play, simulate and compare, settings
after the name (``mcts:iterations=50:rollout_depth=10``), and the search bot's time budget, counted on a fake clock
(no real time is measured)."""
from __future__ import annotations

import pathlib
import re

import pytest
from click.testing import CliRunner

import boardrules
from boardrules.play.bots import BOTS, GreedyBot, MCTSBot, RandomBot, bot_names, make_bots, parse_bot
from boardrules.play.cli import cli

MARKET = pathlib.Path(__file__).parent / "games" / "market" / "game.yaml"
_RULES: dict = {}


def rules_of(source):
    if source not in _RULES:
        _RULES[source] = boardrules.load(source)
    return _RULES[source]


@pytest.mark.parametrize("command", ["play", "simulate", "compare"])
def test_the_help_names_every_registered_bot_and_its_settings(command):
    out = CliRunner().invoke(cli, [command, "--help"], terminal_width=200)
    assert out.exit_code == 0
    text = " ".join(out.output.split())
    bots_help = text[text.index("--bots"):]
    for name, cls in BOTS.items():
        assert re.search(rf"\b{name}\b", bots_help), f"{command} --help does not name {name}"
        for key in getattr(cls, "SETTINGS", {}):
            assert re.search(rf"\b{key}\b", bots_help), f"{command} --help does not name {name}'s {key}"


def test_a_bot_entry_carries_settings_written_back_the_same_way():
    assert bot_names("MCTS: iterations=50 :rollout_depth=none, greedy", 2) == [
        "mcts:iterations=50:rollout_depth=none", "greedy"]
    assert bot_names("mcts:seconds=0.5", 3) == ["mcts:seconds=0.5"] * 3
    assert parse_bot("mcts:iterations=7:rollout=greedy:exploration=1.5") == (
        "mcts", {"iterations": 7, "rollout": "greedy", "exploration": 1.5})
    seats = make_bots("mcts:iterations=7:determinisations=3:rollout_depth=none,greedy,random", 4, rules_of("san_juan"), 3)
    assert isinstance(seats[0], MCTSBot) and isinstance(seats[1], GreedyBot) and isinstance(seats[2], RandomBot)
    assert (seats[0].iterations, seats[0].determinisations, seats[0].rollout_depth) == (7, 3, None)
    timed = make_bots("mcts:seconds=2", 4, rules_of("san_juan"), 1)[0]
    assert (timed.seconds, timed.iterations) == (2, None)       # a time budget alone: the count is not bounded


@pytest.mark.parametrize("entry, said", [
    ("mcts:depth=3", "not one of its settings"),
    ("mcts:iterations", "not one of its settings"),
    ("mcts:iterations=many", "is not a whole number"),
    ("mcts:iterations=0", "iterations must be a whole number of at least 1"),
    ("mcts:seconds=0", "seconds must be a number above 0"),
    ("mcts:seconds=soon", "is not a number"),
    ("mcts:rollout=smart", "rollout must be one of random, greedy"),
    ("mcts:iterations=2:iterations=3", "given twice"),
    ("greedy:iterations=3", "not one of its settings"),
    ("greedy:trials=-1", "0 or more"),
    ("random:trials=3", "random takes no settings"),
    ("clever:iterations=3", "unknown bot 'clever'"),
])
def test_bad_settings_are_refused_by_name_before_a_game_is_played(entry, said):
    with pytest.raises(ValueError, match=said):
        bot_names(entry, 2)
    out = CliRunner().invoke(cli, ["simulate", str(MARKET), "-n", "1", "-p", "2", "-w", "1", "--bots", entry])
    assert out.exit_code == 2 and said in out.output, out.output


def test_simulate_plays_a_bot_with_settings_and_names_it():
    out = CliRunner().invoke(cli, ["simulate", str(MARKET), "-n", "2", "-p", "2", "-w", "1", "--bots",
                                   "mcts:iterations=5:determinisations=2:rollout_depth=4,random"])
    assert out.exit_code == 0, out.output
    assert "bots mcts:iterations=5:determinisations=2:rollout_depth=4,random" in out.output


def test_the_terminal_game_plays_against_the_search_bot():
    pytest.importorskip("rich")
    typed = "".join(f"{1 + k % 2}\n" for k in range(3000))
    result = CliRunner().invoke(cli, ["play", "san_juan", "--human", "0", "--players", "2", "--seed", "5", "--bots",
                                      "mcts:iterations=2:determinisations=1:rollout_depth=0"], input=typed)
    assert result.exit_code == 0, result.output[-3000:]
    assert "game over" in result.output and "is not a choice" not in result.output


class FakeClock:
    """A clock that moves on by ``tick`` seconds each time it is read."""

    def __init__(self, tick=1.0):
        self.now, self.tick, self.reads = 0.0, tick, 0

    def __call__(self):
        self.now += self.tick
        self.reads += 1
        return self.now


def a_decision(rules):
    """A fresh two-player San Juan game at its first decision with more than one answer."""
    game = rules.new_game(2, seed=3, log=False)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    return game


def test_a_time_budget_searches_until_the_clock_has_moved_on_by_it():
    rules = rules_of("san_juan")
    game = a_decision(rules)
    clock = FakeClock()
    bot = MCTSBot(1, rules, seconds=5, determinisations=2, rollout_depth=3, clock=clock)
    assert bot.choose(game) in game.legal_actions()
    # read at the start (1: the deadline is 6), then before each iteration after the first: 2, 3, 4, 5 go on, 6 stops
    assert bot.stats["iterations"] == 5 and clock.reads == 6
    assert sum(visits for _, visits, _ in bot.last_search) == 5


def test_a_time_budget_alone_is_not_capped_by_the_default_count_and_both_budgets_stop_at_the_first():
    rules = rules_of("san_juan")
    game = a_decision(rules)
    alone = MCTSBot(1, rules, seconds=250, determinisations=2, rollout_depth=0, clock=FakeClock())
    alone.choose(game)
    assert alone.stats["iterations"] == 250                     # more than the 200 of the default count
    counted = MCTSBot(1, rules, iterations=3, seconds=1000, rollout_depth=0, clock=FakeClock())
    counted.choose(game)
    assert counted.stats["iterations"] == 3
    timed = MCTSBot(1, rules, iterations=1000, seconds=4, rollout_depth=0, clock=FakeClock())
    timed.choose(game)
    assert timed.stats["iterations"] == 4


def test_a_time_budget_too_short_for_one_iteration_still_searches_once():
    rules = rules_of("san_juan")
    game = a_decision(rules)
    bot = MCTSBot(1, rules, seconds=0.001, rollout_depth=0, clock=FakeClock(tick=10))
    assert bot.choose(game) in game.legal_actions()
    assert bot.stats["iterations"] == 1


def test_without_a_time_budget_the_clock_is_never_read():
    rules = rules_of("san_juan")
    game = a_decision(rules)
    clock = FakeClock()
    bot = MCTSBot(1, rules, iterations=6, determinisations=2, rollout_depth=3, clock=clock)
    bot.choose(game)
    assert clock.reads == 0 and bot.stats["iterations"] == 6
