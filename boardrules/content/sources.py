"""Finds a game's files and reads them into one merged, positioned document: YAML, schema checks, includes and
variant overlays.

Every problem in every file is collected in one pass: a file that cannot be parsed is skipped, a broken entry is
set aside (see ``prune``), and the rest still goes through every later stage, so five mistakes in five files show
up in one run, not five. Nothing is ever half-loaded: any problem means a ContentError in the end.
"""
from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

import attrs

from ..errors import ContentError, ContentIssue
from .confine import Refused, confined, root_of
from .merge import Sourced, combine, overlay
from .paths import data_dir, packaged_games
from .prune import is_knock_on, names_in, prune_located, prune_sourced, unit_of, words_in
from .schemacheck import did_you_mean, validate_with_paths
from .located import Located, read_regular_file

from ..limits import MAX_CHAIN, MAX_FILE_BYTES, MAX_FILE_VALUES, MAX_TOTAL_BYTES, MAX_TOTAL_FILES, MAX_TOTAL_VALUES
from ..limits import MAX_INCLUDES as MAX_FILES


@lru_cache(maxsize=None)
def schemas():
    """(registry, {name: schema}) for every schema file packaged in ``schemas/``."""
    from referencing import Registry, Resource      # imported when content is first checked

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
    try:
        if path.is_dir():
            path = path / "game.yaml"
        found = path.exists()
    except (OSError, ValueError):    # a name too long for the file system, and the like
        found = False
    if not found:
        shown = str(source) if len(str(source)) <= 200 else str(source)[:197] + "..."
        raise ContentError([ContentIssue(shown, None, None, "",
                                         f"no packaged game or file named {shown!r} "
                                         f"(packaged games: {', '.join(games)})", did_you_mean(shown, games))])
    return path


class Gathering:
    """One load in progress: the issues found so far, what was set aside, and the budgets left."""

    def __init__(self):
        self.issues: list[ContentIssue] = []
        self.maybe_defined: set[str] = set()   # names written in content set aside after an error
        self.blind = False                     # some content could not be read at all: its names are unknown
        self.order: list[str] = []             # files, base first, for sorting the issues
        self.files = 0
        self.values = 0
        self.bytes = 0

    def read(self, path: Path, by=None) -> Located | None:
        """One file parsed, or None (with its issue recorded). ``by``: (doc, path) of the reference to it."""
        self.files += 1
        if self.files > MAX_TOTAL_FILES:
            self.blind = True
            if by is not None:
                self.issues.append(by[0].issue(by[1], f"a game may use at most {MAX_TOTAL_FILES} files in all"))
            return None
        left = MAX_TOTAL_VALUES - self.values
        left_bytes = MAX_TOTAL_BYTES - self.bytes
        from .yamlio import load_yaml       # the YAML parser is imported when a file is first parsed

        max_values = min(MAX_FILE_VALUES, max(left, 0))
        try:
            doc = load_yaml(path, max_values=max_values, max_bytes=min(MAX_FILE_BYTES, max(left_bytes, 0)))
        except ContentError as exc:
            issues = exc.errors
            if "too many values" in issues[0].message:
                # the values parsed before it stopped count against the load too: sixty files of 5,001 values
                # each parse 5,000 of them once, not sixty times over
                self.values += max_values
            if left < MAX_FILE_VALUES and "too many values" in issues[0].message:
                issues = [attrs.evolve(issues[0], hint=f"a game's files together may hold at most "
                                                       f"{MAX_TOTAL_VALUES} values")]
            elif left_bytes < MAX_FILE_BYTES and "too large" in issues[0].message:
                issues = [attrs.evolve(issues[0], hint=f"a game's files together may hold at most "
                                                       f"{MAX_TOTAL_BYTES:,} bytes")]
            self.issues.extend(issues)
            self._set_aside_unparsed(path)
            return None
        self.values += len(doc.positions)
        self.bytes += doc.size
        return doc

    def _set_aside_unparsed(self, path: Path):
        """Remember the words of a file that did not parse; if it cannot even be read, remember that."""
        left = MAX_TOTAL_BYTES - self.bytes
        try:
            # (within the load's byte budget: a large file included many times is read for its words once at most)
            text = read_regular_file(os.fspath(path), min(MAX_FILE_BYTES, left)).decode("utf-8", "replace")
        except ContentError:
            self.blind = True
        else:
            self.bytes += len(text)
            self.maybe_defined |= words_in(text)

    def checked(self, doc: Located, schema: str, variant: bool = False) -> Located | None:
        """``doc`` with the entries that break ``schema`` set aside, or None when what is left is still invalid
        (e.g. a required field is missing)."""
        if not isinstance(doc.data, dict):
            # Not echoed: a file pulled in by mistake (a text file, a key) should not be quoted back.
            kind = {list: "a list", str: "text", type(None): "nothing"}.get(type(doc.data), "a single value")
            self.issues.append(doc.issue((), f"the file must hold a mapping of sections (name: value lines), "
                                             f"not {kind}"))
            self.maybe_defined |= _names(doc)
            return None
        registry, found = schemas()
        issues, paths = validate_with_paths(doc, found[schema], registry)
        if not issues:
            return doc
        self.issues.extend(issues)
        units = {unit_of(p, variant) for p in paths}
        if () in units:
            self.maybe_defined |= _names(doc)
            return None
        doc, dropped = prune_located(doc, units)
        self.maybe_defined |= dropped
        if validate_with_paths(doc, found[schema], registry)[0]:
            self.maybe_defined |= _names(doc)
            return None
        return doc

    def merged_checked(self, merged: Sourced) -> Sourced | None:
        """A merged game checked against the game schema, broken entries set aside (a variant can break what
        was valid on its own)."""
        registry, found = schemas()
        issues, paths = validate_with_paths(merged, found["game.schema.json"], registry)
        if not issues:
            return merged
        self.issues.extend(issues)
        units = {unit_of(p) for p in paths}
        if () in units:
            return None
        self.maybe_defined |= prune_sourced(merged, units)
        return None if validate_with_paths(merged, found["game.schema.json"], registry)[0] else merged

    def add_later_issues(self, issues):
        """Reference and semantic issues, except those caused by content already set aside."""
        self.issues.extend(i for i in issues if not is_knock_on(i.message, self.maybe_defined, self.blind))

    def error(self) -> ContentError | None:
        """Every issue, file by file (base first) and in reading order within a file."""
        if not self.issues:
            return None
        order = {f: i for i, f in enumerate(self.order)}
        issues = sorted(dict.fromkeys(self.issues),
                        key=lambda e: (order.get(e.file, len(order)), e.line or 0, e.column or 0))
        return ContentError(issues)


def _names(doc: Located) -> set[str]:
    return names_in(doc.data)


def gather(path: Path, found: Gathering, chain=(), root: Path | None = None) -> Sourced | None:
    """One merged document for a game file, or for a variant applied to what it extends (recursively), or
    None when there is not enough valid content to make one; every problem goes into ``found``. Every file it
    pulls in must be a regular file under ``root`` (default: ``path``'s folder)."""
    root = root or root_of(path)
    doc = found.read(path)
    if doc is None:
        found.order.append(str(path))
        return None
    if isinstance(doc.data, dict) and "extends" in doc.data:
        return _variant(path, doc, found, chain, root)
    found.order.append(doc.file)
    manifest = found.checked(doc, "game.schema.json")
    docs = [manifest] if manifest is not None else []
    includes = doc.data.get("include", []) if isinstance(doc.data, dict) else []
    if not isinstance(includes, list):
        includes = []                # the schema has reported it
    if len(includes) > MAX_FILES:
        found.issues.append(doc.issue(("include",), f"at most {MAX_FILES} included files, got {len(includes)}"))
        found.blind = True
        includes = []
    seen: dict = {}
    for i, name in enumerate(includes):
        if not isinstance(name, str):
            continue                 # the schema has reported it
        try:
            target = confined(name, path.parent, root)
        except Refused as exc:
            found.issues.append(doc.issue(("include", i), f"included file {exc.message}", exc.hint))
            found.blind = True
            continue
        same = os.path.realpath(target)
        if same in seen:             # it would define everything it holds twice: read once, refused here
            found.issues.append(doc.issue(("include", i), f"{name!r:.80} is included already (include[{seen[same]}])",
                                          "include each file once"))
            continue
        seen[same] = i
        part = found.read(target, by=(doc, ("include", i)))
        found.order.append(str(target))
        if part is not None:
            part = found.checked(part, "part.schema.json")
        if part is not None:
            docs.append(part)
    if manifest is None:
        return None
    issues: list[ContentIssue] = []
    merged = combine(docs, issues)
    found.issues.extend(issues)
    return merged


def _variant(path: Path, doc: Located, found: Gathering, chain, root: Path) -> Sourced | None:
    variant = found.checked(doc, "variant.schema.json", variant=True)
    key = Path(os.path.realpath(path))
    extends = doc.data["extends"]
    if not isinstance(extends, str):
        found.order.append(doc.file)
        return None                  # the schema has reported it
    if key in chain:
        names = " -> ".join(p.name for p in (*chain, key))
        found.issues.append(doc.issue(("extends",), f"'extends' makes a cycle: {names}"))
        found.order.append(doc.file)
        return None
    if len(chain) >= MAX_CHAIN:
        found.issues.append(doc.issue(("extends",), f"variants may extend each other at most {MAX_CHAIN} deep",
                                      "extend a variant nearer the game, or merge some of them"))
        found.order.append(doc.file)
        return None
    try:
        base_path, base_root = _base(extends, path, root)
    except Refused as exc:
        found.issues.append(doc.issue(("extends",), f"'extends' names {exc.message}", exc.hint))
        found.order.append(doc.file)
        found.blind = True
        return None
    base = gather(base_path, found, (*chain, key), base_root)
    found.order.append(doc.file)
    if base is None or variant is None:
        return None
    issues: list[ContentIssue] = []
    merged = overlay(base, variant, did_you_mean, issues)
    found.add_later_issues(issues)
    # the result must be content that could have been written by hand
    return found.merged_checked(merged)


def _base(name: str, path: Path, root: Path):
    """(file, root) of what a variant extends: a packaged game (rooted in its own folder), or a file under
    ``root``. Raises Refused."""
    games = packaged_games()
    if name in games:
        return games[name], games[name].parent
    try:
        return confined(name, path.parent, root, directory_means="game.yaml"), root
    except Refused as exc:
        if "not found" in exc.message:
            exc.hint = did_you_mean(name, games) or f"packaged games: {', '.join(games)}"
        raise


def load_sourced(path: Path) -> Sourced:
    """The merged document for a game or variant file; a ContentError with every problem if anything is wrong
    (reference and semantic checks need the compiled model: see ``lang.load``)."""
    found = Gathering()
    merged = gather(path, found)
    error = found.error()
    if error is not None:
        raise error
    return merged
