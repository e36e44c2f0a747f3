"""Variables that cannot collide (issue 24, item 5): a step a variant adds may not change a variable that a later step
of the game it extends reads. A published house rule inserted a `move` into the Captain's shipment, before the step
that scores the goods loaded ($moved): the shipment then scored the inserted move's count, with no warning. Now that
is a content error at the variant's step naming the base step that reads the variable; `as:` on the move counts its
cards into a variable of its own."""
from pathlib import Path

import pytest

import boardrules
from boardrules.content.paths import packaged_games
from boardrules.errors import ContentError
from boardrules.lang import compiler
from boardrules.testing import act, counter, position, zone

ROOT = Path(__file__).resolve().parent.parent
PR = packaged_games()["puerto_rico"].parent     # where the loader reads it (an installed wheel's copy in CI)

HEAD = """\
extends: puerto_rico
id: {id}
title: "Puerto Rico: {id}"
"""

# one good of the kind shipped goes back to the supply, as a toll, before the shipment is scored
TOLL = HEAD.format(id="harbour_toll") + """\
procedures:
  change:
    load_cargo:
      do:
        edit:
          - before: shipment_points
            insert:
              - move: {{from: {{zone: goods, where: {{same_type: [$it, $kind]}}}}, to: {{zone: barrel_supply}},
                        count: 1{as_}}}
"""


@pytest.fixture(autouse=True)
def full_loads(monkeypatch):
    """Content from the cache compiled without a problem before, so the check is skipped there: load in full."""
    monkeypatch.setenv("BOARDRULES_CACHE", "0")


def write(tmp_path, name, text) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def at(path: Path, line_has: str, token: str, after: str = "") -> str:
    """file:line:column of ``token`` on the first line of a content file that holds ``line_has`` (after the first
    line that holds ``after``)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(n for n, line in enumerate(lines) if after in line)
    for n, line in enumerate(lines[start:], start + 1):
        if line_has in line:
            return f"{path}:{n}:{line.index(token) + 1}"
    raise AssertionError(f"no line with {line_has!r} in {path}")


def only_issue(path: Path):
    with pytest.raises(ContentError) as caught:
        boardrules.load(path)
    issues = caught.value.issues
    assert len(issues) == 1, [str(i) for i in issues]
    return issues[0]


def test_a_move_inserted_before_a_base_step_reading_moved_is_a_content_error(tmp_path):
    variant = write(tmp_path, "toll.yaml", TOLL.format(as_=""))
    issue = only_issue(variant)
    assert (issue.file, issue.line, issue.column) == (str(variant), 11, 17)     # the inserted move
    text = str(issue)
    reader = at(PR / "game.yaml", "- $moved", "$moved")        # shipment_points: the goods loaded
    assert f"this move sets $moved, which {reader} reads for the move at game.yaml:" in text
    # the two moves of the 'if' before it (own ship, else a cargo ship): the one the read was written for
    own = at(PR / "game.yaml", "- move:", "move", after="if: {tag: own_ship, card: $ship}").rsplit("/", 1)[-1]
    cargo = at(PR / "game.yaml", "- move:", "move", after="add: {counter: wharf_used").rsplit("/", 1)[-1]
    assert f"for the move at {own} or the move at {cargo} before it" in text
    assert "as: <a name of your own>" in issue.hint


def shipment(rules):
    """Seat 0 chooses the Captain with 3 corn; the 4-ship already carries 2 corn, so 2 are loaded (the only
    shipment: nobody else has goods)."""
    game = position(rules, 3, first=0, zones={"goods": {0: ["corn"] * 3}},
                    piles={"cargo": {"ship_4": ["corn", "corn"]}})
    act(game, "choose_role", role="captain")
    return game


def test_with_as_the_move_loads_and_the_shipment_scores_the_goods_loaded(tmp_path):
    rules = boardrules.load(write(tmp_path, "toll.yaml", TOLL.format(as_=", as: toll")))
    game = shipment(rules)
    # 2 goods loaded + the Captain's point; the toll's 1 good did not replace the 2 loaded (it would score 1 + 1)
    assert counter(game, "vp", 0) == 2 + 1
    assert zone(game, "goods", 0) == []                   # the third corn went to the supply as the toll
    base = shipment(boardrules.load("puerto_rico"))
    assert counter(base, "vp", 0) == 2 + 1 and zone(base, "goods", 0) == ["corn"]      # kept: no toll


def test_as_names_the_count_for_the_steps_after_it(tmp_path):
    """The count is in the 'as' variable: a step the variant adds reads it (one point per good paid as toll)."""
    text = TOLL.format(as_=", as: toll") + """\
          - after: score_shipment
            insert:
              - add: {counter: vp, value: $toll}
"""
    game = shipment(boardrules.load(write(tmp_path, "toll.yaml", text)))
    assert counter(game, "vp", 0) == 2 + 1 + 1


MAYOR = HEAD.format(id="fuller_ship") + """\
roles:
  change:
    mayor:
      end:
        edit:
"""


def test_a_let_of_a_name_a_base_step_reads_is_a_content_error_and_what_loads_instead(tmp_path):
    variant = write(tmp_path, "fuller.yaml", MAYOR + """\
          - after: ship_need
            insert:
              - let: {need: {sum: [$need, 1]}}
""")
    issue = only_issue(variant)
    assert (issue.file, issue.line, issue.column) == (str(variant), 11, 17)
    reader = at(PR / "roles.yaml", "if: {lt: [{counter: colonist_supply}, {sub: [$need", "$need")
    binder = at(PR / "roles.yaml", "- id: ship_need", "id").rsplit("/", 1)[-1]
    assert f"this let sets $need, which {reader} reads for the let at {binder} before it" in str(issue)
    assert "change: <its id>" in issue.hint
    # what loads: changing the base step, replacing it one for one, or a name of the variant's own
    boardrules.load(write(tmp_path, "change.yaml", MAYOR + """\
          - change: ship_need
            with:
              let: {need: {max: [{sum: [{players: true}, 1]}, 0]}}
"""))
    boardrules.load(write(tmp_path, "own.yaml", MAYOR + """\
          - after: ship_need
            insert:
              - let: {extra_need: {sum: [$need, 1]}}
"""))
    boardrules.load(write(tmp_path, "replace.yaml", MAYOR + """\
          - replace: ship_need
            with: {let: {need: {sum: [{players: true}, 1]}}}
"""))


def test_a_variable_a_base_call_passes_on(tmp_path):
    """The base sets $amount and calls the procedure that reads it: a let inserted between them changes what the
    call reads (named at the call, with the procedure's read); a variant's own let and call pass its own."""
    inserted = write(tmp_path, "richer.yaml", HEAD.format(id="richer_start") + """\
setup:
  edit:
    - after: starting_money
      insert:
        - let: {amount: 5}
""")
    issue = only_issue(inserted)
    call = at(PR / "game.yaml", "- {id: receive_starting_money, call: receive}", "{id")
    assert f"this let sets $amount, which {call} reads for the let at game.yaml:" in str(issue)
    assert "(in the steps it runs, at " in str(issue)
    boardrules.load(write(tmp_path, "bonus.yaml", HEAD.format(id="bonus_coin") + """\
setup:
  edit:
    - after: receive_starting_money
      insert:
        - let: {amount: 1}
        - call: receive
"""))


GAMES = sorted(packaged_games())
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


@pytest.mark.parametrize("source", GAMES + [str(p) for p in EXAMPLES], ids=GAMES + [p.name for p in EXAMPLES])
def test_packaged_games_and_examples_load_with_the_check(source, monkeypatch):
    checked = []
    real = compiler.collisions

    def spy(doc, flows, report, fired=None, numbers=None):
        checked.append(len(flows))
        return real(doc, flows, report, fired, numbers)
    monkeypatch.setattr(compiler, "collisions", spy)
    boardrules.load(source)
    assert checked and checked[0] > 0


def test_a_variant_of_a_variant_is_checked_against_the_variant_it_extends(tmp_path):
    first = write(tmp_path, "toll_points.yaml", HEAD.format(id="toll_points") + """\
procedures:
  change:
    load_cargo:
      do:
        edit:
          - before: shipment_points
            insert:
              - id: toll
                move: {from: {zone: goods, where: {same_type: [$it, $kind]}}, to: {zone: barrel_supply}, count: 1,
                       as: toll}
          - after: score_shipment
            insert:
              - {id: toll_points, add: {counter: vp, value: $toll}}
""")
    game = shipment(boardrules.load(first))
    assert counter(game, "vp", 0) == 2 + 1 + 1
    second = write(tmp_path, "double_toll.yaml", """\
extends: toll_points.yaml
id: double_toll
title: "Puerto Rico: a double toll"
procedures:
  change:
    load_cargo:
      do:
        edit:
          - after: toll
            insert:
              - move: {from: {zone: goods, where: {same_type: [$it, $kind]}}, to: {zone: barrel_supply}, count: 1,
                       as: toll}
""")
    issue = only_issue(second)
    assert (issue.file, issue.line) == (str(second), 11)
    reads = at(first, "{id: toll_points", "$toll")
    assert f"this move sets $toll, which {reads} reads for the move at toll_points.yaml:11:17 before it" in str(issue)


def test_a_read_inside_a_number_a_base_step_asks_for_is_a_read_of_that_step(tmp_path):
    """San Juan's price step asks for the sale price, whose base reads $building: a variant step that chooses another
    $building before it would change the price the base step reads, though the step names no $building itself."""
    SJ = packaged_games()["san_juan"].parent
    path = write(tmp_path, "swap.yaml", """\
extends: san_juan
id: swap
title: "San Juan: swap"
roles:
  change:
    trader:
      action:
        edit:
          - before: price
            insert:
              - choose: {action: swap, from: {zone: city}, as: building}
""")
    issue = only_issue(path)
    base = at(SJ / "game.yaml", "sale_price:", "sale_price")
    assert "this choose sets $building" in str(issue)
    assert "(in a number it asks for, at " in str(issue) and "game.yaml:" in str(issue)
    assert base.rsplit(":", 2)[0].endswith("game.yaml")
    fine = write(tmp_path, "own.yaml", """\
extends: san_juan
id: own_name
title: "San Juan: own name"
roles:
  change:
    trader:
      action:
        edit:
          - before: price
            insert:
              - choose: {action: look, from: {zone: city}, as: looked_at}
""")
    boardrules.load(fine)
