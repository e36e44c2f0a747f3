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
MAP_SECTIONS = ("options", "presets", "selectors", "attributes", "zones", "piles", "counters", "events", "tracks",
                "quantities", "payments", "procedures", "reactions", "tiles", "boards")
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
    # how many of the last ``files`` are variants (a variant is one file; the game's own files come first); a
    # document read back from the cache says 0 (only the checks that content from the cache skips ask)
    variants: int = 0

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


def _deep_change(out, target, value, doc, source, edits=None):
    """Mappings merge key by key (null deletes a key); ``{edit: [operations]}`` edits a list in place (see
    ``Edits``); anything else replaces."""
    node = out.data
    for step in target[:-1]:
        node = node[step]
    last = target[-1]
    current = node.get(last) if isinstance(node, dict) else (node[last] if last < len(node) else None)
    if edits is not None and is_edit(value) and (isinstance(current, list) or current is None):
        edits.edit(target, value["edit"], source + ("edit",))
        return
    if isinstance(value, dict) and isinstance(current, dict):
        for k, v in value.items():
            if v is None:
                node[last].pop(k, None)
                _forget(out, target + (k,))
            else:
                _deep_change(out, target + (k,), v, doc, source + (k,), edits)
        return
    node[last] = copy.deepcopy(value)
    _graft(out, target, doc, source)


def is_edit(value) -> bool:
    """A patch that edits a list in place: ``{edit: [operation, ...]}``."""
    return isinstance(value, dict) and set(value) == {"edit"} and isinstance(value["edit"], list)


#: the operations of an edit, each a mapping: its first key names the kind and the target, the others go with it
EDIT_FORMS = {"before": ("insert",), "after": ("insert",), "remove": (), "replace": ("with",), "change": ("with",),
              "append": (), "prepend": (), "at": ("with",)}
_TARGETED = ("before", "after", "remove", "replace", "change")
_VERB = {"before": "insert before", "after": "insert after", "remove": "remove", "replace": "replace",
         "change": "change"}


def _containers(node, rel, seen):
    """Records every mapping and list under ``node`` by identity -> (the object, its path)."""
    if isinstance(node, (dict, list)):
        seen[id(node)] = (node, rel)
        for k, v in (node.items() if isinstance(node, dict) else enumerate(node)):
            _containers(v, rel + (k,), seen)


def _items(node, rel=()):
    """(item, the list holding it, its path) for every mapping that is an item of a list, at any depth (the steps
    under then, else and do included)."""
    if isinstance(node, list):
        for i, v in enumerate(node):
            if isinstance(v, dict):
                yield v, node, rel + (i,)
            yield from _items(v, rel + (i,))
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from _items(v, rel + (k,))


def _locate(node, obj, rel=()):
    """The path of ``obj`` (by identity) under ``node``, or None."""
    if node is obj:
        return rel
    if isinstance(node, (dict, list)):
        for k, v in (node.items() if isinstance(node, dict) else enumerate(node)):
            if isinstance(v, (dict, list)):
                hit = _locate(v, obj, rel + (k,))
                if hit is not None:
                    return hit
    return None


class Edits:
    """Edits in place of the lists of a merged document: insert before or after an entry named by its ``id``
    (found anywhere in the list, nested steps included), remove, replace or change it, append or prepend entries,
    or set the entry at a position (``at``, for tables by player count). Every edit of a list is checked before
    any is applied: an id that is missing or that two entries share, and two edits that touch the same entry, are
    issues at the variant's line, and then that list is left as it was (the load fails anyway)."""

    def __init__(self, out: Sourced, variant: Located, did_you_mean, issues: list):
        self.out, self.variant, self.did_you_mean, self.issues = out, variant, did_you_mean, issues

    def problem(self, path, message, hint=None):
        self.issues.append(self.variant.issue(path, message, hint))

    def edit(self, target: tuple, ops, source: tuple):
        out, variant = self.out, self.variant
        where = path_to_str(source[:-1]).replace(".change.", ".").replace(".edit", "")
        node = out.data
        for step in target[:-1]:
            node = node[step]
        current = node.get(target[-1]) if isinstance(node, dict) else node[target[-1]]
        lst = copy.deepcopy(current) if isinstance(current, list) else []    # never shared with another entry
        known: dict = {}
        for item, _, rel in _items(lst):
            ident = item.get("id")
            if isinstance(ident, str):
                known.setdefault(ident, []).append((item, rel))
        plan, bad = [], False
        for k, op in enumerate(ops):
            here = source + (k,)
            form = self._form(op, here, where)
            if form is None:
                bad = True
                continue
            if form in _TARGETED:
                ident = op[form]
                hits = known.get(ident, []) if isinstance(ident, str) else []
                if not hits:
                    ids = [i for i in known]
                    hint = self.did_you_mean(str(ident), ids) or (
                        f"the ids in {where}: {', '.join(ids)}" if ids else f"no entry of {where} has an id")
                    self.problem(here + (form,), f"no step with id {ident!r} in {where} to {_VERB[form]}", hint)
                    bad = True
                    continue
                if len(hits) > 1:
                    places = ", ".join(self._place(target + rel) for _, rel in hits)
                    self.problem(here + (form,), f"{len(hits)} steps in {where} have the id {ident!r} ({places}): "
                                 f"the edit cannot tell which to {_VERB[form]}", "give each step its own id")
                    bad = True
                    continue
                plan.append((k, form, op, hits[0][0], hits[0][1]))
            elif form == "at":
                n = op["at"]
                if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < len(lst):
                    self.problem(here + ("at",), f"{where} has no entry at position {n!r}",
                                 f"positions count from 0: this list has {len(lst)} entries (0 to {len(lst) - 1})"
                                 if lst else f"{where} is empty")
                    bad = True
                    continue
                plan.append((k, form, op, lst[n], (n,)))
            else:
                plan.append((k, form, op, None, None))
        bad = self._conflicts(plan, source, where) or bad
        bad = self._new_ids(plan, known, source, where) or bad
        if bad:
            return
        node[target[-1]] = lst
        for k, form, op, _, rel in plan:          # positions first, while they still mean the base list
            if form == "at":
                lst[rel[0]] = copy.deepcopy(op["with"])
                _graft(out, target + rel, variant, source + (k, "with"))
        n = len(target)
        old = {"origin": {p[n:]: v for p, v in out.origin.items() if p[:n] == target},
               "keys": {p[n:]: v for p, v in out.keys.items() if p[:n] == target}}
        before: dict = {}
        _containers(lst, (), before)
        added: dict = {}
        cursor: dict = {}
        for k, form, op, obj, _ in plan:
            if form in ("at", "change"):
                continue
            if form in ("append", "prepend"):
                new = self._copies(op[form], source + (k, form), added)
                lst[len(lst) if form == "append" else 0:len(lst) if form == "append" else 0] = new
                continue
            holder, i = self._position(lst, obj)
            if form == "remove":
                del holder[i]
            elif form == "replace":
                new = self._copies(op["with"] if isinstance(op["with"], list) else [op["with"]],
                                   source + (k, "with") if isinstance(op["with"], list) else None, added,
                                   single=source + (k, "with"))
                if len(new) == 1 and isinstance(new[0], dict) and "id" not in new[0]:
                    new[0]["id"] = obj["id"]            # the replacement keeps the name it replaces
                holder[i:i + 1] = new
            else:
                new = self._copies(op["insert"], source + (k, "insert"), added)
                if form == "before":
                    holder[i:i] = new
                else:
                    after = cursor.get(id(obj), obj)     # several inserts after one step keep their order
                    holder, i = self._position(lst, after)
                    holder[i + 1:i + 1] = new
                    if new:
                        cursor[id(obj)] = new[-1]
        self._regraft(target, lst, old, before, added)
        for k, form, op, obj, _ in plan:
            if form == "change":
                rel = _locate(lst, obj)
                if not isinstance(op["with"], dict):
                    self.problem(source + (k, "with"), "'with' of a change must be a mapping of the fields to change")
                    continue
                _deep_change(out, target + rel, op["with"], variant, source + (k, "with"), self)

    def _form(self, op, here, where):
        """The kind of an edit operation, or None (with its issue) when it is malformed."""
        if not isinstance(op, dict):
            self.problem(here, "an edit is a mapping such as {after: <step id>, insert: [steps]}")
            return None
        forms = [k for k in op if k in EDIT_FORMS]
        if len(forms) != 1:
            unknown = [k for k in op if k not in EDIT_FORMS and k not in ("insert", "with")]
            hint = self.did_you_mean(unknown[0], list(EDIT_FORMS)) if unknown else None
            self.problem(here, f"an edit names one of {', '.join(EDIT_FORMS)}; this one has "
                               f"{', '.join(map(str, op)) or 'nothing'}", hint)
            return None
        form = forms[0]
        allowed = {form, *EDIT_FORMS[form]}
        missing = [k for k in EDIT_FORMS[form] if k not in op]
        extra = [k for k in op if k not in allowed]
        if missing or extra:
            shape = {"before": "{before: <id>, insert: [...]}", "after": "{after: <id>, insert: [...]}",
                     "remove": "{remove: <id>}", "replace": "{replace: <id>, with: <step>}",
                     "change": "{change: <id>, with: {fields}}", "append": "{append: [...]}",
                     "prepend": "{prepend: [...]}", "at": "{at: <position>, with: <value>}"}[form]
            self.problem(here, f"'{form}' is written {shape}" + (f": {', '.join(missing)} is missing" if missing else
                                                                f": {', '.join(extra)} does not belong here"))
            return None
        for key in ("insert", "append", "prepend"):
            if key in op and not isinstance(op[key], list):
                self.problem(here + (key,), f"'{key}' takes a list of entries")
                return None
        return form

    def _conflicts(self, plan, source, where) -> bool:
        """Two edits that touch one entry (or one inside an entry the other removes, replaces or changes)."""
        bad = False
        for a in range(len(plan)):
            ka, fa, _, _, ra = plan[a]
            if ra is None or fa not in ("remove", "replace", "change", "at"):
                continue
            for b in range(len(plan)):
                kb, fb, opb, _, rb = plan[b]
                if b == a or rb is None or rb[:len(ra)] != ra:
                    continue
                if rb == ra and fa == "change" and fb in ("before", "after", "change"):
                    continue
                if rb == ra and b < a and fb in ("remove", "replace", "change", "at"):
                    continue                      # reported once, at the later edit
                line = self.variant.where(source + (ka,))[0]
                target = opb[fb] if fb != "at" else f"position {opb['at']}"
                inside = "" if rb == ra else " inside it"
                self.problem(source + (kb, fb), f"the edits of {where} conflict: this one would {_VERB.get(fb, 'set')} "
                             f"{target!r}, and the edit on line {line} {_VERB.get(fa, 'set')}s "
                             f"{plan[a][2][fa]!r}{inside}", "make one edit of the two")
                bad = True
        return bad

    def _new_ids(self, plan, known, source, where) -> bool:
        """Entries an edit adds may not take an id the list already has (a later edit could not name either)."""
        bad, seen = False, {}
        for k, form, op, obj, _ in plan:
            key = {"before": "insert", "after": "insert", "replace": "with", "append": "append",
                   "prepend": "prepend"}.get(form)
            if key is None:
                continue
            value = op[key] if isinstance(op[key], list) else [op[key]]
            freed = obj.get("id") if form == "replace" else None
            for j, item in enumerate(value):
                inner = [x for x, _, _ in _items([item])]
                for x in inner:
                    ident = x.get("id")
                    if not isinstance(ident, str):
                        continue
                    here = source + (k, key) + ((j,) if isinstance(op[key], list) else ())
                    taken = [h for h, _ in known.get(ident, []) if h is not (obj if form == "replace" else None)]
                    if (taken and ident != freed) or ident in seen:
                        self.problem(here, f"{where} already has a step with id {ident!r}",
                                     "give the new step an id of its own")
                        bad = True
                    seen[ident] = k
        return bad

    def _place(self, path) -> str:
        file, line, _, _ = self.out._find(self.out.origin, tuple(path))[0]
        return f"{file.rsplit('/', 1)[-1]}:{line}" if line else file

    def _copies(self, items, source, added, single=None):
        """Fresh copies of a variant's entries, each remembered with where it was written."""
        out = []
        for j, item in enumerate(items):
            new = copy.deepcopy(item)
            here = source + (j,) if source is not None else single
            seen: dict = {}
            _containers(new, (), seen)
            for obj, rel in seen.values():
                added[id(obj)] = (obj, here + rel)
            out.append(new)
        return out

    @staticmethod
    def _position(lst, obj):
        for item, holder, rel in _items(lst):
            if item is obj:
                return holder, rel[-1]
        raise AssertionError("an edited entry went missing")

    def _regraft(self, target, lst, old, before, added):
        """Where every value of the edited list comes from: an entry of the base keeps its old lines under its new
        path, an added entry points at the variant."""
        out, variant = self.out, self.variant
        _forget(out, target)

        def visit(node, rel):
            hit = before.get(id(node))
            if hit is not None and hit[0] is node:
                was = hit[1]
                for table, name in ((out.origin, "origin"), (out.keys, "keys")):
                    if was in old[name]:
                        table[target + rel] = old[name][was]
                for k, v in (node.items() if isinstance(node, dict) else enumerate(node)):
                    if isinstance(v, (dict, list)):
                        visit(v, rel + (k,))
                    else:
                        for table, name in ((out.origin, "origin"), (out.keys, "keys")):
                            if was + (k,) in old[name]:
                                table[target + rel + (k,)] = old[name][was + (k,)]
                return
            hit = added.get(id(node))
            if hit is not None and hit[0] is node:
                src = hit[1]
                m = len(src)
                for p, (line, column) in variant.positions.items():
                    if p[:m] == src:
                        out.origin[target + rel + p[m:]] = (variant.file, line, column, path_to_str(p))
                for p, (line, column) in variant.keys.items():
                    if p[:m] == src and len(p) > m:
                        out.keys[target + rel + p[m:]] = (variant.file, line, column, path_to_str(p))
        visit(lst, ())
        if target + () not in out.origin and () in old["origin"]:
            out.origin[target] = old["origin"][()]
        if () in old["keys"]:
            out.keys[target] = old["keys"][()]


def overlay(base: Sourced, variant: Located, did_you_mean, issues: list) -> Sourced:
    """Applies a variant's operations to a base game. Each section's operations run as remove, replace, change,
    add; naming something that does not exist (or adding what does) is an error. A list (a step section, or any
    list inside a ``change``) may instead be edited in place with ``edit`` (see ``Edits``)."""
    out = Sourced(copy.deepcopy(base.data), dict(base.origin), dict(base.keys), base.files + [variant.file],
                  dict(base.removed), variants=base.variants + 1)

    def note_removed(ident, path):
        line, _ = variant.where(path)
        out.removed[ident] = f"{variant.file}:{line}"
    v, data = variant.data, out.data
    edits = Edits(out, variant, did_you_mean, issues)
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
                _deep_change(out, (section, i), patch, variant, (section, "change", ident), edits)
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
                    _deep_change(out, (section, name), entries[name], variant, (section, "change", name), edits)
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
            _deep_change(out, (section,), ops["change"], variant, (section, "change"), edits)
    for section in STEP_SECTIONS:
        ops = v.get(section)
        if ops and "replace" in ops and "edit" in ops:
            issues.append(variant.issue((section, "edit"), f"{section}: replace the list or edit it, not both",
                                        "put the edits into the new list", at_key=True))
        elif ops and "replace" in ops:
            data[section] = copy.deepcopy(ops["replace"])
            _graft(out, (section,), variant, (section, "replace"))
        elif ops and "edit" in ops:
            edits.edit((section,), ops["edit"], (section, "edit"))
    rc = v.get("rules_choices")
    if rc:
        choices = data.setdefault("rules_choices", [])
        drop = set(rc.get("remove", []))
        data["rules_choices"] = [c for c in choices if c.get("id") not in drop] + copy.deepcopy(rc.get("add", []))
        _graft(out, ("rules_choices",), variant, ("rules_choices",))
    return out
