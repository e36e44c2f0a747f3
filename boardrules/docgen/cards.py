"""The cards page: the cards by kind, each card's numbers and its effects as sentences (a part of ``GameDoc``)."""
from __future__ import annotations

from ..model import pieces as P
from ..model.phrase import ph
from .setup import player_ranges
from .steps import render_steps, split_step, text_of, visible_steps
from .text import cap, clause, fmt_value, in_language, md, plural, sentence, slug, table, words


class CardsPage:
    """The cards page, each card's section and its effects (mixed into ``GameDoc``)."""

    def groups(self) -> list[tuple[str, list]]:
        out = {}
        for t in self.m.types:
            out.setdefault(self.kind_of[t.index], []).append(t)
        return sorted(out.items(), key=lambda kv: -sum(t.copies for t in kv[1]))

    def group_title(self, kind) -> str:
        return md(cap(plural(words(kind)))) if kind else "Other cards"

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
            steps = visible_steps(trig.body)
            if trig.lead and steps and (len(steps) > 1 or split_step(steps[0]) is not None):
                tables: list = []
                lead = [f"{clause(self.say(trig.lead, tables))}:", ""]
                for t in tables:
                    lead += [x for x in t if x] + [""]
                return lead + render_steps(steps, ordered=False, say=self.say) + [""]
        tables = []
        out = [sentence(self.say(text, tables)), ""]
        for t in tables:        # the tables the sentence reads off, right after it
            out += [x for x in t if x] + [""]
        return out

    def trigger_text(self, trig, short=False) -> str:
        """A trigger's sentence; ``short`` leaves out the moment (for a table that names it already)."""
        body = text_of(trig.body)
        if short and body:       # its condition and its steps, as the compiler said them (tokens kept)
            return sentence(self.say(ph("if ", trig.text, ": ", body) if trig.text else body))
        for kind, eff, text, tr in self.card_effects(self.m.types[trig.type]):
            if tr is trig:
                return sentence(self.say(text))
        return sentence(self.say(ph(self.m.events.get(trig.event, trig.event), ": ", body)))

    def card_meta(self, t) -> str:
        parts = []
        cols = [(title, v[t.index]) for title, v in self.copy_columns()]
        if len({v for _, v in cols}) > 1:
            said = self.copies_said(t, cols)
            # a card only some options bring: say where it is, and that it is in no other game
            none = " (none otherwise)" if any(not v for _, v in cols) else ""
            parts.append("copies: " + "; ".join(said) + none)
        else:
            parts.append(f"{t.copies} cop{'y' if t.copies == 1 else 'ies'}")
        for name, spec in self.m.attributes.items():
            if name in t.attrs and not (isinstance(t.attrs[name], (dict, list))):
                if "default" in spec and t.attrs[name] == spec["default"] and name not in (
                        self.raw_card(t) or {}):
                    continue
                value = t.attrs[name]
                shown = words(value) if isinstance(value, str) else fmt_value(value)      # a word as words
                parts.append(f"{md(spec.get('text', name))}: {md(shown)}")
        if t.tags:
            parts.append("tags: " + ", ".join(md(words(x)) for x in sorted(t.tags)))
        if t.start != getattr(self.m, "box", None) and self.m.zones and "start" in (self.raw_card(t) or {}):
            parts.append(f"starts in {md(self.m.zones[t.start].text)}")
        return " · ".join(parts)

    def copies_said(self, t, cols) -> list[str]:
        """One card's copies, as few words as say them: the player counts with the same number merged ("7 with 2
        players; 10 with 3–5 players", as ``player_ranges`` merges them), then each option column (``cols``) that
        changes this card's number, and only those."""
        per = {n: p["copies"][t.index] for n, p in self.default_games().items()}
        ranges = player_ranges(per)
        said = [f"{v} with {r} players" for r, v in ranges if v]
        if len(ranges) == 1 and ranges[0][1]:
            said = [str(ranges[0][1])]
        for title, v in cols:
            if not title.startswith(("with ", "without ")):
                continue
            n = title.rsplit("(", 1)[-1].split(" ")[0] if title.endswith(" players)") else None
            last = per[max(per)] if per else None       # (an option column names the count it was probed at)
            usual = per.get(int(n), last) if n is not None and n.isdigit() else last
            if v != usual and v:
                said.append(f"{v} {title}")
        return said

    def raw_card(self, t):
        for c in self.content.get("cards", []) or []:
            if isinstance(c, dict) and c.get("id") == t.id:
                return c
        return None

    def card_block(self, t, here="cards.md", level=3) -> list[str]:
        lines = [f"{'#' * level} {md(t.en)}{self.other_names(t.name)} {{#card-{t.id}}}", "", f"*{self.card_meta(t)}*",
                 ""]
        for name, spec in self.m.attributes.items():
            if isinstance(t.attrs.get(name), dict) and t.attrs[name]:
                lines += [f"{md(cap(spec.get('text', name)))}: {md(fmt_value(t.attrs[name]))}.", ""]
            elif spec.get("type") == "shape" and t.attrs.get(name):
                n = len(P.squares(t.attrs[name]))
                lines += [f"{md(cap(spec.get('text', name)))}: {P.picture(t.attrs[name])} ({n} square{'s' if n != 1 else ''}).",
                          ""]
        for kind, eff, text, trig in self.card_effects(t):
            lines += self.effect_lines(kind, eff, text, trig)
        said = (self.raw_card(t) or {}).get("text")
        if isinstance(said, str) and said.strip():      # what the game's own steps do for it, in the card's words
            lines += [sentence(md(" ".join(said.split()))), ""]
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
            other = " · ".join(in_language(md(t.name[loc]), loc) for loc in self.locales if t.name.get(loc))
            rows.append([self.card_link(t, here) + (f"<br>{other}" if other else "")] + [copies]
                        + [self.table_value(a, t.attrs.get(a, "")) for a in attrs_shown]
                        + [", ".join(md(words(x)) for x in sorted(t.tags - kinds))])
        return table(head, rows)

    def instead_note(self, name) -> str:
        """How an option changes a printed number: " (with the X option, the Y where a card has one)"."""
        if name not in self.m.attr_instead:
            return ""
        opt, other, _ = self.m.attr_instead[name]
        said = (self.m.attributes.get(other) or {}).get("text", words(other))
        return (f" (with the [{md(words(opt))}](options.md#option-{opt}) option, the {md(said)} instead, where a card "
                "has one)")

    def table_value(self, name, value) -> str:
        if (self.m.attributes.get(name) or {}).get("type") == "shape":
            return P.picture(value) if value else ""
        return md(words(value) if isinstance(value, str) else fmt_value(value))

    def attr_label(self, name) -> str:
        return md(name.upper() if len(name) <= 2 else cap(words(name)))

    def cards_page(self) -> str:
        m = self.m
        lines = self.header("cards")
        total = sum(t.copies for t in m.types)
        lines += [f"{len(m.types)} kinds of card, {total} cards in all (with {m.min_players} players). "
                  "Each card's effect below is written from its effect data.", ""]
        legend = [f"**{self.attr_label(a)}**: {md(spec.get('text', a))}{self.instead_note(a)}"
                  for a, spec in m.attributes.items()]
        if legend:
            lines += ["Card numbers: " + "; ".join(legend) + ".", ""]
        for kind, types in self.groups():
            lines += [f"## {self.group_title(kind)} {{#group-{slug(kind or 'other')}}}", ""]
            lines += self.card_table(types)
            for t in types:
                lines += self.card_block(t)
        return "\n".join(lines)
