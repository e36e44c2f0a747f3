"""Golden Puerto Rico traces, one per player count: a whole game by a seeded player that seldom passes (so buildings
get built, goods shipped and sold), recorded as the engine's log with, after every phase, what the log does not
show: each seat's doubloons, shipping points, goods, colonists in San Juan and on the board, and the table's
supplies, ships, trading house and the doubloons on the roles. A change in the rules' arithmetic shows up here as a
readable diff. When a change is intended, regenerate and read the diff:

    BOARDRULES_UPDATE_GOLDEN=1 pytest tests/test_pr_golden.py

(tests/test_golden.py keeps the command line's playthroughs of Puerto Rico by random bots.)
"""
import os
import pathlib
import random

import pytest

import recording

from pr_positions import RULES, type_of

GOLDEN = pathlib.Path(__file__).parent / "golden"
CASES = [(2, 22), (3, 26), (4, 30), (5, 26)]     # seeds whose games ship, sell and build large buildings


def short(names):
    out = {}
    for n in names:
        out[type_of(n)] = out.get(type_of(n), 0) + 1
    return ",".join(f"{k}x{v}" if v > 1 else k for k, v in sorted(out.items())) or "-"


def digest(game):
    d = game.to_json()
    c = d["counters"]
    idx = RULES.model.instance_index
    lines = []
    for s in range(d["players"]):
        board = sum(c["colonists"][idx[x]] for z in ("island", "city") for x in d["zones"][z][s])
        lines.append(f"    seat {s}: doubloons {c['doubloons'][s]}, vp {c['vp'][s]},"
                     f" goods {short(d['zones']['goods'][s])},"
                     f" colonists {board} + {c['san_juan'][s]} in San Juan, island {len(d['zones']['island'][s])},"
                     f" city {short(d['zones']['city'][s])}")
    cargo = "; ".join(f"{type_of(ship)}: {short(d['piles']['cargo'].get(ship, []))}"
                      for ship in d["zones"]["cargo_ships"][0])
    coins = ", ".join(f"{r.id} {n}" for r, n in zip(RULES.model.roles, c["coins"]) if n)
    lines.append(f"    table: colonists {c['colonist_supply'][0]} + {c['colonist_ship'][0]} on the ship,"
                 f" chips {c['vp_chips'][0]} (+{c['vp_owed'][0]} owed), bank {c['bank'][0]} (-{c['bank_owed'][0]}),"
                 f" house {short(d['zones']['trading_house'][0])}, ships [{cargo}], on roles [{coins or '-'}]")
    return lines


def trace(players, seed):
    game = RULES.new_game(players, seed=seed)
    rng = random.Random(f"pr-golden:{players}:{seed}")
    out = [f"Puerto Rico, {players} players, seed {seed}: a seeded player that passes one time in ten", ""]
    shown = 0
    in_phase = False
    while not game.is_over:
        actions = game.legal_actions()
        real = [a for a in actions if a.kind != "pass"]
        action = rng.choice(real) if real and rng.random() < 0.9 else rng.choice(actions)
        in_phase = in_phase or action.kind == "choose_role"
        game.apply(action)
        if in_phase and (game.is_over or game.prompt == "choose_role"):
            log = game.log_lines()
            new = log[shown:]
            shown = len(log)
            header = [new.pop()] if new and new[-1].startswith("-- round") else []      # a new round began
            out += new + digest(game) + header
            in_phase = False
    log = game.log_lines()
    out += log[shown:]
    out += ["", f"over after round {game.round}: {game.end_reason}"]
    for s in game.scores():
        parts = ", ".join(f"{k} {v}" for k, v in s["parts"].items())
        out.append(f"seat {s['seat']}: {s['total']} ({parts}), tie-break {game.tie_breaks(s['seat'])}")
    out.append(f"winners: {game.winners()}")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("players, seed", CASES)
def test_trace_matches_the_recording(players, seed):
    text = trace(players, seed)
    path = GOLDEN / f"puerto_rico_trace_{players}p_seed{seed}.txt"
    recording.check(path, text, "BOARDRULES_UPDATE_GOLDEN")


@pytest.mark.parametrize("players, seed", CASES)
def test_the_trace_is_the_same_in_a_replayed_game(players, seed):
    """The recording does not depend on anything but the seed and the choices: the replayed game ends the same."""
    game = RULES.new_game(players, seed=seed, log=False)
    rng = random.Random(f"pr-golden:{players}:{seed}")
    while not game.is_over:
        actions = game.legal_actions()
        real = [a for a in actions if a.kind != "pass"]
        game.apply(rng.choice(real) if real and rng.random() < 0.9 else rng.choice(actions))
    again = RULES.replay(players=players, seed=seed, options=None, actions=game.history, log=False)
    assert again.to_json() == game.to_json() and again.scores() == game.scores()
