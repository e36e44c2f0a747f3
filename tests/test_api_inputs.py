"""What callers pass to ``Rules`` is checked: wrong types and values are UsageError (a ValueError), never a raw
Python error or a silent success; option conflicts are found before a game starts; seeds come from the
operating system unless given; a player's view reveals neither the seed nor the generator's state."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import boardrules
from boardrules import ContentError, IllegalAction, StateError, UsageError
from boardrules.play.cli import cli

RULES = boardrules.load("san_juan")


def test_usage_error_is_a_value_error_and_exported():
    assert issubclass(UsageError, ValueError) and "UsageError" in boardrules.__all__
    assert not issubclass(IllegalAction, UsageError) and not issubclass(StateError, UsageError)


@pytest.mark.parametrize("kwargs, fragment", [
    ({"players": 3.0}, "players must be a whole number"),
    ({"players": "3"}, "players must be a whole number"),
    ({"players": True}, "players must be a whole number"),
    ({"players": None}, "players must be a whole number"),
    ({"players": 9}, "2-8 players, not 9"),
    ({"players": 3, "options": ["x"]}, "options must be a mapping"),
    ({"players": 3, "options": "fair_start=true"}, "options must be a mapping"),
    ({"players": 3, "options": {1: 2}}, "option names must be strings"),
    ({"players": 3, "options": {"nope": 1}}, "unknown option 'nope'"),
    ({"players": 3, "options": {"fair_start": 1}}, "option 'fair_start' takes one of true, false"),
    ({"players": 3, "options": {"fair_start": "true"}}, "option 'fair_start' takes one of true, false"),
    ({"players": 5, "options": {"extension_roles": True}}, "option 'extension_roles' takes one of"),
    ({"players": 3, "seed": "x"}, "seed must be a whole number"),
    ({"players": 3, "seed": 1.5}, "seed must be a whole number"),
    ({"players": 3, "seed": False}, "seed must be a whole number"),
    ({"players": 3, "preset": 3}, "preset must be a preset name"),
    ({"players": 3, "preset": "nope"}, "unknown preset 'nope'"),
    ({"players": 3, "log": "yes"}, "log must be True or False"),
    ({"players": 3, "options": {"captain": True}}, "is for 5, 6, 7, 8 players"),
])
def test_new_game_rejects_bad_arguments(kwargs, fragment):
    with pytest.raises(UsageError) as info:
        RULES.new_game(**kwargs)
    assert fragment in str(info.value)


def test_an_integer_option_takes_only_integers():
    rules = boardrules.load(__import__("pathlib").Path(__file__).parent / "variants" / "options.yaml")
    for bad in ("4", 4.0, True):
        with pytest.raises(UsageError, match="start_cards"):
            rules.new_game(3, seed=1, options={"start_cards": bad})


@pytest.mark.parametrize("options, fragment", [
    ({"extension_roles": "custom"}, "exactly one per player above four"),
    ({"extension_roles": "custom", "captain": True, "merchant": True}, "exactly one per player above four"),
    ({"captain": True, "merchant": True}, "need extension_roles=custom"),
    ({"colonist_ship": True}, "need extension_roles=custom"),
])
def test_extension_role_conflicts_are_caught_before_a_game_starts(options, fragment):
    with pytest.raises(UsageError) as info:
        RULES.check_options(options, players=5)
    assert fragment in str(info.value) and "5 players" in str(info.value)
    with pytest.raises(UsageError):
        RULES.new_game(5, seed=1, options=options)


def test_valid_extension_role_choices_still_work():
    assert len(RULES.new_game(5, seed=1).view()["zones"]) > 0
    RULES.new_game(5, seed=1, options={"extension_roles": "custom", "captain": True})
    RULES.new_game(6, seed=1, options={"extension_roles": "custom", "captain": True, "merchant": True})


def test_replay_and_load_and_game_from_json_check_their_inputs():
    with pytest.raises(UsageError, match="seed"):
        RULES.replay(3, None)
    with pytest.raises(UsageError, match="actions must be a list"):
        RULES.replay(3, 1, actions=5)
    with pytest.raises(UsageError, match="actions must be a list"):
        RULES.replay(3, 1, actions="pass")
    with pytest.raises(UsageError, match="load"):
        boardrules.load(3)
    with pytest.raises(StateError, match="mapping"):
        RULES.game_from_json("not a state")
    state = RULES.new_game(3, seed=1).to_json()
    state["options"]["fair_start"] = "yes"
    with pytest.raises(StateError, match="fair_start"):
        RULES.game_from_json(state)


# -- the command line -------------------------------------------------------------------------------

@pytest.mark.parametrize("args, fragment", [
    (["play", "san_juan", "-p", "5", "-o", "extension_roles=custom"], "exactly one per player above four"),
    (["play", "san_juan", "-p", "5", "-o", "captain=true", "-o", "merchant=true"], "need extension_roles=custom"),
    (["simulate", "san_juan", "-n", "1", "-p", "5", "-o", "extension_roles=custom"], "exactly one per player"),
    (["play", "san_juan", "-o", "fair_start=1"], "takes one of true, false"),
])
def test_cli_option_conflicts_are_one_error_line_and_exit_2(args, fragment):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and "Error: " in result.output and fragment in result.output


def test_cli_turns_any_content_or_usage_error_into_exit_2(monkeypatch):
    """Even one a command did not check for itself."""
    import boardrules.play.cli as cli_module

    def broken(*args, **kwargs):
        raise UsageError("something the command did not foresee")
    monkeypatch.setattr(cli_module, "prepare", broken)
    result = CliRunner().invoke(cli, ["play", "san_juan"])
    assert result.exit_code == 2 and "Error: something the command did not foresee" in result.output


# -- seeds ------------------------------------------------------------------------------------------

def test_without_a_seed_a_game_draws_a_large_one_from_the_os_and_records_it():
    seeds = {RULES.new_game(3).seed for _ in range(8)}
    # 64 random bits each: a repeat, or one under 2**32, has odds of about 1 in 500 million
    assert len(seeds) == 8 and all(isinstance(s, int) and s.bit_length() > 32 for s in seeds)
    game = RULES.new_game(3)
    assert game.to_json()["seed"] == game.seed
    again = RULES.replay(3, game.seed, actions=[])
    assert again.to_json() == game.to_json()


def test_a_players_view_reveals_neither_the_seed_nor_the_generator_state():
    game = RULES.new_game(3, seed=123_456_789_123_456_789)
    for _ in range(20):
        game.apply(game.legal_actions()[0])
    secrets_ = {str(game.seed), str(game.to_json()["rng"])}
    for seat in (None, 0, 1, 2):
        text = json.dumps(game.view(seat))
        assert not any(s in text for s in secrets_), seat
        assert "seed" not in text and "rng" not in text


def test_content_errors_still_are_content_errors():
    with pytest.raises(ContentError):
        boardrules.load("no_such_game")


@pytest.mark.parametrize("name", ["x" * 5000, "a\0b", ""])
def test_odd_names_are_content_errors(name):
    with pytest.raises(ContentError) as info:
        boardrules.load(name)
    assert len(str(info.value)) < 1000


@pytest.mark.parametrize("seat", [99, -1, "0", True, 1.0])
def test_view_refuses_anything_but_a_seat_or_none(seat):
    game = RULES.new_game(3, seed=1)
    with pytest.raises(boardrules.UsageError):
        game.view(seat)
    assert game.view(None)["you"] is None and game.view(2)["you"] == 2
