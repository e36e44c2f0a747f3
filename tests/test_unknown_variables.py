"""A misspelled variable is a content error, not a silent 'nothing' (it used to turn the Smithy off)."""
import pytest

import boardrules
from boardrules import ContentError


def test_a_misspelled_variable_is_reported_with_where_and_a_suggestion(tmp_path):
    variant = tmp_path / "typo.yaml"
    variant.write_text(
        "extends: san_juan\n"
        "id: typo\n"
        "cards:\n"
        "  change:\n"
        "    smithy:\n"
        "      effects:\n"
        "        - modify: build_cost\n"
        "          add: -1\n"
        "          if: {tag: production, card: $crad}\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        boardrules.load(variant)
    issues = [i for i in err.value.errors if "$crad" in i.message]
    assert len(issues) == 1, err.value
    assert issues[0].file.endswith("typo.yaml") and issues[0].line == 9
    assert "card" in (issues[0].hint or "")


def test_every_packaged_game_binds_every_variable_it_uses():
    for game_id in boardrules.available_games():
        boardrules.load(game_id)        # raises ContentError for an unknown variable


def test_text_where_a_count_belongs_is_a_content_error(tmp_path):
    variant = tmp_path / "minus.yaml"
    variant.write_text(
        "extends: san_juan\n"
        "id: minus\n"
        "cards:\n"
        "  change:\n"
        "    smithy:\n"
        "      effects:\n"
        "        - when: built\n"
        "          do:\n"
        "            - add: {counter: produced, value: minus one}\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        boardrules.load(variant)
    assert any("minus one" in i.message and i.line == 9 for i in err.value.errors), err.value
