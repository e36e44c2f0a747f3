"""Saved states from strangers, second round (issue 23): every seat, card, role, count and variable of a state's flow
frames is checked against the game; duplicates, pile hosts, numbers beyond MAX_NUMBER, the generator's text and
the history are checked too. A state is either refused with a StateError naming the JSON path of the problem, or
plays on exactly as the original would. Good states (written by to_json at many points of random games of every
packaged game, with options) always load and play on identically."""
import copy
import random
import time

import pytest

import boardrules
from boardrules import StateError, UsageError
from boardrules.limits import MAX_NUMBER, MAX_STATE_HISTORY

GAMES = {name: boardrules.load(name) for name in boardrules.available_games()}
SETTINGS = [        # (game, players, options, preset)
    ("san_juan", 2, None, None),
    ("san_juan", 6, {"extension_roles": "custom", "fair_start": True, "captain": True, "merchant": True}, None),
    ("puerto_rico", 3, None, None),
    ("puerto_rico", 4, None, "expansions"),
    ("puerto_rico", 5, {"new_buildings": "random", "university_factory_swap": True}, None),
    ("san_juan_1897", 3, None, None),
    ("san_juan_1897", 4, {"new_buildings": True, "fair_start": True}, None),
]


def new(name, players, options=None, preset=None, seed=1):
    return GAMES[name].new_game(players, seed=seed, options=options, preset=preset, log=False)


def played(game, moves, bot):
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(bot.choice(game.legal_actions()))
    return game


def state_at(name="san_juan", players=3, moves=25, seed=3, until=None):
    game = new(name, players, seed=seed)
    bot = random.Random(seed)
    played(game, moves, bot)
    while until is not None and not until(game.to_json()):
        played(game, 1, bot)
    return game.to_json()


def refused(name, d, match, **kw):
    with pytest.raises(StateError, match=match):
        GAMES[name].game_from_json(d, **kw)


# ---------------------------------------------------------------------- good states load and play on the same
@pytest.mark.parametrize("setting", SETTINGS, ids=[f"{s[0]}-{s[1]}-{s[3] or ('options' if s[2] else 'plain')}"
                                                   for s in SETTINGS])
def test_states_written_by_to_json_load_and_play_on_identically(setting):
    name, players, options, preset = setting
    for seed in (1, 2):
        game = new(name, players, options, preset, seed)
        bot = random.Random(seed)
        points = 0
        while not game.is_over:
            played(game, bot.randrange(1, 40), bot)
            d = game.to_json()
            back = GAMES[name].game_from_json(copy.deepcopy(d))
            assert back.to_json() == d
            fast = GAMES[name].game_from_json(copy.deepcopy(d), check_history=False)
            for _ in range(8):      # the same next actions on the original and on both loaded copies
                if game.is_over:
                    break
                action = bot.choice(game.legal_actions())
                for g in (game, back, fast):
                    g.apply(action)
            assert back.to_json() == game.to_json() == fast.to_json()
            points += 1
        assert points >= 3
        GAMES[name].game_from_json(game.to_json())      # the finished game too


def test_check_history_is_a_flag():
    with pytest.raises(UsageError):
        GAMES["san_juan"].game_from_json(state_at(), check_history="no")


def test_a_history_longer_than_the_limit_is_refused_before_any_work(monkeypatch):
    from boardrules.engine import serialize

    d = state_at()
    d["history"] = [d["history"][0]] * (MAX_STATE_HISTORY + 1)     # one dict, many times: cheap to build
    monkeypatch.setattr(serialize, "converter", lambda: pytest.fail("the state was read before its length"))
    start = time.perf_counter()
    refused("san_juan", d, r"history: 1000001 actions, more than", check_history=False)
    assert time.perf_counter() - start < 0.5


def test_the_history_check_can_be_turned_off_for_a_position_set_by_hand():
    d = state_at()
    hand = next(o for o in d["zones"]["hand"] if o)
    top = d["zones"]["supply"][0].pop()
    d["zones"]["supply"][0].append(hand.pop())
    hand.append(top)
    refused("san_juan", copy.deepcopy(d), r"history: replayed from its seed, it does not give this state \(zones")
    assert GAMES["san_juan"].game_from_json(d, check_history=False).to_json()["zones"] == d["zones"]


def test_numbers_in_flow_variables_and_history_are_bounded():
    d = state_at(until=lambda s: any(f["env"] and "moved" in f["env"] for f in s["flow"]))
    i = next(i for i, f in enumerate(d["flow"]) if f["env"] and "moved" in f["env"])
    d["flow"][i]["env"]["moved"] = MAX_NUMBER + 1
    refused("san_juan", copy.deepcopy(d), rf"flow\[{i}\]\.env\.moved: a number of 16 digits", check_history=False)
    d["flow"][i]["env"]["moved"] = MAX_NUMBER
    d["history"][0] = {"kind": d["history"][0]["kind"], "args": {"n": -10 ** 40}}
    refused("san_juan", d, r"history\[0\]\.args\.n: a number of 41 digits", check_history=False)
