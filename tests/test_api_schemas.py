"""The JSON forms of an action, a view and a state are published as JSON Schemas (schemas/action, view, state,
written by `boardrules schemas`); real games' JSON must match them."""
import json
import random

import jsonschema
import pytest
from referencing import Registry, Resource

import boardrules
from boardrules.content.paths import data_dir

SCHEMAS = {n: json.loads((data_dir("schemas") / f"{n}.schema.json").read_text(encoding="utf-8"))
           for n in ("action", "view", "state")}
REGISTRY = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values())
VALIDATE = {n: jsonschema.Draft202012Validator(s, registry=REGISTRY).validate for n, s in SCHEMAS.items()}


@pytest.mark.parametrize("game_id,players", [("san_juan", 3), ("san_juan", 6), ("san_juan_1897", 4)])
def test_actions_views_and_states_of_a_whole_game_match_their_schemas(game_id, players):
    game = boardrules.load(game_id).new_game(players, seed=4)
    bot = random.Random(4)
    step = 0
    while not game.is_over:
        if step % 15 == 0:
            VALIDATE["state"](game.to_json())
            for seat in (None, game.current_player):
                VALIDATE["view"](game.view(seat))
        action = bot.choice(game.legal_actions())
        VALIDATE["action"](action.to_json())
        game.apply(action)
        step += 1
    VALIDATE["state"](game.to_json())
    VALIDATE["view"](game.view(None))


def test_the_schemas_refuse_what_the_library_refuses():
    with pytest.raises(jsonschema.ValidationError):
        VALIDATE["action"]({"kind": "pass"})
    state = boardrules.load("san_juan").new_game(3, seed=1).to_json()
    state["players"] = "3"
    with pytest.raises(jsonschema.ValidationError):
        VALIDATE["state"](state)


def test_the_checked_in_schemas_are_what_the_grammar_says(tmp_path):
    import pathlib
    from click.testing import CliRunner
    from boardrules.cli import cli
    root = pathlib.Path(__file__).resolve().parent.parent
    check = CliRunner().invoke(cli, ["schemas", "--check", "--out", str(root / "schemas")])
    assert check.exit_code == 0, check.output          # schemas/ is up to date: `boardrules schemas` writes it
    written = CliRunner().invoke(cli, ["schemas", "--out", str(tmp_path)])
    assert written.exit_code == 0, written.output
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in (root / "schemas").glob("*.json"))
    stale = tmp_path / "game.schema.json"
    stale.write_text(stale.read_text(encoding="utf-8").replace('"players"', '"player_count"', 1), encoding="utf-8")
    failed = CliRunner().invoke(cli, ["schemas", "--check", "--out", str(tmp_path)])
    assert failed.exit_code != 0 and "game.schema.json" in failed.output
