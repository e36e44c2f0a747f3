"""Failures found by the fuzz tests (test_fuzz_variants.py, test_fuzz_api.py, test_state_fuzz.py,
test_fuzz_content.py), each as the smallest reproducer found. Those not fixed yet are strict xfails: the suite stays
green, and a fix makes its test pass, which fails the run until the xfail mark (and the fuzz test's matching
``KNOWN`` entry) is removed."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import boardrules
from boardrules import ContentError, IllegalAction, RulesError, UsageError

CONTROL = Path(__file__).parent / "bad_content" / "control" / "game.yaml"
LIBRARY_ERRORS = (ContentError, UsageError, IllegalAction, boardrules.StateError, RulesError)


def load_variant(tmp_path, variant: dict, base: str = "control"):
    """The variant written beside a copy of the control game (``base="control"``) or extending a packaged game."""
    if base == "control":
        shutil.copy(CONTROL, tmp_path / "control.yaml")
        variant = {"extends": "control.yaml", "id": "fuzz_variant", **variant}
    else:
        variant = {"extends": base, "id": "fuzz_variant", **variant}
    (tmp_path / "variant.yaml").write_text(json.dumps(variant), encoding="utf-8")
    return boardrules.load(tmp_path / "variant.yaml")


def play(rules, players: int = 2, seed: int = 1, moves: int = 50):
    game = rules.new_game(players, seed=seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    return game


def test_the_helpers_load_and_play_an_unchanged_variant(tmp_path):
    play(load_variant(tmp_path, {}), moves=200)
    play(load_variant(tmp_path, {}, base="san_juan"), players=3, moves=200)


# ------------------------------------------------------------------------------------------------ API arguments
def test_apply_with_args_nested_very_deep_is_illegal_action():
    game = boardrules.load("san_juan").new_game(3, seed=1)
    before = game.to_json()
    nested = "x"
    for _ in range(100_000):
        nested = {"x": nested}
    with pytest.raises(IllegalAction):
        game.apply({"kind": "choose_role", "args": {"role": nested}})
    assert game.to_json() == before


def test_apply_with_non_string_arg_keys_is_illegal_action():
    game = boardrules.load("san_juan").new_game(3, seed=1)
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply({"kind": "choose_role", "args": {"role": "x", 1: "y"}})
    assert game.to_json() == before


# ------------------------------------------------------------------------------------------------ variant files
def test_a_quantity_whose_base_is_a_word_is_refused_or_plays(tmp_path):
    """Found by test_fuzz_variants.py: the base passed validation, then generated code raised TypeError (str + int)
    in play once a modifier added to it. Now refused at load (a content error naming the base)."""
    variant = {"quantities": {"replace": {"draw_count": {"base": "draw_count", "text": "cards drawn"}}}}
    try:
        rules = load_variant(tmp_path, variant)
    except ContentError:
        return
    try:
        play(rules)
    except RulesError:
        pass


@pytest.mark.parametrize("seed", [-1, 2 ** 64, -(10 ** 5000), 10 ** 5000], ids=["-1", "2**64", "-10**5000", "10**5000"])
def test_a_seed_outside_the_generators_64_bits_is_a_usage_error(seed):
    """Found by test_fuzz_api.py: ``new_game(2, seed=-1)`` started a game whose own ``to_json()`` was then refused
    by ``game_from_json`` (a saved seed is 0 to 2**64 - 1). Fixed in api/arguments.py."""
    rules = boardrules.load("san_juan")
    with pytest.raises(UsageError, match="seed must be a whole number from 0 to 2\\*\\*64 - 1"):
        rules.new_game(2, seed=seed)
    with pytest.raises(UsageError, match="seed"):
        rules.replay(2, seed, actions=[])
    for edge in (0, 2 ** 64 - 1):
        game = rules.new_game(2, seed=edge)
        assert rules.game_from_json(game.to_json()).to_json() == game.to_json()


def test_the_fuzz_tests_time_limit_turns_a_hang_into_a_failure():
    """The guard the fuzz tests put around each load, game and call: a hang fails (and is reported with the
    example), it does not hang the run; a library ``except Exception`` cannot swallow it."""
    import time

    from conftest import time_limit

    with pytest.raises(AssertionError, match="took more than 0.2 s"):
        with time_limit(0.2, "a loop that never ends"):
            while True:
                try:
                    time.sleep(0.01)
                except Exception:       # noqa: BLE001 - what a careless library might write
                    pass
    with time_limit(5):
        pass


@pytest.mark.parametrize("call", [
    lambda rules: rules.new_game(10 ** 5000),
    lambda rules: rules.new_game(3, seed=1).view(10 ** 5000),
    lambda rules: rules.new_game(3, seed=1, options={"fair_start": 10 ** 5000}),
    lambda rules: rules.new_game(3, seed=1, options={10 ** 5000: True}),
], ids=["players", "view", "option value", "option name"])
def test_an_integer_too_long_to_write_out_is_a_usage_error(call):
    """Found while fuzzing the API: an int of more than 4,300 digits in an error message raised Python's own
    ValueError ("Exceeds the limit ... for integer string conversion"). Fixed in api/arguments.py."""
    with pytest.raises(UsageError, match="number of 16610 bits"):
        call(boardrules.load("san_juan"))


@pytest.mark.parametrize("value", [10 ** 16, -(10 ** 16), 10 ** 5000], ids=["10**16", "-10**16", "10**5000"])
def test_an_integer_option_without_listed_values_is_bounded_by_max_number(tmp_path, value):
    """Found while fuzzing the API: an integer option that lists no values took any int, past MAX_NUMBER (10**5000
    then raised ValueError from to_json). Fixed in api/arguments.py."""
    rules = load_variant(tmp_path, {"options": {"add": {"n": {"default": 3, "text": "n"}}},
                                    "quantities": {"change": {"draw_count": {"base": {"option": "n"}}}}})
    with pytest.raises(UsageError, match="option 'n' takes a whole number from"):
        rules.new_game(2, seed=1, options={"n": value})
    game = rules.new_game(2, seed=1, options={"n": 10 ** 15})
    assert rules.game_from_json(json.loads(json.dumps(game.to_json()))).to_json() == game.to_json()


HUGE = 10 ** 5000       # more digits than Python writes out: repr() or str() of it raises ValueError


def test_apply_with_an_argument_too_long_to_write_out_is_illegal_action():
    game = boardrules.load("san_juan").new_game(3, seed=1)
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply({"kind": "choose_role", "args": {"role": HUGE}})
    assert game.to_json() == before


def test_load_of_an_integer_too_long_to_write_out_is_a_usage_error():
    with pytest.raises(UsageError):
        boardrules.load(HUGE)


def test_replay_with_actions_too_long_to_write_out_is_a_usage_error():
    with pytest.raises(UsageError):
        boardrules.load("san_juan").replay(3, 1, actions=HUGE)


@pytest.mark.parametrize("value", ["x" * 10_000, "a\x00b", "two\nlines"])
def test_a_text_option_without_listed_values_takes_one_short_line(tmp_path, value):
    """Found by the API fuzzing: a text option whose content lists no values took a megabyte or a NUL byte, which
    then went into the saved state, the logs and the pages."""
    (tmp_path / "v.yaml").write_text("extends: san_juan\nid: v\ntitle: v\noptions:\n  add:\n    motto: {default: hello}\n",
                                     encoding="utf-8")
    rules = boardrules.load(tmp_path / "v.yaml")
    with pytest.raises(boardrules.UsageError, match="a line of text"):
        rules.new_game(3, seed=1, options={"motto": value})
    assert rules.new_game(3, seed=1, options={"motto": "a fine motto"}).options["motto"] == "a fine motto"
