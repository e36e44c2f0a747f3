"""The terminal game (``boardrules play GAME --human SEAT``), driven by typed input: a whole game played by typing
numbers, input that is not a choice asked again, and ``u`` taking back the person's last decision."""
from __future__ import annotations

import builtins
import io
import sys

import pytest
from click.testing import CliRunner

pytest.importorskip("rich")

import boardrules  # noqa: E402
from boardrules import UsageError  # noqa: E402
from boardrules.play.bots import make_bots  # noqa: E402
from boardrules.play.cli import cli  # noqa: E402
from boardrules.play.terminal import TerminalGame, need_rich  # noqa: E402


@pytest.mark.parametrize("game, players", [("san_juan", 3), ("puerto_rico", 3), ("burgundy_cards", 3)])
def test_a_whole_game_is_played_by_typing_numbers(game, players):
    typed = "".join(f"{1 + k % 2}\n" for k in range(3000))      # 1, 2, 1, 2, ... (a decision asks 2 answers or more)
    result = CliRunner().invoke(cli, ["play", game, "--human", "1", "--players", str(players), "--seed", "5",
                                      "--bots", "greedy"], input=typed)
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "you are seat 1" in out and "game over" in out
    assert "You win!" in out or "You did not win this time." in out
    assert "your decision: " in out and "since your last decision" in out
    assert "is not a choice" not in out


def test_input_that_is_not_a_choice_is_asked_again_and_changes_nothing():
    result = CliRunner().invoke(cli, ["play", "san_juan", "--human", "0", "--players", "2", "--seed", "3"],
                                input="hello\n0\n99\n\nq\n")
    assert result.exit_code == 1
    out = result.output
    for typed in ("'hello'", "'0'", "'99'", "''"):
        assert f"{typed} is not a choice" in out
    assert out.count("your choice") == 5 and "You stopped the game." in out


def test_the_end_of_the_input_stops_the_game_cleanly():
    result = CliRunner().invoke(cli, ["play", "san_juan", "--human", "0", "--players", "2", "--seed", "3"], input="1\n")
    assert result.exit_code == 1 and "The input ended" in result.output


def scripted(monkeypatch, answer):
    """Input answered by ``answer(prompt)`` (rich reads the console's input with ``input``)."""
    monkeypatch.setattr(builtins, "input", lambda prompt="": answer(prompt))


def test_u_takes_back_your_last_decision_unless_something_hidden_came_into_view(monkeypatch):
    rules = boardrules.load("san_juan")
    players, seed = 3, 8
    console_file = io.StringIO()
    from rich.console import Console

    tg = TerminalGame(rules, players, seed, {}, 0, make_bots("greedy", seed, rules, players),
                      console=Console(file=console_file, width=120))
    taken = refused = 0
    state = {"undo_next": False, "before": None}

    def answer(prompt):
        nonlocal taken, refused
        g = tg.game
        if state["undo_next"]:
            state["undo_next"] = False
            shown = len(console_file.getvalue())
            return_value = "u"
            state["check"] = (shown, state["before"])
            return return_value
        if "check" in state:
            shown, before = state.pop("check")
            said = console_file.getvalue()[shown:]
            if "Taken back" in said:
                taken += 1
                history, legal, events = before
                assert g.history == history and g.legal_actions() == legal and g.event_count == events
                state["before"] = None
                return "1"      # the same decision again: taken, and not taken back this time
            assert "You cannot take it back: since then you have seen" in said
            refused += 1
        state["before"] = (g.history, g.legal_actions(), g.event_count)
        state["undo_next"] = True
        return "1"

    scripted(monkeypatch, answer)
    # each decision is taken, then "u" is typed at the next one: refused, the game goes on; accepted, the decision
    # is asked again and taken again without a take-back
    for _ in range(400):
        if tg.game.is_over:
            break
        seat = tg.game.current_player
        if seat != 0:
            tg.game.apply(tg.bots[seat].choose(tg.game))
            continue
        tg.show()
        tg.ask()
        if taken >= 3 and refused >= 3:
            break
    assert taken >= 3 and refused >= 3
    assert "There is no decision of yours" not in console_file.getvalue()


def test_u_with_nothing_to_take_back_says_so():
    result = CliRunner().invoke(cli, ["play", "san_juan", "--human", "0", "--players", "2", "--seed", "3"],
                                input="u\nq\n")
    assert "There is no decision of yours to take back." in result.output


def test_bad_command_lines_are_refused():
    runner = CliRunner()
    for args, said in [(["--human", "5", "--players", "2"], "--human must be a seat from 0 to 1"),
                       (["--bots", "greedy"], "--bots goes with --human"),
                       (["--human", "0", "--json"], "do not go together"),
                       (["--human", "0", "--bots", "nobody"], "unknown bot")]:
        result = runner.invoke(cli, ["play", "san_juan", *args], input="q\n")
        assert result.exit_code == 2 and said in result.output, result.output


def test_without_rich_the_error_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "rich", None)
    monkeypatch.setitem(sys.modules, "rich.console", None)
    with pytest.raises(UsageError, match=r"pip install 'boardrules\[play\]'"):
        need_rich()
