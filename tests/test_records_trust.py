"""Records files read back are untrusted too (issue 38, item 5): a records file may have been edited, cut, or come
from someone else. Every record is checked against its study's header before it is counted, by one reader for JSON
Lines and Parquet: a yes/no is not a seed, a seat is one of the game's seats, numbers are finite, a line is bounded
in size and depth, a Parquet part has every column. Each problem is the library's UsageError naming the file and
the line (or the part and row); nothing is counted from a file that has one. A fuzz target mutates records files
(records, header, bytes, Parquet parts) and asserts that nothing but the library's errors comes out.
"""
from __future__ import annotations

import json
import math
import pathlib
import shutil

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from boardrules.errors import ContentError, UsageError
from boardrules.limits import MAX_NUMBER, MAX_RECORD_BYTES
from boardrules.play.batch import Study, from_records, run
from boardrules.play.bundle import _digest
from boardrules.play.records import check_record, read_records
from boardrules.play.report import write_report
from conftest import time_limit

MARKET = pathlib.Path(__file__).parent / "games" / "market" / "game.yaml"


@pytest.fixture(scope="module")
def study():
    return Study.prepare([str(MARKET)], players=2, games=4, seed=1, bots="random")


@pytest.fixture(scope="module")
def lines(study, tmp_path_factory):
    """The lines of a whole records file of the study: the header, then four games."""
    out = tmp_path_factory.mktemp("records") / "good.jsonl"
    run(study, workers=1, out=out)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5
    return lines


def write(path: pathlib.Path, lines: list[str]) -> pathlib.Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def edited(lines, k: int, **fields) -> list[str]:
    """The lines with record ``k`` (1 = the first game) changed."""
    rec = json.loads(lines[k])
    rec.update(fields)
    return lines[:k] + [json.dumps(rec)] + lines[k + 1:]


def refused(path, study, match: str):
    """Both readers (a report from the file, and resuming the study) refuse the file with UsageError."""
    with pytest.raises(UsageError, match=match):
        from_records(path)
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(UsageError, match=match):
        run(study, workers=1, out=path, resume=True)
    if before is not None:
        assert path.read_bytes() == before          # nothing appended to a file that was refused


# ---------------------------------------------------------------------- the cases of the issue
def test_a_yes_no_is_not_a_seed(tmp_path, study, lines):
    # "seed": true once counted as game 1 (True == 1 in Python)
    path = write(tmp_path / "s.jsonl", edited(lines, 1, seed=True))
    refused(path, study, r"s\.jsonl, line 2: seed is not a whole number .*true and false are not numbers")


def test_a_winner_is_one_of_the_games_seats(tmp_path, study, lines):
    # winners: [-1] once counted a win for the last seat
    for winners in ([-1], [2], [], [0, 0], [True], ["0"]):
        path = write(tmp_path / "w.jsonl", edited(lines, 2, winners=winners))
        refused(path, study, r"w\.jsonl, line 3: winners is not a list of distinct seats from 0 to 1")


def test_numbers_are_finite_and_bounded(tmp_path, study, lines):
    rec = json.loads(lines[1])
    for score in ("Infinity", "-Infinity", "NaN", "1e400"):
        text = json.dumps({**rec, "scores": ["@", rec["scores"][1]]}).replace('"@"', score)
        path = write(tmp_path / "n.jsonl", lines[:1] + [text] + lines[2:])
        refused(path, study, r"n\.jsonl, line 2: (not a JSON record|scores\[0\] is not a whole number of points)")
    path = write(tmp_path / "n.jsonl", edited(lines, 1, scores=[10 ** 20, 0]))
    refused(path, study, r"line 2: scores\[0\] is not a whole number of points within")
    path = write(tmp_path / "n.jsonl", edited(lines, 1, parts=[{"x": float("nan")}, {}]))
    refused(path, study, r"line 2: not a JSON record")     # (json.dumps writes NaN, which no record holds)


def test_points_are_whole_numbers_and_far_apart_scores_make_a_short_report(tmp_path, study, lines):
    refused(write(tmp_path / "p.jsonl", edited(lines, 1, scores=[2.5, 1])), study,
            r"line 2: scores\[0\] is not a whole number of points")
    path = write(tmp_path / "far.jsonl", edited(lines, 1, scores=[MAX_NUMBER, -MAX_NUMBER]))
    with time_limit(10, "a report on scores far apart"):
        result = from_records(path).result()
        (source,) = result["sources"]
        assert source["score"]["min"] == -MAX_NUMBER and source["score"]["max"] == MAX_NUMBER
        assert len(source["score"]["histogram"]) <= 2 * 4        # the scores that occur, not every one between
        write_report(result, tmp_path / "report.html")
    assert "<svg" in (tmp_path / "report.html").read_text(encoding="utf-8")


def test_a_line_nested_deep_or_too_long_is_refused_quickly(tmp_path, study, lines):
    deep = "[" * 100_000 + "]" * 100_000
    refused(write(tmp_path / "d.jsonl", lines[:2] + [deep] + lines[2:]), study, r"line 3: .*nested too deeply")
    long = json.dumps({**json.loads(lines[1]), "game": "x" * MAX_RECORD_BYTES})
    refused(write(tmp_path / "l.jsonl", lines[:1] + [long] + lines[1:]), study, r"line 2: longer than 2,000,000")


def test_every_field_is_checked(tmp_path, study, lines):
    cases = [
        (dict(players=3), r"players is not a whole number 2"),
        (dict(source_index=1), r"source_index is not a whole number"),
        (dict(bots=["random"]), r"bots is not a list of one entry per seat \(2\)"),
        (dict(scores=[1, "2"]), r"scores\[1\] is not a whole number of points"),
        (dict(scores=[True, 1]), r"scores\[0\] is not a whole number of points"),
        (dict(parts=[{"a": 1}, []]), r"parts\[1\] is not a mapping"),
        (dict(parts=[{"a": 1}, {"b": "1"}]), r"parts\[1\]\[.b.\] is not a whole number of points"),
        (dict(rounds=-1), r"rounds is not a whole number from 0"),
        (dict(decisions=1.5), r"decisions is not a whole number"),
        (dict(end_reason=7), r"end_reason is not a text"),
        (dict(acquired=[["a"], [1]]), r"acquired\[1\]\[0\] is not a text"),
        (dict(acquired=[["a"], "b"]), r"acquired\[1\] is not a list"),
        (dict(game=None), r"game is not a text"),
    ]
    for fields, match in cases:
        refused(write(tmp_path / "f.jsonl", edited(lines, 3, **fields)), study, r"f\.jsonl, line 4: " + match)
    rec = json.loads(lines[1])
    del rec["scores"]
    refused(write(tmp_path / "f.jsonl", lines[:1] + [json.dumps(rec)] + lines[2:]), study,
            r"line 2: not a game record: no scores")
    refused(write(tmp_path / "f.jsonl", lines[:1] + ["[1, 2]"] + lines[2:]), study, r"line 2: not a game record")


def test_a_record_of_another_study_names_its_line(tmp_path, lines):
    path = write(tmp_path / "o.jsonl", edited(lines, 4, seed=-5))
    with pytest.raises(UsageError, match=r"o\.jsonl, line 5: a record of another study"):
        from_records(path)


def test_a_good_file_still_reads_back_exactly(tmp_path, study, lines):
    path = write(tmp_path / "g.jsonl", lines)
    assert from_records(path).result() == run(study, workers=1).result()
    header, records, _ = read_records(path)
    assert [r["seed"] for r in records] == [1, 2, 3, 4]
    assert records[0] == check_record(json.loads(lines[1]), 2, 1)


def test_a_header_whose_files_are_folders_of_each_other_is_refused(tmp_path, lines):
    # a header listing both "sub" and "sub/x.yaml" made the worker write a file where a folder had to be
    header = json.loads(lines[0])
    files = {"sub": "x: 1\n", "sub/x.yaml": "id: x\n"}
    header["study"]["sources"][0].update(source="sub/x.yaml", entry="sub/x.yaml", files=files)
    header["study"]["sources"][0]["digest"] = _digest("sub/x.yaml", tuple(sorted(
        (k, v.encode()) for k, v in files.items())))
    path = write(tmp_path / "h.jsonl", [json.dumps(header)] + lines[1:])
    with pytest.raises(UsageError, match=r"h\.jsonl \(its study header\): .*'sub/x\.yaml' lies in 'sub'"):
        from_records(path)


def test_a_header_with_a_yes_no_for_its_players_or_seed_is_refused(tmp_path, lines):
    for field, value in (("players", True), ("seed", True), ("seed", 2.0), ("format", 2), ("players", 10 ** 6)):
        header = json.loads(lines[0])
        header["study"][field] = value
        with pytest.raises(UsageError, match=r"h\.jsonl"):
            from_records(write(tmp_path / "h.jsonl", [json.dumps(header)] + lines[1:]))


def test_resuming_a_file_whose_header_lists_no_source_mapping_is_refused(tmp_path, study, lines):
    # found by the fuzzer: a header whose sources were [null] ended resuming with an AttributeError
    header = json.loads(lines[0])
    header["study"]["sources"] = [None]
    refused(write(tmp_path / "h.jsonl", [json.dumps(header)] + lines[1:]), study, r"h\.jsonl")


@pytest.fixture(scope="module")
def parquet(study, tmp_path_factory):
    pytest.importorskip("pyarrow")
    out = tmp_path_factory.mktemp("records") / "good.parquet"
    run(study, workers=1, out=out)
    return out


def test_a_parquet_part_without_a_column_is_refused(tmp_path, study, parquet):
    import pyarrow.parquet as pq

    folder = tmp_path / "p.parquet"
    shutil.copytree(parquet, folder)
    part = folder / "part-00000.parquet"
    pq.write_table(pq.read_table(part).drop(["scores"]), part)
    refused(folder, study, r"p\.parquet/part-00000\.parquet: not a part of a records folder \(no column scores\)")


def test_a_parquet_row_is_checked_like_a_line(tmp_path, study, parquet):
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder = tmp_path / "p.parquet"
    shutil.copytree(parquet, folder)
    part = folder / "part-00000.parquet"
    rows = pq.read_table(part).to_pylist()
    rows[2]["winners"] = [-1]
    pq.write_table(pa.Table.from_pylist(rows, schema=pq.read_schema(part)), part)
    refused(folder, study, r"part-00000\.parquet, row 3: winners is not a list of distinct seats")
    rows[2]["winners"], rows[1]["scores"] = [0], [math.inf, 1.0]
    pq.write_table(pa.Table.from_pylist(rows, schema=pq.read_schema(part)), part)
    refused(folder, study, r"part-00000\.parquet, row 2: scores\[0\] is not a whole number of points")


def test_a_file_named_like_a_part_that_is_not_one_is_refused(tmp_path, study, parquet):
    folder = tmp_path / "p.parquet"
    shutil.copytree(parquet, folder)
    shutil.copy(folder / "part-00000.parquet", folder / "part-².parquet")    # once int("²"): a raw ValueError
    refused(folder, study, r"part-²\.parquet: not a part of a records folder")


# ---------------------------------------------------------------------- fuzzing
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
FIELDS = ["source", "source_index", "seed", "game", "players", "bots", "scores", "parts", "winners", "rounds",
          "end_reason", "decisions", "acquired"]
HEADER_FIELDS = ["format", "players", "seed", "games", "bots", "preset", "options", "sources", "asked"]

_checked = settings(max_examples=max(20, settings.default.max_examples // 2), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.filter_too_much])


def only_library_errors(path, study) -> None:
    """Reading ``path`` back, for a report and to resume, raises nothing but the library's errors; a report that
    reads counts each game once, with wins shared out over its seats. Each reading is bounded in time."""
    with time_limit(20, "reading a records file back"):
        try:
            result = from_records(path).result()
        except (UsageError, ContentError):
            pass
        else:
            (source,) = result["sources"]
            assert math.isclose(sum(source["wins"]), source["games"]) and source["games"] == result["games"]
        try:
            run(study, workers=1, out=path, resume=True)
        except (UsageError, ContentError):
            pass


@_checked
@given(k=st.integers(1, 4), field=st.sampled_from(FIELDS), value=JSON, drop=st.booleans())
def test_fuzz_a_record_field(tmp_path_factory, study, lines, k, field, value, drop):
    rec = json.loads(lines[k])
    if drop:
        del rec[field]
    else:
        rec[field] = value
    path = write(tmp_path_factory.mktemp("fuzz") / "r.jsonl", lines[:k] + [json.dumps(rec)] + lines[k + 1:])
    only_library_errors(path, study)


@_checked
@given(k=st.integers(1, 4), field=st.sampled_from(FIELDS), index=st.integers(0, 3), value=JSON)
def test_fuzz_inside_a_record_field(tmp_path_factory, study, lines, k, field, index, value):
    rec = json.loads(lines[k])
    inner = rec[field]
    if isinstance(inner, list) and inner:
        inner[index % len(inner)] = value
    elif isinstance(inner, dict) and inner:
        inner[sorted(inner)[index % len(inner)]] = value
    else:
        rec[field] = [value]
    path = write(tmp_path_factory.mktemp("fuzz") / "r.jsonl", lines[:k] + [json.dumps(rec)] + lines[k + 1:])
    only_library_errors(path, study)


@_checked
@given(field=st.sampled_from(HEADER_FIELDS), value=JSON)
def test_fuzz_the_header(tmp_path_factory, study, lines, field, value):
    header = json.loads(lines[0])
    header["study"][field] = value
    path = write(tmp_path_factory.mktemp("fuzz") / "h.jsonl", [json.dumps(header)] + lines[1:])
    only_library_errors(path, study)


@_checked
@given(field=st.sampled_from(["source", "entry", "digest", "files"]), value=JSON, keep_digest=st.booleans())
def test_fuzz_a_source_of_the_header(tmp_path_factory, study, lines, field, value, keep_digest):
    header = json.loads(lines[0])
    source = header["study"]["sources"][0]
    source[field] = value
    if keep_digest and isinstance(source.get("files"), dict) and isinstance(source.get("entry"), str) \
            and all(isinstance(v, str) for v in source["files"].values()):
        source["digest"] = _digest(source["entry"], tuple(sorted((str(k), v.encode("utf-8", "surrogateescape"))
                                                                 for k, v in source["files"].items())))
    path = write(tmp_path_factory.mktemp("fuzz") / "h.jsonl", [json.dumps(header)] + lines[1:])
    only_library_errors(path, study)


@_checked
@given(at=st.integers(0, 10 ** 6), cut=st.integers(0, 40), insert=st.binary(max_size=40))
def test_fuzz_the_bytes(tmp_path_factory, study, lines, at, cut, insert):
    data = ("\n".join(lines) + "\n").encode()
    at %= len(data)
    path = tmp_path_factory.mktemp("fuzz") / "b.jsonl"
    path.write_bytes(data[:at] + insert + data[at + cut:])
    only_library_errors(path, study)


@_checked
@given(k=st.integers(0, 3), field=st.sampled_from(FIELDS), value=JSON)
def test_fuzz_a_parquet_part(tmp_path_factory, study, parquet, k, field, value):
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder = tmp_path_factory.mktemp("fuzz") / "p.parquet"
    shutil.copytree(parquet, folder)
    part = folder / "part-00000.parquet"
    table = pq.read_table(part)
    column = table.column(field).to_pylist()
    column[k] = value
    mutated = None
    for values in (column, [value] * len(column)):     # the row alone, else the whole column, changed
        try:
            mutated = pa.array(values)  # the column's type inferred from its values, whatever they are
            break
        except (pa.ArrowException, ValueError, TypeError, OverflowError):
            continue
    assume(mutated is not None)
    table = table.set_column(table.schema.get_field_index(field), field, mutated)
    try:
        pq.write_table(table, part)
    except (pa.ArrowException, ValueError, TypeError):     # a type Parquet cannot hold (an empty struct)
        assume(False)
    only_library_errors(folder, study)
