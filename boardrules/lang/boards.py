"""The boards family: a grid board assembled from rotatable square tiles, its regions and its movement graph.

Content declares ``legend`` (a character -> what a cell of that character is: ``land``, ``mark``, ``needs``, ``item``),
``tiles`` (id -> ``rows``: n strings of n characters) and ``boards`` (id -> ``layouts`` by player count, rows of
slots, each a tile id or ``{tile, rotation}`` with a rotation of 0, 90, 180, 270 or ``random``; ``border``: a ring
of border nodes; ``capacity``; region ``classes``; the events ``on_full`` and ``landing``; the ``pieces`` each
player starts with). The geometry and the nodes are in ``model/boards.py``.

A board's ``items`` (item kind -> a player counter) give 1 of that counter to the player who puts a marker on (or
lays a piece over) a cell with that item.

Steps: ``{lay_board: <board>}`` (in the set-up), ``{claim: {board, action, text, where, as, optional}}`` (a marker on
an empty land cell) and ``{move_pieces: {board, budget, action, text, ends}}``. Expressions: ``{region:
size|empty|markers|all_markers|covered, cell: <value>, of: <player>, board: <board>}``. Condition: ``{region_class:
<class>, cell: <value>, board: <board>}``. Laying pieces on a board (``place``) is the laying family's
(``lang/laying.py``).
"""
from __future__ import annotations

from ..limits import MAX_BOARD_CELLS, MAX_BOARDS, MAX_TILE_SIDE
from ..model import boards as B
from ..model.phrase import Tok, joined, ph
from ..model.records import article


class BoardTerms:
    """Mixed into the step compiler: the boards sections, steps, expression and condition above."""

    # ------------------------------------------------------------------ content: legend, tiles, boards
    def boards_content(self):
        """Compiles ``legend``, ``tiles`` and ``boards`` into ``m.boards`` (board id -> BoardDef), reporting every
        problem at the tile row, legend entry or slot it comes from."""
        data = self.doc.data
        legend = {}
        for ch, spec in (data.get("legend") or {}).items():
            if len(ch) != 1:
                self.report(("legend", ch), f"a legend entry is one character, got {ch!r}", at_key=True)
                continue
            legend[ch] = B.Cell(bool(spec.get("land")), spec.get("mark", ""), spec.get("needs", ""),
                                spec.get("item", ""))
        marks = {c.mark for c in legend.values() if c.mark}
        for ch, cell in legend.items():
            if cell.needs and cell.needs not in marks:
                self.report(("legend", ch, "needs"), f"no legend entry carries the mark {cell.needs!r}",
                            choices=sorted(marks))
        tiles, sizes = {}, {}
        for tid, spec in (data.get("tiles") or {}).items():
            rows = spec.get("rows") or []
            n = len(rows)
            if n > MAX_TILE_SIDE:
                self.report(("tiles", tid, "rows"), f"tile {tid!r} has {n} rows: a tile has at most {MAX_TILE_SIDE}")
                continue
            grid, ok = [], True
            for r, row in enumerate(rows):
                path = ("tiles", tid, "rows", r)
                if len(row) != n:
                    self.report(path, f"tile {tid!r} has {n} rows, so each row has {n} characters; this one has "
                                      f"{len(row)}")
                    ok = False
                    continue
                bad = [ch for ch in row if ch not in legend]
                if bad:
                    self.report(path, f"the character {bad[0]!r} is not in the legend", choices=sorted(legend))
                    ok = False
                    continue
                grid.append([legend[ch] for ch in row])
            if ok and n:
                tiles[tid], sizes[tid] = grid, n
        if len(set(sizes.values())) > 1:
            first = next(iter(sizes))
            for tid, n in sizes.items():
                if n != sizes[first]:
                    self.report(("tiles", tid, "rows", 0), f"tile {tid!r} is {n} x {n} but tile {first!r} is "
                                f"{sizes[first]} x {sizes[first]}: the tiles of a game are all one size")
                    tiles.pop(tid)
        for k, (bid, spec) in enumerate((data.get("boards") or {}).items()):
            if k >= MAX_BOARDS:
                self.report(("boards", bid), f"a game has at most {MAX_BOARDS} boards", at_key=True)
                continue
            bdef = self.board_def(bid, spec, tiles)
            if bdef is not None:
                self.m.boards[bid] = bdef

    def board_def(self, bid, spec, tiles):
        path = ("boards", bid)
        layouts = {}
        for count, rows in (spec.get("layouts") or {}).items():
            lp = path + ("layouts", count)
            columns = len(rows[0]) if rows else 0
            slots, ok = [], bool(rows)
            for r, row in enumerate(rows):
                if len(row) != columns:
                    self.report(lp + (r,), f"every row of a layout has {columns} slots; this one has {len(row)}")
                    ok = False
                for c, slot in enumerate(row):
                    tid, rot = (slot, 0) if isinstance(slot, str) else (slot.get("tile"), slot.get("rotation", 0))
                    if tid not in tiles:
                        if tid not in (self.doc.data.get("tiles") or {}):
                            self.lookup(tiles, tid, "tile", lp + (r, c))
                        ok = False
                        continue
                    slots.append((tid, None if rot == "random" else rot))
            if not ok:
                continue
            try:
                players = int(count)
            except ValueError:
                self.report(lp, f"a layout is keyed by a player count, got {count!r}", at_key=True)
                continue
            low, high = getattr(self.m, "min_players", 1), getattr(self.m, "max_players", 1)
            if not low <= players <= high:
                self.report(lp, f"a layout for {players} players, but the game is for {low} to {high}", at_key=True)
                continue
            n = len(next(iter(tiles.values())))
            cells = len(slots) * n * n
            if cells > MAX_BOARD_CELLS:
                self.report(lp, f"this layout lays {len(slots) // columns} x {columns} tiles of {n} x {n} cells, "
                                f"{cells:,} cells: a board has at most {MAX_BOARD_CELLS:,}")
                continue
            layouts[players] = (tuple(slots), columns)
        border = bool(spec.get("border"))
        cap = spec.get("capacity") or {}
        classes = sorted(((name, least) for name, least in (spec.get("classes") or {}).items()),
                         key=lambda x: x[1])
        events = self.m.events
        on_full = spec.get("on_full", "")
        if on_full and on_full not in events:
            self.report(path + ("on_full",), f"unknown event {on_full!r}", choices=events)
        landing = spec.get("landing") or {}
        if landing.get("event") and landing["event"] not in events:
            self.report(path + ("landing", "event"), f"unknown event {landing['event']!r}", choices=events)
        pieces = spec.get("pieces") or {}
        count, start = pieces.get("each", 0), pieces.get("start", 0)
        items = self.board_items(spec.get("items") or {}, path + ("items",))
        bdef = B.BoardDef(bid, tiles, layouts, border, cap.get("cell", 1), cap.get("border", 0), classes, on_full,
                          (count, start), (landing.get("mark", ""), landing.get("event", "")), spec.get("text", bid),
                          items)
        starting = count * max(layouts, default=0)
        if bdef.border_capacity and starting > bdef.border_capacity:
            self.report(path + ("capacity", "border"), f"{starting} pieces start on border node {start}, which holds "
                                                       f"{bdef.border_capacity}")
        for players, (slots, columns) in layouts.items():
            ring = 2 * (len(slots) // columns + columns) if border else 0
            if count and start >= ring:
                self.report(path + ("pieces", "start"), f"pieces start on a border node (counted from 0, clockwise "
                                                        f"from the top left); the {players}-player layout has {ring}")
            if any(rot is None for _, rot in slots):
                continue        # checked when a game lays it
            geo = bdef.geometry(slots, columns)
            for cell, message in geo.problems:
                s, r, _ = geo.laid.origin[cell]
                self.report(("tiles", slots[s][0], "rows", r), f"board {bid!r} for {players} players: {message}")
        return bdef

    def board_items(self, spec, path):
        """A board's ``items``: item kind -> the index of the player counter a marker or a laid piece on a cell of
        that item adds 1 to."""
        kinds = {str(c.get("item")) for c in (self.doc.data.get("legend") or {}).values()
                 if isinstance(c, dict) and c.get("item")}
        out = {}
        for kind, counter in spec.items():
            if kind not in kinds:
                self.report(path + (kind,), f"no legend entry carries the item {kind!r}", choices=sorted(kinds),
                            at_key=True)
                continue
            k = self.lookup(self.m.counter_index, counter, "counter", path + (kind,))
            if k is None:
                continue
            if self.m.counters[k].scope != "player":
                self.report(path + (kind,), f"the counter {counter!r} is not a player's: an item goes to the "
                                            "player who covers or marks its cell")
                continue
            out[kind] = k
        return out

    def items_said(self, bdef, laid):
        """What the board's items give: "; if the cell has a <kind>, add 1 to your <counter>" after a claim, "; for
        each cell with a <kind> it covers, add 1 to your <counter>" after a piece is laid (``laid``)."""
        out = []
        named = [self.m.counters[k].text for kind, k in bdef.items.items() if self.m.counter_index.get(kind) == k]
        if len(named) > 1 and len(named) == len(bdef.items):      # items named by their counters: one sentence
            listed = ph(joined(', ', named[:-1]), ' or ', named[-1])
            return ph('; for each cell ', 'it covers' if laid else 'claimed', ' that shows ', listed, ', add 1 to your ',
                      listed, ' (the one the cell shows)')
        for kind, k in bdef.items.items():
            thing = kind.replace("_", " ")
            counter = self.m.counters[k].text
            out.append(ph('; for each cell with ', article(thing), ' ', thing, ' it covers, add 1 to your ', counter)
                       if laid else ph('; if the cell has ', article(thing), ' ', thing, ', add 1 to your ', counter))
        return joined("", out)

    def board_ref(self, name, path):
        """A board id, or the game's only board when ``name`` is None: (id, BoardDef) or (None, None)."""
        boards = self.m.boards
        if name is None and len(boards) == 1:
            name = next(iter(boards))
        if name is None:
            self.report(path, "name the board (this game has " + (f"{len(boards)} boards" if boards else "none") + ")")
            return None, None
        if self.lookup(boards, name, "board", path) is None:
            return None, None
        return name, boards[name]

    # ------------------------------------------------------------------ steps
    def st_lay_board(self, item, path):
        spec = item["lay_board"]
        bid, bdef = self.board_ref(spec, path + ("lay_board",))
        if bdef is None:
            return B.LayBoard(bid, B.BoardDef(bid, {}, {}, False, 1, 0, [], "", (0, 0), ("", ""), "")), "?"
        turned = any(rot is None for slots, _ in bdef.layouts.values() for _, rot in slots)
        text = ph('lay out ', bdef.text, ' from its tiles')
        if turned:
            text = ph(text, ', turning each tile marked "random" to a side drawn at random (drawn again until no '
                            'water is shut in by land and no land meets only at a corner)')
        if bdef.pieces[0]:
            text = ph(text, f'; each player puts {bdef.pieces[0]} piece{"s" if bdef.pieces[0] > 1 else ""} on '
                            f'border space {bdef.pieces[1] + 1}')
        return B.LayBoard(bid, bdef), text

    def st_claim(self, item, path):
        spec = item["claim"]
        p = path + ("claim",)
        bid, bdef = self.board_ref(spec.get("board"), p + ("board",))
        var = self.var("$" + spec.get("as", "cell"), p + ("as",), bind=True)
        where, wtext = (None, "")
        if "where" in spec:
            where, wtext = self.condition(spec["where"], p + ("where",))
        kind = spec.get("action", "claim")
        template = spec.get("text", "put a marker on {" + var + "}")
        optional = bool(spec.get("optional", False))
        if bdef is None:
            return B.Claim(bid, None, kind, template, where, var, optional), "?"
        if bdef.on_full:
            self.bound_vars.add("region")
        text = ph('put one of your markers on an empty land cell of ', bdef.text)
        if where is not None:
            text = ph(text, ' where ', wtext)
        if optional:
            text = ph('you may ', text)
        text = ph(text, self.items_said(bdef, False))
        if bdef.on_full:
            text = ph(text, '; if that fills the last empty cell of its region (once per region), ', Tok(
                f"abilities that act {self.m.events.get(bdef.on_full, bdef.on_full)} take effect", "event",
                (bdef.on_full, False)))
        node = B.Claim(bid, bdef, kind, template, where, var, optional)
        node.on_decline = spec.get("on_decline", "stop")
        return node, text

    def st_move_pieces(self, item, path):
        spec = item["move_pieces"]
        p = path + ("move_pieces",)
        bid, bdef = self.board_ref(spec.get("board"), p + ("board",))
        budget, btext = self.amount(spec.get("budget", 1), p + ("budget",))
        kind = spec.get("action", "move_piece")
        template = spec.get("text", "move the piece to {to}")
        ends = spec.get("ends", "")
        if bdef is None:
            return B.MovePieces(bid, None, budget, kind, template, ends), "?"
        if ends == "border" and not bdef.border:
            self.report(p + ("ends",), f"the board {bid!r} has no border nodes to end on (border: true)")
        mark, event = bdef.landing
        if event:
            self.bound_vars.add("cell")
        text = ph('move each of your pieces on ', bdef.text, ' up to ', btext, ' spaces through water, one after '
                  'the other (a piece may pass spaces that are taken but may not stop on a full one, and may stay '
                  'where it is)')
        if ends == "border":
            text = ph(text, ', ending only on a space of the border')
        if event:
            text = ph(text, '; then, for each of your pieces on a cell marked ', mark.replace("_", " "), ': ',
                      Tok(f"abilities that act {self.m.events.get(event, event)} take effect", "event", (event, False)))
        return B.MovePieces(bid, bdef, budget, kind, template, ends), text

    # ------------------------------------------------------------------ what a region says
    def num_region(self, node, path):
        what = node["region"]
        bid, bdef = self.board_ref(node.get("board"), path + ("board",))
        cell, ctext = self.arith(node.get("cell", "$region"), path + ("cell",))
        who, wtext = self.player(node.get("of"), path + ("of",)) if what == "markers" else (None, "")
        if bdef is None:
            return (lambda g, env: 0), "?"

        def fn(g, env):
            state = B.live(g, bid)
            k = state.geo.region_of[cell(g, env)]
            if k < 0:
                return 0
            part = state.geo.regions[k]
            if what == "size":
                return len(part)
            if what == "empty":
                return state.empty_cells(k)
            if what == "all_markers":
                owner = state.owner
                return sum(1 for i in part if owner[i] >= 0)
            if what == "covered":
                covered = state.covered
                return sum(1 for i in part if covered[i] >= 0)
            seat, owner = who(g, env), state.owner
            return sum(1 for i in part if owner[i] == seat)
        region = ph('the region') if node.get("cell", "$region") == "$region" else ph('the region of ', ctext)
        mine = ph("your markers") if str(wtext) == "you" else ph(wtext, "'s markers")
        said = {"size": ph('the number of cells of ', region), "empty": ph('the number of empty cells of ', region),
                "markers": ph('the number of ', mine, ' in ', region),
                "all_markers": ph('the number of markers (of any player) in ', region),
                "covered": ph('the number of cells of ', region, ' covered by laid pieces')}
        return fn, said[what]

    def if_region_class(self, node, path):
        name = node["region_class"]
        bid, bdef = self.board_ref(node.get("board"), path + ("board",))
        cell, ctext = self.arith(node.get("cell", "$region"), path + ("cell",))
        if bdef is None:
            return (lambda g, env: False), "?"
        if name not in dict(bdef.classes):
            self.report(path + ("region_class",), f"unknown region class {name!r}", choices=dict(bdef.classes))

        def fn(g, env):
            state = B.live(g, bid)
            k = state.geo.region_of[cell(g, env)]
            return k >= 0 and B.region_class(bdef, len(state.geo.regions[k])) == name
        region = ph('the region') if node.get("cell", "$region") == "$region" else ph('the region of ', ctext)
        return self.negated(fn, ph(region, ' is ', name.replace("_", " ")),
                            ph(region, ' is not ', name.replace("_", " ")))

