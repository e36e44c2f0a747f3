"""The bad-content corpus: every broken game must be rejected with located, helpful issues.

Each directory in ``tests/bad_content/`` is the small valid game of ``bad_content/control`` with ONE
deliberate defect (its first line says which).  For each case the table below gives the issues the
loader must report, in order: file, line, column (where it is stable), message fragments and hint.
Cases too big to commit (oversized files, too many includes) are generated into ``tmp_path``.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pytest

import boardrules
from boardrules import ContentError

CORPUS = Path(__file__).parent / "bad_content"
CONTROL = CORPUS / "control" / "game.yaml"
FILE_LEVEL = "file-level"   # a problem with the whole file: no line (or line 1) is right


@dataclass(frozen=True)
class Issue:
    file: str                       # the issue's file must end with this name
    line: int | str | range         # exact line, a range of acceptable lines, or FILE_LEVEL
    column: int | None              # None: not asserted
    message: str | tuple[str, ...]  # fragment(s) the message must contain
    hint: str | None = None         # fragment the hint must contain (None: not asserted)


def did_you_mean(word):
    return f"did you mean {word!r}?"


CASES = {
    # -- YAML level -------------------------------------------------------------------------------
    "yaml_syntax": [Issue("game.yaml", 3, 12, ("invalid YAML", "mapping values are not allowed"))],
    "duplicate_key": [Issue("game.yaml", 11, 3, ("duplicate key 'supply'", "first defined on line 10"))],
    "python_tag": [Issue("game.yaml", 3, 8, ("!!python/object/apply:os.system", "not allowed"),
                         "only plain YAML values")],
    # Any line of the alias chain (options a..i, lines 7-15) is a fair place to point at.
    "alias_bomb": [Issue("game.yaml", range(7, 16), None, "alias")],
    # -- schema level -----------------------------------------------------------------------------
    "missing_card_name": [Issue("game.yaml", 23, 5, "missing field 'name'")],
    "wrong_type_copies": [Issue("game.yaml", 23, 48, "expected an integer, got 'three'")],
    "unknown_section": [Issue("game.yaml", 9, 1, "unknown field 'zoens'", did_you_mean("zones"))],
    "unknown_step": [Issue("game.yaml", 39, 9, "'mvoe'", did_you_mean("move"))],
    "two_problems_schema": [Issue("game.yaml", 23, 48, "expected an integer, got 'three'"),
                            Issue("game.yaml", 26, 13, "minimum of 0")],
    # -- names (semantic) -------------------------------------------------------------------------
    "unknown_attribute": [Issue("game.yaml", 23, None, "unknown attribute 'cots'", did_you_mean("cost"))],
    "unknown_card_in_condition": [Issue("game.yaml", 40, 51, "unknown card 'libary'", did_you_mean("library"))],
    "unknown_zone": [Issue("game.yaml", 39, 49, "unknown zone 'hnad'", did_you_mean("hand"))],
    "unknown_event": [Issue("game.yaml", 31, 15, "unknown event 'drwan'", did_you_mean("drawn"))],
    "unknown_quantity": [Issue("game.yaml", 29, 17, "unknown quantity 'draw_cuont'", did_you_mean("draw_count"))],
    "unknown_counter": [Issue("game.yaml", 33, 28, "unknown counter 'biult'", did_you_mean("built"))],
    "unknown_option": [Issue("game.yaml", 48, 18, "unknown option 'fair_strat'", did_you_mean("fair_start"))],
    "unknown_play_hint": [Issue("game.yaml", 5, None, "unknown attribute 'cots'", did_you_mean("cost"))],
    "unknown_play_kind": [Issue("game.yaml", 5, None, "unknown action kind 'draw'")],
    # setup is written first but compiled last: the issues must still come out sorted by line.
    "two_problems_semantic": [Issue("game.yaml", 23, 14, "unknown zone 'suply'", did_you_mean("supply")),
                              Issue("game.yaml", 35, 15, "unknown event 'drwan'", did_you_mean("drawn"))],
    "card_defined_twice": [Issue("game.yaml", 24, 10, "card 'library' is defined twice")],
    "role_defined_twice": [Issue("game.yaml", 41, None, ("'drawer'", "defined twice"))],
    "variable_card_and_number": [Issue("game.yaml", 42, None, ("$pick", "card"))],
    "by_players_out_of_range": [Issue("game.yaml", 48, None, "seat offsets must be between 0 and 1")],
    "players_min_above_max": [Issue("game.yaml", 4, None, ("min", "max"))],
    "quantity_refers_to_itself": [Issue("game.yaml", 20, None, "draw_count")],
    # -- includes ---------------------------------------------------------------------------------
    # The missing file has no lines: the issue belongs to the manifest's `include:` entry.
    "missing_include": [Issue("game.yaml", 5, None, ("nothere.yaml", "not found"))],
    "include_schema_error": [Issue("cards.yaml", 6, 13, "expected an integer, got 'six'")],
    "include_semantic_error": [Issue("roles.yaml", 7, 15, "unknown event 'drwan'", did_you_mean("drawn"))],
    "include_not_a_list": [Issue("game.yaml", 5, 10, "expected a list")],
    "include_entry_not_a_string": [Issue("game.yaml", 5, 35, "expected a string")],
    # -- confinement and limits -------------------------------------------------------------------
    "include_outside_folder": [Issue("game.yaml", 5, 11, ("../control/game.yaml", "outside this game's folder"),
                                     "own folder")],
    "include_not_a_mapping": [Issue("parts.yaml", FILE_LEVEL, None, ("must hold a mapping", "not a list"))],
    "too_many_values": [Issue("game.yaml", 52, None, "too many values (more than 5000)", "split the content")],
    # -- every stage in one run -------------------------------------------------------------------
    "schema_and_semantic_together": [Issue("game.yaml", 23, 48, "expected an integer, got 'three'"),
                                     Issue("game.yaml", 40, 15, "unknown event 'drwan'", did_you_mean("drawn"))],
}


def load_errors(path):
    """The issues of a game that must not load; any other exception is an engine bug and fails the test."""
    with pytest.raises(ContentError) as info:
        boardrules.load(path)
    return info.value.errors


def check(issues, expected, case):
    shown = "\n".join(f"  {i}" for i in issues)
    assert len(issues) == len(expected), f"{case}: expected {len(expected)} issue(s), got:\n{shown}"
    for got, want in zip(issues, expected):
        where = f"{case}: {got}"
        assert Path(got.file).name == want.file, where
        if want.line == FILE_LEVEL:
            assert got.line in (None, 1), where
        elif isinstance(want.line, range):
            assert got.line in want.line, where
        else:
            assert got.line == want.line, where
        if want.column is not None:
            assert got.column == want.column, where
        fragments = (want.message,) if isinstance(want.message, str) else want.message
        for fragment in fragments:
            assert fragment in got.message, where
        if want.hint is not None:
            assert got.hint is not None and want.hint in got.hint, where
    # Within one file, issues come out in reading order.
    for name in {i.file for i in issues}:
        positions = [(i.line or 0, i.column or 0) for i in issues if i.file == name]
        assert positions == sorted(positions), f"{case}: issues not sorted by line:\n{shown}"


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_content(case):
    check(load_errors(CORPUS / case), CASES[case], case)


def test_every_case_directory_is_in_the_table():
    dirs = {p.name for p in CORPUS.iterdir() if p.is_dir()} - {"control"}
    assert dirs == set(CASES)


def test_control_game_loads_and_plays():
    rules = boardrules.load(CONTROL.parent)
    game = rules.new_game(players=2, seed=1)
    assert game.is_over


def test_a_file_that_is_not_a_mapping_is_not_quoted_back():
    text = "\n".join(map(str, load_errors(CORPUS / "include_not_a_mapping")))
    assert "SECRET-TEXT" not in text


def test_python_tag_is_never_run(capfd):
    load_errors(CORPUS / "python_tag")
    out, err = capfd.readouterr()
    assert "boardrules-was-here" not in out + err


def test_alias_bomb_is_rejected_quickly():
    start = time.perf_counter()
    load_errors(CORPUS / "alias_bomb")
    assert time.perf_counter() - start < 2.0


# -- generated cases --------------------------------------------------------------------------------

def control_text():
    return CONTROL.read_text(encoding="utf-8")


def test_oversized_manifest(tmp_path):
    text = control_text() + ("# " + "x" * 98 + "\n") * 21_000   # about 2.1 MB of comments
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    start = time.perf_counter()
    issues = load_errors(tmp_path)
    assert time.perf_counter() - start < 2.0
    check(issues, [Issue("game.yaml", FILE_LEVEL, None, "too large")], "oversized_manifest")


def test_oversized_include(tmp_path):
    text = control_text().replace("players: {min: 2, max: 3}\n", "players: {min: 2, max: 3}\ninclude: [big.yaml]\n")
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "big.yaml").write_text("events:\n  big: a big event\n" + ("# " + "x" * 98 + "\n") * 21_000,
                                       encoding="utf-8")
    check(load_errors(tmp_path), [Issue("big.yaml", FILE_LEVEL, None, "too large")], "oversized_include")


def test_too_many_includes_are_not_silently_dropped(tmp_path):
    names = [f"part_{n:02}.yaml" for n in range(70)]
    for n, name in enumerate(names):
        (tmp_path / name).write_text(f"events:\n  event_{n:02}: event number {n}\n", encoding="utf-8")
    text = control_text().replace("players: {min: 2, max: 3}\n",
                                  f"players: {{min: 2, max: 3}}\ninclude: [{', '.join(names)}]\n")
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    check(load_errors(tmp_path), [Issue("game.yaml", 5, None, "64")], "too_many_includes")


def test_plain_string_card_name_is_accepted(tmp_path):
    """Not bad content: the schema allows `name: Library`; a `{type: ...}` condition must not crash on it."""
    text = control_text().replace("name: {en: Library}", "name: Library").replace(
        "      - emit: drawn",
        "      - move: {from: {zone: supply, where: {type: library}}, to: {zone: hand}, count: 1}\n      - emit: drawn")
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    boardrules.load(tmp_path)
