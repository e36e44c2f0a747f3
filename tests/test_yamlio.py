import time

import pytest
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from boardrules.errors import ContentError, ContentIssue
from boardrules.content.schemacheck import did_you_mean, validate
from boardrules.content.yamlio import load_yaml, path_to_str


def load_error(text, **kwargs) -> ContentIssue:
    with pytest.raises(ContentError) as info:
        load_yaml("c.yaml", text=text, **kwargs)
    assert len(info.value.errors) == 1
    return info.value.errors[0]


# -- errors -------------------------------------------------------------------

def test_content_issue_str_formats():
    issue = ContentIssue("content/x.yaml", 12, 5, "cards[3].cost", "expected an integer, got 'three'")
    assert str(issue) == "content/x.yaml:12:5: cards[3].cost: expected an integer, got 'three'"
    hinted = ContentIssue("x.yaml", 2, 1, "deck", "unknown card 'libary'", "did you mean 'library'?")
    assert str(hinted) == "x.yaml:2:1: deck: unknown card 'libary' (did you mean 'library'?)"
    assert str(ContentIssue("x.yaml", None, None, "", "file not found")) == "x.yaml: file not found"


def test_content_error_lists_issues():
    issues = [ContentIssue("a.yaml", 1, 1, "x", "bad"), ContentIssue("a.yaml", 2, 3, "", "worse")]
    err = ContentError(issues)
    assert err.errors == issues and err.issues == issues
    assert str(err).splitlines() == ["2 problem(s) in content:", "  a.yaml:1:1: x: bad", "  a.yaml:2:3: worse"]


def test_path_to_str():
    assert path_to_str(("cards", 3, "effects", 0, "when")) == "cards[3].effects[0].when"
    assert path_to_str(()) == ""
    assert path_to_str((2, "a")) == "[2].a"


# -- loading ------------------------------------------------------------------

CARDS = """\
# a comment
cards:
  - name: smithy
    cost: 4
  - name: library
    cost: 5
    tags: [draw, action]
"""


def test_loads_plain_data_with_positions(tmp_path):
    file = tmp_path / "cards.yaml"
    file.write_text(CARDS)
    doc = load_yaml(file)
    assert doc.file == str(file)
    assert doc.data == {"cards": [{"name": "smithy", "cost": 4},
                                  {"name": "library", "cost": 5, "tags": ["draw", "action"]}]}
    assert type(doc.data) is dict and type(doc.data["cards"]) is list
    assert doc.where(("cards", 1, "cost")) == (6, 11)
    assert doc.where(("cards", 1)) == (5, 5)
    assert doc.where(("cards", 1, "tags", 1)) == (7, 18)
    assert doc.where(("cards", 1, "missing", 0)) == (5, 5)  # nearest ancestor
    assert doc.where(()) == (2, 1)
    issue = doc.issue(("cards", 1, "cost"), "too expensive")
    assert str(issue).endswith(":6:11: cards[1].cost: too expensive")


def test_scalars_are_plain_python():
    doc = load_yaml("s.yaml", text="i: 0x10\nf: 1.5\nb: true\nn: ~\nd: 2024-01-02\nyes: no\n")
    assert doc.data == {"i": 16, "f": 1.5, "b": True, "n": None, "d": "2024-01-02", "yes": "no"}
    assert [type(v) for v in doc.data.values()] == [int, float, bool, type(None), str, str]


def test_empty_value_is_located_at_its_key():
    doc = load_yaml("e.yaml", text="a:\n  cost:\n  name: x\n")
    assert doc.data == {"a": {"cost": None, "name": "x"}}
    assert doc.where(("a", "cost")) == (2, 3)


def test_aliases_and_merge_keys_are_expanded():
    doc = load_yaml("m.yaml", text="base: &b {cost: 1, name: x}\ncard:\n  <<: *b\n  name: y\n")
    assert doc.data["card"] == {"name": "y", "cost": 1}
    doc.data["card"]["cost"] = 9
    assert doc.data["base"]["cost"] == 1  # copies, not shared objects


def test_syntax_error_has_line_and_column():
    issue = load_error("a: [1, 2\nb: 3\n")
    assert (issue.file, issue.line, issue.column) == ("c.yaml", 2, 2)
    assert issue.message.startswith("invalid YAML")


def test_duplicate_key_reports_the_duplicate():
    issue = load_error("cards:\n  name: a\n  cost: 1\n  name: b\n")
    assert (issue.line, issue.column, issue.path) == (4, 3, "cards.name")
    assert "duplicate key 'name'" in issue.message and "line 2" in issue.message


@pytest.mark.parametrize("text", [
    "a: !!python/object/apply:os.system ['echo hi']\n",
    "a: !!python/name:os.system\n",
    "a: !custom 3\n",
    "!!set {a, b}\n",
])
def test_non_core_tags_are_rejected(text):
    issue = load_error(text)
    assert "tag" in issue.message and "not allowed" in issue.message and issue.line == 1


def test_non_string_keys_are_rejected():
    issue = load_error("cards:\n  1: x\n")
    assert (issue.line, issue.column) == (2, 3)
    assert "keys must be strings" in issue.message


def test_billion_laughs_fails_fast():
    lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 9):
        lines.append(f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]")
    start = time.perf_counter()
    issue = load_error("\n".join(lines) + "\n")
    assert time.perf_counter() - start < 0.5
    assert "too many" in issue.message


def test_alias_count_is_limited():
    text = "a: &a x\nb: [" + ", ".join(["*a"] * 11) + "]\n"
    assert load_yaml("c.yaml", text=text, max_aliases=11).data["b"] == ["x"] * 11
    assert "alias" in load_error(text, max_aliases=10).message


def test_recursive_alias_is_rejected():
    assert "recursive" in load_error("a: &a [1, *a]\n").message


def test_oversize_file(tmp_path):
    file = tmp_path / "big.yaml"
    file.write_text("a: " + "x" * 200 + "\n")
    with pytest.raises(ContentError, match="too large"):
        load_yaml(file, max_bytes=100)
    assert "too large" in load_error("a: " + "x" * 200, max_bytes=100).message


def test_deep_nesting():
    assert load_yaml("c.yaml", text="[" * 10 + "]" * 10, max_depth=10).data == [[[[[[[[[[]]]]]]]]]]
    assert "deeper than 10" in load_error("[" * 11 + "]" * 11, max_depth=10).message
    assert "deeper than 64" in load_error("[" * 5000 + "]" * 5000).message
    # aliases can nest deeper than the text does
    text = "a: &a [[[[[1]]]]]\nb: &b [[[[[*a]]]]]\nc: [[[*b]]]\n"
    assert "deeper than 10" in load_error(text, max_depth=10).message


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "---\n"])
def test_empty_file(text):
    assert load_error(text).message == "the file is empty"


def test_missing_file(tmp_path):
    with pytest.raises(ContentError, match="file not found"):
        load_yaml(tmp_path / "nope.yaml")


def test_multiple_documents_rejected():
    issue = load_error("a: 1\n---\nb: 2\n")
    assert issue.line == 2


# -- schema validation --------------------------------------------------------

CARD_SCHEMA = {
    "type": "object",
    "required": ["cards"],
    "additionalProperties": False,
    "properties": {
        "cards": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "cost", "copies"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string"},
                    "cost": {"type": "integer"},
                    "copies": {"type": "integer"},
                    "kind": {"enum": ["action", "treasure", "victory"]},
                    "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
                },
            },
        }
    },
}


def test_schema_reports_all_errors_sorted_by_position():
    text = """\
cards:
  - name: a
    cots: 2
    copies: 1
  - name: b
    cost: three
    copies: 1
    kind: acton
"""
    issues = validate(load_yaml("c.yaml", text=text), CARD_SCHEMA)
    assert [(i.line, i.path, i.message, i.hint) for i in issues] == [
        (2, "cards[0]", "missing field 'cost'", None),
        (3, "cards[0].cots", "unknown field 'cots'", "did you mean 'cost'?"),
        (6, "cards[1].cost", "expected an integer, got 'three'", None),
        (8, "cards[1].kind", "expected one of: action, treasure, victory, got 'acton'", "did you mean 'action'?"),
    ]
    assert str(issues[2]) == "c.yaml:6:11: cards[1].cost: expected an integer, got 'three'"


def test_schema_messages_never_dump_huge_values():
    text = "cards:\n  - name: a\n    cost: 1\n    copies: 1\n    tags: [" + ", ".join(["x" * 50] * 40) + "]\n"
    issues = validate(load_yaml("c.yaml", text=text), CARD_SCHEMA)
    assert len(issues) == 1 and issues[0].path == "cards[0].tags"
    assert len(issues[0].message) < 120


NODE_SCHEMA = {
    "$id": "https://example.test/node.json",
    "oneOf": [{"$ref": "#/$defs/move"}, {"$ref": "#/$defs/choose"}, {"$ref": "#/$defs/if"}],
    "$defs": {
        "move": {"type": "object", "required": ["move"], "additionalProperties": False,
                 "properties": {"move": {"type": "integer"}, "to": {"enum": ["hand", "library"]}}},
        "choose": {"type": "object", "required": ["choose"], "additionalProperties": False,
                   "properties": {"choose": {"type": "array", "items": {"$ref": "#"}}}},
        "if": {"type": "object", "required": ["if", "then"], "additionalProperties": False,
               "properties": {"if": {"type": "string"}, "then": {"$ref": "#"}}},
    },
}
EFFECTS_SCHEMA = {
    "$id": "https://example.test/effects.json",
    "type": "object",
    "properties": {"effects": {"type": "array", "items": {"$ref": "node.json"}}},
}


def _validate_effects(text):
    registry = Registry().with_resource(NODE_SCHEMA["$id"], DRAFT202012.create_resource(NODE_SCHEMA))
    return validate(load_yaml("e.yaml", text=text), EFFECTS_SCHEMA, registry)


def test_unknown_node_in_one_of_suggests_the_closest_tag():
    [issue] = _validate_effects("effects:\n  - move: 1\n  - mvoe: 2\n")
    assert (issue.line, issue.column, issue.path) == (3, 5, "effects[1]")
    assert issue.message == "unknown node 'mvoe' (expected one of: choose, if, move)"
    assert issue.hint == "did you mean 'move'?"


def test_known_node_reports_errors_from_inside_its_branch():
    text = """\
effects:
  - move: 1
    to: libary
  - choose:
      - move: x
      - if: cond
        then: {move: 1, cots: 2}
"""
    issues = _validate_effects(text)
    assert [(i.line, i.path, i.message, i.hint) for i in issues] == [
        (3, "effects[0].to", "expected one of: hand, library, got 'libary'", "did you mean 'library'?"),
        (5, "effects[1].choose[0].move", "expected an integer, got 'x'", None),
        (7, "effects[1].choose[1].then.cots", "unknown field 'cots'", None),
    ]


def test_union_of_plain_types_lists_what_is_accepted():
    schema = {"type": "object", "properties": {"n": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}}
    [issue] = validate(load_yaml("c.yaml", text="n: [1]\n"), schema)
    assert issue.message == "expected a string or an integer, got a list"


def test_did_you_mean():
    assert did_you_mean("libary", ["library", "hand"]) == "did you mean 'library'?"
    assert did_you_mean("zzz", ["library", "hand"]) is None
