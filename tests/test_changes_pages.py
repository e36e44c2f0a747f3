"""The changes page of a house rule written with edits says each edit as the rule it makes, with what it was
(issue 40): an appended effect is only gained (the unchanged one is not "lost and gained"), a step inserted with a
table keeps its table, one entry of a table said with its old value, and a condition of a card that changes the
other players' numbers says whose it is."""
import boardrules
from boardrules.docgen.variants import VariantDoc

SAN_JUAN = boardrules.load("san_juan")
PUERTO_RICO = boardrules.load("puerto_rico")


def changes(tmp_path, base, body: str) -> str:
    """The "What changes" part of the page of a variant of ``base`` written in ``tmp_path``."""
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {base.id}\nid: house\ntitle: \"House rules\"\n" + body, encoding="utf-8")
    rules = boardrules.load(path)
    text = VariantDoc(path, "house.yaml", rules, base, None).page("variants").text
    return text[text.index("## What changes"):text.index("## The variant file")]


def test_an_appended_effect_is_gained_and_the_unchanged_one_unsaid(tmp_path):
    page = changes(tmp_path, SAN_JUAN, """
cards:
  change:
    tower:
      effects:
        edit:
          - append:
              - when: round_start
                do: [{move: {from: {zone: supply}, to: {zone: hand}, count: 1}}]
""")
    tower = page[page.index("### Tower"):]
    assert "- It gains an effect: At the start of each round" in tower
    assert "loses" not in tower and "hand limit is 12" not in tower


def test_an_inserted_step_keeps_its_table(tmp_path):
    page = changes(tmp_path, SAN_JUAN, """
setup:
  edit:
    - after: first_governor
      insert:
        - for_each_player:
            do:
              - move: {from: {zone: supply}, to: {zone: hand},
                       count: {lookup: [0, 0, 1, 2, 3, 4, 5, 6, 7], index: {players: true}}}
""")
    assert "- A step is added after “A random player becomes the Governor.”" in page
    lines = page.splitlines()
    assert "    | Players | 2 | 3 | 4 | 5 | 6 | 7 | 8 |" in lines          # a table, inside the bullet
    assert "    | Cards | 1 | 2 | 3 | 4 | 5 | 6 | 7 |" in lines          # its row says what the numbers are
    assert "|---|" not in page.split("A step is added", 1)[1].splitlines()[0]


def test_one_entry_of_a_table_is_said_with_its_old_value(tmp_path):
    page = changes(tmp_path, PUERTO_RICO, """
setup:
  edit:
    - change: vp_chips
      with:
        set: {value: {lookup: {edit: [{at: 4, with: 110}]}}}
""")
    assert "victory point chips left with 4 players: 110 (was 100)" in page
    assert "with 3 players" not in page           # the entries that did not change are not listed


def test_a_removed_role_is_said(tmp_path):
    page = changes(tmp_path, SAN_JUAN, "roles:\n  remove: [councillor]\n")
    assert "Councillor" in page and "is not in this game" in page


def test_a_condition_on_the_other_players_number_says_whose_it_is(tmp_path):
    page = changes(tmp_path, SAN_JUAN, """
cards:
  add:
    - id: watch_house
      name: Watch House
      copies: 2
      cost: 3
      vp: 1
      tags: [building, violet]
      effects:
        - modify: hand_limit
          scope: others
          set: 6
          if: {not: {any: [{owns: watch_house}, {owns: tower}]}}
""")
    assert "Each other player's hand limit is 6 when they do not own a Watch House and they do not own a Tower." \
        in page
    assert "when you do not own" not in page
