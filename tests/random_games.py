"""Games played by seeded random choices, for the tests that look at a game part-way (observations, samples): each
source's rules loaded once."""
from __future__ import annotations

import json
import pathlib
import random

import boardrules
from boardrules.content.paths import packaged_games

ROOT = pathlib.Path(__file__).resolve().parents[1]
#: every packaged game at 3 players, and a variant file at 4
SOURCES = [(gid, 3) for gid in packaged_games()] + [(str(ROOT / "examples" / "new_role.yaml"), 4)]
_RULES: dict = {}


def rules_of(source):
    if source not in _RULES:
        _RULES[source] = boardrules.load(source)
    return _RULES[source]


def random_game(source, players, seed, steps):
    """A new game of ``source`` after ``steps`` random choices (fewer if it ends first)."""
    game = rules_of(source).new_game(players, seed=seed, log=False)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def kernel_game(model, players, seed, options=None, choices=None):
    """A game played on a bare kernel of ``model`` with seeded random choices, to its end (or for ``choices``
    decisions): its history's texts, its log and its final state. ``options``: the option values as the kernel
    takes them (none given: none)."""
    from boardrules.engine import serialize
    from boardrules.engine.kernel import Kernel

    k = Kernel(model, players, seed, options or {}, True).start()
    pick = random.Random(seed)
    done = 0
    while k.pending is not None and (choices is None or done < choices):
        k.choose(pick.randrange(len(k.pending.actions)))
        done += 1
    return [a.text for a in k.history], [str(x) for x in k.log], serialize.to_json(k)


def plain_and_generated(source):
    """Two models of ``source``: one that plays on the compiled closures, one on the generated code (and how many
    blocks were generated for it)."""
    from boardrules.lang import codegen
    from boardrules.lang.load import load_model

    plain, generated = load_model(str(source)), load_model(str(source))
    return plain, generated, codegen.generate(generated)


def random_play(game, seed):
    """Plays ``game`` to its end with uniform random choices (seeded): yields each action just before it is applied,
    so that a test may look at the game at every decision."""
    pick = random.Random(seed)
    while not game.is_over:
        action = pick.choice(game.legal_actions())
        yield action
        game.apply(action)


def played_with_saves(rules, players, seed):
    """A whole game of ``rules`` with uniform random choices (seeded), and its JSON state before each decision."""
    g = rules.new_game(players, seed=seed)
    saves = [json.loads(json.dumps(g.to_json())) for _ in random_play(g, seed)]
    return g, saves
