"""The batch runner behind simulate and compare: the same records and numbers whatever the number of workers,
every game counted once, content sent to the workers, records written as they arrive and resumed."""
import json
import pathlib
import re

import pytest
from click.testing import CliRunner

import boardrules
from boardrules.errors import UsageError
from boardrules.play import batch
from boardrules.play.batch import Study, Tally, default_workers, play, run
from boardrules.play.cli import cli
from boardrules.play.records import read_records

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
MARKET = pathlib.Path(__file__).parent / "games" / "market" / "game.yaml"


def key(rec):
    return (rec["source_index"], rec["seed"])


def by_key(records):
    return sorted(records, key=key)


@pytest.fixture
def variant(tmp_path):
    """A house-rule file of the user's own, extending a game file beside it (both in a folder of their own)."""
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "game.yaml").write_text(MARKET.read_text(encoding="utf-8"), encoding="utf-8")
    path = folder / "rich.yaml"
    path.write_text("extends: game.yaml\nid: market_rich\ntitle: Richer market\n"
                    "quantities:\n  change:\n    income: {base: 2}\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def one_worker():
    study = Study.prepare(["san_juan", str(MARKET)], players=2, games=6, seed=11, bots="greedy,random")
    tally = run(study, workers=1)
    return study, tally


# ---------------------------------------------------------------------- the same whatever the workers
def test_records_and_numbers_are_the_same_with_one_and_two_workers(one_worker):
    study, one = one_worker
    two = run(study, workers=2)
    records_one = by_key(one.records[0] + one.records[1])
    records_two = by_key(two.records[0] + two.records[1])
    assert records_one == records_two
    assert one.result() == two.result()
    assert [key(r) for r in records_one] == sorted(study.keys())      # every game once, none lost


def test_a_record_says_what_happened_in_the_game(one_worker):
    study, tally = one_worker
    rules = boardrules.load("san_juan")
    rec = next(r for r in tally.records[0] if r["seed"] == 11)
    assert rec["source"] == "san_juan" and rec["game"] == "san_juan" and rec["players"] == 2
    assert rec["bots"] == ["greedy", "random"]
    # the record is the game: the same seed and bots play it again to the same end
    game = rules.new_game(players=2, seed=11, log=False)
    from boardrules.play.bots import make_bots, play_out
    play_out(game, make_bots("greedy,random", 11, rules, 2))
    assert rec["scores"] == [s["total"] for s in game.scores()]
    assert rec["parts"] == [s["parts"] for s in game.scores()]
    assert rec["winners"] == game.winners() and rec["rounds"] == game.round
    assert rec["end_reason"] == game.end_reason and rec["decisions"] > 0
    cards = {c.id for c in rules.cards}
    assert all(set(ids) <= cards for ids in rec["acquired"]) and any(rec["acquired"])


def test_the_tally_refuses_a_game_twice_and_notices_a_missing_one(one_worker):
    study, tally = one_worker
    records = tally.records[0] + tally.records[1]
    fresh = Tally(study)
    fresh.add_all(records[:-1])
    with pytest.raises(UsageError, match="missing"):
        fresh.check_complete()
    with pytest.raises(UsageError, match="counted twice"):
        fresh.add(records[0])
    with pytest.raises(UsageError, match="another study"):
        fresh.add({**records[0], "seed": 999})
    fresh.add(records[-1])
    fresh.check_complete()
    assert fresh.result() == tally.result()


def test_the_numbers_do_not_depend_on_the_order_games_finish_in(one_worker):
    study, tally = one_worker
    records = tally.records[0] + tally.records[1]
    backwards = Tally(study)
    backwards.add_all(reversed(records))
    assert backwards.result() == tally.result()


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_play_yields_each_game_not_skipped_exactly_once(workers):
    study = Study.prepare([str(MARKET)] * 2, players=2, games=7, seed=0, bots="random")
    skip = {(0, 1), (0, 2), (1, 6)}
    got = [key(r) for chunk in play(study, workers=workers, skip=skip) for r in chunk]
    assert sorted(got) == sorted(study.keys() - skip)


def test_workers_get_the_content_not_a_path_to_read_again(variant):
    study = Study.prepare([str(MARKET), str(variant)], players=2, games=4, seed=3, bots="greedy,random")
    assert [rel for rel, _ in study.sources[1].files] == ["game.yaml", "rich.yaml"]
    here = run(study, workers=1)
    for path in variant.parent.iterdir():       # changed after the start: the workers must not read them
        path.write_text("this is not the file that was loaded\n", encoding="utf-8")
    spawned = run(study, workers=2, start_method="spawn")       # fresh interpreters: nothing inherited
    assert by_key(spawned.records[1]) == by_key(here.records[1])
    assert spawned.result() == here.result()
    assert here.records[1][0]["game"] == "market_rich"
    assert here.result()["sources"][0] != here.result()["sources"][1]       # the variant plays differently


def test_a_variant_of_a_packaged_game_sends_only_its_own_file():
    bundle = batch.Bundle.of(str(EXAMPLES / "tweak.yaml"))
    assert bundle.entry == "tweak.yaml"
    assert bundle.files == (("tweak.yaml", (EXAMPLES / "tweak.yaml").read_bytes()),)
    assert batch.Bundle.of("san_juan").files == ()


def test_default_workers_are_the_cores_this_process_may_use(monkeypatch):
    monkeypatch.setattr(batch.os, "sched_getaffinity", lambda pid: {3}, raising=False)
    assert default_workers() == 1
    monkeypatch.delattr(batch.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(batch.os, "cpu_count", lambda: 6)
    assert default_workers() == 6


def test_bad_studies_fail_before_any_game():
    with pytest.raises(boardrules.ContentError):
        Study.prepare(["no_such_game"], players=2, games=2, seed=0)
    with pytest.raises(UsageError, match="not 9"):
        Study.prepare(["san_juan"], players=9, games=2, seed=0)
    with pytest.raises(UsageError, match="unknown option"):
        Study.prepare(["san_juan"], players=2, games=2, seed=0, options={"nope": 1})
    with pytest.raises(UsageError, match="unknown preset"):
        Study.prepare(["san_juan"], players=2, games=2, seed=0, preset="nope")
    with pytest.raises(UsageError, match="unknown bot"):
        Study.prepare(["san_juan"], players=2, games=2, seed=0, bots="clever")
    with pytest.raises(UsageError, match="at least 1"):
        Study.prepare(["san_juan"], players=2, games=0, seed=0)
    study = Study.prepare(["san_juan"], players=2, games=2, seed=0)
    with pytest.raises(UsageError, match="workers"):
        list(play(study, workers=0))


# ---------------------------------------------------------------------- records that outlive the run
class Stop(Exception):
    pass


def interrupted(study, out, after_chunks=1, resume=False):
    """Runs ``study`` into ``out`` and stops it (as Ctrl-C would) after some chunks have been written."""
    seen = []

    def progress(n):
        seen.append(n)
        if len(seen) >= after_chunks:
            raise Stop
    with pytest.raises(Stop):
        run(study, workers=1, out=out, resume=resume, progress=progress)
    return sum(seen)


def test_jsonl_records_survive_an_interruption_and_resume_to_the_same_result(tmp_path, one_worker):
    study, full = one_worker
    out = tmp_path / "study.jsonl"
    kept = interrupted(study, out)
    header, records, _ = read_records(out)
    assert header["players"] == 2 and [s["source"] for s in header["sources"]] == ["san_juan", str(MARKET)]
    assert 0 < len(records) == kept < 12
    # the run was cut off in the middle of writing a line
    with open(out, "ab") as f:
        f.write(b'{"source": "san_juan", "source_index": 0, "se')
    played = []
    resumed = run(study, workers=2, out=out, resume=True, progress=played.append)
    assert sum(played) == 12 - kept                         # the games already there are not played again
    assert resumed.result() == full.result()
    header, records, _ = read_records(out)
    assert by_key(records) == by_key(full.records[0] + full.records[1])
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 12 and all(json.loads(line) for line in lines)      # no half line, no game twice


def test_a_records_file_is_not_overwritten_or_mixed_with_another_study(tmp_path, one_worker):
    study, _ = one_worker
    out = tmp_path / "study.jsonl"
    run(study, workers=1, out=out)
    before = out.read_bytes()
    with pytest.raises(UsageError, match="exists: add --resume"):
        run(study, workers=1, out=out)
    other = Study.prepare(["san_juan", str(MARKET)], players=3, games=6, seed=11, bots="random")
    with pytest.raises(UsageError, match="another study: its players 2"):
        run(other, workers=1, out=out, resume=True)
    other = Study.prepare(["san_juan", "san_juan"], players=2, games=6, seed=11, bots="greedy,random")
    with pytest.raises(UsageError, match="source 2 is"):
        run(other, workers=1, out=out, resume=True)
    assert out.read_bytes() == before                      # nothing appended
    (tmp_path / "notes.jsonl").write_text('{"hello": 1}\n', encoding="utf-8")
    with pytest.raises(UsageError, match="not a boardrules records file"):
        run(study, workers=1, out=tmp_path / "notes.jsonl", resume=True)
    with pytest.raises(UsageError, match=r"\.jsonl .* or \.parquet"):
        run(study, workers=1, out=tmp_path / "study.csv")


def test_a_changed_variant_file_is_another_study(tmp_path, variant):
    out = tmp_path / "study.jsonl"
    run(Study.prepare([str(variant)], players=2, games=2, seed=1), workers=1, out=out)
    variant.write_text(variant.read_text(encoding="utf-8").replace("base: 2", "base: 3"), encoding="utf-8")
    changed = Study.prepare([str(variant)], players=2, games=2, seed=1)
    with pytest.raises(UsageError, match="has changed since"):
        run(changed, workers=1, out=out, resume=True)


def test_more_games_go_on_from_the_records_of_fewer(tmp_path):
    small = Study.prepare([str(MARKET)], players=2, games=3, seed=0)
    out = tmp_path / "study.jsonl"
    run(small, workers=1, out=out)
    big = Study.prepare([str(MARKET)], players=2, games=5, seed=0)
    played = []
    tally = run(big, workers=1, out=out, resume=True, progress=played.append)
    assert sum(played) == 2 and tally.result() == run(big, workers=1).result()


def test_parquet_records_survive_an_interruption_and_resume(tmp_path, one_worker):
    pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    study, full = one_worker
    out = tmp_path / "study.parquet"
    kept = interrupted(study, out)
    assert pq.read_table(out).num_rows == kept              # what finished is in the folder, readable as a dataset
    resumed = run(study, workers=2, out=out, resume=True)
    assert resumed.result() == full.result()
    header, records, _ = read_records(out)
    assert by_key(records) == by_key(full.records[0] + full.records[1])
    table = pq.read_table(out)
    assert table.num_rows == 12 and set(table.column_names) >= {"source", "seed", "scores", "winners", "acquired"}


# ---------------------------------------------------------------------- the command line
def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def without_speed(text):
    return re.sub(r"^speed .*$", "", text, flags=re.M)


def test_simulate_workers_and_bots():
    args = ["simulate", "san_juan", "-n", 6, "-p", 3, "--bots", "greedy,random,random"]
    one, two = invoke(*args, "--workers", 1), invoke(*args, "--workers", 2)
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert "bots greedy,random,random" in one.stdout and "(" in one.stdout
    assert "one process" in one.stdout and "2 worker processes" in two.stdout
    assert without_speed(one.stdout) == without_speed(two.stdout)
    assert re.search(r"^by part .*\(mean per seat\)$", one.stdout, re.M)


def test_simulate_out_and_resume(tmp_path):
    out = tmp_path / "games.jsonl"
    first = invoke("simulate", "san_juan", "-n", 3, "-p", 2, "-w", 1, "--out", out)
    assert first.exit_code == 0, first.output
    assert len(out.read_text(encoding="utf-8").splitlines()) == 4
    again = invoke("simulate", "san_juan", "-n", 5, "-p", 2, "-w", 1, "--out", out, "--resume")
    assert again.exit_code == 0, again.output
    assert "resumed    3 games read back" in again.stdout and "2 played" in again.stdout
    fresh = invoke("simulate", "san_juan", "-n", 5, "-p", 2, "-w", 1)
    skip = ("speed", "resumed", "records in")
    keep = lambda text: [l for l in text.splitlines() if l.strip() and not l.startswith(skip)]     # noqa: E731
    assert keep(again.stdout) == keep(fresh.stdout)


def test_compare_preset_and_records(tmp_path):
    out = tmp_path / "games.jsonl"
    result = invoke("compare", "puerto_rico", "puerto_rico", "-n", 1, "-p", 3, "-w", 1, "--preset", "expansions",
                    "--out", out)
    assert result.exit_code == 0, result.output
    assert "preset expansions" in result.stdout
    header, records, _ = read_records(out)
    assert header["preset"] == "expansions" and header["options"][0]["nobles"] is True
    assert len(records) == 2


@pytest.mark.parametrize("args, message", [
    (["simulate", "san_juan", "--resume"], "--resume goes with --out"),
    (["simulate", "san_juan", "--out", "x.csv"], ".jsonl"),
    (["simulate", "san_juan", "--bots", "clever"], "unknown bot"),
    (["compare", "san_juan", "san_juan", "--preset", "nope"], "unknown preset"),
    (["simulate", "san_juan", "--workers", "0"], "0"),
])
def test_cli_batch_errors_exit_2(args, message):
    result = invoke(*args, "--games", 2)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_compare_from_records_reports_without_playing(tmp_path, variant):
    out = tmp_path / "games.jsonl"
    played = invoke("compare", MARKET, variant, "-n", 4, "-p", 2, "-w", 1, "--out", out)
    assert played.exit_code == 0, played.output
    for path in variant.parent.iterdir():           # the records hold the content: the files may go
        path.unlink()
    again = invoke("compare", "--from", out, "--report", tmp_path / "report.md")
    assert again.exit_code == 0, again.output
    assert again.stdout.split("\nMarkdown report")[0] == played.stdout.split("\nrecords in")[0]
    assert "Richer market" in (tmp_path / "report.md").read_text(encoding="utf-8")


def test_compare_from_an_unfinished_or_foreign_file_is_refused(tmp_path):
    out = tmp_path / "games.jsonl"
    run(Study.prepare([str(MARKET)], players=2, games=3, seed=0), workers=1, out=out)
    lines = out.read_text(encoding="utf-8").splitlines()
    (tmp_path / "gap.jsonl").write_text("\n".join([lines[0], lines[1], lines[3]]) + "\n", encoding="utf-8")
    result = invoke("compare", "--from", tmp_path / "gap.jsonl")
    assert result.exit_code == 2 and "unfinished study (1 of 3 games missing)" in result.output
    header = json.loads(lines[0])
    header["study"]["sources"][0]["files"] = {"../../escape.yaml": "id: x\n"}
    (tmp_path / "bad.jsonl").write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    result = invoke("compare", "--from", tmp_path / "bad.jsonl")
    assert result.exit_code == 2 and "not a file name inside its folder" in result.output
    assert not (tmp_path.parent / "escape.yaml").exists()
    result = invoke("compare", "san_juan", "--from", out)
    assert result.exit_code == 2 and "give no SOURCE" in result.output


@pytest.mark.parametrize("name", ["study.jsonl", "study.parquet"])
def test_two_runs_never_write_one_file_at_once(tmp_path, name):
    if name.endswith(".parquet"):
        pytest.importorskip("pyarrow")
    from boardrules.play.records import open_writer

    study = Study.prepare([str(MARKET)], players=2, games=2, seed=0)
    first = open_writer(tmp_path / name, study, resume=True)       # --resume of a file not there yet: a new one
    try:
        with pytest.raises(UsageError, match="being written by another run"):
            run(study, workers=1, out=tmp_path / name, resume=True)
    finally:
        first.close()
    assert run(study, workers=1, out=tmp_path / name, resume=True).count == 2


@pytest.mark.parametrize("name", ["study.jsonl", "study.parquet"])
def test_resuming_reads_the_games_back_one_at_a_time_and_checks_the_study_first(tmp_path, name):
    """A study of millions of games is resumed without holding its records: each game read back goes straight to
    the tally (and the set of games done), and a file of another study is refused before any game is read."""
    if name.endswith(".parquet"):
        pytest.importorskip("pyarrow")
    from boardrules.play.records import open_writer, scan_records

    study = Study.prepare([str(MARKET)], players=2, games=6, seed=0)
    run(study, workers=1, out=tmp_path / name)
    got = []
    writer = open_writer(tmp_path / name, study, resume=True, on_record=got.append)
    writer.close()
    assert len(got) == 6 and writer.existing == []
    read = []

    def refuse(header):
        raise UsageError("not this study")
    with pytest.raises(UsageError, match="not this study"):
        scan_records(tmp_path / name, read.append, refuse)
    assert read == []
    other = Study.prepare([str(MARKET)], players=3, games=6, seed=0)
    with pytest.raises(UsageError):
        open_writer(tmp_path / name, other, resume=True, on_record=read.append)
    assert read == []
