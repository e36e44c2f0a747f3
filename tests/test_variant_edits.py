"""Edits in place (issue 24, item 1): house rules that name the step they change by its id instead of copying a
section, each played in a position and checked against the rule's words; and the errors of edits that name no step,
name one ambiguously or conflict with each other."""
import pathlib
import random

import pytest

import boardrules
from boardrules import ContentError
from boardrules.docgen.variants import VariantDoc
from positions import act, hand, position

ROOT = pathlib.Path(__file__).resolve().parents[1]
SAN_JUAN = boardrules.load("san_juan")


def variant(tmp_path, text, name="house.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load(tmp_path, text, name="house.yaml"):
    return boardrules.load(variant(tmp_path, text, name))


def errors(tmp_path, text, name="house.yaml"):
    with pytest.raises(ContentError) as exc:
        load(tmp_path, text, name)
    return exc.value.errors


# ---------------------------------------------------------------- house rules, each written without copying

PROSPECTOR_TWO = """\
extends: san_juan
id: prospector_two
title: "San Juan: the Prospector's privilege draws 2 cards"
roles:
  change:
    prospector:
      privilege:
        edit:
          - replace: draw_one
            with: {quantity: prospect_draw, add: 2}
"""


def test_the_prospectors_privilege_draws_2_cards(tmp_path):
    """"The Prospector's privilege draws 2 cards": the chooser takes 2, the others none, as before."""
    rules = load(tmp_path, PROSPECTOR_TWO)
    game = position(rules, 3, supply_top=["hero", "palace", "statue"])
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero", "palace"]
    assert hand(game, 1) == [] and hand(game, 2) == []
    base = position(SAN_JUAN, 3, supply_top=["hero", "palace", "statue"])
    act(base, "choose_role", role="prospector")
    assert hand(base, 0) == ["hero"]
    prospector = next(r for r in rules.roles if r.id == "prospector")
    assert prospector.privilege_texts == ["Your Prospector draw is 2 higher."]
    # the edit replaced one entry: the rest of the role and the second Prospector are the base game's
    merged = {r["id"]: r for r in rules.content["roles"]}
    assert merged["prospector"]["action"] == next(r for r in SAN_JUAN.content["roles"]
                                                  if r["id"] == "prospector")["action"]
    assert merged["second_prospector"]["privilege"][0]["add"] == 1


FIXED_TILES = """\
extends: san_juan
id: fixed_tiles
title: "San Juan: the trading-house tiles in a known order"
setup:
  edit:
    - remove: shuffle_price_tiles
"""


def test_a_removed_setup_step_leaves_the_trading_house_tiles_unshuffled(tmp_path):
    """"The trading-house tiles are not shuffled": every seed flips them in the same order, the base game's
    shuffles them."""
    rules = load(tmp_path, FIXED_TILES)
    orders = {tuple(rules.new_game(3, seed=s).to_json()["zones"]["price_tiles"][0]) for s in range(8)}
    assert len(orders) == 1
    [order] = orders
    assert [c.split("#")[0] for c in order] == ["tile_a", "tile_b", "tile_c", "tile_d", "tile_e"]
    shuffled = {tuple(SAN_JUAN.new_game(3, seed=s).to_json()["zones"]["price_tiles"][0]) for s in range(8)}
    assert len(shuffled) > 1
    assert [s["id"] for s in rules.content["setup"]] == [s["id"] for s in SAN_JUAN.content["setup"]][1:]


NO_HAND_LIMIT = """\
extends: san_juan
id: no_hand_limit
title: "San Juan: no hand limit"
round:
  change:
    start:
      edit:
        - remove: hand_limit
"""


def test_no_hand_limit_a_round_starts_without_discarding(tmp_path):
    """"There is no hand limit": a player with 9 cards keeps them all when the round starts."""
    nine = ["statue", "hero", "victory_column", "smithy", "well", "crane", "chapel", "aqueduct", "archive"]
    rules = load(tmp_path, NO_HAND_LIMIT)
    game = position(rules, 2, hands={0: nine}, round_start=True)
    assert game.prompt == "choose_role" and len(hand(game, 0)) == 9
    base = position(SAN_JUAN, 2, hands={0: nine}, round_start=True)
    assert base.prompt == "discard"


TRADER_DRAWS = """\
extends: san_juan
id: trader_draws
title: "San Juan: every sale also draws a card"
roles:
  change:
    trader:
      action:
        edit:
          - after: draw_income         # inside the repeat of the Trader's sales
            insert:
              - move: {from: {zone: supply}, to: {zone: hand}, count: 1}
"""


def test_a_step_inserted_inside_a_nested_block_runs_for_each_sale(tmp_path):
    """"Every sale also draws 1 card": the step goes inside the repeated sale, after the sale's income."""
    rules = load(tmp_path, TRADER_DRAWS)
    steps = next(r for r in rules.content["roles"] if r["id"] == "trader")["action"][0]["repeat"]["do"]
    assert [s.get("id") for s in steps] == ["choose_sale", "price", "selling_event", "discard_good", "draw_income",
                                            None, "count_sold"]
    game = position(rules, 2, cities={0: ["indigo_plant"], 1: ["indigo_plant"]},
                    goods={0: {"indigo_plant": "hero"}})
    act(game, "choose_role", role="trader")
    act(game, "sell", building="indigo_plant")
    base = position(SAN_JUAN, 2, cities={0: ["indigo_plant"], 1: ["indigo_plant"]},
                    goods={0: {"indigo_plant": "hero"}})
    act(base, "choose_role", role="trader")
    act(base, "sell", building="indigo_plant")
    assert len(hand(game, 0)) == len(hand(base, 0)) + 1


GOVERNOR_DOUBLOON = """\
extends: puerto_rico
id: governor_doubloon
title: "Puerto Rico: the Governor's doubloon"
flow:
  edit:
    - before: pass_governor
      insert:
        - id: governor_doubloon
          for_each_player:
            from: start_player
            do:
              - if: {eq: [$index, 0]}
                then:
                  - {let: {amount: 1}}
                  - {call: receive}
"""


def test_the_governor_also_gets_1_doubloon_at_round_end(tmp_path):
    """"The Governor also gets 1 doubloon at the end of the round": played in step with the base game, the
    Governor of round 1 ends it with one doubloon more, taken from the bank; nobody else's money changes."""
    rules = load(tmp_path, GOVERNOR_DOUBLOON)
    base = boardrules.load("puerto_rico")
    for seed in (1, 2):
        game, twin = rules.new_game(3, seed=seed), base.new_game(3, seed=seed)
        governor = game.to_json()["start_player"]
        rnd = random.Random(seed)
        while game.to_json()["round"] == 1:
            action = rnd.choice(twin.legal_actions())
            twin.apply(action.to_json())
            game.apply(action.to_json())
        a, b = game.to_json()["counters"], twin.to_json()["counters"]
        assert a["doubloons"][governor] == b["doubloons"][governor] + 1
        assert [x for i, x in enumerate(a["doubloons"]) if i != governor] == \
               [x for i, x in enumerate(b["doubloons"]) if i != governor]
        assert a["bank"][0] == b["bank"][0] - 1


MORE_CHIPS = """\
extends: puerto_rico
id: more_chips
title: "Puerto Rico: a longer four-player game"
setup:
  edit:
    - change: vp_chips
      with:
        set: {value: {lookup: {edit: [{at: 4, with: 110}]}}}
"""


def test_one_entry_of_a_table_by_player_count_changes(tmp_path):
    """"With four players there are 110 victory point chips": only the four-player entry of the table changes."""
    rules = load(tmp_path, MORE_CHIPS)
    assert rules.new_game(4, seed=1).to_json()["counters"]["vp_chips"] == [110]
    assert rules.new_game(3, seed=1).to_json()["counters"]["vp_chips"] == [75]
    assert rules.new_game(5, seed=1).to_json()["counters"]["vp_chips"] == [122]
    step = next(s for s in rules.content["setup"] if s.get("id") == "vp_chips")
    assert step["set"]["value"]["lookup"] == [0, 0, 65, 75, 110, 122]


THREE_PLAYER_ROLES = """\
extends: puerto_rico
id: three_player_roles
title: "Puerto Rico: with three players the Governor chooses twice"
flow:
  edit:
    - change: choose_roles
      with: {choose_roles: {by_players: {"3": [0, 1, 2, 0]}}}
"""


def test_one_entry_of_a_by_players_map_changes(tmp_path):
    """"With three players the Governor chooses a second role": the 3-player entry is added, the 2-player entry
    is kept."""
    rules = load(tmp_path, THREE_PLAYER_ROLES)
    step = rules.content["flow"][0]["rounds"]["do"][0]
    assert step["choose_roles"]["by_players"] == {"2": [0, 1, 0, 1, 0, 1], "3": [0, 1, 2, 0]}
    game = rules.new_game(3, seed=3)
    governor = game.to_json()["start_player"]
    chooser = []
    rnd = random.Random(3)
    while game.to_json()["round"] == 1:
        if game.prompt == "choose_role":
            chooser.append(game.current_player)
        game.apply(rnd.choice(game.legal_actions()))
    assert chooser == [governor, (governor + 1) % 3, (governor + 2) % 3, governor]


def test_the_example_variant_written_with_edits(tmp_path):
    rules = boardrules.load(ROOT / "examples" / "in_place.yaml")
    game = position(rules, 2, supply_top=["hero", "palace", "statue"])
    act(game, "choose_role", role="prospector")
    assert hand(game, 0) == ["hero", "palace"]
    trader = next(r for r in rules.roles if r.id == "trader")
    merchant = next(r for r in rules.roles if r.id == "merchant")        # written as a copy of the Trader
    assert "into the chooser's hand" in trader.end_text and "chooser's hand" not in merchant.end_text
    assert rules.content["setup"][0]["id"] == "first_governor"


# ---------------------------------------------------------------- the changes page shows what changed

def test_the_changes_page_shows_the_edited_step_not_the_section(tmp_path):
    path = variant(tmp_path, FIXED_TILES.replace("    - remove: shuffle_price_tiles", """\
    - remove: shuffle_price_tiles
    - after: shuffle_supply
      insert: [{move: {from: {zone: supply}, to: {zone: discard}, count: 1}, rule_text: "burn a card <b>|</b>"}]"""))
    rules = boardrules.load(path)
    page = VariantDoc(path, "house.yaml", rules, SAN_JUAN, None).page("variants").text
    setup = page[page.index("### Setup"):]
    setup = setup[:setup.index("\n## ")]
    assert "- A step is removed: Shuffle the trading-house stack." in setup
    assert "- A step is added after “Shuffle the draw pile.”: Burn a card &lt;b&gt;|&lt;/b&gt;." in setup
    assert "Take 4 cards" not in setup          # the steps that did not change are not shown


def test_a_changed_role_step_is_shown_before_and_after(tmp_path):
    path = variant(tmp_path, PROSPECTOR_TWO + """\
    builder:
      action:
        edit:
          - remove: built_event
""")
    rules = boardrules.load(path)
    page = VariantDoc(path, "house.yaml", rules, SAN_JUAN, None).page("variants").text
    builder = page[page.index("#### Builder"):page.index("#### Prospector")]
    assert "Action:" in builder and "- A step is removed: After you build, the Poor House acts (if you have it in play)." in builder
    assert "Set the building you build aside" not in builder
    prospector = page[page.index("#### Prospector"):]
    assert "- Its privilege now reads: Your Prospector draw is 2 higher. Before: Your Prospector draw is 1 higher." in prospector


# ---------------------------------------------------------------- ids change nothing, and every one can be named

@pytest.mark.parametrize("game", ["san_juan", "puerto_rico"])
def test_every_step_id_of_a_packaged_game_names_one_step_of_its_list(game):
    from boardrules.content.merge import _items
    content = boardrules.load(game).content
    lists = [("setup", content.get("setup")), ("flow", content.get("flow"))]
    lists += [(f"round.{k}", v) for k, v in (content.get("round") or {}).items() if isinstance(v, list)]
    lists += [(f"procedures.{k}", v) for k, v in (content.get("procedures") or {}).items()]
    for role in content["roles"]:
        lists += [(f"{role['id']}.{k}", role.get(k)) for k in ("privilege", "start", "action", "end")]
    named = 0
    for where, steps in lists:
        ids = [item["id"] for item, _, _ in _items(steps or []) if "id" in item]
        assert len(ids) == len(set(ids)), (where, ids)
        named += len(ids)
    assert named > 40


# ---------------------------------------------------------------- bad edits

def test_an_edit_naming_no_step_is_an_error_with_a_hint(tmp_path):
    [error] = errors(tmp_path, """\
extends: san_juan
id: bad
roles:
  change:
    prospector:
      action:
        edit:
          - replace: drawn
            with: {emit: prospected}
""")
    assert error.file.endswith("house.yaml") and (error.line, error.column) == (8, 22)
    assert error.message == "no step with id 'drawn' in roles.prospector.action to replace"
    assert error.hint == "did you mean 'draw'?"


def test_a_missing_step_with_nothing_close_lists_the_ids(tmp_path):
    [error] = errors(tmp_path, "extends: san_juan\nid: bad\nround:\n  change:\n    end:\n      edit:\n"
                               "        - {before: zzz, insert: [{pass_start_player: 1}]}\n")
    assert error.line == 7 and "'zzz'" in error.message
    assert error.hint == "the ids in round.end: round_end_event, frozen_end, pass_governor"


def test_an_ambiguous_step_id_is_an_error_naming_both_steps(tmp_path):
    variant(tmp_path, """\
extends: san_juan
id: twice
round:
  change:
    end:
      - {id: pass, pass_start_player: 1}
      - {id: pass, pass_start_player: 1}
""", "twice.yaml")
    [error] = errors(tmp_path, """\
extends: twice.yaml
id: bad
round:
  change:
    end:
      edit:
        - remove: pass
""")
    assert error.file.endswith("house.yaml") and error.line == 7
    assert error.message.startswith("2 steps in round.end have the id 'pass' (twice.yaml:6, twice.yaml:7)")
    assert error.hint == "give each step its own id"


def test_two_edits_of_one_step_conflict(tmp_path):
    [error] = errors(tmp_path, """\
extends: puerto_rico
id: bad
setup:
  edit:
    - replace: nobles
      with: {set: {counter: bank, value: 60}}
    - after: nobles
      insert: [{set: {counter: bank, value: 60}}]
""")
    assert error.file.endswith("house.yaml") and error.line == 7
    assert "conflict" in error.message and "'nobles'" in error.message and "line 5" in error.message


def test_an_edit_inside_a_removed_step_conflicts(tmp_path):
    [error] = errors(tmp_path, """\
extends: san_juan
id: bad
setup:
  edit:
    - remove: deal_hands
    - change: deal_four
      with: {move: {count: 5}}
""")
    assert error.line == 6 and "'deal_four'" in error.message and "inside it" in error.message


def test_nothing_half_applies_and_every_problem_is_listed(tmp_path):
    found = errors(tmp_path, """\
extends: san_juan
id: bad
setup:
  edit:
    - remove: shuffle_supply
    - remove: shufle_price_tiles
round:
  change:
    end:
      edit:
        - after: pass_governor
          insert: [{id: frozen_end, pass_start_player: 1}]
        - {at: 9, with: {pass_start_player: 1}}
""")
    assert [(e.line, e.message.split(" (")[0]) for e in found] == [
        (6, "no step with id 'shufle_price_tiles' in setup to remove"),
        (12, "round.end already has a step with id 'frozen_end'"),
        (13, "round.end has no entry at position 9"),
    ]


def test_a_bad_value_in_an_inserted_step_is_reported_at_the_variant_line(tmp_path):
    [error] = errors(tmp_path, """\
extends: san_juan
id: bad
setup:
  edit:
    - after: shuffle_supply
      insert:
        - for_each_player:
            do: [{move: {from: {zone: suply}, to: {zone: hand}, count: 1}}]
""")
    assert error.file.endswith("house.yaml") and error.line == 8 and "'suply'" in error.message
    assert error.hint == "did you mean 'supply'?"


def test_a_malformed_edit_inside_a_change_is_an_error(tmp_path):
    found = errors(tmp_path, """\
extends: san_juan
id: bad
roles:
  change:
    builder:
      action:
        edit:
          - {after: pay}
          - {remove: pay, with: {emit: built}}
""")
    assert [e.line for e in found] == [8, 9]
    assert "insert is missing" in found[0].message and "with does not belong here" in found[1].message


def test_replace_and_edit_together_is_an_error(tmp_path):
    [error] = errors(tmp_path, "extends: san_juan\nid: bad\nsetup:\n  replace: []\n  edit: [{remove: shuffle_supply}]\n")
    assert error.line == 5 and "not both" in error.message


def test_the_merged_content_of_an_edited_variant_loads_on_its_own(tmp_path):
    from ruamel.yaml import YAML
    rules = load(tmp_path, TRADER_DRAWS)
    path = tmp_path / "game.yaml"
    with path.open("w", encoding="utf-8") as f:
        YAML(typ="safe", pure=True).dump(rules.content, f)
    assert boardrules.load(path).content == rules.content
