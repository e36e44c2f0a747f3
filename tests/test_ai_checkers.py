"""What an AI user runs on any game, on every packaged game and on a house rule this file writes: PettingZoo's
``render_test`` and ``state_test``, Gymnasium's ``check_env`` through a registered id without a warning, OpenSpiel's
Python ``ISMCTSBot`` (its samples keep the searching seat's information state), OpenSpiel's public observation, and
an action space and observer that accept a second load of the same content. Each test skips without its library."""
from __future__ import annotations

import pickle
import random
import warnings

import pytest

import boardrules
from boardrules.ai import ActionSpace, Observer, gymnasium_env, openspiel_game, pettingzoo_env

HOUSE_RULE = """\
extends: san_juan
id: rich_start
title: "San Juan: a richer start"
description: Every player starts with one more card in hand.
setup:
  edit:
    - replace: deal_four
      with: {id: deal_five, move: {from: {zone: supply}, to: {zone: hand}, count: 5}}
"""
GAMES = [("san_juan", 2), ("puerto_rico", 3), ("san_juan_1897", 2), ("burgundy_cards", 2), ("amerigo", 2)]


@pytest.fixture(scope="module")
def house_rule(tmp_path_factory):
    path = tmp_path_factory.mktemp("house") / "rich_start.yaml"
    path.write_text(HOUSE_RULE, encoding="utf-8")
    return str(path)


def every_game(house_rule):
    return [*GAMES, (house_rule, 2)]


def test_the_house_rule_loads_and_changes_the_deal(house_rule):
    base = boardrules.load("san_juan").new_game(2, seed=1).view(0)
    rich = boardrules.load(house_rule).new_game(2, seed=1).view(0)
    assert len(rich["zones"]["hand"][0]) == len(base["zones"]["hand"][0]) + 1


# ---------------------------------------------------------------------- PettingZoo
def test_pettingzoo_render_and_state_tests_pass_on_every_game(house_rule):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import render_test, state_test
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    for game, players in every_game(house_rule):
        render_test(lambda render_mode=None: pettingzoo_env(game, players, render_mode=render_mode))
        # state_test steps random indexes without the mask: an illegal one is penalised and changes nothing
        env = pettingzoo_env(game, players, illegal="penalty")
        parallel = turn_based_aec_to_parallel(pettingzoo_env(game, players, illegal="penalty"))
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            state_test(env, parallel, num_cycles=5)
        env.reset(seed=3)
        state = env.state()
        assert state.shape == env.state_space.shape == (players * env.observer.size,)
        assert [list(state[s * env.observer.size:(s + 1) * env.observer.size]) ==
                pytest.approx(env.observer.vector(env.game, s)) for s in range(players)] == [True] * players


def test_pettingzoo_penalises_an_illegal_index_when_asked_and_changes_nothing():
    pytest.importorskip("pettingzoo")
    env = pettingzoo_env("san_juan", 2, illegal="penalty", illegal_reward=-0.5)
    env.reset(seed=1)
    before, agent = env.game.to_json(), env.agent_selection
    illegal = next(i for i, m in enumerate(env.observe(agent)["action_mask"]) if not m)
    env.step(illegal)
    assert env.game.to_json() == before and env.agent_selection == agent
    assert env.rewards[agent] == -0.5 and env.infos[agent] == {"illegal": True}
    legal = next(i for i, m in enumerate(env.observe(agent)["action_mask"]) if m)
    env.step(legal)
    assert env.infos[agent] == {} and env.game.to_json() != before


def test_pettingzoo_human_mode_prints_the_game(capsys):
    pytest.importorskip("pettingzoo")
    env = pettingzoo_env("san_juan", 2, render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert "san_juan 2p" in capsys.readouterr().out


# ---------------------------------------------------------------------- Gymnasium
def test_every_packaged_game_has_a_gymnasium_id_that_passes_the_checker_without_a_warning():
    gym = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from boardrules.ai import register_gymnasium

    ids = register_gymnasium()
    assert ids == [f"boardrules/{g}-v0" for g in boardrules.available_games()]
    for game, players in GAMES:
        env = gym.make(f"boardrules/{game}-v0", players=players, render_mode="ansi")
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(env.unwrapped)
        obs, _ = env.reset(seed=2)
        assert obs["action_mask"].sum() >= 1 and "round 1" in env.render()
        env.close()


def test_gymnasium_make_with_a_module_registers_and_makes_in_one_call():
    gym = pytest.importorskip("gymnasium")
    env = gym.make("boardrules.ai.gymnasium_adapter:boardrules/san_juan-v0", players=3)
    assert env.unwrapped.table.players == 3


def test_the_house_rule_passes_the_gymnasium_checker(house_rule):
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # (no spec: an env made directly cannot test other render modes)
        check_env(gymnasium_env(house_rule, 2), skip_render_check=True)


# ---------------------------------------------------------------------- OpenSpiel
class _Flat:
    """An ISMCTS evaluator that stops at once: every seat 0.5, a uniform prior (the search itself is what is
    tested, not its roll-outs, which take a whole game each)."""

    def evaluate(self, state):
        return [0.5] * state.num_players()

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def played(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_openspiel_ismcts_plays_every_game(house_rule):
    pyspiel = pytest.importorskip("pyspiel")
    np = pytest.importorskip("numpy")
    from open_spiel.python.algorithms import ismcts

    for game, players in every_game(house_rule):
        g = openspiel_game(game, players, seeds=5)
        rs = np.random.RandomState(7)
        bot = ismcts.ISMCTSBot(g, _Flat(), uct_c=2.0, max_simulations=8, random_state=rs)
        state = g.new_initial_state()
        state.apply_action(2)
        searched = 0
        while searched < 6 and not state.is_terminal():
            if len(state.legal_actions()) > 1:
                action = bot.step(state)       # (asserts each sample's information state is the real one's)
                searched += 1
            else:
                action = state.legal_actions()[0]
            assert action in state.legal_actions()
            state.apply_action(action)
        assert searched == 6, game
        assert isinstance(pyspiel.Bot, type)


def test_a_resampled_state_keeps_the_seats_information_state_and_deals_the_rest_again():
    pyspiel = pytest.importorskip("pyspiel")
    rng = random.Random(4)
    dealt_again = 0
    for game, players in GAMES:
        g = openspiel_game(game, players, seeds=5)
        state = g.new_initial_state()
        state.apply_action(1)
        played(state, rng, 25)
        if state.is_terminal():
            continue
        for seat in range(players):
            sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.observation_string(seat) == state.observation_string(seat)
            assert sample.legal_actions() == state.legal_actions() or sample.current_player() != seat
            dealt_again += sample.game.to_json()["zones"] != state.game.to_json()["zones"]
            again = pickle.loads(pickle.dumps(sample))
            assert again.information_state_string(seat) == sample.information_state_string(seat)
            copy = sample.clone()
            played(copy, random.Random(1), 3)
            assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert dealt_again >= 4, "no sample dealt the hidden cards again"


def test_two_histories_a_seat_cannot_tell_apart_give_it_one_information_state_and_others_differ():
    pyspiel = pytest.importorskip("pyspiel")
    g = openspiel_game("san_juan", 2, seeds=5)
    state = g.new_initial_state()
    state.apply_action(0)
    played(state, random.Random(2), 10)
    sample = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(0) == state.information_state_string(0)
    other = g.new_initial_state()
    other.apply_action(3)                       # another deal: seat 0 sees other cards
    played(other, random.Random(2), 10)
    assert other.information_state_string(0) != state.information_state_string(0)


def test_openspiel_public_observation_is_what_a_spectator_sees():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    g = openspiel_game("san_juan", 3, seeds=5)
    public = make_observation(g, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    state = played(_dealt(g, 1), random.Random(3), 8)
    strings = {public.string_from(state, seat) for seat in range(3)}
    assert len(strings) == 1
    observer = Observer.of(state.game)
    assert strings == {observer.string(state.game, None)}
    public.set_from(state, 0)
    assert list(public.tensor) == pytest.approx(observer.vector(state.game, None))
    with pytest.raises(ValueError):
        make_observation(g, pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def _dealt(g, seed):
    state = g.new_initial_state()
    state.apply_action(seed)
    return state


# ---------------------------------------------------------------------- a second load
def test_an_action_space_and_observer_serve_a_second_load_of_the_same_content(house_rule):
    for source in ("san_juan", house_rule):
        first, second = boardrules.load(source), boardrules.load(source)
        game = second.new_game(2, seed=5)
        space, observer = ActionSpace(first, 2), Observer(first, 2)
        assert first.digest == second.digest
        index = space.index(game, game.legal_actions()[0])
        space.apply(game, index)
        assert observer.vector(game, 0) == Observer(second, 2).vector(game, 0)
    other = boardrules.load("san_juan_1897").new_game(2, seed=5)
    with pytest.raises(boardrules.UsageError):
        ActionSpace(boardrules.load("san_juan"), 2).mask(other)


# ---------------------------------------------------------------------- factored actions
def test_factored_heads_name_the_same_legal_actions_as_the_flat_index(house_rule):
    """At decisions of random games of every game: each legal index splits into heads that join back into it;
    sampling the heads one by one from their masks always ends on a legal index, and every legal index can be
    reached so; a tuple of heads no action has is refused."""
    for game, players in every_game(house_rule):
        rules = boardrules.load(game)
        space = ActionSpace(rules, players)
        heads = space.factored()
        assert sum(heads.sizes) < space.size or space.size < 100
        g = rules.new_game(players, seed=11, log=False)
        rng = random.Random(11)
        for _ in range(60):
            if g.is_over:
                break
            legal = space.indices(g)
            assert [heads.join(h) for h in heads.legal(g)] == legal
            assert all(heads.join(heads.split(i)) == i for i in legal)
            reached = set()
            for _ in range(10):
                prefix: list[int] = []
                while len(prefix) < len(heads.sizes):
                    mask = heads.mask(g, prefix)
                    assert len(mask) == heads.sizes[len(prefix)] and any(mask)
                    prefix.append(rng.choice([v for v, m in enumerate(mask) if m]))
                reached.add(heads.join(prefix))
            assert reached <= set(legal)
            first = heads.mask(g)
            assert {heads.split(i)[0] for i in legal} == {v for v, m in enumerate(first) if m}
            g.apply(rng.choice(g.legal_actions()))
    with pytest.raises(boardrules.IllegalAction):
        heads.join([heads.sizes[0] + 5] + [0] * (len(heads.sizes) - 1))


def test_amerigo_laying_a_tile_is_three_small_heads_not_thirty_thousand_indexes():
    space = ActionSpace(boardrules.load("amerigo"), 2)
    heads = space.factored()
    assert space.size > 30_000 and sum(heads.sizes) < 1_000
    assert heads.names[0] == "entry" and heads.names[-1] == "slot"
