"""Trust, second round (issue 23): no content can make one call of play do unbounded work, no value of the wrong
kind reaches a number, and whatever goes wrong inside ``apply`` leaves the game exactly as it was.

Each hostile step comes right after a small decision of the control game, so that ``apply`` (not ``new_game``)
meets it. Before this change each of them hung ``apply`` for good, ate memory, or let a raw Python exception out
of it and left the game with no legal action."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import boardrules
from boardrules import ContentError, RulesError
from boardrules.limits import MAX_ANSWERS, MAX_NUMBER, STEP_BUDGET

CONTROL = (Path(__file__).parent / "bad_content" / "control" / "game.yaml").read_text(encoding="utf-8")
ACTION = "    action:\n      - move: {from: {zone: supply}, to: {zone: hand}, count: {quantity: draw_count}}\n" \
         "      - emit: drawn\n"
assert ACTION in CONTROL


def game_with(tmp_path, *steps, replace=()):
    """The control game whose role first asks for a number (0 or 1), then runs ``steps``."""
    text = CONTROL.replace(ACTION, "    action:\n      - choose_number: {min: 0, max: 1, as: n, action: pick}\n" +
                           "".join(f"      - {s}\n" for s in steps))
    for old, new in replace:
        assert old in text
        text = text.replace(old, new)
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    return boardrules.load(tmp_path)


def refused_in_play(rules, fragment):
    """Applies the first answer; it must raise RulesError saying ``fragment``, quickly, and change nothing."""
    game = rules.new_game(2, seed=1)
    before = json.dumps(game.to_json(), sort_keys=True)
    start = time.perf_counter()
    with pytest.raises(RulesError) as info:
        game.apply(game.legal_actions()[0])
    assert time.perf_counter() - start < 10
    assert fragment in str(info.value), str(info.value)
    assert "content roles/" in str(info.value)          # it names the content step
    assert json.dumps(game.to_json(), sort_keys=True) == before
    assert game.legal_actions() and not game.is_over      # and the game goes on
    return str(info.value)


def test_a_loop_over_a_billion_numbers_is_stopped_before_it_starts(tmp_path):
    rules = game_with(tmp_path, "for_each: {from: 1, to: 1000000000, do: [{add: {counter: built, value: 1}}]}")
    refused_in_play(rules, f"more than {STEP_BUDGET:,} loop passes")


def test_loops_inside_loops_count_every_pass(tmp_path):
    # each loop alone stays under its limit; together they would run 10**10 times
    rules = game_with(tmp_path, "while: {if: true, limit: 100000, do: [{for_each: {from: 1, to: 100000, "
                                "do: [{add: {counter: built, value: 0}}]}}]}")
    refused_in_play(rules, "loop passes")


def test_a_counter_squared_again_and_again_stops_at_the_largest_number(tmp_path):
    rules = game_with(tmp_path, "set: {counter: built, value: 2}",
                      *["set: {counter: built, value: {mul: [{counter: built}, {counter: built}]}}"] * 40)
    refused_in_play(rules, f"past the largest number a game holds ({MAX_NUMBER:,})")


def test_a_counter_doubled_past_the_largest_number_is_refused(tmp_path):
    rules = game_with(tmp_path, "set: {counter: built, value: 1}",
                      *["set: {counter: built, value: {sum: [{counter: built}, {counter: built}]}}"] * 60)
    refused_in_play(rules, "past the largest number a game holds")


@pytest.mark.parametrize("high", ["1000000000", "{sum: [1000000000000000, 1000000000000000, 1000000000000000]}"],
                         ids=["a billion", "past 2**63"])
def test_a_number_choice_offers_at_most_the_answers_a_decision_may_have(tmp_path, high):
    # a billion answers ate memory; past 2**63 it was a raw OverflowError
    rules = game_with(tmp_path, f"choose_number: {{min: 0, max: {high}, as: m, action: big}}")
    refused_in_play(rules, f"more than {MAX_ANSWERS:,} answers")


def test_counting_cards_in_conditions_on_cards_nested_deep_is_bounded(tmp_path):
    # a count of the hand whose condition counts the hand, 8 deep: 6**8 passes, minutes of one apply() before
    count = "1"
    for _ in range(8):
        count = "{count: {zone: hand, where: {gt: [" + count + ", 0]}}}"
    rules = game_with(tmp_path, "move: {from: {zone: supply}, to: {zone: hand}, count: 6}",
                      f"add: {{counter: built, value: {count}}}")
    refused_in_play(rules, "cards looked at")


def test_a_draw_whose_refill_is_its_own_destination_is_bounded(tmp_path):
    # drawing a billion cards from a pile into the pile that refills it went round for ever
    rules = game_with(tmp_path, "move: {from: {zone: supply}, to: {zone: pool}, count: 1000000000}",
                      replace=[("  supply: {scope: shared, visibility: hidden, text: the draw pile}\n",
                                "  supply: {scope: shared, visibility: hidden, text: the draw pile, refill: {from: pool}}\n"
                                "  pool: {scope: shared, visibility: public, text: the pool}\n"),
                               ("id: mini\n", "id: mini\nstart_zone: supply\n")])
    refused_in_play(rules, "loop passes")


def test_a_value_that_is_not_a_number_in_play_is_a_rules_error_and_the_game_is_put_back(tmp_path):
    # a map attribute's word reaching a sum raised TypeError out of the generated code, and left the game with
    # no legal action
    rules = game_with(tmp_path, "add: {counter: built, value: {sum: [1, {attr: table, of: {top: supply}, key: a}]}}",
                      replace=[("  cost: {type: integer, default: 0, text: cost}\n",
                                "  cost: {type: integer, default: 0, text: cost}\n"
                                "  table: {type: map, default: {a: x}, text: a table}\n")])
    message = refused_in_play(rules, "could not be played here")
    assert "TypeError" in message


def errors_of(tmp_path, *steps, replace=()):
    with pytest.raises(ContentError) as info:
        game_with(tmp_path, *steps, replace=replace)
    return info.value.errors


@pytest.mark.parametrize("option, said", [("{default: two}", "whose values are words"),
                                          ("{default: two, values: [one, two]}", "whose values are words"),
                                          ("{default: false}", "whose values are true or false")])
def test_an_option_that_is_not_a_number_cannot_be_used_as_one(tmp_path, option, said):
    errors = errors_of(tmp_path, "add: {counter: built, value: {option: bonus}}",
                       replace=[("id: mini\n", f"id: mini\noptions:\n  bonus: {option}\n")])
    assert len(errors) == 1 and said in errors[0].message
    assert errors[0].path.endswith("add.value") and errors[0].line is not None


def test_a_word_as_a_modifier_amount_is_a_content_error_at_its_line(tmp_path):
    errors = errors_of(tmp_path, replace=[("      - modify: draw_count\n        add: 1\n",
                                           "      - modify: draw_count\n        add: two\n")])
    assert [(e.path, e.message) for e in errors] == [("cards[1].effects[0].add", "expected a number, got the word 'two'")]


def test_an_attribute_of_words_used_in_arithmetic_is_a_content_error(tmp_path):
    errors = errors_of(tmp_path, "add: {counter: built, value: {sum: [1, {attr: kind, of: {top: supply}}]}}",
                       replace=[("  cost: {type: integer, default: 0, text: cost}\n",
                                 "  cost: {type: integer, default: 0, text: cost}\n"
                                 "  kind: {type: string, text: kind}\n")])
    assert "the attribute 'kind', which holds words" in errors[0].message


def test_words_may_still_be_compared_for_equality(tmp_path):
    rules = game_with(tmp_path, "if: {eq: [{option: mode}, fast]}\n        then: [{add: {counter: built, value: 1}}]",
                      replace=[("id: mini\n", "id: mini\noptions:\n  mode: {default: fast, values: [fast, slow]}\n")])
    game = rules.new_game(2, seed=1)
    game.apply(game.legal_actions()[0])


@pytest.mark.parametrize("option, preset, said", [
    ("{default: 1}", "{bonus: two}", "takes a whole number"),
    ("{default: fast, values: [fast, slow]}", "{bonus: quick}", "takes one of"),
    ("{default: false}", "{bonus: 1}", "takes true or false")])
def test_a_preset_with_a_value_its_option_cannot_take_is_refused_at_load(tmp_path, option, preset, said):
    # it loaded, and failed only at new_game(preset=...)
    errors = errors_of(tmp_path, replace=[("id: mini\n", f"id: mini\noptions:\n  bonus: {option}\n"
                                                         f"presets:\n  p: {{options: {preset}}}\n")])
    assert any(said in e.message and e.path == "presets.p.options.bonus" for e in errors), errors


@pytest.mark.parametrize("option", ["{default: [1, 2]}", "{default: {a: 1}}", "{default: 1, values: [1, two]}"])
def test_an_option_declares_one_kind_of_value(tmp_path, option):
    # an option whose default was a list took any Python object, and to_json failed later
    errors_of(tmp_path, replace=[("id: mini\n", f"id: mini\noptions:\n  bonus: {option}\n")])
