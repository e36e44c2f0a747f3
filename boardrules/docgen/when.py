"""The "what fires when" page: the parts of a round, the moments and numbers each one uses, and the cards acting
there (a part of ``GameDoc``)."""
from __future__ import annotations

from ..model.phrase import ph
from .steps import events_of, text_of, walk
from .text import cap, code, md, sentence, table


class WhenPage:
    """Which cards act in which part of the round, and the page that says it (mixed into ``GameDoc``)."""

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
                ("round-start", "Round start", [self.flow_raw("start")], "at the start of every round")):
            qs, evs = self.refs(*raw)
            if qs or evs:
                add(key, title, qs, self.chain(evs), intro)
        mult = [m.quantities[m.privilege_multiplier].id] if m.privilege_multiplier is not None else []
        if auto or mult:
            add("every-phase", "Every phase", mult, auto, "in the phase of every role")
        for r in m.roles:
            qs, evs = self.refs(*role_raw[r.id])
            extra = [e for e in events_of(r.block) if e not in evs and e not in auto] if r.block is not None else []
            add("role-" + r.id, f"{md(r.en)} phase", qs, self.chain(evs + extra), f"in the {md(r.en)} phase", r)
        qs, evs = self.refs(self.flow_raw("end"))
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

    def intro_examples(self) -> tuple[str, str]:
        """The page's two examples, in the game's own words: the first event a card reacts to and the first quantity
        a card changes, each as ' ("...")'; empty when no card does either."""
        m = self.m
        event = next((e for e in m.events if m.triggers.get(e)), None)
        changed = {e["modify"] for t in m.types for e in t.effects if isinstance(e, dict) and "modify" in e}
        quantity = next((q for q in m.quantities if q.id in changed), None)
        return (f' ("{md(m.events[event])}")' if event else "",
                f' ("your {md(quantity.text)}")' if quantity is not None else "")

    def reaction_text(self, trig) -> str:
        """A reaction of the game itself (``reactions``): the content's own sentence, else the compiled one."""
        if trig.rule_text:
            return sentence(md(trig.rule_text))
        return sentence(self.say(ph(trig.lead, ": ", text_of(trig.body))))

    def when_page(self) -> str:
        m = self.m
        lines = self.header("what fires when")
        moment, number = self.intro_examples()
        lines += [f"Cards act in two ways: an **ability** fires at a moment of the game{moment}, and a **change** "
                  f"alters a number the rules use{number} while you have the card in play. For each part of a round, "
                  "here are the moments it has, the numbers it uses, and the cards that act there.", ""]
        placed_t, placed_q = set(), set()
        for ph in self.phases():
            lines += [f"## {ph['title']} {{#{ph['key']}}}", ""]
            role = ph.get("role")
            said = []
            if ph["events"]:
                said.append("**Moments:** " + "; ".join(md(m.events.get(e, e)) for e in ph["events"]) + ".")
            if ph["quantities"]:
                said.append("**Numbers:** " + "; ".join(md(m.quantities[m.quantity_index[q]].text)
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
                                     sentence(self.say(mod.text))])
            for q, mod in ph["mods"]:
                placed_q.add(id(mod))
                rows.append([self.quantity_name(m.quantity_index[q]), self.card_link(m.types[mod.type], "when.md"),
                             sentence(self.say(mod.text))])
            if rows:
                lines += ["**Changes to numbers**", ""] + table(["Number", "Card", "Change"], rows)
            if not rows and not ph["triggers"]:
                lines += ["No card acts here.", ""]
        scores = [s for s in m.scoring if s.type >= 0]
        if scores:
            lines += ["## End of the game {#scoring}", "",
                      "These cards score points at the end of the game (see [Game end and scoring](end.md)):", ""]
            lines += table(["Card", "Scores"], [[self.card_link(m.types[s.type], "when.md"),
                                                 sentence(self.say(s.text))] for s in scores])
        if m.reactions:
            lines += ["## The game's own reactions {#reactions}", "",
                      "These happen to every player at the moment named, whatever cards they hold, before any "
                      "card's ability:", ""]
            lines += table(["Moment", "Id", "What happens"],
                           [[self.event_name(e), code(trig.id), self.reaction_text(trig)]
                            for e, trigs in m.reactions.items() for trig in trigs])
        rows = []
        for e, trigs in m.triggers.items():
            for trig in trigs:
                if id(trig) not in placed_t:
                    rows.append([self.event_name(e), self.card_link(m.types[trig.type], "when.md"),
                                 self.trigger_text(trig)])
        for q in m.quantities:
            for mod in q.mods:
                if id(mod) not in placed_q and mod.type >= 0:
                    rows.append([md(cap(q.text)), self.card_link(m.types[mod.type], "when.md"),
                                 sentence(self.say(mod.text))])
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
            rows.append([f'<span id="number-{q.id}"></span>{md(cap(q.text))}', f"`{q.id}`", self.say(q.base_text), limits,
                         ", ".join(dict.fromkeys(by))])
        lines += table(["Number", "Id", "Base value", "Limits", "Changed by"], rows)
        return "\n".join(lines)
