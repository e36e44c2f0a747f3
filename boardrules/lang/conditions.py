"""Compiles condition nodes (``if``, ``where``, ``while``: comparisons, tags, ownership, ``exists``, ...) into
closures ``fn(game, env) -> bool``, each with the English phrase that says it and, where a rulebook would say its
negation differently, that phrase too (``negations``). The expression and selector compilers are in ``expr``.
"""
from __future__ import annotations

import re

from ..model.phrase import Tok, joined, name_tables, ph
from ..model.records import article, plural
from .codegen import coded
from .expr import COMPARE, NOTHING, _each_card, _parts_after, _spend, fold_and, fold_or, is_var, kind_of
from .selectors import SelectorCompiler

OPERATOR = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
OPPOSITE = {"eq": "ne", "ne": "eq", "lt": "ge", "ge": "lt", "le": "gt", "gt": "le"}
HAVE = {"ge": "at least", "le": "at most", "gt": "more than", "lt": "fewer than", "eq": "exactly"}


def _agreeing(subject, word: str) -> str:
    """A comparison's verb agreeing with its subject: "the long sides of it are at most ...", "the number of
    cards is ..."; the subject's head is its words before the first preposition or clause."""
    head = re.split(r" (?:of|in|on|among|from|to|for|with|that|which|you|who|where|by|at) ", str(subject), maxsplit=1)[0]
    last = head.rsplit(" ", 1)[-1]
    if head.startswith(("the number", "the total", "the sum", "the size", "the smaller", "the larger", "the room")) \
            or not last.endswith("s") or last.endswith(("ss", "us", "is")) or not word.startswith("is"):
        return word
    return "are" + word[2:]


class ConditionCompiler(SelectorCompiler):
    """The expression compiler with the conditions: ``condition(node, path)`` and one ``if_<form>`` per form."""

    def condition(self, node, path, it=False):
        if isinstance(node, bool):
            return coded(lambda g, env: node, lambda e: repr(bool(node))), ("always" if node else "never")
        if not isinstance(node, dict) or not node:
            self.report(path, f"expected a condition, got {node!r:.60}")
            return (lambda g, env: False), "?"
        key, _ = kind_of(node, self, "if_", COMPARE)
        if key in COMPARE:
            op, word = COMPARE[key]
            a, b, (ta, tb) = self._pair(node, path, key)
            sign = OPERATOR[key]
            fn = coded(lambda g, env: op(a(g, env), b(g, env)), lambda e: f"({e.expr(a)} {sign} {e.expr(b)})")
            zero = self.zero_text(a, node[key], key)
            if zero is not None:        # "there are tokens in the pool", "you have no money"
                some, none = self.zero[id(a)]
                self.negations[id(fn)] = none if zero else some
                if id(a) in self.with_it:
                    self.relative[id(node)] = (node, self.with_it[id(a)][0 if zero else 1])
                return fn, some if zero else none
            you = self.you_are(node[key], key, ta, tb)
            if you is not None:     # "you are the player holding the card", not "... is your seat"
                self.negations[id(fn)] = you[1]
                return fn, you[0]
            flag = self.flag_text(node[key], key)
            have = self.have_text(a, node[key], key)
            if have is not None:        # "you have at least 3 <things> in <zone>"
                self.negations[id(fn)] = have[1]
                return fn, have[0]
            held = self.held_text(a, node[key], key, tb)
            if held is not None:        # "you have at least your fee in tokens", "there are more X than Y"
                self.negations[id(fn)] = held[1]
                return fn, held[0]
            if flag is None:
                if key == "eq":     # "the board is big or small" (see if_any)
                    self.equals[id(fn)] = (ta, tb)
                word = _agreeing(ta, word)
                self.negations[id(fn)] = ph(ta, ' ', _agreeing(ta, COMPARE[OPPOSITE[key]][1]), ' ', tb)
            else:
                other = self.flag_text(node[key], OPPOSITE[key])
                if other and not other.startswith("not ("):
                    self.negations[id(fn)] = other
            name_tables(tb, word[3:] if word.startswith("is ") else word)     # "Less than" heads its value row
            return fn, flag or ph(ta, ' ', word, ' ', tb)
        if key is None:
            self.report(path, f"unknown condition {next(iter(node))!r}",
                        choices=[k[3:] for k in dir(self) if k.startswith("if_")] + list(COMPARE))
            return (lambda g, env: False), "?"
        return getattr(self, f"if_{key}")(node, path)

    def you_are(self, pair, key, ta, tb):
        """A seat compared with yours, as who you are: ("you are <the other>", "you are not <the other>") or None.
        The other side's text is a player ("the player holding the lamp", "the start player")."""
        if key not in ("eq", "ne") or not isinstance(pair, list) or len(pair) != 2:
            return None
        mine = [i for i, x in enumerate(pair) if x == {"seat": "you"}]
        if len(mine) != 1:
            return None
        other = (tb, ta)[mine[0]]
        other = other[len("the seat of "):] if str(other).startswith("the seat of ") else other
        if str(other).endswith("'s seat"):
            other = str(other)[:-len("'s seat")]
        said, unsaid = ph("you are ", other), ph("you are not ", other)
        return (said, unsaid) if key == "eq" else (unsaid, said)

    def zero_text(self, left, pair, key):
        """For an amount compared with 0 (more than 0, at least 1, not 0; or 0, at most 0, less than 1) that says
        itself so: True when the comparison means "some", False when it means "none", else None."""
        if id(left) not in self.zero or not isinstance(pair, list) or len(pair) != 2 or type(pair[1]) is not int:
            return None
        return {("gt", 0): True, ("ge", 1): True, ("ne", 0): True,
                ("eq", 0): False, ("le", 0): False, ("lt", 1): False}.get((key, pair[1]))

    def have_text(self, left, pair, key):
        """A count of your own cards against a number, as what you have: (sentence, its negation) or None."""
        counted = self.counted.get(id(left))
        if counted is None or key not in HAVE or not isinstance(pair, list) or len(pair) != 2 \
                or type(pair[1]) is not int or pair[1] < 0:
            return None
        n = pair[1]
        noun = counted[0] if n == 1 else counted[1]
        if noun is None:
            return None
        number = Tok(str(n), "number", n)
        if "your " not in counted[1]:       # a shared place: "there are fewer than 4 cards in the pool"
            if n == 0:
                return None
            verb = "there is " if n == 1 and key in ("le", "eq") else "there are "
            said = ph(verb, HAVE[key], " ", number, " ", noun)
            other = HAVE.get(OPPOSITE[key])
            verb = "there is " if n == 1 and OPPOSITE[key] in ("le", "eq") else "there are "
            return said, (ph(verb, other, " ", number, " ", noun) if other else
                          ph("there are not ", HAVE[key], " ", number, " ", noun))
        said = ph("you have ", HAVE[key], " ", number, " ", noun)
        other = HAVE.get(OPPOSITE[key])
        return said, (ph("you have ", other, " ", number, " ", noun) if other else
                      ph("you do not have ", HAVE[key], " ", number, " ", noun))

    def held_text(self, left, pair, key, tb):
        """A counter compared with an amount, as what you have or what there is: (sentence, its negation) or None.
        "you have at least 3 tokens", "you have at least your fee in tokens", "you have fewer tokens than ...",
        "there are more tokens on it than marks on it"; a number on the left of no counter, or 1, keeps its
        comparison."""
        held = self.held.get(id(left))
        if held is None or not isinstance(pair, list) or len(pair) != 2 or pair[1] == 1 or isinstance(pair[1], bool):
            return None
        who, noun = held

        def said(k):
            n = pair[1]
            if type(n) is int and k in HAVE:
                amount = ph(HAVE[k], " ", Tok(str(n), "number", n), " ", noun)
            elif k in ("lt", "gt"):
                amount = ph("fewer " if k == "lt" else "more ", noun, " than ", tb)
            elif k in ("le", "ge", "eq") and who == "you":
                amount = ph(HAVE[k], " ", tb, " in ", noun)
            elif k in ("le", "ge"):     # there are not more (not fewer) tokens in the pool than ...
                amount = ph("not ", "more " if k == "le" else "fewer ", noun, " than ", tb)
            else:
                return None
            return ph("you have " if who == "you" else "there are ", amount)
        yes, no = said(key), said(OPPOSITE[key])
        return (yes, no) if yes is not None and no is not None else None

    def flag_text(self, pair, key):
        """{eq: [{quantity: flag}, 1]} reads as the flag's sentence."""
        if key not in ("eq", "ne") or not isinstance(pair, list) or len(pair) != 2:
            return None
        left, right = pair
        if isinstance(left, dict) and set(left) == {"counter"} and right in (0, 1):     # an on/off counter
            c = self.m.counter_index.get(left["counter"])
            if c is not None:
                on = (right == 1) == (key == "eq")
                said = self.m.counters[c].flag if on else self.m.counters[c].flag_off
                return said or None
        if isinstance(left, dict) and set(left) == {"quantity"} and right in (0, 1):
            q = self.m.quantity_index.get(left["quantity"])
            flag = self.m.quantities[q].flag if q is not None else None
            if flag:
                on = (right == 1) == (key == "eq")
                return flag if on else ph('not (', flag, ')')
        return None

    def conditions(self, items, path):
        if not isinstance(items, list):
            self.report(path, "expected a list of conditions")
            return [], []
        parts = [self.condition(x, path + (i,)) for i, x in enumerate(items)]
        return [p[0] for p in parts], [p[1] for p in parts]

    def negated(self, fn, text, negation):
        """Records what a compiled condition reads as when it does not hold (for ``not``); returns (fn, text)."""
        if negation is not None:
            self.negations[id(fn)] = negation
        return fn, text

    def if_all(self, node, path):
        fns, texts = self.conditions(node["all"], path + ("all",))
        nots = [self.negations.get(id(f)) for f in fns]
        fn = fold_and(fns)
        if len(fns) == 1:
            return fn, texts[0]
        return self.negated(fn, joined(" and ", texts), ph("either ", joined(" or ", nots)) if all(nots) else None)

    def if_any(self, node, path):
        fns, texts = self.conditions(node["any"], path + ("any",))
        nots = [self.negations.get(id(f)) for f in fns]
        fn = fold_or(fns)
        if len(fns) == 1:
            return fn, texts[0]
        same = [self.equals.get(id(f)) for f in fns]
        if all(same) and len({str(s[0]) for s in same}) == 1:      # "the board is big or small"
            subject, values = same[0][0], [s[1] for s in same]
            listed = ph(joined(", ", values[:-1]), " or ", values[-1])
            return self.negated(fn, ph(subject, " is ", listed),
                                ph(subject, " is neither ", values[0], " nor ", values[1]) if len(values) == 2 else
                                ph(subject, " is none of ", joined(", ", values[:-1]), " and ", values[-1]))
        return self.negated(fn, ph("either ", joined(" or ", texts)), joined(" and ", nots) if all(nots) else None)

    def if_not(self, node, path):
        """The negation each kind of condition records when it is compiled (no sentence is parsed back); a
        condition without one reads "it is not the case that ..."."""
        fn, text = self.condition(node["not"], path + ("not",))
        negation = self.negations.get(id(fn))
        return self.negated(coded(lambda g, env: not fn(g, env), lambda e: f"(not {e.expr(fn)})"), negation or ph('it is not the case that ', text), text)

    def if_tag(self, node, path):
        tag = node["tag"]
        if tag not in self.m.tags:
            self.report(path + ("tag",), f"unknown tag {tag!r}", choices=self.m.tags)
        card, ctext = self.card(node.get("card", "$it"), path + ("card",))
        types = self.m.instance_types

        def fn(g, env):
            c = card(g, env)
            return c is not None and tag in types[c].tags

        def code(e):
            t = e.temp()
            return f"(({t} := {e.expr(card)}) is not None and {e.const(tag)} in {e.const(self.m.instance_tags)}[{t}])"
        coded(fn, code)
        return self.negated(fn, ph(ctext, ' is ', self.m.tag_text(tag)), ph(ctext, ' is not ', self.m.tag_text(tag)))

    def if_type(self, node, path):
        tid = self.lookup(self.m.type_index, node["type"], "card", path + ("type",))
        card, ctext = self.card(node.get("card", "$it"), path + ("card",))
        types = self.m.instance_types

        def fn(g, env):
            c = card(g, env)
            return c is not None and types[c].index == tid

        def code(e):
            t = e.temp()
            return f"(({t} := {e.expr(card)}) is not None and {e.const(self.m.instance_kinds)}[{t}] == {e.const(tid)})"
        coded(fn, code)
        name = self.m.card_tok(tid)
        article = self.m.types[tid].article if tid is not None else 'a'
        return self.negated(fn, ph(ctext, ' is ', article, ' ', name), ph(ctext, ' is not ', article, ' ', name))

    def if_same_type(self, node, path):
        pair = node["same_type"]
        (a, ta), (b, tb) = self.card(pair[0], path + ("same_type", 0)), self.card(pair[1], path + ("same_type", 1))
        types = self.m.instance_types

        def fn(g, env):
            x, y = a(g, env), b(g, env)
            return x is not None and y is not None and types[x] is types[y]

        def code(e):
            x, y, kinds = e.temp(), e.temp(), e.const(self.m.instance_kinds)
            return f"((({x} := {e.expr(a)}), ({y} := {e.expr(b)}))[0] is not None and {y} is not None " \
                   f"and {kinds}[{x}] == {kinds}[{y}])"
        coded(fn, code)
        if pair[0] == "$it" or pair[1] == "$it":        # a filter: "the cards in your hand of the same kind as ..."
            self.relative[id(node)] = (node, ph('of the same kind as ', tb if pair[0] == "$it" else ta))
        return self.negated(fn, ph(ta, ' is the same kind of card as ', tb), ph(ta, ' is not the same kind of card as ', tb))

    def if_same_card(self, node, path):
        pair = node["same_card"]
        (a, ta), (b, tb) = self.card(pair[0], path + ("same_card", 0)), self.card(pair[1], path + ("same_card", 1))
        if all(is_var(x) for x in pair):     # the common case, read straight from the variables
            x, y = pair[0][1:], pair[1][1:]

            def code(e):
                t = e.temp()
                return f"(({t} := env.get({e.const(x)})) is not None and {t} == env.get({e.const(y)}))"
            return coded(lambda g, env: env.get(x) is not None and env.get(x) == env.get(y), code), ph(ta, ' is ', tb)

        def fn(g, env):
            x = a(g, env)
            return x is not None and x == b(g, env)
        return self.negated(fn, ph(ta, ' is ', tb), ph(ta, ' is not ', tb))

    def if_owns(self, node, path):
        who, wtext = self.player(node.get("of"), path + ("of",))
        if not is_var(node["owns"]) and not isinstance(node["owns"], dict):    # a card id
            tid = self.lookup(self.m.type_index, node["owns"], "card", path + ("owns",))
            a = ph(self.m.types[tid].article if tid is not None else 'a', ' ', self.m.card_tok(tid))
            return self.negated(coded(lambda g, env: g.owned[who(g, env)].get(tid, 0) > 0,
                                      lambda e: f"(g.owned[{e.expr(who)}].get({e.const(tid)}, 0) > 0)"),
                                ph(wtext, ' own', 's' if wtext != 'you' else '', ' ', a),
                                ph(wtext, ' do', 'es' if wtext != 'you' else '', ' not own ', a))
        card, ctext = self.card(node["owns"], path + ("owns",))
        types = self.m.instance_types

        def fn(g, env):
            c = card(g, env)
            return c is not None and g.owned[who(g, env)].get(types[c].index, 0) > 0

        def code(e):
            t = e.temp()
            return f"(({t} := {e.expr(card)}) is not None and " \
                   f"g.owned[{e.expr(who)}].get({e.const(self.m.instance_kinds)}[{t}], 0) > 0)"
        coded(fn, code)
        a = ph('one like ', ctext) if ctext in ("it", "this card") or ctext.startswith("that ") else \
            ctext.replace("the ", "a ", 1)      # the same kind of card, not that very card
        return self.negated(fn, ph(wtext, ' already own', 's' if wtext != 'you' else '', ' ', a),
                            ph(wtext, ' do', 'es' if wtext != 'you' else '', ' not already own ', a))

    def if_chooser(self, node, path):
        want = bool(node["chooser"])
        return self.negated(coded(lambda g, env: (env.get("you") == g.chooser) == want,
                                  lambda e: f"((env.get('you') == g.chooser) == {want!r})"),
                            "you chose the role" if want else "you did not choose the role",
                            "you did not choose the role" if want else "you chose the role")

    def if_role(self, node, path):
        rid = self.lookup(self.m.role_index, node["role"], "role", path + ("role",))
        name = self.m.role_tok(rid)
        return coded(lambda g, env: g.role == rid, lambda e: f"(g.role == {e.const(rid)})"), ph('this is the ', name, ' phase')

    def if_role_available(self, node, path):
        rid = self.lookup(self.m.role_index, node["role_available"], "role", path + ("role_available",))
        name = self.m.role_tok(rid)
        return (lambda g, env: rid in g.role_pool), ph('the ', name, ' is in this game')

    def if_option(self, node, path):
        name = node["option"]
        if name not in self.m.options:
            self.report(path + ("option",), f"unknown option {name!r}", choices=self.m.options)
        return self.negated(coded(lambda g, env: bool(g.options.get(name)),
                                  lambda e: f"bool(g.options.get({e.const(name)}))"),
                            ph('you play with the ', self.option_tok(name), ' option'),
                            ph('you play without the ', self.option_tok(name), ' option'))

    def if_bound(self, node, path):
        var = self.var("$" + node["bound"], path + ("bound",), None)   # a card, or a choice's answer (a word)
        fn = coded(lambda g, env: env.get(var) is not None, lambda e: f"(env.get({e.const(var)}) is not None)")
        chosen = self.chosen.get(var) or self.m.var_chosen.get(var)
        if chosen:
            thing, doing = chosen
            return self.negated(fn, ph('you chose ', article(thing), ' ', thing, ' to ', doing),
                                ph('you did not choose ', article(thing), ' ', thing, ' to ', doing))
        return fn, ph(self.m.noun(var, self.nouns), ' was chosen')

    def if_empty(self, node, path):
        sel, text = self.selector(node["empty"], path + ("empty",))
        counted = self.cards_of.get(id(sel), (None, None))[1]
        if counted:     # "there are no tokens in the pool of the same kind as ..."
            return self.negated(coded(lambda g, env: not sel(g, env), lambda e: f"(not {e.expr(sel)})"),
                                ph('there are no ', counted), ph('there are ', counted))
        return self.negated(coded(lambda g, env: not sel(g, env), lambda e: f"(not {e.expr(sel)})"), ph('there is no card in ', text), ph('there is a card in ', text))

    def if_distinct(self, node, path):
        name = node["distinct"]
        sel, text = self.selector(node["in"], path + ("in",))
        table = self.attr_table(name)

        def fn(g, env):
            by_card = table(g)
            values = [by_card[c] for c in sel(g, env)]
            return len(set(values)) == len(values)
        return fn, ph('no two of ', text, ' have the same ', self.m.attr_text(name))

    def if_any_player(self, node, path):
        """True if the condition holds for some seat. With ``as: other`` the seat is ``$other`` and ``you`` stays
        the current player (to compare players); without it, ``you`` is each seat in turn."""
        outer = self.no_player_here
        if "as" not in node:
            self.no_player_here = None
        try:
            cond, text = self.condition(node["any_player"], path + ("any_player",))
        finally:
            self.no_player_here = outer
        var = self.var("$" + node["as"], path + ("as",), "player", bind=True, scope=path) if "as" in node else "you"

        def fn(g, env):
            local = dict(env)
            for seat in range(g.players):
                if var != "you" and seat == env.get("you"):
                    continue
                local[var] = seat
                if cond(g, local):
                    return True
            return False

        def loop(e):
            skip = ["    if seat == outer.get('you'):", "        continue"] if var != "you" else []
            return ["outer = env", "env = dict(outer)", "for seat in range(g.players):", *skip,
                    f"    env[{e.const(var)}] = seat", f"    if {e.expr(cond)}:", "        return True", "return False"]
        coded(fn, lambda e: e.helper(fn, loop))
        if var == "you":
            # "your" in the inner sentence means each player's in turn
            if text.startswith("you have "):        # "a player has at least 3 <things> in <zone>"
                has = text[len("you have "):].replace("your ", "their ")
                return self.negated(fn, ph("a player has ", has), ph("no player has ", has))
            for you, they in (("you own ", "owns "), ("you already own ", "already owns ")):
                if text.startswith(you):        # "a player owns a <card>", "no player already owns one like it"
                    owned = _parts_after(text, you)
                    return self.negated(fn, ph("a player ", they, owned), ph("no player ", they, owned))
            text = text.replace("your ", "their ").replace("you ", "they ")
            return self.negated(fn, ph('for some player, ', text), ph('for no player, ', text))
        return self.negated(fn, ph('for another player, ', text), ph('for no other player, ', text))

    def if_exists(self, node, path):
        spec = node["exists"]
        sel, stext = self.selector(spec["in"], path + ("exists", "in"))
        var = self.var("$" + spec.get("as", "it"), path + ("exists", "as"), "card", bind=True, scope=path + ("exists",))
        # inside its condition the card looked at is "that <thing>", not what a step elsewhere bound the same name to
        outer = self.nouns.get(var, NOTHING)
        if var != "it":
            self.nouns[var] = ph('that ', self.holds(spec["in"]) or 'card')
        try:
            cond, ctext = self.condition(spec.get("where", True), path + ("exists", "where"))
        finally:
            if outer is NOTHING:
                self.nouns.pop(var, None)
            else:
                self.nouns[var] = outer

        def fn(g, env):
            saved = env.get(var, NOTHING)
            each = sel(g, env)
            _spend(g, each)
            try:
                for c in each:
                    env[var] = c
                    if cond(g, env):
                        return True
                return False
            finally:
                if saved is NOTHING:
                    env.pop(var, None)
                else:
                    env[var] = saved

        def loop(e):
            return _each_card(e, var, e.expr(sel), [], [f"if {e.expr(cond)}:", "    return True"], ["return False"])
        coded(fn, lambda e: e.helper(fn, loop))
        if spec.get("where", True) is True:
            counted = self.cards_of.get(id(sel), (None, None))[1]
            if counted:     # "there are moon tokens in the pool"
                return self.negated(fn, ph('there are ', counted), ph('there are no ', counted))
            return self.negated(fn, ph('there is a card in ', stext), ph('there is no card in ', stext))
        where = spec["where"]
        pair = where.get("same_card") if isinstance(where, dict) and set(where) == {"same_card"} else None
        if isinstance(pair, list) and len(pair) == 2 and "$" + var in pair and pair[0] != pair[1]:
            # "some card of S is that card": that card is one of S
            other = pair[1] if pair[0] == "$" + var else pair[0]
            _, otext = self.card(other, path + ("exists", "where", "same_card"))
            return self.negated(fn, ph(otext, ' is one of ', stext), ph(otext, ' is not one of ', stext))
        pair = where.get("same_type") if isinstance(where, dict) and set(where) == {"same_type"} else None
        if isinstance(pair, list) and len(pair) == 2 and "$" + var in pair and pair[0] != pair[1]:
            # "some card of S is the same kind as that card": there is a card of that kind in S
            other = pair[1] if pair[0] == "$" + var else pair[0]
            _, otext = self.card(other, path + ("exists", "where", "same_type"))
            one = self.holds(spec["in"]) or "card"
            return self.negated(fn, ph('there is ', article(one), ' ', one, ' in ', stext, ' of the same kind as ', otext),
                                ph('there is no ', one, ' in ', stext, ' of the same kind as ', otext))
        counted = self.cards_of.get(id(sel), (None, None))[1]
        if not counted:
            counted = ph(plural(self.holds(spec['in']) or 'card'), ' in ', stext)
        return self.negated(fn, ph('for one of the ', counted, ', ', ctext), ph('for none of the ', counted, ', ', ctext))

    def if_can_pay(self, node, path):
        spec = node["can_pay"]
        pay = self.lookup(self.m.payment_index, spec.get("using"), "payment", path + ("can_pay", "using"))
        amount, atext = self.arith(spec["amount"], path + ("can_pay", "amount"))
        payment = self.m.payments[pay] if pay is not None else None
        if "except" in spec:
            skip, _ = self.card(spec["except"], path + ("can_pay", "except"))
            return coded(lambda g, env: g.can_pay(payment, amount(g, env), env, skip(g, env)),
                         lambda e: e.can_pay(payment, e.expr(amount), e.expr(skip))), ph('you can pay ', atext)
        return coded(lambda g, env: g.can_pay(payment, amount(g, env), env),
                     lambda e: e.can_pay(payment, e.expr(amount), None)), ph('you can pay ', atext)
