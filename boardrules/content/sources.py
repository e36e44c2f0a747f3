"""Finds a game's files and reads them into one merged, positioned document: YAML, schema checks, includes and
variant overlays. Errors are collected, never half-loaded."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from referencing import Registry, Resource

from ..errors import ContentError, ContentIssue
from .confine import Refused, confined, root_of
from .merge import Sourced, combine, overlay
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


def resolve(source, relative_to: Path | None = None) -> Path:
    """What the user named: a packaged game id, a directory holding game.yaml, or a path to a game or variant
    file (anywhere: confinement applies to what that file pulls in, see ``_base``)."""
    games = packaged_games()
    if isinstance(source, str) and source in games:
        return games[source]
    path = Path(source)
    if relative_to is not None and not path.is_absolute():
        path = relative_to / path
    if path.is_dir():
        path = path / "game.yaml"
    if not path.exists():
        raise ContentError([ContentIssue(str(source), None, None, "",
                                         f"no packaged game or file named {str(source)!r} "
                                         f"(packaged games: {', '.join(games)})", did_you_mean(str(source), games))])
    return path


def load_documents(path: Path, manifest=None, root: Path | None = None):
    """The manifest and its included files (regular files under ``root``), each validated against its schema."""
    registry, found = schemas()
    manifest = manifest or load_yaml(path)
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
        try:
            target = confined(name, path.parent, root or root_of(path))
        except Refused as exc:
            issues.append(manifest.issue(("include", i), f"included file {exc.message}", exc.hint))
            continue
        try:
            doc = load_yaml(target)
        except ContentError as exc:
            issues.extend(exc.errors)
            continue
        issues.extend(validate(doc, found["part.schema.json"], registry))
        docs.append(doc)
    return docs, issues


def load_sourced(path: Path, chain=(), root: Path | None = None) -> Sourced:
    """One merged document for a game file, or for a variant applied to what it extends (recursively).
    Every file it pulls in must be under ``root`` (default: ``path``'s folder)."""
    registry, found = schemas()
    root = root or root_of(path)
    doc = load_yaml(path)
    if not (isinstance(doc.data, dict) and "extends" in doc.data):
        docs, issues = load_documents(path, doc, root)
        if issues:
            raise ContentError(issues)
        issues = []
        merged = combine(docs, issues)
        if issues:
            raise ContentError(issues)
        return merged
    issues = validate(doc, found["variant.schema.json"], registry)
    if issues:
        raise ContentError(issues)
    key = path.resolve()
    if key in chain:
        names = " -> ".join(p.name for p in (*chain, key))
        raise ContentError([doc.issue(("extends",), f"'extends' makes a cycle: {names}")])
    base_path, base_root = _base(doc, path, root)
    base = load_sourced(base_path, (*chain, key), base_root)
    issues = []
    merged = overlay(base, doc, did_you_mean, issues)
    if issues:
        raise ContentError(issues)
    # the result must be content that could have been written by hand
    issues = validate(merged, found["game.schema.json"], registry)
    if issues:
        raise ContentError(issues)
    return merged


def _base(doc, path: Path, root: Path):
    """(file, root) of what a variant extends: a packaged game (rooted in its own folder), or a file under
    ``root``."""
    name = doc.data["extends"]
    games = packaged_games()
    if name in games:
        return games[name], games[name].parent
    try:
        return confined(name, path.parent, root, directory_means="game.yaml"), root
    except Refused as exc:
        hint = exc.hint
        if "not found" in exc.message:
            hint = did_you_mean(name, games) or f"packaged games: {', '.join(games)}"
        raise ContentError([doc.issue(("extends",), f"'extends' names {exc.message}", hint)]) from None
