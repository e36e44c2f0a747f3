"""The documentation generator: rules pages for every packaged game, a page per example variant, and the YAML
language reference, all written from the loaded content and the JSON Schemas.

``generate(out_dir)`` writes Markdown pages (and copies of the schemas) under ``out_dir``; the site's mkdocs hook
calls it on every build. Every sentence about a game comes from the compiled content (``CardType.texts``,
``RoleDef.action_text``, the step nodes' texts, ...): nothing here knows a particular game, and a variant or a new
game is documented the same way.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import attrs

from . import nodes as N
from .paths import data_dir, packaged_games

SECTION_PAGES = ("games/index.md", "variants/index.md", "reference/index.md")


@attrs.define
class Page:
    """One generated file: a path relative to the docs root, a navigation title, and its text."""

    path: str
    title: str
    text: str
    nav: bool = True


# ---------------------------------------------------------------------------------------------------------- text

def cap(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """A capitalised sentence with a final full stop."""
    text = cap(text)
    if text and text[-1] not in ".:!?)":
        text += "."
    elif text.endswith(")") and not text.endswith(".)"):
        text += "."
    return text


def cell(text) -> str:
    """A value made safe for a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ").strip()


def table(head: list, rows: list) -> list[str]:
    if not rows:
        return []
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    out += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return out + [""]


def plural(word: str) -> str:
    if re.search(r"(s|x|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def article(phrase: str) -> str:
    return "an" if phrase[:1].lower() in "aeiou" else "a"


def words(name: str) -> str:
    return name.replace("_", " ")


def fmt_value(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {fmt_value(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(fmt_value(v) for v in value)
    return "" if value is None else str(value)


def code(value) -> str:
    if isinstance(value, str):
        return f"`{value}`"
    return f"`{json.dumps(value, ensure_ascii=False)}`"


def walk(node):
    """Every mapping in a piece of raw content, depth first."""
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from walk(v)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class Style:
    """Rulebook phrasing on top of the engine's sentences (the engine's renderer is left as it is).

    - ``a production card`` becomes ``a production building`` when every card with that tag shares a more common
      tag (the kind of card), with the right article;
    - card names that start with a vowel take ``an``;
    - the start player's title takes ``the``.
    """

    def __init__(self, m):
        self.m = m
        self.subs = []
        copies = {}
        for t in m.types:
            for tag in t.tags:
                copies[tag] = copies.get(tag, 0) + max(t.copies, 1)
        self.kind = {}
        for tag in sorted(copies):
            having = [t.tags for t in m.types if tag in t.tags]
            common = set.intersection(*(set(x) for x in having)) - {tag}
            common = {c for c in common if copies.get(c, 0) > copies[tag]}
            self.kind[tag] = max(sorted(common), key=lambda c: copies[c]) if common else None
        kinds = {k for k in self.kind.values() if k}
        for tag in sorted(copies, key=len, reverse=True):
            if tag in kinds:
                phrase = words(tag)
            elif self.kind[tag]:
                phrase = f"{words(tag)} {words(self.kind[tag])}"
            else:
                phrase = f"{words(tag)} card"
            self.subs.append((re.compile(rf"\ba {re.escape(tag)} card\b"), f"{article(phrase)} {phrase}"))
        for t in m.types:
            if t.en[:1] in "AEIOU":
                self.subs.append((re.compile(rf"\ba {re.escape(t.en)}\b"), f"an {t.en}"))
        name = m.start_player_name or ""
        if name[:1].isupper() and not name.lower().startswith("the "):
            self.subs.append((re.compile(rf"(?<![Tt]he )\b{re.escape(name)}\b"), f"the {name}"))
        self.subs.append((re.compile(r"\b([Tt]he) the\b"), r"\1"))

    def __call__(self, text: str) -> str:
        for pattern, repl in self.subs:
            text = pattern.sub(repl, text)
        return text

    def sentence(self, text: str) -> str:
        return sentence(self(text))

    def clause(self, text: str) -> str:
        return cap(self(text)).rstrip(":. ")


def visible_steps(block) -> list:
    return [s for s in getattr(block, "steps", []) if getattr(s, "text", "")]


def text_of(block) -> str:
    return "; ".join(s.text for s in visible_steps(block))


def split_step(node):
    """(head, [(label, steps)]) for a step that holds other steps, when its text can be cut at its parts;
    None for a plain step."""
    text = getattr(node, "text", "")
    if isinstance(node, N.If):
        then = node.then
        suffix = f": {text_of(then)}"
        parts = [(None, visible_steps(then))]
        if node.other is not None:
            suffix += f"; otherwise: {text_of(node.other)}"
            parts.append(("Otherwise", visible_steps(node.other)))
        if text.endswith(suffix) and len(text) > len(suffix):
            return text[:len(text) - len(suffix)], parts
        return None
    body = getattr(node, "body", None)
    if body is not None and hasattr(body, "steps"):
        suffix = f": {text_of(body)}"
        if text.endswith(suffix) and len(text) > len(suffix):
            return text[:len(text) - len(suffix)], [(None, visible_steps(body))]
    return None


def render_steps(steps, style: Style, ordered=True, depth=0) -> list[str]:
    """Steps as a (nested) Markdown list, one sentence per step."""
    lines, pad = [], "    " * depth
    for i, node in enumerate(steps, 1):
        bullet = f"{i}. " if ordered else "- "
        split = split_step(node)
        if split is None:
            lines.append(f"{pad}{bullet}{style.sentence(node.text)}")
            continue
        head, parts = split
        lines.append(f"{pad}{bullet}{style.clause(head)}:")
        for label, sub in parts:
            if label:
                lines += ["", f"{pad}    {label}:", ""]
            lines += render_steps(sub, style, ordered=False, depth=depth + 1)
    return lines


def compiled_steps(m, path: str) -> list:
    """The compiled steps of a raw step list at ``path`` (``setup``, ``round/start``, ``roles/<id>/action``)."""
    block = m.nodes.get(path)
    if block is not None and hasattr(block, "steps"):
        return visible_steps(block)
    out, i = [], 0
    while f"{path}/{i}" in m.nodes:
        node = m.nodes[f"{path}/{i}"]
        if getattr(node, "text", ""):
            out.append(node)
        i += 1
    return out


def events_of(node, seen=None) -> list:
    """Events a compiled node emits (directly or in nested steps), in order."""
    seen = [] if seen is None else seen
    if isinstance(node, N.Emit):
        if node.event not in seen:
            seen.append(node.event)
        return seen
    for attr in ("steps", "then", "other", "body"):
        child = getattr(node, attr, None)
        if child is None:
            continue
        for c in (child if isinstance(child, list) else [child]):
            events_of(c, seen)
    return seen


# ---------------------------------------------------------------------------------------------------------- games

LOCALES = {"zh": "中文", "ja": "日本語", "de": "Deutsch", "fr": "Français", "es": "Español"}
VISIBILITY = {"hidden": "nobody", "owner": "its owner", "public": "everyone"}


def player_ranges(values: dict) -> list[tuple[str, object]]:
    """{players: value} -> [("2–4", value), ("5", value), ...], consecutive counts with the same value merged."""
    rows = []
    for n in sorted(values):
        if rows and rows[-1][1] == n - 1 and rows[-1][2] == values[n]:
            rows[-1][1] = n
        else:
            rows.append([n, n, values[n]])
    return [(f"{a}" if a == b else f"{a}–{b}", v) for a, b, v in rows]


class GameDoc:
    """The rules pages of one loaded game (a packaged game or a variant)."""

    def __init__(self, rules, folder: str):
        self.rules, self.m, self.folder = rules, rules.model, folder
        self.style = Style(self.m)
        self.content = self.m.raw.get("content", {})
        self.start = self.style(self.m.start_player_name) if self.m.start_player_name else "the start player"
        self._probes = {}
        self.locales = []
        for t in self.m.types:
            for loc in t.name:
                if loc != "en" and loc not in self.locales:
                    self.locales.append(loc)
        self.kind_of = {}
        counts = {}
        for t in self.m.types:
            for tag in t.tags:
                counts[tag] = counts.get(tag, 0) + 1
        for t in self.m.types:
            self.kind_of[t.index] = max(sorted(t.tags), key=lambda x: counts[x]) if t.tags else ""

    # ------------------------------------------------------------------ helpers
    @property
    def title(self) -> str:
        return self.m.title

    def link(self, page: str, anchor: str = "", here: str = "") -> str:
        target = "" if page == here else page
        return f"{target}#{anchor}" if anchor else (target or "#")

    def card_link(self, t, here="") -> str:
        if not self.folder:
            return f"**{t.en}**"
        return f"[{t.en}]({self.link('cards.md', 'card-' + t.id, here)})"

    def role_link(self, r, here="") -> str:
        if not self.folder:
            return f"**{r.en}**"
        return f"[{r.en}]({self.link('roles.md', 'role-' + r.id, here)})"

    def other_names(self, name: dict) -> str:
        rest = [name[loc] for loc in self.locales if name.get(loc)]
        return f" ({', '.join(rest)})" if rest else ""

    def quantity_name(self, qi) -> str:
        return cap(self.m.quantities[qi].text)

    def event_name(self, event) -> str:
        return cap(self.m.events.get(event, words(event)))

    def steps(self, path) -> list[str]:
        return render_steps(compiled_steps(self.m, path), self.style)

    def role_path(self, r) -> str:
        """Where a role's compiled steps are registered: ``roles/<position in the content>``."""
        for i, item in enumerate(self.content.get("roles") or []):
            if item is r.raw or (isinstance(item, dict) and item.get("id") == r.id):
                return f"roles/{i}"
        return f"roles/{r.id}"

    def groups(self) -> list[tuple[str, list]]:
        out = {}
        for t in self.m.types:
            out.setdefault(self.kind_of[t.index], []).append(t)
        return sorted(out.items(), key=lambda kv: -sum(t.copies for t in kv[1]))

    def group_title(self, kind) -> str:
        return cap(plural(words(kind))) if kind else "Other cards"

    # ------------------------------------------------------------------ games by player count and options
    def probe(self, players, options=None):
        """The state right after setup for a player count and options: {"copies", "roles", "position"}; a string
        with the reason when such a game cannot start; position None when setup needs a decision."""
        key = (players, json.dumps(options or {}, sort_keys=True))
        if key in self._probes:
            return self._probes[key]
        from .game import Game
        try:
            chosen = self.rules.check_options(options or {}, players)
            g = Game(self.rules, players, 0, chosen, log=False, _start=False)
        except ValueError as exc:
            self._probes[key] = str(exc)
            return self._probes[key]
        box = getattr(self.m, "box", None)
        copies = [0] * len(self.m.types)
        for z in self.m.zones:
            if z.index == box:
                continue
            for owner in g.zones[z.index]:
                for c in g.deep(owner):
                    copies[self.m.instance_types[c].index] += 1
        roles = [self.m.roles[r] for r in g.role_pool]
        position = None
        try:
            steps = [s for s in self.m.flow.steps if not isinstance(s, N.RoundLoop)]
            g.push(N.Block(steps), {})
            g.run()
            if g.pending is None:
                position = self.position(g)
        except Exception:       # noqa: BLE001 - a setup this summary cannot run is simply not summarised
            position = None
        self._probes[key] = {"copies": copies, "roles": roles, "position": position}
        return self._probes[key]

    def position(self, g) -> dict:
        """Where the cards are after setup: place -> text (per-player places from the start player on)."""
        out = {}
        order = [(g.start_player + k) % g.players for k in range(g.players)]
        for z in self.m.zones:
            if z.index == getattr(self.m, "box", None):
                continue
            if z.scope == "player":
                counts = [len(g.zones[z.index][s]) for s in order]
                if any(counts):
                    out[cap(z.text)] = f"{counts[0]} each" if len(set(counts)) == 1 else ", ".join(map(str, counts))
            elif g.zones[z.index][0]:
                out[cap(z.text)] = str(len(g.zones[z.index][0]))
        for c in self.m.counters:
            row = g.counters[c.index]
            values = [row[s] for s in order] if c.scope == "player" else row
            if any(values):
                out[cap(c.text)] = f"{values[0]} each" if c.scope == "player" and len(set(values)) == 1 \
                    else ", ".join(map(str, values))
        return out

    def counts(self):
        return list(self.rules.players)

    def option_variants(self, players):
        """(label, options) for each single option change allowed with this player count."""
        out = []
        for key, opt in self.m.options.items():
            values = opt.values if opt.values is not None else ([True, False] if isinstance(opt.default, bool) else [])
            for v in values:
                if v == opt.default:
                    continue
                label = f"{key} = {fmt_value(v)}" if not isinstance(v, bool) else (key if v else f"no {key}")
                out.append((label, {key: v}))
        return out

    # ------------------------------------------------------------------ raw references
    def refs(self, *raw) -> tuple[list, list]:
        """(quantities, events) that raw steps use, following quantity bases, payments and named selectors."""
        qs, evs, seen = [], [], set()
        todo = list(raw)
        quantities = self.content.get("quantities") or {}
        payments = self.content.get("payments") or {}
        selectors = self.content.get("selectors") or {}
        while todo:
            node = todo.pop(0)
            for d in walk(node):
                q, e, p, s = d.get("quantity"), d.get("emit"), d.get("using"), d.get("selector")
                if isinstance(q, str) and q in self.m.quantity_index and q not in qs:
                    qs.append(q)
                    todo.append((quantities.get(q) or {}).get("base"))
                if isinstance(e, str) and e in self.m.events and e not in evs:
                    evs.append(e)
                for name, table in (("p", p), ("s", s)):
                    if isinstance(table, str) and (name, table) not in seen:
                        seen.add((name, table))
                        todo.append((payments if name == "p" else selectors).get(table))
        return qs, evs

    def chain(self, events: list) -> list:
        """The events plus those that the cards firing on them emit in turn."""
        out = list(events)
        for e in out:
            for trig in self.m.triggers.get(e, []):
                for more in events_of(trig.body):
                    if more not in out:
                        out.append(more)
        return out

    def phases(self) -> list[dict]:
        """The parts of a game where cards act: setup, round start, every phase, each role, round end."""
        if getattr(self, "_phases", None) is None:
            self._phases = self._find_phases()
        return self._phases

    def _find_phases(self) -> list[dict]:
        """Each phase: its moments (events), numbers (quantities), and the triggers and modifiers acting there.
        A card whose condition names a role (``{role: id}``) acts in that role's phase only."""
        m, out = self.m, []
        role_raw = {r.id: [r.raw.get(k) for k in ("start", "action", "end")] for r in m.roles}
        auto = None
        for r in m.roles:
            own = self.refs(*role_raw[r.id])[1]
            extra = [e for e in events_of(r.block) if e not in own] if r.block is not None else []
            auto = extra if auto is None else [e for e in auto if e in extra]
        auto = self.chain(auto or [])
        rnd = self.content.get("round") or {}

        def add(key, title, quantities, events, intro, role=None):
            trigs = [tr for e in events for tr in m.triggers.get(e, [])
                     if not self.role_refs(tr) or (role is not None and role.id in self.role_refs(tr))]
            if role is not None:
                extra = [tr for e in auto for tr in m.triggers.get(e, []) if role.id in self.role_refs(tr)]
                trigs += [tr for tr in extra if tr not in trigs]
                events = events + [e for e in auto if e not in events and any(tr.event == e for tr in extra)]
            mods = [(q, mod) for q in quantities for mod in m.quantities[m.quantity_index[q]].mods
                    if mod.type >= 0 and (not self.role_refs(mod) or (role is not None and role.id in
                                                                     self.role_refs(mod)))]
            out.append({"key": key, "title": title, "quantities": quantities, "events": events, "intro": intro,
                        "role": role, "triggers": trigs, "mods": mods})

        for key, title, raw, intro in (
                ("setup", "Setup", [self.content.get("setup")], "while the game is set up"),
                ("round-start", "Round start", [rnd.get("start")], "at the start of every round")):
            qs, evs = self.refs(*raw)
            if qs or evs:
                add(key, title, qs, self.chain(evs), intro)
        mult = [m.quantities[m.privilege_multiplier].id] if m.privilege_multiplier is not None else []
        if auto or mult:
            add("every-phase", "Every phase", mult, auto, "in the phase of every role")
        for r in m.roles:
            qs, evs = self.refs(*role_raw[r.id])
            extra = [e for e in events_of(r.block) if e not in evs and e not in auto] if r.block is not None else []
            add("role-" + r.id, f"{r.en} phase", qs, self.chain(evs + extra), f"in the {r.en} phase", r)
        qs, evs = self.refs(rnd.get("end"))
        if qs or evs:
            add("round-end", "Round end", qs, self.chain(evs), "at the end of every round")
        return out

    def role_refs(self, effect) -> set:
        """The roles a trigger's or a modifier's condition names with ``{role: id}``."""
        if getattr(self, "_raw_of", None) is None:
            self._raw_of = {}
            for t in self.m.types:
                nth = {}
                for kind, eff, text, trig in self.card_effects(t):
                    if trig is not None:
                        self._raw_of[id(trig)] = eff
                    elif kind == "modify":
                        q = self.m.quantity_index.get(eff.get("modify"))
                        if q is None:
                            continue
                        mine = [x for x in self.m.quantities[q].mods if x.type == t.index]
                        i = nth.get(q, 0)
                        nth[q] = i + 1
                        if i < len(mine):
                            self._raw_of[id(mine[i])] = eff
        eff = self._raw_of.get(id(effect)) or {}
        return {d["role"] for d in walk(eff.get("if")) if isinstance(d.get("role"), str)}

    # ------------------------------------------------------------------ card effects
    def card_effects(self, t) -> list[tuple]:
        """(kind, raw effect, engine sentence, trigger or None) per effect of a card."""
        texts = list(t.texts)
        if len(texts) != len(t.effects):
            return [("text", None, x, None) for x in texts]
        mine = {}
        for event, trigs in self.m.triggers.items():
            mine[event] = [tr for tr in trigs if tr.type == t.index]
        out = []
        for eff, text in zip(t.effects, texts):
            kind = next((k for k in ("when", "modify", "score") if k in eff), "text")
            trig = mine.get(eff["when"], [None]).pop(0) if kind == "when" and mine.get(eff["when"]) else None
            out.append((kind, eff, text, trig))
        return out

    def effect_lines(self, kind, eff, text, trig) -> list[str]:
        if kind == "when" and trig is not None:
            steps, body = visible_steps(trig.body), text_of(trig.body)
            tail = f": {body}."
            if text.endswith(tail) and steps and (len(steps) > 1 or split_step(steps[0]) is not None):
                lead = self.style.clause(text[:-len(tail)])
                return [f"{lead}:", ""] + render_steps(steps, self.style, ordered=False) + [""]
        return [self.style.sentence(text), ""]

    def trigger_text(self, trig, short=False) -> str:
        """A trigger's sentence; ``short`` leaves out the moment (for a table that names it already)."""
        t = self.m.types[trig.type]
        for kind, eff, text, tr in self.card_effects(t):
            if tr is trig:
                when = cap(self.m.events.get(trig.event, ""))
                if short and when and text.startswith(when):
                    rest = text[len(when):].lstrip(",: ")
                    if rest:
                        return self.style.sentence(rest)
                return self.style.sentence(text)
        return self.style.sentence(f"{self.m.events.get(trig.event, trig.event)}: {text_of(trig.body)}")

    # ------------------------------------------------------------------ rules choices
    def choices_for(self, what: str, ident: str = "") -> list[dict]:
        """The rules choices that name a card, a role, the setup or the game end."""
        out = []
        for choice in self.m.rules_choices:
            text = choice.get("text", "")
            if what == "card":
                t = self.m.types[self.m.type_index[ident]]
                hit = re.search(rf"\b{re.escape(t.en)}\b", text)
            elif what == "role":
                r = self.m.roles[self.m.role_index[ident]]
                hit = re.search(rf"\b{re.escape(r.en)}\b", text, re.I)
            elif what == "setup":
                hit = re.search(r"\bset ?up\b", text, re.I)
            else:
                ends = [d.get("end_game", {}).get("text", "") for d in walk(self.content) if
                        isinstance(d.get("end_game"), dict)]
                hit = any(choice.get("id", "") in e for e in ends) or re.search(r"\b(it|game) ends\b", text, re.I)
            if hit:
                out.append(choice)
        return out

    def note_lines(self, notes) -> list[str]:
        if isinstance(notes, str):
            notes = [notes]
        notes = [" ".join(str(n).split()) for n in notes or [] if str(n).strip()]
        if not notes:
            return []
        lines = [f'!!! note "Note{"s" if len(notes) > 1 else ""}"', ""]
        for n in notes:
            lines += [f"    {n}", ""]
        return lines

    def choice_lines(self, choices, here="") -> list[str]:
        lines = []
        for c in choices:
            more = f" ([all rules choices]({self.link('index.md', 'rules-choices', here)}))" if self.folder else ""
            lines += [f'!!! info "Rules choice: {c["id"]}"', "", f"    {' '.join(c.get('text', '').split())}{more}", ""]
        return lines

    # ------------------------------------------------------------------ pages
    def pages(self) -> list[Page]:
        f = self.folder
        return [Page(f"{f}/index.md", "Overview", self.overview()),
                Page(f"{f}/setup.md", "Setup", self.setup()),
                Page(f"{f}/roles.md", "Roles", self.roles_page()),
                Page(f"{f}/cards.md", "Cards", self.cards_page()),
                Page(f"{f}/when.md", "What fires when", self.when_page()),
                Page(f"{f}/end.md", "Game end and scoring", self.end_page())]

    def header(self, what: str) -> list[str]:
        return [f"# {self.title}: {what}" if what else f"# {self.title}", ""]

    def overview(self) -> str:
        m = self.m
        lines = self.header("")
        facts = [f"{m.min_players}–{m.max_players} players" if m.min_players != m.max_players
                 else f"{m.min_players} players"]
        if m.edition:
            facts.insert(0, m.edition)
        lines += [f"*{' · '.join(facts)}*", ""]
        if m.description:
            lines += [" ".join(m.description.split()), ""]
        lines += ["| Page | What it covers |", "|---|---|",
                  "| [Setup](setup.md) | preparing the game, player counts, options |",
                  "| [Roles](roles.md) | each role's action and privilege |",
                  "| [Cards](cards.md) | every card, its numbers and its effect |",
                  "| [What fires when](when.md) | which cards act in which part of the round |",
                  "| [Game end and scoring](end.md) | when the game ends, how it is scored |", ""]
        lines += ["## Components", ""]
        lines += self.components()
        lines += ["### Where the cards are", ""]
        for z in m.zones:
            facts = ["one per player" if z.scope == "player" else "shared",
                     {"hidden": "face down", "owner": "seen by its owner", "public": "face up"}.get(z.visibility,
                                                                                             z.visibility)]
            if z.tableau:
                facts.append("in play: the effects of these cards work for their owner")
            if z.refill_from is not None:
                facts.append(f"when empty, refilled from {m.zones[z.refill_from].text}"
                             + (" (shuffled)" if z.refill_shuffle else ""))
            if z.index == getattr(m, "box", None):
                facts.append("the cards a game does not use")
            lines.append(f"- **{cap(z.text)}**: {', '.join(facts[:2])}" + "".join(f"; {f}" for f in facts[2:]) + ".")
        lines.append("")
        if m.piles:
            lines += ["Cards can also lie on a card in play:", ""]
            for p in m.piles:
                facts = [{"hidden": "face down", "public": "face up"}.get(p.visibility, p.visibility)]
                if p.capacity:
                    facts.append(f"at most {p.capacity} on a card")
                lines.append(f"- **{cap(p.text)}**: {'; '.join(facts)}.")
            lines.append("")
        lines += self.round_lines()
        lines += ["## Rules choices {#rules-choices}", ""]
        if m.rules_choices:
            lines += ["Where the rulebooks are silent or disagree, this content makes these choices:", ""]
            for c in m.rules_choices:
                lines += [f"- **{c['id']}**{{#choice-{c['id']}}}: {' '.join(c.get('text', '').split())}"
                          + (f" *(source: {c['source']})*" if c.get("source") else "")]
            lines.append("")
        else:
            lines += ["This game documents no rules choices.", ""]
        return "\n".join(lines)

    def copy_columns(self) -> list[tuple[str, list]]:
        """(column title, copies per card type): by player count with the default options, then one column per
        option value that changes the cards (at the first player count that allows it)."""
        if getattr(self, "_columns", None) is None:
            self._columns = self._copy_columns()
        return self._columns

    def _copy_columns(self) -> list[tuple[str, list]]:
        per = {}
        for n in self.counts():
            p = self.probe(n)
            if isinstance(p, dict):
                per[n] = tuple(p["copies"])
        cols = [(f"{r} players", list(v)) for r, v in player_ranges(per)]
        for n in self.counts():
            if n not in per:
                continue
            for label, opts in self.option_variants(n):
                q = self.probe(n, opts)
                if isinstance(q, dict) and tuple(q["copies"]) != per[n] and not any(
                        title.startswith(f"with {label}") for title, _ in cols):
                    anyone = self.m.options[next(iter(opts))].players is None
                    cols.append((f"with {label}" if anyone else f"with {label} ({n} players)", q["copies"]))
        return cols

    def copies_table(self) -> list[str]:
        cols = self.copy_columns()
        if len(cols) <= 1:
            return []
        lines = ["## Cards in the game {#cards-in-the-game}", "",
                 "The cards used depend on the player count and the options; the others stay in the box. "
                 "Cards whose number changes:", ""]
        rows = []
        for t in self.m.types:
            values = [v[t.index] for _, v in cols]
            if len(set(values)) > 1:
                rows.append([self.card_link(t)] + values)
        rows.append(["**All cards**"] + [f"**{sum(v)}**" for _, v in cols])
        return lines + table(["Card"] + [title for title, _ in cols], rows)

    def components(self) -> list[str]:
        cols = self.copy_columns()
        first = cols[0][1] if cols else [t.copies for t in self.m.types]
        where = cols[0][0] if cols else ""
        lines = [f"{sum(first)} cards of {sum(1 for c in first if c)} kinds"
                 + (f" with {where}" if len(cols) > 1 else "") + ":", ""]
        for kind, types in self.groups():
            n = sum(first[t.index] for t in types)
            if not n:
                continue
            tags = {}
            for t in types:
                for tag in sorted(t.tags - {kind}):
                    tags[tag] = tags.get(tag, 0) + first[t.index]
            detail = ", ".join(f"{v} {words(k)}" for k, v in tags.items() if v)
            kinds = sum(1 for t in types if first[t.index])
            lines.append(f"- **{self.group_title(kind)}**: {n} cards, {kinds} kinds"
                         + (f" ({detail})" if detail else "") + f" — see [Cards](cards.md#group-{slug(kind or 'other')}).")
        lines.append("")
        if len(cols) > 1:
            lines += ["Other player counts and options use other cards: " + "; ".join(
                f"{title}: {sum(v)}" for title, v in cols[1:]) + " (see [Setup](setup.md#cards-in-the-game)).", ""]
        return lines

    def role_order(self) -> list[str]:
        m, lines = self.m, []
        start = self.start
        lines.append(f"Starting with {start}, each player in turn chooses one of the roles that nobody has "
                     "chosen yet this round.")
        for n, order in sorted(m.role_order_by_players.items()):
            if list(order) == list(range(n)):
                continue
            names, seen = [], set()
            for k in order:
                who = start if k == 0 else ("the other player" if n == 2 else
                                            f"the player {k} seat{'s' if k > 1 else ''} to the left of {start}")
                names.append(who + (" again" if k in seen else ""))
                seen.add(k)
            seq = ", ".join(names[:-1]) + f" and then {names[-1]}" if len(names) > 1 else names[0]
            lines.append(f"With {n} players the roles are chosen by {seq}: {len(order)} roles each round.")
        return lines

    def round_lines(self) -> list[str]:
        m = self.m
        lines = ["## A round", "", "The game is played in rounds until it ends "
                 "(see [Game end and scoring](end.md)). Each round has three parts.", ""]
        lines += ["### Round start", ""]
        steps = self.steps("round/start")
        lines += (steps or ["Nothing happens at the start of a round."]) + [""]
        lines += ["See [what fires at round start](when.md#round-start)." if any(
            p["key"] == "round-start" for p in self.phases()) else "", ""]
        lines += ["### Roles", ""]
        lines += [" ".join(self.role_order()), ""]
        lines += ["When a role is chosen, its phase is played: every player, starting with the chooser, carries out "
                  "the role's action, and the chooser alone has its privilege."
                  + (f" A privilege counts as many times as the chooser's "
                     f"{m.quantities[m.privilege_multiplier].text} (see [what changes it]"
                     f"(when.md#every-phase))." if m.privilege_multiplier is not None else ""), ""]
        tableau = [z.text for z in m.zones if z.tableau]
        if tableau:
            lines += [f"A card that comes into play ({' or '.join(tableau)}) works from the end of the phase in "
                      "which it came into play.", ""]
        rows = []
        for r in m.roles:
            rows.append([self.role_link(r) + self.other_names(r.name), " ".join(self.style.sentence(x)
                                                                                 for x in r.privilege_texts)])
        lines += table(["Role", "Privilege (the chooser only)"], rows)
        lines += ["### Round end", ""]
        steps = self.steps("round/end")
        lines += (steps or ["Nothing happens at the end of a round."]) + [""]
        return lines

    def setup(self) -> str:
        m = self.m
        lines = self.header("setup")
        lines += ["## Setting up", ""]
        lines += (self.steps("setup") or ["There is nothing to set up."]) + [""]
        lines += self.choice_lines(self.choices_for("setup"), "setup.md")
        lines += self.copies_table()
        lines += ["## By player count", ""]
        rows, missing = [], []
        for n in self.counts():
            p = self.probe(n)
            if not isinstance(p, dict):
                missing.append(f"{n} players: {p}")
                continue
            rows.append((n, "", p))
            for label, opts in self.option_variants(n):
                q = self.probe(n, opts)
                if isinstance(q, dict) and q["position"] is not None and p["position"] is not None \
                        and (q["position"] != p["position"] or q["roles"] != p["roles"]):
                    rows.append((n, label, q))
        places = []
        for _, _, p in rows:
            for k in p["position"] or {}:
                if k not in places:
                    places.append(k)
        base_roles = rows[0][2]["roles"] if rows else []
        vary = any(p["roles"] != base_roles for _, _, p in rows)
        head = ["Players"] + (["Roles"] if vary else []) + ["Cards"] + places
        body = []
        for n, label, p in rows:
            extra = [r for r in p["roles"] if r not in base_roles]
            gone = [r for r in base_roles if r not in p["roles"]]
            roles = str(len(p["roles"])) + "".join(
                f" ({sign} {', '.join(self.role_link(r) for r in rs)})" for sign, rs in (("+", extra), ("−", gone)) if rs)
            body.append([f"{n}" + (f" ({label})" if label else "")] + ([roles] if vary else [])
                        + [str(sum(p["copies"]))] + [(p["position"] or {}).get(k, "0") for k in places])
        if rows:
            lines += [f"With {rows[0][0]} players the roles are {', '.join(self.role_link(r) for r in base_roles)}."
                      + (" Other player counts add or leave out roles as shown." if vary else
                         " Every player count uses the same roles."), ""]
            lines += ["Right after setup (for places that every player has, from the start player on):", ""]
            lines += table(head, body)
        for x in missing:
            lines += [f"- {x}"]
        if missing:
            lines.append("")
        lines += ["## Options", ""]
        if m.options:
            rows = []
            for key, o in m.options.items():
                values = o.values if o.values is not None else ([True, False] if isinstance(o.default, bool) else [])
                rows.append([f"`{key}`", fmt_value(o.default), ", ".join(fmt_value(v) for v in values),
                             ", ".join(map(str, o.players)) if o.players else "any",
                             ", ".join(f"`{x}`" for x in o.excludes), " ".join(o.text.split())])
            lines += table(["Option", "Default", "Values", "Players", "Excludes", "Meaning"], rows)
            lines += ["Choose options with `rules.new_game(players, options={...})` or "
                      "`boardrules play <game> --option name=value`.", ""]
        else:
            lines += ["This game has no options.", ""]
        lines += ["## Presets", ""]
        if m.presets:
            rows = [[f"`{k}`", " ".join(str(p.get("text", "")).split()),
                     ", ".join(f"{o} = {fmt_value(v)}" for o, v in p["options"].items())] for k, p in m.presets.items()]
            lines += table(["Preset", "Meaning", "Options"], rows)
        else:
            lines += ["This game has no presets.", ""]
        return "\n".join(lines)

    def availability(self, r) -> str:
        have = {}
        for n in self.counts():
            p = self.probe(n)
            if isinstance(p, dict):
                have[n] = r in p["roles"]
        if all(have.values()):
            return ""
        yes = [rng for rng, v in player_ranges(have) if v]
        return f"Only in some games: with default options, it is used with {', '.join(yes) or 'no'} players." \
            if yes else "Not used with the default options; an option adds it."

    def roles_page(self) -> str:
        m = self.m
        lines = self.header("roles")
        lines += [" ".join(self.role_order()), "",
                  "The chosen role's phase is then played: the start of the phase happens once, then every player, "
                  "starting with the chooser, carries out the action, then the end of the phase happens once. "
                  "The privilege holds for the chooser only.", ""]
        if m.privilege_multiplier is not None:
            lines += [f"A privilege counts as many times as the chooser's {m.quantities[m.privilege_multiplier].text} "
                      f"(normally {m.quantities[m.privilege_multiplier].base_text}; "
                      "see [what changes it](when.md#every-phase)).", ""]
        for r in m.roles:
            lines += self.role_block(r)
        return "\n".join(lines)

    def role_block(self, r, level=2, here="roles.md") -> list[str]:
        lines = [f"{'#' * level} {r.en}{self.other_names(r.name)} {{#role-{r.id}}}", ""]
        phases = {p["key"]: p for p in self.phases()}
        note = self.availability(r)
        if note:
            lines += [f"*{note}*", ""]
        if r.privilege_texts:
            lines += ["**Privilege** (the chooser only):", ""]
            lines += [f"- {self.style.sentence(x)}" for x in r.privilege_texts] + [""]
        start = self.steps(f"{self.role_path(r)}/start")
        if start:
            lines += ["**Start of the phase** (once):", ""] + start + [""]
        action = self.steps(f"{self.role_path(r)}/action")
        if not action and r.action_text:
            action = [self.style.sentence(r.action_text)]
        lines += ["**Action** (each player in turn, starting with the chooser):", ""]
        lines += (action or ["Nothing."]) + [""]
        end = self.steps(f"{self.role_path(r)}/end")
        if end:
            lines += ["**End of the phase** (once, after every player):", ""] + end + [""]
        cards = self.phase_cards(phases.get("role-" + r.id))
        if cards:
            lines += ["**Cards that act in this phase**: " + ", ".join(self.card_link(t) for t in cards)
                      + (f" ([how](when.md#role-{r.id}))." if self.folder else "."), ""]
        lines += self.note_lines(r.raw.get("notes"))
        lines += self.choice_lines(self.choices_for("role", r.id), here)
        return lines

    def phase_cards(self, phase) -> list:
        if not phase:
            return []
        out = [self.m.types[tr.type] for tr in phase["triggers"]] + [self.m.types[mod.type] for _, mod in phase["mods"]]
        seen, uniq = set(), []
        for t in out:
            if t.index not in seen:
                seen.add(t.index)
                uniq.append(t)
        return uniq

    def card_meta(self, t) -> str:
        parts = []
        cols = [(title, v[t.index]) for title, v in self.copy_columns()]
        if len({v for _, v in cols}) > 1:
            parts.append("copies: " + "; ".join(f"{v} {title}" if title.startswith("with ") else f"{v} with {title}"
                                                for title, v in cols))
        else:
            parts.append(f"{t.copies} cop{'y' if t.copies == 1 else 'ies'}")
        for name, spec in self.m.attributes.items():
            if name in t.attrs and not (isinstance(t.attrs[name], (dict, list))):
                if "default" in spec and t.attrs[name] == spec["default"] and name not in (
                        self.raw_card(t) or {}):
                    continue
                parts.append(f"{spec.get('text', name)}: {fmt_value(t.attrs[name])}")
        if t.tags:
            parts.append("tags: " + ", ".join(words(x) for x in sorted(t.tags)))
        if t.start != getattr(self.m, "box", None) and self.m.zones and "start" in (self.raw_card(t) or {}):
            parts.append(f"starts in {self.m.zones[t.start].text}")
        return " · ".join(parts)

    def raw_card(self, t):
        for c in self.content.get("cards", []) or []:
            if isinstance(c, dict) and c.get("id") == t.id:
                return c
        return None

    def card_block(self, t, here="cards.md", level=3) -> list[str]:
        lines = [f"{'#' * level} {t.en}{self.other_names(t.name)} {{#card-{t.id}}}", "", f"*{self.card_meta(t)}*", ""]
        for name, spec in self.m.attributes.items():
            if isinstance(t.attrs.get(name), dict) and t.attrs[name]:
                lines += [f"{cap(spec.get('text', name))}: {fmt_value(t.attrs[name])}.", ""]
        for kind, eff, text, trig in self.card_effects(t):
            lines += self.effect_lines(kind, eff, text, trig)
        lines += self.note_lines(t.notes)
        lines += self.choice_lines(self.choices_for("card", t.id), here)
        return lines

    def card_table(self, types, here="cards.md") -> list[str]:
        attrs_shown = []
        for name, spec in self.m.attributes.items():
            if isinstance(spec, dict) and spec.get("type") == "map":
                continue
            values = {fmt_value(t.attrs.get(name)) for t in types if name in t.attrs}
            if values - {fmt_value(spec.get("default")) if "default" in spec else ""} - {""}:
                attrs_shown.append(name)
        kinds = {self.kind_of[t.index] for t in types}
        head = (["Card"] + ["Copies"]
                + [self.attr_label(a) for a in attrs_shown] + ["Tags"])
        rows = []
        for t in types:
            counts = sorted({v[t.index] for _, v in self.copy_columns()} or {t.copies})
            copies = str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
            other = " · ".join(t.name[loc] for loc in self.locales if t.name.get(loc))
            rows.append([self.card_link(t, here) + (f"<br>{other}" if other else "")] + [copies]
                        + [fmt_value(t.attrs.get(a, "")) for a in attrs_shown]
                        + [", ".join(words(x) for x in sorted(t.tags - kinds))])
        return table(head, rows)

    def attr_label(self, name) -> str:
        return name.upper() if len(name) <= 2 else cap(words(name))

    def cards_page(self) -> str:
        m = self.m
        lines = self.header("cards")
        total = sum(t.copies for t in m.types)
        lines += [f"{len(m.types)} kinds of card, {total} cards in all (with {m.min_players} players). "
                  "Each card's effect below is written from its effect data.", ""]
        legend = [f"**{self.attr_label(a)}**: {spec.get('text', a)}" for a, spec in m.attributes.items()]
        if legend:
            lines += ["Card numbers: " + "; ".join(legend) + ".", ""]
        for kind, types in self.groups():
            lines += [f"## {self.group_title(kind)} {{#group-{slug(kind or 'other')}}}", ""]
            lines += self.card_table(types)
            for t in types:
                lines += self.card_block(t)
        return "\n".join(lines)

    def when_page(self) -> str:
        m = self.m
        lines = self.header("what fires when")
        lines += ["Cards act in two ways: an **ability** fires at a moment of the game (\"after you build\"), and a "
                  "**change** alters a number the rules use (\"your hand limit\") while you have the card in play. "
                  "For each part of a round, here are the moments it has, the numbers it uses, and the cards that "
                  "act there.", ""]
        placed_t, placed_q = set(), set()
        for ph in self.phases():
            lines += [f"## {ph['title']} {{#{ph['key']}}}", ""]
            role = ph.get("role")
            said = []
            if ph["events"]:
                said.append("**Moments:** " + "; ".join(m.events.get(e, e) for e in ph["events"]) + ".")
            if ph["quantities"]:
                said.append("**Numbers:** " + "; ".join(m.quantities[m.quantity_index[q]].text
                                                        for q in ph["quantities"]) + ".")
            lines += [cap(ph["intro"]) + ":", ""] + [f"- {x}" for x in said] + [""] if said else \
                [cap(f"{ph['intro']} the rules use no moment or number that a card can change."), ""]
            rows = []
            for trig in sorted(ph["triggers"], key=lambda tr: ph["events"].index(tr.event)
                               if tr.event in ph["events"] else len(ph["events"])):
                placed_t.add(id(trig))
                rows.append([self.event_name(trig.event), self.card_link(m.types[trig.type], "when.md"),
                             self.trigger_text(trig, short=True)])
            if rows:
                lines += ["**Abilities**", ""] + table(["Moment", "Card", "What it does"], rows)
            rows = []
            if role is not None:
                for qi, mods in role.privilege.items():
                    for mod in mods:
                        rows.append([self.quantity_name(qi), f"{self.role_link(role, 'when.md')} (privilege, chooser only)",
                                     self.style.sentence(mod.text)])
            for q, mod in ph["mods"]:
                placed_q.add(id(mod))
                rows.append([self.quantity_name(m.quantity_index[q]), self.card_link(m.types[mod.type], "when.md"),
                             self.style.sentence(mod.text)])
            if rows:
                lines += ["**Changes to numbers**", ""] + table(["Number", "Card", "Change"], rows)
            if not rows and not ph["triggers"]:
                lines += ["No card acts here.", ""]
        scores = [s for s in m.scoring if s.type >= 0]
        if scores:
            lines += ["## End of the game {#scoring}", "",
                      "These cards score points at the end of the game (see [Game end and scoring](end.md)):", ""]
            lines += table(["Card", "Scores"], [[self.card_link(m.types[s.type], "when.md"),
                                                 self.style.sentence(s.text)] for s in scores])
        rows = []
        for e, trigs in m.triggers.items():
            for trig in trigs:
                if id(trig) not in placed_t:
                    rows.append([self.event_name(e), self.card_link(m.types[trig.type], "when.md"),
                                 self.trigger_text(trig)])
        for q in m.quantities:
            for mod in q.mods:
                if id(mod) not in placed_q and mod.type >= 0:
                    rows.append([cap(q.text), self.card_link(m.types[mod.type], "when.md"),
                                 self.style.sentence(mod.text)])
        if rows:
            lines += ["## Elsewhere {#elsewhere}", "",
                      "These moments and numbers are not used by the round's or the roles' own steps (cards or "
                      "other effects use them):", ""]
            lines += table(["Moment or number", "Card", "Effect"], rows)
        lines += ["## The numbers {#numbers}", "",
                  "Every number the rules ask for, its value before any card or privilege changes it, and what "
                  "changes it:", ""]
        rows = []
        for q in m.quantities:
            by = [self.card_link(m.types[mod.type], "when.md") for mod in q.mods if mod.type >= 0]
            by += [f"{self.role_link(r, 'when.md')} (privilege)" for r in m.roles if q.index in r.privilege]
            limits = ", ".join(x for x in (f"at least {q.min}" if q.min is not None else "",
                                           f"at most {q.max}" if q.max is not None else "") if x)
            rows.append([cap(q.text), f"`{q.id}`", self.style(q.base_text), limits, ", ".join(dict.fromkeys(by))])
        lines += table(["Number", "Id", "Base value", "Limits", "Changed by"], rows)
        return "\n".join(lines)

    def end_page(self) -> str:
        m = self.m
        lines = self.header("game end and scoring")
        lines += ["## When the game ends", ""]
        ends = []
        for path, node in m.nodes.items():
            if isinstance(node, N.EndGame):
                ends.append((path, node))
        if not ends:
            lines += ["The game ends when its flow runs out.", ""]
        for path, node in ends:
            lines += [f"- **{self.where(path)}**: {self.style.sentence(node.text)}"
                      + (f" *({node.reason})*" if getattr(node, "reason", "") and node.reason not in node.text else ""),
                      ""]
        lines += ["When the game ends, the rest of the round is not played; the players score at once.", ""]
        lines += self.choice_lines(self.choices_for("end"), "end.md")
        lines += ["## Scoring {#scoring}", "", "Each player adds up these parts, in this order "
                  "(a part may use the points counted before it):", ""]
        for i, s in enumerate(m.scoring, 1):
            name = s.name.get("en", s.id) if isinstance(s.name, dict) else str(s.name)
            rest = self.other_names(s.name) if isinstance(s.name, dict) else ""
            if s.type >= 0:
                who = f"{self.card_link(m.types[s.type])}{rest}, only if you have it in play"
            else:
                who = f"**{name}**{rest}"
            when = " — counted last" if s.order > 0 and s is m.scoring[-1] else (" — counted after the others"
                                                                                 if s.order > 0 else "")
            lines.append(f"{i}. {who}{when}: {sentence(self.style(s.text))[0].lower()}{sentence(self.style(s.text))[1:]}")
        lines.append("")
        lines += ["## Tie-break {#tie-break}", ""]
        if m.tie_break:
            tb = [text for _, text in m.tie_break]
            lines += ["The player with the most points wins. If players tie, the one with the most "
                      + ", then the most ".join(tb) + " wins; players still tied share the victory.", ""]
        else:
            lines += ["The player with the most points wins; tied players share the victory.", ""]
        return "\n".join(lines)

    def where(self, path: str) -> str:
        parts = path.split("/")
        if parts[0] == "roles" and len(parts) > 2:
            r = next((x for x in self.m.roles if self.role_path(x) == f"roles/{parts[1]}"), None)
            name = r.en if r else parts[1]
            return {"start": f"At the start of the {name} phase", "end": f"At the end of the {name} phase"}.get(
                parts[2], f"During the {name} phase")
        if parts[0] == "round" and len(parts) > 1:
            return {"start": "At the start of each round", "end": "At the end of each round"}.get(parts[1], "Each round")
        if parts[0] == "setup":
            return "During setup"
        if parts[0] == "cards" and len(parts) > 1:
            return "When a card's ability says so"
        return "During the game"


# ---------------------------------------------------------------------------------------------------------- variants

HANDLED_SECTIONS = {"id", "title", "edition", "description", "players", "include", "cards", "roles", "quantities",
                    "options", "presets", "setup", "round", "scoring", "rules_choices"}


def flow(value) -> str:
    """A compact one-line YAML (flow style) rendering of plain data."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str) and (value == "" or re.search(r"[:{}\[\],#&*!|>'\"%@`]|^\s|\s$|^-", value)
                                   or value.lower() in ("true", "false", "null", "yes", "no")):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


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
        return f"[{t.en}]({link})" if link else f"**{t.en}**"

    def role_name(self, doc: GameDoc, r) -> str:
        link = self.base_link("roles.md", "role-" + r.id) if doc is self.da else None
        return f"[{r.en}]({link})" if link else f"**{r.en}**"

    def page(self, folder: str, name: str | None = None, show_file: bool = True) -> Page:
        a, b = self.a, self.b
        link = self.base_link()
        base = f"[{a.title}]({link})" if link else f"**{a.title}**"
        if show_file:
            lines = [f"# {b.title}", "", f"`{self.label}` (id `{b.id}`) extends {base}.", ""]
            if b.description:
                lines += [f"> {' '.join(b.description.split())}", ""]
        else:
            lines = [f"# {b.title}: changes from {a.title}", "",
                     f"{b.title} is written as a variant of {base}: its content file lists only what differs. "
                     "Here is every difference, found by comparing the two loaded games.", ""]
        sections = [self.game_facts(), self.cards(), self.roles(), self.quantities(), self.options(),
                    self.steps(), self.scoring(), self.choices(), self.other_sections()]
        body = [x for s in sections for x in s]
        if not show_file:
            body = [x[1:] if x.startswith("###") else x for x in body]
            return Page(f"{folder}/{name}.md", f"Changes from {a.title}", "\n".join(lines + body))
        lines += ["## What changes", ""] + (body or ["Nothing: the variant plays exactly like its base.", ""])
        lines += ["## The variant file", "", f"```yaml title=\"{self.path.name}\"",
                  self.path.read_text(encoding="utf-8").rstrip(), "```", "",
                  "Play it with `boardrules play " + self.label + " --players 3`, or compare it with its base with "
                  "`boardrules compare " + a.id + " " + self.label + "`.", ""]
        return Page(f"{folder}/{name or self.path.stem}.md", b.title, "\n".join(lines))

    # ------------------------------------------------------------------ sections
    def game_facts(self) -> list[str]:
        a, b, rows = self.a, self.b, []
        for label, x, y in (("Title", a.title, b.title), ("Edition", a.edition, b.edition),
                            ("Players", f"{a.min_players}–{a.max_players}", f"{b.min_players}–{b.max_players}")):
            if x != y and label != "Title":
                rows.append([label, x or "—", y or "—"])
        return (["### The game", ""] + table(["", "Before", "After"], rows)) if rows else []

    def card_fields(self, doc: GameDoc, t) -> dict:
        m = doc.m
        out = {"Name": t.en}
        for loc in t.name:
            if loc != "en":
                out[f"Name ({LOCALES.get(loc, loc)})"] = t.name[loc]
        out["Copies"] = str(t.copies)
        for name, spec in m.attributes.items():
            if name in t.attrs:
                out[cap(spec.get("text", name))] = fmt_value(t.attrs[name])
        out["Tags"] = ", ".join(words(x) for x in sorted(t.tags))
        out["Starts in"] = m.zones[t.start].text if m.zones else ""
        for i, text in enumerate(t.texts, 1):
            out[f"Effect {i}" if len(t.texts) > 1 else "Effect"] = doc.style.sentence(text)
        for i, note in enumerate(t.notes, 1):
            out[f"Note {i}" if len(t.notes) > 1 else "Note"] = " ".join(str(note).split())
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
                lines += [f"#### {old.en}{self.da.other_names(old.name)}", ""]
                lines += table(["", "Before", "After"], rows)
                link = self.base_link("cards.md", "card-" + old.id)
                if link:
                    lines += [f"[The card in {self.a.title}]({link})", ""]
        return lines

    def role_fields(self, doc: GameDoc, r) -> dict:
        out = {"Name": r.en}
        for loc in r.name:
            if loc != "en":
                out[f"Name ({LOCALES.get(loc, loc)})"] = r.name[loc]
        out["Privilege"] = " ".join(doc.style.sentence(x) for x in r.privilege_texts)
        for key, text in (("Start of the phase", r.start_text), ("Action", r.action_text),
                          ("End of the phase", r.end_text)):
            out[key] = doc.style.sentence(text) if text else ""
        return out

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
                fa, fb = self.role_fields(self.da, a.roles[a.role_index[r.id]]), self.role_fields(self.db, r)
                rows = [[k, fa.get(k) or "—", fb.get(k) or "—"] for k in fb if fa.get(k) != fb.get(k)]
                if rows:
                    changed.append((r, rows))
        if changed:
            lines += ["### Roles changed", ""]
            for r, rows in changed:
                lines += [f"#### {r.en}", ""] + table(["", "Before", "After"], rows)
        return lines

    def quantities(self) -> list[str]:
        a, b = self.a, self.b
        rows = []
        for q in b.quantities:
            if q.id not in a.quantity_index:
                rows.append([cap(q.text), f"`{q.id}`", "— (new)", self.db.style(q.base_text)])
                continue
            old = a.quantities[a.quantity_index[q.id]]
            for label, x, y in (("", old.base_text, q.base_text), (" (at least)", old.min, q.min),
                                (" (at most)", old.max, q.max)):
                if x != y:
                    rows.append([cap(q.text) + label, f"`{q.id}`", "—" if x is None else self.da.style(str(x)),
                                 "—" if y is None else self.db.style(str(y))])
            if old.text != q.text:
                rows.append(["Name", f"`{q.id}`", old.text, q.text])
        for q in a.quantities:
            if q.id not in b.quantity_index:
                rows.append([cap(q.text), f"`{q.id}`", self.da.style(q.base_text), "— (removed)"])
        return (["### Numbers", "", "Base values, before any card or privilege changes them:", ""]
                + table(["Number", "Id", "Before", "After"], rows)) if rows else []

    def options(self) -> list[str]:
        a, b = self.a, self.b

        def opt(o):
            return None if o is None else {"Default": fmt_value(o.default), "Values": fmt_value(o.values or ""),
                                           "Players": fmt_value(o.players or "any"),
                                           "Excludes": fmt_value(o.excludes), "Meaning": " ".join(o.text.split())}
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
                    return "—" if p is None else (" ".join(str(p.get("text", "")).split()) + ": " + ", ".join(
                        f"{k} = {fmt_value(v)}" for k, v in p["options"].items()))
                rows.append([f"preset `{key}`", show(x), show(y)])
        return (["### Options and presets", ""] + table(["", "Before", "After"], rows)) if rows else []

    def step_texts(self, doc: GameDoc, path: str) -> list[str]:
        return [doc.style.sentence(s.text) for s in compiled_steps(doc.m, path)]

    def steps(self) -> list[str]:
        lines = []
        for title, path in (("Setup", "setup"), ("Round start", "round/start"), ("Round end", "round/end")):
            x, y = self.step_texts(self.da, path), self.step_texts(self.db, path)
            if x != y:
                lines += [f"### {title}", "", "Before:", ""] + (self.da.steps(path) or ["Nothing."]) + [""]
                lines += ["After:", ""] + (self.db.steps(path) or ["Nothing."]) + [""]
        if self.a.role_order_by_players != self.b.role_order_by_players:
            lines += ["### Role selection", "", "Before: " + " ".join(self.da.role_order()), "",
                      "After: " + " ".join(self.db.role_order()), ""]
        return lines

    def scoring(self) -> list[str]:
        def parts(doc):
            return [f"{s.name.get('en', s.id) if isinstance(s.name, dict) else s.name}: {doc.style(s.text)}"
                    + (" (counted last)" if s.order > 0 else "") for s in doc.m.scoring]
        x, y = parts(self.da), parts(self.db)
        lines = []
        if x != y:
            lines += ["### Scoring", ""] + table(["", "Before", "After"], [
                [str(i + 1), x[i] if i < len(x) else "—", y[i] if i < len(y) else "—"]
                for i in range(max(len(x), len(y))) if (x[i] if i < len(x) else None) != (y[i] if i < len(y) else None)])
        tx, ty = [t for _, t in self.a.tie_break], [t for _, t in self.b.tie_break]
        if tx != ty:
            lines += ["### Tie-break", "", f"Before: {', then '.join(tx) or 'none'}.", "",
                      f"After: {', then '.join(ty) or 'none'}.", ""]
        return lines

    def choices(self) -> list[str]:
        x = {c["id"]: c.get("text", "") for c in self.a.rules_choices}
        y = {c["id"]: c.get("text", "") for c in self.b.rules_choices}
        rows = [[f"`{k}`", " ".join(x.get(k, "—").split()), " ".join(y.get(k, "—").split())]
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
                rows = [[f"`{k}`", flow(x[k]) if k in x else "—", flow(y[k]) if k in y else "—"]
                        for k in dict.fromkeys([*x, *y]) if x.get(k) != y.get(k)]
            else:
                rows = [[f"`{key}`", "—" if x is None else flow(x), "—" if y is None else flow(y)]]
            lines += [f"### {cap(words(key))}", ""] + table(["", "Before", "After"], rows)
        return lines


# ---------------------------------------------------------------------------------------------------------- schemas

NAME_PATTERN = "^[a-z][a-z0-9_]*$"
VAR_PATTERN = "^\\$[a-z_][a-z0-9_]*$"

# What the schemas do not say (yet): the engine's defaults, and a description where an alternative has none.
# The schemas' own "default", "description" and "examples" win over these.
DEFAULTS = {
    ("selector", "zone", "of"): "`you`", ("selector", "zone", "deep"): "`false`",
    ("expr", "counter", "of"): "`you`", ("expr", "attr", "of"): "`$it`", ("expr", "if", "else"): "`0`",
    ("expr", "groups", "size"): "`3`",
    ("condition", "tag", "card"): "`$it`", ("condition", "type", "card"): "`$it`", ("condition", "owns", "of"): "`you`",
    ("condition", "exists", "as"): "`it`", ("condition", "exists", "where"): "`true`",
    ("step", "for_each_player", "from"): "`start_player`",
    ("step", "choose", "as"): "`choice`", ("step", "choose", "player"): "`you`",
    ("step", "choose", "optional"): "`false`", ("step", "choose", "on_decline"): "`stop`",
    ("step", "choose", "text"): "the action and the choice", ("step", "choose", "decline_text"): "do not <action>",
    ("step", "move", "count"): "`1`", ("step", "move", "position"): "`top`",
    ("step", "pick", "count"): "`1`", ("step", "pick", "optional"): "`false`",
    ("step", "pick", "text"): "<action> {card}",
    ("step", "discard_down", "of"): "`you`", ("step", "discard_down", "into"): "`discard`",
    ("step", "add", "value"): "`1`", ("step", "add", "of"): "`you`",
    ("step", "set", "value"): "`1`", ("step", "set", "of"): "`you`",
    ("step", "end_game", "if"): "`true`", ("step", "end_game", "text"): "the condition's sentence",
    ("effect", "score", "order"): "`normal`",
    ("card", "", "copies"): "`1`", ("card", "", "start"): "the game's `start_zone`",
}

NOTES = {
    ("expr", "integer"): "a number", ("expr", "string"): "a word (a key such as a good's name) or a $variable",
    ("expr", "sum"): "the sum of the values", ("expr", "min"): "the smallest value", ("expr", "max"): "the largest value",
    ("expr", "mul"): "the product of the values", ("expr", "if"): "one value or another, by a condition",
    ("condition", "boolean"): "always yes or always no", ("condition", "all"): "every condition holds",
    ("condition", "any"): "at least one condition holds", ("condition", "not"): "the condition does not hold",
    ("condition", "eq"): "the two values are equal", ("condition", "ne"): "the two values differ",
    ("condition", "lt"): "the first value is less than the second",
    ("condition", "le"): "the first value is at most the second",
    ("condition", "gt"): "the first value is more than the second",
    ("condition", "ge"): "the first value is at least the second",
    ("condition", "same_type"): "two cards have the same card id", ("condition", "option"): "a game option is on",
    ("condition", "empty"): "a selector holds no card",
    ("condition", "exists"): "some card of a selector meets a condition (bound to the variable 'as')",
    ("condition", "can_pay"): "you can pay an amount with a payment (leaving out one card)",
    ("step", "if"): "run 'then' when the condition holds, else 'else'",
    ("step", "repeat"): "run the steps up to 'times' times; declining a choice inside ends the loop",
    ("step", "for_each_player"): "run the steps once for every player in turn ('you' is that player, $index counts "
                                 "from 0)",
    ("step", "choose"): "ask a player to choose a card from a selector (or one of fixed 'options'); the choice is "
                        "bound to the variable 'as'",
    ("step", "move"): "move one card, or 'count' cards from the top of a zone or from a selector",
    ("step", "shuffle"): "shuffle a shared zone", ("step", "discard_down"): "the player discards, one card at a time, "
                                                                            "down to 'to' cards or 'by' cards",
    ("step", "pay"): "the player pays an amount with a payment, one card at a time",
    ("step", "emit"): "the moment happens: cards with a 'when' on this event fire", ("step", "add"): "add to a counter",
    ("step", "set"): "set a counter", ("step", "let"): "note values in variables for the next steps",
    ("step", "end_game"): "the game ends at once if the condition holds",
    ("step", "start_player"): "choose the start player (at random or a seat)",
    ("step", "pass_start_player"): "the start player's title passes this many seats to the left",
    ("modifier", "modify + add"): "add to a quantity", ("modifier", "modify + set"): "set a quantity",
    ("card_ref", "string"): "a card held in a variable", ("card_ref", "top"): "the top card of a zone",
}

FIELD_NOTES = {
    ("selector", "zone", "of"): "whose zone, for a per-player zone",
    ("selector", "zone", "where"): "keep the cards for which this holds (the card is `$it`)",
    ("selector", "zone", "deep"): "also the cards in piles on these cards",
    ("expr", "quantity", "with"): "variables to set while computing it",
    ("expr", "attr", "key"): "for a map attribute: the key to read",
    ("step", "choose", "action"): "the action's kind, e.g. `build` (what bots and logs see)",
    ("step", "choose", "text"): "the action's sentence; `{card}` (or the 'as' variable) is replaced",
    ("step", "choose", "optional"): "the player may pass",
    ("step", "choose", "on_decline"): "`stop`: passing ends the enclosing steps; `continue`: go on",
    ("step", "choose", "options"): "fixed answers instead of cards",
    ("step", "move", "card"): "one card (instead of 'from' and 'count')",
    ("step", "move", "count"): "how many cards, or `all`",
    ("step", "move", "position"): "where in the destination: `top` or `bottom`",
    ("step", "pick", "text"): "each answer's sentence; `{card}` is replaced",
    ("step", "discard_down", "to"): "keep this many cards", ("step", "discard_down", "by"): "discard this many cards",
    ("step", "discard_down", "into"): "the zone that receives the cards",
    ("step", "end_game", "text"): "why the game ended (shown in the log and `game.end_reason`)",
    ("effect", "score", "order"): "`first`, `normal`, `last` or a number: parts count in this order",
}

SECTION_NOTES = {
    "id": "the game's (or variant's) id, used by `boardrules.load` and on the command line",
    "title": "the name shown to players", "edition": "which edition or printing the content follows",
    "description": "a paragraph about the game or the variant",
    "players": "the smallest and largest number of players",
    "include": "more files (relative paths) whose sections are added to this one",
    "extends": "the game this variant changes: a packaged game id or a path relative to this file",
    "names": "display names: what a player and the start player are called",
    "options": "choices made when a game starts, each with a default",
    "presets": "named bundles of option values", "attributes": "the numbers and words a card may carry (cost, ...)",
    "zones": "places where cards lie: shared (a draw pile) or one per player (a hand)",
    "piles": "cards lying on a card in play (goods, tucked cards)", "counters": "numbers kept during the game",
    "events": "moments that steps `emit` and that cards react to with `when`",
    "quantities": "numbers the rules ask for, which cards and privileges change with modifiers",
    "payments": "how an amount is paid: from which cards or counters", "selectors": "named selectors, reused by name",
    "cards": "the card types", "roles": "the roles players choose each round",
    "setup": "the steps that prepare a game", "round": "the steps of every round, and how roles are chosen",
    "scoring": "the parts of a player's score, and the tie-break",
    "rules_choices": "decisions the content makes where the rules are silent or unclear",
    "start_zone": "the shared zone where cards without their own 'start' begin",
}

EXAMPLES = {
    ("card_ref", "string"): "$card",
    ("card_ref", "top"): "{top: price_shown}",
    ("selector", "zone"): "{zone: city, of: $other, where: {tag: production, card: $it}}",
    ("selector", "selector"): "{selector: build_from}",
    ("selector", "union"): "{union: [{zone: hand}, {zone: looking}]}",
    ("selector", "pile + on"): "{pile: goods, on: $building}",
    ("selector", "pile + in"): "{pile: goods, in: {zone: city}}",
    ("expr", "integer"): "3",
    ("expr", "string"): "$price",
    ("expr", "quantity"): "{quantity: build_cost}",
    ("expr", "counter"): "{counter: sold}",
    ("expr", "attr"): "{attr: cost, of: $card}",
    ("expr", "count"): "{count: {zone: hand}}",
    ("expr", "total"): "{total: vp, in: {zone: city}}",
    ("expr", "sum"): "{sum: [5, $index]}",
    ("expr", "min"): "{min: [{count: {zone: hand}}, 3]}",
    ("expr", "max"): "{max: [{counter: sold}, 1]}",
    ("expr", "mul"): "{mul: [2, {count: {zone: city, where: {tag: production, card: $it}}}]}",
    ("expr", "sub"): "{sub: [{attr: cost, of: $card}, 1]}",
    ("expr", "div"): "{div: [{score: so_far}, 4]}",
    ("expr", "lookup"): "{lookup: [0, 4, 6, 8], index: {count: {zone: city, where: {tag: monument, card: $it}}}}",
    ("expr", "if"): "{if: {bound: covered}, then: {attr: cost, of: $covered}, else: 0}",
    ("expr", "players"): "{players: true}",
    ("expr", "least"): "{least: cost, in: {zone: hand}}",
    ("expr", "most"): "{most: vp, in: {zone: city}}",
    ("expr", "types"): "{types: {zone: city}}",
    ("expr", "groups"): "{groups: {in: {zone: city}, by: good, size: 3}}",
    ("expr", "option"): "{option: start_cards}",
    ("expr", "score"): "{score: so_far}",
    ("expr", "moves"): "{moves: round}",
    ("condition", "boolean"): "true",
    ("condition", "all"): "{all: [{empty: {zone: supply}}, {empty: {zone: discard}}]}",
    ("condition", "any"): "{any: [{tag: production, card: $card}, {not: {owns: $card}}]}",
    ("condition", "not"): "{not: {empty: {pile: goods, on: $building}}}",
    ("condition", "eq"): "{eq: [{players: true}, 2]}",
    ("condition", "ne"): "{ne: [{counter: sold}, 0]}",
    ("condition", "lt"): "{lt: [{count: {zone: hand}}, 2]}",
    ("condition", "le"): "{le: [{count: {zone: hand}}, 1]}",
    ("condition", "gt"): "{gt: [{players: true}, 2]}",
    ("condition", "ge"): "{ge: [{counter: produced}, 2]}",
    ("condition", "tag"): "{tag: violet, card: $card}",
    ("condition", "type"): "{type: my_building, card: $it}",
    ("condition", "same_type"): "{same_type: [$covered, $card]}",
    ("condition", "owns"): "{owns: $card}",
    ("condition", "role"): "{role: my_role}",
    ("condition", "role_available"): "{role_available: my_role}",
    ("condition", "chooser"): "{chooser: true}",
    ("condition", "option"): "{option: fair_start}",
    ("condition", "bound"): "{bound: covered}",
    ("condition", "empty"): "{empty: {zone: supply}}",
    ("condition", "distinct"): "{distinct: cost, in: {zone: revealed}}",
    ("condition", "any_player"): "{any_player: {lt: [{count: {zone: city, of: $other}}, {count: {zone: city}}]}, "
                                 "as: other}",
    ("condition", "exists"): "{exists: {in: {zone: city}, as: covered, where: {tag: production, card: $covered}}}",
    ("condition", "can_pay"): "{can_pay: {amount: {quantity: build_cost}, using: cards, except: $card}}",
    ("step", "if"): "if: {option: fair_start}\nthen:\n  - move: {from: {zone: supply}, to: {zone: hand}, count: 5}\n"
                    "else:\n  - move: {from: {zone: supply}, to: {zone: hand}, count: 4}",
    ("step", "repeat"): "repeat:\n  times: {quantity: produce_limit}\n  do:\n"
                        "    - choose: {action: produce, from: {zone: city}, as: building, optional: true}\n"
                        "    - move: {from: {zone: supply}, to: {pile: goods, on: $building}, count: 1}",
    ("step", "for_each_player"): "for_each_player:\n  do:\n"
                                 "    - move: {from: {zone: supply}, to: {zone: hand}, count: 4}",
    ("step", "choose"): "choose:\n  action: build\n  text: \"build {card}\"\n  from: {zone: hand}\n  as: card\n"
                        "  optional: true\n  where: {can_pay: {amount: {quantity: build_cost}, using: cards, "
                        "except: $card}}",
    ("step", "move"): "move: {from: {zone: supply}, to: {zone: hand}, count: {quantity: council_draw}}",
    ("step", "pick"): "pick: {from: {zone: looking}, count: 1, to: {zone: hand}, action: keep, text: \"keep {card}\"}",
    ("step", "shuffle"): "shuffle: supply",
    ("step", "discard_down"): "discard_down: {zone: hand, to: {quantity: hand_limit}, into: discard}",
    ("step", "pay"): "pay: {amount: {quantity: build_cost}, using: cards}",
    ("step", "emit"): "emit: built",
    ("step", "add"): "add: {counter: sold, value: 1}",
    ("step", "set"): "set: {counter: used_this_round, value: 1}",
    ("step", "let"): "let: {price: {quantity: sale_price}}",
    ("step", "end_game"): "end_game:\n  if: {any_player: {ge: [{count: {zone: city}}, 12]}}\n"
                          "  text: someone has 12 buildings",
    ("step", "start_player"): "start_player: random",
    ("step", "pass_start_player"): "pass_start_player: 1",
    ("modifier", "modify + add"): "{modify: build_cost, add: -1, if: {tag: production, card: $card}}",
    ("modifier", "modify + set"): "{modify: hand_limit, set: 12}",
    ("effect", "modify"): "{modify: sale_limit, add: 1}",
    ("effect", "when"): "when: sold\nif: {ge: [{counter: sold}, 2]}\ndo:\n"
                        "  - move: {from: {zone: supply}, to: {zone: hand}, count: 1}",
    ("effect", "score"): "score: {div: [{score: so_far}, 4]}\norder: last",
    ("card", ""): "id: my_building\nname: {en: My Building, zh: 我的建築}\ncopies: 3\ncost: 2\nvp: 1\n"
                  "tags: [building, violet]\neffects:\n  - when: built\n    if: {le: [{count: {zone: hand}}, 1]}\n"
                  "    do:\n      - move: {from: {zone: supply}, to: {zone: hand}, count: 1}\n"
                  "notes: [Why this card is written the way it is.]",
    ("role", ""): "id: scout\nname: {en: Scout, zh: 探子}\nprivilege:\n  - {quantity: scout_look, add: 2}\naction:\n"
                  "  - move: {from: {zone: supply}, to: {zone: looking}, count: {quantity: scout_look}}\n"
                  "  - pick: {from: {zone: looking}, count: 1, to: {zone: hand}, action: keep, optional: true}\n"
                  "  - move: {from: {zone: looking}, to: {zone: supply}, count: all, position: bottom}",
    ("steps", ""): "- shuffle: supply\n- for_each_player:\n    do:\n"
                   "      - move: {from: {zone: supply}, to: {zone: hand}, count: 4}",
}


class SchemaDoc:
    """The YAML language reference, from the JSON Schemas in ``schemas/``."""

    def __init__(self, schemas: dict, samples=()):
        self.schemas = schemas                          # file name -> schema
        self.defs = schemas.get("defs.schema.json", {}).get("$defs", {})
        self.samples = list(samples)                    # raw content, searched for examples the tables lack
        self._registry = None

    # ------------------------------------------------------------------ reading the schemas
    def alternatives(self, kind: str) -> list[tuple[str, dict]]:
        """(label, schema) for every alternative of a node kind; a kind with no alternatives is one ("", schema)."""
        spec = self.defs[kind]
        alts = spec.get("oneOf") or spec.get("anyOf")
        if not alts:
            return [("", spec)]
        firsts = [(a.get("required") or [None])[0] for a in alts]
        out = []
        for a, first in zip(alts, firsts):
            if a.get("type") == "object" or "properties" in a:
                req = a.get("required") or list(a.get("properties", {}))[:1]
                label = first if firsts.count(first) == 1 else " + ".join(req)
            else:
                t = a.get("type")
                label = "string" if t == "string" else ("integer" if t == "integer" else
                                                        "boolean" if t == "boolean" else str(t or "value"))
            out.append((label, a))
        return out

    def type_md(self, s) -> str:
        if not isinstance(s, dict) or not s:
            return "any value"
        if "$ref" in s:
            name = s["$ref"].rsplit("/", 1)[-1]
            return f"[{name}]({name}.md)"
        if "const" in s:
            return code(s["const"])
        if "enum" in s:
            return " / ".join(code(v) for v in s["enum"])
        alts = s.get("oneOf") or s.get("anyOf")
        if alts:
            return " or ".join(dict.fromkeys(self.type_md(a) for a in alts))
        t = s.get("type")
        if isinstance(t, list):
            return " or ".join(t)
        if t == "string":
            pattern = s.get("pattern")
            return {NAME_PATTERN: "name", VAR_PATTERN: "$variable", None: "text"}.get(pattern, "text")
        if t == "integer":
            lo, hi = s.get("minimum"), s.get("maximum")
            return "integer" + (f" ≥ {lo}" if lo is not None else "") + (f" ≤ {hi}" if hi is not None else "")
        if t == "boolean":
            return "`true` / `false`"
        if t == "array":
            items = s.get("items")
            n = "" if s.get("minItems") in (None, 0) else f" (at least {s['minItems']})"
            if s.get("minItems") is not None and s.get("minItems") == s.get("maxItems"):
                n = f" (exactly {s['minItems']})"
            return f"list of {self.type_md(items) if items else 'values'}{n}"
        if t == "object" or "properties" in s:
            props = s.get("properties")
            if props:
                return "`{" + ", ".join(props) + "}`"
            extra = s.get("additionalProperties")
            if isinstance(extra, dict):
                return f"mapping of name → {self.type_md(extra)}"
            return "mapping"
        return "any value"

    def fields(self, kind, label, alt) -> tuple[str | None, dict, list]:
        """(kind key whose value holds the fields or None, properties, required)."""
        props = alt.get("properties") or {}
        if len(props) == 1:
            key, inner = next(iter(props.items()))
            if isinstance(inner, dict) and inner.get("properties"):
                return key, inner["properties"], inner.get("required", [])
        return None, props, alt.get("required", [])

    def field_rows(self, kind, label, props, required) -> list[list]:
        rows = []
        for name, prop in props.items():
            default = code(prop["default"]) if isinstance(prop, dict) and "default" in prop else \
                DEFAULTS.get((kind, label, name), "")
            desc = (prop.get("description") if isinstance(prop, dict) else "") or FIELD_NOTES.get((kind, label, name), "")
            rows.append([f"`{name}`", self.type_md(prop), "yes" if name in required else "no",
                         "" if name in required else default, desc])
        return rows

    def registry(self):
        if self._registry is None:
            from referencing import Registry, Resource
            self._registry = Registry().with_resources(
                (s.get("$id", name), Resource.from_contents(s)) for name, s in self.schemas.items())
        return self._registry

    def validator(self, schema):
        import jsonschema
        base = self.schemas.get("defs.schema.json", {}).get("$id", "defs.schema.json")
        wrapped = {**schema, "$id": base.rsplit("/", 1)[0] + "/docgen-example.json"}
        return jsonschema.Draft202012Validator(wrapped, registry=self.registry())

    def example(self, kind, label, alt) -> str | None:
        if isinstance(alt.get("examples"), list) and alt["examples"]:
            return flow(alt["examples"][0])
        if (kind, label) in EXAMPLES:
            return EXAMPLES[(kind, label)]
        check = self.validator(alt)
        best = None
        for doc in self.samples:
            for node in walk(doc):
                first = (alt.get("required") or [None])[0]
                if first is not None and first not in node:
                    continue
                if check.is_valid(node):
                    text = flow(node)
                    if best is None or len(text) < len(best):
                        best = text
        return best

    def examples(self) -> list[tuple[str, str, object, dict]]:
        """(kind, label, parsed example, alternative schema) for every example this reference shows."""
        from ruamel.yaml import YAML
        out = []
        for kind in self.defs:
            for label, alt in self.alternatives(kind):
                text = self.example(kind, label, alt)
                if text is not None:
                    out.append((kind, label, YAML(typ="safe").load(text), alt))
        return out

    # ------------------------------------------------------------------ pages
    def pages(self, folder="reference") -> list[Page]:
        pages = [Page(f"{folder}/index.md", "Overview", self.index_page()),
                 Page(f"{folder}/files.md", "Files and sections", self.files_page())]
        for kind in self.defs:
            pages.append(Page(f"{folder}/{kind}.md", kind, self.kind_page(kind)))
        return pages

    def summary(self, kind) -> str:
        spec = self.defs[kind]
        if spec.get("description"):
            return spec["description"]
        if spec.get("type") == "array":
            return f"a list of {self.type_md(spec.get('items'))}"
        return {"card": "a card type", "role": "a role"}.get(kind, kind)

    def index_page(self) -> str:
        lines = ["# YAML language reference", "",
                 "Every file of a game is checked against a JSON Schema before anything else. This reference is "
                 "generated from those schemas: each node kind, every form it can take, its fields and an example. "
                 "The [authoring guide](../authoring.md) explains how the pieces fit together.", "",
                 "## Schemas", "",
                 "Point your editor at the published schemas (the YAML extension of VS Code and other editors "
                 "reads the first line of the file):", ""]
        rows = []
        for name, s in self.schemas.items():
            rows.append([f"[`{name}`](../schemas/{name})", s.get("title", ""), f"`{s.get('$id', '')}`"])
        lines += table(["File", "For", "Id"], rows)
        lines += ["```yaml", "# yaml-language-server: $schema=https://boardrules.dev/schemas/variant.schema.json",
                  "extends: <game id>", "```", "",
                  "In a checkout, a relative path works too: `# yaml-language-server: "
                  "$schema=../../schemas/game.schema.json`.", "",
                  "## Files", "",
                  "[Files and sections](files.md): the sections of a game manifest (`game.yaml`), of the files it "
                  "includes, and of a variant.", "",
                  "## Node kinds", "", "The building blocks used inside the sections:", ""]
        rows = []
        for kind in self.defs:
            alts = [lab for lab, _ in self.alternatives(kind) if lab]
            rows.append([f"[{kind}]({kind}.md)", self.summary(kind), ", ".join(f"`{a}`" for a in alts)])
        lines += table(["Kind", "What it is", "Forms"], rows)
        lines += ["## Reading the tables", "",
                  "- A **form** is one shape a node can take, named by its key: `{count: ...}` is the `count` form "
                  "of an [expr](expr.md). A node has exactly one form.",
                  "- **Type**: `name` is an identifier (`a-z`, digits, `_`) declared elsewhere in the game; "
                  "`$variable` is a variable such as `$card`; a link is another node kind.",
                  "- **Default** is what the engine uses when an optional field is left out.", ""]
        return "\n".join(lines)

    def files_page(self) -> str:
        lines = ["# Files and sections", "",
                 "A game is a directory with a manifest, `game.yaml`, that may `include` more files; a variant is "
                 "one file that `extends` a game. Each kind of file has its schema:", ""]
        for name in ("game.schema.json", "part.schema.json", "variant.schema.json"):
            s = self.schemas.get(name)
            if s is None:
                continue
            lines += [f"## {s.get('title', name)} {{#{slug(name.split('.')[0])}}}", "",
                      f"Schema: [`{name}`](../schemas/{name}).", ""]
            props, req = s.get("properties", {}), s.get("required", [])
            prefix = slug(name.split(".")[0])
            rows, subs = [], []
            for k, v in props.items():
                desc = (v.get("description", "") if isinstance(v, dict) else "") or SECTION_NOTES.get(k, "")
                detail = self.section_lines(name, k, v)
                ref = f"`{k}`"
                if detail:
                    ref = f"[`{k}`](#{prefix}-{slug(k)})"
                    subs += [f"### `{k}` {{#{prefix}-{slug(k)}}}", "", cap(desc) + "." if desc else ""] + [""] + detail
                rows.append([ref, self.type_md(v), "yes" if k in req else "no", desc])
            lines += table(["Section", "Type", "Required", "Description"], rows) + subs
        return "\n".join(lines)

    def section_lines(self, file, key, v) -> list[str]:
        """The fields of a structured section; [] for a plain value (the table row says it all)."""
        lines = []
        head = ["Field", "Type", "Required", "Default", "Description"]
        if not isinstance(v, dict):
            return []
        entry = v.get("additionalProperties") if v.get("type") == "object" and not v.get("properties") else None
        if isinstance(entry, dict) and entry.get("properties"):
            lines += ["A mapping from a name to an entry with these fields:", ""]
            lines += table(head, self.field_rows("", "", entry["properties"], entry.get("required", [])))
        elif v.get("properties"):
            lines += ["A mapping with these fields:", ""]
            lines += table(head, self.field_rows("", "", v["properties"], v.get("required", [])))
            for name, sub in v["properties"].items():
                if not isinstance(sub, dict):
                    continue
                inner = sub.get("items") if sub.get("type") == "array" else sub.get("additionalProperties")
                if isinstance(inner, dict) and inner.get("properties"):
                    lines += [f"Each entry of `{name}`:", ""]
                    lines += table(head, self.field_rows("", "", inner["properties"], inner.get("required", [])))
        elif v.get("type") == "array" and isinstance(v.get("items"), dict):
            items = v["items"]
            alts = items.get("oneOf") or ([items] if items.get("properties") else [])
            for i, alt in enumerate(alts, 1):
                if alt.get("properties"):
                    say = alt.get("description") or ("a list of entries with these fields" if len(alts) == 1 else
                                                      f"entries of form {i} (each entry has one form)")
                    lines += [cap(say) + ":", ""]
                    lines += table(head, self.field_rows("", "", alt["properties"], alt.get("required", [])))
        return lines

    def kind_page(self, kind) -> str:
        lines = [f"# {kind}", "", cap(self.summary(kind)) + ".", ""]
        alts = self.alternatives(kind)
        if len(alts) > 1 or alts[0][0]:
            rows = [[f"[`{label}`](#{slug(label)})", self.alt_summary(kind, label, alt)] for label, alt in alts]
            lines += table(["Form", "Meaning"], rows)
        for label, alt in alts:
            if label:
                lines += [f"## `{label}` {{#{slug(label)}}}", ""]
                lines += [cap(self.alt_summary(kind, label, alt)) + ".", ""]
            lines += self.alt_body(kind, label, alt)
        return "\n".join(lines)

    def alt_summary(self, kind, label, alt) -> str:
        return alt.get("description") or NOTES.get((kind, label)) or self.type_md(alt)

    def alt_body(self, kind, label, alt) -> list[str]:
        lines = []
        key, props, required = self.fields(kind, label, alt)
        if props:
            if key:
                lines += [f"Written `{key}: {{...}}` with these fields:", ""]
            lines += table(["Field", "Type", "Required", "Default", "Description"],
                           self.field_rows(kind, label, props, required))
        elif alt.get("type") not in (None, "object"):
            lines += [f"Type: {self.type_md(alt)}.", ""]
        extra = alt.get("additionalProperties")
        if isinstance(extra, dict) and not props:
            lines += [f"Any other key: {extra.get('description') or self.type_md(extra)}.", ""]
        elif isinstance(extra, dict) and extra.get("description"):
            lines += [f"Any other key: {extra['description']}.", ""]
        if isinstance(alt.get("items"), dict):
            lines += [f"Each item: {self.type_md(alt['items'])}.", ""]
        example = self.example(kind, label, alt)
        if example is not None:
            lines += ["```yaml", example, "```", ""]
        return lines


# ---------------------------------------------------------------------------------------------------------- the site

def schema_files() -> dict[str, str]:
    """The JSON Schemas shipped with boardrules: file name -> text."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(data_dir("schemas").glob("*.schema.json"))}


def examples_dir() -> Path | None:
    """``examples/`` beside the package in a checkout (a wheel has none)."""
    here = Path(__file__).resolve().parent.parent / "examples"
    return here if here.is_dir() else None


def variant_files(folder: Path | None) -> list[Path]:
    """The variant files (YAML with ``extends``) of a folder."""
    if folder is None:
        return []
    out = []
    for p in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")):
        text = p.read_text(encoding="utf-8")
        if re.search(r"^extends\s*:", text, re.M):
            out.append(p)
    return out


def manifest_extends(path: Path) -> str | None:
    """The ``extends`` of a variant file (None for a game file)."""
    try:
        from ruamel.yaml import YAML
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    except Exception:       # noqa: BLE001 - not a readable variant: the loader reports it
        return None
    return str(data["extends"]) if isinstance(data, dict) and "extends" in data else None


def game_folder(game_id: str) -> str:
    return f"games/{game_id}"


def build(games=None, variants=None) -> list[Page]:
    """Every generated page (and the schema copies), in navigation order. ``games``: packaged game ids or paths
    (default: every packaged game); ``variants``: variant files (default: ``examples/*.yaml`` in a checkout)."""
    from .loader import resolve
    from .rules import load
    games = list(packaged_games()) if games is None else list(games)
    variants = variant_files(examples_dir()) if variants is None else [Path(v) for v in variants]
    pages: list[Page] = []
    loaded = [load(g) for g in games]
    cache = {resolve(g).resolve(): r for g, r in zip(games, loaded)}
    folders = {}
    titles = [r.title for r in loaded]
    index = ["# Games", "", "The rules of every game that ships with boardrules, written from its content files. "
             "Each game has an overview, its setup, its roles, every card, a table of which cards act when, and "
             "the game end and scoring.", ""]
    rows, game_pages = [], []
    for rules in loaded:
        folder = game_folder(rules.id)
        folders[rules.id] = folder
        doc = GameDoc(rules, folder)
        label = rules.title if titles.count(rules.title) == 1 else f"{rules.title} ({rules.model.edition or rules.id})"
        parts = doc.pages()
        manifest = Path(rules.model.raw.get("path", ""))
        extends = manifest_extends(manifest)
        if extends is not None:
            base_path = resolve(extends, relative_to=manifest.parent).resolve()
            if base_path not in cache:
                cache[base_path] = load(base_path)
            base = cache[base_path]
            base_folder = game_folder(base.id) if base.id in packaged_games() else None
            vd = VariantDoc(manifest, rules.id, rules, base, base_folder and f"../{base_folder}")
            parts.append(vd.page(folder, "changes", show_file=False))
            last = "| [Game end and scoring](end.md) | when the game ends, how it is scored |"
            parts[0].text = parts[0].text.replace(
                last, last + f"\n| [Changes from {base.title}](changes.md) | every difference from {base.title}, "
                             "the game this one is written as a variant of |", 1)
        game_pages.append((label, parts))
        m = rules.model
        rows.append([f"[{label}]({rules.id}/index.md)", m.edition, f"{m.min_players}–{m.max_players}",
                     " ".join((m.description or "").split()), f"`{rules.id}`"])
    index += table(["Game", "Edition", "Players", "About", "Id"], rows)
    pages.append(Page("games/index.md", "Games", "\n".join(index)))
    for label, parts in game_pages:
        for p in parts:
            p.title = label if p.path.endswith("/index.md") and p.title == "Overview" else p.title
        pages += parts

    vindex = ["# Example variants", "",
              "House rules and variants from `examples/`, each shown by what it changes against the game it "
              "extends. The comparison is made between the two loaded games, so it lists every effect of the "
              "variant file, including texts that change because a number did. See [House rules](../house-rules.md) "
              "to write your own.", ""]
    rows, vpages = [], []
    for path in variants:
        rules = load(path)
        extends = manifest_extends(path)
        base_path = resolve(extends, relative_to=path.parent).resolve()
        if base_path not in cache:
            cache[base_path] = load(base_path)
        base = cache[base_path]
        base_folder = folders.get(base.id) if extends in packaged_games() else None
        label = f"{path.parent.name}/{path.name}"
        page = VariantDoc(path, label, rules, base, base_folder).page("variants")
        vpages.append(page)
        rows.append([f"[{rules.title}]({path.stem}.md)", f"`{label}`", base.title,
                     " ".join((rules.model.description or "").split())])
    vindex += table(["Variant", "File", "Extends", "What it does"], rows) if rows else \
        ["No example variants were found (they live in `examples/` of a source checkout).", ""]
    pages.append(Page("variants/index.md", "Example variants", "\n".join(vindex)))
    pages += vpages

    schemas = {name: json.loads(text) for name, text in schema_files().items()}
    samples = [r.content for r in loaded]
    pages += SchemaDoc(schemas, samples).pages()
    for name, text in schema_files().items():
        pages.append(Page(f"schemas/{name}", name, text, nav=False))
    return pages


def nav(pages: list[Page]) -> dict[str, list]:
    """Navigation for the generated sections: section index page -> mkdocs nav entries below it."""
    out = {}
    for section in SECTION_PAGES:
        folder = section.rsplit("/", 1)[0]
        entries, games = [], {}
        for p in pages:
            if not p.nav or not p.path.startswith(folder + "/") or p.path == section:
                continue
            rest = p.path[len(folder) + 1:]
            if "/" in rest:                      # games/<id>/<page>.md: a section per game
                sub = rest.split("/", 1)[0]
                if sub not in games:
                    games[sub] = []
                    entries.append({"__game__": sub})
                games[sub].append(p.path if p.path.endswith("/index.md") else {p.title: p.path})
                if p.path.endswith("/index.md"):
                    games[sub + "__title"] = p.title
            else:
                entries.append({p.title: p.path})
        for i, e in enumerate(entries):
            if "__game__" in e:
                sub = e["__game__"]
                entries[i] = {games.get(sub + "__title", sub): games[sub]}
        out[section] = [section] + entries
    return out


def generate(out_dir, games=None, variants=None) -> list[Page]:
    """Writes every generated page under ``out_dir`` (a file is only rewritten when its text changed, so a live
    preview does not loop) and returns the pages."""
    out = Path(out_dir)
    pages = build(games, variants)
    for p in pages:
        target = out / p.path
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_text(encoding="utf-8") != p.text:
            target.write_text(p.text, encoding="utf-8")
    return pages
