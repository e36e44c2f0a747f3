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
@pytest.mark.xfail(strict=True, raises=RecursionError,
                   reason="issue 23: apply() with args nested past the recursion limit raises RecursionError "
                          "(Action.key_of's freeze recurses)")
def test_apply_with_args_nested_very_deep_is_illegal_action():
    game = boardrules.load("san_juan").new_game(3, seed=1)
    before = game.to_json()
    nested = "x"
    for _ in range(100_000):
        nested = {"x": nested}
    with pytest.raises(IllegalAction):
        game.apply({"kind": "choose_role", "args": {"role": nested}})
    assert game.to_json() == before


@pytest.mark.xfail(strict=True, raises=TypeError,
                   reason="issue 23: apply() with args under keys of different types ({1: ..., 'role': ...}) "
                          "raises TypeError (Action.key_of's freeze sorts the keys)")
def test_apply_with_non_string_arg_keys_is_illegal_action():
    game = boardrules.load("san_juan").new_game(3, seed=1)
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply({"kind": "choose_role", "args": {"role": "x", 1: "y"}})
    assert game.to_json() == before


# ------------------------------------------------------------------------------------------------ variant files
@pytest.mark.xfail(strict=True, raises=TypeError,
                   reason="issue 23: a quantity whose base is a word passes validation, then generated code "
                          "raises TypeError in play")
def test_a_quantity_whose_base_is_a_word_is_refused_or_plays(tmp_path):
    variant = {"quantities": {"replace": {"draw_count": {"base": "draw_count", "text": "cards drawn"}}}}
    try:
        rules = load_variant(tmp_path, variant)
    except ContentError:
        return
    try:
        play(rules)
    except RulesError:
        pass
