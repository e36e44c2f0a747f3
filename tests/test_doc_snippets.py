"""Every snippet of the documentation is checked: the Python examples of each page run in order, as a reader would
type them; each YAML example is valid content (a whole file, a variant, a section or a list of steps) by the
published schemas."""
import json
import pathlib
import re
import textwrap

import jsonschema
import pytest
from referencing import Registry, Resource
from ruamel.yaml import YAML

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
SCHEMAS = {p.stem.split(".")[0]: json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "schemas").glob("*.json")}
REGISTRY = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values())


def blocks(page: pathlib.Path, lang: str) -> list[str]:
    return [textwrap.dedent(b) for b in re.findall(rf"```{lang}\n(.*?)```", page.read_text(encoding="utf-8"), re.S)]


def validator(schema: dict):
    return jsonschema.Draft202012Validator(schema, registry=REGISTRY)


def section(kind: str, key: str) -> dict:
    """A section of the game or variant schema, by reference (its own references resolve from that file)."""
    return {"$ref": f"{SCHEMAS[kind]['$id']}#/properties/{key}"}


def check_yaml(data) -> None:
    """Validates a snippet by its shape: a game file, a variant file, some sections of one (as a game writes them
    or as a variant changes them), or a list of steps (of cards, when its items have an id)."""
    if isinstance(data, list):
        if all(isinstance(x, dict) and "id" in x for x in data):
            validator(section("game", "cards")).validate(data)
        else:
            validator({"$ref": SCHEMAS["defs"]["$id"] + "#/$defs/steps"}).validate(data)
        return
    assert isinstance(data, dict), data
    if "extends" in data:
        validator(SCHEMAS["variant"]).validate(data)
    elif {"id", "title", "players"} <= set(data):
        validator(SCHEMAS["game"]).validate(data)
    else:
        for key, value in data.items():
            kinds = [k for k in ("game", "variant") if key in SCHEMAS[k]["properties"]]
            assert kinds, f"no section {key!r}"
            errors = [e for k in kinds for e in [jsonschema.exceptions.best_match(
                validator(section(k, key)).iter_errors(value))] if e is not None]
            if len(errors) == len(kinds):      # valid neither as a game writes it nor as a variant changes it
                raise errors[0]


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p, "yaml")], ids=lambda p: p.name)
def test_yaml_examples_are_valid_content(page):
    for block in blocks(page, "yaml"):
        check_yaml(YAML(typ="safe").load(block))


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p, "python") and p.name != "README.md"],
                         ids=lambda p: p.name)
def test_python_examples_run_in_order(page, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)          # the examples name files of a checkout (examples/...)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    namespace: dict = {}
    for i, block in enumerate(blocks(page, "python")):
        code = block.replace('"/tmp/boardrules-docs"', repr(str(tmp_path / "docs")))
        exec(compile(code, f"{page.name} (python example {i + 1})", "exec"), namespace)
    assert namespace        # every block ran (an exception above fails the test with the page and the block)


def test_a_broken_snippet_would_fail():
    with pytest.raises(jsonschema.ValidationError):
        check_yaml({"zones": {"hand": {"scope": "everywhere", "visibility": "owner"}}})
    with pytest.raises(jsonschema.ValidationError):
        check_yaml([{"add": {"counter": "sold", "valu": 1}}])


