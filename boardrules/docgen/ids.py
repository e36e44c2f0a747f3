"""The page "Ids for house rules" (a part of ``GameDoc``): every id a variant may name (cards, tags, attributes,
counters, zones, piles, quantities, options, presets, procedures, payments, selectors, roles, events, rules choices,
and the steps that carry an ``id``), beside what the other pages call it. Written from the compiled model and the
merged content, so a variant's page lists its own ids too."""
from __future__ import annotations

import re

from ..model.nodes import Let
from .setup import option_values
from .steps import walk
from .text import cap, code, flow, fmt_value, md, sentence, table

# where a list of steps can be edited in place: its place in the content -> what the variant writes
_STEP_LISTS = ("setup", "flow", "checks", "extra_copies")
_ROLE_PARTS = ("privilege", "start", "action", "end")
_SHOWN = 90         # a raw step shown as code is cut to this many characters


def _children(value, path):
    """(path, value) of every mapping and list directly inside ``value``."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, v in items:
        if isinstance(v, (dict, list)):
            yield path + (key,), v


def _ided(value, path, inside=None):
    """(path, step, the id of the step holding it or None) of every mapping with an ``id`` in a list, at any depth
    of ``value`` (steps in then/else/do count), in reading order."""
    for p, v in _children(value, path):
        if isinstance(v, dict) and isinstance(p[-1], int) and isinstance(v.get("id"), str):
            yield p, v, inside
            yield from _ided(v, p, v["id"])
        else:
            yield from _ided(v, p, inside)


def _binds(step) -> list[str]:
    """The variables a step binds for the steps after it."""
    if not isinstance(step, dict):
        return []
    out = list(step["let"]) if isinstance(step.get("let"), dict) else []
    for kind, default in (("choose", "choice"), ("choose_number", "number")):
        if isinstance(step.get(kind), dict):
            out.append(str(step[kind].get("as", default)))
    return out


def _scope(step) -> list[str]:
    """The variables a step binds for the steps inside it (a loop's ``as``)."""
    spec = step.get("for_each") if isinstance(step, dict) else None
    if isinstance(spec, dict):
        return [str(spec.get("as", "that_role" if "roles" in spec else "it" if "in" in spec else "value"))]
    spec = step.get("distribute") if isinstance(step, dict) else None
    return [str(spec.get("as", "card"))] if isinstance(spec, dict) else []


def bound_before(content, path) -> list[str]:
    """The variables bound where the step at ``path`` runs: by the steps before it in its list and the lists
    around it, and by the loops it is inside (what the content says; a procedure's are added by its callers)."""
    out, node = [], content
    for key in path:
        if isinstance(node, list) and isinstance(key, int):
            for sibling in node[:key]:
                out += _binds(sibling)
            if key < len(node):
                out += _scope(node[key])
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
    return list(dict.fromkeys(out))


class IdsPage:
    """The ids page (mixed into ``GameDoc``)."""

    def ids_page(self) -> str:
        m, c = self.m, self.content
        lines = self.header("ids for house rules")
        lines += ["Every id a house rule may name in this game, beside what the other pages call it. A variant "
                  "names things by these ids (`cards: {change: {<id>: ...}}`, `{tag: <id>}`, `{counter: <id>}`, "
                  "`when: <id>`, `edit: [{after: <step id>, ...}]`); see [House rules](../../house-rules.md). "
                  "When a variant writes a name as the pages show it, the error says which id it means.", ""]
        lines += self._section("Cards", ["Id", "Name", "Copies", "Tags"], [
            [code(t.id), md(t.en) + self.other_names(t.name), str(t.copies), ", ".join(code(x) for x in sorted(t.tags))]
            for t in m.types])
        tagged = {tag: sum(1 for t in m.types if tag in t.tags) for tag in m.tags}
        lines += self._section("Tags", ["Id", "What the pages call a card with it", "Kinds of card"], [
            [code(tag), md(m.tag_noun(tag)), str(tagged[tag])] for tag in sorted(m.tags)])
        lines += self._section("Card attributes", ["Id", "Type", "What the pages call it"], [
            [code(k), md(spec.get("type", "")), md(spec.get("text", ""))] for k, spec in m.attributes.items()])
        lines += self._section("Counters", ["Id", "Held by", "Set back to 0", "What the pages call it"], [
            [code(x.id), md(x.scope) + (" (seen by its holder alone)" if x.visibility == "owner" else ""), md(x.reset),
             md(x.text)] for x in m.counters])
        lines += self._section("Zones", ["Id", "Scope", "Seen by", "What the pages call it"], [
            [code(z.id), md(z.scope), md(z.visibility), md(z.text)] for z in m.zones])
        lines += self._section("Piles", ["Id", "Seen by", "What the pages call it"], [
            [code(p.id), md(p.visibility), md(p.text.replace("{card}", "a card"))] for p in m.piles])
        lines += self._section("Quantities", ["Id", "What the pages call it", "Base"], [
            [code(q.id), md(q.text), self.say(q.base_text) if q.base_text else ""] for q in m.quantities])
        lines += self._section("Options", ["Id", "Values", "Default", "What it does"], [
            [code(k), ", ".join(md(fmt_value(v)) for v in option_values(o)) or "any value", md(fmt_value(o.default)),
             md(" ".join(o.text.split()))] for k, o in m.options.items()])
        lines += self._section("Presets", ["Id", "What it is", "Options it sets"], [
            [code(k), md(spec.get("text", "")), ", ".join(f"{code(o)} {md(fmt_value(v))}"
                                                           for o, v in spec.get("options", {}).items())]
            for k, spec in m.presets.items()])
        procs = c.get("procedures") or {}
        lines += self._section("Procedures", ["Id", "What the pages say where a step calls it"], [
            [code(k), md(spec.get("text", "")) if isinstance(spec, dict) else ""] for k, spec in procs.items()])
        lines += self._section("Payments", ["Id", "What the pages call it"], [
            [code(p.id), md(p.text)] for p in m.payments])
        lines += self._section("Selectors", ["Id", "What the pages call it"], [
            [code(k), md(raw.get("text", "")) if isinstance(raw, dict) and raw.get("text") else
             self._raw(raw)] for k, (raw, _) in m.selectors.items()])
        lines += self._section("Roles", ["Id", "Name"], [
            [code(r.id), md(r.en) + self.other_names(r.name)] for r in m.roles])
        lines += self.event_lines()
        lines += self._section("Rules choices", ["Id", "What this content chose", "Option"], [
            [code(x.get("id", "")), md(" ".join(str(x.get("text", "")).split())),
             code(x["option"]) if x.get("option") else ""] for x in m.rules_choices])
        lines += self.step_id_lines()
        return "\n".join(lines)

    @staticmethod
    def _section(title, head, rows) -> list[str]:
        if not rows:
            return []
        return [f"## {title} {{#{re.sub(r'[^a-z]+', '-', title.lower()).strip('-')}}}", ""] + table(head, rows)

    @staticmethod
    def _raw(value) -> str:
        """A piece of content as one line of code (cut short)."""
        text = flow(value)
        return code(text if len(text) <= _SHOWN else text[:_SHOWN - 1] + "…")

    # ------------------------------------------------------------------ where the steps are
    def step_lists(self):
        """(title, where the edit goes, path) of every list of steps a variant can edit in place."""
        c, m = self.content, self.m
        for key in _STEP_LISTS:
            if isinstance(c.get(key), list):
                yield {"setup": "Setup", "flow": "Flow", "checks": "Checks",
                       "extra_copies": "Extra copies"}[key], f"{key}: {{edit: [...]}}", (key,)
        round_ = c.get("round")
        if isinstance(round_, dict):
            for part in ("start", "end"):
                if isinstance(round_.get(part), list):
                    yield f"Round {part}", f"round: {{change: {{{part}: {{edit: [...]}}}}}}", ("round", part)
        for i, role in enumerate(c.get("roles") or []):
            if not isinstance(role, dict):
                continue
            r = m.roles[m.role_index[role["id"]]] if role.get("id") in m.role_index else None
            name = r.en if r else str(role.get("id"))
            for part in _ROLE_PARTS:
                if isinstance(role.get(part), list):
                    yield (f"{md(name)}: {part}",
                           f"roles: {{change: {{{role.get('id')}: {{{part}: {{edit: [...]}}}}}}}}", ("roles", i, part))
        for key, spec in (c.get("procedures") or {}).items():
            if isinstance(spec, dict) and isinstance(spec.get("do"), list):
                yield (f"Procedure {code(key)}", f"procedures: {{change: {{{key}: {{do: {{edit: [...]}}}}}}}}",
                       ("procedures", key, "do"))
        scoring = c.get("scoring")
        if isinstance(scoring, dict) and isinstance(scoring.get("parts"), list):
            yield "Scoring", "scoring: {change: {parts: {edit: [...]}}}", ("scoring", "parts")
        for i, card in enumerate(c.get("cards") or []):
            if isinstance(card, dict) and isinstance(card.get("effects"), list):
                t = m.types[m.type_index[card["id"]]] if card.get("id") in m.type_index else None
                yield (f"Card {md(t.en) if t else code(card.get('id'))}", f"cards: {{change: {{{card.get('id')}: {{effects: {{edit: [...]}}}}}}}}",
                       ("cards", i, "effects"))

    def step_text(self, path, step) -> str:
        """What the rules pages say for the step at ``path``."""
        if path[0] == "roles" and path[2] == "privilege" and len(path) == 4:     # as the roles page says it
            r = self.m.roles[path[1]] if path[1] < len(self.m.roles) else None
            said = self.privilege_says(r) if r is not None else []
            if len(said) == len(self.content["roles"][path[1]].get("privilege") or []):
                return sentence(self.say(said[path[3]]))
        node = self.m.nodes.get("/".join(map(str, path)))
        if node is not None:
            text = node.text
            if getattr(node, "parts", ()) and node.head and len(str(text)) > 200:     # a long compound: its clause
                return sentence(self.say(node.head)) + " *(and the steps inside it)*"
            if not text and "rule_text" not in step and isinstance(node, Let):     # merged into the next step
                return "*(said with the step after it)*"
            return sentence(self.say(text)) if text else "*(left out of the rules pages)*"
        if path[0] == "scoring" and isinstance(step.get("name"), dict):
            return md(step["name"].get("en", ""))
        return self._raw({k: v for k, v in step.items() if k != "id"})

    def step_id_lines(self) -> list[str]:
        lines = []
        for title, where, path in self.step_lists():
            rows = []
            for p, step, inside in _ided(self.content_at(path), path):
                rows.append([code(step["id"]), self.step_text(p, step), code(inside) if inside else ""])
            if rows:
                lines += [f"### {title}", "", f"Edit with {code(where)}.", ""]
                lines += table(["Step id", "What the rules pages say", "Inside the step"], rows)
        if not lines:
            return []
        return ["## Step ids {#step-ids}", "",
                "The steps a house rule can name in an `edit:` (`before`, `after`, `remove`, `replace`, `change`), "
                "by the list they are in; a step inside another (in its `then`, `else` or `do`) is found from the "
                "list too.", ""] + lines

    def nearest_id(self, path):
        """The id of the step at ``path`` or of the nearest step around it that has one (None: none has)."""
        found, node = None, self.content
        for key in path:
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                break
            if isinstance(key, int) and isinstance(node, dict) and isinstance(node.get("id"), str):
                found = node["id"]
        return found

    def content_at(self, path):
        node = self.content
        for key in path:
            node = node[key]
        return node

    # ------------------------------------------------------------------ events
    def emit_sites(self) -> dict:
        """event -> [(path, the list's title)] of every step that emits it."""
        out: dict = {}
        for title, _, path in self.step_lists():
            for p, v in self._steps_in(self.content_at(path), path):
                if isinstance(v.get("emit"), str):
                    out.setdefault(v["emit"], []).append((p, title, self.nearest_id(p)))
        return out

    def _steps_in(self, value, path):
        for p, v in _children(value, path):
            if isinstance(v, dict) and isinstance(p[-1], int):
                yield p, v
            yield from self._steps_in(v, p)

    def _calls(self) -> dict:
        """procedure -> the paths of the steps that call it."""
        out: dict = {}
        for _, _, path in self.step_lists():
            for p, v in self._steps_in(self.content_at(path), path):
                if isinstance(v.get("call"), str):
                    out.setdefault(v["call"], []).append(p)
        return out

    def variables_at(self, path, calls, depth=0) -> list[str]:
        """The variables bound where the step at ``path`` runs; in a procedure, also those bound at every call."""
        own = bound_before(self.content, path)
        if path[0] == "procedures" and depth < 4:
            sites = [self.variables_at(p, calls, depth + 1) for p in calls.get(path[1], [])]
            if sites:
                common = [v for v in sites[0] if all(v in s for s in sites[1:])]
                own = list(dict.fromkeys(common + own))
        return own

    def event_lines(self) -> list[str]:
        m = self.m
        if not m.events:
            return []
        sites, calls = self.emit_sites(), self._calls()
        rows = []
        for event, moment in m.events.items():
            found = sites.get(event, [])
            where = "; ".join(dict.fromkeys(title + (f" ({code(sid)})" if sid else "") for _, title, sid in found))
            names = []
            for path, _, _ in found:
                for var in self.variables_at(path, calls):
                    if var not in names:
                        names.append(var)
            shown = ["`$you`"] + [f"{code('$' + v)} ({md(m.var_nouns[v])})" if v in m.var_nouns else code("$" + v)
                                  for v in names if v != "you"] + ["`$self` (the card reacting)"]
            rows.append([code(event), md(cap(moment)), where or "the game's flow (no step of the content)",
                         ", ".join(shown)])
        lines = ["## Events {#events}", "",
                 "The moments a card reacts to with `when: <id>` (and a step makes happen with `emit: <id>`). A "
                 "reaction can read the variables bound where the event happens: the steps before the `emit` in its "
                 "list and the lists around it (a procedure's, at every step that calls it); a reaction with `scope: "
                 "others` or `all` also reads `$actor`, the player whose event it is.", ""]
        return lines + table(["Id", "The moment, as the pages say it", "Emitted by", "Variables a reaction can read"],
                             rows)
