"""``play_phase`` takes a role held in a variable, not only a literal role (issue 42): "play the role the player
chose", "play every role nobody chose" need no ``if`` per role."""
from __future__ import annotations

import json

import pytest

import boardrules
from boardrules.errors import ContentError
from boardrules.testing import position
from test_house_rules import play_until

LEFT_OVER = """
extends: puerto_rico
id: left_over_roles
title: "Puerto Rico: every role nobody chose is played at the round's end"
flow:
  edit:
    - before: pass_governor
      insert:
        - id: left_over_phases
          for_each:
            roles: unchosen
            as: left_role
            do:
              - {id: left_over_phase, play_phase: {role: $left_role, lead: start_player}}
"""


@pytest.fixture(scope="module")
def left_over(tmp_path_factory):
    path = tmp_path_factory.mktemp("variant") / "left_over.yaml"
    path.write_text(LEFT_OVER, encoding="utf-8")
    return boardrules.load(path)


def round_one(game_rules):
    game = position(game_rules, players=3, first=0)
    chosen = []

    def done(g):
        v = g.view()
        if v["role"] is not None and v["chooser"] is not None and v["role"] not in chosen:
            chosen.append(v["role"])
        return v["round"] >= 2
    play_until(game, done, prefer=("settler", "builder", "mayor"), avoid=("prospector", "prospector_2"))
    return game, chosen


def test_every_role_nobody_chose_is_played_with_no_chooser(left_over):
    game, chosen = round_one(left_over)
    assert sorted(chosen) == ["builder", "mayor", "settler"]
    free = {e["role"] for e in game.events() if e["type"] == "phase" and e.get("chooser") is None}
    assert free == {"craftsman", "trader", "captain"}           # the 3-player roles nobody chose


def test_without_the_rule_no_phase_is_played_by_nobody():
    game, _ = round_one(boardrules.load("puerto_rico"))
    assert not [e for e in game.events() if e["type"] == "phase" and e.get("chooser") is None]


def test_a_game_saved_inside_a_phase_played_from_a_variable_loads(left_over):
    game = position(left_over, players=3, first=0)
    play_until(game, lambda g: g.view()["chooser"] is None and g.view()["role"] is not None,
               prefer=("settler", "builder", "mayor"), avoid=("prospector", "prospector_2"))
    d = json.loads(json.dumps(game.to_json()))
    assert left_over.game_from_json(d, check_history=False).to_json() == game.to_json()


def test_a_role_variable_that_nobody_binds_is_a_content_error(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(LEFT_OVER.replace("role: $left_role", "role: $no_such_role"), encoding="utf-8")
    with pytest.raises(ContentError, match="no_such_role"):
        boardrules.load(path)


def test_the_rules_pages_say_that_role():
    from boardrules.model import phases as P
    rules = boardrules.load("puerto_rico")
    assert not any(isinstance(n, P.PlayPhase) for n in rules.model.nodes.values())
