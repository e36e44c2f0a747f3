"""Mutated content never crashes the loader: take the control game's data, break random nodes (wrong types, huge
numbers, deleted keys, unknown ids, ...), and ``load()`` must either succeed or raise ContentError: never any
other exception, never a hang.

Seeded and bounded by the hypothesis profile of tests/conftest.py; ``HYPOTHESIS_PROFILE=release`` (or
``FUZZ_EXAMPLES=3000``) runs a longer search.
"""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules
from boardrules import ContentError
from boardrules.content.yamlio import load_yaml

CONTROL = Path(__file__).parent / "bad_content" / "control" / "game.yaml"
BASE = load_yaml(CONTROL).data
EXAMPLES = int(settings.default.max_examples * 1.5)      # the profile's count (tests/conftest.py)


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths(value, prefix + (i,))


ALL_PATHS = [p for p in paths(BASE) if p]
IDS = sorted({str(v) for p in ALL_PATHS for v in [p[-1]] if isinstance(v, str)})

replacements = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**30, max_value=10**30), st.sampled_from([0, -1, 10**9]),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from(IDS + ["nope", "", "$x", "$card", "libary", "round", "shared"]),
    st.lists(st.integers(-3, 3), max_size=3), st.dictionaries(st.sampled_from(IDS[:20] + ["x"]), st.integers(), max_size=2),
    st.just({}), st.just([]),
)


@st.composite
def mutated(draw):
    data = json.loads(json.dumps(BASE))
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(ALL_PATHS))
        parent = data
        try:
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue                      # an earlier mutation removed or replaced this part
        if not isinstance(parent, (dict, list)):
            continue                      # ... with a text, whose letters can be read but not replaced
        how = draw(st.sampled_from(["replace", "delete", "rename", "duplicate"]))
        key = path[-1]
        if how == "replace":
            parent[key] = draw(replacements)
        elif how == "delete":
            del parent[key]
        elif how == "rename" and isinstance(key, str):
            parent[draw(st.sampled_from(IDS + ["zoens", "unknown_key"]))] = parent.pop(key)
        elif how == "duplicate" and isinstance(parent, list):
            parent.append(json.loads(json.dumps(parent[key])))
    return data


def load_mutated(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        path.write_text(json.dumps(data), encoding="utf-8")     # JSON is YAML
        try:
            boardrules.load(path)
        except ContentError as exc:
            assert exc.errors and all(str(issue) for issue in exc.errors)


@settings(max_examples=EXAMPLES)
@given(mutated())
def test_mutated_content_loads_or_raises_content_error(data):
    load_mutated(data)


def load_mutated_in_parts(data):
    """The same game written as several files: a manifest including its cards and roles from part files, and a
    variant extending it that changes one card and adds an option; the mutations land in whichever file."""
    if not isinstance(data, dict):
        return load_mutated(data)
    with tempfile.TemporaryDirectory() as folder:
        manifest = {k: v for k, v in data.items() if k not in ("cards", "roles")}
        manifest["include"] = ["cards.yaml", "roles.yaml"]
        for name, section in (("cards.yaml", "cards"), ("roles.yaml", "roles")):
            part = {section: data[section]} if section in data else {}
            (Path(folder) / name).write_text(json.dumps(part), encoding="utf-8")
        (Path(folder) / "game.yaml").write_text(json.dumps(manifest), encoding="utf-8")
        cards = data.get("cards") if isinstance(data.get("cards"), list) else []
        first = next((c.get("id") for c in cards if isinstance(c, dict) and isinstance(c.get("id"), str)), "x")
        variant = {"extends": "game.yaml", "id": "fuzz_variant",
                   "cards": {"change": {first: {"copies": 2}}},
                   "options": {"add": {"fuzz_option": {"default": False}}}}
        (Path(folder) / "variant.yaml").write_text(json.dumps(variant), encoding="utf-8")
        for entry in ("game.yaml", "variant.yaml"):
            try:
                boardrules.load(Path(folder) / entry)
            except ContentError as exc:
                assert exc.errors and all(str(issue) for issue in exc.errors)
                assert all(issue.file for issue in exc.errors)      # every problem names its file


@settings(max_examples=EXAMPLES)
@given(mutated())
def test_mutated_content_in_several_files_and_a_variant_loads_or_raises_content_error(data):
    load_mutated_in_parts(data)


def test_the_unmutated_control_loads():
    load_mutated(BASE)
    load_mutated_in_parts(BASE)


def test_found_by_fuzzing_a_modifier_without_add_or_set(tmp_path):
    """``{modify: draw_count}`` alone passed the schema and the builder died with a KeyError."""
    text = CONTROL.read_text(encoding="utf-8").replace("        add: 1\n", "", 1)
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    try:
        boardrules.load(tmp_path)
    except ContentError as exc:
        assert "needs one of the fields: add, set" in exc.errors[0].message
    else:
        raise AssertionError("a modifier without add or set loaded")


def test_found_by_fuzzing_a_count_written_as_a_decimal(tmp_path):
    """``copies: 2.0`` passed the schema (JSON Schema calls 2.0 an integer) and the compiler died with a TypeError."""
    data = json.loads(json.dumps(BASE))
    data["cards"][0]["copies"] = 2.0
    (tmp_path / "game.yaml").write_text(json.dumps(data), encoding="utf-8")
    try:
        boardrules.load(tmp_path)
    except ContentError as exc:
        assert any("copies" in issue.path and "integer" in issue.message for issue in exc.errors), exc
    else:
        raise AssertionError("copies: 2.0 loaded")
