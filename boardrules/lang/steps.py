"""Compiles step lists (setup, round, role actions, triggered effects) into nodes."""
from __future__ import annotations

import re

from ..model import flow as F
from ..model import nodes as N
from ..model.phrase import Tok, capital, joined, name_tables, ph
from ..model.records import article, plural
from .boards import BoardTerms
from .budgets import BudgetTerms
from .codegen import coded
from .collisions import BlockFlow, StepFlow
from .conditions import ConditionCompiler
from .containers import ContainerTerms
from .expr import fold_and, kind_of, pile_text
from .phases import PhaseTerms
from .laying import LayingTerms
from .tracks import TrackTerms

#: Words after which a template's {card} is named by the content itself ("on the {x}"), not by the verb.
DETERMINERS = frozenset({"the", "a", "an", "your", "one", "more", "all", "each", "every", "their", "its", "this",
                         "that", "any", "another"})


class StepCompiler(ConditionCompiler, PhaseTerms, ContainerTerms, BudgetTerms, BoardTerms, LayingTerms, TrackTerms):
    def block(self, items, path, shared=False, guard=None, prefix=None, suffix=None):
        if items is None:
            items = []
        if not isinstance(items, list):
            self.report(path, "expected a list of steps")
            items = []
        steps = list(prefix or [])
        made = []
        flow, outer = BlockFlow(path), self.flow_block
        self.flow_block = flow
        try:
            for i, item in enumerate(items):
                node = self.step(item, path + (i,))
                if node is not None:
                    steps.append(node)
                    made.append((item, node))
        finally:
            self.flow_block = outer
        if self.flow_step is not None:      # a list inside a step (then, else, do)
            self.flow_step.blocks.append(flow)
        else:
            self.flows.append(flow)
        content = self.m.raw.get("content", {})
        for k, (item, node) in enumerate(made):
            j = _user_of(made, k, content)
            if j is not None:
                _say_the_number(item, node, made[j][0], made[j][1], [x for x, _ in made[j + 1:]], content)
        steps.extend(suffix or [])
        return self.register(N.Block(steps, shared=shared, guard=guard), path)

    def register(self, node, path):
        node.path = "/".join(map(str, path))
        self.m.nodes[node.path] = node
        return node

    def step(self, item, path):
        if not isinstance(item, dict) or not item:
            self.report(path, f"expected a step (a mapping such as {{move: ...}}), got {item!r:.60}")
            return None
        key, _ = kind_of(item, self, "st_")
        if key is None:
            self.report(path, f"unknown step {next(iter(item))!r}", choices=[k[3:] for k in dir(self) if k.startswith("st_")])
            return None
        flow, outer = StepFlow(path, key), self.flow_step
        if self.flow_block is not None:
            self.flow_block.steps.append(flow)
        self.flow_step = flow
        try:
            node, text = getattr(self, f"st_{key}")(item, path)
        finally:
            self.flow_step = outer
        if key in ("call", "emit") and isinstance(item[key], str):
            flow.callee = item[key] if key == "call" else ("emit", item[key])     # what it runs reads too
        if key in ("move", "pick", "release") and isinstance(item[key], dict) and "as" not in item[key]:
            flow.binds.append(("moved", tuple(path)))      # counts its cards into $moved
        said = item.get("rule_text")
        if isinstance(said, str):       # the content's own sentence for the step ("": bookkeeping, left out)
            if node.parts and said:
                node.head = said
                text = self.flat(said, node.parts)
            else:
                text, node.head, node.parts, node.conditions, node.answers = said, "", (), (), ()
        node.text = text
        if node.path == "":
            self.register(node, path)
        return node

    def text_of(self, block) -> str:
        """The English sentence(s) of a compiled block."""
        return joined("; ", [s.text for s in block.steps if getattr(s, "text", "")])

    def flat(self, head, parts) -> str:
        """A step that holds steps as one sentence (logs): its clause, then each part's steps."""
        text = ph(head, ': ', self.text_of(parts[0][1]))
        for label, block in parts[1:]:
            text = ph(text, '; ', label.lower(), ': ', self.text_of(block))
        return text

    def compound(self, node, head, *parts):
        """A step that holds steps: its clause and its parts kept apart for the docs (never cut out of the
        sentence again), and the one-sentence form."""
        node.head, node.parts = head, tuple((None, p) if not isinstance(p, tuple) else p for p in parts)
        return node, self.flat(head, node.parts)

    # ---------------------------------------------------------------- control
    def st_if(self, item, path):
        cond, ctext = self.condition(item["if"], path + ("if",))
        then = self.block(item.get("then"), path + ("then",), shared=True)
        other = self.block(item["else"], path + ("else",), shared=True) if "else" in item else None
        parts = [then] + ([("Otherwise", other)] if other is not None else [])
        return self.compound(N.If(cond, then, other), ph('if ', ctext), *parts)

    def st_repeat(self, item, path):
        spec = item["repeat"]
        times, ttext = self.amount(spec["times"], path + ("repeat", "times"))
        body = self.block(spec.get("do"), path + ("repeat", "do"))
        said = ph('up to ', ttext, ' times') if str(ttext).isdigit() else ph('up to as many times as ', ttext)
        return self.compound(N.Repeat(times, body), said, body)

    def with_player(self, compile_body):
        """Compiles steps that run with a player in scope (a turn of each player)."""
        outer, self.no_player_here = self.no_player_here, None
        try:
            return compile_body()
        finally:
            self.no_player_here = outer

    def st_for_each_player(self, item, path):
        spec = item["for_each_player"]
        start, stext = self.player(spec.get("from", "start_player"), path + ("for_each_player", "from"))
        body = self.with_player(lambda: self.block(spec.get("do"), path + ("for_each_player", "do")))
        if "by_track" in spec:      # each player once in a track's order: the turns of that order (tracks family)
            node, how = self.track_turns(spec, path + ("for_each_player",), body, "each")
            return self.compound(node, how, body)
        return self.compound(N.ForEachPlayer(start, body), ph('each player in turn, starting with ', stext), body)

    def thing_chosen(self, spec, var, zone_text) -> str:
        """What a chosen card is called: the tag its own condition requires of it ("a <tag> <kind>"), else what the
        zone it comes from holds (its ``holds``; or "your <things>": a <thing>), else a card."""
        where = spec.get("where")
        conds = where["all"] if isinstance(where, dict) and isinstance(where.get("all"), list) else [where]
        for c in conds:
            if isinstance(c, dict) and set(c) <= {"tag", "card"} and c.get("card", "$it") == "$" + var:
                return self.m.tag_noun(c["tag"])
        holds = self.holds(spec.get("from") if "from" in spec else spec.get("onto"))
        if holds:
            return holds
        held = zone_text.partition(" ")[2] if zone_text.startswith("your ") else ""
        if held.endswith("s") and " " not in held and plural(held[:-1]) == held:
            return held[:-1]
        return "card"

    def choice_noun(self, spec, var, kind, template, zone_text) -> tuple[str, str, str]:
        """(thing, doing, noun) of a choice: "<thing>", "<verb> over" and "the <thing> you <verb> over" from
        ``text: "<verb> over {x}"`` (or "<verb> one {x}"); a template that names another variable too gives "the x".
        ``noun`` in the content says it outright."""
        thing = self.thing_chosen(spec, var, zone_text)
        head, mark, rest = template.partition("{" + var + "}")
        words = head.split()
        while words and words[-1] in DETERMINERS:      # "keep one {x}": the x you keep
            words.pop()
        head = " ".join(words)
        doing = " ".join(x for x in (head, rest.strip()) if x)
        if not mark or not head or "{" in doing:
            doing = kind.replace("_", " ")
            noun = ph('the ', var.replace('_', ' ')) if mark and head else ph('the ', thing, ' chosen to ', doing)
        else:
            noun = ph('the ', thing, ' you ', doing)
        return thing, doing, spec.get("noun") or noun

    def st_choose(self, item, path):
        spec = item["choose"]
        var = self.var("$" + spec.get("as", "choice"), path + ("choose", "as"),
                       "value" if "options" in spec else "card", bind=True)
        kind = spec["action"]
        who, _ = self.player(spec.get("player"), path + ("choose", "player"))
        text = spec.get("text", f"{kind.replace('_', ' ')} {{{var}}}")
        source = where = fixed = None
        wlist = []
        if "options" in spec:
            fixed, only, whens = [], [], []
            for i, option in enumerate(spec["options"]):
                if isinstance(option, dict):        # an answer offered only when its condition holds
                    cond, ctext = self.condition(option["if"], path + ("choose", "options", i, "if"))
                    fixed.append((option["answer"], cond))
                    only.append(ph(option["answer"].replace("_", " "), ' only if ', ctext))
                    whens.append(ctext)
                else:
                    fixed.append((option, None))
                    whens.append(None)
            what = " or ".join(answer.replace("_", " ") for answer, _ in fixed)
            if only:
                what = ph(what, ' (', joined('; ', only), ')')
            thing, doing, noun = "answer", kind.replace("_", " "), ph('the answer to ', kind.replace('_', ' '))
            self.nouns[var] = spec.get("noun") or noun
        else:
            source, from_text = self.selector(spec.get("from"), path + ("choose", "from"))
            thing, doing, noun = self.choice_noun(spec, var, kind, text, from_text)
            self.chosen[var] = (thing, doing)
            what = ph(article(thing), ' ', thing, ' from ', from_text)
            if "where" in spec:         # inside its own condition the card offered is "it" ("that <thing>" when
                raw = spec["where"]     # the condition has a card of its own)
                self.nouns[var] = self.offered(raw, thing)
                if isinstance(raw, dict) and set(raw) == {"all"} and isinstance(raw["all"], list) and raw["all"]:
                    # each condition said apart; the one that names the kind chosen is said by "choose a <thing>"
                    fns, texts = [], []
                    for i, c in enumerate(raw["all"]):
                        self.nouns[var] = self.offered(c, thing)
                        fn, t = self.condition(c, path + ("choose", "where", "all", i))
                        fns.append(fn)
                        texts.append(t)
                    where = fold_and(fns)
                    wlist = [t for c, t in zip(raw["all"], texts) if not self.names_thing(c, var, thing)]
                else:
                    where, wtext = self.condition(raw, path + ("choose", "where"))
                    wlist = [] if self.names_thing(raw, var, thing) else [wtext]
            self.nouns[var] = noun
        for name in re.findall(r"\{([a-z_][a-z0-9_]*)\}", text):
            if name != var:     # another variable the text shows: it must be bound somewhere
                self.used_vars.setdefault(name, path + ("choose", "text"))
                if self.flow_step is not None:
                    self.flow_step.reads.append((name, path + ("choose", "text")))
        decline = spec.get("decline_text", f"do not {kind.replace('_', ' ')}")
        optional = spec.get("optional", False)
        may_decline = None
        verb = "you may choose" if optional else "choose"
        if not isinstance(optional, bool):      # a condition: declining is allowed only when it holds
            may_decline, dtext = self.condition(optional, path + ("choose", "optional"))
            verb = ph('choose (declining only if ', dtext, ')')
        sentence = ph(verb, ' ', what, ' to ', doing)
        node = N.Choose(kind, var, who, source, where, fixed, bool(optional), spec.get("on_decline", "stop"), text,
                        decline, may_decline)
        if fixed is not None and len(fixed) > 3 and only:     # many answers, some only at times: a table
            node.head = ph(verb, ' what to ', doing, ' from these')
            node.answers = tuple((answer.replace("_", " "), when) for (answer, _), when in zip(fixed, whens))
        if len(wlist) > 1:      # several conditions: a list under the sentence
            node.head, node.conditions = sentence, tuple(wlist)
            return node, ph(sentence, ', if ', joined(' and ', wlist))
        if wlist:
            sentence = ph(sentence, ', if ', wlist[0])
        if fixed is not None and len(fixed) == 1 and fixed[0][1] is None:     # a yes/no question: say what it does
            said = text.replace("{" + var + "}", "").strip()
            # another variable the sentence names reads as the thing it holds ("the {tile}": the tile taken)
            said = re.sub(r"(?:the |your )?\{([a-z_][a-z0-9_]*)\}", lambda m: self.nouns.get(m.group(1), "that card"), said)
            sentence = ("you may " if optional else "") + said
        return node, sentence

    @staticmethod
    def offered(cond, thing) -> str:
        """The card a choice offers, inside its own condition: "it", or "that <thing>" where the condition has a
        card of its own that "it" would mean."""
        said = repr(cond)       # a named selector has cards of its own too ("it" would be one of them)
        return ph('that ', thing) if "where" in said or "exists" in said or "'selector'" in said else "it"

    def names_thing(self, cond, var, thing) -> bool:
        """The condition only says the chosen card is a <thing> (a tag test), which "choose a <thing>" says."""
        return isinstance(cond, dict) and set(cond) <= {"tag", "card"} and cond.get("card", "$it") == "$" + var \
            and self.m.tag_noun(cond["tag"]) == thing

    def st_distribute(self, item, path):
        spec = item["distribute"]
        p = path + ("distribute",)
        self.needs_player(path)
        c = self.lookup(self.m.counter_index, spec.get("counter"), "counter", p + ("counter",))
        if c is not None and self.m.counters[c].scope != "card":
            self.report(p + ("counter",), f"distribute puts counts on cards: {spec['counter']!r} is not held by cards")
        src, holder, stext = self.counter_ref(spec["from"], p + ("from",))
        onto, otext = self.selector(spec["onto"], p + ("onto",))
        var = self.var("$" + spec.get("as", "card"), p + ("as",), "card", bind=True)
        kind = spec["action"]
        template = spec.get("text", f"{kind.replace('_', ' ')} {{{var}}}")
        self.nouns[var] = self.choice_noun(spec, var, kind, template, otext)[2]
        ctext = self.m.counters[c].text if c is not None else "?"
        return N.Distribute(c, src, holder, onto, kind, var, template), \
            (ph('put ', stext, ' on ', otext, ', one at a time, each on a card with room for more ', ctext, ' (all at once when there are enough to fill every such card)'))

    # ---------------------------------------------------------------- declared flow
    def st_rounds(self, item, path):
        spec = item["rounds"]
        body = self.block(spec.get("do"), path + ("rounds", "do"))
        limit = spec.get("limit", 1000)
        return self.compound(F.Rounds(body, limit), "round after round until the game ends", body)

    def st_choose_roles(self, item, path):
        node = self.role_choice(item["choose_roles"] or {}, path + ("choose_roles",))
        return node, "each player in turn, from the start player, chooses a role nobody chose this round"

    def st_turns(self, item, path):
        spec = item["turns"]
        p = path + ("turns",)
        start, stext = self.player(spec.get("from", "start_player"), p + ("from",))
        body = self.with_player(lambda: self.block(spec.get("do"), p + ("do",)))
        order = spec.get("order", "each")
        if "by_track" in spec:
            node, how = self.track_turns(spec, p, body, order)
            return self.compound(node, how, body)
        how = "each player once" if order == "each" else "the players in turn, round and round until all pass"
        return self.compound(F.Turns(order, start, body, spec.get("limit", 10000)), ph(how, ', starting with ', stext), body)

    def st_while(self, item, path):
        spec = item["while"]
        p = path + ("while",)
        cond, ctext = self.condition(spec["if"], p + ("if",))
        body = self.block(spec.get("do"), p + ("do",), shared=True)
        return self.compound(F.While(cond, body, spec.get("limit", 1000)), ph('while ', ctext), body)

    def st_for_each(self, item, path):
        spec = item["for_each"]
        p = path + ("for_each",)
        if "roles" in spec:
            var = self.var("$" + spec.get("as", "that_role"), p + ("as",), bind=True)
            unchosen = spec["roles"] == "unchosen"
            items = (lambda g, env: [r for r in g.role_pool if r not in g.roles_used]) if unchosen else \
                (lambda g, env: list(g.role_pool))     # noqa: E731
            what = "the roles nobody chose this round" if unchosen else "the roles in this game"
            self.nouns[var] = "that role"
        elif "in" in spec:
            var = self.var("$" + spec.get("as", "it"), p + ("as",), "card", bind=True)
            items, what = self.selector(spec["in"], p + ("in",))
            self.nouns[var] = ph('that ', var.replace('_', ' ')) if "as" in spec else ph('each card of ', what)
            kind = self.kinds_of.get(id(items))
            if kind is not None:        # "for each kind of <card> in <zone> ...", not "for each of the kinds of"
                body = self.block(spec.get("do"), p + ("do",), shared=True)
                return self.compound(F.ForEach(items, var, body), ph('for each kind of ', kind), body)
        else:
            var = self.var("$" + spec.get("as", "value"), p + ("as",), bind=True)
            low, ltext = self.arith(spec["from"], p + ("from",))
            high, htext = self.arith(spec["to"], p + ("to",))
            items = lambda g, env: range(low(g, env), high(g, env) + 1)  # noqa: E731
            what = ph('the numbers from ', ltext, ' to ', htext)
        body = self.block(spec.get("do"), p + ("do",), shared=True)
        return self.compound(F.ForEach(items, var, body), ph('for each of ', what), body)

    def st_call(self, item, path):
        node = F.Call(item["call"])
        self.calls.append((node, path + ("call",)))
        spec = (self.doc.data.get("procedures") or {}).get(item["call"]) if hasattr(self, "doc") else None
        if isinstance(spec, dict) and isinstance(spec.get("text"), str):
            return node, spec["text"]
        return node, ph('do ', item['call'].replace('_', ' '))

    def st_choose_number(self, item, path):
        spec = item["choose_number"]
        p = path + ("choose_number",)
        var = self.var("$" + spec.get("as", "number"), p + ("as",), bind=True)
        kind = spec["action"]
        who, _ = self.player(spec.get("player"), p + ("player",))
        low, ltext = self.arith(spec["min"], p + ("min",))
        high, htext = self.arith(spec["max"], p + ("max",))
        if type(spec["min"]) is int and type(spec["max"]) is int and spec["min"] > spec["max"]:
            self.report(p + ("max",), f"no number is from {spec['min']} to {spec['max']}: the choice has no answer")
        # what later steps call it: its own name when the content gives one ('as: points' -> "the points")
        self.nouns[var] = ph('the ', spec["as"].replace('_', ' ')) if "as" in spec else "the number chosen"
        template = spec.get("text", f"{kind.replace('_', ' ')} {{{var}}}")
        verb = "you may choose" if spec.get("optional") else "choose"
        most, mtext = self.arith(spec["most"], p + ("most",)) if "most" in spec else (None, None)
        return N.ChooseNumber(kind, var, who, low, high, bool(spec.get("optional")), template, most), \
            ph(verb, ' a number from ', ltext, ' to ', htext, *((' (at most ', mtext, ')') if most else ()), ' to ',
               kind.replace('_', ' '))

    # ---------------------------------------------------------------- cards
    def destination(self, node, path):
        """(fn returning (kind, index, owner), text)."""
        if isinstance(node, dict) and "pile" in node:
            pile = self.lookup(self.m.pile_index, node["pile"], "pile", path + ("pile",))
            host, htext = self.card(node.get("on"), path + ("on",))
            ptext = self.m.piles[pile].text if pile is not None else "?"
            return coded(lambda g, env: (1, pile, host(g, env)), lambda e: f"(1, {e.const(pile)}, {e.expr(host)})"), \
                pile_text(ptext, htext)
        if isinstance(node, dict) and node.get("zone") in self.m.families:
            return self.family_destination(self.m.families[node["zone"]], node, path)
        if isinstance(node, dict) and "zone" in node:
            zone = self.lookup(self.m.zone_index, node["zone"], "zone", path + ("zone",))
            if zone is None:
                return (lambda g, env: None), "?"
            zdef = self.m.zones[zone]
            if zdef.scope == "shared":
                where = (0, zone, 0)
                return coded(lambda g, env: where, lambda e: e.const(where)), zdef.text
            who, wtext = self.player(node.get("of"), path + ("of",))
            text = zdef.text if wtext == "you" else zdef.text.replace("your", f"{wtext}'s")
            return coded(lambda g, env: (0, zone, who(g, env)), lambda e: f"(0, {zone}, {e.expr(who)})"), text
        self.report(path, f"expected a destination ({{zone: ...}} or {{pile: ..., on: ...}}), got {node!r:.60}")
        return (lambda g, env: None), "?"

    def counted_as(self, node, spec, p):
        """A move or pick counts its cards into ``$moved``, or into the variable its ``as`` names (so that a step
        added before a later reader of ``$moved`` leaves that count alone)."""
        if "as" in spec:
            node.var = self.var("$" + spec["as"], p + ("as",), bind=True)
            self.nouns[node.var] = ph('the number of ', node.var.replace('_', ' '), ' cards')     # as: loaded
            self.counts_moved.add(node.var)
            self.moved_said.pop(node.var, None)     # (a release says its own words again after this)
        return node

    def st_move(self, item, path):
        node, text = self.move_node(item, path)
        return self.counted_as(node, item["move"], path + ("move",)), text

    def move_node(self, item, path):
        spec = item["move"]
        p = path + ("move",)
        dest, dtext = self.destination(spec.get("to"), p + ("to",))
        bottom = spec.get("position", "top") == "bottom"
        if bottom:
            dtext = ph('the bottom of ', dtext)
        count = spec.get("count", 1)
        count_fn, ctext = (None, "all") if count == "all" else self.amount(count, p + ("count",))
        if "card" in spec:
            card, ctext = self.card(spec["card"], p + ("card",))
            into = "" if dtext.startswith(("under ", "on ")) else "into "
            return N.Move(card, None, None, None, dest, bottom, None), ph('put ', ctext, ' ', into, dtext)
        src = spec.get("from")
        if isinstance(src, dict) and set(src) <= {"zone", "of"} and "zone" in src and count_fn is not None \
                and src["zone"] not in self.m.families:
            take, stext = self.zone_ref(src, p + ("from",))
            zi = self.m.zone_index.get(src["zone"])
            refill = None
            if zi is not None and self.m.zones[zi].refill_from is not None:
                refill = (zi, self.m.zones[zi].refill_from, self.m.zones[zi].refill_shuffle)
            cards = _many_cards(ctext, self.holds(src))
            return N.Move(None, None, take, count_fn, dest, bottom, refill), \
                ph('take ', cards, ' from the top of ', stext, ' into ', dtext)
        source, stext = self.selector(src, p + ("from",))
        held = self.holds(src)      # what the cards are called: "all tiles", "as many tiles as ..."
        what = ph("all ", plural(held or "card")) if count_fn is None else _many_cards(ctext, held)
        return N.Move(None, source, None, count_fn, dest, bottom, None), ph('move ', what, ' from ', stext, ' to ', dtext)

    def st_pick(self, item, path):
        spec = item["pick"]
        p = path + ("pick",)
        self.needs_player(path)
        source, stext = self.selector(spec.get("from"), p + ("from",))
        count, ctext = self.amount(spec.get("count", 1), p + ("count",))
        dest, dtext = self.destination(spec.get("to"), p + ("to",))
        kind = spec["action"]
        template = spec.get("text", f"{kind.replace('_', ' ')} {{card}}").replace("{card}", "{}")
        verb = "you may choose" if spec.get("optional") else "choose"
        node = self.counted_as(N.Pick(source, count, dest, kind, template, bool(spec.get("optional"))), spec, p)
        if ctext == "1":
            return node, ph(verb, ' a card from ', stext, ' and put it into ', dtext)
        return node, ph(verb, ' ', ctext, ' cards from ', stext, ', one at a time, and put them into ', dtext)

    def st_shuffle(self, item, path):
        zone, ztext = self.zone_ref({"zone": item["shuffle"]}, path + ("shuffle",))
        return N.Shuffle(zone), ph('shuffle ', ztext)

    def st_discard_down(self, item, path):
        spec = item["discard_down"]
        p = path + ("discard_down",)
        zone, ztext = self.zone_ref({"zone": spec["zone"], "of": spec.get("of")}, p)
        to, totext = self.arith(spec["to"], p + ("to",)) if "to" in spec else (None, "")
        by, bytext = self.arith(spec["by"], p + ("by",)) if "by" in spec else (None, "")
        if (to is None) == (by is None):
            self.report(p, "discard_down needs exactly one of 'to' and 'by'")
        into, itext = self.destination({"zone": spec.get("into", "discard")}, p + ("into",))
        size = (ph(totext, ' cards') if isinstance(spec.get("to"), int) else totext)
        text = ph('discard from ', ztext, ' down to ', size) if to is not None else ph('discard ', bytext, ' cards from ', ztext)
        return N.DiscardDown(zone, to, by, into), ph(text, ', one at a time, into ', itext)

    def st_pay(self, item, path):
        spec = item["pay"]
        self.needs_player(path)
        pay = self.lookup(self.m.payment_index, spec.get("using"), "payment", path + ("pay", "using"))
        amount, atext = self.amount(spec["amount"], path + ("pay", "amount"))
        payment = self.m.payments[pay] if pay is not None else None
        return N.Pay(amount, payment), ph('pay ', atext, ' with ', payment.text if payment else '?', ', one card at a time')

    # ---------------------------------------------------------------- bookkeeping
    def st_emit(self, item, path):
        event = item["emit"]
        if event not in self.m.events:
            self.report(path + ("emit",), f"unknown event {event!r}", choices=self.m.events)
        # one token: the pages say which cards act then ("After you draw, the Lens acts"); logs the words
        said = f"{self.m.events.get(event, event)}, the cards that act then take effect"
        return N.Emit(event), ph(Tok(said, "event", event))

    def _counter(self, item, path, key, add):
        spec = item[key]
        c, who, ctext = self.counter_ref(spec, path + (key,))
        self.counter_is_track(c, path + (key, "counter"))
        cdef = self.m.counters[c] if c is not None else None
        if cdef is not None and cdef.scope == "player" and spec.get("of") in (None, "you") \
                and str(ctext)[:1].islower() and not str(ctext).startswith(("the ", "your ")):
            ctext = ph("your ", ctext)      # "add 1 to your tokens", not "add 1 to tokens"
        raw = spec.get("value", 1)
        value, vtext = self.amount(raw, path + (key, "value"))
        text = ph('add ', vtext, ' to ', ctext) if add else ph('set ', ctext, ' to ', vtext)
        if not add:
            name_tables(vtext, ctext)       # the table's values are the counter's
        if add and isinstance(raw, int) and not isinstance(raw, bool) and raw < 0:
            text = ph('take ', -raw, ' from ', ctext)
        elif add and isinstance(raw, dict) and isinstance(raw.get("sub"), list) and len(raw["sub"]) == 2 \
                and raw["sub"][0] == 0:
            text = ph('take ', vtext[len('0 minus '):], ' from ', ctext) if vtext.startswith("0 minus ") else text
        return N.SetCounter(c, who, value, add), text

    def st_add(self, item, path):
        return self._counter(item, path, "add", True)

    def st_set(self, item, path):
        return self._counter(item, path, "set", False)

    def st_let(self, item, path):
        names = []
        for name, value in item["let"].items():
            var = self.var("$" + name, path + ("let", name), bind=True)
            self.nouns[var] = ph('the ', name.replace('_', ' '))
            names.append((var, *self.number(value, path + ("let", name))))
        said = [ph("the ", n.replace("_", " "), " are " if n.endswith("s") and not n.endswith("ss") else " is ", t)
                for n, _, t in names]
        for (_, _, t), name in zip(names, item["let"]):
            name_tables(t, name.replace("_", " "))      # "Amount" heads the value row of a table it reads off
        return N.Let([(n, f) for n, f, _ in names]), joined("; ", said)

    def st_end_game(self, item, path):
        spec = item["end_game"]
        cond, ctext = self.condition(spec.get("if", True), path + ("end_game", "if"))
        when = spec.get("when", "now")
        moment = {"now": "at once", "after_phase": "at the end of this phase",
                  "after_round": "at the end of this round"}.get(when, when)
        return N.EndGame(cond, str(spec.get("text", ctext)), when), ph('if ', ctext, ', the game ends ', moment)

    def st_start_player(self, item, path):
        how = item["start_player"]
        if isinstance(how, dict) and "seat" in how:     # a seat worked out in play (a token's holder, say)
            how, said = self.arith(how["seat"], path + ("start_player", "seat"))
            return N.StartPlayer(how), ph('the player in ', said, ' becomes ', self.m.start_player_text)
        if how != "random" and not isinstance(how, int):
            self.report(path + ("start_player",), "expected 'random', a seat number or {seat: <expression>}")
        who = "a random player" if how == "random" else ph('seat ', how)
        return N.StartPlayer(how), ph(who, ' becomes ', self.m.start_player_text)

    def st_pass_start_player(self, item, path):
        n = int(item["pass_start_player"])
        start = self.m.start_player_text
        return N.PassStartPlayer(n), ph(capital(Tok(start, 'player', 'start_player')), ' passes ', Tok(str(n), 'number', n), ' seat',
                                        's' if n != 1 else '', ' to the left')


def _many_cards(ctext, held=""):
    """A count of cards, by what they are called (``held``, the zone's ``holds``): "1 card", "3 tiles", "as many
    cards as the number of players plus 1"."""
    one = held or "card"
    if ctext == "1":
        return f"1 {one}"
    name_tables(ctext, plural(one))      # a count read off a table heads its row "Cards"
    return ph(ctext, ' ', plural(one)) if str(ctext).isdigit() else ph('as many ', plural(one), ' as ', ctext)


def _say_the_number(item, node, after, call, later=(), content=None) -> None:
    """"Let the amount be 1, then <a procedure that says 'that many ...'>" reads as a rulebook says it: "take 1
    token from the heap" instead of "the amount is 1; take that many tokens from the heap"; an amount that is not a
    whole number is said after the procedure's sentence: "pay tokens to the heap equal to your fee" (a table it reads
    off is headed by the procedure's noun, "Tokens"). Only a single variable bound before the call (see ``_user_of``) and read by
    no later step (nor by what a later call or emit runs), and only sentences the content did not write itself."""
    if not (isinstance(node, N.Let) and isinstance(call, F.Call) and "rule_text" not in item
            and "rule_text" not in after and isinstance(call.text, str) and "that many " in call.text):
        return
    values = list(item["let"].values())
    if len(values) != 1 or isinstance(values[0], bool):
        return
    n = values[0]
    head, _, rest = str(call.text).partition("that many ")
    if type(n) is not int:
        name = next(iter(item["let"]))
        verb = " are " if name.endswith("s") and not name.endswith("ss") else " is "     # as st_let says it
        value = _after(node.text, "the " + name.replace("_", " ") + verb)
        if value is None or _read_later(name, later, content or {}):
            return
        noun = re.split(r" (?:to|from|into|onto|on|in|of|for|at|with|\()", " " + rest, maxsplit=1)[0].strip()
        for part in getattr(value, "parts", ()):
            if isinstance(part, Tok) and part.kind == "table":      # its values are the procedure's noun
                part.ref.value = noun[:1].upper() + noun[1:]
        node.text, call.text = "", ph(*_parts_before(call.text, "that many "), rest, " equal to ", value)
        return
    words = rest.split(" ")
    if n == 1:      # the noun phrase's head is its first plural word among the next few: "victory points"
        for k, word in enumerate(words[:3]):
            if word.endswith("s") and not word.endswith("ss"):
                words[k] = word[:-1]
                break
    node.text, call.text = "", f"{head}{n} {' '.join(words)}"


def _user_of(made, k, content):
    """The position of the step that uses the amount a ``let`` at ``k`` binds, when it is a call that says "that
    many": the next step, or a later one when every step between only puts one card somewhere that the amount
    cannot see (not a tableau, no zone the amount or a quantity's rules name), and does not read it. The amount is
    then said where it is used ("put the token into the pile; take gems equal to its worth"), which reads the same
    as working it out first. None otherwise."""
    item, node = made[k]
    if not isinstance(node, N.Let) or not isinstance(item.get("let"), dict) or len(item["let"]) != 1:
        return None
    name = next(iter(item["let"]))
    for j in range(k + 1, len(made)):
        later, step = made[j]
        if isinstance(step, F.Call):
            return j
        if not _out_of_sight(later, item["let"][name], name, content):
            return None
    return None


def _out_of_sight(item, value, name, content) -> bool:
    """A step that moves one card into a zone the amount ``value`` cannot see, and does not read ``$name``."""
    spec = item.get("move") if isinstance(item, dict) and set(item) <= {"move", "id"} else None
    if not isinstance(spec, dict) or "card" not in spec or _read_later(name, [item], content):
        return False
    to = spec.get("to")
    zone = to.get("zone") if isinstance(to, dict) and set(to) <= {"zone"} else None
    zones = content.get("zones") or {}
    if not isinstance(zone, str) or not isinstance(zones.get(zone), dict) or zones[zone].get("tableau"):
        return False
    seen = [value, content.get("quantities")]
    stack = [content]
    while stack:        # every modifier of a quantity, wherever the content writes one
        x = stack.pop()
        if isinstance(x, dict):
            if "quantity" in x:
                seen.append(x)
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    mark = re.compile(r"\b" + re.escape(zone) + r"\b")
    return not any(mark.search(repr(x)) for x in seen)


def _after(text, prefix):
    """The phrase after its plain-text ``prefix`` (tokens kept), or None when it does not start so."""
    parts = list(getattr(text, "parts", (str(text),)))
    if not parts or type(parts[0]) is not str or not parts[0].startswith(prefix):
        return None
    return ph(parts[0][len(prefix):], *parts[1:])


def _parts_before(text, marker):
    """The parts of a phrase before the plain-text ``marker`` (tokens kept)."""
    out = []
    for part in getattr(text, "parts", (str(text),)):
        if type(part) is str and marker in part:
            out.append(part.partition(marker)[0])
            break
        out.append(part)
    return out


def _read_later(name, later, content) -> bool:
    """Whether a later step of the list reads ``$name``: itself, or through a procedure it calls or the abilities
    an event it emits runs (read from the content as written)."""
    mark = re.compile(r"\$" + re.escape(name) + r"\b")
    procedures = content.get("procedures") or {}
    seen: set = set()

    def reads(x) -> bool:
        if isinstance(x, str):
            return bool(mark.search(x))
        if isinstance(x, dict):
            callee = x.get("call")
            if isinstance(callee, str) and callee not in seen:
                seen.add(callee)
                if reads(procedures.get(callee)):
                    return True
            if isinstance(x.get("emit"), str) and any(reads(e) for e in _answering(content, x["emit"])):
                return True
            return any(reads(v) for v in x.values())
        if isinstance(x, list):
            return any(reads(v) for v in x)
        return False
    return any(reads(x) for x in later)


def _answering(content, event):
    """Every mapping in the content that answers ``event`` (``when: <event>``)."""
    stack = [content]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if x.get("when") == event:
                yield x
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
