"""Copies and saves are exact for every packaged game (at the player counts and presets that change what is played)
and every example variant: at random decisions of seeded random games,

- a clone played on leaves the original as it was, and the original played on leaves a clone as it was;
- a save read back saves to the very same text (save, load, save: byte-equal);
- the game read back plays on exactly as the original does: the same legal actions at every decision, the same
  state after the same actions.

Playing on is cheap and a check is not (it writes and reads whole states), so each case plays a few whole games
and checks about one decision in ``EVERY`` (fewer in a game that records its events, whose states are larger).
``BOARDRULES_COPIES_GAMES`` sets the games per case (default 3 for a packaged game, 1 for an example; a release
run: 20 or more).
"""
import json
import os
import pathlib
import random

import pytest

from random_games import ROOT, random_play, rules_of
from boardrules.content.paths import packaged_games

GAMES = os.environ.get("BOARDRULES_COPIES_GAMES")
EVERY = 12      # one decision in EVERY, on average, is checked (one in 4 * EVERY in a game with its events)
HISTORY = 10    # one check in HISTORY also reads the save with its history replayed (slower)

#: The player counts that change what is played: the fewest and the most, and any count where a variant of the
#: rules starts (San Juan's double deck from 5 players); each game's presets at a middle count.
COUNTS = {"san_juan": (2, 6)}
PACKAGED = [(gid, players, None) for gid in packaged_games()
            for players in COUNTS.get(gid, (rules_of(gid).players[0], rules_of(gid).players[-1]))]
PACKAGED += [(gid, 4, preset) for gid in packaged_games() for preset in rules_of(gid).presets]
EXAMPLES = [(str(p.relative_to(ROOT)), 3, None) for p in sorted((ROOT / "examples").rglob("*.yaml"))]
CASES = PACKAGED + EXAMPLES


def _id(case):
    source, players, preset = case
    return f"{pathlib.Path(source).stem}-{players}p" + (f"-{preset}" if preset else "")


def _differ(mine: str, theirs: str) -> str:
    """The top-level keys where two saved states differ (for the failure message)."""
    a, b = json.loads(mine), json.loads(theirs)
    return ", ".join(key for key in {**a, **b} if a.get(key) != b.get(key)) or "only the bytes"


def _check_game(rules, players, preset, seed):
    """One random game, checked at random decisions; returns how many decisions it had."""
    log = seed % 2 == 1         # every other game records its events (which its states then hold)
    game = rules.new_game(players, seed=seed, preset=preset, log=log)
    every = EVERY * 4 if log else EVERY
    pick = random.Random(seed * 7 + players)     # the test's own choices: where to check, the clone's moves
    read = kept = None      # the game read back at the last check, and a clone made there
    kept_text, checks, n = "", 0, 0
    for n, action in enumerate(random_play(game, seed)):
        where = f"{rules.id} {players}p seed {seed}, decision {n}"
        if read is not None:
            assert read.legal_actions() == game.legal_actions(), f"{where}: the game read back offers other actions"
        if pick.randrange(every) == 0:
            text = json.dumps(game.to_json())
            if read is not None:
                now = json.dumps(read.to_json())
                assert now == text, f"{where}: the game read back, played on alike, differs in {_differ(now, text)}"
                now = json.dumps(kept.to_json())
                assert now == kept_text, f"{where}: playing on changed a clone ({_differ(now, kept_text)})"
            twin = game.clone()
            for _ in range(pick.randint(1, 6)):
                if twin.is_over:
                    break
                twin.apply(pick.choice(twin.legal_actions()))
            now = json.dumps(game.to_json())
            assert now == text, f"{where}: playing a clone changed the original ({_differ(now, text)})"
            read = rules.game_from_json(json.loads(text), check_history=checks % HISTORY == 0)
            now = json.dumps(read.to_json())
            assert now == text, f"{where}: save, load, save differs in {_differ(now, text)}"
            kept, kept_text = game.clone(), text
            checks += 1
        if read is not None:
            read.apply(action)
    text = json.dumps(game.to_json())
    if read is not None:
        assert json.dumps(read.to_json()) == text, f"{rules.id} seed {seed}: at the end, the game read back differs"
        assert json.dumps(kept.to_json()) == kept_text, f"{rules.id} seed {seed}: playing on changed a clone"
    assert json.dumps(rules.game_from_json(json.loads(text)).to_json()) == text
    return n + 1


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_clones_and_saves_are_exact_at_random_decisions(case):
    source, players, preset = case
    packaged = source in packaged_games()
    rules = rules_of(source if packaged else str(ROOT / source))
    games = int(GAMES or (3 if packaged else 1))
    decisions = sum(_check_game(rules, players, preset, seed) for seed in range(games))
    assert decisions >= 20 * games      # whole games were played, not a few steps


def test_every_packaged_game_and_example_variant_is_covered():
    assert {c[0] for c in PACKAGED} == set(packaged_games())
    assert len(EXAMPLES) >= 10 and all(c[0].startswith("examples") for c in EXAMPLES)


def test_a_save_written_before_loop_bodies_wrote_their_variables_still_loads():
    """Before, the steps of a for_each run were written as sharing the loop's variables (their own, the item and
    what they bound, were lost on reading). Such a save read with its history is the game the history gives;
    read without it, its item is put back (what the run had bound before the save is lost, as it was)."""
    rules = rules_of("amerigo")
    game = rules.new_game(3, seed=4)
    older = None
    for _ in random_play(game, 4):
        state = game.to_json()
        flow = state["flow"]
        runs = [i for i in range(1, len(flow)) if flow[i]["node"] == flow[i - 1]["node"] + "/for_each/do"]
        if runs and len(game.history) > 30:
            older = json.loads(json.dumps(state))
            for i in runs:
                assert not flow[i]["shared"] and flow[i]["env"]     # written with its own variables now
                older["flow"][i]["env"], older["flow"][i]["shared"] = {}, True
            break
    assert older is not None
    assert json.dumps(rules.game_from_json(older).to_json()) == json.dumps(state)
    hand = rules.game_from_json(older, check_history=False).to_json()["flow"]
    for i in runs:
        var = rules.model.nodes[flow[i - 1]["node"]].var        # the loop's item is back
        assert hand[i]["env"][var] == flow[i]["env"][var] is not None
