"""The scripts in examples/ run, and say something true."""
import pathlib
import runpy

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def load(name):
    return runpy.run_path(str(EXAMPLES / name), run_name="example")


def test_random_game_example_plays_to_the_end(capsys):
    game = load("random_game.py")["main"](3, 5)
    assert game.is_over
    out = capsys.readouterr().out
    assert "seat 0:" in out and "winner" in out


def test_greedy_bot_beats_random_bots_more_often_than_chance(capsys):
    rate = load("greedy_bot.py")["main"](60, 4)
    assert rate > 0.25 + 0.1, "a greedy builder should win clearly more than a quarter of 4-player games"
