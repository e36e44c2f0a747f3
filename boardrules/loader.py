"""Loads content: YAML files -> schema validation -> semantic build. Errors are collected, never half-loaded."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from referencing import Registry, Resource

from .build import Builder
from .errors import ContentError
from .paths import data_dir, packaged_games
from .schemacheck import did_you_mean, validate
from .yamlio import load_yaml

MAX_FILES = 64


@lru_cache(maxsize=None)
def schemas():
    """(registry, {name: schema}) for every schema file shipped in ``schemas/``."""
    found = {}
    for p in sorted(data_dir("schemas").glob("*.schema.json")):
        found[p.name] = json.loads(p.read_text(encoding="utf-8"))
    registry = Registry().with_resources(
        (s.get("$id", name), Resource.from_contents(s)) for name, s in found.items())
    return registry, found


def resolve(source) -> Path:
    """A packaged game id, a directory holding game.yaml, or a path to a game file."""
    games = packaged_games()
    if isinstance(source, str) and source in games:
        return games[source]
    path = Path(source)
    if path.is_dir():
        path = path / "game.yaml"
    if not path.exists():
        hint = did_you_mean(str(source), games)
        from .errors import ContentIssue
        raise ContentError([ContentIssue(str(source), None, None, "",
                                         f"no packaged game or file named {str(source)!r} "
                                         f"(packaged games: {', '.join(games)})", hint)])
    return path


def load_documents(path: Path):
    """The manifest and its included files, each validated against its schema."""
    registry, found = schemas()
    manifest = load_yaml(path)
    issues = validate(manifest, found["game.schema.json"], registry)
    docs = [manifest]
    includes = manifest.data.get("include", []) if isinstance(manifest.data, dict) else []
    if not isinstance(includes, list):
        return docs, issues          # the schema has reported it
    if len(includes) > MAX_FILES:
        issues.append(manifest.issue(("include",), f"at most {MAX_FILES} included files, got {len(includes)}"))
        return docs, issues
    for i, name in enumerate(includes):
        if not isinstance(name, str):
            continue                 # the schema has reported it
        target = (path.parent / name).resolve()
        if not target.is_file():
            issues.append(manifest.issue(("include", i), f"included file {name!r} not found (looked in {path.parent})"))
            continue
        try:
            doc = load_yaml(target)
        except ContentError as exc:
            issues.extend(exc.errors)
            continue
        issues.extend(validate(doc, found["part.schema.json"], registry))
        docs.append(doc)
    return docs, issues


def load_model(source):
    path = resolve(source)
    docs, issues = load_documents(path)
    if issues:
        raise ContentError(issues)
    builder = Builder(docs, did_you_mean)
    model = builder.build()
    if builder.issues:
        order = {d.file: i for i, d in enumerate(docs)}
        raise ContentError(sorted(builder.issues, key=lambda e: (order.get(e.file, 0), e.line or 0, e.column or 0)))
    model.raw["path"] = str(path)
    return model
