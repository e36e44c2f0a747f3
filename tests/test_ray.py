"""The Ray backend (skipped without Ray: ``pip install 'boardrules[ray]'``): the same records and numbers as one
local worker, a killed worker's chunk played again and counted once, and an address that does not answer refused
before anything is played."""
import os
import pathlib
import signal
import threading

import pytest

ray = pytest.importorskip("ray")

from boardrules.errors import UsageError  # noqa: E402
from boardrules.play.batch import Study, run  # noqa: E402

MARKET = pathlib.Path(__file__).parent / "games" / "market" / "game.yaml"


def by_key(tally):
    return sorted((r for per in tally.records for r in per), key=lambda r: (r["source_index"], r["seed"]))


def test_an_address_that_does_not_answer_is_refused_before_anything_is_written(tmp_path):
    study = Study.prepare([str(MARKET)], players=2, games=2, seed=0)
    with pytest.raises(UsageError, match="does not answer"):
        run(study, out=tmp_path / "games.jsonl", backend="ray", address="127.0.0.1:1")
    assert not (tmp_path / "games.jsonl").exists()


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="error")
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rules")
    (folder / "game.yaml").write_text(MARKET.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "rich.yaml").write_text("extends: game.yaml\nid: market_rich\ntitle: Richer market\n"
                                      "quantities:\n  change:\n    income: {base: 2}\n", encoding="utf-8")
    return Study.prepare([str(MARKET), str(folder / "rich.yaml")], players=3, games=30, seed=2,
                         bots="greedy,random,random")


def test_ray_gives_the_records_and_numbers_of_one_worker(local_ray, study):
    here = run(study, workers=1)
    there = run(study, backend="ray")
    assert by_key(there) == by_key(here)
    assert there.result() == here.result()


def _kill_a_busy_worker() -> bool:
    """SIGKILL one Ray worker process that is playing a chunk (its title is ray::_play_chunk)."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = pathlib.Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if cmd.startswith(b"ray::_play_chunk"):
            os.kill(int(pid), signal.SIGKILL)
            return True
    return False


@pytest.mark.skipif(not pathlib.Path("/proc").is_dir(), reason="finds Ray's workers in /proc")
def test_a_worker_killed_mid_run_loses_and_doubles_nothing(local_ray, tmp_path):
    study = Study.prepare(["san_juan"], players=3, games=24, seed=5, bots="greedy,random,random")
    killed, done = [], threading.Event()

    def killer():
        while not done.is_set() and not killed:
            if _kill_a_busy_worker():
                killed.append(True)
            done.wait(0.005)
    thread = threading.Thread(target=killer)
    thread.start()
    out = tmp_path / "games.jsonl"
    try:
        tally = run(study, backend="ray", out=out)
    finally:
        done.set()
        thread.join()
    assert killed == [True]
    assert by_key(tally) == by_key(run(study, workers=1))      # each game once, none lost
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1 + 24
