"""Families of zones (numbered rows, stacks by colour) and the terms that read seats and steps between values.

A family is declared once under ``zones`` with its keys; each key is a member zone of its own, so moving, counting
and seeing work as for any zone. A step names a member with ``key`` (a fixed key is checked when the content loads,
a computed one when the step runs); a selector without ``key`` reads every member.
"""
from __future__ import annotations

from ..actions import short
from ..errors import RulesError
from ..model.phrase import Tok, ph
from .codegen import coded


def _member_text(fam, ktext) -> str:
    if isinstance(ktext, str):
        ktext = ktext.replace("_", " ")
    return fam.member.replace("{key}", str(ktext)) if "{key}" in fam.member else ph(fam.text, ' (', ktext, ')')


class FamilyTerms:
    """Mixed into the expression compiler: zone references that name a family, and the terms below."""

    def member(self, fam, key, path):
        """fn(game, env) -> the member zone's index, and its text."""
        if not isinstance(key, (dict, bool)) and not (isinstance(key, str) and key.startswith("$")):
            zi = fam.index.get(key)
            if zi is None:
                self.report(path, f"{fam.id!r} has no member {key!r}",
                            hint="its keys are " + ", ".join(map(str, fam.keys)))
                zi = fam.members[0]
            return coded(lambda g, env: zi, lambda e: e.const(zi)), _member_text(fam, key)
        k, ktext = self.number(key, path)
        index, name = fam.index, fam.id

        def fn(g, env):
            zi = index.get(k(g, env))
            if zi is None:
                raise RulesError(f"{'/'.join(map(str, path))}: {name!r} has no member {short(k(g, env))} (its keys "
                                 f"are {', '.join(map(str, index))})")
            return zi
        return fn, _member_text(fam, ktext)

    def zone_rules(self):
        """Each zone's ``only``: the condition a card meets to lie in it, with the card in $self (and in a family, the
        member's key in $key). The compiler calls it once the zones and the cards are known."""
        m = self.m
        for doc, path, key, spec in self.entries("zones"):
            if "only" not in spec:
                continue
            fam = m.families.get(key) if "family" in spec else None
            if fam is not None:
                self.bound_vars.add("key")
            fn, text = self.condition(spec["only"], path + ("only",))
            members = tuple(zip(fam.members, fam.keys)) if fam is not None else \
                ((m.zone_index[key], None),) if key in m.zone_index else ()
            for zi, k in members:
                z = m.zones[zi]
                z.only, z.only_text, z.key = fn, text, k
        m.zone_only = tuple(z.only for z in m.zones)

    def family_ref(self, fam, node, path):
        """A zone reference that names a family: one member (``key``), or every member's cards together."""
        shared = fam.scope == "shared"
        of = node.get("of")
        if shared:
            who, wtext = (lambda g, env: 0), "you"
        elif of in ("all", "others"):
            if "key" in node:
                self.report(path + ("of",), "name one player's member of a family (or leave 'key' out)")
            who, wtext = None, of
        else:
            who, wtext = self.player(of, path + ("of",))
        members = fam.members

        def owned(text):
            return text if wtext == "you" or shared else text.replace("your", f"{wtext}'s")
        if "key" in node:
            zi, ztext = self.member(fam, node["key"], path + ("key",))
            return coded(lambda g, env: g.zones[zi(g, env)][who(g, env)],
                         lambda e: f"g.zones[{e.expr(zi)}][{e.expr(who)}]"), owned(ztext)
        if who is None:
            everyone = of == "all"
            text = fam.text.replace("your", "every player's" if everyone else "the other players'")
            return (lambda g, env: [c for zi in members for seat, cards in enumerate(g.zones[zi])
                                    if everyone or seat != env.get("you") for c in cards]), text
        return (lambda g, env: [c for zi in members for c in g.zones[zi][who(g, env)]]), owned(fam.text)

    def family_destination(self, fam, node, path):
        if "key" not in node:
            self.report(path, f"cards go into one member of the family {fam.id!r}: name it with 'key'",
                        hint="its keys are " + ", ".join(map(str, fam.keys)))
            return (lambda g, env: None), "?"
        zi, ztext = self.member(fam, node["key"], path + ("key",))
        if fam.scope == "shared":
            return coded(lambda g, env: (0, zi(g, env), 0), lambda e: f"(0, {e.expr(zi)}, 0)"), ztext
        who, wtext = self.player(node.get("of"), path + ("of",))
        text = ztext if wtext == "you" else ztext.replace("your", f"{wtext}'s")
        return coded(lambda g, env: (0, zi(g, env), who(g, env)), lambda e: f"(0, {e.expr(zi)}, {e.expr(who)})"), text

    # ---------------------------------------------------------------- terms
    def num_filled(self, node, path):
        spec = node["filled"]
        fam = self.m.families.get(spec.get("zone"))
        if fam is None:
            self.report(path + ("filled", "zone"), f"{spec.get('zone')!r} is not a family of zones",
                        choices=self.m.families)
            return (lambda g, env: 0), "?"
        if fam.scope == "shared":
            who, wtext = (lambda g, env: 0), "you"
        else:
            who, wtext = self.player(spec.get("of"), path + ("filled", "of"))
        members = fam.members
        text = fam.text if wtext == "you" else fam.text.replace("your", f"{wtext}'s")

        def fn(g, env):
            seat = who(g, env)
            return sum(1 for zi in members if g.zones[zi][seat])
        return fn, ph('the number of parts of ', text, ' that hold a card')

    def num_distance(self, node, path):
        a, b, (ta, tb) = self._pair(node, path, "distance")
        if "around" not in node:
            return (lambda g, env: abs(a(g, env) - b(g, env))), ph('the steps between ', ta, ' and ', tb)
        n, tn = self.arith(node["around"], path + ("around",))
        if type(node["around"]) is int and node["around"] < 1:
            self.report(path + ("around",), "a circle of values needs at least 1 value")

        def fn(g, env):
            d, size = abs(a(g, env) - b(g, env)), n(g, env)
            return min(d % size, size - d % size) if size > 0 else d
        return fn, ph('the steps between ', ta, ' and ', tb, ' (', tn, ' and 1 next to each other)')

    def num_seat(self, node, path):
        who, wtext = self.player(node["seat"], path + ("seat",))
        return coded(who, lambda e: e.expr(who)), ph(wtext, "r seat" if wtext == "you" else "'s seat")
