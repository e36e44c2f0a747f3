"""JSON out and in for a kernel: the header, the fields of ``state.FIELDS``, the flow, the pending decision and
the history. JSON in is checked (structure by cattrs, then consistency) and raises only ``StateError``."""
from __future__ import annotations

import functools
import typing
from typing import Any

import attrs

from ..actions import Action
from ..errors import RulesError, StateError
from .kernel import Kernel
from .state import FIELDS, Frame

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
StateDoc = attrs.make_class("StateDoc", {name: attrs.field(type=t) for name, t in
                                         {**_HEADER, **{f.name: f.type for f in FIELDS}, **_TAIL}.items()})

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
        out[f.name] = _plain(f.out(k, getattr(k, f.name)))
    flow = []
    for f in k.stack:       # a FrameDoc's fields, in their order
        shared = bool(getattr(f.node, "shared", False))
        flow.append({"node": f.node.path, "pc": f.pc, "env": {} if shared else _plain(_env_out(k, f.env)),
                     "data": _plain(f.data), "shared": shared})
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
def from_json(model, data, check_options) -> Kernel:
    """A kernel from ``to_json`` output. ``check_options(options, players)`` completes and checks the options.
    Raises only StateError: a state that cannot be read, is inconsistent, or cannot resume its flow."""
    try:
        return _from_json(model, data, check_options)
    except StateError:
        raise
    except Exception as exc:  # noqa: BLE001 - anything else a hand-made state provokes is still a bad state
        raise StateError(f"this state cannot be resumed: {type(exc).__name__}: {exc}") from None


def _from_json(model, data, check_options) -> Kernel:
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
        wrong = node.frame_problem(fd.pc, fd.data)
        if wrong:
            problems.append(f"flow[{i}] ({fd.node}): {wrong}")
        env = prev if fd.shared and prev is not None else _env_in(model, fd.env, problems)
        k.stack.append(Frame(node, env, _plain(fd.data), fd.pc))     # (nothing shared with the caller's state)
        prev = env
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
            raise StateError(f"pending: the saved flow does not stop at {doc.pending.node}")
        if node.framed:
            node.step(k, top)
        else:
            node.exec(k, top)
        if k.pending is None or k.pending.node is not node:
            # the saved step, run again, asks the saved question at once; one that asks nothing there (its frame's
            # data changed, say) would play on past it
            raise StateError(f"pending: the saved flow asks nothing at {doc.pending.node}")
        if k.pending.player != doc.pending.player:
            raise StateError(f"pending: the decision at {doc.pending.node} is seat {k.pending.player}'s, "
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
    if (doc.role is None) != (doc.chooser is None):
        problems.append("role and chooser: both or neither")
    if doc.over != (doc.end_reason is not None):
        problems.append("over and end_reason: a game that is over says why, and only then")
    if doc.ending is not None and (len(doc.ending) != 2 or doc.ending[0] not in ("after_phase", "after_round")):
        problems.append("ending: [after_phase or after_round, reason]")


def _env_in(d, env, problems):
    out = {}
    for key, v in env.items():
        if d.var_kinds.get(key) == "card" and isinstance(v, str):
            c = d.instance_index.get(v)
            if c is None:
                problems.append(f"unknown card {v!r} in a flow variable")
            out[key] = c
        else:
            out[key] = _plain(v)
    return out


def _cattrs_messages(exc):
    if hasattr(exc, "exceptions"):
        notes = getattr(exc, "__notes__", None)
        out = []
        for sub in exc.exceptions:
            out.extend(_cattrs_messages(sub))
        return out or [str(notes or exc)]
    note = "; ".join(getattr(exc, "__notes__", []))
    return [f"{note}: {exc}" if note else str(exc)]
