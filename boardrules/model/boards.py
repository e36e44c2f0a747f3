"""The boards family's geometry: a grid board assembled from square tiles, each laid in one of four rotations.

Pure functions over cells, with no game in sight. A tile is an n x n grid of cells, each a ``Cell`` (land or
water, an optional mark, the mark it needs beside it, an optional item kind). A board is rows x columns of tile
slots; laid, it is one grid of (rows * n) x (columns * n) cells, numbered row by row from the top left (cell
``r * width + c``). An optional ring of border nodes, one per outer tile edge, numbered after the cells
clockwise from the top left corner, links each edge's outer water cells and its neighbours on the ring.

Regions are the maximal orthogonally connected sets of land cells. The movement graph is the water cells and the
border nodes, with 4-neighbour edges between water cells, each border node linked to its edge's outer water cells
and to the next and previous border nodes.
"""
from __future__ import annotations

from typing import NamedTuple

from ..actions import Action
from ..errors import RulesError
from ..limits import MAX_LAYOUT_DRAWS as MAX_DRAWS
from ..limits import MAX_NUMBER
from .nodes import DECLINE, Node, charge, check_answers, decline_action

ROTATIONS = (0, 90, 180, 270)


class Cell(NamedTuple):
    """One cell of a tile: land or water, a mark (or ""), the mark some orthogonal neighbour must carry (or ""),
    and an item kind (or "")."""

    land: bool
    mark: str = ""
    needs: str = ""
    item: str = ""


def rotate(grid: list, degrees: int) -> list:
    """The grid (a list of rows) turned clockwise by ``degrees`` (0, 90, 180 or 270)."""
    for _ in range((degrees // 90) % 4):
        n = len(grid)
        grid = [[grid[n - 1 - c][r] for c in range(n)] for r in range(n)]
    return grid


def rotated_position(n: int, r: int, c: int, degrees: int) -> tuple[int, int]:
    """Where the cell at (r, c) of an n x n tile lies once the tile is turned clockwise by ``degrees``."""
    for _ in range((degrees // 90) % 4):
        r, c = c, n - 1 - r
    return r, c


class Laid(NamedTuple):
    """A laid board: its cells row by row, its width and height in cells, the tile size, where each cell came
    from (slot, row and column in the unturned tile), the border nodes' links (each a tuple of cells) or ()."""

    cells: tuple
    width: int
    height: int
    size: int
    origin: tuple
    border: tuple


def lay(tiles: dict, slots: list, columns: int, border: bool) -> Laid:
    """Lays ``slots`` (row by row, ``columns`` to a row; each (tile id, rotation)) of ``tiles`` (id -> grid of
    Cells, all n x n) into one board."""
    n = len(next(iter(tiles.values())))
    rows = len(slots) // columns
    width, height = columns * n, rows * n
    cells = [None] * (width * height)
    origin = [None] * (width * height)
    for s, (tid, degrees) in enumerate(slots):
        grid = tiles[tid]
        sr, sc = divmod(s, columns)
        for r in range(n):
            for c in range(n):
                rr, cc = rotated_position(n, r, c, degrees)
                i = (sr * n + rr) * width + sc * n + cc
                cells[i] = grid[r][c]
                origin[i] = (s, r, c)
    ring = ()
    if border:
        edges = []
        for sc in range(columns):            # top, left to right
            edges.append([sc * n + k for k in range(n)])
        for sr in range(rows):               # right, top to bottom
            edges.append([(sr * n + k) * width + width - 1 for k in range(n)])
        for sc in reversed(range(columns)):  # bottom, right to left
            edges.append([(height - 1) * width + sc * n + k for k in reversed(range(n))])
        for sr in reversed(range(rows)):     # left, bottom to top
            edges.append([(sr * n + k) * width for k in reversed(range(n))])
        ring = tuple(tuple(i for i in edge if not cells[i].land) for edge in edges)
    return Laid(tuple(cells), width, height, n, tuple(origin), ring)


def neighbours(laid: Laid, i: int):
    """The orthogonal neighbours of cell ``i``."""
    w, h = laid.width, laid.height
    r, c = divmod(i, w)
    if r > 0:
        yield i - w
    if c < w - 1:
        yield i + 1
    if r < h - 1:
        yield i + w
    if c > 0:
        yield i - 1


def components(laid: Laid, land: bool) -> list[list[int]]:
    """The maximal orthogonally connected sets of land (or water) cells, each sorted, in order of their first
    cell."""
    seen, out = set(), []
    cells = laid.cells
    for start in range(len(cells)):
        if start in seen or cells[start].land != land:
            continue
        seen.add(start)
        todo, part = [start], []
        while todo:
            i = todo.pop()
            part.append(i)
            for j in neighbours(laid, i):
                if j not in seen and cells[j].land == land:
                    seen.add(j)
                    todo.append(j)
        out.append(sorted(part))
    return out


def regions(laid: Laid) -> list[list[int]]:
    """The board's regions: maximal orthogonally connected sets of land cells."""
    return components(laid, True)


def on_edge(laid: Laid, i: int) -> bool:
    r, c = divmod(i, laid.width)
    return r in (0, laid.height - 1) or c in (0, laid.width - 1)


def problems(laid: Laid) -> list[tuple[int, str]]:
    """What is wrong with a laid board: (a cell, a sentence) for every water component enclosed by land, every
    pair of land cells of two tiles that meet only diagonally across a seam, and every mark without the neighbour
    it needs."""
    out = []
    for part in components(laid, False):
        if not any(on_edge(laid, i) for i in part):
            out.append((part[0], f"{len(part)} water cell(s) enclosed by land (not connected to the board's edge)"))
    cells, w = laid.cells, laid.width
    slot = [o[0] for o in laid.origin]
    for i, cell in enumerate(cells):
        r, c = divmod(i, w)
        if cell.land and r + 1 < laid.height:
            for dc in (-1, 1):
                if not 0 <= c + dc < w:
                    continue
                j = i + w + dc
                if cells[j].land and slot[j] != slot[i] and not cells[i + dc].land and not cells[i + w].land:
                    out.append((i, "land meets land of another tile only diagonally across a seam"))
        if cell.needs and not any(cells[j].mark == cell.needs for j in neighbours(laid, i)):
            out.append((i, f"a cell marked {cell.mark!r} needs a neighbour marked {cell.needs!r} and has none"))
    return out


class Graph(NamedTuple):
    """The movement graph: nodes 0..cells-1 are cells (only water ones are linked), then the border nodes;
    ``links[node]`` is a tuple of nodes."""

    links: tuple
    cells: int


def movement_graph(laid: Laid) -> Graph:
    """Water cells and border nodes, with 4-neighbour edges between water cells, each border node linked to its
    edge's outer water cells and to the next and previous border nodes of the ring."""
    cells = laid.cells
    nc = len(cells)
    links = [[] for _ in range(nc + len(laid.border))]
    for i, cell in enumerate(cells):
        if not cell.land:
            links[i] = [j for j in neighbours(laid, i) if not cells[j].land]
    k = len(laid.border)
    for b, edge in enumerate(laid.border):
        node = nc + b
        for i in edge:
            links[node].append(i)
            links[i].append(node)
        if k > 1:
            for other in (nc + (b + 1) % k, nc + (b - 1) % k):
                if other not in links[node]:
                    links[node].append(other)
    return Graph(tuple(tuple(x) for x in links), nc)


def reachable(graph: Graph, start: int, budget: int, full) -> list[int]:
    """The nodes a piece at ``start`` may end on after at most ``budget`` steps (not 0: staying is not a move),
    in order: a piece passes through any node but may not end on one for which ``full(node)`` holds."""
    links = graph.links
    seen = {start}
    frontier = [start]
    for _ in range(budget):         # one ring of the breadth-first search a step
        ring = []
        for a in frontier:
            for b in links[a]:
                if b not in seen:
                    seen.add(b)
                    ring.append(b)
        if not ring:
            break
        frontier = ring
    seen.discard(start)
    return sorted(node for node in seen if not full(node))


# ---------------------------------------------------------------------- the compiled board and its state
class BoardDef:
    """A board of the content: its tiles (id -> grid of Cells), its layouts by player count (each a list of slots
    (tile id, rotation or None for a rotation drawn at random) and a number of columns), whether it has a ring of
    border nodes, the capacities of cells and border nodes (0: unlimited), the region classes ((name, least size),
    smallest first), the event when a region fills, the pieces each player starts with, and (mark, event): the event
    for a piece that ends a move on a cell of that mark, and ``items``: item kind -> the index of the player counter
    that a marker or a laid piece on a cell of that item adds 1 to."""

    def __init__(self, id, tiles, layouts, border, cell_capacity, border_capacity, classes, on_full, pieces,
                 landing, text, items=None):
        self.id, self.tiles, self.layouts, self.border = id, tiles, layouts, border
        self.cell_capacity, self.border_capacity = cell_capacity, border_capacity
        self.classes, self.on_full, self.pieces, self.landing, self.text = classes, on_full, pieces, landing, text
        self.items = items or {}
        self.cache = {}     # slots -> Geometry (laid once per model and slots)

    def layout(self, players):
        return self.layouts.get(players)

    def geometry(self, slots, columns):
        key = tuple(slots)
        geo = self.cache.get(key)
        if geo is None:
            if len(self.cache) > 64:
                self.cache.clear()
            geo = self.cache[key] = Geometry(lay(self.tiles, list(slots), columns, self.border))
        return geo


class Geometry:
    """What a laid board's cells give once: the Laid board, its regions (each a tuple of cells), the region of each
    land cell (an index, -1 for water), the movement graph, what is wrong with it, and the placements of pieces found
    so far (``placements``: a cache the laying family fills, by shape and clauses)."""

    def __init__(self, laid):
        self.laid = laid
        self.regions = tuple(tuple(r) for r in regions(laid))
        self.region_of = [-1] * len(laid.cells)
        for k, part in enumerate(self.regions):
            for i in part:
                self.region_of[i] = k
        self.graph = movement_graph(laid)
        self.problems = problems(laid)
        self.placements = {}

    def node_name(self, node) -> str:
        """A node as actions and logs show it: "r<row>c<column>" (from 1) for a cell, "edge<k>" for a border node."""
        w = self.laid.width
        if node < len(self.laid.cells):
            r, c = divmod(node, w)
            return f"r{r + 1}c{c + 1}"
        return f"edge{node - len(self.laid.cells) + 1}"


class BoardState:
    """One board in a game: its slots ((tile id, rotation) each), who has a marker on each cell (a seat or -1),
    each seat's pieces (a list of nodes), the regions whose filling was announced (by their first cell), its
    Geometry (derived from the slots), and whose laid piece covers each cell (a seat or -1). A cell is filled when
    it holds a marker or is covered."""

    __slots__ = ("slots", "owner", "pieces", "done", "geo", "covered")

    def __init__(self, slots, owner, pieces, done, geo, covered=None):
        self.slots, self.owner, self.pieces, self.done, self.geo = slots, owner, pieces, done, geo
        self.covered = covered if covered is not None else [-1] * len(owner)

    def copy(self):
        return BoardState(self.slots, self.owner[:], [p[:] for p in self.pieces], self.done[:], self.geo,
                          self.covered[:])

    def filled(self, i) -> bool:
        """Whether cell ``i`` holds a marker or is covered by a laid piece."""
        return self.owner[i] >= 0 or self.covered[i] >= 0

    def full(self, bdef, node):
        """Whether no more pieces may end a move on ``node``."""
        cap = bdef.cell_capacity if node < len(self.owner) else bdef.border_capacity
        if not cap:
            return False
        return sum(p.count(node) for p in self.pieces) >= cap

    def full_test(self, bdef):
        """``full`` for every node at once: the pieces are counted once (a move asks about many nodes)."""
        cell_cap, border_cap, cells = bdef.cell_capacity, bdef.border_capacity, len(self.owner)
        count = {}
        for mine in self.pieces:
            for node in mine:
                count[node] = count.get(node, 0) + 1

        def full(node):
            cap = cell_cap if node < cells else border_cap
            return bool(cap) and count.get(node, 0) >= cap
        return full

    def empty_cells(self, region):
        """How many cells of region number ``region`` are neither marked nor covered."""
        owner, covered = self.owner, self.covered
        return sum(1 for i in self.geo.regions[region] if owner[i] < 0 and covered[i] < 0)


def region_class(bdef, size) -> str:
    """The class of a region of ``size`` cells: the last class whose least size it reaches ("" for none)."""
    out = ""
    for name, least in bdef.classes:
        if size >= least:
            out = name
    return out


# ---------------------------------------------------------------------- the steps
def live(g, bid):
    """The state of board ``bid`` in the game ``g`` (a RulesError before it is laid)."""
    state = g.boards.get(bid)
    if state is None:
        raise RulesError(f"the board {bid!r} is not laid yet (lay it in the set-up with lay_board)")
    return state


class LayBoard(Node):
    """Lays a board for this player count: every slot's tile in its rotation, a rotation drawn for each slot that
    says ``random`` (one ``random_below(4)`` per such slot, in slot order). A layout that breaks a rule of the
    board (``problems``) is drawn again, up to MAX_DRAWS times, then the game stops with a RulesError. Each player's
    pieces start on the board's start node."""

    def __init__(self, bid, bdef):
        self.bid, self.bdef = bid, bdef

    def exec(self, g, f):
        bdef = self.bdef
        layout = bdef.layout(g.players)
        if layout is None:
            raise RulesError(f"the board {self.bid!r} has no layout for {g.players} players")
        spec, columns = layout
        for _ in range(MAX_DRAWS):
            slots = tuple((tid, ROTATIONS[g.random_below(4)] if rot is None else rot) for tid, rot in spec)
            geo = bdef.geometry(slots, columns)
            if not geo.problems:
                break
            if all(rot is not None for _, rot in spec):
                break
        else:
            geo = None
        if geo is None or geo.problems:
            raise RulesError(f"the board {self.bid!r}: no layout drawn in {MAX_DRAWS} tries keeps the board's rules "
                             f"({geo.problems[0][1] if geo else 'none'})")
        count, start = bdef.pieces
        node = len(geo.laid.cells) + start
        g.boards = {**g.boards, self.bid: BoardState(slots, [-1] * len(geo.laid.cells),
                                                      [[node] * count for _ in range(g.players)], [], geo)}
        g.ticks += 1
        return False


def _node_names(bdef, cells: bool = True, border: bool = True) -> list[str]:
    """Every node name a board could show, over all its layouts (for a fixed action space): its cells, "r1c1" to
    the far corner, and its border nodes, "edge1" on, one per outer tile edge."""
    n = len(next(iter(bdef.tiles.values()))) if bdef.tiles else 0
    names: dict = {}
    for slots, columns in bdef.layouts.values():
        rows = len(slots) // columns if columns else 0
        if cells:
            for r in range(rows * n):
                for c in range(columns * n):
                    names[f"r{r + 1}c{c + 1}"] = None
        if border and bdef.border:
            for k in range(2 * (rows + columns)):
                names[f"edge{k + 1}"] = None
    return list(names)


def give_item(g, bdef, cell, seat):
    """A marker or a laid piece on a cell with an item the board's ``items`` counts: 1 more of that counter for
    ``seat``."""
    counter = bdef.items.get(cell.item) if cell.item else None
    if counter is not None:
        g.set_counter(counter, seat, g.counters[counter][seat] + 1)


def fill_regions(g, bdef, state, cells, env):
    """After ``cells`` were filled: the board's ``on_full`` event, once per region whose last empty cell went (in
    the order of the regions' first cells), with the region's first cell in ``$region``. True if anything was
    pushed."""
    if not bdef.on_full:
        return False
    geo = state.geo
    full = sorted({geo.regions[k][0] for k in {geo.region_of[i] for i in cells} if k >= 0
                   and geo.regions[k][0] not in state.done and not state.empty_cells(k)})
    pushed = False
    state.done.extend(full)
    for first in reversed(full):       # pushed last, the first region's reactions run first
        env["region"] = first
        pushed = g.emit(bdef.on_full, env) or pushed
    return pushed


class Claim(Node):
    """Asks a player for an empty land cell of a board (neither marked nor covered, for which ``where`` holds, the
    cell in the variable ``var``) and puts the player's marker on it; a cell with an item the board's ``items``
    counts adds 1 to that counter of the player. A region whose last empty cell this fills fires the board's
    ``on_full`` event, once, with its first cell in ``$region``. No empty cell: nothing happens. ``optional``: the
    player may decline (then nothing happens and the variable holds nothing)."""

    on_decline = "stop"         # or "continue" (the content's on_decline)

    def __init__(self, bid, bdef, kind, template, where, var, optional=False):
        self.bid, self.bdef, self.kind, self.template, self.where, self.var = bid, bdef, kind, template, where, var
        self.optional = optional
        self.cache = {}

    def options(self, g, env):
        state = live(g, self.bid)
        geo, owner, covered, where, var = state.geo, state.owner, state.covered, self.where, self.var
        charge(g, len(geo.laid.cells), f"claiming a cell of {self.bdef.text}")
        saved = env.get(var)
        values = []
        for i, cell in enumerate(geo.laid.cells):
            if cell.land and owner[i] < 0 and covered[i] < 0:
                if where is not None:
                    env[var] = i
                    if not where(g, env):
                        continue
                values.append(i)
        env[var] = saved
        check_answers(len(values) + self.optional, f"claiming a cell of {self.bdef.text}")
        return [self.action(geo, i) for i in values], values

    def answer_domain(self, model):
        """The answers' argument and every cell a game of this board could offer (for a fixed action space)."""
        return (self.var,), (((name,), 1) for name in _node_names(self.bdef, border=False))

    def action(self, geo, i):
        name = geo.node_name(i)
        a = self.cache.get(name)
        if a is None:
            a = self.cache[name] = Action(self.kind, {self.var: name}, self.template.replace("{" + self.var + "}", name))
        return a

    def exec(self, g, f):
        actions, values = self.options(g, f.env)
        if not actions:
            return False
        if len(actions) == 1 and not self.optional:
            g.note_forced(f.env["you"], actions[0], values[0])
            return self.resolve(g, f, values[0])
        if self.optional:
            actions.append(decline_action(self.cache, self.kind))
            values.append(DECLINE)
        g.ask(self, f.env["you"], actions, values)
        return True

    def resolve(self, g, f, cell):
        env = f.env
        if cell == DECLINE:
            env[self.var] = None
            if self.on_decline == "stop":       # as a declined choice: its block ends, and the loop around it
                g.decline(f)
                return True
            return False
        state = g.boards[self.bid]
        state.owner[cell] = env["you"]
        env[self.var] = cell
        g.ticks += 1
        give_item(g, self.bdef, state.geo.laid.cells[cell], env["you"])
        return fill_regions(g, self.bdef, state, (cell,), env)


class MovePieces(Node):
    """Moves each of a player's pieces, one decision per piece (in the order they are listed): it stays, or ends
    on a node at most ``budget`` steps away over the movement graph, passing through any node but not ending on a
    full one (with ``ends`` "border", only on a border node). Then, for each piece on a cell of the board's landing
    mark, the landing event fires with the cell in ``$cell``. The frame's data is the index of the next piece."""

    framed = True
    shared = True

    def __init__(self, bid, bdef, budget, kind, template, ends=""):
        self.bid, self.bdef, self.budget, self.kind, self.template = bid, bdef, budget, kind, template
        self.ends = ends        # "border": a piece may end only on a border node
        self.cache = {}

    def frame_problem(self, pc, data, g=None, env=None):
        if pc != 0 or type(data) is not int or not 0 <= data <= MAX_NUMBER:
            return "a move frame holds the index of the next piece to move"
        return None

    def exec(self, g, f):
        state = live(g, self.bid)
        if not state.pieces[f.env["you"]]:
            return False
        g.push(self, f.env, 0)
        return True

    def answer_domain(self, model):
        """The answers' argument and every node a piece of this board could end on (for a fixed action space)."""
        return ("to",), (((name,), 1) for name in _node_names(self.bdef))

    def action(self, geo, node, stay):
        key = (geo.laid.width, len(geo.laid.cells), node, stay)      # the node's name, and the answer
        a = self.cache.get(key)
        if a is None:
            name = geo.node_name(node)
            text = f"leave the piece on {name}" if stay else self.template.replace("{to}", name)
            a = self.cache[key] = Action(self.kind, {"to": name}, text)
        return a

    def step(self, g, f):
        env = f.env
        seat = env["you"]
        state = live(g, self.bid)
        mine = state.pieces[seat]
        if f.data >= len(mine):
            g.stack.pop()
            self.landed(g, env, state)
            return
        here = mine[f.data]
        geo = state.geo
        charge(g, len(geo.graph.links), f"moving a piece on {self.bdef.text}")
        dests = reachable(geo.graph, here, self.budget(g, env), state.full_test(self.bdef))
        if self.ends == "border":
            dests = [node for node in dests if node >= geo.graph.cells]
        check_answers(len(dests) + 1, f"moving a piece on {self.bdef.text}")
        values = [here, *dests]
        actions = [self.action(geo, here, True), *(self.action(geo, node, False) for node in dests)]
        if len(values) == 1:
            g.note_forced(seat, actions[0], values[0])
            f.data += 1
            return
        g.ask(self, seat, actions, values)

    def resolve(self, g, f, node):
        state = g.boards[self.bid]
        mine = state.pieces[f.env["you"]]
        if mine[f.data] != node:
            mine[f.data] = node
            g.ticks += 1
        f.data += 1

    def landed(self, g, env, state):
        mark, event = self.bdef.landing
        if not event:
            return
        cells = state.geo.laid.cells
        for node in reversed(state.pieces[env["you"]]):       # pushed last, the first piece's runs first
            if node < len(cells) and cells[node].mark == mark:
                env["cell"] = node
                g.emit(event, env)


# ---------------------------------------------------------------------- a saved state's boards, checked
def read_boards(bdefs, players, doc, problems) -> dict:
    """The boards of a JSON state (board id -> {slots, markers, pieces, filled, covered}) as BoardStates; each
    problem appended to ``problems`` names its JSON path (boards.<id>.<key>[i]). A board saved without ``covered``
    (before pieces were laid on boards) has no cell covered."""
    out = {}
    if type(doc) is not dict:
        problems.append("boards: expected a mapping of board ids")
        return out
    for bid, spec in doc.items():
        where = f"boards.{bid}"
        bdef = bdefs.get(bid)
        if bdef is None:
            problems.append(f"{where}: unknown board {bid!r}")
            continue
        state = _read_board(bdef, players, spec, where, problems)
        if state is not None:
            out[bid] = state
    return out


def _read_board(bdef, players, spec, where, problems):
    keys = ("slots", "markers", "pieces", "filled")
    if type(spec) is not dict or set(spec) - {"covered"} != set(keys):
        problems.append(f"{where}: expected {{{', '.join(keys)}, covered}}")
        return None
    layout = bdef.layout(players)
    if layout is None:
        problems.append(f"{where}: this board has no layout for {players} players")
        return None
    want, columns = layout
    raw = spec["slots"]
    if type(raw) is not list or len(raw) != len(want):
        problems.append(f"{where}.slots: needs {len(want)} slots of [tile, rotation]")
        return None
    slots = []
    for i, (slot, (tid, rot)) in enumerate(zip(raw, want)):
        if type(slot) is not list or len(slot) != 2 or slot[0] != tid or slot[1] not in ROTATIONS \
                or type(slot[1]) is not int or (rot is not None and slot[1] != rot):
            said = f"[{tid!r}, {'one of 0, 90, 180, 270' if rot is None else rot}]"
            problems.append(f"{where}.slots[{i}]: the layout puts {said} here, got {slot!r:.60}")
            return None
        slots.append((tid, slot[1]))
    geo = bdef.geometry(tuple(slots), columns)
    if geo.problems:
        problems.append(f"{where}.slots: this layout breaks the board's rules ({geo.problems[0][1]})")
        return None
    cells = geo.laid.cells
    nodes = {geo.node_name(n): n for n in range(len(geo.graph.links))}
    owner = _read_seats(spec["markers"], cells, players, f"{where}.markers", problems, water=geo.node_name)
    if owner is None:
        return None
    raw = spec.get("covered")       # missing in a game saved before the layer: nothing covered
    covered = [-1] * len(cells) if raw is None else _read_seats(raw, cells, players, f"{where}.covered", problems)
    if covered is None:
        return None
    pieces = spec["pieces"]
    if type(pieces) is not list or len(pieces) != players:
        problems.append(f"{where}.pieces: needs one list of nodes per seat ({players})")
        return None
    mine_all = []
    for s, mine in enumerate(pieces):
        if type(mine) is not list or len(mine) != bdef.pieces[0]:
            problems.append(f"{where}.pieces[{s}]: each seat has {bdef.pieces[0]} piece(s)")
            return None
        got = []
        for j, name in enumerate(mine):
            node = nodes.get(name) if type(name) is str else None
            if node is None or (node < len(cells) and cells[node].land):
                problems.append(f"{where}.pieces[{s}][{j}]: {name!r:.40} is not a water cell or border node of "
                                "this board")
                return None
            got.append(node)
        mine_all.append(got)
    state = BoardState(tuple(slots), owner, mine_all, [], geo, covered)
    for node in {n for mine in mine_all for n in mine}:
        cap = bdef.cell_capacity if node < len(cells) else bdef.border_capacity
        if cap and sum(m.count(node) for m in mine_all) > cap:
            problems.append(f"{where}.pieces: more pieces on {geo.node_name(node)} than it holds ({cap})")
            return None
    filled = spec["filled"]
    if type(filled) is not list:
        problems.append(f"{where}.filled: expected a list of cells")
        return None
    for j, name in enumerate(filled):
        i = nodes.get(name) if type(name) is str else None
        k = geo.region_of[i] if i is not None and i < len(cells) else -1
        if k < 0 or geo.regions[k][0] != i or state.empty_cells(k) or i in state.done:
            problems.append(f"{where}.filled[{j}]: {name!r:.40} is not the first cell of a filled region "
                            "(listed once)")
            return None
        state.done.append(i)
    return state


def _read_seats(raw, cells, players, path, problems, water=None):
    """A layer of a saved board, a seat or null per cell (markers, covered cells), as a list of seats (-1 for
    none), or None after a problem naming ``<path>[i]``. With ``water`` (a node's name), a seat on a water cell is
    a problem too."""
    if type(raw) is not list or len(raw) != len(cells):
        problems.append(f"{path}: needs {len(cells)} entries (a seat or null per cell)")
        return None
    out = []
    for i, m in enumerate(raw):
        if m is None:
            out.append(-1)
        elif type(m) is not int or not 0 <= m < players:
            problems.append(f"{path}[{i}]: {m!r:.40} is not a seat of a {players}-player game")
            return None
        elif water is not None and not cells[i].land:
            problems.append(f"{path}[{i}]: {water(i)} is water, where no marker lies")
            return None
        else:
            out.append(m)
    return out
