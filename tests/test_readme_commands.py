"""Every ``boardrules`` command the README shows runs as written, from the installed command and in a folder that
is not the checkout, the way a newcomer runs it after ``pip install`` (issue 31). Long runs are shortened
(``--games`` becomes 6); the schema check, which the README says is for a checkout, runs in the checkout."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMAND = shutil.which("boardrules", path=str(Path(sys.executable).parent)) or shutil.which("boardrules")


def commands() -> list[str]:
    found = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        for line in block.splitlines():
            line = re.split(r"\s{2,}#", line)[0].strip()
            if line.startswith("boardrules "):
                found.append(line)
    return found


def test_the_readme_shows_commands():
    assert len(commands()) >= 10


@pytest.fixture(scope="module")
def newcomer(tmp_path_factory):
    if COMMAND is None:
        pytest.skip("the boardrules command is not installed")
    return tmp_path_factory.mktemp("newcomer")


@pytest.mark.parametrize("line", commands())
def test_a_readme_command_runs_as_written(newcomer, line):
    if " --check " in f"{line} ":
        where = ROOT
    else:
        where = newcomer
        if "examples/" in line and not (where / "examples").is_dir():
            subprocess.run([COMMAND, "examples", "--copy", "examples"], cwd=where, check=True, capture_output=True)
    words = []
    for word in re.sub(r"--games \d+", "--games 6", line).split()[1:]:
        if "*" in word:                     # the shell's glob, done here
            words += sorted(str(p.relative_to(where)) for p in where.glob(word))
        else:
            words.append(word)
    env = {**os.environ, "NO_COLOR": "1"}
    run = subprocess.run([COMMAND, *words], cwd=where, capture_output=True, text=True, timeout=300, env=env)
    assert run.returncode == 0, f"{line}\n{run.stdout[-1500:]}\n{run.stderr[-1500:]}"
