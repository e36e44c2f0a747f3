"""A batch run that is killed leaves nothing behind (issue 38, item 5): no worker process playing on for nobody, no
lock on the records file held by such a worker, and a clear message, not a traceback, when a worker is killed; in
every case the same command with --resume finishes the study.

The runs are real ``boardrules simulate`` processes with two workers, killed with SIGKILL while they play. Each test
is bounded: a process that does not end in time fails it.
"""
from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from boardrules.play.batch import Study, run

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARKET = pathlib.Path(__file__).parent / "games" / "market" / "game.yaml"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process tree from /proc")


def simulate(out, games, *more):
    return [sys.executable, "-m", "boardrules.cli", "simulate", str(MARKET), "--players", "2", "--games", str(games),
            "--workers", "2", "--out", str(out), *more]


def env():
    return {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def children(pid: int) -> set[int]:
    """The live child processes of ``pid`` (from every one of its threads)."""
    found = set()
    for task in pathlib.Path(f"/proc/{pid}/task").glob("*"):
        try:
            found |= {int(c) for c in (task / "children").read_text().split()}
        except OSError:
            pass
    return {c for c in found if running(c)}


def running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has ended: it waits only to be reaped)."""
    try:
        stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def wait_until(test, seconds: float, what: str):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = test()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {what}")


def started(out: pathlib.Path):
    """A run of many games with two workers, once both workers play and games are in the file."""
    proc = subprocess.Popen(simulate(out, 200_000), env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_until(lambda: out.is_file() and out.read_bytes().count(b"\n") >= 3, 60, "records in the file")
        workers = wait_until(lambda: len(children(proc.pid)) >= 2 and children(proc.pid), 30, "two workers")
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    return proc, workers


def resumes(out: pathlib.Path, games: int = 40) -> None:
    """The same study (fewer games) goes on from the file and gives what an uninterrupted run gives."""
    done = subprocess.run(simulate(out, games, "--resume"), env=env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "being written by another run" not in done.stderr
    study = Study.prepare([str(MARKET)], players=2, games=games, seed=1, bots="random")
    seeds = {json.loads(line)["seed"] for line in out.read_text(encoding="utf-8").splitlines()[1:]}
    assert set(range(1, games + 1)) <= seeds
    whole = run(study, workers=1).result()
    assert f"({whole['sources'][0]['wins'][0]:g} of {games} games)" in done.stdout


def test_a_killed_run_leaves_no_worker_and_no_lock(tmp_path):
    fcntl = pytest.importorskip("fcntl")
    out = tmp_path / "study.jsonl"
    proc, workers = started(out)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    # the lock went with the run: its workers hold no copy of it, even before they have noticed
    with open(out, "rb") as f:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
    wait_until(lambda: not any(running(w) for w in workers), 10, f"the workers {sorted(workers)} ending")
    resumes(out)


def test_a_killed_worker_ends_the_run_with_a_message_and_resume_finishes_it(tmp_path):
    out = tmp_path / "study.jsonl"
    proc, workers = started(out)
    victim = min(workers)
    os.kill(victim, signal.SIGKILL)
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    err = err.decode()
    assert proc.returncode == 2, err
    assert "Traceback" not in err and "BrokenProcessPool" not in err
    assert "Error: a worker process stopped before its games were finished" in err
    assert f"the games finished so far are in {out}; run the same command with --resume" in err
    wait_until(lambda: not any(running(w) for w in workers), 10, "the other worker ending")
    resumes(out)
