"""A misspelled variable is a content error, not a silent 'nothing' (it used to turn the Smithy off); so is text
where a count belongs."""
import pytest

import boardrules
from boardrules import ContentError


def smithy_errors(tmp_path, name, effect_lines):
    """The content errors of a San Juan variant whose Smithy has the given effect (line 7 on of the file)."""
    variant = tmp_path / f"{name}.yaml"
    variant.write_text(f"extends: san_juan\nid: {name}\ncards:\n  change:\n    smithy:\n      effects:\n"
                       + "".join(f"{line}\n" for line in effect_lines), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        boardrules.load(variant)
    return err.value


def test_a_misspelled_variable_is_reported_with_where_and_a_suggestion(tmp_path):
    error = smithy_errors(tmp_path, "typo", ["        - modify: build_cost", "          add: -1",
                                             "          if: {tag: production, card: $crad}"])
    issues = [i for i in error.errors if "$crad" in i.message]
    assert len(issues) == 1, error
    assert issues[0].file.endswith("typo.yaml") and issues[0].line == 9
    assert "card" in (issues[0].hint or "")


def test_every_packaged_game_binds_every_variable_it_uses():
    for game_id in boardrules.available_games():
        boardrules.load(game_id)        # raises ContentError for an unknown variable


def test_text_where_a_count_belongs_is_a_content_error(tmp_path):
    error = smithy_errors(tmp_path, "minus", ["        - when: built", "          do:",
                                              "            - add: {counter: produced, value: minus one}"])
    assert any("minus one" in i.message and i.line == 9 for i in error.errors), error
