"""``boardrules.testing``: the worked example of docs/testing-house-rules.md runs (and fails without its rule), and the
helper sets up San Juan and Puerto Rico positions, refuses bad ones with clear messages, and the positions play on."""
from __future__ import annotations

import pathlib
import random
import re
import textwrap

import pytest

import boardrules
from boardrules import IllegalAction, StateError, UsageError
from boardrules.testing import act, counter, decline, offered, position, zone

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "testing-house-rules.md"
SAN_JUAN = boardrules.load("san_juan")
PUERTO_RICO = boardrules.load("puerto_rico")


def all_cards(game) -> list[str]:
    d = game.to_json()
    names = [c for owners in d["zones"].values() for cards in owners for c in cards]
    return names + [c for pile in d["piles"].values() for cards in pile.values() for c in cards]


def play_on(game, steps=3000, seed=0):
    """Random legal actions until the game is over (it must end)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return game
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"not over after {steps} actions: {game}")


# ---------------------------------------------------------------------- the docs page's worked example
def page_blocks(lang):
    return [textwrap.dedent(b) for b in re.findall(rf"```{lang}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)]


def worked_example():
    (variant,) = [b for b in page_blocks("yaml") if "extends:" in b]
    (test,) = [b for b in page_blocks("python") if "def test_" in b]
    return variant, test


def run_example(tmp_path, variant):
    (tmp_path / "generous_builder.yaml").write_text(variant, encoding="utf-8")
    _, test = worked_example()
    namespace = {"__file__": str(tmp_path / "test_generous_builder.py"), "__name__": "test_generous_builder"}
    exec(compile(test, f"{PAGE.name} (the worked example)", "exec"), namespace)
    tests = {name: fn for name, fn in namespace.items() if name.startswith("test_") and callable(fn)}
    assert len(tests) >= 3, tests
    return tests


def test_the_worked_example_passes(tmp_path):
    variant, _ = worked_example()
    for name, fn in run_example(tmp_path, variant).items():
        fn()


def test_the_worked_example_fails_without_its_rule(tmp_path):
    """The same tests on a variant that changes nothing: the two about the rule fail, the base game's passes."""
    variant, _ = worked_example()
    unchanged = variant.split("\nroles:")[0] + "\n"
    assert "discount" not in unchanged
    results = {}
    for name, fn in run_example(tmp_path, unchanged).items():
        try:
            fn()
            results[name] = "passed"
        except (AssertionError, IllegalAction):     # a check, or an action the rule alone makes legal
            results[name] = "failed"
    assert results == {"test_the_builder_pays_two_cards_less": "failed",
                       "test_the_other_players_pay_the_full_cost": "failed",
                       "test_the_base_game_keeps_the_library_out_of_reach": "passed"}, results


def test_the_page_is_in_the_site_and_linked():
    assert "testing-house-rules.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "(testing-house-rules.md)" in (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    assert "::: boardrules.testing" in (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert "boardrules.testing" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_helper_is_documented():
    import inspect

    import boardrules.testing as testing
    for name in testing.__all__:
        value = getattr(testing, name)
        if callable(value):
            assert inspect.getdoc(value), name
            assert f"`{name}(" in PAGE.read_text(encoding="utf-8"), f"the page's table lists {name}"


# ---------------------------------------------------------------------- San Juan
def test_san_juan_cards_are_placed_where_asked():
    game = position(SAN_JUAN, 3, first=0, zones={"hand": {0: ["library", "smithy"], 2: ["well"]},
                                                 "city": {0: ["indigo_plant", "gold_mine"], 1: ["sugar_mill"]}})
    assert game.current_player == 0 and game.round == 1 and game.prompt == "choose_role"
    assert zone(game, "hand", 0) == ["library", "smithy"]
    assert zone(game, "hand", 1) == []                 # a named zone: the seats not listed hold nothing
    assert zone(game, "hand", 2) == ["well"]
    assert zone(game, "city", 0) == ["indigo_plant", "gold_mine"]
    assert zone(game, "city", 2) == []
    names = all_cards(game)
    assert len(names) == len(set(names)) == len(SAN_JUAN.model.instance_names)     # every card once
    d = game.to_json()
    assert not any(c.startswith(("library", "smithy", "well", "gold_mine")) for c in d["zones"]["box"][0][:0])
    # the copies the position placed came from the draw pile, not from the box
    box = set(SAN_JUAN.new_game(3, seed=game.seed).to_json()["zones"]["box"][0])
    assert set(d["zones"]["box"][0]) == box


def test_san_juan_unnamed_zones_keep_the_setup():
    plain = SAN_JUAN.new_game(3, seed=5)
    game = position(SAN_JUAN, 3, seed=5, zones={"hand": {0: ["palace"]}})
    assert [zone(game, "city", s) for s in range(3)] == [zone(plain, "city", s) for s in range(3)]
    assert game.current_player == plain.current_player


def test_san_juan_instance_names_piles_and_top():
    game = position(SAN_JUAN, 2, first=1, zones={"city": {1: ["indigo_plant#2", "coffee_roaster"]}},
                    piles={"goods": {"coffee_roaster": ["tower"], "indigo_plant#2": ["palace"]}},
                    top={"supply": ["chapel", "prefecture"]})
    d = game.to_json()
    assert d["zones"]["city"][1][0] == "indigo_plant#2"
    roaster = d["zones"]["city"][1][1]
    assert d["piles"]["goods"] == {"indigo_plant#2": [d["piles"]["goods"]["indigo_plant#2"][0]],
                                   roaster: [d["piles"]["goods"][roaster][0]]}
    assert d["piles"]["goods"]["indigo_plant#2"][0].startswith("palace#")
    assert zone(game, "supply")[-2:] == ["prefecture", "chapel"]     # the first listed on the very top
    act(game, "choose_role", role="prospector")                        # the Prospector draws the top card
    assert "chapel" in zone(game, "hand", 1)


def test_san_juan_counters_by_seat():
    game = position(SAN_JUAN, 3, counters={"produced": {1: 1}})
    assert [counter(game, "produced", s) for s in range(3)] == [0, 1, 0]


def test_san_juan_position_plays_on():
    game = position(SAN_JUAN, 4, first=2, seed=3,
                    zones={"hand": {2: ["library", "quarry", "smithy", "well", "tower"]},
                           "city": {0: ["indigo_plant#1"], 1: ["indigo_plant"], 2: ["indigo_plant"], 3: []}},
                    piles={"goods": {"indigo_plant#1": ["statue"]}})
    act(game, "choose_role", role="trader")
    play_on(game)
    assert len(game.scores()) == 4


# ---------------------------------------------------------------------- Puerto Rico
def pr_game():
    return position(PUERTO_RICO, 3, first=0,
                    zones={"island": {0: ["quarry", "coffee_plantation", "corn_plantation"], 1: ["corn_plantation"],
                                      2: ["indigo_plantation"]},
                           "city": {0: ["coffee_roaster", "small_market"]},
                           "goods": {0: ["coffee", "corn"]},
                           "trading_house": ["indigo"]},
                    counters={"doubloons": {0: 5, 1: 0}, "coins": {"settler": 1, "mayor": 2}, "bank": 40},
                    on={"quarry": {"colonists": 1}, "coffee_roaster": {"colonists": 1},
                        "coffee_plantation": {"colonists": 1}},
                    piles={"cargo": {"ship_4": ["corn", "corn"]}})


def test_puerto_rico_cards_and_counts():
    game = pr_game()
    assert zone(game, "island", 0) == ["quarry", "coffee_plantation", "corn_plantation"]
    assert zone(game, "city", 0) == ["coffee_roaster", "small_market"]
    assert zone(game, "trading_house") == ["indigo"]
    assert counter(game, "doubloons", 0) == 5 and counter(game, "doubloons", 1) == 0
    assert counter(game, "coins", "mayor") == 2 and counter(game, "coins", "trader") == 0
    assert counter(game, "bank") == 40
    assert counter(game, "colonists", "quarry") == 1
    assert counter(game, "colonists", "small_market") == 0
    assert counter(game, "colonists", "coffee_roaster") == 1
    d = game.to_json()
    assert [type_ for type_ in d["piles"]["cargo"]] == ["ship_4#1"]
    names = all_cards(game)
    assert len(names) == len(set(names)) == len(PUERTO_RICO.model.instance_names)
    # the released starting plantations went back under the stack
    new = PUERTO_RICO.new_game(3, seed=game.seed).to_json()["zones"]
    left = len(d["zones"]["plantation_stack"][0]) + len(d["zones"]["plantation_row"][0])
    assert left == len(new["plantation_stack"][0]) + len(new["plantation_row"][0]) + 3 - 4    # 3 back, 4 placed


def test_puerto_rico_what_a_player_may_do():
    game = pr_game()
    assert "trader" in offered(game, "choose_role", "role")
    act(game, "choose_role", role="mayor")
    assert counter(game, "doubloons", 0) == 7             # the 2 doubloons on the Mayor
    game = pr_game()
    act(game, "choose_role", role="trader")
    assert offered(game, "sell", "barrel") == ["coffee", "corn"]      # indigo is already in the house
    act(game, "sell", barrel="coffee")
    assert counter(game, "doubloons", 0) == 5 + 4 + 1    # coffee, the Trader's privilege; the market is empty
    assert zone(game, "trading_house") == ["indigo", "coffee"]


def test_puerto_rico_position_plays_on():
    game = pr_game()
    play_on(game, seed=1)
    assert len(game.winners()) >= 1


# ---------------------------------------------------------------------- refusals
@pytest.mark.parametrize("kwargs, message", [
    ({"zones": {"hands": {}}}, "unknown zone 'hands' (did you mean 'hand'?)"),
    ({"zones": {"hand": {0: ["libary"]}}}, "unknown card 'libary' in zones['hand'][0] (did you mean 'library'?)"),
    ({"zones": {"hand": {0: ["Gold Mine"]}}}, "did you mean 'gold_mine'? cards are named by id"),
    ({"zones": {"hand": {0: ["library#9"]}}}, "there is no card 'library#9'"),
    ({"zones": {"hand": {3: ["library"]}}}, "zones['hand']: 3 is not a seat of a 3-player game"),
    ({"zones": {"hand": ["library"]}}, "zones['hand'] (a player's zone: {seat: [card id, ...]}) is a mapping"),
    ({"zones": {"discard": {0: ["library"]}}}, "discard is a shared zone: give a list of card ids"),
    ({"zones": {"box": []}}, "the box holds the copies a game leaves out"),
    ({"zones": {"hand": {0: ["library"] * 4}}}, "no free copy of 'library' left (library#1 placed by this position"),
    ({"zones": {"hand": {0: ["library#1"]}, "city": {1: ["library#1"]}}},
     "zones['city'][1]: library#1 is not free: it is in zone hand of seat 0"),
    ({"top": {"supply": ["library"] * 4}}, "top['supply']: no free copy of 'library' left"),
    ({"piles": {"goods": {"indigo_plant": ["tower"]}}}, "'indigo_plant' names several copies (indigo_plant#"),
    ({"piles": {"good": {}}}, "unknown pile 'good' (did you mean 'goods'?)"),
    ({"top": {"hand": []}}, "top: hand is not a shared zone"),
    ({"counters": {"producd": {0: 1}}}, "unknown counter 'producd' (did you mean 'produced'?)"),
    ({"counters": {"produced": 1}}, "counters['produced'] (a player's counter: {seat: n}) is a mapping"),
    ({"counters": {"produced": {0: "1"}}}, "counters['produced'][0]: a count is a whole number"),
    ({"first": 3}, "first: 3 is not a seat of a 3-player game"),
])
def test_san_juan_refusals(kwargs, message):
    with pytest.raises(UsageError) as err:
        position(SAN_JUAN, 3, **kwargs)
    assert message in str(err.value)


@pytest.mark.parametrize("kwargs, message", [
    ({"zones": {"cargo_ships": ["ship_7"]}}, "no free copy of 'ship_7' left (ship_7#1 in the box (not in this game))"),
    ({"counters": {"coins": {"setler": 1}}}, "unknown role 'setler' in counters['coins'] (did you mean 'settler'?)"),
    ({"counters": {"colonists": {0: 1}}}, "colonists is held by cards: give it with on="),
    ({"on": {"quarry": {"colonists": 1}}}, "'quarry' names several copies"),
    ({"on": {"indigo_plantation": {"doubloons": 1}}}, "doubloons is not held by cards"),
])
def test_puerto_rico_refusals(kwargs, message):
    with pytest.raises(UsageError) as err:
        position(PUERTO_RICO, 3, first=0, **kwargs)
    assert message in str(err.value)


def test_an_impossible_position_is_refused_by_the_state_check():
    with pytest.raises(StateError, match="university#1 holds 2, more than its capacity"):
        position(PUERTO_RICO, 3, zones={"city": {0: ["university"]}}, on={"university": {"colonists": 2}})
    with pytest.raises(StateError, match="holds more cards than its capacity"):
        position(SAN_JUAN, 3, zones={"city": {0: ["indigo_plant"]}},
                 piles={"goods": {"indigo_plant": ["tower", "palace"]}})
    with pytest.raises(UsageError, match="the Rules of a game"):
        position("san_juan", 3)


def test_act_decline_and_readers_explain_themselves():
    game = position(SAN_JUAN, 3, first=0, zones={"hand": {0: ["library", "smithy", "well", "quarry"]}})
    with pytest.raises(IllegalAction, match="choose_role {'role': 'mayor'} is not legal now; seat 0 may: "
                                            "choose_role {'role': 'builder'}"):
        act(game, "choose_role", role="mayor")
    with pytest.raises(UsageError, match="legal actions of choose_role match {}"):
        act(game, "choose_role")
    with pytest.raises(IllegalAction, match="seat 0 cannot decline this decision"):
        decline(game)
    assert offered(game, "build", "card") == []
    chosen = act(game, "choose_role", role="builder")
    assert chosen.kind == "choose_role"
    assert offered(game, "build", "card") == ["quarry", "smithy", "well"]     # not the Library: 4 to pay, 3 cards
    assert decline(game).kind == "pass"
    with pytest.raises(UsageError, match="zone hand is a player's zone: give the seat"):
        zone(game, "hand")
    with pytest.raises(UsageError, match="zone supply is a shared zone: give no seat"):
        zone(game, "supply", 0)
    with pytest.raises(UsageError, match="unknown zone 'hnad'"):
        zone(game, "hnad", 0)
    with pytest.raises(UsageError, match="not a seat of a 3-player game"):
        counter(game, "produced", 5)
    with pytest.raises(UsageError, match="the table's counter"):
        counter(PUERTO_RICO.new_game(3, seed=1), "bank", 0)
