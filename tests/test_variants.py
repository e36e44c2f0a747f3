"""House-rule variants: overlays that extend a game, the example variants, options and presets."""
import pathlib
import random

import attrs
import pytest
from ruamel.yaml import YAML

import boardrules
from boardrules import ContentError
from playing import assert_every_card_once, play_random
from positions import act, hand, position

ROOT = pathlib.Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
HERE = pathlib.Path(__file__).parent / "variants"
BASE = boardrules.load("san_juan")


def random_games(rules, n=100):
    for seed in range(n):
        game = play_random(rules, 2 + seed % 3, seed)
        assert_every_card_once(game)
        yield game


@pytest.mark.parametrize("name", ["tweak", "rebalanced", "new_building", "new_role"])
def test_example_variant_validates_and_plays_100_games(name):
    rules = boardrules.load(EXAMPLES / f"{name}.yaml")
    assert rules.id.startswith("san_juan_") and rules.title != BASE.title
    ends = 0
    for g in random_games(rules):
        if g.end_reason == "someone has 12 buildings":     # the rule behind the label: a city of 12 or more
            assert max(len(c) for c in g.to_json()["zones"]["city"]) >= 12
            ends += 1
    assert ends > 0


def test_tweak_hand_limit_is_8_and_the_tower_makes_it_14():
    rules = boardrules.load(EXAMPLES / "tweak.yaml")
    nine = ["statue", "hero", "victory_column", "smithy", "well", "crane", "chapel", "aqueduct", "archive"]
    eight = ["poor_house", "black_market", "trading_post", "market_stand", "carpenter", "prefecture", "quarry", "library"]
    game = position(rules, 2, hands={0: nine, 1: eight}, round_start=True)
    discards = 0
    while game.prompt == "discard":
        assert game.current_player == 0
        act(game, "discard", card=game.legal_actions()[0].args["card"])
        discards += 1
    assert discards == 1 and len(hand(game, 0)) == 8 and len(hand(game, 1)) == 8
    fifteen = ["sugar_mill"] * 8 + ["coffee_roaster"] * 7
    game = position(rules, 2, hands={0: fifteen}, cities={0: ["tower"]}, round_start=True)
    assert game.prompt == "discard" and game.current_player == 0
    act(game, "discard", card="sugar_mill")
    assert len(hand(game, 0)) == 14 and game.prompt == "choose_role"
    base_tower = next(t for t in BASE.cards if t.id == "tower")
    tweak_tower = next(t for t in rules.cards if t.id == "tower")
    assert base_tower.texts == ["Your hand limit is 12."] and tweak_tower.texts == ["Your hand limit is 14."]


def test_rebalanced_has_no_palace_and_a_cheaper_library():
    rules = boardrules.load(EXAMPLES / "rebalanced.yaml")
    cards = {t.id: t for t in rules.cards}
    assert "palace" not in cards and cards["library"].attrs["cost"] == 4 and cards["gold_mine"].copies == 4
    assert sum(t.copies for t in rules.cards if "building" in t.tags) == 110 - 2 + 1
    game = position(rules, 2, hands={0: ["library", "statue", "hero", "victory_column"]})
    act(game, "choose_role", role="builder")
    act(game, "build", card="library")            # 4 - 1 (Builder) = 3 cards
    assert hand(game, 0) == []


def test_new_building_draws_only_for_the_player_with_the_fewest_buildings():
    rules = boardrules.load(EXAMPLES / "new_building.yaml")
    game = position(rules, 3, cities={0: ["indigo_plant", "almshouse"], 1: ["indigo_plant", "smithy", "well"],
                                      2: ["indigo_plant", "well"]}, round_start=True, supply_top=["hero"])
    assert hand(game, 0) == ["hero"]               # 2 buildings; nobody has fewer (a tie counts)
    game = position(rules, 3, cities={0: ["indigo_plant", "almshouse"], 1: ["indigo_plant"]},
                    round_start=True, supply_top=["hero"])
    assert hand(game, 0) == []                     # seat 1 has fewer buildings
    almshouse = next(t for t in rules.cards if t.id == "almshouse")
    assert "At the start of each round" in almshouse.texts[0]


def test_new_role_scout():
    rules = boardrules.load(EXAMPLES / "new_role.yaml")
    assert [r.id for r in rules.roles][-1] == "scout"
    game = position(rules, 2, supply_top=["hero", "palace", "statue", "smithy"])
    act(game, "choose_role", role="scout")
    assert {a.args.get("card") for a in game.legal_actions()} == {"hero", "palace", "statue", None}
    act(game, "keep", card="palace")
    assert hand(game, 0) == ["palace"]
    # seat 1 looks at the next card only: the two the chooser left went under the pile
    assert {a.args.get("card") for a in game.legal_actions()} == {"smithy", None}
    act(game, "pass", decision="keep")
    d = game.to_json()
    bottom = [c.split("#")[0] for c in d["zones"]["supply"][0][:3]]
    assert bottom == ["smithy", "hero", "statue"] or set(bottom) == {"smithy", "hero", "statue"}


def test_a_variant_of_a_variant():
    rules = boardrules.load(HERE / "chained.yaml")
    cards = {t.id: t for t in rules.cards}
    assert "palace" not in cards and cards["tower"].texts == ["Your hand limit is 14."]
    assert rules.model.raw["files"][-2:] == [str((HERE / "tweak.yaml").resolve()), str(HERE / "chained.yaml")] \
        or rules.model.raw["files"][-1].endswith("chained.yaml")


def test_the_merged_result_is_content_that_loads_on_its_own(tmp_path):
    rules = boardrules.load(EXAMPLES / "new_building.yaml")
    path = tmp_path / "game.yaml"
    with path.open("w", encoding="utf-8") as f:
        YAML(typ="safe", pure=True).dump(rules.content, f)
    again = boardrules.load(path)
    assert [t.id for t in again.cards] == [t.id for t in rules.cards]
    game = rules.new_game(3, seed=5)
    twin = again.new_game(3, seed=5)
    rnd = random.Random(5)
    while not game.is_over:
        action = rnd.choice(game.legal_actions())
        game.apply(action)
        twin.apply(action.to_json())
    assert game.scores() == twin.scores()


def test_broken_variant_errors_name_the_variant_file_line_and_a_fix():
    with pytest.raises(ContentError) as exc:
        boardrules.load(HERE / "bad_change.yaml")
    errors = exc.value.errors
    text = "\n".join(map(str, errors))
    assert all(e.file.endswith("bad_change.yaml") for e in errors), text
    by_message = {e.message: e for e in errors}
    libary = next(e for e in errors if "libary" in e.message)
    assert libary.line == 5 and libary.hint == "did you mean 'library'?"
    smithy = next(e for e in errors if "smithy" in e.message)
    assert smithy.line == 8 and "already exists" in smithy.message
    limit = next(e for e in errors if "hand_limt" in e.message)
    assert limit.line == 10 and limit.hint == "did you mean 'hand_limit'?"
    # the semantic check still runs on the rest, in the same run
    tower = next(e for e in errors if "high" in e.message)
    assert tower.line == 6 and "declared as integer" in tower.message
    assert len(by_message) == 4


def test_a_bad_value_in_a_change_is_caught_in_the_merged_game_at_the_variant_line(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text("extends: san_juan\nid: v\ncards:\n  change:\n    tower: {cost: high}\n", encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        boardrules.load(path)
    [error] = exc.value.errors
    assert error.file.endswith("v.yaml") and error.line == 5 and "declared as integer" in error.message
    assert error.path == "cards.change.tower.cost"


def test_a_clash_with_the_base_names_the_base_file():
    with pytest.raises(ContentError) as exc:
        boardrules.load(HERE / "clash.yaml")
    files = {pathlib.Path(e.file).name for e in exc.value.errors}
    assert "game.yaml" in files, [str(e) for e in exc.value.errors]
    clash = next(e for e in exc.value.errors if "indigo_plant" in e.message)
    assert clash.file.endswith("game.yaml") and clash.hint.startswith("it was removed by ")
    assert clash.hint.endswith("clash.yaml:4")


def test_an_extends_cycle_is_an_error():
    with pytest.raises(ContentError, match="cycle") as exc:
        boardrules.load(HERE / "cycle_a.yaml")
    assert exc.value.errors[0].line == 1


def test_extends_an_unknown_game(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text("extends: san_jaun\nid: v\n", encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        boardrules.load(path)
    assert exc.value.errors[0].line == 1 and exc.value.errors[0].hint == "did you mean 'san_juan'?"


def test_options_values_players_exclusions_and_presets():
    rules = boardrules.load(HERE / "options.yaml")
    assert rules.options["start_cards"] == 4 and rules.presets == {"beginner": {"start_cards": 5, "big_hands": True}}
    game = rules.new_game(3, seed=1, options={"start_cards": 3})
    assert [len(h) for h in game.to_json()["zones"]["hand"]] == [3, 3, 3]
    game = rules.new_game(3, seed=1, preset="beginner")
    assert [len(h) for h in game.to_json()["zones"]["hand"]] == [5, 5, 5]
    assert game.options["big_hands"] is True
    with pytest.raises(ValueError, match="takes one of"):
        rules.new_game(3, options={"start_cards": 6})
    with pytest.raises(ValueError, match="unknown option"):
        rules.new_game(3, options={"start_card": 3})
    with pytest.raises(ValueError, match="for 2 players"):
        rules.new_game(3, options={"duel_rules": True})
    rules.new_game(2, options={"duel_rules": True})
    with pytest.raises(ValueError, match="cannot be used together"):
        rules.new_game(3, options={"big_hands": True, "small_hands": True})
    with pytest.raises(ValueError, match="unknown preset"):
        rules.new_game(3, preset="expert")


def test_play_hints_are_inherited_and_changed_key_by_key(tmp_path):
    hints, base = attrs.asdict(boardrules.load("san_juan_1897").model.play), attrs.asdict(BASE.model.play)
    assert hints.pop("bookkeeping") > base.pop("bookkeeping")      # 1897 adds its own buildings' accounts
    assert hints == base
    variant = tmp_path / "v.yaml"
    variant.write_text("extends: san_juan\nid: quiet_crane\n"
                       "play:\n  change: {decline: [], nouns: {place: town}}\n", encoding="utf-8")
    play = boardrules.load(variant).model.play
    assert play.decline == () and play.acquire == ("build",)
    assert play.nouns == {**BASE.model.play.nouns, "place": "town"}
