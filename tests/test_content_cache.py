"""The content cache: a second load of unchanged content skips parsing and validation and gives the same game;
any change, damage or switch-off means a full load; errors always come from a full load."""
import json
import os
import pathlib
import shutil

import pytest

import boardrules
from boardrules.content import cache

HARBOR = pathlib.Path(__file__).parent / "games" / "harbor" / "game.yaml"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("BOARDRULES_CACHE_DIR", str(folder))
    monkeypatch.delenv("BOARDRULES_CACHE", raising=False)
    cache._memo.clear()
    yield folder
    cache._memo.clear()


def played(rules, players=3, seed=5):
    game = rules.new_game(players, seed=seed)
    while not game.is_over:
        game.apply(game.legal_actions()[(len(game.history) * 7) % len(game.legal_actions())])
    return game.to_json()


@pytest.mark.parametrize("game_id", boardrules.available_games())
def test_a_cached_load_is_the_same_game(cache_dir, game_id):
    cold = boardrules.load(game_id)
    assert len(list(cache_dir.glob("*.json"))) == 1
    cache._memo.clear()                          # as in a new process: read from the disk
    warm = boardrules.load(game_id)
    assert warm.content == cold.content
    assert played(warm, cold.players[0]) == played(cold, cold.players[0])


def test_changing_a_file_of_the_game_means_a_full_load(cache_dir, tmp_path):
    folder = tmp_path / "harbor"
    shutil.copytree(HARBOR.parent, folder)
    boardrules.load(folder / "game.yaml")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("hire_cost: {base: 1,", "hire_cost: {base: 2,"), encoding="utf-8")
    assert boardrules.load(folder / "game.yaml").content["quantities"]["hire_cost"]["base"] == 2


def test_a_damaged_entry_is_ignored(cache_dir):
    boardrules.load(HARBOR)
    entry = next(cache_dir.glob("*.json"))
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["body"] = data["body"].replace('"hire_cost"', '"hire_kost"')      # the checksum no longer matches
    entry.write_text(json.dumps(data), encoding="utf-8")
    cache._memo.clear()
    assert "hire_cost" in boardrules.load(HARBOR).content["quantities"]
    entry.write_text("not json at all", encoding="utf-8")
    cache._memo.clear()
    assert "hire_cost" in boardrules.load(HARBOR).content["quantities"]


def test_the_cache_can_be_switched_off(cache_dir, monkeypatch):
    monkeypatch.setenv("BOARDRULES_CACHE", "0")
    boardrules.load(HARBOR)
    assert not cache_dir.exists()


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes anywhere")
def test_a_cache_that_cannot_be_written_does_not_stop_a_load(cache_dir):
    cache_dir.mkdir()
    cache_dir.chmod(0o500)
    try:
        assert boardrules.load(HARBOR).id == "harbor"
    finally:
        cache_dir.chmod(0o700)


def test_a_cache_path_that_is_a_file_does_not_stop_a_load(cache_dir):
    cache_dir.write_text("in the way", encoding="utf-8")
    assert boardrules.load(HARBOR).id == "harbor"


def test_content_with_problems_is_never_cached_and_always_reported_in_full(cache_dir, tmp_path):
    folder = tmp_path / "harbor"
    shutil.copytree(HARBOR.parent, folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("emit: loaded", "emit: unloaded"), encoding="utf-8")
    for _ in range(2):
        with pytest.raises(boardrules.ContentError, match=r"game\.yaml:\d+:\d+.*unknown event 'unloaded'"):
            boardrules.load(folder / "game.yaml")
    assert not list(cache_dir.glob("*.json"))


def test_the_cache_keeps_only_the_newest_entries(cache_dir, tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "MAX_ENTRIES", 3)
    for i in range(5):
        folder = tmp_path / f"copy{i}"
        shutil.copytree(HARBOR.parent, folder)
        boardrules.load(folder / "game.yaml")
    assert len(list(cache_dir.glob("*.json"))) == 3


def test_positions_are_read_only_when_asked_and_name_the_same_place(cache_dir):
    """An entry keeps the file:line:column of every value beside it; a cached load reads them only to report an
    issue, and reports the place a full load would."""
    boardrules.load(HARBOR)
    cache._memo.clear()
    warm = cache.lookup(HARBOR)
    assert warm is not None and warm._origin is None          # not read by the lookup
    path = ("roles", 0, "action")
    from boardrules.content.sources import Gathering, gather
    fresh = gather(HARBOR, Gathering())
    got, want = warm.issue(path, "x"), fresh.issue(path, "x")
    assert (got.file, got.line, got.column, got.path) == (want.file, want.line, want.column, want.path)
    assert got.line is not None
    # a damaged positions file: the issue still names the file, without a line
    where = next(cache_dir.glob("*.where"))
    where.write_bytes(where.read_bytes()[:-5])
    cache._memo.clear()
    again = cache.lookup(HARBOR)
    issue = again.issue(path, "x")
    assert issue.file.endswith("game.yaml") and issue.line is None
