"""Golden playthroughs: whole games by seeded random bots, recorded in tests/golden/. Any change in the engine or the
content that changes play shows up here as a readable diff of the log. When a change is intended, regenerate:

    BOARDRULES_UPDATE_GOLDEN=1 pytest tests/test_golden.py
"""
import os
import pathlib

import pytest

import recording
from click.testing import CliRunner

from boardrules.play.cli import cli

GOLDEN = pathlib.Path(__file__).parent / "golden"
CASES = [("san_juan", 2, 3, []), ("san_juan", 4, 7, []), ("san_juan", 3, 11, ["--option", "fair_start=true"]),
         # a 6-player double-deck game (seed 000: the second set, two extension roles) and San Juan 1897 with the
         # New Buildings expansion (seed 002; the seed picked builds the Cathedral, Park, School, Office, Customs Office)
         ("san_juan", 6, 5, []), ("san_juan_1897", 3, 5, ["--option", "new_buildings=true"]),
         # Puerto Rico at every player count (2: the alea variant), and with the University-Factory price swap
         ("puerto_rico", 2, 3, []), ("puerto_rico", 3, 5, []), ("puerto_rico", 4, 7, []), ("puerto_rico", 5, 9, []),
         ("puerto_rico", 4, 8, ["--option", "university_factory_swap=true"]),
         # both expansions: the New Buildings drafted at set-up, and the Nobles
         ("puerto_rico", 4, 3, ["--option", "new_buildings=draft", "--option", "nobles=true"]),
         # The Castles of Burgundy card game at every player count (seed 003)
         ("burgundy_cards", 2, 3, []), ("burgundy_cards", 3, 5, []), ("burgundy_cards", 4, 7, []),
         # Amerigo at every player count, on the demo map (seed 004)
         ("amerigo", 2, 3, []), ("amerigo", 3, 5, []), ("amerigo", 4, 7, [])]


@pytest.mark.parametrize("game,players,seed,extra", CASES)
def test_playthrough_matches_the_recording(game, players, seed, extra):
    result = CliRunner().invoke(cli, ["play", game, "--players", str(players), "--seed", str(seed), *extra])
    assert result.exit_code == 0, result.output
    path = GOLDEN / f"{game}_{players}p_seed{seed}{'_' + '_'.join(e.replace('=', '-') for e in extra[1::2]) if extra else ''}.txt"
    recording.check(path, result.output, "BOARDRULES_UPDATE_GOLDEN")
