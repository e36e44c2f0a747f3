"""Compiles selector nodes (the cards of a zone or a pile, filtered by ``where``; named selectors; unions) into
closures ``fn(game, env) -> cards``, each with the English phrase that names those cards. The expression compiler
(numbers, players, variables) is in ``expr``; conditions, which selectors' ``where`` use, in ``conditions``.
"""
from __future__ import annotations

from ..model.phrase import Tok, joined, ph
from ..model.records import plural
from .codegen import coded
from .expr import COMPARE, NOTHING, Compiler, _each_card, _parts_after, _pile_text, _spend, fold_and, is_var


def _except(cards, skip):
    return cards if skip is None or skip not in cards else [c for c in cards if c != skip]


def _with_tag(cards, tag, tags):
    return [c for c in cards if tag in tags[c]]


def _of_kind(cards, kind, kinds):
    return [c for c in cards if kinds[c] == kind]


#: words after which a zone's name goes on saying which of its things it means ("the tokens you drew")
_RELATIVE = frozenset({"you", "of", "on", "in", "that", "which", "under", "left"})


def _of_one(said):
    """A phrase said of many cards ("with tokens on them") said of one ("with tokens on it")."""
    parts = list(getattr(said, "parts", (str(said),)))
    if parts and type(parts[-1]) is str and parts[-1].endswith(" on them"):
        parts[-1] = parts[-1][:-len("them")] + "it"
    return ph(*parts)


class SelectorCompiler(Compiler):
    """The expression compiler with the selectors: ``selector(node, path)`` and the filters of a ``where``."""

    def selector(self, node, path):
        """A list of cards: a zone, the cards on one card's pile, or the piles of many cards."""
        if not isinstance(node, dict):
            self.report(path, f"expected a selector (zone or pile), got {node!r:.60}")
            return (lambda g, env: []), "?"
        if "selector" in node:          # a named selector, declared once under 'selectors'
            name = node["selector"]
            spec = self.m.selectors.get(name)
            if spec is None:
                self.report(path + ("selector",), f"unknown selector {name!r}", choices=self.m.selectors)
                return (lambda g, env: []), "?"
            if name in self.expanding:
                self.report(path + ("selector",), f"selector {name!r} refers to itself")
                return (lambda g, env: []), "?"
            self.expanding.add(name)
            try:
                fn, text = self.selector(spec[0], spec[1])
            finally:
                self.expanding.discard(name)
            return fn, text
        if "union" in node:
            parts = [self.selector(x, path + ("union", i)) for i, x in enumerate(node["union"])]
            fns = [p[0] for p in parts]
            return coded(lambda g, env: [c for f in fns for c in f(g, env)],
                         lambda e: "[" + ", ".join("*" + e.expr(f) for f in fns) + "]"), \
                joined(" and ", [p[1] for p in parts])
        if "zone" in node:
            base, text = self.zone_ref(node, path)
            holds = self.holds(node)
            if holds and set(node) <= {"zone", "of"}:       # "the <things> in <zone>"
                self.cards_of[id(base)] = (ph(holds, ' in ', text), ph(plural(holds), ' in ', text))
            if node.get("deep"):
                shallow = base
                base = lambda g, env: g.deep(shallow(g, env))  # noqa: E731
                text += " (cards lying under them included)"
        elif "pile" in node:
            pile = self.lookup(self.m.pile_index, node["pile"], "pile", path + ("pile",))
            ptext = self.m.piles[pile].text if pile is not None else "?"
            if "on" in node:
                host, htext = self.card(node["on"], path + ("on",))
                base = coded(lambda g, env: g.piles[pile].get(host(g, env), ()),
                             lambda e: f"g.piles[{pile}].get({e.expr(host)}, ())")
            else:
                hosts, htext = self.selector(node["in"], path + ("in",))

                def base(g, env):
                    piles = g.piles[pile]
                    return [c for h in hosts(g, env) for c in piles.get(h, ())]
            text = _pile_text(ptext, htext)
        else:
            self.report(path, "a selector needs 'zone' or 'pile'", hint="write {zone: <zone id>} or {pile: <pile id>, on: $card}")
            return (lambda g, env: []), "?"
        counted = one = None    # the cards as a plural noun ("<tag nouns> in <zone>"), when they have one
        if "except" in node:            # one card left out (cheaper than a 'where' that compares every card)
            left_out, etext = self.card(node["except"], path + ("except",))
            every = base

            def base(g, env):
                return _except(every(g, env), left_out(g, env))
            coded(base, lambda e: f"{e.const(_except)}({e.expr(every)}, {e.expr(left_out)})")
            text = ph(text, ' except ', etext)
        guard = None        # a named selector's conditions that do not look at the card: said after it ("..., if ...")
        if "where" in node:
            cond, ctext, guard = self.filter_and_guard(node, path)
            inner = base
            quick = self.quick_filter(node["where"], path + ("where",))
            if quick is not None:
                def base(g, env):
                    return quick(g, env, inner(g, env))
                if getattr(quick, "code", None) is not None:
                    coded(base, lambda e: quick.code(e, e.expr(inner)))
            else:
                def base(g, env):
                    saved = env.get("it", NOTHING)
                    out = []
                    each = inner(g, env)
                    _spend(g, each)
                    for c in each:
                        env["it"] = c
                        if cond(g, env):
                            out.append(c)
                    if saved is NOTHING:
                        env.pop("it", None)
                    else:
                        env["it"] = saved
                    return out

                def loop(e, inner=inner, cond=cond):
                    return _each_card(e, "it", e.expr(inner), ["out = []"], [f"if {e.expr(cond)}:", "    out.append(c)"],
                                      ["return out"])
                coded(base, lambda e, base=base, loop=loop: e.helper(base, loop))
            where = node["where"]
            if guard is not None:
                where = {"all": [x for x in where["all"] if "$it" in repr(x)]}
            tag, kinds, rels = self.filter_nouns(where)
            if kinds is not None:       # "the Mills and Presses in your yard with tokens on them"
                one = ph(joined(" or ", kinds), ' in ', text, ' ' if rels else '', joined(" and ", [_of_one(r) for r in rels]))
                counted = ph(joined(" and ", [Tok(plural(str(k)), k.kind, k.ref) for k in kinds]), ' in ', text,
                             ' ' if rels else '', joined(" and ", rels))
                text = ph('the ', counted)
                if rels:
                    one = None
            elif tag is not None:         # "the <tag nouns> in <zone>", "... with tokens on them"
                noun = self.m.tag_noun(tag)
                cards = plural(noun)
                owner, _, held = text.partition(" ")
                said = joined(" and ", rels)
                kind = ph(noun, ' in ', text, ' ' if rels else '', joined(" and ", [_of_one(r) for r in rels]))
                if owner in ("your", "their") and cards.endswith(" " + held):      # "your <tag> <things>"
                    counted = ph(owner, ' ', cards, ' ' if rels else '', said)
                    text = counted
                else:
                    one = ph(noun, ' in ', text, ' ' if rels else '', said)
                    counted = ph(cards, ' in ', text, ' ' if rels else '', said)
                    text = ph('the ', counted)
                if rels:
                    one = None      # ("with tokens on them" is said of many)
            elif rels:                  # "the cards in your hand with tokens on them"
                cards = plural(self.holds(node) or "card")
                owner, _, held = str(text).partition(" ")
                if owner in ("your", "their") and held == cards:      # "your tokens of the same kind as ..."
                    counted = text = ph(text, ' ', joined(" and ", rels))
                else:
                    counted = ph(cards, ' in ', text, ' ', joined(" and ", rels))
                    text = ph('the ', counted)
            elif self.whose(where) and str(ctext).startswith("its "):     # "the tokens in the pool whose colour is ..."
                thing = self.holds(node) or "card"
                cards = plural(thing)
                whose = ph(' whose ', _parts_after(ctext, "its "))
                owner, _, held = str(text).partition(" ")
                said = str(text).split()
                if owner in ("your", "their") and (held == cards or held.endswith(" " + cards)):
                    # "your tokens whose colour is ...", "your spare tokens whose shape is ..."
                    counted = text = ph(text, whose)
                elif said and (said[-1] == cards or any(w == cards and after in _RELATIVE
                                                        for w, after in zip(said, said[1:]))):
                    # the zone's name says what it holds: "the tokens you drew whose colour is ..."
                    counted = ph(_parts_after(text, "the "), whose) if said[0] == "the" else None
                    text = ph(text, whose)
                else:       # "the tokens in the pool whose colour is ..."
                    one, counted = ph(thing, ' in ', text, whose), ph(cards, ' in ', text, whose)
                    text = ph('the ', counted)
            elif isinstance(where, dict) and set(where) <= {"type", "card"} and where.get("card", "$it") == "$it" \
                    and where.get("type") in self.m.type_index:     # "the copies of <card> in your tokens"
                name = self.m.card_tok(self.m.type_index[where["type"]])
                one, counted = ph('copy of ', name, ' in ', text), ph('copies of ', name, ' in ', text)
                text = ph('the ', counted)
            else:
                text = ph(text, ' where ', ctext)
        if node.get("one_per_type"):    # one card of each kind: the first in the zone's order
            many = base
            types = self.m.instance_types

            def base(g, env):
                seen, out = set(), []
                for c in many(g, env):
                    t = types[c].index
                    if t not in seen:
                        seen.add(t)
                        out.append(c)
                return out

            def first_of_each(e, many=many):
                return ["seen, out = set(), []", f"for c in {e.expr(many)}:", f"    t = {e.const(self.m.instance_kinds)}[c]",
                        "    if t not in seen:", "        seen.add(t)", "        out.append(c)", "return out"]
            coded(base, lambda e, base=base, body=first_of_each: e.helper(base, body))
            text = ph('the different kinds of ', counted) if counted else ph('one card of each kind among ', text)
            if counted and "where" in node and tag is not None:
                self.kinds_of[id(base)] = kind
        if "means" in node and not isinstance(node.get("text"), str):
            self.report(path + ("means",), "'means' says what a named selector's cards are: give the name as 'text'")
        if isinstance(node.get("text"), str):      # the content's own name for these cards; the docs define it
            said = node["means"] if isinstance(node.get("means"), str) else text
            self.m.selector_phrases.setdefault(node["text"], ph(said, ', if ', guard) if guard is not None else said)
            text = node["text"]
            if text.startswith("the ") and not node.get("one_per_type"):   # "there are no <the name's rest>"
                self.cards_of[id(base)] = (None, text[4:])
        elif counted and not node.get("one_per_type"):
            self.cards_of[id(base)] = (one, counted)
        return base, text

    def filter_and_guard(self, node, path):
        """A selector's condition: (its function, its text, None); for a named selector (its own ``text``) whose
        ``all`` mixes conditions on the card ($it) with conditions that do not look at it, the text of the first and,
        apart, the text of the others (its definition then reads "the <cards> ..., if <the others>")."""
        where = node["where"]
        items = where.get("all") if isinstance(where, dict) and set(where) == {"all"} else None
        if not isinstance(node.get("text"), str) or not isinstance(items, list):
            return (*self.condition(where, path + ("where",), it=True), None)
        on_card = ["$it" in repr(x) for x in items]
        if all(on_card) or not any(on_card):
            return (*self.condition(where, path + ("where",), it=True), None)
        parts = [self.condition(x, path + ("where", "all", i), it=True) for i, x in enumerate(items)]
        cond = fold_and([fn for fn, _ in parts])
        mine = [t for (_, t), yes in zip(parts, on_card) if yes]
        others = [t for (_, t), yes in zip(parts, on_card) if not yes]
        return cond, joined(" and ", mine), joined(" and ", others)

    @staticmethod
    def whose(where) -> bool:
        """A filter that compares one attribute of the candidate with a value: said "whose <attribute> is ..."."""
        if not isinstance(where, dict) or len(where) != 1:
            return False
        key, pair = next(iter(where.items()))
        return key in COMPARE and isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], dict) \
            and set(pair[0]) <= {"attr", "of"} and pair[0].get("of", "$it") == "$it" and "$it" not in repr(pair[1])

    def filter_nouns(self, where):
        """A filter on the candidate read as a noun phrase: (its tag or None, the card names it keeps or None, the
        phrases said of the cards that pass, such as "with tokens on them"); (None, None, []) when it cannot be said
        so. A tag, or names (``{type: X}``, or ``any`` of such), alone or with such conditions (``all``), or such
        conditions alone."""
        items = where.get("all") if isinstance(where, dict) and set(where) == {"all"} else [where]
        if not isinstance(items, list) or not items:
            return None, None, []
        tags, names, rels = [], None, []
        for x in items:
            one = [x] if isinstance(x, dict) and set(x) == {"type"} else \
                x.get("any") if isinstance(x, dict) and set(x) == {"any"} else None
            if isinstance(x, dict) and set(x) <= {"tag", "card"} and "tag" in x and x.get("card", "$it") == "$it" \
                    and isinstance(x["tag"], str):
                tags.append(x["tag"])
            elif names is None and isinstance(one, list) and one and all(
                    isinstance(y, dict) and set(y) == {"type"} and y["type"] in self.m.type_index for y in one):
                names = [self.m.card_tok(self.m.type_index[y["type"]]) for y in one]
            elif self.relative.get(id(x), (None,))[0] is x:
                rels.append(self.relative[id(x)][1])
            else:
                return None, None, []
        if len(tags) > 1 or (tags and names is not None):
            return None, None, []
        return (tags[0] if tags else None), names, rels

    def holds(self, source) -> str:
        """What one card of a raw selector is called, from its zone's ``holds`` ("" when the zone does not say)."""
        seen = set()
        while isinstance(source, dict) and "selector" in source and source["selector"] not in seen:
            seen.add(source["selector"])
            source = (self.m.selectors.get(source["selector"]) or (None,))[0]
        zone = self.m.zone_index.get(source.get("zone")) if isinstance(source, dict) else None
        return self.m.zones[zone].holds if zone is not None else ""

    def how_many(self, sel, text, different=False) -> str:
        """'the number of <cards>' for a compiled selector and its text."""
        counted = self.cards_of.get(id(sel), (None, None))[1]
        other = "different " if different else ""
        return ph('the number of ', other, counted) if counted else ph('the number of ', other, 'cards in ', text)

    def quick_filter(self, where, path):
        """A one-pass filter for the commonest 'where' shapes on the candidate ($it): its card id, a tag, the same
        kind as another card, an attribute equal to a value that does not read the candidate. None otherwise
        (the general condition is used). The condition is compiled too, for its checks and its text."""
        if not isinstance(where, dict) or len(where) > 2:
            return None
        kinds = self.m.instance_kinds
        if set(where) <= {"type", "card"} and "type" in where and where.get("card", "$it") == "$it":
            tid = self.m.type_index.get(where["type"])
            return coded(lambda g, env, cards: _of_kind(cards, tid, kinds),
                         lambda e, cards: f"{e.const(_of_kind)}({cards}, {e.const(tid)}, {e.const(kinds)})")
        if set(where) <= {"tag", "card"} and "tag" in where and where.get("card", "$it") == "$it":
            tag, tags = where["tag"], self.m.instance_tags
            return coded(lambda g, env, cards: _with_tag(cards, tag, tags),
                         lambda e, cards: f"{e.const(_with_tag)}({cards}, {e.const(tag)}, {e.const(tags)})")
        pair = where.get("same_type")
        if set(where) == {"same_type"} and isinstance(pair, list) and len(pair) == 2 and "$it" in pair \
                and all(is_var(x) for x in pair) and pair[0] != pair[1]:
            other = (pair[1] if pair[0] == "$it" else pair[0])[1:]

            def same_kind(g, env, cards):
                c0 = env.get(other)
                if c0 is None:
                    return []
                t = kinds[c0]
                return [c for c in cards if kinds[c] == t]
            return same_kind
        pair = where.get("eq")
        if set(where) == {"eq"} and isinstance(pair, list) and len(pair) == 2:
            for mine, theirs in (pair, pair[::-1]):
                if isinstance(mine, dict) and set(mine) <= {"attr", "of"} and mine.get("of", "$it") == "$it" \
                        and "key" not in mine and "$it" not in repr(theirs) \
                        and mine.get("attr") not in self.m.attr_instead:
                    values = self.m.attr_tables.setdefault(mine["attr"], [])
                    issues = getattr(self, "issues", None)
                    known = len(issues) if issues is not None else 0
                    target, _ = self.number(theirs, path + ("eq",))
                    if issues is not None and len(issues) > known:     # already reported by the condition
                        del issues[known:]
                        return None
                    return lambda g, env, cards: (lambda v: [c for c in cards if values[c] == v])(target(g, env))
        return None
