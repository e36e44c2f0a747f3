"""The containers family: a zone whose cards stay between uses, and the step that lets some of them out.

``{release: {from: <selector>, through: <zone>, to: <destination>, keep: [<expr>, ...], model: urn, as: <name>}}``
puts the selected cards into the container zone ``through``; then, of every card inside (those already there
first, in their order, then the new ones by card type and copy), a number drawn at random from ``keep`` stay
inside, chosen at random, and the others come out into ``to``. ``$moved`` (or the variable ``as`` names) holds how
many came out. The node and its random draws are described in ``model/containers.py``.
"""
from __future__ import annotations

from ..model import containers as C
from ..model.phrase import joined, ph


class ContainerTerms:
    """Mixed into the step compiler: the release step."""

    def container_zone(self, node, path):
        """The container a release goes through: a zone id or {zone, of, key}; fn(game, env) -> (ZONE, zone,
        owner), its text and its zone id (None when it is not a zone)."""
        if isinstance(node, str):
            node = {"zone": node}
        name = node.get("zone") if isinstance(node, dict) else None
        if isinstance(name, str) and name not in self.m.zone_index and name not in self.m.families:
            what = "a pile" if name in self.m.pile_index else "a counter" if name in self.m.counter_index else None
            if what is not None:
                self.report(path, f"{name!r} is {what}, not a zone: a container is a zone that holds cards",
                            hint="declare it under 'zones'")
                return (lambda g, env: None), "?", None
        if not isinstance(node, dict) or "zone" not in node:
            self.report(path, f"expected a zone (its id, or {{zone: ..., of: ...}}), got {node!r:.60}")
            return (lambda g, env: None), "?", None
        fn, text = self.destination(node, path)
        return fn, text, name

    def st_release(self, item, path):
        spec = item["release"]
        p = path + ("release",)
        model = spec.get("model", "urn")
        if model not in C.RESOLVERS:
            self.report(p + ("model",), f"unknown resolver {model!r}", choices=C.RESOLVERS)
        source, stext = self.selector(spec.get("from"), p + ("from",))
        through, ctext, cname = self.container_zone(spec.get("through"), p + ("through",))
        dest, dtext = self.destination(spec.get("to"), p + ("to",))
        inside = spec.get("through")
        if cname is not None and spec.get("to") == (inside if isinstance(inside, dict) else {"zone": inside}):
            self.report(p + ("to",), "the cards that come out of a container must go somewhere else")
        raw = spec.get("keep")
        if not isinstance(raw, list) or not raw:
            self.report(p + ("keep",), "a release needs a list of at least one number: how many cards may stay "
                                       "inside, one of them drawn at random each time")
            raw = [0]
        keep, ktexts = [], []
        for i, value in enumerate(raw):
            fn, t = self.amount(value, p + ("keep", i))
            keep.append(fn)
            ktexts.append(t)
            if type(value) is int and value < 0:
                self.report(p + ("keep", i), f"a container cannot keep {value} cards: the numbers of 'keep' are 0 "
                                             "or more")
        node = C.Release(source, through, dest, keep, model)
        node = self.counted_as(node, spec, p)
        if "as" in spec:        # "add the number of cards that came out of the jar to ..."
            self.nouns[node.var] = ph('the number of cards that came out of ', ctext)
            self.moved_said[node.var] = (ph('some cards came out of ', ctext), ph('no card came out of ', ctext))
        said = str(stext)
        put = ph('put ', stext if said.startswith(("the cards", "cards", "all ", "every ")) else ph('the cards of ', stext),
                 ' into ', ctext)
        if all(type(v) is int and v == 0 for v in raw):
            return node, ph(put, '; then every card in ', ctext, ' comes out into ', dtext)
        if len(raw) == 1:
            return node, ph(put, '; then ', ktexts[0], ' of the cards in ', ctext, ', chosen at random, stay inside '
                            '(all of them if there are fewer) and the others come out into ', dtext)
        numbers = ph(joined(', ', ktexts[:-1]), ' or ', ktexts[-1])
        return node, ph(put, '; then draw one of ', numbers, ' at random (each entry equally likely): that many '
                        'cards in ', ctext, ', chosen at random, stay inside (all of them if there are fewer) and the '
                        'others come out into ', dtext)
