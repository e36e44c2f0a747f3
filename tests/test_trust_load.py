"""Trust, second round (issue 23): no content file can make loading slow or huge, and what it asks for is bounded.

Each test here failed before the change it guards (the times are generous bounds that catch a blow-up, not speed
figures: benchmarks/load_cost.py measures those)."""
from __future__ import annotations

import time

import pytest

import boardrules
from boardrules import ContentError


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
        rules = boardrules.load(path)
        assert rules.new_game(3, seed=1).current_player is not None
    else:
        with pytest.raises(ContentError) as info:
            boardrules.load(path)
        assert "unknown node 'cuont'" in str(info.value) and "did you mean 'count'" in str(info.value)
    assert time.perf_counter() - start < 15
