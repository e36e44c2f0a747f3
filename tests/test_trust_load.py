"""Trust, second round (issue 23): no content file can make loading slow or huge, and what it asks for is bounded.

Each test here failed before the change it guards (the times are generous bounds that catch a blow-up, not speed
figures: benchmarks/load_cost.py measures those)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

import boardrules
from boardrules import ContentError
from boardrules.limits import MAX_CARDS, MAX_INT_DIGITS, MAX_NUMBER, MAX_PLAYERS, MAX_TOTAL_BYTES


def nested_count(depth: int, inner: str = "1") -> str:
    """A quantity nesting a count of cards whose condition counts cards again, ``depth`` times."""
    text = inner
    for _ in range(depth):
        text = "{count: {zone: hand, where: {gt: [" + text + ", 0]}}}"
    return text


def hand_limit_variant(tmp_path, base: str):
    path = tmp_path / "v.yaml"
    path.write_text(f"extends: san_juan\nid: v\ntitle: v\nquantities:\n  change:\n    hand_limit: {{base: {base}}}\n",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("inner", ["1", "{cuont: 1}"], ids=["valid", "a typo at the bottom"])
def test_nesting_a_selector_in_a_condition_twelve_times_checks_in_linear_time(tmp_path, inner):
    # Union alternatives sharing a field name ('where') were each descended into in full at every level: 3**depth.
    # At depth 8 this took 13 s before; at 12 it would take hours.
    path = hand_limit_variant(tmp_path, nested_count(12, inner))
    start = time.perf_counter()
    if inner == "1":
        assert boardrules.load(path).title == "v"       # (playing it is bounded too: see test_trust_play.py)
    else:
        with pytest.raises(ContentError) as info:
            boardrules.load(path)
        assert "unknown node 'cuont'" in str(info.value) and "did you mean 'count'" in str(info.value)
    assert time.perf_counter() - start < 15


CONTROL = (Path(__file__).parent / "bad_content" / "control" / "game.yaml").read_text(encoding="utf-8")
PLAYERS = "players: {min: 2, max: 3}\n"


def game_dir(tmp_path, text: str, **files) -> Path:
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    for name, body in files.items():
        (tmp_path / name.replace("__", ".")).write_text(body, encoding="utf-8")
    return tmp_path


def refused(path, fragment: str):
    with pytest.raises(ContentError) as info:
        boardrules.load(path)
    text = str(info.value)
    assert fragment in text, text
    return info.value.errors


def test_a_game_of_a_billion_players_is_refused_at_its_line(tmp_path):
    # players.max of 10**9 hung the compiler (it works out the copies for every player count)
    errors = refused(game_dir(tmp_path, CONTROL.replace("max: 3", "max: 1000000000")), f"maximum of {MAX_PLAYERS}")
    assert errors[0].line == 4 and errors[0].path == "players.max"


def test_copy_rules_adding_more_cards_than_a_game_may_have_are_refused(tmp_path):
    # extra_copies adding 10**9 copies made 10**9 card instances (2.6 GB); each rule is bounded, and so is the sum
    text = CONTROL + "\nbox_zone: supply\nextra_copies:\n  - {type: library, add: 9000}\n  - {type: well, add: 9000}\n"
    refused(game_dir(tmp_path, text), f"more than the {MAX_CARDS:,} a game may have")
    text = CONTROL + "\nbox_zone: supply\nextra_copies:\n  - {type: library, add: 1000000000}\n"
    refused(game_dir(tmp_path, text), f"greater than the maximum of {MAX_CARDS}")


@pytest.mark.parametrize("digits", [30, 5000])
def test_an_integer_too_long_to_be_a_count_is_refused_where_it_is_written(tmp_path, digits):
    # 5,000 digits raised Python's own ValueError (its limit on reading long ints) out of the loader
    errors = refused(game_dir(tmp_path, CONTROL.replace("cost: 1}", "cost: " + "9" * digits + "}")),
                     f"more than {MAX_INT_DIGITS} digits")
    assert (errors[0].line, errors[0].column) == (23, 57)


def test_a_number_past_the_magnitude_limit_is_refused_by_the_schema(tmp_path):
    refused(game_dir(tmp_path, CONTROL.replace("cost: 1}", f"cost: {MAX_NUMBER + 1}}}")), "greater than the maximum")


@pytest.mark.parametrize("where", ["include", "extends"])
def test_a_nul_byte_in_a_file_name_is_a_content_error(tmp_path, where):
    # it raised ValueError ("embedded null byte") from the OS calls
    if where == "include":
        path = game_dir(tmp_path, CONTROL.replace(PLAYERS, PLAYERS + 'include: ["a\\0b.yaml"]\n'))
    else:
        path = tmp_path / "v.yaml"
        path.write_text('extends: "ga\\0me.yaml"\nid: v\n', encoding="utf-8")
    refused(path, "control character")


def test_large_files_included_many_times_stop_at_the_load_byte_budget(tmp_path):
    # two 2 MB files included many times took 177 s: every file of a load now counts against one budget, and a file
    # named again is refused at its entry without being read again (issue 38)
    big = 'x: "' + "a" * 1_900_000 + '"\n'
    text = CONTROL.replace(PLAYERS, PLAYERS + "include: [" + ", ".join(["big.yaml", "other.yaml", "more.yaml"] * 20)
                           + "]\n")
    start = time.perf_counter()
    refused(game_dir(tmp_path, text, big__yaml=big, other__yaml=big, more__yaml=big), f"at most {MAX_TOTAL_BYTES:,} bytes")
    assert time.perf_counter() - start < 10
    refused(tmp_path, "'big.yaml' is included already (include[0])")
