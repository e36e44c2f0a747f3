"""A printed number an option changes (``instead`` on an attribute): while the option is on, a card that carries
the other attribute reads it instead, wherever a rule reads the number, and nowhere else."""
import pathlib

import pytest

import boardrules
from boardrules import ContentError
from boardrules.testing import position

CONTROL = pathlib.Path(__file__).parent / "bad_content" / "control" / "game.yaml"

PARTS = """
scoring:
  parts:
    - {id: one, name: Its cost, value: {attr: cost, of: {top: hand}}}
    - {id: sum, name: Total cost, value: {total: cost, in: {zone: hand}}}
    - {id: high, name: Highest cost, value: {most: cost, in: {zone: hand}}}
    - {id: low, name: Lowest cost, value: {least: cost, in: {zone: hand}}}
    - {id: twos, name: Cards of cost 2, value: {count: {zone: hand, where: {eq: [{attr: cost, of: $it}, 2]}}}}
"""


def game(tmp_path, attributes="  cost: {type: integer, default: 0, text: cost, instead: {option: sale, attr: sale_cost}}\n"
                              "  sale_cost: {type: integer, default: 0, text: cost in the sale}\n",
         options="options:\n  sale: {default: false, text: the sale prices}\n", library="cost: 1, sale_cost: 2"):
    text = CONTROL.read_text()
    text = text.replace("  cost: {type: integer, default: 0, text: cost}\n", attributes)
    text = text.replace("cost: 1}", library + "}")
    path = tmp_path / "game.yaml"
    path.write_text(options + text + PARTS)
    return path


@pytest.mark.parametrize("sale, expected", [(False, [1, 3, 2, 1, 1]), (True, [2, 4, 2, 2, 2])])
def test_every_rule_that_reads_the_number_reads_the_changed_one_while_the_option_is_on(tmp_path, sale, expected):
    rules = boardrules.load(str(game(tmp_path)))
    g = position(rules, 2, zones={"hand": {0: ["well", "library"]}}, options={"sale": sale})
    parts = g.scores()[0]["parts"]
    assert [parts[k] for k in ("one", "sum", "high", "low", "twos")] == expected
    # a card without the other attribute keeps its own number either way
    g = position(rules, 2, zones={"hand": {0: ["well"]}}, options={"sale": sale})
    assert g.scores()[0]["parts"]["one"] == 2


def test_the_cards_page_says_what_the_option_changes(tmp_path):
    from boardrules import docgen
    pages = {p.path.rsplit("/", 1)[-1]: p.text for p in docgen.GameDoc(boardrules.load(str(game(tmp_path))), "g").pages()}
    assert "**Cost**: cost (with the [sale](options.md#option-sale) option, the cost in the sale instead, where a card " \
        "has one)" in pages["cards.md"]


@pytest.mark.parametrize("attributes, options, message", [
    ("  cost: {type: integer, default: 0, instead: {option: sael, attr: sale_cost}}\n  sale_cost: {type: integer}\n",
     "options:\n  sale: {default: false}\n", "unknown option 'sael'"),
    ("  cost: {type: integer, default: 0, instead: {option: sale, attr: sale_cots}}\n  sale_cost: {type: integer}\n",
     "options:\n  sale: {default: false}\n", "'sale_cots' is not another attribute"),
    ("  cost: {type: integer, default: 0, instead: {option: sale, attr: sale_cost}}\n  sale_cost: {type: integer}\n",
     "options:\n  sale: {default: 2}\n", "not an on/off option"),
    ("  cost: {type: integer, default: 0, instead: {option: sale, attr: sale_cost}}\n  sale_cost: {type: string}\n",
     "options:\n  sale: {default: false}\n", "'sale_cost' is not an integer attribute"),
])
def test_a_bad_instead_is_a_content_error_at_its_line(tmp_path, attributes, options, message):
    with pytest.raises(ContentError) as err:
        boardrules.load(str(game(tmp_path, attributes, options, library="cost: 1")))
    assert message in str(err.value) and "game.yaml:" in str(err.value)


def test_means_needs_a_name(tmp_path):
    text = CONTROL.read_text().replace(
        "      - move: {from: {zone: supply}, to: {zone: hand}, count: {quantity: draw_count}}",
        "      - move: {from: {zone: supply, means: the cards on top}, to: {zone: hand}, count: {quantity: draw_count}}")
    path = tmp_path / "game.yaml"
    path.write_text(text)
    with pytest.raises(ContentError) as err:
        boardrules.load(str(path))
    assert "give the name as 'text'" in str(err.value) and "game.yaml:" in str(err.value)


def test_a_game_ended_by_a_condition_without_its_own_text_saves_and_loads(tmp_path):
    """An end_game with no 'text' gives its condition's words as the reason: a string in the saved state (it was
    once a phrase object, and the state did not load again)."""
    rules = boardrules.load(str(CONTROL))
    g = rules.new_game(2, seed=3)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert g.to_json()["end_reason"] == "there is no card in the draw pile"
    assert rules.game_from_json(g.to_json()).to_json() == g.to_json()
