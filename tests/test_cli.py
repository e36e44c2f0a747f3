import json
import pathlib
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from boardrules.cli import cli
from boardrules.play.cli import parse_value

ROOT = Path(__file__).resolve().parent.parent
GAME_YAML = ROOT / "content" / "san_juan" / "game.yaml"


@pytest.fixture(scope="module")
def runner():
    return CliRunner()


def run(runner, *args):
    return runner.invoke(cli, [str(a) for a in args])


def test_play_prints_log_and_scores(runner):
    result = run(runner, "play", "san_juan", "--players", 4, "--seed", 7)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("San Juan (san_juan): 4 players, seed 7\n")
    assert "options: fair_start=false" in out
    assert "-- round 1 --" in out
    assert re.search(r"^  seat [0-3]: ", out, re.M)
    assert re.search(r"^Game over after \d+ rounds: .+\.$", out, re.M)
    table = out[out.index("\nseat "):]
    assert "Buildings" in table and "Chapel cards" in table and "total" in table and "tie-break" in table
    assert len(re.findall(r"^seat [0-3] ", table, re.M)) == 4
    assert re.search(r"^(Winner: seat \d|Shared win: seat \d)", out, re.M)
    assert "winner" in table


def test_play_is_deterministic_per_seed(runner):
    a = run(runner, "play", "san_juan", "-p", 3, "-s", 11)
    b = run(runner, "play", "san_juan", "-p", 3, "-s", 11)
    c = run(runner, "play", "san_juan", "-p", 3, "-s", 12)
    assert a.exit_code == b.exit_code == c.exit_code == 0
    assert a.stdout == b.stdout
    assert a.stdout != c.stdout


def test_play_with_option(runner):
    result = run(runner, "play", "san_juan", "--players", 2, "--seed", 3, "--option", "fair_start=true")
    assert result.exit_code == 0, result.output
    assert "options: fair_start=true" in result.stdout
    assert "-- setup --" in result.stdout          # fair start: players discard down to 4 before round 1
    assert "Game over after" in result.stdout


def test_play_json(runner):
    result = run(runner, "play", "san_juan", "-p", 2, "-s", 5, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["over"] is True and data["players"] == 2 and data["seed"] == 5


def test_play_accepts_a_path(runner):
    result = run(runner, "play", GAME_YAML, "-p", 2, "-s", 1)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("San Juan (san_juan): 2 players, seed 1\n")


def test_simulate_win_rates_sum_to_one(runner):
    result = run(runner, "simulate", "san_juan", "--games", 20, "--players", 4, "--seed", 1)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "games/s" in out and "decisions/s" in out
    assert re.search(r"^scores\s+mean [\d.]+ \[[\d.]+, [\d.]+\], min \d+, max \d+", out, re.M)   # 95% intervals
    assert re.search(r"^rounds\s+[\d.]+ \[[\d.]+, [\d.]+\] per game", out, re.M)
    rates = [float(x) for x in re.findall(r"^  seat \d  ([\d.]+) \[[\d.]+, [\d.]+\]  \(", out, re.M)]
    assert len(rates) == 4
    assert sum(rates) == pytest.approx(1.0, abs=0.005)
    wins = [float(x) for x in re.findall(r"\(([\d.]+) of 20 games\)", out)]
    assert sum(wins) == pytest.approx(20)


def test_validate_packaged_content(runner):
    result = run(runner, "validate", GAME_YAML)
    assert result.exit_code == 0, result.output
    assert re.match(rf"ok: {re.escape(str(GAME_YAML))} \(San Juan, \d+ card types, \d+ cards, 3 random games per "
                    rf"player count played\)$", result.stdout.strip())


def test_validate_reports_content_that_loads_but_does_not_play(runner, tmp_path):
    harbor = pathlib.Path(__file__).parent / "games" / "harbor" / "game.yaml"
    (tmp_path / "game.yaml").write_text(harbor.read_text(encoding="utf-8"), encoding="utf-8")
    variant = tmp_path / "careless.yaml"
    variant.write_text("extends: game.yaml\nid: careless\noptions:\n  change:\n    careless: {default: true}\n",
                       encoding="utf-8")
    result = run(runner, "validate", str(variant))
    assert result.exit_code == 1
    assert re.search(r"FAILED: .*careless.yaml loads but does not play: 2 players, seed \d+: .*workers cannot hold 3",
                     result.stdout), result.stdout


def test_validate_broken_file(runner, tmp_path):
    broken = tmp_path / "game.yaml"
    broken.write_text("id: broken\ntitle: Broken\nplayers: {min: 2, max: 4}\nzones:\n  hand: {scope: nowhere}\n",
                      encoding="utf-8")
    result = run(runner, "validate", GAME_YAML, broken)
    assert result.exit_code == 1
    assert result.stdout.startswith("ok: ")
    assert re.search(rf"^{re.escape(str(broken))}:\d+:\d+: ", result.stdout, re.M), result.stdout
    assert f"FAILED: {broken}" in result.stdout


def test_validate_yaml_syntax_error(runner, tmp_path):
    broken = tmp_path / "bad.yaml"
    broken.write_text("id: x\ntitle: [unclosed\n", encoding="utf-8")
    result = run(runner, "validate", broken)
    assert result.exit_code == 1
    assert re.search(rf"^{re.escape(str(broken))}:\d+:\d+: ", result.stdout, re.M), result.stdout


def test_list_shows_san_juan(runner):
    result = run(runner, "list")
    assert result.exit_code == 0
    assert re.search(r"^san_juan\s+San Juan\s+2-8 players", result.stdout, re.M)


@pytest.mark.parametrize("args, message", [
    (["play", "no_such_game"], "no packaged game or file named 'no_such_game'"),
    (["simulate", "no_such_game", "--games", "1"], "no packaged game or file named 'no_such_game'"),
    (["play", "san_juan", "--players", "9"], "San Juan is for 2-8 players, not 9"),
    (["play", "san_juan", "--option", "turbo=true"], "unknown option 'turbo'"),
    (["play", "san_juan", "--option", "fair_start=maybe"], "option 'fair_start' takes one of"),
    (["play", "san_juan", "--option", "fair_start"], "--option takes key=value"),
])
def test_bad_command_lines_exit_2(runner, args, message):
    result = runner.invoke(cli, args)
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]


def test_parse_value():
    assert parse_value("true") is True and parse_value("False") is False
    assert parse_value("3") == 3 and parse_value("-2") == -2
    assert parse_value("red") == "red"


def test_play_without_a_seed_draws_one_and_prints_it_so_the_game_can_be_played_again(runner):
    first = run(runner, "play", "san_juan", "-p", 2)
    assert first.exit_code == 0, first.output
    seed = int(re.match(r"San Juan \(san_juan\): 2 players, seed (\d+)\n", first.stdout).group(1))
    second = run(runner, "play", "san_juan", "-p", 2)
    assert not second.stdout.startswith(f"San Juan (san_juan): 2 players, seed {seed}\n")   # not a fixed default
    again = run(runner, "play", "san_juan", "-p", 2, "-s", seed)
    assert again.stdout == first.stdout


def test_docs_writes_the_rules_pages_of_a_house_rule_file(runner, tmp_path):
    variant = pathlib.Path(__file__).parent.parent / "examples" / "rebalanced.yaml"
    result = run(runner, "docs", str(variant), "-o", str(tmp_path / "pages"))
    assert result.exit_code == 0, result.output
    pages = {p.name for p in (tmp_path / "pages").iterdir()}
    assert pages == {"index.md", "setup.md", "roles.md", "cards.md", "when.md", "end.md", "options.md", "changes.md", "ids.md"}
    changes = (tmp_path / "pages" / "changes.md").read_text(encoding="utf-8")
    assert "## Cards removed" in changes and "Palace" in changes      # what the variant file does


def test_docs_of_content_that_does_not_load_is_an_error_not_a_traceback(runner, tmp_path):
    result = run(runner, "docs", "no_such_game", "-o", str(tmp_path / "pages"))
    assert result.exit_code == 2 and "no packaged game or file named 'no_such_game'" in result.output
    assert not (tmp_path / "pages").exists()


def test_docs_into_a_folder_under_a_regular_file_is_an_error_not_a_traceback(runner, tmp_path):
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    result = run(runner, "docs", "san_juan", "-o", str(tmp_path / "notes.txt" / "pages"))
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"Error: cannot write the pages into {tmp_path / 'notes.txt' / 'pages'}: Not a directory" in result.output
    assert "Traceback" not in result.output and (tmp_path / "notes.txt").read_text() == "a file, not a folder"


def test_play_with_a_preset_and_an_option_over_it(runner):
    result = run(runner, "play", "puerto_rico", "--players", 3, "--seed", 2, "--preset", "expansions")
    assert result.exit_code == 0, result.output
    assert "new_buildings=draft, nobles=true" in result.stdout
    assert "put the" in result.stdout and "on the building board" in result.stdout     # the draft at set-up
    over = run(runner, "play", "puerto_rico", "--players", 3, "--seed", 2, "--preset", "expansions",
               "--option", "new_buildings=random")
    assert over.exit_code == 0, over.output
    assert "new_buildings=random, nobles=true" in over.stdout and "on the building board" not in over.stdout
    bad = run(runner, "play", "puerto_rico", "--preset", "everything")
    assert bad.exit_code != 0 and "unknown preset 'everything'" in bad.output
