"""Honest comparisons: card rows keyed by id and labelled with their game, every figure with the games it rests on
and its 95% interval (Wilson for rates, normal for means), --bots and --preset on both commands, and bad input
refused before any game is played."""
import math
import pathlib
import re

import pytest
from click.testing import CliRunner

import boardrules
from boardrules.play.batch import Study, Tally, mean_interval, wilson
from boardrules.play.cli import cli
from boardrules.play.compare import compare
from boardrules.play.report import card_rows, html_report, markdown_report, terminal_table

MARKET = pathlib.Path(__file__).parent / "games" / "market" / "game.yaml"


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def line_of(text, start):
    """The one line of ``text`` that starts with ``start``."""
    found = [line for line in text.splitlines() if line.startswith(start)]
    assert len(found) == 1, (start, found)
    return found[0]


# ---------------------------------------------------------------------- intervals and what they rest on
def test_the_interval_of_a_50_in_100_win_rate():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi
    assert (lo + hi) / 2 == pytest.approx(0.5, abs=1e-12)      # symmetric at one half
    # the Wilson width at p = 1/2: 2 z / (1 + z²/n) * sqrt(1/(4n) + z²/(4n²)), z = 1.96: about 0.192
    z, n = 1.959963984540054, 100
    assert hi - lo == pytest.approx(2 * z / (1 + z * z / n) * math.sqrt(0.25 / n + z * z / (4 * n * n)), abs=1e-12)
    assert hi - lo == pytest.approx(0.192, abs=0.001)
    assert wilson(500, 1000)[1] - wilson(500, 1000)[0] < (hi - lo) / 3     # ten times the games: ~1/√10 as wide


def test_the_normal_interval_of_a_mean():
    values = [7.5, 12.5] * 50                                   # mean 10, sample sd 2.5·√(100/99)
    lo, hi = mean_interval(len(values), sum(values), sum(v * v for v in values))
    half = 1.959963984540054 * 2.5 * math.sqrt(100 / 99) / 10
    assert (lo, hi) == (pytest.approx(10 - half), pytest.approx(10 + half))
    assert mean_interval(1, 4, 16) is None                      # one value: no spread to go on


@pytest.fixture(scope="module")
def half_and_half():
    """100 two-player games of a study, seat 0 winning every other one: seat 0 scores 10 or 20, seat 1 always 5."""
    study = Study.prepare(["san_juan"], players=2, games=100, seed=1, bots="random")
    tally = Tally(study)
    for i, seed in enumerate(study.seeds):
        won = i % 2 == 0
        tally.add({"source": "san_juan", "source_index": 0, "seed": seed, "game": "san_juan", "players": 2,
                   "bots": ["random", "random"], "scores": [20 if won else 10, 5], "parts": [{}, {}],
                   "winners": [0] if won else [1], "rounds": 10 + i % 3, "end_reason": "over",
                   "decisions": 100, "acquired": [[], []]})
    return tally.result()


def test_a_report_gives_each_figure_its_interval_and_the_games_it_rests_on(half_and_half):
    text = terminal_table(half_and_half)
    row = line_of(text, "win rate seat 0")
    assert "0.500 [0.404, 0.596]" in row and row.endswith("100 games")
    # the mean over every seat: each game's mean over its seats is one value (7.5 or 12.5), n = the 100 games
    half = 1.959963984540054 * 2.5 * math.sqrt(100 / 99) / 10
    row = line_of(text, "score (every seat)")
    assert f"10.00 [{10 - half:.2f}, {10 + half:.2f}]" in row and row.endswith("100 games x 2 seats")
    row = line_of(text, "score seat 0")                        # 10 or 20: mean 15, sd 5·√(100/99)
    assert f"15.00 [{15 - 2 * half:.2f}, {15 + 2 * half:.2f}]" in row and row.endswith("100 games")
    assert "5.00 [5.00, 5.00]" in line_of(text, "score seat 1")       # no spread: the interval is the mean itself
    assert "Wilson" in text and "normal" in text               # the legend says which interval is which
    for report in (markdown_report(half_and_half), html_report(half_and_half)):
        assert "0.500 [0.404, 0.596]" in report and "100 games" in report
        assert "Wilson score intervals for win rates" in report and "mean ± 1.96 sd / √n" in report


# ---------------------------------------------------------------------- card rows keyed by id, labelled by game
@pytest.fixture(scope="module")
def two_games():
    """San Juan and San Juan 1897: cards of the same name under different ids, and ids that name other cards."""
    return compare(["san_juan", "san_juan_1897"], players=3, games=3, seed=1, bots="random", workers=1)


def test_two_cards_of_one_name_in_two_games_are_two_rows_each_saying_its_game(two_games):
    one = {c.en: c.id for c in boardrules.load("san_juan").cards}
    other = {c.en: c.id for c in boardrules.load("san_juan_1897").cards}
    shared_name = next(n for n in sorted(set(one) & set(other)) if one[n] != other[n] and one[n] not in
                       other.values() and other[n] not in one.values())
    rows = [r for r in card_rows(two_games) if r["name"] == shared_name]
    assert sorted((r["id"], r["game"]) for r in rows) == sorted([(one[shared_name], "san_juan"),
                                                                 (other[shared_name], "san_juan_1897")])
    for r in rows:                                 # each row has the figures of its own game only
        present = [e is not None for e in r["entries"]]
        assert present == ([True, False] if r["game"] == "san_juan" else [False, True])
        assert r["d_games"] is None and r["d_win"] is None       # no difference between a card and no card
    md = markdown_report(two_games)
    assert re.search(rf"^\| {re.escape(shared_name)} \| {one[shared_name]} \| san_juan \|", md, re.M)
    assert re.search(rf"^\| {re.escape(shared_name)} \| {other[shared_name]} \| san_juan_1897 \|", md, re.M)


def test_one_id_in_two_games_is_one_row_with_both_figures_and_both_names(two_games):
    one = {c.id: c.en for c in boardrules.load("san_juan").cards}
    other = {c.id: c.en for c in boardrules.load("san_juan_1897").cards}
    renamed = next(cid for cid in sorted(set(one) & set(other)) if one[cid] != other[cid]
                   and cid in two_games["sources"][0]["tracked"])
    rows = [r for r in card_rows(two_games) if r["id"] == renamed]
    assert len(rows) == 1
    row = rows[0]
    assert row["game"] == "san_juan, san_juan_1897" and all(e is not None for e in row["entries"])
    assert row["name"] == f"{one[renamed]} (san_juan) / {other[renamed]} (san_juan_1897)"
    page = html_report(two_games)
    assert f'<td class="l">{renamed}</td><td class="l">san_juan, san_juan_1897</td>' in page


def test_the_terminal_table_labels_its_cards_with_their_game(two_games):
    text = terminal_table(two_games)
    head = line_of(text, "building ")
    assert "game" in head and "had A" in head and "had B" in head
    assert "A = san_juan (San Juan, game san_juan)" in text


@pytest.mark.parametrize("game", sorted(boardrules.available_games()))
def test_every_packaged_game_gets_the_labelled_report(game):
    rules = boardrules.load(game)
    result = compare([game, game], players=rules.players.start, games=2, seed=1, bots="random", workers=1)
    text, md = terminal_table(result), markdown_report(result)
    assert line_of(text, "win rate seat 0").endswith("2 games")
    rows = card_rows(result)
    assert rows and all(r["game"] == rules.id for r in rows)
    assert f"| {rows[0]['id']} | {rules.id} |" in md


# ---------------------------------------------------------------------- --bots and --preset on both commands
def test_bots_and_preset_on_both_commands():
    sim = invoke("simulate", "puerto_rico", "-n", 1, "-p", 3, "-w", 1, "--preset", "expansions",
                 "--bots", "greedy,random,random")
    assert sim.exit_code == 0, sim.output
    assert "bots greedy,random,random" in sim.stdout and "nobles=true" in sim.stdout
    assert re.search(r"^  seat 0  \d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]  \(", sim.stdout, re.M)
    both = invoke("compare", "puerto_rico", "puerto_rico", "-n", 1, "-p", 3, "-w", 1, "--preset", "expansions",
                  "--bots", "greedy,random,random")
    assert both.exit_code == 0, both.output
    assert "preset expansions" in both.stdout and "seat 0: greedy, seat 1: random" in both.stdout
    for command in ("simulate", "compare"):
        shown = invoke(command, "--help").output
        assert "--preset" in shown and "--bots" in shown and "mcts" in shown
    assert Study.prepare(["san_juan"], players=2, games=1, seed=1, bots="mcts,greedy").bots == ("mcts", "greedy")


# ---------------------------------------------------------------------- bad input: an error before any game
@pytest.mark.parametrize("args, message", [
    (["compare", "san_juan", "puerto_rico", "--preset", "expansions"], "san_juan: "),
    (["compare", "puerto_rico", "san_juan", "--option", "nobles=true"], "san_juan: "),
    (["simulate", "san_juan", "--address", "127.0.0.1:1"], "--backend ray"),
])
def test_a_bad_study_is_refused_before_any_game_and_writes_nothing(tmp_path, args, message):
    out = tmp_path / "games.jsonl"
    result = invoke(*args, "-n", 2, "-p", 3, "-w", 1, "--out", out)
    assert result.exit_code == 2 and message in result.output, result.output
    assert result.output.startswith("Error:") and "Traceback" not in result.output
    assert not out.exists()


def test_a_source_that_does_not_load_is_refused_before_any_game(tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text("extends: san_juan\nid: broken\ntitle: Broken\nquantities:\n  change:\n    no_such: {base: 1}\n",
                   encoding="utf-8")
    out = tmp_path / "games.jsonl"
    for args in (["simulate", bad], ["compare", "san_juan", bad]):
        result = invoke(*args, "-n", 2, "-w", 1, "--out", out)
        assert result.exit_code == 2 and "no_such" in result.output, result.output
        assert "Traceback" not in result.output and not out.exists()


def test_a_records_file_of_another_study_is_refused_before_anything_is_appended(tmp_path):
    out = tmp_path / "games.jsonl"
    first = invoke("compare", MARKET, MARKET, "-n", 2, "-p", 2, "-w", 1, "--out", out)
    assert first.exit_code == 0, first.output
    before = out.read_bytes()
    for args in (["-p", 3], ["-p", 2, "--seed", 5], ["-p", 2, "--bots", "greedy"]):
        again = invoke("compare", MARKET, MARKET, "-n", 2, "-w", 1, "--out", out, "--resume", *args)
        assert again.exit_code == 2 and "another study" in again.output, again.output
    assert out.read_bytes() == before


def test_a_ray_address_that_does_not_answer_is_refused_before_anything_is_written(tmp_path):
    pytest.importorskip("ray")
    out = tmp_path / "games.jsonl"
    result = invoke("simulate", MARKET, "-n", 2, "-p", 2, "--backend", "ray", "--address", "127.0.0.1:1",
                    "--out", out)
    assert result.exit_code == 2 and "does not answer" in result.output, result.output
    assert not out.exists()
