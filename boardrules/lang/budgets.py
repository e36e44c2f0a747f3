"""The budgets family: points to spend on one action, and numbers over a zone's kinds.

``{budget: {as: <name>, amount: <number>, extra: {counter: <counter>, rate: <number>, action: <kind>}, do: [...]}}``
gives the player ``amount`` points to spend in the steps of ``do`` (the variable ``$<name>``, ``points`` by default;
a quantity there changes it per player with the cards' modifiers). With ``extra`` the player may first pay for more
points: a number from 0 to what the counter affords, ``rate`` of it each (and at most ``most``: a number of the
options and the player count, which lets a fixed action space hold the choice). ``{spend: {budget: <name>, amount:
<number>}}`` takes points from the budget of an enclosing ``budget`` step (anywhere else it is a content error);
when ``do`` ends, the points left are lost.

``{most_of_a_kind: {in: <selector>, by: <attribute>}}`` is the largest number of the cards that share one kind (one
card id, or with ``by`` one value of that attribute); ``{kinds: {in: <selector>, by: <attribute>}}`` is how many
kinds are there.
"""
from __future__ import annotations

from ..model import budgets as B
from ..model import nodes as N
from ..model.phrase import ph


def _kind_counts(cards, key) -> dict:
    counts = {}
    for c in cards:
        k = key(c)
        counts[k] = counts.get(k, 0) + 1
    return counts


class BudgetTerms:
    """Mixed into the step compiler: the budget and spend steps, most_of_a_kind and kinds."""

    open_budgets = ()       # the budgets of the budget steps being compiled, innermost last
    budget_spends = {}      # budget variable -> the spend nodes compiled inside it (never mutated: replaced)

    # ---------------------------------------------------------------- numbers over kinds
    def kind_key(self, spec, path):
        """fn(card) -> its kind (its card id, or the value of the attribute ``by``) and the words for a kind."""
        by = spec.get("by")
        if by is None:
            types = self.m.instance_types
            return (lambda c: types[c].index), "kind"
        if by not in self.m.attributes:
            self.report(path + ("by",), f"unknown attribute {by!r}", choices=self.m.attributes)
        values = self.m.attr_tables.setdefault(by, [])     # filled once every card instance exists
        return values.__getitem__, self.m.attr_text(by)

    def _over_kinds(self, node, path, key):
        spec = node[key]
        p = path + (key,)
        if not isinstance(spec, dict) or "in" not in spec:
            self.report(p, f"expected {{in: <selector>, by: <attribute>}}, got {spec!r:.60}")
            return None
        sel, text = self.selector(spec["in"], p + ("in",))
        kind, word = self.kind_key(spec, p)
        return sel, text, kind, word

    def num_most_of_a_kind(self, node, path):
        got = self._over_kinds(node, path, "most_of_a_kind")
        if got is None:
            return (lambda g, env: 0), "?"
        sel, text, kind, word = got
        return (lambda g, env: max(_kind_counts(sel(g, env), kind).values(), default=0)), \
            ph('the largest number of cards of one ', word, ' among ', text)

    def num_kinds(self, node, path):
        got = self._over_kinds(node, path, "kinds")
        if got is None:
            return (lambda g, env: 0), "?"
        sel, text, kind, word = got
        return (lambda g, env: len({kind(c) for c in sel(g, env)})), \
            ph('the number of different ', word, 's among ', text)

    # ---------------------------------------------------------------- budgets
    def st_budget(self, item, path):
        spec = item["budget"]
        p = path + ("budget",)
        name = spec.get("as", "points")
        words = name.replace("_", " ")
        amount, atext = self.amount(spec.get("amount"), p + ("amount",))
        who, _ = self.player(None, p)
        var = self.var("$" + name, p + ("as",), bind=True)
        prefix, paid = [N.Let([(var, amount)])], None
        if "extra" in spec:
            more = spec["extra"]
            bp = p + ("extra",)
            c, holder, ctext = self.counter_ref({"counter": more.get("counter"), "of": "you"}, bp)
            if c is not None and self.m.counters[c].scope != "player":
                self.report(bp + ("counter",), f"extra points are paid with a player's counter; "
                                               f"{more.get('counter')!r} is held by the {self.m.counters[c].scope}")
            rate, rtext = self.amount(more.get("rate", 1), bp + ("rate",))
            if type(more.get("rate", 1)) is int and more.get("rate", 1) < 1:
                self.report(bp + ("rate",), "each extra point takes at least 1 of the counter: 'rate' is 1 or more")
            choice = self.var("$extra", bp, bind=True)
            kind = more.get("action", "more_" + name)
            afford = (lambda g, env: g.counters[c][holder(g, env)] // max(1, rate(g, env))) if c is not None \
                else (lambda g, env: 0)
            most, mtext = self.amount(more["most"], bp + ("most",)) if "most" in more else (None, None)
            ask = self.register(B.ExtraChoice(kind, choice, who, most, afford,
                                              more.get("text", f"pay for {{{choice}}} more {words}")), bp)
            prefix += [ask, B.Extra(var, choice, c, rate)]
            outlay = ph('moving your marker on ', ctext, ' back ', rtext, ' space' if str(rtext) == "1" else ' spaces') \
                if c is not None and self.m.counters[c].id in self.m.track_index else ph('paying ', rtext, ' of your ',
                                                                                      ctext)
            paid = ph('; first you may take more ', words, *((' (at most ', mtext, ')') if most else ()), ', ', outlay,
                      ' for each')
        self.nouns[var] = ph('the ', words, ' you have left')
        outer, self.open_budgets = self.open_budgets, (*self.open_budgets, var)
        spends, self.budget_spends = self.budget_spends, {**self.budget_spends, var: []}
        mine = self.budget_spends[var]
        try:
            body = self.block(spec.get("do"), p + ("do",), prefix=prefix)
        finally:
            self.open_budgets, self.budget_spends = outer, spends
        for node in mine:       # each spend writes the points left down to this budget's frame
            node.home = body
        body.env_problem = B.budget_check(var)      # a saved game's budget is checked on load
        head = ph('you have ', atext, ' ', words, ' to spend', *((paid,) if paid else ()),
                  '; the ', words, ' you do not spend are lost')
        return self.compound(B.Budget(body), head, body)

    def st_spend(self, item, path):
        spec = item["spend"]
        p = path + ("spend",)
        name = spec.get("budget", "points")
        if name not in self.open_budgets:
            opened = ", ".join(f"${b}" for b in self.open_budgets) or "none"
            self.report(p + ("budget",), f"spends from the budget ${name}, which no enclosing 'budget' step sets "
                                         f"(the budgets here: {opened})",
                        hint="put the spend inside the 'do' of a budget step with 'as: " + name + "'")
        var = self.var("$" + name, p + ("budget",))
        amount, atext = self.amount(spec.get("amount", 1), p + ("amount",))
        node = B.Spend(var, amount)
        if name in self.budget_spends:
            self.budget_spends[name].append(node)
        return node, ph('spend ', atext, ' from your ', name.replace("_", " "))
