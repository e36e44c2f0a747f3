"""A choice of fixed answers (issue 24, item 3): an answer may carry its own condition (offered only while it
holds), and later steps can tell which answer was taken or that the choice was declined (``bound`` after
``on_decline: continue``), without a flag counter."""
from __future__ import annotations

from pathlib import Path

import pytest

import boardrules
from boardrules import ContentError

CONTROL = (Path(__file__).parent / "bad_content" / "control" / "game.yaml").read_text(encoding="utf-8")
ACTION = "    action:\n      - move: {from: {zone: supply}, to: {zone: hand}, count: {quantity: draw_count}}\n" \
         "      - emit: drawn\n"
STEPS = """    action:
      - move: {from: {zone: supply}, to: {zone: hand}, count: CARDS}
      - choose:
          action: pick
          as: answer
          optional: true
          on_decline: continue
          options:
            - one
            - {answer: two, if: {ge: [{count: {zone: hand}}, 2]}}
      - if: {bound: answer}
        then:
          - if: {eq: [$answer, two]}
            then: [{add: {counter: built, value: 2}}]
            else: [{add: {counter: built, value: 1}}]
        else: [{add: {counter: built, value: 5}}]
"""


def rules_with(tmp_path, cards):
    (tmp_path / "game.yaml").write_text(CONTROL.replace(ACTION, STEPS.replace("CARDS", str(cards))), encoding="utf-8")
    return boardrules.load(tmp_path)


def answers(game):
    return [a.args.get("answer", "declined") for a in game.legal_actions()]


def test_an_answer_is_offered_only_while_its_condition_holds(tmp_path):
    assert answers(rules_with(tmp_path, 2).new_game(2, seed=1)) == ["one", "two", "declined"]
    assert answers(rules_with(tmp_path, 1).new_game(2, seed=1)) == ["one", "declined"]


@pytest.mark.parametrize("taken, built", [("one", 1), ("two", 2), ("declined", 5)])
def test_later_steps_tell_the_answer_taken_or_the_decline(tmp_path, taken, built):
    game = rules_with(tmp_path, 2).new_game(2, seed=1)
    seat = game.current_player
    game.apply(next(a for a in game.legal_actions() if a.args.get("answer", "declined") == taken))
    assert game.to_json()["counters"]["built"][seat] == built


def test_the_rules_pages_say_when_an_answer_is_offered(tmp_path):
    from boardrules import docgen

    rules_with(tmp_path, 2)
    text = "\n".join(p.text for p in docgen.make_pages(games=[str(tmp_path / "game.yaml")], variants=[]))
    assert "one or two (two only if you have at least 2 cards in your hand)" in text, text[:3000]


def test_an_answer_with_a_condition_must_name_the_answer(tmp_path):
    bad = STEPS.replace("{answer: two, if:", "{if:").replace("CARDS", "1")
    (tmp_path / "game.yaml").write_text(CONTROL.replace(ACTION, bad), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        boardrules.load(tmp_path)
    assert info.value.errors[0].line is not None
