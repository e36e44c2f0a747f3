"""The laying family's nodes: pieces (cards with a shape of squares) laid on a grid board, each square covering a
cell.

A placement is a card type, an orientation of its shape (a quarter turn clockwise 0, 90, 180 or 270, and with
mirror images allowed, whether it is mirrored first) and an anchor: the cell under the oriented shape's first square
in row-major order (its top row, leftmost square there). Each orientation is offered once: a turn that gives the
same squares as an earlier one (a square piece turned) is left out, the earliest (smallest turn, unmirrored first)
kept.

The clauses that decide where a piece may lie are checked in two passes. The ones that read only the board's
geometry (``on_land``, ``one_region``) are worked out once per laid board and shape and kept on the board's
Geometry; the ones that read the play (``free``, ``region_has``, ``touches``) are prepared once per decision (a
table of the cells or regions that satisfy them) and then checked per placement, the cheapest first.
"""
from __future__ import annotations

from ..actions import Action
from ..limits import MAX_ANSWERS, MAX_KEPT_PLACEMENTS
from . import pieces as P
from .boards import _node_names, fill_regions, give_item, live
from .nodes import DECLINE, Node, charge, check_answers, decline_action

TURNS = (0, 90, 180, 270)


def turned_orientations(cells, mirror: bool = False) -> tuple:
    """The distinct orientations of a piece, each (turn in degrees, mirrored, normalised squares): its four quarter
    turns clockwise, then (with ``mirror``) the four of its mirror image, a repeat of an earlier shape left out."""
    out, seen = [], set()
    bases = [(False, tuple(cells))] + ([(True, tuple((r, -c) for r, c in cells))] if mirror else [])
    for mirrored, base in bases:
        turned = base
        for turn in TURNS:
            shape = P.normalised(turned)
            if shape not in seen:
                seen.add(shape)
                out.append((turn, mirrored, shape))
            turned = [(c, -r) for r, c in turned]
    return tuple(out)


def adjacency(geo) -> tuple:
    """Each cell's orthogonal neighbours (kept on the Geometry once made)."""
    adj = geo.placements.get("adjacency")
    if adj is None:
        laid = geo.laid
        w, h = laid.width, laid.height
        out = []
        for i in range(len(laid.cells)):
            r, c = divmod(i, w)
            out.append(tuple(j for j, ok in ((i - w, r > 0), (i + 1, c < w - 1), (i + w, r < h - 1), (i - 1, c > 0))
                             if ok))
        adj = geo.placements["adjacency"] = tuple(out)
    return adj


def placements(geo, shape, on_land: bool, one_region: bool) -> tuple:
    """Every (anchor, cells, regions) where ``shape`` lies wholly on the board and keeps the geometric clauses:
    ``on_land`` (every square on land) and ``one_region`` (some square on land, and no two squares in different
    regions: a square on water belongs to none). ``regions``: the regions the squares lie in (indexes), what
    ``region_has`` reads. Made once per laid board, shape and clauses."""
    key = (shape, on_land, one_region)
    got = geo.placements.get(key)
    if got is not None:
        return got
    keep(geo, len(geo.laid.cells))
    laid, region_of = geo.laid, geo.region_of
    cells_of = laid.cells
    w, h = laid.width, laid.height
    out = []
    for anchor in range(len(cells_of)):
        cells = P.lies_on(shape, anchor, w, h)
        if cells is None:
            continue
        if on_land and not all(cells_of[i].land for i in cells):
            continue
        regions = frozenset(region_of[i] for i in cells if region_of[i] >= 0)
        if one_region and len(regions) != 1:
            continue
        out.append((anchor, tuple(cells), regions))
    got = geo.placements[key] = tuple(out)
    return got


def by_cell(geo, shape, on_land: bool, one_region: bool) -> dict:
    """For each cell, the indexes (ascending) of the ``placements`` that cover it: how a clause that names the cells
    a placement must reach picks its few placements without trying them all. Made once per laid board, shape and
    clauses."""
    key = ("by_cell", shape, on_land, one_region)
    got = geo.placements.get(key)
    if got is None:
        every = placements(geo, shape, on_land, one_region)
        keep(geo, len(every))
        got = {}
        for k, (_, cells, _) in enumerate(every):
            for i in cells:
                got.setdefault(i, []).append(k)
        geo.placements[key] = got
    return got


def keep(geo, n):
    """Makes room for ``n`` more placements in the Geometry's kept ones: past MAX_KEPT_PLACEMENTS in all (a board
    with many pieces played for long), what was kept is forgotten and worked out again when asked (the same)."""
    kept = geo.placements.get("kept", 0) + n
    if kept > MAX_KEPT_PLACEMENTS:
        adjacency_ = geo.placements.get("adjacency")
        geo.placements.clear()
        if adjacency_ is not None:
            geo.placements["adjacency"] = adjacency_
        kept = n
    geo.placements["kept"] = kept


# ---------------------------------------------------------------------- the clauses that read the play
# Each clause's ``prepare`` gives (check, reach): check(cells, regions) -> whether a placement keeps it; reach, the
# cells one of which every placement that keeps it covers (None: any), so that only those placements are tried.
class Free:
    """No square on a filled cell (a marker on it, or a laid piece over it)."""

    def prepare(self, g, env, state):
        owner, covered = state.owner, state.covered
        return (lambda cells, regions: not any(owner[i] >= 0 or covered[i] >= 0 for i in cells)), None


class RegionHas:
    """Some region the piece lies in holds a marker of a player (``who``: fn(game, env) -> seat)."""

    def __init__(self, who):
        self.who = who

    def prepare(self, g, env, state):
        seat = self.who(g, env)
        region_of = state.geo.region_of
        owner = state.owner
        held = {region_of[i] for i in _where(owner, seat)}
        parts = state.geo.regions
        reach = {i for k in held if k >= 0 for i in parts[k]}
        return (lambda cells, regions: not held.isdisjoint(regions)), reach


class Touches:
    """Some square is orthogonally next to a cell of one of ``kinds``: ("markers", who) a cell holding a marker of
    that player, ("pieces", None) a cell covered by a laid piece."""

    def __init__(self, kinds):
        self.kinds = kinds

    def prepare(self, g, env, state):
        sources = set()
        for what, who in self.kinds:
            if what == "markers":
                sources.update(_where(state.owner, who(g, env)))
            else:
                covered = state.covered
                sources.update(i for i in range(len(covered)) if covered[i] >= 0)
        adj = adjacency(state.geo)
        reach = {j for i in sources for j in adj[i]}
        return (lambda cells, regions: not reach.isdisjoint(cells)), reach


def _where(values, value) -> list:
    """The indexes of ``value`` in the list ``values`` (list.index runs in C: far faster than a Python loop)."""
    out, i = [], -1
    try:
        while True:
            i = values.index(value, i + 1)
            out.append(i)
    except ValueError:
        return out


class Place(Node):
    """Asks a player to lay one of the offered cards' pieces on a board: every (card type, orientation, anchor)
    where the oriented shape lies on the board and every clause holds is an answer, one per card type (the first
    offered card of each). The answer's arguments are the card type (``piece``, or the 'as' name), the anchor
    (``at``: the cell under the oriented shape's first square in row-major order, "r<row>c<column>"), the turn
    (``turn``: 0, 90, 180 or 270, clockwise) and, when mirror images are allowed, ``mirror`` (true or false).

    Laid, the piece covers its cells for the player; each covered cell with an item the board's ``items`` counts
    adds 1 to that counter of the player; each region whose last empty cell it fills fires the board's ``on_full``
    event once, with ``$region``. Bound after the step: the card (the step does not move it), ``$at`` (the anchor
    cell), ``$region`` (the first cell of the region of the piece's first square on land, or the anchor when none
    is on land) and ``$squares`` (how many cells it covers). No legal placement: nothing happens. ``optional``: the
    player may decline. With nothing laid, the card variable holds nothing and ``$squares`` is 0."""

    on_decline = "stop"         # or "continue" (the content's on_decline)

    def __init__(self, bid, bdef, source, shape_attr, mirror, geometric, clauses, kind, template, var, optional):
        self.bid, self.bdef, self.source, self.shape_attr, self.mirror = bid, bdef, source, shape_attr, mirror
        self.on_land, self.one_region = geometric
        self.clauses = clauses          # the clauses that read the play, cheapest first
        self.kind, self.template, self.var, self.optional = kind, template, var, optional
        self.cache = {}
        self.shapes = {}                # card type index -> its orientations

    def orientations(self, g, t):
        got = self.shapes.get(t)
        if got is None:
            rows = g.rules.types[t].attrs.get(self.shape_attr)
            cells = P.squares(rows) if isinstance(rows, list) else ()
            got = self.shapes[t] = turned_orientations(cells, self.mirror) if cells else ()
        return got

    def options(self, g, env):
        state = live(g, self.bid)
        geo = state.geo
        kinds = g.rules.instance_kinds
        offered = self.source(g, env)
        if not offered:
            return [], []
        prepared = [c.prepare(g, env, state) for c in self.clauses]
        checks = [check for check, _ in prepared]
        reach = min((r for _, r in prepared if r is not None), key=len, default=None)
        seen, found, values, passing = set(), [], [], {}
        if reach is not None and not reach:     # no cell can be reached: nothing to try
            return [], values
        on_land, one_region = self.on_land, self.one_region
        what = f"laying a piece on {self.bdef.text}"
        cells_n = len(geo.laid.cells)
        most = MAX_ANSWERS - self.optional
        for card in offered:
            t = kinds[card]
            if t in seen:
                continue
            seen.add(t)
            for o, (turn, mirrored, shape) in enumerate(self.orientations(g, t)):
                anchors = passing.get(shape)
                if anchors is None:     # pieces of one shape share the work: the clauses read only the cells
                    every = placements(geo, shape, on_land, one_region)
                    if reach is None:           # every anchor of the board, looked at once (or kept from before)
                        charge(g, cells_n, what)
                    else:                       # only the placements that cover a cell of the smallest reach, found
                        charge(g, len(reach), what)     # through the cells' index (made once per board and shape)
                        index = by_cell(geo, shape, on_land, one_region)
                        every = [every[k] for k in sorted({k for i in reach for k in index.get(i, ())})]
                    charge(g, len(every), what)     # each placement tried against the clauses
                    anchors = passing[shape] = [anchor for anchor, cells, regions in every
                                                if all(check(cells, regions) for check in checks)]
                for anchor in anchors:
                    found.append((t, anchor, turn, mirrored))
                    values.append((card, o, anchor))
                    if len(values) > most:
                        check_answers(len(values) + self.optional, what, more=True)
        if len(self.cache) > 4 * MAX_ANSWERS:       # the answers made for earlier decisions: made again as asked
            self.cache.clear()
        return [self.action(g, geo, *x) for x in found], values

    def answer_domain(self, model):
        """The answers' arguments (sorted by name) and every card type, cell and turn (and mirror) a game could
        offer."""
        names = tuple(sorted((self.var, "at", "turn") + (("mirror",) if self.mirror else ())))
        types = [t.id for t in model.types if isinstance(t.attrs.get(self.shape_attr), list)]
        cells = _node_names(self.bdef, border=False)
        flips = (False, True) if self.mirror else (None,)

        def values():
            for tid in types:
                for name in cells:
                    for turn in TURNS:
                        for m in flips:
                            args = {self.var: tid, "at": name, "turn": turn, "mirror": m}
                            yield tuple(args[k] for k in names), 1
        return names, values()

    def action(self, g, geo, t, anchor, turn, mirrored):
        name = geo.node_name(anchor)
        key = (t, name, turn, mirrored)
        a = self.cache.get(key)
        if a is None:
            ctype = g.rules.types[t]
            args = {self.var: ctype.id, "at": name, "turn": turn}
            if self.mirror:
                args["mirror"] = mirrored
            text = (self.template.replace("{" + self.var + "}", ctype.en).replace("{at}", name)
                    .replace("{turn}", str(turn)).replace("{mirror}", "mirrored" if mirrored else "unmirrored"))
            a = self.cache[key] = Action(self.kind, args, text)
        return a

    def exec(self, g, f):
        env = f.env
        actions, values = self.options(g, env)
        if not actions:
            return self.nothing(env)
        if len(actions) == 1 and not self.optional:
            g.note_forced(env["you"], actions[0])
            return self.resolve(g, f, values[0])
        if self.optional:
            actions.append(decline_action(self.cache, self.kind))
            values.append(DECLINE)
        g.ask(self, env["you"], actions, values)
        return True

    def nothing(self, env):
        env[self.var] = None
        env["squares"] = 0
        return False

    def resolve(self, g, f, value):
        env = f.env
        if value == DECLINE:
            self.nothing(env)
            if self.on_decline == "stop":       # as a declined choice: its block ends, and the loop around it
                g.decline(f)
                return True
            return False
        card, o, anchor = value
        state = g.boards[self.bid]
        geo = state.geo
        shape = self.orientations(g, g.rules.instance_kinds[card])[o][2]
        cells = P.lies_on(shape, anchor, geo.laid.width, geo.laid.height)
        seat = env["you"]
        covered, laid = state.covered, geo.laid.cells
        for i in cells:
            covered[i] = seat
        g.ticks += 1
        for i in cells:
            give_item(g, self.bdef, laid[i], seat)
        env[self.var], env["at"], env["squares"] = card, anchor, len(cells)
        pushed = fill_regions(g, self.bdef, state, cells, env)
        k = next((geo.region_of[i] for i in cells if geo.region_of[i] >= 0), -1)
        env["region"] = geo.regions[k][0] if k >= 0 else anchor
        return pushed
