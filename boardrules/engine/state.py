"""The game state as one record: the list of fields below drives copying, JSON out, JSON in and its checks.

A field is stored on the kernel under its name and in the JSON state under the same key. Adding a field to the
state is one entry here. Derived bookkeeping (card locations, ownership, which cards work) is not a field: it
is rebuilt from the fields after JSON in, and copied with them by ``clone``.
"""
from __future__ import annotations

import weakref
from typing import Any, Callable

import attrs

from ..actions import Action
from ..limits import MAX_STATE_EVENTS
from ..model import tracks as T
from ..model.boards import read_boards
from ..model.laying import Free, Place
from .rng import MASK

ZONE, PILE = 0, 1

#: What each recorded event is (its first item), with the items after it, as the kernel keeps them:
#: round (number), phase (role index, chooser), decide (seat, Action or sentence, forced, card indexes, where each
#: card was), move (card, from, to: (ZONE, zone, owner) or (PILE, pile, host)), count (counter,
#: holder, before, after), refill (zone, the zone its cards came back from, how many), end (reason).
ROUND, PHASE, DECIDE, MOVE, COUNT, REFILL, END = "round", "phase", "decide", "move", "count", "refill", "end"
EVENT_KINDS = (ROUND, PHASE, DECIDE, MOVE, COUNT, REFILL, END)


class FullRecord(list):
    """A record of events that reached MAX_STATE_EVENTS: it keeps what it holds and records nothing more (so it
    never changes, and clones share it)."""

    __slots__ = ()

    def append(self, item):
        pass


class Frame:
    """One entry of the flow stack: a framed node, where it is (``pc``), its variables and its working data."""

    __slots__ = ("node", "pc", "env", "data")

    def __init__(self, node, env, data=None, pc=0):
        self.node, self.env, self.data, self.pc = node, env, data, pc


class Pending:
    """The one decision the game waits for: who decides, the legal actions and the value behind each."""

    __slots__ = ("node", "player", "actions", "values")

    def __init__(self, node, player, actions, values):
        self.node, self.player, self.actions, self.values = node, player, actions, values


def _same(value):
    return value


def _list(value):
    return value[:]


def _rows(value):
    return [*map(list.copy, value)]


def _owners(value):
    """Zones: each game its own lists of owners; the lists of cards are shared until written (Kernel.zone_list)."""
    return [owners[:] for owners in value]


def _piles(value):
    """Piles: each game its own mappings; the lists of cards are shared until written (Kernel.pile_list)."""
    return [p.copy() for p in value]


def _plain(k, value):
    return value


# each copy as an expression of the value, for the clone that state.clone_source writes
_list.inline = "{}[:]"
_rows.inline = "[*map(list.copy, {})]"
_owners.inline = "[o[:] for o in {}]"
_piles.inline = "[p.copy() for p in {}]"


@attrs.frozen
class Field:
    """One part of the state.

    ``type`` is what the JSON value must look like (checked by cattrs); ``out(kernel, value)`` gives the JSON
    value, ``into(kernel, json, problems)`` the kernel value (appending a message to ``problems`` for anything
    inconsistent); ``copy`` gives an independent copy for ``clone``. An ``optional`` field is written only when its JSON value is not
    empty, and ``into`` then reads None for it.
    """

    name: str
    type: Any
    copy: Callable = _same
    out: Callable = _plain
    into: Callable = None
    optional: bool = False      # left out of the JSON when empty (a game without it saves as before), None when read
    default: Any = None     # a field older saved states may lack: a function giving its value then (None: required)

    def read(self, k, value, problems):
        return value if self.into is None else self.into(k, value, problems)


# ---------------------------------------------------------------------- codecs of the structured fields
def _seat(name, optional=False):
    def into(k, v, problems):
        if v is None and optional:
            return None
        if v is None or not 0 <= v < k.players:
            problems.append(f"{name}: {v} is not a seat of a {k.players}-player game")
        return v
    return into


def _rng_in(k, v, problems):
    """The generator's state exactly as ``to_json`` writes it: ``str`` of an integer from 0 to 2**64 - 1 (no sign,
    space, underscore, leading zero or other digits: one state, one text)."""
    if len(v) <= 20 and v.isascii() and v.isdigit() and str(int(v)) == v and int(v) <= MASK:
        return int(v)
    problems.append(f"rng: the generator's state is written as a decimal integer from 0 to {MASK} with no sign, "
                    f"space or leading zero, got {v!r:.40}")
    return 0


def _streams_out(k, streams):
    """The named random sub-streams drawn from so far, by name, each state as ``rng`` writes it (None: none yet)."""
    return {name: str(streams[name]) for name in sorted(streams)} or None


def _streams_in(k, doc, problems):
    out = {}
    if doc is None:         # (left out: none drawn from yet)
        return out
    for name, v in doc.items():
        if name not in k.rules.streams:
            problems.append(f"streams.{name}: not a random stream of this game (a step names it with 'stream')")
            continue
        sub = []
        out[name] = _rng_in(k, v, sub)
        problems.extend(f"streams.{name}: {p}" for p in sub)
    if not doc:
        problems.append("streams: written only when a stream has been drawn from")
    return out


def _shelves_out(k, shelves):
    """The cards lodged on each shelf of the containers a shelf release goes through: per zone, per owner, the
    number on each shelf, top shelf first (the container's cards lie in that order). A record that no longer fits
    the container (another step put cards in or took some out) means what no record means, and is not written."""
    d, out = k.rules, {}
    for (zi, owner), counts in sorted(shelves.items()):
        if sum(counts) and sum(counts) == len(k.zones[zi][owner]):
            z = d.zones[zi]
            rows = out.setdefault(z.id, [[] for _ in k.zones[zi]])
            rows[owner] = list(counts)
    return out or None


def _shelves_in(k, doc, problems):
    d, out = k.rules, {}
    if doc is None:         # (left out: no record)
        return out
    for zid, rows in doc.items():
        zi = d.zone_index.get(zid)
        if zi is None or zi not in d.shelf_zones:
            problems.append(f"shelves.{zid}: not a zone a release with shelves goes through")
            continue
        if len(rows) != len(k.zones[zi]):
            problems.append(f"shelves.{zid}: needs {len(k.zones[zi])} lists, got {len(rows)}")
            continue
        for owner, counts in enumerate(rows):
            if not counts:
                continue
            held = len(k.zones[zi][owner])
            if min(counts) < 0 or sum(counts) != held or not held:
                problems.append(f"shelves.{zid}[{owner}]: {counts} does not count the {held} card(s) inside on its "
                                "shelves (numbers that are not negative and add up to them)")
            else:
                out[(zi, owner)] = tuple(counts)
    if not out and not problems:
        problems.append("shelves: written only when a card lies on a shelf")
    return out


def _dict(value):
    return value.copy()


_dict.inline = "{}.copy()"


def _role_out(k, r):
    return None if r is None else k.rules.roles[r].id


def _role_in(k, rid, problems):
    if rid is None:
        return None
    r = k.rules.role_index.get(rid)
    if r is None:
        problems.append(f"unknown role {rid!r}")
    return r


def _roles_in(k, ids, problems):
    return [r for r in (_role_in(k, x, problems) for x in ids) if r is not None]


def _zones_out(k, zones):
    names = k.rules.instance_names
    return {z.id: [[names[c] for c in cards] for cards in zones[z.index]] for z in k.rules.zones}


def _zones_in(k, doc, problems):
    d = k.rules
    zones = [[[] for _ in range(k.players if z.scope == "player" else 1)] for z in d.zones]
    for zid, owners in doc.items():
        zi = d.zone_index.get(zid)
        if zi is None:
            problems.append(f"zones: unknown zone {zid!r}")
        elif len(owners) != len(zones[zi]):
            problems.append(f"zones.{zid}: needs {len(zones[zi])} lists, got {len(owners)}")
        else:
            for o, cards in enumerate(owners):
                zones[zi][o] = _cards_in(k, cards, f"zones.{zid}[{o}]", problems)
    missing = [z.id for z in d.zones if z.id not in doc]
    if missing:         # every zone is written, empty or not
        problems.append(f"zones: missing {', '.join(missing)}")
    return zones


def _cards_in(k, names, where, problems):
    """The card instances named in one list of a JSON state; each card may appear once in the whole state
    (``k._seen``, during JSON in: card -> where it was first named)."""
    index, seen = k.rules.instance_index, k._seen
    out = []
    for name in names:
        c = index.get(name)
        if c is None:
            problems.append(f"{where}: unknown card {name!r}")
        elif c in seen:
            problems.append(f"card {name!r} appears twice ({seen[c]} and {where})")
        else:
            seen[c] = where
            out.append(c)
    return out


def _piles_out(k, piles):
    """Each pile's cards by host, the hosts in card order (one state, one text: a game read back holds its piles in
    the order they were written, the game that played them in the order they were first used)."""
    names = k.rules.instance_names
    return {p.id: {names[h]: [names[c] for c in cs] for h, cs in sorted(piles[p.index].items()) if cs}
            for p in k.rules.piles}


def _piles_in(k, doc, problems):
    d = k.rules
    piles = [{} for _ in d.piles]
    for pid, hosts in doc.items():
        pi = d.pile_index.get(pid)
        if pi is None:
            problems.append(f"piles: unknown pile {pid!r}")
            continue
        for host, cards in hosts.items():
            h = d.instance_index.get(host)
            if h is None:
                problems.append(f"piles.{pid}: unknown host card {host!r}")
                continue
            if not cards:       # a pile is written only while cards lie in it
                problems.append(f"piles.{pid}.{host}: an empty pile is not written")
                continue
            piles[pi][h] = _cards_in(k, cards, f"piles.{pid}.{host}", problems)
    missing = [p.id for p in d.piles if p.id not in doc]
    if missing:
        problems.append(f"piles: missing {', '.join(missing)}")
    return piles


def _counters_out(k, counters):
    return {c.id: list(counters[c.index]) for c in k.rules.counters}


def _counters_in(k, doc, problems):
    d = k.rules
    counters = [list(row) for row in k.counters]
    for cid, row in doc.items():
        ci = d.counter_index.get(cid)
        if ci is None:
            problems.append(f"counters: unknown counter {cid!r}")
        elif len(row) != len(counters[ci]) or min(row, default=0) < 0:
            problems.append(f"counters.{cid}: needs {len(counters[ci])} values that are not negative")
        else:
            counters[ci] = list(row)
    missing = [c.id for c in k.rules.counters if c.id not in doc]
    if missing:         # every counter is written: a missing one is not quietly zero
        problems.append(f"counters: missing {', '.join(missing)}")
    return counters


def _fresh_out(k, fresh):
    names = k.rules.instance_names
    return [(seat, names[c]) for seat, c in fresh]


def _fresh_in(k, doc, problems):
    out, seen = [], set()
    for i, (seat, name) in enumerate(doc):
        c = k.rules.instance_index.get(name)
        if c is None or not 0 <= seat < k.players:
            problems.append(f"fresh[{i}]: bad entry {[seat, name]}")
        elif c in seen:         # a card waits to work once: listed again, what it gives would count again
            problems.append(f"fresh[{i}]: {name} is already listed")
        elif k.rules.instance_types[c].works_from == "at_once":
            problems.append(f"fresh[{i}]: {name} works at once, it never waits")
        else:
            seen.add(c)
            out.append((seat, c))
    return out


def _events_copy(value):
    return value[:] if value.__class__ is list else value


_events_copy.inline = "({0}[:] if {0}.__class__ is list else {0})"


def _place_out(k, where):
    kind, i, owner = where
    d = k.rules
    if kind == ZONE:
        return ["zone", d.zones[i].id, owner]
    return ["pile", d.piles[i].id, d.instance_names[owner]]


def _place_in(k, doc, problems, where):
    d = k.rules
    if type(doc) is list and len(doc) == 3 and doc[0] == "zone" and type(doc[2]) is int:
        zi = d.zone_index.get(doc[1])
        if zi is not None and 0 <= doc[2] < len(k.zones[zi]):
            return (ZONE, zi, doc[2])
    elif type(doc) is list and len(doc) == 3 and doc[0] == "pile":
        pi, host = d.pile_index.get(doc[1]), d.instance_index.get(doc[2])
        if pi is not None and host is not None:
            return (PILE, pi, host)
    problems.append(f"{where}: {doc!r:.60} is not a place of this game ([zone, id, owner] or [pile, id, card])")
    return None


def _boards_copy(value):
    return {bid: state.copy() for bid, state in value.items()} if value else value


_boards_copy.inline = "({0} and {{b: s.copy() for b, s in {0}.items()}})"


def boards_out(k, boards):
    """Each laid board: its slots ([tile, rotation]), each cell's marker (a seat or null), each seat's pieces, the
    regions whose filling was announced, the cells and nodes by name (r<row>c<column>, edge<k>), and the seat whose
    laid piece covers each cell (or null)."""
    out = {}
    for bid, st in boards.items():
        name = st.geo.node_name
        out[bid] = {"slots": [[tid, rot] for tid, rot in st.slots],
                    "markers": [None if o < 0 else o for o in st.owner],
                    "pieces": [[name(n) for n in mine] for mine in st.pieces],
                    "filled": [name(i) for i in st.done],
                    "covered": [None if o < 0 else o for o in st.covered]}
    return out


def _boards_in(k, doc, problems):
    boards = read_boards(k.rules.boards, k.players, doc, problems)
    for bid, st in boards.items():
        problems.extend(_covered_problems(k.rules, bid, st))
    return boards


_LAYING = weakref.WeakKeyDictionary()


def _laying(model) -> dict:
    """Board id -> how the content's place steps may lay pieces on it: (on water: some step lays a piece off land,
    on markers: some step lays one without the ``free`` clause, over marked cells). A board no step lays pieces on
    is not listed. Made once per model."""
    got = _LAYING.get(model)
    if got is None:
        got = {}
        for node in model.nodes.values():
            if isinstance(node, Place):
                water, marked = got.get(node.bid, (False, False))
                got[node.bid] = (water or not node.on_land,
                                 marked or not any(isinstance(c, Free) for c in node.clauses))
        _LAYING[model] = got
    return got


def _covered_problems(model, bid, st) -> list:
    """What the content's place steps could not have laid on board ``bid`` (a state set up by hand): a covered cell
    on a board no step lays pieces on, a covered water cell where every piece is laid on land, a covered cell that
    also holds a marker where every piece is laid on free cells. The first such cell, by its JSON path."""
    lays = _laying(model).get(bid)
    cells, owner = st.geo.laid.cells, st.owner
    for i, seat in enumerate(st.covered):
        if seat < 0:
            continue
        where = f"boards.{bid}.covered[{i}]: {st.geo.node_name(i)}"
        if lays is None:
            return [f"{where} is covered, and no step of this game lays pieces on this board"]
        if not lays[0] and not cells[i].land:
            return [f"{where} is water, and every piece laid on this board lies on land"]
        if not lays[1] and owner[i] >= 0:
            return [f"{where} holds a marker (boards.{bid}.markers[{i}]), and every piece laid on this board lies "
                    "on cells with no marker"]
    return []


def _events_out(k, events):
    """The events as JSON lists: ids for zones, piles, counters and roles, names for cards."""
    if events is None:
        return None
    d = k.rules
    names, out = d.instance_names, []
    for e in events:
        kind = e[0]
        if kind == MOVE:
            out.append([MOVE, names[e[1]], _place_out(k, e[2]), _place_out(k, e[3])])
        elif kind == COUNT:
            c = d.counters[e[1]]
            out.append([COUNT, c.id, names[e[2]] if c.scope == "card" else e[2], e[3], e[4]])
        elif kind == DECIDE:
            a = e[2]
            action = a if a.__class__ is str else {"kind": a.kind, "args": a.args, "text": a.text}
            out.append([DECIDE, e[1], action, e[3], [names[c] for c in e[4]], [_place_out(k, w) for w in e[5]]])
        elif kind == PHASE:
            out.append([PHASE, None if e[1] is None else d.roles[e[1]].id, e[2]])
        elif kind == REFILL:
            out.append([REFILL, d.zones[e[1]].id, d.zones[e[2]].id, e[3]])
        else:
            out.append(list(e))
    return out


def _events_in(k, doc, problems):
    """The events from JSON, each checked for its shape and its names (a state read with its history is also
    replayed: its events must then be exactly the ones the replay records)."""
    if doc is None:
        return None
    d = k.rules
    if len(doc) > MAX_STATE_EVENTS:
        problems.append(f"events: {len(doc)} events, more than a saved state may hold ({MAX_STATE_EVENTS})")
        return None
    index, out = d.instance_index, []
    made = {}
    for i, e in enumerate(doc):
        where = f"events[{i}]"
        kind = e[0] if type(e) is list and e else None
        n = len(e) if type(e) is list else 0
        got = None
        if kind == ROUND and n == 2 and type(e[1]) is int and e[1] >= 0:
            got = (ROUND, e[1])
        elif kind == PHASE and n == 3:
            role = None if e[1] is None else d.role_index.get(e[1], -1)
            if role != -1 and (e[2] is None or type(e[2]) is int and 0 <= e[2] < k.players):
                got = (PHASE, role, e[2])
        elif kind == END and n == 2 and type(e[1]) is str:
            got = (END, e[1])
        elif kind == REFILL and n == 4 and type(e[3]) is int and e[3] >= 0:
            a, b = d.zone_index.get(e[1]), d.zone_index.get(e[2])
            if a is not None and b is not None:
                got = (REFILL, a, b, e[3])
        elif kind == COUNT and n == 5 and type(e[3]) is int and type(e[4]) is int:
            ci = d.counter_index.get(e[1])
            if ci is not None:
                c = d.counters[ci]
                holder = index.get(e[2]) if c.scope == "card" and type(e[2]) is str else \
                    e[2] if c.scope != "card" and type(e[2]) is int and 0 <= e[2] < len(k.counters[ci]) else None
                if holder is not None:
                    got = (COUNT, ci, holder, e[3], e[4])
        elif kind == MOVE and n == 4:
            c = index.get(e[1]) if type(e[1]) is str else None
            a, b = _place_in(k, e[2], problems, where), _place_in(k, e[3], problems, where)
            if c is not None and a is not None and b is not None:
                got = (MOVE, c, a, b)
        elif kind == DECIDE and n == 6 and type(e[1]) is int and 0 <= e[1] < k.players and type(e[3]) is bool \
                and type(e[4]) is list and type(e[5]) is list and len(e[4]) == len(e[5]):
            cards = tuple(index.get(x) if type(x) is str else None for x in e[4])
            seen = tuple(_place_in(k, w, problems, where) for w in e[5])
            a = e[2]
            if type(a) is dict and set(a) == {"kind", "args", "text"} and type(a["kind"]) is str \
                    and type(a["args"]) is dict and type(a["text"]) is str:
                try:
                    key = (Action.key_of({"kind": a["kind"], "args": a["args"]}), a["text"])
                    action = made.get(key) or made.setdefault(key, Action(a["kind"], a["args"], a["text"]))
                except ValueError:
                    action = None
            else:
                action = a if type(a) is str else None
            if action is not None and None not in cards and None not in seen:
                got = (DECIDE, e[1], action, e[3], cards, seen)
        if got is None:
            problems.append(f"{where}: {str(e)[:80]} is not an event of this game")
            if len(problems) > 20:
                break
        else:
            out.append(got)
    return FullRecord(out) if len(out) >= MAX_STATE_EVENTS else out


#: The state, field by field, in the order JSON in reads them.
FIELDS = (
    Field("rng", str, out=lambda k, v: str(v), into=_rng_in),
    Field("round", int),
    Field("start_player", int, into=_seat("start_player")),
    Field("role", str | None, out=_role_out, into=_role_in),
    Field("chooser", int | None, into=_seat("chooser", optional=True)),
    Field("roles_used", list[str], _list, out=lambda k, v: [_role_out(k, r) for r in v], into=_roles_in),
    Field("moves_round", int),
    Field("over", bool),
    Field("end_reason", str | None),
    Field("ending", tuple[str, str] | None, out=lambda k, v: None if v is None else list(v),
          into=lambda k, v, problems: None if v is None else tuple(v)),
    Field("ticks", int),
    Field("zones", dict[str, list[list[str]]], _owners, out=_zones_out, into=_zones_in),
    Field("piles", dict[str, dict[str, list[str]]], _piles, out=_piles_out, into=_piles_in),
    Field("counters", dict[str, list[int]], _rows, out=_counters_out, into=_counters_in),
    Field("tracks", dict[str, dict[str, Any]], T.copy, out=T.state_out, into=T.state_in, optional=True),
    Field("fresh", list[tuple[int, str]], _list, out=_fresh_out, into=_fresh_in),
    Field("events", list[list[Any]] | None, _events_copy, out=_events_out, into=_events_in),
    Field("streams", dict[str, str], _dict, out=_streams_out, into=_streams_in, optional=True),
    Field("shelves", dict[str, list[list[int]]], _dict, out=_shelves_out, into=_shelves_in, optional=True),
    Field("boards", dict[str, dict[str, Any]], _boards_copy, out=boards_out, into=_boards_in, default=dict),
)
#: (name, copy) of the fields ``clone`` must copy: the others hold immutable values, shared between copies
COPIED_FIELDS = tuple((f.name, f.copy) for f in FIELDS if f.copy is not _same)


def clone_source() -> str:
    """The body of ``Kernel.clone``'s field copies, written once from ``FIELDS`` (each field's copy inline: no
    loop, no getattr/setattr per field)."""
    lines = []
    for name, copy in COPIED_FIELDS:
        value = f"self.{name}"
        inline = getattr(copy, "inline", None)
        lines.append(f"    d[{name!r}] = " + (inline.format(value) if inline else f"COPY[{name!r}]({value})"))
    return "\n".join(lines)

