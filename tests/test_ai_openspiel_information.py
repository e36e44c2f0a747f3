"""OpenSpiel information states (boardrules.ai.openspiel_adapter): a seat's information-state string is made from
what the seat has observed (its observation strings, built from its view, and its own decisions), with perfect
recall. Skipped without pyspiel (boardrules[openspiel])."""
from __future__ import annotations

import json
import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from boardrules.ai import _common, openspiel_game  # noqa: E402
from boardrules.api.resample import hidden_places  # noqa: E402


def played(state, steps, rng):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", ["san_juan", "puerto_rico", "burgundy_cards"])
def test_the_game_declares_information_states_made_of_the_observation_and_a_history(game):
    # (tests/test_ai_adapters.py runs pyspiel.random_sim_test, which reads them at every state, on these games)
    g = openspiel_game(game, 2)
    assert g.get_type().provides_information_state_string
    assert not g.get_type().provides_information_state_tensor
    state = played(g.new_initial_state(), 1 + 40, random.Random(1))
    for seat in range(2):
        info = state.information_state_string(seat)
        now, history = info.split("\nhistory ")
        assert now == state.observation_string(seat) and len(history) == 64


def test_it_is_the_same_whether_asked_at_every_step_clones_and_saved_states_or_only_at_the_end():
    g = openspiel_game("san_juan", 2)
    rng = random.Random(2)
    asked, late = g.new_initial_state(), None
    asked.apply_action(5)
    late = asked.clone()
    seen = []
    for _ in range(60):
        seen.append(asked.information_state_string(0))         # recorded step by step from here on
        action = rng.choice(asked.legal_actions())
        asked.apply_action(action)
        late.apply_action(action)
    assert late.information_state_string(0) == asked.information_state_string(0)    # played again from the deal
    assert len(set(seen)) == len(seen)                           # perfect recall: each step is remembered
    clone = asked.clone()
    assert clone.information_state_string(1) == asked.information_state_string(1)
    back = g.deserialize_state(asked.serialize())
    assert back.information_state_string(1) == asked.information_state_string(1)
    assert pickle.loads(pickle.dumps(asked)).information_state_string(0) == asked.information_state_string(0)


def swap_hidden(rules, game, seat, rng):
    """``game`` with a card of another seat's hand swapped with a card of another type in a place hidden from
    ``seat`` (so ``seat``'s view is unchanged and the other seat's is not)."""
    data = json.loads(json.dumps(game.to_json()))
    places = [(what, cards) for kind, what, cards in hidden_places(rules.model, data, seat) if kind == "zone"]
    hands = [(cards, i) for (z, h), cards in places if h is not None and h != seat for i in range(len(cards))]
    others = [(cards, i) for _, cards in places for i in range(len(cards))]
    rng.shuffle(hands)
    rng.shuffle(others)
    for a, i in hands:
        for b, j in others:
            if a[i].split("#")[0] != b[j].split("#")[0]:
                a[i], b[j] = b[j], a[i]
                return rules.game_from_json(data, check_history=False)
    raise AssertionError("no two hidden cards of different types to swap")


def test_a_seat_information_state_changes_only_with_what_it_observed(monkeypatch):
    """Two deals that seat 0 cannot tell apart (a card of seat 1's hand swapped with a card hidden from seat 0),
    played with the same decisions: seat 0's information states are equal exactly as long as every observation it
    has had was equal; seat 1's differ from the deal on."""
    g = openspiel_game("san_juan", 2)
    rules = g.new_initial_state().table.rules
    real = rules.new_game(2, seed=3, log=False)
    assert real.legal_actions()
    other_deal = swap_hidden(rules, real, 0, random.Random(3))
    assert other_deal.view(0) == real.view(0) and other_deal.view(1) != real.view(1)
    # each state deals once, then once more when its information state is first asked (it plays again from the
    # deal); from then on it records as it goes
    deals = iter([real, real, other_deal, other_deal])
    monkeypatch.setattr(_common.Table, "new_game", lambda self, seed: next(deals).clone())
    one, two = g.new_initial_state(), g.new_initial_state()
    one.apply_action(3)
    one.information_state_string(0)
    two.apply_action(3)
    two.information_state_string(0)
    assert one.game.to_json() != two.game.to_json()
    rng = random.Random(4)
    alike, steps, diverged = True, 0, False
    while not one.is_terminal() and steps < 200:
        alike = alike and one.observation_string(0) == two.observation_string(0)
        assert (one.information_state_string(0) == two.information_state_string(0)) == alike
        assert one.information_state_string(1) != two.information_state_string(1)
        common = sorted(set(one.legal_actions()) & set(two.legal_actions()))
        if not common:
            break
        action = rng.choice(common)
        one.apply_action(action)
        two.apply_action(action)
        steps += 1
        diverged = diverged or not alike
    assert steps >= 10
    assert diverged          # the deals did come apart for seat 0 too, and its information states with them
