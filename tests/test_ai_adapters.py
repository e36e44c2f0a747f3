"""The adapters (boardrules.ai.pettingzoo_env, gymnasium_env, openspiel_game), each checked by its library's own
checker on San Juan, Puerto Rico with and without its expansions, the Burgundy card game, Amerigo (a board and
tracks) and an example variant; each test skips when its
library is not installed (boardrules[pettingzoo], [gymnasium], [openspiel])."""
from __future__ import annotations

import pathlib
import random
import warnings

import pytest

import boardrules
from boardrules import IllegalAction, UsageError
from boardrules.ai import ActionSpace, gymnasium_env, openspiel_game, pettingzoo_env

ROOT = pathlib.Path(__file__).resolve().parents[1]
VARIANT = str(ROOT / "examples" / "new_role.yaml")
CASES = [("san_juan", 3, None), ("puerto_rico", 3, None), ("puerto_rico", 3, "expansions"), ("burgundy_cards", 3, None),
         ("amerigo", 4, None), (VARIANT, 4, None)]
IDS = ["san_juan", "puerto_rico", "puerto_rico-expansions", "burgundy_cards", "amerigo", "new_role"]


# ---------------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize("game, players, preset", CASES, ids=IDS)
def test_the_pettingzoo_env_passes_the_api_test(game, players, preset):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    env = pettingzoo_env(game, players, preset=preset)
    api_test(env, num_cycles=60)
    assert env.possible_agents == [f"player_{s}" for s in range(players)]


def test_pettingzoo_plays_a_whole_game_with_the_mask_and_rewards_the_winners():
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    env = pettingzoo_env("san_juan", 2)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() == len(env.game.legal_actions()) and obs["observation"].shape == (env.observer.size,)
        env.step(int(rng.choice(np.flatnonzero(mask))))
    winners = env.game.winners()     # (the game of the last reset stays readable)
    assert winners and totals == {f"player_{s}": (1 / len(winners) if s in winners else 0.0) for s in range(2)}


def test_pettingzoo_refuses_an_illegal_index_and_changes_nothing():
    pytest.importorskip("pettingzoo")
    env = pettingzoo_env("san_juan", 2)
    env.reset(seed=1)
    before = env.game.to_json()
    illegal = next(i for i, m in enumerate(env.observe(env.agent_selection)["action_mask"]) if not m)
    for bad in (illegal, env.space.size, -1):
        with pytest.raises(IllegalAction):
            env.step(bad)
    with pytest.raises(UsageError):
        env.step("a")
    assert env.game.to_json() == before


def test_the_same_seed_deals_the_same_game():
    pytest.importorskip("pettingzoo")
    env = pettingzoo_env("san_juan", 2)
    env.reset(seed=5)
    first = env.game.to_json()
    env.reset(seed=5)
    assert env.game.to_json() == first
    env.reset(seed=6)
    assert env.game.to_json() != first


# ---------------------------------------------------------------------- Gymnasium
@pytest.mark.parametrize("game, players, preset", CASES, ids=IDS)
def test_the_gymnasium_env_passes_the_env_checker(game, players, preset):
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    env = gymnasium_env(game, players, preset=preset, seat=1)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        check_env(env, skip_render_check=True)
    assert not [str(w.message) for w in said]           # not even about the observation box's bounds


def test_gymnasium_plays_a_whole_episode_against_bots():
    np = pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")
    from boardrules.play.bots import GreedyBot

    rules = boardrules.load("san_juan")
    env = gymnasium_env(rules, 3, seat=2, opponents=lambda seat, seed: GreedyBot(seed + seat, rules))
    obs, info = env.reset(seed=11)
    rng = np.random.default_rng(1)
    done, reward, steps = False, 0.0, 0
    while not done:
        assert env.game.current_player == 2
        assert (obs["action_mask"] == np.frombuffer(env.space.mask(env.game), np.uint8)).all()
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert not truncated and "illegal" not in info
        steps += 1
    winners = env.game.winners()
    assert reward == (1 / len(winners) if 2 in winners else 0.0) and steps > 20
    assert not env.action_masks().any()


def test_gymnasium_illegal_actions_penalised_or_raised_and_nothing_changes():
    pytest.importorskip("gymnasium")
    env = gymnasium_env("san_juan", 2)
    obs, _ = env.reset(seed=2)
    before = env.game.to_json()
    illegal = next(i for i, m in enumerate(obs["action_mask"]) if not m)
    again, reward, done, truncated, info = env.step(illegal)
    assert (reward, done, truncated, info["illegal"]) == (-1.0, False, False, True)
    assert (again["observation"] == obs["observation"]).all() and env.game.to_json() == before
    strict = gymnasium_env("san_juan", 2, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction):
        strict.step(illegal)
    assert strict.game.to_json() == before


def test_gymnasium_bad_settings_are_usage_errors():
    pytest.importorskip("gymnasium")
    for bad in ({"seat": 2}, {"illegal": "ignore"}, {"opponents": [object()]}, {"render_mode": "rgb_array"}):
        with pytest.raises(UsageError):
            gymnasium_env("san_juan", 2, **bad)


# ---------------------------------------------------------------------- OpenSpiel
@pytest.mark.parametrize("game, players, preset", CASES, ids=IDS)
def test_the_openspiel_game_passes_the_random_simulation_test(game, players, preset):
    pyspiel = pytest.importorskip("pyspiel")
    g = openspiel_game(game, players, preset=preset)
    assert g.num_distinct_actions() == ActionSpace(boardrules.load(game), players, preset=preset).size
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


def test_openspiel_chance_is_the_seed_and_observations_come_from_the_view():
    pyspiel = pytest.importorskip("pyspiel")
    g = openspiel_game("san_juan", 2, seeds=10)
    state = g.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(k, 0.1) for k in range(10)]
    state.apply_action(7)
    same = boardrules.load("san_juan").new_game(2, seed=7, log=False)
    assert state.game.to_json() == same.to_json()
    rng = random.Random(0)
    for _ in range(30):
        seat = state.current_player()
        assert state.legal_actions() == sorted(ActionSpace.of(same).indices(same))
        assert state.observation_string(seat) == g.make_py_observer().string_from(state, seat)
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        ActionSpace.of(same).apply(same, action)
    history = state.history()
    illegal = next(i for i in range(g.num_distinct_actions()) if i not in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply_action(illegal)
    assert state.history() == history and state.legal_actions() == sorted(ActionSpace.of(same).indices(same))
    with pytest.raises(IllegalAction):
        g.new_initial_state().apply_action(10)          # not one of the 10 seeds
    clone = state.clone()
    assert clone.history() == state.history() and clone.game.to_json() == state.game.to_json()
    assert clone.game is not state.game
    with pytest.raises(UsageError):
        pyspiel.load_game("python_boardrules", {"game": "san_juan", "players": 2, "options": "{"})
