"""Merging content files into one document that remembers where every value came from.

A game is a manifest plus included files; a variant ``extends`` a game and patches it with explicit operations.
Both give a ``Sourced`` document: plain data plus, for every path, the file, line and column (and the path
inside that file) it came from, so an error in merged content still names the file that wrote the value.
"""
from __future__ import annotations

import copy

import attrs

from ..errors import ContentIssue
from .located import Located, path_to_str

LIST_SECTIONS = ("cards", "roles")
MAP_SECTIONS = ("options", "presets", "selectors", "attributes", "zones", "piles", "counters", "events", "quantities",
                "payments", "procedures")
OBJECT_SECTIONS = ("round", "scoring", "names", "players", "play", "works")
STEP_SECTIONS = ("setup", "flow", "extra_copies", "checks")
SCALARS = ("id", "title", "edition", "description", "start_zone", "box_zone")


@attrs.define
class Sourced:
    data: dict
    _origin: dict | None    # merged path -> (file, line, column, path in that file)
    _keys: dict | None      # merged path -> the same, for the mapping key
    files: list             # every file that contributed, base first
    removed: dict = attrs.field(factory=dict)   # id -> "file:line" of the variant operation that removed it
    # where the positions come from when they are not given: a cached load reads them only if something asks
    # (content that loaded without a problem once is compiled without one again, so mostly nothing does)
    _positions: object = None

    def _read_positions(self) -> None:
        if self._origin is None:
            self._origin, self._keys = self._positions()

    @property
    def origin(self) -> dict:
        self._read_positions()
        return self._origin

    @property
    def keys(self) -> dict:
        self._read_positions()
        return self._keys

    @property
    def file(self) -> str:
        return self.files[-1]

    def _find(self, table, path):
        for end in range(len(path), -1, -1):
            hit = table.get(path[:end])
            if hit is not None:
                return hit, path[end:]
        return (self.file, None, None, ""), path

    def where(self, path):
        (file, line, column, _), _ = self._find(self.origin, tuple(path))
        return line, column

    def issue(self, path, message, hint=None, at_key=False) -> ContentIssue:
        path = tuple(path)
        table = self.keys if at_key and path in self.keys else self.origin
        (file, line, column, src), rest = self._find(table, path)
        return ContentIssue(file, line, column, _join(src, rest), message, hint)


def walk(node):
    """Every mapping in a piece of raw content, depth first."""
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from walk(v)


def _join(src: str, rest: tuple) -> str:
    tail = path_to_str(rest)
    if not src:
        return tail
    return src + ("" if not tail else (tail if tail.startswith("[") else "." + tail))


def _graft(out: Sourced, target: tuple, doc: Located, source: tuple):
    """Records that the subtree at ``target`` now comes from ``doc`` at ``source``."""
    n = len(target)
    for table in (out.origin, out.keys):
        for p in [p for p in table if p[:n] == target]:
            del table[p]
    k = len(source)
    for p, (line, column) in doc.positions.items():
        if p[:k] == source:
            out.origin[target + p[k:]] = (doc.file, line, column, path_to_str(p))
    for p, (line, column) in doc.keys.items():
        if p[:k] == source and len(p) > k:
            out.keys[target + p[k:]] = (doc.file, line, column, path_to_str(p))


def _forget(out: Sourced, target: tuple):
    """The subtree at ``target`` was deleted: nothing comes from anywhere there any more."""
    n = len(target)
    for table in (out.origin, out.keys):
        for p in [p for p in table if p[:n] == target]:
            del table[p]


def _shift(out: Sourced, section: str, removed: int):
    """Renumbers the provenance of list items after one was removed."""
    for table in (out.origin, out.keys):
        moved = {}
        for p in list(table):
            if len(p) >= 2 and p[0] == section and isinstance(p[1], int) and p[1] >= removed:
                value = table.pop(p)
                if p[1] > removed:
                    moved[(section, p[1] - 1) + p[2:]] = value
        table.update(moved)


def combine(docs: list[Located], issues: list) -> Sourced:
    """A manifest and its included files as one document: lists concatenated, mappings joined."""
    manifest = docs[0]
    data = {k: copy.deepcopy(v) for k, v in manifest.data.items() if k != "include"}
    out = Sourced(data, {}, {}, [d.file for d in docs])
    _graft(out, (), manifest, ())
    for doc in docs[1:]:
        for section, value in doc.data.items():
            if section in LIST_SECTIONS:
                items = data.setdefault(section, [])
                for i, item in enumerate(value):
                    items.append(copy.deepcopy(item))
                    _graft(out, (section, len(items) - 1), doc, (section, i))
            else:
                target = data.setdefault(section, {})
                for key, item in value.items():
                    if key in target:
                        first = out.origin.get((section, key), ("?",))[0]
                        issues.append(doc.issue((section, key), f"{section} entry {key!r} is defined twice "
                                                                f"(first in {first})", at_key=True))
                        continue
                    target[key] = copy.deepcopy(item)
                    _graft(out, (section, key), doc, (section, key))
    return out


def _deep_change(out, target, value, doc, source):
    """Mappings merge key by key (null deletes a key); anything else replaces."""
    node = out.data
    for step in target[:-1]:
        node = node[step]
    last = target[-1]
    current = node.get(last) if isinstance(node, dict) else (node[last] if last < len(node) else None)
    if isinstance(value, dict) and isinstance(current, dict):
        for k, v in value.items():
            if v is None:
                node[last].pop(k, None)
                _forget(out, target + (k,))
            else:
                _deep_change(out, target + (k,), v, doc, source + (k,))
        return
    node[last] = copy.deepcopy(value)
    _graft(out, target, doc, source)


def overlay(base: Sourced, variant: Located, did_you_mean, issues: list) -> Sourced:
    """Applies a variant's operations to a base game. Each section's operations run as remove, replace, change,
    add; naming something that does not exist (or adding what does) is an error."""
    out = Sourced(copy.deepcopy(base.data), dict(base.origin), dict(base.keys), base.files + [variant.file],
                  dict(base.removed))

    def note_removed(ident, path):
        line, _ = variant.where(path)
        out.removed[ident] = f"{variant.file}:{line}"
    v, data = variant.data, out.data
    for key in SCALARS:
        if key in v:
            data[key] = v[key]
            _graft(out, (key,), variant, (key,))
    for section in LIST_SECTIONS:
        ops = v.get(section)
        if not ops:
            continue
        items = data.setdefault(section, [])

        def index_of(ident, op, where, _items=items, _section=section):
            for i, item in enumerate(_items):
                if item.get("id") == ident:
                    return i
            known = [item.get("id") for item in _items]
            issues.append(variant.issue((_section, op, where), f"no {_section[:-1]} {ident!r} in the base game to {op}",
                                        did_you_mean(str(ident), known), at_key=op != "remove"))
            return None
        for k, ident in enumerate(ops.get("remove", [])):
            i = index_of(ident, "remove", k)
            if i is not None:
                items.pop(i)
                _shift(out, section, i)
                note_removed(ident, (section, "remove", k))
        for ident, item in ops.get("replace", {}).items():
            i = index_of(ident, "replace", ident)
            if i is not None:
                items[i] = copy.deepcopy({"id": ident, **item})
                _graft(out, (section, i), variant, (section, "replace", ident))
        for ident, patch in ops.get("change", {}).items():
            i = index_of(ident, "change", ident)
            if i is not None:
                _deep_change(out, (section, i), patch, variant, (section, "change", ident))
        for j, item in enumerate(ops.get("add", [])):
            if any(x.get("id") == item.get("id") for x in items):
                issues.append(variant.issue((section, "add", j, "id"), f"{section[:-1]} {item.get('id')!r} already "
                                            "exists in the base game (use change or replace)"))
                continue
            items.append(copy.deepcopy(item))
            _graft(out, (section, len(items) - 1), variant, (section, "add", j))
    for section in MAP_SECTIONS:
        ops = v.get(section)
        if not ops:
            continue
        table = data.setdefault(section, {})
        for op in ("remove", "replace", "change", "add"):
            entries = ops.get(op, [] if op == "remove" else {})
            for k, name in enumerate(entries if op == "remove" else entries.keys()):
                exists = name in table
                if exists == (op == "add"):
                    word = "already exists in the base game (use change or replace)" if exists else \
                        f"is not in the base game, so it cannot be {op}d"
                    issues.append(variant.issue((section, op, name) if op != "remove" else (section, op, k),
                                                f"{section} entry {name!r} {word}",
                                                None if exists else did_you_mean(str(name), list(table)),
                                                at_key=op != "remove"))
                    continue
                if op == "remove":
                    del table[name]
                    _forget(out, (section, name))
                    note_removed(name, (section, "remove", k))
                elif op == "change":
                    _deep_change(out, (section, name), entries[name], variant, (section, "change", name))
                else:
                    table[name] = copy.deepcopy(entries[name])
                    _graft(out, (section, name), variant, (section, op, name))
    for section in OBJECT_SECTIONS:
        ops = v.get(section)
        if not ops:
            continue
        if "replace" in ops:
            data[section] = copy.deepcopy(ops["replace"])
            _graft(out, (section,), variant, (section, "replace"))
        if "change" in ops:
            data.setdefault(section, {})
            _deep_change(out, (section,), ops["change"], variant, (section, "change"))
    for section in STEP_SECTIONS:
        ops = v.get(section)
        if ops and "replace" in ops:
            data[section] = copy.deepcopy(ops["replace"])
            _graft(out, (section,), variant, (section, "replace"))
    rc = v.get("rules_choices")
    if rc:
        choices = data.setdefault("rules_choices", [])
        drop = set(rc.get("remove", []))
        data["rules_choices"] = [c for c in choices if c.get("id") not in drop] + copy.deepcopy(rc.get("add", []))
        _graft(out, ("rules_choices",), variant, ("rules_choices",))
    return out
