"""Values the API hands out share nothing a caller can change with any game (issue 23, part 5).

Each test takes what the API returns (actions and their args, ``to_json()``, history, views, scores, options,
presets, content), scribbles over it all the way down, and checks that the game, another game of the same Rules
(which shares the Rules' cached actions), their saved states, histories and a replay are exactly as before.
"""
from __future__ import annotations

import json
import random
import textwrap

import pytest

import boardrules
from boardrules.errors import ContentError


def scribble(value, depth=0):
    """Changes every container in ``value`` (nested ones first). A container that refuses (read-only) is fine too:
    either way, no game may see a difference."""
    if depth > 50:
        return
    try:
        if isinstance(value, dict):
            for v in list(value.values()):
                scribble(v, depth + 1)
            for k in list(value):
                old = value[k]
                value[k] = [old, "scribbled"] if not isinstance(old, (dict, list)) else old
            value["scribbled"] = {"nested": ["x"]}
        elif isinstance(value, list):
            for v in value:
                scribble(v, depth + 1)
            value.append("scribbled")
            if value:
                value[0] = value[0] if isinstance(value[0], (dict, list)) else "scribbled"
    except TypeError:       # read-only
        pass


def nested(action) -> bool:
    return any(isinstance(v, (dict, list)) for v in action.args.values())


def play_to_nested(rules, players, seed):
    """A seeded random game played until an action whose args hold a nested dict is pending (or None)."""
    game = rules.new_game(players=players, seed=seed, log=False)
    rng = random.Random(seed)
    while not game.is_over:
        if any(nested(a) for a in game.legal_actions()):
            return game
        game.apply(rng.choice(game.legal_actions()))
    return None


@pytest.fixture(scope="module")
def setting():
    """(rules, players, seed): a packaged game and seed that reach an action with nested args."""
    for gid, players in (("puerto_rico", 3), ("san_juan_1897", 3), ("san_juan", 2)):
        rules = boardrules.load(gid)
        for seed in range(12):
            if play_to_nested(rules, players, seed) is not None:
                return rules, players, seed
    pytest.skip("no packaged game reaches an action with nested args")


class Witness:
    """Game A (the one whose values are scribbled on) and game B (another game of the same Rules, at the same
    point), with everything readable about both written down as JSON text."""

    def __init__(self, setting):
        self.rules, self.players, self.seed = setting
        self.a = play_to_nested(self.rules, self.players, self.seed)
        self.b = self.rules.replay(self.players, self.seed, actions=self.a.history, log=False)
        self.before = self.record()

    def record(self):
        out = []
        for g in (self.a, self.b):
            out.append(json.dumps({
                "state": g.to_json(), "history": g.history, "options": g.options,
                "view": [g.view(p) for p in (None, *range(g.players))],
                "legal": [a.to_json() for a in g.legal_actions()],
                "legal_text": [str(a) for a in g.legal_actions()],
                "scores": g.scores(),
            }, sort_keys=True))
        replay = self.rules.replay(self.players, self.seed, actions=self.a.history, log=False)
        out.append(json.dumps(replay.to_json(), sort_keys=True))
        out.append(json.dumps(self.rules.new_game(self.players, self.seed, log=False).to_json(), sort_keys=True))
        return out

    def check(self):
        assert self.record() == self.before

    def play_on(self):
        """Both games take the same nested action (A as the Action it was offered, B as pristine JSON); then
        both, and a replay of A's history, must agree."""
        i = next(i for i, x in enumerate(self.a.legal_actions()) if nested(x))
        pristine = json.loads(self.before[1])["legal"][i]
        self.a.apply(self.a.legal_actions()[i])
        self.b.apply(pristine)
        assert self.a.history[-1] == pristine
        assert self.a.to_json() == self.b.to_json()
        replay = self.rules.replay(self.players, self.seed, actions=self.a.history, log=False)
        assert replay.to_json() == self.a.to_json()


def test_action_args_cannot_change_a_game(setting):
    w = Witness(setting)
    legal = w.a.legal_actions()
    assert any(nested(x) for x in legal)
    for action in legal:
        scribble(action.args)
        scribble(action.args)       # a second look: a fresh copy, or the same read-only value
        try:
            action.args["card"] = "scribbled"
        except TypeError:
            pass
    legal.clear()           # the list is the caller's too
    w.check()
    for action in w.a.legal_actions():
        json.dumps(action.args)
        json.dumps(action.to_json())
    w.play_on()


def test_action_to_json_is_fresh_all_the_way_down(setting):
    w = Witness(setting)
    for action in w.a.legal_actions():
        one, two = action.to_json(), action.to_json()
        assert one == two and one is not two and one["args"] is not two["args"]
        scribble(one)
        assert action.to_json() == two
    w.check()
    w.play_on()


def test_history_cannot_change_a_game(setting):
    w = Witness(setting)
    w.play_on()
    w.before = w.record()
    assert any(isinstance(v, dict) for h in w.a.history for v in h["args"].values())
    for g in (w.a, w.b):
        scribble(g.history)
        scribble(g.to_json()["history"])
    w.check()


def test_views_and_scores_cannot_change_a_game(setting):
    w = Witness(setting)
    seat = w.a.current_player
    assert any(isinstance(v, dict) for x in w.a.view(seat)["legal_actions"] for v in x["args"].values())
    for p in (None, *range(w.a.players)):
        scribble(w.a.view(p))
    scribble(w.a.scores())
    w.check()
    # at the end a view holds the scores and the winners too
    rng = random.Random(0)
    while not w.a.is_over:
        w.a.apply(rng.choice(w.a.legal_actions()))
    end = w.a.to_json(), w.a.scores(), w.a.view(None)
    scribble(w.a.view(None))
    scribble(w.a.scores())
    assert (w.a.to_json(), w.a.scores(), w.a.view(None)) == end


VARIANT = textwrap.dedent("""\
    extends: san_juan
    id: values_test
    title: Values test
    options:
      add:
        weights: {default: [1, 2, {a: 3}], text: a list}
        table: {default: {x: [1]}, text: a map}
    presets:
      add:
        heavy: {text: heavy, options: {weights: [4, 5, {a: 6}], table: {x: [2]}}}
    """)


def test_options_presets_and_content_are_fresh(tmp_path):
    path = tmp_path / "values.yaml"
    path.write_text(VARIANT)
    try:
        rules = boardrules.load(path)
    except ContentError as exc:     # pragma: no cover - should options one day refuse lists and maps as values
        pytest.skip(f"options with list or map values are refused: {exc}")

    def record():
        games = [rules.new_game(2, seed=3, log=False), rules.new_game(2, seed=3, log=False, preset="heavy"),
                 rules.new_game(2, seed=3, log=False, options={"weights": [7]})]
        return json.dumps([rules.options, rules.presets, rules.content, rules.check_options(None),
                           rules.check_options(None, preset="heavy"),
                           [(g.options, g.to_json(), g.history) for g in games]], sort_keys=True)

    before = record()
    kept = rules.new_game(2, seed=3, log=False, preset="heavy")
    kept_state = json.dumps(kept.to_json(), sort_keys=True)
    mine = {"weights": [7, [8]]}
    mine_game = rules.new_game(2, seed=3, log=False, options=mine)
    mine_state = json.dumps(mine_game.to_json(), sort_keys=True)
    for _ in range(2):
        scribble(rules.options)
        scribble(rules.presets)
        scribble(rules.content)
        scribble(rules.check_options(None))
        scribble(rules.check_options(None, preset="heavy"))
        scribble(kept.options)
        scribble(mine_game.options)
        scribble(mine)      # what the caller passed in is still the caller's
    assert record() == before
    assert json.dumps(kept.to_json(), sort_keys=True) == kept_state
    assert json.dumps(mine_game.to_json(), sort_keys=True) == mine_state
