"""Variant comparison pages: what a variant file changes against the game it extends, found by comparing the two
loaded games."""
from __future__ import annotations

import difflib
import re
from pathlib import Path

from .games import GameDoc
from .page import Page
from .steps import compiled_steps, render_steps
from .text import cap, code, fence_for, fmt_value, md, sentence, shown_file, words

LOCALES = {"zh": "中文", "ja": "日本語", "de": "Deutsch", "fr": "Français", "es": "Español"}
HANDLED_SECTIONS = {"id", "title", "edition", "description", "players", "include", "cards", "roles", "quantities",
                    "options", "presets", "setup", "round", "scoring", "rules_choices", "flow", "procedures"}
_BULLET = re.compile(r"^(\d+\.|-)\s+")


def step_lines(rendered: list[str]) -> list[tuple[int, str]]:
    """Rendered steps (a nested Markdown list) as (depth, sentence) lines, bullets and blank lines left out; the
    lines of a table a sentence reads off stay with that sentence, after a newline each."""
    out: list = []
    for line in rendered:
        if line.strip().startswith("|") and out:
            depth, text = out[-1]
            out[-1] = (depth, text + "\n" + line.strip())
        elif line.strip():
            depth = (len(line) - len(line.lstrip(" "))) // 4
            text = _BULLET.sub("", line.strip())
            out.append((depth, text if text != line.strip() else "\0" + text))    # \0: a label ("Otherwise:")
    return out


def _said(text: str) -> str:
    """A step's sentence for a change line: its tables (kept after its newlines) as tables, inside the bullet."""
    head, *rows = text.split("\n")
    return head + ("\n\n" + "\n".join("    " + r for r in rows) + "\n" if rows else "")


def _table_change(before, after) -> list[str]:
    """The entries that differ between the tables of one step said the same ("with 4 players: 110 (was 100)"), or
    [] when the steps differ otherwise."""
    if len(before) != 1 or len(after) != 1 or _first(before[0][1]) != _first(after[0][1]):
        return []
    ta, tb = before[0][1].split("\n")[1:], after[0][1].split("\n")[1:]
    if not ta or len(ta) != len(tb) or ta[0] != tb[0]:
        return []

    def cells(row):
        return [c.strip() for c in row.strip().strip("|").split("|")]
    head = cells(ta[0])
    out = []
    for ra, rb in zip(ta[2:], tb[2:]):
        xa, xb = cells(ra), cells(rb)
        if len(xa) != len(head) or len(xb) != len(head) or xa[0] != xb[0]:
            return []
        for col, old, new in zip(head[1:], xa[1:], xb[1:]):
            if old != new:
                where = f"with {col} players" if head[0] == "Players" else f"for {head[0].lower()} {col}"
                out.append(f"{xa[0].lower()} {where}: {new} (was {old})")
    return out


def _first(text: str) -> str:
    """The sentence of a step alone (no table), to say where a change is."""
    return text.split("\n", 1)[0]


def step_changes(before: list[str], after: list[str]) -> list[str]:
    """What changed between two rendered step lists, one sentence or two for each step added, removed or changed
    (with the step it follows or the step holding it), not the two lists whole. [] when nothing changed."""
    a, b = step_lines(before), step_lines(after)
    if a == b:
        return []

    def holder(lines, i):
        """The step holding line i, and the label of its part ("Otherwise") if it has one."""
        depth, label = lines[i][0], None
        for j in range(i - 1, -1, -1):
            if lines[j][0] == depth and lines[j][1].startswith("\0") and label is None:
                label = lines[j][1][1:].rstrip(":")
            if lines[j][0] < depth:
                head = f"“{_first(lines[j][1]).lstrip(chr(0)).rstrip(':')}”"
                return f"the “{label.lower()}” part of {head}" if label else head
        return None

    def joined(lines):
        return " ".join(_said(text.lstrip("\0")) for _, text in lines)

    def ended(text):
        """A step that holds steps ends with a colon; said before or after another, with "…" (its steps follow)."""
        return text.rstrip(":") + " …" if text.endswith(":") else text

    def quoted(text):
        return f"“{_first(text).rstrip(':')}”"
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op == "insert":
            where = f"after {quoted(b[j1 - 1][1].lstrip(chr(0)))}" if j1 > 0 else "at the start"
            out.append(f"- A step is added {where}: {joined(b[j1:j2])}")
            continue
        inside = holder(a, i1)
        where = f" (in {inside})" if inside else ""
        if op == "delete":
            out.append(f"- A step is removed{where}: {joined(a[i1:i2])}")
            continue
        cells = _table_change(a[i1:i2], b[j1:j2])
        if cells:       # the same sentence, a table's entries changed: the entries, with what they were
            said = re.sub(r" \(see the table\)", "", _first(b[j1][1]).lstrip(chr(0)).rstrip(":.")).rstrip(".")
            out.append(f"- A step changes{where}: {said}, now " + "; ".join(cells) + ".")
        elif "\n" in "".join(text for _, text in a[i1:i2] + b[j1:j2]):
            out.append(f"- A step changes{where}. Now: {ended(joined(b[j1:j2]))}\n\n    Before: "
                       f"{ended(joined(a[i1:i2]))}")
        else:
            out.append(f"- A step changes{where}. Now: {ended(joined(b[j1:j2]))} Before: {ended(joined(a[i1:i2]))}")
    return out + [""] if out else []


def name_fields(thing) -> dict:
    """A card's or a role's English name and its names in other languages, as rows of a comparison."""
    out = {"Name": md(thing.en)}
    for loc in thing.name:
        if loc != "en":
            out[f"Name ({md(LOCALES.get(loc, loc))})"] = md(thing.name[loc])
    return out


KINDS = {"zones": "zone", "counters": "counter", "events": "event", "selectors": "selector", "payments": "payment",
         "piles": "pile", "attributes": "card attribute", "checks": "check", "names": "name",
         "works": "rule of when a card works", "tags": "tag"}
_ID = re.compile(r"(?<![\w`])[a-z][a-z0-9]*_[a-z0-9_]+\b")
_HOLE = re.compile(r"\{(\w+)\}")


def kind_of(section: str) -> str:
    """What one entry of a content section is called in a sentence ("zone", "counter")."""
    return KINDS.get(section) or words(section).rstrip("s")


def content_text(text: str) -> str:
    """A text of content for a sentence: a hole a page fills elsewhere ("under {card}") says what goes there,
    and an id in it stays code."""
    text = _HOLE.sub(lambda m: "a " + words(m.group(1)), " ".join(str(text).split()))
    return md(text if "`" in text else _ID.sub(lambda m: f"`{m.group()}`", text))


def describe(value) -> str | None:
    """An entry of content in words: its own text, its English name, or a plain value; None for data that has no
    words of its own (a selector, a condition)."""
    if isinstance(value, dict):
        if isinstance(value.get("text"), str):
            return f"“{content_text(value['text'])}”"
        if isinstance(value.get("en"), str):
            return f"“{content_text(value['en'])}”"
        return None
    if isinstance(value, (list, tuple)):
        return None
    return said_value(value)


def said_value(value) -> str:
    """A plain value: an id as code, a yes/no or a number or a text as it reads."""
    if isinstance(value, str) and _ID.fullmatch(value):
        return code(value)
    if isinstance(value, str):
        return f"“{content_text(value)}”"
    return md(fmt_value(value)) if value is not None else "not set"


def entry_sentences(section: str, key, old, new) -> list[str]:
    """One entry of a section that changed (added, removed or changed), as one or two sentences."""
    kind = kind_of(section)
    name = f"the {kind} {code(str(key))}" if key is not None else f"the {words(section)}"
    if old is None:
        what = describe(new)
        return [f"- New {kind}{' ' + code(str(key)) if key is not None else ''}" + (f": {what}." if what else ".")]
    if new is None:
        what = describe(old)
        return [f"- {cap(name)} is not in this game" + (f" (it was {what})." if what else ".")]
    if isinstance(old, dict) and isinstance(new, dict) and (describe(old) or describe(new)):
        parts = []
        for field in dict.fromkeys([*old, *new]):
            x, y = old.get(field), new.get(field)
            if x == y:
                continue
            if field in ("text", "en"):
                parts.append(f"it now reads {said_value(y)} (was {said_value(x)})")
            elif not isinstance(x, (dict, list)) and not isinstance(y, (dict, list)):
                parts.append(f"its {words(field)} is {said_value(y)} (was {said_value(x)})")
            else:
                parts.append(f"its {words(field)} changes, and the rules that use it say it as it now is")
        return [f"- {cap(name)}: " + "; ".join(parts) + "."]
    x, y = describe(old), describe(new)
    if x and y:
        return [f"- {cap(name)} is {y} (was {x})."]
    return [f"- {cap(name)} changes, and the rules that use it say it as it now is."]


def list_sentences(section: str, old: list, new: list) -> list[str]:
    """A list section that changed (checks and the like): its entries added, removed or changed, by id where they
    have one, in sentences."""
    def ident(e):
        return e.get("id") if isinstance(e, dict) and isinstance(e.get("id"), str) else None
    kind, out = kind_of(section), []
    xa = {ident(e): e for e in old if ident(e)}
    ya = {ident(e): e for e in new if ident(e)}
    for k in dict.fromkeys([*xa, *ya]):
        if xa.get(k) != ya.get(k):
            out += entry_sentences(section, k, xa.get(k), ya.get(k))
    rest_x = [e for e in old if not ident(e) and e not in new]
    rest_y = [e for e in new if not ident(e) and e not in old]
    for e in rest_y:
        what = describe(e)
        out.append(f"- New {kind}" + (f": {what}." if what else f" (entry {new.index(e) + 1} of the list)."))
    for e in rest_x:
        what = describe(e)
        out.append(f"- A {kind} is not in this game" + (f": {what}." if what else
                                                         f" (entry {old.index(e) + 1} of the list it had)."))
    return out


class Said(str):
    """A value as it reads, compared by what decides it (so the same copies said over other player counts are
    equal)."""

    def __new__(cls, text: str, key):
        out = super().__new__(cls, text)
        out.key = key
        return out

    def __eq__(self, other):
        return self.key == other.key if isinstance(other, Said) else str.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = str.__hash__


class VariantDoc:
    """What a variant file changes against the game it extends, found by comparing the two loaded games."""

    def __init__(self, path: Path, label: str, rules, base, base_folder: str | None):
        self.path, self.label, self.rules, self.base = path, label, rules, base
        self.a, self.b = base.model, rules.model
        self.da, self.db = GameDoc(base, ""), GameDoc(rules, "")
        self.base_folder = base_folder      # the base game's pages, relative to the variants folder

    def base_link(self, page="index.md", anchor="") -> str | None:
        if self.base_folder is None:
            return None
        return f"../{self.base_folder}/{page}" + (f"#{anchor}" if anchor else "")

    def card_name(self, doc: GameDoc, t) -> str:
        link = self.base_link("cards.md", "card-" + t.id) if doc is self.da else None
        return f"[{md(t.en)}]({link})" if link else f"**{md(t.en)}**"

    def role_name(self, doc: GameDoc, r) -> str:
        link = self.base_link("roles.md", "role-" + r.id) if doc is self.da else None
        return f"[{md(r.en)}]({link})" if link else f"**{md(r.en)}**"

    def page(self, folder: str, name: str | None = None, show_file: bool = True) -> Page:
        a, b = self.a, self.b
        link = self.base_link()
        title, base_title = md(b.title), md(a.title)
        base = f"[{base_title}]({link})" if link else f"**{base_title}**"
        if show_file:
            lines = [f"# {title}", "", f"{code(self.label)} (id {code(b.id)}) extends {base}.", ""]
            if b.description:
                lines += [f"> {md(' '.join(b.description.split()))}", ""]
        else:
            lines = [f"# {title}: changes from {base_title}", "",
                     f"{title} is written as a variant of {base}: its content file lists only what differs. "
                     "Here is every difference, found by comparing the two loaded games.", ""]
        sections = [self.game_facts(), self.cards(), self.roles(), self.quantities(), self.options(),
                    self.steps(), self.scoring(), self.choices(), self.other_sections()]
        body = [x for s in sections for x in s]
        if not show_file:
            body = [x[1:] if x.startswith("###") else x for x in body]
            return Page(f"{folder}/{name}.md", f"Changes from {a.title}", "\n".join(lines + body))
        lines += ["## What changes", ""] + (body or ["Nothing: the variant plays exactly like its base.", ""])
        text = shown_file(self.path.read_text(encoding="utf-8").rstrip())
        fence = fence_for(text)     # the file's own lines cannot close the block
        file_name = self.path.name.replace('"', "'").replace("\n", " ")
        lines += ["## The variant file", "", f"{fence}yaml title=\"{file_name}\"", text, fence, "",
                  "Play it with " + code(f"boardrules play {self.label} --players 3") + ", or compare it with its base "
                  "with " + code(f"boardrules compare {a.id} {self.label}") + ".", ""]
        return Page(f"{folder}/{name or self.path.stem}.md", b.title, "\n".join(lines))

    # ------------------------------------------------------------------ sections
    def game_facts(self) -> list[str]:
        a, b, out = self.a, self.b, []
        if a.edition != b.edition:
            out.append(f"- The edition is {md(b.edition) if b.edition else 'not given'}"
                       f" (was {md(a.edition) if a.edition else 'not given'}).")
        if (a.min_players, a.max_players) != (b.min_players, b.max_players):
            out.append(f"- It is played by {b.min_players}–{b.max_players} players (was {a.min_players}–{a.max_players}).")
        return (["### The game", ""] + out + [""]) if out else []

    def copies_text(self, doc: GameDoc, t) -> str:
        """How many copies of a card there are (by player count or option where that differs), in words."""
        said = doc.card_meta(t).split(" · ")[0]
        return said[len("copies: "):] if said.startswith("copies: ") else said

    def copies_key(self, doc: GameDoc, t):
        """What decides whether a card's copies changed: its copies at each player count both games allow, and with
        each option; shown as the copies in words."""
        other = self.da if doc is self.db else self.db
        common = set(doc.default_games()) & set(other.default_games())
        per = doc.default_games()
        counts = tuple(sorted((n, per[n]["copies"][t.index]) for n in common))
        both = {title for title, _ in other.copy_columns()}
        options = tuple((title, v[t.index]) for title, v in doc.copy_columns()
                        if title.startswith(("with ", "without ")) and title in both)
        return Said(self.copies_text(doc, t), (counts, options))

    def card_fields(self, doc: GameDoc, t) -> dict:
        """A card's fields that a variant may change, each as it reads."""
        m = doc.m
        out = {}
        for key, value in name_fields(t).items():
            out[key] = value
        out["Copies"] = self.copies_key(doc, t)
        for name, spec in m.attributes.items():
            if name in t.attrs:
                out["attr:" + md(spec.get("text", name))] = md(fmt_value(t.attrs[name]))
        out["Tags"] = ", ".join(md(words(x)) for x in sorted(t.tags)) or "none"
        out["Starts in"] = md(m.zones[t.start].text) if m.zones else ""
        texts = [md(sentence(text)) for text in t.texts]
        for i, text in enumerate(texts, 1):
            out[f"Effect {i}" if len(texts) > 1 else "Effect"] = text
        for i, note in enumerate(t.notes, 1):
            out[f"Note {i}" if len(t.notes) > 1 else "Note"] = md(" ".join(str(note).split()))
        return out

    @staticmethod
    def field_sentence(key: str, old, new) -> str:
        """One changed field of a card (or a role) as a sentence with its before and after."""
        if key == "Name":
            return f"It is called {new} (was {old})." if old and new else f"Its name is {new or old}."
        if key.startswith("Name ("):
            loc = key[len("Name ("):-1]
            if not old:
                return f"Its name in {loc} is {new}."
            return f"Its name in {loc} is {new} (was {old})." if new else f"It has no name in {loc} (was {old})."
        if key == "Copies":
            if " with " in f"{old} {new}":
                return f"Its copies are now: {new} (before: {old})."
            return f"It comes in {new} (was {old})."
        if key.startswith("attr:"):
            what = key[len("attr:"):]
            if old is None:
                return f"Its {what} is {new}."
            return f"Its {what} is {new} (was {old})." if new is not None else f"It has no {what} (was {old})."
        if key == "Tags":
            return f"It is tagged {new} (was {old})."
        if key == "Starts in":
            return f"It starts in {new} (was {old})."
        what = key.lower()
        if key.startswith(("Effect", "Privilege")):
            if old is None:
                return f"It gains an effect: {new}" if key.startswith("Effect") else f"Its {what}: {new}"
            if new is None:
                return f"It loses an effect: {old}" if key.startswith("Effect") else f"It loses its {what}: {old}"
            return f"Its {what} now reads: {new} Before: {old}"
        if old is None:
            return f"It gains a note: {new}"
        if new is None:
            return f"Its note is gone: {old}"
        return f"Its note now reads: {new} Before: {old}"

    def changed_fields(self, fa: dict, fb: dict) -> list[str]:
        """A sentence per changed field; a card's effects compared as a list (an effect appended is gained, the
        others are unchanged and unsaid; one effect replaced by another "now reads")."""
        def effects(f):
            return [v for k, v in f.items() if k == "Effect" or k.startswith("Effect ")]
        ea, eb = effects(fa), effects(fb)
        lost, gained = list(ea), []
        for e in eb:
            if e in lost:
                lost.remove(e)
            else:
                gained.append(e)
        out = [f"- {self.field_sentence(k, fa.get(k), fb.get(k))}" for k in dict.fromkeys([*fa, *fb])
               if fa.get(k) != fb.get(k) and not (k == "Effect" or k.startswith("Effect "))]
        if len(lost) == 1 and len(gained) == 1:
            return out + [f"- {self.field_sentence('Effect', lost[0], gained[0])}"]
        return out + [f"- {self.field_sentence('Effect', e, None)}" for e in lost] + \
            [f"- {self.field_sentence('Effect', None, e)}" for e in gained]

    def cards(self) -> list[str]:
        a, b = self.a, self.b
        lines = []
        added = [t for t in b.types if t.id not in a.type_index]
        removed = [t for t in a.types if t.id not in b.type_index]
        if added:
            lines += ["### Cards added", ""]
            for t in added:
                lines += self.db.card_block(t, level=4)
        if removed:
            lines += ["### Cards removed", ""]
            lines += [f"- The {self.card_name(self.da, t)}{self.da.other_names(t.name)} is not in this game."
                      for t in removed] + [""]
        changed = []
        for t in b.types:
            if t.id in a.type_index:
                old = a.types[a.type_index[t.id]]
                said = self.changed_fields(self.card_fields(self.da, old), self.card_fields(self.db, t))
                if said:
                    changed.append((old, said))
        if changed:
            lines += ["### Cards changed", ""]
            for old, said in changed:
                lines += [f"#### {md(old.en)}{self.da.other_names(old.name)}", ""] + said + [""]
                link = self.base_link("cards.md", "card-" + old.id)
                if link:
                    lines += [f"[The card in {md(self.a.title)}]({link})", ""]
        return lines

    def role_fields(self, doc: GameDoc, r) -> dict:
        out = name_fields(r)
        out["Privilege"] = " ".join(md(sentence(x)) for x in r.privilege_texts) or None
        return out

    def role_steps(self, old, new) -> list[str]:
        """The steps of a role's phase that changed (start, action, end): only what differs, before and after."""
        lines = []
        for title, part in (("Start of the phase", "start"), ("Action", "action"), ("End of the phase", "end")):
            rows = step_changes(self.da.steps(f"{self.da.role_path(old)}/{part}"),
                                self.db.steps(f"{self.db.role_path(new)}/{part}"))
            if rows:
                lines += [f"{title}:", ""] + rows
        return lines

    def roles(self) -> list[str]:
        a, b = self.a, self.b
        lines = []
        added = [r for r in b.roles if r.id not in a.role_index]
        removed = [r for r in a.roles if r.id not in b.role_index]
        if added:
            lines += ["### Roles added", ""]
            for r in added:
                lines += self.db.role_block(r, level=4, here="")
        if removed:
            lines += ["### Roles removed", ""] + [f"- The {self.role_name(self.da, r)} is not in this game."
                                                  for r in removed] + [""]
        changed = []
        for r in b.roles:
            if r.id in a.role_index:
                old = a.roles[a.role_index[r.id]]
                said = self.changed_fields(self.role_fields(self.da, old), self.role_fields(self.db, r))
                steps = self.role_steps(old, r)
                if said or steps:
                    changed.append((r, said, steps))
        if changed:
            lines += ["### Roles changed", ""]
            for r, said, steps in changed:
                lines += [f"#### {md(r.en)}", ""] + (said + [""] if said else []) + steps
        return lines

    def quantities(self) -> list[str]:
        a, b = self.a, self.b
        out = []
        for q in b.quantities:
            if q.id not in a.quantity_index:
                out.append(f"- The {md(q.text)} is a new number: {md(q.base_text)} ({code(q.id)}).")
                continue
            old = a.quantities[a.quantity_index[q.id]]
            if old.text != q.text:
                out.append(f"- The {md(old.text)} is now called the {md(q.text)} ({code(q.id)}).")
            if old.base_text != q.base_text:
                out.append(f"- The {md(q.text)} is {md(q.base_text)} (was {md(old.base_text)}).")
            for bound, x, y in (("at least", old.min, q.min), ("at most", old.max, q.max)):
                if x != y:
                    out.append(f"- The {md(q.text)} is {bound} {md(y)} (was {'' if x is not None else 'not '}"
                               f"{bound + ' ' + md(x) if x is not None else 'bounded that way'})." if y is not None
                               else f"- The {md(q.text)} is no longer {bound} {md(x)}.")
        for q in a.quantities:
            if q.id not in b.quantity_index:
                out.append(f"- The {md(q.text)} ({code(q.id)}) is not in this game (was {md(q.base_text)}).")
        return (["### Numbers", "", "Base values, before any card or privilege changes them:", ""] + out + [""]) \
            if out else []

    def options(self) -> list[str]:
        a, b = self.a, self.b

        def default(o) -> str:
            if o.default is False:
                return "off unless chosen"
            if o.default is True:
                return "on unless switched off"
            return f"{md(fmt_value(o.default))} unless another value is chosen"

        def described(o) -> str:
            text = md(sentence(" ".join(o.text.split()))) if o.text else ""
            more = [default(o)]
            if o.values:
                more.append("its values are " + md(fmt_value(o.values)))
            if o.players:
                more.append("only with " + md(fmt_value(o.players)) + " players")
            if o.excludes:
                more.append("not together with " + ", ".join(code(x) for x in o.excludes))
            return (text + " " if text else "") + sentence("It is " + "; ".join(more))

        out = []
        for key in dict.fromkeys([*a.options, *b.options]):
            x, y = a.options.get(key), b.options.get(key)
            if x is None:
                out.append(f"- New option {code(key)}: {described(y)}")
            elif y is None:
                out.append(f"- The option {code(key)} is not in this game. It was: {described(x)}")
            else:
                for label, vx, vy in (("default", x.default, y.default), ("values", x.values, y.values),
                                      ("players", x.players, y.players), ("excludes", x.excludes, y.excludes)):
                    if vx != vy:
                        out.append(f"- The option {code(key)}: its {label} {'is' if label == 'default' else 'are'} "
                                   f"{md(fmt_value(vy)) or 'none'} (was {md(fmt_value(vx)) or 'none'}).")
                if x.text != y.text:
                    out.append(f"- The option {code(key)} now reads: {md(sentence(' '.join(y.text.split())))} "
                               f"Before: {md(sentence(' '.join(x.text.split())))}")
        for key in dict.fromkeys([*a.presets, *b.presets]):
            x, y = a.presets.get(key), b.presets.get(key)
            if x != y:
                def show(p):
                    text = " ".join(str(p.get("text", "")).split())
                    sets = ", ".join(f"{code(k)} {md(fmt_value(v))}" for k, v in p["options"].items())
                    return (md(text) + " " if text else "") + f"(sets {sets or 'nothing'})"
                if x is None:
                    out.append(f"- New preset {code(key)}: {show(y)}.")
                elif y is None:
                    out.append(f"- The preset {code(key)} is not in this game (was: {show(x)}).")
                else:
                    out.append(f"- The preset {code(key)} is now {show(y)}; before, {show(x)}.")
        return (["### Options and presets", ""] + out + [""]) if out else []

    def step_texts(self, doc: GameDoc, path: str) -> list[str]:
        return [sentence(s.text) for s in compiled_steps(doc.m, path)]

    def steps(self) -> list[str]:
        lines = []
        for title, path in (("Setup", "setup"), ("Round start", "round/start"), ("Round end", "round/end"),
                            ("The rounds", "flow")):
            rows = step_changes(self.da.steps(path), self.db.steps(path))
            if rows:
                lines += [f"### {title}", ""] + rows
        lines += self.procedures()
        if self.a.role_order_by_players != self.b.role_order_by_players:
            lines += ["### Role selection", "", "Now: " + " ".join(self.db.role_order()), "",
                      "Before: " + " ".join(self.da.role_order()), ""]
        return lines

    def procedures(self) -> list[str]:
        """Procedures added, removed or changed: a changed one shows only its steps that differ."""
        def steps(doc, key):
            raw = (doc.m.raw["content"].get("procedures") or {}).get(key)
            return doc.steps(f"procedures/{key}/do" if isinstance(raw, dict) else f"procedures/{key}")
        pa = self.a.raw["content"].get("procedures") or {}
        pb = self.b.raw["content"].get("procedures") or {}
        lines = []
        for key in dict.fromkeys([*pa, *pb]):
            if pa.get(key) == pb.get(key):
                continue
            if key not in pa:
                body = ["Added:", ""] + (steps(self.db, key) or ["Nothing."]) + [""]
            elif key not in pb:
                body = ["It is not in this game.", ""]
            else:
                body = step_changes(steps(self.da, key), steps(self.db, key))
                text_a = pa[key].get("text") if isinstance(pa[key], dict) else None
                text_b = pb[key].get("text") if isinstance(pb[key], dict) else None
                if text_a != text_b:
                    body = [f"What it does: {md(text_b or 'not said')} (was: {md(text_a or 'not said')}).", ""] + body
            if body:
                lines += [f"#### {code(key)}", ""] + body
        return (["### Procedures", ""] + lines) if lines else []

    def scoring(self) -> list[str]:
        def parts(doc):
            return {s.id: (md(s.name.get("en", s.id) if isinstance(s.name, dict) else s.name),
                           md(s.text) + (" (counted last)" if s.order > 0 else "")) for s in doc.m.scoring}
        x, y = parts(self.da), parts(self.db)
        out = []
        for key in dict.fromkeys([*x, *y]):
            if x.get(key) == y.get(key):
                continue
            if key not in x:
                out.append(f"- New part of the score, {y[key][0]}: {y[key][1]}.")
            elif key not in y:
                out.append(f"- The {x[key][0]} part of the score is not in this game. It was: {x[key][1]}.")
            else:
                if x[key][0] != y[key][0]:
                    out.append(f"- The {x[key][0]} part of the score is called {y[key][0]}.")
                if x[key][1] != y[key][1]:
                    out.append(f"- The {y[key][0]} part of the score is {y[key][1]} (was: {x[key][1]}).")
        lines = (["### Scoring", ""] + out + [""]) if out else []
        tx, ty = [t for _, t in self.a.tie_break], [t for _, t in self.b.tie_break]
        if tx != ty:
            lines += ["### Tie-break", "", f"A tie is broken by {md(', then '.join(ty)) or 'nothing'} "
                      f"(was: {md(', then '.join(tx)) or 'nothing'}).", ""]
        return lines

    def choices(self) -> list[str]:
        x = {c["id"]: md(" ".join(c.get("text", "").split())) for c in self.a.rules_choices}
        y = {c["id"]: md(" ".join(c.get("text", "").split())) for c in self.b.rules_choices}
        out = []
        for k in dict.fromkeys([*x, *y]):
            if k not in x:
                out.append(f"- New rules choice {code(k)}: {y[k]}")
            elif k not in y:
                out.append(f"- The rules choice {code(k)} is not made in this game. It was: {x[k]}")
            elif x[k] != y[k]:
                out.append(f"- The rules choice {code(k)} now reads: {y[k]} Before: {x[k]}")
        return (["### Rules choices", ""] + out + [""]) if out else []

    def reaction_changes(self, x: dict, y: dict) -> list[str]:
        """The game's own reactions added, removed or changed, each as it reads on the rules pages."""
        said = {doc: {t.id: doc.reaction_text(t) for ts in doc.m.reactions.values() for t in ts}
                for doc in (self.da, self.db)}
        out = []
        for k in dict.fromkeys([*x, *y]):
            if x.get(k) == y.get(k):
                continue
            now, was = said[self.db].get(k), said[self.da].get(k)
            if k not in x:
                out.append(f"- New reaction {code(k)}: {now}")
            elif k not in y:
                out.append(f"- The reaction {code(k)} is not in this game (it read: {was})")
            else:
                out.append(f"- The reaction {code(k)} now reads: {now} (It read: {was})")
        return out

    def other_sections(self) -> list[str]:
        """Every other section of the merged content (zones, events, payments, ...), compared entry by entry and
        said in sentences: an entry's own text where it has one, never the entry's data."""
        ca, cb = self.a.raw.get("content", {}), self.b.raw.get("content", {})
        lines = []
        for key in dict.fromkeys([*ca, *cb]):
            if key in HANDLED_SECTIONS or ca.get(key) == cb.get(key):
                continue
            x, y = ca.get(key), cb.get(key)
            if key == "extra_copies":
                out = ["- The extra copies by player count or option change: the copies of each card added or "
                       "changed are said above."]
            elif key == "play":
                out = ["- The hints the bots play by change; the rules do not."]
            elif key == "reactions":
                out = self.reaction_changes(x or {}, y or {})
            elif isinstance(x, dict) and isinstance(y, dict):
                out = [said for k in dict.fromkeys([*x, *y]) if x.get(k) != y.get(k)
                       for said in entry_sentences(key, k, x.get(k), y.get(k))]
            elif isinstance(x, list) and isinstance(y, list):
                out = list_sentences(key, x, y)
            else:
                out = entry_sentences(key, None, x, y)
            if out:
                lines += [f"### {md(cap(words(key)))}", ""] + out + [""]
        return lines
