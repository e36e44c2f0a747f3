"""The JSON forms of an action, a view and a state are published as JSON Schemas (schemas/action, view, state,
written by tools/make_schemas.py); real games' JSON must match them."""
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


def test_the_checked_in_schemas_are_what_the_generator_writes(tmp_path):
    import os
    import pathlib
    import subprocess
    import sys
    root = pathlib.Path(__file__).resolve().parent.parent
    run = subprocess.run([sys.executable, str(root / "tools" / "make_schemas.py")], capture_output=True, text=True,
                         env={**os.environ, "BOARDRULES_SCHEMA_OUT": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    for fresh in sorted(tmp_path.glob("*.schema.json")):
        kept = root / "schemas" / fresh.name
        assert kept.read_text(encoding="utf-8") == fresh.read_text(encoding="utf-8"), \
            f"schemas/{fresh.name} is out of date: run python tools/make_schemas.py"
