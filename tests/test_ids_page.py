"""The authoring reference (issue 24, item 6): each game's generated page "Ids for house rules" lists every id a
variant may name beside what the rules pages call it, and an error names the id when a variant wrote a display name
or a near miss of one."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import boardrules
from boardrules import ContentError
from boardrules.content.schemacheck import did_you_mean, id_for, ids_for


# ---------------------------------------------------------------------------------------------- hints
def test_an_id_written_as_words_or_display_text_is_found():
    assert id_for("Two Words", ["two_words", "other"]) == "two_words"
    assert id_for("two-words", ["two_words", "other"]) == "two_words"
    names = {"zorp (the most blips that lower its cost)": "blip_limit", "glorp": "glorp"}
    assert id_for("zorp", ["blip_limit", "glorp"], names) == "blip_limit"          # the text's lead
    assert id_for("Zorp", ["blip_limit", "glorp"], names) == "blip_limit"
    assert id_for("the most blips", ["blip_limit"], {"the most blips ever": "blip_limit"}) == "blip_limit"  # its start
    assert id_for("blips", ["blip_limit"], {"your blips": "blip_limit"}) == "blip_limit"     # without the article
    assert ids_for("frob", ["a", "b"], {"frob one": "a", "frob two": "b"}) == ["a", "b"]    # ambiguous: both
    assert did_you_mean("frob", ["a", "b"], {"frob one": "a", "frob two": "b"}) == "did you mean 'a' or 'b'?"
    assert did_you_mean("mvoe", ["move", "pick"]) == "did you mean 'move'?"     # the near miss of an id still works
    assert did_you_mean("nothing like it", ["move"], {"other": "move"}) is None


def errors_of(tmp_path, body: str):
    path = tmp_path / "house.yaml"
    path.write_text(textwrap.dedent(body).lstrip(), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        boardrules.load(path)
    return path, info.value.errors


def at(errors, line):
    found = [e for e in errors if e.line == line]
    assert found, "\n".join(map(str, errors))
    return found[0]


def test_a_tag_written_with_a_space_suggests_its_id(tmp_path):
    path, errors = errors_of(tmp_path, """
        extends: puerto_rico
        id: house
        title: house
        cards:
          change:
            hacienda:
              effects:
                - when: settled
                  if: {tag: small building, card: $self}
                  do: []
        """)
    e = at(errors, 9)
    assert Path(e.file) == path and e.column == 21
    assert "'small_building'" in e.hint and "Ids for house rules" in e.hint


def test_an_attribute_called_by_its_printed_text_suggests_its_id(tmp_path):
    path, errors = errors_of(tmp_path, """
        extends: puerto_rico
        id: house
        title: house
        cards:
          change:
            hacienda:
              effects:
                - when: settled
                  if: {gt: [{attr: column, of: $self}, 0]}
                  do:
                    - {add: {counter: doubloon, value: 1}}
        """)
    e = at(errors, 9)
    assert (Path(e.file), e.line, e.column) == (path, 9, 28)
    assert "unknown attribute 'column'" in e.message and e.hint == "did you mean 'quarry_limit'?"


def test_events_and_counters_by_their_text(tmp_path):
    path, errors = errors_of(tmp_path, """
        extends: puerto_rico
        id: house
        title: house
        cards:
          change:
            hacienda:
              effects:
                - when: build
                  do: []
                - when: built
                  do:
                    - {add: {counter: doubloon, value: 1}}
                    - {add: {counter: victory_points, value: 1}}
        """)
    assert at(errors, 8).hint == "did you mean 'built'?"
    assert at(errors, 12).hint == "did you mean 'doubloons'?"
    assert at(errors, 13).hint == "did you mean 'vp' or 'vp_owed'?"      # two counters' texts start so


def test_a_misspelt_field_read_as_a_free_form_key_suggests_the_field(tmp_path):
    path, errors = errors_of(tmp_path, """
        extends: puerto_rico
        id: house
        title: house
        cards:
          add:
            - id: zorp
              name: {en: Zorp}
              copies: 1
              tags: [building]
              efects:
                - when: built
                  do: []
        """)
    e = at(errors, 11)                          # the value read under the misspelt key
    assert (Path(e.file), e.column) == (path, 9) and "efects" in e.path
    assert "did you mean 'effects'?" in e.hint


def test_a_misspelt_step_kind_suggests_the_kind(tmp_path):
    path, errors = errors_of(tmp_path, """
        extends: puerto_rico
        id: house
        title: house
        cards:
          change:
            hacienda:
              effects:
                - when: built
                  do:
                    - {emitt: built}
        """)
    e = at(errors, 10)
    assert (Path(e.file), e.column) == (path, 15)
    assert e.hint == "did you mean 'emit'?"
