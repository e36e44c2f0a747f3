"""JSON states from strangers: every field checked, and only StateError raised (issue: content and state you can
trust). Each case is a state a careless or hostile client could send."""
import copy
import random

import pytest

import boardrules
from boardrules import StateError

RULES = boardrules.load("san_juan")


def state(seed=3, moves=25):
    game = RULES.new_game(3, seed=seed)
    bot = random.Random(seed)
    for _ in range(moves):
        game.apply(bot.choice(game.legal_actions()))
    return game.to_json()


def mutated(change):
    d = copy.deepcopy(state())
    change(d)
    return d


CASES = {
    "players as a string": lambda d: d.update(players="3"),
    "players as true": lambda d: d.update(players=True),
    "a round of -1": lambda d: d.update(round=-1),
    "a chooser of 7 in a 3-player game": lambda d: d.update(chooser=7, role="builder"),
    "a role without a chooser": lambda d: d.update(role="builder", chooser=None),
    "history entries that are not actions": lambda d: d.update(history=[1, "x"]),
    "a history action with extra keys": lambda d: d.update(history=[{"kind": "pass", "args": {}, "x": 1}]),
    "an unknown role in roles_used": lambda d: d.update(roles_used=["mayor"]),
    "a role used twice": lambda d: d.update(roles_used=["builder", "builder"]),
    "over without a reason": lambda d: d.update(over=True, end_reason=None),
    "a card twice": lambda d: d["zones"]["hand"][0].append(d["zones"]["city"][1][0]),
    "a fresh card that is in no tableau": lambda d: d.update(fresh=[[0, d["zones"]["supply"][0][0]]]),
    "the pending decision given to the wrong seat": lambda d: d["pending"].update(
        player=(d["pending"]["player"] + 1) % 3),
    "a flow frame with a nonsense program counter": lambda d: d["flow"][-1].update(pc=10 ** 6),
    "a flow frame whose data is the wrong shape": lambda d: d["flow"][-1].update(data={"a": 1}),
    "no flow and no pending decision in a game that goes on": lambda d: d.update(flow=[], pending=None),
}


@pytest.mark.parametrize("case", list(CASES))
def test_an_inconsistent_state_is_refused_with_a_state_error(case):
    with pytest.raises(StateError):
        RULES.game_from_json(mutated(CASES[case]))


def test_a_pending_question_whose_frame_no_longer_asks_it_is_refused():
    """Waiting for a role choice with no seat left to choose (its frame's list emptied): the saved question cannot
    be asked again, and the state is refused rather than played on past it (found by tests/test_state_fuzz.py)."""
    game = RULES.new_game(3, seed=4)
    bot = random.Random(4)
    while game.prompt != "choose_role" or not game.history:
        game.apply(bot.choice(game.legal_actions()))
    d = game.to_json()
    assert d["flow"][-1]["node"] == d["pending"]["node"] and d["flow"][-1]["data"]
    RULES.game_from_json(copy.deepcopy(d))          # as written, it loads
    d["flow"][-1]["data"] = []
    with pytest.raises(StateError, match="asks nothing"):
        RULES.game_from_json(d)


def test_a_faithful_state_still_loads_and_plays_on_identically():
    d = state()
    a, b = RULES.game_from_json(d), RULES.game_from_json(copy.deepcopy(d))
    bot = random.Random(9)
    while not a.is_over:
        action = bot.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert a.to_json() == b.to_json()
