"""The fixed action space (boardrules.ai.ActionSpace): for every packaged game, preset, example variant and test game,
every legal action of many random states has an index of its own that maps back to it, and the mask has one 1 per
legal action. The space is named by a hash of the content, the same in every run."""
from __future__ import annotations

import json
import os
import pathlib
import random
import subprocess
import sys

import pytest

import boardrules
from boardrules import IllegalAction, UsageError
from boardrules.ai import ActionSpace
from boardrules.content.paths import packaged_games

ROOT = pathlib.Path(__file__).resolve().parents[1]
VARIANTS = sorted((ROOT / "examples").glob("*.yaml"))
TEST_GAMES = sorted(p for p in (ROOT / "tests" / "games").iterdir() if (p / "game.yaml").exists())


def _settings():
    """(label, rules source, players, preset): each packaged game at its fewest and most players and with each of
    its presets, each example variant, each small test game."""
    out = []
    for gid in packaged_games():
        rules = boardrules.load(gid)
        low, high = rules.players.start, rules.players.stop - 1
        out += [(f"{gid}-{low}p", gid, low, None), (f"{gid}-{high}p", gid, high, None)]
        out += [(f"{gid}-{name}", gid, 3 if 3 in rules.players else low, name) for name in rules.presets]
    out += [(p.stem, str(p), 3, None) for p in VARIANTS]
    out += [(p.name, str(p), 2, None) for p in TEST_GAMES]
    return out


SETTINGS = _settings()
_RULES: dict = {}


def rules_of(source):
    if source not in _RULES:
        _RULES[source] = boardrules.load(source)
    return _RULES[source]


def random_states(rules, players, preset, games, seed=0):
    """Every state of ``games`` random games (the game itself, at each decision)."""
    for n in range(games):
        game = rules.new_game(players, seed=seed + n, preset=preset, log=False)
        rng = random.Random(seed + n)
        while not game.is_over:
            yield game
            game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("label, source, players, preset", SETTINGS, ids=[s[0] for s in SETTINGS])
def test_every_legal_action_has_an_index_of_its_own_and_maps_back(label, source, players, preset):
    rules = rules_of(source)
    space = ActionSpace(rules, players, preset=preset)
    states = 0
    for game in random_states(rules, players, preset, games=3):
        states += 1
        actions = game.legal_actions()
        indices = space.indices(game)
        assert len(indices) == len(actions)
        assert len(set(indices)) == len(indices), [str(a) for a in actions]
        assert all(0 <= i < space.size for i in indices)
        mask = space.mask(game)
        assert len(mask) == space.size and sum(mask) == len(actions)
        assert all(mask[i] == 1 for i in indices)
        for a, i in zip(actions, indices):
            back = space.action(game, i)
            assert back == a and back.to_json() == a.to_json()
            assert space.index(game, a.to_json()) == i
            entry, args, slot = space.entry(i)
            assert entry.kind == a.kind and all(a.args[k] == v for k, v in args.items())
    assert states > 10


def qualifiers(action, scalars):
    """What an action has besides its scalar arguments (its piles and counts), as sorted JSON ('' for nothing)."""
    rest = {k: v for k, v in action.args.items() if k not in scalars}
    return json.dumps(rest, sort_keys=True) if rest else ""


def test_copies_of_one_card_told_apart_by_their_piles_take_the_entrys_places_in_order():
    """Two copies of one card type, offered together, that only what lies on them tells apart: two actions with
    the same scalar arguments, at two indexes of one entry, in the order of their piles."""
    rules = rules_of("san_juan")
    space = ActionSpace(rules, 4)
    found = []
    for game in random_states(rules, 4, None, games=3):
        indices = space.indices(game)
        for a, i in zip(game.legal_actions(), indices):
            entry, args, slot = space.entry(i)
            if slot:
                first = space.action(game, i - slot)
                assert first != a and first.kind == a.kind
                assert all(first.args[k] == v for k, v in args.items())
                assert qualifiers(first, args) < qualifiers(a, args)
                assert space.describe(i).endswith(f"(slot {slot + 1})")
                found.append(a)
    assert found, "no state offered two copies of one card that only their piles tell apart"


def test_the_entries_cover_the_space_once_and_say_what_each_index_is():
    for source, players in (("san_juan", 4), ("puerto_rico", 3)):
        space = ActionSpace(rules_of(source), players)
        at = 0
        for e in space.entries:
            assert e.offset == at and e.size == sum(e.slots) and len(e.values) == len(e.slots)
            assert all(len(v) == len(e.args) for v in e.values)
            at += e.size
        assert at == space.size == len(space)
        kinds = {e.kind for e in space.entries}
        assert {"choose_role", "pass"} <= kinds
        roles = next(e for e in space.entries if e.kind == "choose_role")
        assert sorted(v[0] for v in roles.values) == sorted(r.id for r in rules_of(source).roles)
        first = roles.offset
        assert space.describe(first) == f"choose_role role={roles.values[0][0]}"
        assert json.loads(json.dumps(roles.to_json()))["values"][0]["args"] == {"role": roles.values[0][0]}


def test_a_card_argument_has_one_place_per_copy_of_each_card_type():
    rules = rules_of("san_juan")
    space = ActionSpace(rules, 2)
    copies = {t.id: 0 for t in rules.cards}
    for name in rules.model.instance_names:
        copies[name.split("#")[0]] += 1
    pay = next(e for e in space.entries if e.kind == "pay" and e.args == ("card",))
    assert dict(zip((v[0] for v in pay.values), pay.slots)) == {t: 1 for t, n in copies.items() if n}
    # a choice of a card from a selector: as many places as copies (copies may differ by what lies on them)
    chosen = [e for e in space.entries if e.kind not in ("pay", "discard", "pass", "choose_role") and e.size > 100]
    assert chosen
    for e in chosen:
        assert dict(zip((v[0] for v in e.values), e.slots)) == {t: n for t, n in copies.items() if n}


def test_a_number_choice_ranges_over_its_constant_bounds():
    harbor = ROOT / "tests" / "games" / "harbor"
    text = (harbor / "game.yaml").read_text(encoding="utf-8")
    assert "choose_number: {action: take, min: 0, max: 2, as: amount" in text
    space = ActionSpace(rules_of(str(harbor)), 2)
    take = next(e for e in space.entries if e.kind == "take")
    assert take.args == ("amount",) and take.values == ((0,), (1,), (2,))


def test_a_number_choice_whose_bounds_follow_the_state_is_refused_by_name(tmp_path):
    harbor = ROOT / "tests" / "games" / "harbor"
    text = (harbor / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("choose_number: {action: take, min: 0, max: 2,",
                        "choose_number: {action: take, min: 0, max: {counter: coins},")
    assert "max: {counter: coins}" in text
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    rules = boardrules.load(tmp_path)
    rules.new_game(2, seed=1)       # a playable game ...
    with pytest.raises(UsageError, match=r"cannot be enumerated: the decision 'take' at roles/\d+/action/\d+ chooses a "
                                         r"number between bounds that depend on the state"):
        ActionSpace(rules, 2)       # ... whose space has no fixed size


def test_an_index_outside_the_space_or_not_legal_now_is_refused_and_changes_nothing():
    rules = rules_of("san_juan")
    game = rules.new_game(3, seed=5)
    space = ActionSpace.of(game)
    before = json.dumps(game.to_json(), sort_keys=True)
    illegal = next(i for i, m in enumerate(space.mask(game)) if not m)
    for index in (-1, space.size, 10 ** 30, illegal):
        with pytest.raises(IllegalAction):
            space.apply(game, index)
    with pytest.raises(IllegalAction, match="is not legal now"):
        space.action(game, illegal)
    with pytest.raises(IllegalAction, match="outside the action space"):
        space.action(game, space.size)
    for wrong in ("3", 2.0, None, True):
        with pytest.raises(UsageError, match="whole number"):
            space.action(game, wrong)
    with pytest.raises(IllegalAction):
        space.index(game, {"kind": "no_such_kind", "args": {}})
    assert json.dumps(game.to_json(), sort_keys=True) == before
    played = space.apply(game, space.indices(game)[0])      # a legal index plays its action
    assert game.history[-1] == played.to_json()
    assert json.dumps(game.to_json(), sort_keys=True) != before


def test_a_space_is_for_its_own_ruleset_and_player_count():
    space = ActionSpace(rules_of("san_juan"), 3)
    with pytest.raises(UsageError, match="not of the action space"):
        space.mask(rules_of("san_juan").new_game(2, seed=1))
    with pytest.raises(UsageError, match="not of the action space"):
        space.mask(rules_of("puerto_rico").new_game(3, seed=1))
    with pytest.raises(UsageError):
        ActionSpace(rules_of("san_juan"), 99)
    with pytest.raises(UsageError):
        ActionSpace(rules_of("san_juan"), 3, options={"no_such_option": True})
    with pytest.raises(UsageError):
        ActionSpace("san_juan", 3)


def test_the_space_is_named_by_its_content_the_same_in_every_run():
    names = {(s, p): ActionSpace(rules_of(s), p).name for s, p in (("san_juan", 3), ("san_juan", 4),
                                                                      ("puerto_rico", 3), (str(VARIANTS[0]), 3))}
    assert len(set(names.values())) == len(names)       # another game, player count or content: another name
    code = ("import boardrules, sys; from boardrules.ai import ActionSpace; "
            "print(ActionSpace(boardrules.load(sys.argv[1]), int(sys.argv[2])).name)")
    for (source, players), name in list(names.items())[::2]:
        out = subprocess.run([sys.executable, "-c", code, source, str(players)], capture_output=True, text=True,
                             check=True, env={**os.environ, "PYTHONHASHSEED": "123"})
        assert out.stdout.strip() == name
    assert ActionSpace(rules_of("san_juan"), 3, options=None).name == names[("san_juan", 3)]
