"""The two back ends play every game alike: at every decision of seeded random games of every packaged game, example
variant and house rule, the compiled back end (``boardrules.compiled``) and the interpreter (``engine/kernel.py``,
the reference) offer the same legal actions and have the same JSON state, the same events (every card named) and
the same scores, across clones and save/load (each back end reads the other's save), and refuse an illegal action
with the same error. Golden games replay identically on the interpreter too (``tests/test_golden.py`` plays them on
the default, compiled, back end).

Bounded for CI (a game or two per source). ``BOARDRULES_DIFFERENTIAL_GAMES=N`` plays N games per source and player
count, at every player count the source allows (the release run).
"""
from __future__ import annotations

import json
import os
import pathlib
import random

import pytest

import boardrules
from boardrules.content.paths import packaged_games
from boardrules.errors import IllegalAction, RulesError

ROOT = pathlib.Path(__file__).resolve().parents[1]
LONG = int(os.environ.get("BOARDRULES_DIFFERENTIAL_GAMES", "0"))
VARIANTS = sorted(str(p) for p in (ROOT / "examples").glob("*.yaml"))
HOUSE_RULES = sorted(str(p) for p in (ROOT / "examples" / "house_rules").glob("*.yaml"))
TEST_GAMES = sorted(str(p) for p in (ROOT / "tests" / "games").glob("*/game.yaml"))     # the engine's own small games
SOURCES = list(packaged_games()) + VARIANTS + HOUSE_RULES + TEST_GAMES
MAX_DECISIONS = 2000      # a game longer than this is stopped (none of the packaged games comes near it)
WHOLE = 1 if LONG else 30   # the JSON state and the scores compared every WHOLE decisions (the rest: every one)
RELOAD = 7 if LONG else 97  # a clone and a save read back every RELOAD decisions


def _pair(source):
    """The two back ends' Rules of one loaded model (its generated code and set-ups are the interpreter's own: the
    interpreter plays on them too)."""
    compiled = _LOADED.pop(source, None) or boardrules.load(source, backend="compiled")
    interpreted = boardrules.Rules(compiled.model, "interpreted")
    return compiled, interpreted


def _events(game, since):
    return json.dumps(game.events(since=since, full=True), sort_keys=True)


def _state(game, events=True):
    """The game's JSON state as a text; without its record of events (compared one by one as they come)."""
    doc = game.to_json()
    if not events:
        doc.pop("events", None)
    return json.dumps(doc, sort_keys=True)


def _same(a, b, where, whole=True):
    """``a`` (compiled) and ``b`` (interpreted) agree on what a player, a bot or a saved game could notice: the
    decision and its legal actions, and (``whole``) the JSON state and the scores."""
    assert a.is_over == b.is_over, where
    assert a.current_player == b.current_player, where
    assert [x.to_json() for x in a.legal_actions()] == [x.to_json() for x in b.legal_actions()], where
    assert a.event_count == b.event_count, where
    if whole:
        assert _state(a, False) == _state(b, False), where
        assert a.scores() == b.scores(), where


def play_both(compiled, interpreted, players, seed, every=WHOLE, reload=RELOAD):
    """One game played on both back ends with the same seeded random choices; compares the legal actions and the
    events at every decision, the JSON state and the scores every ``every`` decisions, and every ``reload``
    decisions goes on from a clone on one side and from a save read back on the other (each back end reading the
    other's JSON). Returns how many decisions were compared."""
    a = compiled.new_game(players, seed=seed)
    b = interpreted.new_game(players, seed=seed)
    assert type(a._k).__name__ == "CompiledKernel" and type(b._k).__name__ == "Kernel"
    pick = random.Random(seed)
    seen = 0
    n = 0
    while not a.is_over and n < MAX_DECISIONS:
        where = f"{compiled.id} {players}p seed {seed}, decision {n}"
        _same(a, b, where, n % every == 0)
        assert _events(a, seen) == _events(b, seen), where
        seen = a.event_count
        if n % reload == reload - 1:
            # clones go on in place of the originals (which must not change), and each side reads the other's save
            before = _state(a)
            a, b = a.clone(), b.clone()
            a = compiled.game_from_json(json.loads(_state(b)), check_history=False)
            b = interpreted.game_from_json(json.loads(before), check_history=False)
            assert type(a._k).__name__ == "CompiledKernel" and type(b._k).__name__ == "Kernel"
            _same(a, b, where + " (after clone and save/load)")
        action = pick.choice(a.legal_actions())
        errors = []
        for g in (a, b):
            try:
                g.apply(action.to_json())
                errors.append(None)
            except RulesError as exc:       # content asking the impossible: both must say the same
                errors.append(str(exc))
        assert errors[0] == errors[1], where
        n += 1
    _same(a, b, f"{compiled.id} {players}p seed {seed}, the end")
    assert _events(a, 0) == _events(b, 0)
    assert a.log_lines(full=True) == b.log_lines(full=True)
    if a.is_over:
        assert a.winners() == b.winners() and a.end_reason == b.end_reason
    return n


def _players(source):
    """The player counts ``source`` allows, read off its loaded model (loaded once: the test's pairs reuse it)."""
    if source not in _LOADED:
        _LOADED[source] = boardrules.load(source)
    return _LOADED[source].players


_LOADED: dict = {}


def _cases():
    for source in SOURCES:
        counts = list(_players(source))
        if LONG:
            for players in counts:
                for seed in range(LONG):
                    yield source, players, seed
        else:
            # one game per source, at a player count up to 4 that varies from source to source; two for packaged
            # games
            k = len(source)
            counts = [n for n in counts if n <= 4] or counts[:1]
            yield source, counts[k % len(counts)], k % 97
            if source in ("san_juan", "puerto_rico"):       # the two games the speed targets are set on
                yield source, counts[-1], 1000 + k


CASES = list(_cases())


@pytest.fixture(scope="module")
def pairs():
    return {}


@pytest.mark.parametrize("source, players, seed", CASES,
                         ids=[f"{pathlib.Path(s).stem if not s.endswith('game.yaml') else pathlib.Path(s).parent.name}"
                              f"-{p}p-{seed}" for s, p, seed in CASES])
def test_both_back_ends_play_alike(pairs, source, players, seed):
    if source not in pairs:
        pairs[source] = _pair(source)
    compiled, interpreted = pairs[source]
    assert compiled.backend == "compiled", compiled.backend_note
    assert interpreted.backend == "interpreted"
    assert play_both(compiled, interpreted, players, seed) >= (1 if source in TEST_GAMES else 10)


def test_an_illegal_action_is_refused_alike_and_changes_nothing():
    compiled, interpreted = _pair("san_juan")
    games = [r.new_game(3, seed=4) for r in (compiled, interpreted)]
    said = []
    for g in games:
        before = _state(g)
        with pytest.raises(IllegalAction) as exc:
            g.apply({"kind": "build", "args": {"card": "no such card"}})
        said.append(str(exc.value))
        assert _state(g) == before
    assert said[0] == said[1]


HOSTILE = [  # content that asks the impossible in play: both back ends refuse it with the same words
    ["for_each: {from: 1, to: 1000000000, do: [{add: {counter: built, value: 1}}]}"],
    ["set: {counter: built, value: 1}",
     *["set: {counter: built, value: {sum: [{counter: built}, {counter: built}]}}"] * 60],
    ["move: {from: {zone: supply}, to: {zone: hand}, count: 6}",
     "add: {counter: built, value: " + "{count: {zone: hand, where: {gt: [" * 8 + "1" + ", 0]}}}" * 8 + "}"],
]


@pytest.mark.parametrize("steps", HOSTILE, ids=["billion-loop", "past-the-largest-number", "nested-counts"])
def test_the_work_budgets_and_the_errors_are_the_same(tmp_path, steps):
    from test_trust_play import game_with

    compiled = game_with(tmp_path, *steps)
    interpreted = boardrules.Rules(compiled.model, "interpreted")
    said = []
    for rules in (compiled, interpreted):
        game = rules.new_game(2, seed=1)
        before = _state(game)
        with pytest.raises(RulesError) as info:
            game.apply(game.legal_actions()[0])
        said.append(str(info.value))
        assert _state(game) == before
    assert compiled.backend == "compiled" and interpreted.backend == "interpreted"
    assert said[0] == said[1]


def test_the_back_end_is_asked_for_by_name():
    assert boardrules.load("san_juan").backend == "compiled"        # the default
    rules = boardrules.load("san_juan", backend="interpreted")
    assert rules.backend == "interpreted" and "asked for" in rules.backend_note
    with pytest.raises(boardrules.UsageError, match="backend"):
        boardrules.load("san_juan", backend="fast")


GOLDEN = [c for c in __import__("test_golden").CASES]


@pytest.mark.parametrize("game,players,seed,extra", GOLDEN[:3] + GOLDEN[5:6] + GOLDEN[11:12] + GOLDEN[14:15])
def test_golden_games_replay_on_the_interpreter(monkeypatch, game, players, seed, extra):
    """The golden recordings (played on the compiled back end by tests/test_golden.py) are the interpreter's games
    too."""
    import boardrules.compiled
    import test_golden

    real = boardrules.compiled.kernel_class
    monkeypatch.setattr(boardrules.compiled, "kernel_class", lambda model, backend="compiled": real(model, "interpreted"))
    test_golden.test_playthrough_matches_the_recording(game, players, seed, extra)
