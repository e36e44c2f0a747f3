"""The laying family: pieces (cards whose ``shape`` attribute gives their squares) laid on a grid board.

``{place: {board, from: <selector>, shape: <attribute>, mirror: <bool>, rules: [<clause>, ...], action, text, as,
optional}}`` asks the player for a card of ``from`` (one answer per card type), an orientation of its shape (a turn,
and a mirror image with ``mirror``) and a cell: every placement where the shape lies on the board and every clause
holds. The clauses: ``on_land`` (every square on land), ``one_region`` (the squares on land, at least one, all in
one region), ``free`` (no
square on a cell with a marker or under a laid piece), ``{region_has: <player>}`` (the piece lies in a region that
holds one of that player's markers) and ``{touches: [<thing>, ...]}`` (some square is next to one of the things:
``{markers: <player>}``, a cell with that player's marker, or ``pieces``, a cell under a laid piece). Bound after:
the card (``$piece`` or 'as'), ``$at``, ``$region``, ``$squares``. The nodes are in ``model/laying.py``.

Conditions about cells: ``{cell_mark: <mark>, cell: <value>, board}`` and ``{adjacent: [<value>, <value>], board}``.
Number: ``{pieces_on: <mark>, of: <player>, board}``, how many of a player's pieces stand on cells of that mark.
"""
from __future__ import annotations

from ..model import boards as B
from ..model import laying as L
from ..model.phrase import Tok, joined, ph
from .pieces import shape_attributes

#: The clauses of a placement, as the rules pages say them (the ones with an argument are said where compiled).
CLAUSES = {"on_land": "every square on land", "one_region": "its squares on land all in one region",
           "free": "on no filled cell"}
ARGUED = ("region_has", "touches")


class LayingTerms:
    """Mixed into the step compiler: the place step and the cell conditions and number above."""

    def st_place(self, item, path):
        spec = item["place"]
        p = path + ("place",)
        bid, bdef = self.board_ref(spec.get("board"), p + ("board",))
        source, stext = self.selector(spec.get("from"), p + ("from",))
        attr = self.shape_of_place(spec, p)
        var = self.var("$" + spec.get("as", "piece"), p + ("as",), "card", bind=True)
        self.var("$at", p, bind=True)
        self.var("$squares", p, bind=True)
        self.bound_vars.add("region")
        mirror = bool(spec.get("mirror", False))
        optional = bool(spec.get("optional", False))
        kind = spec.get("action", "place")
        template = spec.get("text", "lay the {" + var + "} at {at} turned {turn}")
        on_land, one_region, clauses, texts = self.place_clauses(spec.get("rules") or [], p + ("rules",))
        self.nouns[var] = ph('the piece you laid')
        self.chosen[var] = ("piece", "lay")        # "if you chose a piece to lay"
        node = L.Place(bid, bdef, source, attr, mirror, (on_land, one_region), clauses, kind, template, var, optional)
        node.on_decline = spec.get("on_decline", "stop")
        if bdef is None:
            return node, "?"
        said = str(stext)
        pieces = stext if said.startswith(("the ", "your ")) else ph('the cards of ', stext)
        text = ph('you may ' if optional else '', 'lay one of the pieces in ', pieces, ' on ', bdef.text,
                  ', turned' if not mirror else ', turned or turned over', ' as you like')
        if texts:
            text = ph(text, ': ', texts[0] if len(texts) == 1 else ph(joined(', ', texts[:-1]), ' and ', texts[-1]))
        text = ph(text, ' (each square covers a cell; the cell under its first square, the leftmost of its top row '
                        'once turned, is where it lies)')
        text = ph(text, self.items_said(bdef, True))
        if bdef.on_full:
            text = ph(text, '; if that fills the last empty cell of a region (once per region), ', Tok(
                f"abilities that act {self.m.events.get(bdef.on_full, bdef.on_full)} take effect", "event",
                (bdef.on_full, False)))
        return node, text

    def shape_of_place(self, spec, p):
        """The attribute holding the offered cards' shapes: 'shape', or the game's only shape attribute."""
        shaped = shape_attributes(self.m)
        name = spec.get("shape")
        if name is not None:
            if name not in shaped:
                what = "not declared" if name not in self.m.attributes else "not declared with 'type: shape'"
                self.report(p + ("shape",), f"the attribute {name!r} is {what}: a piece's squares come from a shape "
                                            "attribute", choices=shaped)
                return name
        elif len(shaped) != 1:
            self.report(p + ("from",) if not shaped else p, "no attribute is declared with 'type: shape': the cards "
                        "of 'from' have no squares to lay" if not shaped else
                        f"several attributes are shapes ({', '.join(shaped)}): name one with 'shape'")
            return shaped[0] if shaped else ""
        else:
            name = shaped[0]
        if not any(isinstance(t.attrs.get(name), list) for t in self.m.types):
            self.report(p + ("from",), f"no card has a {name!r}: the cards of 'from' have no squares to lay")
        return name

    def place_clauses(self, raw, path):
        """The clauses of a place step: (on_land, one_region, the clauses that read the play, cheapest first, their
        texts in content order)."""
        on_land = one_region = False
        free, dynamic, texts = [], [], []
        if not isinstance(raw, list):
            self.report(path, "the rules of a placement are a list of clauses")
            return on_land, one_region, [], []
        for i, clause in enumerate(raw):
            here = path + (i,)
            if isinstance(clause, str) and clause in CLAUSES:
                texts.append(ph(CLAUSES[clause]))
                if clause == "on_land":
                    on_land = True
                elif clause == "one_region":
                    one_region = True
                else:
                    free.append(L.Free())
                continue
            key = next(iter(clause), None) if isinstance(clause, dict) and len(clause) == 1 else clause
            if key == "region_has":
                who, wtext = self.player(clause["region_has"], here + ("region_has",))
                dynamic.append(L.RegionHas(who))
                texts.append(ph('in a region that holds ', self.markers_of(wtext)))
            elif key == "touches":
                things = clause["touches"]
                things = things if isinstance(things, list) else [things]
                kinds, said = [], []
                for j, thing in enumerate(things):
                    there = here + ("touches", j)
                    if thing == "pieces":
                        kinds.append(("pieces", None))
                        said.append(ph('a laid piece'))
                    elif isinstance(thing, dict) and set(thing) == {"markers"}:
                        who, wtext = self.player(thing["markers"], there + ("markers",))
                        kinds.append(("markers", who))
                        said.append(self.markers_of(wtext))
                    else:
                        self.report(there, f"a placement touches {{markers: <player>}} or pieces, not {thing!r:.60}")
                dynamic.append(L.Touches(kinds))
                texts.append(ph('next to ', joined(' or ', said)))
            else:
                shown = key if isinstance(key, str) else clause
                self.report(here, f"unknown placement clause {shown!r:.60}", choices=[*CLAUSES, *ARGUED])
        if on_land and one_region:
            texts = [ph('all in one region') if str(t) == CLAUSES["one_region"] else t for t in texts]
        return on_land, one_region, free + dynamic, texts

    def markers_of(self, wtext):
        return ph('one of your markers') if str(wtext) == "you" else ph('a marker of ', wtext)

    # ------------------------------------------------------------------ cells
    def mark_ref(self, mark, path):
        """Reports a mark no legend entry carries."""
        legend = sorted({str(c.get("mark")) for c in (self.doc.data.get("legend") or {}).values()
                         if isinstance(c, dict) and c.get("mark")})
        if mark not in legend:
            self.report(path, f"no legend entry carries the mark {mark!r}", choices=legend)

    def if_cell_mark(self, node, path):
        mark = node["cell_mark"]
        bid, bdef = self.board_ref(node.get("board"), path + ("board",))
        cell, ctext = self.arith(node.get("cell", "$cell"), path + ("cell",))
        self.mark_ref(mark, path + ("cell_mark",))
        if bdef is None:
            return (lambda g, env: False), "?"

        def fn(g, env):
            cells = B.live(g, bid).geo.laid.cells
            i = cell(g, env)
            return type(i) is int and 0 <= i < len(cells) and cells[i].mark == mark
        said = mark.replace("_", " ")
        return self.negated(fn, ph(ctext, ' is marked ', said), ph(ctext, ' is not marked ', said))

    def if_adjacent(self, node, path):
        pair = node["adjacent"]
        bid, bdef = self.board_ref(node.get("board"), path + ("board",))
        if not isinstance(pair, list) or len(pair) != 2:
            self.report(path + ("adjacent",), "adjacent names two cells: [<cell>, <cell>]")
            return (lambda g, env: False), "?"
        a, atext = self.arith(pair[0], path + ("adjacent", 0))
        b, btext = self.arith(pair[1], path + ("adjacent", 1))
        if bdef is None:
            return (lambda g, env: False), "?"

        def fn(g, env):
            geo = B.live(g, bid).geo
            i, j = a(g, env), b(g, env)
            n = len(geo.laid.cells)
            return type(i) is int and type(j) is int and 0 <= i < n and 0 <= j < n and j in L.adjacency(geo)[i]
        return self.negated(fn, ph(atext, ' is next to ', btext), ph(atext, ' is not next to ', btext))

    def num_pieces_on(self, node, path):
        mark = node["pieces_on"]
        bid, bdef = self.board_ref(node.get("board"), path + ("board",))
        who, wtext = self.player(node.get("of"), path + ("of",))
        self.mark_ref(mark, path + ("pieces_on",))
        if bdef is None:
            return (lambda g, env: 0), "?"

        def fn(g, env):
            state = B.live(g, bid)
            cells = state.geo.laid.cells
            n = len(cells)
            return sum(1 for node in state.pieces[who(g, env)] if node < n and cells[node].mark == mark)
        mine = ph('your pieces') if str(wtext) == "you" else ph(wtext, "'s pieces")
        return fn, ph('the number of ', mine, ' on cells marked ', mark.replace("_", " "))
