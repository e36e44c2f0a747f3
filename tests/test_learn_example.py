"""The learning example (examples/learn_san_juan.py): a one-minute smoke run of MaskablePPO on two-player San Juan
against the random bot, trained and measured end to end (skips without the ``learn`` extra). The figure that matters,
the win rate after a full run, is in docs/ai.md with its command; this run only shows the example works."""
from __future__ import annotations

import csv
import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("sb3_contrib", reason="the learn extra (torch, sb3-contrib) trains the example's policy")
EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "learn_san_juan.py"


def test_the_example_trains_a_masked_policy_and_measures_it(tmp_path):
    curve = tmp_path / "curve.csv"
    run = subprocess.run([sys.executable, str(EXAMPLE), "--steps", "2048", "--every", "2048", "--eval", "10",
                          "--curve", str(curve), "--save", str(tmp_path / "policy")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "final win rate against the random bot" in run.stdout
    rows = list(csv.reader(curve.open()))
    assert rows[0] == ["steps", "cpu_seconds", "win_rate"] and [int(r[0]) for r in rows[1:]] == [0, 2048]
    assert all(0.0 <= float(r[2]) <= 1.0 for r in rows[1:])
    assert (tmp_path / "policy.zip").stat().st_size > 10_000
