"""Variant comparison pages: what a variant file changes against the game it extends, found by comparing the two
loaded games."""
from __future__ import annotations

import difflib
import re
from pathlib import Path

from .games import GameDoc
from .page import Page
from .steps import compiled_steps, render_steps
from .text import cap, code, fence_for, flow, fmt_value, md, sentence, shown_file, table, words

LOCALES = {"zh": "中文", "ja": "日本語", "de": "Deutsch", "fr": "Français", "es": "Español"}
HANDLED_SECTIONS = {"id", "title", "edition", "description", "players", "include", "cards", "roles", "quantities",
                    "options", "presets", "setup", "round", "scoring", "rules_choices", "flow", "procedures"}
_BULLET = re.compile(r"^(\d+\.|-)\s+")


def step_lines(rendered: list[str]) -> list[tuple[int, str]]:
    """Rendered steps (a nested Markdown list) as (depth, sentence) lines, bullets and blank lines left out."""
    out = []
    for line in rendered:
        if line.strip():
            depth = (len(line) - len(line.lstrip(" "))) // 4
            text = _BULLET.sub("", line.strip())
            out.append((depth, text if text != line.strip() else "\0" + text))    # \0: a label ("Otherwise:")
    return out


def step_changes(before: list[str], after: list[str]) -> list[str]:
    """What changed between two rendered step lists, as a table of the steps added, removed or changed (each with
    the step it follows or the step holding it), not the two lists whole. [] when nothing changed."""
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
                return lines[j][1].lstrip("\0").rstrip(":") + (f" ({label.lower()})" if label else "")
        return None

    def joined(lines):
        return " ".join(text.lstrip("\0") for _, text in lines)
    rows = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op == "insert":
            where = f"after: {b[j1 - 1][1].lstrip(chr(0))}" if j1 > 0 else "at the start"
            rows.append(["Added", where, "—", joined(b[j1:j2])])
            continue
        inside = holder(a, i1)
        where = f"in: {inside}" if inside else ""
        if op == "delete":
            rows.append(["Removed", where, joined(a[i1:i2]), "—"])
        else:
            rows.append(["Changed", where, joined(a[i1:i2]), joined(b[j1:j2])])
    return table(["", "Where", "Before", "After"], rows)


def name_fields(thing) -> dict:
    """A card's or a role's English name and its names in other languages, as rows of a comparison."""
    out = {"Name": md(thing.en)}
    for loc in thing.name:
        if loc != "en":
            out[f"Name ({md(LOCALES.get(loc, loc))})"] = md(thing.name[loc])
    return out


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
        a, b, rows = self.a, self.b, []
        for label, x, y in (("Title", a.title, b.title), ("Edition", a.edition, b.edition),
                            ("Players", f"{a.min_players}–{a.max_players}", f"{b.min_players}–{b.max_players}")):
            if x != y and label != "Title":
                rows.append([label, md(x) if x else "—", md(y) if y else "—"])
        return (["### The game", ""] + table(["", "Before", "After"], rows)) if rows else []

    def card_fields(self, doc: GameDoc, t) -> dict:
        m = doc.m
        out = name_fields(t)
        out["Copies"] = str(t.copies)
        for name, spec in m.attributes.items():
            if name in t.attrs:
                out[md(cap(spec.get("text", name)))] = md(fmt_value(t.attrs[name]))
        out["Tags"] = ", ".join(md(words(x)) for x in sorted(t.tags))
        out["Starts in"] = md(m.zones[t.start].text) if m.zones else ""
        for i, text in enumerate(t.texts, 1):
            out[f"Effect {i}" if len(t.texts) > 1 else "Effect"] = md(sentence(text))
        for i, note in enumerate(t.notes, 1):
            out[f"Note {i}" if len(t.notes) > 1 else "Note"] = md(" ".join(str(note).split()))
        return out

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
            lines += [f"- {self.card_name(self.da, t)}{self.da.other_names(t.name)}: {self.da.card_meta(t)}"
                      for t in removed] + [""]
        changed = []
        for t in b.types:
            if t.id in a.type_index:
                old = a.types[a.type_index[t.id]]
                fa, fb = self.card_fields(self.da, old), self.card_fields(self.db, t)
                rows = [[k, fa.get(k, "—"), fb.get(k, "—")] for k in dict.fromkeys([*fa, *fb]) if fa.get(k) != fb.get(k)]
                if rows:
                    changed.append((old, rows))
        if changed:
            lines += ["### Cards changed", ""]
            for old, rows in changed:
                lines += [f"#### {md(old.en)}{self.da.other_names(old.name)}", ""]
                lines += table(["", "Before", "After"], rows)
                link = self.base_link("cards.md", "card-" + old.id)
                if link:
                    lines += [f"[The card in {md(self.a.title)}]({link})", ""]
        return lines

    def role_fields(self, doc: GameDoc, r) -> dict:
        out = name_fields(r)
        out["Privilege"] = " ".join(md(sentence(x)) for x in r.privilege_texts)
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
            lines += ["### Roles removed", ""] + [f"- {self.role_name(self.da, r)}" for r in removed] + [""]
        changed = []
        for r in b.roles:
            if r.id in a.role_index:
                old = a.roles[a.role_index[r.id]]
                fa, fb = self.role_fields(self.da, old), self.role_fields(self.db, r)
                rows = [[k, fa.get(k) or "—", fb.get(k) or "—"] for k in fb if fa.get(k) != fb.get(k)]
                steps = self.role_steps(old, r)
                if rows or steps:
                    changed.append((r, rows, steps))
        if changed:
            lines += ["### Roles changed", ""]
            for r, rows, steps in changed:
                lines += [f"#### {md(r.en)}", ""] + table(["", "Before", "After"], rows) + steps
        return lines

    def quantities(self) -> list[str]:
        a, b = self.a, self.b
        rows = []
        for q in b.quantities:
            if q.id not in a.quantity_index:
                rows.append([md(cap(q.text)), f"`{q.id}`", "— (new)", md(q.base_text)])
                continue
            old = a.quantities[a.quantity_index[q.id]]
            for label, x, y in (("", old.base_text, q.base_text), (" (at least)", old.min, q.min),
                                (" (at most)", old.max, q.max)):
                if x != y:
                    rows.append([md(cap(q.text)) + label, f"`{q.id}`", "—" if x is None else md(x),
                                 "—" if y is None else md(y)])
            if old.text != q.text:
                rows.append(["Name", f"`{q.id}`", md(old.text), md(q.text)])
        for q in a.quantities:
            if q.id not in b.quantity_index:
                rows.append([md(cap(q.text)), f"`{q.id}`", md(q.base_text), "— (removed)"])
        return (["### Numbers", "", "Base values, before any card or privilege changes them:", ""]
                + table(["Number", "Id", "Before", "After"], rows)) if rows else []

    def options(self) -> list[str]:
        a, b = self.a, self.b

        def opt(o):
            return None if o is None else {"Default": md(fmt_value(o.default)), "Values": md(fmt_value(o.values or "")),
                                           "Players": md(fmt_value(o.players or "any")),
                                           "Excludes": md(fmt_value(o.excludes)), "Meaning": md(" ".join(o.text.split()))}
        rows = []
        for key in dict.fromkeys([*a.options, *b.options]):
            x, y = opt(a.options.get(key)), opt(b.options.get(key))
            if x == y:
                continue
            if x is None or y is None:
                desc = y or x
                rows.append([f"`{key}`", "—" if x is None else "; ".join(f"{k}: {v}" for k, v in x.items() if v),
                             "—" if y is None else "; ".join(f"{k}: {v}" for k, v in desc.items() if v)])
            else:
                rows += [[f"`{key}` ({k.lower()})", x[k], y[k]] for k in y if x[k] != y[k]]
        for key in dict.fromkeys([*a.presets, *b.presets]):
            x, y = a.presets.get(key), b.presets.get(key)
            if x != y:
                def show(p):
                    return "—" if p is None else md(" ".join(str(p.get("text", "")).split()) + ": " + ", ".join(
                        f"{k} = {fmt_value(v)}" for k, v in p["options"].items()))
                rows.append([f"preset `{key}`", show(x), show(y)])
        return (["### Options and presets", ""] + table(["", "Before", "After"], rows)) if rows else []

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
            lines += ["### Role selection", "", "Before: " + " ".join(self.da.role_order()), "",
                      "After: " + " ".join(self.db.role_order()), ""]
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
                body = ["Removed."]
            else:
                body = step_changes(steps(self.da, key), steps(self.db, key))
                text_a = pa[key].get("text") if isinstance(pa[key], dict) else None
                text_b = pb[key].get("text") if isinstance(pb[key], dict) else None
                if text_a != text_b:
                    body = table(["", "Before", "After"], [["What it does", md(text_a or "—"), md(text_b or "—")]]) \
                        + body
            if body:
                lines += [f"#### {code(key)}", ""] + body
        return (["### Procedures", ""] + lines) if lines else []

    def scoring(self) -> list[str]:
        def parts(doc):
            return [md(f"{s.name.get('en', s.id) if isinstance(s.name, dict) else s.name}: {s.text}")
                    + (" (counted last)" if s.order > 0 else "") for s in doc.m.scoring]
        x, y = parts(self.da), parts(self.db)
        lines = []
        if x != y:
            lines += ["### Scoring", ""] + table(["", "Before", "After"], [
                [str(i + 1), x[i] if i < len(x) else "—", y[i] if i < len(y) else "—"]
                for i in range(max(len(x), len(y))) if (x[i] if i < len(x) else None) != (y[i] if i < len(y) else None)])
        tx, ty = [t for _, t in self.a.tie_break], [t for _, t in self.b.tie_break]
        if tx != ty:
            lines += ["### Tie-break", "", f"Before: {md(', then '.join(tx)) or 'none'}.", "",
                      f"After: {md(', then '.join(ty)) or 'none'}.", ""]
        return lines

    def choices(self) -> list[str]:
        x = {c["id"]: c.get("text", "") for c in self.a.rules_choices}
        y = {c["id"]: c.get("text", "") for c in self.b.rules_choices}
        rows = [[f"`{k}`", md(" ".join(x.get(k, "—").split())), md(" ".join(y.get(k, "—").split()))]
                for k in dict.fromkeys([*x, *y]) if x.get(k) != y.get(k)]
        return (["### Rules choices", ""] + table(["", "Before", "After"], rows)) if rows else []

    def other_sections(self) -> list[str]:
        """Every other section of the merged content (zones, events, payments, ...), compared entry by entry."""
        ca, cb = self.a.raw.get("content", {}), self.b.raw.get("content", {})
        lines = []
        for key in dict.fromkeys([*ca, *cb]):
            if key in HANDLED_SECTIONS or ca.get(key) == cb.get(key):
                continue
            x, y = ca.get(key), cb.get(key)
            if isinstance(x, dict) and isinstance(y, dict):
                rows = [[code(str(k)), code(flow(x[k])) if k in x else "—", code(flow(y[k])) if k in y else "—"]
                        for k in dict.fromkeys([*x, *y]) if x.get(k) != y.get(k)]
            elif isinstance(x, list) and isinstance(y, list):     # entry by entry: only those that differ
                ex, ey = [code(flow(e)) for e in x], [code(flow(e)) for e in y]
                rows = []
                for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ex, ey, autojunk=False).get_opcodes():
                    if op != "equal":
                        rows += [[f"entry {i + 1}", ex[i], "—"] for i in range(i1, i2) if op == "delete"]
                        rows += [[f"new entry {j + 1}", "—", ey[j]] for j in range(j1, j2) if op == "insert"]
                        if op == "replace":
                            rows.append([f"entries {i1 + 1}–{i2}" if i2 - i1 > 1 else f"entry {i1 + 1}",
                                         " ".join(ex[i1:i2]), " ".join(ey[j1:j2])])
            else:
                rows = [[code(str(key)), "—" if x is None else code(flow(x)), "—" if y is None else code(flow(y))]]
            lines += [f"### {md(cap(words(key)))}", ""] + table(["", "Before", "After"], rows)
        return lines
