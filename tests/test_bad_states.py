"""The corpus of states a careless or hostile client could send (tests/bad_states/*.json: the game, why the state is
wrong, the state, and for most a pattern the message must match, naming the JSON path of the problem): each is
refused with StateError, and the same state unharmed loads. A case with ``"check_history": false`` is a position
set up by hand: it is refused even when its history is not replayed."""
import json
import pathlib
import re

import pytest

import boardrules
from boardrules import StateError

CORPUS = sorted((pathlib.Path(__file__).parent / "bad_states").glob("*.json"))


def entry(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_a_bad_state_is_refused_with_a_state_error(path):
    case = entry(path)
    with pytest.raises(StateError) as caught:
        boardrules.load(case["game"]).game_from_json(case["state"], check_history=case.get("check_history", True))
    if "match" in case:     # refused for the reason the file is named after, not another one
        assert re.search(case["match"], str(caught.value)), str(caught.value)


def test_the_corpus_covers_both_games_and_every_file_says_why():
    cases = [entry(p) for p in CORPUS]
    assert {c["game"] for c in cases} >= {"san_juan", "puerto_rico"}
    assert all(c["why"] for c in cases) and len(cases) >= 20
