"""``GameDoc``, the rules pages of one loaded game: the shared helpers (links, names, notes, rules choices), the list
of pages and the overview page. Each other page is written by a part of its own (``setup``, ``roles``, ``cards``,
``when``, ``end``), mixed into ``GameDoc``."""
from __future__ import annotations

import re

from .cards import CardsPage
from .end import EndPage
from .ids import IdsPage
from .rounds import FlowPart
from .options import OptionsPage
from .page import Page
from .roles import RolesPage
from .setup import SetupPage
from .steps import compiled_steps, render_steps, walk
from ..content.summary import manifest_extends
from ..model.phrase import Tok, render
from ..model.records import GAME
from .text import cap, code, in_language, md, slug, table, words
from .when import WhenPage


def choice_writers(rules) -> dict:
    """Rules choice id -> the compiled model of the content that wrote it (see ``GameDoc.choice_writers``)."""
    from pathlib import Path

    from ..api.rules import load
    from ..content.sources import resolve
    m = rules.model
    out = {c.get("id"): m for c in m.rules_choices}
    path = Path(m.raw.get("path") or "")
    extends = manifest_extends(path) if path.name else None
    if extends is None:
        return out
    try:
        base = load(resolve(extends, relative_to=path.parent))
    except Exception:       # noqa: BLE001 - the variant loaded, so its base does; if not, its own content stands
        return out
    kept = {c.get("id"): c for c in m.rules_choices}
    below = choice_writers(base)
    for c in base.model.rules_choices:
        if kept.get(c.get("id")) == c:
            out[c.get("id")] = below.get(c.get("id"), base.model)
    return out


def _lower_first(text: str) -> str:
    """A sentence put after a comma: its first letter lower-case, unless the word is a name ("The player" ->
    "The token" -> "the token", "Rome" stays)."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first[1:2].islower() and first[1:].islower() else text


class GameDoc(SetupPage, RolesPage, CardsPage, WhenPage, EndPage, FlowPart, OptionsPage, IdsPage):
    """The rules pages of one loaded game (a packaged game or a variant)."""

    def __init__(self, rules, folder: str):
        self.rules, self.m, self.folder = rules, rules.model, folder
        self.content = self.m.raw.get("content", {})
        self.start = md(self.m.start_player_text)
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
        return md(self.m.title)

    def event_said(self, event, token) -> str:
        """A moment the rules name, as what happens then: "after you draw, the [Lens] and the [Mirror] act"
        (the cards answering it, each linked), the game's own reaction in its words, or when nothing answers it in
        this game, that nothing acts."""
        m = self.m
        event, with_moment = event if isinstance(event, tuple) else (event, True)
        moment = md(m.events.get(event, str(event)))
        cards: list = []
        mine = True         # every card answers its owner's moment: "(if you have it in play)"
        own = [tr.rule_text for tr in m.reactions.get(event, []) if tr.rule_text]
        for tr in m.triggers.get(event, []):
            if tr.reach == GAME or tr.type < 0:
                own.append(tr.rule_text)
            elif tr.type not in cards:
                cards.append(tr.type)
                mine = mine and tr.scope == "owner"
        names = [render(Tok(m.types[t].en, "card", m.types[t].id), token, md) for t in cards]
        said = []
        if names:
            listed = names[0] if len(names) == 1 else ", the ".join(names[:-1]) + " and the " + names[-1]
            it = "it" if len(names) == 1 else "them"
            said.append(f"the {listed} {'acts' if len(names) == 1 else 'act'} "
                        + (f"(if you have {it} in play)" if mine else f"(for whoever has {it} in play)"))
        said += [md(_lower_first(str(t))).rstrip(".") for t in own if t]
        if not said:
            return f"{moment}, no card acts in this game (a house rule may add one)" if with_moment else \
                f"what acts {moment} (nothing in this game)"
        return (f"{moment}, " if with_moment else "") + "; ".join(said)

    def say(self, text: str, tables: list | None = None) -> str:
        """A compiled text as Markdown: its tokens become links to the card, the role or the number they name
        (plain text where this game has no pages); nothing is parsed back out of the English. Every piece of it is
        escaped (``md``): the compiler's sentences carry content's names and texts. A value read off a table reads
        as its short row ("2 / 3 / 4 / 5 players: 65 / 75 / 100 / 122"); given ``tables``, it says "(see the
        table)" and the table's Markdown lines are added to ``tables``, for the caller to put after the sentence."""
        m = self.m

        def token(tok) -> str:
            if tok.kind == "table":
                t = tok.ref
                lead = render(t.lead, token, md)
                if tables is None:
                    return f"{lead} ({t.row(lambda v: render(v, token, md))})"
                tables.append(table([md(t.head)] + [md(label) for label, _ in t.rows],
                                    [[md(t.value or "Value")] + [render(v, token, md) for _, v in t.rows]]))
                return f"{lead} (see the table)"
            if tok.kind == "event":
                return self.event_said(tok.ref, token)
            if tok.kind == "option":
                if tok.ref not in m.options or not self.folder:
                    return md(tok)
                return f"[{md(tok)}]({self.link('options.md', 'option-' + str(tok.ref))})"
            index = {"card": m.type_index, "role": m.role_index, "quantity": m.quantity_index}.get(tok.kind, {})
            if tok.ref not in index or not self.folder:
                return md(tok)
            if tok.kind == "card":
                return f"[{md(tok)}]({self.link('cards.md', 'card-' + str(tok.ref))})"
            if tok.kind == "role":
                return f"[{md(tok)}]({self.link('roles.md', 'role-' + str(tok.ref))})"
            return f"[{md(tok)}]({self.link('when.md', 'number-' + str(tok.ref))})"
        return render(text, token, md)

    def said(self, line: str, text, tables_after: bool = True) -> list[str]:
        """``line`` (a format with ``{}`` for the text's Markdown) and, after it, the tables the text reads off."""
        tables: list = []
        out = [line.format(self.say(text, tables))] if tables_after else [line.format(self.say(text))]
        for t in tables:
            out += [""] + [x for x in t if x]
        return out

    def link(self, page: str, anchor: str = "", here: str = "") -> str:
        target = "" if page == here else page
        return f"{target}#{anchor}" if anchor else (target or "#")

    def card_link(self, t, here="") -> str:
        if not self.folder:
            return f"**{md(t.en)}**"
        return f"[{md(t.en)}]({self.link('cards.md', 'card-' + t.id, here)})"

    def role_link(self, r, here="") -> str:
        if not self.folder:
            return f"**{md(r.en)}**"
        return f"[{md(r.en)}]({self.link('roles.md', 'role-' + r.id, here)})"

    def other_names(self, name: dict) -> str:
        rest = [in_language(md(name[loc]), loc) for loc in self.locales if name.get(loc)]
        return f" ({', '.join(rest)})" if rest else ""

    def quantity_name(self, qi) -> str:
        return md(cap(self.m.quantities[qi].text))

    def event_name(self, event) -> str:
        return md(cap(self.m.events.get(event, words(event))))

    def steps(self, path) -> list[str]:
        return render_steps(compiled_steps(self.m, path), say=self.say)

    # ------------------------------------------------------------------ rules choices
    def choice_writers(self) -> dict:
        """Rules choice id -> the compiled model of the content that wrote it: a variant's own choices are its own,
        the ones it keeps from what it extends were written there (recursively)."""
        if getattr(self, "_writers", None) is None:
            self._writers = choice_writers(self.rules)
        return self._writers

    def named_by(self, choice: dict, what: str) -> set:
        """The ids of the cards (``what`` "card") or roles a rules choice names, read in the content that wrote it:
        a choice belongs to the card it was written for, not to a card of a later variant that shares its name."""
        m = self.choice_writers().get(choice.get("id"), self.m)
        text = choice.get("text", "")
        if what == "card":
            return {t.id for t in m.types if re.search(rf"\b{re.escape(t.en)}\b", text)}
        return {r.id for r in m.roles if re.search(rf"\b{re.escape(r.en)}\b", text, re.I)}

    def choices_for(self, what: str, ident: str = "") -> list[dict]:
        """The rules choices that name a card, a role, the setup or the game end (a card or a role by its id in the
        content that wrote the choice)."""
        out = []
        for choice in self.m.rules_choices:
            text = choice.get("text", "")
            if what in ("card", "role"):
                hit = ident in self.named_by(choice, what)
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
        notes = [md(" ".join(str(n).split())) for n in notes or [] if str(n).strip()]
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
            lines += ['!!! info "Rules choice"', "", f"    {code(c['id'])}: {md(' '.join(c.get('text', '').split()))}{more}",
                      ""]
        return lines

    # ------------------------------------------------------------------ pages
    def pages(self) -> list[Page]:
        f = self.folder
        pages = [Page(f"{f}/index.md", "Overview", self.overview()),
                 Page(f"{f}/setup.md", "Setup", self.setup()),
                 (Page(f"{f}/roles.md", "Roles", self.roles_page()) if self.m.roles else
                  Page(f"{f}/turns.md", "Turns and actions", self.turns_page())),
                 Page(f"{f}/cards.md", "Cards", self.cards_page()),
                 Page(f"{f}/when.md", "What fires when", self.when_page()),
                 Page(f"{f}/end.md", "Game end and scoring", self.end_page())] + \
            ([Page(f"{f}/options.md", "Options", self.options_page())] if self.m.options else []) + \
            [Page(f"{f}/ids.md", "Ids for house rules", self.ids_page())]
        for p in pages:
            p.doc = self
        return pages

    def header(self, what: str) -> list[str]:
        return [f"# {self.title}: {what}" if what else f"# {self.title}", ""]

    def overview(self) -> str:
        m = self.m
        lines = self.header("")
        facts = [f"{m.min_players}–{m.max_players} players" if m.min_players != m.max_players
                 else f"{m.min_players} players"]
        if m.edition:
            facts.insert(0, md(m.edition))
        lines += [f"*{' · '.join(facts)}*", ""]
        if m.description:
            lines += [md(" ".join(m.description.split())), ""]
        lines += ["| Page | What it covers |", "|---|---|",
                  "| [Setup](setup.md) | preparing the game, player counts, options |",
                  ("| [Roles](roles.md) | each role's action and privilege |" if m.roles else
                   "| [Turns and actions](turns.md) | what a turn and each of its actions do |"),
                  "| [Cards](cards.md) | every card, its numbers and its effect |",
                  "| [What fires when](when.md) | which cards act in which part of the round |",
                  "| [Game end and scoring](end.md) | when the game ends, how it is scored |"]
        if m.options:
            lines += ["| [Options](options.md) | what each option changes, with its rules choices |"]
        lines += ["| [Ids for house rules](ids.md) | every id a house rule may name, beside what these pages call it |",
                  ""]
        lines += ["## Components", ""]
        lines += self.components()
        lines += ["### Where the cards are", ""]
        for z in m.zones:
            facts = ["one per player" if z.scope == "player" else "shared",
                     {"hidden": "face down", "owner": "seen by its owner", "public": "face up",
                      "top": "face up, only the top card showing"}.get(z.visibility,
                                                                                             z.visibility)]
            if z.tableau:
                facts.append("in play: the effects of these cards work for their owner")
            if z.refill_from is not None:
                facts.append(f"when empty, refilled from {md(m.zones[z.refill_from].text)}"
                             + (" (shuffled)" if z.refill_shuffle else ""))
            if z.index == getattr(m, "box", None):
                facts.append("the cards a game does not use")
            lines.append(f"- **{md(cap(z.text))}**: {', '.join(facts[:2])}" + "".join(f"; {f}" for f in facts[2:]) + ".")
        lines.append("")
        if m.piles:
            lines += ["Cards can also lie on a card in play:", ""]
            for p in m.piles:
                facts = [{"hidden": "face down", "public": "face up"}.get(p.visibility, p.visibility)]
                if p.capacity:
                    facts.append(f"at most {md(p.capacity_text)} on a card")
                lines.append(f"- **{md(cap(p.text.replace('{card}', 'a card')))}**: {'; '.join(facts)}.")
            lines.append("")
        lines += self.round_lines()
        lines += ["## Rules choices {#rules-choices}", ""]
        if m.rules_choices:
            lines += ["Where the rulebooks are silent or disagree, this content makes these choices:", ""]
            for c in m.rules_choices:
                option = f" *(option [`{c['option']}`](options.md#option-{c['option']}))*" if c.get("option") else ""
                lines += [f"- `{c['id']}`{{#choice-{c['id']}}}{option}: {md(' '.join(c.get('text', '').split()))}"
                          + (f" *(source: {md(c['source'])})*" if c.get("source") else "")]
            lines.append("")
        else:
            lines += ["This game documents no rules choices.", ""]
        return "\n".join(lines)

    def tag_counts(self, types, tags: dict) -> str:
        """The cards of a group counted by tag, a tag held only by cards of a larger one said inside it:
        "12 fox, 24 glorp (3 zib, 3 quux)"."""
        having = {k: {t.index for t in types if k in t.tags} for k in tags}
        parent = {}
        for k in tags:
            outer = [o for o in tags if o != k and tags[o] > tags[k] and having[k] <= having[o]]
            parent[k] = min(outer, key=lambda o: tags[o]) if outer else None

        def top(k):
            return k if parent[k] is None else top(parent[k])

        def said(k):        # one level of brackets: a tag inside an inner one is listed beside it
            inner = [f"{tags[c]} {md(words(c))}" for c in tags if c != k and top(c) == k]
            return f"{tags[k]} {md(words(k))}" + (f" ({', '.join(inner)})" if inner else "")
        return ", ".join(said(k) for k in tags if parent[k] is None)

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
            detail = self.tag_counts(types, {k: v for k, v in tags.items() if v})
            kinds = sum(1 for t in types if first[t.index])
            lines.append(f"- **{self.group_title(kind)}**: {n} cards, {kinds} kinds"
                         + (f" ({detail})" if detail else "") + f" — see [Cards](cards.md#group-{slug(kind or 'other')}).")
        lines.append("")
        if len(cols) > 1:
            lines += ["Other player counts and options use other cards: " + "; ".join(
                f"{title}: {sum(v)}" for title, v in cols[1:]) + " (see [Setup](setup.md#cards-in-the-game)).", ""]
        return lines
