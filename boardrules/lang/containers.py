"""The containers family: a zone whose cards stay between uses, and the step that lets some of them out.

``{release: {from: <selector>, through: <zone>, to: <destination>, model: urn | shelf | oracle, as: <name>,
stream: <name>, ...}}`` puts the selected cards into the container zone ``through``; then a resolver decides which
cards of the pool (those already inside first, in their order, then the new ones by card type and copy) stay inside
and which come out into ``to``: ``urn`` (``keep: [<expr>, ...]``: a number drawn from the list stay, chosen at
random), ``shelf`` (``shelves``, ``room``, ``lodge``, ``knock``: the cards fall through shelves that hold some of
them) or ``oracle`` (``ask: <player>``, ``action: <kind>``: a player says how many of each kind came out).
``$moved`` (or the variable ``as`` names) holds how many came out; ``stream`` names a random sub-stream of the
game's seed to draw from. The nodes and their random draws are described in ``model/containers.py``.
"""
from __future__ import annotations

from ..limits import MAX_SHELVES
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
            model = "urn"
        for key in spec:
            owner = next((m for m, names in C.PARAMETERS.items() if key in names), None)
            if owner is not None and owner != model:
                self.report(p + (key,), f"'{key}' is a parameter of the {owner} resolver, not of {model}")
        source, stext = self.selector(spec.get("from"), p + ("from",))
        through, ctext, cname = self.container_zone(spec.get("through"), p + ("through",))
        dest, dtext = self.destination(spec.get("to"), p + ("to",))
        inside = spec.get("through")
        if cname is not None and spec.get("to") == (inside if isinstance(inside, dict) else {"zone": inside}):
            self.report(p + ("to",), "the cards that come out of a container must go somewhere else")
        stream = spec.get("stream")
        if stream is not None:
            if model == "oracle":
                self.report(p + ("stream",), "an oracle release draws nothing at random: it needs no stream")
            self.m.streams.add(stream)
        said = str(stext)
        put = ph('put ', stext if said.startswith(("the cards", "cards", "all ", "every ")) else ph('the cards of ', stext),
                 ' into ', ctext)
        if model == "oracle":
            node, text = self.oracle_release(spec, p, source, through, dest, ctext, put, dtext)
        elif model == "shelf":
            node, text = self.shelf_release(spec, p, source, through, dest, stream, ctext, cname, put, dtext)
        else:
            node, text = self.urn_release(spec, p, source, through, dest, stream, ctext, put, dtext)
        node = self.counted_as(node, spec, p)
        if "as" in spec:        # "add the number of cards that came out of the jar to ..."
            self.nouns[node.var] = ph('the number of cards that came out of ', ctext)
            self.moved_said[node.var] = (ph('some cards came out of ', ctext), ph('no card came out of ', ctext))
        if stream is not None:
            text = ph(text, ' (its own random draws: ', str(stream), ')')
        return node, text

    def urn_release(self, spec, p, source, through, dest, stream, ctext, put, dtext):
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
        node = C.Release(source, through, dest, C.Urn(keep), stream)
        if all(type(v) is int and v == 0 for v in raw):
            return node, ph(put, '; then every card in ', ctext, ' comes out into ', dtext)
        if len(raw) == 1:
            return node, ph(put, '; then ', ktexts[0], ' of the cards in ', ctext, ', chosen at random, stay inside '
                            '(all of them if there are fewer) and the others come out into ', dtext)
        numbers = ph(joined(', ', ktexts[:-1]), ' or ', ktexts[-1])
        return node, ph(put, '; then draw one of ', numbers, ' at random (each entry equally likely): that many '
                        'cards in ', ctext, ', chosen at random, stay inside (all of them if there are fewer) and the '
                        'others come out into ', dtext)

    def shelf_release(self, spec, p, source, through, dest, stream, ctext, cname, put, dtext):
        fns, texts = [], {}
        for key in C.PARAMETERS["shelf"]:
            if key not in spec:
                self.report(p, f"a shelf release needs '{key}'", hint="shelves, room, lodge and knock: whole "
                                                                        "numbers, lodge and knock percentages")
                fns.append(lambda g, env: 0)
                texts[key] = "?"
                continue
            value = spec[key]
            fn, t = self.amount(value, p + (key,))
            fns.append(fn)
            texts[key] = t
            top = 100 if key in ("lodge", "knock") else MAX_SHELVES if key == "shelves" else None
            if type(value) is int and (value < 0 or top is not None and value > top):
                what = "a percentage from 0 to 100" if key in ("lodge", "knock") else \
                    f"a whole number from 0 to {MAX_SHELVES}" if top else "a whole number, 0 or more"
                self.report(p + (key,), f"{key} is {value}: it must be {what}")
        if cname in self.m.zone_index:
            self.m.shelf_zones.add(self.m.zone_index[cname])
        elif cname in self.m.families:
            self.m.shelf_zones.update(self.m.families[cname].members)
        node = C.Release(source, through, dest, C.Shelf(*fns), stream)
        return node, ph(put, '; they fall one at a time through the ', texts["shelves"], ' shelves of ', ctext,
                        ', top first, each holding at most ', texts["room"], ' cards: at each shelf, each card lying '
                        'there is knocked loose (', texts["knock"], ' chances in 100) and falls on, then the falling '
                        'card lodges there (', texts["lodge"], ' chances in 100) if there is room; the cards that '
                        'fall past the last shelf come out into ', dtext)

    def oracle_release(self, spec, p, source, through, dest, ctext, put, dtext):
        who, wtext = self.player(spec.get("ask"), p + ("ask",))
        kind = spec.get("action", "came_out")
        node = C.OracleRelease(source, through, dest, who, kind, str(ctext))
        says = ' say' if spec.get("ask") in (None, "you") else ' says'
        return node, ph(put, '; then ', wtext, says, ' how many cards of each kind came out (from none to all of '
                        'that kind inside): that many, the first ones inside, come out into ', dtext)
