"""JSON out and in for a kernel: the header, the fields of ``state.FIELDS``, the flow, the pending decision and
the history. JSON in is checked (structure by cattrs, then consistency) and raises only ``StateError``."""
from __future__ import annotations

import functools
import re
import typing
import weakref
from typing import Any

import attrs

from ..actions import Action
from ..errors import RulesError, StateError
from ..limits import MAX_NUMBER, MAX_STATE_EVENTS, MAX_STATE_HISTORY
from ..model.flow import RoleSelection, Turns
from ..model.nodes import Choose, ForEachPlayer
from ..model.phases import PlayPhase
from .kernel import Kernel
from .rng import MASK
from .state import FIELDS, PILE, ZONE, Frame

FORMAT = 1


@attrs.define
class FrameDoc:         # every field required: a saved state is read exactly as it was written
    node: str
    pc: int
    env: dict[str, Any]
    data: Any
    shared: bool


@attrs.define
class PendingDoc:
    node: str
    player: int


_HEADER = {"format": int, "game": str, "players": int, "seed": int, "options": dict[str, Any]}
_TAIL = {"flow": list[FrameDoc], "pending": PendingDoc | None, "history": list[dict[str, Any]]}
#: The JSON state's shape, made from the field list so that a new field is one edit (in ``state.FIELDS``).
StateDoc = attrs.make_class("StateDoc", {
    **{name: attrs.field(type=t) for name, t in
       {**_HEADER, **{f.name: f.type for f in FIELDS if not f.optional}, **_TAIL}.items()},
    **{f.name: attrs.field(type=f.type | None, default=None) for f in FIELDS if f.optional}})

def _strict(kind, name):
    """cattrs converts by calling int(), str(), bool(): a state must already hold the right JSON types."""
    def structure(value, _):
        if type(value) is not kind:
            raise TypeError(f"expected {name}, got {type(value).__name__} {value!r:.40}")
        return value
    return structure


_SCALARS = (int, str, bool)


@functools.lru_cache(maxsize=None)
def _item_type(t):
    return (typing.get_args(t) or (Any,))[0]


@functools.lru_cache(maxsize=None)
def converter():
    """The state's cattrs converter, made when a state is first written or read (a light ``import boardrules``)."""
    import cattrs

    conv = cattrs.Converter(forbid_extra_keys=True)
    for kind, name in ((int, "an integer"), (str, "a string"), (bool, "true or false")):
        conv.register_structure_hook(kind, _strict(kind, name))

    def strict_list(value, t):      # cattrs takes any iterable for a list: a saved state holds JSON lists
        if type(value) is not list:
            raise TypeError(f"expected a list, got {type(value).__name__} {value!r:.40}")
        item = _item_type(t)
        if item in _SCALARS:        # a list of names or numbers, checked in one pass (the hook per item is slow)
            for v in value:
                if type(v) is not item:
                    break
            else:
                return value[:]
        return [conv.structure(v, item) for v in value]
    conv.register_structure_hook_func(lambda t: typing.get_origin(t) is list, strict_list)
    return conv


# ---------------------------------------------------------------------- to JSON
def _env_out(k, env):
    kinds, names = k.rules.var_kinds, k.rules.instance_names
    return {key: names[v] if kinds.get(key) == "card" and isinstance(v, int) and v >= 0 else v
            for key, v in env.items()}


def to_json(k) -> dict:
    """The state as plain JSON values: new dicts and lists throughout (tuples written as lists), nothing shared with
    the game, in the shape ``StateDoc`` reads back. Written out here rather than through cattrs' unstructure,
    which walked every name and number of the state one call at a time."""
    out = {"format": FORMAT, "game": k.rules.id, "players": k.players, "seed": k.seed,
           "options": _plain(k.options)}
    for f in FIELDS:
        value = _plain(f.out(k, getattr(k, f.name)))
        if value or not f.optional:
            out[f.name] = value
    flow = []
    below = None
    for f in k.stack:       # a FrameDoc's fields, in their order
        # shared: the frame works in the very variables of the frame below it (a loop's body, which works in a
        # copy of them with the item, writes its own)
        shared = f.node.shared and below is not None and f.env is below.env
        flow.append({"node": f.node.path, "pc": f.pc, "env": {} if shared else _plain(_env_out(k, f.env)),
                     "data": _plain(f.data), "shared": shared})
        below = f
    out["flow"] = flow
    p = k.pending
    out["pending"] = None if p is None else {"node": p.node.path, "player": p.player}
    out["history"] = [{"kind": a.kind, "args": _plain(a.args)} for a in k.history]
    return out


_FLAT = frozenset((str, int, bool, float, type(None)))


def _plain(v):
    """``v`` as new JSON containers: dicts and lists (a tuple becomes a list) copied all the way down."""
    t = type(v)
    if t is list or t is tuple:
        return list(v) if _FLAT.issuperset(map(type, v)) else [_plain(x) for x in v]
    if t is dict:
        return dict(v) if _FLAT.issuperset(map(type, v.values())) else {key: _plain(x) for key, x in v.items()}
    return v


# ---------------------------------------------------------------------- from JSON
def from_json(model, data, check_options, check_history=True) -> Kernel:
    """A kernel from ``to_json`` output. ``check_options(options, players)`` completes and checks the options.
    Raises only StateError: a state that cannot be read, is inconsistent, or cannot resume its flow. With
    ``check_history``, the history must also replay from the seed to this very state (``check_replay``)."""
    history = data.get("history")
    if type(history) is list and len(history) > MAX_STATE_HISTORY:     # before any work
        raise StateError(f"history: {len(history)} actions, more than a saved state may hold ({MAX_STATE_HISTORY})")
    events = data.get("events")
    if type(events) is list and len(events) > MAX_STATE_EVENTS:
        raise StateError(f"events: {len(events)} events, more than a saved state may hold ({MAX_STATE_EVENTS})")
    try:
        k = _from_json(model, data, check_options)
        older = k.__dict__.pop("_older_flow", False)
        if check_history:
            k = check_replay(k, older)
        return k
    except StateError:
        raise
    except Exception as exc:  # noqa: BLE001 - anything else a hand-made state provokes is still a bad state
        raise StateError(f"this state cannot be resumed: {type(exc).__name__}: {exc}") from None


def _from_json(model, data, check_options) -> Kernel:
    if "events" not in data and len(data) > 2:      # saved before games recorded events: it has none
        data = {**data, "events": None}
    if len(data) > 2 and any(f.default is not None and f.name not in data for f in FIELDS):
        # a field newer than the state (boards, say): its value when the key is missing
        data = {**{f.name: f.default() for f in FIELDS if f.default is not None}, **data}
    every = [f.name for f in attrs.fields(StateDoc)]
    fields = [f.name for f in attrs.fields(StateDoc) if f.default is attrs.NOTHING]     # (an optional field may be left out)
    missing = [name for name in fields if name not in data]
    if len(missing) * 2 > len(fields):      # not a state at all: say so in one line rather than list every field
        raise StateError(f"not a boardrules game state (the output of Game.to_json()): it has {len(missing)} of "
                         f"its {len(fields)} fields missing ({', '.join(missing[:4])}, ...)")
    if missing:
        raise StateError(f"not a complete boardrules game state: missing {', '.join(missing)}")
    unknown = [str(key)[:40] for key in data if key not in every]
    if unknown:
        raise StateError(f"not a boardrules game state: unknown field(s) {', '.join(unknown[:8])}")
    try:
        doc = converter().structure(data, StateDoc)
    except Exception as exc:  # cattrs groups every field error; flatten them into one message
        raise StateError("not a boardrules game state: " + "; ".join(_cattrs_messages(exc))) from None
    if doc.game != model.id:
        raise StateError(f"this state is for game {doc.game!r}, not {model.id!r}")
    if doc.format != FORMAT:
        raise StateError(f"unsupported state format {doc.format} (this version reads {FORMAT})")
    if not model.min_players <= doc.players <= model.max_players:
        raise StateError(f"{doc.players} players is not allowed for {model.id}")
    if not 0 <= doc.seed <= MASK:
        raise StateError(f"seed: {doc.seed} is not a seed of the 64-bit generator (0 to {MASK})")
    big = _big_number(data)
    if big:
        raise StateError(big)
    missing = [name for name in model.options if name not in doc.options]
    if missing:         # a saved state names every option, as it is written: nothing is left to a default
        raise StateError(f"options: a saved state gives every option of the game (missing: {', '.join(missing)})")
    try:
        k = Kernel.setup(model, doc.players, doc.seed, check_options(doc.options, doc.players))
    except ValueError as exc:
        raise StateError(f"options: {exc}") from None
    problems = []
    k._seen = {}
    for f in FIELDS:
        setattr(k, f.name, f.read(k, getattr(doc, f.name), problems))
    _check_fields(k, doc, problems)
    missing = [model.instance_names[c] for c in range(len(model.instance_types)) if c not in k._seen]
    if missing:
        problems.append(f"{len(missing)} card(s) are nowhere: {', '.join(missing[:8])}")
    del k._seen
    if not problems:
        problems.extend(_pile_problems(k))
    for p in model.piles:
        for host in k.piles[p.index]:
            if k.pile_room(p.index, host) < 0:
                problems.append(f"piles.{p.id}: {model.instance_names[host]} holds more cards than its capacity")
    if not problems:        # the counters' values are checked: now their holders' capacities
        for c in model.counters:
            if c.capacity is None:
                continue
            if c.capacity_table is not None and min(k.counter_rooms(c.index, range(len(k.counters[c.index]))),
                                                    default=0) >= 0:
                continue        # (a capacity read off a table: one pass; the loop below names the holder over it)
            for holder, value in enumerate(k.counters[c.index]):
                if not value:       # nothing held is never over a capacity
                    continue
                try:
                    over = k.counter_room(c.index, holder) < 0
                except RulesError as exc:
                    problems.append(f"counters.{c.id}[{holder}]: its capacity cannot be worked out ({exc})")
                    break
                if over:
                    who = model.instance_names[holder] if c.scope == "card" else holder
                    problems.append(f"counters.{c.id}[{holder}]: {who} holds {value}, more than its capacity")
                    break
    k.stack = []
    prev = None
    for i, fd in enumerate(doc.flow):
        node = model.nodes.get(fd.node)
        if node is None or not node.framed:
            problems.append(f"flow[{i}]: unknown flow node {fd.node!r}")
            continue
        below = k.stack[-1] if k.stack else None
        # the body of a loop that gives it variables of its own (for_each: the item) is not shared
        own = below is not None and below.node.own_body and below.node.body is node
        if fd.shared and not node.shared or not fd.shared and node.shared and below is not None and not own:
            problems.append(f"flow[{i}].shared: a frame of {fd.node} is {'not ' * (not node.shared)}shared")
            continue
        wrong = node.frame_problem(fd.pc, fd.data, k)
        if wrong:
            problems.append(f"flow[{i}].data ({fd.node}): {wrong}")
        if fd.shared and own:
            # written before a loop's body wrote its variables: the ones the run began with (what it bound before
            # the state was saved is lost; a state read with its history is taken from the replay, exactly)
            env = below.node.body_env(prev, below.data)
            k._older_flow = True
        elif fd.shared and prev is not None:
            env = prev
        else:
            env = _env_in(k, fd.env, problems, f"flow[{i}].env")
            if not problems:
                problems.extend(_env_problems(k, i, env, prev))
            own = getattr(node, "env_problem", None)       # what a family's frame says of its own variables
            wrong = own(env, fd.pc) if own is not None and not problems else None
            if wrong:
                problems.append(f"flow[{i}].env.{wrong}")
        k.stack.append(Frame(node, env, _plain(fd.data), fd.pc))     # (nothing shared with the caller's state)
        prev = env
    if doc.over and (doc.flow or doc.pending is not None):
        problems.append("over: a game that is over has no flow and no pending decision")
    # a role played with no chooser is a phase a step plays (play_phase), whose frame is on the flow
    free = any(isinstance(f.node, PlayPhase) and type(f.data) is list and len(f.data) == 4 and f.data[3] == 1
               for f in k.stack)
    if doc.role is not None and doc.chooser is None and not free:
        problems.append("role and chooser: a role is played by its chooser (or in a phase a step plays)")
    keys = []
    for i, h in enumerate(doc.history):
        try:
            keys.append(Action.key_of(h))
        except ValueError as exc:
            problems.append(f"history[{i}]: {exc}")
            continue
        if set(h) != {"kind", "args"}:      # a saved state holds actions exactly as it writes them
            problems.append(f"history[{i}]: a saved action has both 'kind' and 'args'")
    if problems:
        raise StateError("inconsistent game state: " + "; ".join(problems))
    k.rebuild()
    for z in model.zones:       # what a zone may hold (its ``only``), read off the game as it now is
        if z.only is not None:
            for owner, cards in enumerate(k.zones[z.index]):
                bad = next((c for c in cards if not k.may_lie(c, z.index)), None)
                if bad is not None:
                    raise StateError(f"zones.{z.id}[{owner}]: {model.instance_names[bad]} may not lie there (a card "
                                     f"lies there only if {z.only_text})")
    for i, f in enumerate(k.stack):     # what each frame's data says of the game as it now is
        wrong = f.node.frame_problem(f.pc, f.data, k, f.env)
        if wrong:
            raise StateError(f"flow[{i}].data ({f.node.path}): {wrong}")
    for seat, c in k.fresh:
        if c not in {x for z in model.zones if z.tableau for x in k.zones[z.index][seat]}:
            raise StateError(f"fresh: {model.instance_names[c]} is not in seat {seat}'s tableau")
    made = {}       # one Action per distinct action (they never change): a long history repeats a few dozen
    for h, key in zip(doc.history, keys):
        if key not in made:
            made[key] = Action(h["kind"], _plain(h["args"]), key=key)
    k.history = [made[key] for key in keys]
    if doc.pending is not None and not k.over:
        node = model.nodes.get(doc.pending.node)
        if node is None or not k.stack:
            raise StateError(f"pending decision at unknown node {doc.pending.node!r}")
        top = k.stack[-1]
        steps = getattr(top.node, "steps", None)
        expected = top.node if node.framed else \
            steps[top.pc - 1] if steps is not None and 0 < top.pc <= len(steps) else None
        if node is not expected:
            raise StateError(f"pending: the saved flow does not stop at {_decision(model, doc.pending.node, node)}")
        recorded = None if k.events is None else len(k.events)
        if node.framed:
            node.step(k, top)
        else:
            node.exec(k, top)
        if recorded is not None:        # asking the saved question again is not an event: it was recorded
            del k.events[recorded:]
        if k.pending is None or k.pending.node is not node:
            # the saved step, run again, asks the saved question at once; one that asks nothing there (its frame's
            # data changed, say) would play on past it
            raise StateError(f"pending: the saved flow asks nothing at {_decision(model, doc.pending.node, node)}")
        if k.pending.player != doc.pending.player:
            raise StateError(f"pending: the decision at {_decision(model, doc.pending.node, node, k.pending)} is seat "
                             f"{k.pending.player}'s, "
                             f"not seat {doc.pending.player}'s")
    elif not k.over and k.stack:
        top = k.stack[-1]
        if getattr(top.node, "steps", None) is not None and top.pc > 0:
            # a sequence stopped half-way stopped at a decision, which must be saved with it
            raise StateError(f"pending: the flow stopped in {top.node.path} at step {top.pc}, so a decision must be "
                             "pending")
        k.run()     # a state saved between decisions (a position set up by hand) runs on to the next one
    if not k.over and k.pending is None:
        raise StateError("the game is not over and nobody has a decision to make")
    return k


def _check_fields(k, doc, problems):
    """Ranges and relations the JSON types alone do not say."""
    for name in ("round", "moves_round", "ticks"):
        if getattr(doc, name) < 0:
            problems.append(f"{name}: {getattr(doc, name)} is negative")
    if doc.role is not None and k.role is not None and k.role not in k.role_pool:
        problems.append(f"role: {doc.role!r} is not in this game")
    if len(set(k.roles_used)) != len(k.roles_used) or any(r not in k.role_pool for r in k.roles_used):
        problems.append("roles_used: each role of this game at most once")
    if doc.role is None and doc.chooser is not None:
        problems.append("role and chooser: a chooser only for a role being played")
    if doc.over != (doc.end_reason is not None):
        problems.append("over and end_reason: a game that is over says why, and only then")
    if doc.ending is not None and (len(doc.ending) != 2 or doc.ending[0] not in ("after_phase", "after_round")):
        problems.append("ending: [after_phase or after_round, reason]")


def _env_in(k, env, problems, where):
    """A frame's variables from JSON, each checked against what its kind holds (``model.var_kinds``): a player a
    seat of this game; a card the name of one of its cards (or none); the role played one of its roles; any other
    value a number within MAX_NUMBER, true or false, none, or a text one of the game's choices offers."""
    d = k.rules
    kinds, texts = d.var_kinds, _choice_texts(d)
    out = {}
    for key, v in env.items():
        kind = kinds.get(key)
        if kind is None:
            problems.append(f"{where}.{key}: not a variable of this game")
        elif kind == "card":
            if v is not None:
                c = d.instance_index.get(v) if type(v) is str else None
                if c is None:
                    problems.append(f"{where}.{key}: {v!r:.40} is not a card of this game")
                v = c
        elif kind == "player":
            if type(v) is not int or not 0 <= v < k.players:
                problems.append(f"{where}.{key}: {v!r:.40} is not a seat of a {k.players}-player game")
        elif key == "role":     # the engine's own variable: the role being played, by its index
            if type(v) is not int or not 0 <= v < len(d.roles):
                problems.append(f"{where}.{key}: {v!r:.40} is not a role of this game")
        elif type(v) is str:
            if v not in texts.get(key, texts[None]):
                problems.append(f"{where}.{key}: {v!r:.40} is not an answer any choice of {key} offers"
                                if key in texts else f"{where}.{key}: {v!r:.40} is not a word of this game")
        elif not (v is None or type(v) is bool or type(v) is int and -MAX_NUMBER <= v <= MAX_NUMBER):
            problems.append(f"{where}.{key}: {v!r:.40} is not a number from -{MAX_NUMBER} to {MAX_NUMBER}")
        out[key] = v
    return out


#: The engine's own variables that a frame passes on to every frame it starts (a role's steps, a player's turn):
#: a frame above one that holds them holds them too.
_PASSED_ON = ("you", "chooser", "role")


def _env_problems(k, i, env, prev):
    """What is wrong with the variables of frame ``i`` (not shared) given those of the frame below it: the
    engine's own variables are passed on, and a turn's player and index are the ones its loop gave."""
    if prev is None:
        return []
    where, out = f"flow[{i}].env", []
    for key in _PASSED_ON:
        if key in prev and key not in env:
            out.append(f"{where}: misses {key!r}, which the frame below it holds")
    below = k.stack[-1] if k.stack else None
    if below is not None and isinstance(below.node, (ForEachPlayer, Turns)) and type(below.data) is list \
            and len(below.data) >= 2 and below.data[1] > 0 and below.node.body is not None:
        first, taken = below.data[0], below.data[1]
        seat_at = getattr(below.node, "seat_at", None)     # turns (in an order track's order too) say whose
        seat = seat_at(below.data, taken - 1, k.players) if seat_at else (first + taken - 1) % k.players
        if env.get("you") != seat or env.get("index") != taken - 1:
            out.append(f"{where}: the turn of seat {seat} (index {taken - 1}) holds "
                       f"you={env.get('you')!r:.20} and index={env.get('index')!r:.20}")
    if below is not None and isinstance(below.node, RoleSelection):
        if env.get("chooser") != env.get("you") or env.get("role") not in k.roles_used:
            out.append(f"{where}: a role's steps are played by its chooser, for a role used this round")
    if below is not None and isinstance(below.node, PlayPhase) and type(below.data) is list and len(below.data) == 4:
        lead = below.data[2]
        try:
            role = below.node.role_in(k, below.env)
        except RulesError:
            role = None
        if env.get("free") is not True or env.get("role") != role or env.get("you") != lead \
                or env.get("chooser") != lead:
            out.append(f"{where}: a phase played by a step is the step's role, free, led by seat {lead}")
    return out


_TEXTS = weakref.WeakKeyDictionary()


def _choice_texts(d):
    """variable -> the texts the model's choices of fixed answers may bind it to, and None -> every word a variable
    no choice binds may hold (one set by a step, from a choice's variable, a card's or a track space's attribute):
    any answer, any card's text attribute, any track space's text (made once per model)."""
    texts = _TEXTS.get(d)
    if texts is None:
        texts = {}
        for node in d.nodes.values():
            if isinstance(node, Choose) and node.fixed is not None:
                texts.setdefault(node.var, set()).update(answer for answer, _ in node.fixed if type(answer) is str)
        words = set().union(*texts.values())
        words.update(v for t in d.types for v in t.attrs.values() if type(v) is str)
        words.update(v for t in d.tracks for space in t.spaces.values() for v in space.values() if type(v) is str)
        texts[None] = words
        _TEXTS[d] = texts
    return texts


#: The parts of a JSON state that hold numbers a stranger could make huge (zones and piles hold names only; the
#: seed and the generator's state are checked as 64-bit values; options by the game's own option checks).
_NUMBERED = ("round", "start_player", "chooser", "moves_round", "ticks", "counters", "fresh", "flow", "history",
             "events")


def _big_number(data):
    """The first number of the state above MAX_NUMBER in magnitude, as a message naming its JSON path, or None."""
    deep = _DEEP
    for name in _NUMBERED:
        stack = [(name, data.get(name))]
        while stack:
            where, v = stack.pop()
            t = type(v)
            if t is int:
                if not -MAX_NUMBER <= v <= MAX_NUMBER:
                    return f"{where}: a number of {len(str(abs(v))) if v.bit_length() < 10_000 else 'thousands of'} " \
                           f"digits, beyond the largest a state may hold ({MAX_NUMBER})"
            elif t is list:
                stack.extend((f"{where}[{j}]", x) for j, x in enumerate(v) if type(x) in deep)
            elif t is dict:
                stack.extend((f"{where}.{key}", x) for key, x in v.items() if type(x) in deep)
    return None


_DEEP = frozenset((int, list, dict))


def _pile_problems(k):
    """Piles lie only where piles can be: no card on itself, no circle of cards on each other, and under every
    pile, at the bottom of its chain of hosts, a card in a zone open to all that no zone refills from (a card in
    a draw pile, a discard pile kept face down, a hand or the box holds no cards)."""
    d = k.rules
    names = d.instance_names
    where = {}      # card -> (pile, host): where it lies in a pile
    for p in d.piles:
        for host, cards in k.piles[p.index].items():
            for c in cards:
                where[c] = (p, host)
    zone_of = {}
    for z in d.zones:
        for owner, cards in enumerate(k.zones[z.index]):
            for c in cards:
                zone_of[c] = z
    sources = {z.refill_from for z in d.zones if z.refill_from is not None}
    out = []
    for p in d.piles:
        for host in k.piles[p.index]:
            seen, c = {host}, host
            while c in where:
                c = where[c][1]
                if c in seen:
                    out.append(f"piles.{p.id}.{names[host]}: " + ("the card lies on itself" if len(seen) == 1 else
                               f"lies in a circle of cards on each other (through {names[c]})"))
                    break
                seen.add(c)
            else:
                z = zone_of.get(c)
                if z is not None and (z.visibility != "public" or z.index in sources or z.index == d.box):
                    out.append(f"piles.{p.id}.{names[host]}: {names[c]} lies in zone {z.id}, where no card "
                               "holds a pile")
            if out:
                return out
    return out


def check_replay(k, older=False):
    """The state ``k`` (read from JSON) must be what its history gives when replayed from its seed, options and
    players: every action legal where it was taken, and the state reached the same (``to_json``) as the one read.
    Returns the game to play on: ``k``, or for a state written before a loop's body wrote its variables (``older``:
    ``k`` lacks those it bound), the replayed game, which has them."""
    d = k.rules
    r = Kernel.setup(d, k.players, k.seed, dict(k.options), log=k.events is not None).start()
    for i, a in enumerate(k.history):
        p = r.pending
        if p is None:
            raise StateError(f"history[{i}]: the game replayed from its seed is over before this action")
        key = a._key
        for j, b in enumerate(p.actions):
            if b._key == key:
                break
        else:
            raise StateError(f"history[{i}]: {a.kind} {a.args} is not legal there in the game replayed from its seed")
        try:
            r.choose(j)
        except RulesError as exc:
            raise StateError(f"history[{i}]: the game replayed from its seed stops here: {exc}") from None
    mine, theirs = to_json(k), to_json(r)
    if older:       # compared as such a state was written
        _older_flow(mine["flow"], k.stack)
        _older_flow(theirs["flow"], r.stack)
    if mine != theirs:
        wrong = next((name for name in theirs if theirs[name] != mine.get(name)), "?")
        raise StateError(f"history: replayed from its seed, it does not give this state ({wrong} differs)")
    return r if older else k


def _older_flow(flow, stack):
    """``flow`` (``to_json``'s, of ``stack``) as states were written before a loop's body wrote its own variables:
    the body's frame written as sharing the loop's."""
    for i in range(1, len(flow)):
        below = stack[i - 1].node
        if stack[i].node.shared and below.own_body and below.body is stack[i].node:
            flow[i]["env"], flow[i]["shared"] = {}, True


def _decision(model, path: str, node, asked=None) -> str:
    """A flow position as a player would name it, with its path: "the '<action kind>' decision of the <role name>
    role (roles/2/action/0)". ``asked``: the question the step asked when run again, if it did."""
    kind = getattr(node, "kind", None)
    if not isinstance(kind, str) and asked is not None and asked.actions:
        kind = asked.actions[0].kind
    what = f"the {kind!r} decision" if isinstance(kind, str) else "the step"
    parts = path.split("/")
    if len(parts) > 1 and parts[0] == "roles" and parts[1].isdigit() and int(parts[1]) < len(model.roles):
        role = model.roles[int(parts[1])]
        what += f" of the {role.name.get('en', role.id)} role"
    elif parts[0] in ("setup", "flow", "procedures"):
        what += f" in the game's {parts[0] if parts[0] != 'procedures' else 'procedure ' + parts[1]}"
    return f"{what} ({path})"


def _cattrs_messages(exc):
    if hasattr(exc, "exceptions"):
        notes = getattr(exc, "__notes__", None)
        out = []
        for sub in exc.exceptions:
            out.extend(_cattrs_messages(sub))
        return out or [str(notes or exc)]
    note = "; ".join(getattr(exc, "__notes__", []))
    # "Structuring class StateDoc @ attribute round" says where in cattrs' words: the field's name is enough
    note = re.sub(r"Structuring class \w+ @ attribute (\w+)", r"\1", note)
    note = re.sub(r"Structuring (?:typing\.)?[\w\[\], |.]+ @ index (\d+)", r"[\1]", note)
    return [f"{note}: {exc}" if note else str(exc)]
