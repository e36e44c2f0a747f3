"""A variant's changes page (issue 25, item 4): each change reads as one or two sentences with its before and after
(a number, a card's fields, a card added, a card or a role removed, a section replaced whole), never as the data of
a section; and a rules choice stays with the card it was written for, not with a later card that shares its name."""
import re

import pytest

import boardrules
from boardrules.docgen import GameDoc
from boardrules.docgen.variants import VariantDoc

SAN_JUAN = boardrules.load("san_juan")
HEAD = "extends: san_juan\nid: house\ntitle: \"San Juan: house rules\"\n"


def changes(tmp_path, body: str) -> str:
    """The "What changes" part of the page of a variant of San Juan written in ``tmp_path``."""
    path = tmp_path / "house.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    rules = boardrules.load(path)
    text = VariantDoc(path, "house.yaml", rules, SAN_JUAN, None).page("variants").text
    return text[text.index("## What changes"):text.index("## The variant file")]


CODE = re.compile(r"(`+).+?\1")
ATTRS = re.compile(r" \{#[\w-]+\}$", re.M)
YAML_LINE = re.compile(r"^\s*(?:- )?[a-z_][a-z0-9_]*: \S", re.M)


def assert_no_dump(text: str):
    """No section's data on the page: no braces, no ``: [``, no ``key: value`` line outside code."""
    prose = ATTRS.sub("", CODE.sub("", text))      # a heading's anchor ({#card-x}) is Markdown, not data
    assert "{" not in prose and ": [" not in prose, prose
    assert not YAML_LINE.search(prose), YAML_LINE.search(prose).group()


def test_a_changed_number_reads_with_its_old_value(tmp_path):
    page = changes(tmp_path, "quantities:\n  change:\n    hand_limit: {base: 8}\n")
    assert "- The hand limit is 8 (was 7)." in page
    assert_no_dump(page)


def test_a_changed_card_says_its_changed_fields_in_words(tmp_path):
    page = changes(tmp_path, "cards:\n  change:\n    library: {cost: 4}\n"
                             "    tower:\n      effects:\n        - modify: hand_limit\n          set: 14\n")
    library = page[page.index("#### Library"):]
    assert "- Its cost is 4 (was 5)." in library
    assert "- Its effect now reads: Your hand limit is 14. Before: Your hand limit is 12." in page
    assert "Copies" not in page and "copies" not in page        # what did not change is not said
    assert_no_dump(page)


def test_removed_cards_and_roles_are_not_in_this_game(tmp_path):
    page = changes(tmp_path, "cards:\n  remove: [palace]\nroles:\n  remove: [councillor]\n")
    assert "- The **Palace** (<span lang=\"zh\">宮殿</span>) is not in this game." in page
    assert "- The **Councillor** is not in this game." in page
    assert "- The Palace part of the score is not in this game. It was: " in page
    assert_no_dump(page)


ADDED = """\
cards:
  remove: [carpenter]
  add:
    - id: joinery
      name: {en: Carpenter}
      copies: 2
      cost: 3
      vp: 2
      tags: [building, violet]
      effects:
        - when: built
          do:
            - move: {from: {zone: supply}, to: {zone: hand}, count: 1}
"""


def test_an_added_card_reads_as_its_rules_and_keeps_no_choice_of_a_card_it_shares_a_name_with(tmp_path):
    """The packaged choice ``effects_after_phase`` names the Carpenter (id ``carpenter``): the variant's own card named
    Carpenter (id ``joinery``) is another card, and the choice is not shown on it."""
    assert any(c["id"] == "effects_after_phase" and "Carpenter" in c["text"] for c in SAN_JUAN.model.rules_choices)
    page = changes(tmp_path, ADDED)
    added = page[page.index("### Cards added"):page.index("### Cards removed")]
    assert "#### Carpenter {#card-joinery}" in added
    assert "After you build: take 1 card from the top of the draw pile into your hand." in added
    assert "Rules choice" not in added and "effects_after_phase" not in added
    assert "- The **Carpenter** (<span lang=\"zh\">木工坊</span>) is not in this game." in page
    assert_no_dump(page)
    cards = next(p.text for p in GameDoc(boardrules.load(tmp_path / "house.yaml"), "games/house").pages()
                 if p.path.endswith("/cards.md"))
    joinery = cards[cards.index("{#card-joinery}"):]
    joinery = joinery[:joinery.index("\n### ")] if "\n### " in joinery else joinery
    assert "effects_after_phase" not in joinery
    poor_house = cards[cards.index("{#card-poor_house}"):]
    assert "effects_after_phase" in poor_house[:poor_house.index("\n### ")]       # the card it was written for


def test_a_choice_the_variant_writes_belongs_to_the_variants_card(tmp_path):
    page = changes(tmp_path, ADDED + "rules_choices:\n  add:\n    - id: joinery_draws\n"
                                     "      text: The Carpenter of this house rule draws as it is built.\n")
    added = page[page.index("### Cards added"):page.index("### Cards removed")]
    assert "`joinery_draws`: The Carpenter of this house rule draws as it is built." in added
    assert "effects_after_phase" not in added
    assert "- New rules choice `joinery_draws`: The Carpenter of this house rule draws as it is built." in page


def test_a_section_replaced_whole_says_each_entry_that_changed(tmp_path):
    page = changes(tmp_path, "names:\n  replace:\n    player: player\n    start_player: {en: Mayor, zh: 市長}\n"
                             "events:\n  add:\n    dusk: at dusk\n")
    names = page[page.index("### Names"):]
    assert "- The name `start_player`: it now reads “Mayor” (was “Governor”); its zh is “市長” (was “長官”)." in names
    assert "- New event `dusk`: “at dusk”." in page
    assert_no_dump(page)


@pytest.mark.parametrize("body", [
    "counters:\n  change:\n    produced: {text: the goods you made this phase}\n",
    "selectors:\n  change:\n    build_from: {zone: discard}\n",
    "options:\n  add:\n    long_game: {default: false, text: Play to 14 buildings.}\n",
    "checks:\n  replace:\n    - {id: three_up, if: {ge: [{players: true}, 3]}, text: three players or more}\n",
])
def test_no_section_is_shown_as_its_data(tmp_path, body):
    page = changes(tmp_path, body)
    assert_no_dump(page)
    assert page.count("\n- ") >= 1
