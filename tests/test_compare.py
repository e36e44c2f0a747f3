"""The balance comparison: the greedy bot, compare(), the reports and the ``compare`` command."""
import math
import pathlib
import random

import pytest
from click.testing import CliRunner

import boardrules
from boardrules.actions import Action
from boardrules.play.bots import BOTS, GreedyBot, RandomBot, bot_names, make_bots, play_out
from boardrules.play.cli import cli
from boardrules.play.compare import compare, wilson
from boardrules.play.report import html_report, markdown_report, terminal_table

MARKET = pathlib.Path(__file__).parent / "games" / "market" / "game.yaml"


@pytest.fixture(scope="module")
def rules():
    return boardrules.load("san_juan")


@pytest.fixture(scope="module")
def self_compare():
    return compare(["san_juan", "san_juan"], players=4, games=16, seed=3, bots="greedy,random,random,random",
                   workers=1)


@pytest.fixture(scope="module")
def greedy_vs_random():
    return compare(["san_juan"], players=4, games=80, seed=1, bots="greedy,random,random,random", workers=1)


# ---------------------------------------------------------------------- statistics
@pytest.mark.parametrize("n", [1, 3, 7, 10, 13, 37, 50, 100, 1000])
def test_wilson_bounds_are_exact_at_zero_and_all_successes(n):
    lo, hi = wilson(0, n)
    assert lo == 0.0 and 0.0 < hi < 1.0                 # exactly 0, not a rounding residue such as 2.8e-17
    lo, hi = wilson(n, n)
    assert hi == 1.0 and 0.0 < lo < 1.0                 # exactly 1, not 0.9999999999999999
    assert wilson(float(n), n) == (lo, hi)
    assert abs(wilson(0, n)[1] - (1 - lo)) < 1e-12      # the two ends mirror each other


def test_wilson_interval():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and 0 < wilson(0, 20)[1] < 0.2
    assert wilson(20, 20)[1] == 1.0 and 0.8 < wilson(20, 20)[0] < 1
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(2.5, 10)                       # shared wins are fractions
    assert lo < 0.25 < hi


# ---------------------------------------------------------------------- bots
def test_make_bots_names(rules):
    assert bot_names("greedy", 3) == ["greedy"] * 3
    assert bot_names("greedy, random,RANDOM", 3) == ["greedy", "random", "random"]
    bots = make_bots("greedy,random,random,random", 7, rules, 4)
    assert isinstance(bots[0], GreedyBot) and all(isinstance(b, RandomBot) for b in bots[1:])
    assert set(BOTS) == {"random", "greedy", "mcts"}
    with pytest.raises(ValueError, match="unknown bot"):
        bot_names("greedy,clever", 2)
    with pytest.raises(ValueError, match="2 bots for 4 players"):
        bot_names("greedy,random", 4)


def test_greedy_bot_is_deterministic_and_plays_other_games(rules):
    def final(source_rules, players, seed):
        game = source_rules.new_game(players, seed=seed, log=False)
        return play_out(game, make_bots("greedy", seed, source_rules, players)).to_json()

    assert final(rules, 3, 5) == final(rules, 3, 5)
    market = boardrules.load(MARKET)              # other action kinds, money instead of cards: never crashes
    for seed in range(5):
        assert final(market, 3, seed)["over"]


def test_greedy_bot_builds_best_vp_per_card_and_pays_with_cheap_cards(rules):
    bot = GreedyBot("t", rules)
    assert bot.values["palace"] == (4, 6)         # a 0-VP 6-cost bonus building counts as 4 VP
    hand = [Action("pay", {"card": c}) for c in ("library", "indigo_plant", "statue")]
    assert bot._choose(None, hand).args["card"] == "indigo_plant"
    keep = [Action("keep", {"card": c}) for c in ("indigo_plant", "hero", "statue")]
    assert bot._choose(None, keep).args["card"] == "hero"


def test_greedy_bot_falls_back_to_random_on_unknown_actions(rules):
    class Fake:
        current_player = 0

        def legal_actions(self):
            return [Action("juggle", {"ball": i}) for i in range(3)]

    bot = GreedyBot(1, rules)
    picks = {bot.choose(Fake()).args["ball"] for _ in range(30)}
    assert picks == {0, 1, 2}


# ---------------------------------------------------------------------- compare
def test_same_source_twice_gives_identical_numbers(self_compare):
    a, b = self_compare["sources"]
    assert a == b
    assert self_compare["games"] == 16 and self_compare["seeds"] == [3, 18]
    assert self_compare["bots"] == ["greedy", "random", "random", "random"]


def test_win_rates_sum_to_one_and_counts_add_up(self_compare, greedy_vs_random):
    for result in (self_compare, greedy_vs_random):
        players, games = result["players"], result["games"]
        for s in result["sources"]:
            assert math.isclose(sum(s["win_rate"]), 1.0)
            for rate, (lo, hi) in zip(s["win_rate"], s["win_ci"]):
                assert 0 <= lo <= rate <= hi <= 1
            assert sum(c for _, c in s["score"]["histogram"]) == games * players
            assert s["score"]["min"] <= s["score"]["mean"] <= s["score"]["max"]
            assert sum(s["end_reasons"].values()) == games
            assert s["rounds"]["min"] <= s["rounds"]["mean"] <= s["rounds"]["max"]


def test_tracked_card_statistics(self_compare, rules):
    s = self_compare["sources"][0]
    games, players = self_compare["games"], self_compare["players"]
    tracked = s["tracked"]
    assert set(tracked) == {c.id for c in rules.cards if rules.model.play.track in c.tags}
    assert s["nouns"] == {"card": "building", "cards": "buildings", "held": "built", "place": "city"}
    assert any(b["games"] for b in tracked.values())
    for b in tracked.values():
        assert 0 <= b["game_rate"] <= 1 and b["games"] <= games and b["holders"] <= games * players
        assert b["games"] <= b["holders"]
        if b["holders"]:
            lo, hi = b["win_ci"]
            assert lo <= b["win_rate"] <= hi and b["wins"] <= b["holders"]
        else:
            assert b["win_rate"] is None


def test_a_game_naming_no_tracked_tag_or_nouns_tracks_every_held_card_in_neutral_words():
    result = compare([str(MARKET)], players=2, games=4, seed=0, bots="random", workers=1)
    s = result["sources"][0]
    market = boardrules.load(MARKET)
    assert market.model.play.track is None and s["nouns"]["card"] == "card"
    assert set(s["tracked"]) <= {c.id for c in market.cards} and s["tracked"]
    text = terminal_table(result)
    assert "cards by difference between sources" in text and "held: share of games" in text
    assert "in the tableau at the end" in text


def test_greedy_bot_beats_random_bots(greedy_vs_random):
    s = greedy_vs_random["sources"][0]
    assert s["win_rate"][0] > 0.5
    assert s["win_ci"][0][0] > 0.25                # clearly above a fair quarter


def test_workers_do_not_change_the_result():
    args = dict(players=3, games=10, seed=5, bots="greedy,random,random")
    done = []
    two = compare(["san_juan", "san_juan"], workers=2, progress=done.append, **args)
    one = compare(["san_juan", "san_juan"], workers=1, **args)
    assert two == one
    assert done == sorted(done) and done[-1] == 20


def test_progress_and_bad_arguments():
    done = []
    compare(["san_juan"], players=2, games=3, seed=0, bots="random", workers=1, progress=done.append)
    assert done[-1] == 3
    with pytest.raises(ValueError):
        compare(["san_juan"], players=9, games=3, seed=0, bots="random", workers=1)
    with pytest.raises(ValueError):
        compare(["san_juan"], players=2, games=3, seed=0, bots="random", options={"nope": 1}, workers=1)
    with pytest.raises(boardrules.ContentError):
        compare(["no_such_game"], players=2, games=3, seed=0, bots="random", workers=1)


# ---------------------------------------------------------------------- reports
def test_terminal_table(self_compare):
    text = terminal_table(self_compare)
    assert "A san_juan" in text and "B san_juan" in text
    assert "win rate seat 0" in text and "rounds" in text and "score (every seat)" in text
    assert "Top 15 buildings" in text


def test_markdown_and_html_reports(self_compare):
    md = markdown_report(self_compare)
    page = html_report(self_compare)
    for text in (md, page):
        assert "san_juan" in text
        assert text.count("<svg") == 3              # win rates, and one score histogram per source
        assert "Library" in text and "Palace" in text
        assert "not a cause" in text
    assert "| building | id |" in md
    assert page.startswith("<!DOCTYPE html>") and "<table>" in page and "<th class=\"l\">building</th>" in page
    # self-contained: no scripts, style sheets, images or fonts from elsewhere
    for ref in ("<script", "<link", "<img", "src=", "url(", "href="):
        assert ref not in page
    # one SVG per line block in Markdown: no blank lines inside (they would end the HTML block)
    svg = md[md.index("<svg"):md.index("</svg>")]
    assert "\n\n" not in svg


# ---------------------------------------------------------------------- the command
@pytest.mark.parametrize("name", ["report.md", "report.html"])
def test_cli_compare_writes_report(tmp_path, name):
    path = tmp_path / name
    result = CliRunner().invoke(cli, ["compare", "san_juan", "san_juan", "--games", "10", "--players", "3",
                                      "--bots", "greedy,random,random", "--workers", "1", "--report", str(path)])
    assert result.exit_code == 0, result.output
    assert "win rate seat 0" in result.stdout and "win rate seat 3" not in result.stdout
    text = path.read_text(encoding="utf-8")
    assert "<svg" in text and "Library" in text


@pytest.mark.parametrize("args, message", [
    (["san_juan", "no_such_game"], "no_such_game"),
    (["san_juan"], "at least two sources"),
    (["san_juan", "san_juan", "--bots", "clever"], "unknown bot"),
    (["san_juan", "san_juan", "--players", "9"], "not 9"),
    (["san_juan", "san_juan", "--option", "nope=1"], "unknown option"),
    (["san_juan", "san_juan", "--report", "out.pdf"], ".md or .html"),
])
def test_cli_compare_errors_exit_2(args, message):
    result = CliRunner().invoke(cli, ["compare", *args, "--games", "2", "--workers", "1"])
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.strip().count("\n") == 0 and result.output.startswith("Error:")
    assert "Traceback" not in result.output


def test_random_bot_still_works(rules):
    game = rules.new_game(2, seed=4, log=False)
    bots = [RandomBot(random.Random(1).random()), RandomBot("x")]
    assert play_out(game, bots).is_over
