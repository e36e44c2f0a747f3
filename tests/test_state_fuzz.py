"""Fuzzing saved states: a mutated JSON state either loads and plays on, or is refused with StateError; never a
raw Python exception, never a hang. Seeded and bounded by the hypothesis profile of tests/conftest.py
(``HYPOTHESIS_PROFILE=release`` or ``FUZZ_EXAMPLES`` for a longer run)."""
import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules
from boardrules import RulesError, StateError

GAMES = {name: boardrules.load(name) for name in ("san_juan", "puerto_rico")}   # cards; counts held by cards
EXAMPLES = int(settings.default.max_examples * 1.5)      # the profile's count (tests/conftest.py); examples are fast


def base_states():
    out = []
    for name, rules in GAMES.items():
        for seed, moves in ((1, 0), (2, 30), (3, 120), (4, 260)):
            game = rules.new_game(3, seed=seed)
            bot = random.Random(seed)
            for _ in range(moves):
                if game.is_over:
                    break
                game.apply(bot.choice(game.legal_actions()))
            out.append((rules, game.to_json()))
    return out


BASES = base_states()
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10 ** 6) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8)


def paths(node, here=()):
    yield here
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, here + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, here + (i,))


@settings(max_examples=EXAMPLES)
@given(base=st.integers(0, len(BASES) - 1), pick=st.integers(0, 10 ** 9), value=json_values,
       delete=st.booleans(), moves=st.integers(0, 30))
def test_a_mutated_state_loads_or_is_refused_never_crashes(base, pick, value, delete, moves):
    rules, d = BASES[base][0], copy.deepcopy(BASES[base][1])
    spots = [p for p in paths(d) if p]
    path = spots[pick % len(spots)]
    parent = d
    for key in path[:-1]:
        parent = parent[key]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    try:
        game = rules.game_from_json(d)
    except StateError:
        return
    accepted = copy.deepcopy(d)
    out = game.to_json()
    if accepted["pending"] is None and not accepted["over"]:
        # the one documented exception: a state saved between decisions runs on to its next decision, which
        # must then be asked at the very step the saved flow stops at
        assert out["pending"] is not None and out["pending"]["node"] == accepted["flow"][-1]["node"]
        accepted["pending"] = out["pending"]
    # an accepted state is one the engine itself writes: nothing in it was ignored, changed or left inconsistent
    assert out == accepted
    bot = random.Random(pick)
    for _ in range(moves):
        if game.is_over:
            break
        try:
            game.apply(bot.choice(game.legal_actions()))
        except RulesError:      # content-level trouble is reported as such, never as a raw error
            return
