"""The terminal game as a person plays it: ``boardrules play GAME --human 0`` on a pseudo-terminal (tests/ptyplay.py),
a whole game of each of the five packaged games answered from a script; what the screen shows reads as a player's:
no id of the content or of a board's place, the rules' own accounts never shown, and at every decision a status line
with the round, whose turn it is and the points so far, and the decision in the rules pages' words."""
from __future__ import annotations

import re
import sys

import pytest

pytest.importorskip("rich")
if sys.platform == "win32":
    pytest.skip("no pseudo-terminals on Windows", allow_module_level=True)

import boardrules  # noqa: E402
from ptyplay import play  # noqa: E402

ID_LIKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\br\d+c\d+\b|\bedge\d+\b")


def answers(n: int, screen: str) -> str:
    """The first answer, or the last one (a decline, often) every third time: a whole game in fewer decisions."""
    answers.k = getattr(answers, "k", 0) + 1
    return str(n if answers.k % 3 == 0 else 1)


@pytest.mark.parametrize("game, players", [("san_juan", 3), ("puerto_rico", 3), ("san_juan_1897", 2),
                                           ("burgundy_cards", 2), ("amerigo", 2)])
def test_a_whole_game_in_a_terminal_reads_as_a_players(game, players):
    code, screen = play(["play", game, "--human", "0", "--players", str(players), "--seed", "4", "--bots",
                         "greedy"], answers)
    assert code == 0, screen[-3000:]
    assert "game over" in screen and re.search(r"You win!|You did not win this time\.", screen)
    found = sorted(set(ID_LIKE.findall(screen)))
    assert not found, f"the terminal shows ids: {found}"
    decisions = screen.count("your decision: ")
    statuses = re.findall(r"^round: \d+ · (?:phase: [^·\n]+ · )?turn: (?:yours|seat \d+|the game is over) · (?:phase: [^·\n]+ · )?"
                          r"(?:your )?points so far: you = -?\d+", screen, re.M)
    assert decisions >= 10 and len(statuses) >= decisions, (decisions, len(statuses))
    rules = boardrules.load(game)
    for key in rules.model.play.bookkeeping:        # the rules' own accounts: never shown, never logged
        text = rules.model.counters[rules.model.counter_index[key]].text
        core = re.sub(r"^(your|the) ", "", text)        # (a card's rules text may name it: that is no value shown)
        shown = re.search(r"^│ " + re.escape(text[:20]) + "|" + re.escape(core) + r": (?:-?\d+ → |[+-]\d)", screen,
                          re.M)      # a row of the players' table, or a line of the log
        assert not shown, f"the terminal shows the bookkeeping counter {key}: {shown.group(0)!r}"
    if game == "amerigo":           # a board game: the map drawn with its coordinates, places named by them
        assert re.search(r"^\s+1  2  3  4 ", screen, re.M) and "border space" in screen
        assert re.search(r"row \d+, column \d+", screen)
        assert "phase: " in screen and "action points" in screen and "turn order: " in screen
