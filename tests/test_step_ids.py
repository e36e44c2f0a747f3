"""Every step, effect and entry a house rule could reach has an id (issue 42): in the packaged games, a list none of
whose entries is named may stay so, but a list where one entry has an id names them all, so that a variant's
``edit`` goes by name, never by position (Puerto Rico's load_turn and the Captain's loading turn, the 2-player
extra_copies entries were reached only by position)."""
from __future__ import annotations

import pytest

import boardrules
from boardrules.content.paths import packaged_games


def unnamed(node, path=()):
    """(path, index) of each mapping without an id in a list where a sibling mapping has one."""
    if isinstance(node, list):
        named = [isinstance(x, dict) and "id" in x for x in node]
        for i, x in enumerate(node):
            if any(named) and isinstance(x, dict) and not named[i]:
                yield "/".join(map(str, path)), i
            yield from unnamed(x, path + (i,))
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from unnamed(value, path + (key,))


@pytest.mark.parametrize("game", sorted(packaged_games()))
def test_no_step_or_entry_lacks_an_id_where_a_sibling_has_one(game):
    missing = [f"{path}[{i}]" for path, i in unnamed(boardrules.load(game).content)]
    assert not missing, f"{game}: entries without an id beside named ones: {', '.join(missing[:20])}"


def test_the_check_finds_an_unnamed_step_beside_named_ones():
    content = {"procedures": {"p": {"do": [{"id": "a", "emit": "x"}, {"emit": "y"}]}}, "setup": [{"shuffle": "d"}]}
    assert list(unnamed(content)) == [("procedures/p/do", 1)]


@pytest.mark.parametrize("game, where", [
    ("puerto_rico", ("procedures", "load_turn", "do")),
    ("puerto_rico", ("procedures", "load_cargo", "do")),
    ("puerto_rico", ("extra_copies",)),
])
def test_the_steps_house_rules_reached_by_position_are_named(game, where):
    node = boardrules.load(game).content
    for key in where:
        node = node[key]
    assert all("id" in entry for entry in node)
